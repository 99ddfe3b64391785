//! The UCI protocol outside the search itself: the handshake, options,
//! positions, helper commands, and every kind of bad input.

mod uci_support;

use roque::board::Position;
use std::time::{Duration, Instant};
use uci_support::{assert_legal_line, best_move, Engine, TIMEOUT};

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4_FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

#[test]
fn handshake_names_the_engine_and_lists_every_option() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.wait_for("uciok");
    assert!(lines.iter().any(|l| l.starts_with("id name Roque ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")), "{lines:?}");
    for option in [
        "option name Hash type spin default 16 min 1 max 1048576",
        "option name Threads type spin default 1 min 1 max 1024",
        "option name Clear Hash type button",
        "option name MultiPV type spin default 1 min 1 max 256",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 10 min 0 max 5000",
        "option name UCI_Chess960 type check default false",
        "option name UCI_ShowWDL type check default false",
    ] {
        assert!(lines.iter().any(|l| l == option), "missing '{option}' in {lines:?}");
    }
    assert!(engine.sync().is_empty());
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some_and(|s| s.success()));
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut engine = Engine::ready();
    engine.close_input();
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some_and(|s| s.success()));
}

#[test]
fn option_names_are_read_without_regard_to_case() {
    let mut engine = Engine::ready();
    engine.send("debug on");
    for line in [
        "setoption name hash value 32",
        "setoption name THREADS value 2",
        "setoption name multipv value 2",
        "setoption name move overhead value 50",
        "setoption name uci_chess960 value TRUE",
        "setoption name Uci_ShowWdl value true",
        "setoption name ponder value true",
        "setoption name clear hash",
    ] {
        engine.send(line);
        let lines = engine.sync();
        assert!(lines.iter().all(|l| !l.contains("error")), "{line}: {lines:?}");
    }
    engine.send("setoption name Threads value 1");
    let lines = engine.sync();
    let settings = lines.iter().find(|l| l.contains("debug: options now")).expect("debug mode reports options");
    for expected in [
        "hash_mb: 32,",
        "threads: 1,",
        "multipv: 2,",
        "ponder: true,",
        "move_overhead_ms: 50,",
        "chess960: true,",
        "show_wdl: true,",
    ] {
        assert!(settings.contains(expected), "{expected} not in {settings}");
    }
    let lines = engine.search("go depth 3");
    assert!(lines.iter().any(|l| l.contains(" multipv 2 ") && l.contains(" wdl ")), "{lines:?}");
}

#[test]
fn positions_with_moves_and_the_d_command() {
    let mut engine = Engine::ready();
    assert_eq!(engine.fen(), START_FEN);
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.fen(), AFTER_E4_FEN);
    engine.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5 g1f3");
    assert_eq!(engine.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    engine.send("d");
    let lines = engine.lines_until(|l| l.starts_with("Checkers:"), TIMEOUT);
    assert!(lines.iter().any(|l| l == " | R | N | B | Q | K | B |   | R | 1"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Key: ")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "Result: none"), "{lines:?}");
}

#[test]
fn the_d_command_says_how_the_game_ended() {
    let mut engine = Engine::ready();
    let d = |engine: &mut Engine| engine_lines(engine, "d");
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert!(d(&mut engine).iter().any(|l| l == "Result: 0-1 (checkmate)"));
    engine.send("position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert!(d(&mut engine).iter().any(|l| l == "Result: 1/2-1/2 (threefold repetition)"));
    engine.send("position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(d(&mut engine).iter().any(|l| l == "Result: 1/2-1/2 (insufficient material)"));
}

fn engine_lines(engine: &mut Engine, command: &str) -> Vec<String> {
    engine.send(command);
    engine.lines_until(|l| l.starts_with("Checkers:"), TIMEOUT)
}

#[test]
fn eval_prints_a_breakdown_ending_in_the_final_evaluation() {
    let mut engine = Engine::ready();
    engine.send("position fen 4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
    engine.send("eval");
    let lines = engine.lines_until(|l| l.starts_with("Final evaluation:"), TIMEOUT);
    let last = lines.last().unwrap();
    let cp: i32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(cp > 500, "White is a queen up, seen from White's side: {last}");
    assert!(last.contains("(white side), by "), "{last}");
    // Every term, White and Black, middlegame and endgame, before the total.
    for term in ["Term", "material", "piece square", "queen mobility", "king danger (attack)", "tempo", "total"] {
        assert!(lines.iter().any(|l| l.starts_with(term)), "no row '{term}' in {lines:?}");
    }
    let material = lines.iter().find(|l| l.starts_with("material")).unwrap();
    let columns: Vec<&str> = material.split('|').skip(1).collect();
    assert_eq!(columns.len(), 3, "White, Black and Total columns: {material}");
    assert!(columns.iter().all(|c| c.split_whitespace().count() == 2), "MG and EG in each: {material}");
}

#[test]
fn go_perft_counts_like_the_command_line() {
    let mut engine = Engine::ready();
    engine.send("position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    engine.send("go perft 3");
    let lines = engine.lines_until(|l| l.starts_with("Nodes searched:"), TIMEOUT);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 97862");
    assert_eq!(lines.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count(), 48);
    assert!(lines.iter().any(|l| l == "e1g1: 2059"), "castling is written the standard way: {lines:?}");
    assert!(engine.sync().is_empty());
}

#[test]
fn stop_ends_a_long_perft_and_isready_is_answered_meanwhile() {
    let mut engine = Engine::ready();
    engine.send("go perft 8");
    let asked = Instant::now();
    assert!(engine.sync().iter().all(|l| !l.starts_with("Nodes")));
    assert!(asked.elapsed() < Duration::from_secs(1), "isready waited {:?}", asked.elapsed());
    engine.send("go depth 1");
    assert!(engine.sync().iter().any(|l| l.contains("error: go: not while a search is running")));
    engine.send("stop");
    engine.lines_until(|l| l == "info string perft stopped", Duration::from_secs(30));
    let lines = engine.search("go depth 2");
    assert_legal_line(&Position::startpos(), &[best_move(&lines)], false);
}

#[test]
fn a_byte_order_mark_before_the_first_command_is_skipped() {
    let mut engine = Engine::start();
    engine.write(b"\xEF\xBB\xBFuci\n");
    let lines = engine.wait_for("uciok");
    assert!(lines.iter().all(|l| !l.contains("error")), "{lines:?}");
}

#[test]
fn debug_mode_reports_the_search_limits() {
    let mut engine = Engine::ready();
    engine.send("debug ON");
    assert_eq!(engine.sync(), vec!["info string debug on"]);
    engine.send("debug on");
    assert_eq!(engine.sync(), vec!["info string debug on"]);
    let lines = engine.search("go depth 2");
    assert!(lines.iter().any(|l| l.starts_with("info string debug: searching")), "{lines:?}");
    engine.send("debug off");
    assert_eq!(engine.sync(), vec!["info string debug off"]);
    let lines = engine.search("go depth 2");
    assert!(lines.iter().all(|l| !l.contains("debug")), "{lines:?}");
}

/// Each line is bad; after it the engine reports an error, still answers
/// `isready`, keeps its position and still searches.
#[test]
fn malformed_lines_change_nothing() {
    let bad_lines = [
        "xyzzy",
        "go depth",
        "go depth 0",
        "go depth -3",
        "go depth 1000",
        "go depth three",
        "go nodes 0",
        "go nodes -5",
        "go mate 0",
        "go movetime",
        "go wtime",
        "go wtime 12x",
        "go wtime 99999999999999999999999",
        "go winc -10",
        "go movestogo many",
        "go depth 3 depth 4",
        "go infinite infinite",
        "go sideways",
        "go searchmoves",
        "go perft",
        "go perft 0",
        "go perft 2 depth 3",
        "position",
        "position moves e2e4",
        "position startingpos",
        "position startpos e2e4",
        "position fen",
        "position fen moves e2e4",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqZ - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/R3K3 b - - 0 1 moves e8e7 e7e6",
        "position fen 4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "position fen P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K3 w K - 0 1",
        "position fen 4k3/8/8/8/8/8/8/4K12 w - - 0 1",
        "position fen 4k3/8/8/44/8/8/8/4K3 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQ - 0 1",
        "position fen 4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 xx",
        "position startpos moves e2e5",
        "position startpos moves e2e4 e2e4",
        "position startpos moves e7e5",
        "position startpos moves e1g1",
        "position startpos moves a7a8q",
        "setoption",
        "setoption name",
        "setoption name Nonexistent value 3",
        "setoption name Hash",
        "setoption name Hash value",
        "setoption name Hash value 0",
        "setoption name Hash value -16",
        "setoption name Hash value 2000000",
        "setoption name Hash value big",
        "setoption name Threads value 1025",
        "setoption name Threads value 0",
        "setoption name MultiPV value 257",
        "setoption name MultiPV value 0",
        "setoption name Move Overhead value 5001",
        "setoption name Move Overhead value -1",
        "setoption name Ponder value maybe",
        "setoption name UCI_Chess960 value 1",
        "setoption name UCI_ShowWDL",
        "setoption Hash 16",
        "debug",
        "debug sometimes",
        "ponderhit",
        "\u{1b}[A",
        "é ü 日本",
        "go\u{0}depth 3",
    ];
    let mut engine = Engine::ready();
    engine.send("position startpos moves e2e4");
    for line in bad_lines {
        engine.send(line);
        let answer = engine.sync();
        assert!(
            answer.iter().any(|l| l.starts_with("info string error: ")),
            "no error reported for '{line}': {answer:?}"
        );
        assert!(answer.iter().all(|l| !l.starts_with("bestmove")), "'{line}' started a search: {answer:?}");
        assert_eq!(engine.fen(), AFTER_E4_FEN, "'{line}' changed the position");
        let lines = engine.search("go depth 1");
        let after_e4 = Position::from_fen(AFTER_E4_FEN).unwrap();
        assert_legal_line(&after_e4, &[best_move(&lines)], false);
    }
}

#[test]
fn unknown_words_before_a_command_are_skipped_as_the_specification_asks() {
    let mut engine = Engine::ready();
    engine.send("joho debug on");
    let lines = engine.sync();
    assert!(lines.iter().any(|l| l.starts_with("info string error: unknown word 'joho'")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "info string debug on"), "{lines:?}");
}

#[test]
fn trailing_words_after_simple_commands_are_ignored() {
    let mut engine = Engine::ready();
    engine.send("isready now");
    engine.wait_for("readyok");
    engine.send("stop please");
    assert!(engine.sync().is_empty());
}

#[test]
fn a_hundred_thousand_character_line_changes_nothing() {
    let mut engine = Engine::ready();
    engine.send("position startpos moves e2e4");
    for line in [
        "x".repeat(100_000),
        format!("position fen {}", "p".repeat(100_000)),
        format!("setoption name {} value 1", "Hash".repeat(25_000)),
        format!("position startpos moves {}", "e2e4 ".repeat(20_000)),
    ] {
        engine.send(&line);
        let answer = engine.sync();
        assert!(answer.iter().any(|l| l.starts_with("info string error: ")), "{answer:?}");
        assert!(answer.iter().all(|l| l.len() < 1000), "an error echoed the whole line back");
        assert_eq!(engine.fen(), AFTER_E4_FEN);
    }
    // Twenty thousand illegal moves to search: a short error, then the
    // search over every legal move.
    let lines = engine.search(&format!("go depth 1 searchmoves {}", "e2e4 ".repeat(20_000)));
    let error = lines.iter().find(|l| l.starts_with("info string error: ")).expect("an error");
    assert!(error.len() < 1000 && error.contains("and 19997 more"), "{error}");
    assert_legal_line(&Position::from_fen(AFTER_E4_FEN).unwrap(), &[best_move(&lines)], false);
    // Longer than the reader keeps: skipped and reported.
    engine.send(&"y".repeat(3 << 20));
    let answer = engine.sync();
    assert!(answer.iter().any(|l| l.contains("bytes was skipped")), "{answer:?}");
    let lines = engine.search("go depth 2");
    assert_legal_line(&Position::from_fen(AFTER_E4_FEN).unwrap(), &[best_move(&lines)], false);
}

#[test]
fn binary_bytes_change_nothing() {
    let mut engine = Engine::ready();
    engine.send("position startpos moves e2e4");
    let mut noise: Vec<u8> = (0..=255u8).collect();
    noise.extend_from_slice(b"\xff\xfe\x00\x00go depth\x80\r\x00\x0b\x0c\n\n\xc3\x28\xa0\xa1\n");
    // A deterministic stream of bytes, newlines included.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        // Skip "quit" and other real commands by avoiding spaces: a whole
        // line of these bytes is one unknown word.
        let byte = (state >> 32) as u8;
        if !byte.is_ascii_whitespace() || byte == b'\n' {
            noise.push(byte);
        }
    }
    noise.push(b'\n');
    engine.write(&noise);
    let answer = engine.sync();
    assert!(answer.iter().all(|l| !l.starts_with("bestmove")), "{answer:?}");
    assert_eq!(engine.fen(), AFTER_E4_FEN);
    let lines = engine.search("go depth 2");
    assert_legal_line(&Position::from_fen(AFTER_E4_FEN).unwrap(), &[best_move(&lines)], false);
}

#[test]
fn a_three_thousand_move_list_is_played_and_searched() {
    let mut engine = Engine::ready();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let moves: Vec<&str> = shuffle.iter().copied().cycle().take(3000).collect();
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3000 1501");
    let lines = engine.search("go depth 3");
    assert_legal_line(&Position::startpos(), &[best_move(&lines)], false);
    // Moves after a bad one are not looked at; the position stays.
    let mut bad = moves.clone();
    bad[2999] = "g1g1";
    engine.send(&format!("position startpos moves {}", bad.join(" ")));
    let answer = engine.sync();
    assert!(answer.iter().any(|l| l.contains("move 3000 of the list: 'g1g1'")), "{answer:?}");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3000 1501");
}
