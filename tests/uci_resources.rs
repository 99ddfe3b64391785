//! Threads and memory asked for over UCI: a request the system cannot meet
//! is refused with an error and the engine goes on as it was; a large table
//! is made at once, without touching its memory.

mod uci_support;

use roque::board::Position;
use std::time::{Duration, Instant};
use uci_support::{assert_legal_line, best_move, field, score_lines, Engine};

/// 3 GiB of address space: room for the engine and 64 search threads (16
/// MiB of stack each, for the longest move lists: src/search/engine.rs),
/// not for a thousand, nor for a 4 GiB table.
const ADDRESS_SPACE_KIB: u64 = 3 << 20;

/// The options as debug mode reports them after a `setoption`.
fn settings(engine: &mut Engine) -> String {
    engine.send("setoption name Ponder value false");
    let lines = engine.sync();
    lines.into_iter().find(|l| l.contains("debug: options now")).expect("debug mode reports the options")
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info string error: ")).collect()
}

#[test]
fn threads_the_system_refuses_are_reported_and_the_old_pool_kept() {
    let mut engine = Engine::start_with_address_space(ADDRESS_SPACE_KIB);
    engine.send("uci");
    engine.wait_for("uciok");
    engine.send("debug on");
    engine.sync();
    // Sixty-four threads fit: their stacks are sized to the search's need.
    engine.send("setoption name Threads value 64");
    let lines = engine.sync();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(settings(&mut engine).contains("threads: 64,"));
    // Eighty fit too, and fewer than that can always be had, though the
    // two pools together would not fit: the pool ends its last threads.
    engine.send("setoption name Threads value 80");
    assert!(errors(&engine.sync()).is_empty());
    engine.send("setoption name Threads value 50");
    let lines = engine.sync();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(settings(&mut engine).contains("threads: 50,"));
    engine.send("setoption name Threads value 3");
    assert!(errors(&engine.sync()).is_empty());
    // A thousand do not.
    engine.send("setoption name Threads value 1024");
    let lines = engine.sync();
    let error = errors(&lines).first().map(|l| l.to_string()).unwrap_or_else(|| panic!("no error: {lines:?}"));
    assert!(error.contains("Threads 1024") && error.contains("keeps its 3 threads"), "{error}");
    assert!(settings(&mut engine).contains("threads: 3,"));
    if let Some(threads) = engine.thread_count() {
        // The main and input threads, and the three search threads.
        assert_eq!(threads, 5, "the failed pool's threads are gone");
    }
    let lines = engine.search("go depth 6");
    assert_legal_line(&Position::startpos(), &[best_move(&lines)], false);
}

#[test]
fn a_hash_size_that_cannot_be_had_is_reported_and_the_old_table_kept() {
    let mut engine = Engine::start_with_address_space(ADDRESS_SPACE_KIB);
    engine.send("uci");
    engine.wait_for("uciok");
    engine.send("debug on");
    engine.send("setoption name Hash value 32");
    engine.sync();
    // One tebibyte is more than this machine has; four gibibytes are more
    // than the address space the engine was given (or than the machine has).
    for mb in [1_048_576, 4096] {
        engine.send(&format!("setoption name Hash value {mb}"));
        let lines = engine.sync();
        let error = errors(&lines).first().map(|l| l.to_string()).unwrap_or_else(|| panic!("{mb}: {lines:?}"));
        assert!(error.contains(&format!("Hash {mb} MiB could not be allocated")), "{error}");
        assert!(error.contains("the table keeps its 32 MiB"), "{error}");
        assert!(settings(&mut engine).contains("hash_mb: 32,"));
    }
    // The old table still serves the search.
    let lines = engine.search("go nodes 200000");
    assert_legal_line(&Position::startpos(), &[best_move(&lines)], false);
    let hashfull: u32 = field(score_lines(&lines).last().unwrap(), "hashfull").unwrap().parse().unwrap();
    assert!(hashfull > 0, "{lines:?}");
}

#[test]
fn a_large_table_is_made_at_once_without_touching_its_memory() {
    let mut engine = Engine::ready();
    engine.send("debug on");
    engine.sync();
    let before = engine.resident_kib();
    let asked = Instant::now();
    engine.send("setoption name Hash value 1024");
    let lines = engine.sync();
    let took = asked.elapsed();
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(took < Duration::from_millis(500), "Hash 1024 took {took:?}");
    assert!(settings(&mut engine).contains("hash_mb: 1024,"));
    if let (Some(before), Some(after)) = (before, engine.resident_kib()) {
        assert!(after < before + (64 << 10), "resident memory grew from {before} KiB to {after} KiB");
    }
    // A new game (GUIs send one before each) empties a table no search
    // wrote to by leaving it as it is: at once, its memory still untouched.
    let asked = Instant::now();
    engine.send("ucinewgame");
    engine.sync();
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(500), "ucinewgame on a fresh 1 GiB table took {took:?}");
    if let (Some(before), Some(after)) = (before, engine.resident_kib()) {
        assert!(after < before + (64 << 10), "after ucinewgame, resident memory grew from {before} KiB to {after} KiB");
    }
    let lines = engine.search("go depth 6");
    assert_legal_line(&Position::startpos(), &[best_move(&lines)], false);
}
