//! What a protocol needs of one game to play it: its start, its FEN, its
//! moves as text, its record, how it ends, its board shown, its evaluation
//! explained and its search started. One implementation a game: chess
//! (`chess.rs`), the variants (`variants.rs`), Elven Chess (`elven.rs`);
//! the session and the protocols above it are written once over the trait.

use crate::game::Game;
use crate::nnue::{Network, NetworkGame};
use crate::search::{Engine, Reporter, SearchLimits};
use crate::types::Color;
use std::fmt::Debug;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The move of a played game's position.
pub type MoveOf<G> = <<G as PlayedGame>::Position as Game>::Move;

/// A game's record (its start, the moves played, every position's key)
/// with what a protocol asks of that game. Implemented by each game's
/// record type.
pub trait PlayedGame: Sized {
    /// The game's position, as the search and perft know it.
    type Position: Game;
    /// What the game's start depends on besides its rules (for the
    /// variants: which variant, and the options that change its start).
    type Setup: Clone + Debug + PartialEq;

    /// The game's name before "FEN" in messages: empty for chess.
    fn label(setup: &Self::Setup) -> String;
    fn startpos(setup: &Self::Setup) -> Self::Position;
    /// The position a FEN describes, or why the game's rules refuse it.
    fn read_fen(setup: &Self::Setup, fen: &str) -> Result<Self::Position, String>;

    /// A record that starts at `start`, no move played.
    fn from_start(start: Self::Position) -> Self;
    fn position(&self) -> &Self::Position;
    /// Reads a move and plays it if legal; otherwise nothing changes.
    fn play_text(&mut self, text: &str, chess960: bool) -> Result<(), String>;
    /// The result if the game has ended by its rules, in words.
    fn result(&self) -> Option<String>;
    /// The board as the `d` command shows it.
    fn diagram(&self) -> Vec<String>;

    fn parse_move(position: &Self::Position, text: &str, chess960: bool) -> Result<MoveOf<Self>, String>;
    fn move_text(m: MoveOf<Self>, chess960: bool) -> String;
    fn side_to_move(position: &Self::Position) -> Color;
    fn fen(position: &Self::Position) -> String;
    /// Perft below `position`, or None soon after `stop` is set.
    fn count(position: &Self::Position, depth: u32, stop: &AtomicBool) -> Option<u64>;

    /// The game whose network judges the current position (chess's unless
    /// the game has its own).
    fn network_game(&self) -> NetworkGame {
        NetworkGame::Chess
    }

    /// The evaluation of the current position explained, line by line, as
    /// the engine judges it with `network`, the network of
    /// [`PlayedGame::network_game`] if the engine has one (when
    /// `use_network`, named `network_name`).
    fn evaluation(&self, network: Option<&Network>, use_network: bool, network_name: &str) -> Vec<String>;

    /// Starts searching the current position on the engine's threads; the
    /// root moves are `searchmoves` (empty: every legal move).
    fn start_search(
        &self,
        engine: &mut Engine,
        limits: SearchLimits,
        searchmoves: Vec<MoveOf<Self>>,
        reporter: Arc<dyn Reporter<MoveOf<Self>>>,
    );
}
