//! Running a variant search: a thread of its own, iterative deepening with
//! MultiPV over the [`Searcher`], the chess engine's time management and
//! limits, and progress told to a [`VariantReporter`]. The table is the
//! chess engine's own (the two never search at once), so `Hash` and
//! `Clear Hash` apply to both.

use super::action::Action;
use super::game::VariantGame;
use super::mines::MineOdds;
use super::search::{Deadline, Searcher};
use crate::search::score::{INFINITE, MAX_PLY};
use crate::search::time::TimeManager;
use crate::search::tt::TranspositionTable;
use crate::search::{Bound, IterationInfo, Score, SearchLimits};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Receives a variant search's progress, from the search thread.
pub trait VariantReporter: Send + Sync {
    /// One line of progress; `info.pv` is left empty and the line is `pv`.
    fn iteration(&self, info: &IterationInfo, pv: &[Action]);
    /// Exactly once per search; `Action::NONE` when there is no legal move.
    fn best_move(&self, best: Action, ponder: Option<Action>);
}

/// A reporter that keeps only the result (tests, self-play tools).
#[derive(Default)]
pub struct ResultReporter {
    pub result: Mutex<Option<VariantSearchResult>>,
    last: Mutex<Option<(Score, u32, u64)>>,
}

/// The outcome of a finished variant search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantSearchResult {
    pub best: Action,
    pub ponder: Option<Action>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

impl VariantReporter for ResultReporter {
    fn iteration(&self, info: &IterationInfo, _pv: &[Action]) {
        if info.multipv == 1 {
            *self.last.lock().unwrap() = Some((info.score, info.depth, info.nodes));
        }
    }

    fn best_move(&self, best: Action, ponder: Option<Action>) {
        let (score, depth, nodes) = self.last.lock().unwrap().unwrap_or((Score::Cp(0), 0, 0));
        *self.result.lock().unwrap() = Some(VariantSearchResult { best, ponder, score, depth, nodes });
    }
}

#[derive(Default)]
struct Signals {
    stop: AtomicBool,
    pondering: AtomicBool,
}

/// The variant search's side of the engine: one search thread at a time.
#[derive(Default)]
pub struct VariantEngine {
    signals: Arc<Signals>,
    thread: Option<JoinHandle<()>>,
}

/// Everything one search needs.
pub struct VariantJob {
    pub game: VariantGame,
    pub limits: SearchLimits,
    /// Restricts the root; empty means every legal action.
    pub searchmoves: Vec<Action>,
    pub multipv: usize,
    pub move_overhead: u64,
    pub tt: Arc<TranspositionTable>,
    pub reporter: Arc<dyn VariantReporter>,
    /// Mined chess: the odds of the secret mines; None: the game's own.
    pub mine_odds: Option<MineOdds>,
}

impl VariantEngine {
    pub fn new() -> VariantEngine {
        VariantEngine::default()
    }

    /// Starts a search and returns at once.
    pub fn start(&mut self, job: VariantJob) {
        self.stop();
        self.wait();
        self.signals.stop.store(false, Relaxed);
        self.signals.pondering.store(job.limits.ponder, Relaxed);
        let signals = Arc::clone(&self.signals);
        let start = Instant::now();
        let thread = std::thread::Builder::new()
            .name("variant-search".to_string())
            .stack_size(64 << 20)
            .spawn(move || run(&job, &signals, start))
            .expect("spawning the variant search thread");
        self.thread = Some(thread);
    }

    pub fn stop(&self) {
        self.signals.stop.store(true, Relaxed);
    }

    pub fn ponderhit(&self) {
        self.signals.pondering.store(false, Relaxed);
    }

    /// Blocks until the running search, if any, has reported its move.
    pub fn wait(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Searches to the limits and returns the result (tests, tools).
    pub fn search_sync(
        &mut self,
        game: &VariantGame,
        limits: SearchLimits,
        tt: Arc<TranspositionTable>,
    ) -> VariantSearchResult {
        self.search_sync_with_odds(game, limits, tt, None)
    }

    /// [`VariantEngine::search_sync`] with the odds of the secret mines
    /// given (mined chess), or read from the game where None.
    pub fn search_sync_with_odds(
        &mut self,
        game: &VariantGame,
        limits: SearchLimits,
        tt: Arc<TranspositionTable>,
        mine_odds: Option<MineOdds>,
    ) -> VariantSearchResult {
        let reporter = Arc::new(ResultReporter::default());
        let job = VariantJob {
            game: game.clone(),
            limits,
            searchmoves: Vec::new(),
            multipv: 1,
            move_overhead: 0,
            tt,
            reporter: Arc::clone(&reporter) as Arc<dyn VariantReporter>,
            mine_odds,
        };
        self.start(job);
        self.wait();
        let result = reporter.result.lock().unwrap().take();
        result.expect("a finished search reports its move")
    }
}

impl Drop for VariantEngine {
    fn drop(&mut self) {
        self.stop();
        self.signals.pondering.store(false, Relaxed);
        self.wait();
    }
}

/// The clock and the pondering flag, read by the search every 1024 nodes.
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
        self.notice_ponderhit();
        !self.pondering.get() && self.time.borrow().hard_limit_reached()
    }
}

/// One line of MultiPV: its score and moves.
#[derive(Clone, Debug)]
struct Line {
    score: i32,
    pv: Vec<Action>,
}

fn run(job: &VariantJob, signals: &Signals, start: Instant) {
    let root = *job.game.position();
    let legal = root.legal_actions();
    let mut root_moves: Vec<Action> = legal.iter().copied().filter(|a| job.searchmoves.contains(a)).collect();
    if root_moves.is_empty() {
        root_moves = legal.to_vec();
    }
    let clock = Clock {
        time: RefCell::new(TimeManager::new(&job.limits, root.side_to_move(), job.move_overhead, start)),
        signals,
        pondering: Cell::new(job.limits.ponder),
    };
    job.tt.new_search();
    let mut searcher = Searcher::new(&job.tt, &signals.stop, &clock, job.game.keys());
    searcher.node_limit = job.limits.nodes.unwrap_or(u64::MAX);
    searcher.mine_odds = job.mine_odds.clone().unwrap_or_else(|| job.game.mine_odds());

    let mut best_lines: Vec<Line> = Vec::new();
    if root_moves.is_empty() {
        // The game is over: the score of its end for the side to move
        // (mated, a draw, or in losing chess a win), as chess reports it.
        let internal = super::search::no_move_score(&root, 0);
        let mut over = info(0, 0, 1, Score::from_internal(internal), 0, &clock, job);
        // `mate 0` names a decided game either way; the win/draw/loss
        // figures say which (won: stalemated in losing chess, the other side
        // lost to a mine).
        if internal > 0 {
            over.wdl = (1000, 0, 0);
        }
        job.reporter.iteration(&over, &[]);
    } else {
        let max_depth = job.limits.depth.map_or(MAX_PLY as u32 - 1, |d| d.clamp(1, MAX_PLY as u32 - 1));
        let lines = job.multipv.clamp(1, root_moves.len());
        for depth in 1..=max_depth {
            let mut found: Vec<Line> = Vec::with_capacity(lines);
            for _ in 0..lines {
                let mut candidates: Vec<Action> =
                    root_moves.iter().copied().filter(|a| !found.iter().any(|l| l.pv[0] == *a)).collect();
                // The best move of the last iteration first.
                if let Some(previous) = best_lines.get(found.len()).map(|l| l.pv[0]) {
                    if let Some(at) = candidates.iter().position(|&a| a == previous) {
                        candidates[..=at].rotate_right(1);
                    }
                }
                searcher.root_moves = candidates;
                searcher.seldepth = 0;
                let score = searcher.search(&root, depth as i32, 0, -INFINITE, INFINITE);
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
            for (i, line) in best_lines.iter().enumerate() {
                let score = Score::from_internal(line.score);
                let seldepth = (searcher.seldepth as u32).max(depth);
                job.reporter.iteration(&info(depth, seldepth, i + 1, score, searcher.nodes, &clock, job), &line.pv);
            }
            let best = best_lines[0].score;
            if let (Some(mate), Score::Mate(n)) = (job.limits.mate, Score::from_internal(best)) {
                if n > 0 && n as u32 <= mate {
                    break;
                }
            }
            if searcher.nodes >= searcher.node_limit || signals.stop.load(Relaxed) {
                break;
            }
            clock.notice_ponderhit();
            if !clock.pondering.get() && clock.time.borrow().soft_limit_reached(1.0) {
                break;
            }
        }
    }
    // With `infinite` or while pondering the move waits for stop or
    // ponderhit, even when the search itself is over.
    while !signals.stop.load(Relaxed) && (job.limits.infinite || signals.pondering.load(Relaxed)) {
        std::thread::sleep(Duration::from_millis(1));
    }
    // Without a line (a search stopped before any root move was scored),
    // the first legal move.
    let best = best_lines
        .first()
        .and_then(|l| l.pv.first().copied())
        .or_else(|| root_moves.first().copied())
        .unwrap_or(Action::NONE);
    let ponder = best_lines.first().and_then(|l| l.pv.get(1).copied()).filter(|_| {
        // A ponder move is the other player's reply, not our own next move.
        !best.is_none() && root.make(best).turn().player != root.turn().player
    });
    job.reporter.best_move(best, ponder);
}

fn info(
    depth: u32,
    seldepth: u32,
    multipv: usize,
    score: Score,
    nodes: u64,
    clock: &Clock,
    job: &VariantJob,
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
