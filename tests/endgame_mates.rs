//! Mating a lone king without tables: K+Q, K+R and K+B+N against a king
//! alone, Roque playing both sides (an engine each, a fixed node count a
//! move), must end in mate within the fifty-move rule from every start.

use roque::board::{ChessRecord, GameResult, Position};
use roque::search::{Engine, SearchLimits};
use roque::types::Color;

/// Nodes a move: about a hundredth of a second.
const NODES: u64 = 20_000;

/// The game from `fen` played out for at most fifty moves each: the plies
/// to mate, or how it ended otherwise.
fn play_out(fen: &str) -> Result<usize, String> {
    let mut game = ChessRecord::new(Position::from_fen(fen).unwrap());
    let mut engines = [Engine::new(), Engine::new()];
    let attacker = game.position().side_to_move();
    for ply in 0..=100 {
        match game.result() {
            Some(GameResult::Checkmate { winner }) if winner == attacker => return Ok(ply),
            Some(result) => return Err(format!("{result:?} after {ply} plies")),
            None if ply == 100 => break,
            None => {}
        }
        let side = game.position().side_to_move();
        let engine = &mut engines[usize::from(side == Color::Black)];
        let best = engine.search_sync(&game, SearchLimits::nodes(NODES)).best;
        game.play(best);
    }
    Err("no mate in 50 moves".to_string())
}

fn mates_from(fens: &[&str]) {
    for fen in fens {
        if let Err(e) = play_out(fen) {
            panic!("{fen}: {e}");
        }
    }
}

#[test]
fn king_and_queen_mate_a_lone_king() {
    mates_from(&[
        "8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1",
        "8/8/3k4/8/8/8/8/1Q5K w - - 0 1",
        "7K/8/8/3k4/8/8/8/1q6 b - - 0 1",
    ]);
}

#[test]
fn king_and_rook_mate_a_lone_king() {
    mates_from(&["8/8/8/3k4/8/8/8/R3K3 w - - 0 1", "8/8/8/4k3/8/8/8/K6R w - - 0 1", "r3k3/8/8/8/4K3/8/8/8 b - - 0 1"]);
}

#[test]
fn king_bishop_and_knight_mate_a_lone_king() {
    // Mate is in a corner of the bishop's colour: light (f1) and dark (c1)
    // bishops, the lone king in the centre.
    mates_from(&["8/8/8/3k4/8/8/8/1N2KB2 w - - 0 1", "8/8/8/4k3/8/8/8/2B1K1N1 w - - 0 1"]);
}
