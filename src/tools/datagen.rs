//! `roque datagen`: self-play games that make training positions for the
//! neural evaluation.
//!
//! Each thread plays its own games with its own engine (one search thread,
//! its own table). A game starts from the start position or a book line,
//! then a few random legal plies; an opening whose first search scores
//! beyond a bound is dropped. Every move is a search of a fixed number of
//! nodes. The game ends by the rules or is adjudicated: won once the score
//! stays beyond a bound for some plies (unless it is one of the share of
//! games played out: those go on to the end the rules give, so that the data
//! hold the endings a won game reaches, a king alone among them), drawn once
//! it stays near zero late in the game, drawn at a ply limit. Positions are
//! kept from a given ply on
//! when they are quiet: side to move not in check, best move neither a
//! capture nor a promotion, score not a mate. A finished game's records are
//! appended to the output as soon as every game before it is written (games
//! are numbered, each seeded by its number, and written in order, so one
//! seed gives one file whatever the threads), so a run killed at any moment
//! keeps every finished game but the few waiting for an earlier one. A note
//! beside the file (`<file>.progress`) says which settings made it and how
//! many games and records it holds; a run on the same file goes on from
//! there, and one with other settings is refused.

use super::game_datagen::DataGame;
use super::training_data::{detect_layout, GameOutcome, Layout, Record, RECORD_BYTES};
use crate::board::is_noisy;
use crate::board::{ChessRecord, GameResult, Position};
use crate::search::{Engine, Score, SearchLimits};
use crate::types::Color;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha12Rng;
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const USAGE: &str = "\
usage: roque datagen --output <file> [--games <n>] [--threads <n>] [--nodes <n>] [--seed <n>]
                     [--random-plies <n>] [--book <file>] [--hash <MiB>] [--eval nnue|hce]
                     [--play-out <percent>]
       roque datagen --variant <name> --output <file> [--games <n>] [--threads <n>] [--nodes <n>]
                     [--seed <n>] [--random-plies <n>] [--hash <MiB>]
  --play-out: that share of the games (0 by default) is not adjudicated as won: it is played
  on to mate or to a draw by the rules (or the ply limit)
  appends 32-byte records to <file>, noting its games in <file>.progress so that the same
  command started again goes on from the first game not written; --games is the file's total;
  without --games it runs until killed
  --variant: a game other than chess (losers, placement, ..., mined, elven), written as text,
  one position a line: <FEN> | <score> | <result> (see game_datagen.rs)";

/// How a data generation run is set up.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub output: PathBuf,
    /// Games the file is to hold (those it holds already count); None:
    /// until killed.
    pub games: Option<u64>,
    pub threads: usize,
    /// Nodes searched for each move.
    pub nodes: u64,
    pub seed: u64,
    /// Random legal plies played before the first searched move.
    pub random_plies: u32,
    /// Openings (one FEN a line) to start from instead of the start position.
    pub book: Option<PathBuf>,
    /// Openings whose first search scores beyond this are dropped.
    pub opening_bound: i32,
    /// Positions are kept from this ply of the game on.
    pub first_kept_ply: u32,
    /// A game is won once the score stays beyond this...
    pub win_bound: i32,
    /// ...for this many plies in a row.
    pub win_plies: u32,
    /// A game is drawn once the score stays within this...
    pub draw_bound: i32,
    /// ...for this many plies in a row...
    pub draw_plies: u32,
    /// ...from this ply on.
    pub draw_from_ply: u32,
    /// A game still going at this ply is a draw.
    pub max_plies: u32,
    /// Transposition table per thread, MiB.
    pub hash_mb: usize,
    /// Play with the network (true) or the hand-crafted evaluation.
    pub use_network: bool,
    /// The percentage of games not adjudicated as won: played on to the
    /// end the rules give.
    pub play_out: u32,
    /// The game other than chess to play (`--variant`); None: chess.
    pub game: Option<DataGame>,
}

impl Settings {
    /// The usual settings, writing to `output`.
    pub fn new(output: PathBuf) -> Settings {
        Settings {
            output,
            games: None,
            threads: 1,
            nodes: 5000,
            seed: 1,
            random_plies: 8,
            book: None,
            opening_bound: 400,
            first_kept_ply: 16,
            win_bound: 2500,
            win_plies: 4,
            draw_bound: 10,
            draw_plies: 12,
            draw_from_ply: 80,
            max_plies: 400,
            hash_mb: 16,
            use_network: crate::nnue::USED_BY_DEFAULT,
            play_out: 0,
            game: None,
        }
    }

    /// Reads `--name value` pairs over the defaults.
    pub fn parse(args: &[String]) -> Result<Settings, String> {
        let mut output = None;
        let mut settings = Settings::new(PathBuf::new());
        let mut i = 0;
        while i < args.len() {
            let name = args[i].as_str();
            // Read only for a known name, so that a last unknown word is
            // named as unknown rather than as missing its value.
            let value = || args.get(i + 1).map(String::as_str).ok_or_else(|| format!("{name} needs a value"));
            fn number<T>(name: &str, value: &str, min: T) -> Result<T, String>
            where
                T: std::str::FromStr + PartialOrd + std::fmt::Display,
            {
                match value.parse::<T>() {
                    Ok(n) if n >= min => Ok(n),
                    _ => Err(format!("{name} takes a whole number from {min}, not '{value}'")),
                }
            }
            match name {
                "--output" => output = Some(PathBuf::from(value()?)),
                "--games" => settings.games = Some(number(name, value()?, 1u64)?),
                "--threads" => settings.threads = number(name, value()?, 1usize)?.min(1024),
                "--nodes" => settings.nodes = number(name, value()?, 1u64)?,
                "--seed" => settings.seed = number(name, value()?, 0u64)?,
                "--random-plies" => settings.random_plies = number(name, value()?, 0u32)?,
                "--book" => settings.book = Some(PathBuf::from(value()?)),
                "--hash" => settings.hash_mb = number(name, value()?, 1usize)?,
                "--play-out" => {
                    let value = value()?;
                    settings.play_out = number(name, value, 0u32)?;
                    if settings.play_out > 100 {
                        return Err(format!("--play-out takes a percentage from 0 to 100, not '{value}'"));
                    }
                }
                "--variant" => settings.game = Some(DataGame::from_name(value()?)?),
                "--eval" => {
                    settings.use_network = match value()? {
                        "nnue" => true,
                        "hce" => false,
                        other => return Err(format!("--eval takes nnue or hce, not '{other}'")),
                    }
                }
                _ => return Err(format!("unknown argument '{name}'")),
            }
            i += 2;
        }
        settings.output = output.ok_or("--output <file> is required")?;
        if let Some(game) = settings.game {
            // Chess's alone: the games of the others start from their own
            // start and are played by their own evaluation.
            let chess_only = [
                ("--book", settings.book.is_some()),
                ("--play-out", settings.play_out > 0),
                ("--eval", args.iter().any(|a| a == "--eval")),
            ];
            if let Some((name, _)) = chess_only.iter().find(|(_, given)| *given) {
                return Err(format!("{name} is for chess's datagen, not --variant {}", game.name()));
            }
        }
        Ok(settings)
    }
}

/// What a run has done so far.
#[derive(Debug, Default)]
pub struct Progress {
    pub games: AtomicU64,
    pub positions: AtomicU64,
}

/// The openings: FENs from a book, or the start position alone.
pub(super) fn read_book(settings: &Settings) -> Result<Vec<Position>, String> {
    let Some(path) = &settings.book else {
        return Ok(vec![Position::startpos()]);
    };
    let file = File::open(path).map_err(|e| format!("cannot read the book {}: {e}", path.display()))?;
    let mut book = Vec::new();
    for (number, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("cannot read the book {}: {e}", path.display()))?;
        let fen = line.split(';').next().unwrap_or("").trim();
        if fen.is_empty() {
            continue;
        }
        // EPD lines have four fields; a FEN parser wants the clocks too.
        let fields = fen.split_whitespace().count();
        let fen = if fields == 4 { format!("{fen} 0 1") } else { fen.to_string() };
        let position =
            Position::from_fen(&fen).map_err(|e| format!("book {} line {}: {e}", path.display(), number + 1))?;
        book.push(position);
    }
    if book.is_empty() {
        return Err(format!("the book {} has no position", path.display()));
    }
    Ok(book)
}

/// The note kept beside a data file, `<file>.progress`: the settings its
/// games were played with and how many games and records it holds, so that
/// a run started again on the file goes on from the first game not written
/// instead of playing the same games again.
#[derive(Debug, PartialEq)]
pub(super) struct Note {
    settings: String,
    pub(super) games: u64,
    records: u64,
    /// A text file's length (its header and whole games): its records are
    /// lines of no fixed length. None for chess's records.
    bytes: Option<u64>,
}

impl Note {
    fn path(output: &Path) -> PathBuf {
        let mut name = output.as_os_str().to_owned();
        name.push(".progress");
        PathBuf::from(name)
    }

    /// The settings that decide which games a file holds (the threads do
    /// not: one seed gives one file whatever their number).
    fn settings_of(settings: &Settings) -> String {
        if let Some(game) = settings.game {
            return format!(
                "--variant {} --seed {} --nodes {} --random-plies {} --hash {}",
                game.name(),
                settings.seed,
                settings.nodes,
                settings.random_plies,
                settings.hash_mb
            );
        }
        let book = settings.book.as_ref().map_or("-".to_string(), |b| b.display().to_string());
        let eval = if settings.use_network { "nnue" } else { "hce" };
        // Written only where it is set, so that the notes of files made
        // before it still name their settings.
        let play_out = if settings.play_out > 0 { format!(" --play-out {}", settings.play_out) } else { String::new() };
        format!(
            "--seed {} --nodes {} --random-plies {} --book {book} --hash {} --eval {eval}{play_out}",
            settings.seed, settings.nodes, settings.random_plies, settings.hash_mb
        )
    }

    fn read(path: &Path) -> Result<Option<Note>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
        };
        let field = |name: &str| text.lines().find_map(|line| line.strip_prefix(name)?.strip_prefix(' '));
        let number = |name: &str| field(name).and_then(|v| v.trim().parse::<u64>().ok());
        match (field("settings"), number("games"), number("records")) {
            (Some(settings), Some(games), Some(records)) => {
                Ok(Some(Note { settings: settings.trim().to_string(), games, records, bytes: number("bytes") }))
            }
            _ => Err(format!("{} is not a datagen progress note (settings, games, records)", path.display())),
        }
    }

    /// Writes the note whole or not at all (a new file renamed over the old).
    fn write(&self, path: &Path) -> std::io::Result<()> {
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".new");
        let bytes = self.bytes.map_or(String::new(), |bytes| format!("bytes {bytes}\n"));
        let text = format!(
            "# roque datagen: the games this file holds; a run on it goes on from here\n\
             settings {}\ngames {}\nrecords {}\n{bytes}",
            self.settings, self.games, self.records
        );
        std::fs::write(&temporary, text)?;
        std::fs::rename(&temporary, path)
    }
}

/// Opens the output for appending, alone (a lock held while the run
/// lasts), and reads what it holds. Records beyond its note (a run killed
/// between the two writes, or a record cut short) are dropped, so that the
/// file holds whole games of known numbers. `header`: the file is text,
/// that line first (written to a new file); None: chess's records.
pub(super) fn open_output(settings: &Settings, header: Option<&str>) -> Result<OrderedOutput, String> {
    let path = &settings.output;
    let note_path = Note::path(path);
    let shown = path.display();
    // Before opening: a pipe would block the open itself.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(format!("{shown} is not a regular file; give a file's name as --output"));
    }
    // Read access too: Windows locks only a handle that may read or write
    // its data (an append handle may not), and reads the layout through
    // the locked handle alone.
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot write {shown}: {e}"))?;
    let metadata = file.metadata().map_err(|e| format!("cannot read {shown}: {e}"))?;
    // A second run on the file would interleave its games with the first's.
    // Where the file system cannot lock (some network ones), the run goes
    // on as it did before locks.
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            return Err(format!("{shown} is being written by another datagen run; give another --output"))
        }
        Err(std::fs::TryLockError::Error(e)) => {
            eprintln!("datagen: warning: cannot lock {shown} ({e}); run no other datagen on it meanwhile")
        }
    }
    let note = Note::read(&note_path)?;
    let length = metadata.len();
    let wanted = Note::settings_of(settings);
    let note = match note {
        None if length > 0 => {
            return Err(format!(
                "{shown} holds {length} bytes but no note of their games ({}): a run on it could play \
                 the same games again, or it is not a datagen file; give another --output",
                note_path.display()
            ))
        }
        None => Note { settings: wanted, games: 0, records: 0, bytes: header.map(|_| 0) },
        Some(note) if note.settings != wanted => {
            return Err(format!(
                "{shown} holds games played with {}, not {wanted}; give another --output, or those settings to go on",
                note.settings
            ))
        }
        Some(note) if note.bytes.is_some() != header.is_some() => {
            return Err(format!(
                "{shown} holds {}, not {}; give another --output",
                if note.bytes.is_some() { "text" } else { "binary records" },
                if header.is_some() { "text" } else { "binary records" }
            ))
        }
        Some(note) if note.bytes.is_some_and(|bytes| length < bytes) => {
            return Err(format!(
                "{shown} has {length} bytes, fewer than the {} its note {} counts; give another --output",
                note.bytes.unwrap_or(0),
                note_path.display()
            ))
        }
        Some(note) if header.is_none() && length < note.records * RECORD_BYTES as u64 => {
            return Err(format!(
                "{shown} has {} records, fewer than the {} its note {} counts; give another --output",
                length / RECORD_BYTES as u64,
                note.records,
                note_path.display()
            ))
        }
        Some(note) => note,
    };
    let mut note = note;
    let whole = note.bytes.unwrap_or(note.records * RECORD_BYTES as u64);
    if length > whole {
        file.set_len(whole).map_err(|e| format!("cannot trim {shown}: {e}"))?;
        eprintln!("datagen: dropped {} bytes after the {} games noted in {shown}", length - whole, note.games);
    }
    if let (Some(header), 0) = (header, whole) {
        let line = format!("{header}\n");
        file.write_all(line.as_bytes()).map_err(|e| format!("cannot write {shown}: {e}"))?;
        note.bytes = Some(line.len() as u64);
    }
    note.write(&note_path).map_err(|e| format!("cannot write {}: {e}", note_path.display()))?;
    if note.games > 0 {
        eprintln!(
            "datagen: {shown} holds {} games, {} records; going on from game {}",
            note.games, note.records, note.games
        );
    }
    let layout = match header {
        None => Some(file_layout(&mut file, path, whole)?),
        Some(_) => None,
    };
    Ok(OrderedOutput { file, note, note_path, layout, waiting: BTreeMap::new() })
}

/// The layout the file's records are in (marlinformat for a new file), so
/// that a run goes on in it: a file made before marlinformat stays in
/// Roque's first layout, and its note's command still makes it byte for
/// byte.
fn file_layout(file: &mut File, path: &Path, records_bytes: u64) -> Result<Layout, String> {
    if records_bytes == 0 {
        return Ok(Layout::Marlin);
    }
    let mut head = vec![0u8; records_bytes.min(256 * RECORD_BYTES as u64) as usize];
    // Appends go to the end wherever the handle was read.
    file.seek(std::io::SeekFrom::Start(0))
        .and_then(|_| file.read_exact(&mut head))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    detect_layout(&head).map_err(|e| format!("{}: {e}", path.display()))
}

/// The output file, written in the order of the games: a game that ends
/// before an earlier one waits for it, so that a run's file does not depend
/// on how its threads interleave (one seed, one file).
pub(super) struct OrderedOutput {
    file: File,
    /// Written after each game, once its records are.
    pub(super) note: Note,
    note_path: PathBuf,
    /// The layout of chess's records; None for a text file.
    layout: Option<Layout>,
    /// Finished games waiting for an earlier one: their bytes and records.
    waiting: BTreeMap<u64, (Vec<u8>, u64)>,
}

impl OrderedOutput {
    /// Takes game `game`'s records, `bytes` holding `records` of them, and
    /// writes every game now in order; returns the games and positions
    /// written.
    fn finish(&mut self, game: u64, bytes: Vec<u8>, records: u64) -> std::io::Result<(u64, u64)> {
        self.waiting.insert(game, (bytes, records));
        let (mut games, mut positions) = (0, 0);
        while let Some((bytes, records)) = self.waiting.remove(&self.note.games) {
            self.file.write_all(&bytes)?;
            self.note.games += 1;
            self.note.records += records;
            if let Some(length) = &mut self.note.bytes {
                *length += bytes.len() as u64;
            }
            games += 1;
            positions += records;
        }
        if games > 0 {
            self.note.write(&self.note_path)?;
        }
        Ok((games, positions))
    }
}

/// Runs the generation until the file holds `games` games (going on from
/// the games its note counts), every thread at once, with a progress line
/// on standard error every `report_every`.
pub fn run(settings: &Settings, report_every: Duration) -> Result<Progress, String> {
    super::same_file::refuse_output_among_inputs(&settings.output, settings.book.as_deref())?;
    let book = read_book(settings)?;
    let output = open_output(settings, None)?;
    let layout = output.layout.expect("chess's records have a layout");
    run_games(settings, output, report_every, |engine, rng| {
        let records = play_game(engine, settings, &book, rng)?;
        Ok((records.iter().flat_map(|r| r.to_bytes(layout)).collect(), records.len() as u64))
    })
}

/// Plays games into `output` until it holds `settings.games` (going on
/// from the games its note counts), every thread at once, each with its
/// own engine; `play` plays one game from its generator and returns its
/// records' bytes and their number. A progress line on standard error
/// every `report_every`.
pub(super) fn run_games(
    settings: &Settings,
    output: OrderedOutput,
    report_every: Duration,
    play: impl Fn(&mut Engine, &mut ChaCha12Rng) -> Result<(Vec<u8>, u64), String> + Sync,
) -> Result<Progress, String> {
    let started = AtomicU64::new(output.note.games);
    let output = Mutex::new(output);
    let progress = Progress::default();
    // The threads started and not yet done.
    let running = AtomicUsize::new(0);
    let start = Instant::now();
    let error: Mutex<Option<String>> = Mutex::new(None);
    let fail = |message: String| *error.lock().unwrap() = Some(message);
    std::thread::scope(|scope| {
        for _ in 0..settings.threads {
            running.fetch_add(1, Relaxed);
            let thread = std::thread::Builder::new().spawn_scoped(scope, || {
                let engine = Engine::try_new().and_then(|mut engine| {
                    engine.set_use_network(settings.use_network);
                    engine.set_hash_mb(settings.hash_mb).map(|()| engine)
                });
                match engine {
                    Err(e) => fail(e),
                    Ok(mut engine) => loop {
                        let game = started.fetch_add(1, Relaxed);
                        if settings.games.is_some_and(|n| game >= n) || error.lock().unwrap().is_some() {
                            break;
                        }
                        // Each game has its own generator, so a run's games
                        // do not depend on how the threads interleave.
                        let mut rng =
                            ChaCha12Rng::seed_from_u64(settings.seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15));
                        let (bytes, records) = match play(&mut engine, &mut rng) {
                            Ok(game) => game,
                            Err(e) => {
                                fail(e);
                                break;
                            }
                        };
                        match output.lock().unwrap().finish(game, bytes, records) {
                            Ok((games, positions)) => {
                                progress.games.fetch_add(games, Relaxed);
                                progress.positions.fetch_add(positions, Relaxed);
                            }
                            Err(e) => {
                                fail(format!("cannot write {}: {e}", settings.output.display()));
                                break;
                            }
                        }
                    },
                }
                running.fetch_sub(1, Relaxed);
            });
            // The threads started end at their next game.
            if let Err(e) = thread {
                running.fetch_sub(1, Relaxed);
                fail(format!("cannot start another datagen thread: {e}"));
                break;
            }
        }
        let mut last = Instant::now();
        while running.load(Relaxed) > 0 {
            std::thread::sleep(Duration::from_millis(50));
            if last.elapsed() >= report_every {
                last = Instant::now();
                report(&progress, start);
            }
        }
    });
    if let Some(e) = error.into_inner().unwrap() {
        return Err(e);
    }
    report(&progress, start);
    Ok(progress)
}

fn report(progress: &Progress, start: Instant) {
    let seconds = start.elapsed().as_secs_f64();
    let positions = progress.positions.load(Relaxed);
    eprintln!(
        "datagen: games {} positions {} positions/s {:.0} elapsed {:.0} s",
        progress.games.load(Relaxed),
        positions,
        positions as f64 / seconds.max(1e-9),
        seconds
    );
}

/// The score of a search from White's view, or None for a mate.
fn white_centipawns(score: Score, side: Color) -> Option<i32> {
    match score {
        Score::Cp(cp) => Some(side.sign() * cp),
        Score::Mate(_) => None,
    }
}

/// Openings drawn in a row, every one refused, before a run gives up: a
/// book of positions already over or beyond the bound, or random plies
/// that end every game, would otherwise keep it drawing for ever.
const OPENING_TRIES: u32 = 1_000;

/// An opening: a book line and random plies, kept if the game can go on
/// and its first search stays within the bound.
pub(super) fn opening(
    engine: &mut Engine,
    settings: &Settings,
    book: &[Position],
    rng: &mut ChaCha12Rng,
) -> Result<ChessRecord, String> {
    for _ in 0..OPENING_TRIES {
        let mut game = ChessRecord::new(book[rng.random_range(0..book.len())]);
        for _ in 0..settings.random_plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.result().is_some() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]);
        }
        if game.result().is_some() {
            continue;
        }
        engine.new_game();
        let result = engine.search_sync(&game, SearchLimits::nodes(settings.nodes));
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= settings.opening_bound) {
            return Ok(game);
        }
    }
    Err(format!(
        "no opening in {OPENING_TRIES} tries: each game drawn from the book ({}) and --random-plies {} was over, \
         or its first search scored beyond {} cp",
        settings.book.as_ref().map_or("the start position".to_string(), |b| b.display().to_string()),
        settings.random_plies,
        settings.opening_bound
    ))
}

/// How a game of the data ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the rules: mate, or a draw.
    Rules(GameResult),
    /// Adjudicated: won or drawn by the score.
    AdjudicatedWin,
    AdjudicatedDraw,
    /// Drawn at the ply limit.
    PlyLimit,
}

/// Plays one game and returns its kept positions with the game's outcome,
/// or why no game could start.
pub fn play_game(
    engine: &mut Engine,
    settings: &Settings,
    book: &[Position],
    rng: &mut ChaCha12Rng,
) -> Result<Vec<Record>, String> {
    Ok(play_game_to_its_end(engine, settings, book, rng)?.0)
}

/// [`play_game`], with how the game ended.
pub fn play_game_to_its_end(
    engine: &mut Engine,
    settings: &Settings,
    book: &[Position],
    rng: &mut ChaCha12Rng,
) -> Result<(Vec<Record>, Ending), String> {
    let mut game = opening(engine, settings, book, rng)?;
    // Drawn only where some games are played out, so that the games of
    // other settings stay as they were.
    let played_out = settings.play_out > 0 && rng.random_range(0..100) < settings.play_out;
    engine.new_game();
    let mut kept: Vec<(Position, i16)> = Vec::new();
    let mut ply = game.position().fullmove_number() * 2 - 2 + (game.position().side_to_move() == Color::Black) as u32;
    let (mut win_streak, mut loss_streak, mut draw_streak) = (0, 0, 0);
    let (outcome, ending) = loop {
        if let Some(result) = game.result() {
            let outcome = match result {
                GameResult::Checkmate { winner } => GameOutcome::win_for(winner),
                GameResult::Draw(_) => GameOutcome::Draw,
            };
            break (outcome, Ending::Rules(result));
        }
        if ply >= settings.max_plies {
            break (GameOutcome::Draw, Ending::PlyLimit);
        }
        let position = *game.position();
        let result = engine.search_sync(&game, SearchLimits::nodes(settings.nodes));
        let best = result.best;
        let white_score = white_centipawns(result.score, position.side_to_move());
        // Adjudication, on White's view of the score (a mate counts as beyond
        // any bound, for the side that mates).
        let white_view = white_score.unwrap_or(match result.score {
            Score::Mate(n) if n > 0 => position.side_to_move().sign() * 30_000,
            _ => -position.side_to_move().sign() * 30_000,
        });
        win_streak = if white_view >= settings.win_bound { win_streak + 1 } else { 0 };
        loss_streak = if white_view <= -settings.win_bound { loss_streak + 1 } else { 0 };
        draw_streak = if white_view.abs() <= settings.draw_bound { draw_streak + 1 } else { 0 };
        if win_streak >= settings.win_plies && !played_out {
            break (GameOutcome::WhiteWins, Ending::AdjudicatedWin);
        }
        if loss_streak >= settings.win_plies && !played_out {
            break (GameOutcome::BlackWins, Ending::AdjudicatedWin);
        }
        if ply >= settings.draw_from_ply && draw_streak >= settings.draw_plies {
            break (GameOutcome::Draw, Ending::AdjudicatedDraw);
        }
        if let Some(score) = white_score {
            if ply >= settings.first_kept_ply && !position.in_check() && !is_noisy(&position, best) {
                kept.push((position, score.clamp(i16::MIN as i32, i16::MAX as i32) as i16));
            }
        }
        game.play(best);
        ply += 1;
    };
    Ok((kept.iter().map(|(position, score)| Record::new(position, *score, outcome)).collect(), ending))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn settings_are_read_and_bad_ones_refused() {
        let settings = Settings::parse(&args("--output x.bin --games 10 --threads 2 --nodes 3000 --seed 7")).unwrap();
        assert_eq!(settings.output, PathBuf::from("x.bin"));
        assert_eq!((settings.games, settings.threads, settings.nodes, settings.seed), (Some(10), 2, 3000, 7));
        assert!(Settings::parse(&args("--games 10")).unwrap_err().contains("--output"));
        assert!(Settings::parse(&args("--output x --nodes 0")).unwrap_err().contains("--nodes"));
        assert!(Settings::parse(&args("--output x --threads two")).unwrap_err().contains("two"));
        assert!(Settings::parse(&args("--output x --colour red")).unwrap_err().contains("--colour"));
        assert!(!Settings::parse(&args("--output x --eval hce")).unwrap().use_network);
        assert!(Settings::parse(&args("--output x --eval nnue")).unwrap().use_network);
        assert!(Settings::parse(&args("--output x --eval best")).unwrap_err().contains("'best'"));
        assert!(Settings::parse(&args("--output")).unwrap_err().contains("needs a value"));
        assert!(Settings::parse(&args("--output x --bogus")).unwrap_err().contains("unknown argument '--bogus'"));
    }

    #[test]
    fn a_progress_note_reads_back_and_a_broken_one_is_refused() {
        let dir = std::env::temp_dir().join(format!("roque-note-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("x.bin.progress");
        assert_eq!(Note::path(&dir.join("x.bin")), path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(Note::read(&path).unwrap(), None);
        let note = Note {
            settings: Note::settings_of(&Settings::new(PathBuf::new())),
            games: 12,
            records: 1_000,
            bytes: None,
        };
        note.write(&path).unwrap();
        assert_eq!(Note::read(&path).unwrap(), Some(note));
        std::fs::write(&path, "settings --seed 1\ngames twelve\nrecords 1000\n").unwrap();
        assert!(Note::read(&path).unwrap_err().contains("not a datagen progress note"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_output_is_written_by_one_run_at_a_time_and_only_a_datagen_file() {
        let dir = std::env::temp_dir().join(format!("roque-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let settings = Settings::new(dir.join("x.bin"));
        let first = open_output(&settings, None).unwrap();
        let error = open_output(&settings, None).err().expect("a second run is refused");
        assert!(error.contains("another datagen run"), "{error}");
        drop(first);
        drop(open_output(&settings, None).unwrap());
        // A small file that is not datagen's is kept, not taken over.
        std::fs::write(dir.join("notes.txt"), "thirty bytes of someone's text").unwrap();
        let error = open_output(&Settings::new(dir.join("notes.txt")), None).err().expect("refused");
        assert!(error.contains("no note"), "{error}");
        assert_eq!(std::fs::read_to_string(dir.join("notes.txt")).unwrap(), "thirty bytes of someone's text");
        let error = open_output(&Settings::new(dir.clone()), None).err().expect("a directory is refused");
        assert!(error.contains("not a regular file"), "{error}");
        #[cfg(unix)]
        {
            let error = open_output(&Settings::new(PathBuf::from("/dev/null")), None).err().expect("refused");
            assert!(error.contains("not a regular file"), "{error}");
            assert!(!Path::new("/dev/null.progress").exists());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_game_played_out_goes_on_to_mate_where_another_is_adjudicated() {
        // K+R against a king alone: adjudicated as won once the score says
        // so, or played on to the mate. Few nodes a move, so that the first
        // searches score it short of a mate and keep their positions.
        let book = [Position::from_fen("8/8/8/3k4/8/8/8/R3K3 w - - 0 1").unwrap()];
        let base = Settings { nodes: 1000, random_plies: 0, opening_bound: i32::MAX, ..Settings::new(PathBuf::new()) };
        let mut engine = Engine::new();
        let (adjudicated, ending) =
            play_game_to_its_end(&mut engine, &base, &book, &mut ChaCha12Rng::seed_from_u64(1)).unwrap();
        assert_eq!(ending, Ending::AdjudicatedWin);
        let played_out = Settings { play_out: 100, ..base.clone() };
        let (records, ending) =
            play_game_to_its_end(&mut engine, &played_out, &book, &mut ChaCha12Rng::seed_from_u64(1)).unwrap();
        assert_eq!(ending, Ending::Rules(GameResult::Checkmate { winner: Color::White }));
        // The same game up to the adjudication (then the positions the
        // search scores as mates are not kept).
        assert!(records.len() >= adjudicated.len() && !adjudicated.is_empty());
        assert!(records.iter().zip(&adjudicated).all(|(a, b)| a.position() == b.position() && a.score == b.score));
        assert!(records.iter().all(|r| r.outcome == GameOutcome::WhiteWins));
        assert!(records.iter().all(|r| r.position().unwrap().occupied().count() == 3));
        // The share is read and kept in the note only where it is set.
        assert_eq!(Settings::parse(&args("--output x --play-out 25")).unwrap().play_out, 25);
        assert!(Settings::parse(&args("--output x --play-out 101")).unwrap_err().contains("101"));
        assert!(Note::settings_of(&played_out).ends_with("--eval nnue --play-out 100"));
        assert!(!Note::settings_of(&base).contains("play-out"));
    }

    #[test]
    fn a_game_keeps_quiet_positions_with_its_outcome() {
        let settings = Settings { nodes: 400, ..Settings::new(PathBuf::new()) };
        let mut engine = Engine::new();
        let mut rng = ChaCha12Rng::seed_from_u64(3);
        let records = play_game(&mut engine, &settings, &[Position::startpos()], &mut rng).unwrap();
        assert!(!records.is_empty());
        let outcome = records[0].outcome;
        for record in &records {
            assert_eq!(record.outcome, outcome);
            let position = record.position().unwrap();
            assert!(!position.in_check());
            assert!(position.fullmove_number() * 2 - 2 + (position.side_to_move() == Color::Black) as u32 >= 16);
        }
    }

    #[test]
    fn a_book_with_no_playable_opening_is_an_error_not_a_hang() {
        let mut engine = Engine::new();
        let settings = Settings { nodes: 200, random_plies: 0, ..Settings::new(PathBuf::new()) };
        let rng = &mut ChaCha12Rng::seed_from_u64(1);
        // Mated already; and a position far beyond the opening bound.
        for fen in ["R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1"] {
            let book = [Position::from_fen(fen).unwrap()];
            let error = play_game(&mut engine, &settings, &book, rng).expect_err("refused");
            assert!(error.contains("no opening in 1000 tries"), "{error}");
        }
    }
}
