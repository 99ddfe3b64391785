//! The functions the engine imports from JavaScript (module `roque`), and
//! the safe wrappers the rest of the engine calls. web/engine-worker.js
//! provides them:
//!
//! - `now() -> f64`: milliseconds, monotonic (`performance.now()`).
//! - `random() -> f64`: a number in [0, 1) (`Math.random()`), to seed the
//!   weakened move choice where native builds read the system clock.
//! - `write(pointer, length)`: UTF-8 output, whole lines ending in `\n`.
//! - `signal(wait_ms) -> u32`: the page's signals to a running search:
//!   bit 0 a `stop`, bit 1 a `ponderhit`, sent after the `go` began. With
//!   `wait_ms` > 0 and no signal it may block up to that long
//!   (`Atomics.wait`) instead of returning at once.
//! - `can_signal() -> u32`: 1 where `signal` can report anything (the page
//!   shares memory with the worker: it is cross-origin isolated), else 0:
//!   then a search cannot be interrupted and only limited ones are run.

mod imports {
    #[link(wasm_import_module = "roque")]
    extern "C" {
        pub fn now() -> f64;
        pub fn random() -> f64;
        pub fn write(pointer: *const u8, length: usize);
        pub fn signal(wait_ms: f64) -> u32;
        pub fn can_signal() -> u32;
    }
}

/// A `stop` was sent after the running `go`.
pub const STOP: u32 = 1;
/// A `ponderhit` was sent after the running `go`.
pub const PONDERHIT: u32 = 2;

pub fn now_ms() -> f64 {
    // SAFETY: the import takes nothing and returns a number.
    unsafe { imports::now() }
}

/// 64 random bits from the page.
pub fn random_u64() -> u64 {
    // SAFETY: the import takes nothing and returns a number.
    let draw = |_| unsafe { imports::random() };
    let (high, low) = (draw(0), draw(1));
    ((high * 4_294_967_296.0) as u64) << 32 | (low * 4_294_967_296.0) as u64
}

pub fn write(bytes: &[u8]) {
    // SAFETY: the host reads `bytes.len()` bytes from the pointer, during
    // the call only.
    unsafe { imports::write(bytes.as_ptr(), bytes.len()) }
}

/// The signals sent since the running `go` (`STOP`, `PONDERHIT`), waiting
/// up to `wait_ms` for one where none is there.
pub fn signal(wait_ms: f64) -> u32 {
    // SAFETY: the import takes a number and returns one.
    unsafe { imports::signal(wait_ms) }
}

/// Whether the page can stop a search (see the module's comment).
pub fn can_signal() -> bool {
    // SAFETY: the import takes nothing and returns a number.
    unsafe { imports::can_signal() != 0 }
}

/// The output: bytes to the page.
pub struct HostWriter;

impl std::io::Write for HostWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        write(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
