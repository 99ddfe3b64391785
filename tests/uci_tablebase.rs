//! Syzygy tables through UCI: loading and its report, bad paths, `tbhits`,
//! and games the engine must win or hold with the tables of
//! `tests/data/syzygy`, played by the engine against itself over its pipes.

mod uci_support;

use roque::board::{ChessRecord, GameResult, Position};
use uci_support::{best_move, field, score_lines, Engine};

fn tables() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

fn engine_with_tables() -> Engine {
    let mut engine = Engine::ready();
    engine.send(&format!("setoption name SyzygyPath value {}", tables()));
    let lines = engine.sync();
    assert!(
        lines.iter().any(
            |l| l == &format!("info string Syzygy: found 7 tables (7 with DTZ), up to 4 pieces, in '{}'", tables())
        ),
        "{lines:?}"
    );
    engine
}

#[test]
fn setting_the_path_reports_what_was_found_and_bad_paths_change_nothing() {
    let mut engine = engine_with_tables();
    engine.send("setoption name SyzygyPath value /nonexistent/tables");
    let lines = engine.sync();
    assert!(lines.iter().any(|l| l.starts_with("info string error: SyzygyPath: directory '/nonexistent/tables'")));
    assert!(lines.iter().any(|l| l.contains("no Syzygy table found") && l.contains("the 7 tables")), "{lines:?}");
    // The tables loaded before are still used.
    engine.send("position fen 7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1");
    let lines = engine.search("go depth 3");
    let hits: u64 = field(score_lines(&lines).last().unwrap(), "tbhits").unwrap().parse().unwrap();
    assert!(hits > 0, "{lines:?}");
    // <empty> switches them off.
    engine.send("setoption name SyzygyPath value <empty>");
    assert!(engine.sync().iter().any(|l| l == "info string Syzygy: no tables (SyzygyPath is <empty>)"));
    let lines = engine.search("go depth 3");
    assert_eq!(field(score_lines(&lines).last().unwrap(), "tbhits"), Some("0"));
}

#[test]
fn the_root_in_the_tables_plays_a_winning_move_and_reports_a_win() {
    let mut engine = engine_with_tables();
    // K+Q v K+R: only some queen moves keep the win.
    let fen = "7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 4");
    let last = score_lines(&lines).last().unwrap().to_string();
    let score: i32 = field(&last, "cp").unwrap().parse().unwrap();
    assert!(score > 30_000, "a table win scores near the mate scores: {last}");
    let best = best_move(&lines);
    let position = Position::from_fen(fen).unwrap();
    let mut game = ChessRecord::new(position);
    game.play_uci(&best, false).unwrap();
    let tables = roque::tablebase::Tablebases::load(&tables()).tablebases;
    assert_eq!(tables.probe_wdl(game.position()), Some(roque::tablebase::Wdl::Loss), "{best} gives the win away");
}

#[test]
fn a_position_without_a_table_is_searched_as_usual() {
    let mut engine = engine_with_tables();
    // K+R v K+N: no table here (the positions after a capture have one).
    let fen = "8/8/4k3/8/2n5/8/8/R3K3 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 6");
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
    let depth = field(score_lines(&lines).last().unwrap(), "depth").unwrap();
    assert_eq!(depth, "6");
    let best = best_move(&lines);
    assert!(Position::from_fen(fen).unwrap().parse_uci_move(&best, false).is_ok());
}

/// Plays `fen` out with the engine on both sides, `go nodes` a move, and
/// returns the finished game (or the position after `max_plies`).
fn play_out(engine: &mut Engine, fen: &str, nodes: u32, max_plies: usize) -> ChessRecord {
    let mut game = ChessRecord::new(Position::from_fen(fen).unwrap());
    let mut moves: Vec<String> = Vec::new();
    engine.send("ucinewgame");
    for _ in 0..max_plies {
        if game.result().is_some() {
            break;
        }
        engine.send(&format!("position fen {fen} moves {}", moves.join(" ")));
        let lines = engine.search(&format!("go nodes {nodes}"));
        let best = best_move(&lines);
        game.play_uci(&best, false).unwrap_or_else(|e| panic!("{best}: {e} after {moves:?}"));
        moves.push(best);
    }
    game
}

fn assert_mated_by(game: &ChessRecord, winner: roque::types::Color, limit: usize) {
    assert!(
        matches!(game.result(), Some(GameResult::Checkmate { winner: w }) if w == winner),
        "no mate within {limit} plies: {:?}, {}",
        game.result(),
        game.position().fen()
    );
}

#[test]
fn the_engine_mates_from_won_kqkr_and_kbnk() {
    let mut engine = engine_with_tables();
    // K+Q v K+R: the rook is won, then the king mated (DTZ 3 + mate).
    let game = play_out(&mut engine, "7Q/8/8/3k4/8/8/r7/2K5 w - - 0 1", 20_000, 120);
    assert_mated_by(&game, roque::types::Color::White, 120);
    // K+B+N v K: mate within the fifty-move rule (DTZ 52 plies).
    let game = play_out(&mut engine, "8/8/8/4k3/8/8/3NK3/4B3 w - - 0 1", 20_000, 100);
    assert_mated_by(&game, roque::types::Color::White, 100);
}

#[test]
fn the_engine_holds_a_drawn_pawn_ending() {
    let mut engine = engine_with_tables();
    // K v K+P: White must answer with Ke2 and keep the opposition.
    let game = play_out(&mut engine, "8/8/8/8/4k3/4p3/8/4K3 w - - 0 1", 5_000, 60);
    let tables = roque::tablebase::Tablebases::load(&tables()).tablebases;
    assert!(
        !matches!(game.result(), Some(GameResult::Checkmate { .. })),
        "the draw was lost: {}",
        game.position().fen()
    );
    if game.result().is_none() {
        assert_eq!(tables.probe_wdl(game.position()), Some(roque::tablebase::Wdl::Draw));
    }
}
