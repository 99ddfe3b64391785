//! `roque data augment`: more training positions from the ones there are.
//!
//! From each position of a file, a few short random walks of legal moves,
//! each position reached labelled by a shallow search (by default the
//! hand-crafted evaluation's) and kept if it is quiet (not in check, best
//! move neither a capture nor a promotion) and calm (the static evaluation
//! within a margin of the search's score: random moves leave pieces hanging
//! and threats pending, which a static evaluation cannot see). Self-play gives a few hundred positions a
//! second on this machine; a shallow search labels tens of thousands, so a
//! first network can learn what the hand-crafted evaluation knows from far
//! more positions than the games provide, then learn from the games' deeper
//! scores. Each record carries the result of the game its walk started
//! from (a few random plies off it: a result to blend in with a small
//! weight, or none, `--wdl 0`, as the first networks were trained).

use super::data_files::{read_records, write_records};
use super::training_data::Record;
use crate::board::is_noisy;
use crate::board::ChessRecord;
use crate::search::{Engine, Score, SearchLimits};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha12Rng;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

/// How positions are made and labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AugmentSettings {
    /// Walks from each source position.
    pub walks: usize,
    /// Each walk is 1 to this many random plies long.
    pub max_plies: usize,
    /// The depth of the labelling search.
    pub depth: u32,
    /// Label with the network (true) or the hand-crafted evaluation.
    pub use_network: bool,
    pub threads: usize,
    pub seed: u64,
    /// A position is kept only when its static evaluation is within this of
    /// the search's score: calm, with no tactic the network cannot see.
    pub calm: i32,
}

impl Default for AugmentSettings {
    fn default() -> AugmentSettings {
        AugmentSettings { walks: 4, max_plies: 4, depth: 2, use_network: false, threads: 2, seed: 1, calm: 100 }
    }
}

/// Positions whose label beyond this is left out (mates and routs teach
/// the network little).
const SCORE_BOUND: i32 = 3000;

/// Reads `augment`'s arguments after the two file names.
pub fn parse_settings(args: &[String]) -> Result<AugmentSettings, String> {
    let mut settings = AugmentSettings::default();
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--nnue" {
            settings.use_network = true;
            i += 1;
            continue;
        }
        // Read only for a known flag, so that a last unknown word is named
        // as unknown rather than as missing its value.
        let number = || {
            let value = args.get(i + 1).ok_or_else(|| format!("{flag} needs a value"))?;
            value
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("{flag} takes a whole number from 1, not '{value}'"))
        };
        match flag {
            "--walks" => settings.walks = number()?,
            "--plies" => settings.max_plies = number()?,
            "--depth" => settings.depth = number()?.min(64) as u32,
            "--threads" => settings.threads = number()?.min(1024),
            "--seed" => settings.seed = number()? as u64,
            "--calm" => settings.calm = number()?.min(30_000) as i32,
            _ => return Err(format!("unknown argument '{flag}'")),
        }
        i += 2;
    }
    Ok(settings)
}

/// The walks from every record of `input`, labelled, written to `output`;
/// returns how many were written.
pub fn augment(input: &Path, output: &Path, settings: &AugmentSettings) -> Result<usize, String> {
    let sources = read_records(input)?;
    let next = AtomicUsize::new(0);
    let made: Mutex<Vec<(usize, Vec<Record>)>> = Mutex::new(Vec::new());
    const CHUNK: usize = 256;
    // Every thread's engine first, so that memory refused is an error.
    let engines = (0..settings.threads.max(1))
        .map(|_| {
            let mut engine = Engine::try_new()?;
            engine.set_use_network(settings.use_network);
            // A small table, cleared for every label, so that a label
            // does not depend on what the thread searched before.
            engine.set_hash_mb(1)?;
            Ok(engine)
        })
        .collect::<Result<Vec<Engine>, String>>()?;
    let started = std::thread::scope(|scope| {
        let (next, made, sources) = (&next, &made, &sources);
        let mut started = 0;
        for mut engine in engines {
            let thread = std::thread::Builder::new().spawn_scoped(scope, move || {
                loop {
                    let start = next.fetch_add(CHUNK, Relaxed);
                    if start >= sources.len() {
                        return;
                    }
                    let end = (start + CHUNK).min(sources.len());
                    // Each chunk has its own generator: the output does not
                    // depend on the threads.
                    let mut rng =
                        ChaCha12Rng::seed_from_u64(settings.seed ^ (start as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
                    let mut records = Vec::new();
                    for source in &sources[start..end] {
                        let Ok(position) = source.position() else { continue };
                        for _ in 0..settings.walks {
                            let mut game = ChessRecord::new(position);
                            for _ in 0..rng.random_range(1..=settings.max_plies) {
                                let moves = game.position().legal_moves();
                                if moves.is_empty() {
                                    break;
                                }
                                game.play(moves[rng.random_range(0..moves.len())]);
                            }
                            let reached = *game.position();
                            if reached.in_check() || reached.result_without_history().is_some() {
                                continue;
                            }
                            engine.new_game();
                            let result = engine.search_sync(&game, SearchLimits::depth(settings.depth));
                            // Quiet positions only, as in the games: a best move
                            // that captures or promotes is a tactic the network
                            // cannot see and need not learn.
                            if is_noisy(&reached, result.best) {
                                continue;
                            }
                            let static_eval = if settings.use_network {
                                crate::nnue::evaluate(engine.network(), &reached)
                            } else {
                                crate::eval::evaluate(&reached)
                            };
                            if let Score::Cp(cp) = result.score {
                                if cp.abs() <= SCORE_BOUND && (cp - static_eval).abs() <= settings.calm {
                                    let white = cp * reached.side_to_move().sign();
                                    records.push(Record::new(&reached, white as i16, source.outcome));
                                }
                            }
                        }
                    }
                    made.lock().unwrap().push((start, records));
                }
            });
            // The threads started take every chunk: fewer make the same file.
            match thread {
                Ok(_) => started += 1,
                Err(e) => {
                    eprintln!("augment: warning: cannot start another thread ({e}); going on with {started}");
                    break;
                }
            }
        }
        started
    });
    if started == 0 {
        return Err("augment: no thread could start".into());
    }
    let mut chunks = made.into_inner().unwrap();
    chunks.sort_by_key(|(start, _)| *start);
    let records: Vec<Record> = chunks.into_iter().flat_map(|(_, records)| records).collect();
    write_records(output, &records)?;
    Ok(records.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_are_read_and_an_unknown_one_named() {
        let args = |text: &str| text.split_whitespace().map(String::from).collect::<Vec<_>>();
        let settings = parse_settings(&args("--walks 2 --nnue --threads 3")).unwrap();
        assert_eq!((settings.walks, settings.threads, settings.use_network), (2, 3, true));
        assert_eq!(parse_settings(&args("--bogus")).unwrap_err(), "unknown argument '--bogus'");
        assert_eq!(parse_settings(&args("--walks 2 extra")).unwrap_err(), "unknown argument 'extra'");
        assert!(parse_settings(&args("--walks")).unwrap_err().contains("needs a value"));
        assert!(parse_settings(&args("--walks 0")).unwrap_err().contains("from 1"));
    }
}
