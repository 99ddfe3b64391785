//! The steps of Elven Chess's own men: the elf's orthogonal step, the
//! goblin's diagonal step, the warlock's area (the 24 squares within two
//! king steps); and the attacks of any man of the game. The board's
//! leapers and sliders are `board::attacks10`.

use super::{Bitboard10, ElvenPieceKind, Square10};
use crate::board::attacks10::{bishop_attacks, king_attacks, knight_attacks, leaper_table, rook_attacks};

/// The 24 squares within two king steps.
const fn warlock_steps() -> [(i8, i8); 24] {
    let mut steps = [(0, 0); 24];
    let mut n = 0;
    let mut files = -2;
    while files <= 2 {
        let mut ranks = -2;
        while ranks <= 2 {
            if files != 0 || ranks != 0 {
                steps[n] = (files, ranks);
                n += 1;
            }
            ranks += 1;
        }
        files += 1;
    }
    steps
}

static ORTHOGONAL_STEPS: [Bitboard10; 100] = leaper_table(&[(1, 0), (0, 1), (-1, 0), (0, -1)]);
static DIAGONAL_STEPS: [Bitboard10; 100] = leaper_table(&[(1, 1), (-1, 1), (-1, -1), (1, -1)]);
static WARLOCK_AREA: [Bitboard10; 100] = leaper_table(&warlock_steps());

/// The elf's step.
#[inline(always)]
pub fn orthogonal_steps(square: Square10) -> Bitboard10 {
    ORTHOGONAL_STEPS[square.index()]
}

/// The goblin's step.
#[inline(always)]
pub fn diagonal_steps(square: Square10) -> Bitboard10 {
    DIAGONAL_STEPS[square.index()]
}

/// The 24 squares within two king steps: where a warlock jumps, and what
/// it attacks.
#[inline(always)]
pub fn warlock_area(square: Square10) -> Bitboard10 {
    WARLOCK_AREA[square.index()]
}

/// The squares a piece of kind `kind` (not a pawn) on `square` attacks.
#[inline(always)]
pub fn piece_attacks(kind: ElvenPieceKind, square: Square10, occupied: Bitboard10) -> Bitboard10 {
    match kind {
        ElvenPieceKind::Knight => knight_attacks(square),
        ElvenPieceKind::Bishop => bishop_attacks(square, occupied),
        ElvenPieceKind::Rook => rook_attacks(square, occupied),
        ElvenPieceKind::Queen => rook_attacks(square, occupied) | bishop_attacks(square, occupied),
        ElvenPieceKind::King | ElvenPieceKind::Dwarf => king_attacks(square),
        ElvenPieceKind::Warlock => warlock_area(square),
        ElvenPieceKind::Elf => bishop_attacks(square, occupied) | orthogonal_steps(square),
        ElvenPieceKind::Goblin => rook_attacks(square, occupied) | diagonal_steps(square),
        ElvenPieceKind::Pawn => Bitboard10::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(text: &str) -> Square10 {
        Square10::parse(text).unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard10 {
        squares.iter().fold(Bitboard10::EMPTY, |set, s| set | square(s).bitboard())
    }

    #[test]
    fn the_steps_and_the_warlocks_area() {
        assert_eq!(warlock_area(square("e5")).count(), 24);
        assert_eq!(warlock_area(square("a1")).count(), 8);
        assert_eq!(warlock_area(square("b2")).count(), 15);
        assert_eq!(orthogonal_steps(square("e5")), set(&["e4", "e6", "d5", "f5"]));
        assert_eq!(diagonal_steps(square("a1")), set(&["b2"]));
    }
}
