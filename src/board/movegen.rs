//! Move generation for every game on the board. In chess, check, double
//! check and pins are resolved while generating, so every move produced is
//! legal and nothing is filtered later; the variants take the men's moves
//! before the king-safety test, under their rules' hooks (men that may not
//! be taken, the double step, castling), and judge each by making it.
//!
//! The generator hands moves to a [`MoveSink`] in groups, so that perft
//! counts them without making them.

use super::army::Army;
use super::castling::CastlingSide;
use super::move_sink::{BoardMove, MoveSink};
use super::position::{Board, ChessRules, Position, Rules, SetOf, SquareOf};
use crate::types::{Bitboard, BoardSquare, Color, Move, MoveKind, Square, SquareSet};

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

/// How a game's men move beyond what the generator below writes once for
/// every board: the attack test of its men, en passant's safety, castling,
/// and the moves of its own men that no chess man makes (Elven Chess's
/// warlock). Chess and the variants share one implementation; Elven Chess
/// has its own (`crate::elven`).
pub trait MoveRules: Rules {
    type Move: BoardMove<Square = SquareOf<Self>>;

    /// Whether a man of `by` attacks `square`, sliders seen through
    /// `occupied`.
    fn is_attacked_by(board: &Board<Self>, by: Color, square: SquareOf<Self>, occupied: SetOf<Self>) -> bool;

    /// Whether the pawn on `from` may capture en passant on `target`: the
    /// king of the side to move safe afterwards.
    fn en_passant_is_legal(board: &Board<Self>, from: SquareOf<Self>, target: SquareOf<Self>) -> bool;

    /// The moves of stage `STAGE` of the game's own men, to `wanted`
    /// (captures and empty squares as the stage asks), before the return in
    /// double check: legal ones where [`Rules::LEGAL_MOVES`] holds.
    #[inline(always)]
    fn special_moves<const STAGE: u8, S: MoveSink<Self::Move>>(_: &Board<Self>, _: &mut S, _: SetOf<Self>) {}

    /// The castling moves of the side to move, whose king on `king` is not
    /// in check.
    fn castling_moves<S: MoveSink<Self::Move>>(board: &Board<Self>, sink: &mut S, king: SquareOf<Self>);
}

/// Chess and its variants: the chess men's attacks, en passant's line test
/// and Chess960 castling.
impl<R: ChessRules> MoveRules for R {
    type Move = Move;

    #[inline(always)]
    fn is_attacked_by(board: &Board<R>, by: Color, square: Square, occupied: Bitboard) -> bool {
        board.is_attacked_by(by, square, occupied)
    }

    #[inline(always)]
    fn en_passant_is_legal(board: &Board<R>, from: Square, target: Square) -> bool {
        board.en_passant_is_legal(from, target)
    }

    #[inline(always)]
    fn castling_moves<S: MoveSink<Move>>(board: &Board<R>, sink: &mut S, king: Square) {
        let us = board.side_to_move;
        for side in CastlingSide::BOTH {
            if board.castling_is_legal(king, side) {
                let rook = board.castling.rook_unchecked(us, side);
                sink.add_move(Move::with_kind(king, rook, MoveKind::Castling));
            }
        }
    }
}

impl<R: MoveRules> Board<R> {
    /// Appends the moves of stage `STAGE` (see [`stage`]) to `sink`. Where
    /// the rules make the generator's moves legal (chess, Elven Chess) they
    /// are the legal ones: in check, only evasions (captures of the
    /// checker, blocks and king moves), in double check king moves alone
    /// (and an Elven warlock's). Elsewhere ([`Rules::LEGAL_MOVES`] false)
    /// they are the men's moves before the king-safety test.
    #[inline(always)]
    pub fn generate<const STAGE: u8, S: MoveSink<R::Move>>(&self, sink: &mut S) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let them = !us;
        let occupied = self.occupied();
        let ours = self.color(us);
        let theirs = self.capturable();
        let kings = self.pieces(us, <R::Army as Army>::KING);
        // Chess has one king. Where the rules judge legality later there
        // may be none: then no castling right, check mask or pin reads it.
        let king = match R::LEGAL_MOVES || kings.any() {
            true => kings.lsb(),
            false => SquareOf::<R>::from_index_unchecked(0),
        };

        let mut wanted = SetOf::<R>::EMPTY;
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
            let king_targets = A::<R>::king_attacks(king) & wanted;
            if king_targets.any() {
                let without_king = occupied ^ king.bitboard();
                let mut safe = SetOf::<R>::EMPTY;
                for to in king_targets {
                    let attacked = R::is_attacked_by(self, them, to, without_king);
                    safe |= to.bitboard() & SetOf::<R>::all_unless(attacked);
                }
                sink.add_piece_moves(king, safe);
            }
        } else {
            for from in kings {
                sink.add_piece_moves(from, A::<R>::king_attacks(from) & wanted);
            }
        }
        R::special_moves::<STAGE, S>(self, sink, wanted);

        let checkers = self.checkers;
        if R::LEGAL_MOVES && checkers.has_many() {
            return;
        }
        // Other pieces must capture the checker or block its ray; a man that
        // checks from a line without sliding along it cannot be blocked.
        let check_mask = match R::LEGAL_MOVES && checkers.any() {
            true => {
                let checker = checkers.lsb();
                let slides = (self.diagonal_sliders() | self.orthogonal_sliders()).contains(checker);
                match !A::<R>::LINE_LEAPERS || slides {
                    true => A::<R>::between(king, checker) | checkers,
                    false => checkers,
                }
            }
            false => SetOf::<R>::ALL,
        };
        let targets = wanted & check_mask;
        let pinned = self.rules.pinned();
        debug_assert!(R::LEGAL_MOVES || pinned.is_empty(), "pins are resolved only with legal generation");

        for from in self.pieces(us, <R::Army as Army>::KNIGHT).without(pinned) {
            sink.add_piece_moves(from, A::<R>::knight_attacks(from) & targets);
        }
        // A pinned man keeps to the line through its king.
        let pin_line = |from: SquareOf<R>| {
            if !R::LEGAL_MOVES {
                return SetOf::<R>::ALL;
            }
            A::<R>::pin_line(king, from, pinned)
        };
        for from in self.diagonal_sliders() & ours {
            sink.add_piece_moves(from, A::<R>::bishop_attacks(from, occupied) & targets & pin_line(from));
        }
        for from in self.orthogonal_sliders() & ours {
            sink.add_piece_moves(from, A::<R>::rook_attacks(from, occupied) & targets & pin_line(from));
        }
        A::<R>::steps(self.pieces.kinds(), ours, |from, steps| {
            sink.add_piece_moves(from, steps & targets & pin_line(from))
        });

        self.generate_pawn_moves::<STAGE, S>(sink, king, check_mask, theirs);

        let may_castle = R::LEGAL_MOVES || (self.rules.castles() && kings.any());
        if quiet && may_castle && checkers.is_empty() {
            R::castling_moves(self, sink, king);
        }
    }

    #[inline(always)]
    fn generate_pawn_moves<const STAGE: u8, S: MoveSink<R::Move>>(
        &self,
        sink: &mut S,
        king: SquareOf<R>,
        check_mask: SetOf<R>,
        theirs: SetOf<R>,
    ) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let occupied = self.occupied();
        let pawns = self.pieces(us, <R::Army as Army>::PAWN);
        let pinned = self.rules.pinned();
        let up: i8 = if us == Color::White { A::<R>::UP } else { -A::<R>::UP };
        let last_rank = A::<R>::promotion_zone(us);
        let third_rank = A::<R>::double_step_rank(us);

        // Pushes. A pinned pawn may push only when pinned along its file,
        // which for a pawn between king and pinner is the king's file.
        let pushers = match R::LEGAL_MOVES {
            true => pawns & (!pinned | A::<R>::file_of(king)),
            false => pawns,
        };
        let single = pushers.shift(up) & !occupied;
        let double = match self.rules.pawn_double_step() {
            true => (single & third_rank).shift(up) & !occupied & check_mask,
            false => SetOf::<R>::EMPTY,
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
            for (delta, edge) in [(up - 1, A::<R>::FIRST_FILE), (up + 1, A::<R>::LAST_FILE)] {
                let hits = capturers.without(edge).shift(delta) & victims;
                sink.add_promotions(hits & last_rank, delta);
                sink.add_pawn_moves(hits.without(last_rank), delta);
            }
            // A diagonally pinned pawn may capture its pinner, along the pin.
            for from in pawns & pinned {
                let hits = A::<R>::pawn_attacks(us, from) & victims & A::<R>::line(king, from);
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
                for from in A::<R>::pawn_attacks(!us, target) & pawns {
                    if !R::LEGAL_MOVES || R::en_passant_is_legal(self, from, target) {
                        sink.add_move(R::Move::en_passant(from, target));
                    }
                }
            }
        }
    }
}

/// The army of rules `R`.
type A<R> = <R as Rules>::Army;

impl<R: ChessRules> Board<R> {
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
