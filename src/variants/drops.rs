//! Where a piece in hand may be placed, by each variant's rule.

use super::position::VariantPosition;
use super::{CaptureRule, Placement};
use crate::board::attacks::{between, bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
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
    /// - the rules book's placement chess: its own first two ranks;
    /// - placement (pre-chess): its own first rank, the bishops on squares
    ///   of both colours (`first_rank_drops`);
    /// - reinforced chess: anywhere, but a pawn not on its last rank and a
    ///   bishop on the colour of the square where the captured bishop stood;
    /// - returning chess: anywhere, but a pawn not on the first or last
    ///   rank, a bishop on the colour of the square where it was taken, and
    ///   never where it would attack the piece that has just taken it.
    ///
    /// A placement, like any move, may not leave its side's king in check:
    /// in check (returning chess, after a capture that checked), only a
    /// square that blocks a single line check will do.
    pub fn drop_squares(&self, piece: Piece) -> Bitboard {
        let squares = self.drop_squares_by_rule(piece);
        let Some(king) = self.king_square(piece.color()) else {
            return squares;
        };
        let checkers = self.attackers(!piece.color(), king, self.occupied());
        if checkers.is_empty() {
            return squares;
        }
        if checkers.has_many() {
            return Bitboard::EMPTY;
        }
        squares & between(king, checkers.lsb())
    }

    /// [`VariantPosition::drop_squares`] before the king's safety.
    pub fn drop_squares_by_rule(&self, piece: Piece) -> Bitboard {
        let empty = !self.occupied();
        let color = piece.color();
        match self.rules.variant.placement() {
            Placement::OwnTwoRanks => {
                return empty & (Rank::First.relative(color).bitboard() | Rank::Second.relative(color).bitboard())
            }
            Placement::FirstRank => {
                return self.first_rank_drops(piece, empty & Rank::First.relative(color).bitboard())
            }
            Placement::None => {}
        }
        let Some(capture) = self.rules.pending else {
            return Bitboard::EMPTY;
        };
        let mut squares = empty;
        if piece.kind() == PieceType::Bishop {
            squares &= same_colour_squares(capture);
        }
        match self.rules.variant.capture_rule() {
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

    /// Placement (pre-chess): of the empty squares `free` of the first
    /// rank, those where `piece` may be dropped so that the bishops still
    /// stand on squares of both colours: a bishop not on the colour of a
    /// bishop of its side, another piece only where enough squares of the
    /// colours still without a bishop stay free for the bishops in hand
    /// (Fairy-Stockfish's and Cute Chess's rule).
    fn first_rank_drops(&self, piece: Piece, free: Bitboard) -> Bitboard {
        let color = piece.color();
        let bishops = self.pieces(color, PieceType::Bishop);
        let colour_free =
            |squares: Bitboard, left: Bitboard| u32::from((bishops & squares).is_empty() && (left & squares).any());
        if piece.kind() == PieceType::Bishop {
            let mut squares = free;
            for colour in [Bitboard::LIGHT_SQUARES, Bitboard::DARK_SQUARES] {
                if (bishops & colour).any() {
                    squares = squares.without(colour);
                }
            }
            return squares;
        }
        let in_hand = self.rules.hands.count(color, PieceType::Bishop) as u32;
        if in_hand == 0 {
            return free;
        }
        let room = |square: Square| {
            let left = free.without(square.bitboard());
            colour_free(Bitboard::LIGHT_SQUARES, left) + colour_free(Bitboard::DARK_SQUARES, left) >= in_hand
        };
        free.filter(|&square| room(square)).fold(Bitboard::EMPTY, |squares, square| squares | square.bitboard())
    }
}
