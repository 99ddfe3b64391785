//! An accumulator kept with the men it counts, so that the next board's is
//! the difference: the rows of the men that came and went, added and taken
//! off, rather than every man's. For an evaluation that keeps no accumulator
//! a ply (the variants', whose rules place, take off and bring back men in
//! many ways): the positions it evaluates one after another are near
//! each other in its tree, a few men apart.

use super::accumulator::{bring_view, Accumulator};
use super::features::ViewKey;
use super::network::Network;
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_imports))]
use super::simd::{self, VectorSet};
use crate::board::{Board, ChessRules};
use crate::types::{Bitboard, Color, Piece};
use std::sync::Arc;

/// Beyond this many men come and gone, computing from nothing costs less.
const MAX_CHANGES: u32 = 24;

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
    pub fn evaluate<R: ChessRules>(&mut self, network: &Arc<Network>, position: &Board<R>) -> i32 {
        self.update(network, position).evaluate(network, position)
    }

    /// The accumulator of `position`: the cached one with the men that came
    /// and went, or one computed from nothing (where they are too many, or
    /// a king's move changed how its side reads the board).
    fn update<R: ChessRules>(&mut self, network: &Arc<Network>, position: &Board<R>) -> &Accumulator {
        let men = Piece::ALL.map(|piece| position.pieces(piece.color(), piece.kind()));
        let keys = Color::ALL.map(|view| network.view_key(view, position));
        match &mut self.entry {
            Some(entry)
                if Arc::ptr_eq(&entry.network, network)
                    && entry.keys == keys
                    && changes(&entry.men, &men) <= MAX_CHANGES =>
            {
                apply(network, &keys, &mut entry.accumulator, &entry.men, &men);
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

/// How many men came or went between `before` and `now`.
fn changes(before: &[Bitboard; 12], now: &[Bitboard; 12]) -> u32 {
    before.iter().zip(now).map(|(&old, &new)| (old ^ new).count()).sum()
}

/// `accumulator`, of the men `before`, brought to the men `now` in both
/// views.
fn apply(
    network: &Network,
    keys: &[ViewKey; 2],
    accumulator: &mut Accumulator,
    before: &[Bitboard; 12],
    now: &[Bitboard; 12],
) {
    #[cfg(target_arch = "x86_64")]
    if !cfg!(target_feature = "avx2") && simd::vector_set() != VectorSet::Portable {
        // SAFETY: the CPU has AVX2 (AVX-512 implies it).
        return unsafe { apply_avx2(network, keys, accumulator, before, now) };
    }
    apply_loops(network, keys, accumulator, before, now)
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
    before: &[Bitboard; 12],
    now: &[Bitboard; 12],
) {
    apply_loops(network, keys, accumulator, before, now)
}

#[inline(always)]
fn apply_loops(
    network: &Network,
    keys: &[ViewKey; 2],
    accumulator: &mut Accumulator,
    before: &[Bitboard; 12],
    now: &[Bitboard; 12],
) {
    for view in Color::ALL {
        bring_view(network, view, keys[view.index()], &mut accumulator.values[view.index()], before, now);
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
