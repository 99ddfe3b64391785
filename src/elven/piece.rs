use super::ElvenCastlingRights;
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
}

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
