//! A move of a variant game: a board move (as in chess) or a drop, the
//! placement of a piece from a hand on an empty square.

use crate::types::{Move, PieceType, Square};
use arrayvec::ArrayVec;
use std::fmt;

/// The most actions one variant position can have. A position holds at most
/// 32 men (FEN parsing checks it), and 31 queens and a king have fewer than
/// 850 moves; a side places at most one of six kinds on one of 64 squares.
pub const MAX_ACTIONS: usize = 1024;

pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// A board move or a drop, in 16 bits. A board move keeps the bits of its
/// [`Move`]; a drop on `s` is written as the impossible move `s`-`s` with
/// the dropped kind plus one in bits 12-15, so that it cannot be taken for
/// `Move::NONE` or `Move::NULL` and fits the transposition table's move slot.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Action(u16);

impl Action {
    pub const NONE: Action = Action(0);
    /// The end of a turn whose player has no legal move left in it
    /// (Marseillais and progressive chess): UCI's null move, `0000`.
    pub const PASS: Action = Action(Move::NULL.bits());

    #[inline(always)]
    pub const fn board(m: Move) -> Action {
        Action(m.bits())
    }

    #[inline(always)]
    pub const fn drop(kind: PieceType, to: Square) -> Action {
        let square = to.index() as u16;
        Action(square | square << 6 | (kind as u16 + 1) << 12)
    }

    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.0 & 63 == self.0 >> 6 & 63 && self.0 >> 12 != 0
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The kind a drop places; None for a board move.
    #[inline(always)]
    pub const fn drop_kind(self) -> Option<PieceType> {
        if self.is_drop() {
            Some(PieceType::from_index((self.0 >> 12) as usize - 1))
        } else {
            None
        }
    }

    /// The board move; meaningful only when this is not a drop.
    #[inline(always)]
    pub const fn as_move(self) -> Move {
        Move::from_bits(self.0)
    }

    /// The square a drop lands on, or a board move's destination.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 6 & 63) as u32)
    }

    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Action {
        Action(bits)
    }

    /// UCI notation: a board move as in chess (castling by `chess960`), a
    /// drop as `N@c2` (the crazyhouse convention: the piece letter in upper
    /// case whatever its colour).
    pub fn to_uci(self, chess960: bool) -> String {
        if self == Action::PASS {
            return "0000".to_string();
        }
        match self.drop_kind() {
            Some(kind) => format!("{}@{}", kind.char().to_ascii_uppercase(), self.to()),
            None => self.as_move().to_uci(chess960),
        }
    }
}

impl fmt::Debug for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_uci(true))
    }
}

/// Why a move in UCI notation was not accepted in a variant position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionParseError {
    /// Not of the form `e2e4`, `e7e8q` or `N@c2`.
    Malformed(String),
    /// Well formed, but not a legal move in this position; the reason says
    /// why when the rules give one (a capture is compulsory, a piece that is
    /// not in hand, ...).
    Illegal { text: String, reason: Option<String> },
}

impl fmt::Display for ActionParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionParseError::Malformed(text) => {
                write!(f, "'{text}' is not a move in UCI notation (like e2e4, e7e8q, or N@c2 for a drop)")
            }
            ActionParseError::Illegal { text, reason: None } => {
                write!(f, "'{text}' is not a legal move in this position")
            }
            ActionParseError::Illegal { text, reason: Some(reason) } => {
                write!(f, "'{text}' is not a legal move in this position: {reason}")
            }
        }
    }
}

impl std::error::Error for ActionParseError {}

/// Reads a drop, `N@c2` (the letter in either case), if `text` is one.
pub fn parse_drop(text: &str) -> Option<(PieceType, Square)> {
    let (piece, square) = text.split_once('@')?;
    let mut letters = piece.chars();
    let kind = PieceType::from_char(letters.next()?)?;
    if letters.next().is_some() {
        return None;
    }
    Some((kind, Square::parse(square)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_and_moves_keep_apart() {
        for kind in PieceType::ALL {
            for square in Square::all() {
                let drop = Action::drop(kind, square);
                assert!(drop.is_drop() && !drop.is_none());
                assert_eq!((drop.drop_kind(), drop.to()), (Some(kind), square));
                assert_ne!(drop.bits(), Move::NULL.bits());
            }
        }
        let m = Action::board(Move::new(Square::E2, Square::E4));
        assert!(!m.is_drop());
        assert_eq!(m.to_uci(false), "e2e4");
        assert_eq!(Action::drop(PieceType::Knight, Square::C2).to_uci(false), "N@c2");
        assert!(!Action::NONE.is_drop() && Action::NONE.is_none());
    }

    #[test]
    fn drop_text() {
        assert_eq!(parse_drop("N@c2"), Some((PieceType::Knight, Square::C2)));
        assert_eq!(parse_drop("p@h7"), Some((PieceType::Pawn, Square::H7)));
        for bad in ["N@", "@c2", "NN@c2", "X@c2", "N@c9", "N@c22", "Nc2", ""] {
            assert_eq!(parse_drop(bad), None, "{bad}");
        }
    }
}
