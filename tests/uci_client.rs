//! The engine as its users meet it: the command line, and a real UCI client
//! library (python-chess, on which lichess-bot runs).

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROQUE: &str = env!("CARGO_BIN_EXE_roque");

fn run(args: &[&str]) -> (bool, String, String) {
    let output = Command::new(ROQUE).args(args).stdin(Stdio::null()).output().expect("roque runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn help_and_version() {
    let (ok, out, _) = run(&["--help"]);
    assert!(ok);
    for command in ["roque bench", "roque perft", "--help", "--version"] {
        assert!(out.contains(command), "{out}");
    }
    let (ok, out, _) = run(&["--version"]);
    assert!(ok);
    assert_eq!(out.trim(), format!("Roque {}", env!("CARGO_PKG_VERSION")));
    let (ok, _, err) = run(&["--frobnicate"]);
    assert!(!ok);
    assert!(err.contains("unknown command '--frobnicate'"), "{err}");
}

#[test]
fn bench_prints_the_node_count_last() {
    let (ok, out, _) = run(&["bench", "2"]);
    assert!(ok);
    let last: Vec<&str> = out.lines().last().unwrap().split_whitespace().collect();
    assert_eq!(last.len(), 4, "{out}");
    assert!(last[0].parse::<u64>().is_ok_and(|n| n > 0) && last[1] == "nodes" && last[3] == "nps", "{out}");
    // The same depth gives the same count: the bench is deterministic.
    let (_, again, _) = run(&["bench", "2"]);
    assert_eq!(again.lines().last().unwrap().split_whitespace().next(), Some(last[0]));
    let (ok, _, err) = run(&["bench", "deep"]);
    assert!(!ok && err.contains("bench depth"), "{err}");
    // With two threads: the time to reach the depth, then the totals.
    let (ok, out, _) = run(&["bench", "2", "2"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[lines.len() - 2].starts_with("depth 2 threads 2 time "), "{out}");
    assert!(lines[lines.len() - 1].ends_with(" nps"), "{out}");
    let (ok, _, err) = run(&["bench", "2", "0"]);
    assert!(!ok && err.contains("bench threads"), "{err}");
}

#[test]
fn perft_prints_each_root_move_then_the_total() {
    let (ok, out, _) = run(&["perft", "3"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 22, "{out}");
    assert!(lines[..20]
        .iter()
        .all(|l| l.split_once(": ").is_some_and(|(m, n)| m.len() == 4 && n.parse::<u64>().is_ok())));
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    let (ok, out, _) = run(&["perft", "2", "r3k2r/8/8/8/8/8/8/R3K2R", "w", "KQkq", "-", "0", "1"]);
    assert!(ok);
    assert!(out.contains("e1g1: ") && out.ends_with("Nodes searched: 568\n"), "{out}");
    let (ok, _, err) = run(&["perft"]);
    assert!(!ok && err.contains("perft needs a depth"), "{err}");
    let (ok, _, err) = run(&["perft", "2", "not a fen"]);
    assert!(!ok && err.contains("bad FEN"), "{err}");
}

#[test]
fn python_chess_client() {
    let has_python_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_python_chess {
        // In CI the check must run: .ci/run installs python-chess.
        assert!(
            std::env::var("CI").map_or(true, |ci| ci != "true"),
            "CI=true, and python3 with python-chess is missing (pip install chess): the client check cannot run"
        );
        println!("skipped: python3 with python-chess is not installed (pip install chess)");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/python_chess_client.py");
    let mut child = Command::new("python3")
        .args([script, ROQUE])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the python-chess check did not finish within two minutes");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "python-chess check failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("python-chess client check passed"), "{stdout}");
}
