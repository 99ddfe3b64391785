//! The options of the variants: `Turning Moves`, `Marseillais Balanced`
//! and `Mines` make the variant setup a new variant game starts from.

use super::State;
use crate::session::VariantSetup;
use crate::types::Color;
use crate::variants::{mines, Variant};

impl State {
    /// The setup of a variant game by the options as they stand; the
    /// variant is chosen with the game.
    pub(super) fn variant_setup(&self) -> VariantSetup {
        VariantSetup {
            variant: Variant::Chess,
            turning_moves: self.settings.turning_moves,
            marseillais_balanced: self.settings.marseillais_balanced,
            mines: self.settings.mines,
        }
    }

    /// `setoption name Mines value <white|black> <square> <square>`: the
    /// colour the engine plays in mined chess and its two mines (any
    /// squares), known from `position startpos` on; `<white|black> auto
    /// [<seed>]`: the engine chooses them ([`mines::choose`]) and says
    /// where in an `info string` for the referee, never again after. A bad
    /// value changes nothing (false).
    pub(super) fn set_mines(&mut self, text: &str) -> bool {
        let mines = match mines::parse_option(text) {
            Ok(mines) => mines,
            Err(reason) => {
                let old = self.settings.mines.map_or("none".to_string(), |(color, squares)| {
                    let squares: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
                    format!("{} {}", color_name(color), squares.join(" "))
                });
                self.output.error(&format!("setoption: Mines: {reason}; the mines stay {old}"));
                return false;
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
        true
    }
}

fn color_name(color: Color) -> &'static str {
    if color == Color::White {
        "white"
    } else {
        "black"
    }
}
