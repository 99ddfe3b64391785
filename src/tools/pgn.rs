//! Reading PGN files: the tags and main line of each game, the comments
//! and annotation marks of its moves. Variations are counted, not kept:
//! analysis needs only the moves played. A fault in one game (a broken tag)
//! is noted in that game and reading goes on with the next.

use crate::board::Position;

/// The text of a PGN or EPD file's bytes: UTF-8 (a byte-order mark before
/// it dropped), or else Latin-1, as older databases write names, each byte
/// its own character; UTF-16 when it starts with its byte-order mark. Line
/// ends may be `\n`, `\r\n` or a lone `\r` (old Macintosh files); they
/// come back as `\n`. A file with a NUL byte is not text: an error.
pub fn decode_file(mut bytes: Vec<u8>) -> Result<String, String> {
    const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";
    let utf16 = |bytes: &[u8], unit: fn([u8; 2]) -> u16| {
        let invalid = || "it starts as UTF-16 but is not valid UTF-16".to_string();
        if !bytes.len().is_multiple_of(2) {
            return Err(invalid());
        }
        let units: Vec<u16> = bytes[2..].chunks_exact(2).map(|pair| unit([pair[0], pair[1]])).collect();
        let text = String::from_utf16(&units).map_err(|_| invalid())?;
        match text.contains('\0') {
            true => Err("it is not a text file (it holds NUL characters)".to_string()),
            false => Ok(text),
        }
    };
    let text = if bytes.starts_with(b"\xFF\xFE") {
        utf16(&bytes, u16::from_le_bytes)?
    } else if bytes.starts_with(b"\xFE\xFF") {
        utf16(&bytes, u16::from_be_bytes)?
    } else {
        if bytes.starts_with(BYTE_ORDER_MARK) {
            bytes.drain(..BYTE_ORDER_MARK.len());
        }
        if bytes.contains(&0) {
            return Err("it is not a text file (it holds NUL bytes; UTF-16 needs its byte-order mark)".to_string());
        }
        String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().into_iter().map(char::from).collect())
    };
    Ok(if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text })
}

/// One game as read: its tags in file order, its main line, its result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<PgnMove>,
    /// The termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`); `*` when the
    /// movetext ended without one.
    pub result: String,
    /// What could not be read, e.g. a broken tag, which was left out.
    pub problems: Vec<String>,
}

/// A move of the main line as written, with what followed it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnMove {
    /// The move's text with its `!`/`?` suffix taken off (into `nags`).
    pub san: String,
    /// Numeric annotation glyphs: `$n`, and the suffixes as their numbers
    /// (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
    pub nags: Vec<u8>,
    /// The comments after the move, joined by a space.
    pub comment: String,
    /// How many variations follow the move.
    pub variations: usize,
}

impl PgnGame {
    /// The value of a tag, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// The position the game starts from (the `FEN` tag, else the standard
    /// start) and whether it is Chess960 (the `Variant` tag). Another
    /// variant, or a FEN that is not a position, is an error.
    pub fn start_position(&self) -> Result<(Position, bool), String> {
        let variant = self.tag("Variant").unwrap_or("").to_ascii_lowercase();
        let chess960 = match variant.as_str() {
            "" | "standard" | "chess" | "normal" | "from position" => false,
            "chess960" | "chess 960" | "fischerandom" | "fischer random" | "960" => true,
            _ => return Err(format!("the variant '{}' is not analysed (only chess and Chess960)", variant)),
        };
        match self.tag("FEN") {
            Some(fen) => Position::from_fen(fen).map(|p| (p, chess960)).map_err(|e| format!("bad FEN '{fen}': {e}")),
            None => Ok((Position::startpos(), chess960)),
        }
    }
}

/// Every game of a PGN text. Text outside any game (a stray word before
/// the first tag) starts a game of its own, as PGN has no other place for
/// it; its moves will then not be legal, which the caller reports.
pub fn read_games(text: &str) -> Vec<PgnGame> {
    let mut reader = Reader { games: Vec::new(), game: None, depth: 0 };
    let mut chars = text.char_indices().peekable();
    let mut at_line_start = true;
    while let Some((index, c)) = chars.next() {
        let line_start = std::mem::replace(&mut at_line_start, c == '\n');
        match c {
            c if c.is_whitespace() => {}
            // An escape line, for other programs' data.
            '%' if line_start => skip_line(&mut chars),
            // A tag line ends a variation left open: tags are never inside one.
            '[' if reader.depth == 0 || line_start => {
                if reader.depth > 0 {
                    reader.unclosed_variation();
                }
                let line = format!("[{}", take_line(&mut chars));
                // A game's tags end where its movetext begins, or where a
                // tag it has comes again: a game of tags alone, then the next.
                let name = parse_tag(&line).map(|(name, _)| name);
                let repeated = |g: &GameInProgress| name.as_deref().is_some_and(|name| g.game.tag(name).is_some());
                if reader.game.as_ref().is_some_and(|g| g.has_movetext() || repeated(g)) {
                    reader.finish_game();
                }
                reader.current().read_tag(&line);
                at_line_start = true;
            }
            '{' => {
                let mut closed = false;
                let comment: String = chars
                    .by_ref()
                    .map(|(_, c)| c)
                    .take_while(|&c| {
                        closed = c == '}';
                        !closed
                    })
                    .collect();
                if reader.depth == 0 {
                    reader.current().add_comment(comment.trim());
                }
                if !closed {
                    let problem = "a comment '{' is not closed: the rest of the file was read as its text";
                    reader.current().game.problems.push(problem.to_string());
                }
            }
            ';' => {
                let comment = take_line(&mut chars);
                if reader.depth == 0 {
                    reader.current().add_comment(comment.trim());
                }
                at_line_start = true;
            }
            '(' => {
                if reader.depth == 0 {
                    if let Some(last) = reader.current().game.moves.last_mut() {
                        last.variations += 1;
                    }
                }
                reader.depth += 1;
            }
            ')' => reader.depth = reader.depth.saturating_sub(1),
            _ => {
                let mut end = index + c.len_utf8();
                while let Some(&(i, next)) = chars.peek() {
                    if next.is_whitespace() || "{};()[$".contains(next) && i > index {
                        break;
                    }
                    end = i + next.len_utf8();
                    chars.next();
                }
                if reader.depth == 0 {
                    reader.read_symbol(&text[index..end]);
                }
            }
        }
    }
    if reader.depth > 0 {
        reader.unclosed_variation();
    }
    if reader.game.as_ref().is_some_and(|g| g.has_movetext() || !g.game.tags.is_empty()) {
        reader.finish_game();
    }
    reader.games
}

/// A game being read: the game, and whether its movetext has begun (a tag
/// after that starts the next game).
struct GameInProgress {
    game: PgnGame,
    movetext: bool,
}

struct Reader {
    games: Vec<PgnGame>,
    game: Option<GameInProgress>,
    /// How deep in variations the reader is; 0 on the main line.
    depth: usize,
}

impl Reader {
    fn current(&mut self) -> &mut GameInProgress {
        self.game.get_or_insert_with(|| GameInProgress {
            game: PgnGame { result: "*".to_string(), ..PgnGame::default() },
            movetext: false,
        })
    }

    /// A variation still open where it must have ended: the main line goes
    /// on from there.
    fn unclosed_variation(&mut self) {
        self.depth = 0;
        let problem = "a variation '(' is not closed; what followed it up to here was read as the variation";
        self.current().game.problems.push(problem.to_string());
    }

    fn finish_game(&mut self) {
        if let Some(finished) = self.game.take() {
            self.games.push(finished.game);
        }
        self.depth = 0;
    }

    /// A move, a move number, a NAG or a result.
    fn read_symbol(&mut self, symbol: &str) {
        if matches!(symbol, "1-0" | "0-1" | "1/2-1/2" | "*") {
            let game = self.current();
            game.game.result = symbol.to_string();
            game.movetext = true;
            self.finish_game();
            return;
        }
        let game = self.current();
        game.movetext = true;
        if let Some(number) = symbol.strip_prefix('$') {
            if let (Ok(nag), Some(last)) = (number.parse::<u8>(), game.game.moves.last_mut()) {
                last.nags.push(nag);
            }
            return;
        }
        // `12.`, `12...` and `12.e4` (no space after the number).
        let digits = symbol.trim_start_matches(|c: char| c.is_ascii_digit());
        let mov = if digits.len() < symbol.len() && digits.starts_with('.') { digits } else { symbol };
        let mov = mov.trim_start_matches('.');
        // `exd6 e.p.`: the en-passant mark written as a word of its own
        // (with the check sign after it, `e.p.+`).
        if mov.is_empty() || matches!(mov.trim_end_matches(['+', '#']), "e.p." | "e.p" | "ep.") {
            return;
        }
        let san = mov.trim_end_matches(['!', '?']);
        let suffix = &mov[san.len()..];
        let nag = match suffix {
            "!" => Some(1),
            "?" => Some(2),
            "!!" => Some(3),
            "??" => Some(4),
            "!?" => Some(5),
            "?!" => Some(6),
            _ => None,
        };
        game.game.moves.push(PgnMove {
            san: san.to_string(),
            nags: nag.into_iter().collect(),
            comment: String::new(),
            variations: 0,
        });
    }
}

impl GameInProgress {
    fn has_movetext(&self) -> bool {
        self.movetext
    }

    /// A comment goes with the move before it; one before the first move
    /// is the game's and is not kept.
    fn add_comment(&mut self, comment: &str) {
        self.movetext = true;
        if let Some(last) = self.game.moves.last_mut() {
            if !last.comment.is_empty() {
                last.comment.push(' ');
            }
            last.comment.push_str(comment);
        }
    }

    /// `[Name "value"]`, the value's `\"` and `\\` escapes undone; a tag
    /// of another form is noted as a problem and left out.
    fn read_tag(&mut self, line: &str) {
        match parse_tag(line) {
            Some(tag) => self.game.tags.push(tag),
            None => self.game.problems.push(format!("broken tag {}", line.trim())),
        }
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inside = line.trim().strip_prefix('[')?;
    let name_end = inside.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    let (name, rest) = inside.split_at(name_end);
    let mut rest = rest.trim_start().strip_prefix('"')?.chars();
    let mut value = String::new();
    loop {
        match rest.next()? {
            '\\' => value.push(rest.next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    if name.is_empty() || rest.as_str().trim() != "]" {
        return None;
    }
    Some((name.to_string(), value))
}

fn take_line(chars: &mut impl Iterator<Item = (usize, char)>) -> String {
    chars.map(|(_, c)| c).take_while(|&c| c != '\n').collect()
}

fn skip_line(chars: &mut impl Iterator<Item = (usize, char)>) {
    for (_, c) in chars {
        if c == '\n' {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_decode_as_utf8_or_else_latin1() {
        let decoded = |bytes: &[u8]| decode_file(bytes.to_vec()).unwrap();
        assert_eq!(decoded(b"\xEF\xBB\xBF[White \"M\xC3\xBCller\"]"), "[White \"M\u{fc}ller\"]");
        assert_eq!(decoded(b"[White \"M\xFCller\"]"), "[White \"M\u{fc}ller\"]");
        assert_eq!(decoded(b"e4 e5"), "e4 e5");
    }

    #[test]
    fn utf16_is_read_by_its_byte_order_mark_and_every_line_end_becomes_a_newline() {
        let text = "[White \"M\u{fc}ller\"]\r\n1. e4 *";
        let le: Vec<u8> = [0xFF, 0xFE].into_iter().chain(text.encode_utf16().flat_map(u16::to_le_bytes)).collect();
        let be: Vec<u8> = [0xFE, 0xFF].into_iter().chain(text.encode_utf16().flat_map(u16::to_be_bytes)).collect();
        assert_eq!(decode_file(le).unwrap(), "[White \"M\u{fc}ller\"]\n1. e4 *");
        assert_eq!(decode_file(be).unwrap(), "[White \"M\u{fc}ller\"]\n1. e4 *");
        assert_eq!(decode_file(b"a\rb\r\nc\n\rd".to_vec()).unwrap(), "a\nb\nc\n\nd");
        // UTF-16 without its mark, or a binary file: not read as text.
        let bare: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(decode_file(bare).unwrap_err().contains("not a text file"));
        assert!(decode_file(b"\x7fELF\x02\x01\x01\x00\x00".to_vec()).unwrap_err().contains("NUL"));
        // An odd count of bytes after the mark is not UTF-16.
        assert_eq!(decode_file(b"\xFF\xFEe\x004\x00".to_vec()).unwrap(), "e4");
        assert!(decode_file(b"\xFF\xFEe\x004\x00 ".to_vec()).unwrap_err().contains("not valid UTF-16"));
    }

    fn sans(game: &PgnGame) -> Vec<&str> {
        game.moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn tags_moves_comments_variations_and_nags_are_told_apart() {
        let text = "[Event \"A \\\"quoted\\\" event\"]\n[Result \"1-0\"]\n\n\
                    {before} 1. e4 {king's pawn} e5 (1... c5 {Sicilian} (1... e6)) 2.Nf3 $1 Nc6?!\n\
                    ; a line comment\n% an escape line\n3. Bb5 a6 4... Nf6 1-0\n\n1. d4 *";
        let games = read_games(text);
        assert_eq!(games.len(), 2);
        let game = &games[0];
        assert_eq!(game.tag("Event"), Some("A \"quoted\" event"));
        assert_eq!(sans(game), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Nf6"]);
        assert_eq!(game.moves[0].comment, "king's pawn");
        assert_eq!(game.moves[1].variations, 1);
        assert_eq!(game.moves[2].nags, [1]);
        assert_eq!(game.moves[3].nags, [6]);
        assert_eq!(game.moves[3].comment, "a line comment");
        assert_eq!(game.result, "1-0");
        assert!(game.problems.is_empty());
        assert_eq!(sans(&games[1]), ["d4"]);
        assert_eq!(games[1].result, "*");
    }

    #[test]
    fn a_game_without_a_result_ends_at_the_next_tags() {
        let games = read_games("[Event \"1\"]\n1. e4 e5\n[Event \"2\"]\n1. d4 1-0\n");
        assert_eq!(games.len(), 2);
        assert_eq!(sans(&games[0]), ["e4", "e5"]);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[1].tag("Event"), Some("2"));
    }

    #[test]
    fn a_tag_given_again_before_any_move_starts_the_next_game() {
        let games = read_games(
            "[Event \"a\"]\n[Result \"*\"]\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n1. Kb1 *\n",
        );
        assert_eq!(games.len(), 2, "{games:?}");
        assert_eq!((games[0].tag("Event"), games[0].moves.len()), (Some("a"), 0));
        assert_eq!(games[0].tag("FEN"), None);
        assert_eq!((games[1].tag("Event"), sans(&games[1])), (Some("b"), vec!["Kb1"]));
        // A blank line inside one game's tags does not split it.
        let games = read_games("[Event \"a\"]\n\n[Site \"s\"]\n\n1. e4 *\n");
        assert_eq!((games.len(), games[0].tag("Site")), (1, Some("s")));
    }

    #[test]
    fn en_passant_may_be_marked_as_a_word_of_its_own() {
        let games = read_games("1. e4 a6 2. e5 d5 3. exd6 e.p. c6 4. dxe7 ep. a5 5. e4 f5 6. exf6 e.p.+ *");
        assert_eq!(sans(&games[0]), ["e4", "a6", "e5", "d5", "exd6", "c6", "dxe7", "a5", "e4", "f5", "exf6"]);
    }

    #[test]
    fn a_broken_tag_is_a_problem_of_its_game_only() {
        let games = read_games("[Event \"1\"\n[White Someone]\n[Black \"B\"]\n1. e4 *\n[Event \"2\"]\n1. d4 *");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].problems.len(), 2, "{:?}", games[0].problems);
        assert_eq!(games[0].tag("Black"), Some("B"));
        assert_eq!(sans(&games[0]), ["e4"]);
        assert!(games[1].problems.is_empty());
    }

    #[test]
    fn an_unclosed_variation_ends_at_the_next_tags_and_an_unclosed_comment_is_a_problem() {
        // The variation is never closed: the next game's tags still start it.
        let games = read_games("[Event \"1\"]\n1. e4 (1. d4 d5 e5 1-0\n\n[Event \"2\"]\n1. c4 *\n");
        assert_eq!(games.len(), 2, "{games:?}");
        assert_eq!(sans(&games[0]), ["e4"]);
        assert!(games[0].problems.iter().any(|p| p.contains("variation")), "{:?}", games[0].problems);
        assert_eq!(games[1].tag("Event"), Some("2"));
        assert_eq!(sans(&games[1]), ["c4"]);
        assert!(games[1].problems.is_empty());
        // A comment never closed takes the rest of the file: said, not silent.
        let games = read_games("[Event \"1\"]\n1. e4 {a comment e5 2. Nf3 1-0\n");
        assert_eq!(games.len(), 1);
        assert!(games[0].problems.iter().any(|p| p.contains("comment")), "{:?}", games[0].problems);
        // Inside a closed comment a tag-like line is the comment's text.
        let games = read_games("[Event \"1\"]\n1. e4 {see\n[Event \"x\"] below} e5 *\n");
        assert_eq!((games.len(), sans(&games[0])), (1, vec!["e4", "e5"]));
        assert!(games[0].problems.is_empty());
    }

    #[test]
    fn the_start_comes_from_the_fen_and_variant_tags() {
        let game = |tags: &str| read_games(&format!("{tags}\n*")).remove(0);
        let (position, chess960) = game("[Event \"x\"]").start_position().unwrap();
        assert_eq!(position, Position::startpos());
        assert!(!chess960);
        let (_, chess960) =
            game("[Variant \"Chess960\"]\n[FEN \"bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1\"]")
                .start_position()
                .unwrap();
        assert!(chess960);
        assert!(game("[FEN \"8/8/8 w - - 0 1\"]").start_position().unwrap_err().contains("bad FEN"));
        assert!(game("[Variant \"Atomic\"]").start_position().unwrap_err().contains("atomic"));
    }
}
