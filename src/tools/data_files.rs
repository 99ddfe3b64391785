//! `roque data`: reading, writing and handling files of training positions
//! (convert between binary and text, inspect, merge, shuffle).
//!
//! A file whose name ends in `.txt` or `.epd` is text (`<FEN> | <score> |
//! <result>` a line); any other is binary (32-byte records, see
//! `training_data.rs`): read in either layout, recognised from its records,
//! and written as marlinformat (`convert --legacy`: Roque's first layout).
//! A `*.pgn` file is read for the scored positions of its games
//! (`pgn_records.rs`).

use super::pgn_records::{pgn_records, PgnRecords};
use super::same_file::refuse_output_among_inputs;
use super::training_data::{detect_layout, GameOutcome, Layout, Record, RECORD_BYTES};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;

pub const USAGE: &str = "\
usage:
  roque data convert <in> <out> [--legacy]
                                          binary <-> text (by file name: .txt or .epd is text); binary
                                          is read in either layout and written as marlinformat, or with
                                          --legacy in Roque's first layout (data before generation 4);
                                          a .pgn of engine games gives its scored positions
  roque data inspect <file> [<count>]     counts, results, scores; the first <count> positions as text
  roque data merge <out> <in> <in>...     the inputs one after the other
  roque data shuffle <in> <out> [<seed>]  the positions in a random order (seed 1 by default)
  roque data augment <in> <out> [--walks N] [--plies N] [--depth N] [--calm CP] [--threads N]
                     [--seed N] [--nnue]  short random walks from each position, labelled by a
                                          depth-N search, kept where the static evaluation is within
                                          CP of it (defaults 4 walks of 1 to 4 plies, depth 2, calm 100,
                                          2 threads, seed 1; hand-crafted evaluation unless --nnue)";

pub(crate) fn is_text(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("txt" | "epd"))
}

/// A file named `*.pgn`: the games of an engine match, read for their
/// scored positions (`pgn_records.rs`), never written.
pub(crate) fn is_pgn(path: &Path) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// The records of a PGN file, with what was read and skipped.
pub fn read_pgn(path: &Path) -> Result<PgnRecords, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let text = super::pgn::decode_file(bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    pgn_records(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The games whose `roque datagen --variant` files read as chess records:
/// their FENs are chess FENs and nothing but the board counts.
pub const GAMES_AS_RECORDS: [&str; 1] = ["losers"];

/// The game a `roque datagen --variant` file's first line names, if it is
/// that line.
fn datagen_game(line: &str) -> Option<&str> {
    line.strip_prefix("# roque datagen ")?.split(':').next()
}

/// Every record of a file, binary or text (a game's self-play file of
/// [`GAMES_AS_RECORDS`] too: its first line names the game, its scores and
/// results are for the side to move).
pub fn read_records(path: &Path) -> Result<Vec<Record>, String> {
    if is_pgn(path) {
        return read_pgn(path).map(|read| read.records);
    }
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut records = Vec::new();
    if is_text(path) {
        // A game's self-play file scores for the side to move.
        let mut side_to_move_view = false;
        for (number, line) in BufReader::new(file).lines().enumerate() {
            let line = line.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            if line.trim().is_empty() {
                continue;
            }
            if number == 0 {
                if let Some(game) = datagen_game(&line) {
                    if !GAMES_AS_RECORDS.contains(&game) {
                        return Err(format!(
                            "{}: {game}'s positions hold more than a chess board, which a record cannot keep; \
                             the games read as records: {}",
                            path.display(),
                            GAMES_AS_RECORDS.join(", ")
                        ));
                    }
                    side_to_move_view = true;
                    continue;
                }
            }
            let record =
                if side_to_move_view { Record::from_side_to_move_text(&line) } else { Record::from_text(&line) }
                    .map_err(|e| format!("{} line {}: {e}", path.display(), number + 1))?;
            records.push(record);
        }
    } else {
        let mut bytes = Vec::new();
        BufReader::new(file).read_to_end(&mut bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        if bytes.len() % RECORD_BYTES != 0 {
            return Err(format!(
                "{} has {} bytes, not a whole number of {RECORD_BYTES}-byte records",
                path.display(),
                bytes.len()
            ));
        }
        let layout = detect_layout(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        records.reserve(bytes.len() / RECORD_BYTES);
        for (index, chunk) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let record = Record::from_bytes(chunk.try_into().expect("a whole record"), layout)
                .map_err(|e| format!("{} record {}: {e}", path.display(), index + 1))?;
            records.push(record);
        }
    }
    Ok(records)
}

/// Writes records to a file, binary (marlinformat) or text by its name.
pub fn write_records(path: &Path, records: &[Record]) -> Result<(), String> {
    write_records_as(path, records, Layout::Marlin)
}

/// Writes records to a file, text or binary in `layout` by its name.
pub fn write_records_as(path: &Path, records: &[Record], layout: Layout) -> Result<(), String> {
    if is_pgn(path) {
        return Err(format!("{}: records are written as binary or text (.txt, .epd), not as PGN", path.display()));
    }
    let file = File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let mut out = BufWriter::new(file);
    let text = is_text(path);
    for record in records {
        let written =
            if text { writeln!(out, "{}", record.to_text()) } else { out.write_all(&record.to_bytes(layout)) };
        written.map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    out.flush().map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A summary of a set of records.
pub fn summary(records: &[Record]) -> String {
    let count = records.len().max(1) as f64;
    let outcome = |o: GameOutcome| records.iter().filter(|r| r.outcome == o).count();
    let black_to_move = records.iter().filter(|r| r.side_to_move() == crate::types::Color::Black).count();
    // Summed from 0.0, not -0.0 (a sum of no floats), which prints as "-0".
    let mean_abs_score = records.iter().fold(0.0, |sum, r| sum + (r.score as f64).abs()) / count;
    let decided = records.iter().filter(|r| r.score.abs() >= 1000).count();
    let pieces = records.iter().map(|r| r.pieces().count()).sum::<usize>() as f64 / count;
    format!(
        "positions {}\nresults (White's view) 1.0 {} / 0.5 {} / 0.0 {}\nblack to move {:.1}%\n\
         mean |score| {:.0} cp, |score| >= 1000: {:.1}%\nmean pieces {:.1}",
        records.len(),
        outcome(GameOutcome::WhiteWins),
        outcome(GameOutcome::Draw),
        outcome(GameOutcome::BlackWins),
        100.0 * black_to_move as f64 / count,
        mean_abs_score,
        100.0 * decided as f64 / count,
        pieces
    )
}

/// Runs `roque data <args>`; the text to print, or an error.
pub fn run(args: &[String]) -> Result<String, String> {
    let path = |i: usize| args.get(i).map(Path::new).ok_or_else(|| USAGE.to_string());
    match args.first().map(String::as_str) {
        Some("convert") if args.len() == 3 || (args.len() == 4 && args[3] == "--legacy") => {
            let layout = if args.len() == 4 { Layout::Legacy } else { Layout::Marlin };
            refuse_output_among_inputs(path(2)?, [path(1)?])?;
            if is_pgn(path(1)?) {
                let read = read_pgn(path(1)?)?;
                write_records_as(path(2)?, &read.records, layout)?;
                return Ok(format!("{} written to {}", read.summary(), args[2]));
            }
            let records = read_records(path(1)?)?;
            write_records_as(path(2)?, &records, layout)?;
            Ok(format!("{} positions written to {}", records.len(), args[2]))
        }
        Some("inspect") if (2..=3).contains(&args.len()) => {
            let records = read_records(path(1)?)?;
            let shown = match args.get(2) {
                None => 0,
                Some(n) => n.parse::<usize>().map_err(|_| format!("the count must be a whole number, not '{n}'"))?,
            };
            let mut text = summary(&records);
            for record in records.iter().take(shown) {
                text.push('\n');
                text.push_str(&record.to_text());
            }
            Ok(text)
        }
        Some("merge") if args.len() >= 3 => {
            refuse_output_among_inputs(path(1)?, args[2..].iter().map(Path::new))?;
            let mut records = Vec::new();
            for i in 2..args.len() {
                records.extend(read_records(path(i)?)?);
            }
            write_records(path(1)?, &records)?;
            Ok(format!("{} positions written to {}", records.len(), args[1]))
        }
        Some("shuffle") if (3..=4).contains(&args.len()) => {
            let seed = match args.get(3) {
                None => 1,
                Some(s) => s.parse::<u64>().map_err(|_| format!("the seed must be a whole number, not '{s}'"))?,
            };
            refuse_output_among_inputs(path(2)?, [path(1)?])?;
            let mut records = read_records(path(1)?)?;
            records.shuffle(&mut ChaCha12Rng::seed_from_u64(seed));
            write_records(path(2)?, &records)?;
            Ok(format!("{} positions shuffled into {}", records.len(), args[2]))
        }
        Some("augment") if args.len() >= 3 => {
            let settings = super::augment::parse_settings(&args[3..])?;
            refuse_output_among_inputs(path(2)?, [path(1)?])?;
            let count = super::augment::augment(path(1)?, path(2)?, &settings)?;
            Ok(format!("{count} positions written to {}", args[2]))
        }
        Some(command @ ("convert" | "inspect" | "merge" | "shuffle" | "augment")) => {
            Err(format!("data {command}: bad arguments '{}'\n{USAGE}", args[1..].join(" ")))
        }
        Some(other) => Err(format!("unknown data command '{other}'\n{USAGE}")),
        None => Err(USAGE.to_string()),
    }
}
