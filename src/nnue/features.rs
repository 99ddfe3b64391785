//! The network's inputs: one for each (piece, square) seen from one side.
//!
//! Each side sees the board from its own end: its own pieces come first
//! (indices 0-383), the opponent's after (384-767), and Black's view flips
//! the ranks, so that both sides' inputs mean the same thing. A position
//! sets about 30 of the 768 inputs of each view.
//!
//! A network may also give each view several sets of 768 rows, one for
//! each bucket of its own king's squares (king buckets), and read the board
//! mirrored left to right where that king stands on the e to h files: a
//! view's [`ViewKey`] says which set it reads and how, and it changes only
//! when that view's king moves.

use crate::types::{Color, Piece, Square};

/// Inputs of one view.
pub const INPUTS: usize = 768;

/// How one view reads the board under a network: the first of its set of
/// rows (its king's bucket times [`INPUTS`]) and the mask that mirrors the
/// files (7, or 0 where it does not).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ViewKey {
    pub offset: u32,
    pub flip: u8,
}

impl ViewKey {
    /// The row of `piece` on `square` in `perspective`'s view so read.
    #[inline(always)]
    pub fn index(self, perspective: Color, piece: Piece, square: Square) -> usize {
        self.offset as usize
            + feature_index(perspective, piece, Square::from_index_unchecked(square.index() as u32 ^ self.flip as u32))
    }

    /// A number below `2 * buckets` that tells the keys of one network
    /// apart (for a cache of each key's accumulator).
    #[inline(always)]
    pub fn slot(self) -> usize {
        (self.offset as usize / INPUTS) * 2 + (self.flip != 0) as usize
    }
}

/// The input that `piece` on `square` sets in `perspective`'s view.
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, square: Square) -> usize {
    let theirs = (piece.color() != perspective) as usize;
    let square = match perspective {
        Color::White => square.index(),
        Color::Black => square.index() ^ 56,
    };
    (theirs * 6 + piece.kind().index()) * 64 + square
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::PieceType;

    #[test]
    fn each_view_sees_its_own_pieces_first_from_its_own_end() {
        let white_pawn = Piece::new(Color::White, PieceType::Pawn);
        let black_pawn = Piece::new(Color::Black, PieceType::Pawn);
        assert_eq!(feature_index(Color::White, white_pawn, Square::E2), Square::E2.index());
        assert_eq!(feature_index(Color::Black, black_pawn, Square::E7), Square::E2.index());
        assert_eq!(feature_index(Color::White, black_pawn, Square::E7), 384 + Square::E7.index());
        let black_king = Piece::new(Color::Black, PieceType::King);
        assert_eq!(feature_index(Color::Black, black_king, Square::E8), 5 * 64 + Square::E1.index());
        let mut seen = vec![false; 2 * INPUTS];
        for perspective in Color::ALL {
            for piece in Piece::ALL {
                for square in Square::all() {
                    let index = feature_index(perspective, piece, square);
                    assert!(index < INPUTS);
                    assert!(!std::mem::replace(&mut seen[perspective.index() * INPUTS + index], true));
                }
            }
        }
    }
}
