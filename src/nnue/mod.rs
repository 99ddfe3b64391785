//! The neural evaluation (NNUE: an efficiently updatable neural network),
//! trained on Roque's own games (`roque datagen`, `roque-train`).
//!
//! - `features.rs`: the 768 inputs of each view.
//! - `network.rs`: the quantised weights, the file format, the output layer.
//! - `accumulator.rs`: the hidden layer kept up to date move by move, and
//!   the search's stack of it.
//! - `cache.rs`: an accumulator kept with the men it counts, brought to
//!   the next board by the difference (the variants' evaluation).
//! - `men_cache.rs`: the same for Elven Chess's 10x10 board.
//! - `simd/`: the inner loop for AVX-512, AVX2 and portable targets.
//!
//! The default network is built into the binary (`build.rs` copies
//! `nets/roque-gen5.nnue`, or the file `EVALFILE` names); the `EvalFile`
//! option loads another. Losing chess has a network of its own
//! (`game_network.rs`, `EvalFile_losers`).

pub mod accumulator;
pub mod cache;
pub mod features;
pub mod game_network;
pub mod men_cache;
pub mod network;
pub mod simd;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use cache::AccumulatorCache;
pub use game_network::NetworkGame;
pub use men_cache::MenCache;
pub use network::{Network, NetworkError, HIDDEN};

use std::path::Path;
use std::sync::Arc;

/// Whether the search evaluates with the network unless told otherwise
/// (the `Use NNUE` option): yes since generation 1 beat the hand-crafted
/// evaluation in games (docs/network.md).
pub const USED_BY_DEFAULT: bool = true;

/// The chess network built into the binary.
pub fn embedded() -> Arc<Network> {
    game_network::built_in(NetworkGame::Chess).expect("the chess network is always built in")
}

/// The name that stands for the built-in network (`EvalFile`'s default).
pub const BUILT_IN_NETWORK: &str = "<internal>";

/// The network an `EvalFile` value names for `game`, with the name it is
/// then known by: the built-in one for [`BUILT_IN_NETWORK`] (in any case)
/// or nothing (None where this build has none for the game: it is judged
/// by hand), otherwise the file's ([`load`]).
pub fn load_eval_file(game: NetworkGame, path: String) -> Result<(Option<Arc<Network>>, String), String> {
    if path.is_empty() || path.eq_ignore_ascii_case(BUILT_IN_NETWORK) {
        return Ok((game_network::built_in(game), BUILT_IN_NETWORK.to_string()));
    }
    let network = load(Path::new(&path))?;
    if network.inputs != game.input_set() {
        return Err(format!(
            "{path}: a network of {}, where {} reads {}",
            network.inputs.name(),
            game.option_name(),
            game.input_set().name()
        ));
    }
    Ok((Some(network), path))
}

/// Reads a network file of this build's width. No more than a network's
/// largest size is read: a huge file (or `/dev/zero`) is refused, not
/// taken into memory.
pub fn load(path: &Path) -> Result<Arc<Network>, String> {
    load_width::<HIDDEN>(path).map(Arc::from)
}

/// Reads a network file of `H` hidden neurons (the trainer's, of any
/// width), as [`load`] does.
pub fn load_width<const H: usize>(path: &Path) -> Result<Box<Network<H>>, String> {
    use std::io::Read;
    let cannot_read = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot_read)?;
    let largest = network::max_file_bytes(H);
    let mut bytes = Vec::new();
    file.take(largest as u64 + 1).read_to_end(&mut bytes).map_err(cannot_read)?;
    if bytes.len() > largest {
        // A network of another width is named as such, not as too large.
        if let Err(error @ NetworkError::Hidden { .. }) = Network::<H>::from_bytes(&bytes[..64]) {
            return Err(format!("{}: {error}", path.display()));
        }
        return Err(format!("{}: larger than any network file (at most {largest} bytes)", path.display()));
    }
    Network::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The network's evaluation of `position` from the side to move's view,
/// computed from nothing (for one-off calls; the search updates its
/// accumulators move by move).
pub fn evaluate<R: crate::board::ChessRules>(network: &Network, position: &crate::board::Board<R>) -> i32 {
    Accumulator::new(network, position).evaluate(network, position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_larger_than_any_network_is_refused_unread() {
        let path = std::env::temp_dir().join(format!("roque-huge-{}.nnue", std::process::id()));
        let file = std::fs::File::create(&path).unwrap();
        // Sparse: a gigabyte that takes no disk; only its first bytes are read.
        file.set_len(1 << 30).unwrap();
        let error = load(&path).err();
        std::fs::remove_file(&path).unwrap();
        let error = error.expect("refused");
        assert!(error.contains("larger than any network file"), "{error}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_endless_file_is_refused() {
        let error = load(Path::new("/dev/zero")).err().expect("refused");
        assert!(error.contains("larger than any network file"), "{error}");
    }
}
