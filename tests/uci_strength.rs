//! Playing strength for people through UCI: `UCI_LimitStrength` with
//! `UCI_Elo`, and `Skill Level`: the node budget, moving at once, and the
//! wins a weakened engine must still take.

mod uci_support;

use roque::board::{ChessRecord, GameResult, Position};
use roque::search::StrengthLimit;
use roque::types::Color;
use std::time::{Duration, Instant};
use uci_support::{best_move, field, score_lines, Engine};

const MIDDLEGAME: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

#[test]
fn a_limited_engine_spends_its_node_budget_and_moves_at_once() {
    let mut engine = Engine::ready();
    engine.send("setoption name UCI_LimitStrength value true");
    engine.send("setoption name UCI_Elo value 1400");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let started = Instant::now();
    // A long clock: the budget, not the clock, ends the search.
    let lines = engine.search("go wtime 600000 btime 600000");
    assert!(started.elapsed() < Duration::from_secs(5), "{lines:?}");
    let budget = StrengthLimit::from_elo(1400).nodes;
    let nodes: u64 = field(score_lines(&lines).last().unwrap(), "nodes").unwrap().parse().unwrap();
    assert!(nodes <= budget + 2_000, "{nodes} nodes for a budget of {budget}");
    let best = best_move(&lines);
    assert!(Position::from_fen(MIDDLEGAME).unwrap().parse_uci_move(&best, false).is_ok());
    // Only the lines asked for are reported, though more are searched.
    assert!(score_lines(&lines).iter().all(|l| field(l, "multipv") == Some("1")), "{lines:?}");
}

#[test]
fn skill_level_limits_too_and_the_limit_can_be_lifted() {
    let mut engine = Engine::ready();
    engine.send("setoption name Skill Level value 3");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.search("go wtime 600000 btime 600000");
    let nodes: u64 = field(score_lines(&lines).last().unwrap(), "nodes").unwrap().parse().unwrap();
    let budget = StrengthLimit::from_skill(3).unwrap().nodes;
    assert!(nodes <= budget + 2_000, "{nodes} for {budget}");
    engine.send("setoption name Skill Level value 20");
    let lines = engine.search("go depth 9");
    assert_eq!(field(score_lines(&lines).last().unwrap(), "depth"), Some("9"));
}

/// Plays `fen` out: the limited engine (`options`) for `limited`, the full
/// engine for the other side, `go movetime` a move.
fn play_out(engine: &mut Engine, fen: &str, limited: Color, options: &[&str], max_plies: usize) -> ChessRecord {
    let mut game = ChessRecord::new(Position::from_fen(fen).unwrap());
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..max_plies {
        if game.result().is_some() {
            break;
        }
        let weak = game.position().side_to_move() == limited;
        for option in options {
            let value = if weak { option.to_string() } else { option.replace("value true", "value false") };
            engine.send(&value);
        }
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let lines = engine.search("go nodes 200000");
        let best = best_move(&lines);
        game.play_uci(&best, false).unwrap();
        moves.push(best);
    }
    game
}

#[test]
fn the_weakest_level_still_mates_with_a_rook() {
    let mut engine = Engine::ready();
    let options = ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 500"];
    let game = play_out(&mut engine, "8/8/8/4k3/8/8/8/R3K3 w - - 0 1", Color::White, &options, 100);
    assert_eq!(game.result(), Some(GameResult::Checkmate { winner: Color::White }), "{}", game.position().fen());
}

#[test]
fn the_weakest_level_still_converts_a_won_table_ending() {
    let mut engine = Engine::ready();
    let tables = format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"));
    engine.send(&format!("setoption name SyzygyPath value {tables}"));
    let options = ["setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 500"];
    let game = play_out(&mut engine, "7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1", Color::White, &options, 160);
    assert_eq!(game.result(), Some(GameResult::Checkmate { winner: Color::White }), "{}", game.position().fen());
}
