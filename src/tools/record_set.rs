//! The trainer's data: records in memory, or binary files mapped into
//! memory rather than read, so that a data set larger than memory trains
//! as one set, shuffled across all its files, and only its index (four
//! bytes a position) is held.

use super::data_files::read_records;
use super::training_data::{detect_layout, Layout, Record, RecordError, RECORD_BYTES};
use rayon::prelude::*;
use std::fs::File;
use std::path::{Path, PathBuf};

/// Records by index: chess's [`Record`]s, or another game's
/// (`super::elven_records::ElvenRecord`).
pub trait RecordSet<T = Record>: Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn get(&self, index: usize) -> T;
}

impl<T: Copy + Sync> RecordSet<T> for [T] {
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn get(&self, index: usize) -> T {
        self[index]
    }
}

impl<T: Copy + Sync> RecordSet<T> for Vec<T> {
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn get(&self, index: usize) -> T {
        self[index]
    }
}

/// One file of the set.
enum Part {
    /// A binary file, mapped, with its layout; every record checked at open.
    Mapped { map: memmap2::Mmap, layout: Layout },
    /// A text file, read.
    Read(Vec<Record>),
}

/// Files of records as one set, in the order given: binary files mapped,
/// text files read.
pub struct FileRecords {
    parts: Vec<Part>,
    /// The index of each part's first record.
    starts: Vec<usize>,
    /// The records in the set: the files' records, less any split off.
    len: usize,
}

impl FileRecords {
    /// Opens `paths`; every record of a binary file is checked (its fields'
    /// ranges) so that a damaged file is refused here, naming the record,
    /// rather than midway through training.
    pub fn open(paths: &[PathBuf]) -> Result<FileRecords, String> {
        let mut parts = Vec::new();
        let mut starts = Vec::new();
        let mut len = 0;
        for path in paths {
            let read = super::data_files::is_text(path) || super::data_files::is_pgn(path);
            let part = if read { Part::Read(read_records(path)?) } else { map(path)? };
            starts.push(len);
            len += match &part {
                Part::Mapped { map, .. } => map.len() / RECORD_BYTES,
                Part::Read(records) => records.len(),
            };
            parts.push(part);
        }
        // The trainer orders the positions by 32-bit indices.
        if len > u32::MAX as usize {
            return Err(format!("{len} positions: the trainer takes at most {} at once", u32::MAX));
        }
        Ok(FileRecords { parts, starts, len })
    }

    /// Takes the last `count` records out of the set (the validation set
    /// held out of the training data, whole games at the end of the last
    /// files), in memory.
    pub fn split_off(&mut self, count: usize) -> Vec<Record> {
        let count = count.min(self.len);
        let tail = (self.len - count..self.len).map(|i| self.get(i)).collect();
        self.len -= count;
        tail
    }
}

fn map(path: &Path) -> Result<Part, String> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    // SAFETY: the map is read-only and lives as long as the set that owns
    // it. The trainer is given finished files; should one be truncated
    // underneath (a datagen run started again on it trims records beyond
    // its note; `roque data` rewrites its output), reading the lost pages
    // would fault, as with every program that maps its data.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| format!("cannot map {shown} into memory: {e}"))?;
    if map.len() % RECORD_BYTES != 0 {
        return Err(format!("{shown} has {} bytes, not a whole number of {RECORD_BYTES}-byte records", map.len()));
    }
    let layout = detect_layout(&map).map_err(|e| format!("{shown}: {e}"))?;
    let damaged: Option<(usize, RecordError)> =
        map.par_chunks_exact(RECORD_BYTES).enumerate().find_map_first(|(index, chunk)| {
            Record::from_bytes(chunk.try_into().expect("a whole record"), layout).err().map(|e| (index, e))
        });
    if let Some((index, error)) = damaged {
        return Err(format!("{shown} record {}: {error}", index + 1));
    }
    Ok(Part::Mapped { map, layout })
}

impl RecordSet for FileRecords {
    fn len(&self) -> usize {
        self.len
    }

    fn get(&self, index: usize) -> Record {
        debug_assert!(index < self.len);
        let part = self.starts.partition_point(|&start| start <= index) - 1;
        let offset = index - self.starts[part];
        match &self.parts[part] {
            Part::Mapped { map, layout } => {
                let bytes = &map[offset * RECORD_BYTES..(offset + 1) * RECORD_BYTES];
                Record::from_bytes(bytes.try_into().expect("a whole record"), *layout)
                    .expect("every record was checked when the file was opened")
            }
            Part::Read(records) => records[offset],
        }
    }
}
