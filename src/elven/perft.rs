//! Perft: the number of leaves of the legal move tree, which checks move
//! generation against counts found otherwise; every legal board's perft
//! ([`crate::board::perft`]) on the 10x10 board.

use super::{ElvenMove, ElvenPosition};
use crate::board::perft::{divide, perft};

impl ElvenPosition {
    /// The number of move sequences of `depth` plies from here; the last
    /// ply is counted, not made.
    pub fn perft(&self, depth: u32) -> u64 {
        perft(self, depth)
    }

    /// Perft split by first move: each legal move with its subtree's count.
    pub fn divide(&self, depth: u32) -> Vec<(ElvenMove, u64)> {
        divide(self, depth)
    }
}
