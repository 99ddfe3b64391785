//! Attack tables of the 10x10 board, all computed by const evaluation:
//! leapers as one set per square, sliders by rays. A slider's attacks in
//! one direction are its ray up to the first blocker, which is the lowest
//! member of `ray & occupied` for the directions that climb the square
//! index and the highest for the others (the classical approach: no magic
//! multiplication needed, and 128-bit bitboards would make it costly).
//! The men of Elven Chess beyond chess's have their steps in
//! `elven::attacks`.

use crate::types::{Bitboard10, Color, Square10};

/// File and rank steps of the eight directions. The first four climb the
/// square index; direction `d ^ 4` is the opposite of `d`.
const DIRECTIONS: [(i8, i8); 8] = [(0, 1), (1, 0), (1, 1), (-1, 1), (0, -1), (-1, 0), (-1, -1), (1, -1)];
const ORTHOGONAL: [usize; 4] = [0, 1, 4, 5];
const DIAGONAL: [usize; 4] = [2, 3, 6, 7];
/// `DIRECTION_FROM` entry for two squares on no common line.
const NO_DIRECTION: u8 = 8;

pub(crate) const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard10; 100] {
    let mut table = [Bitboard10::EMPTY; 100];
    let mut square = 0;
    while square < 100 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = Square10::from_index_unchecked(square).offset(steps[i].0, steps[i].1) {
                bits |= 1 << to.index();
            }
            i += 1;
        }
        table[square as usize] = Bitboard10(bits);
        square += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard10; 100] =
    leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING_ATTACKS: [Bitboard10; 100] =
    leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN_ATTACKS: [[Bitboard10; 100]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// For each direction and square, the squares from it to the edge, the
/// square itself excluded; the squares past the 100th, off the board, have
/// no rays (see
/// `ray_attacks`).
const fn ray_table() -> [[Bitboard10; 128]; 8] {
    let mut rays = [[Bitboard10::EMPTY; 128]; 8];
    let mut d = 0;
    while d < 8 {
        let mut square = 0;
        while square < 100 {
            let mut bits = 0u128;
            let mut current = Square10::from_index_unchecked(square);
            while let Some(next) = current.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                bits |= 1 << next.index();
                current = next;
            }
            rays[d][square as usize] = Bitboard10(bits);
            square += 1;
        }
        d += 1;
    }
    rays
}

static RAYS: [[Bitboard10; 128]; 8] = ray_table();

/// The union of the rays of `directions` from each square: a slider's
/// attacks on an empty board.
const fn reach_table(directions: [usize; 4]) -> [Bitboard10; 100] {
    let rays = ray_table();
    let mut table = [Bitboard10::EMPTY; 100];
    let mut square = 0;
    while square < 100 {
        let mut i = 0;
        while i < 4 {
            table[square] = Bitboard10(table[square].0 | rays[directions[i]][square].0);
            i += 1;
        }
        square += 1;
    }
    table
}

static DIAGONAL_REACH: [Bitboard10; 100] = reach_table(DIAGONAL);
static ORTHOGONAL_REACH: [Bitboard10; 100] = reach_table(ORTHOGONAL);

/// The direction from one square to another on a common line, or
/// `NO_DIRECTION`.
const fn direction_table() -> [[u8; 100]; 100] {
    let rays = ray_table();
    let mut table = [[NO_DIRECTION; 100]; 100];
    let mut from = 0;
    while from < 100 {
        let mut d = 0;
        while d < 8 {
            let mut ray = rays[d][from].0;
            while ray != 0 {
                table[from][ray.trailing_zeros() as usize] = d as u8;
                ray &= ray - 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
}

static DIRECTION_FROM: [[u8; 100]; 100] = direction_table();

#[inline(always)]
pub fn knight_attacks(square: Square10) -> Bitboard10 {
    KNIGHT_ATTACKS[square.index()]
}

/// The squares a king step away (a king's, and Elven Chess's dwarf's).
#[inline(always)]
pub fn king_attacks(square: Square10) -> Bitboard10 {
    KING_ATTACKS[square.index()]
}

/// The squares a `color` pawn on `square` attacks.
#[inline(always)]
pub fn pawn_attacks(color: Color, square: Square10) -> Bitboard10 {
    PAWN_ATTACKS[color.index()][square.index()]
}

/// The squares a bishop on `square` attacks on an empty board.
#[inline(always)]
pub fn diagonal_reach(square: Square10) -> Bitboard10 {
    DIAGONAL_REACH[square.index()]
}

/// The squares a rook on `square` attacks on an empty board.
#[inline(always)]
pub fn orthogonal_reach(square: Square10) -> Bitboard10 {
    ORTHOGONAL_REACH[square.index()]
}

/// The ray in direction `d` up to and including the first blocker, without
/// a branch: a climbing ray with no blocker finds the sentinel square 100,
/// whose rays are empty, and a falling one finds a1, which has no falling
/// rays.
#[inline(always)]
fn ray_attacks(d: usize, square: Square10, occupied: Bitboard10) -> Bitboard10 {
    let ray = RAYS[d][square.index()];
    let blockers = (ray & occupied).0;
    let first = if d < 4 { (blockers | 1 << 100).trailing_zeros() } else { 127 - (blockers | 1).leading_zeros() };
    ray ^ RAYS[d][first as usize & 127]
}

#[inline(always)]
pub fn rook_attacks(square: Square10, occupied: Bitboard10) -> Bitboard10 {
    ORTHOGONAL.iter().fold(Bitboard10::EMPTY, |attacks, &d| attacks | ray_attacks(d, square, occupied))
}

#[inline(always)]
pub fn bishop_attacks(square: Square10, occupied: Bitboard10) -> Bitboard10 {
    DIAGONAL.iter().fold(Bitboard10::EMPTY, |attacks, &d| attacks | ray_attacks(d, square, occupied))
}

/// The squares strictly between `a` and `b` when they share a line, else
/// empty.
#[inline(always)]
pub fn between(a: Square10, b: Square10) -> Bitboard10 {
    let d = DIRECTION_FROM[a.index()][b.index()] as usize;
    if d == NO_DIRECTION as usize {
        return Bitboard10::EMPTY;
    }
    RAYS[d][a.index()] ^ RAYS[d][b.index()] ^ b.bitboard()
}

/// The whole line (rank, file or diagonal) through `a` and `b`, else empty.
#[inline(always)]
pub fn line(a: Square10, b: Square10) -> Bitboard10 {
    let d = DIRECTION_FROM[a.index()][b.index()] as usize;
    if d == NO_DIRECTION as usize {
        return Bitboard10::EMPTY;
    }
    RAYS[d][a.index()] | RAYS[d ^ 4][a.index()] | a.bitboard()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::random::splitmix;

    fn square(text: &str) -> Square10 {
        Square10::parse(text).unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard10 {
        squares.iter().fold(Bitboard10::EMPTY, |set, s| set | square(s).bitboard())
    }

    /// Slider attacks walked square by square, to check the ray scan.
    fn walked_attacks(from: Square10, occupied: Bitboard10, directions: &[usize]) -> Bitboard10 {
        let mut attacks = Bitboard10::EMPTY;
        for &d in directions {
            let mut current = from;
            while let Some(next) = current.offset(DIRECTIONS[d].0, DIRECTIONS[d].1) {
                attacks |= next.bitboard();
                if occupied.contains(next) {
                    break;
                }
                current = next;
            }
        }
        attacks
    }

    #[test]
    fn leaper_tables() {
        assert_eq!(knight_attacks(square("a1")).count(), 2);
        assert_eq!(knight_attacks(square("e5")).count(), 8);
        assert_eq!(king_attacks(square("j10")).count(), 3);
        assert_eq!(pawn_attacks(Color::White, square("e4")), set(&["d5", "f5"]));
        assert_eq!(pawn_attacks(Color::Black, square("a5")), set(&["b4"]));
        assert_eq!(pawn_attacks(Color::White, square("j9")), set(&["i10"]));
    }

    #[test]
    fn ray_scans_match_walked_attacks() {
        let mut state = 11;
        for _ in 0..300 {
            let occupied = Bitboard10(
                (splitmix(&mut state) as u128 | (splitmix(&mut state) as u128) << 64)
                    & (splitmix(&mut state) as u128 | (splitmix(&mut state) as u128) << 64),
            ) & Bitboard10::ALL;
            for from in Square10::all() {
                assert_eq!(rook_attacks(from, occupied), walked_attacks(from, occupied, &ORTHOGONAL));
                assert_eq!(bishop_attacks(from, occupied), walked_attacks(from, occupied, &DIAGONAL));
            }
        }
        assert_eq!(rook_attacks(square("e5"), Bitboard10::EMPTY).count(), 18);
        assert_eq!(bishop_attacks(square("e5"), Bitboard10::EMPTY).count(), 17);
        for from in Square10::all() {
            assert_eq!(diagonal_reach(from), bishop_attacks(from, Bitboard10::EMPTY));
            assert_eq!(orthogonal_reach(from), rook_attacks(from, Bitboard10::EMPTY));
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(square("a1"), square("d4")), set(&["b2", "c3"]));
        assert_eq!(between(square("j10"), square("j7")), set(&["j9", "j8"]));
        assert_eq!(between(square("a1"), square("b3")), Bitboard10::EMPTY);
        assert_eq!(between(square("e1"), square("e2")), Bitboard10::EMPTY);
        assert_eq!(line(square("a1"), square("c3")).count(), 10);
        assert!(line(square("c3"), square("a1")).contains(square("j10")));
        assert_eq!(line(square("a10"), square("b10")), Bitboard10::rank(9));
        assert_eq!(line(square("a1"), square("b3")), Bitboard10::EMPTY);
    }
}
