//! A search thread: its own stack, histories and root moves, and the
//! iterative-deepening loop around the alpha-beta search. Thread 0 is the
//! main thread: it watches the clock, reports progress, waits for the
//! helpers, picks the best move by a vote among the threads and reports it.

use super::aspiration::AspirationWindow;
use super::correction::{Correction, CorrectionKeys};
use super::history::Histories;
use super::limits::SearchLimits;
use super::parameters::{self as p, percent};
use super::reductions::Reductions;
use super::report::{IterationInfo, Reporter, SearchResult};
use super::score::{is_mate_score, Bound, Score, INFINITE, MAX_PLY};
use super::strength::{Random, StrengthLimit};
use super::time::TimeManager;
use super::tt::TranspositionTable;
use crate::board::Position;
use crate::clock::Instant;
use crate::game::{Game, HistorySizes, Searchable, TableProbe};
use crate::memory::ZeroedSlice;
use crate::nnue::Network;
use crate::types::Move;
use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Flags shared by the engine and every thread, for the engine's lifetime.
#[derive(Default)]
pub struct Signals {
    /// Set to end the running search: by `stop`, or by the search itself
    /// at its limits, to end its helpers.
    pub stop: AtomicBool,
    /// Set by `stop` alone: a move held under `go infinite` or `go ponder`
    /// waits for it (or `ponderhit`), not for the search's own end.
    pub halt: AtomicBool,
    /// True from `go ponder` until `ponderhit`.
    pub pondering: AtomicBool,
    /// True while a search runs; `wait` sleeps on `idle` until it is false.
    pub searching: Mutex<bool>,
    pub idle: Condvar,
    /// The result of the last finished search.
    pub result: Mutex<Option<SearchResult>>,
}

impl Signals {
    /// With `infinite` or while pondering the move waits for `stop` or
    /// `ponderhit`, even when the search itself is over (by depth, nodes,
    /// mate or the strength limit's nodes).
    pub fn hold_move(&self, limits: &SearchLimits) {
        while !self.halt.load(Relaxed) && (limits.infinite || self.pondering.load(Relaxed)) {
            self.pause(Duration::from_millis(1));
        }
    }

    /// Takes the page's `stop` and `ponderhit` (src/web/host.rs): in the
    /// WebAssembly build the search runs inside the call that received
    /// `go`, so the commands that follow cannot reach it as lines. Called by
    /// the main thread with its clock checks; nothing to do natively.
    /// True when the page sent `stop`.
    #[inline(always)]
    pub fn poll_host(&self) -> bool {
        #[cfg(target_arch = "wasm32")]
        {
            self.take_host_signal(crate::host::signal(0.0));
            self.stop.load(Relaxed)
        }
        #[cfg(not(target_arch = "wasm32"))]
        false
    }

    /// Sleeps for `time`, or in the WebAssembly build waits up to `time`
    /// for the page's signal and takes it.
    fn pause(&self, time: Duration) {
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::sleep(time);
        #[cfg(target_arch = "wasm32")]
        self.take_host_signal(crate::host::signal(time.as_secs_f64() * 1000.0));
    }

    #[cfg(target_arch = "wasm32")]
    fn take_host_signal(&self, signal: u32) {
        if signal & crate::host::STOP != 0 {
            self.request_stop();
        }
        if signal & crate::host::PONDERHIT != 0 {
            self.pondering.store(false, Relaxed);
        }
    }

    /// The GUI's `stop`: the search ends and its move is no longer held.
    pub fn request_stop(&self) {
        self.halt.store(true, Relaxed);
        self.stop.store(true, Relaxed);
    }

    /// Stops the helpers and waits until each has left the search.
    pub fn stop_helpers(&self, helpers_running: &AtomicUsize) {
        self.stop.store(true, Relaxed);
        while helpers_running.load(Relaxed) > 0 {
            self.pause(Duration::from_micros(100));
        }
    }

    /// The move is out: the engine is idle, and `wait` returns.
    pub fn mark_idle(&self) {
        let mut searching = self.searching.lock().unwrap();
        *searching = false;
        self.idle.notify_all();
    }
}

/// A thread's finished iteration, for the vote at the end of the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub pv: Vec<Move>,
}

/// Per-thread counters others may read; one cache line each so that the
/// owner's writes do not slow the other threads down.
#[derive(Default)]
#[repr(align(64))]
pub struct ThreadStats {
    pub nodes: AtomicU64,
    pub tb_hits: AtomicU64,
    pub outcome: Mutex<Outcome>,
}

/// Whether the threads of `stats` have together searched `limit` nodes, as
/// a thread that has searched `nodes` of them sees it where there are
/// several: the counters are summed every 256 of its nodes, and at every
/// node once its share could bring the total to the limit. One thread
/// keeps its own count instead, exactly.
pub fn shared_node_limit_reached(stats: &[ThreadStats], nodes: u64, limit: u64) -> bool {
    let threads = stats.len() as u64;
    threads > 1
        && (nodes & 255 == 0 || nodes.saturating_mul(threads) >= limit)
        && stats.iter().map(|s| s.nodes.load(Relaxed)).sum::<u64>() >= limit
}

/// One search of a game (chess by default), as handed to every thread.
pub struct Job<G: Searchable = Position> {
    pub tt: Arc<TranspositionTable>,
    /// The network every thread evaluates with; None: the hand-crafted
    /// evaluation.
    pub network: Option<Arc<Network>>,
    pub signals: Arc<Signals>,
    pub stats: Arc<[ThreadStats]>,
    pub position: G,
    /// What the search knows beyond the position (mined chess: the odds of
    /// the secret mines).
    pub shared: G::Shared,
    /// Keys of the game's positions, the root's last.
    pub keys: Vec<u64>,
    pub root_moves: Vec<G::Move>,
    pub limits: SearchLimits,
    /// Root lines searched.
    pub multipv: usize,
    /// Root lines reported (fewer than searched when strength is limited).
    pub reported_lines: usize,
    /// The weakened level, if any: the move is drawn among the lines.
    pub strength: Option<StrengthLimit>,
    /// Seeds the weakened move choice.
    pub seed: u64,
    /// The endgame tables, if any, and how the search probes them.
    pub tables: TableProbe,
    /// Chooses the line a weakened engine plays among the lines searched
    /// (moves in the table's 16 bits, best first, with their scores): chess
    /// has weakened levels; the other games play their best.
    pub weakened_choice: WeakenedChoice<G>,
    /// Wins and losses the fifty-move rule spoils count as draws.
    pub tb_rule50: bool,
    /// The tables' score of each root move (from the ranking), in the
    /// order of `root_moves`; empty when the root was not ranked.
    pub root_tb_scores: Vec<i32>,
    /// Probes made to rank the root moves.
    pub root_tb_hits: u64,
    pub move_overhead: u64,
    pub reporter: Arc<dyn Reporter<G::Move>>,
    pub start: Instant,
    /// Helpers still searching; the main thread waits for zero.
    pub helpers_running: AtomicUsize,
}

/// How a weakened engine chooses its line among the lines searched of a
/// root of `G` (moves in the table's 16 bits, best first, with their
/// scores): the index of the line played.
pub type WeakenedChoice<G> = fn(&G, &StrengthLimit, &[(Move, i32)], &mut Random) -> usize;

/// A search a thread can run, whatever its game.
pub trait GameTask: Send + Sync {
    fn run(&self, thread: &mut SearchThread);
}

impl<G: Searchable> GameTask for Job<G> {
    fn run(&self, thread: &mut SearchThread) {
        thread.run(self);
    }
}

impl<G: Searchable> Job<G> {
    /// A search of `position` over `root_moves` alone: one thread, signals
    /// and counters of its own, the hand-crafted evaluation, one line, no
    /// endgame tables or weakened level; the engine sets what differs.
    pub fn new(
        tt: Arc<TranspositionTable>,
        position: G,
        shared: G::Shared,
        keys: Vec<u64>,
        root_moves: Vec<G::Move>,
        limits: SearchLimits,
        reporter: Arc<dyn Reporter<G::Move>>,
    ) -> Job<G> {
        Job {
            tt,
            network: None,
            signals: Arc::new(Signals::default()),
            stats: Arc::from(vec![ThreadStats::default()]),
            position,
            shared,
            keys,
            root_moves,
            limits,
            multipv: 1,
            reported_lines: 1,
            strength: None,
            seed: 0,
            tables: TableProbe::default(),
            weakened_choice: |_, _, _, _| 0,
            tb_rule50: true,
            root_tb_scores: Vec::new(),
            root_tb_hits: 0,
            move_overhead: 0,
            reporter,
            start: Instant::now(),
            helpers_running: AtomicUsize::new(0),
        }
    }

    pub fn total_nodes(&self) -> u64 {
        self.stats.iter().map(|s| s.nodes.load(Relaxed)).sum()
    }

    pub fn total_tb_hits(&self) -> u64 {
        self.root_tb_hits + self.stats.iter().map(|s| s.tb_hits.load(Relaxed)).sum::<u64>()
    }
}

/// A root move with what the last iterations learnt about it; its move and
/// line in the table's 16 bits (`Game::to_table`).
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// Score of the current iteration; -INFINITE when only known to be
    /// worse than the best.
    pub score: i32,
    pub previous_score: i32,
    pub seldepth: usize,
    /// The principal variation starting with `mv`.
    pub pv: Vec<Move>,
    /// Nodes spent below this move in the current iteration.
    pub nodes: u64,
    /// The tables' score, reported instead of a search score that is not
    /// a mate when the root was ranked by them.
    pub tb_score: Option<i32>,
}

/// One ply of the search stack.
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame {
    /// The static evaluation with the correction history's correction.
    pub static_eval: i32,
    /// The evaluation as the network (or the hand-crafted one) gives it.
    pub raw_eval: i32,
    /// Where the node's correction entries are.
    pub correction_keys: CorrectionKeys,
    /// The killers and the excluded move below are kept in the table's 16
    /// bits (`Game::to_table`).
    pub killers: [Move; 2],
    /// The move made from this ply as its (man, square) pair, the key of
    /// the continuation tables (None: a null move, or a move without a man
    /// that lands: a pass, a mine).
    pub moved: Option<usize>,
    /// The move made from this ply is the null move.
    pub null_move: bool,
    /// The move a singular-extension search leaves out.
    pub excluded: Move,
    pub in_check: bool,
    /// Beta cutoffs at this ply since the node two plies up began.
    pub cutoffs: u16,
}

/// Index of ply 0 in the stack; frames below it stand for "no move".
pub const STACK_OFFSET: usize = 4;

pub struct SearchThread {
    pub id: usize,
    pub histories: Histories,
    pub correction: Correction,
    /// The histories of a game whose board is not chess's (sized by that
    /// game on its first search, kept like the chess ones): swapped with
    /// `histories` while that game is searched.
    pub game_histories: Option<Histories>,
    pub reductions: Reductions,
    /// What each game's evaluation keeps from node to node
    /// (`Searchable::Workspace`), one for every game this thread has
    /// searched; a search takes its game's out and puts it back.
    workspaces: Vec<Box<dyn Any + Send>>,
    pub stack: Vec<Frame>,
    pub pv: ZeroedSlice<[Move; MAX_PLY + 1]>,
    pub pv_len: Vec<usize>,
    /// Keys of the game and of the current search path.
    pub keys: Vec<u64>,
    /// Index of the root position in `keys`.
    pub root_index: usize,
    /// Repetitions are not looked for across a null move: index of the
    /// first key after the latest one on the path.
    pub null_barrier: usize,
    pub root_moves: Vec<RootMove>,
    pub pv_index: usize,
    pub root_depth: i32,
    pub completed_depth: u32,
    pub nodes: u64,
    pub tb_hits: u64,
    pub seldepth: usize,
    pub stopped: bool,
    /// The position is searched for `go ponder` (main thread: no clock yet).
    pub pondering: bool,
    pub time: Option<TimeManager>,
    /// When the `go` came: reported times count from here, also after a
    /// `ponderhit` restarts the time manager's clock.
    pub started: Instant,
    /// Best-move changes in recent iterations (main thread).
    pub best_move_changes: f64,
    /// The first line of the last `info` report (main thread).
    pub last_reported: Option<Outcome>,
    /// The root lines of the last completed iteration, best first (main
    /// thread, with a strength limit): the moves a weakened engine draws from.
    pub candidates: Vec<RootMove>,
}

impl SearchThread {
    /// Thread `id` (0 is the main thread), or why its tables (3.5 MiB) could
    /// not be had.
    pub fn try_new(id: usize) -> Result<SearchThread, String> {
        Ok(SearchThread {
            id,
            histories: Histories::try_new()?,
            correction: Correction::try_new()?,
            game_histories: None,
            reductions: Reductions::new(),
            workspaces: Vec::new(),
            stack: vec![Frame::default(); MAX_PLY + STACK_OFFSET + 4],
            pv: ZeroedSlice::new(MAX_PLY + 1)?,
            pv_len: vec![0; MAX_PLY + 1],
            keys: Vec::new(),
            root_index: 0,
            null_barrier: 0,
            root_moves: Vec::new(),
            pv_index: 0,
            root_depth: 0,
            completed_depth: 0,
            nodes: 0,
            tb_hits: 0,
            seldepth: 0,
            stopped: false,
            pondering: false,
            time: None,
            started: Instant::now(),
            best_move_changes: 0.0,
            last_reported: None,
            candidates: Vec::new(),
        })
    }

    /// Makes the workspace of `G` ahead of its first search, or says why
    /// its memory could not be had (the engine's threads make chess's when
    /// they start).
    pub fn make_workspace<G: Searchable>(&mut self) -> Result<(), String> {
        let workspace = self.take_workspace::<G>()?;
        self.workspaces.push(workspace);
        Ok(())
    }

    /// The workspace of `G`, taken out of those kept (made where this
    /// thread has not searched `G` before).
    fn take_workspace<G: Searchable>(&mut self) -> Result<Box<G::Workspace>, String> {
        let kept = self.workspaces.iter().position(|w| w.is::<G::Workspace>());
        match kept.map(|index| self.workspaces.swap_remove(index).downcast::<G::Workspace>()) {
            Some(Ok(workspace)) => Ok(workspace),
            _ => Ok(Box::new(G::new_workspace(MAX_PLY + 2)?)),
        }
    }

    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// ucinewgame: forget what was learnt.
    pub fn clear(&mut self) {
        self.histories.clear();
        self.correction.clear();
        if let Some(histories) = &mut self.game_histories {
            histories.clear();
        }
    }

    /// Counts a node and says whether the search must unwind now. The main
    /// thread also enforces the limits, and never before its first
    /// iteration is complete, so that there is always a move to play.
    #[inline(always)]
    pub fn count_node_and_check_stop<G: Searchable>(&mut self, job: &Job<G>) -> bool {
        // A search that is over unwinds without counting: the node limit
        // is the number of nodes searched, however the unwinding goes.
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        job.stats[self.id].nodes.store(self.nodes, Relaxed);
        // A node limit with several threads: every thread's count together
        // (`shared_node_limit_reached`). A helper sums too and stops itself
        // there, so that helpers cannot run far past the limit while the
        // main thread waits for a core; the main thread stops them all once
        // it has a move.
        let limit_reached =
            |nodes: u64| job.limits.nodes.is_some_and(|limit| shared_node_limit_reached(&job.stats, nodes, limit));
        if !self.is_main() {
            self.stopped = limit_reached(self.nodes) || job.signals.stop.load(Relaxed);
            return self.stopped;
        }
        if self.completed_depth == 0 {
            return false;
        }
        let mut stop = job.signals.stop.load(Relaxed);
        if let Some(limit) = job.limits.nodes {
            stop |= if job.stats.len() > 1 { limit_reached(self.nodes) } else { self.nodes >= limit };
        }
        if self.nodes & 1023 == 0 {
            stop |= job.signals.poll_host();
            self.notice_ponderhit(job);
            if !self.pondering {
                stop |= self.time.as_ref().is_some_and(|t| t.hard_limit_reached());
            }
        }
        if stop {
            self.stopped = true;
            job.signals.stop.store(true, Relaxed);
        }
        stop
    }

    /// After ponderhit our clock runs: time the move from now on.
    fn notice_ponderhit<G: Searchable>(&mut self, job: &Job<G>) {
        if self.pondering && !job.signals.pondering.load(Relaxed) {
            self.pondering = false;
            if let Some(time) = self.time.as_mut() {
                time.restart();
            }
        }
    }

    /// Runs one search on this thread. The main thread returns only after
    /// reporting the best move.
    pub fn run<G: Searchable>(&mut self, job: &Job<G>) {
        let swapped = self.take_histories_of::<G>();
        self.prepare(job);
        match self.take_workspace::<G>() {
            Ok(mut workspace) => {
                job.position.prepare_evaluation(&mut workspace, job.network.as_ref());
                if !self.root_moves.is_empty() {
                    self.iterative_deepening(job, &mut workspace);
                }
                self.workspaces.push(workspace);
            }
            // No memory for this game's evaluation: the first legal move,
            // unsearched, so that a move is still played.
            Err(_) => {
                if let Some(first) = self.root_moves.first() {
                    *job.stats[self.id].outcome.lock().unwrap() = Outcome { pv: vec![first.mv], ..Outcome::default() };
                }
            }
        }
        if swapped {
            self.take_histories_of::<G>();
        }
        if self.is_main() {
            self.finish(job);
        } else {
            job.helpers_running.fetch_sub(1, Relaxed);
        }
    }

    /// Puts the histories of `G` (sized by `Game::HISTORY_SIZES`: chess's,
    /// or others made for a larger board) in `histories`, where the search
    /// reads them, by swapping them with the chess ones; true where it
    /// swapped, so that a second call swaps them back.
    fn take_histories_of<G: Searchable>(&mut self) -> bool {
        let sizes = G::HISTORY_SIZES;
        if sizes == HistorySizes::CHESS {
            return false;
        }
        // Swapping in (the chess histories in place): made where missing or
        // sized for another game; swapping back, they are the chess ones.
        let swapping_in = self.histories.sizes() == HistorySizes::CHESS;
        if swapping_in && self.game_histories.as_ref().is_none_or(|other| other.sizes() != sizes) {
            let made = Histories::with_sizes(sizes.quiet, sizes.capture, sizes.trails);
            self.game_histories = Some(made.expect("the histories of a larger board"));
        }
        let other = self.game_histories.as_mut().expect("made above");
        std::mem::swap(&mut self.histories, other);
        true
    }

    fn prepare<G: Searchable>(&mut self, job: &Job<G>) {
        self.keys.clear();
        self.keys.reserve(job.keys.len() + MAX_PLY + 8);
        self.keys.extend_from_slice(&job.keys);
        self.root_index = self.keys.len() - 1;
        self.null_barrier = 0;
        self.root_moves = job
            .root_moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| RootMove {
                mv: G::to_table(mv),
                score: -INFINITE,
                previous_score: -INFINITE,
                seldepth: 0,
                pv: Vec::with_capacity(MAX_PLY),
                nodes: 0,
                tb_score: job.root_tb_scores.get(i).copied(),
            })
            .collect();
        self.stack.fill(Frame::default());
        // The tuning build's reductions follow parameters set since.
        if super::parameters::TUNABLE {
            self.reductions = Reductions::new();
        }
        self.completed_depth = 0;
        self.nodes = 0;
        self.tb_hits = 0;
        self.stopped = false;
        self.pondering = job.limits.ponder;
        self.best_move_changes = 0.0;
        self.candidates.clear();
        self.time = Some(TimeManager::new(&job.limits, job.position.clock_side(), job.move_overhead, job.start));
        self.started = job.start;
        self.last_reported = None;
        *job.stats[self.id].outcome.lock().unwrap() = Outcome::default();
    }

    fn iterative_deepening<G: Searchable>(&mut self, job: &Job<G>, workspace: &mut G::Workspace) {
        let max_depth = job.limits.max_depth();
        let lines = job.multipv.clamp(1, self.root_moves.len());
        let mut stable_iterations = 0;
        let mut previous_best = Move::NONE;
        let mut previous_score = -INFINITE;
        for depth in 1..=max_depth {
            self.root_depth = depth as i32;
            self.best_move_changes *= percent(p::time_best_move_change_decay());
            for root_move in &mut self.root_moves {
                root_move.previous_score = root_move.score;
                root_move.nodes = 0;
            }
            for pv_index in 0..lines {
                self.pv_index = pv_index;
                self.seldepth = 0;
                self.aspiration_search(job, workspace, depth);
                if self.stopped {
                    break;
                }
                self.root_moves[..=pv_index].sort_by_key(|r| -r.score);
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            let best = &self.root_moves[0];
            *job.stats[self.id].outcome.lock().unwrap() =
                Outcome { depth, seldepth: best.seldepth as u32, score: best.score, pv: best.pv.clone() };
            if !self.is_main() {
                continue;
            }
            if job.strength.is_some() {
                self.candidates.clear();
                self.candidates.extend(self.root_moves[..lines].iter().filter(|r| r.score > -INFINITE).cloned());
            }
            self.report_lines(job, lines.min(job.reported_lines), Bound::Exact);

            // The limits that end the search between iterations.
            let best_score = self.root_moves[0].score;
            if let (Some(mate), Score::Mate(n)) = (job.limits.mate, Score::from_internal(best_score)) {
                if n > 0 && n as u32 <= mate {
                    break;
                }
            }
            let best_move = self.root_moves[0].mv;
            stable_iterations = if best_move == previous_best { stable_iterations + 1 } else { 0 };
            previous_best = best_move;
            self.notice_ponderhit(job);
            if !self.pondering && self.time.as_ref().is_some_and(|t| t.is_limited()) {
                // Think longer when the best move keeps changing or the
                // score falls; less when one move takes most of the effort.
                let stability = percent(p::time_stability_base())
                    - percent(p::time_stability_step()) * stable_iterations.min(p::time_stable_iterations()) as f64
                    + percent(p::time_best_move_change_weight()) * self.best_move_changes;
                let drop = if previous_score == -INFINITE {
                    0
                } else {
                    (previous_score - best_score).clamp(0, p::time_score_drop_max())
                };
                let falling = 1.0 + drop as f64 / p::time_score_drop_divisor() as f64;
                let total: u64 = self.root_moves.iter().map(|r| r.nodes).sum();
                let fraction = self.root_moves[0].nodes as f64 / total.max(1) as f64;
                let effort = percent(p::time_effort_base()) + percent(p::time_effort_weight()) * (1.0 - fraction);
                let scale =
                    (stability * falling * effort).clamp(percent(p::time_scale_min()), percent(p::time_scale_max()));
                if self.time.as_ref().is_some_and(|t| t.soft_limit_reached(scale)) {
                    break;
                }
            }
            previous_score = best_score;
        }
    }

    /// Searches line `pv_index` at `depth` in a window around the last
    /// iteration's score, widening it on each failure.
    fn aspiration_search<G: Searchable>(&mut self, job: &Job<G>, workspace: &mut G::Workspace, depth: u32) {
        let previous = self.root_moves[self.pv_index].previous_score;
        let mut window = AspirationWindow::new(previous, depth as i32);
        loop {
            let score = self.search_root(job, workspace, window.alpha, window.beta, depth as i32);
            self.root_moves[self.pv_index..].sort_by_key(|r| -r.score);
            if self.stopped {
                return;
            }
            let Some(bound) = window.widen(score, true) else { return };
            if self.is_main() && self.elapsed_ms() > 3000 {
                self.report_lines(job, 1, bound);
            }
        }
    }

    /// Milliseconds since the `go`.
    pub fn elapsed_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Reports the first `lines` root moves' lines; `bound` is the first
    /// line's when only one is searched (an aspiration window failed).
    fn report_lines<G: Searchable>(&mut self, job: &Job<G>, lines: usize, bound: Bound) {
        for i in 0..lines.min(self.root_moves.len()) {
            let line = &self.root_moves[i];
            if line.score == -INFINITE || line.pv.is_empty() {
                continue;
            }
            let depth = if i <= self.pv_index { self.root_depth } else { self.root_depth - 1 }.max(1) as u32;
            // Where the tables ranked the root, their verdict is the score,
            // unless the search has found a mate.
            let table_score = line.tb_score.filter(|_| !is_mate_score(line.score));
            let bound = if table_score.is_some() || lines > 1 || i > 0 { Bound::Exact } else { bound };
            let score = table_score.unwrap_or(line.score);
            let shown = Outcome { depth, seldepth: line.seldepth as u32, score, pv: line.pv.clone() };
            self.report(job, &shown, i + 1, bound);
            if i == 0 {
                self.last_reported = (bound == Bound::Exact).then_some(shown);
            }
        }
    }

    /// One `info` line. The line stops where the game would end by rule.
    fn report<G: Searchable>(&self, job: &Job<G>, line: &Outcome, multipv: usize, bound: Bound) {
        let nodes = job.total_nodes();
        let time_ms = self.elapsed_ms();
        let score = Score::from_internal(line.score);
        let pv = line_moves(&job.position, &line.pv);
        let shown = job.position.moves_before_game_end(&job.keys, &pv);
        job.reporter.iteration(&IterationInfo {
            depth: line.depth,
            seldepth: line.seldepth,
            multipv,
            score,
            bound,
            wdl: score.wdl(),
            nodes,
            nps: nodes * 1000 / time_ms.max(1),
            hashfull: job.tt.hashfull(),
            tb_hits: job.total_tb_hits(),
            time_ms,
            pv: pv[..shown].to_vec(),
        });
    }

    /// Main thread, after its iterations: waits until the move may be
    /// reported, stops the helpers, picks the move and reports it.
    fn finish<G: Searchable>(&mut self, job: &Job<G>) {
        if self.root_moves.is_empty() {
            // The game is over: the score of its end for the side to move
            // (mated, a draw, or in losing chess a win). `mate 0` names a
            // decided game either way; the win/draw/loss figures say which
            // (won: stalemated in losing chess, the other side lost to a
            // mine).
            let internal = job.position.no_move_score(0);
            let score = Score::from_internal(internal);
            job.reporter.iteration(&IterationInfo {
                depth: 0,
                seldepth: 0,
                multipv: 1,
                score,
                bound: Bound::Exact,
                wdl: if internal > 0 { (1000, 0, 0) } else { score.wdl() },
                nodes: 0,
                nps: 0,
                hashfull: job.tt.hashfull(),
                tb_hits: job.total_tb_hits(),
                time_ms: self.elapsed_ms(),
                pv: Vec::new(),
            });
        }
        job.signals.hold_move(&job.limits);
        job.signals.stop_helpers(&job.helpers_running);

        let outcome = match job.strength {
            Some(strength) => self.weakened_choice(job, &strength),
            None => self.vote(job),
        };
        // The GUI shows the last line it was sent as the engine's choice:
        // when the vote (or the strength limit) chose another line, that
        // line comes too.
        if !outcome.pv.is_empty() && self.last_reported.as_ref().map(|shown| &shown.pv) != Some(&outcome.pv) {
            self.report(job, &outcome, 1, Bound::Exact);
        }
        let best = outcome.pv.first().copied().unwrap_or(Move::NONE);
        let best_move = job.position.table_move(best);
        // A ponder move is the other player's reply, not the player's own
        // next move of a turn of several.
        let replies = best.is_some() && !job.position.same_player(&job.position.make(best_move));
        let ponder = outcome.pv.get(1).copied().or_else(|| self.ponder_from_table(job, best)).filter(|_| replies);
        let ponder_move = ponder.map(|p| job.position.make(best_move).table_move(p));
        let result = SearchResult {
            best,
            ponder,
            score: Score::from_internal(outcome.score),
            depth: outcome.depth,
            nodes: job.total_nodes(),
            tb_hits: job.total_tb_hits(),
        };
        *job.signals.result.lock().unwrap() = Some(result);
        job.reporter.best_move(best_move, ponder_move);
        job.signals.mark_idle();
    }

    /// The outcome to play: each thread votes for its best move with a
    /// weight growing with its depth and its score; a proven mate wins.
    /// A search to a given depth, or for several lines, plays the main
    /// thread's line: it is the one that completed that depth and whose
    /// lines were shown, where a helper may have stopped one short.
    fn vote<G: Searchable>(&self, job: &Job<G>) -> Outcome {
        let voters = if job.limits.depth.is_some() || job.multipv > 1 { 1 } else { job.stats.len() };
        let outcomes: Vec<Outcome> = job.stats[..voters]
            .iter()
            .map(|s| s.outcome.lock().unwrap().clone())
            .filter(|o| !o.pv.is_empty())
            .collect();
        let Some(main) = outcomes.first().cloned() else {
            // Not even one iteration finished (no legal move).
            return Outcome { depth: 0, seldepth: 0, score: job.position.no_move_score(0), pv: Vec::new() };
        };
        if outcomes.len() == 1 || self.root_moves.len() == 1 {
            return main;
        }
        let lowest = outcomes.iter().map(|o| o.score).min().unwrap_or(0);
        let votes = |m: Move| -> i64 {
            let offset = p::vote_score_offset();
            outcomes.iter().filter(|o| o.pv[0] == m).map(|o| (o.score - lowest + offset) as i64 * o.depth as i64).sum()
        };
        let mut best = &outcomes[0];
        for candidate in &outcomes[1..] {
            let better = if is_mate_score(best.score) && best.score > 0 {
                candidate.score > best.score
            } else {
                votes(candidate.pv[0]) > votes(best.pv[0])
                    || (candidate.pv[0] == best.pv[0] && candidate.depth > best.depth)
            };
            if better {
                best = candidate;
            }
        }
        best.clone()
    }

    /// The move of a weakened engine: drawn among the main thread's lines
    /// of its last completed iteration.
    fn weakened_choice<G: Searchable>(&self, job: &Job<G>, strength: &StrengthLimit) -> Outcome {
        if self.candidates.is_empty() {
            return self.vote(job);
        }
        let lines: Vec<(Move, i32)> = self.candidates.iter().map(|r| (r.mv, r.score)).collect();
        let chosen =
            &self.candidates[(job.weakened_choice)(&job.position, strength, &lines, &mut Random::new(job.seed))];
        Outcome {
            depth: self.completed_depth,
            seldepth: chosen.seldepth as u32,
            score: chosen.score,
            pv: chosen.pv.clone(),
        }
    }

    /// Counts a tablebase probe that answered.
    #[inline]
    pub fn count_tb_hit<G: Searchable>(&mut self, job: &Job<G>) {
        self.tb_hits += 1;
        job.stats[self.id].tb_hits.store(self.tb_hits, Relaxed);
    }

    /// A reply to `best` from the table, when the PV has none.
    fn ponder_from_table<G: Searchable>(&self, job: &Job<G>, best: Move) -> Option<Move> {
        if best.is_none() {
            return None;
        }
        let child = job.position.make(job.position.table_move(best));
        let entry = job.tt.probe(child.key(), 1)?;
        child.is_legal(child.table_move(entry.mv)).then_some(entry.mv)
    }
}

/// A line kept in the table's 16 bits, in the game's moves: each read back
/// in the position it is played from.
fn line_moves<G: Game>(root: &G, line: &[Move]) -> Vec<G::Move> {
    let mut position = *root;
    let mut moves = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        let m = position.table_move(m);
        moves.push(m);
        if i + 1 < line.len() {
            position = position.make(m);
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::elven::ElvenPosition;
    use crate::search::tt::TranspositionTable;
    use crate::search::{SearchLimits, SilentReporter};

    /// A search of `position` to depth 3 on `thread`; its node count.
    fn searched<G: Searchable<Shared = ()>>(thread: &mut SearchThread, position: G) -> u64 {
        let tt = Arc::new(TranspositionTable::new(1).unwrap());
        let moves = position.legal_moves().to_vec();
        let job =
            Job::new(tt, position, (), vec![position.key()], moves, SearchLimits::depth(3), Arc::new(SilentReporter));
        thread.run(&job);
        thread.nodes
    }

    #[test]
    fn a_thread_keeps_one_workspace_for_each_game_it_has_searched() {
        let mut thread = SearchThread::try_new(0).unwrap();
        assert!(thread.workspaces.is_empty());
        let chess = searched(&mut thread, Position::startpos());
        assert_eq!(thread.workspaces.len(), 1);
        let elven = searched(&mut thread, ElvenPosition::startpos());
        assert_eq!(thread.workspaces.len(), 2);
        // Each game finds its own again, made once.
        assert!(searched(&mut thread, Position::startpos()) > 0);
        assert!(searched(&mut thread, ElvenPosition::startpos()) > 0);
        assert_eq!(thread.workspaces.len(), 2);
        assert!(chess > 0 && elven > 0);
        // Made ahead of a search, it is the one the search takes.
        let mut ready = SearchThread::try_new(0).unwrap();
        ready.make_workspace::<Position>().unwrap();
        searched(&mut ready, Position::startpos());
        assert_eq!(ready.workspaces.len(), 1);
    }
}
