use super::Square10;
use crate::types::square_set::square_set;
use std::fmt;
use std::ops::Not;

/// A set of squares of the 10x10 board, one bit per square (bit 0 = a1,
/// bit 99 = j10). The 28 high bits are always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard10(pub u128);

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

impl Bitboard10 {
    pub const EMPTY: Bitboard10 = Bitboard10(0);
    pub const ALL: Bitboard10 = Bitboard10(BOARD);
    /// The squares of a1's colour.
    pub const DARK_SQUARES: Bitboard10 = Bitboard10(dark_squares());
    pub const LIGHT_SQUARES: Bitboard10 = Bitboard10(BOARD & !dark_squares());

    /// Every square of rank `rank` (0 = rank 1).
    pub const fn rank(rank: u8) -> Bitboard10 {
        Bitboard10(0x3FF << (10 * rank as u32))
    }

    /// Every square of file `file` (0 = the a-file).
    pub const fn file(file: u8) -> Bitboard10 {
        let mut bits = 0;
        let mut rank = 0;
        while rank < 10 {
            bits |= 1 << (10 * rank + file as u32);
            rank += 1;
        }
        Bitboard10(bits)
    }

    /// Shifts the set by `delta` bit positions (10 is one rank up); squares
    /// pushed off the board vanish. Masking the files that wrap around is
    /// the caller's business.
    #[inline(always)]
    pub const fn shift(self, delta: i8) -> Bitboard10 {
        if delta >= 0 {
            Bitboard10((self.0 << delta) & BOARD)
        } else {
            Bitboard10(self.0 >> -delta)
        }
    }

    /// Ranks `low` to `high` (0-based, both included).
    pub const fn ranks(low: u8, high: u8) -> Bitboard10 {
        let mut bits = 0;
        let mut rank = low;
        while rank <= high {
            bits |= Bitboard10::rank(rank).0;
            rank += 1;
        }
        Bitboard10(bits)
    }

    /// Membership read from the one 64-bit half that holds the square: a
    /// shift of the whole 128 bits by a variable amount costs several
    /// instructions.
    #[inline(always)]
    pub const fn contains(self, square: Square10) -> bool {
        let index = square.index();
        let half = if index < 64 { self.0 as u64 } else { (self.0 >> 64) as u64 };
        half >> (index & 63) & 1 != 0
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: Square10) -> Bitboard10 {
        Bitboard10(self.0 | 1 << square.index())
    }
}

square_set!(Bitboard10, u128, Square10);

impl Not for Bitboard10 {
    type Output = Bitboard10;
    /// The complement on the board: the unused high bits stay clear.
    #[inline(always)]
    fn not(self) -> Bitboard10 {
        Bitboard10(!self.0 & BOARD)
    }
}

impl fmt::Debug for Bitboard10 {
    /// Ten lines, rank 10 first, 'X' for a member square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..10).rev() {
            for file in 0..10 {
                let member = self.contains(Square10::new(file, rank));
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
        let set = Bitboard10::EMPTY.with(Square10::new(9, 9)).with(Square10::new(0, 0)).with(Square10::new(3, 6));
        let squares: Vec<_> = set.map(|s| s.index()).collect();
        assert_eq!(squares, [0, 63, 99]);
        assert_eq!(set.lsb().index(), 0);
        assert_eq!(set.msb().index(), 99);
        assert!(set.has_many());
        assert!(!Square10::new(9, 9).bitboard().has_many());
    }

    #[test]
    fn the_complement_stays_on_the_board() {
        assert_eq!((!Bitboard10::EMPTY).count(), 100);
        assert_eq!(!Bitboard10::ALL, Bitboard10::EMPTY);
        assert_eq!(Bitboard10::DARK_SQUARES.count(), 50);
        assert_eq!(Bitboard10::DARK_SQUARES | Bitboard10::LIGHT_SQUARES, Bitboard10::ALL);
        assert_eq!(Bitboard10::ranks(7, 9).count(), 30);
        assert!(Bitboard10::rank(9).contains(Square10::new(9, 9)));
        assert_eq!(
            Bitboard10::file(9),
            Bitboard10::ALL.filter(|s| s.file() == 9).fold(Bitboard10::EMPTY, |set, s| set.with(s))
        );
        assert_eq!(Bitboard10::rank(9).shift(10), Bitboard10::EMPTY);
        assert_eq!(Bitboard10::rank(0).shift(-1).count(), 9);
        assert_eq!(Bitboard10::rank(8).shift(11).count(), 9);
    }
}
