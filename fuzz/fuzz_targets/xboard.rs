//! Any bytes as an XBoard (CECP) session, through the engine's own XBoard
//! command loop and session (every announced variant, `setboard`, moves in
//! XBoard's notation, Elven Chess's legs and passes, `go`, `analyze`,
//! pondering, `undo`, `level`/`st`/`sd`/`time`, options): it must never panic
//! (libFuzzer's hook turns a panic on any thread into a crash) nor hang
//! (libFuzzer's -timeout). The end of input quits, which stops any search.
//! `cores` is at most 2, and the commands that allocate or read files at the
//! GUI's word (`memory`, `egtpath`, and `option` lines naming the hash, a
//! network or tables) are left out.
#![no_main]

use libfuzzer_sys::fuzz_target;
#[path = "lines.rs"]
mod lines;
use lines::session_lines;
use roque::uci::output::Output;
use roque::xboard::serve;
use std::sync::Arc;

/// The line the session is given, or None to leave it out.
fn bounded(text: String) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    if ["memory", "egtpath", "hash", "evalfile", "syzygy"].iter().any(|word| lower.contains(word)) {
        return None;
    }
    if lower.contains("cores") {
        return Some("cores 2".to_string());
    }
    Some(text)
}

fuzz_target!(|data: &[u8]| {
    let input = session_lines(data, Some("xboard"), bounded);
    serve(input, Arc::new(Output::new(Box::new(std::io::sink()))));
});
