//! One line from XBoard as a typed command, or why it is none.

/// A CECP v2 command the engine acts on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Protover(u32),
    New,
    Variant(String),
    Quit,
    Force,
    Go,
    PlayOther,
    /// `usermove MOVE`, or a bare move where XBoard sends them so.
    UserMove(String),
    /// `?`: move now.
    MoveNow,
    Ping(String),
    Draw,
    /// `hint`: the reply the engine expects.
    Hint,
    /// `.` in analysis: how far the search has come (`stat01`).
    Statistics,
    Result(String),
    SetBoard(String),
    Undo,
    Remove,
    /// `hard` (true) and `easy`: pondering on or off.
    Ponder(bool),
    /// `post` (true) and `nopost`: thinking output on or off.
    Post(bool),
    Analyze,
    Exit,
    /// `exclude MOVE`/`exclude all` (true) and `include ...`.
    Exclude {
        all: bool,
        excluded: bool,
        text: String,
    },
    Level(Vec<String>),
    St(String),
    Sd(u32),
    /// `time` (the engine's clock) and `otim`, in centiseconds.
    Time(u64),
    Otim(u64),
    Nps(u64),
    Memory(u64),
    Cores(u64),
    EgtPath {
        kind: String,
        path: String,
    },
    Option {
        name: String,
        value: Option<String>,
    },
    /// `lift SQUARE` and `put SQUARE`: a person picks a man up, puts it
    /// down (the `highlight` feature).
    Lift(String),
    Put(String),
    /// Read and ignored: `xboard`, `accepted`, `rejected`, `random`,
    /// `computer`, `name`, `rating`, `ics`, `bk`, `white`, `black`, `pause`,
    /// `resume`, `hover` (unanswered: the victims of en passant and of a
    /// warlock's first leg are not marked).
    Ignored,
}

/// Words that begin a move rather than a command: a square, a drop, a
/// castling, XBoard's pass.
fn looks_like_move(word: &str) -> bool {
    let bytes = word.as_bytes();
    let square = bytes.len() >= 4 && bytes[0].is_ascii_lowercase() && bytes[1].is_ascii_digit();
    let drop = bytes.len() >= 4 && bytes[0].is_ascii_uppercase() && bytes[1] == b'@';
    square || drop || word.starts_with("O-O") || word.starts_with("0-0") || word == "@@@@"
}

fn number<T: std::str::FromStr>(word: Option<&str>) -> Result<T, String> {
    let word = word.ok_or("a number is missing")?;
    word.parse().map_err(|_| format!("'{word}' is not a whole number"))
}

impl Command {
    /// The command of a line (None: an empty line), or the reason for
    /// `Error (reason): line`.
    pub fn parse(line: &str) -> Result<Option<Command>, String> {
        let line = line.trim();
        let Some((word, rest)) =
            line.split_once(char::is_whitespace).or(Some((line, ""))).filter(|(w, _)| !w.is_empty())
        else {
            return Ok(None);
        };
        let rest = rest.trim();
        let mut words = rest.split_whitespace();
        let text = |name: &str| -> Result<String, String> {
            if rest.is_empty() {
                Err(format!("{name} needs an argument"))
            } else {
                Ok(rest.to_string())
            }
        };
        let command = match word {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "bk" | "white"
            | "black" | "pause" | "resume" | "hover" => Command::Ignored,
            "lift" => Command::Lift(text("lift")?),
            "put" => Command::Put(text("put")?),
            "protover" => Command::Protover(number(words.next())?),
            "new" => Command::New,
            "variant" => Command::Variant(text("variant")?),
            "quit" => Command::Quit,
            "force" => Command::Force,
            "go" => Command::Go,
            "playother" => Command::PlayOther,
            "usermove" => Command::UserMove(text("usermove")?),
            "?" => Command::MoveNow,
            "ping" => Command::Ping(rest.to_string()),
            "draw" => Command::Draw,
            "hint" => Command::Hint,
            "." => Command::Statistics,
            "result" => Command::Result(text("result")?),
            "setboard" => Command::SetBoard(text("setboard")?),
            "undo" => Command::Undo,
            "remove" => Command::Remove,
            "hard" => Command::Ponder(true),
            "easy" => Command::Ponder(false),
            "post" => Command::Post(true),
            "nopost" => Command::Post(false),
            "analyze" => Command::Analyze,
            "exit" => Command::Exit,
            "exclude" | "include" => {
                let text = text(word)?;
                Command::Exclude { all: text == "all", excluded: word == "exclude", text }
            }
            "level" => Command::Level(words.map(str::to_string).collect()),
            "st" => Command::St(text("st")?),
            "sd" => Command::Sd(number(words.next())?),
            "time" => Command::Time(number(words.next())?),
            "otim" => Command::Otim(number(words.next())?),
            "nps" => Command::Nps(number(words.next())?),
            "memory" => Command::Memory(number(words.next())?),
            "cores" => Command::Cores(number(words.next())?),
            "egtpath" => {
                let (kind, path) = rest.split_once(char::is_whitespace).ok_or("egtpath needs a kind and a path")?;
                Command::EgtPath { kind: kind.to_string(), path: path.trim().to_string() }
            }
            "option" => {
                let option = text("option")?;
                match option.split_once('=') {
                    Some((name, value)) => {
                        Command::Option { name: name.trim().into(), value: Some(value.trim().into()) }
                    }
                    None => Command::Option { name: option, value: None },
                }
            }
            _ if looks_like_move(word) && rest.is_empty() => Command::UserMove(word.to_string()),
            _ => return Err("unknown command".to_string()),
        };
        Ok(Some(command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_and_their_arguments_are_read() {
        assert_eq!(Command::parse("protover 2"), Ok(Some(Command::Protover(2))));
        assert_eq!(Command::parse("usermove e2e4"), Ok(Some(Command::UserMove("e2e4".into()))));
        assert_eq!(Command::parse("e2e4"), Ok(Some(Command::UserMove("e2e4".into()))));
        assert_eq!(Command::parse("@@@@"), Ok(Some(Command::UserMove("@@@@".into()))));
        assert_eq!(Command::parse("level 40 5 0"), Ok(Some(Command::Level(vec!["40".into(), "5".into(), "0".into()]))));
        assert_eq!(
            Command::parse("option Hash=64"),
            Ok(Some(Command::Option { name: "Hash".into(), value: Some("64".into()) }))
        );
        assert_eq!(
            Command::parse("option Clear Hash"),
            Ok(Some(Command::Option { name: "Clear Hash".into(), value: None }))
        );
        assert_eq!(
            Command::parse("egtpath syzygy /tb/a:/tb/b"),
            Ok(Some(Command::EgtPath { kind: "syzygy".into(), path: "/tb/a:/tb/b".into() }))
        );
        assert_eq!(Command::parse("accepted usermove"), Ok(Some(Command::Ignored)));
        assert_eq!(Command::parse("   "), Ok(None));
    }

    #[test]
    fn bad_commands_say_why() {
        assert_eq!(Command::parse("fly away"), Err("unknown command".to_string()));
        assert_eq!(Command::parse("sd deep"), Err("'deep' is not a whole number".to_string()));
        assert_eq!(Command::parse("time"), Err("a number is missing".to_string()));
        assert_eq!(Command::parse("setboard"), Err("setboard needs an argument".to_string()));
    }
}
