//! What the search tells the outside world: per-iteration information, the
//! current root move, the best move, and the result of a synchronous search.

use super::score::{Bound, Score};
use crate::types::Move;

/// One line of search progress (an `info` line), for one principal
/// variation of a game whose moves are `M` (chess's by default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationInfo<M = Move> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line among the MultiPV lines.
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    /// Win/draw/loss per mille, side to move.
    pub wdl: (u32, u32, u32),
    pub nodes: u64,
    pub nps: u64,
    /// Transposition-table fill, per mille.
    pub hashfull: u32,
    /// Tablebase probes that answered.
    pub tb_hits: u64,
    pub time_ms: u64,
    /// Always a legal line from the root.
    pub pv: Vec<M>,
}

/// Receives search progress of a game whose moves are `M` (chess's by
/// default). Called from the search's main thread.
pub trait Reporter<M = Move>: Send + Sync {
    fn iteration(&self, info: &IterationInfo<M>);
    /// The root move being searched; sent only after a second of search.
    fn current_move(&self, depth: u32, mv: M, number: usize);
    /// Exactly once per search; no move (`M::default()`, chess's
    /// `Move::NONE`) when there is no legal move.
    fn best_move(&self, best: M, ponder: Option<M>);
}

/// A reporter that ignores everything (for benchmarks and tests).
pub struct SilentReporter;

impl<M> Reporter<M> for SilentReporter {
    fn iteration(&self, _info: &IterationInfo<M>) {}
    fn current_move(&self, _depth: u32, _mv: M, _number: usize) {}
    fn best_move(&self, _best: M, _ponder: Option<M>) {}
}

/// The outcome of a finished search, its moves in the table's 16 bits
/// (chess's moves themselves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    pub best: Move,
    pub ponder: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    pub tb_hits: u64,
}

/// The outcome of a finished search of a game whose moves are `M`, in the
/// game's own moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSearchResult<M> {
    pub best: M,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// A reporter that keeps only the result (tests, tools, self-play).
pub struct ResultReporter<M> {
    pub result: std::sync::Mutex<Option<GameSearchResult<M>>>,
    last: std::sync::Mutex<Option<(Score, u32, u64)>>,
}

impl<M> Default for ResultReporter<M> {
    fn default() -> Self {
        ResultReporter { result: Default::default(), last: Default::default() }
    }
}

impl<M: Send> Reporter<M> for ResultReporter<M> {
    fn iteration(&self, info: &IterationInfo<M>) {
        if info.multipv == 1 {
            *self.last.lock().unwrap() = Some((info.score, info.depth, info.nodes));
        }
    }

    fn current_move(&self, _depth: u32, _mv: M, _number: usize) {}

    fn best_move(&self, best: M, ponder: Option<M>) {
        let (score, depth, nodes) = self.last.lock().unwrap().unwrap_or((Score::Cp(0), 0, 0));
        *self.result.lock().unwrap() = Some(GameSearchResult { best, ponder, score, depth, nodes });
    }
}
