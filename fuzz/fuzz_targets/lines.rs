//! The fuzzers' input as a GUI's lines: read by the engine's own line
//! reader, each text line passed through the target's `bounded` (which may
//! rewrite it or leave it out), at most 64 lines, then the end of input.

use roque::uci::input::{InputLine, LineReader};
use std::sync::mpsc::{channel, Receiver};

/// The lines of `data` after `first` (if any), as the engine's reading
/// thread would hand them over; the sender is dropped, so that the loop
/// reading them sees the end of input.
pub fn session_lines(data: &[u8], first: Option<&str>, bounded: fn(String) -> Option<String>) -> Receiver<InputLine> {
    let (sender, input) = channel();
    if let Some(first) = first {
        sender.send(InputLine::Text(first.to_string())).expect("the receiver is held");
    }
    let mut reader = LineReader::new(data);
    let mut lines = 0;
    while let Some(line) = reader.next_line() {
        let line = match line {
            InputLine::Text(text) => match bounded(text) {
                Some(text) => InputLine::Text(text),
                None => continue,
            },
            too_long => too_long,
        };
        lines += 1;
        if lines > 64 {
            break;
        }
        sender.send(line).expect("the receiver is held");
    }
    input
}
