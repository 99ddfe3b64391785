//! The clock searches are timed by: the system's monotonic clock, or in the
//! WebAssembly build, where the standard library has none
//! (`Instant::now()` panics on `wasm32-unknown-unknown`), the page's
//! `performance.now()` (src/host.rs).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use wasm::Instant;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use crate::host;
    use std::time::Duration;

    /// A moment, in milliseconds since the worker started.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant(f64);

    impl Instant {
        pub fn now() -> Instant {
            Instant(host::now_ms())
        }

        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }

        /// Zero where `earlier` is later (the host clock is monotonic, but
        /// a subtraction never panics).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1000.0).max(0.0))
        }
    }
}
