//! Move generation for every game on the board. In chess, check, double
//! check and pins are resolved while generating, so every move produced is
//! legal and nothing is filtered later; the variants take the men's moves
//! before the king-safety test, under their rules' hooks (men that may not
//! be taken, the double step, castling), and judge each by making it.
//!
//! The generator hands moves to a [`MoveSink`] in groups, so that perft
//! counts them without making them.

use super::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::castling::CastlingSide;
use super::move_list::MoveList;
use super::move_sink::{MoveCounter, MoveSink};
use super::position::{Board, ChessRules, Position};
use crate::types::{Bitboard, Color, File, Move, MoveKind, PieceType, Rank, Square};

/// Which moves to generate. Promotions count as noisy; so does en passant.
pub mod stage {
    /// Captures, en passant and promotions.
    pub const NOISY: u8 = 1;
    /// Every other move: quiet piece moves, pawn pushes, castling.
    pub const QUIET: u8 = 2;
    pub const ALL: u8 = NOISY | QUIET;

    /// Whether stage `stage` gives the noisy moves.
    #[inline(always)]
    pub const fn has_noisy(stage: u8) -> bool {
        stage & NOISY != 0
    }

    /// Whether stage `stage` gives the quiet moves.
    #[inline(always)]
    pub const fn has_quiet(stage: u8) -> bool {
        stage & QUIET != 0
    }
}

impl Position {
    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate::<{ stage::ALL }, _>(&mut list);
        list
    }

    /// The number of legal moves, counted without building a list.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate::<{ stage::ALL }, _>(&mut counter);
        counter.0
    }
}

impl<R: ChessRules> Board<R> {
    /// Appends the moves of stage `STAGE` (see [`stage`]) to `sink`. In
    /// chess they are the legal ones: in check, only evasions (captures of
    /// the checker, blocks and king moves), in double check king moves
    /// alone. Elsewhere ([`Rules::LEGAL_MOVES`] false) they are the men's
    /// moves before the king-safety test.
    #[inline(always)]
    pub fn generate<const STAGE: u8, S: MoveSink<Move>>(&self, sink: &mut S) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let them = !us;
        let occupied = self.occupied();
        let ours = self.color(us);
        let theirs = self.capturable();
        let kings = self.pieces(us, PieceType::King);
        // Chess has one king. Where the rules judge legality later there
        // may be none: then no castling right, check mask or pin reads it.
        let king = match R::LEGAL_MOVES || kings.any() {
            true => kings.lsb(),
            false => Square::A1,
        };

        let mut wanted = Bitboard::EMPTY;
        if noisy {
            wanted |= theirs;
        }
        if quiet {
            wanted |= !occupied;
        }

        if R::LEGAL_MOVES {
            // King moves: every target must be safe with the king lifted
            // off the board, so that it cannot step back along a checking
            // ray.
            let king_targets = king_attacks(king) & wanted;
            if king_targets.any() {
                let without_king = occupied ^ king.bitboard();
                let mut safe = Bitboard::EMPTY;
                for to in king_targets {
                    let attacked = self.is_attacked_by(them, to, without_king) as u64;
                    safe |= Bitboard(to.bitboard().0 & attacked.wrapping_sub(1));
                }
                sink.add_piece_moves(king, safe);
            }
        } else {
            for from in kings {
                sink.add_piece_moves(from, king_attacks(from) & wanted);
            }
        }

        let checkers = self.checkers;
        if R::LEGAL_MOVES && checkers.has_many() {
            return;
        }
        // Other pieces must capture the checker or block its ray.
        let check_mask = match R::LEGAL_MOVES && checkers.any() {
            true => between(king, checkers.lsb()) | checkers,
            false => Bitboard::ALL,
        };
        let targets = wanted & check_mask;
        let pinned = self.rules.pinned();
        debug_assert!(R::LEGAL_MOVES || pinned.is_empty(), "pins are resolved only with legal generation");

        for from in self.pieces(us, PieceType::Knight).without(pinned) {
            sink.add_piece_moves(from, knight_attacks(from) & targets);
        }
        // A pinned slider keeps to the line through its king (a mask, not a
        // branch: pins are rare and the branch would be mispredicted).
        let pin_line = |from: Square| {
            if !R::LEGAL_MOVES {
                return Bitboard::ALL;
            }
            let is_pinned = (pinned.0 >> from.index() & 1).wrapping_neg();
            Bitboard(line(king, from).0 | !is_pinned)
        };
        for from in self.diagonal_sliders() & ours {
            sink.add_piece_moves(from, bishop_attacks(from, occupied) & targets & pin_line(from));
        }
        for from in self.orthogonal_sliders() & ours {
            sink.add_piece_moves(from, rook_attacks(from, occupied) & targets & pin_line(from));
        }

        self.generate_pawn_moves::<STAGE, S>(sink, king, check_mask, theirs);

        let may_castle = R::LEGAL_MOVES || (self.rules.castles() && kings.any());
        if quiet && may_castle && checkers.is_empty() {
            for side in CastlingSide::BOTH {
                if self.castling_is_legal(king, side) {
                    let rook = self.castling.rook_unchecked(us, side);
                    sink.add_move(Move::with_kind(king, rook, MoveKind::Castling));
                }
            }
        }
    }

    #[inline(always)]
    fn generate_pawn_moves<const STAGE: u8, S: MoveSink<Move>>(
        &self,
        sink: &mut S,
        king: Square,
        check_mask: Bitboard,
        theirs: Bitboard,
    ) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let occupied = self.occupied();
        let pawns = self.pieces(us, PieceType::Pawn);
        let pinned = self.rules.pinned();
        let up: i8 = if us == Color::White { 8 } else { -8 };
        let last_rank = Rank::Eighth.relative(us).bitboard();
        let third_rank = Rank::Third.relative(us).bitboard();

        // Pushes. A pinned pawn may push only when pinned along its file,
        // which for a pawn between king and pinner is the king's file.
        let pushers = match R::LEGAL_MOVES {
            true => pawns & (!pinned | king.file().bitboard()),
            false => pawns,
        };
        let single = pushers.shift(up) & !occupied;
        let double = match self.rules.pawn_double_step() {
            true => (single & third_rank).shift(up) & !occupied & check_mask,
            false => Bitboard::EMPTY,
        };
        let single = single & check_mask;
        if noisy {
            sink.add_promotions(single & last_rank, up);
        }
        if quiet {
            sink.add_pawn_moves(single.without(last_rank), up);
            sink.add_pawn_moves(double, 2 * up);
        }

        if noisy {
            // Captures by unpinned pawns, in bulk, one direction at a time.
            let capturers = pawns.without(pinned);
            let victims = theirs & check_mask;
            for (delta, edge) in [(up - 1, File::A), (up + 1, File::H)] {
                let hits = capturers.without(edge.bitboard()).shift(delta) & victims;
                sink.add_promotions(hits & last_rank, delta);
                sink.add_pawn_moves(hits.without(last_rank), delta);
            }
            // A diagonally pinned pawn may capture its pinner, along the pin.
            for from in pawns & pinned {
                let hits = pawn_attacks(us, from) & victims & line(king, from);
                for to in hits {
                    let delta = to.index() as i8 - from.index() as i8;
                    if last_rank.contains(to) {
                        sink.add_promotions(to.bitboard(), delta);
                    } else {
                        sink.add_pawn_moves(to.bitboard(), delta);
                    }
                }
            }
            if let Some(target) = self.en_passant {
                for from in pawn_attacks(!us, target) & pawns {
                    if !R::LEGAL_MOVES || self.en_passant_is_legal(from, target) {
                        sink.add_move(Move::with_kind(from, target, MoveKind::EnPassant));
                    }
                }
            }
        }
    }

    /// Whether castling on `side` is legal, given that the king is not in
    /// check and the right exists ([`super::Pieces::castling_is_free`]).
    #[inline(always)]
    pub(super) fn castling_is_legal(&self, king: Square, side: CastlingSide) -> bool {
        self.pieces.castling_is_free(&self.castling, self.side_to_move, king, side)
    }
}

/// A noisy move of chess: a capture, en passant or a promotion (the moves
/// of the `NOISY` stage).
#[inline(always)]
pub fn is_noisy(position: &Position, m: Move) -> bool {
    match m.kind() {
        MoveKind::Normal => position.piece_on(m.to()).is_some(),
        MoveKind::Castling => false,
        MoveKind::EnPassant | MoveKind::Promotion => true,
    }
}
