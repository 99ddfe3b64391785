//! Searching through UCI: every `go` limit, stop, ponder, MultiPV,
//! searchmoves, mate scores, positions without moves, Chess960 castling and
//! a long game. Searches are short: a few depths or a few hundred
//! milliseconds each.

mod uci_support;

use roque::board::Position;
use std::time::{Duration, Instant};
use uci_support::{assert_legal_line, best_move, field, ponder_move, pv, score_lines, Engine, TIMEOUT};

const MIDDLEGAME: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// Checks a finished search: a legal bestmove, a legal ponder move after
/// it, and a legal pv on every info line.
fn check_search(position: &Position, lines: &[String], chess960: bool) -> String {
    let best = best_move(lines);
    let mut line = vec![best.clone()];
    line.extend(ponder_move(lines));
    assert_legal_line(position, &line, chess960);
    for info in score_lines(lines) {
        assert_legal_line(position, &pv(info), chess960);
    }
    best
}

fn middlegame() -> Position {
    Position::from_fen(MIDDLEGAME).unwrap()
}

#[test]
fn go_depth_reports_every_iteration_up_to_the_depth() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.search("go depth 6");
    check_search(&middlegame(), &lines, false);
    let depths: Vec<u32> = score_lines(&lines).iter().filter_map(|l| field(l, "depth")?.parse().ok()).collect();
    assert_eq!(depths.last(), Some(&6), "{lines:?}");
    assert!(depths.contains(&1));
    let last = score_lines(&lines).last().unwrap().to_string();
    for key in ["seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv"] {
        assert!(last.split_whitespace().any(|w| w == key), "no {key} in {last}");
    }
    assert!(!last.contains(" wdl "), "UCI_ShowWDL is off by default: {last}");
}

#[test]
fn go_nodes_stops_near_the_node_count() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let started = Instant::now();
    let lines = engine.search("go nodes 20000");
    check_search(&middlegame(), &lines, false);
    assert!(started.elapsed() < Duration::from_secs(5));
    let nodes: Vec<u64> = score_lines(&lines).iter().filter_map(|l| field(l, "nodes")?.parse().ok()).collect();
    assert!(nodes.iter().all(|&n| n <= 40_000), "{lines:?}");
}

#[test]
fn go_movetime_takes_about_that_long() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let started = Instant::now();
    let lines = engine.search("go movetime 300");
    let elapsed = started.elapsed();
    check_search(&middlegame(), &lines, false);
    assert!(elapsed >= Duration::from_millis(250), "{elapsed:?}");
    assert!(elapsed < Duration::from_millis(1500), "{elapsed:?}");
}

#[test]
fn go_with_clocks_uses_a_share_of_the_time() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    for go in [
        "go wtime 3000 btime 3000",
        "go wtime 3000 btime 3000 winc 100 binc 100",
        "go wtime 2000 btime 60000 movestogo 1",
        "go btime 100 wtime 1000 binc 0 winc 0 movestogo 40",
    ] {
        let started = Instant::now();
        let lines = engine.search(go);
        let elapsed = started.elapsed();
        check_search(&middlegame(), &lines, false);
        assert!(elapsed < Duration::from_millis(2500), "{go}: {elapsed:?}");
    }
}

#[test]
fn zero_or_negative_clocks_give_a_legal_move_at_once() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    for go in [
        "go wtime 0 btime 0",
        "go wtime -500 btime -500",
        "go wtime -1 btime 5000 winc 0 binc 0",
        "go wtime 0 btime 0 movestogo 1",
        "go movetime 0",
        "go movetime -10",
    ] {
        let started = Instant::now();
        let lines = engine.search(go);
        let elapsed = started.elapsed();
        check_search(&middlegame(), &lines, false);
        assert!(elapsed < Duration::from_millis(1000), "{go}: {elapsed:?}");
    }
}

#[test]
fn stop_ends_go_infinite_at_once_and_isready_is_answered_during_it() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go infinite");
    engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(600));
    for _ in 0..3 {
        let asked = Instant::now();
        let lines = engine.sync();
        assert!(asked.elapsed() < Duration::from_millis(500), "readyok took {:?}", asked.elapsed());
        assert!(lines.iter().all(|l| !l.starts_with("bestmove")));
    }
    // A new go, and options that touch the table, wait for stop.
    engine.send("go depth 1");
    engine.send("setoption name Hash value 8");
    let lines = engine.sync();
    assert_eq!(lines.iter().filter(|l| l.contains("not while a search is running")).count(), 2, "{lines:?}");
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
    assert!(asked.elapsed() < Duration::from_millis(1000), "bestmove took {:?}", asked.elapsed());
    check_search(&middlegame(), &lines, false);
    // Exactly one bestmove, and the engine is ready for more.
    assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")));
    check_search(&middlegame(), &engine.search("go depth 3"), false);
}

#[test]
fn a_bare_go_searches_until_stop() {
    let mut engine = Engine::ready();
    engine.send("go");
    engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(300));
    engine.send("stop");
    check_search(&Position::startpos(), &engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT), false);
}

#[test]
fn quit_during_a_search_ends_the_engine_at_once() {
    let mut engine = Engine::ready();
    engine.send("go infinite");
    engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).is_some_and(|s| s.success()));
    assert!(asked.elapsed() < Duration::from_millis(1000), "quit took {:?}", asked.elapsed());
}

#[test]
fn ponder_then_ponderhit_answers_on_the_normal_clock() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    // On these clocks the normal time is long spent when ponderhit comes.
    engine.send("go ponder wtime 1000 btime 1000");
    engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(700));
    let asked = Instant::now();
    engine.send("ponderhit");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
    assert!(asked.elapsed() < Duration::from_millis(1000), "bestmove took {:?}", asked.elapsed());
    let position = Position::startpos();
    let position = position.make_move(position.parse_uci_move("e2e4", false).unwrap());
    let position = position.make_move(position.parse_uci_move("e7e5", false).unwrap());
    check_search(&position, &lines, false);
}

#[test]
fn ponder_then_stop_answers_at_once() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    engine.send("go ponder wtime 60000 btime 60000 winc 1000 binc 1000");
    engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(400));
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
    assert!(asked.elapsed() < Duration::from_millis(1000), "bestmove took {:?}", asked.elapsed());
    check_search(&middlegame(), &lines, false);
}

/// A search that ends by its own limit (nodes here; the strength levels
/// limit nodes too) still holds its move under `go infinite` and `go
/// ponder`, until `stop` or `ponderhit`: cutechess-cli ponders with
/// `go ponder nodes N`.
#[test]
fn a_node_limit_holds_the_move_until_stop_or_ponderhit() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    for (go, release) in
        [("go ponder nodes 2000", "ponderhit"), ("go infinite nodes 2000", "stop"), ("go ponder nodes 2000", "stop")]
    {
        engine.send(go);
        engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(400));
        let lines = engine.sync();
        assert!(lines.iter().all(|l| !l.contains("error")), "{go}: {lines:?}");
        engine.send(release);
        let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
        check_search(&middlegame(), &lines, false);
        assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")), "{go}: one bestmove only");
    }
}

#[test]
fn a_weakened_engine_ponders_and_analyses_until_told() {
    for option in ["setoption name Skill Level value 5", "setoption name UCI_LimitStrength value true"] {
        let mut engine = Engine::ready();
        engine.send("setoption name Ponder value true");
        engine.send(option);
        engine.send("position startpos moves e2e4 e7e5");
        for (go, release) in [("go ponder wtime 60000 btime 60000", "ponderhit"), ("go infinite", "stop")] {
            engine.send(go);
            engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(400));
            engine.send(release);
            let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
            assert!(lines.iter().all(|l| !l.contains("error")), "{option}, {go}: {lines:?}");
        }
    }
}

#[test]
fn multipv_lines_have_distinct_first_moves() {
    let mut engine = Engine::ready();
    engine.send("setoption name MultiPV value 4");
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.search("go depth 5");
    check_search(&middlegame(), &lines, false);
    let last_depth = lines.iter().filter_map(|l| field(l, "depth")).filter_map(|d| d.parse::<u32>().ok()).max();
    let finals: Vec<&String> = score_lines(&lines)
        .into_iter()
        .filter(|l| field(l, "depth").and_then(|d| d.parse().ok()) == last_depth)
        .collect();
    let mut numbers: Vec<&str> = finals.iter().filter_map(|l| field(l, "multipv")).collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers, vec!["1", "2", "3", "4"], "{lines:?}");
    let mut firsts: Vec<String> = finals.iter().map(|l| pv(l)[0].clone()).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts.len(), 4, "{finals:?}");
    let best = finals.iter().find(|l| field(l, "multipv") == Some("1")).unwrap();
    assert_eq!(pv(best)[0], best_move(&lines));
}

#[test]
fn multipv_beyond_the_number_of_moves_lists_each_move_once() {
    let mut engine = Engine::ready();
    engine.send("setoption name MultiPV value 256");
    // The king has three moves.
    engine.send("position fen 7k/8/8/8/8/8/8/K7 w - - 0 1");
    let lines = engine.search("go depth 3");
    let finals: Vec<&String> = score_lines(&lines).into_iter().filter(|l| field(l, "depth") == Some("3")).collect();
    let mut firsts: Vec<String> = finals.iter().map(|l| pv(l)[0].clone()).collect();
    firsts.sort();
    firsts.dedup();
    assert_eq!(firsts, vec!["a1a2", "a1b1", "a1b2"], "{lines:?}");
}

#[test]
fn searchmoves_limits_the_root_moves() {
    let mut engine = Engine::ready();
    let lines = engine.search("go depth 5 searchmoves a2a3 h2h3");
    let best = check_search(&Position::startpos(), &lines, false);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    for info in score_lines(&lines) {
        let first = &pv(info)[0];
        assert!(first == "a2a3" || first == "h2h3", "{info}");
    }
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.search("go searchmoves b1c3 depth 3");
    assert_eq!(check_search(&middlegame(), &lines, false), "b1c3");
}

#[test]
fn mate_scores_count_moves() {
    let mut engine = Engine::ready();
    // White mates in two: Kb6 Kb8 Rh8#, or Kc7 Ka7 Ra1#.
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 8");
    check_search(&Position::from_fen(fen).unwrap(), &lines, false);
    assert!(score_lines(&lines).last().unwrap().contains("score mate 2 "), "{lines:?}");

    // Mate in one.
    let fen = "k7/8/1K6/8/8/8/8/7R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 4");
    assert_eq!(best_move(&lines), "h1h8");
    assert!(score_lines(&lines).last().unwrap().contains("score mate 1 "), "{lines:?}");

    // Black's only move walks into mate: mated in one.
    let fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 5");
    assert_eq!(best_move(&lines), "a8b8");
    assert!(score_lines(&lines).last().unwrap().contains("score mate -1 "), "{lines:?}");
}

#[test]
fn go_mate_finds_the_mate() {
    let mut engine = Engine::ready();
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go mate 2");
    check_search(&Position::from_fen(fen).unwrap(), &lines, false);
    assert!(score_lines(&lines).last().unwrap().contains("score mate 2 "), "{lines:?}");
}

#[test]
fn go_mate_without_such_a_mate_ends_by_itself() {
    let mut engine = Engine::ready();
    // No mate in one from the start position: the search ends at its depth
    // bound, 4n + 6 plies, without a stop.
    let lines = engine.search("go mate 1");
    check_search(&Position::startpos(), &lines, false);
    let depths: Vec<u32> = score_lines(&lines).iter().filter_map(|l| field(l, "depth")?.parse().ok()).collect();
    assert!(depths.iter().all(|&d| d <= 10), "{depths:?}");
    // A mate in four, asked for a mate in two.
    let fen = "k7/8/8/4K3/8/8/8/1R6 w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go mate 2");
    check_search(&Position::from_fen(fen).unwrap(), &lines, false);
    let depths: Vec<u32> = score_lines(&lines).iter().filter_map(|l| field(l, "depth")?.parse().ok()).collect();
    assert!(depths.iter().all(|&d| d <= 14), "{depths:?}");
}

#[test]
fn seldepth_is_the_depth_the_search_reached() {
    // Mate in two: past the mate nothing is searched, however deep the
    // iteration.
    let mut engine = Engine::ready();
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 30");
    let last = score_lines(&lines).last().unwrap().to_string();
    assert_eq!(field(&last, "depth"), Some("30"), "{last}");
    let seldepth: u32 = field(&last, "seldepth").unwrap().parse().unwrap();
    assert!(seldepth <= 12, "{last}");
}

#[test]
fn a_go_with_only_the_opponents_clock_is_timed_by_it() {
    let mut engine = Engine::ready();
    engine.send("go btime 1000 binc 100");
    let started = Instant::now();
    let lines = engine.lines_until(|l| l.starts_with("bestmove"), Duration::from_secs(5));
    assert!(started.elapsed() < Duration::from_millis(2500), "{:?}", started.elapsed());
    assert!(lines.iter().any(|l| l.starts_with("info string go: no clock for White")), "{lines:?}");
    check_search(&Position::startpos(), &lines, false);
}

#[test]
fn a_depth_past_the_search_limit_is_said_to_be_cut() {
    let mut engine = Engine::ready();
    engine.send("go depth 255");
    let lines = engine.lines_until(|l| l.starts_with("info string"), Duration::from_secs(5));
    assert!(lines.last().unwrap().contains("go: depth 255 is past the search's limit; searching to depth 245"));
    engine.send("stop");
    check_search(&Position::startpos(), &engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT), false);
}

#[test]
fn bad_searchmoves_are_reported_and_the_rest_searched() {
    let mut engine = Engine::ready();
    engine.send("position startpos moves e2e4");
    let after_e4 = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    for (go, error, only) in [
        ("go depth 3 searchmoves e2e4", "searchmoves move 1: 'e2e4' is not a legal move", None),
        ("go depth 3 searchmoves zzzz", "searchmoves move 1: 'zzzz' is not a move in UCI notation", None),
        ("go depth 3 searchmoves e7e5 e2e5 zzzz", "move 2: 'e2e5' is not a legal move", Some("e7e5")),
    ] {
        let lines = engine.search(go);
        let reported = lines.iter().find(|l| l.starts_with("info string error: go: searchmoves")).expect("an error");
        assert!(reported.contains(error), "{go}: {reported}");
        let instead = if only.is_some() { "searching the others" } else { "searching every legal move" };
        assert!(reported.ends_with(instead), "{go}: {reported}");
        let best = check_search(&after_e4, &lines, false);
        if let Some(only) = only {
            assert_eq!(best, only, "{go}");
        }
    }
}

#[test]
fn no_legal_move_gives_bestmove_none() {
    let mut engine = Engine::ready();
    for fen in [
        // Checkmated (fool's mate).
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        // Stalemated.
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        engine.send(&format!("position fen {fen}"));
        for go in ["go depth 5", "go wtime 1000 btime 1000", "go movetime 100", "go nodes 100"] {
            let lines = engine.search(go);
            assert_eq!(lines.last().unwrap(), "bestmove (none)", "{fen} {go}");
        }
        // Infinite: still only after stop.
        engine.send("go infinite");
        engine.assert_none_within(|l| l.starts_with("bestmove"), Duration::from_millis(300));
        engine.send("stop");
        let lines = engine.lines_until(|l| l.starts_with("bestmove"), TIMEOUT);
        assert_eq!(lines.last().unwrap(), "bestmove (none)");
    }
    // The same position reached through moves.
    engine.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    assert_eq!(engine.search("go depth 3").last().unwrap(), "bestmove (none)");
}

#[test]
fn chess960_castling_is_king_takes_rook_and_standard_castling_is_two_squares() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let position = Position::from_fen(fen).unwrap();
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {fen}"));
    assert_eq!(best_move(&engine.search("go depth 2 searchmoves e1g1")), "e1g1");
    assert_eq!(best_move(&engine.search("go depth 2 searchmoves e1c1")), "e1c1");
    // In standard chess the king-takes-rook form is read as well.
    assert_eq!(best_move(&engine.search("go depth 2 searchmoves e1h1")), "e1g1");
    engine.send(&format!("position fen {fen} moves e1g1 e8c8"));
    assert_eq!(engine.fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");

    engine.send("setoption name UCI_Chess960 value true");
    engine.send(&format!("position fen {fen}"));
    let lines = engine.search("go depth 2 searchmoves e1h1");
    assert_eq!(best_move(&lines), "e1h1");
    check_search(&position, &lines, true);
    assert_eq!(best_move(&engine.search("go depth 2 searchmoves e1a1")), "e1a1");
    engine.send(&format!("position fen {fen} moves e1h1 e8a8"));
    assert_eq!(engine.fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");

    // A Chess960 start (Shredder-FEN castling letters), castling both ways;
    // the pv and ponder moves are checked in king-takes-rook notation.
    let fen = "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1";
    engine.send(&format!("position fen {fen}"));
    for castle in ["b1e1", "b1a1"] {
        let lines = engine.search(&format!("go depth 4 searchmoves {castle}"));
        assert_eq!(best_move(&lines), castle);
        check_search(&Position::from_fen(fen).unwrap(), &lines, true);
    }
    engine.send(&format!("position fen {fen} moves b1e1 b8a8"));
    assert_eq!(engine.fen(), "2krr3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
    let fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    engine.send(&format!("position fen {fen} moves e1b1 e8g8"));
    assert_eq!(engine.fen(), "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 w - - 2 2");
    let lines = engine.search("go depth 4");
    check_search(&Position::from_fen("1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 w - - 2 2").unwrap(), &lines, true);
}

#[test]
fn show_wdl_adds_the_wdl_token() {
    let mut engine = Engine::ready();
    engine.send("setoption name UCI_ShowWDL value true");
    let lines = engine.search("go depth 3");
    for info in score_lines(&lines) {
        let words: Vec<&str> = info.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "wdl").expect("a wdl token");
        let sum: u32 = words[at + 1..at + 4].iter().map(|w| w.parse::<u32>().unwrap()).sum();
        assert_eq!(sum, 1000, "{info}");
    }
}

#[test]
fn currmove_comes_after_a_second_of_search() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let lines = engine.search("go movetime 3000");
    let currmoves: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
    assert!(!currmoves.is_empty(), "{lines:?}");
    for line in currmoves {
        assert!(field(line, "currmovenumber").is_some_and(|n| n.parse::<u32>().is_ok()), "{line}");
        assert_legal_line(&middlegame(), &[field(line, "currmove").unwrap().to_string()], false);
    }
}

/// The `nodes` of a search's last `info` line.
fn nodes_searched(lines: &[String]) -> u64 {
    field(score_lines(lines).last().expect("an info line"), "nodes").unwrap().parse().unwrap()
}

#[test]
fn threads_sets_the_number_of_search_threads() {
    let mut engine = Engine::ready();
    for threads in [3, 1, 2] {
        engine.send(&format!("setoption name Threads value {threads}"));
        assert!(engine.sync().is_empty());
        check_search(&middlegame(), &engine.search(&format!("position fen {MIDDLEGAME}\ngo depth 6")), false);
        // Where the system lists a process's threads: the command loop, the
        // input reader and the search threads.
        if let Some(count) = engine.thread_count() {
            assert_eq!(count, 2 + threads, "Threads {threads}");
        }
    }
}

#[test]
fn hash_sizes_the_table() {
    // Two hundred thousand nodes fill most of a 1 MiB table (65,536 entries)
    // and little of a 64 MiB one.
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let mut fill = Vec::new();
    for mb in [1, 64] {
        engine.send(&format!("setoption name Hash value {mb}"));
        let lines = engine.search("go nodes 200000");
        fill.push(field(score_lines(&lines).last().unwrap(), "hashfull").unwrap().parse::<u32>().unwrap());
    }
    assert!(fill[0] > 400 && fill[1] < 100, "hashfull with 1 and 64 MiB: {fill:?}");
}

#[test]
fn move_overhead_is_kept_back_from_the_time() {
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let mut took = Vec::new();
    for overhead in [900, 0] {
        engine.send(&format!("setoption name Move Overhead value {overhead}"));
        let started = Instant::now();
        check_search(&middlegame(), &engine.search("go movetime 1000"), false);
        took.push(started.elapsed());
    }
    assert!(took[0] < Duration::from_millis(600), "1000 ms less 900 took {:?}", took[0]);
    assert!(took[1] >= Duration::from_millis(950), "1000 ms less 0 took {:?}", took[1]);
}

#[test]
fn clear_hash_and_ucinewgame_empty_the_table() {
    // One thread searches deterministically: the same table and histories
    // give the same node count. At depth 10 the table saves most of the
    // second search (with generation 4 inside: 61,039 nodes cold, 13,589
    // warm, 36,780 after Clear Hash); at shallower depths the histories
    // the first search left can outweigh it (depth 9: 12,964 cold, 18,918
    // warm).
    let mut engine = Engine::ready();
    engine.send(&format!("position fen {MIDDLEGAME}"));
    let cold = nodes_searched(&engine.search("go depth 10"));
    // The same search again finds its work in the table.
    let warm = nodes_searched(&engine.search("go depth 10"));
    assert!(warm < cold, "cold {cold}, warm {warm}");
    // A new game forgets the table and the histories: the first search
    // again, node for node.
    engine.send("ucinewgame");
    assert_eq!(nodes_searched(&engine.search("go depth 10")), cold);
    // With the same histories as the second search but the table emptied,
    // the search has to do again what the table had saved it.
    engine.send("setoption name Clear Hash");
    let cleared = nodes_searched(&engine.search("go depth 10"));
    assert!(cleared > warm, "warm {warm}, after Clear Hash {cleared}");
}

/// A deterministic game of `plies` random legal moves that never ends in
/// mate or stalemate.
fn random_game(plies: usize) -> Vec<String> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut position = Position::startpos();
    let mut moves = Vec::new();
    while moves.len() < plies {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let legal: Vec<_> =
            position.legal_moves().into_iter().filter(|&m| position.make_move(m).count_legal_moves() > 0).collect();
        let m = legal[(state % legal.len() as u64) as usize];
        moves.push(m.to_uci(false));
        position = position.make_move(m);
    }
    moves
}

#[test]
fn a_six_hundred_ply_game() {
    let moves = random_game(600);
    let mut engine = Engine::ready();
    engine.send("ucinewgame");
    let mut position = Position::startpos();
    for ply in 0..=moves.len() {
        engine.send(&format!("position startpos moves {}", moves[..ply].join(" ")));
        // Mostly fixed-node searches, with a clocked one now and then.
        let go = if ply % 100 == 0 { "go wtime 200 btime 200 winc 10 binc 10" } else { "go nodes 300" };
        let lines = engine.search(go);
        check_search(&position, &lines, false);
        if let Some(m) = moves.get(ply) {
            position = position.make_move(position.parse_uci_move(m, false).unwrap());
        }
    }
    assert_eq!(engine.fen(), position.fen());
}
