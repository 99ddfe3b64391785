//! An accumulator kept with the men it counts, so that the next board's is
//! the difference: the rows of the men that came and went, added and taken
//! off, rather than every man's. For an evaluation that keeps no accumulator
//! a ply (the variants', whose rules place, take off and bring back men in
//! many ways): the positions it evaluates one after another are near
//! each other in its tree, a few men apart.

use super::accumulator::Accumulator;
use super::features::ViewKey;
use super::network::Network;
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
use super::simd::{self, VectorSet};
use crate::board::{Board, Rules};
use crate::types::{Bitboard, Color, Piece, Square};
use arrayvec::ArrayVec;
use std::sync::Arc;

/// Beyond this many men come and gone, computing from nothing costs less.
const MAX_CHANGES: usize = 24;

/// The men that came or went between the cached board and another.
type Changes = ArrayVec<(Piece, Square), MAX_CHANGES>;

/// An accumulator, the men it counts and the network it was computed with.
#[derive(Clone, Default)]
pub struct AccumulatorCache {
    entry: Option<Entry>,
}

#[derive(Clone)]
struct Entry {
    /// Held, so that a network loaded later cannot be taken for it.
    network: Arc<Network>,
    accumulator: Accumulator,
    /// By piece ([`Piece::index`]).
    men: [Bitboard; 12],
    /// How each view read the board (by its king's square).
    keys: [ViewKey; 2],
}

impl AccumulatorCache {
    /// `network`'s evaluation of `position` for its side to move, the same
    /// as [`Accumulator::new`]'s.
    pub fn evaluate<R: Rules>(&mut self, network: &Arc<Network>, position: &Board<R>) -> i32 {
        self.update(network, position).evaluate(network, position)
    }

    /// The accumulator of `position`: the cached one with the men that came
    /// and went, or one computed from nothing (where a king's move changed
    /// how its side reads the board, too).
    fn update<R: Rules>(&mut self, network: &Arc<Network>, position: &Board<R>) -> &Accumulator {
        let men = Piece::ALL.map(|piece| position.pieces(piece.color(), piece.kind()));
        let keys = Color::ALL.map(|view| network.view_key(view, position));
        let changes = match &self.entry {
            Some(entry) if Arc::ptr_eq(&entry.network, network) && entry.keys == keys => changes(&entry.men, &men),
            _ => None,
        };
        match (changes, &mut self.entry) {
            (Some((added, removed)), Some(entry)) => {
                apply(network, &keys, &mut entry.accumulator, &added, &removed);
                entry.men = men;
            }
            _ => {
                let accumulator = Accumulator::new(network, position);
                self.entry = Some(Entry { network: Arc::clone(network), accumulator, men, keys });
            }
        }
        &self.entry.as_ref().expect("an entry was just made or brought up to date").accumulator
    }
}

/// The men on `now` and not on `before`, and those on `before` and not on
/// `now`; None where they are too many.
fn changes(before: &[Bitboard; 12], now: &[Bitboard; 12]) -> Option<(Changes, Changes)> {
    let mut added = Changes::new();
    let mut removed = Changes::new();
    for piece in Piece::ALL {
        let (old, new) = (before[piece.index()], now[piece.index()]);
        for square in new.without(old) {
            added.try_push((piece, square)).ok()?;
        }
        for square in old.without(new) {
            removed.try_push((piece, square)).ok()?;
        }
    }
    (added.len() + removed.len() <= MAX_CHANGES).then_some((added, removed))
}

/// Takes the rows of `removed` off `accumulator` and adds those of
/// `added`, in both views: the men gone first, so that no sum on the way
/// counts more men than a board holds (the network's weights are checked
/// for 32 at most).
fn apply(network: &Network, keys: &[ViewKey; 2], accumulator: &mut Accumulator, added: &Changes, removed: &Changes) {
    #[cfg(target_arch = "x86_64")]
    if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
        // SAFETY: the CPU has AVX2 (AVX-512 implies it).
        return unsafe { apply_avx2(network, keys, accumulator, added, removed) };
    }
    apply_loops(network, keys, accumulator, added, removed)
}

/// [`apply`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn apply_avx2(
    network: &Network,
    keys: &[ViewKey; 2],
    accumulator: &mut Accumulator,
    added: &Changes,
    removed: &Changes,
) {
    apply_loops(network, keys, accumulator, added, removed)
}

#[inline(always)]
fn apply_loops(
    network: &Network,
    keys: &[ViewKey; 2],
    accumulator: &mut Accumulator,
    added: &Changes,
    removed: &Changes,
) {
    for view in Color::ALL {
        let key = keys[view.index()];
        let values = &mut accumulator.values[view.index()];
        for &(piece, square) in removed {
            let row = network.row(key.index(view, piece, square));
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v -= w);
        }
        for &(piece, square) in added {
            let row = network.row(key.index(view, piece, square));
            values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::nnue::network::KingBuckets;
    use crate::types::random::Random;

    /// A network of random weights, small enough for any 32 men.
    fn random_network(seed: u64) -> Arc<Network> {
        random_network_with(seed, KingBuckets::NONE)
    }

    fn random_network_with(seed: u64, king_buckets: KingBuckets) -> Arc<Network> {
        let mut random = Random::new(seed);
        let mut network = Network::zeroed_with(king_buckets);
        let rows =
            network.feature_weights.iter_mut().map(|row| &mut row.0).chain(std::iter::once(&mut network.feature_bias));
        for value in rows.flatten() {
            *value = random.below(201) as i16 - 100;
        }
        Arc::from(network)
    }

    /// Along games, move by move, with now and then a jump to a far
    /// position and, twice, another network (the last with king buckets):
    /// the cached accumulator is the one computed from nothing.
    #[test]
    fn the_cached_accumulator_is_the_one_computed_from_nothing() {
        let mut map = [2; 64];
        map[..8].fill(0);
        map[8..16].fill(1);
        let bucketed = random_network_with(5, KingBuckets { map, mirror: true, count: 3 });
        let networks = [crate::nnue::embedded(), random_network(3), bucketed];
        let mut cache = AccumulatorCache::default();
        let mut position = Position::startpos();
        let far = Position::from_fen("8/2k5/8/8/8/8/5K2/8 w - - 0 1").unwrap();
        let mut random = Random::new(7);
        for ply in 0..600 {
            let network = &networks[ply / 200];
            let probes: &[Position] = if ply % 25 == 0 { &[position, far] } else { &[position] };
            for probe in probes {
                let cached = *cache.update(network, probe);
                assert_eq!(cached, Accumulator::new(network, probe), "ply {ply}: {}", probe.fen());
            }
            let moves = position.legal_moves();
            if moves.is_empty() || position.halfmove_clock() >= 100 {
                position = Position::startpos();
                continue;
            }
            position = position.make_move(moves[random.below(moves.len() as u64) as usize]);
        }
    }

    /// The same board under another network is that network's, though no
    /// man came or went.
    #[test]
    fn another_network_is_not_taken_for_the_cached_one() {
        let (first, second) = (random_network(11), random_network(12));
        let position = Position::startpos();
        let mut cache = AccumulatorCache::default();
        assert_eq!(*cache.update(&first, &position), Accumulator::new(&first, &position));
        assert_eq!(*cache.update(&second, &position), Accumulator::new(&second, &position));
        assert_ne!(Accumulator::new(&first, &position), Accumulator::new(&second, &position));
    }
}
