//! Roque in the browser: the WebAssembly build (`wasm32-unknown-unknown`,
//! `make web`). The engine is the native one, with one search thread that
//! runs inside the call that receives `go`; the page runs it in a Web
//! Worker (web/engine-worker.js), which may block.
//!
//! - [`host`]: what the engine imports from JavaScript (the clock, the
//!   output, the stop and ponderhit signals).
//! - [`exports`]: what JavaScript calls: a line of UCI in, through the
//!   same command loop and session as the native binary.

pub mod exports;
pub mod host;

use crate::uci::command::GoCommand;

/// Why the page cannot be given this `go`, if it cannot: a search that
/// ends only on `stop` or `ponderhit` (`infinite`, `ponder`, or no limit at
/// all) runs inside the call that received it, so only the page's shared
/// signal can end it, and a page that is not cross-origin isolated has none.
pub fn unstoppable(go: &GoCommand) -> Option<String> {
    let limited = go.depth.is_some()
        || go.nodes.is_some()
        || go.mate.is_some()
        || go.movetime.is_some()
        || go.wtime.is_some()
        || go.btime.is_some();
    let open_ended = go.infinite || go.ponder || !limited;
    if go.perft.is_some() || !open_ended || host::can_signal() {
        return None;
    }
    Some(
        "go: this page cannot stop a search (it is not cross-origin isolated, so it shares no memory \
         with the engine's worker): only searches with a limit are run (depth, nodes, mate, movetime \
         or a clock), not infinite or ponder ones"
            .to_string(),
    )
}
