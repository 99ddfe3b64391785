use super::ElvenSquare;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares of the 10x10 board, one bit per square (bit 0 = a1,
/// bit 99 = j10). The 28 high bits are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ElvenBitboard(pub u128);

/// The 100 bits of the board.
const BOARD: u128 = (1 << 100) - 1;

/// Squares whose file and rank add up to an even number: a1's colour.
const fn dark_squares() -> u128 {
    let mut bits = 0u128;
    let mut square = 0;
    while square < 100 {
        if (square % 10 + square / 10) % 2 == 0 {
            bits |= 1 << square;
        }
        square += 1;
    }
    bits
}

impl ElvenBitboard {
    pub const EMPTY: ElvenBitboard = ElvenBitboard(0);
    pub const ALL: ElvenBitboard = ElvenBitboard(BOARD);
    /// The squares of a1's colour.
    pub const DARK_SQUARES: ElvenBitboard = ElvenBitboard(dark_squares());
    pub const LIGHT_SQUARES: ElvenBitboard = ElvenBitboard(BOARD & !dark_squares());

    /// Every square of rank `rank` (0 = rank 1).
    pub const fn rank(rank: u8) -> ElvenBitboard {
        ElvenBitboard(0x3FF << (10 * rank as u32))
    }

    /// Ranks `low` to `high` (0-based, both included).
    pub const fn ranks(low: u8, high: u8) -> ElvenBitboard {
        let mut bits = 0;
        let mut rank = low;
        while rank <= high {
            bits |= ElvenBitboard::rank(rank).0;
            rank += 1;
        }
        ElvenBitboard(bits)
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn contains(self, square: ElvenSquare) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square.
    #[inline(always)]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square; the caller guarantees the set is not empty.
    #[inline(always)]
    pub const fn lsb(self) -> ElvenSquare {
        debug_assert!(self.0 != 0);
        ElvenSquare::from_index_unchecked(self.0.trailing_zeros())
    }

    /// The highest square; the caller guarantees the set is not empty.
    #[inline(always)]
    pub const fn msb(self) -> ElvenSquare {
        debug_assert!(self.0 != 0);
        ElvenSquare::from_index_unchecked(127 - self.0.leading_zeros())
    }

    /// Without the squares of `other`.
    #[inline(always)]
    pub const fn without(self, other: ElvenBitboard) -> ElvenBitboard {
        ElvenBitboard(self.0 & !other.0)
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: ElvenSquare) -> ElvenBitboard {
        ElvenBitboard(self.0 | 1 << square.index())
    }
}

impl Iterator for ElvenBitboard {
    type Item = ElvenSquare;

    #[inline(always)]
    fn next(&mut self) -> Option<ElvenSquare> {
        if self.0 == 0 {
            return None;
        }
        let square = ElvenSquare::from_index_unchecked(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(square)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ElvenBitboard {}

macro_rules! bit_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for ElvenBitboard {
            type Output = ElvenBitboard;
            #[inline(always)]
            fn $method(self, rhs: ElvenBitboard) -> ElvenBitboard {
                ElvenBitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for ElvenBitboard {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: ElvenBitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for ElvenBitboard {
    type Output = ElvenBitboard;
    /// The complement on the board: the unused high bits stay clear.
    #[inline(always)]
    fn not(self) -> ElvenBitboard {
        ElvenBitboard(!self.0 & BOARD)
    }
}

impl From<ElvenSquare> for ElvenBitboard {
    #[inline(always)]
    fn from(square: ElvenSquare) -> ElvenBitboard {
        square.bitboard()
    }
}

impl fmt::Debug for ElvenBitboard {
    /// Ten lines, rank 10 first, 'X' for a member square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10).rev() {
            for file in 0..10 {
                let member = self.contains(ElvenSquare::new(file, rank));
                write!(f, "{}", if member { 'X' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_visits_squares_in_order() {
        let set =
            ElvenBitboard::EMPTY.with(ElvenSquare::new(9, 9)).with(ElvenSquare::new(0, 0)).with(ElvenSquare::new(3, 6));
        let squares: Vec<_> = set.map(|s| s.index()).collect();
        assert_eq!(squares, [0, 63, 99]);
        assert_eq!(set.lsb().index(), 0);
        assert_eq!(set.msb().index(), 99);
        assert!(set.has_many());
        assert!(!ElvenSquare::new(9, 9).bitboard().has_many());
    }

    #[test]
    fn the_complement_stays_on_the_board() {
        assert_eq!((!ElvenBitboard::EMPTY).count(), 100);
        assert_eq!(!ElvenBitboard::ALL, ElvenBitboard::EMPTY);
        assert_eq!(ElvenBitboard::DARK_SQUARES.count(), 50);
        assert_eq!(ElvenBitboard::DARK_SQUARES | ElvenBitboard::LIGHT_SQUARES, ElvenBitboard::ALL);
        assert_eq!(ElvenBitboard::ranks(7, 9).count(), 30);
        assert!(ElvenBitboard::rank(9).contains(ElvenSquare::new(9, 9)));
    }
}
