//! The engine's state between commands (the game, the options, the running
//! search) and what each command does to it. A command that fails reports
//! `info string error: ...` and leaves the state as it was.
//!
//! The game is the session layer's ([`AnyGame`]): one session type a game,
//! chosen when `UCI_Variant` is set. Each command that concerns the game is
//! written once, over [`PlayedGame`], and runs on the game chosen. The
//! options of the variants are in `session/variant_options.rs`.

mod variant_options;

use super::command::{Command, GoCommand, StartPosition};
use super::info::{UciMoveText, UciReporter};
use super::options::{
    parse_setoption, parse_spin, OptionId, OptionValue, Settings, EMPTY_PATH, OPTIONS, VARIANT_CHOICES,
};
use super::output::Output;
use crate::nnue::NetworkGame;
use crate::search::limits::MAX_DEPTH;
use crate::search::parameters;
use crate::search::{Engine, SearchLimits};
use crate::session::{AnyGame, GameSession, MoveOf, PlayedGame};
use crate::tablebase::Tablebases;
use crate::types::{excerpt, Color};
use crate::with_game;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

pub const ENGINE_NAME: &str = "Roque";
pub const ENGINE_AUTHOR: &str = "the Roque developers";

/// What the command loop does after a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
    /// The command needs the engine idle, and the search that runs is
    /// ending (a stop was asked, or its limits end it): the loop waits for
    /// its `bestmove`, then hands the command back.
    AfterSearch(Command),
}

/// A search or `go perft` count that was started, and how it ends.
struct Job {
    /// Set once the search's `bestmove` (or the count's total) is out.
    done: Arc<AtomicBool>,
    /// `go perft`'s own stop flag and thread; None for a search.
    perft: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    /// `go infinite`, and every `go perft`, end only on `stop`.
    infinite: bool,
    /// `go ponder` before `ponderhit`: ends only on `stop` or `ponderhit`.
    pondering: bool,
    stop_requested: bool,
}

impl Job {
    fn running(&self) -> bool {
        !self.done.load(Ordering::Acquire)
    }

    /// Whether it will end without another word from the GUI.
    fn will_end(&self) -> bool {
        self.stop_requested || !(self.infinite || self.pondering)
    }
}

/// The UCI session: the game being played, and the engine with its
/// options and its running search or count.
pub struct Session {
    state: State,
    game: AnyGame,
}

/// Everything of the session but the game.
struct State {
    engine: Engine,
    settings: Settings,
    output: Arc<Output>,
    debug: bool,
    /// The latest search or perft count.
    job: Option<Job>,
}

impl Session {
    pub fn new(output: Arc<Output>) -> Session {
        let state = State { engine: Engine::new(), settings: Settings::default(), output, debug: false, job: None };
        Session { state, game: AnyGame::default() }
    }

    /// The game `UCI_Variant` chose, as played so far.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    pub fn settings(&self) -> &Settings {
        &self.state.settings
    }

    /// Reads and carries out one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let parsed = Command::parse(line);
        if let Some(first) = parsed.skipped.first() {
            self.state.output.error(&format!("unknown word '{}' skipped before the command", excerpt(first)));
        }
        match parsed.command {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => Flow::Continue,
            Err(error) => {
                self.state.output.error(&error);
                Flow::Continue
            }
        }
    }

    pub fn handle(&mut self, command: Command) -> Flow {
        if let Command::SetOption { name, value } = command {
            return self.set_option(name, value);
        }
        let state = &mut self.state;
        match command {
            Command::Uci => state.uci(),
            Command::Debug(on) => {
                state.debug = on;
                state.output.info_string(if on { "debug on" } else { "debug off" });
            }
            Command::IsReady => state.output.line("readyok"),
            Command::SetOption { .. } => unreachable!("handled above"),
            Command::UciNewGame => {
                if let Some(flow) = state.unless_idle(&Command::UciNewGame, "ucinewgame") {
                    return flow;
                }
                // The table and the histories are forgotten; the game stays
                // until the next `position`, as in every engine.
                state.engine.new_game();
            }
            Command::Position { start, moves } => {
                with_game!(&mut self.game, game => state.set_position(game, start, &moves))
            }
            Command::Go(go) => return with_game!(&self.game, game => state.go(game, go)),
            Command::Stop => state.stop(),
            Command::PonderHit => state.ponderhit(),
            Command::Quit => {
                state.stop();
                state.engine.wait();
                return Flow::Quit;
            }
            Command::Display => with_game!(&self.game, game => state.output.lines(&game.record().diagram())),
            Command::Eval => with_game!(&self.game, game => state.print_evaluation(game)),
        }
        Flow::Continue
    }

    /// Whether a search or perft count runs: its `bestmove` or total is
    /// not out yet.
    pub fn busy(&self) -> bool {
        self.state.job.as_ref().is_some_and(Job::running)
    }

    fn set_option(&mut self, name: String, value: Option<String>) -> Flow {
        let state = &mut self.state;
        // A search parameter, in the tuning build: read at once, by a
        // running search too (the LMR table from the next search on).
        if let Some((index, p)) = parameters::find(&name).filter(|_| parameters::TUNABLE) {
            match parse_spin(p.name, p.min.into(), p.max.into(), value.as_deref()) {
                Ok(number) => {
                    parameters::set(index, number as i32);
                }
                Err(error) => state.output.error(&error),
            }
            return Flow::Continue;
        }
        let (spec, parsed) = match parse_setoption(&name, value.as_deref()) {
            Ok(parsed) => parsed,
            Err(error) => {
                state.output.error(&error);
                return Flow::Continue;
            }
        };
        // The table, the threads, the network and the endgame tables are the
        // search's while it runs; the other options are read when a search
        // starts.
        if matches!(
            spec.id,
            OptionId::Hash
                | OptionId::Threads
                | OptionId::ClearHash
                | OptionId::EvalFile(_)
                | OptionId::UseNnue
                | OptionId::SyzygyPath
                | OptionId::Variant
        ) {
            let command = Command::SetOption { name, value };
            if let Some(flow) = state.unless_idle(&command, &format!("setoption {}", spec.name)) {
                return flow;
            }
        }
        match (spec.id, parsed) {
            (OptionId::Hash, OptionValue::Spin(mb)) => match state.engine.set_hash_mb(mb as usize) {
                Ok(()) => state.settings.hash_mb = mb as usize,
                Err(reason) => state.output.error(&format!(
                    "setoption: Hash {mb} MiB could not be allocated: {reason}; the table keeps its {} MiB",
                    state.settings.hash_mb
                )),
            },
            (OptionId::Threads, OptionValue::Spin(n)) => match state.engine.set_threads(n as usize) {
                Ok(()) => state.settings.threads = n as usize,
                Err(reason) => state.output.error(&format!(
                    "setoption: Threads {n}: {reason}; the engine keeps its {} threads",
                    state.settings.threads
                )),
            },
            (OptionId::ClearHash, _) => state.engine.clear_hash(),
            (OptionId::MultiPv, OptionValue::Spin(n)) => {
                state.engine.set_multipv(n as usize);
                state.settings.multipv = n as usize;
            }
            (OptionId::MoveOverhead, OptionValue::Spin(ms)) => {
                state.engine.set_move_overhead(ms as u64);
                state.settings.move_overhead_ms = ms as u64;
            }
            (OptionId::Ponder, OptionValue::Check(on)) => state.settings.ponder = on,
            (OptionId::Chess960, OptionValue::Check(on)) => state.settings.chess960 = on,
            (OptionId::ShowWdl, OptionValue::Check(on)) => state.settings.show_wdl = on,
            (OptionId::EvalFile(game), OptionValue::Text(path)) => state.set_eval_file(game, path),
            (OptionId::UseNnue, OptionValue::Check(on)) => {
                state.engine.set_use_network(on);
                state.settings.use_nnue = on;
            }
            (OptionId::LimitStrength, OptionValue::Check(on)) => state.settings.limit_strength = on,
            (OptionId::Elo, OptionValue::Spin(elo)) => state.settings.elo = elo as i32,
            (OptionId::SkillLevel, OptionValue::Spin(level)) => state.settings.skill_level = level as i32,
            (OptionId::SyzygyPath, OptionValue::Text(path)) => state.set_syzygy_path(path),
            (OptionId::SyzygyProbeDepth, OptionValue::Spin(depth)) => state.settings.probe.probe_depth = depth as i32,
            (OptionId::Syzygy50MoveRule, OptionValue::Check(on)) => state.settings.probe.rule50 = on,
            (OptionId::SyzygyProbeLimit, OptionValue::Spin(pieces)) => state.settings.probe.probe_limit = pieces as u32,
            (OptionId::Variant, OptionValue::Combo(index)) => {
                state.engine.new_game();
                self.game = AnyGame::choose(VARIANT_CHOICES[index], state.variant_setup())
                    .expect("the choices of UCI_Variant name games");
            }
            (OptionId::TurningMoves, OptionValue::Spin(n)) => {
                state.settings.turning_moves = n as u8;
                self.game.change_variant_setup(state.variant_setup());
            }
            (OptionId::MarseillaisBalanced, OptionValue::Check(on)) => {
                state.settings.marseillais_balanced = on;
                self.game.change_variant_setup(state.variant_setup());
            }
            (OptionId::Mines, OptionValue::Text(text)) => {
                if state.set_mines(&text) {
                    self.game.change_variant_setup(state.variant_setup());
                }
            }
            (id, value) => unreachable!("the option table gives {id:?} values of its kind, not {value:?}"),
        }
        if state.debug {
            state.output.info_string(&format!("debug: options now {:?}", state.settings));
        }
        Flow::Continue
    }
}

impl State {
    /// Whether a `go` is to wait for the running search rather than be
    /// refused: a stop was asked, so that search ends within milliseconds.
    /// A GUI that stops a search sends its next `go` without waiting for
    /// the old `bestmove` (on a ponder miss, for one).
    fn stop_requested(&self) -> bool {
        self.job.as_ref().is_some_and(|job| job.running() && job.stop_requested)
    }

    /// For a command that needs the engine idle: None when it is (the
    /// last search's threads have come to rest, which is quick once its
    /// `bestmove` is out), so the command goes ahead; otherwise what the
    /// loop is to do: wait for a search that will end, or report that one
    /// which ends only on `stop` is running.
    fn unless_idle(&mut self, command: &Command, what: &str) -> Option<Flow> {
        match &self.job {
            Some(job) if job.running() && job.will_end() => Some(Flow::AfterSearch(command.clone())),
            Some(job) if job.running() => {
                self.output.error(&format!("{what}: not while a search is running; send 'stop' first"));
                Some(Flow::Continue)
            }
            _ => {
                self.engine.wait();
                // A count marks itself done before its last line: let that
                // line out before anything else is written.
                if let Some((_, thread)) = self.job.as_mut().and_then(|job| job.perft.take()) {
                    let _ = thread.join();
                }
                None
            }
        }
    }

    fn uci(&self) {
        let mut lines =
            vec![format!("id name {ENGINE_NAME} {}", env!("CARGO_PKG_VERSION")), format!("id author {ENGINE_AUTHOR}")];
        lines.extend(OPTIONS.iter().map(|option| option.uci_line()));
        // The tuning build offers the search's parameters too.
        if parameters::TUNABLE {
            lines.extend((0..parameters::TABLE.len()).map(parameters::uci_line));
        }
        lines.push("uciok".to_string());
        self.output.lines(&lines);
    }

    /// `eval`: the game's evaluation explained.
    fn print_evaluation<G: PlayedGame>(&self, game: &GameSession<G>) {
        let settings = &self.settings;
        let judged_by = game.record().network_game();
        let network = self.engine.network_of(judged_by).map(|network| &**network);
        let name = &settings.eval_files[judged_by.index()];
        self.output.lines(&game.record().evaluation(network, settings.use_nnue, name));
    }

    /// Loads `game`'s network that `path` names (the built-in one for
    /// `<internal>` or nothing); a file that cannot be used leaves the
    /// network as it was.
    fn set_eval_file(&mut self, game: NetworkGame, path: String) {
        let option = game.option_name();
        match crate::nnue::load_eval_file(game, path) {
            Ok((network, name)) => {
                let said = match network {
                    Some(_) => format!("{option}: evaluating with {name}"),
                    None => format!("{option}: this build has no network of {} built in: judged by hand", game.name()),
                };
                self.engine.set_network(game, network);
                self.output.info_string(&said);
                self.settings.eval_files[game.index()] = name;
            }
            Err(reason) => self.output.error(&format!(
                "setoption: {option}: {reason}; the network stays {}",
                self.settings.eval_files[game.index()]
            )),
        }
    }

    /// Loads the tables of `path` and reports what was found. Problems with
    /// single directories or files are reported and the rest is used; a
    /// path where no table at all can be found changes nothing.
    fn set_syzygy_path(&mut self, path: String) {
        #[cfg(target_arch = "wasm32")]
        if path != EMPTY_PATH {
            return self.output.error(&format!(
                "SyzygyPath: the WebAssembly build reads no endgame tables (it has no file system); \
                 '{}' is not used",
                excerpt(&path)
            ));
        }
        if path == EMPTY_PATH {
            self.engine.set_tablebases(None);
            self.settings.syzygy_path = path;
            return self.output.info_string("Syzygy: no tables (SyzygyPath is <empty>)");
        }
        let loaded = Tablebases::load(&path);
        for problem in &loaded.problems {
            self.output.error(&format!("SyzygyPath: {problem}"));
        }
        let tables = loaded.tablebases;
        if tables.is_empty() {
            let kept = match self.engine.tablebases() {
                Some(old) => format!("the {} tables of '{}' stay", old.counts().0, excerpt(&self.settings.syzygy_path)),
                None => "no tables are used".to_string(),
            };
            return self.output.error(&format!("SyzygyPath: no Syzygy table found in '{}'; {kept}", excerpt(&path)));
        }
        let (wdl, dtz) = tables.counts();
        self.output.info_string(&format!(
            "Syzygy: found {wdl} tables ({dtz} with DTZ), up to {} pieces, in '{}'",
            tables.max_pieces(),
            path
        ));
        self.engine.set_tablebases(Some(Arc::new(tables)));
        self.settings.syzygy_path = path;
    }

    /// `position`: the game from the start or a FEN, adopted only if the
    /// FEN and every move are good.
    fn set_position<G: PlayedGame>(&self, game: &mut GameSession<G>, start: StartPosition, moves: &[String]) {
        let fen = match &start {
            StartPosition::StartPos => None,
            StartPosition::Fen(fen) => Some(fen.as_str()),
        };
        if let Err(error) = game.set_position(fen, moves, self.settings.chess960) {
            self.output.error(&format!("position: {error}; the position is unchanged"));
        }
    }

    fn go<G: PlayedGame>(&mut self, game: &GameSession<G>, go: GoCommand) -> Flow
    where
        MoveOf<G>: UciMoveText,
    {
        #[cfg(target_arch = "wasm32")]
        if let Some(refusal) = unstoppable(&go) {
            self.output.error(&refusal);
            return Flow::Continue;
        }
        if self.stop_requested() {
            return Flow::AfterSearch(Command::Go(go));
        }
        if let Some(flow) = self.unless_idle(&Command::Go(go.clone()), "go") {
            // A search that was not stopped: the GUI has not had its
            // `bestmove` and cannot have meant a second search.
            if let Flow::AfterSearch(_) = flow {
                self.output.error(&"go: not while a search is running; send 'stop' first");
                return Flow::Continue;
            }
            return flow;
        }
        self.start_search(game, go);
        Flow::Continue
    }

    /// `go` once the engine is idle: a search of the game's position, or
    /// `go perft`'s count.
    fn start_search<G: PlayedGame>(&mut self, game: &GameSession<G>, go: GoCommand)
    where
        MoveOf<G>: UciMoveText,
    {
        let chess960 = self.settings.chess960;
        if let Some(depth) = go.perft {
            return self.start_count(game.perft_children(chess960), depth - 1, G::count);
        }
        let position = *game.position();
        let searchmoves = self.searchmoves(&go.searchmoves, |text| G::parse_move(&position, text, chess960));
        // A game its rules have ended: the result, readable without `d`.
        if let Some(result) = game.record().result() {
            self.output.info_string(&format!("game over: {result}"));
        }
        if go.depth.is_some_and(|depth| depth > MAX_DEPTH) {
            self.output.info_string(&format!(
                "go: depth {} is past the search's limit; searching to depth {MAX_DEPTH}",
                go.depth.unwrap_or(0)
            ));
        }
        let (ours, theirs, us) = match G::side_to_move(&position) {
            Color::White => (go.wtime, go.btime, "White"),
            Color::Black => (go.btime, go.wtime, "Black"),
        };
        if ours.is_none() && theirs.is_some() && !go.infinite {
            self.output.info_string(&format!(
                "go: no clock for {us}, the side to move: the move is timed by the opponent's clock"
            ));
        }
        let limits = search_limits(&go);
        if self.debug {
            let fen = G::fen(&position);
            self.output.info_string(&format!(
                "debug: searching {fen} ({}) with {limits:?}",
                G::label(game.setup()).trim_end()
            ));
        }
        let done = self.begin_search(&limits);
        let reporter = UciReporter::new(Arc::clone(&self.output), position, chess960, self.settings.show_wdl, done);
        self.engine.set_strength(self.settings.strength());
        self.engine.set_probe_settings(self.settings.probe);
        game.record().start_search(&mut self.engine, limits, searchmoves, Arc::new(reporter));
    }

    /// The job of a search about to start, with `limits`: the flag its
    /// reporter sets once `bestmove` is out.
    fn begin_search(&mut self, limits: &SearchLimits) -> Arc<AtomicBool> {
        let done = Arc::new(AtomicBool::new(false));
        self.job = Some(Job {
            done: Arc::clone(&done),
            perft: None,
            infinite: limits.infinite,
            pondering: limits.ponder,
            stop_requested: false,
        });
        done
    }

    fn stop(&mut self) {
        self.engine.stop();
        if let Some(job) = self.job.as_mut().filter(|job| job.running()) {
            job.stop_requested = true;
            if let Some((stop, _)) = &job.perft {
                stop.store(true, Ordering::Release);
            }
        }
    }

    fn ponderhit(&mut self) {
        match self.job.as_mut().filter(|job| job.running() && job.perft.is_none()) {
            Some(job) => {
                job.pondering = false;
                self.engine.ponderhit();
            }
            None => self.output.error(&"ponderhit: no search is running"),
        }
    }

    /// The moves of `go searchmoves`, read by `parse` in the game being
    /// played, each once; a text `parse` refuses is reported (by its place
    /// in the list) and left out.
    fn searchmoves<M: PartialEq, E: std::fmt::Display>(
        &self,
        texts: &[String],
        parse: impl Fn(&str) -> Result<M, E>,
    ) -> Vec<M> {
        let mut moves = Vec::with_capacity(texts.len());
        let mut refused = Vec::new();
        for (index, text) in texts.iter().enumerate() {
            match parse(text) {
                Ok(m) if !moves.contains(&m) => moves.push(m),
                Ok(_) => {}
                Err(error) => refused.push(format!("move {}: {error}", index + 1)),
            }
        }
        self.report_refused_searchmoves(&refused, moves.is_empty());
        moves
    }

    /// The `searchmoves` entries a `go` could not read, named in one error.
    /// The GUI waits for a `bestmove` all the same: the search goes on with
    /// the moves that are left, or every legal move where none is.
    fn report_refused_searchmoves(&self, refused: &[String], none_left: bool) {
        if refused.is_empty() {
            return;
        }
        const NAMED: usize = 3;
        let mut what = refused[..refused.len().min(NAMED)].join(", ");
        if refused.len() > NAMED {
            what.push_str(&format!(" and {} more", refused.len() - NAMED));
        }
        let instead = if none_left { "searching every legal move" } else { "searching the others" };
        self.output.error(&format!("go: searchmoves {what}; {instead}"));
    }

    /// Counts the tree below each of `children` (its move's text and the
    /// position it leads to) to `depth` with `count`, printing a line each
    /// and the total. Runs on its own thread so that the loop keeps
    /// answering; `stop` ends it within a fraction of a second.
    fn start_count<P: Send + 'static>(
        &mut self,
        children: Vec<(String, P)>,
        depth: u32,
        count: fn(&P, u32, &AtomicBool) -> Option<u64>,
    ) {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let output = Arc::clone(&self.output);
        let (thread_stop, thread_done) = (Arc::clone(&stop), Arc::clone(&done));
        let count_all = move || {
            let mut total = 0u64;
            for (text, child) in &children {
                let Some(nodes) = count(child, depth, &thread_stop) else {
                    thread_done.store(true, Ordering::Release);
                    output.info_string("perft stopped");
                    return;
                };
                total += nodes;
                output.line(&format!("{text}: {nodes}"));
            }
            thread_done.store(true, Ordering::Release);
            output.lines(&["", &format!("Nodes searched: {total}")]);
        };
        // The WebAssembly build has no threads: the count runs inside this
        // call, to its end (no `stop` can reach it).
        #[cfg(target_arch = "wasm32")]
        {
            drop(stop);
            count_all();
            self.job = Some(Job { done, perft: None, infinite: true, pondering: false, stop_requested: false });
        }
        #[cfg(not(target_arch = "wasm32"))]
        match std::thread::Builder::new().name("perft".to_string()).spawn(count_all) {
            Ok(thread) => {
                self.job = Some(Job {
                    done,
                    perft: Some((stop, thread)),
                    infinite: true,
                    pondering: false,
                    stop_requested: false,
                })
            }
            Err(error) => self.output.error(&format!("go perft: the counting thread could not start ({error})")),
        }
    }
}

/// The limits a `go` sets; the game adds the moves of `searchmoves`.
fn search_limits(go: &GoCommand) -> SearchLimits {
    SearchLimits {
        wtime: go.wtime,
        btime: go.btime,
        winc: go.winc,
        binc: go.binc,
        movestogo: go.movestogo,
        depth: go.depth,
        nodes: go.nodes,
        mate: go.mate,
        movetime: go.movetime,
        infinite: go.infinite,
        ponder: go.ponder,
        searchmoves: Vec::new(),
    }
}

/// Why the page cannot be given this `go`, if it cannot: a search that
/// ends only on `stop` or `ponderhit` (`infinite`, `ponder`, or no limit at
/// all) runs inside the call that received it, so only the page's shared
/// signal can end it, and a page that is not cross-origin isolated has none.
#[cfg(target_arch = "wasm32")]
fn unstoppable(go: &GoCommand) -> Option<String> {
    let limited = go.depth.is_some()
        || go.nodes.is_some()
        || go.mate.is_some()
        || go.movetime.is_some()
        || go.wtime.is_some()
        || go.btime.is_some();
    let open_ended = go.infinite || go.ponder || !limited;
    if go.perft.is_some() || !open_ended || crate::host::can_signal() {
        return None;
    }
    Some(
        "go: this page cannot stop a search (it is not cross-origin isolated, so it shares no memory \
         with the engine's worker): only searches with a limit are run (depth, nodes, mate, movetime \
         or a clock), not infinite or ponder ones"
            .to_string(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::output::capture;

    fn chess_position(session: &Session) -> crate::board::Position {
        match session.game() {
            AnyGame::Chess(game) => *game.position(),
            other => panic!("a chess game, not {}", other.name()),
        }
    }

    fn session() -> (Session, capture::Captured) {
        let (output, captured) = capture::output();
        (Session::new(output), captured)
    }

    #[test]
    fn a_bad_move_leaves_the_position_as_it_was() {
        let (mut session, captured) = session();
        session.handle_line("position startpos moves e2e4");
        let before = chess_position(&session);
        session.handle_line("position startpos moves e2e4 e7e5 e1e3");
        assert_eq!(chess_position(&session), before);
        assert!(captured
            .text()
            .contains("info string error: position: move 3 of the list: 'e1e3' is not a legal move"));
        session.handle_line("position startpos moves e2e4 e7e5 xx");
        assert!(captured.text().contains("move 3 of the list: 'xx' is not a move in UCI notation"));
        assert_eq!(chess_position(&session), before);
    }

    #[test]
    fn a_bad_fen_leaves_the_position_as_it_was() {
        let (mut session, captured) = session();
        session.handle_line("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let before = chess_position(&session);
        session.handle_line("position fen 4k3/8/8/8/8/8/8/4K2K w - - 0 1");
        assert_eq!(chess_position(&session), before);
        assert!(captured.text().contains("bad FEN '4k3/8/8/8/8/8/8/4K2K w - - 0 1': White has 2 kings"));
    }

    #[test]
    fn options_change_settings_and_bad_values_are_refused() {
        let (mut session, captured) = session();
        session.handle_line("setoption name uci_chess960 value true");
        session.handle_line("setoption name MultiPV value 3");
        session.handle_line("setoption name Threads value 0");
        session.handle_line("setoption name Hash value lots");
        assert!(session.settings().chess960);
        assert_eq!(session.settings().multipv, 3);
        assert_eq!(session.settings().threads, 1);
        assert_eq!(session.settings().hash_mb, 16);
        assert_eq!(captured.text().matches("info string error: setoption:").count(), 2);
    }

    #[test]
    fn chess960_moves_are_read_as_king_takes_rook() {
        let (mut session, _) = session();
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        session.handle_line(&format!("position fen {fen} moves e1g1"));
        let standard = chess_position(&session);
        session.handle_line("setoption name UCI_Chess960 value true");
        session.handle_line(&format!("position fen {fen} moves e1h1"));
        assert_eq!(chess_position(&session), standard);
    }

    #[cfg(feature = "ablation")]
    #[test]
    fn the_tuning_build_sets_a_search_parameter_in_range_and_refuses_the_rest() {
        let _values = parameters::TEST_VALUES.lock().unwrap_or_else(|e| e.into_inner());
        let (mut session, captured) = session();
        let (index, _) = parameters::find("variant_forced_choice_plies").unwrap();
        let before = parameters::value(index);
        session.handle_line("setoption name Variant_Forced_Choice_Plies value 5");
        assert_eq!(parameters::value(index), 5);
        for value in ["value 7", "value 0", "value x", ""] {
            session.handle_line(&format!("setoption name variant_forced_choice_plies {value}"));
            assert_eq!(parameters::value(index), 5, "'{value}' changed nothing");
        }
        assert_eq!(captured.text().matches("info string error: setoption: variant_forced_choice_plies").count(), 4);
        session.handle_line("setoption name no_such_parameter value 1");
        assert!(captured.text().contains("no option is named 'no_such_parameter'"));
        session.handle_line(&format!("setoption name variant_forced_choice_plies value {before}"));
        assert_eq!(parameters::value(index), before);
    }

    #[test]
    fn handshake_lists_every_option() {
        let (mut session, captured) = session();
        assert_eq!(session.handle_line("uci"), Flow::Continue);
        let text = captured.text();
        assert!(text.starts_with("id name Roque "));
        let tuning = if parameters::TUNABLE { parameters::TABLE.len() } else { 0 };
        assert_eq!(text.matches("option name ").count(), OPTIONS.len() + tuning);
        assert!(text.ends_with("uciok\n"));
        assert_eq!(session.handle_line("quit"), Flow::Quit);
    }
}
