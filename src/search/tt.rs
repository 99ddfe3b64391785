//! The transposition table, shared by all search threads without locks.
//!
//! A bucket is 32 bytes, half a cache line: three entries, each a 64-bit
//! data word and a 16-bit check, the low 16 bits of its key XOR the data
//! folded to 16 bits. A reader accepts an entry only when the check gives
//! back its key's bits, so an entry torn by two threads writing at once
//! (the data of one, the check of the other) reads as a miss, but for one
//! chance in 65,536; as another position with the same 16 bits may. Moves
//! from the table are checked for legality before they are played, so
//! such a miss read as a hit costs at most a poor cutoff.

use super::score::{from_table, to_table, Bound};
use crate::memory::{usable_memory, Zeroable, ZeroedSlice};
use crate::types::Move;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};

const ENTRIES_PER_BUCKET: usize = 3;
const BUCKET_BYTES: usize = 32;
/// Generations live in five bits of an entry.
const GENERATION_MASK: u8 = 31;

#[derive(Default)]
#[repr(C, align(32))]
struct Bucket {
    data: [AtomicU64; ENTRIES_PER_BUCKET],
    checks: [AtomicU16; ENTRIES_PER_BUCKET],
}

const _: () = assert!(std::mem::size_of::<Bucket>() == BUCKET_BYTES);

// SAFETY: a bucket is atomic integers only, and zero is a valid integer
// (an entry of zeros is an empty one: bound 0).
unsafe impl Zeroable for Bucket {}

/// The check of an entry: the key's low 16 bits with the data folded in.
#[inline(always)]
fn check_of(key: u64, data: u64) -> u16 {
    (key ^ data ^ data >> 16 ^ data >> 32 ^ data >> 48) as u16
}

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableEntry {
    pub mv: Move,
    /// Adjusted to be relative to the root (mate distances).
    pub score: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position was once on a principal variation.
    pub was_pv: bool,
}

/// Packs an entry into 64 bits: move (16), score (16), eval (16), depth (8),
/// bound (2), pv flag (1), generation (5). Bound 0 marks an empty entry.
fn pack(mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool, generation: u8) -> u64 {
    let bound = match bound {
        Bound::Upper => 1u64,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    mv.bits() as u64
        | (score as i16 as u16 as u64) << 16
        | (eval as i16 as u16 as u64) << 32
        | (depth.clamp(-128, 127) as i8 as u8 as u64) << 48
        | bound << 56
        | (pv as u64) << 58
        | (generation as u64) << 59
}

fn bound_bits(data: u64) -> u64 {
    data >> 56 & 3
}

fn depth_of(data: u64) -> i32 {
    (data >> 48) as u8 as i8 as i32
}

fn generation_of(data: u64) -> u8 {
    (data >> 59) as u8
}

fn unpack(data: u64, ply: usize) -> TableEntry {
    TableEntry {
        mv: Move::from_bits(data as u16),
        score: from_table((data >> 16) as u16 as i16 as i32, ply),
        eval: (data >> 32) as u16 as i16 as i32,
        depth: depth_of(data),
        bound: match bound_bits(data) {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        },
        was_pv: data >> 58 & 1 != 0,
    }
}

pub struct TranspositionTable {
    buckets: ZeroedSlice<Bucket>,
    generation: AtomicU8,
    /// Whether anything was stored since the table was made or emptied:
    /// one never written is empty already, and emptying it would touch
    /// every page of a memory the system has not even given yet.
    written: AtomicBool,
}

impl TranspositionTable {
    /// An empty table of `mb` MiB. Fails, without panicking, when the
    /// memory cannot be had, or is more than the machine has (which the
    /// kernel may grant, to end the engine later when the search fills it).
    /// The memory comes zeroed, untouched until the search writes to it, so
    /// even a large table is made at once.
    pub fn new(mb: usize) -> Result<TranspositionTable, String> {
        if mb == 0 {
            return Err("the hash table needs at least 1 MiB".to_string());
        }
        let bytes = mb.checked_mul(1 << 20).ok_or_else(|| format!("{mb} MiB is too large"))?;
        if let Some(usable) = usable_memory().filter(|&usable| bytes as u64 > usable) {
            return Err(format!("it is more than the {} MiB of memory this machine has", usable >> 20));
        }
        let buckets = ZeroedSlice::new(bytes / BUCKET_BYTES)?;
        Ok(TranspositionTable { buckets, generation: AtomicU8::new(0), written: AtomicBool::new(false) })
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        // The high half of key * count spreads keys evenly over any count.
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// Starts loading the bucket of `key` into the cache, so that the probe
    /// that follows a few instructions later does not wait on memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let address = self.bucket(key) as *const Bucket as *const i8;
            // SAFETY: a prefetch is only a hint; it never faults, whatever
            // the address, and here the address is a live bucket anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(address) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Marks the start of a new search: entries of older searches become the
    /// first to be replaced.
    pub fn new_search(&self) {
        let next = (self.generation.load(Relaxed) + 1) & GENERATION_MASK;
        self.generation.store(next, Relaxed);
    }

    /// The entry for `key`, with mate scores made relative to a node `ply`
    /// plies from the root.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<TableEntry> {
        let bucket = self.bucket(key);
        for (data, check) in bucket.data.iter().zip(&bucket.checks) {
            let data = data.load(Relaxed);
            if check.load(Relaxed) == check_of(key, data) && bound_bits(data) != 0 {
                return Some(unpack(data, ply));
            }
        }
        None
    }

    /// Stores a search result. In the bucket, the entry of the same position
    /// is overwritten if the new result is worth more; otherwise the entry
    /// worth least (shallow, from old searches) is replaced.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(&self, key: u64, mv: Move, score: i32, eval: i32, depth: i32, bound: Bound, pv: bool, ply: usize) {
        let generation = self.generation.load(Relaxed);
        if !self.written.load(Relaxed) {
            self.written.store(true, Relaxed);
        }
        let bucket = self.bucket(key);
        let mut target = 0;
        let mut target_worth = i32::MAX;
        let mut old = 0u64;
        for (index, (data, check)) in bucket.data.iter().zip(&bucket.checks).enumerate() {
            let data = data.load(Relaxed);
            let same = check.load(Relaxed) == check_of(key, data);
            if same || bound_bits(data) == 0 {
                target = index;
                old = if same { data } else { 0 };
                break;
            }
            let age = (generation.wrapping_sub(generation_of(data)) & GENERATION_MASK) as i32;
            let worth = depth_of(data) - 8 * age;
            if worth < target_worth {
                target_worth = worth;
                target = index;
            }
        }
        let same_position = bound_bits(old) != 0;
        if same_position && bound != Bound::Exact && depth + 4 <= depth_of(old) && generation_of(old) == generation {
            return;
        }
        let mv = if mv.is_none() && same_position { Move::from_bits(old as u16) } else { mv };
        let data = pack(mv, to_table(score, ply), eval, depth, bound, pv, generation);
        bucket.data[target].store(data, Relaxed);
        bucket.checks[target].store(check_of(key, data), Relaxed);
    }

    /// Fill of the table by entries of the current search, per mille,
    /// sampled from the first thousand entries.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let buckets = &self.buckets[..self.buckets.len().min(1000usize.div_ceil(ENTRIES_PER_BUCKET))];
        let mut used = 0;
        for bucket in buckets {
            for data in &bucket.data {
                let data = data.load(Relaxed);
                if bound_bits(data) != 0 && generation_of(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (buckets.len() * ENTRIES_PER_BUCKET).max(1)) as u32
    }

    /// Empties the table, splitting the work over `threads` threads (a
    /// part whose thread cannot start is cleared by the caller's); a table
    /// nothing was written to since it was made or emptied is left as it is.
    pub fn clear(&self, threads: usize) {
        self.generation.store(0, Relaxed);
        if !self.written.swap(false, Relaxed) {
            return;
        }
        fn clear_part(part: &[Bucket]) {
            for bucket in part {
                for (data, check) in bucket.data.iter().zip(&bucket.checks) {
                    data.store(0, Relaxed);
                    check.store(0, Relaxed);
                }
            }
        }
        let chunk = self.buckets.len().div_ceil(threads.max(1)).max(1);
        std::thread::scope(|scope| {
            for part in self.buckets.chunks(chunk) {
                // The WebAssembly build has no threads to start.
                if cfg!(target_arch = "wasm32")
                    || std::thread::Builder::new().spawn_scoped(scope, move || clear_part(part)).is_err()
                {
                    clear_part(part);
                }
            }
        });
    }

    /// Overwrites the data word of `key`'s entry alone, as a second thread
    /// writing at the same moment would (for tests of the torn-entry check).
    #[cfg(test)]
    fn tear(&self, key: u64, data: u64) {
        let bucket = self.bucket(key);
        for (old, check) in bucket.data.iter().zip(&bucket.checks) {
            if check.load(Relaxed) == check_of(key, old.load(Relaxed)) {
                old.store(data, Relaxed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{MATE, MATE_BOUND};
    use crate::types::Square;

    fn sample_move() -> Move {
        Move::new(Square::E2, Square::E4)
    }

    #[test]
    fn returns_what_was_stored() {
        let table = TranspositionTable::new(1).unwrap();
        let key = 0x1234_5678_9abc_def0;
        table.store(key, sample_move(), -57, 31, 9, Bound::Lower, true, 3);
        let entry = table.probe(key, 3).expect("stored entry");
        assert_eq!(
            entry,
            TableEntry { mv: sample_move(), score: -57, eval: 31, depth: 9, bound: Bound::Lower, was_pv: true }
        );
        assert!(table.probe(key ^ 1, 3).is_none());
    }

    #[test]
    fn every_field_round_trips_at_its_limits() {
        let table = TranspositionTable::new(1).unwrap();
        let moves = [Move::from_bits(0), Move::from_bits(u16::MAX), sample_move()];
        let scores = [MATE - 1, -MATE + 1, 0, MATE_BOUND - 1, -(MATE_BOUND - 1)];
        let evals = [i16::MAX as i32, i16::MIN as i32, 0];
        let depths = [127, -128, 0, 1];
        let mut key = 0x0123_4567_89ab_cdefu64;
        for _ in 0..=GENERATION_MASK {
            table.new_search();
            for (i, &mv) in moves.iter().enumerate() {
                for (j, &score) in scores.iter().enumerate() {
                    let (eval, depth) = (evals[(i + j) % evals.len()], depths[(i + j) % depths.len()]);
                    for (bound, pv) in [(Bound::Upper, false), (Bound::Lower, true), (Bound::Exact, true)] {
                        key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
                        table.store(key, mv, score, eval, depth, bound, pv, 0);
                        let entry = table.probe(key, 0).expect("just stored");
                        assert_eq!(entry, TableEntry { mv, score, eval, depth, bound, was_pv: pv });
                    }
                }
            }
        }
        // Depths beyond a byte are kept at its limits.
        table.store(1, Move::NONE, 0, 0, 500, Bound::Exact, false, 0);
        assert_eq!(table.probe(1, 0).unwrap().depth, 127);
    }

    #[test]
    fn three_entries_in_32_bytes_hold_half_as_many_again_as_four_in_64() {
        // 1 MiB held 65,536 entries of 16 bytes; three to 32 bytes hold
        // 98,304. Filled with twice that many positions, at least 90% of
        // the larger count are found again.
        let table = TranspositionTable::new(1).unwrap();
        let keys: Vec<u64> = (1..=200_000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        for &key in &keys {
            table.store(key, sample_move(), 0, 0, 1, Bound::Exact, false, 0);
        }
        let found = keys.iter().filter(|&&key| table.probe(key, 0).is_some()).count();
        assert!(found > 88_000, "{found} entries found");
    }

    #[test]
    fn mate_scores_are_stored_relative_to_the_node() {
        let table = TranspositionTable::new(1).unwrap();
        // Mate in 5 plies from the root, seen at ply 2: stored as mate in 3.
        table.store(77, Move::NONE, MATE - 5, 0, 4, Bound::Exact, false, 2);
        assert_eq!(table.probe(77, 2).unwrap().score, MATE - 5);
        assert_eq!(table.probe(77, 0).unwrap().score, MATE - 3);
    }

    #[test]
    fn rejects_a_torn_entry() {
        let table = TranspositionTable::new(1).unwrap();
        let key = 0xdead_beef_0bad_f00d;
        table.store(key, sample_move(), 10, 10, 5, Bound::Exact, false, 0);
        let other = pack(Move::NONE, 999, 0, 20, Bound::Exact, false, 0);
        table.tear(key, other);
        assert!(table.probe(key, 0).is_none());
    }

    #[test]
    fn deeper_results_survive_shallower_ones_of_the_same_search() {
        let table = TranspositionTable::new(1).unwrap();
        table.store(5, sample_move(), 40, 0, 12, Bound::Lower, false, 0);
        table.store(5, Move::NONE, -40, 0, 2, Bound::Upper, false, 0);
        assert_eq!(table.probe(5, 0).unwrap().depth, 12);
        table.new_search();
        table.store(5, Move::NONE, -40, 0, 2, Bound::Upper, false, 0);
        let entry = table.probe(5, 0).unwrap();
        assert_eq!((entry.depth, entry.mv), (2, sample_move()));
    }

    #[test]
    fn clear_and_hashfull() {
        let table = TranspositionTable::new(1).unwrap();
        assert_eq!(table.hashfull(), 0);
        for key in 0..200_000u64 {
            table.store(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), sample_move(), 0, 0, 1, Bound::Exact, false, 0);
        }
        assert!(table.hashfull() > 900);
        // Seven parts of unequal size: every one of them is emptied.
        table.clear(7);
        assert_eq!(table.hashfull(), 0);
        assert!((0..200_000u64).all(|key| table.probe(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0).is_none()));
    }

    #[test]
    fn impossible_sizes_fail_cleanly() {
        assert!(TranspositionTable::new(0).is_err());
        assert!(TranspositionTable::new(usize::MAX / 2).err().unwrap().contains("too large"));
        if let Some(usable) = usable_memory() {
            let beyond = (usable >> 20) as usize + 1;
            assert!(TranspositionTable::new(beyond).err().unwrap().contains("more than the"));
        }
    }

    #[test]
    fn a_new_table_is_empty_and_sized_to_the_request() {
        let table = TranspositionTable::new(3).unwrap();
        assert_eq!(table.buckets.len(), 3 * (1 << 20) / BUCKET_BYTES);
        assert_eq!(table.hashfull(), 0);
        assert!((0..10_000u64).all(|key| table.probe(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), 0).is_none()));
    }
}
