//! The neural evaluation (NNUE: an efficiently updatable neural network),
//! trained on Roque's own games (`roque datagen`, `roque-train`).
//!
//! - `features.rs`: the 768 inputs of each view.
//! - `network.rs`: the quantised weights, the file format, the output layer.
//! - `accumulator.rs`: the hidden layer kept up to date move by move, and
//!   the search's stack of it.
//! - `cache.rs`: an accumulator kept with the men it counts, brought to
//!   the next board by the difference (the variants' evaluation).
//! - `simd/`: the inner loop for AVX-512, AVX2 and portable targets.
//!
//! The default network is built into the binary (`build.rs` copies
//! `nets/roque-gen5.nnue`, or the file `EVALFILE` names); the `EvalFile`
//! option loads another.

pub mod accumulator;
pub mod cache;
pub mod features;
pub mod network;
pub mod simd;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use cache::AccumulatorCache;
pub use network::{Network, NetworkError, HIDDEN};

use std::path::Path;
use std::sync::{Arc, LazyLock};

/// Whether the search evaluates with the network unless told otherwise
/// (the `Use NNUE` option): yes since generation 1 beat the hand-crafted
/// evaluation in games (docs/network.md).
pub const USED_BY_DEFAULT: bool = true;

/// The network file built into the binary.
static EMBEDDED_BYTES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/network.nnue"));

static EMBEDDED: LazyLock<Arc<Network>> = LazyLock::new(|| {
    Arc::from(Network::from_bytes(EMBEDDED_BYTES).unwrap_or_else(|e| panic!("the built-in network: {e}")))
});

/// The network built into the binary.
pub fn embedded() -> Arc<Network> {
    Arc::clone(&EMBEDDED)
}

/// Reads a network file.
pub fn load(path: &Path) -> Result<Arc<Network>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Network::from_bytes(&bytes).map(Arc::from).map_err(|e| format!("{}: {e}", path.display()))
}

/// The network's evaluation of `position` from the side to move's view,
/// computed from nothing (for one-off calls; the search updates its
/// accumulators move by move).
pub fn evaluate<R: crate::board::Rules>(network: &Network, position: &crate::board::Board<R>) -> i32 {
    Accumulator::new(network, position).evaluate(network, position)
}
