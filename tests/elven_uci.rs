//! Elven Chess through the UCI loop: `UCI_Variant elven`, every command on
//! the 10x10 board, bad input refused with the position kept, searches
//! whose moves are legal, and games of the engine against itself checked
//! move by move.

mod uci_support;

use roque::elven::game::ElvenRecord;
use roque::elven::{ElvenPosition, ELVEN_STARTPOS_FEN};
use std::time::Duration;
use uci_support::{best_move, pv, Engine, TIMEOUT};

fn elven_engine() -> Engine {
    let mut engine = Engine::ready();
    engine.send("setoption name UCI_Variant value elven");
    engine
}

fn perft_total(engine: &mut Engine, depth: u32) -> (Vec<String>, u64) {
    engine.send(&format!("go perft {depth}"));
    let lines = engine.lines_until(|l| l.starts_with("Nodes searched:"), TIMEOUT);
    let total = lines.last().unwrap().trim_start_matches("Nodes searched: ").parse().unwrap();
    (lines, total)
}

#[test]
fn elven_is_listed_and_starts_from_its_own_array() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.wait_for("uciok");
    let line = lines.iter().find(|l| l.starts_with("option name UCI_Variant ")).unwrap();
    assert!(line.contains(" var elven"), "{line}");
    engine.send("setoption name UCI_Variant value Elven");
    engine.send("position startpos");
    assert_eq!(engine.fen(), ELVEN_STARTPOS_FEN);
    engine.send("d");
    let lines = engine.lines_until(|l| l.starts_with("Checkers:"), TIMEOUT);
    assert!(lines.iter().any(|l| l == "Variant: elven"), "{lines:?}");
    assert!(lines.iter().any(|l| l.ends_with("| 10")), "a tenth rank: {lines:?}");
    assert!(lines.iter().any(|l| l.trim() == "a   b   c   d   e   f   g   h   i   j"), "{lines:?}");
    // Back to chess: the chess start.
    engine.send("setoption name UCI_Variant value chess");
    engine.send("position startpos");
    assert_eq!(engine.fen(), roque::board::STARTPOS_FEN);
}

#[test]
fn go_perft_divides_and_counts_as_the_model() {
    let mut engine = elven_engine();
    engine.send("position startpos");
    let (lines, total) = perft_total(&mut engine, 3);
    assert_eq!(total, 215_150);
    assert!(lines.contains(&"e2e2: 3600".to_string()), "the pass, once: {lines:?}");
    // Restriction 2, carried by the moves: the model counts 10 replies.
    engine.send("position fen 9k/10/10/10/7n2/4w5/3P2W3/10/10/K9 w - - 0 1 moves d4e5");
    assert_eq!(perft_total(&mut engine, 1).1, 10);
    engine.send("position fen 9k/10/10/10/7n2/4P5/6W3/10/10/K9 b - - 0 1");
    assert_eq!(perft_total(&mut engine, 1).1, 11);
}

#[test]
fn bad_input_is_refused_and_the_position_kept() {
    let mut engine = elven_engine();
    engine.send("position startpos moves e3e5");
    let fen = engine.fen();
    for (command, error) in [
        ("position startpos moves e3e5 k9k9", "move 2 of the list"),
        ("position startpos moves e3e6", "not a legal move"),
        ("position fen r3k4r/10/10 w - - 0 1", "bad elven FEN"),
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad elven FEN"),
    ] {
        engine.send(command);
        let lines = engine.sync();
        assert!(lines.iter().any(|l| l.starts_with("info string error:") && l.contains(error)), "{command}: {lines:?}");
        assert_eq!(engine.fen(), fen, "{command} changed the position");
    }
}

#[test]
fn a_bad_searchmoves_entry_is_named_and_the_search_still_answers() {
    let mut engine = elven_engine();
    engine.send("position startpos");
    let lines = engine.search("go depth 2 searchmoves z1z1 e3e5");
    assert!(lines.iter().any(|l| l.contains("searchmoves move 1") && l.contains("searching the others")), "{lines:?}");
    assert_eq!(best_move(&lines), "e3e5");
    let lines = engine.search("go depth 1 searchmoves zz");
    assert!(lines.iter().any(|l| l.contains("searching every legal move")), "{lines:?}");
    assert!(ElvenPosition::startpos().parse_move(&best_move(&lines)).is_ok());
}

/// `go mate N` ends by itself once the mate is found (or the depth that
/// would show it is searched), as in chess.
#[test]
fn go_mate_ends_by_itself() {
    let mut engine = elven_engine();
    engine.send("position fen k9/10/10/2W7/10/10/10/10/10/5K4 w - - 0 1");
    let lines = engine.search("go mate 1");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    // No mate in one: the search ends at its depth limit (4N + 6 plies),
    // in a position small enough to get there in milliseconds (from the
    // start it took 10 million nodes, 20 s on a busy machine).
    let fen = "k9/10/p9/10/10/10/10/P9/10/5K4 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go mate 1");
    assert!(lines.iter().any(|l| l.starts_with("info depth 10 ")), "{lines:?}");
    assert!(ElvenPosition::from_fen(fen).unwrap().parse_move(&best_move(&lines)).is_ok());
}

/// A mate given on the hundredth halfmove stands: the fifty-move rule does
/// not draw it.
#[test]
fn a_mate_on_the_hundredth_halfmove_is_found() {
    let mut engine = elven_engine();
    engine.send("position fen k9/10/1K8/10/10/10/10/10/10/9R w - - 99 80");
    let lines = engine.search("go depth 4");
    assert_eq!(best_move(&lines), "j1j10", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
}

#[test]
fn searches_play_legal_moves_with_every_limit() {
    let mut engine = elven_engine();
    engine.send("setoption name Threads value 2");
    engine.send("position startpos moves e3e5 f8f6 e2e4");
    let start = ElvenPosition::startpos();
    let mut position = start;
    for text in ["e3e5", "f8f6", "e2e4"] {
        position = position.make(position.parse_move(text).unwrap());
    }
    for go in ["go depth 5", "go nodes 20000", "go movetime 200", "go wtime 2000 btime 2000 winc 20 binc 20"] {
        let lines = engine.search(go);
        let best = best_move(&lines);
        assert!(position.parse_move(&best).is_ok(), "{go}: {best} is not legal");
        let last = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
        // Every move of the principal variation is legal in turn.
        let mut line = position;
        for text in pv(last) {
            let m = line.parse_move(&text).unwrap_or_else(|e| panic!("{go}: pv {text}: {e}"));
            line = line.make(m);
        }
    }
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
    assert!(position.parse_move(&best_move(&lines)).is_ok());
}

#[test]
fn a_mate_is_found_and_a_finished_game_reports_its_end() {
    let mut engine = elven_engine();
    // The lone warlock mates in one: from b8 or c8 it reaches a10 and every
    // square around it, and the king cannot reach it.
    engine.send("position fen k9/10/10/2W7/10/10/10/10/10/5K4 w - - 0 1");
    let lines = engine.search("go depth 6");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
    let best = best_move(&lines);
    let position = ElvenPosition::from_fen("k9/10/10/2W7/10/10/10/10/10/5K4 w - - 0 1").unwrap();
    let after = position.make(position.parse_move(&best).unwrap());
    assert!(after.is_checkmate(), "{best}");
    // Checkmated: no move, and the game's end said.
    engine.send("position fen k9/10/2W7/10/10/10/10/10/10/5K4 b - - 0 1");
    let lines = engine.search("go depth 3");
    assert!(lines.iter().any(|l| l == "bestmove (none)"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("game over: 1-0 (checkmate)")), "{lines:?}");
}

/// Games of the engine against itself at a few thousand nodes a move, every
/// move checked by the rules (the engine's position, itself checked against
/// the independent model by elven_perft.rs): no illegal move, and where the
/// rules end a game by mate or stalemate the engine has no move to give.
#[test]
fn self_play_games_are_legal_and_end_by_the_rules() {
    let mut engine = elven_engine();
    let openings = [["e3e5", "f8f6"], ["d3d4", "e8e7"], ["g3g5", "c8c6"], ["i2h4", "d8d6"]];
    for (index, opening) in openings.iter().enumerate() {
        engine.send("ucinewgame");
        let mut game = ElvenRecord::default();
        for text in opening {
            game.play_text(text).unwrap();
        }
        for _ply in 0..160 {
            let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
            engine.send(&format!("position startpos moves {}", moves.join(" ")));
            if let Some(result) = game.result() {
                if game.position().legal_moves().is_empty() {
                    let lines = engine.search("go nodes 1000");
                    assert!(lines.iter().any(|l| l == "bestmove (none)"), "game {index}: {result:?}: {lines:?}");
                }
                break;
            }
            let best = best_move(&engine.search("go nodes 3000"));
            game.play_text(&best).unwrap_or_else(|e| panic!("game {index}: {best}: {e}"));
        }
    }
}
