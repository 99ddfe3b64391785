//! The Elven Chess position: a mailbox and bitboards by colour and kind,
//! copied whole to make a move (see `make.rs`), and what it knows of
//! checks and pins.

use super::attacks::{diagonal_steps, orthogonal_steps, warlock_area};
use super::rules::ElvenRules;
use super::zobrist::{piece_key, ZOBRIST};
use super::{Bitboard10, ElvenArmy, ElvenPiece, ElvenPieceKind, Square10};
use crate::board::attacks10::{
    between, bishop_attacks, diagonal_reach, king_attacks, knight_attacks, orthogonal_reach, pawn_attacks, rook_attacks,
};
use crate::board::{Army, Board, Rules};
use crate::types::Color;

/// The start position.
pub const ELVEN_STARTPOS_FEN: &str = "r3k4r/dnbgqwebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 0 1";

/// A legal Elven Chess position. Parsing a FEN checks everything; after
/// that only legal moves change it, so it cannot become invalid.
pub type ElvenPosition = Board<ElvenRules>;

impl ElvenPosition {
    /// An empty board, White to move, no rights: the start of FEN parsing.
    pub(super) fn empty() -> ElvenPosition {
        Board::with_rules(ElvenRules::default())
    }

    pub fn startpos() -> ElvenPosition {
        ElvenPosition::from_fen(ELVEN_STARTPOS_FEN).expect("the start position is legal")
    }

    // ----- What stands where -----------------------------------------------

    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square10 {
        self.pieces(color, ElvenPieceKind::King).lsb()
    }

    /// Whether the side to move is barred from capturing the opponent's
    /// warlock this half-move, because a piece that is not a warlock has
    /// just captured its own warlock. FEN does not carry this.
    #[inline(always)]
    pub fn warlock_immunity(&self) -> bool {
        self.rules.warlock_immunity
    }

    /// The keys of both sides' pawns, of White's other men and of Black's:
    /// what the correction history keys a node by.
    #[inline(always)]
    pub fn structure_keys(&self) -> [u64; 3] {
        self.rules.structure_keys
    }

    /// `color`'s men's worth where they stand, as the evaluation counts it.
    #[inline(always)]
    pub fn placed(&self, color: Color) -> i32 {
        self.rules.placed[color.index()]
    }

    // ----- Attacks -----------------------------------------------------------

    /// The pieces of either colour that attack `square` by a leap or a
    /// step: pawns, knights, kings, dwarfs, warlocks (the 24 squares each
    /// can jump to), and the elf's and the goblin's steps.
    #[inline(always)]
    fn leapers_attacking(&self, square: Square10) -> Bitboard10 {
        (pawn_attacks(Color::White, square) & self.pieces(Color::Black, ElvenPieceKind::Pawn))
            | (pawn_attacks(Color::Black, square) & self.pieces(Color::White, ElvenPieceKind::Pawn))
            | (knight_attacks(square) & self.kind(ElvenPieceKind::Knight))
            | (king_attacks(square) & self.kind(ElvenPieceKind::King))
            | ElvenArmy::other_attackers(self.pieces.kinds(), square)
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
        self.rules.king_blockers = blockers;
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

    /// Takes the man off `square`, where one stands, and gives it.
    #[inline(always)]
    pub(super) fn take(&mut self, square: Square10) -> ElvenPiece {
        let piece = self.piece_on(square).expect("a piece to remove");
        self.remove_piece::<true>(piece, square);
        piece
    }

    /// Moves the man on `from` to the empty square `to`.
    #[inline(always)]
    pub(super) fn shift(&mut self, from: Square10, to: Square10) {
        let piece = self.piece_on(from).expect("a piece to move");
        self.move_piece::<true>(piece, from, to);
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
        key ^ self.rules.key()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;
    use crate::elven::rules::structure_slot;

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
        assert_eq!(p.rules.king_blockers & p.color(Color::White), square("e3").bitboard());
        assert!(p.rules.king_blockers.contains(square("g3")));
        assert!(!p.in_check());
    }

    #[test]
    fn a_warlock_attacks_its_whole_area_through_pieces() {
        let p = ElvenPosition::from_fen("4k5/10/10/10/3PPP4/3DWD4/3PPP4/10/10/5K4 w - - 0 1").unwrap();
        let attacked = |s| p.is_attacked_by(Color::White, square(s), p.occupied());
        assert!(attacked("c3") && attacked("g7") && attacked("e7"), "two squares away, over its own men");
        assert!(!attacked("e8") && !attacked("b5"));
    }

    /// A position's debug text shows its men rank by rank, as a failed
    /// test's message needs them.
    #[test]
    fn the_debug_text_shows_the_board() {
        let text = format!("{:?}", ElvenPosition::startpos());
        assert!(text.contains("men: \"r...k....r/dnbgqwebnd/pppppppppp/"), "{text}");
        assert!(text.contains("/PPPPPPPPPP/DNBEWQGBND/R....K...R\""), "{text}");
    }

    #[test]
    fn the_key_counts_every_part_of_the_state() {
        let start = ElvenPosition::startpos();
        assert_eq!(start.key(), start.compute_key());
        let mut immune = start;
        immune.rules.shield(Bitboard10::EMPTY);
        assert_ne!(immune.compute_key(), start.compute_key());
    }
}
