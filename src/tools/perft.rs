//! Perft: counts the leaves of the legal move tree, to check move generation
//! against known counts and to measure its speed.

use crate::board::{stage, MoveList, Position};
use crate::types::Move;

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

/// Perft split by root move: each legal move with its subtree count.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&m| (m, if depth <= 1 { 1 } else { perft(&position.make_move(m), depth - 1) }))
        .collect()
}
