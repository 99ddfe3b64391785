//! The hidden layer before its activation (the accumulator), kept up to date
//! move by move: a move changes two to four inputs, so the child's values
//! are the parent's plus and minus a few weight rows. The search keeps one
//! accumulator a ply on a stack and computes each lazily, only when a node
//! is evaluated, from the nearest computed one below it; taking a move back
//! costs nothing. Under a network with king buckets, a move that takes a
//! view's king to another bucket (or across the board's middle, where the
//! network mirrors) changes every input of that view: that view is then
//! made from a copy kept for each bucket of the last board seen with its
//! king there, by the men that came and went since (a "Finny table"),
//! rather than from every man.

use super::features::ViewKey;
use super::network::{output_bucket, Network, HIDDEN, MAX_KING_BUCKETS};
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
use super::simd::{self, VectorSet};
use crate::board::{Board, CastlingSide, ChessRules, Position};
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};

/// The hidden layer's sums for both views (White's, then Black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub values: [[i16; HIDDEN]; 2],
}

impl Accumulator {
    /// Computed from nothing: the biases plus every piece's row.
    pub fn new<R: ChessRules>(network: &Network, position: &Board<R>) -> Accumulator {
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
    unsafe fn new_avx2<R: ChessRules>(network: &Network, position: &Board<R>) -> Accumulator {
        Accumulator::new_loops(network, position)
    }

    #[inline(always)]
    fn new_loops<R: ChessRules>(network: &Network, position: &Board<R>) -> Accumulator {
        Accumulator { values: Color::ALL.map(|view| network.view_from_scratch(view, position)) }
    }

    /// The evaluation in centipawns of `position`, whose accumulator this
    /// is, for its side to move.
    #[inline(always)]
    pub fn evaluate<R: ChessRules>(&self, network: &Network, position: &Board<R>) -> i32 {
        let side_to_move = position.side_to_move();
        let us = &self.values[side_to_move.index()];
        let them = &self.values[(!side_to_move).index()];
        network.output(us, them, output_bucket(position.occupied().count()))
    }
}

/// The inputs a move turns off and on: at most two of each; and where a
/// king moved, its colour and squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Delta {
    added: [(u8, u8); 2],
    removed: [(u8, u8); 2],
    added_count: u8,
    removed_count: u8,
    /// The king's colour index plus one, 0 where no king moved.
    king: u8,
    king_from: u8,
    king_to: u8,
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

    fn king_moves(&mut self, color: Color, from: Square, to: Square) {
        self.king = color.index() as u8 + 1;
        self.king_from = from.index() as u8;
        self.king_to = to.index() as u8;
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
                delta.king_moves(us, from, side.king_destination(us));
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
                if piece.kind() == PieceType::King {
                    delta.king_moves(us, from, to);
                }
            }
        }
        delta
    }

    /// Whether this move takes `view`'s king to where `network` reads that
    /// view with other rows.
    #[inline(always)]
    fn changes_key(&self, network: &Network, view: Color) -> bool {
        self.king == view.index() as u8 + 1 && network.king_buckets.keyed() && {
            let square = |index: u8| Some(Square::from_index_unchecked(index as u32));
            let buckets = &network.king_buckets;
            buckets.view_key(view, square(self.king_from)) != buckets.view_key(view, square(self.king_to))
        }
    }

    /// `parent` with this delta applied, in both views (the path of a
    /// network without king buckets, whose views are always computed
    /// together and read with the one key there is).
    #[inline(always)]
    fn apply_both(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        #[cfg(target_arch = "x86_64")]
        if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
            // SAFETY: the CPU has AVX2 (AVX-512 implies it).
            return unsafe { self.apply_both_avx2(network, parent, child) };
        }
        self.apply_both_loops(network, parent, child)
    }

    /// [`Delta::apply_both`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn apply_both_avx2(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        self.apply_both_loops(network, parent, child)
    }

    #[inline(always)]
    fn apply_both_loops(&self, network: &Network, parent: &Accumulator, child: &mut Accumulator) {
        for view in Color::ALL {
            let (from, to) = (&parent.values[view.index()], &mut child.values[view.index()]);
            self.apply_loops(network, view, ViewKey::default(), from, to);
        }
    }

    /// `view`'s values of `parent`, read with `key`, with this delta
    /// applied.
    #[inline(always)]
    fn apply(&self, network: &Network, view: Color, key: ViewKey, from: &[i16; HIDDEN], to: &mut [i16; HIDDEN]) {
        #[cfg(target_arch = "x86_64")]
        if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
            // SAFETY: the CPU has AVX2 (AVX-512 implies it).
            return unsafe { self.apply_avx2(network, view, key, from, to) };
        }
        self.apply_loops(network, view, key, from, to)
    }

    /// [`Delta::apply`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn apply_avx2(
        &self,
        network: &Network,
        view: Color,
        key: ViewKey,
        from: &[i16; HIDDEN],
        to: &mut [i16; HIDDEN],
    ) {
        self.apply_loops(network, view, key, from, to)
    }

    #[inline(always)]
    fn apply_loops(&self, network: &Network, view: Color, key: ViewKey, from: &[i16; HIDDEN], to: &mut [i16; HIDDEN]) {
        let row = |(piece, square): (u8, u8)| {
            let piece = Piece::ALL[piece as usize];
            let square = Square::from_index_unchecked(square as u32);
            network.row(key.index(view, piece, square))
        };
        let add0 = row(self.added[0]);
        let sub0 = row(self.removed[0]);
        match (self.added_count, self.removed_count) {
            (1, 1) => {
                for i in 0..HIDDEN {
                    to[i] = from[i] + add0[i] - sub0[i];
                }
            }
            (1, 2) => {
                let sub1 = row(self.removed[1]);
                for i in 0..HIDDEN {
                    to[i] = from[i] + add0[i] - sub0[i] - sub1[i];
                }
            }
            _ => {
                let add1 = row(self.added[1]);
                let sub1 = row(self.removed[1]);
                for i in 0..HIDDEN {
                    to[i] = from[i] + add0[i] + add1[i] - sub0[i] - sub1[i];
                }
            }
        }
    }
}

/// For each view and each key of a network with king buckets, the values
/// of the last board refreshed with that key and the men they count: the
/// next refresh with the key adds and takes off only the men that differ.
struct RefreshTable {
    entries: Vec<RefreshEntry>,
}

#[derive(Clone)]
#[repr(C, align(64))]
struct RefreshEntry {
    values: [i16; HIDDEN],
    /// By piece ([`Piece::index`]).
    men: [Bitboard; 12],
    /// Whether `values` are the network's for `men` (false after a reset:
    /// the table may have been filled under another network).
    valid: bool,
}

impl RefreshTable {
    const SLOTS: usize = 2 * MAX_KING_BUCKETS;

    fn new() -> RefreshTable {
        let empty = RefreshEntry { values: [0; HIDDEN], men: [Bitboard::EMPTY; 12], valid: false };
        RefreshTable { entries: vec![empty; 2 * RefreshTable::SLOTS] }
    }

    fn clear(&mut self) {
        self.entries.iter_mut().for_each(|entry| entry.valid = false);
    }

    /// `view`'s values of `position`, read with `key`, into `values`.
    fn refresh(
        &mut self,
        network: &Network,
        position: &Position,
        view: Color,
        key: ViewKey,
        values: &mut [i16; HIDDEN],
    ) {
        let entry = &mut self.entries[view.index() * RefreshTable::SLOTS + key.slot()];
        if !entry.valid {
            *entry = RefreshEntry { values: network.feature_bias, men: [Bitboard::EMPTY; 12], valid: true };
        }
        entry.bring_to(network, position, view, key);
        *values = entry.values;
    }
}

impl RefreshEntry {
    #[inline(always)]
    fn bring_to(&mut self, network: &Network, position: &Position, view: Color, key: ViewKey) {
        #[cfg(target_arch = "x86_64")]
        if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
            // SAFETY: the CPU has AVX2 (AVX-512 implies it).
            return unsafe { self.bring_to_avx2(network, position, view, key) };
        }
        self.bring_to_loops(network, position, view, key)
    }

    /// [`RefreshEntry::bring_to`] compiled for AVX2.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn bring_to_avx2(&mut self, network: &Network, position: &Position, view: Color, key: ViewKey) {
        self.bring_to_loops(network, position, view, key)
    }

    #[inline(always)]
    fn bring_to_loops(&mut self, network: &Network, position: &Position, view: Color, key: ViewKey) {
        let now = Piece::ALL.map(|piece| position.pieces(piece.color(), piece.kind()));
        bring_view(network, view, key, &mut self.values, &self.men, &now);
        self.men = now;
    }
}

/// `view`'s values, read with `key`, taken from the men `before` (by piece,
/// [`Piece::index`]) to the men `now`: the rows of the men gone taken off
/// first, then those of the men come added, so that no sum on the way
/// counts more men than a board holds (the weights are checked for 32).
#[inline(always)]
pub(super) fn bring_view(
    network: &Network,
    view: Color,
    key: ViewKey,
    values: &mut [i16; HIDDEN],
    before: &[Bitboard; 12],
    now: &[Bitboard; 12],
) {
    for piece in Piece::ALL {
        for square in before[piece.index()].without(now[piece.index()]) {
            let row = network.row(key.index(view, piece, square));
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v -= w);
        }
    }
    for piece in Piece::ALL {
        for square in now[piece.index()].without(before[piece.index()]) {
            let row = network.row(key.index(view, piece, square));
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
        }
    }
}

/// One ply of the stack: the accumulator, each view once computed with
/// the key it was read with, and the move that led here from the ply below.
#[derive(Clone, Copy)]
struct Entry {
    accumulator: Accumulator,
    delta: Delta,
    computed: [bool; 2],
    keys: [ViewKey; 2],
}

/// The search's accumulators, one a ply.
pub struct AccumulatorStack {
    entries: Vec<Entry>,
    refresh: RefreshTable,
}

impl AccumulatorStack {
    pub fn new(plies: usize) -> AccumulatorStack {
        let empty = Entry {
            accumulator: Accumulator { values: [[0; HIDDEN]; 2] },
            delta: Delta::default(),
            computed: [false; 2],
            keys: [ViewKey::default(); 2],
        };
        AccumulatorStack { entries: vec![empty; plies], refresh: RefreshTable::new() }
    }

    /// Ply 0 is `position`, computed from nothing.
    pub fn reset(&mut self, network: &Network, position: &Position) {
        let root = &mut self.entries[0];
        root.accumulator = Accumulator::new(network, position);
        root.computed = [true; 2];
        root.keys = Color::ALL.map(|view| network.view_key(view, position));
        self.refresh.clear();
    }

    /// The position at `ply + 1` is the one at `ply` after `m`.
    #[inline(always)]
    pub fn push_move(&mut self, ply: usize, position: &Position, m: Move) {
        let entry = &mut self.entries[ply + 1];
        entry.delta = Delta::of_move(position, m);
        entry.computed = [false; 2];
    }

    /// The position at `ply + 1` is the one at `ply` with the move passed.
    #[inline(always)]
    pub fn push_null_move(&mut self, ply: usize) {
        let entry = &mut self.entries[ply + 1];
        entry.delta = Delta::default();
        entry.computed = [false; 2];
    }

    /// The evaluation of `position`, the one at `ply`, bringing its
    /// accumulator up to date from the nearest computed one below.
    #[inline(always)]
    pub fn evaluate(&mut self, network: &Network, ply: usize, position: &Position) -> i32 {
        self.update(network, ply, position);
        self.entries[ply].accumulator.evaluate(network, position)
    }

    /// Each view from the nearest ply below where it is computed, move by
    /// move; or, where a move on the way took that view's king to another
    /// key, from the refresh table.
    fn update(&mut self, network: &Network, ply: usize, position: &Position) {
        if !network.king_buckets.keyed() {
            // Both views are computed together, with the one key there is.
            let mut base = ply;
            while !self.entries[base].computed[0] {
                base -= 1;
            }
            for index in base + 1..=ply {
                let (below, above) = self.entries.split_at_mut(index);
                let entry = &mut above[0];
                let parent = &below[index - 1].accumulator;
                if entry.delta.added_count == 0 {
                    entry.accumulator = *parent;
                } else {
                    entry.delta.apply_both(network, parent, &mut entry.accumulator);
                }
                entry.computed = [true; 2];
            }
            return;
        }
        for view in Color::ALL {
            let v = view.index();
            let mut base = ply;
            let mut refresh = false;
            while !self.entries[base].computed[v] {
                if self.entries[base].delta.changes_key(network, view) {
                    refresh = true;
                    break;
                }
                base -= 1;
            }
            if refresh {
                let key = network.view_key(view, position);
                let entry = &mut self.entries[ply];
                self.refresh.refresh(network, position, view, key, &mut entry.accumulator.values[v]);
                entry.keys[v] = key;
                entry.computed[v] = true;
                continue;
            }
            let key = self.entries[base].keys[v];
            for index in base + 1..=ply {
                let (below, above) = self.entries.split_at_mut(index);
                let entry = &mut above[0];
                let parent = &below[index - 1].accumulator.values[v];
                if entry.delta.added_count == 0 {
                    entry.accumulator.values[v] = *parent;
                } else {
                    entry.delta.apply(network, view, key, parent, &mut entry.accumulator.values[v]);
                }
                entry.keys[v] = key;
                entry.computed[v] = true;
            }
        }
    }

    /// The accumulator of `position`, the one at `ply`, brought up to date
    /// (for tests).
    pub fn accumulator(&mut self, network: &Network, ply: usize, position: &Position) -> &Accumulator {
        self.update(network, ply, position);
        &self.entries[ply].accumulator
    }
}
