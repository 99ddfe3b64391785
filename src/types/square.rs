use super::{Bitboard, Color};
use std::fmt;

/// A file, a (0) to h (7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum File {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    pub const ALL: [File; 8] = [File::A, File::B, File::C, File::D, File::E, File::F, File::G, File::H];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> File {
        File::ALL[index]
    }

    pub fn from_char(c: char) -> Option<File> {
        let i = (c.to_ascii_lowercase() as u32).wrapping_sub('a' as u32);
        (i < 8).then(|| File::ALL[i as usize])
    }

    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// Every square of this file.
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << self as u8)
    }
}

/// A rank, first (0) to eighth (7), from White's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    First,
    Second,
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    Eighth,
}

impl Rank {
    pub const ALL: [Rank; 8] =
        [Rank::First, Rank::Second, Rank::Third, Rank::Fourth, Rank::Fifth, Rank::Sixth, Rank::Seventh, Rank::Eighth];

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Rank {
        Rank::ALL[index]
    }

    pub fn from_char(c: char) -> Option<Rank> {
        let i = (c as u32).wrapping_sub('1' as u32);
        (i < 8).then(|| Rank::ALL[i as usize])
    }

    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// This rank seen from `color`'s side: the first rank is Black's eighth.
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::ALL[7 - self as usize],
        }
    }

    /// Every square of this rank.
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(0xFF << (8 * self as u8))
    }
}

/// A square, a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_constants {
    ($($name:ident = $index:expr),* $(,)?) => {
        impl Square { $(pub const $name: Square = Square($index);)* }
    };
}

square_constants!(
    A1 = 0,
    B1 = 1,
    C1 = 2,
    D1 = 3,
    E1 = 4,
    F1 = 5,
    G1 = 6,
    H1 = 7,
    A2 = 8,
    B2 = 9,
    C2 = 10,
    D2 = 11,
    E2 = 12,
    F2 = 13,
    G2 = 14,
    H2 = 15,
    A3 = 16,
    B3 = 17,
    C3 = 18,
    D3 = 19,
    E3 = 20,
    F3 = 21,
    G3 = 22,
    H3 = 23,
    A4 = 24,
    B4 = 25,
    C4 = 26,
    D4 = 27,
    E4 = 28,
    F4 = 29,
    G4 = 30,
    H4 = 31,
    A5 = 32,
    B5 = 33,
    C5 = 34,
    D5 = 35,
    E5 = 36,
    F5 = 37,
    G5 = 38,
    H5 = 39,
    A6 = 40,
    B6 = 41,
    C6 = 42,
    D6 = 43,
    E6 = 44,
    F6 = 45,
    G6 = 46,
    H6 = 47,
    A7 = 48,
    B7 = 49,
    C7 = 50,
    D7 = 51,
    E7 = 52,
    F7 = 53,
    G7 = 54,
    H7 = 55,
    A8 = 56,
    B8 = 57,
    C8 = 58,
    D8 = 59,
    E8 = 60,
    F8 = 61,
    G8 = 62,
    H8 = 63,
);

impl Square {
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank as u8 * 8 + file as u8)
    }

    /// The square with this index, if it is below 64.
    #[inline(always)]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 64`.
    #[inline(always)]
    pub const fn from_index_unchecked(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }

    /// Iterates a1, b1, ..., h8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn file(self) -> File {
        File::ALL[(self.0 & 7) as usize]
    }

    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 3) as usize]
    }

    #[inline(always)]
    pub const fn bitboard(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The same square seen from `color`'s side (mirrored vertically for Black).
    #[inline(always)]
    pub const fn relative(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// Mirrors the square vertically: a1 <-> a8.
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// Moves the square by `delta` indices; the caller guarantees the result
    /// is on the board.
    #[inline(always)]
    pub const fn offset(self, delta: i8) -> Square {
        Square((self.0 as i8 + delta) as u8)
    }

    /// Chebyshev (king-move) distance.
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 3).abs_diff(other.0 >> 3);
        if df > dr {
            df as u32
        } else {
            dr as u32
        }
    }

    /// Parses "e4"; anything else is None.
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        chars.next().is_none().then(|| Square::new(file, rank))
    }
}

impl super::BoardSquare for Square {
    type Set = Bitboard;
    #[inline(always)]
    fn shifted(self, delta: i8) -> Square {
        self.offset(delta)
    }
    #[inline(always)]
    fn index(self) -> usize {
        Square::index(self)
    }
    #[inline(always)]
    fn bitboard(self) -> Bitboard {
        Square::bitboard(self)
    }
    #[inline(always)]
    fn from_index_unchecked(index: u32) -> Square {
        Square::from_index_unchecked(index)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
