//! The engine's state between XBoard's commands (the game and its moves,
//! who plays which side, the clocks, the running search) and what each
//! command does to it. A bad command is answered `Error (reason): command`
//! and a bad move `Illegal move (reason): move`; neither changes anything.
//!
//! The game is the session layer's ([`AnyGame`]), as in UCI; every command
//! that concerns it is written once, over [`XboardGame`].

use super::command::Command;
use super::command_loop::Event;
use super::features::feature_lines;
use super::games::announced;
use super::highlight::Lifted;
use super::notation::XboardGame;
use super::result::xboard_result;
use super::thinking::{Progress, SearchDone, Thinking};
use super::time_control::TimeControl;
use crate::game::Game;
use crate::search::{Engine, Score, SearchLimits};
use crate::session::{AnyGame, GameSession, MoveOf, PlayedGame, VariantSetup};
use crate::types::Color;
use crate::uci::options::Settings;
use crate::uci::output::Output;
use crate::variants::Variant;
use crate::with_game;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What the command loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// `force`: moves are only recorded.
    Force,
    /// The engine plays this side, on its own whenever that side is to move.
    Plays(Color),
    /// `analyze`: searches every position, without end, and never moves.
    Analyze,
}

/// The search that runs, and what becomes of its move.
#[derive(Clone, Debug)]
struct Running {
    id: u64,
    /// The engine's move, played when the search ends; otherwise analysis.
    plays: bool,
    /// Pondering: the opponent's reply (Roque's text) the search assumes,
    /// played in its position but not yet in the game.
    ponder: Option<String>,
    /// Where a `.` reads how far the search has come.
    progress: Arc<Mutex<Progress>>,
}

/// A draw offer is accepted when the engine's last score is this close to
/// 0 centipawns, from this move of the game on.
const DEAD_DRAW_CP: i32 = 15;
const DEAD_DRAW_FROM_MOVE: u64 = 40;

/// The XBoard session: the game, and everything else.
pub struct Session {
    pub(super) state: State,
    pub(super) game: AnyGame,
}

/// Everything of the session but the game.
pub(super) struct State {
    pub(super) output: Arc<Output>,
    pub(super) engine: Engine,
    pub(super) settings: Settings,
    events: Sender<Event>,
    chess960: bool,
    /// The game's start: None for the game's own, else `setboard`'s FEN.
    start_fen: Option<String>,
    /// The moves since the start, in Roque's text.
    moves: Vec<String>,
    mode: Mode,
    time: TimeControl,
    post: bool,
    /// `hard`: after its move the engine searches on while the opponent thinks.
    ponder: bool,
    /// The reply the engine's last search expects, in Roque's text (`hint`,
    /// and what it ponders on).
    expected_reply: Option<String>,
    /// When the engine's last move was started, for its clock when pondering.
    move_started: Option<Instant>,
    /// The score of the engine's last move, its own side's view.
    last_score: Option<Score>,
    running: Option<Running>,
    next_id: u64,
    /// A warlock's first leg sent alone (`e4f5,`), waiting for its second.
    first_leg: Option<String>,
    /// `exclude`: root moves left out, in Roque's text.
    excluded: Vec<String>,
    /// The result was claimed: the engine no longer moves in this game.
    over: bool,
    /// The man a person has picked up in the GUI (`lift`).
    lifted: Lifted,
}

impl Session {
    pub fn new(output: Arc<Output>, events: Sender<Event>) -> Session {
        let state = State {
            output,
            engine: Engine::new(),
            settings: Settings::default(),
            events,
            chess960: false,
            start_fen: None,
            moves: Vec::new(),
            mode: Mode::Plays(Color::Black),
            time: TimeControl::default(),
            post: false,
            ponder: false,
            expected_reply: None,
            move_started: None,
            last_score: None,
            running: None,
            next_id: 0,
            first_leg: None,
            excluded: Vec::new(),
            over: false,
            lifted: Lifted::default(),
        };
        Session { state, game: AnyGame::default() }
    }

    /// Reads and carries out one line from XBoard.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let flow = match Command::parse(line) {
            Ok(None) => Flow::Continue,
            Ok(Some(command)) => self.handle(command, line.trim()),
            Err(reason) => {
                self.state.error(&reason, line.trim());
                Flow::Continue
            }
        };
        if flow == Flow::Continue {
            with_game!(&self.game, game => self.state.resume(game));
        }
        flow
    }

    fn handle(&mut self, command: Command, line: &str) -> Flow {
        let state = &mut self.state;
        match command {
            Command::Protover(_) => state.output.lines(&feature_lines()),
            Command::New => {
                state.abandon();
                state.engine.new_game();
                self.game = AnyGame::default();
                state.new_game(false);
                with_game!(&mut self.game, game => state.start_as_xboard(game));
                state.mode = Mode::Plays(Color::Black);
                state.time = TimeControl { depth: None, ..state.time.clone() };
            }
            Command::Variant(name) => match announced(&name) {
                Ok(chosen) => {
                    state.abandon();
                    let setup = VariantSetup {
                        variant: Variant::Chess,
                        turning_moves: state.settings.turning_moves,
                        marseillais_balanced: false,
                        mines: None,
                    };
                    self.game = AnyGame::choose(chosen.roque_name, setup).expect("an announced game is Roque's");
                    state.new_game(chosen.chess960);
                    with_game!(&mut self.game, game => state.start_as_xboard(game));
                }
                Err(reason) => state.error(&reason, line),
            },
            Command::Quit => {
                state.abandon();
                return Flow::Quit;
            }
            Command::Force => {
                state.abandon();
                state.mode = Mode::Force;
            }
            Command::Go => {
                state.abandon();
                state.mode = Mode::Plays(with_game!(&self.game, game => side_to_move(game)));
            }
            Command::PlayOther => {
                state.abandon();
                state.mode = Mode::Plays(!with_game!(&self.game, game => side_to_move(game)));
            }
            Command::UserMove(text) => with_game!(&mut self.game, game => state.user_move(game, text)),
            Command::MoveNow => {
                if state.running.as_ref().is_some_and(|running| running.plays && running.ponder.is_none()) {
                    state.engine.stop();
                }
            }
            Command::Ping(number) => state.output.line(&format!("pong {number}")),
            Command::Draw => with_game!(&self.game, game => state.answer_draw(game)),
            Command::Hint => with_game!(&self.game, game => state.hint(game)),
            Command::Lift(square) => with_game!(&self.game, game => state.lift(game, &square)),
            Command::Put(square) => state.lifted.put(&square),
            Command::Statistics => state.statistics(),
            Command::Result(_) => {
                state.abandon();
                state.mode = Mode::Force;
                state.over = true;
            }
            Command::SetBoard(fen) => with_game!(&mut self.game, game => state.set_board(game, &fen, line)),
            Command::Undo => with_game!(&mut self.game, game => state.take_back(game, 1, line)),
            Command::Remove => with_game!(&mut self.game, game => state.take_back(game, 2, line)),
            Command::Ponder(on) => {
                state.ponder = on;
                if !on && state.running.as_ref().is_some_and(|running| running.ponder.is_some()) {
                    state.abandon();
                }
            }
            Command::Post(on) => state.post = on,
            Command::Analyze => {
                state.abandon();
                state.mode = Mode::Analyze;
            }
            Command::Exit => {
                if state.mode == Mode::Analyze {
                    state.abandon();
                    state.mode = Mode::Force;
                }
            }
            Command::Exclude { all, excluded, text } => {
                with_game!(&self.game, game => state.exclude(game, all, excluded, &text, line))
            }
            Command::Level(arguments) => {
                let arguments: Vec<&str> = arguments.iter().map(String::as_str).collect();
                if let Err(reason) = state.time.set_level(&arguments) {
                    state.error(&reason, line);
                }
            }
            Command::St(seconds) => {
                if let Err(reason) = state.time.set_move_time(&seconds) {
                    state.error(&reason, line);
                }
            }
            Command::Sd(depth) => state.time.depth = Some(depth),
            Command::Time(centiseconds) => state.time.engine_ms = Some(centiseconds * 10),
            Command::Otim(centiseconds) => state.time.opponent_ms = Some(centiseconds * 10),
            Command::Nps(nodes) => state.time.nodes_per_second = (nodes > 0).then_some(nodes),
            Command::Memory(mb) => state.set_memory(mb, line),
            Command::Cores(cores) => state.set_cores(cores, line),
            Command::EgtPath { kind, path } => state.set_egt_path(&kind, path, line),
            Command::Option { name, value } => state.set_option(&name, value.as_deref(), line),
            Command::Ignored => {}
        }
        Flow::Continue
    }

    /// A search has ended: the engine's move is played and sent, with the
    /// result if the game ends; a search that was abandoned is forgotten.
    pub fn search_done(&mut self, done: SearchDone) -> Flow {
        let state = &mut self.state;
        if state.running.as_ref().is_none_or(|running| running.id != done.id) {
            return Flow::Continue;
        }
        let running = state.running.take().expect("checked above");
        if running.plays {
            state.last_score = done.score;
            state.expected_reply = done.ponder;
            if let Some(best) = done.best {
                with_game!(&mut self.game, game => {
                    state.play_engine_move(game, &best);
                    state.start_pondering(game);
                });
            }
        }
        with_game!(&self.game, game => state.resume(game));
        Flow::Continue
    }

    /// The end of input, as `quit`.
    pub fn quit(&mut self) -> Flow {
        self.state.abandon();
        Flow::Quit
    }
}

/// The side to move in a game.
fn side_to_move<G: PlayedGame>(game: &GameSession<G>) -> Color {
    G::side_to_move(game.position())
}

impl State {
    /// `Error (reason): command`.
    pub(super) fn error(&self, reason: &str, line: &str) {
        self.output.line(&format!("Error ({reason}): {line}"));
    }

    /// A new game from the start of the game chosen.
    fn new_game(&mut self, chess960: bool) {
        self.chess960 = chess960;
        self.start_fen = None;
        self.moves.clear();
        self.excluded.clear();
        self.first_leg = None;
        self.over = false;
        self.expected_reply = None;
        self.last_score = None;
    }

    /// The game from XBoard's own start where it differs from Roque's
    /// (Elven Chess: no castling for Black), kept as the start that `undo`
    /// and pondering replay from.
    fn start_as_xboard<G: XboardGame>(&mut self, game: &mut GameSession<G>) {
        if let Some(fen) = G::xboard_start_fen() {
            game.set_position(Some(&fen), &[], self.chess960).expect("XBoard's start is a legal position");
            self.start_fen = Some(fen);
        }
    }

    /// Stops the running search, if any, and forgets its move.
    pub(super) fn abandon(&mut self) {
        if self.running.take().is_some() {
            self.engine.stop();
            self.engine.wait();
        }
    }

    /// Starts what the mode asks once nothing runs: the engine's move when
    /// it is its turn, analysis in analyze mode.
    fn resume<G: XboardGame>(&mut self, game: &GameSession<G>) {
        if self.running.is_some() || self.over || xboard_sees_end(game) {
            return;
        }
        let to_move = G::side_to_move(game.position());
        match self.mode {
            Mode::Plays(side) if side == to_move => {
                let moves_made = (self.moves.len() / 2) as u32;
                let limits = self.time.limits(to_move, moves_made);
                self.move_started = Some(Instant::now());
                self.start_search(game, limits, true, None);
            }
            Mode::Analyze => {
                self.start_search(game, SearchLimits { infinite: true, ..Default::default() }, false, None)
            }
            _ => {}
        }
    }

    fn start_search<G: XboardGame>(
        &mut self,
        game: &GameSession<G>,
        limits: SearchLimits,
        plays: bool,
        ponder: Option<String>,
    ) {
        self.next_id += 1;
        let id = self.next_id;
        let position = *game.position();
        let searchmoves: Vec<MoveOf<G>> = if self.excluded.is_empty() {
            Vec::new()
        } else {
            position
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| !self.excluded.contains(&G::move_text(m, self.chess960)))
                .collect()
        };
        let progress = Arc::new(Mutex::new(Progress::new(position.legal_moves().len(), searchmoves.len())));
        let reporter = Thinking::<G>::new(
            Arc::clone(&self.output),
            position,
            self.chess960,
            self.post || !plays,
            id,
            self.events.clone(),
            Arc::clone(&progress),
        );
        self.engine.set_strength(self.settings.strength());
        self.engine.set_probe_settings(self.settings.probe);
        self.running = Some(Running { id, plays, ponder, progress });
        game.record().start_search(&mut self.engine, limits, searchmoves, Arc::new(reporter));
    }

    /// `move ...` for the engine's move, then the result if it ends the game.
    fn play_engine_move<G: XboardGame>(&mut self, game: &mut GameSession<G>, text: &str) {
        let position = *game.position();
        let Ok(m) = G::parse_move(&position, text, self.chess960) else {
            return self.output.line(&format!("Error (the search chose '{text}', which is not legal): move"));
        };
        if game.play(text, self.chess960).is_ok() {
            self.moves.push(text.to_string());
            self.excluded.clear();
            self.output.line(&format!("move {}", G::xboard_move(&position, m, self.chess960)));
            self.claim_result(game);
        }
    }

    /// With `hard`, after the engine's move: the position after the reply
    /// its search expects is searched, as if that reply were played, under
    /// the engine's clock from when the reply comes (XBoard's engines
    /// ponder so). The game stays as it is until the opponent's move.
    fn start_pondering<G: XboardGame>(&mut self, game: &GameSession<G>) {
        let Some(reply) = self.expected_reply.clone() else { return };
        if !self.ponder || self.over || self.running.is_some() {
            return;
        }
        // The game with the reply: replayed, as `undo` does.
        let mut after = GameSession::<G>::new(game.setup().clone());
        let moves: Vec<String> = self.moves.iter().cloned().chain([reply.clone()]).collect();
        if after.set_position(self.start_fen.as_deref(), &moves, self.chess960).is_err() || xboard_sees_end(&after) {
            return;
        }
        let to_move = G::side_to_move(after.position());
        if self.mode != Mode::Plays(to_move) {
            return;
        }
        let spent_ms = self.move_started.map_or(0, |started| started.elapsed().as_millis() as u64);
        let moves_made = (self.moves.len().div_ceil(2)) as u32;
        let mut limits = self.time.after_own_move(spent_ms).limits(to_move, moves_made);
        limits.ponder = true;
        self.start_search(&after, limits, true, Some(reply));
    }

    /// The result, with its reason, once the game's rules end it.
    fn claim_result<G: XboardGame>(&mut self, game: &GameSession<G>) {
        if let Some(result) = game.record().result().filter(|_| G::xboard_sees_result(game.record())) {
            self.output.line(&xboard_result(&result));
            self.over = true;
        }
    }

    /// `usermove`: the opponent's move, or one XBoard's rules allow and the
    /// game's do not (answered `Illegal move`).
    fn user_move<G: XboardGame>(&mut self, game: &mut GameSession<G>, text: String) {
        let text = match self.first_leg.take() {
            Some(first) => first + &text,
            None => text,
        };
        if text.ends_with(',') {
            self.first_leg = Some(text);
            return;
        }
        let illegal = |reason: &str| format!("Illegal move ({reason}): {text}");
        let roque = match G::roque_move(game.position(), &text, self.chess960) {
            Ok(roque) => roque,
            Err(reason) => return self.output.line(&illegal(&reason)),
        };
        if self.mode == Mode::Analyze || self.running.as_ref().is_some_and(|running| !running.plays) {
            self.abandon();
        }
        if let Err(reason) = game.play(&roque, self.chess960) {
            return self.output.line(&illegal(&reason));
        }
        let ponder_hit = self.running.as_ref().is_some_and(|running| running.ponder.as_ref() == Some(&roque));
        if ponder_hit {
            // The search goes on as the engine's move, its clock from now.
            self.engine.ponderhit();
            self.move_started = Some(Instant::now());
            if let Some(running) = self.running.as_mut() {
                running.ponder = None;
            }
        } else {
            self.abandon();
        }
        self.moves.push(roque);
        self.excluded.clear();
        self.expected_reply = None;
        self.claim_result(game);
    }

    /// `setboard`: the game from XBoard's FEN, no move played.
    fn set_board<G: XboardGame>(&mut self, game: &mut GameSession<G>, fen: &str, line: &str) {
        let roque_fen = G::roque_fen(fen);
        match game.set_position(Some(&roque_fen), &[], self.chess960) {
            Ok(()) => {
                self.abandon();
                self.start_fen = Some(roque_fen);
                self.moves.clear();
                self.excluded.clear();
                self.over = false;
                self.expected_reply = None;
                self.last_score = None;
            }
            Err(error) => {
                self.error(&error.to_string(), line);
                // XBoard shows the user this line; the Error line is for its log.
                self.output.line("tellusererror Illegal position");
            }
        }
    }

    /// `undo` (one move) and `remove` (two): the game replayed from its
    /// start without them.
    fn take_back<G: XboardGame>(&mut self, game: &mut GameSession<G>, count: usize, line: &str) {
        if count > self.moves.len() {
            return self.error(&format!("only {} moves to take back", self.moves.len()), line);
        }
        self.abandon();
        self.moves.truncate(self.moves.len() - count);
        let replayed = game.set_position(self.start_fen.as_deref(), &self.moves, self.chess960);
        debug_assert!(replayed.is_ok(), "the moves were played from this start before");
        self.excluded.clear();
        self.over = false;
        self.expected_reply = None;
        self.last_score = None;
    }

    /// `exclude`/`include` a root move, or `all` of them.
    fn exclude<G: XboardGame>(&mut self, game: &GameSession<G>, all: bool, excluded: bool, text: &str, line: &str) {
        if all {
            self.excluded.clear();
            if excluded {
                let position = game.position();
                self.excluded = position.legal_moves().iter().map(|&m| G::move_text(m, self.chess960)).collect();
            }
        } else {
            let roque = G::roque_move(game.position(), text, self.chess960)
                .and_then(|roque| G::parse_move(game.position(), &roque, self.chess960).map(|_| roque));
            match roque {
                Ok(roque) if excluded => {
                    if !self.excluded.contains(&roque) {
                        self.excluded.push(roque);
                    }
                }
                Ok(roque) => self.excluded.retain(|m| *m != roque),
                Err(reason) => return self.error(&reason, line),
            }
        }
        // The analysis starts again with the new root moves.
        if self.mode == Mode::Analyze {
            self.abandon();
        }
    }

    /// `draw`: accepted (`offer draw`) when the game is drawn by its rules,
    /// or when the engine's last score is within [`DEAD_DRAW_CP`] of a draw
    /// from move [`DEAD_DRAW_FROM_MOVE`] on; otherwise declined by silence,
    /// as the protocol allows.
    fn answer_draw<G: XboardGame>(&self, game: &GameSession<G>) {
        let drawn_by_rule = game.record().result().is_some_and(|result| result.starts_with("1/2"));
        let move_number: u64 =
            G::fen(game.position()).split_whitespace().last().and_then(|number| number.parse().ok()).unwrap_or(1);
        let level = matches!(self.last_score, Some(Score::Cp(cp)) if cp.abs() <= DEAD_DRAW_CP);
        if drawn_by_rule || (level && move_number >= DEAD_DRAW_FROM_MOVE) {
            self.output.line("offer draw");
        }
    }

    /// `hint`: the reply the engine's last search expects, if it is legal.
    fn hint<G: XboardGame>(&self, game: &GameSession<G>) {
        let position = game.position();
        let Some(m) = self.expected_reply.as_ref().and_then(|text| G::parse_move(position, text, self.chess960).ok())
        else {
            return;
        };
        self.output.line(&format!("Hint: {}", G::xboard_move(position, m, self.chess960)));
    }

    /// `lift`: `highlight` where the man picked up may go.
    fn lift<G: XboardGame>(&mut self, game: &GameSession<G>, square: &str) {
        let position = game.position();
        let moves: Vec<String> =
            position.legal_moves().iter().map(|&m| G::xboard_move(position, m, self.chess960)).collect();
        self.lifted.lift(square);
        let line = self.lifted.highlight(&moves, &G::fen(position));
        self.output.line(&line);
    }

    /// `.` in analysis: `stat01: time nodes ply moves-left moves-total move`.
    fn statistics(&self) {
        let Some(running) = self.running.as_ref().filter(|_| self.mode == Mode::Analyze) else { return };
        let nodes: u64 = self.engine.thread_nodes().iter().sum();
        let line = running.progress.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).stat01(nodes);
        if let Some(line) = line {
            self.output.line(&line);
        }
    }
}

/// Whether the game is over as XBoard sees it: ended by its rules, in a way
/// XBoard counts too ([`XboardGame::xboard_sees_result`]). Where Roque's
/// rules end it and XBoard's do not (a repetition or fifty moves counted
/// across an Elven warlock's pass), the engine claims nothing and plays
/// on, as XBoard expects.
fn xboard_sees_end<G: XboardGame>(game: &GameSession<G>) -> bool {
    game.record().result().is_some() && G::xboard_sees_result(game.record())
}
