//! What GUIs do that a hand-typed session does not: several commands in one
//! write without waiting for the answers (stop, position, go on a ponder
//! miss), options sent while a search runs, and a second `go` before the
//! first `bestmove`.

mod uci_support;

use roque::board::Position;
use std::time::{Duration, Instant};
use uci_support::{assert_legal_line, best_move, Engine, TIMEOUT};

fn is_best_move(line: &str) -> bool {
    line.starts_with("bestmove")
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error")).collect()
}

fn after(moves: &[&str]) -> Position {
    let mut position = Position::startpos();
    for text in moves {
        position = position.make_move(position.parse_uci_move(text, false).unwrap());
    }
    position
}

/// `stop`, `position` and `go` in one write, without waiting for the old
/// `bestmove`: the old search answers, then the new one does.
#[test]
fn go_right_after_stop_waits_for_the_old_bestmove_then_searches() {
    let mut engine = Engine::ready();
    for round in 0..8 {
        engine.send("position startpos");
        engine.send("go infinite");
        engine.assert_none_within(is_best_move, Duration::from_millis(50 + 20 * round));
        engine.write(b"stop\nposition startpos moves e2e4\ngo depth 3\n");
        let old = engine.lines_until(is_best_move, TIMEOUT);
        let new = engine.lines_until(is_best_move, TIMEOUT);
        assert!(errors(&old).is_empty() && errors(&new).is_empty(), "{old:?} {new:?}");
        assert_legal_line(&Position::startpos(), &[best_move(&old)], false);
        assert_legal_line(&after(&["e2e4"]), &[best_move(&new)], false);
        assert!(engine.sync().iter().all(|l| !is_best_move(l)), "one bestmove for each go");
    }
}

/// A ponder miss: the GUI stops the ponder search and sends the real
/// position and a `go` on the clock in one write.
#[test]
fn a_ponder_miss_is_answered_twice() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    for round in 0..4 {
        engine.send("position startpos moves e2e4 e7e5");
        engine.send("go ponder wtime 5000 btime 5000 winc 50 binc 50");
        engine.assert_none_within(is_best_move, Duration::from_millis(100 + 50 * round));
        engine.write(b"stop\nposition startpos moves e2e4 c7c5\ngo wtime 4900 btime 5000 winc 50 binc 50\n");
        let pondered = engine.lines_until(is_best_move, TIMEOUT);
        let played = engine.lines_until(is_best_move, TIMEOUT);
        assert!(errors(&pondered).is_empty() && errors(&played).is_empty(), "{pondered:?} {played:?}");
        assert_legal_line(&after(&["e2e4", "e7e5"]), &[best_move(&pondered)], false);
        assert_legal_line(&after(&["e2e4", "c7c5"]), &[best_move(&played)], false);
    }
}

/// Every command that needs the engine idle, sent after `stop` and before
/// the `bestmove`, is carried out once the search has answered.
#[test]
fn commands_after_stop_are_carried_out_in_order() {
    let mut engine = Engine::ready();
    engine.send("debug on");
    engine.sync();
    for command in
        ["setoption name Hash value 8", "setoption name Threads value 2", "setoption name Clear Hash", "ucinewgame"]
    {
        engine.send("go infinite");
        engine.assert_none_within(is_best_move, Duration::from_millis(100));
        engine.write(format!("stop\n{command}\ngo depth 2\n").as_bytes());
        let old = engine.lines_until(is_best_move, TIMEOUT);
        let new = engine.lines_until(is_best_move, TIMEOUT);
        assert!(errors(&old).is_empty() && errors(&new).is_empty(), "{command}: {old:?} {new:?}");
        if command.starts_with("setoption") {
            // Debug mode reports the options after the change, between the
            // two searches: the option came after the old bestmove.
            assert!(new.iter().any(|l| l.contains("debug: options now")), "{command}: {new:?}");
        }
    }
    engine.send("setoption name Threads value 1");
    let lines = engine.sync();
    let settings = lines.iter().find(|l| l.contains("debug: options now")).expect("debug reports the options");
    assert!(settings.contains("hash_mb: 8,") && settings.contains("threads: 1,"), "{settings}");
}

/// Options for the table or the threads sent during a search that ends by
/// its own limits wait for its end; `isready` is answered meanwhile and
/// `quit` still quits at once.
#[test]
fn table_options_wait_for_a_search_that_will_end() {
    let mut engine = Engine::ready();
    engine.send("debug on");
    engine.sync();
    engine.send("go movetime 1500");
    engine.assert_none_within(is_best_move, Duration::from_millis(100));
    let sent = Instant::now();
    engine.send("setoption name Hash value 4");
    let lines = engine.sync();
    assert!(sent.elapsed() < Duration::from_millis(700), "readyok took {:?}", sent.elapsed());
    assert!(lines.iter().all(|l| !is_best_move(l) && !l.contains("options now")), "{lines:?}");
    let lines = engine.lines_until(|l| l.contains("debug: options now"), TIMEOUT);
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let best = lines.iter().position(|l| is_best_move(l)).expect("the search answered first");
    assert!(lines[best + 1..].iter().any(|l| l.contains("hash_mb: 4,")), "{lines:?}");

    engine.send("go movetime 5000");
    engine.assert_none_within(is_best_move, Duration::from_millis(100));
    engine.send("setoption name Threads value 2");
    let asked = Instant::now();
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(2)).is_some_and(|s| s.success()));
    assert!(asked.elapsed() < Duration::from_millis(1500), "quit took {:?}", asked.elapsed());
}

/// A search that ends only on `stop` cannot be waited for: the commands
/// that need the engine idle are refused, and so is a second `go` during
/// any search that was not stopped (the GUI has no `bestmove` yet).
#[test]
fn commands_during_a_search_that_ends_only_on_stop_are_refused() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    for go in ["go infinite", "go ponder wtime 60000 btime 60000"] {
        engine.send(go);
        engine.assert_none_within(is_best_move, Duration::from_millis(100));
        for (command, error) in [
            ("setoption name Hash value 8", "setoption Hash: not while a search is running"),
            ("setoption name Threads value 2", "setoption Threads: not while a search is running"),
            ("setoption name Clear Hash", "setoption Clear Hash: not while a search is running"),
            ("ucinewgame", "ucinewgame: not while a search is running"),
            ("go depth 2", "go: not while a search is running"),
        ] {
            engine.send(command);
            let lines = engine.sync();
            assert!(lines.iter().any(|l| l.contains(error)), "{go} / {command}: {lines:?}");
        }
        engine.send("stop");
        engine.lines_until(is_best_move, TIMEOUT);
    }
    engine.send("go movetime 800");
    engine.send("go depth 2");
    let lines = engine.lines_until(is_best_move, TIMEOUT);
    assert!(lines.iter().any(|l| l.contains("go: not while a search is running")), "{lines:?}");
    engine.assert_none_within(is_best_move, Duration::from_millis(300));
}

/// MultiPV, Move Overhead and the notation options are read when a search
/// starts: they may change during one and apply to the next.
#[test]
fn search_options_may_change_during_a_search() {
    let mut engine = Engine::ready();
    engine.send("go infinite");
    engine.assert_none_within(is_best_move, Duration::from_millis(100));
    for command in [
        "setoption name MultiPV value 3",
        "setoption name Move Overhead value 100",
        "setoption name UCI_ShowWDL value true",
        "setoption name Ponder value true",
    ] {
        engine.send(command);
        let lines = engine.sync();
        assert!(errors(&lines).is_empty(), "{command}: {lines:?}");
    }
    engine.send("stop");
    let lines = engine.lines_until(is_best_move, TIMEOUT);
    assert!(lines.iter().all(|l| !l.contains(" multipv 3 ") && !l.contains(" wdl ")), "{lines:?}");
    let lines = engine.search("go depth 3");
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ") && l.contains(" wdl ")), "{lines:?}");
}

/// After `ponderhit` the search goes on under the clock, but `time` still
/// counts from the `go`: nps would otherwise jump by the time pondered.
#[test]
fn time_after_ponderhit_counts_from_the_go() {
    let mut engine = Engine::ready();
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves e2e4 e7e5");
    let sent = Instant::now();
    engine.send("go ponder wtime 300000 btime 300000");
    let pondered = engine.assert_none_within(is_best_move, Duration::from_millis(700));
    engine.send("ponderhit");
    let pondered_ms = sent.elapsed().as_millis() as u64;
    let lines = engine.lines_until(|l| l.starts_with("info depth") && l.contains(" time "), TIMEOUT);
    engine.send("stop");
    let rest = engine.lines_until(is_best_move, TIMEOUT);
    let times: Vec<u64> = pondered
        .iter()
        .chain(&lines)
        .chain(&rest)
        .filter_map(|l| uci_support::field(l, "time")?.parse().ok())
        .collect();
    assert!(times.windows(2).all(|pair| pair[0] <= pair[1]), "time went back: {times:?}");
    let after = uci_support::field(lines.last().unwrap(), "time").unwrap().parse::<u64>().unwrap();
    // The engine's clock started a little after the test's.
    assert!(after + 150 >= pondered_ms, "time {after} after {pondered_ms} ms of pondering: {lines:?}");
}
