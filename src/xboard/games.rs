//! Which of Roque's games XBoard is offered, under which name, and why the
//! others are not (docs/xboard.md has the same table for people).

/// A game Roque announces in its `variants` feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnnouncedGame {
    /// The name XBoard knows it by.
    pub xboard_name: &'static str,
    /// The game's `UCI_Variant` name in Roque.
    pub roque_name: &'static str,
    /// Chess960: castling as king takes rook, written `O-O`/`O-O-O`.
    pub chess960: bool,
}

/// XBoard's own games whose rules are Roque's: no `setup` line needed.
pub const ANNOUNCED: [AnnouncedGame; 4] = [
    AnnouncedGame { xboard_name: "normal", roque_name: "chess", chess960: false },
    AnnouncedGame { xboard_name: "fischerandom", roque_name: "chess", chess960: true },
    AnnouncedGame { xboard_name: "losers", roque_name: "losers", chess960: false },
    AnnouncedGame { xboard_name: "elven", roque_name: crate::elven::UCI_NAME, chess960: false },
];

/// Roque's games XBoard is not offered, with the reason.
pub const NOT_ANNOUNCED: [(&str, &str); 10] = [
    (
        "placement",
        "XBoard's drop games (crazyhouse, bughouse) cannot hold its castling: a king and rook dropped on \
         their squares castle, and XBoard takes castling rights from the FEN alone",
    ),
    (
        "vandien",
        "pawns are placed on the first rank, which XBoard's drop games forbid, and no man moves until both \
         armies are placed, which XBoard does not know",
    ),
    (
        "reinforced",
        "the capturer places its piece as a second move of the same turn, which XBoard's turn order cannot follow",
    ),
    (
        "returning",
        "the owner places its piece and then moves, two moves a turn, which XBoard's turn order cannot follow",
    ),
    ("ghost", "XBoard has no piece that cannot be captured, so it cannot show the ghosts"),
    ("marseillais", "more than one move a turn, which XBoard's turn order cannot follow"),
    ("progressive", "more than one move a turn, which XBoard's turn order cannot follow"),
    ("camps", "more than one move a turn, and players who own no colour"),
    ("turning", "the players swap sides during the game, which XBoard's clocks and turn order cannot follow"),
    ("mined", "hidden mines, which XBoard cannot keep secret or show"),
];

/// The game `variant NAME` chooses, or the reason for its `Error`.
pub fn announced(name: &str) -> Result<AnnouncedGame, String> {
    if let Some(game) = ANNOUNCED.iter().find(|game| game.xboard_name == name) {
        return Ok(*game);
    }
    match NOT_ANNOUNCED.iter().find(|(roque_name, _)| *roque_name == name) {
        Some((_, reason)) => Err(format!("variant {name} is not offered over XBoard: {reason}")),
        None => Err(format!("no variant is named '{}'", crate::types::excerpt(name))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn every_game_is_announced_or_has_a_reason() {
        let mut named: Vec<&str> = ANNOUNCED.iter().map(|game| game.roque_name).collect();
        named.extend(NOT_ANNOUNCED.iter().map(|(name, _)| *name));
        for variant in Variant::ALL {
            assert!(named.contains(&variant.name()), "{} is neither announced nor explained", variant.name());
        }
        assert!(announced("mined").unwrap_err().contains("hidden mines"));
        assert!(announced("crazyhouse").unwrap_err().contains("no variant"));
        assert!(announced("fischerandom").unwrap().chess960);
    }
}
