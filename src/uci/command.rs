//! The UCI command parser: one line of text in, a typed `Command` (or a typed
//! error saying what is wrong and why) out. It knows only the grammar; moves
//! and FENs are checked against the position by the session.

use crate::types::excerpt;
use std::fmt;

/// The highest depth `go depth` accepts: beyond the search's ply limit.
pub const MAX_GO_DEPTH: u32 = 255;
/// The highest `go mate` distance, in moves.
pub const MAX_GO_MATE: u32 = 127;
/// The highest `go perft` depth.
pub const MAX_PERFT_DEPTH: u32 = 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    UciNewGame,
    Position {
        start: StartPosition,
        moves: Vec<String>,
    },
    Go(GoCommand),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board as a diagram, its FEN and key.
    Display,
    /// `eval`: the static evaluation with its breakdown.
    Eval,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartPosition {
    StartPos,
    /// The FEN's fields joined by single spaces, not yet checked.
    Fen(String),
}

/// The parameters of `go`, checked for form and range. `searchmoves` are
/// still text: only the position can tell whether they are legal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    pub wtime: Option<i64>,
    pub btime: Option<i64>,
    pub winc: Option<i64>,
    pub binc: Option<i64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub movetime: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    pub searchmoves: Vec<String>,
    /// `go perft <depth>`: count the move tree instead of searching.
    pub perft: Option<u32>,
}

/// Why a line is not a valid command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// No word of the line names a command.
    UnknownCommand(String),
    /// A parameter that needs a value came last.
    MissingValue {
        command: &'static str,
        parameter: &'static str,
    },
    /// A value that is not a number of the right kind, or out of range.
    BadValue {
        command: &'static str,
        parameter: &'static str,
        text: String,
        expected: &'static str,
    },
    Repeated {
        command: &'static str,
        parameter: &'static str,
    },
    UnknownParameter {
        command: &'static str,
        text: String,
    },
    /// `go perft` together with search limits.
    PerftWithLimits,
    DebugNeedsOnOrOff(Option<String>),
    PositionNeedsStart(Option<String>),
    PositionNeedsFen,
    /// Something other than `moves` after the start position.
    PositionExpectedMoves(String),
    SetOptionNeedsName,
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand(word) => write!(
                f,
                "unknown command '{}' (commands: uci, isready, ucinewgame, position, go, stop, ponderhit, \
                 setoption, debug, quit, d, eval)",
                excerpt(word)
            ),
            CommandError::MissingValue { command, parameter } => {
                write!(f, "{command}: '{parameter}' needs a value after it")
            }
            CommandError::BadValue { command, parameter, text, expected } => {
                write!(f, "{command}: '{parameter}' value '{}' is not {expected}", excerpt(text))
            }
            CommandError::Repeated { command, parameter } => write!(f, "{command}: '{parameter}' is given twice"),
            CommandError::UnknownParameter { command, text } => {
                write!(f, "{command}: unknown parameter '{}'", excerpt(text))
            }
            CommandError::PerftWithLimits => write!(f, "go: 'perft' cannot be combined with search parameters"),
            CommandError::DebugNeedsOnOrOff(None) => write!(f, "debug: expected 'on' or 'off'"),
            CommandError::DebugNeedsOnOrOff(Some(text)) => {
                write!(f, "debug: expected 'on' or 'off', not '{}'", excerpt(text))
            }
            CommandError::PositionNeedsStart(None) => {
                write!(f, "position: expected 'startpos' or 'fen <fen>' after 'position'")
            }
            CommandError::PositionNeedsStart(Some(text)) => {
                write!(f, "position: expected 'startpos' or 'fen <fen>', not '{}'", excerpt(text))
            }
            CommandError::PositionNeedsFen => write!(f, "position: 'fen' needs a FEN after it"),
            CommandError::PositionExpectedMoves(text) => {
                write!(f, "position: expected 'moves' after the start position, not '{}'", excerpt(text))
            }
            CommandError::SetOptionNeedsName => write!(f, "setoption: expected 'setoption name <id> [value <x>]'"),
        }
    }
}

impl std::error::Error for CommandError {}

/// One line read. The UCI specification asks that unknown words be skipped
/// and the rest of the line parsed ("joho debug on" switches debug mode on),
/// so the words skipped before the command are kept for reporting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedLine {
    pub skipped: Vec<String>,
    /// None for a blank line.
    pub command: Result<Option<Command>, CommandError>,
}

impl Command {
    /// Parses one line of GUI input.
    pub fn parse(line: &str) -> ParsedLine {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(start) = words.iter().position(|w| is_command_word(w)) else {
            let command = match words.first() {
                None => Ok(None),
                Some(word) => Err(CommandError::UnknownCommand(word.to_string())),
            };
            return ParsedLine { skipped: Vec::new(), command };
        };
        let skipped = words[..start].iter().map(|w| w.to_string()).collect();
        let command = match words[start] {
            "setoption" => parse_setoption(line, &words[start + 1..]),
            command => parse_words(command, &words[start + 1..]),
        };
        ParsedLine { skipped, command: command.map(Some) }
    }
}

fn is_command_word(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "d"
            | "eval"
    )
}

/// Words after a command that takes no arguments are ignored, as the
/// specification asks for unknown tokens.
fn parse_words(command: &str, rest: &[&str]) -> Result<Command, CommandError> {
    Ok(match command {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::UciNewGame,
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "quit" => Command::Quit,
        "d" => Command::Display,
        "eval" => Command::Eval,
        // Read without regard to case, as option values are.
        "debug" => match rest.first() {
            Some(word) if word.eq_ignore_ascii_case("on") => Command::Debug(true),
            Some(word) if word.eq_ignore_ascii_case("off") => Command::Debug(false),
            other => return Err(CommandError::DebugNeedsOnOrOff(other.map(|w| w.to_string()))),
        },
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest)?),
        _ => return Err(CommandError::UnknownCommand(command.to_string())),
    })
}

/// `setoption name <id> [value <x>]`, `rest` the words of `line` after
/// `setoption`: both the name and the value may contain spaces. The name's
/// words are joined again with single spaces; the value is the line's text
/// from its first word to its last, as it was (a path may hold two spaces).
fn parse_setoption(line: &str, rest: &[&str]) -> Result<Command, CommandError> {
    if rest.first() != Some(&"name") {
        return Err(CommandError::SetOptionNeedsName);
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|&w| w == "value");
    // Where a word of `line` starts in it.
    let offset = |word: &str| word.as_ptr() as usize - line.as_ptr() as usize;
    let verbatim = |words: &[&str]| match (words.first(), words.last()) {
        (Some(first), Some(last)) => line[offset(first)..offset(last) + last.len()].to_string(),
        _ => String::new(),
    };
    let (name, value) = match value_at {
        Some(at) => (&rest[..at], Some(verbatim(&rest[at + 1..]))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(CommandError::SetOptionNeedsName);
    }
    Ok(Command::SetOption { name: name.join(" "), value })
}

fn parse_position(rest: &[&str]) -> Result<Command, CommandError> {
    let moves_at = rest.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(at) => (&rest[..at], rest[at + 1..].iter().map(|m| m.to_string()).collect()),
        None => (rest, Vec::new()),
    };
    let start = match head.first() {
        Some(&"startpos") => {
            if let Some(extra) = head.get(1) {
                return Err(CommandError::PositionExpectedMoves(extra.to_string()));
            }
            StartPosition::StartPos
        }
        Some(&"fen") => {
            if head.len() < 2 {
                return Err(CommandError::PositionNeedsFen);
            }
            StartPosition::Fen(head[1..].join(" "))
        }
        other => return Err(CommandError::PositionNeedsStart(other.map(|w| w.to_string()))),
    };
    Ok(Command::Position { start, moves })
}

const GO_WORDS: [&str; 14] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    // Not a parameter, but it ends a `searchmoves` list all the same.
    "go",
];

fn parse_go(rest: &[&str]) -> Result<GoCommand, CommandError> {
    let mut go = GoCommand::default();
    let mut words = rest.iter().copied().peekable();
    while let Some(word) = words.next() {
        match word {
            "infinite" => set_flag(&mut go.infinite, "infinite")?,
            "ponder" => set_flag(&mut go.ponder, "ponder")?,
            "searchmoves" => {
                if !go.searchmoves.is_empty() {
                    return Err(repeated("searchmoves"));
                }
                while let Some(m) = words.next_if(|w| !GO_WORDS.contains(w)) {
                    go.searchmoves.push(m.to_string());
                }
                if go.searchmoves.is_empty() {
                    return Err(CommandError::MissingValue { command: "go", parameter: "searchmoves" });
                }
            }
            "wtime" => set(&mut go.wtime, "wtime", clock(words.next(), "wtime")?)?,
            "btime" => set(&mut go.btime, "btime", clock(words.next(), "btime")?)?,
            "winc" => set(&mut go.winc, "winc", increment(words.next(), "winc")?)?,
            "binc" => set(&mut go.binc, "binc", increment(words.next(), "binc")?)?,
            "movestogo" => {
                let n: u32 = number(words.next(), "movestogo", 0, u32::MAX as u64, "a whole number from 0")?;
                // Some GUIs send 0 for "no moves to go given".
                if n > 0 {
                    set(&mut go.movestogo, "movestogo", n)?;
                }
            }
            "depth" => {
                let depth = number(words.next(), "depth", 1, MAX_GO_DEPTH as u64, "a whole number from 1 to 255")?;
                set(&mut go.depth, "depth", depth)?
            }
            "nodes" => {
                set(&mut go.nodes, "nodes", number(words.next(), "nodes", 1, u64::MAX, "a whole number from 1")?)?
            }
            "mate" => {
                let moves = number(words.next(), "mate", 1, MAX_GO_MATE as u64, "a whole number from 1 to 127")?;
                set(&mut go.mate, "mate", moves)?
            }
            "movetime" => {
                // A negative time is treated like a spent clock: move at once.
                let ms = clock(words.next(), "movetime")?.max(0) as u64;
                set(&mut go.movetime, "movetime", ms)?
            }
            "perft" => {
                let depth = number(words.next(), "perft", 1, MAX_PERFT_DEPTH as u64, "a whole number from 1 to 20")?;
                set(&mut go.perft, "perft", depth)?
            }
            other => return Err(CommandError::UnknownParameter { command: "go", text: other.to_string() }),
        }
    }
    if go.perft.is_some() && go != (GoCommand { perft: go.perft, ..GoCommand::default() }) {
        return Err(CommandError::PerftWithLimits);
    }
    Ok(go)
}

fn repeated(parameter: &'static str) -> CommandError {
    CommandError::Repeated { command: "go", parameter }
}

fn set_flag(flag: &mut bool, parameter: &'static str) -> Result<(), CommandError> {
    if *flag {
        return Err(repeated(parameter));
    }
    *flag = true;
    Ok(())
}

fn set<T>(slot: &mut Option<T>, parameter: &'static str, value: T) -> Result<(), CommandError> {
    if slot.is_some() {
        return Err(repeated(parameter));
    }
    *slot = Some(value);
    Ok(())
}

fn value<'a>(word: Option<&'a str>, parameter: &'static str) -> Result<&'a str, CommandError> {
    word.filter(|w| !GO_WORDS.contains(w)).ok_or(CommandError::MissingValue { command: "go", parameter })
}

fn bad_value(parameter: &'static str, text: &str, expected: &'static str) -> CommandError {
    CommandError::BadValue { command: "go", parameter, text: text.to_string(), expected }
}

/// A time in milliseconds; zero and negative clocks are valid (the time is
/// up: move at once).
fn clock(word: Option<&str>, parameter: &'static str) -> Result<i64, CommandError> {
    let text = value(word, parameter)?;
    text.parse().map_err(|_| bad_value(parameter, text, "a whole number of milliseconds"))
}

fn increment(word: Option<&str>, parameter: &'static str) -> Result<i64, CommandError> {
    let text = value(word, parameter)?;
    text.parse::<i64>()
        .ok()
        .filter(|&ms| ms >= 0)
        .ok_or_else(|| bad_value(parameter, text, "a whole number of milliseconds from 0"))
}

fn number<T: TryFrom<u64>>(
    word: Option<&str>,
    parameter: &'static str,
    min: u64,
    max: u64,
    expected: &'static str,
) -> Result<T, CommandError> {
    let text = value(word, parameter)?;
    text.parse::<u64>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| bad_value(parameter, text, expected))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        Command::parse(line).command
    }

    fn go(line: &str) -> GoCommand {
        match parse(line) {
            Ok(Some(Command::Go(go))) => go,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("uci"), Ok(Some(Command::Uci)));
        assert_eq!(parse("  isready  "), Ok(Some(Command::IsReady)));
        assert_eq!(parse("ucinewgame"), Ok(Some(Command::UciNewGame)));
        assert_eq!(parse("stop"), Ok(Some(Command::Stop)));
        assert_eq!(parse("ponderhit"), Ok(Some(Command::PonderHit)));
        assert_eq!(parse("quit"), Ok(Some(Command::Quit)));
        assert_eq!(parse("d"), Ok(Some(Command::Display)));
        assert_eq!(parse("eval"), Ok(Some(Command::Eval)));
        assert_eq!(parse("debug on"), Ok(Some(Command::Debug(true))));
        assert_eq!(parse("debug off"), Ok(Some(Command::Debug(false))));
        assert_eq!(parse("debug ON"), Ok(Some(Command::Debug(true))));
        assert_eq!(parse("debug Off"), Ok(Some(Command::Debug(false))));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse(" \t "), Ok(None));
    }

    #[test]
    fn unknown_leading_words_are_skipped() {
        let line = Command::parse("joho debug on");
        assert_eq!(line.skipped, vec!["joho"]);
        assert_eq!(line.command, Ok(Some(Command::Debug(true))));
        let line = Command::parse("hello world");
        assert!(line.skipped.is_empty());
        assert_eq!(line.command, Err(CommandError::UnknownCommand("hello".into())));
    }

    #[test]
    fn bad_debug() {
        assert_eq!(parse("debug"), Err(CommandError::DebugNeedsOnOrOff(None)));
        assert_eq!(parse("debug maybe"), Err(CommandError::DebugNeedsOnOrOff(Some("maybe".into()))));
    }

    #[test]
    fn setoption_names_and_values_keep_their_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 30"),
            Ok(Some(Command::SetOption { name: "Move Overhead".into(), value: Some("30".into()) }))
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Some(Command::SetOption { name: "Clear Hash".into(), value: None }))
        );
        assert_eq!(
            parse("setoption name X value a  b"),
            Ok(Some(Command::SetOption { name: "X".into(), value: Some("a  b".into()) }))
        );
        assert_eq!(
            parse("  setoption  name  Eval  File value  /a dir/with  two\tspaces.nnue \r"),
            Ok(Some(Command::SetOption {
                name: "Eval File".into(),
                value: Some("/a dir/with  two\tspaces.nnue".into())
            }))
        );
        assert_eq!(
            parse("setoption name X value"),
            Ok(Some(Command::SetOption { name: "X".into(), value: Some(String::new()) }))
        );
        assert_eq!(parse("setoption"), Err(CommandError::SetOptionNeedsName));
        assert_eq!(parse("setoption name"), Err(CommandError::SetOptionNeedsName));
        assert_eq!(parse("setoption name value 3"), Err(CommandError::SetOptionNeedsName));
        assert_eq!(parse("setoption Hash value 3"), Err(CommandError::SetOptionNeedsName));
    }

    #[test]
    fn position_commands() {
        assert_eq!(
            parse("position startpos"),
            Ok(Some(Command::Position { start: StartPosition::StartPos, moves: vec![] }))
        );
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Ok(Some(Command::Position { start: StartPosition::StartPos, moves: vec!["e2e4".into(), "e7e5".into()] }))
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2"),
            Ok(Some(Command::Position {
                start: StartPosition::Fen("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec!["a1a2".into()]
            }))
        );
        assert_eq!(parse("position"), Err(CommandError::PositionNeedsStart(None)));
        assert_eq!(parse("position moves e2e4"), Err(CommandError::PositionNeedsStart(None)));
        assert_eq!(parse("position start"), Err(CommandError::PositionNeedsStart(Some("start".into()))));
        assert_eq!(parse("position fen"), Err(CommandError::PositionNeedsFen));
        assert_eq!(parse("position fen moves e2e4"), Err(CommandError::PositionNeedsFen));
        assert_eq!(parse("position startpos e2e4"), Err(CommandError::PositionExpectedMoves("e2e4".into())));
    }

    #[test]
    fn go_parameters() {
        assert_eq!(go("go"), GoCommand::default());
        let g = go("go wtime 1000 btime -5 winc 10 binc 0 movestogo 20");
        assert_eq!(
            (g.wtime, g.btime, g.winc, g.binc, g.movestogo),
            (Some(1000), Some(-5), Some(10), Some(0), Some(20))
        );
        let g = go("go depth 7 nodes 5000 mate 3 movetime 250");
        assert_eq!((g.depth, g.nodes, g.mate, g.movetime), (Some(7), Some(5000), Some(3), Some(250)));
        assert!(go("go infinite").infinite);
        assert!(go("go ponder wtime 5 btime 5").ponder);
        assert_eq!(go("go movestogo 0").movestogo, None);
        assert_eq!(go("go movetime -20").movetime, Some(0));
        assert_eq!(go("go perft 3").perft, Some(3));
    }

    #[test]
    fn searchmoves_run_to_the_next_parameter() {
        let g = go("go searchmoves e2e4 d2d4 depth 3");
        assert_eq!(g.searchmoves, vec!["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(3));
        let g = go("go depth 3 searchmoves e2e4 g1f3");
        assert_eq!(g.searchmoves, vec!["e2e4", "g1f3"]);
        assert_eq!(
            parse("go searchmoves depth 3"),
            Err(CommandError::MissingValue { command: "go", parameter: "searchmoves" })
        );
    }

    #[test]
    fn bad_go_values() {
        let missing = |parameter| Err(CommandError::MissingValue { command: "go", parameter });
        assert_eq!(parse("go depth"), missing("depth"));
        assert_eq!(parse("go wtime btime 5"), missing("wtime"));
        for line in [
            "go depth 0",
            "go depth 256",
            "go depth -1",
            "go depth x",
            "go nodes 0",
            "go mate 0",
            "go wtime 1e3",
            "go winc -1",
            "go movestogo -1",
            "go perft 0",
            "go perft 21",
            "go wtime 99999999999999999999",
        ] {
            assert!(matches!(parse(line), Err(CommandError::BadValue { .. })), "{line}: {:?}", parse(line));
        }
        assert_eq!(parse("go depth 3 depth 4"), Err(CommandError::Repeated { command: "go", parameter: "depth" }));
        assert_eq!(parse("go infinite infinite"), Err(CommandError::Repeated { command: "go", parameter: "infinite" }));
        assert_eq!(parse("go fast"), Err(CommandError::UnknownParameter { command: "go", text: "fast".into() }));
        assert_eq!(parse("go perft 3 depth 2"), Err(CommandError::PerftWithLimits));
    }

    #[test]
    fn error_messages_name_the_problem_and_stay_short() {
        let long = "x".repeat(100_000);
        let message = CommandError::UnknownCommand(long).to_string();
        assert!(message.len() < 300, "{message}");
        assert_eq!(
            parse("go depth zero").unwrap_err().to_string(),
            "go: 'depth' value 'zero' is not a whole number from 1 to 255"
        );
    }
}
