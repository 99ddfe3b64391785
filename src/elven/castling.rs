//! Castling in Elven Chess: the king, from f1 (e10 for Black), moves three
//! squares towards a corner rook, and the rook lands beside it on the
//! square the king crossed.

use super::{Bitboard10, Square10};
use crate::types::Color;

/// Towards which rook the king castles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElvenCastlingSide {
    /// Towards the j-file rook (`K`, `k` in FEN).
    King,
    /// Towards the a-file rook (`Q`, `q` in FEN).
    Queen,
}

impl ElvenCastlingSide {
    pub const ALL: [ElvenCastlingSide; 2] = [ElvenCastlingSide::King, ElvenCastlingSide::Queen];
}

/// The squares one castling involves.
#[derive(Clone, Copy, Debug)]
pub struct CastlingPath {
    pub king_from: Square10,
    pub king_to: Square10,
    pub rook_from: Square10,
    pub rook_to: Square10,
    /// The squares between king and rook, which must be empty.
    pub empty: Bitboard10,
    /// The squares the king crosses or lands on, which must not be
    /// attacked (the king's own square is the not-in-check condition).
    pub safe: Bitboard10,
}

const fn squares(list: &[(u8, u8)]) -> Bitboard10 {
    let mut set = Bitboard10::EMPTY;
    let mut i = 0;
    while i < list.len() {
        set = set.with(Square10::new(list[i].0, list[i].1));
        i += 1;
    }
    set
}

const fn path(king: u8, king_to: u8, rook: u8, rook_to: u8, rank: u8) -> CastlingPath {
    let (low, high) = if king < rook { (king + 1, rook - 1) } else { (rook + 1, king - 1) };
    let mut empty = Bitboard10::EMPTY;
    let mut file = low;
    while file <= high {
        empty = empty.with(Square10::new(file, rank));
        file += 1;
    }
    let (low, high) = if king < king_to { (king + 1, king_to) } else { (king_to, king - 1) };
    let mut safe = Bitboard10::EMPTY;
    let mut file = low;
    while file <= high {
        safe = safe.with(Square10::new(file, rank));
        file += 1;
    }
    CastlingPath {
        king_from: Square10::new(king, rank),
        king_to: Square10::new(king_to, rank),
        rook_from: Square10::new(rook, rank),
        rook_to: Square10::new(rook_to, rank),
        empty,
        safe,
    }
}

/// Indexed by `ElvenCastlingRights::bit`: White f1-i1 with j1-h1, White
/// f1-c1 with a1-d1, Black e10-h10 with j10-g10, Black e10-b10 with
/// a10-c10.
static PATHS: [CastlingPath; 4] = [path(5, 8, 9, 7, 0), path(5, 2, 0, 3, 0), path(4, 7, 9, 6, 9), path(4, 1, 0, 2, 9)];

/// The corner squares and king squares: a right is lost when a move
/// starts on, ends on or captures on its rook's or king's square.
const KING_SQUARES: Bitboard10 = squares(&[(5, 0), (4, 9)]);

/// The castling rights: one bit per colour and side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ElvenCastlingRights(u8);

impl ElvenCastlingRights {
    pub const NONE: ElvenCastlingRights = ElvenCastlingRights(0);
    pub const ALL: ElvenCastlingRights = ElvenCastlingRights(0b1111);

    /// 0 to 3: White King, White Queen, Black King, Black Queen (the FEN
    /// order `KQkq`).
    #[inline(always)]
    pub const fn bit(color: Color, side: ElvenCastlingSide) -> usize {
        color as usize * 2 + side as usize
    }

    #[inline(always)]
    pub const fn has(self, color: Color, side: ElvenCastlingSide) -> bool {
        self.0 & (1 << ElvenCastlingRights::bit(color, side)) != 0
    }

    /// Whether `color` has either right.
    #[inline(always)]
    pub const fn any_for(self, color: Color) -> bool {
        self.0 & (3 << ElvenCastlingRights::bit(color, ElvenCastlingSide::King)) != 0
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw bits, `bit` order.
    #[inline(always)]
    pub const fn bits(self) -> u8 {
        self.0
    }

    pub fn add(&mut self, color: Color, side: ElvenCastlingSide) {
        self.0 |= 1 << ElvenCastlingRights::bit(color, side);
    }

    /// The rights left after a move that touched `squares` (its start, its
    /// end and the squares it captured on).
    #[inline(always)]
    pub fn without_squares(self, squares: Bitboard10) -> ElvenCastlingRights {
        if (squares & (KING_SQUARES | CORNERS)).is_empty() {
            return self;
        }
        let mut bits = self.0;
        for (bit, path) in PATHS.iter().enumerate() {
            if squares.contains(path.king_from) || squares.contains(path.rook_from) {
                bits &= !(1 << bit);
            }
        }
        ElvenCastlingRights(bits)
    }
}

const CORNERS: Bitboard10 = squares(&[(0, 0), (9, 0), (0, 9), (9, 9)]);

/// The squares of `color`'s castling towards `side`.
#[inline(always)]
pub fn castling_path(color: Color, side: ElvenCastlingSide) -> &'static CastlingPath {
    &PATHS[ElvenCastlingRights::bit(color, side)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(text: &str) -> Square10 {
        Square10::parse(text).unwrap()
    }

    #[test]
    fn paths_follow_the_rules() {
        let white_king = castling_path(Color::White, ElvenCastlingSide::King);
        assert_eq!((white_king.king_from, white_king.king_to), (square("f1"), square("i1")));
        assert_eq!((white_king.rook_from, white_king.rook_to), (square("j1"), square("h1")));
        assert_eq!(white_king.empty, square("g1").bitboard() | square("h1").bitboard() | square("i1").bitboard());
        assert_eq!(white_king.safe, white_king.empty);
        let white_queen = castling_path(Color::White, ElvenCastlingSide::Queen);
        assert_eq!((white_queen.king_to, white_queen.rook_to), (square("c1"), square("d1")));
        assert_eq!(white_queen.empty.count(), 4);
        assert_eq!(white_queen.safe, square("c1").bitboard() | square("d1").bitboard() | square("e1").bitboard());
        let black_king = castling_path(Color::Black, ElvenCastlingSide::King);
        assert_eq!((black_king.king_from, black_king.king_to), (square("e10"), square("h10")));
        assert_eq!(black_king.rook_to, square("g10"));
        assert_eq!(black_king.empty.count(), 4);
        let black_queen = castling_path(Color::Black, ElvenCastlingSide::Queen);
        assert_eq!((black_queen.king_to, black_queen.rook_to), (square("b10"), square("c10")));
        assert_eq!(black_queen.empty.count(), 3);
        assert_eq!(black_queen.safe, black_queen.empty);
    }

    #[test]
    fn either_right_of_a_side_is_seen() {
        for color in [Color::White, Color::Black] {
            assert!(!ElvenCastlingRights::NONE.any_for(color));
            for side in ElvenCastlingSide::ALL {
                let mut rights = ElvenCastlingRights::NONE;
                rights.add(color, side);
                assert!(rights.any_for(color) && !rights.any_for(!color));
            }
        }
    }

    #[test]
    fn rights_go_with_their_king_or_rook() {
        let all = ElvenCastlingRights::ALL;
        let after_king = all.without_squares(square("f1").bitboard());
        assert!(!after_king.has(Color::White, ElvenCastlingSide::King));
        assert!(!after_king.has(Color::White, ElvenCastlingSide::Queen));
        assert!(after_king.has(Color::Black, ElvenCastlingSide::Queen));
        let after_rook = all.without_squares(square("j10").bitboard());
        assert!(!after_rook.has(Color::Black, ElvenCastlingSide::King));
        assert!(after_rook.has(Color::Black, ElvenCastlingSide::Queen));
        assert_eq!(all.without_squares(square("e4").bitboard()), all);
    }
}
