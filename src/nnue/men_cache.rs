//! An accumulator of a network of Elven Chess's inputs kept with the men it
//! counts, so that the next board's is the difference: the rows of the men
//! that came and went rather than every man's (as [`super::AccumulatorCache`]
//! does for the chess board). The positions the search judges one after
//! another are near each other in its tree, a few men apart, whatever
//! moved them (a warlock's two captures, an igui, a promotion, castling).

use super::features::{elven_feature_index, InputSet};
use super::network::{Network, HIDDEN};
use crate::types::{Bitboard10, Color};
use std::sync::Arc;

/// Kinds of men on the 10x10 board, both colours: sets indexed by colour
/// x 10 + kind.
pub const ELVEN_MEN: usize = 20;

/// Beyond this many men come and gone, computing from nothing costs less.
const MAX_CHANGES: u32 = 24;

/// An accumulator, the men it counts and the network it was computed with.
#[derive(Clone, Default)]
pub struct MenCache {
    entry: Option<Box<Entry>>,
}

#[derive(Clone)]
struct Entry {
    /// Held, so that a network loaded later cannot be taken for it.
    network: Arc<Network>,
    /// White's view, then Black's.
    values: [[i16; HIDDEN]; 2],
    men: [Bitboard10; ELVEN_MEN],
}

impl MenCache {
    /// `network`'s evaluation in centipawns, for `side_to_move`, of the
    /// board of `men` (by colour x 10 + kind): the same as computing each
    /// view from every man.
    pub fn evaluate(&mut self, network: &Arc<Network>, men: &[Bitboard10; ELVEN_MEN], side_to_move: Color) -> i32 {
        debug_assert_eq!(network.inputs, InputSet::Elven);
        let entry = match &mut self.entry {
            Some(entry) if Arc::ptr_eq(&entry.network, network) && changes(&entry.men, men) <= MAX_CHANGES => {
                bring(network, &mut entry.values, &entry.men, men);
                entry.men = *men;
                entry
            }
            _ => {
                let values = Color::ALL.map(|view| from_nothing(network, view, men));
                self.entry.insert(Box::new(Entry { network: Arc::clone(network), values, men: *men }))
            }
        };
        output(network, &entry.values, men, side_to_move)
    }
}

/// `network`'s evaluation in centipawns, for `side_to_move`, of the board
/// of `men`, from every man (for a network of any width: the trainer's
/// check of what it wrote too).
pub fn evaluate_from_nothing<const H: usize>(
    network: &Network<H>,
    men: &[Bitboard10; ELVEN_MEN],
    side_to_move: Color,
) -> i32 {
    output(network, &Color::ALL.map(|view| from_nothing(network, view, men)), men, side_to_move)
}

/// The output for `side_to_move` from both views (White's, then Black's).
fn output<const H: usize>(
    network: &Network<H>,
    values: &[[i16; H]; 2],
    men: &[Bitboard10; ELVEN_MEN],
    side_to_move: Color,
) -> i32 {
    let count: u32 = men.iter().map(|set| set.count()).sum();
    let (us, them) = (&values[side_to_move.index()], &values[(!side_to_move).index()]);
    network.output(us, them, InputSet::Elven.output_bucket(count))
}

/// The colour and kind index (0 to 9) of a set of [`ELVEN_MEN`], or of a
/// man so numbered (colour x 10 + kind).
#[inline(always)]
pub fn man(index: usize) -> (Color, usize) {
    (if index >= 10 { Color::Black } else { Color::White }, index % 10)
}

/// `view`'s hidden layer before its activation from every man.
fn from_nothing<const H: usize>(network: &Network<H>, view: Color, men: &[Bitboard10; ELVEN_MEN]) -> [i16; H] {
    network.view_of_inputs(men.iter().enumerate().flat_map(|(index, &set)| {
        let (color, kind) = man(index);
        set.into_iter().map(move |square| elven_feature_index(view, color, kind, square.index()))
    }))
}

/// How many men came or went between `before` and `now`.
fn changes(before: &[Bitboard10; ELVEN_MEN], now: &[Bitboard10; ELVEN_MEN]) -> u32 {
    before.iter().zip(now).map(|(&old, &new)| (old ^ new).count()).sum()
}

/// Both views, of the men `before`, brought to the men `now`.
fn bring(
    network: &Network,
    values: &mut [[i16; HIDDEN]; 2],
    before: &[Bitboard10; ELVEN_MEN],
    now: &[Bitboard10; ELVEN_MEN],
) {
    for (index, (&old, &new)) in before.iter().zip(now).enumerate() {
        if old == new {
            continue;
        }
        let (color, kind) = man(index);
        for (sign, set) in [(1i16, new & !old), (-1, old & !new)] {
            for square in set {
                for view in Color::ALL {
                    let row = network.row(elven_feature_index(view, color, kind, square.index()));
                    let values = &mut values[view.index()];
                    if sign > 0 {
                        values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v += w);
                    } else {
                        values.iter_mut().zip(row.iter()).for_each(|(v, w)| *v -= w);
                    }
                }
            }
        }
    }
}
