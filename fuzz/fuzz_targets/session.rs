//! Any bytes as a GUI session, through the engine's own command loop and
//! session (every variant, `position ... moves ...`, `go`, `go perft`, `d`,
//! `eval`, options): it must never panic (libFuzzer's hook turns a panic on
//! any thread into a crash) nor hang (libFuzzer's -timeout). Searches are
//! bounded so that the fuzzer stays fast: every `go` but `go perft` gets a
//! node limit, `Threads` is at most 2, and the options that allocate or read
//! files at the GUI's word (`Hash`, `EvalFile`, `SyzygyPath`) are left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
#[path = "lines.rs"]
mod lines;
use lines::session_lines;
use roque::uci::command_loop::serve;
use roque::uci::output::Output;
use roque::uci::session::Session;
use std::sync::Arc;

/// The line the session is given, or None to leave it out.
fn bounded(text: String) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    if ["hash", "evalfile", "syzygypath"].iter().any(|word| lower.contains(word)) {
        return None;
    }
    if lower.contains("threads") {
        return Some("setoption name Threads value 2".to_string());
    }
    if lower.trim_start().starts_with("go") && !lower.contains("perft") {
        return Some(format!("{text} nodes 400"));
    }
    Some(text)
}

fuzz_target!(|data: &[u8]| {
    let input = session_lines(data, None, bounded);
    let output = Arc::new(Output::new(Box::new(std::io::sink())));
    let mut session = Session::new(Arc::clone(&output));
    serve(&mut session, None, &input, &output);
});
