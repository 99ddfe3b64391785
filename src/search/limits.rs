//! What a `go` command asks for.

use super::score::MAX_PLY;
use crate::types::Move;

/// The deepest iteration the search can run: its stack holds `MAX_PLY`
/// plies.
pub const MAX_DEPTH: u32 = MAX_PLY as u32 - 1;

/// The limits of one search. The default is no limit: search until `stop`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Clocks in milliseconds. Zero or negative means "move at once".
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    /// Increments in milliseconds.
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Stop once a mate in this many moves (or fewer) is found.
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// Restricts the root to these moves; empty means every legal move.
    pub searchmoves: Vec<Move>,
}

impl SearchLimits {
    /// A search to a fixed depth.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits { depth: Some(depth), ..SearchLimits::default() }
    }

    /// A search of a fixed number of nodes.
    pub fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits { nodes: Some(nodes), ..SearchLimits::default() }
    }

    /// A search of a fixed time.
    pub fn movetime(ms: u64) -> SearchLimits {
        SearchLimits { movetime: Some(ms), ..SearchLimits::default() }
    }

    /// The deepest iteration to run: `depth` if given, at most
    /// [`MAX_DEPTH`]. A search for a mate in `n` moves (2n - 1 plies) goes
    /// twice that deep and 8 plies more, as reductions and pruning can hide
    /// a mate from shallower iterations, and then ends: without a bound, it
    /// would search until `stop` where no such mate exists.
    pub fn max_depth(&self) -> u32 {
        let mate = self.mate.map_or(MAX_DEPTH, |moves| moves.saturating_mul(4).saturating_add(6));
        self.depth.unwrap_or(MAX_DEPTH).min(mate).clamp(1, MAX_DEPTH)
    }
}
