//! Drives the `roque` binary over its pipes for the UCI integration tests.
//! Every wait has a timeout, and a failing wait shows the conversation.
#![allow(dead_code)]

use roque::board::Position;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous for a loaded two-core machine; the tests that measure
/// promptness use their own, tighter bounds.
pub const TIMEOUT: Duration = Duration::from_secs(20);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::spawn(Command::new(env!("CARGO_BIN_EXE_roque")))
    }

    /// Starts the engine with its address space limited to `kib` KiB (the
    /// shell's `ulimit -v`), so that large reservations fail on any
    /// machine, whatever its memory and overcommit policy.
    pub fn start_with_address_space(kib: u64) -> Engine {
        let mut command = Command::new("sh");
        command.args(["-c", &format!("ulimit -v {kib} && exec \"$0\""), env!("CARGO_BIN_EXE_roque")]);
        Engine::spawn(command)
    }

    fn spawn(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    /// Starts the engine and completes the `uci` handshake.
    pub fn ready() -> Engine {
        let mut engine = Engine::start();
        engine.send("uci");
        engine.wait_for("uciok");
        engine
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {}", shorten(line)));
        self.write(format!("{line}\n").as_bytes());
    }

    pub fn write(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).and_then(|_| stdin.flush()).expect("the engine reads its input");
    }

    /// The engine's resident memory in KiB, where the system says (Linux).
    pub fn resident_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// The engine's threads, where the system says (Linux).
    pub fn thread_count(&self) -> Option<usize> {
        Some(std::fs::read_dir(format!("/proc/{}/task", self.child.id())).ok()?.count())
    }

    /// Closes the engine's standard input (the end of input).
    pub fn close_input(&mut self) {
        self.transcript.push("> <end of input>".to_string());
        self.stdin = None;
    }

    /// The next line, or None after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("< {}", shorten(&line)));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that `done` accepts.
    pub fn lines_until(&mut self, done: impl Fn(&str) -> bool, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let last = done(&line);
                    lines.push(line);
                    if last {
                        return lines;
                    }
                }
                None => self.fail(&format!("no expected line within {timeout:?}")),
            }
        }
    }

    /// Every line up to and including `line`.
    pub fn wait_for(&mut self, line: &str) -> Vec<String> {
        self.lines_until(|l| l == line, TIMEOUT)
    }

    /// `isready` and the lines before its `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.wait_for("readyok");
        lines.pop();
        lines
    }

    /// The search's lines, the `bestmove` line last.
    pub fn search(&mut self, go: &str) -> Vec<String> {
        self.send(go);
        self.lines_until(|l| l.starts_with("bestmove"), TIMEOUT)
    }

    /// Asserts that no line `unwanted` accepts comes within `window`; the
    /// lines that did come are returned.
    pub fn assert_none_within(&mut self, unwanted: impl Fn(&str) -> bool, window: Duration) -> Vec<String> {
        let deadline = Instant::now() + window;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            if unwanted(&line) {
                self.fail(&format!("unexpected line '{line}'"));
            }
            lines.push(line);
        }
        lines
    }

    /// The current position's FEN, from the `d` command.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.lines_until(|l| l.starts_with("Checkers:"), TIMEOUT);
        let fen = lines.iter().rev().find(|l| l.starts_with("Fen: ")).expect("d prints the FEN");
        fen.trim_start_matches("Fen: ").to_string()
    }

    /// Waits for the process to end by itself.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("the engine can be waited for") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }

    pub fn fail(&self, why: &str) -> ! {
        let tail: Vec<&String> = self.transcript.iter().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().map(String::as_str).collect();
        panic!("{why}\n--- last lines of the conversation ---\n{}", tail.join("\n"));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn shorten(line: &str) -> String {
    if line.len() > 300 {
        format!("{}... ({} bytes)", &line[..line.char_indices().take(300).last().map_or(0, |(i, _)| i)], line.len())
    } else {
        line.to_string()
    }
}

/// The move of a `bestmove` line (`(none)` included).
pub fn best_move(lines: &[String]) -> String {
    let line = lines.last().expect("a bestmove line");
    line.split_whitespace().nth(1).expect("bestmove has a move").to_string()
}

/// The ponder move of a `bestmove` line, if any.
pub fn ponder_move(lines: &[String]) -> Option<String> {
    let words: Vec<&str> = lines.last()?.split_whitespace().collect();
    (words.get(2) == Some(&"ponder")).then(|| words[3].to_string())
}

/// The value after `key` in an `info` line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|&w| w == key).and_then(|i| words.get(i + 1).copied())
}

/// The moves after `pv` in an `info` line.
pub fn pv(line: &str) -> Vec<String> {
    line.split_whitespace().skip_while(|&w| w != "pv").skip(1).map(str::to_string).collect()
}

/// The `info ... score ...` lines.
pub fn score_lines(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|l| l.starts_with("info") && l.contains(" score ")).collect()
}

/// Asserts that `moves` is a legal line from `position`.
pub fn assert_legal_line(position: &Position, moves: &[String], chess960: bool) {
    let mut position = *position;
    for text in moves {
        let m = position
            .parse_uci_move(text, chess960)
            .unwrap_or_else(|e| panic!("{text} in {moves:?} from {}: {e}", position.fen()));
        position = position.make_move(m);
    }
}
