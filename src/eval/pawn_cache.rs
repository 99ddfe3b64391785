//! The pawn hash table: the pawn-structure score and the passed pawns by
//! pawn key, one table per search thread (no locking).

use super::collector::ScoreCollector;
use super::pawns;
use super::score::PhasedScore;
use crate::board::Position;
use crate::memory::{Zeroable, ZeroedSlice};
use crate::types::Bitboard;

/// Entries per table (a power of two); about 768 KiB.
const ENTRIES: usize = 1 << 15;

#[derive(Clone, Copy, Default)]
pub struct PawnEntry {
    key: u64,
    /// The pawn-only terms, White minus Black.
    pub score: PhasedScore,
    /// Passed pawns of both colours.
    pub passed: Bitboard,
}

// SAFETY: an entry is integers only (a key, two scores, a bitboard); zeros
// are valid, and key 0 is an empty slot.
unsafe impl Zeroable for PawnEntry {}

pub struct PawnCache {
    entries: ZeroedSlice<PawnEntry>,
}

impl PawnCache {
    pub fn new() -> PawnCache {
        PawnCache::try_new().expect("768 KiB for a pawn cache")
    }

    /// An empty cache, or why the memory could not be had. Key 0 marks an
    /// empty slot; a position whose pawn key is 0 (no pawns) is computed
    /// each time, which is cheap.
    pub fn try_new() -> Result<PawnCache, String> {
        Ok(PawnCache { entries: ZeroedSlice::new(ENTRIES)? })
    }

    /// The pawn entry of `position`, computed and stored on a miss.
    pub fn probe(&mut self, position: &Position) -> PawnEntry {
        let key = position.pawn_key();
        let slot = &mut self.entries[(key as usize) & (ENTRIES - 1)];
        if slot.key == key && key != 0 {
            return *slot;
        }
        let mut collector = ScoreCollector::default();
        let passed = pawns::structure(position, &mut collector);
        *slot = PawnEntry { key, score: collector.score, passed };
        *slot
    }
}

impl Default for PawnCache {
    fn default() -> PawnCache {
        PawnCache::new()
    }
}
