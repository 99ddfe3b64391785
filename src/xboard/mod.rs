//! The XBoard/WinBoard protocol (CECP version 2): the engine as XBoard,
//! WinBoard, Arena and the tournament tools that speak CECP see it. The
//! same core as UCI (the session layer's games, the search, the options'
//! table) behind other words; docs/xboard.md tells how to use it.
//!
//! - [`command`]: one line of text to a typed `Command`, or why not.
//! - [`command_loop`]: XBoard's lines and the searches' ends, in order.
//! - [`session`]: the state between commands and what each one does.
//! - [`engine_options`]: `memory`, `cores`, `egtpath`, `option`.
//! - [`features`]: the answer to `protover 2`.
//! - [`games`]: which games are offered, under which names.
//! - [`highlight`]: where a man picked up in the GUI may go (`lift`).
//! - [`notation`], [`elven_notation`]: moves and FENs as XBoard writes them.
//! - [`thinking`]: thinking output and the search's move.
//! - [`time_control`]: `level`, `st`, `sd`, `nps`, `time`, `otim`.
//! - [`result`]: results with their reasons.

pub mod command;
pub mod command_loop;
pub mod elven_notation;
pub mod engine_options;
pub mod features;
pub mod games;
pub mod highlight;
pub mod notation;
pub mod result;
pub mod session;
pub mod thinking;
pub mod time_control;

pub use command_loop::serve;

/// Whether the first line a GUI sends chooses CECP.
pub fn chooses_xboard(first_line: &str) -> bool {
    first_line.trim() == "xboard"
}
