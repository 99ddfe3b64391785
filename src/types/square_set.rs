//! What every board's bitboard does alike, whatever its width: chess's
//! `Bitboard` (u64) and Elven Chess's `Bitboard10` (u128) are made by
//! the same macro, so that both compile to the code each had on its own
//! and a fix reaches both. What differs stays beside each type: its
//! complement (the 10x10 board masks its unused bits), its constants, its
//! shifts and its printing.
//!
//! The traits [`SquareSet`] and [`BoardSquare`] name what code written once
//! for every board (the move generator's sink, perft's counting) needs of
//! a board's sets and squares; each is implemented by forwarding to the
//! type's own `#[inline(always)]` functions.

/// A set of squares of a board of any size: what code written once for
/// every board (the men's sets, the move generator's sink, perft's
/// counting) does with one. Each method forwards to the type's own.
pub trait SquareSet:
    Copy
    + Eq
    + std::fmt::Debug
    + Default
    + Iterator<Item = <Self as SquareSet>::Square>
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitAndAssign
    + std::ops::BitOrAssign
    + std::ops::BitXorAssign
    + From<<Self as SquareSet>::Square>
{
    type Square: BoardSquare<Set = Self>;
    const EMPTY: Self;
    /// Every square of the board.
    const ALL: Self;
    /// The number of squares in the set (not `count`, which `Iterator` has).
    fn population(self) -> u32;
    fn is_empty(self) -> bool;
    fn any(self) -> bool;
    /// More than one square.
    fn has_many(self) -> bool;
    /// The lowest square; the caller guarantees the set is not empty.
    fn lsb(self) -> Self::Square;
    fn contains(self, square: Self::Square) -> bool;
    /// Without the squares of `other`.
    fn without(self, other: Self) -> Self;
    /// Shifted by `delta` squares' indices, what leaves the board gone.
    fn shift(self, delta: i8) -> Self;
    /// Every square unless `condition`, then none: a mask in place of a
    /// branch.
    fn all_unless(condition: bool) -> Self;
}

/// A square of a board of any size.
pub trait BoardSquare: Copy + Eq + std::fmt::Debug {
    type Set: SquareSet<Square = Self>;
    /// The square `delta` indices away; the caller guarantees it is on the
    /// board.
    fn shifted(self, delta: i8) -> Self;
    /// Its index, 0 for a1, rank by rank.
    fn index(self) -> usize;
    /// The set of this square alone.
    fn bitboard(self) -> Self::Set;
    /// The square of index `index`, which the caller guarantees is on the
    /// board.
    fn from_index_unchecked(index: u32) -> Self;
}

/// The set operations of a bitboard type `$set` over the integer `$bits`
/// whose squares are `$square` (with `index`, `from_index_unchecked` and
/// `bitboard`): emptiness, counting, the lowest and highest
/// square, difference, iteration in square order, and the operators `&`,
/// `|`, `^` with their assignments.
macro_rules! square_set {
    ($set:ident, $bits:ty, $square:ty) => {
        impl $set {
            #[inline(always)]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            #[inline(always)]
            pub const fn any(self) -> bool {
                self.0 != 0
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
            pub const fn lsb(self) -> $square {
                debug_assert!(self.0 != 0);
                <$square>::from_index_unchecked(self.0.trailing_zeros())
            }

            /// The highest square; the caller guarantees the set is not empty.
            #[inline(always)]
            pub const fn msb(self) -> $square {
                debug_assert!(self.0 != 0);
                <$square>::from_index_unchecked(<$bits>::BITS - 1 - self.0.leading_zeros())
            }

            /// Without the squares of `other`.
            #[inline(always)]
            pub const fn without(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }
        }

        impl Iterator for $set {
            type Item = $square;

            #[inline(always)]
            fn next(&mut self) -> Option<$square> {
                if self.0 == 0 {
                    return None;
                }
                let square = <$square>::from_index_unchecked(self.0.trailing_zeros());
                self.0 &= self.0 - 1;
                Some(square)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                let n = self.0.count_ones() as usize;
                (n, Some(n))
            }
        }

        impl ExactSizeIterator for $set {}

        impl $crate::types::square_set::SquareSet for $set {
            type Square = $square;
            const EMPTY: $set = <$set>::EMPTY;
            const ALL: $set = <$set>::ALL;
            #[inline(always)]
            fn population(self) -> u32 {
                self.count()
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                <$set>::is_empty(self)
            }
            #[inline(always)]
            fn any(self) -> bool {
                <$set>::any(self)
            }
            #[inline(always)]
            fn has_many(self) -> bool {
                <$set>::has_many(self)
            }
            #[inline(always)]
            fn lsb(self) -> $square {
                <$set>::lsb(self)
            }
            #[inline(always)]
            fn contains(self, square: $square) -> bool {
                <$set>::contains(self, square)
            }
            #[inline(always)]
            fn without(self, other: $set) -> $set {
                <$set>::without(self, other)
            }
            #[inline(always)]
            fn shift(self, delta: i8) -> $set {
                <$set>::shift(self, delta)
            }
            #[inline(always)]
            fn all_unless(condition: bool) -> $set {
                $set(<$set>::ALL.0 & (condition as $bits).wrapping_sub(1))
            }
        }

        $crate::types::square_set::bit_operator!($set, BitAnd, bitand, BitAndAssign, bitand_assign, &);
        $crate::types::square_set::bit_operator!($set, BitOr, bitor, BitOrAssign, bitor_assign, |);
        $crate::types::square_set::bit_operator!($set, BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

        impl From<$square> for $set {
            #[inline(always)]
            fn from(square: $square) -> $set {
                square.bitboard()
            }
        }
    };
}

/// One binary operator of a bitboard type and its assignment.
macro_rules! bit_operator {
    ($set:ident, $trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl std::ops::$trait for $set {
            type Output = $set;
            #[inline(always)]
            fn $method(self, rhs: $set) -> $set {
                $set(self.0 $op rhs.0)
            }
        }
        impl std::ops::$assign_trait for $set {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: $set) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

pub(crate) use {bit_operator, square_set};
