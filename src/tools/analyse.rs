//! `roque analyse`: every position of a PGN file's games (or of an EPD
//! list) searched, and the games written back as PGN with lichess's
//! `[%eval ...]` comments, `?!`/`?`/`??` marks with the better move, and
//! each player's average centipawn loss and accuracy as tags
//! (docs/analyse.md).

use super::move_judgement::{accuracy, centipawn_loss, Evaluation, Mark};
use super::pgn::{decode_file, read_games, PgnGame};
use super::progress::Progress;
use super::same_file::refuse_output_among_inputs;
use crate::board::{ChessRecord, GameResult, MoveParseError, Position};
use crate::search::{Engine, IterationInfo, Reporter, Score, SearchLimits};
use crate::types::{Color, Move};
use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

pub const USAGE: &str =
    "usage: roque analyse <file | -> [--output <file>] [--nodes <n> | --depth <n> | --movetime <ms>]
                     [--threads <n>] [--multipv <n>] [--hash <MiB>]
  (a PGN file or an EPD/FEN list; '-' for standard input; --name=value also reads)";

/// Nodes a position when no limit is given: a fixed count, so that one
/// thread gives the same analysis on every run and machine, and large
/// enough for the engine to see two or three moves of tactics.
pub const DEFAULT_NODES: u64 = 100_000;

/// Moves of the better line shown after a marked move.
const VARIATION_PLIES: usize = 8;

/// How long a search of each position is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    Nodes(u64),
    Depth(u32),
    Movetime(u64),
}

impl Limit {
    fn search_limits(self) -> SearchLimits {
        match self {
            Limit::Nodes(nodes) => SearchLimits::nodes(nodes),
            Limit::Depth(depth) => SearchLimits::depth(depth),
            Limit::Movetime(ms) => SearchLimits::movetime(ms),
        }
    }

    fn describe(self) -> String {
        match self {
            Limit::Nodes(nodes) => format!("{nodes} nodes"),
            Limit::Depth(depth) => format!("depth {depth}"),
            Limit::Movetime(ms) => format!("{ms} ms"),
        }
    }
}

/// The command line of `roque analyse`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub input: String,
    pub output: Option<String>,
    pub limit: Limit,
    pub threads: usize,
    pub multipv: usize,
    pub hash_mb: usize,
}

impl Settings {
    pub fn parse(args: &[String]) -> Result<Settings, String> {
        let mut input = None;
        let mut output = None;
        let mut limits = Vec::new();
        let (mut threads, mut multipv, mut hash_mb) = (None, None, None);
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            // `--name value` or `--name=value`.
            let (name, inline) = match arg.split_once('=') {
                Some((name, value)) if name.starts_with("--") => (name, Some(value.to_string())),
                _ => (arg.as_str(), None),
            };
            let mut value = || match inline.clone() {
                Some(value) => Ok(value),
                None => match args.next() {
                    Some(value) if !value.starts_with("--") => Ok(value.clone()),
                    _ => Err(format!("{name} needs a value")),
                },
            };
            match name {
                "--output" | "-o" => set_once(&mut output, name, value()?)?,
                "--nodes" => limits.push(Limit::Nodes(number(name, &value()?, 1, u64::MAX)?)),
                "--depth" => limits.push(Limit::Depth(number(name, &value()?, 1, 245)?)),
                "--movetime" => limits.push(Limit::Movetime(number(name, &value()?, 1, u64::MAX)?)),
                "--threads" => {
                    let n = number(name, &value()?, 1, crate::search::engine::MAX_THREADS)?;
                    set_once(&mut threads, name, n)?
                }
                "--multipv" => set_once(&mut multipv, name, number(name, &value()?, 1, 256)?)?,
                "--hash" => set_once(&mut hash_mb, name, number(name, &value()?, 1, 1 << 20)?)?,
                option if option.starts_with('-') && option.len() > 1 => return Err(format!("unknown option '{arg}'")),
                file if input.is_none() => input = Some(file.to_string()),
                extra => return Err(format!("one input file only, not also '{extra}'")),
            }
        }
        let input = input.ok_or("analyse needs a PGN or EPD file ('-' for standard input)")?;
        let limit = match limits[..] {
            [] => Limit::Nodes(DEFAULT_NODES),
            [limit] => limit,
            _ => return Err("give one limit: one of --nodes, --depth and --movetime, once".to_string()),
        };
        let (threads, multipv, hash_mb) = (threads.unwrap_or(1), multipv.unwrap_or(1), hash_mb.unwrap_or(16));
        Ok(Settings { input, output, limit, threads, multipv, hash_mb })
    }
}

/// An option's value, refused when the option was given before.
fn set_once<T>(slot: &mut Option<T>, name: &str, value: T) -> Result<(), String> {
    if slot.is_some() {
        return Err(format!("{name} is given twice"));
    }
    *slot = Some(value);
    Ok(())
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    name: &str,
    text: &str,
    min: T,
    max: T,
) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(format!("{name} must be a whole number from {min} to {max}, not '{text}'")),
    }
}

/// What a run did, for the line on standard error at its end.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub games: usize,
    pub positions: u64,
    pub faults: usize,
    pub seconds: f64,
}

/// Whether a game of the output is a game of the input or one made for a
/// position of an EPD list (its one move the engine's best).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Game,
    Position,
}

/// A game ready to analyse: its moves read, up to a fault if it has one.
struct ReadGame {
    source: Source,
    tags: Vec<(String, String)>,
    start: Position,
    moves: Vec<Move>,
    /// Why reading stopped before the end of the game's moves.
    fault: Option<String>,
    result: String,
}

/// Reads the file, analyses every game or position and writes the
/// annotated PGN. Faults in single games are reported on standard error
/// and the rest goes on; an error comes back only when the file cannot be
/// read or written, or holds nothing to analyse.
pub fn run(settings: &Settings) -> Result<Summary, String> {
    let from_stdin = settings.input == "-";
    if let (Some(output), false) = (&settings.output, from_stdin) {
        refuse_output_among_inputs(Path::new(output), [Path::new(&settings.input)])?;
    }
    let bytes = if from_stdin {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).map(|_| bytes)
    } else {
        std::fs::read(&settings.input)
    };
    let name = if from_stdin { "standard input" } else { settings.input.as_str() };
    let bytes = bytes.map_err(|e| format!("cannot read {name}: {e}"))?;
    let text = decode_file(bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    let mut faults = 0;
    let games = read_input(&text, &mut |message| {
        faults += 1;
        eprintln!("{message}");
    });
    if games.iter().all(|game| game.source == Source::Game && game.moves.is_empty()) {
        return Err(format!("nothing to analyse in {name}: no legal move of a game, nor a position"));
    }
    // Every setting is taken before the output file is made: a refused one
    // leaves a file of that name as it was.
    let mut engine = Engine::new();
    engine.set_hash_mb(settings.hash_mb).map_err(|e| format!("--hash {}: {e}", settings.hash_mb))?;
    engine.set_threads(settings.threads).map_err(|e| format!("--threads {}: {e}", settings.threads))?;
    engine.set_multipv(settings.multipv);
    let to_terminal = settings.output.is_none() && std::io::stdout().is_terminal();
    let mut output: Box<dyn Write> = match &settings.output {
        Some(path) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let positions = games.iter().map(|game| game.moves.len() as u64 + 1).sum();
    let mut progress = Progress::new("positions", positions);
    let annotator = format!("Roque {}, {}", env!("CARGO_PKG_VERSION"), settings.limit.describe());
    for game in &games {
        let analyses = analyse_game(&mut engine, game, settings.limit.search_limits(), &mut progress);
        let text = annotated_game(game, &analyses, &annotator);
        let mut write = || output.write_all(text.as_bytes()).and_then(|_| output.flush());
        // On a terminal the progress line steps aside for the games.
        let written = if to_terminal { progress.aside(write) } else { write() };
        written.map_err(|e| format!("cannot write the analysis: {e}"))?;
    }
    let seconds = progress.finish().as_secs_f64();
    Ok(Summary { games: games.len(), positions, faults, seconds })
}

/// The games of a PGN text, or a game for each position of an EPD list
/// (told apart by the first line: a FEN or not). Each fault goes to
/// `report`: a game with a bad start is left out, one with a bad move is
/// kept up to it.
fn read_input(text: &str, report: &mut dyn FnMut(String)) -> Vec<ReadGame> {
    if epd_lines(text).next().is_some_and(|(_, line)| epd_position(line).is_ok()) {
        return read_epd(text, report);
    }
    let mut games = Vec::new();
    for (index, game) in read_games(text).into_iter().enumerate() {
        let number = index + 1;
        for problem in &game.problems {
            report(format!("game {number}: {problem}, left out"));
        }
        match read_moves(&game, number) {
            Ok(read) => {
                if let Some(fault) = &read.fault {
                    report(fault.clone());
                }
                games.push(read);
            }
            Err(error) => report(format!("game {number}: {error}; the game is left out")),
        }
    }
    games
}

/// A game's moves read against its positions, up to the first that is not
/// legal there.
fn read_moves(game: &PgnGame, number: usize) -> Result<ReadGame, String> {
    let (start, _chess960) = game.start_position()?;
    let mut position = start;
    let mut moves = Vec::new();
    let mut fault = None;
    for played in &game.moves {
        match position.parse_san(&played.san) {
            Ok(m) => {
                moves.push(m);
                position = position.make_move(m);
            }
            Err(error) => {
                let what = match error {
                    MoveParseError::Ambiguous(_) => "ambiguous move",
                    MoveParseError::Illegal(_) => "illegal move",
                    _ => "unreadable move",
                };
                let dots = if position.side_to_move() == Color::Black { "..." } else { "" };
                let move_number = position.fullmove_number();
                fault = Some(format!("game {number}, move {move_number} ({dots}{}): {what}: {error}", played.san));
                break;
            }
        }
    }
    Ok(ReadGame { source: Source::Game, tags: game.tags.clone(), start, moves, fault, result: game.result.clone() })
}

/// The position of an EPD line (or a FEN line): its four fields, and the
/// FEN's counters when they follow instead of EPD operations.
fn epd_position(line: &str) -> Result<Position, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err("not a FEN or EPD position: fewer than four fields".to_string());
    }
    // Two numbers after the four fields are the FEN's counters, read (and
    // refused when out of range) as a FEN's; EPD's operations start with a
    // letter.
    let numeric = |field: &str| {
        let digits = field.trim_start_matches(['-', '+']);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let counters = fields.len() >= 6 && numeric(fields[4]) && numeric(fields[5]);
    let used = if counters { 6 } else { 4 };
    Position::from_fen(&fields[..used].join(" ")).map_err(|e| e.to_string())
}

/// The lines of an EPD list that hold a position, trimmed, with their
/// index: blank lines and `#` comments left out.
fn epd_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().map(str::trim).enumerate().filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

fn read_epd(text: &str, report: &mut dyn FnMut(String)) -> Vec<ReadGame> {
    let mut games = Vec::new();
    for (index, line) in epd_lines(text) {
        match epd_position(line) {
            Ok(start) => {
                // EPD's `id "..."` operation names the position.
                let id = line.split_once("id \"").and_then(|(_, rest)| rest.split_once('"')).map(|(id, _)| id);
                let tags = [
                    ("Event", id.unwrap_or("?")),
                    ("Site", "?"),
                    ("Date", "????.??.??"),
                    ("Round", "?"),
                    ("White", "?"),
                    ("Black", "?"),
                    ("Result", "*"),
                    ("SetUp", "1"),
                    ("FEN", &start.fen()),
                ];
                let tags = tags.iter().map(|(name, value)| (name.to_string(), value.to_string())).collect();
                let result = "*".to_string();
                games.push(ReadGame { source: Source::Position, tags, start, moves: Vec::new(), fault: None, result });
            }
            Err(error) => report(format!("line {}: bad FEN: {error}; the line is left out", index + 1)),
        }
    }
    games
}

/// A line of play the engine found and its score (the side to move's view).
#[derive(Clone, Debug)]
struct Line {
    score: Score,
    moves: Vec<Move>,
}

/// One position's analysis: its evaluation and the engine's lines, best
/// first (none where the game is over).
#[derive(Clone, Debug)]
struct PositionAnalysis {
    evaluation: Evaluation,
    lines: Vec<Line>,
}

/// Keeps each MultiPV line's latest report and the best move.
#[derive(Default)]
struct LineCollector {
    lines: Mutex<Vec<IterationInfo>>,
    best: Mutex<Option<Move>>,
}

impl Reporter for LineCollector {
    fn iteration(&self, info: &IterationInfo) {
        let mut lines = self.lines.lock().unwrap();
        match lines.get_mut(info.multipv - 1) {
            Some(line) => *line = info.clone(),
            None => lines.push(info.clone()),
        }
    }
    fn current_move(&self, _depth: u32, _mv: Move, _number: usize) {}
    fn best_move(&self, best: Move, _ponder: Option<Move>) {
        *self.best.lock().unwrap() = Some(best).filter(|m| m.is_some());
    }
}

/// Every position of the game, the start and the one after each move;
/// for a position of an EPD list, that position alone.
fn analyse_game(
    engine: &mut Engine,
    game: &ReadGame,
    limits: SearchLimits,
    progress: &mut Progress,
) -> Vec<PositionAnalysis> {
    engine.new_game();
    let mut played = ChessRecord::new(game.start);
    let mut analyses = Vec::with_capacity(game.moves.len() + 1);
    for i in 0..=game.moves.len() {
        analyses.push(analyse_position(engine, &played, limits.clone()));
        progress.advance(1);
        if let Some(&m) = game.moves.get(i) {
            played.play(m);
        }
    }
    analyses
}

fn analyse_position(engine: &mut Engine, game: &ChessRecord, limits: SearchLimits) -> PositionAnalysis {
    let side_to_move = game.position().side_to_move();
    match game.result() {
        Some(GameResult::Checkmate { .. }) => {
            return PositionAnalysis { evaluation: Evaluation::Checkmated(side_to_move), lines: Vec::new() }
        }
        Some(GameResult::Draw(_)) => {
            return PositionAnalysis { evaluation: Evaluation::Centipawns(0), lines: Vec::new() }
        }
        None => {}
    }
    let collector = Arc::new(LineCollector::default());
    engine.start(game, limits, collector.clone());
    engine.wait();
    let best = collector.best.lock().unwrap().expect("a position with legal moves has a best move");
    let mut lines: Vec<Line> =
        collector.lines.lock().unwrap().iter().map(|info| Line { score: info.score, moves: info.pv.clone() }).collect();
    if lines.is_empty() {
        lines.push(Line { score: Score::Cp(0), moves: vec![best] });
    }
    // The move played is the one to show, should the last report differ.
    if lines[0].moves.first() != Some(&best) {
        lines[0].moves = vec![best];
    }
    PositionAnalysis { evaluation: Evaluation::from_search(lines[0].score, side_to_move), lines }
}

/// Tags this command writes itself, replacing any the input had.
const OWN_TAGS: [&str; 5] = ["Annotator", "WhiteACPL", "BlackACPL", "WhiteAccuracy", "BlackAccuracy"];

/// Each player's losses, summed over their moves.
#[derive(Default)]
struct PlayerTotals {
    moves: u32,
    centipawn_loss: i64,
    accuracy: f64,
}

/// The game as annotated PGN, with a blank line after it.
fn annotated_game(game: &ReadGame, analyses: &[PositionAnalysis], annotator: &str) -> String {
    // A position of a list is written as a game of one move, the best.
    let (moves, evaluations): (Vec<Move>, Vec<Evaluation>) = match game.source {
        Source::Game => (game.moves.clone(), analyses.iter().map(|a| a.evaluation).collect()),
        Source::Position => {
            let best = analyses[0].lines.first().map(|line| line.moves[0]);
            let evaluation = analyses[0].evaluation;
            let after = evaluation.after_best_move(game.start.side_to_move());
            (best.into_iter().collect(), vec![evaluation, after])
        }
    };
    let mut tokens = Vec::new();
    let mut totals = [PlayerTotals::default(), PlayerTotals::default()];
    let mut position = game.start;
    for (i, &m) in moves.iter().enumerate() {
        let mover = position.side_to_move();
        let (before, after) = (evaluations[i], evaluations[i + 1]);
        let best_line = analyses[i].lines.first().filter(|line| line.moves[0] != m);
        let mark = best_line.and_then(|_| Mark::of(before, after, mover));
        let player = &mut totals[mover.index()];
        player.moves += 1;
        player.centipawn_loss += centipawn_loss(before, after, mover) as i64;
        player.accuracy += accuracy(before, after, mover);

        tokens.push(move_number(&position));
        tokens.push(format!("{}{}", position.san(m), mark.map_or("", Mark::suffix)));
        let mut comment = format!("[%eval {}]", after.pgn_text());
        if let (Some(mark), Some(best)) = (mark, best_line) {
            comment.push_str(&format!(" {}: {} was best.", mark.name(), position.san(best.moves[0])));
        }
        if analyses[i].lines.len() > 1 {
            comment.push_str(" Lines:");
            for (k, line) in analyses[i].lines.iter().enumerate() {
                let score = Evaluation::from_search(line.score, mover).pgn_text();
                let text = numbered_line(&position, &line.moves[..line.moves.len().min(VARIATION_PLIES)], None);
                comment.push_str(&format!(" {}) {} ({score});", k + 1, text.join(" ")));
            }
            comment.pop();
        }
        tokens.push(format!("{{ {comment} }}"));
        if let (Some(_), Some(best)) = (mark, best_line) {
            let shown = &best.moves[..best.moves.len().min(VARIATION_PLIES)];
            let eval_comment = format!("{{ [%eval {}] }}", before.after_best_move(mover).pgn_text());
            tokens.push("(".to_string());
            tokens.extend(numbered_line(&position, shown, Some(eval_comment)));
            tokens.push(")".to_string());
        }
        position = position.make_move(m);
    }
    if let Some(fault) = &game.fault {
        tokens.push(format!("{{ Analysis stops here: {} }}", fault.replace(['{', '}'], "")));
    }
    if moves.is_empty() && game.source == Source::Position {
        tokens.push(format!("{{ [%eval {}] The game is over. }}", evaluations[0].pgn_text()));
    }
    tokens.push(game.result.clone());

    let mut text = String::new();
    let mut tags: Vec<(String, String)> =
        game.tags.iter().filter(|(name, _)| !OWN_TAGS.contains(&name.as_str())).cloned().collect();
    tags.push(("Annotator".to_string(), annotator.to_string()));
    if game.source == Source::Game {
        for (color, player) in [("White", &totals[0]), ("Black", &totals[1])] {
            if player.moves > 0 {
                let moves = player.moves as f64;
                tags.push((format!("{color}ACPL"), format!("{:.0}", player.centipawn_loss as f64 / moves)));
                tags.push((format!("{color}Accuracy"), format!("{:.1}", player.accuracy / moves)));
            }
        }
    }
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\"")));
    }
    text.push('\n');
    text.push_str(&wrapped(&tokens));
    text.push_str("\n\n");
    text
}

/// `12.` before White's move, `12...` before Black's.
fn move_number(position: &Position) -> String {
    let dots = if position.side_to_move() == Color::White { "." } else { "..." };
    format!("{}{dots}", position.fullmove_number())
}

/// A line of moves from `position` as PGN tokens, numbered, with
/// `first_comment` after its first move.
fn numbered_line(position: &Position, moves: &[Move], first_comment: Option<String>) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut position = *position;
    let mut needs_number = true;
    for (i, &m) in moves.iter().enumerate() {
        if needs_number || position.side_to_move() == Color::White {
            tokens.push(move_number(&position));
        }
        tokens.push(position.san(m));
        needs_number = false;
        if let (0, Some(comment)) = (i, &first_comment) {
            tokens.push(comment.clone());
            needs_number = true;
        }
        position = position.make_move(m);
    }
    tokens
}

/// Tokens joined by spaces into lines of at most 79 characters, the
/// movetext width PGN asks for; comments are broken between words, but
/// not inside a command such as `[%eval 0.17]`, which readers look for
/// with its space.
fn wrapped(tokens: &[String]) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut in_command = false;
    for word in tokens.iter().flat_map(|token| token.split(' ')) {
        match words.last_mut() {
            Some(last) if in_command => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        in_command = words.last().is_some_and(|last| last.contains("[%") && !last.ends_with(']'));
    }
    let mut text = String::new();
    let mut line_length = 0;
    for token in &words {
        if line_length > 0 && line_length + 1 + token.len() > 79 {
            text.push('\n');
            line_length = 0;
        } else if line_length > 0 {
            text.push(' ');
            line_length += 1;
        }
        text.push_str(token);
        line_length += token.len();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_command_line_takes_one_limit_and_defaults_to_a_node_count() {
        let settings = Settings::parse(&args("games.pgn")).unwrap();
        assert_eq!(settings.limit, Limit::Nodes(DEFAULT_NODES));
        assert_eq!((settings.threads, settings.multipv, settings.output), (1, 1, None));
        let settings = Settings::parse(&args("--depth 9 games.pgn --output out.pgn --threads 2 --multipv 3")).unwrap();
        assert_eq!(settings.limit, Limit::Depth(9));
        assert_eq!((settings.threads, settings.multipv), (2, 3));
        assert_eq!(settings.output.as_deref(), Some("out.pgn"));
        assert!(Settings::parse(&args("a.pgn --nodes 5 --movetime 5")).unwrap_err().contains("one of"));
        assert!(Settings::parse(&args("a.pgn --nodes 0")).unwrap_err().contains("--nodes"));
        assert!(Settings::parse(&args("a.pgn --depth")).unwrap_err().contains("needs a value"));
        assert!(Settings::parse(&args("a.pgn b.pgn")).is_err());
        assert!(Settings::parse(&args("--nodes 5")).is_err());
    }

    #[test]
    fn long_movetext_is_wrapped_at_79_columns() {
        let tokens: Vec<String> = (0..40).map(|i| format!("{i}. e4")).collect();
        let text = wrapped(&tokens);
        assert!(text.lines().count() > 1);
        assert!(text.lines().all(|line| line.len() <= 79));
        assert_eq!(text.split_whitespace().count(), 80);
        let tokens: Vec<String> =
            (0..20).map(|i| format!("{i}. e4 {{ [%eval 0.17] Blunder: e5 was best. }}")).collect();
        assert!(wrapped(&tokens).lines().all(|line| line.len() <= 79 && !line.ends_with("[%eval")));
    }
}
