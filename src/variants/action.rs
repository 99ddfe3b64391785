//! A move of a variant game: a board move (as in chess), a drop (the
//! placement of a piece from a hand on an empty square), or in mined chess
//! the laying of a mine (`M@e4`, or `M@??` where the square is secret).

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
/// A mine is a drop of the code 7 (`MINE_CODE`), one beyond the six kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Action(u16);

/// The code in bits 12-15 of a mine laid on a square.
const MINE_CODE: u16 = 7;

/// A board move, as the board's move generator gives it.
impl From<Move> for Action {
    #[inline(always)]
    fn from(m: Move) -> Action {
        Action::board(m)
    }
}

impl Action {
    pub const NONE: Action = Action(0);
    /// The end of a turn whose player has no legal move left in it
    /// (Marseillais and progressive chess): UCI's null move, `0000`.
    pub const PASS: Action = Action(Move::NULL.bits());
    /// Mined chess: a mine laid on a square the player does not say (the
    /// other player's mine, as a player who knows only its own mines hears
    /// of it): `M@??`. Written as the impossible move a1-h8 of the mine
    /// code, so that it is neither a mine on a square nor a board move.
    pub const HIDDEN_MINE: Action = Action(63 << 6 | MINE_CODE << 12);

    #[inline(always)]
    pub const fn board(m: Move) -> Action {
        Action(m.bits())
    }

    #[inline(always)]
    pub const fn drop(kind: PieceType, to: Square) -> Action {
        let square = to.index() as u16;
        Action(square | square << 6 | (kind as u16 + 1) << 12)
    }

    /// Mined chess: a mine laid on `to`.
    #[inline(always)]
    pub const fn mine(to: Square) -> Action {
        let square = to.index() as u16;
        Action(square | square << 6 | MINE_CODE << 12)
    }

    /// A piece placed from a hand (not a mine).
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.0 & 63 == self.0 >> 6 & 63 && self.0 >> 12 != 0 && self.0 >> 12 != MINE_CODE
    }

    /// A mine laid, on a square or hidden.
    #[inline(always)]
    pub const fn is_mine(self) -> bool {
        self.0 >> 12 == MINE_CODE && (self.0 & 63 == self.0 >> 6 & 63 || self.0 == Action::HIDDEN_MINE.0)
    }

    /// A drop or a mine: an action that moves no man on the board.
    #[inline(always)]
    pub const fn is_placement(self) -> bool {
        self.is_drop() || self.is_mine()
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
        if self == Action::HIDDEN_MINE {
            return "M@??".to_string();
        }
        if self.is_mine() {
            return format!("M@{}", self.to());
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

/// Reads a mine laid, `M@e4` or `M@??` (the letter in either case), if
/// `text` is one.
pub fn parse_mine(text: &str) -> Option<Action> {
    let (letter, square) = text.split_once('@')?;
    if !letter.eq_ignore_ascii_case("m") {
        return None;
    }
    match square {
        "??" => Some(Action::HIDDEN_MINE),
        _ => Some(Action::mine(Square::parse(square)?)),
    }
}

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
    fn mines_keep_apart_from_drops_and_moves() {
        for square in Square::all() {
            let mine = Action::mine(square);
            assert!(mine.is_mine() && mine.is_placement() && !mine.is_drop() && !mine.is_none());
            assert_eq!((mine.drop_kind(), mine.to()), (None, square));
            assert_eq!(parse_mine(&mine.to_uci(false)), Some(mine));
            for kind in PieceType::ALL {
                assert_ne!(mine, Action::drop(kind, square));
            }
        }
        let hidden = Action::HIDDEN_MINE;
        assert!(hidden.is_mine() && !hidden.is_drop() && hidden.drop_kind().is_none());
        assert_eq!((hidden.to_uci(false), parse_mine("m@??")), ("M@??".to_string(), Some(hidden)));
        assert!(!Action::PASS.is_mine() && !Action::board(Move::new(Square::E2, Square::E4)).is_mine());
        for bad in ["M@", "M@i9", "MM@e4", "N@e4", "M@?"] {
            assert_eq!(parse_mine(bad), None, "{bad}");
        }
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
