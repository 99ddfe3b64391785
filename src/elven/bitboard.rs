use super::ElvenSquare;
use crate::types::square_set::square_set;
use std::fmt;
use std::ops::Not;

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

    /// Every square of file `file` (0 = the a-file).
    pub const fn file(file: u8) -> ElvenBitboard {
        let mut bits = 0;
        let mut rank = 0;
        while rank < 10 {
            bits |= 1 << (10 * rank + file as u32);
            rank += 1;
        }
        ElvenBitboard(bits)
    }

    /// Shifts the set by `delta` bit positions (10 is one rank up); squares
    /// pushed off the board vanish. Masking the files that wrap around is
    /// the caller's business.
    #[inline(always)]
    pub const fn shift(self, delta: i8) -> ElvenBitboard {
        if delta >= 0 {
            ElvenBitboard((self.0 << delta) & BOARD)
        } else {
            ElvenBitboard(self.0 >> -delta)
        }
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

    /// Membership read from the one 64-bit half that holds the square: a
    /// shift of the whole 128 bits by a variable amount costs several
    /// instructions.
    #[inline(always)]
    pub const fn contains(self, square: ElvenSquare) -> bool {
        let index = square.index();
        let half = if index < 64 { self.0 as u64 } else { (self.0 >> 64) as u64 };
        half >> (index & 63) & 1 != 0
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: ElvenSquare) -> ElvenBitboard {
        ElvenBitboard(self.0 | 1 << square.index())
    }
}

square_set!(ElvenBitboard, u128, ElvenSquare);

impl Not for ElvenBitboard {
    type Output = ElvenBitboard;
    /// The complement on the board: the unused high bits stay clear.
    #[inline(always)]
    fn not(self) -> ElvenBitboard {
        ElvenBitboard(!self.0 & BOARD)
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
        assert_eq!(
            ElvenBitboard::file(9),
            ElvenBitboard::ALL.filter(|s| s.file() == 9).fold(ElvenBitboard::EMPTY, |set, s| set.with(s))
        );
        assert_eq!(ElvenBitboard::rank(9).shift(10), ElvenBitboard::EMPTY);
        assert_eq!(ElvenBitboard::rank(0).shift(-1).count(), 9);
        assert_eq!(ElvenBitboard::rank(8).shift(11).count(), 9);
    }
}
