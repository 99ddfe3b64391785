//! The network's inputs: one for each (piece, square) seen from one side.
//! Chess's boards have 768 a view ([`InputSet::Chess`]); Elven Chess's
//! 10x10 board 2,000 ([`InputSet::Elven`]).
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

/// The inputs a network reads: which board, which men.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InputSet {
    /// The chess board: 2 sides x 6 kinds x 64 squares.
    #[default]
    Chess,
    /// Elven Chess's board: 2 sides x 10 kinds x 100 squares, Black's view
    /// turned half a turn ([`elven_feature_index`]).
    Elven,
}

impl InputSet {
    pub const ALL: [InputSet; 2] = [InputSet::Chess, InputSet::Elven];

    /// The number a network file names the set by.
    pub const fn code(self) -> u32 {
        self as u32
    }

    pub fn from_code(code: u32) -> Option<InputSet> {
        InputSet::ALL.into_iter().find(|set| set.code() == code)
    }

    /// Inputs of one view.
    pub const fn count(self) -> usize {
        match self {
            InputSet::Chess => INPUTS,
            InputSet::Elven => ELVEN_INPUTS,
        }
    }

    /// The most men a board of the game holds: the bound of a hidden
    /// value's range.
    pub const fn max_men(self) -> usize {
        match self {
            InputSet::Chess => 32,
            InputSet::Elven => 46,
        }
    }

    /// The output bucket of a board with `men` men: eight, from the
    /// fewest men to the most.
    #[inline(always)]
    pub fn output_bucket(self, men: u32) -> usize {
        let width = match self {
            InputSet::Chess => 4,
            InputSet::Elven => 6,
        };
        (men.saturating_sub(2) as usize / width).min(7)
    }

    pub const fn name(self) -> &'static str {
        match self {
            InputSet::Chess => "chess (768 inputs a view)",
            InputSet::Elven => "Elven Chess (2,000 inputs a view)",
        }
    }
}

/// Inputs of one view of Elven Chess's board.
pub const ELVEN_INPUTS: usize = 2 * 10 * 100;

/// The input that a man of colour `color` and kind `kind` (0 to 9, its
/// index among Elven Chess's kinds) on the 10x10 square `square` (0 to
/// 99, a1 first) sets in `perspective`'s view: its own men first, and
/// Black's view turned half a turn (square 99 - s), since Elven Chess's
/// start, its castlings and its promotion zones are symmetric so and not
/// by a mirror of the ranks (the kings stand on f1 and e10).
#[inline(always)]
pub fn elven_feature_index(perspective: Color, color: Color, kind: usize, square: usize) -> usize {
    let theirs = (color != perspective) as usize;
    let square = match perspective {
        Color::White => square,
        Color::Black => 99 - square,
    };
    (theirs * 10 + kind) * 100 + square
}

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

    #[test]
    fn each_elven_view_sees_every_man_once_and_black_turned_half_a_turn() {
        let mut seen = vec![false; 2 * ELVEN_INPUTS];
        for perspective in Color::ALL {
            for color in Color::ALL {
                for kind in 0..10 {
                    for square in 0..100 {
                        let index = elven_feature_index(perspective, color, kind, square);
                        assert!(index < ELVEN_INPUTS);
                        assert!(!std::mem::replace(&mut seen[perspective.index() * ELVEN_INPUTS + index], true));
                        // The other side, on the square turned, is this
                        // man as the other view sees it.
                        assert_eq!(elven_feature_index(!perspective, !color, kind, 99 - square), index);
                    }
                }
            }
        }
        // White's king on f1 (square 5) and Black's on e10 (94): each its
        // own king on the same square of its own view.
        assert_eq!(elven_feature_index(Color::White, Color::White, 5, 5), 5 * 100 + 5);
        assert_eq!(elven_feature_index(Color::Black, Color::Black, 5, 94), 5 * 100 + 5);
        assert_eq!(elven_feature_index(Color::White, Color::Black, 5, 94), 15 * 100 + 94);
        assert_eq!(InputSet::Elven.count(), 2000);
        assert_eq!(InputSet::from_code(InputSet::Elven.code()), Some(InputSet::Elven));
        assert_eq!(InputSet::from_code(2), None);
    }

    #[test]
    fn the_output_buckets_spread_each_games_men() {
        for set in InputSet::ALL {
            assert_eq!(set.output_bucket(2), 0);
            assert_eq!(set.output_bucket(set.max_men() as u32), 7);
        }
        assert_eq!(InputSet::Chess.output_bucket(6), 1);
        assert_eq!(InputSet::Elven.output_bucket(8), 1);
        assert_eq!(InputSet::Elven.output_bucket(31), 4);
    }
}
