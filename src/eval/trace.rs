//! The `eval` command's text: every term for White and Black, middlegame
//! and endgame, then the blend.

use super::collector::Collector;
use super::features::{Term, ALL_TERMS, TERM_COUNT};
use super::score::{PhasedScore, MAX_PHASE, NORMAL_SCALE};
use super::weights::WEIGHTS;
use super::{collect_terms, danger_score, endgame, evaluate_white, material, pawns};
use crate::board::Position;
use crate::types::Color;
use std::fmt::Write;

/// Sums the weighted features by term and colour.
struct TraceCollector {
    terms: [[PhasedScore; 2]; TERM_COUNT],
    danger: [PhasedScore; 2],
}

impl Collector for TraceCollector {
    fn add(&mut self, color: Color, feature: usize, count: i32) {
        self.terms[Term::of(feature) as usize][color.index()] += WEIGHTS[feature] * count;
    }

    fn add_danger(&mut self, attacker: Color, feature: usize, count: i32) {
        self.danger[attacker.index()] += WEIGHTS[feature] * count;
    }
}

/// One column: middlegame and endgame, 13 characters.
fn cell(score: PhasedScore) -> String {
    format!(" {:>5} {:>5} ", score.mg, score.eg)
}

fn row(out: &mut String, name: &str, white: PhasedScore, black: PhasedScore) {
    let total = white - black;
    let _ = writeln!(out, "{name:<28}|{}|{}|{}", cell(white), cell(black), cell(total));
}

/// The evaluation of `position` term by term, ending with the line
/// `Hand-crafted evaluation: <cp> (white side)`.
pub fn trace(position: &Position) -> String {
    let mut out = String::new();
    let final_white = evaluate_white(position);
    if let Some(value) = endgame::special_evaluation(position) {
        let _ = writeln!(out, "Decided by an endgame rule (insufficient material or K+B+N v K): {value}");
        let _ = writeln!(out, "Hand-crafted evaluation: {final_white} (white side)");
        return out;
    }

    let mut collector =
        TraceCollector { terms: [[PhasedScore::default(); 2]; TERM_COUNT], danger: [PhasedScore::default(); 2] };
    let passed = pawns::structure(position, &mut collector);
    collect_terms(position, passed, &mut collector);

    let _ = writeln!(out, "{:<28}|{:^13}|{:^13}|{:^13}", "Term", "White", "Black", "Total");
    let _ = writeln!(out, "{:<28}|{:^13}|{:^13}|{:^13}", "", "MG    EG", "MG    EG", "MG    EG");
    let _ = writeln!(out, "{}", "-".repeat(70));
    let mut total = PhasedScore::default();
    for term in ALL_TERMS.iter().filter(|term| !term.is_danger()) {
        let [white, black] = collector.terms[*term as usize];
        row(&mut out, &term.name(), white, black);
        total += white - black;
    }
    // Each side's king danger scores for the attacker.
    let white_attack = danger_score(collector.danger[0]);
    let black_attack = danger_score(collector.danger[1]);
    row(&mut out, "king danger (attack)", white_attack, black_attack);
    total += white_attack - black_attack;
    let _ = writeln!(out, "{}", "-".repeat(70));
    let _ = writeln!(out, "{:<28}|{:13}|{:13}|{}", "total", "", "", cell(total));

    let phase = material::phase(position);
    let strong = endgame::strong_side(total);
    let scale = endgame::scale_factor(position, strong);
    let _ = writeln!(
        out,
        "Phase {phase}/{MAX_PHASE} (middlegame share), endgame scale {scale}/{NORMAL_SCALE}, {:?} to move",
        position.side_to_move()
    );
    let _ = writeln!(out, "Hand-crafted evaluation: {final_white} (white side)");
    out
}
