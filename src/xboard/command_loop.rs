//! The command loop: XBoard's lines and the searches' ends reach the
//! session through one channel, in the order they happen, so that the
//! engine's move is played (and sent) before any command XBoard sends in
//! answer to it is read.

use super::session::{Flow, Session};
use super::thinking::SearchDone;
use crate::uci::input::{InputLine, MAX_LINE_BYTES};
use crate::uci::output::Output;
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;

/// What the loop waits for.
#[derive(Debug)]
pub enum Event {
    Line(InputLine),
    /// A search has reported its move.
    Search(SearchDone),
    /// XBoard has gone.
    EndOfInput,
}

/// Runs XBoard's commands from `input` until `quit`, the end of input, or
/// a write to XBoard fails.
pub fn serve(input: Receiver<InputLine>, output: Arc<Output>) {
    let (events, received) = mpsc::channel();
    let forward = events.clone();
    let forwarding = std::thread::Builder::new().name("xboard input".to_string()).spawn(move || {
        while let Ok(line) = input.recv() {
            if forward.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = forward.send(Event::EndOfInput);
    });
    if let Err(error) = forwarding {
        output.line(&format!("tellusererror the engine's input thread could not start ({error})"));
        return;
    }
    let mut session = Session::new(Arc::clone(&output), events);
    while let Ok(event) = received.recv() {
        let flow = match event {
            Event::Line(InputLine::Text(text)) => session.handle_line(&text),
            Event::Line(InputLine::TooLong(length)) => {
                output.line(&format!("Error (lines are read up to {MAX_LINE_BYTES} bytes): a line of {length} bytes"));
                Flow::Continue
            }
            Event::Search(done) => session.search_done(done),
            Event::EndOfInput => session.quit(),
        };
        if flow == Flow::Quit || output.is_closed() {
            return;
        }
    }
}
