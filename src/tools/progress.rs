//! A one-line progress report on standard error: work done, rate and time
//! left, redrawn in place. Drawn only when standard error is a terminal,
//! so that a log or a test's captured output gets the messages alone.
//! Hand-written: a dozen lines do what a progress-bar crate would, without
//! a dependency.

use crate::clock::Instant;
use std::io::{IsTerminal, Write};
use std::time::Duration;

pub struct Progress {
    what: &'static str,
    total: u64,
    done: u64,
    start: Instant,
    last_drawn: Option<Instant>,
    on_terminal: bool,
}

/// Redraws no more often than this: a terminal need not be kept busy.
const REDRAW_INTERVAL: Duration = Duration::from_millis(200);

impl Progress {
    /// Progress through `total` units of work, each called `what` (plural).
    pub fn new(what: &'static str, total: u64) -> Progress {
        Progress {
            what,
            total,
            done: 0,
            start: Instant::now(),
            last_drawn: None,
            on_terminal: std::io::stderr().is_terminal(),
        }
    }

    pub fn advance(&mut self, units: u64) {
        self.done += units;
        if self.last_drawn.is_none_or(|at| at.elapsed() >= REDRAW_INTERVAL) {
            self.draw();
        }
    }

    /// A message on a line of its own, the progress line redrawn below it.
    pub fn message(&mut self, text: &str) {
        self.clear();
        eprintln!("{text}");
        if self.last_drawn.is_some() {
            self.draw();
        }
    }

    /// Runs `write`, which writes to the same terminal, with the progress
    /// line taken away first and drawn again after it.
    pub fn aside<T>(&mut self, write: impl FnOnce() -> T) -> T {
        self.clear();
        let result = write();
        if self.last_drawn.is_some() {
            self.draw();
        }
        result
    }

    /// Removes the progress line and returns the time since the start.
    pub fn finish(&mut self) -> Duration {
        self.clear();
        self.start.elapsed()
    }

    fn clear(&self) {
        if self.on_terminal && self.last_drawn.is_some() {
            eprint!("\r\x1b[K");
        }
    }

    fn draw(&mut self) {
        if !self.on_terminal {
            return;
        }
        let seconds = self.start.elapsed().as_secs_f64();
        let rate = self.done as f64 / seconds.max(1e-3);
        let left = if self.done == 0 {
            "?".to_string()
        } else {
            let seconds_left = (self.total.saturating_sub(self.done)) as f64 / rate;
            format!("{}:{:02}", (seconds_left / 60.0) as u64, (seconds_left % 60.0) as u64)
        };
        eprint!("\r\x1b[K{}/{} {}, {rate:.1}/s, {left} left", self.done, self.total, self.what);
        let _ = std::io::stderr().flush();
        self.last_drawn = Some(Instant::now());
    }
}
