//! The commands of a session whose `UCI_Variant` is `elven`: the same
//! commands as chess, on the 10x10 board of Elven Chess, searched by the
//! engine's one search on its threads.

use super::{search_limits, Session};
use crate::board::result_text;
use crate::elven::game::ElvenGame;
use crate::elven::ElvenPosition;
use crate::tools::perft::game_perft_until_stopped;
use crate::uci::command::{excerpt, GoCommand, StartPosition};
use crate::uci::diagram::elven_diagram;
use crate::uci::info::UciReporter;
use std::sync::Arc;

impl Session {
    /// Builds the new game aside and adopts it only if the FEN and every
    /// move are good.
    pub(super) fn set_elven_position(&mut self, start: StartPosition, moves: &[String]) {
        let start = match start {
            StartPosition::StartPos => ElvenPosition::startpos(),
            StartPosition::Fen(fen) => match ElvenPosition::from_fen(&fen) {
                Ok(position) => position,
                Err(error) => {
                    return self.output.error(&format!(
                        "position: bad elven FEN '{}': {error}; the position is unchanged",
                        excerpt(&fen)
                    ))
                }
            },
        };
        let mut game = ElvenGame::new(start);
        for (index, text) in moves.iter().enumerate() {
            if let Err(error) = game.play_text(text) {
                return self
                    .output
                    .error(&format!("position: move {} of the list: {error}; the position is unchanged", index + 1));
            }
        }
        self.elven_game = game;
    }

    /// `go` in Elven Chess, once the engine is idle.
    pub(super) fn start_elven_search(&mut self, go: GoCommand) {
        let position = *self.elven_game.position();
        if let Some(depth) = go.perft {
            let children = position.legal_moves().into_iter().map(|m| (m.to_string(), position.make(m))).collect();
            return self.start_count(children, depth - 1, game_perft_until_stopped);
        }
        let searchmoves = self.searchmoves(&go.searchmoves, |text| position.parse_move(text));
        if let Some(result) = self.elven_game.result() {
            self.output.info_string(&format!("game over: {}", result_text(result)));
        }
        let limits = search_limits(&go, Vec::new());
        if self.debug {
            self.output.info_string(&format!("debug: searching {} (elven) with {limits:?}", position.fen()));
        }
        let done = self.begin_search(&limits);
        let reporter = UciReporter::new(Arc::clone(&self.output), position, false, self.settings.show_wdl, done);
        let keys = self.elven_game.keys().to_vec();
        self.engine.start_game(position, &keys, limits, &searchmoves, Arc::new(reporter), ());
    }

    pub(super) fn elven_display(&self) {
        self.output.lines(&elven_diagram(&self.elven_game));
    }

    pub(super) fn elven_eval(&self) {
        let score = crate::elven::eval::evaluate(self.elven_game.position());
        self.output.line(&format!("Elven evaluation: {score} cp for the side to move"));
    }
}
