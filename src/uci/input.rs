//! Reading the GUI's commands: on a thread of its own, so that the command
//! loop is never stuck in a read while a search runs. Input is taken as
//! bytes: a line that is not UTF-8 is read lossily rather than rejected, and
//! a line longer than `MAX_LINE_BYTES` is dropped without being stored.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{self, Receiver};

/// The longest line kept. A `position` command with a 3,000-move list is
/// about 15 kB; anything seventy times longer is not a command.
pub const MAX_LINE_BYTES: usize = 1 << 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputLine {
    Text(String),
    /// A line of this many bytes, over `MAX_LINE_BYTES`, was skipped.
    TooLong(usize),
}

/// The UTF-8 byte-order mark, which some programs write before their first
/// line.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// Splits a byte stream into lines (`\n` or `\r\n`).
pub struct LineReader<R> {
    reader: R,
    buffer: Vec<u8>,
    /// No line read yet: a byte-order mark may open this one.
    first: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(reader: R) -> LineReader<R> {
        LineReader { reader, buffer: Vec::new(), first: true }
    }

    /// The next line, or None at the end of input (or on a read error,
    /// which for a pipe means the same).
    pub fn next_line(&mut self) -> Option<InputLine> {
        self.buffer.clear();
        let mut length = 0usize;
        let mut read_any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if chunk.is_empty() {
                if !read_any {
                    return None;
                }
                break;
            }
            read_any = true;
            let (part, consumed, complete) = match chunk.iter().position(|&b| b == b'\n') {
                Some(end) => (&chunk[..end], end + 1, true),
                None => (chunk, chunk.len(), false),
            };
            length += part.len();
            if length <= MAX_LINE_BYTES {
                self.buffer.extend_from_slice(part);
            }
            self.reader.consume(consumed);
            if complete {
                break;
            }
        }
        if length > MAX_LINE_BYTES {
            self.first = false;
            return Some(InputLine::TooLong(length));
        }
        if self.buffer.last() == Some(&b'\r') {
            self.buffer.pop();
        }
        let text = if std::mem::replace(&mut self.first, false) {
            self.buffer.strip_prefix(BYTE_ORDER_MARK).unwrap_or(&self.buffer)
        } else {
            &self.buffer
        };
        Some(InputLine::Text(String::from_utf8_lossy(text).into_owned()))
    }
}

/// Starts the reading thread. The receiver yields every line, then
/// disconnects at the end of input.
pub fn spawn_reader<R: Read + Send + 'static>(source: R) -> Receiver<InputLine> {
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("uci-input".to_string())
        .spawn(move || {
            let mut lines = LineReader::new(BufReader::with_capacity(1 << 16, source));
            while let Some(line) = lines.next_line() {
                if sender.send(line).is_err() {
                    break;
                }
            }
        })
        .expect("the input thread starts");
    receiver
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn read_all(bytes: &[u8]) -> Vec<InputLine> {
        let mut reader = LineReader::new(BufReader::with_capacity(7, Cursor::new(bytes.to_vec())));
        std::iter::from_fn(|| reader.next_line()).collect()
    }

    fn text(s: &str) -> InputLine {
        InputLine::Text(s.to_string())
    }

    #[test]
    fn splits_lines_on_newline_and_crlf() {
        assert_eq!(
            read_all(b"uci\r\nisready\n\ngo depth 1"),
            vec![text("uci"), text("isready"), text(""), text("go depth 1")]
        );
        assert_eq!(read_all(b""), vec![]);
    }

    #[test]
    fn a_byte_order_mark_before_the_first_line_is_dropped() {
        assert_eq!(read_all(b"\xEF\xBB\xBFuci\n\xEF\xBB\xBFisready\n"), vec![text("uci"), text("\u{feff}isready")]);
        assert_eq!(read_all(b"\xEF\xBB\xBF\nuci\n"), vec![text(""), text("uci")]);
    }

    #[test]
    fn invalid_utf8_is_read_lossily() {
        assert_eq!(read_all(b"is\xffready\n\x00\x01\n"), vec![text("is\u{fffd}ready"), text("\u{0}\u{1}")]);
    }

    #[test]
    fn overlong_lines_are_skipped_and_reading_goes_on() {
        let mut bytes = vec![b'a'; MAX_LINE_BYTES + 10];
        bytes.extend_from_slice(b"\nisready\n");
        assert_eq!(read_all(&bytes), vec![InputLine::TooLong(MAX_LINE_BYTES + 10), text("isready")]);
    }

    #[test]
    fn the_reader_thread_delivers_lines_then_disconnects() {
        let receiver = spawn_reader(Cursor::new(b"uci\nquit\n".to_vec()));
        assert_eq!(receiver.recv().unwrap(), text("uci"));
        assert_eq!(receiver.recv().unwrap(), text("quit"));
        assert!(receiver.recv().is_err());
    }
}
