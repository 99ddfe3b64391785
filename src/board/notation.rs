//! Moves as text: UCI long algebraic notation (read and written) and SAN.

use super::castling::CastlingSide;
use super::position::Position;
use crate::types::{Color, File, Move, MoveKind, PieceType, Rank, Square};
use std::fmt;

/// Why a move in UCI notation was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well formed, but not a legal move in this position.
    Illegal(String),
    /// Not of the form of a SAN move (`Nf3`, `exd5`, `O-O`, `e8=Q`).
    MalformedSan(String),
    /// A SAN move that more than one legal move matches (`Nd2` with two
    /// knights that can go there).
    Ambiguous(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Malformed(text) => {
                write!(f, "'{text}' is not a move in UCI notation (like e2e4 or e7e8q)")
            }
            MoveParseError::Illegal(text) => write!(f, "'{text}' is not a legal move in this position"),
            MoveParseError::MalformedSan(text) => {
                write!(f, "'{text}' is not a move in standard algebraic notation (like Nf3, exd5, O-O or e8=Q)")
            }
            MoveParseError::Ambiguous(text) => write!(f, "'{text}' could be more than one legal move here"),
        }
    }
}

impl std::error::Error for MoveParseError {}

impl Move {
    /// The move in UCI notation. Castling is written as the king's two-square
    /// move (`e1g1`) in standard chess and as king takes rook (`e1h1`) when
    /// `chess960` is set. A Chess960 position played without `chess960` also
    /// gets king takes rook when the king does not start on the e-file: there
    /// the two-square form could be a plain king move (`d1c1`) or no move.
    pub fn to_uci(self, chess960: bool) -> String {
        if self.is_none() {
            return "0000".to_string();
        }
        let mut to = self.to();
        if self.kind() == MoveKind::Castling && !chess960 && self.from().file() == File::E {
            let side = CastlingSide::of(self.from(), to);
            let color = if self.from().rank().index() == 0 { Color::White } else { Color::Black };
            to = side.king_destination(color);
        }
        let mut text = format!("{}{}", self.from(), to);
        if let Some(piece) = self.promotion_piece() {
            text.push(piece.char());
        }
        text
    }
}

/// What a SAN move other than castling says about its move: the piece,
/// the destination, the promotion and whatever part of the origin is given.
struct SanPattern {
    piece: PieceType,
    to: Square,
    promotion: Option<PieceType>,
    from_file: Option<File>,
    from_rank: Option<Rank>,
}

impl SanPattern {
    /// Reads `Nbd2`, `exd5`, `e8=Q`, `e8Q`, `Ng1f3`, `Ng1-f3` (the marks
    /// after the move already taken off); None when the text is not of
    /// that form.
    fn read(core: &str) -> Option<SanPattern> {
        let mut chars: Vec<char> = core.chars().filter(|&c| c != '-').collect();
        let piece = match chars.first().copied().and_then(|c| "NBRQK".contains(c).then_some(c)) {
            Some(letter) => {
                chars.remove(0);
                PieceType::from_char(letter)?
            }
            None => PieceType::Pawn,
        };
        // A promotion's letter follows the rank, with or without `=`; a
        // lower-case one too (`e8q`), as the rank before it tells it from
        // a file.
        let mut promotion = None;
        if let [.., before, last] = chars[..] {
            if (before == '=' || before.is_ascii_digit()) && "QRBNqrbn".contains(last) {
                promotion = PieceType::from_char(last);
                chars.pop();
                if before == '=' {
                    chars.pop();
                }
            }
        }
        if promotion.is_some() && piece != PieceType::Pawn {
            return None;
        }
        let [ref origin @ .., file, rank] = chars[..] else { return None };
        let to = Square::new(File::from_char(file)?, Rank::from_char(rank)?);
        let origin = origin.strip_suffix(&['x']).or_else(|| origin.strip_suffix(&[':'])).unwrap_or(origin);
        let (from_file, from_rank) = match *origin {
            [] => (None, None),
            [c] => match (File::from_char(c), Rank::from_char(c)) {
                (Some(file), _) => (Some(file), None),
                (None, Some(rank)) => (None, Some(rank)),
                (None, None) => return None,
            },
            [f, r] => (Some(File::from_char(f)?), Some(Rank::from_char(r)?)),
            _ => return None,
        };
        Some(SanPattern { piece, to, promotion, from_file, from_rank })
    }
}

/// `e2e4` or `e7e8q`: two squares of the chess board and a promotion.
pub(crate) fn is_well_formed(text: &str) -> bool {
    let bytes = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match bytes.len() {
        4 => square(bytes[0], bytes[1]) && square(bytes[2], bytes[3]),
        5 => square(bytes[0], bytes[1]) && square(bytes[2], bytes[3]) && b"nbrq".contains(&bytes[4]),
        _ => false,
    }
}

/// A move's text with its promotion letter in lower case: GUIs write
/// `e7e8Q` as well as `e7e8q`.
pub(crate) fn lower_promotion(text: &str) -> std::borrow::Cow<'_, str> {
    match text.as_bytes() {
        [_, _, _, _, letter] if letter.is_ascii_uppercase() && text.is_ascii() => {
            std::borrow::Cow::Owned(format!("{}{}", &text[..4], letter.to_ascii_lowercase() as char))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
}

impl Position {
    /// Reads a move in UCI notation against this position. In standard
    /// chess castling may be written either way (`e1g1` or `e1h1`); with
    /// `chess960` the king-takes-rook form comes first and the king's
    /// two-square form is accepted only when no ordinary move matches it.
    pub fn parse_uci_move(&self, original: &str, chess960: bool) -> Result<Move, MoveParseError> {
        let text = &*lower_promotion(original);
        if !is_well_formed(text) {
            return Err(MoveParseError::Malformed(original.chars().take(16).collect()));
        }
        let moves = self.legal_moves();
        moves
            .iter()
            .find(|m| m.to_uci(chess960) == text)
            .or_else(|| moves.iter().find(|m| m.is_castling() && m.to_uci(!chess960) == text))
            .copied()
            .ok_or_else(|| MoveParseError::Illegal(original.to_string()))
    }

    /// Reads a move in Standard Algebraic Notation: the one legal move
    /// whose piece, destination, promotion and given origin file or rank
    /// match. Castling is `O-O`/`O-O-O` or `0-0`/`0-0-0`, in Chess960
    /// too; a promotion may drop its `=` (`e8Q`); check and mate marks and
    /// the annotation suffixes (`!`, `?`, `!?` ...) are ignored, and so is
    /// the capture mark, as writers disagree on it.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveParseError> {
        let malformed = || MoveParseError::MalformedSan(text.chars().take(16).collect());
        let marks: &[char] = &['+', '#', '!', '?'];
        let core = text.trim_end_matches(marks);
        let core = core.strip_suffix("e.p.").unwrap_or(core).trim_end_matches(marks);
        let castling = match core {
            "O-O" | "0-0" => Some(CastlingSide::King),
            "O-O-O" | "0-0-0" => Some(CastlingSide::Queen),
            _ => None,
        };
        let moves = self.legal_moves();
        if let Some(side) = castling {
            return moves
                .iter()
                .find(|m| m.is_castling() && CastlingSide::of(m.from(), m.to()) == side)
                .copied()
                .ok_or_else(|| MoveParseError::Illegal(text.to_string()));
        }
        let pattern = SanPattern::read(core).ok_or_else(malformed)?;
        let mut matching = moves.iter().filter(|&&m| {
            !m.is_castling()
                && m.to() == pattern.to
                && m.promotion_piece() == pattern.promotion
                && self.piece_on(m.from()).map(|p| p.kind()) == Some(pattern.piece)
                && pattern.from_file.is_none_or(|file| m.from().file() == file)
                && pattern.from_rank.is_none_or(|rank| m.from().rank() == rank)
        });
        match (matching.next(), matching.next()) {
            (Some(&m), None) => Ok(m),
            (None, _) => Err(MoveParseError::Illegal(text.to_string())),
            (Some(_), Some(_)) => Err(MoveParseError::Ambiguous(text.to_string())),
        }
    }

    /// The move in Standard Algebraic Notation, with `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let mut san = String::with_capacity(8);
        let from = m.from();
        let to = m.to();
        let piece = self.piece_on(from).map(|p| p.kind()).unwrap_or(PieceType::Pawn);
        if m.kind() == MoveKind::Castling {
            san.push_str(match CastlingSide::of(from, to) {
                CastlingSide::King => "O-O",
                CastlingSide::Queen => "O-O-O",
            });
        } else {
            let capture = self.piece_on(to).is_some() || m.kind() == MoveKind::EnPassant;
            if piece == PieceType::Pawn {
                if capture {
                    san.push(from.file().char());
                }
            } else {
                san.push(piece.char().to_ascii_uppercase());
                let rivals: Vec<Move> = self
                    .legal_moves()
                    .into_iter()
                    .filter(|o| {
                        o.to() == to
                            && o.from() != from
                            && !o.is_castling()
                            && self.piece_on(o.from()).map(|p| p.kind()) == Some(piece)
                    })
                    .collect();
                if !rivals.is_empty() {
                    if rivals.iter().all(|o| o.from().file() != from.file()) {
                        san.push(from.file().char());
                    } else if rivals.iter().all(|o| o.from().rank() != from.rank()) {
                        san.push(from.rank().char());
                    } else {
                        san.push_str(&from.to_string());
                    }
                }
            }
            if capture {
                san.push('x');
            }
            san.push_str(&to.to_string());
            if let Some(promoted) = m.promotion_piece() {
                san.push('=');
                san.push(promoted.char().to_ascii_uppercase());
            }
        }
        let next = self.make_move(m);
        if next.in_check() {
            san.push(if next.count_legal_moves() == 0 { '#' } else { '+' });
        }
        san
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn san_of(fen: &str, text: &str) -> Result<String, MoveParseError> {
        let position = Position::from_fen(fen).unwrap();
        position.parse_san(text).map(|m| position.san(m))
    }

    #[test]
    fn every_legal_move_reads_back_from_its_own_san() {
        for fen in [
            crate::board::STARTPOS_FEN,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            for m in position.legal_moves() {
                assert_eq!(position.parse_san(&position.san(m)), Ok(m), "{fen}: {}", position.san(m));
            }
        }
    }

    #[test]
    fn an_origin_file_or_rank_tells_apart_two_pieces_that_reach_one_square() {
        // Knights on b1 and f3 both reach d2; rooks on a1 and a5 both reach a3.
        let fen = "4k3/8/8/R7/8/5N2/8/RN2K3 w - - 0 1";
        assert_eq!(san_of(fen, "Nbd2"), Ok("Nbd2".to_string()));
        assert_eq!(san_of(fen, "Nfd2"), Ok("Nfd2".to_string()));
        assert_eq!(san_of(fen, "R1a3"), Ok("R1a3".to_string()));
        assert_eq!(san_of(fen, "R5a3"), Ok("R5a3".to_string()));
        // Over-specified origins are read too.
        assert_eq!(san_of(fen, "Nb1d2"), Ok("Nbd2".to_string()));
        assert!(matches!(san_of(fen, "Nd2"), Err(MoveParseError::Ambiguous(_))));
        assert!(matches!(san_of(fen, "Ra3"), Err(MoveParseError::Ambiguous(_))));
    }

    #[test]
    fn castling_is_read_with_letters_or_zeros() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        assert_eq!(san_of(fen, "O-O"), Ok("O-O".to_string()));
        assert_eq!(san_of(fen, "0-0"), Ok("O-O".to_string()));
        assert_eq!(san_of(fen, "O-O-O+"), Ok("O-O-O".to_string()));
        assert_eq!(san_of(fen, "0-0-0"), Ok("O-O-O".to_string()));
        // Chess960: the king on b1, its rook on a1.
        let fen = "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1";
        assert_eq!(san_of(fen, "O-O-O"), Ok("O-O-O".to_string()));
        assert!(matches!(san_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "O-O"), Err(MoveParseError::Illegal(_))));
    }

    #[test]
    fn promotions_are_read_with_or_without_the_equals_sign() {
        let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(san_of(fen, "e8=Q+"), Ok("e8=Q+".to_string()));
        assert_eq!(san_of(fen, "e8N"), Ok("e8=N".to_string()));
        assert_eq!(san_of(fen, "exd8=R"), Ok("exd8=R+".to_string()));
        assert_eq!(san_of(fen, "exd8q"), Ok("exd8=Q+".to_string()));
        // A promotion must name its piece.
        assert!(matches!(san_of(fen, "e8"), Err(MoveParseError::Illegal(_))));
    }

    #[test]
    fn a_uci_promotion_letter_is_read_in_either_case() {
        let position = Position::from_fen("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        for (upper, lower) in [("e7e8N", "e7e8n"), ("e7d8Q", "e7d8q"), ("e7e8R", "e7e8r"), ("e7e8B", "e7e8b")] {
            assert_eq!(position.parse_uci_move(upper, false), position.parse_uci_move(lower, false), "{upper}");
            assert!(position.parse_uci_move(upper, false).is_ok(), "{upper}");
        }
        for bad in ["E7E8Q", "e7e8K", "e7e8P", "e7E8q"] {
            assert!(matches!(position.parse_uci_move(bad, false), Err(MoveParseError::Malformed(_))), "{bad}");
        }
    }

    #[test]
    fn en_passant_is_a_pawn_capture_to_the_empty_square() {
        let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
        assert_eq!(san_of(fen, "exd6"), Ok("exd6".to_string()));
        assert_eq!(san_of(fen, "exd6e.p."), Ok("exd6".to_string()));
    }

    #[test]
    fn check_marks_and_annotations_are_ignored() {
        let fen = crate::board::STARTPOS_FEN;
        for text in ["Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?", "Nf3!?", "Nf3??", "Ng1f3", "Ng1-f3"] {
            assert_eq!(san_of(fen, text), Ok("Nf3".to_string()), "{text}");
        }
        assert!(matches!(san_of(fen, "Nf4"), Err(MoveParseError::Illegal(_))));
        assert!(matches!(san_of(fen, "e5"), Err(MoveParseError::Illegal(_))));
        for text in ["", "Zf3", "N", "xx", "e9", "Nf3Q", "O-O-O-O"] {
            assert!(matches!(san_of(fen, text), Err(MoveParseError::MalformedSan(_))), "{text}");
        }
    }
}
