//! Perft: counts the leaves of the legal move tree of a game whose
//! generator gives legal moves (chess, Elven Chess), to check move
//! generation against known counts and to measure its speed. The variants,
//! whose moves are judged by making them, are counted over their trait by
//! `game::perft`.

use super::move_sink::{MoveCounter, MoveSink};
use super::movegen::{stage, MoveRules};
use super::position::Board;
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};

/// What perft needs beyond the generator: a game whose generator gives
/// legal moves, its list, and its make.
pub trait PerftRules: MoveRules {
    /// A list that holds every legal move of any position.
    type List: Default + MoveSink<Self::Move> + Deref<Target = [Self::Move]>;
    /// The position after the legal move `m`.
    fn make(board: &Board<Self>, m: Self::Move) -> Board<Self>;
    /// The number of legal moves after `m`: the last ply's count, where a
    /// game may make the move leaner than in play.
    #[inline(always)]
    fn count_after(board: &Board<Self>, m: Self::Move) -> u64 {
        Self::make(board, m).count_legal_moves()
    }
}

impl<R: PerftRules> Board<R> {
    /// Every legal move.
    #[inline]
    pub fn legal_moves(&self) -> R::List {
        let mut list = R::List::default();
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

/// Subtrees this deep or shallower are counted without looking at the stop
/// flag: a fraction of a second each.
const UNINTERRUPTED_DEPTH: u32 = 5;

/// The number of leaf nodes `depth` plies below `position`. The last ply is
/// bulk-counted: moves are counted, not made.
pub fn perft<R: PerftRules>(position: &Board<R>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        2 => position.legal_moves().iter().map(|&m| R::count_after(position, m)).sum(),
        _ => {
            // Captures first, then quiet moves: each run of moves takes the
            // same branches in make, which the CPU then predicts.
            let mut nodes = 0;
            let mut moves = R::List::default();
            position.generate::<{ stage::NOISY }, _>(&mut moves);
            for &m in moves.iter() {
                nodes += perft(&R::make(position, m), depth - 1);
            }
            moves = R::List::default();
            position.generate::<{ stage::QUIET }, _>(&mut moves);
            for &m in moves.iter() {
                nodes += perft(&R::make(position, m), depth - 1);
            }
            nodes
        }
    }
}

/// [`perft`] that gives up (`None`) soon after `stop` is set: the flag is
/// read before each subtree of depth 5 (`UNINTERRUPTED_DEPTH`) or less.
pub fn perft_until_stopped<R: PerftRules>(position: &Board<R>, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= UNINTERRUPTED_DEPTH {
        return (!stop.load(Ordering::Acquire)).then(|| perft(position, depth));
    }
    let mut nodes = 0;
    for &m in position.legal_moves().iter() {
        nodes += perft_until_stopped(&R::make(position, m), depth - 1, stop)?;
    }
    Some(nodes)
}

/// Perft split by root move: each legal move with its subtree count.
pub fn divide<R: PerftRules>(position: &Board<R>, depth: u32) -> Vec<(R::Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&m| (m, if depth <= 1 { 1 } else { perft(&R::make(position, m), depth - 1) }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn the_stoppable_count_is_the_count_until_stopped() {
        let position = Position::startpos();
        let running = AtomicBool::new(false);
        assert_eq!(perft_until_stopped(&position, 6, &running), Some(perft(&position, 6)));
        assert_eq!(perft_until_stopped(&position, 3, &running), Some(8902));
        let stopped = AtomicBool::new(true);
        assert_eq!(perft_until_stopped(&position, 9, &stopped), None);
        assert_eq!(perft_until_stopped(&position, 2, &stopped), None);
    }
}
