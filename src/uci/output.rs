//! The engine's single writer to the GUI. Every line goes through one lock and
//! is flushed at once, so lines from the search threads and from the command
//! loop never interleave and the GUI sees each as soon as it is written.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

pub struct Output {
    sink: Mutex<Box<dyn Write + Send>>,
    /// Set when a write failed: the GUI has gone away.
    closed: AtomicBool,
}

impl Output {
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output { sink: Mutex::new(sink), closed: AtomicBool::new(false) }
    }

    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line and flushes it.
    pub fn line(&self, text: &str) {
        self.lines(std::slice::from_ref(&text));
    }

    /// Writes several lines as one block (no other line can come between
    /// them) and flushes once.
    pub fn lines<S: AsRef<str>>(&self, texts: &[S]) {
        // A thread that panicked while holding the lock left no partial
        // state worth protecting: keep writing.
        let mut sink = self.sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut block = String::new();
        for text in texts {
            block.push_str(text.as_ref());
            block.push('\n');
        }
        if sink.write_all(block.as_bytes()).and_then(|_| sink.flush()).is_err() {
            self.closed.store(true, Ordering::Relaxed);
        }
    }

    /// An `info string` line: free text for the user, ignored by GUIs.
    pub fn info_string(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }

    /// Reports bad input: `info string error: <what, and why>`.
    pub fn error(&self, what: &dyn std::fmt::Display) {
        self.line(&format!("info string error: {what}"));
    }

    /// Whether a write has failed because nobody reads our output any more.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
pub mod capture {
    //! An `Output` whose text tests can read back.
    use super::Output;
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    pub struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Captured {
        pub fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    pub fn output() -> (Arc<Output>, Captured) {
        let captured = Captured::default();
        (Arc::new(Output::new(Box::new(captured.clone()))), captured)
    }
}

#[cfg(test)]
mod tests {
    use super::capture;
    use std::sync::Arc;

    #[test]
    fn lines_from_many_threads_never_interleave() {
        let (output, captured) = capture::output();
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let output = Arc::clone(&output);
                std::thread::spawn(move || {
                    for i in 0..200 {
                        output.line(&format!("thread {t} line {i} {}", "x".repeat(100)));
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        let text = captured.text();
        assert_eq!(text.lines().count(), 800);
        assert!(text.lines().all(|l| l.starts_with("thread ") && l.ends_with(&"x".repeat(100))));
    }

    #[test]
    fn errors_are_info_strings() {
        let (output, captured) = capture::output();
        output.error(&"bad thing");
        output.lines(&["a", "b"]);
        assert_eq!(captured.text(), "info string error: bad thing\na\nb\n");
    }
}
