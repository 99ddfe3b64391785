//! The game a protocol plays, below every protocol: one session type a
//! game ([`GameSession<G>`] over the game's record), chosen once when the
//! game is chosen ([`AnyGame`], at `UCI_Variant`), so that no command asks
//! which game it is in. It reads positions and moves and says why it
//! refuses one; the protocols (UCI in `uci`) turn commands into its calls
//! and its answers and refusals into their own words.
//!
//! - [`game`]: [`PlayedGame`], what a protocol needs of one game.
//! - `chess.rs`, `variants.rs`, `elven.rs`: the games' implementations.
//! - [`diagram`]: the board as text, for the `d` command.

pub mod diagram;
pub mod game;

mod chess;
mod elven;
mod variants;

pub use game::{MoveOf, PlayedGame};
pub use variants::{VariantSearch, VariantSetup};

use crate::board::ChessRecord;
use crate::elven::game::ElvenRecord;
use crate::game::Game;
use crate::types::excerpt;
use crate::variants::{Variant, VariantRecord};
use std::fmt;

/// Why a position was refused; the session's game is then unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The FEN (shortened for the message) and the rules' reason.
    Fen { label: String, fen: String, reason: String },
    /// A move of the list (counted from 1) and why it cannot be played.
    Move { number: usize, reason: String },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fen { label, fen, reason } => write!(f, "bad {label}FEN '{}': {reason}", excerpt(fen)),
            PositionError::Move { number, reason } => write!(f, "move {number} of the list: {reason}"),
        }
    }
}

/// One game being played: the setup its start depends on and its record.
#[derive(Clone, Debug)]
pub struct GameSession<G: PlayedGame> {
    setup: G::Setup,
    record: G,
}

impl<G: PlayedGame> GameSession<G> {
    /// A game from its start position.
    pub fn new(setup: G::Setup) -> GameSession<G> {
        let record = G::from_start(G::startpos(&setup));
        GameSession { setup, record }
    }

    pub fn record(&self) -> &G {
        &self.record
    }

    pub fn position(&self) -> &G::Position {
        self.record.position()
    }

    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }

    /// The game again from its start position.
    pub fn restart(&mut self) {
        *self = GameSession::new(self.setup.clone());
    }

    /// Adopts `setup`; the game starts again where its start changes.
    pub fn change_setup(&mut self, setup: G::Setup) {
        if setup != self.setup {
            let restart = G::startpos(&setup).key() != G::startpos(&self.setup).key();
            self.setup = setup;
            if restart {
                self.restart();
            }
        }
    }

    /// The game from `fen` (None: the start position) with `moves` played,
    /// adopted only if the FEN and every move are good.
    pub fn set_position(&mut self, fen: Option<&str>, moves: &[String], chess960: bool) -> Result<(), PositionError> {
        let start = match fen {
            None => G::startpos(&self.setup),
            Some(fen) => G::read_fen(&self.setup, fen).map_err(|reason| PositionError::Fen {
                label: G::label(&self.setup),
                fen: fen.to_string(),
                reason,
            })?,
        };
        let mut record = G::from_start(start);
        for (index, text) in moves.iter().enumerate() {
            record.play_text(text, chess960).map_err(|reason| PositionError::Move { number: index + 1, reason })?;
        }
        self.record = record;
        Ok(())
    }

    /// Plays one move if it is legal; otherwise nothing changes.
    pub fn play(&mut self, text: &str, chess960: bool) -> Result<(), String> {
        self.record.play_text(text, chess960)
    }

    /// Every legal move with its text and the position it leads to: the
    /// first ply of a divided perft.
    pub fn perft_children(&self, chess960: bool) -> Vec<(String, G::Position)> {
        let position = self.position();
        position.legal_moves().iter().map(|&m| (G::move_text(m, chess960), position.make(m))).collect()
    }
}

/// The game `UCI_Variant` chose, each with its own session type.
// One a session, never copied on a hot path: its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyGame {
    Chess(GameSession<ChessRecord>),
    Variant(GameSession<VariantRecord>),
    Elven(GameSession<ElvenRecord>),
}

impl AnyGame {
    /// The game a `UCI_Variant` name chooses, from its start: Elven Chess
    /// for its name, chess for `chess`, otherwise the variant `setup`
    /// names. None for a name that is no game.
    pub fn choose(name: &str, setup: VariantSetup) -> Option<AnyGame> {
        if name.eq_ignore_ascii_case(crate::elven::UCI_NAME) {
            return Some(AnyGame::Elven(GameSession::new(())));
        }
        match Variant::from_name(name)? {
            Variant::Chess => Some(AnyGame::Chess(GameSession::new(()))),
            variant => Some(AnyGame::Variant(GameSession::new(VariantSetup { variant, ..setup }))),
        }
    }

    /// A variant game adopts `setup` (its variant kept), starting again
    /// where its start changes; the other games have no such options.
    pub fn change_variant_setup(&mut self, setup: VariantSetup) {
        if let AnyGame::Variant(game) = self {
            game.change_setup(VariantSetup { variant: game.setup().variant, ..setup });
        }
    }

    /// The game's `UCI_Variant` name.
    pub fn name(&self) -> &'static str {
        match self {
            AnyGame::Chess(_) => Variant::Chess.name(),
            AnyGame::Variant(game) => game.setup().variant.name(),
            AnyGame::Elven(_) => crate::elven::UCI_NAME,
        }
    }
}

impl Default for AnyGame {
    fn default() -> AnyGame {
        AnyGame::Chess(GameSession::new(()))
    }
}

/// Runs `$body` on the game `$any` holds (an [`AnyGame`] or a reference
/// to one), bound to `$game` as its own [`GameSession<G>`]: the one place
/// where the game is told apart, once for every command.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $game:ident => $body:expr) => {
        match $any {
            $crate::session::AnyGame::Chess($game) => $body,
            $crate::session::AnyGame::Variant($game) => $body,
            $crate::session::AnyGame::Elven($game) => $body,
        }
    };
}
