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

use super::parameters as p;
use super::score::Bound;
use crate::game::Game;
use crate::game::Structure;
use crate::memory::ZeroedSlice;

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
    use crate::board::Position;
    use crate::game::board_index::PieceTo;
    use crate::game::Game;
    use crate::search::thread::{Job, SearchThread};
    use crate::search::tt::TranspositionTable;
    use crate::search::{SearchLimits, SilentReporter};
    use crate::types::{Color, Piece, PieceType, Square};
    use crate::variants::mines::MineOdds;
    use crate::variants::{Action, Variant, VariantPosition};
    use std::sync::Arc;

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

    // ----- The variants: the correction history learns in plain turns only.

    /// Searches `position` over `root_moves` to `depth`, `times` times, on
    /// a search thread of its own (its histories and correction history
    /// kept from search to search); returns the thread and the table.
    fn search_alone(
        position: VariantPosition,
        root_moves: &[Action],
        depth: u32,
        times: usize,
    ) -> (SearchThread, Arc<TranspositionTable>) {
        let tt = Arc::new(TranspositionTable::new(4).unwrap());
        let mut thread = SearchThread::try_new(0).unwrap();
        for _ in 0..times {
            let (keys, moves, limits) = (vec![position.key()], root_moves.to_vec(), SearchLimits::depth(depth));
            let job =
                Job::new(Arc::clone(&tt), position, MineOdds::default(), keys, moves, limits, Arc::new(SilentReporter));
            thread.run(&job);
        }
        (thread, tt)
    }

    #[test]
    fn the_search_learns_the_evaluations_error_in_plain_turns_only() {
        for (name, plain) in [("ghost", true), ("reinforced", true), ("losers", false), ("marseillais", false)] {
            let position = VariantPosition::startpos(Variant::from_name(name).unwrap());
            let (thread, tt) = search_alone(position, &position.legal_actions(), 8, 1);
            // The root's own entries (the board's structure, no moves),
            // shared by the nodes of the same men: the search found the
            // evaluation wrong there, by some centipawns.
            let keys = CorrectionKeys::of(&position.structure(), None);
            assert_eq!(thread.correction.correction(&keys) != 0, plain, "{name}");
            // The table keeps the evaluation raw (a child of the root).
            let first = position.legal_actions()[0];
            let child = position.make(first);
            assert_eq!(tt.probe(child.key(), 1).unwrap().eval, crate::variants::eval::evaluate(&child, None), "{name}");
        }
    }

    #[test]
    fn the_root_teaches_the_correction_history_nothing() {
        // Its moves may be a few of the legal ones (MultiPV's later lines,
        // searchmoves): depth-1 searches, whose other nodes are quiescence
        // nodes, leave the tables as they were.
        let position = VariantPosition::startpos(Variant::Ghost);
        let legal = position.legal_actions();
        // Often enough for a learnt error to show (each search would move
        // the entries a little towards it).
        let (thread, _) = search_alone(position, &legal[..1], 1, 300);
        assert_eq!(thread.correction.correction(&CorrectionKeys::of(&position.structure(), None)), 0);
    }
}
