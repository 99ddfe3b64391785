use super::Bitboard10;
use crate::types::Color;
use std::fmt;

/// A square of the 10x10 board: index `rank * 10 + file`, so a1 = 0,
/// j1 = 9, a10 = 90 and j10 = 99. Files and ranks count from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square10(u8);

impl Square10 {
    /// Squares on the board.
    pub const COUNT: usize = 100;

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), both below 10.
    #[inline(always)]
    pub const fn new(file: u8, rank: u8) -> Square10 {
        debug_assert!(file < 10 && rank < 10);
        Square10(rank * 10 + file)
    }

    /// The square with this index, if it is below 100.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Option<Square10> {
        if index < Square10::COUNT {
            Some(Square10(index as u8))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 100`.
    #[inline(always)]
    pub const fn from_index_unchecked(index: u32) -> Square10 {
        debug_assert!(index < 100);
        Square10(index as u8)
    }

    /// Iterates a1, b1, ..., j1, a2, ..., j10.
    pub fn all() -> impl Iterator<Item = Square10> {
        (0..Square10::COUNT as u8).map(Square10)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 (the a-file) to 9 (the j-file).
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// 0 (rank 1) to 9 (rank 10).
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 / 10
    }

    /// The rank counted from `color`'s side: 0 is White's rank 1 and
    /// Black's rank 10.
    #[inline(always)]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::White => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard10 {
        Bitboard10(1 << self.0)
    }

    /// The square `files` files right and `ranks` ranks up, if it is on
    /// the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square10> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file >= 0 && file < 10 && rank >= 0 && rank < 10 {
            Some(Square10::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// Chebyshev (king-step) distance.
    pub const fn distance(self, other: Square10) -> u8 {
        let files = self.file().abs_diff(other.file());
        let ranks = self.rank().abs_diff(other.rank());
        if files > ranks {
            files
        } else {
            ranks
        }
    }

    /// Parses a square at the start of `text` (`e4`, `j10`): the square and
    /// the bytes it took. A rank is 1 to 10 without a leading zero; the
    /// digits after the file are all read, so `a100` is no square.
    pub fn parse_prefix(text: &[u8]) -> Option<(Square10, usize)> {
        let (&letter, rest) = text.split_first()?;
        if !(b'a'..=b'j').contains(&letter) {
            return None;
        }
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let rank = match &rest[..digits] {
            [d @ b'1'..=b'9'] => d - b'1',
            b"10" => 9,
            _ => return None,
        };
        Some((Square10::new(letter - b'a', rank), 1 + digits))
    }

    /// Parses `e4` or `j10`; anything else is None.
    pub fn parse(text: &str) -> Option<Square10> {
        match Square10::parse_prefix(text.as_bytes()) {
            Some((square, length)) if length == text.len() => Some(square),
            _ => None,
        }
    }
}

impl crate::types::BoardSquare for Square10 {
    type Set = Bitboard10;
    /// `delta` indices away: ten is one rank up.
    #[inline(always)]
    fn shifted(self, delta: i8) -> Square10 {
        Square10::from_index_unchecked((self.0 as i16 + delta as i16) as u32)
    }
    #[inline(always)]
    fn index(self) -> usize {
        Square10::index(self)
    }
    #[inline(always)]
    fn bitboard(self) -> Bitboard10 {
        Square10::bitboard(self)
    }
    #[inline(always)]
    fn from_index_unchecked(index: u32) -> Square10 {
        Square10::from_index_unchecked(index)
    }
}

impl fmt::Display for Square10 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square10 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_numbered_rank_by_rank() {
        assert_eq!(Square10::parse("a1").unwrap().index(), 0);
        assert_eq!(Square10::parse("j1").unwrap().index(), 9);
        assert_eq!(Square10::parse("a2").unwrap().index(), 10);
        assert_eq!(Square10::parse("j10").unwrap().index(), 99);
        assert_eq!(Square10::parse("e4").unwrap(), Square10::new(4, 3));
    }

    #[test]
    fn text_round_trips_and_bad_text_is_refused() {
        for square in Square10::all() {
            assert_eq!(Square10::parse(&square.to_string()), Some(square));
        }
        for bad in ["", "a", "k1", "a0", "a11", "a01", "a100", "A1", "e4 ", "1a"] {
            assert_eq!(Square10::parse(bad), None, "{bad}");
        }
        assert_eq!(Square10::parse_prefix(b"a10b9"), Some((Square10::new(0, 9), 3)));
    }

    #[test]
    fn offsets_stop_at_the_edges() {
        let j10 = Square10::new(9, 9);
        assert_eq!(j10.offset(1, 0), None);
        assert_eq!(j10.offset(0, 1), None);
        assert_eq!(j10.offset(-9, -9), Some(Square10::new(0, 0)));
        assert_eq!(Square10::new(0, 0).offset(-1, 1), None);
        assert_eq!(j10.distance(Square10::new(7, 8)), 2);
    }
}
