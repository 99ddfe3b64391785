//! Where a move generator puts its moves, on a board of any size: a list,
//! or a counter that never makes the moves (perft's bulk counting). The
//! generator hands moves over in groups (one piece's targets, or all pawn
//! moves in one direction), so that counting is a population count and
//! filling a list is a loop.

use crate::types::{BoardSquare, Move, MoveKind, PieceType, Square, SquareSet};
use arrayvec::ArrayVec;

/// A board's move, as far as its generator's sink needs to build one.
pub trait BoardMove: Copy {
    type Square: BoardSquare;
    /// A move to `to`, capturing whatever stands there.
    fn normal(from: Self::Square, to: Self::Square) -> Self;
    /// The four promotions of a pawn moving to `to`.
    fn promotions(from: Self::Square, to: Self::Square) -> [Self; 4];
    /// A pawn's capture en passant, landing on `to`.
    fn en_passant(from: Self::Square, to: Self::Square) -> Self;
}

/// The set of squares of a move's board.
pub type SetOf<M> = <<M as BoardMove>::Square as BoardSquare>::Set;

/// Receives generated moves of type `M`.
pub trait MoveSink<M: BoardMove> {
    /// Ordinary moves of the piece on `from` to each square of `targets`.
    fn add_piece_moves(&mut self, from: M::Square, targets: SetOf<M>);
    /// Ordinary pawn moves to each square of `targets`, from `target - delta`.
    fn add_pawn_moves(&mut self, targets: SetOf<M>, delta: i8);
    /// Four promotions to each square of `targets`, from `target - delta`.
    fn add_promotions(&mut self, targets: SetOf<M>, delta: i8);
    /// One move of its own (castling, en passant, a warlock's double move).
    fn add_move(&mut self, m: M);
}

/// A list of moves, or of any game's actions a board move converts to.
impl<M: BoardMove, T: From<M>, const N: usize> MoveSink<M> for ArrayVec<T, N> {
    #[inline(always)]
    fn add_piece_moves(&mut self, from: M::Square, targets: SetOf<M>) {
        for to in targets {
            self.push(T::from(M::normal(from, to)));
        }
    }

    #[inline(always)]
    fn add_pawn_moves(&mut self, targets: SetOf<M>, delta: i8) {
        for to in targets {
            self.push(T::from(M::normal(to.shifted(-delta), to)));
        }
    }

    #[inline(always)]
    fn add_promotions(&mut self, targets: SetOf<M>, delta: i8) {
        for to in targets {
            for m in M::promotions(to.shifted(-delta), to) {
                self.push(T::from(m));
            }
        }
    }

    #[inline(always)]
    fn add_move(&mut self, m: M) {
        self.push(T::from(m));
    }
}

/// Counts moves without materialising them (perft's bulk counting).
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl<M: BoardMove> MoveSink<M> for MoveCounter {
    #[inline(always)]
    fn add_piece_moves(&mut self, _from: M::Square, targets: SetOf<M>) {
        self.0 += targets.population() as u64;
    }

    #[inline(always)]
    fn add_pawn_moves(&mut self, targets: SetOf<M>, _delta: i8) {
        self.0 += targets.population() as u64;
    }

    #[inline(always)]
    fn add_promotions(&mut self, targets: SetOf<M>, _delta: i8) {
        self.0 += 4 * targets.population() as u64;
    }

    #[inline(always)]
    fn add_move(&mut self, _m: M) {
        self.0 += 1;
    }
}

impl BoardMove for Move {
    type Square = Square;

    #[inline(always)]
    fn normal(from: Square, to: Square) -> Move {
        Move::new(from, to)
    }

    #[inline(always)]
    fn promotions(from: Square, to: Square) -> [Move; 4] {
        PieceType::PROMOTIONS.map(|piece| Move::promotion(from, to, piece))
    }

    #[inline(always)]
    fn en_passant(from: Square, to: Square) -> Move {
        Move::with_kind(from, to, MoveKind::EnPassant)
    }
}
