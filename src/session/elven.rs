//! Elven Chess on its 10x10 board as a played game.

use super::diagram::elven_diagram;
use super::game::PlayedGame;
use crate::board::perft::perft_until_stopped;
use crate::board::result_text;
use crate::elven::game::ElvenRecord;
use crate::elven::{ElvenMove, ElvenPosition};
use crate::nnue::{Network, NetworkGame};
use crate::search::{Engine, Reporter, SearchLimits};
use crate::types::Color;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl PlayedGame for ElvenRecord {
    type Position = ElvenPosition;
    type Setup = ();

    fn label(_: &()) -> String {
        format!("{} ", crate::elven::UCI_NAME)
    }

    fn startpos(_: &()) -> ElvenPosition {
        ElvenPosition::startpos()
    }

    fn read_fen(_: &(), fen: &str) -> Result<ElvenPosition, String> {
        ElvenPosition::from_fen(fen).map_err(|error| error.to_string())
    }

    fn from_start(start: ElvenPosition) -> ElvenRecord {
        ElvenRecord::new(start)
    }

    fn position(&self) -> &ElvenPosition {
        ElvenRecord::position(self)
    }

    fn play_text(&mut self, text: &str, _chess960: bool) -> Result<(), String> {
        ElvenRecord::play_text(self, text).map(drop).map_err(|error| error.to_string())
    }

    fn result(&self) -> Option<String> {
        ElvenRecord::result(self).map(result_text)
    }

    fn diagram(&self) -> Vec<String> {
        elven_diagram(self)
    }

    fn parse_move(position: &ElvenPosition, text: &str, _chess960: bool) -> Result<ElvenMove, String> {
        position.parse_move(text).map_err(|error| error.to_string())
    }

    fn move_text(m: ElvenMove, _chess960: bool) -> String {
        m.to_string()
    }

    fn side_to_move(position: &ElvenPosition) -> Color {
        position.side_to_move()
    }

    fn fen(position: &ElvenPosition) -> String {
        position.fen()
    }

    fn network_game(&self) -> NetworkGame {
        crate::game::Searchable::network_game(ElvenRecord::position(self))
    }

    fn count(position: &ElvenPosition, depth: u32, stop: &AtomicBool) -> Option<u64> {
        perft_until_stopped(position, depth, stop)
    }

    /// The hand-set evaluation, and the network's where there is one, the
    /// one the search uses named.
    fn evaluation(&self, network: Option<&Network>, use_network: bool, network_name: &str) -> Vec<String> {
        let position = ElvenRecord::position(self);
        let by_hand = crate::elven::eval::evaluate(position);
        let mut lines = vec![format!("Elven evaluation by hand: {by_hand} cp for the side to move")];
        match network {
            Some(network) => {
                let value = crate::elven::network_evaluation(network, position);
                lines.push(format!("Elven network ({network_name}): {value} cp for the side to move"));
                let used = if use_network { "the network" } else { "the hand-set evaluation (Use NNUE false)" };
                lines.push(format!("The search uses {used}"));
            }
            None => lines.push("No Elven network in this build: the search judges by hand".to_string()),
        }
        lines
    }

    fn start_search(
        &self,
        engine: &mut Engine,
        limits: SearchLimits,
        searchmoves: Vec<ElvenMove>,
        reporter: Arc<dyn Reporter<ElvenMove>>,
    ) {
        engine.start_game(*ElvenRecord::position(self), self.keys(), limits, &searchmoves, reporter, ());
    }
}
