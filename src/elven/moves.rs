//! An Elven Chess move and its text. A move is one effect: where the piece
//! starts, where it ends, and what it captures. The text is the start and
//! end squares (`e3e5`, promotions `e7e8q`, castling as the king's move
//! `f1i1`), with a warlock's first step between them when that step
//! captures (`e4f5g6`, the igui `e4f5e4`); a pass is `e4e4`.

use super::{ElvenPiece, ElvenPieceKind, ElvenPosition, Square10};
use crate::board::BoardMove;
use arrayvec::ArrayVec;
use std::fmt;

/// `via` of a move whose first step captures nothing.
const NO_SQUARE: u8 = u8::MAX;

const NORMAL: u8 = 0;
const CASTLING: u8 = 1;
const EN_PASSANT: u8 = 2;
/// Promotions: `PROMOTION + kind index` (knight 1 to queen 4).
const PROMOTION: u8 = 8;

/// A move of Elven Chess, as the position's move generator makes it: four
/// bytes (start, end, the square a warlock captures on with its first step,
/// and the kind of move). Two moves are equal exactly when their effects
/// are: a warlock's path through an empty square is its direct jump, and a
/// pass is one move, whichever empty neighbour it steps to.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ElvenMove {
    from: u8,
    to: u8,
    via: u8,
    kind: u8,
}

impl ElvenMove {
    /// No move: the search's empty slot, never a move of a position (its
    /// kind is none of the moves').
    pub const NONE: ElvenMove = ElvenMove { from: 0, to: 0, via: NO_SQUARE, kind: u8::MAX };

    /// A move to `to`, capturing whatever stands there; also a warlock's
    /// jump and a pawn's push.
    #[inline(always)]
    pub(super) const fn normal(from: Square10, to: Square10) -> ElvenMove {
        ElvenMove { from: from.index() as u8, to: to.index() as u8, via: NO_SQUARE, kind: NORMAL }
    }

    #[inline(always)]
    pub(super) const fn promotion(from: Square10, to: Square10, piece: ElvenPieceKind) -> ElvenMove {
        ElvenMove { from: from.index() as u8, to: to.index() as u8, via: NO_SQUARE, kind: PROMOTION + piece as u8 }
    }

    /// Castling, as the king's move.
    #[inline(always)]
    pub(super) const fn castling(king_from: Square10, king_to: Square10) -> ElvenMove {
        ElvenMove { from: king_from.index() as u8, to: king_to.index() as u8, via: NO_SQUARE, kind: CASTLING }
    }

    #[inline(always)]
    pub(super) const fn en_passant(from: Square10, to: Square10) -> ElvenMove {
        ElvenMove { from: from.index() as u8, to: to.index() as u8, via: NO_SQUARE, kind: EN_PASSANT }
    }

    /// A warlock's double move: it captures on `via`, a neighbour, then
    /// steps to `to`, a neighbour of `via` (back to `from`: the igui).
    #[inline(always)]
    pub(super) const fn double(from: Square10, via: Square10, to: Square10) -> ElvenMove {
        ElvenMove { from: from.index() as u8, to: to.index() as u8, via: via.index() as u8, kind: NORMAL }
    }

    /// A warlock's step to an empty neighbour and back.
    #[inline(always)]
    pub(super) const fn pass(warlock: Square10) -> ElvenMove {
        ElvenMove::normal(warlock, warlock)
    }

    #[inline(always)]
    pub const fn from(self) -> Square10 {
        Square10::from_index_unchecked(self.from as u32)
    }

    /// Where the moving piece ends (its start square for a pass or an igui;
    /// the king's square for castling).
    #[inline(always)]
    pub const fn to(self) -> Square10 {
        Square10::from_index_unchecked(self.to as u32)
    }

    /// The square a warlock's first step captures on, when that step is not
    /// the whole move.
    #[inline(always)]
    pub const fn first_capture(self) -> Option<Square10> {
        if self.via == NO_SQUARE {
            None
        } else {
            Some(Square10::from_index_unchecked(self.via as u32))
        }
    }

    #[inline(always)]
    pub const fn promotion_piece(self) -> Option<ElvenPieceKind> {
        if self.kind >= PROMOTION + ElvenPieceKind::Knight as u8 && self.kind <= PROMOTION + ElvenPieceKind::Queen as u8
        {
            Some(ElvenPieceKind::ALL[(self.kind - PROMOTION) as usize])
        } else {
            None
        }
    }

    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        self.kind == CASTLING
    }

    #[inline(always)]
    pub const fn is_en_passant(self) -> bool {
        self.kind == EN_PASSANT
    }

    /// A man's move from its square to another, taking at most what
    /// stands there: no castling, en passant, promotion, double move or
    /// pass.
    #[inline(always)]
    pub const fn is_plain(self) -> bool {
        self.kind == NORMAL && self.via == NO_SQUARE && self.from != self.to
    }

    /// The square of the pawn an en passant capture takes: beside the
    /// taker's start, on its destination's file.
    #[inline(always)]
    pub const fn en_passant_victim(self) -> Square10 {
        Square10::new(self.to().file(), self.from().rank())
    }

    /// A warlock's step out and back: the turn passes, the board stays.
    #[inline(always)]
    pub const fn is_pass(self) -> bool {
        self.from == self.to && self.via == NO_SQUARE && self.kind == NORMAL
    }

    /// A warlock's capture on a neighbour without moving.
    #[inline(always)]
    pub const fn is_igui(self) -> bool {
        self.from == self.to && self.via != NO_SQUARE
    }
}

impl BoardMove for ElvenMove {
    type Square = Square10;

    #[inline(always)]
    fn normal(from: Square10, to: Square10) -> ElvenMove {
        ElvenMove::normal(from, to)
    }

    #[inline(always)]
    fn promotions(from: Square10, to: Square10) -> [ElvenMove; 4] {
        ElvenPieceKind::PROMOTIONS.map(|piece| ElvenMove::promotion(from, to, piece))
    }

    #[inline(always)]
    fn en_passant(from: Square10, to: Square10) -> ElvenMove {
        ElvenMove::en_passant(from, to)
    }
}

impl fmt::Display for ElvenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from())?;
        if let Some(via) = self.first_capture() {
            write!(f, "{via}")?;
        }
        write!(f, "{}", self.to())?;
        if let Some(piece) = self.promotion_piece() {
            write!(f, "{}", piece.char())?;
        }
        Ok(())
    }
}

impl Default for ElvenMove {
    fn default() -> ElvenMove {
        ElvenMove::NONE
    }
}

impl fmt::Debug for ElvenMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move's text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElvenMoveError {
    /// Not of the form `e3e5`, `e7e8q` or `e4f5g6`.
    Malformed(String),
    /// Well formed, but no legal move of this position.
    Illegal(String),
}

impl fmt::Display for ElvenMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElvenMoveError::Malformed(text) => {
                write!(f, "'{text}' is not an Elven Chess move (like e3e5, e7e8q, or a warlock's e4f5g6)")
            }
            ElvenMoveError::Illegal(text) => write!(f, "'{text}' is not a legal move in this position"),
        }
    }
}

impl std::error::Error for ElvenMoveError {}

/// The squares of a move's text and its promotion letter.
struct MoveText {
    squares: ArrayVec<Square10, 3>,
    promotion: Option<ElvenPieceKind>,
}

fn read_move_text(text: &str) -> Option<MoveText> {
    let mut bytes = text.as_bytes();
    let mut squares = ArrayVec::new();
    while let Some((square, length)) = Square10::parse_prefix(bytes) {
        squares.try_push(square).ok()?;
        bytes = &bytes[length..];
    }
    let promotion = match bytes {
        [] => None,
        [letter] => {
            Some(ElvenPieceKind::PROMOTIONS.into_iter().find(|kind| kind.char() as u8 == letter.to_ascii_lowercase())?)
        }
        _ => return None,
    };
    if squares.len() < 2 || (promotion.is_some() && squares.len() != 2) {
        return None;
    }
    Some(MoveText { squares, promotion })
}

impl ElvenPosition {
    /// Reads a move's text; only a legal move of this position is accepted.
    /// A warlock's three-square form through an empty square means the
    /// direct jump (`e4f5g6` is `e4g6` when f5 is empty, `e4f5e4` the pass).
    pub fn parse_move(&self, text: &str) -> Result<ElvenMove, ElvenMoveError> {
        let read = read_move_text(text).ok_or_else(|| ElvenMoveError::Malformed(text.to_string()))?;
        let illegal = || ElvenMoveError::Illegal(text.to_string());
        let from = read.squares[0];
        let to = *read.squares.last().expect("two or three squares");
        let via = match read.squares.len() {
            2 => None,
            _ => {
                let step = read.squares[1];
                if from.distance(step) != 1 || step.distance(to) != 1 {
                    return Err(illegal());
                }
                // Through an occupied square only by capturing there.
                self.piece_on(step).map(|_| step)
            }
        };
        self.legal_moves()
            .into_iter()
            .find(|m| {
                m.from() == from
                    && m.to() == to
                    && m.first_capture() == via
                    && m.promotion_piece() == read.promotion
                    && (via.is_some() || read.squares.len() == 2 || self.is_warlock_on(from))
            })
            .ok_or_else(illegal)
    }

    /// Whether `m` captures anything.
    pub fn is_capture(&self, m: ElvenMove) -> bool {
        !self.captured_pieces(m).is_empty()
    }

    /// The pieces `m` captures, with their squares (two for a warlock's
    /// double capture).
    pub fn captured_pieces(&self, m: ElvenMove) -> ArrayVec<(Square10, ElvenPiece), 2> {
        let mut captured = ArrayVec::new();
        if m.is_en_passant() {
            let square = m.en_passant_victim();
            captured.extend(self.piece_on(square).map(|piece| (square, piece)));
            return captured;
        }
        if let Some(via) = m.first_capture() {
            captured.extend(self.piece_on(via).map(|piece| (via, piece)));
        }
        if m.to() != m.from() && !m.is_castling() {
            captured.extend(self.piece_on(m.to()).map(|piece| (m.to(), piece)));
        }
        captured
    }

    fn is_warlock_on(&self, square: Square10) -> bool {
        self.piece_on(square).is_some_and(|piece| piece.kind() == ElvenPieceKind::Warlock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_shows_the_effect() {
        let square = |text| Square10::parse(text).unwrap();
        assert_eq!(ElvenMove::normal(square("e3"), square("e5")).to_string(), "e3e5");
        assert_eq!(ElvenMove::promotion(square("e7"), square("e8"), ElvenPieceKind::Queen).to_string(), "e7e8q");
        assert_eq!(ElvenMove::double(square("e4"), square("f5"), square("g6")).to_string(), "e4f5g6");
        assert_eq!(ElvenMove::double(square("e4"), square("f5"), square("e4")).to_string(), "e4f5e4");
        assert_eq!(ElvenMove::pass(square("a10")).to_string(), "a10a10");
        assert!(ElvenMove::pass(square("e4")).is_pass());
        assert!(ElvenMove::double(square("e4"), square("f5"), square("e4")).is_igui());
        assert_eq!(std::mem::size_of::<ElvenMove>(), 4);
    }

    #[test]
    fn malformed_text_is_recognised() {
        for bad in ["", "e4", "e4e", "e4e5x", "e4e5k", "e4e5w", "k1e4", "e0e4", "e4f5g6h7", "e4f5g6q", "e4e5qq", "E4E5"]
        {
            assert!(read_move_text(bad).is_none(), "{bad}");
        }
        let read = read_move_text("a10b9").unwrap();
        assert_eq!(read.squares.len(), 2);
        assert_eq!(read_move_text("e7e8b").unwrap().promotion, Some(ElvenPieceKind::Bishop));
        assert_eq!(read_move_text("j9j10n").unwrap().promotion, Some(ElvenPieceKind::Knight));
        // GUIs write the promotion letter in either case.
        assert_eq!(read_move_text("e7e8B").unwrap().promotion, Some(ElvenPieceKind::Bishop));
        assert!(read_move_text("e4e5K").is_none());
    }
}
