//! FEN's text for a board of any size: the fields, the piece placement,
//! the side to move and the two counters, and the typed errors every game
//! refuses a FEN with. Chess, its variants and Elven Chess read and write
//! their FENs through these; what differs (the board's size, its piece
//! letters, a variant's marks) comes in as a `FenBoard` and callbacks.

use crate::types::{Color, Square};
use std::fmt;

/// The size of a board and its piece letters, as FEN sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenBoard {
    pub files: u8,
    pub ranks: u8,
    /// White's piece letters; Black's are the same in lower case.
    pub letters: &'static str,
}

/// Chess's board and the one its variants are played on.
pub const CHESS_BOARD: FenBoard = FenBoard { files: 8, ranks: 8, letters: "PNBRQK" };

/// A square named in an error, on a board of any size: file `a` and rank 1
/// are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenSquare {
    pub file: u8,
    pub rank: u8,
}

impl fmt::Display for FenSquare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
    }
}

impl From<Square> for FenSquare {
    fn from(square: Square) -> FenSquare {
        FenSquare { file: square.file().index() as u8, rank: square.rank().index() as u8 }
    }
}

/// Why a FEN was rejected, in every game. Ranks are named as on the board
/// (1 first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    FieldCount(usize),
    RankCount {
        expected: u8,
        found: usize,
    },
    BadPieceLetter {
        letter: char,
        letters: &'static str,
    },
    RankTooLong {
        rank: u8,
        files: u8,
    },
    RankTooShort {
        rank: u8,
        files: u8,
    },
    /// A run of empty squares that is not one number from 1 to the board's
    /// width without a leading zero: `0`, `9` on a chess board, `010`, or
    /// two runs in a row (`44`, `17`, `55`).
    BadRunLength {
        rank: u8,
        run: String,
        files: u8,
    },
    BadSideToMove(String),
    BadCastling(char),
    CastlingWithoutKingAndRook(char),
    /// A second right for one side on one wing (`KQkqKQ`, or `K` and the
    /// same rook's file letter).
    RepeatedCastling(char),
    BadEnPassantSquare(String),
    ImpossibleEnPassant(FenSquare),
    BadHalfmoveClock(String),
    BadFullmoveNumber(String),
    KingCount {
        color: Color,
        count: u32,
    },
    /// Chess: a pawn on the first or last rank.
    PawnOnBackRank(Square),
    /// Elven Chess: a pawn where its side's pawns never stand (behind its
    /// starting rank, or in its promotion zone).
    PawnOnImpossibleRank(FenSquare),
    TooManyPieces(Color),
    OpponentInCheck,
    /// Checks no legal move can give: more than two checkers, or two of
    /// which neither is a bishop, rook or queen (one of a double check is
    /// always uncovered, and only a slider can be).
    ImpossibleCheck(u32),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(f, "a FEN has 4 to 6 fields, this one has {n}"),
            FenError::RankCount { expected, found } => {
                write!(f, "the board has {expected} ranks separated by '/', this one has {found}")
            }
            FenError::BadPieceLetter { letter, letters } => write!(
                f,
                "'{letter}' is not a piece letter ({letters}, {}) or a run of empty squares",
                letters.to_ascii_lowercase()
            ),
            FenError::RankTooLong { rank, files } => write!(f, "rank {rank} describes more than {files} squares"),
            FenError::RankTooShort { rank, files } => write!(f, "rank {rank} describes fewer than {files} squares"),
            FenError::BadRunLength { rank, run, files } => write!(
                f,
                "rank {rank} has the run '{run}'; a run of empty squares is one number from 1 to {files} \
                 (two digits in a row are one number)"
            ),
            FenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            FenError::BadCastling(c) => {
                write!(f, "'{c}' is not a castling letter (KQkq or -; chess also takes a rook's file, A-H, a-h)")
            }
            FenError::CastlingWithoutKingAndRook(c) => {
                write!(f, "castling right '{c}' needs the king and its rook in place on the back rank")
            }
            FenError::RepeatedCastling(c) => {
                write!(f, "castling right '{c}' repeats a right already given for that side and wing")
            }
            FenError::BadEnPassantSquare(s) => write!(f, "'{s}' is not an en-passant square (a square like e3, or -)"),
            FenError::ImpossibleEnPassant(s) => {
                write!(f, "en-passant square {s} is impossible: no pawn can just have passed it")
            }
            FenError::BadHalfmoveClock(s) => write!(f, "halfmove clock '{s}' is not a number from 0 to 65535"),
            FenError::BadFullmoveNumber(s) => write!(f, "fullmove number '{s}' is not a number from 1 to 65535"),
            FenError::KingCount { color, count } => {
                write!(f, "{} has {count} kings; each side needs exactly one", color_name(*color))
            }
            FenError::PawnOnBackRank(s) => write!(f, "a pawn stands on {s}, on the first or last rank"),
            FenError::PawnOnImpossibleRank(s) => write!(f, "a pawn stands on {s}, where its side's pawns never stand"),
            FenError::TooManyPieces(c) => write!(
                f,
                "{} has more pieces than a game can produce (no more of a kind than the game starts with, \
                 promoted pieces only for missing pawns)",
                color_name(*c)
            ),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::ImpossibleCheck(n) => {
                write!(f, "the side to move is in a check by {n} pieces that no legal move could give")
            }
        }
    }
}

impl std::error::Error for FenError {}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A FEN's six fields (the last two may be missing).
pub fn check_field_count(fields: &[&str]) -> Result<(), FenError> {
    if (4..=6).contains(&fields.len()) {
        Ok(())
    } else {
        Err(FenError::FieldCount(fields.len()))
    }
}

pub fn read_side_to_move(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(FenError::BadSideToMove(other.to_string())),
    }
}

/// The halfmove clock, 0 when the field is missing.
pub fn read_halfmove_clock(field: Option<&str>) -> Result<u16, FenError> {
    match field {
        None => Ok(0),
        Some(text) => read_counter(text).ok_or_else(|| FenError::BadHalfmoveClock(text.to_string())),
    }
}

/// The fullmove number, 1 when the field is missing. Some programs write
/// 0; it can only mean the first move.
pub fn read_fullmove_number(field: Option<&str>) -> Result<u16, FenError> {
    match field {
        None => Ok(1),
        Some(text) => read_counter(text).map(|n| n.max(1)).ok_or_else(|| FenError::BadFullmoveNumber(text.to_string())),
    }
}

/// Digits only (no sign), at most 65535.
fn read_counter(text: &str) -> Option<u16> {
    text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten()
}

/// Writes the fields after the placement: ` <side> <castling> <en passant>
/// <halfmove> <fullmove>`, `-` for no castling right and no en-passant
/// square.
pub fn write_fields(
    fen: &mut String,
    side: Color,
    castling: &str,
    en_passant: Option<impl fmt::Display>,
    halfmove_clock: u16,
    fullmove_number: u16,
) {
    let castling = if castling.is_empty() { "-" } else { castling };
    let en_passant = en_passant.map_or("-".to_string(), |square| square.to_string());
    fen.push_str(&format!(" {} {castling} {en_passant} {halfmove_clock} {fullmove_number}", side.fen_char()));
}

/// Reads FEN's piece placement on `board`, last rank first: `letter` says
/// which piece a character names, `put` places it on (file, rank), counted
/// from 0. A character that is neither a piece letter nor a digit goes to
/// `mark` with the square of the piece just read (None after a run or at a
/// rank's start): a variant's ghost mark `*`; `mark` answers None for a
/// character it does not know, which is then a bad piece letter.
pub fn read_placement_on<P, E: From<FenError>>(
    board: &FenBoard,
    text: &str,
    letter: impl Fn(char) -> Option<P>,
    mut put: impl FnMut(P, u8, u8),
    mut mark: impl FnMut(char, Option<(u8, u8)>) -> Option<Result<(), E>>,
) -> Result<(), E> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != board.ranks as usize {
        return Err(FenError::RankCount { expected: board.ranks, found: ranks.len() }.into());
    }
    let files = board.files as usize;
    for (i, row) in ranks.iter().enumerate() {
        let rank = board.ranks - 1 - i as u8;
        let named = rank + 1;
        let mut file = 0usize;
        let mut last = None;
        let mut rest = *row;
        while let Some(c) = rest.chars().next() {
            if c.is_ascii_digit() {
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                let run = &rest[..digits];
                match run.parse::<usize>() {
                    Ok(n) if (1..=files).contains(&n) && !run.starts_with('0') => file += n,
                    _ => {
                        let run = run.to_string();
                        return Err(FenError::BadRunLength { rank: named, run, files: board.files }.into());
                    }
                }
                last = None;
                rest = &rest[digits..];
            } else {
                if let Some(piece) = letter(c) {
                    if file >= files {
                        return Err(FenError::RankTooLong { rank: named, files: board.files }.into());
                    }
                    put(piece, file as u8, rank);
                    last = Some((file as u8, rank));
                    file += 1;
                } else {
                    let bad = FenError::BadPieceLetter { letter: c, letters: board.letters };
                    mark(c, last.take()).ok_or(bad)??;
                }
                rest = &rest[c.len_utf8()..];
            }
            if file > files {
                return Err(FenError::RankTooLong { rank: named, files: board.files }.into());
            }
        }
        if file < files {
            return Err(FenError::RankTooShort { rank: named, files: board.files }.into());
        }
    }
    Ok(())
}

/// Writes FEN's piece placement on `board`, last rank first: the letter of
/// the piece on each (file, rank), counted from 0, and after a piece
/// whatever `mark` gives for its square (the variants' ghosts).
pub fn write_placement_on(
    fen: &mut String,
    board: &FenBoard,
    letter_on: impl Fn(u8, u8) -> Option<char>,
    mark: impl Fn(u8, u8) -> Option<char>,
) {
    for rank in (0..board.ranks).rev() {
        let mut run = 0;
        for file in 0..board.files {
            match letter_on(file, rank) {
                None => run += 1,
                Some(letter) => {
                    if run > 0 {
                        fen.push_str(&run.to_string());
                        run = 0;
                    }
                    fen.push(letter);
                    fen.extend(mark(file, rank));
                }
            }
        }
        if run > 0 {
            fen.push_str(&run.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIDE: FenBoard = FenBoard { files: 10, ranks: 3, letters: "KX" };

    fn read(board: &FenBoard, text: &str) -> Result<Vec<(char, u8, u8)>, FenError> {
        let mut men = Vec::new();
        let letter = |c: char| board.letters.contains(c.to_ascii_uppercase()).then_some(c);
        read_placement_on::<char, FenError>(board, text, letter, |c, f, r| men.push((c, f, r)), |_, _| None)?;
        Ok(men)
    }

    #[test]
    fn runs_up_to_the_width_are_one_number() {
        assert_eq!(read(&WIDE, "10/K9/4x5").unwrap(), vec![('K', 0, 1), ('x', 4, 0)]);
        let run = |rank: u8, run: &str| FenError::BadRunLength { rank, run: run.into(), files: 10 };
        assert_eq!(read(&WIDE, "11/10/10"), Err(run(3, "11")));
        assert_eq!(read(&WIDE, "10/010/10"), Err(run(2, "010")));
        assert_eq!(read(&WIDE, "10/10/0K9"), Err(run(1, "0")));
        assert_eq!(
            read(&CHESS_BOARD, "8/8/8/8/8/8/8/44"),
            Err(FenError::BadRunLength { rank: 1, run: "44".into(), files: 8 })
        );
        assert_eq!(
            read(&CHESS_BOARD, "9/8/8/8/8/8/8/8"),
            Err(FenError::BadRunLength { rank: 8, run: "9".into(), files: 8 })
        );
    }

    #[test]
    fn ranks_are_counted_and_measured() {
        assert_eq!(read(&WIDE, "10/10"), Err(FenError::RankCount { expected: 3, found: 2 }));
        assert_eq!(read(&WIDE, "10/9K1/10"), Err(FenError::RankTooLong { rank: 2, files: 10 }));
        assert_eq!(read(&WIDE, "10/9K/10K"), Err(FenError::RankTooLong { rank: 1, files: 10 }));
        assert_eq!(read(&WIDE, "10/9/10"), Err(FenError::RankTooShort { rank: 2, files: 10 }));
        assert_eq!(read(&WIDE, "10/10/5Q4"), Err(FenError::BadPieceLetter { letter: 'Q', letters: "KX" }));
    }

    #[test]
    fn writing_reads_back() {
        let mut fen = String::new();
        let letter_on = |file: u8, rank: u8| match (file, rank) {
            (0, 1) => Some('K'),
            (4, 0) => Some('x'),
            _ => None,
        };
        write_placement_on(&mut fen, &WIDE, letter_on, |_, _| None);
        assert_eq!(fen, "10/K9/4x5");
    }

    #[test]
    fn counters_are_digits_only() {
        assert_eq!(read_halfmove_clock(Some("+3")), Err(FenError::BadHalfmoveClock("+3".into())));
        assert_eq!(read_halfmove_clock(Some("65536")), Err(FenError::BadHalfmoveClock("65536".into())));
        assert_eq!(read_halfmove_clock(None), Ok(0));
        assert_eq!(read_fullmove_number(Some("0")), Ok(1));
        assert_eq!(read_fullmove_number(None), Ok(1));
        assert_eq!(read_fullmove_number(Some("-5")), Err(FenError::BadFullmoveNumber("-5".into())));
    }
}
