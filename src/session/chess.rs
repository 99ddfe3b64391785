//! Standard chess (and Chess960) as a played game.

use super::diagram::game_diagram;
use super::game::PlayedGame;
use crate::board::perft::perft_until_stopped;
use crate::board::{result_text, ChessRecord, Position};
use crate::nnue::Network;
use crate::search::{Engine, Reporter, SearchLimits};
use crate::types::{Color, Move};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

impl PlayedGame for ChessRecord {
    type Position = Position;
    type Setup = ();

    fn label(_: &()) -> String {
        String::new()
    }

    fn startpos(_: &()) -> Position {
        Position::startpos()
    }

    fn read_fen(_: &(), fen: &str) -> Result<Position, String> {
        Position::from_fen(fen).map_err(|error| error.to_string())
    }

    fn from_start(start: Position) -> ChessRecord {
        ChessRecord::new(start)
    }

    fn position(&self) -> &Position {
        ChessRecord::position(self)
    }

    fn play_text(&mut self, text: &str, chess960: bool) -> Result<(), String> {
        self.play_uci(text, chess960).map(drop).map_err(|error| error.to_string())
    }

    fn result(&self) -> Option<String> {
        ChessRecord::result(self).map(result_text)
    }

    fn diagram(&self) -> Vec<String> {
        game_diagram(self)
    }

    fn parse_move(position: &Position, text: &str, chess960: bool) -> Result<Move, String> {
        position.parse_uci_move(text, chess960).map_err(|error| error.to_string())
    }

    fn move_text(m: Move, chess960: bool) -> String {
        m.to_uci(chess960)
    }

    fn side_to_move(position: &Position) -> Color {
        position.side_to_move()
    }

    fn fen(position: &Position) -> String {
        position.fen()
    }

    fn count(position: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
        perft_until_stopped(position, depth, stop)
    }

    /// The hand-crafted evaluation term by term, then the network's.
    fn evaluation(&self, network: Option<&Network>, use_network: bool, network_name: &str) -> Vec<String> {
        let position = ChessRecord::position(self);
        let sign = position.side_to_move().sign();
        let by_network = network.map(|network| crate::nnue::evaluate(network, position) * sign);
        let (used, by) = match by_network.filter(|_| use_network) {
            Some(score) => (score, "the network"),
            None => (crate::eval::evaluate(position) * sign, "the hand-crafted evaluation (Use NNUE is off)"),
        };
        let mut lines = vec![crate::eval::trace(position).trim_end().to_string()];
        if let Some(score) = by_network {
            lines.push(format!("NNUE evaluation: {score} (white side), network {network_name}"));
        }
        lines.push(format!("Final evaluation: {used} (white side), by {by}"));
        lines
    }

    /// Chess's search knows the endgame tables and the weakened levels.
    fn start_search(
        &self,
        engine: &mut Engine,
        mut limits: SearchLimits,
        searchmoves: Vec<Move>,
        reporter: Arc<dyn Reporter<Move>>,
    ) {
        limits.searchmoves = searchmoves;
        engine.start(self, limits, reporter);
    }
}
