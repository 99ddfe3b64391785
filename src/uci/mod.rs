//! The UCI protocol: the engine as GUIs, tournament managers and scripts see
//! it.
//!
//! - [`input`]: the reading thread (bytes, lossy UTF-8, bounded lines).
//! - [`command_loop`]: lines to the session in order, waiting for a
//!   search that ends when a command needs the engine idle.
//! - [`command`]: one line of text to a typed `Command`, or a typed error.
//! - [`options`]: the option table (names, types, defaults, ranges).
//! - [`session`]: the state between commands and what each command does.
//! - [`info`]: search output as `info` and `bestmove` lines.
//! - [`output`]: the one locked writer every line goes through.

pub mod command;
pub mod command_loop;
pub mod info;
pub mod input;
pub mod options;
pub mod output;
pub mod session;

use input::spawn_reader;
use output::Output;
use session::Session;
use std::sync::Arc;

/// Runs the engine on stdin and stdout until `quit` or the end of input,
/// in the protocol its first command chooses: `xboard` chooses XBoard's
/// (CECP, `crate::xboard`), any other line UCI, which reads that line as
/// its first command.
pub fn run() {
    let output = Arc::new(Output::stdout());
    output.line(&format!("{} {} by {}", session::ENGINE_NAME, env!("CARGO_PKG_VERSION"), session::ENGINE_AUTHOR));
    let input = spawn_reader(std::io::stdin());
    let first = input.recv().ok();
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(input::InputLine::Text(text)) = &first {
        if crate::xboard::chooses_xboard(text) {
            return crate::xboard::serve(input, output);
        }
    }
    let mut session = Session::new(Arc::clone(&output));
    command_loop::serve(&mut session, first, &input, &output);
}
