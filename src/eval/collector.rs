//! Where the evaluation terms go. The term code (pawns, mobility, king
//! safety, ...) never multiplies by a weight itself: it reports each
//! feature it sees to a `Collector`. The engine's collector adds the
//! weights up; the trace sums them by term; the tuner records the counts.
//! So the engine, the `eval` command and the tuner share one definition of
//! every term.

use super::score::PhasedScore;
use super::weights::WEIGHTS;
use crate::types::Color;

pub trait Collector {
    /// Feature `feature` (a weight-table index) occurs `count` times for `color`.
    fn add(&mut self, color: Color, feature: usize, count: i32);
    /// King-danger feature `feature` occurs `count` times for `attacker`,
    /// the side threatening the other's king.
    fn add_danger(&mut self, attacker: Color, feature: usize, count: i32);
}

/// The engine's collector: the weighted sum, White minus Black, and each
/// side's king danger (the danger it poses to the other king).
#[derive(Default)]
pub struct ScoreCollector {
    pub score: PhasedScore,
    pub danger: [PhasedScore; 2],
}

impl Collector for ScoreCollector {
    #[inline(always)]
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.score += WEIGHTS[feature] * (count * color.sign());
    }

    #[inline(always)]
    fn add_danger(&mut self, attacker: Color, feature: usize, count: i32) {
        self.danger[attacker.index()] += WEIGHTS[feature] * count;
    }
}
