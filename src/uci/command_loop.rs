//! The command loop: lines from the reading thread go to the session one at
//! a time, in order. A command that needs the engine idle while a search is
//! ending (a `go` sent right after `stop`, as every GUI does on a ponder
//! miss) waits for that search's `bestmove`; meanwhile `isready` is still
//! answered at once, `quit` still quits, and `stop` or `ponderhit` still
//! reach the running search unless a `go` waits, whose search they are meant
//! for. Every other line waits its turn.

use super::command::{Command, ParsedLine};
use super::input::{InputLine, MAX_LINE_BYTES};
use super::output::Output;
use super::session::{Flow, Session};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How often a waiting loop looks whether the search has ended.
const POLL: Duration = Duration::from_millis(1);

/// Runs `first` (the line that chose UCI, if any) and the commands from
/// `input` until `quit`, the end of input, or a write to the GUI fails.
pub fn serve(session: &mut Session, first: Option<InputLine>, input: &Receiver<InputLine>, output: &Output) {
    let mut waiting: VecDeque<InputLine> = first.into_iter().collect();
    loop {
        let line = match waiting.pop_front() {
            Some(line) => line,
            None => match input.recv() {
                Ok(line) => line,
                // The end of input means the GUI is gone: stop as `quit` would.
                Err(_) => {
                    session.handle(Command::Quit);
                    return;
                }
            },
        };
        let mut flow = handle_input(session, line, output);
        while let Flow::AfterSearch(command) = flow {
            let go_waits = matches!(command, Command::Go(_));
            if !wait_for_search(session, input, &mut waiting, go_waits) {
                return;
            }
            flow = session.handle(command);
        }
        if flow == Flow::Quit || output.is_closed() {
            return;
        }
    }
}

/// Hands one line to the session, or reports one too long to read.
pub fn handle_input(session: &mut Session, line: InputLine, output: &Output) -> Flow {
    match line {
        InputLine::Text(text) => session.handle_line(&text),
        InputLine::TooLong(length) => {
            output.error(&format!("a line of {length} bytes was skipped: lines are read up to {MAX_LINE_BYTES} bytes"));
            Flow::Continue
        }
    }
}

/// Waits until the running search has written its `bestmove`, keeping the
/// lines that arrive meanwhile in `waiting` except those that cannot wait
/// (see the module's comment). False when the loop is to end: `quit`, or
/// the end of input.
fn wait_for_search(
    session: &mut Session,
    input: &Receiver<InputLine>,
    waiting: &mut VecDeque<InputLine>,
    mut go_waits: bool,
) -> bool {
    while session.busy() {
        let line = match input.recv_timeout(POLL) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => {
                session.handle(Command::Quit);
                return false;
            }
        };
        let InputLine::Text(text) = &line else {
            waiting.push_back(line);
            continue;
        };
        match Command::parse(text) {
            ParsedLine { command: Ok(Some(Command::Quit)), .. } => {
                session.handle_line(text);
                return false;
            }
            ParsedLine { command: Ok(Some(Command::IsReady)), .. } => {
                session.handle_line(text);
            }
            ParsedLine { command: Ok(Some(Command::Stop | Command::PonderHit)), .. } if !go_waits => {
                session.handle_line(text);
            }
            parsed => {
                go_waits |= matches!(parsed.command, Ok(Some(Command::Go(_))));
                waiting.push_back(line);
            }
        }
    }
    true
}
