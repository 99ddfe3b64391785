//! Zobrist keys of Elven Chess: the board's one generator
//! ([`crate::board::zobrist::Keys`]) with a seed of its own. Men by
//! [`ElvenPiece::index`], castling by [`super::ElvenCastlingRights`] bit
//! (White towards the j-file, White towards the a-file, then Black's
//! two), and the extra key the warlock's immunity: the side to move may not
//! capture the other warlock, one having just been taken by a man that is
//! not a warlock.

use super::{ElvenPiece, Square10};
use crate::board::zobrist::Keys;

// "ELVEN" in ASCII: a seed apart from chess's.
pub static ZOBRIST: Keys<20, 100, 4, 10> = Keys::generate(0x45_4C56_454E);

#[inline(always)]
pub fn piece_key(piece: ElvenPiece, square: Square10) -> u64 {
    ZOBRIST.pieces[piece.index()][square.index()]
}

/// The key of the warlock's immunity (the keys' extra one).
#[inline(always)]
pub fn immunity_key() -> u64 {
    ZOBRIST.extra
}
