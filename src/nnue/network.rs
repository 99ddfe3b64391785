//! The network: its quantised weights, its file format and its output.
//!
//! Two views of the board (the side to move's and the other side's), each
//! 768 inputs into `HIDDEN` neurons with shared weights, then a squared
//! clipped ReLU, then one output, whose weights are chosen among
//! `OUTPUT_BUCKETS` sets by the number of pieces on the board (so that
//! openings, middlegames and endgames each weigh the hidden layer their own
//! way). A network may have king buckets: a set of 768 input rows for each
//! bucket of the view's own king squares, and the board mirrored left to
//! right where that king stands on the e to h files ([`KingBuckets`]).
//! Inference is integer arithmetic: the
//! hidden layer in units of `1/QA`, the output weights in units of `1/QB`,
//! so that the output sum is in units of `1/(QA * QA * QB)`, and `scale`
//! turns the network's output into centipawns.
//!
//! The file, little-endian: the magic `RQNN`, the version (u32), the
//! hidden size (u32), the scale (u32); in version 3, the number of king
//! buckets (u32), the flags (u32: 1 for mirroring) and the bucket of each
//! king square as its own side sees it (64 bytes, a1 to h8); then the
//! feature weights (768 rows of `HIDDEN` i16 for each king bucket), the
//! feature biases (`HIDDEN` i16), the output weights of each bucket (the
//! side to move's `HIDDEN` i16, then the other side's) and the output
//! biases (`OUTPUT_BUCKETS` i32). Version 2 is version 3 with one king
//! bucket and no mirroring, without those fields; a network of that shape
//! is written so. Version 4 is version 3 with the input set (u32: 0 chess,
//! 1 Elven Chess, [`InputSet`]) after the scale, and that set's rows in
//! place of 768: the version of every network that does not read the
//! chess board, so that chess's files stay as they were.

use super::features::{InputSet, ViewKey, INPUTS};
use super::simd;
use crate::types::{Color, Square};
use std::fmt;

// `HIDDEN`: the hidden size of the network built in, which build.rs reads
// from its file. The engine evaluates that width; the trainer makes
// networks of any width (`Network<H>`).
include!(concat!(env!("OUT_DIR"), "/hidden.rs"));
/// The hidden layer's quantisation: 1.0 is `QA`; the clipped ReLU's ceiling.
pub const QA: i32 = 255;
/// The output weights' quantisation: 1.0 is `QB`.
pub const QB: i32 = 64;
/// Sets of output weights, chosen by the number of pieces.
pub const OUTPUT_BUCKETS: usize = 8;
/// The most king buckets a network file may have.
pub const MAX_KING_BUCKETS: usize = 32;

/// The output bucket of a position with `pieces` pieces (2 to 32).
#[inline(always)]
pub fn output_bucket(pieces: u32) -> usize {
    InputSet::Chess.output_bucket(pieces)
}

const MAGIC: &[u8; 4] = b"RQNN";
/// The version of a network without king buckets.
const VERSION_PLAIN: u32 = 2;
/// The version with king buckets.
const VERSION: u32 = 3;
/// The version that names its input set.
const VERSION_INPUTS: u32 = 4;
const HEADER_BYTES: usize = 16;
const BUCKETS_HEADER_BYTES: usize = 8 + 64;
/// The size of a version-2 network file (one king bucket) of this build's
/// hidden size.
pub const FILE_BYTES: usize = file_bytes(HIDDEN, 1, InputSet::Chess, false);

/// The largest network file this build reads (the most king buckets).
pub const MAX_FILE_BYTES: usize = max_file_bytes(HIDDEN);

/// The largest file of a network of `hidden` neurons (the most king
/// buckets).
pub const fn max_file_bytes(hidden: usize) -> usize {
    let chess = file_bytes(hidden, MAX_KING_BUCKETS, InputSet::Chess, true);
    let elven = file_bytes(hidden, MAX_KING_BUCKETS, InputSet::Elven, true);
    if chess > elven {
        chess
    } else {
        elven
    }
}

/// The size of the file of a network of `hidden` neurons with `buckets`
/// king buckets reading `inputs`, written with the king buckets' header
/// (`keyed`: version 3 or 4) or without it (version 2).
const fn file_bytes(hidden: usize, buckets: usize, inputs: InputSet, keyed: bool) -> usize {
    let header = HEADER_BYTES + if keyed { BUCKETS_HEADER_BYTES } else { 0 } + (inputs.code() != 0) as usize * 4;
    header + 2 * (buckets * inputs.count() * hidden + hidden + OUTPUT_BUCKETS * 2 * hidden) + 4 * OUTPUT_BUCKETS
}

/// Whether a network of `hidden` neurons can be evaluated: a whole number
/// of the widest vector (32 values of i16), at most 1024.
pub const fn hidden_size_allowed(hidden: usize) -> bool {
    hidden > 0 && hidden <= 1024 && hidden.is_multiple_of(32)
}

/// Which set of input rows each view reads, by its own king's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingBuckets {
    /// The bucket of each king square as its own side sees it (its first
    /// rank is rank 1), after the mirroring.
    pub map: [u8; 64],
    /// Mirror the board left to right where the king stands on the e to h
    /// files (so that only the a to d files' entries of `map` are read).
    pub mirror: bool,
    /// The number of buckets (each entry of `map` is below it).
    pub count: usize,
}

impl KingBuckets {
    /// One set of rows, whatever the king's square (the plain network).
    pub const NONE: KingBuckets = KingBuckets { map: [0; 64], mirror: false, count: 1 };

    /// The sets the trainer knows by name: `none`; `mirror4` (mirrored;
    /// the king on a1-b1, on c1-d1, on the second rank, further up);
    /// `mirror8` (mirrored; a1-b1, c1-d1, a2-b2, c2-d2, the third rank, the
    /// fourth, the fifth and sixth, the seventh and eighth).
    pub fn named(name: &str) -> Option<KingBuckets> {
        // The a to d files' buckets, rank by rank (the e to h files mirror them).
        #[rustfmt::skip]
        let half: [u8; 32] = match name {
            "none" => return Some(KingBuckets::NONE),
            "mirror4" => [
                0, 0, 1, 1,
                2, 2, 2, 2,
                3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
            ],
            "mirror8" => [
                0, 0, 1, 1,
                2, 2, 3, 3,
                4, 4, 4, 4,
                5, 5, 5, 5,
                6, 6, 6, 6, 6, 6, 6, 6,
                7, 7, 7, 7, 7, 7, 7, 7,
            ],
            _ => return None,
        };
        let mut map = [0u8; 64];
        for (square, bucket) in map.iter_mut().enumerate() {
            *bucket = half[square / 8 * 4 + (square % 8).min(7 - square % 8)];
        }
        let count = *half.iter().max().expect("32 squares") as usize + 1;
        Some(KingBuckets { map, mirror: true, count })
    }

    /// Whether a view's rows can change with its king's square.
    #[inline(always)]
    pub fn keyed(&self) -> bool {
        self.count > 1 || self.mirror
    }

    /// How `perspective` reads the board with its king on `king` (a board
    /// without that king, as some variants have, reads as if it stood on
    /// its own e1).
    #[inline(always)]
    pub fn view_key(&self, perspective: Color, king: Option<Square>) -> ViewKey {
        let seen = king.map_or(Square::E1.index(), |square| square.relative(perspective).index());
        let flip = if self.mirror && seen & 7 >= 4 { 7 } else { 0 };
        let bucket = self.map[seen ^ flip as usize] as u32;
        ViewKey { offset: bucket * INPUTS as u32, flip }
    }
}

/// One input's weights into the hidden layer, aligned as the accumulator
/// is, so that the compiler reads them with whole vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row<const H: usize = HIDDEN>(pub [i16; H]);

impl<const H: usize> std::ops::Deref for Row<H> {
    type Target = [i16; H];

    #[inline(always)]
    fn deref(&self) -> &[i16; H] {
        &self.0
    }
}

impl<const H: usize> std::ops::DerefMut for Row<H> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [i16; H] {
        &mut self.0
    }
}

/// The quantised network of `H` hidden neurons a view; the engine
/// evaluates those of `HIDDEN`.
#[repr(C, align(64))]
pub struct Network<const H: usize = HIDDEN> {
    /// For each king bucket, a row for each input of `inputs`
    /// ([`ViewKey::index`] for chess's).
    pub feature_weights: Box<[Row<H>]>,
    pub feature_bias: [i16; H],
    /// For each bucket: for the side to move's view, then the other side's.
    pub output_weights: [[[i16; H]; 2]; OUTPUT_BUCKETS],
    pub output_bias: [i32; OUTPUT_BUCKETS],
    /// Centipawns for an output of 1.0.
    pub scale: i32,
    pub king_buckets: KingBuckets,
    /// The board and men it reads.
    pub inputs: InputSet,
}

/// Why a network file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    BadMagic,
    Version(u32),
    /// A version-4 file names an input set this build does not know.
    Inputs(u32),
    /// The file's hidden size is not the one asked for (this build's).
    Hidden {
        found: u32,
        expected: usize,
    },
    Scale(u32),
    /// The king buckets: their number, or a square's bucket beyond it.
    KingBuckets(String),
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
            NetworkError::Version(v) => {
                write!(f, "network format version {v}; this build reads versions {VERSION_PLAIN} to {VERSION_INPUTS}")
            }
            NetworkError::Inputs(code) => write!(f, "input set {code}, where 0 (chess) and 1 (Elven Chess) are read"),
            NetworkError::Hidden { found, expected } => write!(
                f,
                "a hidden layer of {found} neurons, where {expected} are read (a build for another width: make EVALFILE=<net>)"
            ),
            NetworkError::Scale(s) => write!(f, "output scale {s} is outside 1 to 10000"),
            NetworkError::KingBuckets(what) => write!(f, "king buckets: {what}"),
            NetworkError::Size { expected, found } => {
                write!(f, "the file has {found} bytes where its header asks for {expected}")
            }
            NetworkError::Range(what) => write!(f, "{what} too large for the integer evaluation"),
        }
    }
}

impl std::error::Error for NetworkError {}

impl<const H: usize> Network<H> {
    /// Refuses, when the program is built, a width the vector code cannot
    /// take.
    const WIDTH_ALLOWED: () = assert!(hidden_size_allowed(H));

    /// A network of zeros (its output is always 0), without king buckets.
    pub fn zeroed() -> Box<Network<H>> {
        Network::zeroed_with(KingBuckets::NONE)
    }

    /// A network of zeros with these king buckets.
    pub fn zeroed_with(king_buckets: KingBuckets) -> Box<Network<H>> {
        Network::zeroed_for(InputSet::Chess, king_buckets)
    }

    /// A network of zeros reading `inputs`, with these king buckets.
    pub fn zeroed_for(inputs: InputSet, king_buckets: KingBuckets) -> Box<Network<H>> {
        let () = Self::WIDTH_ALLOWED;
        Box::new(Network {
            feature_weights: vec![Row([0; H]); king_buckets.count * inputs.count()].into_boxed_slice(),
            feature_bias: [0; H],
            output_weights: [[[0; H]; 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
            scale: 0,
            king_buckets,
            inputs,
        })
    }

    /// The weights of input row `index`.
    #[inline(always)]
    pub fn row(&self, index: usize) -> &[i16; H] {
        let row = &self.feature_weights[index].0;
        // SAFETY: a `Row` is aligned to 64 bytes by its type; saying so
        // lets the compiler read it with whole vector loads, though it
        // cannot see where the rows start.
        unsafe { std::hint::assert_unchecked(row.as_ptr().addr().is_multiple_of(64)) };
        row
    }

    /// How `perspective` reads `position` (by its king's square).
    #[inline(always)]
    pub fn view_key<R: crate::board::ChessRules>(
        &self,
        perspective: Color,
        position: &crate::board::Board<R>,
    ) -> ViewKey {
        if !self.king_buckets.keyed() {
            return ViewKey::default();
        }
        let kings = position.pieces(perspective, crate::types::PieceType::King);
        self.king_buckets.view_key(perspective, kings.any().then(|| kings.lsb()))
    }

    /// Reads a network file (of `H` hidden neurons).
    pub fn from_bytes(bytes: &[u8]) -> Result<Box<Network<H>>, NetworkError> {
        if bytes.len() < HEADER_BYTES || &bytes[0..4] != MAGIC {
            return Err(NetworkError::BadMagic);
        }
        let word = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
        let (version, hidden, scale) = (word(4), word(8), word(12));
        if !(VERSION_PLAIN..=VERSION_INPUTS).contains(&version) {
            return Err(NetworkError::Version(version));
        }
        if hidden as usize != H {
            return Err(NetworkError::Hidden { found: hidden, expected: H });
        }
        if !(1..=10_000).contains(&scale) {
            return Err(NetworkError::Scale(scale));
        }
        // Version 4's input set, then version 3's king buckets.
        let (inputs, buckets_at) = if version == VERSION_INPUTS {
            if bytes.len() < HEADER_BYTES + 4 {
                return Err(NetworkError::Size { expected: HEADER_BYTES + 4, found: bytes.len() });
            }
            let code = word(HEADER_BYTES);
            // A chess network is written in version 2 or 3.
            let inputs = InputSet::from_code(code).filter(|&set| set != InputSet::Chess);
            (inputs.ok_or(NetworkError::Inputs(code))?, HEADER_BYTES + 4)
        } else {
            (InputSet::Chess, HEADER_BYTES)
        };
        let keyed = version != VERSION_PLAIN;
        let king_buckets = if keyed {
            if bytes.len() < buckets_at + BUCKETS_HEADER_BYTES {
                return Err(NetworkError::Size { expected: file_bytes(H, 1, inputs, true), found: bytes.len() });
            }
            king_buckets_of(word(buckets_at), word(buckets_at + 4), &bytes[buckets_at + 8..buckets_at + 72])?
        } else {
            KingBuckets::NONE
        };
        let expected = file_bytes(H, king_buckets.count, inputs, keyed);
        if bytes.len() != expected {
            return Err(NetworkError::Size { expected, found: bytes.len() });
        }
        let mut network = Network::zeroed_for(inputs, king_buckets);
        let start = buckets_at + if keyed { BUCKETS_HEADER_BYTES } else { 0 };
        let mut values = bytes[start..].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]]));
        let rows =
            network.feature_weights.iter_mut().map(|row| &mut row.0).chain(std::iter::once(&mut network.feature_bias));
        for row in rows.chain(network.output_weights.iter_mut().flatten()) {
            row.iter_mut().for_each(|w| *w = values.next().expect("the size was checked"));
        }
        let biases = bytes[expected - 4 * OUTPUT_BUCKETS..].chunks_exact(4);
        for (bias, b) in network.output_bias.iter_mut().zip(biases) {
            *bias = i32::from_le_bytes(b.try_into().expect("4 bytes"));
        }
        network.scale = scale as i32;
        network.check_ranges()?;
        Ok(network)
    }

    /// Refuses weights with which the integer arithmetic could overflow:
    /// a hidden value must stay within i16 whatever men stand on the board
    /// (32 in chess, 46 in Elven Chess), a clipped value times an output weight within i16 too, and a
    /// view's output sum (at most QA² times the sum of its weights' sizes)
    /// within i32.
    fn check_ranges(&self) -> Result<(), NetworkError> {
        let mut largest = [0i64; H];
        for row in self.feature_weights.iter() {
            for (most, w) in largest.iter_mut().zip(row.iter()) {
                *most = (*most).max(w.unsigned_abs() as i64);
            }
        }
        for (neuron, most) in largest.iter().enumerate() {
            let men = self.inputs.max_men() as i64;
            if self.feature_bias[neuron].unsigned_abs() as i64 + men * most > i16::MAX as i64 {
                return Err(NetworkError::Range("feature weights"));
            }
        }
        if self.output_weights.iter().flatten().flatten().any(|w| w.unsigned_abs() as i32 * QA > i16::MAX as i32) {
            return Err(NetworkError::Range("output weights"));
        }
        let sum_limit = i32::MAX as i64 / (QA * QA) as i64;
        for weights in self.output_weights.iter().flatten() {
            if weights.iter().map(|w| w.unsigned_abs() as i64).sum::<i64>() > sum_limit {
                return Err(NetworkError::Range("output weights' sum"));
            }
        }
        Ok(())
    }

    /// The network file: version 2 where it reads the chess board without
    /// king buckets, 3 with them, 4 where it reads another board.
    pub fn to_bytes(&self) -> Vec<u8> {
        let named = self.inputs != InputSet::Chess;
        let keyed = self.king_buckets.keyed() || named;
        let mut bytes = Vec::with_capacity(file_bytes(H, self.king_buckets.count, self.inputs, keyed));
        bytes.extend_from_slice(MAGIC);
        let version = if named {
            VERSION_INPUTS
        } else if keyed {
            VERSION
        } else {
            VERSION_PLAIN
        };
        for word in [version, H as u32, self.scale as u32] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        if named {
            bytes.extend_from_slice(&self.inputs.code().to_le_bytes());
        }
        if keyed {
            for word in [self.king_buckets.count as u32, self.king_buckets.mirror as u32] {
                bytes.extend_from_slice(&word.to_le_bytes());
            }
            bytes.extend_from_slice(&self.king_buckets.map);
        }
        let rows = self.feature_weights.iter().map(|row| &row.0).chain(std::iter::once(&self.feature_bias));
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
    pub fn output(&self, us: &[i16; H], them: &[i16; H], bucket: usize) -> i32 {
        let weights = &self.output_weights[bucket];
        let sum = simd::screlu_dot(us, &weights[0]) as i64 + simd::screlu_dot(them, &weights[1]) as i64;
        let value = (sum / QA as i64 + self.output_bias[bucket] as i64) * self.scale as i64 / (QA * QB) as i64;
        value.clamp(i32::MIN as i64, i32::MAX as i64) as i32
    }

    /// `view`'s hidden layer before its activation, from every man on the
    /// board: the biases plus each man's row.
    #[inline(always)]
    pub fn view_from_scratch<R: crate::board::ChessRules>(
        &self,
        view: Color,
        position: &crate::board::Board<R>,
    ) -> [i16; H] {
        let key = self.view_key(view, position);
        let mut values = self.feature_bias;
        for square in position.occupied() {
            let piece = position.piece_on(square).expect("an occupied square holds a piece");
            let row = self.row(key.index(view, piece, square));
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
        }
        values
    }

    /// A view's hidden layer before its activation from its inputs (the
    /// rows of every man on the board, as the network's input set numbers
    /// them): the biases plus each row.
    #[inline(always)]
    pub fn view_of_inputs(&self, inputs: impl IntoIterator<Item = usize>) -> [i16; H] {
        let mut values = self.feature_bias;
        for input in inputs {
            let row = self.row(input);
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
        }
        values
    }

    /// The evaluation in centipawns of `position` for its side to move,
    /// from every man on the board: for a network of any width (the
    /// trainer's check of what it wrote; the search keeps accumulators).
    pub fn evaluate_from_scratch<R: crate::board::ChessRules>(&self, position: &crate::board::Board<R>) -> i32 {
        let views = Color::ALL.map(|view| self.view_from_scratch(view, position));
        let side_to_move = position.side_to_move().index();
        let bucket = output_bucket(position.occupied().count());
        self.output(&views[side_to_move], &views[1 - side_to_move], bucket)
    }
}

/// The king buckets a version-3 header describes (its number of buckets,
/// its flags and its 64 squares' buckets); the trainer's checkpoints hold
/// them the same way.
pub fn king_buckets_of(count: u32, flags: u32, map: &[u8]) -> Result<KingBuckets, NetworkError> {
    if !(1..=MAX_KING_BUCKETS as u32).contains(&count) {
        return Err(NetworkError::KingBuckets(format!("{count} buckets, where 1 to {MAX_KING_BUCKETS} are read")));
    }
    if flags > 1 {
        return Err(NetworkError::KingBuckets(format!("unknown flags {flags}")));
    }
    if let Some(square) = map.iter().position(|&bucket| bucket as u32 >= count) {
        return Err(NetworkError::KingBuckets(format!("square {square} in bucket {} of {count}", map[square])));
    }
    let map: [u8; 64] = map.try_into().expect("64 bytes");
    Ok(KingBuckets { map, mirror: flags == 1, count: count as usize })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_network() -> Box<Network> {
        let mut network = Network::<HIDDEN>::zeroed();
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
        let back = Network::<HIDDEN>::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.output_bias[7], -1234);
        assert_eq!(back.output_weights[5][1][3], -77);
    }

    #[test]
    fn an_elven_network_file_names_its_inputs_and_round_trips() {
        let mut network = Network::<HIDDEN>::zeroed_for(InputSet::Elven, KingBuckets::NONE);
        assert_eq!(network.feature_weights.len(), 2000);
        network.feature_weights[1999][3] = -21;
        network.output_bias[2] = 99;
        network.scale = 560;
        let bytes = network.to_bytes();
        assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), VERSION_INPUTS);
        assert_eq!(bytes.len(), FILE_BYTES + 4 + BUCKETS_HEADER_BYTES + 1232 * HIDDEN * 2);
        let back = Network::<HIDDEN>::from_bytes(&bytes).unwrap();
        assert_eq!((back.inputs, back.feature_weights[1999][3], back.output_bias[2]), (InputSet::Elven, -21, 99));
        assert_eq!(back.to_bytes(), bytes);
        // An unknown input set, and chess's named in version 4 (written
        // in 2 or 3 only), are refused.
        for code in [0u32, 7] {
            let mut other = bytes.clone();
            other[16..20].copy_from_slice(&code.to_le_bytes());
            assert_eq!(Network::<HIDDEN>::from_bytes(&other).err(), Some(NetworkError::Inputs(code)));
        }
        // A chess network is still written as before, in version 2.
        assert_eq!(u32::from_le_bytes(sample_network().to_bytes()[4..8].try_into().unwrap()), VERSION_PLAIN);
    }

    #[test]
    fn an_elven_network_is_checked_for_its_46_men() {
        let mut network = Network::<HIDDEN>::zeroed_for(InputSet::Elven, KingBuckets::NONE);
        network.scale = 560;
        // 720 a man: 32 men would fit in i16, 46 do not.
        network.feature_weights[17][0] = 720;
        let bytes = network.to_bytes();
        assert_eq!(Network::<HIDDEN>::from_bytes(&bytes).err(), Some(NetworkError::Range("feature weights")));
        network.feature_weights[17][0] = 700 * 32 / 46;
        assert!(Network::<HIDDEN>::from_bytes(&network.to_bytes()).is_ok());
    }

    /// Four buckets by the king's square, mirrored.
    fn four_buckets() -> KingBuckets {
        let mut map = [3; 64];
        map[..8].copy_from_slice(&[0, 0, 1, 1, 1, 1, 0, 0]);
        map[8..16].fill(2);
        KingBuckets { map, mirror: true, count: 4 }
    }

    #[test]
    fn the_named_king_buckets() {
        assert_eq!(KingBuckets::named("mirror4"), Some(four_buckets()));
        assert_eq!(KingBuckets::named("none"), Some(KingBuckets::NONE));
        assert_eq!(KingBuckets::named("mirror5"), None);
        let eight = KingBuckets::named("mirror8").unwrap();
        assert_eq!((eight.count, eight.mirror), (8, true));
        let bucket = |square: Square| eight.map[square.index()];
        assert_eq!([Square::B1, Square::C1, Square::A2, Square::D2, Square::H3].map(bucket), [0, 1, 2, 3, 4]);
        assert_eq!([Square::E4, Square::A6, Square::D7, Square::H8].map(bucket), [5, 6, 7, 7]);
    }

    #[test]
    fn a_network_with_king_buckets_round_trips_in_version_3() {
        let mut network = Network::<HIDDEN>::zeroed_with(four_buckets());
        network.feature_weights[3 * INPUTS + 5][9] = 17;
        network.output_bias[2] = 99;
        network.scale = 300;
        let bytes = network.to_bytes();
        assert_eq!(bytes[4], 3);
        assert_eq!(bytes.len(), FILE_BYTES + BUCKETS_HEADER_BYTES + 3 * INPUTS * HIDDEN * 2);
        let back = Network::<HIDDEN>::from_bytes(&bytes).unwrap();
        assert_eq!(back.king_buckets, four_buckets());
        assert_eq!(back.feature_weights[3 * INPUTS + 5][9], 17);
        assert_eq!(back.to_bytes(), bytes);
        // Without king buckets, version 2, as the networks made before.
        assert_eq!(sample_network().to_bytes()[4], 2);
    }

    #[test]
    fn bad_king_buckets_are_refused_with_the_reason() {
        let mut network = Network::<HIDDEN>::zeroed_with(four_buckets());
        network.scale = 100;
        let bytes = network.to_bytes();
        let mut wrong = bytes.clone();
        wrong[16..20].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong).err(),
            Some(NetworkError::KingBuckets("0 buckets, where 1 to 32 are read".into()))
        );
        let mut wrong = bytes.clone();
        wrong[24 + 40] = 4;
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong).err(),
            Some(NetworkError::KingBuckets("square 40 in bucket 4 of 4".into()))
        );
        let mut wrong = bytes.clone();
        wrong[20] = 2;
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong).err(),
            Some(NetworkError::KingBuckets("unknown flags 2".into()))
        );
        let mut wrong = bytes.clone();
        wrong[16..20].copy_from_slice(&5u32.to_le_bytes());
        let expected = bytes.len() + INPUTS * HIDDEN * 2;
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong).err(),
            Some(NetworkError::Size { expected, found: bytes.len() })
        );
        assert!(matches!(Network::<HIDDEN>::from_bytes(&bytes[..40]), Err(NetworkError::Size { .. })));
    }

    #[test]
    fn a_view_reads_its_kings_bucket_mirrored_on_the_e_to_h_files() {
        let buckets = four_buckets();
        let key = |color, square| buckets.view_key(color, Some(square));
        // g1 reads as b1 mirrored, for White as g8 for Black.
        assert_eq!(key(Color::White, Square::G1), ViewKey { offset: 0, flip: 7 });
        assert_eq!(key(Color::Black, Square::G8), ViewKey { offset: 0, flip: 7 });
        assert_eq!(key(Color::White, Square::B1), ViewKey { offset: 0, flip: 0 });
        assert_eq!(key(Color::White, Square::D1), ViewKey { offset: INPUTS as u32, flip: 0 });
        assert_eq!(key(Color::White, Square::E2), ViewKey { offset: 2 * INPUTS as u32, flip: 7 });
        assert_eq!(key(Color::Black, Square::E2), ViewKey { offset: 3 * INPUTS as u32, flip: 7 });
        // No king: as if on its own e1.
        assert_eq!(buckets.view_key(Color::Black, None), key(Color::White, Square::E1));
        assert_eq!(KingBuckets::NONE.view_key(Color::White, Some(Square::H8)), ViewKey::default());
        // A mirrored view's rows: a pawn on h2 is read as one on a2.
        let white_pawn = crate::types::Piece::new(Color::White, crate::types::PieceType::Pawn);
        let mirrored = key(Color::White, Square::G1);
        assert_eq!(mirrored.index(Color::White, white_pawn, Square::H2), Square::A2.index());
        assert_eq!(mirrored.slot(), 1);
        assert_eq!(key(Color::White, Square::A5).slot(), 6);
    }

    /// At any width a view's output sum stays within i32: a file whose
    /// output weights could take it beyond is refused.
    #[test]
    fn output_weights_whose_sum_could_overflow_are_refused() {
        let mut network = Network::<512>::zeroed();
        network.scale = 100;
        network.output_weights[3][1].fill(100);
        let refused = Network::<512>::from_bytes(&network.to_bytes()).err();
        assert_eq!(refused, Some(NetworkError::Range("output weights' sum")));
        network.output_weights[3][1].fill(64);
        let read = Network::<512>::from_bytes(&network.to_bytes()).unwrap();
        let hidden = [QA as i16; 512];
        assert_eq!(read.output(&[0; 512], &hidden, 3), 64 * 512 * QA * 100 / (QA * QB));
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = sample_network().to_bytes();
        assert_eq!(Network::<HIDDEN>::from_bytes(b"hello").err(), Some(NetworkError::BadMagic));
        assert_eq!((output_bucket(2), output_bucket(5), output_bucket(6), output_bucket(32)), (0, 0, 1, 7));
        let mut wrong = bytes.clone();
        wrong[4] = 9;
        assert_eq!(Network::<HIDDEN>::from_bytes(&wrong).err(), Some(NetworkError::Version(9)));
        assert_eq!(NetworkError::Version(9).to_string(), "network format version 9; this build reads versions 2 to 4");
        let mut wrong = bytes.clone();
        wrong[8..12].copy_from_slice(&(HIDDEN as u32 * 2).to_le_bytes());
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong).err(),
            Some(NetworkError::Hidden { found: HIDDEN as u32 * 2, expected: HIDDEN })
        );
        let mut wrong = bytes.clone();
        wrong[12..16].copy_from_slice(&0u32.to_le_bytes());
        assert_eq!(Network::<HIDDEN>::from_bytes(&wrong).err(), Some(NetworkError::Scale(0)));
        let mut wrong = sample_network();
        wrong.feature_weights[100][7] = 1100;
        assert_eq!(
            Network::<HIDDEN>::from_bytes(&wrong.to_bytes()).err(),
            Some(NetworkError::Range("feature weights"))
        );
        let mut wrong = sample_network();
        wrong.output_weights[2][0][0] = -200;
        assert_eq!(Network::<HIDDEN>::from_bytes(&wrong.to_bytes()).err(), Some(NetworkError::Range("output weights")));
        let short = &bytes[..bytes.len() - 1];
        assert_eq!(
            Network::<HIDDEN>::from_bytes(short).err(),
            Some(NetworkError::Size { expected: FILE_BYTES, found: FILE_BYTES - 1 })
        );
    }
}
