//! Roque in the browser: the WebAssembly build (`wasm32-unknown-unknown`,
//! `make web`). The engine is the native one, with one search thread that
//! runs inside the call that receives `go`; the page runs it in a Web
//! Worker (web/engine-worker.js), which may block.
//!
//! - `crate::host` (at the bottom, for the clock, the random seed and the
//!   search's signals too): what the engine imports from JavaScript.
//! - [`exports`]: what JavaScript calls: a line of UCI in, through the
//!   same command loop and session as the native binary.

pub mod exports;
