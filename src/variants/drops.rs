//! Where a piece in hand may be placed, by each variant's rule.

use super::position::VariantPosition;
use super::{CaptureRule, Placement};
use crate::board::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::types::{Bitboard, Piece, PieceType, Rank, Square};

/// The squares of the same colour as `square`.
pub fn same_colour_squares(square: Square) -> Bitboard {
    if Bitboard::LIGHT_SQUARES.contains(square) {
        Bitboard::LIGHT_SQUARES
    } else {
        Bitboard::DARK_SQUARES
    }
}

/// The squares from which a `piece` would attack `target`, sliders seen
/// through `occupied`.
pub fn squares_attacking(piece: Piece, target: Square, occupied: Bitboard) -> Bitboard {
    match piece.kind() {
        PieceType::Pawn => pawn_attacks(!piece.color(), target),
        PieceType::Knight => knight_attacks(target),
        PieceType::Bishop => bishop_attacks(target, occupied),
        PieceType::Rook => rook_attacks(target, occupied),
        PieceType::Queen => bishop_attacks(target, occupied) | rook_attacks(target, occupied),
        PieceType::King => crate::board::attacks::king_attacks(target),
    }
}

impl VariantPosition {
    /// The empty squares where the side to move may place `piece` now:
    ///
    /// - placement chess: its own first two ranks;
    /// - reinforced chess: anywhere, but a pawn not on its last rank and a
    ///   bishop on the colour of the square where the captured bishop stood;
    /// - returning chess: anywhere, but a pawn not on the first or last
    ///   rank, a bishop on the colour of the square where it was taken, and
    ///   never where it would attack the piece that has just taken it.
    pub fn drop_squares(&self, piece: Piece) -> Bitboard {
        let empty = !self.occupied();
        let color = piece.color();
        if self.variant.placement() == Placement::OwnTwoRanks {
            return empty & (Rank::First.relative(color).bitboard() | Rank::Second.relative(color).bitboard());
        }
        let Some(capture) = self.pending else {
            return Bitboard::EMPTY;
        };
        let mut squares = empty;
        if piece.kind() == PieceType::Bishop {
            squares &= same_colour_squares(capture);
        }
        match self.variant.capture_rule() {
            CaptureRule::Reinforces => {
                if piece.kind() == PieceType::Pawn {
                    squares = squares.without(Rank::Eighth.relative(color).bitboard());
                }
            }
            CaptureRule::Returns => {
                if piece.kind() == PieceType::Pawn {
                    squares = squares.without(Rank::First.bitboard() | Rank::Eighth.bitboard());
                }
                squares = squares.without(squares_attacking(piece, capture, self.occupied()));
            }
            CaptureRule::Removed | CaptureRule::Haunts => return Bitboard::EMPTY,
        }
        squares
    }
}
