use super::attacks::{diagonal_steps, orthogonal_steps, warlock_area};
use super::ElvenCastlingRights;
use crate::board::attacks10;
use crate::board::Army;
use crate::types::{Bitboard10, Color, Square10};

/// A kind of Elven Chess piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum ElvenPieceKind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    /// The Chu Shogi lion: two king steps in one move, capturing on each.
    Warlock,
    /// Bishop and one orthogonal step.
    Elf,
    /// Rook and one diagonal step.
    Goblin,
    /// The king's moves, not royal.
    Dwarf,
}

impl ElvenPieceKind {
    pub const COUNT: usize = 10;
    pub const ALL: [ElvenPieceKind; 10] = [
        ElvenPieceKind::Pawn,
        ElvenPieceKind::Knight,
        ElvenPieceKind::Bishop,
        ElvenPieceKind::Rook,
        ElvenPieceKind::Queen,
        ElvenPieceKind::King,
        ElvenPieceKind::Warlock,
        ElvenPieceKind::Elf,
        ElvenPieceKind::Goblin,
        ElvenPieceKind::Dwarf,
    ];
    /// What a pawn may promote to: chess pieces only, never a fairy piece.
    pub const PROMOTIONS: [ElvenPieceKind; 4] =
        [ElvenPieceKind::Knight, ElvenPieceKind::Bishop, ElvenPieceKind::Rook, ElvenPieceKind::Queen];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case FEN letter: p n b r q k w e g d.
    pub const fn char(self) -> char {
        [b'p', b'n', b'b', b'r', b'q', b'k', b'w', b'e', b'g', b'd'][self as usize] as char
    }

    /// The kind of a FEN letter of either case.
    pub fn from_char(c: char) -> Option<ElvenPieceKind> {
        let lower = c.to_ascii_lowercase();
        ElvenPieceKind::ALL.into_iter().find(|kind| kind.char() == lower)
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ElvenPiece {
    color: Color,
    kind: ElvenPieceKind,
}

impl ElvenPiece {
    #[inline(always)]
    pub const fn new(color: Color, kind: ElvenPieceKind) -> ElvenPiece {
        ElvenPiece { color, kind }
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        self.color
    }

    #[inline(always)]
    pub const fn kind(self) -> ElvenPieceKind {
        self.kind
    }

    /// 0 (White pawn) to 19 (Black dwarf), for tables indexed by piece.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.color as usize * ElvenPieceKind::COUNT + self.kind as usize
    }

    /// FEN letter: upper case for White.
    pub fn char(self) -> char {
        let c = self.kind.char();
        match self.color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }

    pub fn from_char(c: char) -> Option<ElvenPiece> {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        Some(ElvenPiece::new(color, ElvenPieceKind::from_char(c)?))
    }
}

/// Elven Chess's ten kinds of men on the 10x10 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElvenArmy;

impl Army for ElvenArmy {
    type Square = Square10;
    type Set = Bitboard10;
    type Kind = ElvenPieceKind;
    type Piece = ElvenPiece;
    type KindSets = [Bitboard10; ElvenPieceKind::COUNT];
    type Mailbox = [Option<ElvenPiece>; 100];
    type Castling = ElvenCastlingRights;
    const NO_SETS: Self::KindSets = [Bitboard10::EMPTY; ElvenPieceKind::COUNT];
    const NO_MEN: Self::Mailbox = [None; 100];

    #[inline(always)]
    fn kind_index(kind: ElvenPieceKind) -> usize {
        kind.index()
    }

    #[inline(always)]
    fn color_of(piece: ElvenPiece) -> Color {
        piece.color()
    }

    #[inline(always)]
    fn kind_of(piece: ElvenPiece) -> ElvenPieceKind {
        piece.kind()
    }

    /// Bishops, queens and elves.
    #[inline(always)]
    fn diagonal_sliders(sets: &Self::KindSets) -> Bitboard10 {
        use ElvenPieceKind::*;
        sets[Bishop.index()] | sets[Queen.index()] | sets[Elf.index()]
    }

    /// Rooks, queens and goblins.
    #[inline(always)]
    fn orthogonal_sliders(sets: &Self::KindSets) -> Bitboard10 {
        use ElvenPieceKind::*;
        sets[Rook.index()] | sets[Queen.index()] | sets[Goblin.index()]
    }

    #[inline(always)]
    fn piece_key(piece: ElvenPiece, square: Square10) -> u64 {
        super::zobrist::piece_key(piece, square)
    }

    #[inline(always)]
    fn piece_char(piece: ElvenPiece) -> char {
        piece.char()
    }

    const SQUARES: usize = 100;
    const UP: i8 = 10;
    const FIRST_FILE: Bitboard10 = Bitboard10::file(0);
    const LAST_FILE: Bitboard10 = Bitboard10::file(9);

    #[inline(always)]
    fn file_of(square: Square10) -> Bitboard10 {
        FILES[square.file() as usize]
    }

    /// A pawn's last three ranks.
    #[inline(always)]
    fn promotion_zone(color: Color) -> Bitboard10 {
        match color {
            Color::White => Bitboard10::ranks(7, 9),
            Color::Black => Bitboard10::ranks(0, 2),
        }
    }

    /// Pawns start on their side's third rank.
    #[inline(always)]
    fn double_step_rank(color: Color) -> Bitboard10 {
        match color {
            Color::White => Bitboard10::rank(3),
            Color::Black => Bitboard10::rank(6),
        }
    }

    #[inline(always)]
    fn knight_attacks(square: Square10) -> Bitboard10 {
        attacks10::knight_attacks(square)
    }

    #[inline(always)]
    fn king_attacks(square: Square10) -> Bitboard10 {
        attacks10::king_attacks(square)
    }

    #[inline(always)]
    fn pawn_attacks(color: Color, square: Square10) -> Bitboard10 {
        attacks10::pawn_attacks(color, square)
    }

    #[inline(always)]
    fn bishop_attacks(square: Square10, occupied: Bitboard10) -> Bitboard10 {
        attacks10::bishop_attacks(square, occupied)
    }

    #[inline(always)]
    fn rook_attacks(square: Square10, occupied: Bitboard10) -> Bitboard10 {
        attacks10::rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn between(a: Square10, b: Square10) -> Bitboard10 {
        attacks10::between(a, b)
    }

    #[inline(always)]
    fn line(a: Square10, b: Square10) -> Bitboard10 {
        attacks10::line(a, b)
    }

    /// A branch: the 10x10 line is a direction lookup and a ray, worth
    /// skipping for the many men that are not pinned.
    #[inline(always)]
    fn pin_line(king: Square10, from: Square10, pinned: Bitboard10) -> Bitboard10 {
        match pinned.contains(from) {
            true => attacks10::line(king, from),
            false => Bitboard10::ALL,
        }
    }

    const PAWN: ElvenPieceKind = ElvenPieceKind::Pawn;
    const KNIGHT: ElvenPieceKind = ElvenPieceKind::Knight;
    const KING: ElvenPieceKind = ElvenPieceKind::King;
    /// The warlock checks from two squares away on a line.
    const LINE_LEAPERS: bool = true;

    /// Dwarfs (king steps), warlocks (the 24 squares each can jump to),
    /// the elves' orthogonal steps and the goblins' diagonal steps.
    #[inline(always)]
    fn other_attackers(sets: &Self::KindSets, square: Square10) -> Bitboard10 {
        use ElvenPieceKind::*;
        (attacks10::king_attacks(square) & sets[Dwarf.index()])
            | (warlock_area(square) & sets[Warlock.index()])
            | (orthogonal_steps(square) & sets[Elf.index()])
            | (diagonal_steps(square) & sets[Goblin.index()])
    }

    /// The king last: it may take only what nothing defends.
    const CHEAPEST_FIRST: &'static [ElvenPieceKind] = {
        use ElvenPieceKind::*;
        &[Pawn, Knight, Dwarf, Bishop, Rook, Elf, Goblin, Queen, Warlock, King]
    };

    /// The evaluation's values.
    #[inline(always)]
    fn exchange_value(kind: ElvenPieceKind) -> i32 {
        super::eval::VALUES[kind.index()]
    }

    /// Every kind but the knight may stand next to a square, or slide to
    /// it along a diagonal (the elf) or a line (the goblin), or jump from
    /// two squares away on either (the warlock).
    #[inline(always)]
    fn on_diagonals(kind: ElvenPieceKind) -> bool {
        !matches!(kind, ElvenPieceKind::Knight | ElvenPieceKind::Rook)
    }

    #[inline(always)]
    fn on_orthogonals(kind: ElvenPieceKind) -> bool {
        !matches!(kind, ElvenPieceKind::Knight | ElvenPieceKind::Bishop | ElvenPieceKind::Pawn)
    }

    /// A warlock does not take a warlock in an exchange (the rules forbid
    /// taking a defended one).
    #[inline(always)]
    fn exchange_stops(taken: ElvenPieceKind, taker: ElvenPieceKind) -> bool {
        taken == ElvenPieceKind::Warlock && taker == ElvenPieceKind::Warlock
    }

    /// The elves' orthogonal steps, the goblins' diagonal steps, the
    /// dwarfs' king steps.
    #[inline(always)]
    fn steps(sets: &Self::KindSets, ours: Bitboard10, mut each: impl FnMut(Square10, Bitboard10)) {
        use ElvenPieceKind::*;
        for from in sets[Elf.index()] & ours {
            each(from, orthogonal_steps(from));
        }
        for from in sets[Goblin.index()] & ours {
            each(from, diagonal_steps(from));
        }
        for from in sets[Dwarf.index()] & ours {
            each(from, attacks10::king_attacks(from));
        }
    }
}

/// Every file's squares.
static FILES: [Bitboard10; 10] = {
    let mut files = [Bitboard10::EMPTY; 10];
    let mut file = 0;
    while file < 10 {
        files[file] = Bitboard10::file(file as u8);
        file += 1;
    }
    files
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            for kind in ElvenPieceKind::ALL {
                let piece = ElvenPiece::new(color, kind);
                assert_eq!(ElvenPiece::from_char(piece.char()), Some(piece));
            }
        }
        assert_eq!(ElvenPiece::from_char('W'), Some(ElvenPiece::new(Color::White, ElvenPieceKind::Warlock)));
        assert_eq!(ElvenPiece::from_char('x'), None);
        assert_eq!(ElvenPiece::from_char('1'), None);
    }

    #[test]
    fn indices_cover_twenty_slots() {
        let mut seen = [false; 20];
        for color in Color::ALL {
            for kind in ElvenPieceKind::ALL {
                seen[ElvenPiece::new(color, kind).index()] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
