//! The pawn hash table: the pawn-structure score and the passed pawns by
//! pawn key, one table per search thread (no locking).

use super::collector::ScoreCollector;
use super::pawns;
use super::score::PhasedScore;
use crate::board::Position;
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

pub struct PawnCache {
    entries: Box<[PawnEntry]>,
}

impl PawnCache {
    pub fn new() -> PawnCache {
        // Key 0 marks an empty slot; a position whose pawn key is 0 (no
        // pawns) is computed each time, which is cheap.
        PawnCache { entries: vec![PawnEntry::default(); ENTRIES].into_boxed_slice() }
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
