//! `genfens`: openings for OpenBench, as its client asks an engine for them
//! (`roque "genfens N seed S book <None|path> <extra>" "quit"`): exactly N
//! lines `info string genfens <FEN>`, distinct legal positions with their
//! six FEN fields, the same for the same seed. Each is datagen's opening
//! (`datagen.rs`): a position drawn from the book (or the start position
//! for `None`), then random legal plies (8 from the start position, 4 from
//! a book's position: *choice*, so that a book's lines stay near their
//! author's), kept when the game can go on and a search of 5,000 nodes
//! scores it within 400 centipawns.

use super::datagen::{opening, read_book, Settings};
use crate::search::Engine;
use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use std::collections::HashSet;
use std::path::PathBuf;

/// Random plies after the start position, and after a book's position.
const PLIES_FROM_START: u32 = 8;
const PLIES_FROM_BOOK: u32 = 4;
/// Openings drawn in a row that repeat one already given, before giving up
/// (a small book with few plies has few openings).
const REPEATS_ALLOWED: u32 = 10_000;

/// What OpenBench asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub count: usize,
    pub seed: u64,
    /// None for `book None`.
    pub book: Option<PathBuf>,
}

/// Reads `genfens N seed S book <None|path> [<extra>...]` from the words of
/// the command line (OpenBench passes it as one argument, possibly ending
/// in a space, then `quit`). The extra words OpenBench may add are read
/// and left alone.
pub fn parse(words: &[&str]) -> Result<Request, String> {
    let usage = "genfens N seed S book <None|path> [<extra>]";
    let [genfens, count, seed_word, seed, book_word, book, ..] = words else {
        return Err(format!("'{}' is not '{usage}'", words.join(" ")));
    };
    if *genfens != "genfens" || *seed_word != "seed" || *book_word != "book" {
        return Err(format!("'{}' is not '{usage}'", words.join(" ")));
    }
    let count = count.parse().map_err(|_| format!("genfens: '{count}' is not a number of openings"))?;
    let seed = seed.parse().map_err(|_| format!("genfens: '{seed}' is not a seed (a whole number from 0)"))?;
    let book = (!book.eq_ignore_ascii_case("none")).then(|| PathBuf::from(book));
    Ok(Request { count, seed, book })
}

/// Makes the openings of `request` and hands each FEN to `emit`; an error
/// (an unreadable book, too few distinct openings) before or instead of
/// the rest.
pub fn generate(request: &Request, mut emit: impl FnMut(&str)) -> Result<(), String> {
    let settings = Settings {
        book: request.book.clone(),
        random_plies: if request.book.is_some() { PLIES_FROM_BOOK } else { PLIES_FROM_START },
        ..Settings::new(PathBuf::new())
    };
    let book = read_book(&settings)?;
    let mut engine = Engine::try_new()?;
    let mut rng = ChaCha12Rng::seed_from_u64(request.seed);
    let mut given = HashSet::new();
    let mut repeats = 0;
    while given.len() < request.count {
        let game = opening(&mut engine, &settings, &book, &mut rng)?;
        let position = game.position();
        if given.insert(position.key()) {
            emit(&position.fen());
            repeats = 0;
        } else {
            repeats += 1;
            if repeats > REPEATS_ALLOWED {
                return Err(format!(
                    "genfens: only {} distinct openings found; {REPEATS_ALLOWED} more drawn in a row repeated them",
                    given.len()
                ));
            }
        }
    }
    Ok(())
}
