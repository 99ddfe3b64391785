//! The Texel tuner: fits every evaluation weight at once to game results.
//!
//! Each labelled position's features are extracted once
//! (`eval::tuning::extract`, the engine's own term code). The model is the
//! engine's evaluation as a function of the weights, White's view; the loss
//! is the mean squared error between the result (1, ½, 0 for White) and
//! `sigmoid(K · eval)`. K is fitted first with the start weights, then Adam
//! minimises the loss over all weights with full-batch gradients, spread
//! over the cores by rayon.

use crate::board::Position;
use crate::eval::features::{ALL_TERMS, FEATURE_COUNT};
use crate::eval::score::{MAX_PHASE, NORMAL_SCALE};
use crate::eval::tuning::{extract, FeatureCount};
use crate::eval::weights::WEIGHTS;
use crate::eval::{DANGER_EG_DIVISOR, DANGER_MG_DIVISOR};
use rayon::prelude::*;
use std::fmt::Write;

/// Weights as (middlegame, endgame) floats, in weight-table order.
pub type Weights = Vec<[f64; 2]>;

/// The engine's current weight table as floats (the tuner's start).
pub fn current_weights() -> Weights {
    WEIGHTS.iter().map(|w| [w.mg as f64, w.eg as f64]).collect()
}

/// Reads the weights back from the source `weights_source` writes (the
/// `s(mg, eg)` entries in order), for starting a run from another table.
pub fn parse_weights_source(text: &str) -> Result<Weights, String> {
    let body = text.split_once("pub const WEIGHTS").ok_or("no WEIGHTS table")?.1;
    let mut weights = Weights::new();
    for item in body.split("s(").skip(1) {
        let inner = item.split(')').next().unwrap_or_default();
        let mut parts = inner.split(',').map(|part| part.trim().parse::<f64>());
        match (parts.next(), parts.next()) {
            (Some(Ok(mg)), Some(Ok(eg))) => weights.push([mg, eg]),
            _ => return Err(format!("bad entry s({inner})")),
        }
    }
    if weights.len() != FEATURE_COUNT {
        return Err(format!("{} weights, expected {FEATURE_COUNT}", weights.len()));
    }
    Ok(weights)
}

#[derive(Clone, Copy, Debug)]
struct Sample {
    /// White's score: 1, 0.5 or 0.
    result: f64,
    /// The middlegame share, phase / MAX_PHASE.
    mg_share: f64,
    /// Endgame scale / NORMAL_SCALE when White, or Black, is ahead.
    scale: [f64; 2],
    /// Where this sample's counts start in `Dataset::counts`: linear ones,
    /// then White's danger, then Black's.
    start: u32,
    lengths: [u16; 3],
}

/// Labelled positions as feature counts, extracted once.
pub struct Dataset {
    samples: Vec<Sample>,
    counts: Vec<FeatureCount>,
    /// Lines skipped: unreadable, or evaluated by a rule rather than weights.
    pub skipped: usize,
}

/// Parses `<FEN fields> c9 "<result>";` (the zurichess layout); the result
/// is White's: "1-0", "0-1" or "1/2-1/2".
pub fn parse_line(line: &str) -> Option<(Position, f64)> {
    let (fen, label) = line.split_once(" c9 ")?;
    let result = match label.trim().trim_end_matches(';').trim_matches('"') {
        "1-0" => 1.0,
        "0-1" => 0.0,
        "1/2-1/2" => 0.5,
        _ => return None,
    };
    Some((Position::from_fen(fen.trim()).ok()?, result))
}

impl Dataset {
    /// Reads labelled positions from `text`, one per line.
    pub fn from_text(text: &str) -> Dataset {
        let lines: Vec<&str> = text.lines().filter(|line| !line.trim().is_empty()).collect();
        let extracted: Vec<_> = lines
            .par_iter()
            .map(|line| parse_line(line).and_then(|(position, result)| Some((extract(&position)?, result))))
            .collect();
        let mut dataset = Dataset { samples: Vec::new(), counts: Vec::new(), skipped: 0 };
        for item in extracted {
            let Some((features, result)) = item else {
                dataset.skipped += 1;
                continue;
            };
            let start = dataset.counts.len() as u32;
            let lengths =
                [features.linear.len() as u16, features.danger[0].len() as u16, features.danger[1].len() as u16];
            dataset.counts.extend_from_slice(&features.linear);
            dataset.counts.extend_from_slice(&features.danger[0]);
            dataset.counts.extend_from_slice(&features.danger[1]);
            dataset.samples.push(Sample {
                result,
                mg_share: features.phase as f64 / MAX_PHASE as f64,
                scale: features.scale.map(|scale| scale as f64 / NORMAL_SCALE as f64),
                start,
                lengths,
            });
        }
        dataset
    }

    pub fn len(&self) -> usize {
        self.samples.len()
    }

    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// The linear counts and each side's danger counts of `sample`.
    fn parts(&self, sample: &Sample) -> [&[FeatureCount]; 3] {
        let start = sample.start as usize;
        let [a, b, c] = sample.lengths.map(|n| n as usize);
        [
            &self.counts[start..start + a],
            &self.counts[start + a..start + a + b],
            &self.counts[start + a + b..start + a + b + c],
        ]
    }

    /// The model evaluation of `sample` (White's view) with what its
    /// gradient needs.
    fn evaluate(&self, sample: &Sample, weights: &Weights) -> Evaluation {
        let [linear, white_danger, black_danger] = self.parts(sample);
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(feature, count) in linear {
            let w = weights[feature as usize];
            mg += w[0] * count as f64;
            eg += w[1] * count as f64;
        }
        let mut danger = [[0.0; 2]; 2];
        for (side, counts) in [white_danger, black_danger].into_iter().enumerate() {
            for &(feature, count) in counts {
                let w = weights[feature as usize];
                danger[side][0] += w[0] * count as f64;
                danger[side][1] += w[1] * count as f64;
            }
            let sign = if side == 0 { 1.0 } else { -1.0 };
            let d_mg = danger[side][0].max(0.0);
            mg += sign * d_mg * d_mg / DANGER_MG_DIVISOR as f64;
            eg += sign * danger[side][1].max(0.0) / DANGER_EG_DIVISOR as f64;
        }
        let white_ahead = eg > 0.0 || (eg == 0.0 && mg > 0.0);
        let scale = if white_ahead { sample.scale[0] } else { sample.scale[1] };
        let mg_share = sample.mg_share * scale;
        let eg_share = (1.0 - sample.mg_share) * scale;
        Evaluation { value: mg * mg_share + eg * eg_share, mg_share, eg_share, danger }
    }

    /// The model evaluations of every sample (White's view).
    pub fn evaluations(&self, weights: &Weights) -> Vec<f64> {
        self.samples.par_iter().map(|sample| self.evaluate(sample, weights).value).collect()
    }

    /// Mean squared error between results and sigmoid(k · eval).
    pub fn loss(&self, weights: &Weights, k: f64) -> f64 {
        let total: f64 = self
            .samples
            .par_iter()
            .map(|sample| {
                let error = sample.result - sigmoid(k * self.evaluate(sample, weights).value);
                error * error
            })
            .sum();
        total / self.len() as f64
    }

    /// The loss and its gradient by every weight.
    fn gradient(&self, weights: &Weights, k: f64) -> (f64, Weights) {
        let zero = || (0.0, vec![[0.0; 2]; FEATURE_COUNT]);
        let (loss, mut gradient) = self
            .samples
            .par_chunks(2048)
            .fold(zero, |(mut loss, mut gradient), chunk| {
                for sample in chunk {
                    let evaluation = self.evaluate(sample, weights);
                    let predicted = sigmoid(k * evaluation.value);
                    let error = predicted - sample.result;
                    loss += error * error;
                    // d(error²)/d(eval), the factor 2 included.
                    let slope = 2.0 * error * predicted * (1.0 - predicted) * k;
                    let mg_slope = slope * evaluation.mg_share;
                    let eg_slope = slope * evaluation.eg_share;
                    let [linear, white_danger, black_danger] = self.parts(sample);
                    for &(feature, count) in linear {
                        let g = &mut gradient[feature as usize];
                        g[0] += mg_slope * count as f64;
                        g[1] += eg_slope * count as f64;
                    }
                    for (side, counts) in [white_danger, black_danger].into_iter().enumerate() {
                        let sign = if side == 0 { 1.0 } else { -1.0 };
                        let [d_mg, d_eg] = evaluation.danger[side];
                        let mg_factor = sign * mg_slope * 2.0 * d_mg.max(0.0) / DANGER_MG_DIVISOR as f64;
                        let eg_factor = if d_eg > 0.0 { sign * eg_slope / DANGER_EG_DIVISOR as f64 } else { 0.0 };
                        for &(feature, count) in counts {
                            let g = &mut gradient[feature as usize];
                            g[0] += mg_factor * count as f64;
                            g[1] += eg_factor * count as f64;
                        }
                    }
                }
                (loss, gradient)
            })
            .reduce(zero, |(loss_a, mut a), (loss_b, b)| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                (loss_a + loss_b, a)
            });
        let n = self.len() as f64;
        for g in &mut gradient {
            g[0] /= n;
            g[1] /= n;
        }
        (loss / n, gradient)
    }
}

struct Evaluation {
    value: f64,
    /// d(value)/d(middlegame sum) and d(value)/d(endgame sum).
    mg_share: f64,
    eg_share: f64,
    /// Each side's danger sums, (middlegame, endgame).
    danger: [[f64; 2]; 2],
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The K minimising the loss with `weights`, by golden-section search.
pub fn fit_k(data: &Dataset, weights: &Weights) -> f64 {
    let evaluations = data.evaluations(weights);
    let loss = |k: f64| -> f64 {
        let total: f64 = data
            .samples
            .par_iter()
            .zip(&evaluations)
            .map(|(sample, &value)| (sample.result - sigmoid(k * value)).powi(2))
            .sum();
        total / data.len() as f64
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.0001, 0.05);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut loss_a, mut loss_b) = (loss(a), loss(b));
    for _ in 0..60 {
        if loss_a < loss_b {
            high = b;
            b = a;
            loss_b = loss_a;
            a = high - ratio * (high - low);
            loss_a = loss(a);
        } else {
            low = a;
            a = b;
            loss_a = loss_b;
            b = low + ratio * (high - low);
            loss_b = loss(b);
        }
    }
    (low + high) / 2.0
}

/// Adam settings.
#[derive(Clone, Copy, Debug)]
pub struct TuneSettings {
    pub epochs: usize,
    /// Step size in centipawns; it decays to a tenth by the last epoch.
    pub learning_rate: f64,
    /// Report the loss every this many epochs (0: never).
    pub report_every: usize,
}

impl Default for TuneSettings {
    fn default() -> TuneSettings {
        TuneSettings { epochs: 1000, learning_rate: 2.0, report_every: 50 }
    }
}

/// Fits every weight by Adam from `start`; returns the new weights.
pub fn tune(data: &Dataset, start: &Weights, k: f64, settings: TuneSettings) -> Weights {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;
    let mut weights = start.clone();
    let mut momentum = vec![[0.0; 2]; FEATURE_COUNT];
    let mut velocity = vec![[0.0; 2]; FEATURE_COUNT];
    for epoch in 1..=settings.epochs {
        let (loss, gradient) = data.gradient(&weights, k);
        if settings.report_every > 0 && (epoch == 1 || epoch % settings.report_every == 0) {
            println!("epoch {epoch:>5}  loss {loss:.6}");
        }
        let progress = (epoch - 1) as f64 / settings.epochs as f64;
        let rate = settings.learning_rate * (1.0 - 0.9 * progress);
        let bias1 = 1.0 - BETA1.powi(epoch as i32);
        let bias2 = 1.0 - BETA2.powi(epoch as i32);
        for i in 0..FEATURE_COUNT {
            for part in 0..2 {
                let g = gradient[i][part];
                momentum[i][part] = BETA1 * momentum[i][part] + (1.0 - BETA1) * g;
                velocity[i][part] = BETA2 * velocity[i][part] + (1.0 - BETA2) * g * g;
                let m = momentum[i][part] / bias1;
                let v = velocity[i][part] / bias2;
                weights[i][part] -= rate * m / (v.sqrt() + EPSILON);
            }
        }
    }
    weights
}

/// The weights rounded to whole centipawns, as the engine holds them.
pub fn rounded(weights: &Weights) -> Weights {
    weights.iter().map(|w| [w[0].round(), w[1].round()]).collect()
}

/// The Rust source of `src/eval/weights.rs` for `weights` (rounded), with
/// `note` as a comment line under the header.
pub fn weights_source(weights: &Weights, note: &str) -> String {
    let mut out = String::new();
    out.push_str("//! The evaluation weights, (middlegame, endgame) in centipawns, in the\n");
    out.push_str("//! order of `features::Term`. Generated by `roque-tune`: re-tune rather\n");
    out.push_str("//! than edit by hand.\n");
    for line in note.lines() {
        let _ = writeln!(out, "//! {line}");
    }
    out.push_str("\nuse super::features::FEATURE_COUNT;\nuse super::score::{s, PhasedScore};\n\n");
    out.push_str("#[rustfmt::skip]\npub const WEIGHTS: [PhasedScore; FEATURE_COUNT] = [\n");
    for term in ALL_TERMS {
        let _ = writeln!(out, "    // {}", term.name());
        let range = term.range();
        for row in weights[range].chunks(term.row_length()) {
            let items: Vec<String> =
                row.iter().map(|w| format!("s({}, {}),", w[0].round() as i64, w[1].round() as i64)).collect();
            let _ = writeln!(out, "    {}", items.join(" "));
        }
    }
    out.push_str("];\n");
    out
}
