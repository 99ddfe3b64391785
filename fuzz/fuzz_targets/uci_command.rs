//! Any bytes as GUI input: the line reader, the command parser, the option
//! table and the error messages must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use roque::board::{ChessRecord, Position};
use roque::uci::command::{Command, StartPosition};
use roque::uci::input::{InputLine, LineReader};
use roque::uci::options::parse_setoption;

fuzz_target!(|data: &[u8]| {
    let mut reader = LineReader::new(data);
    while let Some(line) = reader.next_line() {
        let InputLine::Text(text) = line else { continue };
        let parsed = Command::parse(&text);
        match parsed.command {
            Err(error) => assert!(!error.to_string().is_empty()),
            Ok(Some(Command::SetOption { name, value })) => {
                if let Err(error) = parse_setoption(&name, value.as_deref()) {
                    assert!(!error.to_string().is_empty());
                }
            }
            Ok(Some(Command::Position { start, moves })) => {
                let start = match start {
                    StartPosition::StartPos => Position::startpos(),
                    StartPosition::Fen(fen) => match Position::from_fen(&fen) {
                        Ok(position) => position,
                        Err(_) => continue,
                    },
                };
                let mut game = ChessRecord::new(start);
                for m in &moves {
                    if game.play_uci(m, false).is_err() {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
});
