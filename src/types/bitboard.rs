use super::square_set::square_set;
use super::Square;
use std::fmt;
use std::ops::Not;

/// A set of squares, one bit per square (bit 0 = a1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);

    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Shifts the set by `delta` bit positions (8 is one rank up, -8 one rank
    /// down); squares pushed off the board vanish. Masking the files that
    /// wrap around is the caller's business.
    #[inline(always)]
    pub const fn shift(self, delta: i8) -> Bitboard {
        if delta >= 0 {
            Bitboard(self.0 << delta)
        } else {
            Bitboard(self.0 >> -delta)
        }
    }
}

square_set!(Bitboard, u64, Square);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Eight lines, rank 8 first, 'X' for a member square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let occupied = self.0 >> (rank * 8 + file) & 1 == 1;
                write!(f, "{}", if occupied { 'X' } else { '.' })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
