//! Perft: the number of leaves of the legal move tree, which checks move
//! generation against counts found otherwise.

use super::{ElvenMove, ElvenPosition};
use std::sync::atomic::{AtomicBool, Ordering};

/// [`ElvenPosition::perft_until_stopped`], as the session's counting thread
/// calls it.
pub fn perft_until_stopped(position: &ElvenPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
    position.perft_until_stopped(depth, stop)
}

impl ElvenPosition {
    /// The number of move sequences of `depth` plies from here; the last
    /// ply is counted, not made.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self.legal_moves().iter().map(|&m| self.make(m).perft(depth - 1)).sum(),
        }
    }

    /// Perft that gives up (None) once `stop` is set: `go perft` in a
    /// session, which `stop` must end.
    pub fn perft_until_stopped(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        match depth {
            0 => Some(1),
            1 => Some(self.legal_moves().len() as u64),
            _ => self.legal_moves().iter().map(|&m| self.make(m).perft_until_stopped(depth - 1, stop)).sum(),
        }
    }

    /// Perft split by first move: each legal move with its subtree's count.
    pub fn divide(&self, depth: u32) -> Vec<(ElvenMove, u64)> {
        self.legal_moves().iter().map(|&m| (m, if depth <= 1 { 1 } else { self.make(m).perft(depth - 1) })).collect()
    }
}
