//! Moves and FENs as XBoard writes them, for each game: the one place
//! where XBoard's notation and Roque's differ. Chess and the variants
//! differ only in Chess960's castling (`O-O`, `O-O-O`); Elven Chess in
//! its coordinates, letters and multi-leg moves (`elven_notation.rs`).

use crate::board::{ChessRecord, Position};
use crate::game::Game;
use crate::session::{MoveOf, PlayedGame};
use crate::types::Move;
use crate::variants::{Action, VariantPosition, VariantRecord};

/// A game as XBoard plays it.
pub trait XboardGame: PlayedGame + 'static {
    /// The move as XBoard reads it from an engine (`move ...`) and shows it
    /// in thinking output; `position` is the one it is played in.
    fn xboard_move(position: &Self::Position, m: MoveOf<Self>, chess960: bool) -> String;

    /// XBoard's text of a move (a `usermove`) as Roque's text, or why it
    /// is no move of this game; whether the move is legal is for the game
    /// to say when it is played.
    fn roque_move(position: &Self::Position, text: &str, chess960: bool) -> Result<String, String>;

    /// An XBoard FEN (`setboard`) as Roque's FEN of the game.
    fn roque_fen(fen: &str) -> String {
        fen.to_string()
    }

    /// The game's start as XBoard's own start has it (after `new` and
    /// `variant`, no `setboard`), as Roque's FEN, where it differs from
    /// Roque's start; None where they are the same.
    fn xboard_start_fen() -> Option<String> {
        None
    }

    /// Whether XBoard's own rules see the result the game's rules give
    /// now, so that the engine may claim it (a claim XBoard finds false
    /// loses the game); where they do not, the game goes on.
    fn xboard_sees_result(_record: &Self) -> bool {
        true
    }
}

/// The side of a castling, by XBoard's text of it.
fn castling_toward_h_file(text: &str) -> Option<bool> {
    match text.replace('0', "O").as_str() {
        "O-O" => Some(true),
        "O-O-O" => Some(false),
        _ => None,
    }
}

impl XboardGame for ChessRecord {
    /// Chess960's castling as `O-O`/`O-O-O`, as the protocol asks; standard
    /// chess's as the king's two-square move.
    fn xboard_move(_: &Position, m: Move, chess960: bool) -> String {
        match m.is_castling() && chess960 {
            true if m.to().file() > m.from().file() => "O-O".to_string(),
            true => "O-O-O".to_string(),
            false => m.to_uci(chess960),
        }
    }

    fn roque_move(position: &Position, text: &str, chess960: bool) -> Result<String, String> {
        let Some(toward_h) = castling_toward_h_file(text) else {
            return Ok(text.to_string());
        };
        let castling = position
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.is_castling() && (m.to().file() > m.from().file()) == toward_h);
        castling.map(|m| m.to_uci(chess960)).ok_or_else(|| format!("no castling {text} is legal here"))
    }
}

/// The variants XBoard plays as its own (losers) write moves as chess.
impl XboardGame for VariantRecord {
    fn xboard_move(_: &VariantPosition, action: Action, chess960: bool) -> String {
        action.to_uci(chess960)
    }

    fn roque_move(_: &VariantPosition, text: &str, _: bool) -> Result<String, String> {
        Ok(text.to_string())
    }
}

/// `pv` as XBoard text, each move in the position it is played in.
pub fn xboard_line<G: XboardGame>(root: &G::Position, pv: &[MoveOf<G>], chess960: bool) -> Vec<String> {
    let mut position = *root;
    let mut texts = Vec::with_capacity(pv.len());
    for &m in pv {
        texts.push(G::xboard_move(&position, m, chess960));
        position = position.make(m);
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_castling_is_written_and_read_as_o_o() {
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let short = position.parse_uci_move("e1h1", true).unwrap();
        let long = position.parse_uci_move("e1a1", true).unwrap();
        assert_eq!(ChessRecord::xboard_move(&position, short, true), "O-O");
        assert_eq!(ChessRecord::xboard_move(&position, long, true), "O-O-O");
        assert_eq!(ChessRecord::xboard_move(&position, short, false), "e1g1");
        assert_eq!(ChessRecord::roque_move(&position, "O-O", true).unwrap(), "e1h1");
        assert_eq!(ChessRecord::roque_move(&position, "0-0-0", true).unwrap(), "e1a1");
        assert_eq!(ChessRecord::roque_move(&position, "e2e4", true).unwrap(), "e2e4");
        let no_castling = Position::startpos();
        assert!(ChessRecord::roque_move(&no_castling, "O-O", true).unwrap_err().contains("no castling"));
    }
}
