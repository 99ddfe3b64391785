//! Correction history: what the search has found the static evaluation to
//! get wrong, learnt by the pawn structure, by each side's other men and by
//! the two moves that led to the node, and added to the evaluation that the
//! pruning decisions read. The transposition table keeps the raw
//! evaluation; one set of tables per thread, cleared by `ucinewgame`.
//!
//! Each entry is a moving average of the difference between a node's
//! search result and its raw evaluation, in 1/[`GRAIN`] centipawns, moved
//! towards each new difference by a weight that grows with the depth, and
//! kept within ±[`LIMIT`].

use super::game::Game;
use super::parameters as p;
use super::score::Bound;
use crate::board::Position;
use crate::memory::ZeroedSlice;
use crate::types::{Color, PieceType};

/// Entries of a table keyed by a hash (the key modulo this).
const SIZE: usize = 16_384;
/// An entry's unit: 1/GRAIN centipawn.
pub const GRAIN: i32 = 256;
/// Every entry stays within ±LIMIT: 64 centipawns.
pub const LIMIT: i32 = 64 * GRAIN;
/// Continuation keys: a (man, square) pair of each of two moves.
const TRAILS: usize = 12 * 64;

/// Where a node's entries are: computed once, when it is evaluated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionKeys {
    pawn: usize,
    non_pawn: [usize; 2],
    /// None where a move of the two is unknown (a null move, the root's
    /// first plies, the quiescence search).
    continuation: Option<usize>,
}

/// What a node's position is keyed by: the side to move, a hash of the
/// pawns and one of each colour's other men (with what it holds in hand,
/// in the games that have hands). Any game can give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Structure {
    pub side: Color,
    pub pawns: u64,
    pub others: [u64; 2],
}

impl Structure {
    /// A chess position's: its pawns by the position's own pawn key, each
    /// colour's other men hashed.
    #[inline(always)]
    pub fn of_chess(position: &Position) -> Structure {
        let others = |color: Color| {
            hash_men(
                [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King]
                    .map(|kind| position.pieces(color, kind).0),
            )
        };
        Structure {
            side: position.side_to_move(),
            pawns: position.pawn_key(),
            others: [others(Color::White), others(Color::Black)],
        }
    }
}

/// A hash of a colour's men given as bitboards (and any other words),
/// spread over the tables' slots.
#[inline(always)]
pub fn hash_men(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut hash = 0u64;
    for (i, word) in words.into_iter().enumerate() {
        hash = (hash ^ word).wrapping_mul(MIX[i % MIX.len()]).rotate_left(29);
    }
    hash ^ (hash >> 31)
}

impl CorrectionKeys {
    /// The keys of `position`, reached by `previous` (the (man, square)
    /// pairs of the moves one and two plies back; None where not known).
    #[inline(always)]
    pub fn new<G: Game>(position: &G, previous: [Option<usize>; 2]) -> CorrectionKeys {
        let structure = position.structure();
        let continuation = match previous {
            [Some(one), Some(two)] => Some((two, one)),
            _ => None,
        };
        CorrectionKeys::of(&structure, continuation)
    }

    /// The keys of a node of any game: its structure, and the continuation
    /// keys of the moves two plies and one ply back (any index; those of
    /// chess's men on its squares have a slot each).
    #[inline(always)]
    pub fn of(structure: &Structure, continuation: Option<(usize, usize)>) -> CorrectionKeys {
        let side = structure.side.index();
        let slot = |hash: u64| side * SIZE + (hash % SIZE as u64) as usize;
        CorrectionKeys {
            pawn: slot(structure.pawns),
            non_pawn: [slot(structure.others[0]), 2 * SIZE + slot(structure.others[1])],
            continuation: continuation.map(|(two, one)| (two.wrapping_mul(TRAILS) + one) % (TRAILS * TRAILS)),
        }
    }
}

/// Odd multipliers that spread the bitboards of each kind of man.
const MIX: [u64; 5] =
    [0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB, 0xD6E8_FEB8_6659_FD93, 0xA076_1D64_78BD_642F];

/// Whether a node's result `best`, of bound `bound`, says on which side of
/// its static evaluation `eval` the truth lies (where only then it is
/// learnt).
#[inline(always)]
pub fn beyond_the_eval(bound: Bound, best: i32, eval: i32) -> bool {
    match bound {
        Bound::Lower => best > eval,
        Bound::Upper => best < eval,
        Bound::Exact => true,
    }
}

pub struct Correction {
    /// By side to move and pawn key.
    pawn: ZeroedSlice<i16>,
    /// By colour, side to move and the key of that colour's other men.
    non_pawn: ZeroedSlice<i16>,
    /// By the moves two plies and one ply back.
    continuation: ZeroedSlice<i16>,
}

impl Correction {
    /// Empty tables (about 1.3 MiB), or why the memory could not be had.
    pub fn try_new() -> Result<Correction, String> {
        Ok(Correction {
            pawn: ZeroedSlice::new(2 * SIZE)?,
            non_pawn: ZeroedSlice::new(2 * 2 * SIZE)?,
            continuation: ZeroedSlice::new(TRAILS * TRAILS)?,
        })
    }

    pub fn clear(&mut self) {
        self.pawn.fill(0);
        self.non_pawn.fill(0);
        self.continuation.fill(0);
    }

    /// What to add to the raw evaluation of the node at `keys`, centipawns.
    #[inline(always)]
    pub fn correction(&self, keys: &CorrectionKeys) -> i32 {
        let pawn = self.pawn[keys.pawn] as i32 * p::correction_pawn_weight();
        let non_pawn = (self.non_pawn[keys.non_pawn[0]] as i32 + self.non_pawn[keys.non_pawn[1]] as i32)
            * p::correction_non_pawn_weight();
        let continuation =
            keys.continuation.map_or(0, |i| self.continuation[i] as i32 * p::correction_continuation_weight());
        (pawn + non_pawn + continuation) / (100 * GRAIN)
    }

    /// Learns that a search of `depth` found `error` centipawns more than
    /// the raw evaluation at `keys`.
    #[inline(always)]
    pub fn update(&mut self, keys: &CorrectionKeys, error: i32, depth: i32) {
        let target = error.saturating_mul(GRAIN).clamp(-LIMIT, LIMIT);
        let weight = (depth + 1).clamp(1, p::correction_max_weight());
        let blend = |entry: &mut i16| {
            let value = (*entry as i32 * (256 - weight) + target * weight) / 256;
            *entry = value.clamp(-LIMIT, LIMIT) as i16;
        };
        blend(&mut self.pawn[keys.pawn]);
        blend(&mut self.non_pawn[keys.non_pawn[0]]);
        blend(&mut self.non_pawn[keys.non_pawn[1]]);
        if let Some(i) = keys.continuation {
            blend(&mut self.continuation[i]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::history::PieceTo;
    use crate::types::{Piece, Square};

    #[test]
    fn entries_stay_bounded_and_move_towards_the_errors() {
        let mut correction = Correction::try_new().unwrap();
        let position = Position::startpos();
        let previous = [
            Some(PieceTo { piece: Piece::new(Color::Black, PieceType::Pawn), to: Square::E5 }.index()),
            Some(PieceTo { piece: Piece::new(Color::White, PieceType::Pawn), to: Square::E4 }.index()),
        ];
        let keys = CorrectionKeys::new(&position, previous);
        assert_eq!(correction.correction(&keys), 0);
        // Huge errors, many times: every entry saturates at the limit and
        // the correction stays below the sum of the weights times the limit.
        for _ in 0..10_000 {
            correction.update(&keys, i32::MAX, 100);
        }
        let most =
            (p::correction_pawn_weight() + 2 * p::correction_non_pawn_weight() + p::correction_continuation_weight())
                * LIMIT
                / (100 * GRAIN);
        // (An average short of its target by less than a unit per entry.)
        assert!((most - 1..=most).contains(&correction.correction(&keys)), "{}", correction.correction(&keys));
        assert!(correction.pawn.iter().chain(correction.non_pawn.iter()).all(|&e| (e as i32).abs() <= LIMIT));
        for _ in 0..10_000 {
            correction.update(&keys, i32::MIN, 100);
        }
        assert!((-most..=-most + 1).contains(&correction.correction(&keys)), "{}", correction.correction(&keys));
        // A steady error of 20 cp is learnt: the correction approaches the
        // error times the weights.
        correction.clear();
        for _ in 0..2_000 {
            correction.update(&keys, 20, 10);
        }
        let expected = 20
            * (p::correction_pawn_weight() + 2 * p::correction_non_pawn_weight() + p::correction_continuation_weight())
            / 100;
        assert!((correction.correction(&keys) - expected).abs() <= 1, "{}", correction.correction(&keys));
        // Without the moves, the continuation's part is left out.
        let bare = CorrectionKeys::new(&position, [None, None]);
        assert!(correction.correction(&bare) < correction.correction(&keys));
    }

    #[test]
    fn keys_tell_the_side_and_the_structures_apart() {
        let start = Position::startpos();
        let e4 = start.make_move(start.parse_uci_move("e2e4", false).unwrap());
        let nf3 = start.make_move(start.parse_uci_move("g1f3", false).unwrap());
        let (a, b, c) = (
            CorrectionKeys::new(&start, [None; 2]),
            CorrectionKeys::new(&e4, [None; 2]),
            CorrectionKeys::new(&nf3, [None; 2]),
        );
        // A pawn move changes the pawn key; a knight move White's other men
        // (and the side to move every entry's half).
        assert_ne!(a.pawn, b.pawn);
        assert_eq!(b.non_pawn[0] % SIZE, a.non_pawn[0] % SIZE);
        assert_ne!(c.non_pawn[0] % SIZE, a.non_pawn[0] % SIZE);
        assert_eq!(c.non_pawn[1] % SIZE, a.non_pawn[1] % SIZE);
        assert_ne!(a.pawn / SIZE, b.pawn / SIZE);
    }
}
