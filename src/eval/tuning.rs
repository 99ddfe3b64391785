//! Feature extraction for the tuner: a position's evaluation as counts per
//! weight, read from the same term code the engine runs.
//!
//! The model the tuner fits, from White's view, is exactly the engine's:
//! `mg = Σ count·weight.mg + Σ± danger_score(danger).mg`, likewise `eg`,
//! then `blend(mg, eg, phase, scale)`. The linear counts and each side's
//! danger counts are kept apart so the tuner can differentiate through the
//! quadratic danger. The scale factor depends on which side is ahead, which
//! depends on the weights, so both candidates are stored. Positions decided
//! by a rule (`endgame::special_evaluation`) have no features.

use super::collector::Collector;
use super::endgame;
use super::material::phase;
use super::{collect_terms, pawns};
use crate::board::Position;
use crate::types::Color;

/// One (weight index, count) pair.
pub type FeatureCount = (u16, i16);

#[derive(Clone, Debug, Default)]
pub struct PositionFeatures {
    /// Linear features, White's count minus Black's, sorted by index.
    pub linear: Vec<FeatureCount>,
    /// King-danger features by attacking side (White, Black), sorted by index.
    pub danger: [Vec<FeatureCount>; 2],
    /// Game phase, 0 ..= `score::MAX_PHASE`.
    pub phase: i32,
    /// Endgame scale factor when White, or Black, is the side ahead.
    pub scale: [i32; 2],
}

#[derive(Default)]
struct FeatureCollector {
    linear: Vec<FeatureCount>,
    danger: [Vec<FeatureCount>; 2],
}

impl Collector for FeatureCollector {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.linear.push((feature as u16, (count * color.sign()) as i16));
    }

    fn add_danger(&mut self, attacker: Color, feature: usize, count: i32) {
        self.danger[attacker.index()].push((feature as u16, count as i16));
    }
}

/// Sorts by index, merges repeats and drops zeros.
fn merge(mut counts: Vec<FeatureCount>) -> Vec<FeatureCount> {
    counts.sort_unstable_by_key(|&(feature, _)| feature);
    let mut merged: Vec<FeatureCount> = Vec::with_capacity(counts.len());
    for (feature, count) in counts {
        match merged.last_mut() {
            Some(last) if last.0 == feature => last.1 += count,
            _ => merged.push((feature, count)),
        }
    }
    merged.retain(|&(_, count)| count != 0);
    merged
}

/// The features of `position`, or None where a rule, not the weights,
/// decides its evaluation.
pub fn extract(position: &Position) -> Option<PositionFeatures> {
    if endgame::special_evaluation(position).is_some() {
        return None;
    }
    let mut collector = FeatureCollector::default();
    let passed = pawns::structure(position, &mut collector);
    collect_terms(position, passed, &mut collector);
    let [white_danger, black_danger] = collector.danger;
    Some(PositionFeatures {
        linear: merge(collector.linear),
        danger: [merge(white_danger), merge(black_danger)],
        phase: phase(position),
        scale: [endgame::scale_factor(position, Color::White), endgame::scale_factor(position, Color::Black)],
    })
}
