//! Perft for the variants: the leaves of the legal move tree, every action
//! made (no bulk counting, so that the count checks `make` too).

use super::action::Action;
use super::position::VariantPosition;
use std::sync::atomic::{AtomicBool, Ordering};

/// The number of leaf nodes `depth` actions below `position`.
pub fn perft(position: &VariantPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let actions = position.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    actions.iter().map(|&a| perft(&position.make(a), depth - 1)).sum()
}

/// [`perft`] that gives up (`None`) soon after `stop` is set.
pub fn perft_until_stopped(position: &VariantPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 3 {
        return (!stop.load(Ordering::Acquire)).then(|| perft(position, depth));
    }
    let mut nodes = 0;
    for &a in position.legal_actions().iter() {
        nodes += perft_until_stopped(&position.make(a), depth - 1, stop)?;
    }
    Some(nodes)
}

/// Perft split by first action.
pub fn divide(position: &VariantPosition, depth: u32) -> Vec<(Action, u64)> {
    position.legal_actions().iter().map(|&a| (a, perft(&position.make(a), depth.max(1) - 1))).collect()
}
