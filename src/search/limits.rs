//! What a `go` command asks for.

use crate::types::Move;

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
}
