//! How the games on the chess board (chess and the variants) index the
//! search's histories: a quiet move by side and squares (and, in chess, the
//! threats on them), a capture by man, square and victim, a (man, square)
//! pair for the continuation tables. A larger board indexes its own way.

use crate::types::{Bitboard, Color, Move, Piece, PieceType, Square};

/// The quiet history's index of a move of `color` on the chess board
/// (side, origin, destination).
#[inline(always)]
pub fn quiet_index(color: Color, m: Move) -> usize {
    color.index() * 4096 + m.from().index() * 64 + m.to().index()
}

/// The quiet history's index of a move of `color` on the chess board
/// with the squares the other side attacks, `threats`: whether its
/// origin and its destination are attacked tell four tables apart
/// (a move out of an attack, or into one, is not the same move). A
/// castling's destination is its rook's square, as the move writes it.
#[inline(always)]
pub fn threatened_quiet_index(color: Color, threats: Bitboard, m: Move) -> usize {
    let from = threats.contains(m.from()) as usize;
    let to = threats.contains(m.to()) as usize;
    (from * 2 + to) * 2 * 4096 + quiet_index(color, m)
}

/// The capture history's index of `moved` taking `victim` on `to`.
#[inline(always)]
pub fn capture_index(moved: Piece, to: Square, victim: PieceType) -> usize {
    (moved.index() * 64 + to.index()) * 6 + victim.index()
}

/// A move with the piece that makes it: the key of the continuation tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceTo {
    pub piece: Piece,
    pub to: Square,
}

impl PieceTo {
    /// Its index in the continuation tables, below 768.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.piece.index() * 64 + self.to.index()
    }
}
