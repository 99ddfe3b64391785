//! The engine: the transposition table and a pool of search threads,
//! created once and reused by every search.

use super::limits::SearchLimits;
use super::report::{Reporter, SearchResult, SilentReporter};
use super::thread::{Job, SearchThread, Signals, ThreadStats};
use super::tt::TranspositionTable;
use crate::board::Game;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

const DEFAULT_HASH_MB: usize = 16;
const DEFAULT_MOVE_OVERHEAD: u64 = 10;
/// Deep searches recurse deeply; each thread gets a generous stack.
const THREAD_STACK_BYTES: usize = 64 << 20;

enum Task {
    Search(Arc<Job>),
    ClearHistories,
}

struct Worker {
    tasks: Sender<Task>,
    handle: JoinHandle<()>,
}

pub struct Engine {
    tt: Arc<TranspositionTable>,
    signals: Arc<Signals>,
    stats: Arc<[ThreadStats]>,
    workers: Vec<Worker>,
    multipv: usize,
    move_overhead: u64,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// Hash 16 MiB, one thread, MultiPV 1, Move Overhead 10 ms.
    pub fn new() -> Engine {
        let mut engine = Engine {
            tt: Arc::new(TranspositionTable::new(DEFAULT_HASH_MB).expect("16 MiB for the hash table")),
            signals: Arc::new(Signals::default()),
            stats: Arc::new([]),
            workers: Vec::new(),
            multipv: 1,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        };
        engine.set_threads(1);
        engine
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

    /// Replaces the thread pool with `n` threads (1 to 1024).
    pub fn set_threads(&mut self, n: usize) {
        self.stop();
        self.wait();
        for worker in self.workers.drain(..) {
            drop(worker.tasks);
            let _ = worker.handle.join();
        }
        let n = n.clamp(1, 1024);
        self.stats = (0..n).map(|_| ThreadStats::default()).collect();
        for id in 0..n {
            let (tasks, inbox) = channel::<Task>();
            let handle = std::thread::Builder::new()
                .name(format!("search-{id}"))
                .stack_size(THREAD_STACK_BYTES)
                .spawn(move || {
                    let mut thread = Box::new(SearchThread::new(id));
                    while let Ok(task) = inbox.recv() {
                        match task {
                            Task::Search(job) => thread.run(&job),
                            Task::ClearHistories => thread.clear(),
                        }
                    }
                })
                .expect("spawning a search thread");
            self.workers.push(Worker { tasks, handle });
        }
    }

    /// The transposition table, for the variant search (which never runs
    /// while this engine searches).
    pub fn table(&self) -> Arc<TranspositionTable> {
        Arc::clone(&self.tt)
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    pub fn set_multipv(&mut self, n: usize) {
        self.multipv = n.clamp(1, 256);
    }

    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead = ms;
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
        for worker in &self.workers {
            let _ = worker.tasks.send(Task::ClearHistories);
        }
    }

    /// Starts searching the game's current position and returns at once;
    /// the reporter hears the progress and, exactly once, the best move.
    pub fn start(&mut self, game: &Game, limits: SearchLimits, reporter: Arc<dyn Reporter>) {
        self.stop();
        self.wait();
        let position = *game.position();
        let legal = position.legal_moves();
        let mut root_moves: Vec<_> = legal.iter().copied().filter(|m| limits.searchmoves.contains(m)).collect();
        if root_moves.is_empty() {
            root_moves = legal.to_vec();
        }
        self.tt.new_search();
        self.signals.stop.store(false, Relaxed);
        self.signals.pondering.store(limits.ponder, Relaxed);
        *self.signals.result.lock().unwrap() = None;
        *self.signals.searching.lock().unwrap() = true;
        for stats in self.stats.iter() {
            stats.nodes.store(0, Relaxed);
        }
        let job = Arc::new(Job {
            tt: Arc::clone(&self.tt),
            signals: Arc::clone(&self.signals),
            stats: Arc::clone(&self.stats),
            position,
            keys: game.keys().to_vec(),
            root_moves,
            limits,
            multipv: self.multipv,
            move_overhead: self.move_overhead,
            reporter,
            start: Instant::now(),
            helpers_running: AtomicUsize::new(self.workers.len() - 1),
        });
        // Helpers first, so that they are under way when the main thread
        // starts to wait for them.
        for worker in self.workers.iter().rev() {
            worker.tasks.send(Task::Search(Arc::clone(&job))).expect("search threads live as long as the engine");
        }
    }

    /// Ends the running search soon; its best move is then reported.
    pub fn stop(&self) {
        self.signals.stop.store(true, Relaxed);
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

    pub fn is_searching(&self) -> bool {
        *self.signals.searching.lock().unwrap()
    }

    /// Searches to the limits and returns the result (benchmarks, tests).
    pub fn search_sync(&mut self, game: &Game, limits: SearchLimits) -> SearchResult {
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
        for worker in self.workers.drain(..) {
            drop(worker.tasks);
            let _ = worker.handle.join();
        }
    }
}
