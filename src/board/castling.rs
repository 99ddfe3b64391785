//! Castling rights, stored by the castling rook's square so that standard
//! chess and Chess960 share one implementation.

use crate::types::{Color, File, Rank, Square};

/// Which way a king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingSide {
    /// Towards the h-file: the king ends on g1 (g8), the rook on f1 (f8).
    King = 0,
    /// Towards the a-file: the king ends on c1 (c8), the rook on d1 (d8).
    Queen = 1,
}

impl CastlingSide {
    pub const BOTH: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];

    /// Where the king lands.
    pub const fn king_destination(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::King => File::G,
            CastlingSide::Queen => File::C,
        };
        Square::new(file, Rank::First.relative(color))
    }

    /// Where the rook lands.
    pub const fn rook_destination(self, color: Color) -> Square {
        let file = match self {
            CastlingSide::King => File::F,
            CastlingSide::Queen => File::D,
        };
        Square::new(file, Rank::First.relative(color))
    }
}

/// Up to four rights, each with the square of its rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRights {
    /// Bit `2 * color + side` is set while that right exists.
    mask: u8,
    rooks: [Square; 4],
}

impl Default for CastlingRights {
    fn default() -> Self {
        CastlingRights { mask: 0, rooks: [Square::A1; 4] }
    }
}

impl CastlingRights {
    #[inline(always)]
    const fn bit(color: Color, side: CastlingSide) -> usize {
        color as usize * 2 + side as usize
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The rook that castles on `side`, if `color` still has that right.
    #[inline(always)]
    pub const fn rook(self, color: Color, side: CastlingSide) -> Option<Square> {
        let bit = Self::bit(color, side);
        if self.mask >> bit & 1 != 0 {
            Some(self.rooks[bit])
        } else {
            None
        }
    }

    pub fn add(&mut self, color: Color, side: CastlingSide, rook: Square) {
        let bit = Self::bit(color, side);
        self.mask |= 1 << bit;
        self.rooks[bit] = rook;
    }

    pub fn remove(&mut self, color: Color, side: CastlingSide) {
        self.mask &= !(1 << Self::bit(color, side));
    }

    /// Removes both of `color`'s rights.
    #[inline(always)]
    pub fn remove_color(&mut self, color: Color) {
        self.mask &= !(3 << (color as usize * 2));
    }

    /// The rook squares of the rights that exist, with their colour and side.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide, Square)> {
        (0..4).filter(move |bit| self.mask >> bit & 1 != 0).map(move |bit| {
            let color = if bit < 2 { Color::White } else { Color::Black };
            let side = if bit % 2 == 0 { CastlingSide::King } else { CastlingSide::Queen };
            (color, side, self.rooks[bit])
        })
    }

    /// Removes every right whose rook stands on `square` (it moved or was taken).
    #[inline(always)]
    pub fn remove_rook_on(&mut self, square: Square) {
        let mut bit = 0;
        while bit < 4 {
            if self.mask >> bit & 1 != 0 && self.rooks[bit] == square {
                self.mask &= !(1 << bit);
            }
            bit += 1;
        }
    }
}
