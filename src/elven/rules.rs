//! What Elven Chess keeps beside the board every game shares
//! ([`crate::board::Board`]): the warlock's immunity (restriction 2), the
//! pins and discoveries its generator and check test read, and the sums
//! its evaluation and correction history keep as men move.

use super::eval::placed_value;
use super::zobrist::immunity_key;
use super::{ElvenArmy, ElvenPiece, ElvenPieceKind, Square10};
use crate::board::Rules;
use crate::types::Bitboard10;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ElvenRules {
    /// The side to move may not capture the opponent's warlock: a piece
    /// other than a warlock has just captured a warlock (restriction 2).
    pub(super) warlock_immunity: bool,
    /// The warlocks that immunity shields.
    pub(super) immune: Bitboard10,
    /// Pieces of either colour that stand alone between the king of the
    /// side to move and an enemy slider on its line.
    pub(super) king_blockers: Bitboard10,
    /// The keys of the men by what the correction history tells apart:
    /// both sides' pawns, White's other men, Black's other men.
    pub(super) structure_keys: [u64; 3],
    /// Each side's men's worth where they stand (the evaluation's sum of
    /// [`placed_value`]).
    pub(super) placed: [i32; 2],
}

impl ElvenRules {
    /// Shields `warlocks` from capture for one half-move.
    pub(super) fn shield(&mut self, warlocks: Bitboard10) {
        self.warlock_immunity = true;
        self.immune = warlocks;
    }

    /// Ends the immunity, if any; whether there was one.
    pub(super) fn end_immunity(&mut self) -> bool {
        let was = self.warlock_immunity;
        self.warlock_immunity = false;
        self.immune = Bitboard10::EMPTY;
        was
    }
}

/// Which of the structure keys a man's key goes to: pawns (both sides),
/// White's other men, Black's.
#[inline(always)]
pub(super) fn structure_slot(piece: ElvenPiece) -> usize {
    if piece.kind() == ElvenPieceKind::Pawn {
        0
    } else {
        1 + piece.color().index()
    }
}

impl Rules for ElvenRules {
    type Army = ElvenArmy;

    #[inline(always)]
    fn placed(&mut self, piece: ElvenPiece, square: Square10, key: u64) {
        self.structure_keys[structure_slot(piece)] ^= key;
        self.placed[piece.color().index()] += placed_value(piece, square);
    }

    #[inline(always)]
    fn lifted(&mut self, piece: ElvenPiece, square: Square10, key: u64) {
        self.structure_keys[structure_slot(piece)] ^= key;
        self.placed[piece.color().index()] -= placed_value(piece, square);
    }

    #[inline(always)]
    fn moved(&mut self, piece: ElvenPiece, from: Square10, to: Square10, delta: u64) {
        self.structure_keys[structure_slot(piece)] ^= delta;
        self.placed[piece.color().index()] += placed_value(piece, to) - placed_value(piece, from);
    }

    /// The immunity's key.
    #[inline(always)]
    fn key(&self) -> u64 {
        match self.warlock_immunity {
            true => immunity_key(),
            false => 0,
        }
    }

    const LEGAL_MOVES: bool = true;

    /// The king's blockers of both colours: the generator reads only its
    /// own side's.
    #[inline(always)]
    fn pinned(&self) -> Bitboard10 {
        self.king_blockers
    }

    #[inline(always)]
    fn untakable(&self) -> Bitboard10 {
        self.immune
    }
}
