//! Elven Chess's network end to end: `roque datagen --variant elven` makes
//! the data, `roque-train --variant elven` a network of the 10x10 board's
//! inputs, with a checkpoint that keeps them, and the engine plays Elven
//! Chess with it through `EvalFile_elven` while refusing it for chess (and
//! chess's for Elven Chess).

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("roque-elven-network-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn elven_data_trains_a_network_that_elven_chess_plays_with() {
    let dir = scratch();
    let data = dir.join("elven.txt");
    let roque = env!("CARGO_BIN_EXE_roque");
    let made = Command::new(roque)
        .args(["datagen", "--variant", "elven", "--games", "4", "--nodes", "200", "--threads", "1", "--seed", "3"])
        .arg("--output")
        .arg(&data)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let positions = std::fs::read_to_string(&data).unwrap().lines().count() - 1;
    assert!(positions > 50, "{positions} positions");

    let net = dir.join("elven.nnue");
    let checkpoint = dir.join("elven.checkpoint");
    let train = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_roque-train"))
            .arg(&data)
            .args(["--variant", "elven", "--epochs", "2", "--batch", "64", "--scale", "555", "--threads", "1"])
            .arg("--out")
            .arg(&net)
            .arg("--checkpoint")
            .arg(&checkpoint)
            .args(extra)
            .output()
            .unwrap()
    };
    let trained = train(&[]);
    let said = String::from_utf8_lossy(&trained.stdout).to_string();
    assert!(trained.status.success(), "{said}{}", String::from_utf8_lossy(&trained.stderr));
    assert!(said.contains("network 2000x2 -> 256x2 -> 1"), "{said}");
    // The checkpoint keeps the inputs: the run goes on from it (nothing
    // left to do), and a chess run is refused it.
    let again = train(&[]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert!(String::from_utf8_lossy(&again.stdout).contains("resuming"));
    let chess = Command::new(env!("CARGO_BIN_EXE_roque-train"))
        .arg(&data)
        .args(["--king-buckets", "mirror4", "--variant", "elven", "--out"])
        .arg(dir.join("other.nnue"))
        .output()
        .unwrap();
    assert!(!chess.status.success(), "king buckets are chess's boards' only");
    let bytes = std::fs::read(&net).unwrap();
    assert_eq!(&bytes[..4], b"RQNN");
    assert_eq!(u32::from_le_bytes(bytes[4..8].try_into().unwrap()), 4, "format version 4 names its inputs");

    let mut engine = Command::new(roque).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = engine.stdin.take().unwrap();
    let mut lines = BufReader::new(engine.stdout.take().unwrap()).lines().map(|line| line.unwrap());
    let mut next = || lines.next().expect("the engine answers");
    assert!(next().starts_with("Roque"));
    writeln!(input, "setoption name EvalFile value {}", net.display()).unwrap();
    let refused = next();
    assert!(refused.starts_with("info string error: setoption: EvalFile:"), "{refused}");
    assert!(refused.contains("Elven Chess (2,000 inputs a view)"), "{refused}");
    writeln!(input, "setoption name EvalFile_elven value {}/nets/roque-gen5.nnue", env!("CARGO_MANIFEST_DIR")).unwrap();
    let refused = next();
    assert!(refused.starts_with("info string error: setoption: EvalFile_elven:"), "{refused}");
    writeln!(input, "setoption name EvalFile_elven value {}", net.display()).unwrap();
    let loaded = next();
    assert!(loaded.contains("EvalFile_elven: evaluating with"), "{loaded}");
    writeln!(input, "setoption name UCI_Variant value elven\nposition startpos moves e3e5\neval").unwrap();
    let mut evaluation = Vec::new();
    while evaluation.len() < 3 {
        let line = next();
        if line.starts_with("Elven") || line.starts_with("The search") {
            evaluation.push(line);
        }
    }
    assert!(evaluation[1].starts_with("Elven network (") && evaluation[1].contains("elven.nnue"), "{evaluation:?}");
    assert_eq!(evaluation[2], "The search uses the network");
    writeln!(input, "go depth 5").unwrap();
    loop {
        let line = next();
        assert!(!line.contains("error"), "{line}");
        if line.starts_with("bestmove") {
            assert_ne!(line, "bestmove (none)");
            break;
        }
    }
    writeln!(input, "quit").unwrap();
    engine.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}
