//! Perft: counts the leaves of chess's legal move tree, to check move
//! generation against known counts and to measure its speed. The other
//! games' perft, over their shared trait, is `game::perft`.

use super::{stage, MoveList, Position};
use crate::types::Move;
use std::sync::atomic::{AtomicBool, Ordering};

/// Subtrees this deep or shallower are counted without looking at the stop
/// flag: a fraction of a second each.
const UNINTERRUPTED_DEPTH: u32 = 5;

/// The number of leaf nodes `depth` plies below `position`. The last ply is
/// bulk-counted: moves are counted, not made.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        2 => position.legal_moves().iter().map(|&m| position.count_legal_moves_after(m)).sum(),
        _ => {
            // Captures first, then quiet moves: each run of moves takes the
            // same branches in make_move, which the CPU then predicts.
            let mut nodes = 0;
            let mut moves = MoveList::new();
            position.generate::<{ stage::NOISY }, _>(&mut moves);
            for &m in &moves {
                nodes += perft(&position.make_move(m), depth - 1);
            }
            moves.clear();
            position.generate::<{ stage::QUIET }, _>(&mut moves);
            for &m in &moves {
                nodes += perft(&position.make_move(m), depth - 1);
            }
            nodes
        }
    }
}

/// [`perft`] that gives up (`None`) soon after `stop` is set: the flag is
/// read before each subtree of depth 5 (`UNINTERRUPTED_DEPTH`) or less.
pub fn perft_until_stopped(position: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= UNINTERRUPTED_DEPTH {
        return (!stop.load(Ordering::Acquire)).then(|| perft(position, depth));
    }
    let mut nodes = 0;
    for &m in position.legal_moves().iter() {
        nodes += perft_until_stopped(&position.make_move(m), depth - 1, stop)?;
    }
    Some(nodes)
}

/// Perft split by root move: each legal move with its subtree count.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&m| (m, if depth <= 1 { 1 } else { perft(&position.make_move(m), depth - 1) }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
