//! Moves as text: UCI long algebraic notation (read and written) and SAN.

use super::castling::CastlingSide;
use super::position::Position;
use crate::types::{Color, File, Move, MoveKind, PieceType};
use std::fmt;

/// Why a move in UCI notation was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not of the form `e2e4` or `e7e8q`.
    Malformed(String),
    /// Well formed, but not a legal move in this position.
    Illegal(String),
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Malformed(text) => {
                write!(f, "'{text}' is not a move in UCI notation (like e2e4 or e7e8q)")
            }
            MoveParseError::Illegal(text) => write!(f, "'{text}' is not a legal move in this position"),
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

fn is_well_formed(text: &str) -> bool {
    let bytes = text.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match bytes.len() {
        4 => square(bytes[0], bytes[1]) && square(bytes[2], bytes[3]),
        5 => square(bytes[0], bytes[1]) && square(bytes[2], bytes[3]) && b"nbrq".contains(&bytes[4]),
        _ => false,
    }
}

impl Position {
    /// Reads a move in UCI notation against this position. In standard
    /// chess castling may be written either way (`e1g1` or `e1h1`); with
    /// `chess960` the king-takes-rook form comes first and the king's
    /// two-square form is accepted only when no ordinary move matches it.
    pub fn parse_uci_move(&self, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
        if !is_well_formed(text) {
            return Err(MoveParseError::Malformed(text.chars().take(16).collect()));
        }
        let moves = self.legal_moves();
        moves
            .iter()
            .find(|m| m.to_uci(chess960) == text)
            .or_else(|| moves.iter().find(|m| m.is_castling() && m.to_uci(!chess960) == text))
            .copied()
            .ok_or_else(|| MoveParseError::Illegal(text.to_string()))
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
