//! The UCI protocol: the engine as GUIs, tournament managers and scripts see
//! it.
//!
//! - [`input`]: the reading thread (bytes, lossy UTF-8, bounded lines).
//! - [`command`]: one line of text to a typed `Command`, or a typed error.
//! - [`options`]: the option table (names, types, defaults, ranges).
//! - [`session`]: the state between commands and what each command does.
//! - [`info`]: search output as `info` and `bestmove` lines.
//! - [`output`]: the one locked writer every line goes through.
//! - [`diagram`]: the `d` command's board.

pub mod command;
pub mod diagram;
pub mod info;
pub mod input;
pub mod options;
pub mod output;
pub mod session;

use input::{spawn_reader, InputLine, MAX_LINE_BYTES};
use output::Output;
use session::{Flow, Session};
use std::sync::Arc;

/// Runs the UCI loop on stdin and stdout until `quit` or the end of input.
pub fn run() {
    let output = Arc::new(Output::stdout());
    let mut session = Session::new(Arc::clone(&output));
    output.line(&format!("{} {} by {}", session::ENGINE_NAME, env!("CARGO_PKG_VERSION"), session::ENGINE_AUTHOR));
    for line in spawn_reader(std::io::stdin()) {
        let flow = match line {
            InputLine::Text(text) => session.handle_line(&text),
            InputLine::TooLong(length) => {
                output.error(&format!(
                    "a line of {length} bytes was skipped: lines are read up to {MAX_LINE_BYTES} bytes"
                ));
                Flow::Continue
            }
        };
        if flow == Flow::Quit || output.is_closed() {
            return;
        }
    }
    // The end of input means the GUI is gone: stop as `quit` would.
    session.handle(command::Command::Quit);
}
