//! Move-ordering statistics learnt during the search, one set per thread:
//! quiet history (from-to by side, and in chess by whether the other side
//! attacks each), capture history (piece, target, victim), continuation
//! history (a move's success after the moves one and two plies earlier)
//! and countermoves. Killers live in the search stack.

use super::parameters as p;
pub use crate::game::board_index::PieceTo;
use crate::game::HistorySizes;
use crate::memory::ZeroedSlice;
use crate::types::Move;

/// Every history score stays within ±HISTORY_MAX.
pub const HISTORY_MAX: i32 = 16_384;

/// Moves `entry` towards the bonus's sign, the more slowly the closer it is
/// to the limit ("history gravity"), so scores saturate instead of overflow.
#[inline(always)]
fn apply(entry: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    let value = *entry as i32;
    *entry = (value + bonus - value * bonus.abs() / HISTORY_MAX) as i16;
}

/// The bonus for a move that caused (or, negated, failed to cause) a cutoff
/// at `depth`.
#[inline(always)]
pub fn bonus(depth: i32) -> i32 {
    (depth * p::history_bonus_scale() - p::history_bonus_offset()).clamp(0, p::history_bonus_max())
}

/// Where the continuation table's rows for a node's moves before begin
/// ([`Histories::continuation_rows`]).
#[derive(Clone, Copy, Debug)]
pub struct ContinuationRows([usize; 2]);

pub struct Histories {
    quiet: ZeroedSlice<i16>,
    capture: ZeroedSlice<i16>,
    continuation: ZeroedSlice<i16>,
    countermoves: ZeroedSlice<Move>,
    /// How many (man, square) pairs key the continuation tables: 768 for
    /// the chess board, more for a larger game.
    trails: usize,
}

impl Default for Histories {
    fn default() -> Self {
        Histories::new()
    }
}

impl Histories {
    pub fn new() -> Histories {
        Histories::try_new().expect("1.2 MiB for the histories")
    }

    /// Empty histories, or why the memory could not be had.
    pub fn try_new() -> Result<Histories, String> {
        let chess = HistorySizes::CHESS;
        Histories::with_sizes(chess.quiet, chess.capture, chess.trails)
    }

    /// Empty histories for a game whose quiet moves, captures and (man,
    /// square) pairs take `quiet`, `capture` and `trails` indices.
    pub fn with_sizes(quiet: usize, capture: usize, trails: usize) -> Result<Histories, String> {
        Ok(Histories {
            quiet: ZeroedSlice::new(quiet)?,
            capture: ZeroedSlice::new(capture)?,
            // One row more than the trails: the last stays zero, read where
            // there is no move before (`continuation_rows`).
            continuation: ZeroedSlice::new((trails + 1) * trails)?,
            countermoves: ZeroedSlice::new(trails)?,
            trails,
        })
    }

    /// The sizes these histories were made for.
    pub fn sizes(&self) -> HistorySizes {
        HistorySizes { quiet: self.quiet.len(), capture: self.capture.len(), trails: self.trails }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        self.capture.fill(0);
        self.continuation.fill(0);
        self.countermoves.fill(Move::NONE);
    }

    // ----- The chess board's layout ----------------------------------------

    // ----- By index ----------------------------------------------------------
    //
    // Both searches key the tables by the indices their game gives
    // (`Game::quiet_index`, `Game::capture_index`, `Game::trail`): chess
    // and the variants on its board by chess's layout above, a larger game
    // by its own.

    /// The quiet history at `index` (chess: whether the origin and the
    /// destination are attacked, side, origin, destination).
    #[inline(always)]
    pub fn quiet_at(&self, index: usize) -> i32 {
        self.quiet[index] as i32
    }

    #[inline(always)]
    pub fn update_quiet_at(&mut self, index: usize, bonus: i32) {
        apply(&mut self.quiet[index], bonus);
    }

    /// The capture history at `index` (mover, destination, victim).
    #[inline(always)]
    pub fn capture_at(&self, index: usize) -> i32 {
        self.capture[index] as i32
    }

    #[inline(always)]
    pub fn update_capture_at(&mut self, index: usize, bonus: i32) {
        apply(&mut self.capture[index], bonus);
    }

    /// The continuation history of the (man, square) pair `current` after
    /// `previous`, both indices below the tables' `trails`.
    #[inline(always)]
    pub fn continuation_at(&self, previous: usize, current: usize) -> i32 {
        self.continuation[previous * self.trails + current] as i32
    }

    #[inline(always)]
    pub fn update_continuation_at(&mut self, previous: usize, current: usize, bonus: i32) {
        apply(&mut self.continuation[previous * self.trails + current], bonus);
    }

    /// The continuation table's rows for the moves one and two plies back
    /// (their (man, square) pairs `previous`), found once for all of a
    /// node's quiet moves; a move not there reads the row that stays zero.
    #[inline(always)]
    pub fn continuation_rows(&self, previous: &[Option<usize>; 2]) -> ContinuationRows {
        let row = |p: Option<usize>| p.unwrap_or(self.trails) * self.trails;
        ContinuationRows([row(previous[0]), row(previous[1])])
    }

    /// A quiet move's history: its own entry at `quiet`, and how its (man,
    /// square) pair `trail` did after each of the node's moves before, read
    /// from their `rows` ([`Histories::continuation_rows`]).
    #[inline(always)]
    pub fn quiet_move(&self, quiet: usize, trail: Option<usize>, rows: &ContinuationRows) -> i32 {
        let score = self.quiet_at(quiet);
        match trail {
            Some(current) => {
                score + self.continuation[rows.0[0] + current] as i32 + self.continuation[rows.0[1] + current] as i32
            }
            None => score,
        }
    }

    /// Moves the entries [`Histories::quiet_move`] reads by `bonus`.
    #[inline(always)]
    pub fn update_quiet_move(&mut self, quiet: usize, trail: Option<usize>, previous: &[Option<usize>; 2], bonus: i32) {
        self.update_quiet_at(quiet, bonus);
        if let Some(current) = trail {
            for &p in previous.iter().flatten() {
                self.update_continuation_at(p, current, bonus);
            }
        }
    }

    /// The move (in the table's 16 bits) that last refuted the move whose
    /// (man, square) pair is `previous`.
    #[inline(always)]
    pub fn countermove_at(&self, previous: usize) -> Move {
        self.countermoves[previous]
    }

    #[inline(always)]
    pub fn set_countermove_at(&mut self, previous: usize, m: Move) {
        self.countermoves[previous] = m;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::board_index;
    use crate::types::{Bitboard, Color, Square};

    #[test]
    fn gravity_keeps_scores_bounded() {
        let mut histories = Histories::new();
        let m = Move::new(Square::G1, Square::F3);
        let white = board_index::quiet_index(Color::White, m);
        for _ in 0..1000 {
            histories.update_quiet_at(white, 1800);
        }
        let value = histories.quiet_at(white);
        assert!(value > 15_000 && value <= HISTORY_MAX, "{value}");
        for _ in 0..1000 {
            histories.update_quiet_at(white, -1800);
        }
        assert!(histories.quiet_at(white) < -15_000);
        assert_eq!(histories.quiet_at(board_index::quiet_index(Color::Black, m)), 0);
    }

    #[test]
    fn threatened_quiet_indices_tell_every_case_apart_within_the_table() {
        let histories = Histories::new();
        let mut indices = std::collections::HashSet::new();
        let from = Square::E2;
        for color in [Color::White, Color::Black] {
            for to in [Square::E3, Square::E4] {
                let (f, t) = (Bitboard::from(from), Bitboard::from(to));
                // Whether the origin, the destination, both or neither is
                // attacked; other attacked squares change nothing.
                for threats in [Bitboard::EMPTY, f, t, f | t] {
                    let m = Move::new(from, to);
                    let index = board_index::threatened_quiet_index(color, threats, m);
                    assert!(index < histories.quiet.len(), "{index}");
                    let elsewhere = threats | Bitboard::from(Square::A7);
                    assert_eq!(board_index::threatened_quiet_index(color, elsewhere, m), index);
                    indices.insert(index);
                }
            }
        }
        assert_eq!(indices.len(), 16);
        // Unattacked, a move keeps the index it had without threats.
        let m = Move::new(from, Square::E4);
        assert_eq!(
            board_index::threatened_quiet_index(Color::Black, Bitboard::EMPTY, m),
            board_index::quiet_index(Color::Black, m)
        );
    }

    #[test]
    fn a_quiet_moves_score_adds_the_rows_of_the_moves_before_and_nothing_for_a_missing_one() {
        let mut histories = Histories::new();
        let trails = histories.trails;
        // Every trail's updates, with and without moves before, the last
        // trail included: none may reach the row read for a missing move.
        for (i, previous) in
            [[Some(3), Some(trails - 1)], [None, Some(0)], [Some(7), None], [None, None]].into_iter().enumerate()
        {
            for current in [0, 5, trails - 1] {
                histories.update_quiet_move(current, Some(current), &previous, 900 + 100 * i as i32);
            }
        }
        for previous in
            [[Some(3), Some(trails - 1)], [None, Some(0)], [Some(7), None], [None, None], [Some(3), Some(7)]]
        {
            let rows = histories.continuation_rows(&previous);
            for current in [0, 1, 5, trails - 1] {
                let quiet = histories.quiet_at(current);
                let expected =
                    quiet + previous.iter().flatten().map(|&p| histories.continuation_at(p, current)).sum::<i32>();
                assert_eq!(histories.quiet_move(current, Some(current), &rows), expected, "{previous:?}");
                assert_eq!(histories.quiet_move(current, None, &rows), quiet);
            }
        }
        assert_ne!(histories.continuation_at(3, trails - 1), 0);
        assert!(histories.continuation[trails * trails..].iter().all(|&v| v == 0));
    }
}
