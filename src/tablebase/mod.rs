//! Syzygy endgame tablebases: perfect knowledge of positions with few
//! pieces, read from the standard `.rtbw` (win/draw/loss) and `.rtbz`
//! (distance to zeroing) files.
//!
//! - [`Tablebases`] (here): the tables found on the search path, each file
//!   mapped into memory and its header read once; shared by every search
//!   thread without locks, as nothing in it changes after loading.
//! - [`probe`]: WDL and DTZ of a position, with the captures the tables
//!   leave to the prober.
//! - [`root`]: the root moves ranked by DTZ, so that the search keeps the
//!   result and makes progress toward the win.
//! - [`table`], [`pairs`], [`encoding`], [`material`]: the file format: a
//!   table's header and lookup, the decompression of one value, the
//!   numbering of piece placements, material signatures.
//!
//! The prober is written from the public description of the format; it
//! takes no code from other probers.

pub mod encoding;
pub mod material;
pub mod pairs;
pub mod probe;
pub mod root;
pub mod table;

pub use material::Material;
pub use probe::{dtz_before_zeroing, Wdl};
pub use root::{rank_root_moves, RankedMove, RootRanking, TableOutcome};

use crate::board::Position;
use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use table::{Bytes, Kind, Table};

/// How the search uses the tables: the options `SyzygyProbeDepth`,
/// `Syzygy50MoveRule` and `SyzygyProbeLimit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeSettings {
    /// Positions with as many pieces as the limit are probed from this
    /// depth on (fewer pieces: at every depth).
    pub probe_depth: i32,
    /// Wins and losses the fifty-move rule spoils count as draws.
    pub rule50: bool,
    /// Positions with more pieces than this are not probed.
    pub probe_limit: u32,
}

impl Default for ProbeSettings {
    fn default() -> ProbeSettings {
        ProbeSettings { probe_depth: 1, rule50: true, probe_limit: 7 }
    }
}

/// The separator of directories in `SyzygyPath`.
pub const PATH_SEPARATOR: char = if cfg!(windows) { ';' } else { ':' };

/// The tables found on a search path.
#[derive(Default)]
pub struct Tablebases {
    wdl: HashMap<Material, Table>,
    dtz: HashMap<Material, Table>,
    max_pieces: u32,
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (wdl, dtz) = self.counts();
        write!(f, "Tablebases {{ wdl: {wdl}, dtz: {dtz}, max_pieces: {} }}", self.max_pieces)
    }
}

/// What loading found: the tables, and a line for each problem.
pub struct Loaded {
    pub tablebases: Tablebases,
    pub problems: Vec<String>,
}

impl Tablebases {
    /// Finds and opens every table in the directories of `paths`
    /// (separated by [`PATH_SEPARATOR`]; `<empty>` or blank for none). A
    /// directory that cannot be read, or a file that is not a sound table,
    /// is reported and skipped; the rest load.
    pub fn load(paths: &str) -> Loaded {
        let mut problems = Vec::new();
        // File name -> where it was found first.
        let mut files: HashMap<String, PathBuf> = HashMap::new();
        for directory in paths.split(PATH_SEPARATOR).map(str::trim).filter(|d| !d.is_empty() && *d != "<empty>") {
            let entries = match std::fs::read_dir(directory) {
                Ok(entries) => entries,
                Err(error) => {
                    problems.push(format!("directory '{directory}' cannot be read ({error})"));
                    continue;
                }
            };
            for entry in entries.flatten() {
                if let Some(name) = entry.file_name().to_str() {
                    files.entry(name.to_string()).or_insert_with(|| entry.path());
                }
            }
        }
        let mut tablebases = Tablebases::default();
        let mut names: Vec<&String> = files.keys().filter(|n| n.ends_with(".rtbw")).collect();
        names.sort();
        for name in names {
            let stem = name.trim_end_matches(".rtbw");
            let Some(material) = Material::from_name(stem) else { continue };
            if !(3..=table::MAX_PIECES as u32).contains(&material.piece_count()) {
                continue;
            }
            match open(&files[name], Kind::Wdl, material) {
                Ok(table) => {
                    tablebases.max_pieces = tablebases.max_pieces.max(material.piece_count());
                    tablebases.wdl.insert(material, table);
                }
                Err(error) => {
                    problems.push(format!("{name}: {error}; skipped"));
                    continue;
                }
            }
            let dtz_name = format!("{stem}.rtbz");
            if let Some(path) = files.get(&dtz_name) {
                match open(path, Kind::Dtz, material) {
                    Ok(table) => {
                        tablebases.dtz.insert(material, table);
                    }
                    Err(error) => problems.push(format!("{dtz_name}: {error}; skipped")),
                }
            }
        }
        Loaded { tablebases, problems }
    }

    /// Tables from bytes already in memory (tests): `(name, kind, bytes)`.
    pub fn from_bytes(tables: Vec<(&str, Kind, Vec<u8>)>) -> Result<Tablebases, String> {
        let mut tablebases = Tablebases::default();
        for (name, kind, bytes) in tables {
            let material = Material::from_name(name).ok_or_else(|| format!("'{name}' is not a table name"))?;
            let table = Table::open(kind, material, Bytes::Owned(bytes)).map_err(|e| format!("{name}: {e}"))?;
            match kind {
                Kind::Wdl => {
                    tablebases.max_pieces = tablebases.max_pieces.max(material.piece_count());
                    tablebases.wdl.insert(material, table);
                }
                Kind::Dtz => {
                    tablebases.dtz.insert(material, table);
                }
            }
        }
        Ok(tablebases)
    }

    /// Number of WDL tables and of DTZ tables.
    pub fn counts(&self) -> (usize, usize) {
        (self.wdl.len(), self.dtz.len())
    }

    /// The most pieces of any table loaded (0 when none).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    pub fn is_empty(&self) -> bool {
        self.wdl.is_empty()
    }

    /// The table of a kind for the material of `position`, in either
    /// colouring.
    fn table(&self, kind: Kind, position: &Position) -> Option<&Table> {
        let tables = match kind {
            Kind::Wdl => &self.wdl,
            Kind::Dtz => &self.dtz,
        };
        let material = Material::of(position);
        tables.get(&material).or_else(|| tables.get(&material.swapped()))
    }
}

/// Opens and maps one table file and reads its header.
fn open(path: &Path, kind: Kind, material: Material) -> Result<Table, String> {
    let file = File::open(path).map_err(|e| format!("cannot be opened ({e})"))?;
    let length = file.metadata().map_err(|e| format!("cannot be read ({e})"))?.len();
    if length < 16 {
        return Err(format!("damaged (only {length} bytes)"));
    }
    // SAFETY: the map is read-only and lives as long as the table that owns
    // it. Table files are not written while an engine uses them; should one
    // be truncated underneath, reading the lost pages would fault, as with
    // every program that maps its data.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| format!("cannot be mapped into memory ({e})"))?;
    Table::open(kind, material, Bytes::Mapped(map))
}
