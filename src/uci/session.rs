//! The engine's state between commands (the game, the options, the running
//! search) and what each command does to it. A command that fails reports
//! `info string error: ...` and leaves the state as it was. The commands of
//! the variants (`UCI_Variant` other than `chess`) are in `session/variants.rs`.

mod variants;

use super::command::{excerpt, Command, GoCommand, StartPosition};
use super::diagram::diagram;
use super::info::UciReporter;
use super::options::{parse_setoption, OptionId, OptionValue, Settings, OPTIONS};
use super::output::Output;
use crate::board::{Game, Position};
use crate::search::{Engine, SearchLimits};
use crate::tools::perft::perft_until_stopped;
use crate::variants::engine::VariantEngine;
use crate::variants::{Variant, VariantGame, VariantPosition};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

pub const ENGINE_NAME: &str = "Roque";
pub const ENGINE_AUTHOR: &str = "the Roque developers";

/// Whether the command loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// A `go perft` count running on a thread of its own.
struct PerftJob {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
}

pub struct Session {
    engine: Engine,
    game: Game,
    settings: Settings,
    output: Arc<Output>,
    debug: bool,
    /// Set by the reporter of the latest search once its `bestmove` is out.
    search_finished: Option<Arc<AtomicBool>>,
    perft: Option<PerftJob>,
    /// The game of the variant `UCI_Variant` names, when it is not chess.
    variant_game: VariantGame,
    variant_engine: VariantEngine,
}

impl Session {
    pub fn new(output: Arc<Output>) -> Session {
        Session {
            engine: Engine::new(),
            game: Game::new(Position::startpos()),
            settings: Settings::default(),
            output,
            debug: false,
            search_finished: None,
            perft: None,
            // Replaced by the variant's own game as soon as UCI_Variant names one.
            variant_game: VariantGame::new(VariantPosition::startpos(Variant::Losing)),
            variant_engine: VariantEngine::new(),
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Reads and carries out one line of input.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let parsed = Command::parse(line);
        if let Some(first) = parsed.skipped.first() {
            self.output.error(&format!("unknown word '{}' skipped before the command", excerpt(first)));
        }
        match parsed.command {
            Ok(Some(command)) => self.handle(command),
            Ok(None) => Flow::Continue,
            Err(error) => {
                self.output.error(&error);
                Flow::Continue
            }
        }
    }

    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Uci => self.uci(),
            Command::Debug(on) => {
                self.debug = on;
                self.output.info_string(if on { "debug on" } else { "debug off" });
            }
            Command::IsReady => self.output.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::UciNewGame => self.new_game(),
            Command::Position { start, moves } if self.in_variant() => self.set_variant_position(start, &moves),
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) if self.in_variant() => self.variant_go(go),
            Command::Go(go) => self.go(go),
            Command::Stop => self.stop(),
            Command::PonderHit => {
                if self.search_running() {
                    self.engine.ponderhit();
                    self.variant_engine.ponderhit();
                } else {
                    self.output.error(&"ponderhit: no search is running");
                }
            }
            Command::Quit => {
                self.stop();
                self.engine.wait();
                self.variant_engine.wait();
                return Flow::Quit;
            }
            Command::Display if self.in_variant() => self.variant_display(),
            Command::Display => self.output.lines(&diagram(self.game.position())),
            Command::Eval if self.in_variant() => self.variant_eval(),
            Command::Eval => self.output.line(crate::eval::trace(self.game.position()).trim_end()),
        }
        Flow::Continue
    }

    /// A search whose `bestmove` has not been written yet.
    fn search_running(&self) -> bool {
        self.search_finished.as_ref().is_some_and(|finished| !finished.load(Ordering::Acquire))
    }

    fn perft_running(&self) -> bool {
        self.perft.as_ref().is_some_and(|job| !job.done.load(Ordering::Acquire))
    }

    /// Says why `what` cannot be done now, if a search or perft is running.
    /// Otherwise waits for the last search's threads to come to rest (they
    /// have written `bestmove` already, so this is quick) and returns false.
    fn refuse_if_busy(&mut self, what: &str) -> bool {
        if self.search_running() || self.perft_running() {
            self.output.error(&format!("{what}: not while a search is running; send 'stop' first"));
            return true;
        }
        self.engine.wait();
        self.variant_engine.wait();
        false
    }

    fn uci(&self) {
        let mut lines =
            vec![format!("id name {ENGINE_NAME} {}", env!("CARGO_PKG_VERSION")), format!("id author {ENGINE_AUTHOR}")];
        lines.extend(OPTIONS.iter().map(|option| option.uci_line()));
        lines.push("uciok".to_string());
        self.output.lines(&lines);
    }

    fn new_game(&mut self) {
        if self.refuse_if_busy("ucinewgame") {
            return;
        }
        self.engine.new_game();
        if self.in_variant() {
            self.variant_game = VariantGame::new(VariantPosition::startpos(self.settings.variant));
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let (spec, value) = match parse_setoption(name, value) {
            Ok(parsed) => parsed,
            Err(error) => return self.output.error(&error),
        };
        let touches_engine = matches!(
            spec.id,
            OptionId::Hash
                | OptionId::Threads
                | OptionId::ClearHash
                | OptionId::MultiPv
                | OptionId::MoveOverhead
                | OptionId::Variant
        );
        if touches_engine && self.refuse_if_busy(&format!("setoption {}", spec.name)) {
            return;
        }
        match (spec.id, value) {
            (OptionId::Hash, OptionValue::Spin(mb)) => match self.engine.set_hash_mb(mb as usize) {
                Ok(()) => self.settings.hash_mb = mb as usize,
                Err(reason) => self.output.error(&format!(
                    "setoption: Hash {mb} MiB could not be allocated ({reason}); the table keeps its {} MiB",
                    self.settings.hash_mb
                )),
            },
            (OptionId::Threads, OptionValue::Spin(n)) => {
                self.engine.set_threads(n as usize);
                self.settings.threads = n as usize;
            }
            (OptionId::ClearHash, _) => self.engine.clear_hash(),
            (OptionId::MultiPv, OptionValue::Spin(n)) => {
                self.engine.set_multipv(n as usize);
                self.settings.multipv = n as usize;
            }
            (OptionId::MoveOverhead, OptionValue::Spin(ms)) => {
                self.engine.set_move_overhead(ms as u64);
                self.settings.move_overhead_ms = ms as u64;
            }
            (OptionId::Ponder, OptionValue::Check(on)) => self.settings.ponder = on,
            (OptionId::Chess960, OptionValue::Check(on)) => self.settings.chess960 = on,
            (OptionId::ShowWdl, OptionValue::Check(on)) => self.settings.show_wdl = on,
            (OptionId::Variant, OptionValue::Combo(index)) => self.set_variant(index),
            (id, value) => unreachable!("the option table gives {id:?} values of its kind, not {value:?}"),
        }
        if self.debug {
            self.output.info_string(&format!("debug: options now {:?}", self.settings));
        }
    }

    /// Builds the new game aside and adopts it only if the FEN and every
    /// move are good.
    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let start = match start {
            StartPosition::StartPos => Position::startpos(),
            StartPosition::Fen(fen) => match Position::from_fen(&fen) {
                Ok(position) => position,
                Err(error) => {
                    return self
                        .output
                        .error(&format!("position: bad FEN '{}': {error}; the position is unchanged", excerpt(&fen)))
                }
            },
        };
        let mut game = Game::new(start);
        for (index, text) in moves.iter().enumerate() {
            if let Err(error) = game.play_uci(text, self.settings.chess960) {
                return self
                    .output
                    .error(&format!("position: move {} of the list: {error}; the position is unchanged", index + 1));
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: GoCommand) {
        if self.refuse_if_busy("go") {
            return;
        }
        if let Some(depth) = go.perft {
            return self.start_perft(depth);
        }
        let position = *self.game.position();
        let mut searchmoves = Vec::with_capacity(go.searchmoves.len());
        for (index, text) in go.searchmoves.iter().enumerate() {
            match position.parse_uci_move(text, self.settings.chess960) {
                Ok(m) if !searchmoves.contains(&m) => searchmoves.push(m),
                Ok(_) => {}
                Err(error) => {
                    return self.output.error(&format!("go: searchmoves move {}: {error}; not searching", index + 1))
                }
            }
        }
        let limits = SearchLimits {
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
            searchmoves,
        };
        if self.debug {
            self.output.info_string(&format!("debug: searching {} with {limits:?}", position.fen()));
        }
        let finished = Arc::new(AtomicBool::new(false));
        let reporter = UciReporter::new(
            Arc::clone(&self.output),
            position,
            self.settings.chess960,
            self.settings.show_wdl,
            Arc::clone(&finished),
        );
        self.search_finished = Some(finished);
        self.engine.start(&self.game, limits, Arc::new(reporter));
    }

    fn stop(&mut self) {
        self.engine.stop();
        self.variant_engine.stop();
        if let Some(job) = &self.perft {
            job.stop.store(true, Ordering::Release);
        }
    }

    /// `go perft`: the count per root move, then the total, in the format of
    /// `roque perft`. Runs on its own thread so that the loop keeps
    /// answering; `stop` ends it within a fraction of a second.
    fn start_perft(&mut self, depth: u32) {
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicBool::new(false));
        let job = PerftJob { stop: Arc::clone(&stop), done: Arc::clone(&done) };
        let position = *self.game.position();
        let output = Arc::clone(&self.output);
        let chess960 = self.settings.chess960;
        std::thread::spawn(move || {
            let mut total = 0u64;
            for m in position.legal_moves() {
                let Some(count) = perft_until_stopped(&position.make_move(m), depth - 1, &stop) else {
                    done.store(true, Ordering::Release);
                    output.info_string("perft stopped");
                    return;
                };
                total += count;
                output.line(&format!("{}: {count}", m.to_uci(chess960)));
            }
            done.store(true, Ordering::Release);
            output.lines(&["", &format!("Nodes searched: {total}")]);
        });
        self.perft = Some(job);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::output::capture;

    fn session() -> (Session, capture::Captured) {
        let (output, captured) = capture::output();
        (Session::new(output), captured)
    }

    #[test]
    fn a_bad_move_leaves_the_position_as_it_was() {
        let (mut session, captured) = session();
        session.handle_line("position startpos moves e2e4");
        let before = *session.game().position();
        session.handle_line("position startpos moves e2e4 e7e5 e1e3");
        assert_eq!(*session.game().position(), before);
        assert!(captured
            .text()
            .contains("info string error: position: move 3 of the list: 'e1e3' is not a legal move"));
        session.handle_line("position startpos moves e2e4 e7e5 xx");
        assert!(captured.text().contains("move 3 of the list: 'xx' is not a move in UCI notation"));
        assert_eq!(*session.game().position(), before);
    }

    #[test]
    fn a_bad_fen_leaves_the_position_as_it_was() {
        let (mut session, captured) = session();
        session.handle_line("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let before = *session.game().position();
        session.handle_line("position fen 4k3/8/8/8/8/8/8/4K2K w - - 0 1");
        assert_eq!(*session.game().position(), before);
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
        let standard = *session.game().position();
        session.handle_line("setoption name UCI_Chess960 value true");
        session.handle_line(&format!("position fen {fen} moves e1h1"));
        assert_eq!(*session.game().position(), standard);
    }

    #[test]
    fn handshake_lists_every_option() {
        let (mut session, captured) = session();
        assert_eq!(session.handle_line("uci"), Flow::Continue);
        let text = captured.text();
        assert!(text.starts_with("id name Roque "));
        assert_eq!(text.matches("option name ").count(), OPTIONS.len());
        assert!(text.ends_with("uciok\n"));
        assert_eq!(session.handle_line("quit"), Flow::Quit);
    }
}
