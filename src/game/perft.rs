//! Perft for every game of the [`Game`] trait (the variants, and chess and
//! Elven Chess through it): every move made, so that the count checks the
//! make too, the last ply counted ([`Game::count_legal_moves`]). The perft
//! of the games whose generator gives legal moves (chess, Elven Chess),
//! with a lean make at the last ply where the game has one and its staged
//! generator, is `board::perft`.

use super::Game;
use std::sync::atomic::{AtomicBool, Ordering};

/// The number of move sequences of `depth` plies from `position`.
pub fn game_perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => position.legal_moves().iter().map(|&m| game_perft(&position.make(m), depth - 1)).sum(),
    }
}

/// [`game_perft`] that gives up (`None`) soon after `stop` is set: the flag
/// is read before each subtree of depth 3 or less.
pub fn game_perft_until_stopped<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 3 {
        return (!stop.load(Ordering::Acquire)).then(|| game_perft(position, depth));
    }
    let mut nodes = 0;
    for &m in position.legal_moves().iter() {
        nodes += game_perft_until_stopped(&position.make(m), depth - 1, stop)?;
    }
    Some(nodes)
}

/// [`game_perft`] split by first move: each legal move with its subtree's
/// count.
pub fn game_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    position.legal_moves().iter().map(|&m| (m, game_perft(&position.make(m), depth.max(1) - 1))).collect()
}
