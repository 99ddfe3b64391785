//! Castling rights, stored by the castling rook's square so that standard
//! chess and Chess960 share one implementation.

use super::pieces::Pieces;
use crate::types::{Bitboard, Color, File, Rank, Square};

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

    /// The side of a castling move, written as the king on `king` taking its
    /// rook on `rook`.
    #[inline(always)]
    pub const fn of(king: Square, rook: Square) -> CastlingSide {
        if rook.file() as u8 > king.file() as u8 {
            CastlingSide::King
        } else {
            CastlingSide::Queen
        }
    }

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

/// The squares one castling move needs: `empty` must hold no piece but the
/// castling king and rook, and no square of `king_path` may be attacked.
#[derive(Clone, Copy)]
pub struct CastlingPath {
    pub empty: Bitboard,
    pub king_path: Bitboard,
}

/// Squares from `a` to `b` on one rank, both included.
const fn rank_span(a: usize, b: usize) -> u64 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (u64::MAX >> (63 - high)) & (u64::MAX << low)
}

/// Index of the path entry that no position can use: its `empty` set is the
/// whole board, so a missing right fails the first castling test.
const NO_PATH: u16 = 256;

/// Entry `right * 64 + king_file * 8 + rook_file`, for right = 2 * colour +
/// side, then the blocked entry `NO_PATH`.
const fn castling_paths() -> [CastlingPath; 257] {
    let mut table = [CastlingPath { empty: Bitboard::ALL, king_path: Bitboard::EMPTY }; 257];
    let mut right = 0;
    while right < 4 {
        let color = if right < 2 { Color::White } else { Color::Black };
        let side = if right % 2 == 0 { CastlingSide::King } else { CastlingSide::Queen };
        let base = Rank::First.relative(color).index() * 8;
        let king_to = side.king_destination(color).index();
        let rook_to = side.rook_destination(color).index();
        let mut king_file = 0;
        while king_file < 8 {
            let mut rook_file = 0;
            while rook_file < 8 {
                let king = base + king_file;
                let rook = base + rook_file;
                let movers = (1u64 << king) | (1u64 << rook);
                let king_path = rank_span(king, king_to) & !(1u64 << king);
                let empty = (rank_span(king, king_to) | rank_span(rook, rook_to)) & !movers;
                table[right * 64 + king_file * 8 + rook_file] =
                    CastlingPath { empty: Bitboard(empty), king_path: Bitboard(king_path | (1u64 << king_to)) };
                rook_file += 1;
            }
            king_file += 1;
        }
        right += 1;
    }
    table
}

static CASTLING_PATHS: [CastlingPath; 257] = castling_paths();

/// Up to four rights, each with the square of its rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingRights {
    /// The squares of the rooks that still have a right, so that making a
    /// move can tell in one test whether any right is touched.
    rook_squares: Bitboard,
    /// For each right, its entry in the path table (`NO_PATH` when absent),
    /// so that move generation tests a right without a branch on it.
    paths: [u16; 4],
    rooks: [Square; 4],
    /// Bit `2 * color + side` is set while that right exists.
    mask: u8,
}

impl Default for CastlingRights {
    fn default() -> Self {
        CastlingRights { rook_squares: Bitboard::EMPTY, paths: [NO_PATH; 4], rooks: [Square::A1; 4], mask: 0 }
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

    /// Adds the right to castle with the rook on `rook`, the king being on
    /// `king` (both on `color`'s back rank).
    pub fn add(&mut self, color: Color, side: CastlingSide, king: Square, rook: Square) {
        let bit = Self::bit(color, side);
        self.remove_bit(bit);
        self.mask |= 1 << bit;
        self.rooks[bit] = rook;
        self.rook_squares |= rook.bitboard();
        self.paths[bit] = (bit * 64 + king.file().index() * 8 + rook.file().index()) as u16;
    }

    fn remove_bit(&mut self, bit: usize) {
        if self.mask >> bit & 1 != 0 {
            self.mask &= !(1 << bit);
            self.rook_squares ^= self.rooks[bit].bitboard();
            self.paths[bit] = NO_PATH;
            // Back to the default, so that equal rights compare equal.
            self.rooks[bit] = Square::A1;
        }
    }

    /// The squares castling on `side` needs; for a right that is gone, a
    /// path that is never empty.
    #[inline(always)]
    pub fn path(&self, color: Color, side: CastlingSide) -> &'static CastlingPath {
        &CASTLING_PATHS[self.paths[Self::bit(color, side)] as usize]
    }

    /// The rook of `color`'s right on `side`; meaningful only while it exists.
    #[inline(always)]
    pub fn rook_unchecked(&self, color: Color, side: CastlingSide) -> Square {
        self.rooks[Self::bit(color, side)]
    }

    pub fn remove(&mut self, color: Color, side: CastlingSide) {
        self.remove_bit(Self::bit(color, side));
    }

    /// Removes both of `color`'s rights.
    #[inline(always)]
    pub fn remove_color(&mut self, color: Color) {
        self.remove_bit(color as usize * 2);
        self.remove_bit(color as usize * 2 + 1);
    }

    /// The squares of the rooks that still have a right.
    #[inline(always)]
    pub const fn rook_squares(self) -> Bitboard {
        self.rook_squares
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
    pub fn remove_rook_on(&mut self, square: Square) {
        for bit in 0..4 {
            if self.mask >> bit & 1 != 0 && self.rooks[bit] == square {
                self.remove_bit(bit);
            }
        }
    }
}

impl Pieces {
    /// Whether `us`, not in check, may castle on `side` with its king on
    /// `king` and the right's rook: every square the two pass or land on is
    /// empty (but for the two of them), and no square the king passes or
    /// lands on is attacked. The king and rook are lifted off the board for
    /// the attack test, which catches a Chess960 rook that shielded the
    /// king's destination.
    #[inline(always)]
    pub fn castling_is_free(&self, castling: &CastlingRights, us: Color, king: Square, side: CastlingSide) -> bool {
        let path = castling.path(us, side);
        if (self.occupied() & path.empty).any() {
            return false;
        }
        let rook = castling.rook_unchecked(us, side);
        let occupied = self.occupied() ^ king.bitboard() ^ rook.bitboard();
        for square in path.king_path {
            if self.attackers(!us, square, occupied).any() {
                return false;
            }
        }
        true
    }
}
