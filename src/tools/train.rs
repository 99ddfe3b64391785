//! The trainer of the neural evaluation (`roque-train`): floating-point
//! weights of the network in `nnue/network.rs`, fitted by Adam on training
//! records, then quantised into a network file.
//!
//! The loss of a position is `(σ(out) - target)²`, where `out` is the
//! network's output (centipawns / scale) and the target blends the game's
//! result and the search score: `wdl · result + (1 - wdl) · σ(score /
//! scale)`, both from the side to move's view. The learning rate follows a
//! [`Schedule`]; weight decay, where asked for, is AdamW's (decoupled from
//! the gradient, on the weights but not the biases). A position sets about 30 of
//! the 768 inputs of each view, so the first layer's forward and backward
//! passes touch only those rows. Batches are split over the cores (rayon),
//! each core summing its own gradient.
//!
//! The trainer reads any game's positions through [`TrainingPosition`]:
//! chess's [`Record`]s (768 inputs a view) and Elven Chess's
//! (`super::elven_records`, 2,000), the input set named by the [`Shape`].
//!
//! A network with king buckets ([`Shape`]) has a set of 768 rows for each
//! bucket; trained with a factoriser, it also has one set shared by every
//! bucket, added to the bucket's own in the forward pass and folded into
//! each when quantised: what a man on a square is worth whatever the
//! king's square is learnt from every position, each bucket learning only
//! its difference.

use super::record_set::RecordSet;
use super::training_data::Record;
use crate::nnue::features::InputSet;
use crate::nnue::network::{king_buckets_of, KingBuckets, Network, OUTPUT_BUCKETS, QA, QB};
use crate::types::{Color, PieceType, Square};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha12Rng;
use rayon::prelude::*;
use std::io::Write;
use std::path::Path;

/// Weights are kept where the quantised network can hold them: the output
/// weights times `QB` within i16 products (see `simd/`), the feature weights
/// times `QA` far inside i16 for 32 pieces.
pub const WEIGHT_LIMIT: f32 = 1.98;

/// The network's shape, and where each kind of parameter lies in the flat
/// vector: the feature weights (768 rows of `hidden` for each king bucket,
/// then the factoriser's 768 where there is one), the feature biases, each
/// output bucket's weights (the side to move's view, then the other's),
/// each output bucket's bias.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Hidden neurons for each view.
    pub hidden: usize,
    pub king_buckets: KingBuckets,
    /// A set of rows shared by every king bucket (only with several).
    pub factorised: bool,
    /// The board and men the network reads.
    pub inputs: InputSet,
}

impl Shape {
    /// 256 hidden neurons and one set of rows: generations 1 to 5.
    pub const PLAIN: Shape =
        Shape { hidden: 256, king_buckets: KingBuckets::NONE, factorised: false, inputs: InputSet::Chess };

    /// Inputs of one view, one set of rows.
    #[inline(always)]
    fn inputs(&self) -> usize {
        self.inputs.count()
    }

    /// The first row of the factoriser (the number of the buckets' rows).
    #[inline(always)]
    fn factor_row(&self) -> usize {
        self.king_buckets.count * self.inputs()
    }

    /// The input rows: the buckets', then the factoriser's.
    fn rows(&self) -> usize {
        self.factor_row() + if self.factorised { self.inputs() } else { 0 }
    }

    #[inline(always)]
    fn feature_bias(&self) -> usize {
        self.rows() * self.hidden
    }

    #[inline(always)]
    fn output_weights(&self) -> usize {
        self.feature_bias() + self.hidden
    }

    #[inline(always)]
    fn output_bias(&self) -> usize {
        self.output_weights() + OUTPUT_BUCKETS * 2 * self.hidden
    }

    /// In words, for messages: "256 hidden neurons, 4 king buckets,
    /// mirrored, with a factoriser" (and the inputs where they are not
    /// chess's).
    pub fn describe(&self) -> String {
        let buckets = &self.king_buckets;
        let plural = if buckets.count == 1 { "" } else { "s" };
        let mirrored = if buckets.mirror { ", mirrored" } else { "" };
        let factoriser = if self.factorised { ", with a factoriser" } else { "" };
        let inputs = match self.inputs {
            InputSet::Chess => String::new(),
            other => format!(", inputs of {}", other.name()),
        };
        format!("{} hidden neurons, {} king bucket{plural}{mirrored}{factoriser}{inputs}", self.hidden, buckets.count)
    }

    /// The number of parameters.
    pub fn parameters(&self) -> usize {
        self.output_bias() + OUTPUT_BUCKETS
    }

    /// The hidden size of a network of this shape but its width with
    /// `parameters` parameters (a checkpoint's), if there is one.
    fn hidden_of(&self, parameters: usize) -> Option<usize> {
        let per_neuron = self.rows() + 1 + OUTPUT_BUCKETS * 2;
        let weights = parameters.checked_sub(OUTPUT_BUCKETS)?;
        weights.is_multiple_of(per_neuron).then_some(weights / per_neuron)
    }

    /// Whether parameter `i` is a weight (weight decay applies), not a bias.
    #[inline(always)]
    fn is_weight(&self, i: usize) -> bool {
        i < self.feature_bias() || (self.output_weights()..self.output_bias()).contains(&i)
    }
}

/// How the learning rate moves over a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// The rate, divided by ten from `drop_at` of the epochs (epoch by
    /// epoch): generations 1 and 2 were trained so.
    Step,
    /// A linear warm-up over `warmup` of the run, then a cosine from the
    /// rate down to `lr_end` times it, batch by batch.
    Cosine,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TrainSettings {
    pub epochs: usize,
    pub batch_size: usize,
    pub learning_rate: f32,
    pub schedule: Schedule,
    /// The learning rate is divided by ten from this fraction of the epochs
    /// (the step schedule).
    pub drop_at: f32,
    /// The fraction of the run the cosine schedule warms up over.
    pub warmup: f32,
    /// Where the cosine schedule ends, as a fraction of the rate.
    pub lr_end: f32,
    /// AdamW's weight decay (0: plain Adam).
    pub weight_decay: f32,
    /// The weight of the game result in the target (the rest: the score),
    /// at the start of the run.
    pub wdl: f32,
    /// The weight at the end of the run, reached linearly batch by batch
    /// (None: `wdl` throughout).
    pub wdl_end: Option<f32>,
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
            schedule: Schedule::Step,
            drop_at: 0.7,
            warmup: 0.02,
            lr_end: 0.01,
            weight_decay: 0.0,
            wdl: 0.4,
            wdl_end: None,
            scale: 400.0,
            seed: 1,
            mirror: true,
        }
    }
}

impl TrainSettings {
    /// The weight of the game result for the batch that ends `done` of the
    /// epoch `epoch` (a fraction in [0, 1]).
    pub fn wdl_at(&self, epoch: usize, done: f64) -> f32 {
        match self.wdl_end {
            None => self.wdl,
            Some(end) => {
                let progress = ((epoch as f64 + done) / self.epochs.max(1) as f64).clamp(0.0, 1.0) as f32;
                self.wdl + (end - self.wdl) * progress
            }
        }
    }

    /// The learning rate for the batch that ends `done` of the epoch
    /// `epoch` (a fraction in (0, 1]).
    pub fn learning_rate_at(&self, epoch: usize, done: f64) -> f32 {
        match self.schedule {
            Schedule::Step if (epoch as f32) < self.drop_at * self.epochs as f32 => self.learning_rate,
            Schedule::Step => self.learning_rate / 10.0,
            Schedule::Cosine => {
                let progress = ((epoch as f64 + done) / self.epochs.max(1) as f64).clamp(0.0, 1.0);
                let warmup = self.warmup.clamp(0.0, 0.5) as f64;
                if progress < warmup {
                    return (self.learning_rate as f64 * progress / warmup) as f32;
                }
                let along = (progress - warmup) / (1.0 - warmup);
                let end = self.lr_end as f64;
                let cosine = 0.5 * (1.0 + (std::f64::consts::PI * along).cos());
                (self.learning_rate as f64 * (end + (1.0 - end) * cosine)) as f32
            }
        }
    }
}

/// The most men a training position holds (Elven Chess's 46, and room).
pub const MAX_MEN: usize = 48;

/// A training position, ready for the network: each view's inputs (its
/// king bucket's rows) and the target, both for the side to move.
pub struct Sample {
    us: [u16; MAX_MEN],
    them: [u16; MAX_MEN],
    count: usize,
    bucket: usize,
    target: f32,
}

impl Sample {
    /// No inputs yet.
    pub fn empty() -> Sample {
        Sample { us: [0; MAX_MEN], them: [0; MAX_MEN], count: 0, bucket: 0, target: 0.0 }
    }

    /// Each view's inputs: the side to move's, the other's.
    pub fn inputs(&self) -> (Vec<usize>, Vec<usize>) {
        let view = |inputs: &[u16]| inputs[..self.count].iter().map(|&i| i as usize).collect();
        (view(&self.us), view(&self.them))
    }

    /// Adds a man's input in each view.
    #[inline(always)]
    pub fn push(&mut self, us: usize, them: usize) {
        self.us[self.count] = us as u16;
        self.them[self.count] = them as u16;
        self.count += 1;
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// A position the trainer learns from, of any game: the inputs of each
/// view, the search's score and the game's result.
pub trait TrainingPosition: Copy + Sync + Send {
    /// The input set its inputs belong to.
    const INPUTS: InputSet;
    /// Pushes each man's input in the side to move's view and the other's
    /// ([`Sample::push`]) for `shape`; with `mirror`, of the position with
    /// its files mirrored where its rules make that the same game (no
    /// castling right in the way).
    fn fill(&self, shape: &Shape, mirror: bool, sample: &mut Sample);
    fn side_to_move(&self) -> Color;
    /// The search's score in centipawns, for White.
    fn white_score(&self) -> f32;
    /// The game's result for White: 1, 0.5 or 0.
    fn white_result(&self) -> f32;
    /// The quantised network's evaluation in centipawns for the side to
    /// move, computed from nothing.
    fn quantised_evaluation<const H: usize>(&self, network: &Network<H>) -> i32;
}

impl TrainingPosition for Record {
    const INPUTS: InputSet = InputSet::Chess;

    /// With `mirror`, and no castling right in the way, files a to h
    /// mirrored (the same chess).
    fn fill(&self, shape: &Shape, mirror: bool, sample: &mut Sample) {
        let side = self.side_to_move();
        let flip = if mirror && !self.has_castling_rights() { 7 } else { 0 };
        let square_of = |square: Square| Square::from_index_unchecked(square.index() as u32 ^ flip);
        let mut kings = [None; 2];
        for placed in self.pieces().filter(|placed| placed.piece.kind() == PieceType::King) {
            kings[placed.piece.color().index()] = Some(square_of(placed.square));
        }
        let key = |view: Color| shape.king_buckets.view_key(view, kings[view.index()]);
        let (us_key, them_key) = (key(side), key(!side));
        for placed in self.pieces() {
            let square = square_of(placed.square);
            sample.push(us_key.index(side, placed.piece, square), them_key.index(!side, placed.piece, square));
        }
    }

    fn side_to_move(&self) -> Color {
        Record::side_to_move(self)
    }

    fn white_score(&self) -> f32 {
        self.score as f32
    }

    fn white_result(&self) -> f32 {
        self.outcome.white_score()
    }

    fn quantised_evaluation<const H: usize>(&self, network: &Network<H>) -> i32 {
        let position = self.position().expect("training records hold legal positions");
        network.evaluate_from_scratch(&position)
    }
}

impl Sample {
    /// The sample of a position; with `mirror`, the same position mirrored
    /// where it can be ([`TrainingPosition::fill`]).
    fn new<T: TrainingPosition>(
        position: &T,
        shape: &Shape,
        settings: &TrainSettings,
        wdl: f32,
        mirror: bool,
    ) -> Sample {
        debug_assert_eq!(T::INPUTS, shape.inputs, "a shape of the positions' inputs");
        let mut sample = Sample::empty();
        position.fill(shape, mirror, &mut sample);
        sample.bucket = shape.inputs.output_bucket(sample.count as u32);
        let (white_result, white_score) = (position.white_result(), position.white_score());
        let (result, score) = match position.side_to_move() {
            Color::White => (white_result, white_score),
            Color::Black => (1.0 - white_result, -white_score),
        };
        sample.target = wdl * result + (1.0 - wdl) * sigmoid(score / settings.scale);
        sample
    }
}

/// The floating-point network of `H` hidden neurons a view, with Adam's
/// moments.
#[derive(Clone)]
pub struct Trainer<const H: usize = 256> {
    pub shape: Shape,
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

impl<const H: usize> Trainer<H> {
    /// Small random weights (fixed by `seed`), without king buckets.
    pub fn new(seed: u64) -> Trainer<H> {
        Trainer::with_shape(seed, Shape { hidden: H, ..Shape::PLAIN })
    }

    /// Small random weights (fixed by `seed`) for `shape`. With a
    /// factoriser, the buckets' own rows start at zero: the network starts
    /// as one without king buckets.
    pub fn with_shape(seed: u64, shape: Shape) -> Trainer<H> {
        let mut rng = ChaCha12Rng::seed_from_u64(seed);
        let count = shape.parameters();
        let mut parameters = vec![0.0f32; count];
        let feature_range = 1.0 / (32.0f32).sqrt();
        let random_rows = if shape.factorised { shape.factor_row() * H } else { 0 };
        for w in &mut parameters[random_rows..shape.feature_bias()] {
            *w = rng.random_range(-feature_range..feature_range) * 0.5;
        }
        let output_range = 1.0 / (2.0 * H as f32).sqrt();
        for w in &mut parameters[shape.output_weights()..shape.output_bias()] {
            *w = rng.random_range(-output_range..output_range);
        }
        Trainer::with_parameters(shape, parameters)
    }

    /// These weights with a fresh optimiser and schedule.
    fn with_parameters(shape: Shape, parameters: Vec<f32>) -> Trainer<H> {
        assert_eq!(shape.hidden, H, "a shape of the trainer's width");
        let count = parameters.len();
        Trainer {
            shape,
            parameters,
            first_moment: vec![0.0; count],
            second_moment: vec![0.0; count],
            steps: 0,
            epochs_done: 0,
        }
    }

    /// The rows of `network` for `shape` (the weights of `network` in
    /// every bucket, or in the factoriser where there is one), to start a
    /// run from: the trainer's network is `network`, up to the rounding.
    pub fn from_network(network: &Network<H>, shape: Shape) -> Result<Trainer<H>, String> {
        if network.king_buckets.keyed() {
            return Err("a network to start from must have no king buckets".to_string());
        }
        if network.inputs != shape.inputs {
            return Err(format!("a network to start from must read {}", shape.inputs.name()));
        }
        let mut parameters = vec![0.0f32; shape.parameters()];
        let inputs = shape.inputs();
        let rows =
            if shape.factorised { shape.factor_row()..shape.factor_row() + inputs } else { 0..shape.factor_row() };
        for row in rows {
            for (i, &w) in network.feature_weights[row % inputs].iter().enumerate() {
                parameters[row * H + i] = w as f32 / QA as f32;
            }
        }
        for (i, &b) in network.feature_bias.iter().enumerate() {
            parameters[shape.feature_bias() + i] = b as f32 / QA as f32;
        }
        for (index, &w) in network.output_weights.iter().flatten().flatten().enumerate() {
            parameters[shape.output_weights() + index] = w as f32 / QB as f32;
        }
        for (bucket, &b) in network.output_bias.iter().enumerate() {
            parameters[shape.output_bias() + bucket] = b as f32 / (QA * QB) as f32;
        }
        Ok(Trainer::with_parameters(shape, parameters))
    }

    /// The hidden layer of one view, before activation.
    #[inline(always)]
    fn hidden(&self, features: &[u16]) -> [f32; H] {
        let shape = &self.shape;
        let mut hidden = [0.0f32; H];
        hidden.copy_from_slice(&self.parameters[shape.feature_bias()..shape.output_weights()]);
        for &f in features {
            let row = &self.parameters[f as usize * H..][..H];
            hidden.iter_mut().zip(row).for_each(|(h, w)| *h += w);
            if shape.factorised {
                let shared = &self.parameters[(shape.factor_row() + f as usize % shape.inputs()) * H..][..H];
                hidden.iter_mut().zip(shared).for_each(|(h, w)| *h += w);
            }
        }
        hidden
    }

    /// The network's output (centipawns / scale) with the output weights of
    /// `bucket`.
    fn output(&self, us: &[f32; H], them: &[f32; H], bucket: usize) -> f32 {
        let weights = &self.parameters[self.shape.output_weights() + bucket * 2 * H..][..2 * H];
        let mut sum = self.parameters[self.shape.output_bias() + bucket];
        for i in 0..H {
            sum += screlu(us[i]) * weights[i] + screlu(them[i]) * weights[H + i];
        }
        sum
    }

    /// The evaluation of a record in centipawns for the side to move.
    pub fn evaluate<T: TrainingPosition>(&self, record: &T, settings: &TrainSettings) -> f32 {
        let sample = Sample::new(record, &self.shape, settings, settings.wdl, false);
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
        let shape = &self.shape;
        let output_weights = shape.output_weights() + sample.bucket * 2 * H;
        gradient[shape.output_bias() + sample.bucket] += d_output;
        let weights = &self.parameters[output_weights..][..2 * H];
        let mut d_us = [0.0f32; H];
        let mut d_them = [0.0f32; H];
        for i in 0..H {
            gradient[output_weights + i] += d_output * screlu(us[i]);
            gradient[output_weights + H + i] += d_output * screlu(them[i]);
            d_us[i] = if us[i] > 0.0 && us[i] < 1.0 { d_output * weights[i] * 2.0 * us[i] } else { 0.0 };
            d_them[i] = if them[i] > 0.0 && them[i] < 1.0 { d_output * weights[H + i] * 2.0 * them[i] } else { 0.0 };
        }
        for i in 0..H {
            gradient[shape.feature_bias() + i] += d_us[i] + d_them[i];
        }
        for (features, d) in [(us_features, &d_us), (them_features, &d_them)] {
            for &f in features {
                let row = &mut gradient[f as usize * H..][..H];
                row.iter_mut().zip(d.iter()).for_each(|(g, d)| *g += d);
                if shape.factorised {
                    let shared = &mut gradient[(shape.factor_row() + f as usize % shape.inputs()) * H..][..H];
                    shared.iter_mut().zip(d.iter()).for_each(|(g, d)| *g += d);
                }
            }
        }
        error * error
    }

    /// The mean loss over `samples` and its gradient, the batch split over
    /// the cores.
    fn gradient(&self, samples: &[Sample]) -> (Vec<f32>, f64) {
        let chunk = samples.len().div_ceil(rayon::current_num_threads()).max(1);
        let count = self.shape.parameters();
        let (mut gradient, loss) = samples
            .par_chunks(chunk)
            .map(|part| {
                let mut gradient = vec![0.0f32; count];
                let loss: f64 = part.iter().map(|s| self.backward(s, &mut gradient) as f64).sum();
                (gradient, loss)
            })
            .reduce(
                || (vec![0.0f32; count], 0.0),
                |(mut a, la), (b, lb)| {
                    a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                    (a, la + lb)
                },
            );
        let n = samples.len().max(1) as f32;
        gradient.iter_mut().for_each(|g| *g /= n);
        (gradient, loss / n as f64)
    }

    /// One Adam step on a batch (AdamW's with a weight decay); returns the
    /// batch's mean loss.
    fn step(&mut self, samples: &[Sample], learning_rate: f32, weight_decay: f32) -> f64 {
        const BETA1: f32 = 0.9;
        const BETA2: f32 = 0.999;
        const EPSILON: f32 = 1e-8;
        let (gradient, loss) = self.gradient(samples);
        self.steps += 1;
        let correction1 = 1.0 - BETA1.powi(self.steps.min(i32::MAX as u64) as i32);
        let correction2 = 1.0 - BETA2.powi(self.steps.min(i32::MAX as u64) as i32);
        let rate = learning_rate * correction2.sqrt() / correction1;
        let decay = learning_rate * weight_decay;
        let shape = self.shape;
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
                if decay != 0.0 && shape.is_weight(i) {
                    *w -= decay * *w;
                }
                if i < shape.output_bias() {
                    *w = w.clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
                }
            });
        loss
    }

    /// The mean loss over records, without learning, against the target
    /// of this point of the run.
    pub fn loss<T: TrainingPosition, R: RecordSet<T> + ?Sized>(&self, records: &R, settings: &TrainSettings) -> f64 {
        let wdl = settings.wdl_at(self.epochs_done, 0.0);
        let total: f64 = (0..records.len())
            .into_par_iter()
            .map(|i| {
                let sample = Sample::new(&records.get(i), &self.shape, settings, wdl, false);
                let us = self.hidden(&sample.us[..sample.count]);
                let them = self.hidden(&sample.them[..sample.count]);
                let error = sigmoid(self.output(&us, &them, sample.bucket)) - sample.target;
                (error * error) as f64
            })
            .sum();
        total / records.len().max(1) as f64
    }

    /// One pass over `records` in a random order; returns the mean loss.
    pub fn epoch<T: TrainingPosition, R: RecordSet<T> + ?Sized>(
        &mut self,
        records: &R,
        settings: &TrainSettings,
    ) -> f64 {
        let mut order: Vec<u32> = (0..records.len() as u32).collect();
        order.shuffle(&mut ChaCha12Rng::seed_from_u64(settings.seed.wrapping_add(self.epochs_done as u64)));
        let mut total = 0.0;
        let batches = order.len().div_ceil(settings.batch_size.max(1)).max(1);
        for (index, batch) in order.chunks(settings.batch_size).enumerate() {
            let done = (index + 1) as f64 / batches as f64;
            let learning_rate = settings.learning_rate_at(self.epochs_done, done);
            let wdl = settings.wdl_at(self.epochs_done, done);
            // Every other epoch sees each position mirrored, where it can be,
            // but not the last: real games castle short more than long, and
            // the network should end on them.
            let mirror = settings.mirror && self.epochs_done % 2 == 1 && self.epochs_done + 1 < settings.epochs;
            let shape = &self.shape;
            let samples: Vec<Sample> = batch
                .par_iter()
                .map(|&i| Sample::new(&records.get(i as usize), shape, settings, wdl, mirror))
                .collect();
            total += self.step(&samples, learning_rate, settings.weight_decay) * batch.len() as f64;
        }
        self.epochs_done += 1;
        total / records.len().max(1) as f64
    }

    /// The quantised network (a factoriser's rows added into each bucket's,
    /// the sum kept within the weights' limit).
    pub fn quantise(&self, scale: f32) -> Box<Network<H>> {
        let shape = &self.shape;
        let mut network = Network::zeroed_for(shape.inputs, shape.king_buckets);
        let q = |w: f32, factor: i32| (w * factor as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
        for (f, row) in network.feature_weights.iter_mut().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                let mut weight = self.parameters[f * H + i];
                if shape.factorised {
                    weight = (weight + self.parameters[(shape.factor_row() + f % shape.inputs()) * H + i])
                        .clamp(-WEIGHT_LIMIT, WEIGHT_LIMIT);
                }
                *w = q(weight, QA);
            }
        }
        for (i, b) in network.feature_bias.iter_mut().enumerate() {
            *b = q(self.parameters[shape.feature_bias() + i], QA);
        }
        for (row_index, row) in network.output_weights.iter_mut().flatten().enumerate() {
            for (i, w) in row.iter_mut().enumerate() {
                *w = q(self.parameters[shape.output_weights() + row_index * H + i], QB);
            }
        }
        for (bucket, bias) in network.output_bias.iter_mut().enumerate() {
            *bias = (self.parameters[shape.output_bias() + bucket] * (QA * QB) as f32).round() as i32;
        }
        network.scale = scale.round() as i32;
        network
    }

    /// The same weights with a fresh optimiser and schedule.
    pub fn restarted(self) -> Trainer<H> {
        Trainer::with_parameters(self.shape, self.parameters)
    }

    /// Writes a checkpoint: the weights, Adam's moments and the progress
    /// (`RQCK`), and for a network with king buckets its shape first
    /// (`RQC3`: the number of buckets, mirroring, the factoriser, each
    /// king square's bucket), and before all for a network of another
    /// board than chess's its input set (`RQCI`: the set's code).
    pub fn save_checkpoint(&self, path: &Path) -> Result<(), String> {
        let count = self.shape.parameters();
        let mut bytes = Vec::with_capacity(100 + 12 * count);
        if self.shape.inputs != InputSet::Chess {
            bytes.extend_from_slice(b"RQCI");
            bytes.extend_from_slice(&self.shape.inputs.code().to_le_bytes());
        }
        let buckets = &self.shape.king_buckets;
        if buckets.keyed() {
            bytes.extend_from_slice(b"RQC3");
            for word in [buckets.count as u32, buckets.mirror as u32, self.shape.factorised as u32] {
                bytes.extend_from_slice(&word.to_le_bytes());
            }
            bytes.extend_from_slice(&buckets.map);
        }
        bytes.extend_from_slice(b"RQCK");
        bytes.extend_from_slice(&(count as u32).to_le_bytes());
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

    pub fn load_checkpoint(path: &Path) -> Result<Trainer<H>, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read the checkpoint {}: {e}", path.display()))?;
        let not_one = |why: String| format!("{} is not a checkpoint of this build's networks: {why}", path.display());
        let word_of =
            |bytes: &[u8], i: usize| bytes.get(i..i + 4).map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")));
        let (inputs, bytes) = if bytes.starts_with(b"RQCI") {
            let set = word_of(&bytes, 4).and_then(InputSet::from_code).filter(|&set| set != InputSet::Chess);
            (set.ok_or_else(|| not_one("an unknown input set".to_string()))?, &bytes[8..])
        } else {
            (InputSet::Chess, bytes.as_slice())
        };
        let word = |i: usize| word_of(bytes, i);
        let (shape, start) = if bytes.starts_with(b"RQC3") {
            let (count, mirror, factorised) = (word(4), word(8), word(12));
            let map: Option<[u8; 64]> = bytes.get(16..80).map(|b| b.try_into().expect("64 bytes"));
            let (Some(count), Some(mirror), Some(factorised), Some(map)) = (count, mirror, factorised, map) else {
                return Err(not_one("cut short".to_string()));
            };
            let king_buckets = king_buckets_of(count, mirror, &map).map_err(|e| not_one(e.to_string()))?;
            if !king_buckets.keyed() || factorised > 1 {
                return Err(not_one("its king buckets are not a valid set".to_string()));
            }
            (Shape { hidden: H, king_buckets, factorised: factorised == 1, inputs }, 80)
        } else {
            (Shape { hidden: H, inputs, ..Shape::PLAIN }, 0)
        };
        let count = shape.parameters();
        let expected = start + 20 + 12 * count;
        if bytes.get(start..start + 4) != Some(b"RQCK") {
            return Err(not_one("no RQCK".to_string()));
        }
        if let Some(hidden) = word(start + 4).and_then(|n| shape.hidden_of(n as usize)).filter(|&h| h != H) {
            return Err(format!(
                "{}: a network of {hidden} hidden neurons, where this run trains {H} (--hidden)",
                path.display()
            ));
        }
        if word(start + 4) != Some(count as u32) {
            return Err(not_one(format!("{:?} parameters, its shape has {count}", word(start + 4))));
        }
        if bytes.len() != expected {
            return Err(not_one(format!("{} bytes, expected {expected}", bytes.len())));
        }
        let steps = u64::from_le_bytes(bytes[start + 8..start + 16].try_into().expect("8 bytes"));
        let epochs_done = word(start + 16).expect("the size was checked") as usize;
        let floats: Vec<f32> =
            bytes[start + 20..].chunks_exact(4).map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes"))).collect();
        Ok(Trainer {
            shape,
            parameters: floats[..count].to_vec(),
            first_moment: floats[count..2 * count].to_vec(),
            second_moment: floats[2 * count..].to_vec(),
            steps,
            epochs_done,
        })
    }
}

/// The scale `k` for which σ(score / k) best predicts the results (least
/// squares), by a coarse then a fine search.
pub fn fit_scale<T: TrainingPosition, R: RecordSet<T> + ?Sized>(records: &R) -> f32 {
    let loss = |k: f32| -> f64 {
        (0..records.len())
            .into_par_iter()
            .map(|i| {
                let r = records.get(i);
                let expected = sigmoid(r.white_score() / k);
                let actual = r.white_result();
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
pub fn quantisation_error<const H: usize, T: TrainingPosition>(
    trainer: &Trainer<H>,
    network: &Network<H>,
    records: &[T],
    settings: &TrainSettings,
) -> (f64, f64) {
    let differences: Vec<f64> = records
        .par_iter()
        .map(|r| {
            let float = trainer.evaluate(r, settings);
            let quantised = r.quantised_evaluation(network) as f32;
            (float - quantised).abs() as f64
        })
        .collect();
    let mean = differences.iter().sum::<f64>() / differences.len().max(1) as f64;
    (mean, differences.iter().cloned().fold(0.0, f64::max))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position of a few men for each view, and its target (the men of
    /// the second view in the last king bucket of `shape`).
    fn sample(shape: &Shape) -> Sample {
        let mut sample = Sample { us: [0; MAX_MEN], them: [0; MAX_MEN], count: 6, bucket: 3, target: 0.3 };
        let inputs = shape.inputs();
        let last = (shape.king_buckets.count - 1) * inputs;
        for (i, feature) in [10u16, 141, 275, 402, 530, 700].into_iter().enumerate() {
            let feature = feature as usize * inputs / 768;
            sample.us[i] = feature as u16;
            sample.them[i] = ((feature + 37) % inputs + last) as u16;
        }
        sample
    }

    /// The loss of `sample`, computed anew in f64 from the parameters (the
    /// trainer's own forward pass, in f32, is too coarse for differences),
    /// a factoriser's rows added to each feature's own.
    fn loss(shape: &Shape, parameters: &[f32], sample: &Sample) -> f64 {
        let w = |i: usize| parameters[i] as f64;
        let row = |f: usize, unit: usize| {
            let shared =
                if shape.factorised { w((shape.factor_row() + f % shape.inputs()) * shape.hidden + unit) } else { 0.0 };
            w(f * shape.hidden + unit) + shared
        };
        let view = |features: &[u16]| -> Vec<f64> {
            (0..shape.hidden)
                .map(|unit| {
                    let sum: f64 = features.iter().map(|&f| row(f as usize, unit)).sum();
                    (w(shape.feature_bias() + unit) + sum).clamp(0.0, 1.0).powi(2)
                })
                .collect()
        };
        let (us, them) = (view(&sample.us[..sample.count]), view(&sample.them[..sample.count]));
        let weights = shape.output_weights() + sample.bucket * 2 * shape.hidden;
        let out = w(shape.output_bias() + sample.bucket)
            + (0..shape.hidden).map(|i| us[i] * w(weights + i) + them[i] * w(weights + shape.hidden + i)).sum::<f64>();
        let error = 1.0 / (1.0 + (-out).exp()) - sample.target as f64;
        error * error
    }

    /// Four king buckets, mirrored.
    fn bucketed(factorised: bool) -> Shape {
        Shape { king_buckets: KingBuckets::named("mirror4").unwrap(), factorised, ..Shape::PLAIN }
    }

    #[test]
    fn a_shape_in_words() {
        assert_eq!(Shape::PLAIN.describe(), "256 hidden neurons, 1 king bucket");
        assert_eq!(bucketed(true).describe(), "256 hidden neurons, 4 king buckets, mirrored, with a factoriser");
    }

    #[test]
    fn gradients_match_finite_differences() {
        gradients_match_finite_differences_for::<256>(Shape::PLAIN);
    }

    /// A network of another width: the trainer's arithmetic at any size.
    #[test]
    fn gradients_match_finite_differences_at_another_width() {
        gradients_match_finite_differences_for::<64>(Shape { hidden: 64, ..Shape::PLAIN });
    }

    /// Elven Chess's 2,000 inputs a view.
    #[test]
    fn gradients_match_finite_differences_with_elven_inputs() {
        gradients_match_finite_differences_for::<64>(Shape { hidden: 64, inputs: InputSet::Elven, ..Shape::PLAIN });
    }

    /// With king buckets and a factoriser, the factoriser's rows too.
    #[test]
    fn gradients_match_finite_differences_with_king_buckets() {
        gradients_match_finite_differences_for::<256>(bucketed(true));
    }

    fn gradients_match_finite_differences_for<const H: usize>(shape: Shape) {
        let mut trainer = Trainer::<H>::with_shape(7, shape);
        // Biases that put many hidden values inside the activation's curve,
        // and (with a factoriser) the buckets' own rows away from zero.
        for i in 0..H {
            trainer.parameters[shape.feature_bias() + i] = 0.2 + 0.6 * (i % 7) as f32 / 7.0;
        }
        if shape.factorised {
            let mut rng = ChaCha12Rng::seed_from_u64(8);
            trainer.parameters[..shape.factor_row() * H].iter_mut().for_each(|w| *w = rng.random_range(-0.05..0.05));
        }
        let sample = sample(&shape);
        let mut gradient = vec![0.0f32; shape.parameters()];
        trainer.backward(&sample, &mut gradient);
        let us = trainer.hidden(&sample.us[..sample.count]);
        let them = trainer.hidden(&sample.them[..sample.count]);
        let h = 1e-2f32;
        // A hidden unit far enough from the activation's kinks (0 and 1)
        // for a step of h either way to keep to one side of them.
        let smooth =
            |unit: usize| [us[unit], them[unit]].iter().all(|&x| (x.abs() > 4.0 * h) && (x - 1.0).abs() > 4.0 * h);
        let mut checked = Vec::new();
        for unit in (0..H).step_by((H / 28).max(1)).filter(|&u| smooth(u)) {
            let (us_feature, them_feature) =
                (sample.us[unit % sample.count] as usize, sample.them[(unit + 1) % sample.count] as usize);
            checked.push(us_feature * H + unit);
            checked.push(them_feature * H + unit);
            if shape.factorised {
                checked.push((shape.factor_row() + us_feature % shape.inputs()) * H + unit);
                checked.push((shape.factor_row() + them_feature % shape.inputs()) * H + unit);
            }
            checked.push(shape.feature_bias() + unit);
            checked.push(shape.output_weights() + sample.bucket * 2 * H + unit);
            checked.push(shape.output_weights() + sample.bucket * 2 * H + H + unit);
        }
        checked.push(shape.output_bias() + sample.bucket);
        let mut nonzero = 0;
        for &i in &checked {
            let mut shifted = trainer.parameters.clone();
            shifted[i] = trainer.parameters[i] + h;
            let above = loss(&shape, &shifted, &sample);
            shifted[i] = trainer.parameters[i] - h;
            let below = loss(&shape, &shifted, &sample);
            let numeric = (above - below) / ((trainer.parameters[i] + h) as f64 - (trainer.parameters[i] - h) as f64);
            let analytic = gradient[i] as f64;
            assert!(
                (analytic - numeric).abs() <= 0.02 * numeric.abs() + 2e-6,
                "parameter {i}: analytic {analytic:e}, finite differences {numeric:e}"
            );
            nonzero += usize::from(numeric.abs() > 1e-5);
        }
        // The check saw every kind of parameter with a gradient to compare.
        assert!(checked.len() > 60 && nonzero > 40, "{} checked, {nonzero} with a gradient", checked.len());
    }

    #[test]
    fn the_cosine_schedule_warms_up_then_falls_to_its_end_and_the_step_schedule_stays() {
        let settings = TrainSettings {
            epochs: 10,
            learning_rate: 0.002,
            schedule: Schedule::Cosine,
            warmup: 0.1,
            lr_end: 0.01,
            ..TrainSettings::default()
        };
        let rate = |epoch: usize, done: f64| settings.learning_rate_at(epoch, done);
        assert!((rate(0, 0.5) - 0.001).abs() < 1e-9, "half the warm-up: half the rate");
        assert!((rate(0, 1.0) - 0.002).abs() < 1e-9, "the warm-up's end: the rate");
        assert!((rate(9, 1.0) - 0.002 * 0.01).abs() < 1e-9, "the end: lr_end of the rate");
        assert!((rate(5, 0.5) - 0.002 * (0.01 + 0.99 * 0.5)).abs() < 1e-9, "half way: the mean");
        let along: Vec<f32> =
            (1..=10).flat_map(|e| (1..=4).map(move |q| (e, q as f64 / 4.0))).map(|(e, d)| rate(e - 1, d)).collect();
        assert!(along[4..].windows(2).all(|w| w[1] < w[0]), "falls after the warm-up");
        // The step schedule: the rate, and a tenth of it from drop_at.
        let step = TrainSettings { epochs: 10, drop_at: 0.7, learning_rate: 0.001, ..TrainSettings::default() };
        assert_eq!(step.schedule, Schedule::Step);
        assert_eq!(step.learning_rate_at(6, 1.0), 0.001);
        assert_eq!(step.learning_rate_at(7, 0.1), 0.001 / 10.0);
    }

    #[test]
    fn the_wdl_blend_moves_from_its_start_to_its_end_over_the_run() {
        let constant = TrainSettings { epochs: 10, wdl: 0.3, ..TrainSettings::default() };
        assert_eq!(constant.wdl_at(0, 0.0), 0.3);
        assert_eq!(constant.wdl_at(9, 1.0), 0.3);
        let moving = TrainSettings { wdl_end: Some(0.7), ..constant };
        assert!((moving.wdl_at(0, 0.0) - 0.3).abs() < 1e-6);
        assert!((moving.wdl_at(4, 1.0) - 0.5).abs() < 1e-6);
        assert!((moving.wdl_at(9, 1.0) - 0.7).abs() < 1e-6);
        // The target of a won position moves with it.
        let position = crate::board::Position::startpos();
        let record = Record::new(&position, 0, super::super::training_data::GameOutcome::WhiteWins);
        let start = Sample::new(&record, &Shape::PLAIN, &moving, moving.wdl_at(0, 0.0), false).target;
        let end = Sample::new(&record, &Shape::PLAIN, &moving, moving.wdl_at(9, 1.0), false).target;
        assert!((start - (0.3 + 0.7 * 0.5)).abs() < 1e-6 && (end - (0.7 + 0.3 * 0.5)).abs() < 1e-6);
    }

    #[test]
    fn weight_decay_shrinks_the_weights_but_not_the_biases() {
        let mut trainer = Trainer::<256>::new(3);
        let shape = Shape::PLAIN;
        for i in 0..shape.hidden {
            trainer.parameters[shape.feature_bias() + i] = 0.5;
        }
        trainer.parameters[shape.output_bias() + 3] = 0.25;
        let samples = [sample(&shape)];
        let mut plain = trainer.clone();
        let mut decayed = trainer.clone();
        plain.step(&samples, 0.001, 0.0);
        decayed.step(&samples, 0.001, 0.5);
        for i in 0..shape.parameters() {
            let (before, p, d) = (trainer.parameters[i], plain.parameters[i], decayed.parameters[i]);
            let expected = if shape.is_weight(i) { p - 0.001 * 0.5 * p } else { p };
            assert!((d - expected).abs() <= 1e-7 * (1.0 + before.abs()), "parameter {i}: {d} for {expected}");
        }
        assert!(plain.parameters[..shape.feature_bias()].iter().zip(&decayed.parameters).any(|(p, d)| p != d));
    }
}
