//! The `d` command: the position as a board diagram, with its FEN and key.

use crate::board::result_text;
use crate::board::{ChessRecord, Position};
use crate::elven::game::ElvenRecord;
use crate::types::Square10;
use crate::types::{Color, File, Rank, Square};
use crate::variants::VariantRecord;

/// The board from White's side, then the FEN, the key and the checkers.
pub fn diagram(position: &Position) -> Vec<String> {
    chess_diagram(position, None)
}

/// A chess game's position as `diagram` shows it, with the game's result
/// so far (`Result: none` while it goes on) before the FEN.
pub fn game_diagram(game: &ChessRecord) -> Vec<String> {
    let result = match game.result() {
        Some(result) => format!("Result: {}", result_text(result)),
        None => "Result: none".to_string(),
    };
    chess_diagram(game.position(), Some(result))
}

/// The board, then `result` where there is one, the FEN, the key and the
/// checkers.
fn chess_diagram(position: &Position, result: Option<String>) -> Vec<String> {
    let border = " +---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![border.clone()];
    for rank in Rank::ALL.iter().rev() {
        let mut row = " |".to_string();
        for file in File::ALL {
            let piece = position.piece_on(Square::new(file, *rank)).map_or(' ', |p| p.char());
            row.push_str(&format!(" {piece} |"));
        }
        row.push_str(&format!(" {}", rank.char()));
        lines.push(row);
        lines.push(border.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_string());
    lines.push(String::new());
    lines.extend(result);
    lines.push(format!("Fen: {}", position.fen()));
    lines.push(format!("Key: {:016X}", position.key()));
    let checkers: Vec<String> = position.checkers().map(|square| square.to_string()).collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

/// A variant position's board, ghosts marked `*` (` N*|`), then its
/// variant, hands, turn, result so far, FEN, key and checkers.
pub fn variant_diagram(game: &VariantRecord) -> Vec<String> {
    let position = game.position();
    let border = " +---+---+---+---+---+---+---+---+".to_string();
    let mut lines = vec![border.clone()];
    for rank in Rank::ALL.iter().rev() {
        let mut row = " |".to_string();
        for file in File::ALL {
            let square = Square::new(file, *rank);
            let piece = position.piece_on(square).map_or(' ', |p| p.char());
            let mark = if position.ghosts().contains(square) { '*' } else { ' ' };
            row.push_str(&format!(" {piece}{mark}|"));
        }
        row.push_str(&format!(" {}", rank.char()));
        lines.push(row);
        lines.push(border.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h".to_string());
    lines.push(String::new());
    lines.push(format!("Variant: {}", position.variant()));
    let hands = position.hands().letters();
    if !hands.is_empty() {
        lines.push(format!("Hands: {hands}"));
    }
    if let Some((piece, square)) = position.pending_piece() {
        lines.push(format!("To place: {} (capture on {square})", piece.char()));
    }
    if !position.returns().is_empty() {
        let waiting: Vec<String> = position
            .returns()
            .squares()
            .map(|s| format!("{s}:{}", position.returns().on(s).map(|p| p.char()).collect::<String>()))
            .collect();
        lines.push(format!("Waiting to return: {}", waiting.join(" ")));
    }
    let turn = position.turn();
    let side = if turn.side == Color::White { "White" } else { "Black" };
    lines.push(format!("Turn: {side}, move {} of {}", turn.index + 1, turn.length));
    if position.variant().turn_order().players_change_colours() {
        let player = if turn.player == crate::variants::Player::First { "first" } else { "second" };
        lines.push(format!("Player: {player}"));
    }
    let clock = position.swap_clock();
    if clock.period > 0 {
        lines.push(format!("Swap: in {} moves (every {} moves each)", clock.left, clock.period));
    }
    lines.push(match game.result() {
        Some(result) => format!("Result: {result}"),
        None => "Result: none".to_string(),
    });
    lines.push(format!("Fen: {}", position.fen()));
    lines.push(format!("Key: {:016X}", position.key()));
    let checkers: Vec<String> = position.checkers().map(|square| square.to_string()).collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

/// An Elven Chess position's 10x10 board, then its result so far, FEN,
/// key and checkers.
pub fn elven_diagram(game: &ElvenRecord) -> Vec<String> {
    let position = game.position();
    let border = format!(" +{}", "---+".repeat(10));
    let mut lines = vec![border.clone()];
    for rank in (0..10u8).rev() {
        let mut row = " |".to_string();
        for file in 0..10u8 {
            let piece = position.piece_on(Square10::new(file, rank)).map_or(' ', |p| p.char());
            row.push_str(&format!(" {piece} |"));
        }
        row.push_str(&format!(" {}", rank + 1));
        lines.push(row);
        lines.push(border.clone());
    }
    lines.push("   a   b   c   d   e   f   g   h   i   j".to_string());
    lines.push(String::new());
    lines.push("Variant: elven".to_string());
    if let Some(result) = game.result() {
        lines.push(format!("Result: {}", result_text(result)));
    }
    if position.warlock_immunity() {
        lines.push("The warlock of the side to move's opponent cannot be taken this move".to_string());
    }
    lines.push(format!("Fen: {}", position.fen()));
    lines.push(format!("Key: {:016X}", position.key()));
    let checkers: Vec<String> = position.checkers().map(|square| square.to_string()).collect();
    lines.push(format!("Checkers: {}", checkers.join(" ")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_diagram() {
        let lines = diagram(&Position::startpos());
        assert_eq!(lines[1], " | r | n | b | q | k | b | n | r | 8");
        assert_eq!(lines[15], " | R | N | B | Q | K | B | N | R | 1");
        assert_eq!(lines[19], "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(lines[20].starts_with("Key: ") && lines[20].len() == 21);
        assert_eq!(lines[21], "Checkers: ");
    }

    #[test]
    fn checkers_are_listed() {
        let position = Position::from_fen("4k3/8/8/8/8/3n4/8/4K3 w - - 0 1").unwrap();
        assert_eq!(diagram(&position).last().unwrap(), "Checkers: d3");
    }
}
