//! The engine: the transposition table and a pool of search threads,
//! created once and reused by every search.

use super::limits::SearchLimits;
use super::report::{GameSearchResult, Reporter, ResultReporter, SearchResult, SilentReporter};
use super::score::{TB_WIN, TB_WIN_BOUND};
use super::strength::{Random, StrengthLimit};
use super::thread::{GameTask, Job, SearchThread, Signals, ThreadStats};
use super::tt::TranspositionTable;
use crate::board::{ChessRecord, Position};
use crate::game::{Searchable, TableProbe};
use crate::nnue::{Network, NetworkGame};
use crate::tablebase::{rank_root_moves, ProbeSettings, TableOutcome, Tablebases};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
#[cfg(not(target_arch = "wasm32"))]
use std::thread::JoinHandle;

const DEFAULT_HASH_MB: usize = 16;
const DEFAULT_MOVE_OVERHEAD: u64 = 10;
/// The most search threads; one in the WebAssembly build, which has no
/// threads (src/web/).
pub const MAX_THREADS: usize = if cfg!(target_arch = "wasm32") { 1 } else { 1024 };
/// Each search thread's stack. The search recurses once a ply, to MAX_PLY
/// (246) plies, with at most two alpha-beta frames a ply (a singular
/// extension's verification search runs at the node's own ply) and one
/// quiescence frame where razoring calls it. Measured frames (the address of
/// a local at each ply during searches of the bench positions): 3,264 bytes
/// for the alpha-beta search and at most 2,736 for quiescence in the release
/// build for chess, so 246 * (2 * 3,264 + 2,736) = 2.3 MB at worst. The
/// other games' move lists are longer (1,024 actions in the variants, 650
/// moves in Elven Chess, and the picker holds two lists and their scores):
/// 14.4 KB a ply along the deepest lines of their bench searches, against
/// 5.1 KB for chess's, so about 7.1 MB at worst (two frames a ply); 16 MiB
/// leaves twice that. Unoptimised builds use about four times as much, hence
/// 64 MiB there.
/// The WebAssembly build searches on the caller's stack, which the linker
/// sizes (`-z stack-size` in .cargo/config.toml: 16 MiB, for Elven Chess).
#[cfg(not(target_arch = "wasm32"))]
const THREAD_STACK_BYTES: usize = if cfg!(debug_assertions) { 64 << 20 } else { 16 << 20 };

enum Task {
    Search(Arc<Job>),
    /// A search of a game other than chess (`UCI_Variant`), on the same
    /// threads.
    Game(Arc<dyn GameTask>),
    ClearHistories,
}

/// A search thread, waiting for tasks.
#[cfg(not(target_arch = "wasm32"))]
struct Worker {
    tasks: Sender<Task>,
    handle: JoinHandle<()>,
}

/// In the WebAssembly build the one search thread's state, whose tasks run
/// at once, inside the call that hands them over.
#[cfg(target_arch = "wasm32")]
struct Worker {
    thread: Box<SearchThread>,
}

impl Worker {
    /// Hands over a task; false when the thread is gone.
    fn send(&mut self, task: Task) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.tasks.send(task).is_ok();
        #[cfg(target_arch = "wasm32")]
        {
            run_task(&mut self.thread, task);
            true
        }
    }
}

fn run_task(thread: &mut SearchThread, task: Task) {
    match task {
        Task::Search(job) => thread.run(&job),
        Task::Game(job) => job.run(thread),
        Task::ClearHistories => thread.clear(),
    }
}

pub struct Engine {
    tt: Arc<TranspositionTable>,
    /// Chess's network (never None), and each game's own where it has one.
    networks: [Option<Arc<Network>>; NetworkGame::COUNT],
    /// False: the hand-crafted evaluation instead of the network.
    use_network: bool,
    signals: Arc<Signals>,
    stats: Arc<[ThreadStats]>,
    workers: Vec<Worker>,
    multipv: usize,
    move_overhead: u64,
    /// The weakened level, when strength is limited.
    strength: Option<StrengthLimit>,
    /// Seeds the weakened move choice of each search.
    random: Random,
    /// The endgame tables (None: none loaded) and how they are probed.
    tablebases: Option<Arc<Tablebases>>,
    probe_settings: ProbeSettings,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

/// Starts search thread `id`, waiting for tasks.
#[cfg(not(target_arch = "wasm32"))]
fn start_worker(id: usize) -> Result<Worker, String> {
    let mut thread = new_thread(id)?;
    let (tasks, inbox) = channel::<Task>();
    let handle = std::thread::Builder::new()
        .name(format!("search-{id}"))
        .stack_size(THREAD_STACK_BYTES)
        .spawn(move || {
            while let Ok(task) = inbox.recv() {
                run_task(&mut thread, task);
            }
        })
        .map_err(|error| format!("the system refused another thread ({error})"))?;
    Ok(Worker { tasks, handle })
}

#[cfg(target_arch = "wasm32")]
fn start_worker(id: usize) -> Result<Worker, String> {
    Ok(Worker { thread: new_thread(id)? })
}

/// Search thread `id` with chess's workspace made (the other games' are
/// made on their first search), or why its memory could not be had.
fn new_thread(id: usize) -> Result<Box<SearchThread>, String> {
    let mut thread = Box::new(SearchThread::try_new(id)?);
    thread.make_workspace::<Position>()?;
    Ok(thread)
}

/// The root moves of a search: the legal ones `searchmoves` names, or every
/// legal one where it names none.
fn root_moves<M: Copy + PartialEq>(legal: &[M], searchmoves: &[M]) -> Vec<M> {
    let named: Vec<M> = legal.iter().copied().filter(|m| searchmoves.contains(m)).collect();
    if named.is_empty() {
        legal.to_vec()
    } else {
        named
    }
}

/// Ends idle search threads: each leaves its loop when its inbox closes.
fn stop_workers(workers: Vec<Worker>) {
    #[cfg(not(target_arch = "wasm32"))]
    for worker in workers {
        drop(worker.tasks);
        let _ = worker.handle.join();
    }
    #[cfg(target_arch = "wasm32")]
    drop(workers);
}

impl Engine {
    /// Hash 16 MiB, one thread, MultiPV 1, Move Overhead 10 ms.
    pub fn new() -> Engine {
        Engine::try_new().unwrap_or_else(|e| panic!("a new engine: {e}"))
    }

    /// [`Engine::new`], or why its table or thread cannot be had (the tools
    /// that start an engine a thread report it instead of stopping).
    pub fn try_new() -> Result<Engine, String> {
        let mut engine = Engine {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB)?),
            networks: NetworkGame::ALL.map(crate::nnue::game_network::built_in),
            use_network: crate::nnue::USED_BY_DEFAULT,
            signals: Arc::new(Signals::default()),
            stats: Arc::new([]),
            workers: Vec::new(),
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            strength: None,
            random: Random::from_clock(),
            tablebases: None,
            probe_settings: ProbeSettings::default(),
        };
        engine.set_threads(1)?;
        Ok(engine)
    }

    /// Resizes the table (emptying it). If the memory cannot be had, the
    /// old table stays and the reason comes back.
    pub fn set_hash_mb(&mut self, mb: usize) -> Result<(), String> {
        self.stop();
        self.wait();
        let table = TranspositionTable::new(mb)?;
        self.tt = Arc::new(table);
        Ok(())
    }

    /// Makes the thread pool `n` threads (1 to [`MAX_THREADS`]): fewer by
    /// ending the last ones, which always succeeds; more by starting the
    /// missing ones, the threads there going on as they were. If a new
    /// thread or its tables cannot be had, the pool stays as it was and
    /// the reason comes back. (Building a whole new pool beside the old one
    /// asked for both at once: memory grew with each change, and a pool
    /// could not be made smaller where memory was short.)
    pub fn set_threads(&mut self, n: usize) -> Result<(), String> {
        self.stop();
        self.wait();
        let n = n.clamp(1, MAX_THREADS);
        if n < self.workers.len() {
            stop_workers(self.workers.split_off(n));
        }
        let mut started = Vec::with_capacity(n.saturating_sub(self.workers.len()));
        for id in self.workers.len()..n {
            match start_worker(id) {
                Ok(worker) => started.push(worker),
                Err(reason) => {
                    stop_workers(started);
                    return Err(format!("search thread {} of {n} could not start: {reason}", id + 1));
                }
            }
        }
        self.workers.append(&mut started);
        self.stats = (0..n).map(|_| ThreadStats::default()).collect();
        Ok(())
    }

    /// Evaluates `game` with `network` from the next search on (None:
    /// by hand; chess always has a network, and keeps its own for None).
    pub fn set_network(&mut self, game: NetworkGame, network: Option<Arc<Network>>) {
        self.stop();
        self.wait();
        if network.is_some() || game != NetworkGame::Chess {
            self.networks[game.index()] = network;
        }
    }

    /// Chess's network: the one `set_network` gave (or the built-in one).
    pub fn network(&self) -> &Arc<Network> {
        self.networks[NetworkGame::Chess.index()].as_ref().expect("chess always has a network")
    }

    /// The network that judges `game`, if it has one.
    pub fn network_of(&self, game: NetworkGame) -> Option<&Arc<Network>> {
        self.networks[game.index()].as_ref()
    }

    /// Evaluates with the network (true) or the hand-crafted evaluation.
    pub fn set_use_network(&mut self, on: bool) {
        self.stop();
        self.wait();
        self.use_network = on;
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, 256);
    }

    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead = ms;
    }

    /// Plays at this level from the next search on (None: full strength).
    pub fn set_strength(&mut self, strength: Option<StrengthLimit>) {
        self.strength = strength;
    }

    /// Uses these tables from the next search on (None, or none loaded:
    /// no tables).
    pub fn set_tablebases(&mut self, tablebases: Option<Arc<Tablebases>>) {
        self.tablebases = tablebases.filter(|t| !t.is_empty());
    }

    pub fn tablebases(&self) -> Option<&Arc<Tablebases>> {
        self.tablebases.as_ref()
    }

    pub fn set_probe_settings(&mut self, settings: ProbeSettings) {
        self.probe_settings = settings;
    }

    /// Fixes the seed of the weakened move choice (tests).
    pub fn seed_random(&mut self, seed: u64) {
        self.random = Random::new(seed);
    }

    /// Empties the transposition table.
    pub fn clear_hash(&mut self) {
        self.stop();
        self.wait();
        self.tt.clear(self.workers.len());
    }

    /// A new game: empty the table and forget every thread's histories.
    pub fn new_game(&mut self) {
        self.clear_hash();
        for worker in &mut self.workers {
            worker.send(Task::ClearHistories);
        }
    }

    /// Starts searching the game's current position and returns at once;
    /// the reporter hears the progress and, exactly once, the best move.
    pub fn start(&mut self, game: &ChessRecord, mut limits: SearchLimits, reporter: Arc<dyn Reporter>) {
        self.stop();
        self.wait();
        let position = *game.position();
        let mut multipv = self.multipv;
        let mut root_moves = root_moves(&position.legal_moves(), &limits.searchmoves);
        // With the root in the tables, only the moves that keep its result
        // (and make progress) are searched.
        let settings = self.probe_settings;
        let tb_pieces = self.tablebases.as_ref().map_or(0, |t| t.max_pieces().min(settings.probe_limit));
        let mut root_tb_scores = Vec::new();
        let mut root_tb_hits = 0;
        if let Some(tables) = self.tablebases.as_ref().filter(|_| position.occupied().count() <= tb_pieces) {
            if let Some(ranking) = rank_root_moves(tables, &position, &root_moves, game.keys(), settings.rule50) {
                root_moves = ranking.moves.iter().map(|m| m.mv).collect();
                root_tb_scores = ranking.moves.iter().map(|m| table_score(m.outcome)).collect();
                root_tb_hits = ranking.probes;
            }
        }
        // A weakened engine spends its level's nodes and keeps several lines
        // to choose from, unless it has a sure thing to convert (a bare king
        // to mate, a won table ending): then one line, searched deep enough.
        if let Some(strength) = self.strength {
            let won_in_tables = root_tb_scores.first().is_some_and(|&score| score >= TB_WIN_BOUND);
            let budget = strength.node_budget(&position, won_in_tables);
            limits.nodes = Some(limits.nodes.map_or(budget, |n| n.min(budget)));
            if !strength.plays_best(&position, won_in_tables) {
                multipv = multipv.max(strength.lines);
            }
        }
        self.begin_search(&limits);
        let job = self.job(position, (), game.keys(), root_moves, limits, reporter);
        let job = Arc::new(Job {
            // The levels for people were measured with the hand-crafted
            // evaluation, which a weakened engine keeps.
            network: (self.use_network && self.strength.is_none()).then(|| Arc::clone(self.network())),
            multipv,
            strength: self.strength,
            tables: TableProbe { tables: self.tablebases.clone(), pieces: tb_pieces, depth: settings.probe_depth },
            weakened_choice: |position, strength, lines, random| strength.choose(position, lines, random),
            tb_rule50: settings.rule50,
            root_tb_scores,
            root_tb_hits,
            ..job
        });
        self.dispatch(|| Task::Search(Arc::clone(&job)));
    }

    /// A job on the engine's table, signals and threads, with its lines
    /// and a seed of its own.
    fn job<G: Searchable>(
        &mut self,
        position: G,
        shared: G::Shared,
        keys: &[u64],
        root_moves: Vec<G::Move>,
        limits: SearchLimits,
        reporter: Arc<dyn Reporter<G::Move>>,
    ) -> Job<G> {
        Job {
            signals: Arc::clone(&self.signals),
            stats: Arc::clone(&self.stats),
            multipv: self.multipv,
            reported_lines: self.multipv,
            seed: self.random.next_u64(),
            move_overhead: self.move_overhead,
            helpers_running: AtomicUsize::new(self.workers.len() - 1),
            ..Job::new(Arc::clone(&self.tt), position, shared, keys.to_vec(), root_moves, limits, reporter)
        }
    }

    /// Hands a search to every thread: the helpers first, so that they are
    /// under way when the main thread starts to wait for them.
    fn dispatch(&mut self, task: impl Fn() -> Task) {
        for worker in self.workers.iter_mut().rev() {
            assert!(worker.send(task()), "search threads live as long as the engine");
        }
    }

    /// Readies the table, the signals and the counters for a new search.
    fn begin_search(&self, limits: &SearchLimits) {
        self.tt.new_search();
        self.signals.stop.store(false, Relaxed);
        self.signals.halt.store(false, Relaxed);
        self.signals.pondering.store(limits.ponder, Relaxed);
        *self.signals.result.lock().unwrap() = None;
        *self.signals.searching.lock().unwrap() = true;
        for stats in self.stats.iter() {
            stats.nodes.store(0, Relaxed);
            stats.tb_hits.store(0, Relaxed);
        }
    }

    /// Starts searching `root` of any game on every thread and returns at
    /// once, by the chess search over the game's hooks: `keys` are the
    /// game's keys up to the root (for repetitions), the root moves
    /// `searchmoves` (empty: every legal move), `shared` what the search
    /// knows beyond the position. The network judges where the game's
    /// evaluation asks it and `Use NNUE` is on; strength limits and endgame
    /// tables are chess's alone.
    pub fn start_game<G: Searchable>(
        &mut self,
        root: G,
        keys: &[u64],
        limits: SearchLimits,
        searchmoves: &[G::Move],
        reporter: Arc<dyn Reporter<G::Move>>,
        shared: G::Shared,
    ) {
        self.stop();
        self.wait();
        let root_moves = root_moves(&root.legal_moves(), searchmoves);
        self.begin_search(&limits);
        let job = self.job(root, shared, keys, root_moves, limits, reporter);
        let network = self.network_of(root.network_game()).filter(|_| self.use_network).cloned();
        let job: Arc<Job<G>> = Arc::new(Job { network, ..job });
        self.dispatch(|| Task::Game(Arc::clone(&job) as Arc<dyn GameTask>));
    }

    /// Searches `root` of any game to the limits and returns the result
    /// (tests, tools): `keys` are the game's up to the root.
    pub fn search_game_sync<G: Searchable>(
        &mut self,
        root: G,
        keys: &[u64],
        limits: SearchLimits,
        shared: G::Shared,
    ) -> GameSearchResult<G::Move> {
        let reporter = Arc::new(ResultReporter::default());
        self.start_game(root, keys, limits, &[], Arc::clone(&reporter) as Arc<dyn Reporter<G::Move>>, shared);
        self.wait();
        let result = reporter.result.lock().unwrap().take();
        result.expect("a finished search reports its move")
    }

    /// Ends the running search soon; its best move is then reported.
    pub fn stop(&self) {
        self.signals.request_stop();
    }

    /// The pondered move was played: the search goes on under the clock.
    pub fn ponderhit(&self) {
        self.signals.pondering.store(false, Relaxed);
    }

    /// Blocks until the running search, if any, has reported its move.
    pub fn wait(&mut self) {
        let mut searching = self.signals.searching.lock().unwrap();
        while *searching {
            searching = self.signals.idle.wait(searching).unwrap();
        }
    }

    /// Each search thread's node count in the last search, the main
    /// thread's first.
    pub fn thread_nodes(&self) -> Vec<u64> {
        self.stats.iter().map(|s| s.nodes.load(Relaxed)).collect()
    }

    pub fn is_searching(&self) -> bool {
        *self.signals.searching.lock().unwrap()
    }

    /// Searches to the limits and returns the result (benchmarks, tests).
    pub fn search_sync(&mut self, game: &ChessRecord, limits: SearchLimits) -> SearchResult {
        self.start(game, limits, Arc::new(SilentReporter));
        self.wait();
        self.signals.result.lock().unwrap().take().expect("a finished search leaves its result")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.signals.pondering.store(false, Relaxed);
        self.wait();
        stop_workers(std::mem::take(&mut self.workers));
    }
}

/// What the tables say of a root move, as a score of the search.
fn table_score(outcome: TableOutcome) -> i32 {
    match outcome {
        TableOutcome::Win { plies } => TB_WIN - plies,
        TableOutcome::Near(sign) => sign,
        TableOutcome::Loss { plies } => -TB_WIN + plies,
    }
}
