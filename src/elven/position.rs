//! The Elven Chess position: a mailbox and bitboards by colour and kind,
//! copied whole to make a move (see `make.rs`), and what it knows of
//! checks and pins.

use super::attacks::{diagonal_steps, orthogonal_steps, warlock_area};
use super::eval::placed_value;
use super::zobrist::{piece_key, ZOBRIST};
use super::{Bitboard10, ElvenCastlingRights, ElvenPiece, ElvenPieceKind, Square10};
use crate::board::attacks10::{
    between, bishop_attacks, diagonal_reach, king_attacks, knight_attacks, orthogonal_reach, pawn_attacks, rook_attacks,
};
use crate::types::Color;
use std::fmt;

/// The start position.
pub const ELVEN_STARTPOS_FEN: &str = "r3k4r/dnbgqwebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 0 1";

/// A legal Elven Chess position. Parsing a FEN checks everything; after
/// that only legal moves change it, so it cannot become invalid.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ElvenPosition {
    pub(super) board: [Option<ElvenPiece>; 100],
    pub(super) by_color: [Bitboard10; 2],
    pub(super) by_kind: [Bitboard10; ElvenPieceKind::COUNT],
    pub(super) side_to_move: Color,
    pub(super) castling: ElvenCastlingRights,
    /// Present only when the side to move can capture en passant legally.
    pub(super) en_passant: Option<Square10>,
    pub(super) halfmove_clock: u16,
    pub(super) fullmove_number: u16,
    /// The side to move may not capture the opponent's warlock: a piece
    /// other than a warlock has just captured a warlock (restriction 2).
    pub(super) warlock_immunity: bool,
    pub(super) key: u64,
    /// The keys of the men by what the correction history tells apart:
    /// both sides' pawns, White's other men, Black's other men (the xor of
    /// their keys in `key`), kept as men move.
    pub(super) structure_keys: [u64; 3],
    /// Each side's men's worth where they stand (the evaluation's sum of
    /// [`placed_value`]), kept as men move.
    pub(super) placed: [i32; 2],
    /// Enemy pieces attacking the king of the side to move.
    pub(super) checkers: Bitboard10,
    /// Pieces of either colour that stand alone between the king of the
    /// side to move and an enemy slider on its line.
    pub(super) king_blockers: Bitboard10,
}

impl ElvenPosition {
    /// An empty board, White to move, no rights: the start of FEN parsing.
    pub(super) fn empty() -> ElvenPosition {
        ElvenPosition {
            board: [None; 100],
            by_color: [Bitboard10::EMPTY; 2],
            by_kind: [Bitboard10::EMPTY; ElvenPieceKind::COUNT],
            structure_keys: [0; 3],
            placed: [0; 2],
            side_to_move: Color::White,
            castling: ElvenCastlingRights::NONE,
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            warlock_immunity: false,
            key: 0,
            checkers: Bitboard10::EMPTY,
            king_blockers: Bitboard10::EMPTY,
        }
    }

    pub fn startpos() -> ElvenPosition {
        ElvenPosition::from_fen(ELVEN_STARTPOS_FEN).expect("the start position is legal")
    }

    // ----- What stands where -----------------------------------------------

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    #[inline(always)]
    pub fn piece_on(&self, square: Square10) -> Option<ElvenPiece> {
        self.board[square.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard10 {
        self.by_color[0] | self.by_color[1]
    }

    /// Every piece of `color`.
    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard10 {
        self.by_color[color.index()]
    }

    /// Every piece of `kind`, both colours.
    #[inline(always)]
    pub fn kind(&self, kind: ElvenPieceKind) -> Bitboard10 {
        self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: ElvenPieceKind) -> Bitboard10 {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square10 {
        self.pieces(color, ElvenPieceKind::King).lsb()
    }

    #[inline(always)]
    pub fn castling_rights(&self) -> ElvenCastlingRights {
        self.castling
    }

    /// The en-passant target square, present only when the capture is legal.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square10> {
        self.en_passant
    }

    /// Halfmoves since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock as u32
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number as u32
    }

    /// Whether the side to move is barred from capturing the opponent's
    /// warlock this half-move, because a piece that is not a warlock has
    /// just captured its own warlock. FEN does not carry this.
    #[inline(always)]
    pub fn warlock_immunity(&self) -> bool {
        self.warlock_immunity
    }

    /// The Zobrist key: pieces, side to move, castling rights, a legal
    /// en-passant capture and the warlock immunity. Equal keys (but for
    /// collisions) mean equal positions for the repetition rule.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The keys of both sides' pawns, of White's other men and of Black's:
    /// what the correction history keys a node by.
    #[inline(always)]
    pub fn structure_keys(&self) -> [u64; 3] {
        self.structure_keys
    }

    /// `color`'s men's worth where they stand, as the evaluation counts it.
    #[inline(always)]
    pub fn placed(&self, color: Color) -> i32 {
        self.placed[color.index()]
    }

    /// Enemy pieces that attack the king of the side to move.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard10 {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// Pieces of the side to move that may leave their line to the king
    /// only if the king stays safe.
    #[inline(always)]
    pub fn pinned(&self) -> Bitboard10 {
        self.king_blockers & self.color(self.side_to_move)
    }

    // ----- Attacks -----------------------------------------------------------

    /// Bishops, queens and elves, both colours: what attacks along diagonals.
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> Bitboard10 {
        self.kind(ElvenPieceKind::Bishop) | self.kind(ElvenPieceKind::Queen) | self.kind(ElvenPieceKind::Elf)
    }

    /// Rooks, queens and goblins, both colours: what attacks along ranks and
    /// files.
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> Bitboard10 {
        self.kind(ElvenPieceKind::Rook) | self.kind(ElvenPieceKind::Queen) | self.kind(ElvenPieceKind::Goblin)
    }

    /// Every piece of either colour that attacks `square`, sliders seen
    /// through `occupied`. A warlock attacks the 24 squares it can jump to.
    #[inline(always)]
    pub fn attackers_to(&self, square: Square10, occupied: Bitboard10) -> Bitboard10 {
        self.leapers_attacking(square)
            | (bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (rook_attacks(square, occupied) & self.orthogonal_sliders())
    }

    /// The pieces of either colour that attack `square` by a leap or a
    /// step: pawns, knights, kings, dwarfs, warlocks, and the elf's and the
    /// goblin's steps.
    #[inline(always)]
    fn leapers_attacking(&self, square: Square10) -> Bitboard10 {
        (pawn_attacks(Color::White, square) & self.pieces(Color::Black, ElvenPieceKind::Pawn))
            | (pawn_attacks(Color::Black, square) & self.pieces(Color::White, ElvenPieceKind::Pawn))
            | (knight_attacks(square) & self.kind(ElvenPieceKind::Knight))
            | (king_attacks(square) & (self.kind(ElvenPieceKind::King) | self.kind(ElvenPieceKind::Dwarf)))
            | (warlock_area(square) & self.kind(ElvenPieceKind::Warlock))
            | (orthogonal_steps(square) & self.kind(ElvenPieceKind::Elf))
            | (diagonal_steps(square) & self.kind(ElvenPieceKind::Goblin))
    }

    /// Whether a piece of `by` attacks `square`, sliders seen through
    /// `occupied`.
    #[inline(always)]
    pub fn is_attacked_by(&self, by: Color, square: Square10, occupied: Bitboard10) -> bool {
        self.is_attacked_by_any(by, self.color(by), square, occupied)
    }

    /// Whether one of `attackers`, men of `by`, attacks `square`, sliders
    /// seen through `occupied`: the leapers first, and a slider's line
    /// scanned only where one stands on it.
    #[inline(always)]
    fn is_attacked_by_any(&self, by: Color, attackers: Bitboard10, square: Square10, occupied: Bitboard10) -> bool {
        let leapers = (pawn_attacks(!by, square) & self.kind(ElvenPieceKind::Pawn))
            | (knight_attacks(square) & self.kind(ElvenPieceKind::Knight))
            | (king_attacks(square) & (self.kind(ElvenPieceKind::King) | self.kind(ElvenPieceKind::Dwarf)))
            | (warlock_area(square) & self.kind(ElvenPieceKind::Warlock))
            | (orthogonal_steps(square) & self.kind(ElvenPieceKind::Elf))
            | (diagonal_steps(square) & self.kind(ElvenPieceKind::Goblin));
        if (leapers & attackers).any() {
            return true;
        }
        let diagonal = self.diagonal_sliders() & attackers;
        if (diagonal_reach(square) & diagonal).any() && (bishop_attacks(square, occupied) & diagonal).any() {
            return true;
        }
        let orthogonal = self.orthogonal_sliders() & attackers;
        (orthogonal_reach(square) & orthogonal).any() && (rook_attacks(square, occupied) & orthogonal).any()
    }

    /// Recomputes the checkers and the king's blockers for the side to move.
    pub(super) fn update_check_info(&mut self) {
        let us = self.side_to_move;
        let theirs = self.color(!us);
        let king = self.king_square(us);
        let occupied = self.occupied();
        // A slider on one of the king's lines checks with nothing between,
        // and pins (or, of its own side, uncovers) with one piece between.
        let snipers = ((orthogonal_reach(king) & self.orthogonal_sliders())
            | (diagonal_reach(king) & self.diagonal_sliders()))
            & theirs;
        let mut checkers = self.leapers_attacking(king) & theirs;
        let mut blockers = Bitboard10::EMPTY;
        for sniper in snipers {
            let between = between(king, sniper) & occupied;
            if between.is_empty() {
                checkers |= sniper.bitboard();
            } else if !between.has_many() {
                blockers |= between;
            }
        }
        self.checkers = checkers;
        self.king_blockers = blockers;
    }

    /// Whether our king is safe once the board holds `occupied` and the
    /// enemy pieces of `captured` are gone: the full test, for the moves
    /// whose effect pins and checks do not describe (a warlock's, en
    /// passant). Our own pieces matter only as blockers.
    #[inline(always)]
    pub(super) fn king_safe_after(&self, occupied: Bitboard10, captured: Bitboard10) -> bool {
        let us = self.side_to_move;
        let theirs = self.color(!us).without(captured);
        !self.is_attacked_by_any(!us, theirs, self.king_square(us), occupied)
    }

    // ----- Piece placement -------------------------------------------------

    #[inline(always)]
    pub(super) fn put_piece(&mut self, piece: ElvenPiece, square: Square10) {
        let bit = square.bitboard();
        self.board[square.index()] = Some(piece);
        self.by_color[piece.color().index()] |= bit;
        self.by_kind[piece.kind().index()] |= bit;
        let key = piece_key(piece, square);
        self.key ^= key;
        self.structure_keys[structure_slot(piece)] ^= key;
        self.placed[piece.color().index()] += placed_value(piece, square);
    }

    #[inline(always)]
    pub(super) fn remove_piece(&mut self, square: Square10) -> ElvenPiece {
        let piece = self.board[square.index()].take().expect("a piece to remove");
        let bit = square.bitboard();
        self.by_color[piece.color().index()] ^= bit;
        self.by_kind[piece.kind().index()] ^= bit;
        let key = piece_key(piece, square);
        self.key ^= key;
        self.structure_keys[structure_slot(piece)] ^= key;
        self.placed[piece.color().index()] -= placed_value(piece, square);
        piece
    }

    #[inline(always)]
    pub(super) fn move_piece(&mut self, from: Square10, to: Square10) {
        let piece = self.remove_piece(from);
        self.put_piece(piece, to);
    }

    /// The key computed from scratch; equals `key()` in every position.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for square in self.occupied() {
            key ^= piece_key(self.piece_on(square).expect("occupied squares hold a piece"), square);
        }
        if self.side_to_move == Color::Black {
            key ^= ZOBRIST.black_to_move;
        }
        for bit in 0..4 {
            if self.castling.bits() & (1 << bit) != 0 {
                key ^= ZOBRIST.castling[bit];
            }
        }
        if let Some(square) = self.en_passant {
            key ^= ZOBRIST.en_passant_file[square.file() as usize];
        }
        if self.warlock_immunity {
            key ^= ZOBRIST.warlock_immunity;
        }
        key
    }

    // ----- The end of the game -------------------------------------------

    /// Neither side can ever mate: no pawn and no piece but bishops and
    /// knights, and either one minor piece at most or only bishops, all on
    /// squares of one colour (the chess rule; every fairy piece can mate).
    pub fn insufficient_material(&self) -> bool {
        let knights = self.kind(ElvenPieceKind::Knight);
        let bishops = self.kind(ElvenPieceKind::Bishop);
        let kings = self.kind(ElvenPieceKind::King);
        if (self.occupied() ^ kings ^ knights ^ bishops).any() {
            return false;
        }
        if (knights | bishops).count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard10::LIGHT_SQUARES).is_empty() || (bishops & Bitboard10::DARK_SQUARES).is_empty())
    }

    /// The side to move is in check and has no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal_moves().is_empty()
    }

    /// The side to move is not in check and has no legal move: a draw.
    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && self.legal_moves().is_empty()
    }

    /// A hundred halfmoves without a capture or a pawn move: a draw, unless
    /// the last of them mated (the caller checks mate first).
    pub fn fifty_move_rule(&self) -> bool {
        self.halfmove_clock >= 100
    }
}

/// Which of the structure keys a man's key goes to: pawns (both sides),
/// White's other men, Black's.
#[inline(always)]
fn structure_slot(piece: ElvenPiece) -> usize {
    if piece.kind() == ElvenPieceKind::Pawn {
        0
    } else {
        1 + piece.color().index()
    }
}

impl fmt::Debug for ElvenPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ElvenPosition({}", self.fen())?;
        if self.warlock_immunity {
            write!(f, ", warlock immune")?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;

    /// The structure keys kept as men move, are taken, promote and castle
    /// equal those computed from nothing, along random games.
    #[test]
    fn the_kept_structure_keys_are_the_keys_from_nothing() {
        visit_random_games(73, 30, 200, |position, _| {
            let mut keys = [0; 3];
            for square in position.occupied() {
                let piece = position.piece_on(square).unwrap();
                keys[structure_slot(piece)] ^= piece_key(piece, square);
            }
            assert_eq!(position.structure_keys(), keys, "{}", position.fen());
            assert_ne!(keys[1], keys[2]);
        });
    }

    fn square(text: &str) -> Square10 {
        Square10::parse(text).unwrap()
    }

    #[test]
    fn blockers_of_either_colour_and_pins_of_ours() {
        // The e-file: king e1, our rook e3, their rook e9. A diagonal: their
        // knight on g3 between the king and their bishop on h4.
        let p = ElvenPosition::from_fen("4k5/4r5/10/10/10/10/7b2/4R1n3/10/4K5 w - - 0 1").unwrap();
        assert_eq!(p.pinned(), square("e3").bitboard());
        assert!(p.king_blockers.contains(square("g3")));
        assert!(!p.in_check());
    }

    #[test]
    fn a_warlock_attacks_its_whole_area_through_pieces() {
        let p = ElvenPosition::from_fen("4k5/10/10/10/3PPP4/3DWD4/3PPP4/10/10/5K4 w - - 0 1").unwrap();
        let attacked = |s| p.is_attacked_by(Color::White, square(s), p.occupied());
        assert!(attacked("c3") && attacked("g7") && attacked("e7"), "two squares away, over its own men");
        assert!(!attacked("e8") && !attacked("b5"));
    }

    #[test]
    fn the_key_counts_every_part_of_the_state() {
        let start = ElvenPosition::startpos();
        assert_eq!(start.key(), start.compute_key());
        let mut immune = start;
        immune.warlock_immunity = true;
        assert_ne!(immune.compute_key(), start.compute_key());
    }
}
