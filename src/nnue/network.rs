//! The network: its quantised weights, its file format and its output.
//!
//! Two views of the board (the side to move's and the other side's), each
//! 768 inputs into `HIDDEN` neurons with shared weights, then a squared
//! clipped ReLU, then one output, whose weights are chosen among
//! `OUTPUT_BUCKETS` sets by the number of pieces on the board (so that
//! openings, middlegames and endgames each weigh the hidden layer their own
//! way). Inference is integer arithmetic: the
//! hidden layer in units of `1/QA`, the output weights in units of `1/QB`,
//! so that the output sum is in units of `1/(QA * QA * QB)`, and `scale`
//! turns the network's output into centipawns.
//!
//! The file, little-endian: the magic `RQNN`, the version (u32, 2), the
//! hidden size (u32), the scale (u32), then the feature weights (768 rows
//! of `HIDDEN` i16), the feature biases (`HIDDEN` i16), the output weights
//! of each bucket (the side to move's `HIDDEN` i16, then the other side's)
//! and the output biases (`OUTPUT_BUCKETS` i32).

use super::features::INPUTS;
use super::simd;
use std::fmt;

/// Hidden neurons for each view.
pub const HIDDEN: usize = 256;
/// The hidden layer's quantisation: 1.0 is `QA`; the clipped ReLU's ceiling.
pub const QA: i32 = 255;
/// The output weights' quantisation: 1.0 is `QB`.
pub const QB: i32 = 64;
/// Sets of output weights, chosen by the number of pieces.
pub const OUTPUT_BUCKETS: usize = 8;

/// The output bucket of a position with `pieces` pieces (2 to 32).
#[inline(always)]
pub fn output_bucket(pieces: u32) -> usize {
    (pieces.saturating_sub(2) as usize / 4).min(OUTPUT_BUCKETS - 1)
}

/// One view's output sum stays within i32 (255² · 128 per neuron).
const _: () = assert!(HIDDEN as i64 * 255 * 255 * 128 <= i32::MAX as i64);

const MAGIC: &[u8; 4] = b"RQNN";
const VERSION: u32 = 2;
const HEADER_BYTES: usize = 16;
/// The size of a network file of this build's hidden size.
pub const FILE_BYTES: usize =
    HEADER_BYTES + 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;

/// The quantised network, as the engine evaluates it.
#[repr(C, align(64))]
pub struct Network {
    pub feature_weights: [[i16; HIDDEN]; INPUTS],
    pub feature_bias: [i16; HIDDEN],
    /// For each bucket: for the side to move's view, then the other side's.
    pub output_weights: [[[i16; HIDDEN]; 2]; OUTPUT_BUCKETS],
    pub output_bias: [i32; OUTPUT_BUCKETS],
    /// Centipawns for an output of 1.0.
    pub scale: i32,
}

/// Why a network file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    BadMagic,
    Version(u32),
    /// The file's hidden size is not the one this build evaluates.
    Hidden(u32),
    Scale(u32),
    /// The file's size does not match its header.
    Size {
        expected: usize,
        found: usize,
    },
    /// Weights so large that the integer arithmetic could overflow.
    Range(&'static str),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            NetworkError::BadMagic => write!(f, "not a Roque network (the file does not start with RQNN)"),
            NetworkError::Version(v) => write!(f, "network format version {v}; this build reads version {VERSION}"),
            NetworkError::Hidden(n) => write!(f, "hidden layer of {n} neurons; this build evaluates {HIDDEN}"),
            NetworkError::Scale(s) => write!(f, "output scale {s} is outside 1 to 10000"),
            NetworkError::Size { expected, found } => {
                write!(f, "the file has {found} bytes where its header asks for {expected}")
            }
            NetworkError::Range(what) => write!(f, "{what} too large for the integer evaluation"),
        }
    }
}

impl std::error::Error for NetworkError {}

impl Network {
    /// A network of zeros (its output is always 0).
    pub fn zeroed() -> Box<Network> {
        // SAFETY: every field is an integer or an array of integers, for
        // which all-zero bytes are a valid value.
        unsafe { Box::<Network>::new_zeroed().assume_init() }
    }

    /// Reads a network file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Box<Network>, NetworkError> {
        if bytes.len() < HEADER_BYTES || &bytes[0..4] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let (version, hidden, scale) = (word(4), word(8), word(12));
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        if hidden as usize != HIDDEN {
            return Err(NetworkError::Hidden(hidden));
        }
        if !(1..=10_000).contains(&scale) {
            return Err(NetworkError::Scale(scale));
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Size { expected: FILE_BYTES, found: bytes.len() });
        }
        let mut network = Network::zeroed();
        let mut values = bytes[HEADER_BYTES..].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]));
        let rows = network.feature_weights.iter_mut().chain(std::iter::once(&mut network.feature_bias));
        for row in rows.chain(network.output_weights.iter_mut().flatten()) {
            row.iter_mut().for_each(|w| *w = values.next().expect("the size was checked"));
        }
        let biases = bytes[FILE_BYTES - 4 * OUTPUT_BUCKETS..].chunks_exact(4);
        for (bias, b) in network.output_bias.iter_mut().zip(biases) {
            *bias = i32::from_le_bytes(b.try_into().expect("4 bytes"));
        }
        network.scale = scale as i32;
        network.check_ranges()?;
        Ok(network)
    }

    /// Refuses weights with which the integer arithmetic could overflow:
    /// a hidden value must stay within i16 whatever 32 pieces stand on the
    /// board, and a clipped value times an output weight within i16 too.
    fn check_ranges(&self) -> Result<(), NetworkError> {
        for neuron in 0..HIDDEN {
            let largest = self.feature_weights.iter().map(|row| row[neuron].unsigned_abs() as i64).max().unwrap_or(0);
            if self.feature_bias[neuron].unsigned_abs() as i64 + 32 * largest > i16::MAX as i64 {
                return Err(NetworkError::Range("feature weights"));
            }
        }
        if self.output_weights.iter().flatten().flatten().any(|w| w.unsigned_abs() as i32 * QA > i16::MAX as i32) {
            return Err(NetworkError::Range("output weights"));
        }
        Ok(())
    }

    /// The network file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_BYTES);
        bytes.extend_from_slice(MAGIC);
        for word in [VERSION, HIDDEN as u32, self.scale as u32] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        let rows = self.feature_weights.iter().chain(std::iter::once(&self.feature_bias));
        for row in rows.chain(self.output_weights.iter().flatten()) {
            row.iter().for_each(|w| bytes.extend_from_slice(&w.to_le_bytes()));
        }
        self.output_bias.iter().for_each(|b| bytes.extend_from_slice(&b.to_le_bytes()));
        bytes
    }

    /// The output in centipawns, for the side to move, from the two views'
    /// hidden layers (the side to move's first), with the output weights of
    /// `bucket`.
    #[inline(always)]
    pub fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN], bucket: usize) -> i32 {
        let weights = &self.output_weights[bucket];
        let sum = simd::screlu_dot(us, &weights[0]) as i64 + simd::screlu_dot(them, &weights[1]) as i64;
        let value = (sum / QA as i64 + self.output_bias[bucket] as i64) * self.scale as i64 / (QA * QB) as i64;
        value.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_network() -> Box<Network> {
        let mut network = Network::zeroed();
        for (i, row) in network.feature_weights.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = ((i * 7 + j * 13) % 61) as i16 - 30;
            }
        }
        network.feature_bias.iter_mut().enumerate().for_each(|(j, b)| *b = (j % 9) as i16);
        network.output_weights[5][1][3] = -77;
        network.output_bias[7] = -1234;
        network.scale = 400;
        network
    }

    #[test]
    fn a_network_file_round_trips() {
        let network = sample_network();
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        let back = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.output_bias[7], -1234);
        assert_eq!(back.output_weights[5][1][3], -77);
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = sample_network().to_bytes();
        assert_eq!(Network::from_bytes(b"hello").err(), Some(NetworkError::BadMagic));
        assert_eq!((output_bucket(2), output_bucket(5), output_bucket(6), output_bucket(32)), (0, 0, 1, 7));
        let mut wrong = bytes.clone();
        wrong[4] = 9;
        assert_eq!(Network::from_bytes(&wrong).err(), Some(NetworkError::Version(9)));
        let mut wrong = bytes.clone();
        wrong[8..12].copy_from_slice(&(HIDDEN as u32 * 2).to_le_bytes());
        assert_eq!(Network::from_bytes(&wrong).err(), Some(NetworkError::Hidden(HIDDEN as u32 * 2)));
        let mut wrong = bytes.clone();
        wrong[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::from_bytes(&wrong).err(), Some(NetworkError::Scale(0)));
        let mut wrong = sample_network();
        wrong.feature_weights[100][7] = 1100;
        assert_eq!(Network::from_bytes(&wrong.to_bytes()).err(), Some(NetworkError::Range("feature weights")));
        let mut wrong = sample_network();
        wrong.output_weights[2][0][0] = -200;
        assert_eq!(Network::from_bytes(&wrong.to_bytes()).err(), Some(NetworkError::Range("output weights")));
        let short = &bytes[..bytes.len() - 1];
        assert_eq!(
            Network::from_bytes(short).err(),
            Some(NetworkError::Size { expected: FILE_BYTES, found: FILE_BYTES - 1 })
        );
    }
}
