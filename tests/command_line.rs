//! The command-line tools (`bench`, `perft`, `data`) as a shell runs them.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[test]
fn a_tool_whose_reader_goes_away_ends_quietly() {
    // `roque bench --variant ghost | head -1`: the reader leaves after the
    // first line; the next line finds the pipe broken. The tool ends as
    // Unix tools do (by SIGPIPE), not with a panic on standard error.
    let mut child = Command::new(env!("CARGO_BIN_EXE_roque"))
        .args(["bench", "--variant", "ghost", "4"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("position  1"), "{first}");
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(output.status.code(), Some(101), "{stderr}");
}

#[test]
fn the_variant_bench_takes_a_thread_count_and_refuses_a_bad_one() {
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_roque")).args(args).output().unwrap();
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).to_string(),
            String::from_utf8_lossy(&output.stderr).to_string(),
        )
    };
    let (ok, out, err) = run(&["bench", "--variant", "ghost", "3", "2"]);
    assert!(ok, "{err}");
    assert!(out.contains("variant ghost depth 3 threads 2 time"), "{out}");
    assert!(out.trim_end().ends_with("nps"), "{out}");
    let (ok, _, err) = run(&["bench", "--variant", "ghost", "3", "0"]);
    assert!(!ok && err.contains("the bench threads must be a whole number from 1 to 1024, not '0'"), "{err}");
    let (ok, _, err) = run(&["bench", "--variant", "ghost", "3", "2", "more"]);
    assert!(!ok && err.contains("'more'"), "{err}");
}

#[test]
fn perft_takes_a_depth_up_to_twenty() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_roque")).args(args).output().unwrap();
    // A deep count recursed until the stack overflowed (and no depth past
    // twenty ends in a lifetime): refused, as UCI's `go perft` refuses it.
    for args in [&["perft", "20000"][..], &["perft", "21", "--variant", "losers"], &["perft", "4294967295"]] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success() && stderr.contains("from 0 to 20"), "{args:?}: {stderr}");
    }
    let output = run(&["perft", "2"]);
    assert!(output.status.success() && String::from_utf8_lossy(&output.stdout).contains("400"));
}

#[test]
fn probe_without_a_table_is_an_error() {
    let output = Command::new(env!("CARGO_BIN_EXE_roque"))
        .args(["probe", "/no/such/tables"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success() && stderr.contains("no Syzygy table in /no/such/tables"), "{stderr}");
    let tables = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/syzygy");
    let output =
        Command::new(env!("CARGO_BIN_EXE_roque")).args(["probe", tables]).stdin(Stdio::null()).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn data_and_the_trainer_name_what_is_wrong_with_their_arguments() {
    let run = |program: &str, args: &[&str]| {
        let output = Command::new(program).args(args).output().unwrap();
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).to_string();
        (output.status.success(), text(&output.stdout), text(&output.stderr))
    };
    let roque = env!("CARGO_BIN_EXE_roque");
    let (ok, _, err) = run(roque, &["data", "bogus"]);
    assert!(!ok && err.contains("unknown data command 'bogus'"), "{err}");
    let (ok, _, err) = run(roque, &["data", "convert", "a.bin", "b.bin", "--bogus"]);
    assert!(!ok && err.contains("data convert: bad arguments 'a.bin b.bin --bogus'"), "{err}");
    let empty = std::env::temp_dir().join(format!("roque-empty-{}.bin", std::process::id()));
    std::fs::write(&empty, b"").unwrap();
    let (ok, out, err) = run(roque, &["data", "inspect", empty.to_str().unwrap()]);
    std::fs::remove_file(&empty).unwrap();
    assert!(ok && out.contains("positions 0") && out.contains("mean |score| 0 cp"), "{out}{err}");
    let train = env!("CARGO_BIN_EXE_roque-train");
    let (ok, out, _) = run(train, &["--help"]);
    assert!(ok && out.starts_with("usage: roque-train"), "{out}");
    let (ok, _, err) = run(train, &["x.bin", "--out", "n.nnue", "--scale", "0"]);
    assert!(!ok && err.contains("--scale: not a number from 1 to 10000: 0"), "{err}");
    let (ok, _, err) = run(train, &["x.bin", "--out", "n.nnue", "--holdout", "0.1", "--validation", "v.bin"]);
    assert!(!ok && err.contains("one or the other"), "{err}");
}

/// `roque <args>`: success, standard output.
fn roque(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_roque")).args(args).output().unwrap();
    (output.status.success(), String::from_utf8_lossy(&output.stdout).to_string())
}

/// The FENs of `genfens` lines, every line of the output being one.
fn genfens_fens(output: &str) -> Vec<String> {
    output
        .lines()
        .map(|line| line.strip_prefix("info string genfens ").unwrap_or_else(|| panic!("not genfens: {line}")))
        .map(str::to_string)
        .collect()
}

#[test]
fn genfens_gives_openbench_exactly_n_distinct_legal_openings_for_a_seed() {
    use roque::board::Position;
    // As OpenBench's client runs it: one argument ending in a space, then quit.
    let (ok, out) = roque(&["genfens 40 seed 7 book None ", "quit"]);
    assert!(ok, "{out}");
    let fens = genfens_fens(&out);
    assert_eq!(fens.len(), 40);
    let distinct: std::collections::HashSet<&String> = fens.iter().collect();
    assert_eq!(distinct.len(), 40, "distinct openings");
    for fen in &fens {
        assert_eq!(fen.split_whitespace().count(), 6, "{fen}");
        let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(!position.legal_moves().is_empty(), "{fen} can go on");
        assert_eq!(&position.fen(), fen);
    }
    // The same seed, the same openings; another seed, others.
    assert_eq!(roque(&["genfens 40 seed 7 book None ", "quit"]).1, out);
    let (_, other) = roque(&["genfens", "40", "seed", "8", "book", "None"]);
    assert_ne!(genfens_fens(&other), fens);
    assert_eq!(genfens_fens(&other).len(), 40);
}

#[test]
fn genfens_plays_on_from_a_books_positions_and_refuses_bad_requests() {
    let dir = std::env::temp_dir().join(format!("roque-genfens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.epd");
    // One line, far from the start: every opening grows from it.
    std::fs::write(&book, "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4\n").unwrap();
    let (ok, out) = roque(&[&format!("genfens 12 seed 3 book {} extra words", book.display()), "quit"]);
    assert!(ok, "{out}");
    let fens = genfens_fens(&out);
    assert_eq!(fens.len(), 12);
    for fen in &fens {
        // Four plies after move 4 with White to move: move 6, White to move.
        assert!(fen.ends_with(" 6") && fen.contains(" w "), "{fen}");
    }
    for bad in ["genfens x seed 1 book None", "genfens 3 seed -1 book None", "genfens 3 book None", "genfens 3 seed 1"]
    {
        let (ok, out) = roque(&[bad, "quit"]);
        assert!(!ok, "{bad}");
        assert!(out.starts_with("info string error: ") && !out.contains("genfens r"), "{bad}: {out}");
    }
    let (ok, out) = roque(&[&format!("genfens 3 seed 1 book {}", dir.join("none.epd").display()), "quit"]);
    assert!(!ok && out.starts_with("info string error: cannot read the book"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
