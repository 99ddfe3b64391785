//! The commands of a session whose `UCI_Variant` is not `chess`: the same
//! commands, on the variant's game, by the variant's rules, searched by the
//! variant search. Standard chess never comes here.

use super::{search_limits, Session};
use crate::tools::perft::game_perft_until_stopped;
use crate::types::Color;
use crate::uci::command::{excerpt, GoCommand, StartPosition};
use crate::uci::diagram::variant_diagram;
use crate::uci::options::VARIANT_CHOICES;
use crate::variants::{mines, Variant, VariantGame, VariantPosition};

impl Session {
    /// Whether the session plays a variant rather than chess.
    pub(super) fn in_variant(&self) -> bool {
        self.settings.variant != Variant::Chess && !self.settings.elven
    }

    pub fn variant_game(&self) -> &VariantGame {
        &self.variant_game
    }

    /// `setoption name UCI_Variant value <name>`: a new game, of the new
    /// variant, from its start position: the table, histories and
    /// corrections learnt in the last variant are forgotten.
    pub(super) fn set_variant(&mut self, index: usize) {
        self.engine.new_game();
        self.game = crate::board::Game::new(crate::board::Position::startpos());
        self.settings.elven = VARIANT_CHOICES[index] == crate::elven::UCI_NAME;
        self.elven_game = crate::elven::game::ElvenGame::default();
        if self.settings.elven {
            self.settings.variant = Variant::Chess;
            return;
        }
        let variant = Variant::from_name(VARIANT_CHOICES[index]).expect("the choices name variants");
        self.settings.variant = variant;
        if variant != Variant::Chess {
            self.variant_game = VariantGame::new(self.variant_startpos());
        }
    }

    /// The variant's start position; in turning chess with a period of
    /// `Turning Moves`, in Marseillais chess with White's first turn of one
    /// move under `Marseillais Balanced`.
    pub(super) fn variant_startpos(&self) -> VariantPosition {
        let mut start = VariantPosition::startpos_with_period(self.settings.variant, self.settings.turning_moves);
        if self.settings.marseillais_balanced {
            start = start.with_first_turn_of_one_move();
        }
        match self.settings.mines {
            Some((color, squares)) if start.variant().has_mines() => start
                .with_known_mines(color, squares)
                .expect("the Mines option names two squares, the start two secret mines"),
            _ => start,
        }
    }

    /// `setoption name Turning Moves value <n>`: the period of turning
    /// chess, applied at once: a turning game starts again from its start
    /// position with it (as a change of `UCI_Variant` does).
    pub(super) fn set_turning_moves(&mut self, period: u8) {
        self.settings.turning_moves = period;
        if self.settings.variant.turn_order() == crate::variants::TurnOrder::Swapping {
            self.variant_game = VariantGame::new(self.variant_startpos());
        }
    }

    /// `setoption name Marseillais Balanced value <bool>`: applied at once,
    /// as `Turning Moves` is: a Marseillais game starts again.
    pub(super) fn set_marseillais_balanced(&mut self, on: bool) {
        self.settings.marseillais_balanced = on;
        if self.settings.variant == Variant::Marseillais {
            self.variant_game = VariantGame::new(self.variant_startpos());
        }
    }

    /// `setoption name Mines value <white|black> <square> <square>`: the
    /// colour the engine plays in mined chess and its two mines (any
    /// squares), known from `position startpos` on; `<white|black> auto
    /// [<seed>]`: the engine chooses them ([`mines::choose`]) and says
    /// where in an `info string` for the referee, never again after. A bad
    /// value changes nothing.
    pub(super) fn set_mines(&mut self, text: &str) {
        let mines = match mines::parse_option(text) {
            Ok(mines) => mines,
            Err(reason) => {
                let old = self.settings.mines.map_or("none".to_string(), |(color, squares)| {
                    let squares: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
                    format!("{} {}", color_name(color), squares.join(" "))
                });
                return self.output.error(&format!("setoption: Mines: {reason}; the mines stay {old}"));
            }
        };
        self.settings.mines = match mines {
            None => None,
            Some(mines::MinesOption::Given(color, squares)) => Some((color, squares)),
            Some(mines::MinesOption::Auto(color, seed)) => {
                let seed = seed.unwrap_or_else(|| crate::types::random::Random::from_clock().next_u64());
                let squares = mines::choose(color, seed);
                let named: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
                self.output.info_string(&format!(
                    "Mines: {} {} (chosen by the engine; for the referee, not the other player)",
                    color_name(color),
                    named.join(" ")
                ));
                Some((color, squares))
            }
        };
        if self.in_variant() {
            self.variant_game = VariantGame::new(self.variant_startpos());
        }
    }

    /// Builds the new game aside and adopts it only if the FEN and every
    /// move are good.
    pub(super) fn set_variant_position(&mut self, start: StartPosition, moves: &[String]) {
        let variant = self.settings.variant;
        let start = match start {
            StartPosition::StartPos => self.variant_startpos(),
            StartPosition::Fen(fen) => {
                match VariantPosition::from_fen_with_period(variant, &fen, self.settings.turning_moves) {
                    Ok(position) => position,
                    Err(error) => {
                        return self.output.error(&format!(
                            "position: bad {variant} FEN '{}': {error}; the position is unchanged",
                            excerpt(&fen)
                        ))
                    }
                }
            }
        };
        let mut game = VariantGame::new(start);
        for (index, text) in moves.iter().enumerate() {
            if let Err(error) = game.play_uci(text, self.settings.chess960) {
                return self
                    .output
                    .error(&format!("position: move {} of the list: {error}; the position is unchanged", index + 1));
            }
        }
        self.variant_game = game;
    }

    /// `go` in a variant, once the engine is idle.
    pub(super) fn start_variant_search(&mut self, go: GoCommand) {
        if let Some(depth) = go.perft {
            return self.start_variant_perft(depth);
        }
        let position = *self.variant_game.position();
        let searchmoves = self.searchmoves(&go.searchmoves, |text| position.parse_action(text, self.settings.chess960));
        // A game its rules have ended: the result, readable without `d`.
        if let Some(result) = self.variant_game.result() {
            self.output.info_string(&format!("game over: {result}"));
        }
        let limits = search_limits(&go, Vec::new());
        if self.debug {
            self.output.info_string(&format!(
                "debug: searching {} ({}) with {limits:?}",
                position.fen(),
                self.settings.variant
            ));
        }
        let done = self.begin_search(&limits);
        let reporter = self.game_reporter(position, done);
        self.engine.start_variant(&self.variant_game, limits, &searchmoves, reporter, None);
    }

    /// `go perft` in a variant: every action made, divided by first action.
    fn start_variant_perft(&mut self, depth: u32) {
        let position = *self.variant_game.position();
        let chess960 = self.settings.chess960;
        let children = position
            .legal_actions()
            .into_iter()
            .map(|action| (action.to_uci(chess960), position.make(action)))
            .collect();
        self.start_count(children, depth - 1, game_perft_until_stopped);
    }

    pub(super) fn variant_display(&self) {
        self.output.lines(&variant_diagram(&self.variant_game));
    }

    pub(super) fn variant_eval(&self) {
        let text =
            crate::variants::eval::trace(self.variant_game.position(), self.engine.network(), self.settings.use_nnue);
        self.output.line(text.trim_end());
    }
}

fn color_name(color: Color) -> &'static str {
    if color == Color::White {
        "white"
    } else {
        "black"
    }
}
