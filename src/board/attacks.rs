//! Attack tables. Leapers and the between/line tables are computed by const
//! evaluation; the sliding-piece tables come from build.rs. Everything is in
//! place before `main` runs, so no lookup ever checks for initialisation.

use super::slider_tables::SliderEntry;
use crate::types::{Bitboard, Color, PieceType, Square};

include!(concat!(env!("OUT_DIR"), "/sliders.rs"));

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut square = 0;
    while square < 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < steps.len() {
            let file = (square % 8) as i8 + steps[i].0;
            let rank = (square / 8) as i8 + steps[i].1;
            if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
                bits |= 1 << (rank * 8 + file);
            }
            i += 1;
        }
        table[square] = Bitboard(bits);
        square += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING_ATTACKS: [Bitboard; 64] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// For each pair of squares on one line: (squares strictly between them, the
/// whole line through both). Empty for pairs not on a line.
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let directions: [(i8, i8); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
    let mut from = 0;
    while from < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = directions[d];
            // The full line through `from` in this direction, both ways.
            let mut full = 1u64 << from;
            let mut sign = -1;
            while sign <= 1 {
                let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
                loop {
                    f += df * sign;
                    r += dr * sign;
                    if f < 0 || f >= 8 || r < 0 || r >= 8 {
                        break;
                    }
                    full |= 1 << (r * 8 + f);
                }
                sign += 2;
            }
            let (mut f, mut r) = ((from % 8) as i8, (from / 8) as i8);
            let mut path = 0u64;
            loop {
                f += df;
                r += dr;
                if f < 0 || f >= 8 || r < 0 || r >= 8 {
                    break;
                }
                let to = (r * 8 + f) as usize;
                between[from][to] = Bitboard(path);
                line[from][to] = Bitboard(full);
                path |= 1 << to;
            }
            d += 1;
        }
        from += 1;
    }
    (between, line)
}

static LINE_TABLES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

#[inline(always)]
pub fn knight_attacks(square: Square) -> Bitboard {
    KNIGHT_ATTACKS[square.index()]
}

#[inline(always)]
pub fn king_attacks(square: Square) -> Bitboard {
    KING_ATTACKS[square.index()]
}

/// The squares a `color` pawn on `square` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][square.index()]
}

/// The squares every pawn of `pawns` attacks, for a side whose pawns move up
/// the board (White) or down (Black).
#[inline(always)]
pub fn pawn_attacks_set(color: Color, pawns: Bitboard) -> Bitboard {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    let p = pawns.0;
    match color {
        Color::White => Bitboard(((p & NOT_A) << 7) | ((p & NOT_H) << 9)),
        Color::Black => Bitboard(((p & NOT_A) >> 9) | ((p & NOT_H) >> 7)),
    }
}

#[inline(always)]
fn slider_index(entry: &SliderEntry, occupied: Bitboard) -> usize {
    #[cfg(target_feature = "bmi2")]
    {
        // SAFETY: this branch is compiled only where the target has BMI2.
        let index = unsafe { std::arch::x86_64::_pext_u64(occupied.0, entry.mask) };
        entry.offset as usize + index as usize
    }
    #[cfg(not(target_feature = "bmi2"))]
    {
        entry.offset as usize + ((occupied.0 & entry.mask).wrapping_mul(entry.magic) >> entry.shift) as usize
    }
}

/// The attack set of table entry `entry` (a square's row of the rook or
/// bishop half of the table) for this occupancy.
#[inline(always)]
fn slider_attacks(entry: usize, occupied: Bitboard) -> Bitboard {
    let entry = &SLIDER_ENTRIES[entry];
    let index = slider_index(entry, occupied);
    debug_assert!(index < SLIDER_ATTACKS.len());
    // SAFETY: build.rs gives each square `1 << mask.count_ones()` slots from
    // `offset`, and both index functions stay below that count (a PEXT of
    // the mask, or a product shifted right by `64 - bits`); the tests check
    // every layout against ray attacks.
    Bitboard(unsafe { *SLIDER_ATTACKS.get_unchecked(index) })
}

#[inline(always)]
pub fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks(square.index(), occupied)
}

#[inline(always)]
pub fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    slider_attacks(64 + square.index(), occupied)
}

#[inline(always)]
pub fn queen_attacks(square: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(square, occupied) | bishop_attacks(square, occupied)
}

/// Attacks of a non-pawn piece of kind `kind` from `square`.
#[inline(always)]
pub fn piece_attacks(kind: PieceType, square: Square, occupied: Bitboard) -> Bitboard {
    match kind {
        PieceType::Knight => knight_attacks(square),
        PieceType::Bishop => bishop_attacks(square, occupied),
        PieceType::Rook => rook_attacks(square, occupied),
        PieceType::Queen => queen_attacks(square, occupied),
        PieceType::King => king_attacks(square),
        PieceType::Pawn => Bitboard::EMPTY,
    }
}

/// The squares strictly between `a` and `b` when they share a line, else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINE_TABLES.0[a.index()][b.index()]
}

/// The whole line (rank, file or diagonal) through `a` and `b`, else empty.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINE_TABLES.1[a.index()][b.index()]
}

#[cfg(test)]
mod tests {
    use super::super::slider_tables::*;
    use super::*;

    fn random_occupancies() -> impl Iterator<Item = u64> {
        let mut rng = MagicRng::new(7);
        (0..2000).map(move |i| match i % 3 {
            0 => rng.next_u64(),
            1 => rng.next_u64() & rng.next_u64(),
            _ => rng.next_u64() & rng.next_u64() & rng.next_u64(),
        })
    }

    #[test]
    fn compiled_slider_tables_match_ray_attacks() {
        for occ in random_occupancies() {
            for square in Square::all() {
                let i = square.index();
                assert_eq!(rook_attacks(square, Bitboard(occ)).0, ray_attacks(i, occ, &ROOK_DIRECTIONS));
                assert_eq!(bishop_attacks(square, Bitboard(occ)).0, ray_attacks(i, occ, &BISHOP_DIRECTIONS));
            }
        }
    }

    /// Whichever layout this build compiled in, the other one is checked here.
    #[test]
    fn both_table_layouts_match_ray_attacks() {
        for pext in [false, true] {
            let (entries, slots) = build_slider_table(pext);
            for occ in random_occupancies().take(300) {
                for (n, entry) in entries.iter().enumerate() {
                    let (square, directions) =
                        if n < 64 { (n, &ROOK_DIRECTIONS) } else { (n - 64, &BISHOP_DIRECTIONS) };
                    let index = if pext {
                        pext_software(occ, entry.mask)
                    } else {
                        (occ & entry.mask).wrapping_mul(entry.magic) >> entry.shift
                    };
                    assert_eq!(slots[entry.offset as usize + index as usize], ray_attacks(square, occ, directions));
                }
            }
        }
    }

    #[test]
    fn leaper_tables() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(knight_attacks(Square::D4).count(), 8);
        assert_eq!(king_attacks(Square::H8).count(), 3);
        assert_eq!(pawn_attacks(Color::White, Square::E4), Square::D5.bitboard() | Square::F5.bitboard());
        assert_eq!(pawn_attacks(Color::Black, Square::A5), Square::B4.bitboard());
        let pawns = Square::A2.bitboard() | Square::H7.bitboard();
        assert_eq!(pawn_attacks_set(Color::White, pawns), Square::B3.bitboard() | Square::G8.bitboard());
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(Square::A1, Square::D4), Square::B2.bitboard() | Square::C3.bitboard());
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(line(Square::A1, Square::C3).contains(Square::H8));
        assert_eq!(line(Square::A1, Square::B3), Bitboard::EMPTY);
    }
}
