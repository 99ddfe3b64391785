//! The functions JavaScript calls. A line of UCI goes in through a buffer
//! the engine lends (`roque_buffer`, then `roque_input`) and is read by the
//! native binary's own code: the line reader (src/uci/input.rs), the
//! command loop's handling (src/uci/command_loop.rs) and the session
//! (src/uci/session.rs). Output comes back through the host's `write` as
//! it is produced, `info` lines during a search included.

use crate::host::{self, HostWriter};
use crate::tools::bench::{self, BenchEvaluation};
use crate::uci::command_loop::handle_input;
use crate::uci::input::LineReader;
use crate::uci::output::Output;
use crate::uci::session::{self, Flow, Session};
use std::cell::RefCell;
use std::sync::Arc;

struct Web {
    session: Session,
    output: Arc<Output>,
    /// Where the page writes the next input.
    buffer: Vec<u8>,
}

thread_local! {
    static WEB: RefCell<Option<Web>> = const { RefCell::new(None) };
}

/// Starts the engine and prints its name line, as the native binary does
/// on start. A panic (a bug) is reported as an error line before the
/// engine stops: its instance cannot be used after that.
#[no_mangle]
pub extern "C" fn roque_start() {
    std::panic::set_hook(Box::new(|info| {
        host::write(format!("info string error: the engine stopped on an internal error: {info}\n").as_bytes())
    }));
    let output = Arc::new(Output::new(Box::new(HostWriter)));
    let session = Session::new(Arc::clone(&output));
    output.line(&format!("{} {} by {}", session::ENGINE_NAME, env!("CARGO_PKG_VERSION"), session::ENGINE_AUTHOR));
    output.info_string("WebAssembly build: one search thread, no endgame tables");
    WEB.with(|web| *web.borrow_mut() = Some(Web { session, output, buffer: Vec::new() }));
}

/// Where to write `length` bytes of input for `roque_input`; valid until
/// the next call into the engine.
#[no_mangle]
pub extern "C" fn roque_buffer(length: usize) -> *mut u8 {
    with_web(|web| {
        web.buffer.clear();
        web.buffer.resize(length, 0);
        web.buffer.as_mut_ptr()
    })
}

/// Reads the `length` bytes written to the buffer as lines of input (one
/// or several, `\n` or `\r\n` between them) and carries each out. A `go`
/// searches to its end inside this call. Returns 1 after `quit`, else 0.
#[no_mangle]
pub extern "C" fn roque_input(length: usize) -> u32 {
    with_web(|web| {
        let bytes = std::mem::take(&mut web.buffer);
        let mut lines = LineReader::new(&bytes[..length.min(bytes.len())]);
        while let Some(line) = lines.next_line() {
            let mut flow = handle_input(&mut web.session, line, &web.output);
            // A command that waits for the running search: none runs
            // between two calls here, so it goes ahead at once.
            while let Flow::AfterSearch(command) = flow {
                flow = web.session.handle(command);
            }
            if flow == Flow::Quit {
                return 1;
            }
        }
        0
    })
}

/// `roque bench <depth>` with one thread: `evaluation` 0 the network, 1
/// the hand-crafted evaluation. Prints what the native command prints.
#[no_mangle]
pub extern "C" fn roque_bench(depth: u32, evaluation: u32) {
    with_web(|web| {
        let evaluation = if evaluation == 1 { BenchEvaluation::HandCrafted } else { BenchEvaluation::Network };
        let output = &web.output;
        if let Err(reason) = bench::run_to(Some(depth), 1, evaluation, None, &mut |line| output.line(line)) {
            output.error(&format!("bench: {reason}"));
        }
    })
}

fn with_web<T>(f: impl FnOnce(&mut Web) -> T) -> T {
    WEB.with(|web| f(web.borrow_mut().as_mut().expect("roque_start is called first")))
}
