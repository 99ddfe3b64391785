//! The hidden layer before its activation (the accumulator), kept up to date
//! move by move: a move changes two to four inputs, so the child's values
//! are the parent's plus and minus a few weight rows. The search keeps one
//! accumulator a ply on a stack and computes each lazily, only when a node
//! is evaluated, from the nearest computed one below it; taking a move back
//! costs nothing.

use super::features::feature_index;
use super::network::{output_bucket, Network, HIDDEN};
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
use super::simd::{self, VectorSet};
use crate::board::{Board, CastlingSide, Position, Rules};
use crate::types::{Color, Move, MoveKind, Piece, PieceType, Square};

/// The hidden layer's sums for both views (White's, then Black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Computed from nothing: the biases plus every piece's row.
    pub fn new<R: Rules>(network: &Network, position: &Board<R>) -> Accumulator {
        #[cfg(target_arch = "x86_64")]
        if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
            // SAFETY: the CPU has AVX2 (AVX-512 implies it).
            return unsafe { Accumulator::new_avx2(network, position) };
        }
        Accumulator::new_loops(network, position)
    }

    /// [`Accumulator::new`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn new_avx2<R: Rules>(network: &Network, position: &Board<R>) -> Accumulator {
        Accumulator::new_loops(network, position)
    }

    #[inline(always)]
    fn new_loops<R: Rules>(network: &Network, position: &Board<R>) -> Accumulator {
        let mut accumulator = Accumulator { values: [network.feature_bias; 2] };
        for square in position.occupied() {
            let piece = position.piece_on(square).expect("an occupied square holds a piece");
            for view in Color::ALL {
                let row = &network.feature_weights[feature_index(view, piece, square)];
                let values = &mut accumulator.values[view.index()];
                values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
            }
        }
        accumulator
    }

    /// The evaluation in centipawns of `position`, whose accumulator this
    /// is, for its side to move.
    #[inline(always)]
    pub fn evaluate<R: Rules>(&self, network: &Network, position: &Board<R>) -> i32 {
        let side_to_move = position.side_to_move();
        let us = &self.values[side_to_move.index()];
        let them = &self.values[(!side_to_move).index()];
        network.output(us, them, output_bucket(position.occupied().count()))
    }
}

/// The inputs a move turns off and on: at most two of each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delta {
    added: [(u8, u8); 2],
    removed: [(u8, u8); 2],
    added_count: u8,
    removed_count: u8,
}

impl Delta {
    fn add(&mut self, piece: Piece, square: Square) {
        self.added[self.added_count as usize] = (piece.index() as u8, square.index() as u8);
        self.added_count += 1;
    }

    fn remove(&mut self, piece: Piece, square: Square) {
        self.removed[self.removed_count as usize] = (piece.index() as u8, square.index() as u8);
        self.removed_count += 1;
    }

    /// What `m`, legal in `position`, changes.
    #[inline(always)]
    pub fn of_move(position: &Position, m: Move) -> Delta {
        let mut delta = Delta::default();
        let from = m.from();
        let to = m.to();
        let piece = position.piece_on(from).expect("a legal move starts on a piece");
        let us = piece.color();
        match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::of(from, to);
                let rook = Piece::new(us, PieceType::Rook);
                delta.remove(piece, from);
                delta.remove(rook, to);
                delta.add(piece, side.king_destination(us));
                delta.add(rook, side.rook_destination(us));
            }
            MoveKind::EnPassant => {
                delta.remove(piece, from);
                delta.remove(Piece::new(!us, PieceType::Pawn), Square::new(to.file(), from.rank()));
                delta.add(piece, to);
            }
            MoveKind::Normal | MoveKind::Promotion => {
                delta.remove(piece, from);
                if let Some(captured) = position.piece_on(to) {
                    delta.remove(captured, to);
                }
                let placed = m.promotion_piece().map_or(piece, |kind| Piece::new(us, kind));
                delta.add(placed, to);
            }
        }
        delta
    }

    /// `parent` with this delta applied.
    #[inline(always)]
    pub fn apply(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        #[cfg(target_arch = "x86_64")]
        if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
            // SAFETY: the CPU has AVX2 (AVX-512 implies it).
            return unsafe { self.apply_avx2(network, parent, child) };
        }
        self.apply_loops(network, parent, child)
    }

    /// [`Delta::apply`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn apply_avx2(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        self.apply_loops(network, parent, child)
    }

    #[inline(always)]
    fn apply_loops(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        let row = |view: Color, (piece, square): (u8, u8)| {
            let piece = Piece::ALL[piece as usize];
            let square = Square::from_index_unchecked(square as u32);
            &network.feature_weights[feature_index(view, piece, square)]
        };
        for view in Color::ALL {
            let from = &parent.values[view.index()];
            let to = &mut child.values[view.index()];
            let add0 = row(view, self.added[0]);
            let sub0 = row(view, self.removed[0]);
            match (self.added_count, self.removed_count) {
                (1, 1) => {
                    for i in 0..HIDDEN {
                        to[i] = from[i] + add0[i] - sub0[i];
                    }
                }
                (1, 2) => {
                    let sub1 = row(view, self.removed[1]);
                    for i in 0..HIDDEN {
                        to[i] = from[i] + add0[i] - sub0[i] - sub1[i];
                    }
                }
                _ => {
                    let add1 = row(view, self.added[1]);
                    let sub1 = row(view, self.removed[1]);
                    for i in 0..HIDDEN {
                        to[i] = from[i] + add0[i] + add1[i] - sub0[i] - sub1[i];
                    }
                }
            }
        }
    }
}

/// One ply of the stack: the accumulator, once computed, and the move that
/// led here from the ply below.
#[derive(Clone, Copy)]
struct Entry {
    accumulator: Accumulator,
    delta: Delta,
    computed: bool,
}

/// The search's accumulators, one a ply.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
}

impl AccumulatorStack {
    pub fn new(plies: usize) -> AccumulatorStack {
        let empty =
            Entry { accumulator: Accumulator { values: [[0; HIDDEN]; 2] }, delta: Delta::default(), computed: false };
        AccumulatorStack { entries: vec![empty; plies] }
    }

    /// Ply 0 is `position`, computed from nothing.
    pub fn reset(&mut self, network: &Network, position: &Position) {
        self.entries[0].accumulator = Accumulator::new(network, position);
        self.entries[0].computed = true;
    }

    /// The position at `ply + 1` is the one at `ply` after `m`.
    #[inline(always)]
    pub fn push_move(&mut self, ply: usize, position: &Position, m: Move) {
        let entry = &mut self.entries[ply + 1];
        entry.delta = Delta::of_move(position, m);
        entry.computed = false;
    }

    /// The position at `ply + 1` is the one at `ply` with the move passed.
    #[inline(always)]
    pub fn push_null_move(&mut self, ply: usize) {
        let entry = &mut self.entries[ply + 1];
        entry.delta = Delta::default();
        entry.computed = false;
    }

    /// The evaluation of `position`, the one at `ply`, bringing its
    /// accumulator up to date from the nearest computed one below.
    #[inline(always)]
    pub fn evaluate(&mut self, network: &Network, ply: usize, position: &Position) -> i32 {
        self.update(network, ply);
        self.entries[ply].accumulator.evaluate(network, position)
    }

    fn update(&mut self, network: &Network, ply: usize) {
        let mut base = ply;
        while !self.entries[base].computed {
            base -= 1;
        }
        for index in base + 1..=ply {
            let (below, above) = self.entries.split_at_mut(index);
            let entry = &mut above[0];
            let parent = &below[index - 1].accumulator;
            if entry.delta.added_count == 0 {
                entry.accumulator = *parent;
            } else {
                entry.delta.apply(network, parent, &mut entry.accumulator);
            }
            entry.computed = true;
        }
    }

    /// The accumulator at `ply`, brought up to date (for tests).
    pub fn accumulator(&mut self, network: &Network, ply: usize) -> &Accumulator {
        self.update(network, ply);
        &self.entries[ply].accumulator
    }
}
