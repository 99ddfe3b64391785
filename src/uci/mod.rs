//! The UCI protocol: the engine as GUIs, tournament managers and scripts see
//! it.
//!
//! - [`input`]: the reading thread (bytes, lossy UTF-8, bounded lines).
//! - [`command`]: one line of text to a typed `Command`, or a typed error.
//! - [`options`]: the option table (names, types, defaults, ranges).
//! - [`output`]: the one locked writer every line goes through.
//! - [`diagram`]: the `d` command's board.

pub mod command;
pub mod diagram;
pub mod input;
pub mod options;
pub mod output;
