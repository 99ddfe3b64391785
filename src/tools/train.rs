//! The trainer of the neural evaluation (`roque-train`): floating-point
//! weights of the network in `nnue/network.rs`, fitted by Adam on training
//! records, then quantised into a network file.
//!
//! The loss of a position is `(σ(out) - target)²`, where `out` is the
//! network's output (centipawns / scale) and the target blends the game's
//! result and the search score: `wdl · result + (1 - wdl) · σ(score /
//! scale)`, both from the side to move's view. A position sets about 30 of
//! the 768 inputs of each view, so the first layer's forward and backward
//! passes touch only those rows. Batches are split over the cores (rayon),
//! each core summing its own gradient.

use super::training_data::Record;
use crate::nnue::features::{feature_index, INPUTS};
use crate::nnue::network::{output_bucket, Network, HIDDEN, OUTPUT_BUCKETS, QA, QB};
use crate::types::{Color, Square};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// Weights are kept where the quantised network can hold them: the output
/// weights times `QB` within i16 products (see `simd/`), the feature weights
/// times `QA` far inside i16 for 32 pieces.
pub const WEIGHT_LIMIT: f32 = 1.98;

/// The positions of the weights in the flat parameter vector.
const FEATURE_WEIGHTS: usize = 0;
const FEATURE_BIAS: usize = INPUTS * HIDDEN;
/// Each bucket's output weights (side to move's view, then the other's).
const OUTPUT_WEIGHTS: usize = FEATURE_BIAS + HIDDEN;
/// Each bucket's output bias.
const OUTPUT_BIAS: usize = OUTPUT_WEIGHTS + OUTPUT_BUCKETS * 2 * HIDDEN;
/// The number of parameters.
pub const PARAMETERS: usize = OUTPUT_BIAS + OUTPUT_BUCKETS;

#[derive(Clone, Debug, PartialEq)]
pub struct TrainSettings {
    pub epochs: usize,
    pub batch_size: usize,
    pub learning_rate: f32,
    /// The learning rate is divided by ten from this fraction of the epochs.
    pub drop_at: f32,
    /// The weight of the game result in the target (the rest: the score).
    pub wdl: f32,
    /// Centipawns for an output of 1.0.
    pub scale: f32,
    pub seed: u64,
    /// Odd epochs but the last mirror the files of positions without
    /// castling rights.
    pub mirror: bool,
}

impl Default for TrainSettings {
    fn default() -> TrainSettings {
        TrainSettings {
            epochs: 30,
            batch_size: 16_384,
            learning_rate: 0.001,
            drop_at: 0.7,
            wdl: 0.4,
            scale: 400.0,
            seed: 1,
            mirror: true,
        }
    }
}

impl TrainSettings {
    pub fn learning_rate_at(&self, epoch: usize) -> f32 {
        if (epoch as f32) < self.drop_at * self.epochs as f32 {
            self.learning_rate
        } else {
            self.learning_rate / 10.0
        }
    }
}

/// A training position, ready for the network: each view's inputs and the
/// target, both for the side to move.
struct Sample {
    us: [u16; 32],
    them: [u16; 32],
    count: usize,
    bucket: usize,
    target: f32,
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Sample {
    /// The sample of a record; with `mirror`, and no castling right in the
    /// way, the same position with files a to h mirrored (the same chess).
    fn new(record: &Record, settings: &TrainSettings, mirror: bool) -> Sample {
        let side = record.side_to_move();
        let flip = if mirror && !record.has_castling_rights() { 7 } else { 0 };
        let mut sample = Sample { us: [0; 32], them: [0; 32], count: 0, bucket: 0, target: 0.0 };
        for placed in record.pieces() {
            let square = Square::from_index_unchecked(placed.square.index() as u32 ^ flip);
            sample.us[sample.count] = feature_index(side, placed.piece, square) as u16;
            sample.them[sample.count] = feature_index(!side, placed.piece, square) as u16;
            sample.count += 1;
        }
        sample.bucket = output_bucket(sample.count as u32);
        let white_result = record.outcome.white_score();
        let (result, score) = match side {
            Color::White => (white_result, record.score as f32),
            Color::Black => (1.0 - white_result, -(record.score as f32)),
        };
        sample.target = settings.wdl * result + (1.0 - settings.wdl) * sigmoid(score / settings.scale);
        sample
    }
}

/// The floating-point network, with Adam's moments.
#[derive(Clone)]
pub struct Trainer {
    pub parameters: Vec<f32>,
    first_moment: Vec<f32>,
    second_moment: Vec<f32>,
    steps: u64,
    /// Epochs completed (a checkpoint resumes after them).
    pub epochs_done: usize,
}

/// Squared clipped ReLU and its derivative.
#[inline(always)]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

impl Trainer {
    /// Small random weights (fixed by `seed`).
    pub fn new(seed: u64) -> Trainer {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut parameters = vec![0.0f32; PARAMETERS];
        let feature_range = 1.0 / (32.0f32).sqrt();
        for w in &mut parameters[FEATURE_WEIGHTS..FEATURE_BIAS] {
            *w = rng.random_range(-feature_range..feature_range) * 0.5;
        }
        let output_range = 1.0 / (2.0 * HIDDEN as f32).sqrt();
        for w in &mut parameters[OUTPUT_WEIGHTS..OUTPUT_BIAS] {
            *w = rng.random_range(-output_range..output_range);
        }
        Trainer {
            parameters,
            first_moment: vec![0.0; PARAMETERS],
            second_moment: vec![0.0; PARAMETERS],
            steps: 0,
            epochs_done: 0,
        }
    }

    /// The hidden layer of one view, before activation.
    #[inline(always)]
    fn hidden(&self, features: &[u16]) -> [f32; HIDDEN] {
        let mut hidden = [0.0f32; HIDDEN];
        hidden.copy_from_slice(&self.parameters[FEATURE_BIAS..OUTPUT_WEIGHTS]);
        for &f in features {
            let row = &self.parameters[FEATURE_WEIGHTS + f as usize * HIDDEN..][..HIDDEN];
            hidden.iter_mut().zip(row).for_each(|(h, w)| *h += w);
        }
        hidden
    }

    /// The network's output (centipawns / scale) with the output weights of
    /// `bucket`.
    fn output(&self, us: &[f32; HIDDEN], them: &[f32; HIDDEN], bucket: usize) -> f32 {
        let weights = &self.parameters[OUTPUT_WEIGHTS + bucket * 2 * HIDDEN..][..2 * HIDDEN];
        let mut sum = self.parameters[OUTPUT_BIAS + bucket];
        for i in 0..HIDDEN {
            sum += screlu(us[i]) * weights[i] + screlu(them[i]) * weights[HIDDEN + i];
        }
        sum
    }

    /// The evaluation of a record in centipawns for the side to move.
    pub fn evaluate(&self, record: &Record, settings: &TrainSettings) -> f32 {
        let sample = Sample::new(record, settings, false);
        let us = self.hidden(&sample.us[..sample.count]);
        let them = self.hidden(&sample.them[..sample.count]);
        self.output(&us, &them, sample.bucket) * settings.scale
    }

    /// Adds one sample's gradient to `gradient`; returns its loss.
    fn backward(&self, sample: &Sample, gradient: &mut [f32]) -> f32 {
        let us_features = &sample.us[..sample.count];
        let them_features = &sample.them[..sample.count];
        let us = self.hidden(us_features);
        let them = self.hidden(them_features);
        let predicted = sigmoid(self.output(&us, &them, sample.bucket));
        let error = predicted - sample.target;
        let d_output = 2.0 * error * predicted * (1.0 - predicted);
        let output_weights = OUTPUT_WEIGHTS + sample.bucket * 2 * HIDDEN;
        gradient[OUTPUT_BIAS + sample.bucket] += d_output;
        let weights = &self.parameters[output_weights..][..2 * HIDDEN];
        let mut d_us = [0.0f32; HIDDEN];
        let mut d_them = [0.0f32; HIDDEN];
        for i in 0..HIDDEN {
            gradient[output_weights + i] += d_output * screlu(us[i]);
            gradient[output_weights + HIDDEN + i] += d_output * screlu(them[i]);
            d_us[i] = if us[i] > 0.0 && us[i] < 1.0 { d_output * weights[i] * 2.0 * us[i] } else { 0.0 };
            d_them[i] =
                if them[i] > 0.0 && them[i] < 1.0 { d_output * weights[HIDDEN + i] * 2.0 * them[i] } else { 0.0 };
        }
        for i in 0..HIDDEN {
            gradient[FEATURE_BIAS + i] += d_us[i] + d_them[i];
        }
        for (features, d) in [(us_features, &d_us), (them_features, &d_them)] {
            for &f in features {
                let row = &mut gradient[FEATURE_WEIGHTS + f as usize * HIDDEN..][..HIDDEN];
                row.iter_mut().zip(d.iter()).for_each(|(g, d)| *g += d);
            }
        }
        error * error
    }

    /// The mean loss over `samples` and its gradient, the batch split over
    /// the cores.
    fn gradient(&self, samples: &[Sample]) -> (Vec<f32>, f64) {
        let chunk = samples.len().div_ceil(rayon::current_num_threads()).max(1);
        let (mut gradient, loss) = samples
            .par_chunks(chunk)
            .map(|part| {
                let mut gradient = vec![0.0f32; PARAMETERS];
                let loss: f64 = part.iter().map(|s| self.backward(s, &mut gradient) as f64).sum();
                (gradient, loss)
            })
            .reduce(
                || (vec![0.0f32; PARAMETERS], 0.0),
                |(mut a, la), (b, lb)| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    (a, la + lb)
                },
            );
        let n = samples.len().max(1) as f32;
        gradient.iter_mut().for_each(|g| *g /= n);
        (gradient, loss / n as f64)
    }

    /// One Adam step on a batch; returns the batch's mean loss.
    fn step(&mut self, samples: &[Sample], learning_rate: f32) -> f64 {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPSILON: f32 = 1e-8;
        let (gradient, loss) = self.gradient(samples);
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps.min(i32::MAX as u64) as i32);
        let correction2 = 1.0 - BETA2.powi(self.steps.min(i32::MAX as u64) as i32);
        let rate = learning_rate * correction2.sqrt() / correction1;
        self.parameters
            .par_iter_mut()
            .zip(self.first_moment.par_iter_mut())
            .zip(self.second_moment.par_iter_mut())
            .zip(gradient.par_iter())
            .enumerate()
            .for_each(|(i, (((w, m), v), g))| {
                *m = BETA1 * *m + (1.0 - BETA1) * g;
                *v = BETA2 * *v + (1.0 - BETA2) * g * g;
                *w -= rate * *m / (v.sqrt() + EPSILON);
                if i < OUTPUT_BIAS {
                    *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
                }
            });
        loss
    }

    /// The mean loss over records, without learning.
    pub fn loss(&self, records: &[Record], settings: &TrainSettings) -> f64 {
        let total: f64 = records
            .par_iter()
            .map(|r| {
                let sample = Sample::new(r, settings, false);
                let us = self.hidden(&sample.us[..sample.count]);
                let them = self.hidden(&sample.them[..sample.count]);
                let error = sigmoid(self.output(&us, &them, sample.bucket)) - sample.target;
                (error * error) as f64
            })
            .sum();
        total / records.len().max(1) as f64
    }

    /// One pass over `records` in a random order; returns the mean loss.
    pub fn epoch(&mut self, records: &[Record], settings: &TrainSettings) -> f64 {
        let learning_rate = settings.learning_rate_at(self.epochs_done);
        let mut order: Vec<u32> = (0..records.len() as u32).collect();
        order.shuffle(&mut StdRng::seed_from_u64(settings.seed.wrapping_add(self.epochs_done as u64)));
        let mut total = 0.0;
        for batch in order.chunks(settings.batch_size) {
            // Every other epoch sees each position mirrored, where it can be,
            // but not the last: real games castle short more than long, and
            // the network should end on them.
            let mirror = settings.mirror && self.epochs_done % 2 == 1 && self.epochs_done + 1 < settings.epochs;
            let samples: Vec<Sample> =
                batch.par_iter().map(|&i| Sample::new(&records[i as usize], settings, mirror)).collect();
            total += self.step(&samples, learning_rate) * batch.len() as f64;
        }
        self.epochs_done += 1;
        total / records.len().max(1) as f64
    }

    /// The quantised network.
    pub fn quantise(&self, scale: f32) -> Box<Network> {
        let mut network = Network::zeroed();
        let q = |w: f32, factor: i32| (w * factor as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        for (f, row) in network.feature_weights.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q(self.parameters[FEATURE_WEIGHTS + f * HIDDEN + i], QA);
            }
        }
        for (i, b) in network.feature_bias.iter_mut().enumerate() {
            *b = q(self.parameters[FEATURE_BIAS + i], QA);
        }
        for (row_index, row) in network.output_weights.iter_mut().flatten().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q(self.parameters[OUTPUT_WEIGHTS + row_index * HIDDEN + i], QB);
            }
        }
        for (bucket, bias) in network.output_bias.iter_mut().enumerate() {
            *bias = (self.parameters[OUTPUT_BIAS + bucket] * (QA * QB) as f32).round() as i32;
        }
        network.scale = scale.round() as i32;
        network
    }

    /// The same weights with a fresh optimiser and schedule.
    pub fn restarted(self) -> Trainer {
        Trainer {
            first_moment: vec![0.0; PARAMETERS],
            second_moment: vec![0.0; PARAMETERS],
            steps: 0,
            epochs_done: 0,
            ..self
        }
    }

    /// Writes a checkpoint: the weights, Adam's moments and the progress.
    pub fn save_checkpoint(&self, path: &Path) -> Result<(), String> {
        let mut bytes = Vec::with_capacity(16 + 12 * PARAMETERS);
        bytes.extend_from_slice(b"RQCK");
        bytes.extend_from_slice(&(PARAMETERS as u32).to_le_bytes());
        bytes.extend_from_slice(&self.steps.to_le_bytes());
        bytes.extend_from_slice(&(self.epochs_done as u32).to_le_bytes());
        for values in [&self.parameters, &self.first_moment, &self.second_moment] {
            values.iter().for_each(|v| bytes.extend_from_slice(&v.to_le_bytes()));
        }
        // Written aside, then renamed: a run killed while writing keeps the
        // previous checkpoint whole.
        let partial = path.with_extension("partial");
        std::fs::File::create(&partial)
            .and_then(|mut f| f.write_all(&bytes))
            .and_then(|_| std::fs::rename(&partial, path))
            .map_err(|e| format!("cannot write the checkpoint {}: {e}", path.display()))
    }

    pub fn load_checkpoint(path: &Path) -> Result<Trainer, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the checkpoint {}: {e}", path.display()))?;
        let expected = 20 + 12 * PARAMETERS;
        if bytes.len() != expected || &bytes[0..4] != b"RQCK" {
            return Err(format!(
                "{} is not a checkpoint of this build's network ({} bytes, expected {expected})",
                path.display(),
                bytes.len()
            ));
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        if word(4) as usize != PARAMETERS {
            return Err(format!("{} holds {} parameters, this build {PARAMETERS}", path.display(), word(4)));
        }
        let steps = u64::from_le_bytes(bytes[8..16].try_into().expect("8 bytes"));
        let epochs_done = word(16) as usize;
        let floats: Vec<f32> =
            bytes[20..].chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes"))).collect();
        Ok(Trainer {
            parameters: floats[..PARAMETERS].to_vec(),
            first_moment: floats[PARAMETERS..2 * PARAMETERS].to_vec(),
            second_moment: floats[2 * PARAMETERS..].to_vec(),
            steps,
            epochs_done,
        })
    }
}

/// The scale `k` for which σ(score / k) best predicts the results (least
/// squares), by a coarse then a fine search.
pub fn fit_scale(records: &[Record]) -> f32 {
    let loss = |k: f32| -> f64 {
        records
            .par_iter()
            .map(|r| {
                let expected = sigmoid(r.score as f32 / k);
                let actual = r.outcome.white_score();
                ((expected - actual) * (expected - actual)) as f64
            })
            .sum()
    };
    let mut best = 400.0;
    for step in [50.0, 10.0, 1.0] {
        let center = best;
        let candidates = (-10..=10).map(|i| center + i as f32 * step).filter(|&k| k > 10.0);
        best = candidates.min_by(|&a, &b| loss(a).total_cmp(&loss(b))).unwrap_or(center);
    }
    best
}

/// The difference between the float and the quantised evaluations over
/// `records`: (mean, largest) absolute difference in centipawns.
pub fn quantisation_error(
    trainer: &Trainer,
    network: &Network,
    records: &[Record],
    settings: &TrainSettings,
) -> (f64, f64) {
    let differences: Vec<f64> = records
        .par_iter()
        .map(|r| {
            let float = trainer.evaluate(r, settings);
            let position = r.position().expect("training records hold legal positions");
            let quantised = crate::nnue::evaluate(network, &position) as f32;
            (float - quantised).abs() as f64
        })
        .collect();
    let mean = differences.iter().sum::<f64>() / differences.len().max(1) as f64;
    (mean, differences.iter().cloned().fold(0.0, f64::max))
}
