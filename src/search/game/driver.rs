//! A game search on the engine's own threads: the chess [`Engine`]'s pool,
//! table, signals and counters run it, so that `stop`, `ponderhit`,
//! `Threads`, `Hash` and the node limits mean for every game what they mean
//! for chess. Each thread runs iterative deepening over its own
//! [`Searcher`] on the shared table (Lazy SMP); thread 0, the main thread,
//! keeps the clock, reports every iteration with MultiPV, and reports the
//! move once the helpers have stopped.
//!
//! [`Engine`]: crate::search::Engine

use super::alphabeta::{Deadline, Searcher};
use super::Game;
use crate::clock::Instant;
use crate::search::aspiration::AspirationWindow;
use crate::search::correction::Correction;
use crate::search::history::Histories;
use crate::search::score::{INFINITE, MAX_PLY};
use crate::search::thread::{SearchThread, Signals, ThreadStats};
use crate::search::time::TimeManager;
use crate::search::tt::TranspositionTable;
use crate::search::{Bound, IterationInfo, Score, SearchLimits};
use crate::types::Color;
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

/// Receives a game search's progress, from the main search thread.
pub trait GameReporter<M>: Send + Sync {
    /// One line of progress; `info.pv` is left empty and the line is `pv`.
    fn iteration(&self, info: &IterationInfo, pv: &[M]);
    /// Exactly once per search; `M::default()` when there is no legal move.
    fn best_move(&self, best: M, ponder: Option<M>);
}

/// A reporter that keeps only the result (tests, self-play tools).
pub struct ResultReporter<M> {
    pub result: Mutex<Option<GameSearchResult<M>>>,
    last: Mutex<Option<(Score, u32, u64)>>,
}

impl<M> Default for ResultReporter<M> {
    fn default() -> Self {
        ResultReporter { result: Mutex::new(None), last: Mutex::new(None) }
    }
}

/// The outcome of a finished game search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSearchResult<M> {
    pub best: M,
    pub ponder: Option<M>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

impl<M: Send> GameReporter<M> for ResultReporter<M> {
    fn iteration(&self, info: &IterationInfo, _pv: &[M]) {
        if info.multipv == 1 {
            *self.last.lock().unwrap() = Some((info.score, info.depth, info.nodes));
        }
    }

    fn best_move(&self, best: M, ponder: Option<M>) {
        let (score, depth, nodes) = self.last.lock().unwrap().unwrap_or((Score::Cp(0), 0, 0));
        *self.result.lock().unwrap() = Some(GameSearchResult { best, ponder, score, depth, nodes });
    }
}

/// One game search, as handed to every thread.
pub struct GameJob<G: Game> {
    pub tt: Arc<TranspositionTable>,
    pub signals: Arc<Signals>,
    pub stats: Arc<[ThreadStats]>,
    /// The position searched, and the keys of the game before it (for
    /// repetitions), the root's last.
    pub root: G,
    pub keys: Vec<u64>,
    /// The colour whose clock the search keeps.
    pub clock_side: Color,
    /// The root moves searched (searchmoves, or every legal move).
    pub root_moves: Vec<G::Move>,
    pub limits: SearchLimits,
    pub multipv: usize,
    pub move_overhead: u64,
    pub reporter: Arc<dyn GameReporter<G::Move>>,
    pub context: G::Context,
    pub start: Instant,
    /// Helpers still searching; the main thread waits for zero.
    pub helpers_running: AtomicUsize,
}

/// A game search a search thread can run, whatever its game.
pub trait GameTask: Send + Sync {
    fn run(&self, thread: &mut SearchThread);
}

impl<G: Game> GameTask for GameJob<G> {
    fn run(&self, thread: &mut SearchThread) {
        let SearchThread { id, histories, game_histories, correction, .. } = thread;
        run(self, *id, G::histories(histories, game_histories), correction);
    }
}

impl<G: Game> GameJob<G> {
    fn total_nodes(&self) -> u64 {
        self.stats.iter().map(|s| s.nodes.load(Relaxed)).sum()
    }
}

/// The clock and the pondering flag, read by the main thread every 1024
/// nodes.
struct Clock<'a> {
    time: RefCell<TimeManager>,
    signals: &'a Signals,
    pondering: Cell<bool>,
}

impl Clock<'_> {
    /// After ponderhit the move is timed from that moment.
    fn notice_ponderhit(&self) {
        if self.pondering.get() && !self.signals.pondering.load(Relaxed) {
            self.pondering.set(false);
            self.time.borrow_mut().restart();
        }
    }
}

impl Deadline for Clock<'_> {
    fn reached(&self) -> bool {
        let stopped = self.signals.poll_host();
        self.notice_ponderhit();
        stopped || (!self.pondering.get() && self.time.borrow().hard_limit_reached())
    }
}

/// A helper's deadline: only `stop`, which the main thread sets.
struct Never;

impl Deadline for Never {
    fn reached(&self) -> bool {
        false
    }
}

/// One line of MultiPV: its score and moves.
#[derive(Clone, Debug)]
struct Line<M> {
    score: i32,
    pv: Vec<M>,
}

/// Runs `job` on search thread `id`, with that thread's histories and
/// correction history. The main thread (0) returns only after reporting the
/// best move and marking the engine idle.
fn run<G: Game>(job: &GameJob<G>, id: usize, histories: &mut Histories, correction: &mut Correction) {
    let root = job.root;
    let clock = Clock {
        time: RefCell::new(TimeManager::new(&job.limits, job.clock_side, job.move_overhead, job.start)),
        signals: &job.signals,
        pondering: Cell::new(job.limits.ponder),
    };
    let main = id == 0;
    let deadline: &dyn Deadline = if main { &clock } else { &Never };
    let mut searcher = Searcher::<G>::new(&job.tt, &job.signals.stop, deadline, &job.keys, histories, correction);
    searcher.counters = Some((&job.stats, id));
    searcher.node_limit = job.limits.nodes.unwrap_or(u64::MAX);
    searcher.context = job.context.clone();
    // A helper's work is only what it leaves in the table: it may be
    // stopped at any node.
    searcher.may_stop = !main;

    let mut best_lines: Vec<Line<G::Move>> = Vec::new();
    if !job.root_moves.is_empty() {
        best_lines = iterative_deepening(job, &mut searcher, &clock, main);
    }
    if !main {
        job.helpers_running.fetch_sub(1, Relaxed);
        return;
    }
    if job.root_moves.is_empty() {
        // The game is over: the score of its end for the side to move
        // (mated, a draw, or in losing chess a win), as chess reports it.
        let internal = root.no_move_score(0);
        let mut over = info(0, 0, 1, Score::from_internal(internal), 0, &clock, job);
        // `mate 0` names a decided game either way; the win/draw/loss
        // figures say which (won: stalemated in losing chess, the other side
        // lost to a mine).
        if internal > 0 {
            over.wdl = (1000, 0, 0);
        }
        job.reporter.iteration(&over, &[]);
    }
    job.signals.hold_move(&job.limits);
    job.signals.stop_helpers(&job.helpers_running);
    // Without a line (a search stopped before any root move was scored),
    // the first legal move.
    let best = best_lines
        .first()
        .and_then(|l| l.pv.first().copied())
        .or_else(|| job.root_moves.first().copied())
        .unwrap_or_default();
    let ponder = best_lines.first().and_then(|l| l.pv.get(1).copied()).filter(|_| {
        // A ponder move is the other player's reply, not our own next move.
        best != G::Move::default() && !root.same_player(&root.make(best))
    });
    job.reporter.best_move(best, ponder);
    job.signals.mark_idle();
}

/// Deepens until a limit or `stop`: the main thread searches and reports
/// every MultiPV line, a helper the best line only. Returns the lines of
/// the last complete iteration, best first.
fn iterative_deepening<G: Game>(
    job: &GameJob<G>,
    searcher: &mut Searcher<G>,
    clock: &Clock,
    main: bool,
) -> Vec<Line<G::Move>> {
    let root = &job.root;
    let mut best_lines: Vec<Line<G::Move>> = Vec::new();
    // `go depth`, and `go mate N` as chess reads it (4N + 6 plies at most).
    let max_depth = job.limits.max_depth().min(MAX_PLY as u32 - 1);
    let lines = if main { job.multipv.clamp(1, job.root_moves.len()) } else { 1 };
    for depth in 1..=max_depth {
        let mut found: Vec<Line<G::Move>> = Vec::with_capacity(lines);
        for _ in 0..lines {
            let mut candidates: Vec<G::Move> =
                job.root_moves.iter().copied().filter(|m| !found.iter().any(|l| l.pv[0] == *m)).collect();
            // The best move of the last iteration first.
            if let Some(previous) = best_lines.get(found.len()).map(|l| l.pv[0]) {
                if let Some(at) = candidates.iter().position(|&m| m == previous) {
                    candidates[..=at].rotate_right(1);
                }
            }
            searcher.root_moves = candidates;
            searcher.seldepth = 0;
            let previous = best_lines.get(found.len()).map(|l| l.score);
            let score = aspiration_search(searcher, root, depth as i32, previous);
            if searcher.stopped {
                // Stopped in the first iteration: its best move so far.
                if best_lines.is_empty() && found.is_empty() && searcher.pv_len[0] > 0 {
                    best_lines.push(Line { score: -INFINITE, pv: searcher.root_pv() });
                }
                break;
            }
            found.push(Line { score, pv: searcher.root_pv() });
        }
        if searcher.stopped {
            break;
        }
        // Each line is searched apart, so a later one can score above an
        // earlier (the table knows more by then): best first, as chess
        // shows them, and the best is the move played.
        found.sort_by_key(|line| std::cmp::Reverse(line.score));
        best_lines = found;
        searcher.first_iteration_done = true;
        if !main {
            continue;
        }
        let nodes = job.total_nodes();
        for (i, line) in best_lines.iter().enumerate() {
            let score = Score::from_internal(line.score);
            let seldepth = (searcher.seldepth as u32).max(depth);
            job.reporter.iteration(&info(depth, seldepth, i + 1, score, nodes, clock, job), &line.pv);
        }
        let best = best_lines[0].score;
        if let (Some(mate), Score::Mate(n)) = (job.limits.mate, Score::from_internal(best)) {
            if n > 0 && n as u32 <= mate {
                break;
            }
        }
        if nodes >= searcher.node_limit || job.signals.stop.load(Relaxed) {
            break;
        }
        clock.notice_ponderhit();
        if !clock.pondering.get() && clock.time.borrow().soft_limit_reached(1.0) {
            break;
        }
    }
    best_lines
}

/// One root search of `depth` in an aspiration window around the line's
/// score of the last iteration (`previous`), as chess does it, widened
/// until the score falls inside; a move that fails high is searched first
/// again.
fn aspiration_search<G: Game>(searcher: &mut Searcher<G>, root: &G, depth: i32, previous: Option<i32>) -> i32 {
    let mut window = AspirationWindow::new(previous.unwrap_or(-INFINITE), depth);
    loop {
        let score = searcher.search(root, depth, 0, window.alpha, window.beta);
        if searcher.stopped {
            return score;
        }
        match window.widen(score, false) {
            None => return score,
            Some(Bound::Lower) if searcher.pv_len[0] > 0 => {
                let best = searcher.pv[0][0];
                if let Some(at) = searcher.root_moves.iter().position(|&m| m == best) {
                    searcher.root_moves[..=at].rotate_right(1);
                }
            }
            Some(_) => {}
        }
    }
}

fn info<G: Game>(
    depth: u32,
    seldepth: u32,
    multipv: usize,
    score: Score,
    nodes: u64,
    clock: &Clock,
    job: &GameJob<G>,
) -> IterationInfo {
    let time_ms = clock.time.borrow().elapsed_ms() as u64;
    IterationInfo {
        depth,
        seldepth,
        multipv,
        score,
        bound: Bound::Exact,
        wdl: score.wdl(),
        nodes,
        nps: nodes * 1000 / time_ms.max(1),
        hashfull: job.tt.hashfull(),
        tb_hits: 0,
        time_ms,
        pv: Vec::new(),
    }
}
