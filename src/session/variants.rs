//! The variants `UCI_Variant` names (losers, placement, mined and the
//! rest) as played games: one implementation for all of them, the variant
//! and the options that change its start in its setup.

use super::diagram::variant_diagram;
use super::game::PlayedGame;
use crate::game::perft::game_perft_until_stopped;
use crate::nnue::{Network, NetworkGame};
use crate::search::{Engine, GameSearchResult, Reporter, SearchLimits};
use crate::types::{Bitboard, Color};
use crate::variants::mines::MineOdds;
use crate::variants::{Action, Variant, VariantPosition, VariantRecord};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Which variant, and the options that change its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantSetup {
    pub variant: Variant,
    /// Turning chess: the moves each side plays between swaps of sides.
    pub turning_moves: u8,
    /// Marseillais chess: White's first turn has one move.
    pub marseillais_balanced: bool,
    /// Mined chess: the engine's colour and its mines, known from the
    /// start; None: every mine of the start secret.
    pub mines: Option<(Color, Bitboard)>,
}

impl PlayedGame for VariantRecord {
    type Position = VariantPosition;
    type Setup = VariantSetup;

    fn label(setup: &VariantSetup) -> String {
        format!("{} ", setup.variant)
    }

    /// The variant's start position; in turning chess with its period, in
    /// Marseillais chess with White's first turn of one move where
    /// balanced, in mined chess with the engine's mines known.
    fn startpos(setup: &VariantSetup) -> VariantPosition {
        let mut start = VariantPosition::startpos_with_period(setup.variant, setup.turning_moves);
        if setup.marseillais_balanced {
            start = start.with_first_turn_of_one_move();
        }
        match setup.mines {
            Some((color, squares)) if start.variant().has_mines() => start
                .with_known_mines(color, squares)
                .expect("the Mines option names two squares, the start two secret mines"),
            _ => start,
        }
    }

    fn read_fen(setup: &VariantSetup, fen: &str) -> Result<VariantPosition, String> {
        VariantPosition::from_fen_with_period(setup.variant, fen, setup.turning_moves)
            .map_err(|error| error.to_string())
    }

    fn from_start(start: VariantPosition) -> VariantRecord {
        VariantRecord::new(start)
    }

    fn position(&self) -> &VariantPosition {
        VariantRecord::position(self)
    }

    fn play_text(&mut self, text: &str, chess960: bool) -> Result<(), String> {
        self.play_uci(text, chess960).map(drop).map_err(|error| error.to_string())
    }

    fn result(&self) -> Option<String> {
        VariantRecord::result(self).map(|result| result.to_string())
    }

    fn diagram(&self) -> Vec<String> {
        variant_diagram(self)
    }

    fn parse_move(position: &VariantPosition, text: &str, chess960: bool) -> Result<Action, String> {
        position.parse_action(text, chess960).map_err(|error| error.to_string())
    }

    fn move_text(action: Action, chess960: bool) -> String {
        action.to_uci(chess960)
    }

    fn side_to_move(position: &VariantPosition) -> Color {
        position.side_to_move()
    }

    fn fen(position: &VariantPosition) -> String {
        position.fen()
    }

    fn count(position: &VariantPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
        game_perft_until_stopped(position, depth, stop)
    }

    fn network_game(&self) -> NetworkGame {
        VariantRecord::position(self).variant().network_game()
    }

    fn evaluation(&self, network: Option<&Network>, use_network: bool, _network_name: &str) -> Vec<String> {
        let text = crate::variants::eval::trace(VariantRecord::position(self), network, use_network);
        vec![text.trim_end().to_string()]
    }

    /// In mined chess the search weighs the squares the secret mines may
    /// lie on by what the game has shown of them.
    fn start_search(
        &self,
        engine: &mut Engine,
        limits: SearchLimits,
        searchmoves: Vec<Action>,
        reporter: Arc<dyn Reporter<Action>>,
    ) {
        engine.start_variant(self, limits, &searchmoves, reporter, None);
    }
}

/// A variant game's search on the engine, with the odds of mined chess's
/// secret mines: the game's own (learnt from its moves), or `mine_odds`
/// where given. The engine knows no game; a game's search is started here,
/// above both.
pub trait VariantSearch {
    /// Starts searching the game's current position on every thread and
    /// returns at once; the root is `searchmoves` (empty: every legal
    /// action).
    fn start_variant(
        &mut self,
        game: &VariantRecord,
        limits: SearchLimits,
        searchmoves: &[Action],
        reporter: Arc<dyn Reporter<Action>>,
        mine_odds: Option<MineOdds>,
    );

    /// Searches the game's current position to the limits and returns the
    /// result (tests, tools).
    fn search_variant_sync(
        &mut self,
        game: &VariantRecord,
        limits: SearchLimits,
        mine_odds: Option<MineOdds>,
    ) -> GameSearchResult<Action>;
}

impl VariantSearch for Engine {
    fn start_variant(
        &mut self,
        game: &VariantRecord,
        limits: SearchLimits,
        searchmoves: &[Action],
        reporter: Arc<dyn Reporter<Action>>,
        mine_odds: Option<MineOdds>,
    ) {
        let odds = mine_odds.unwrap_or_else(|| game.mine_odds());
        self.start_game(*game.position(), game.keys(), limits, searchmoves, reporter, odds);
    }

    fn search_variant_sync(
        &mut self,
        game: &VariantRecord,
        limits: SearchLimits,
        mine_odds: Option<MineOdds>,
    ) -> GameSearchResult<Action> {
        let odds = mine_odds.unwrap_or_else(|| game.mine_odds());
        self.search_game_sync(*game.position(), game.keys(), limits, odds)
    }
}
