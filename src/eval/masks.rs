//! Square sets the pawn and piece terms use, computed from bit operations.

use crate::types::{Bitboard, Color, File, Rank, Square};

/// The files beside `file`.
#[inline(always)]
pub fn adjacent_files(file: File) -> Bitboard {
    let bits = file.bitboard().0;
    let not_a = !File::A.bitboard().0;
    let not_h = !File::H.bitboard().0;
    Bitboard(((bits & not_h) << 1) | ((bits & not_a) >> 1))
}

/// Every rank ahead of `rank` from `color`'s side.
#[inline(always)]
pub fn ranks_ahead(color: Color, rank: Rank) -> Bitboard {
    let r = rank.index() as u32;
    match color {
        Color::White => Bitboard((!0u64).checked_shl(8 * (r + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * r)) - 1),
    }
}

/// The squares in front of `square` on its file, from `color`'s side.
#[inline(always)]
pub fn front_span(color: Color, square: Square) -> Bitboard {
    ranks_ahead(color, square.rank()) & square.file().bitboard()
}

/// The squares an enemy pawn must be on to stop a `color` pawn on `square`
/// from passing: in front on its own and the adjacent files.
#[inline(always)]
pub fn passed_span(color: Color, square: Square) -> Bitboard {
    ranks_ahead(color, square.rank()) & (square.file().bitboard() | adjacent_files(square.file()))
}

/// The squares a `color` pawn on `square` may ever attack as it advances.
#[inline(always)]
pub fn attack_span(color: Color, square: Square) -> Bitboard {
    ranks_ahead(color, square.rank()) & adjacent_files(square.file())
}

/// The square in front of `square` from `color`'s side; the caller
/// guarantees it is on the board.
#[inline(always)]
pub fn stop_square(color: Color, square: Square) -> Square {
    square.offset(if color == Color::White { 8 } else { -8 })
}

/// The half of the board on the enemy's side, ranks 4 to 6 seen from `color`.
#[inline(always)]
pub fn outpost_ranks(color: Color) -> Bitboard {
    match color {
        Color::White => Bitboard(0x0000_FFFF_FF00_0000),
        Color::Black => Bitboard(0x0000_00FF_FFFF_0000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans() {
        assert_eq!(adjacent_files(File::A), File::B.bitboard());
        assert_eq!(adjacent_files(File::E), File::D.bitboard() | File::F.bitboard());
        assert_eq!(ranks_ahead(Color::White, Rank::Eighth), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::Black, Rank::First), Bitboard::EMPTY);
        assert_eq!(front_span(Color::White, Square::E6).count(), 2);
        assert_eq!(front_span(Color::Black, Square::E6).count(), 5);
        assert_eq!(passed_span(Color::White, Square::A2).count(), 12);
        assert_eq!(attack_span(Color::Black, Square::H7).count(), 6);
        assert_eq!(stop_square(Color::Black, Square::E7), Square::E6);
        assert!(outpost_ranks(Color::White).contains(Square::D5));
        assert!(outpost_ranks(Color::Black).contains(Square::D4));
        assert!(!outpost_ranks(Color::Black).contains(Square::D6));
    }
}
