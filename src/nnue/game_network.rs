//! Which network judges which game. Chess's network also judges the
//! variants whose games showed it stronger than their hand-set evaluation
//! (placement, ghost, Marseillais: `variants::eval::judged_by_network`);
//! losing chess, whose goal is chess's turned around, has a network of its
//! own, trained on its own self-play (docs/network.md), and so has Elven
//! Chess, whose network reads its 10x10 board ([`InputSet::Elven`]). Each
//! has its `EvalFile` option and its network built into the binary
//! (`build.rs`) where the build has one.

use super::features::InputSet;
use super::Network;
use std::sync::{Arc, LazyLock};

/// A game with a network of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NetworkGame {
    /// Chess, Chess960, and the variants judged by chess's network.
    Chess,
    /// Losing chess.
    Losers,
    /// Elven Chess.
    Elven,
}

impl NetworkGame {
    pub const COUNT: usize = 3;
    pub const ALL: [NetworkGame; NetworkGame::COUNT] = [NetworkGame::Chess, NetworkGame::Losers, NetworkGame::Elven];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name the game's `EvalFile` option ends in, and its data's.
    pub const fn name(self) -> &'static str {
        match self {
            NetworkGame::Chess => "chess",
            NetworkGame::Losers => "losers",
            NetworkGame::Elven => "elven",
        }
    }

    /// The inputs its networks read.
    pub const fn input_set(self) -> InputSet {
        match self {
            NetworkGame::Chess | NetworkGame::Losers => InputSet::Chess,
            NetworkGame::Elven => InputSet::Elven,
        }
    }

    /// The option that names the game's network file.
    pub const fn option_name(self) -> &'static str {
        match self {
            NetworkGame::Chess => "EvalFile",
            NetworkGame::Losers => "EvalFile_losers",
            NetworkGame::Elven => "EvalFile_elven",
        }
    }
}

/// The network files built into the binary, by game; an empty one where
/// this build has none of the chess network's width (`build.rs`).
static EMBEDDED_BYTES: [&[u8]; NetworkGame::COUNT] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/network.nnue")),
    include_bytes!(concat!(env!("OUT_DIR"), "/losers.nnue")),
    include_bytes!(concat!(env!("OUT_DIR"), "/elven.nnue")),
];

static EMBEDDED: LazyLock<[Option<Arc<Network>>; NetworkGame::COUNT]> = LazyLock::new(|| {
    NetworkGame::ALL.map(|game| {
        let bytes = EMBEDDED_BYTES[game.index()];
        (!bytes.is_empty()).then(|| {
            Arc::from(
                Network::from_bytes(bytes).unwrap_or_else(|e| panic!("the built-in network of {}: {e}", game.name())),
            )
        })
    })
});

/// The network built into the binary for `game`, if this build has one
/// (chess's always).
pub fn built_in(game: NetworkGame) -> Option<Arc<Network>> {
    EMBEDDED[game.index()].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_its_own_built_in_network() {
        let chess = built_in(NetworkGame::Chess).expect("chess's network is always built in");
        let losers = built_in(NetworkGame::Losers).expect("this build has the losers network");
        assert!(!Arc::ptr_eq(&chess, &losers));
        assert_ne!(chess.to_bytes(), losers.to_bytes(), "two networks, not one twice");
        let names: Vec<&str> = NetworkGame::ALL.iter().map(|g| g.option_name()).collect();
        assert_eq!(names, ["EvalFile", "EvalFile_losers", "EvalFile_elven"]);
        for game in NetworkGame::ALL {
            if let Some(network) = built_in(game) {
                assert_eq!(network.inputs, game.input_set(), "{}'s network reads its own board", game.name());
            }
        }
    }
}
