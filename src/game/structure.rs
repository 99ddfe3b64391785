//! What the correction history keys a node by, as a game gives it: the
//! side to move, a hash of the pawns and one of each colour's other men
//! (with what it holds in hand, in the games that have hands).

use crate::board::Position;
use crate::types::{Color, PieceType};

/// What a node's position is keyed by: the side to move, a hash of the
/// pawns and one of each colour's other men (with what it holds in hand,
/// in the games that have hands). Any game can give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Structure {
    pub side: Color,
    pub pawns: u64,
    pub others: [u64; 2],
}

impl Structure {
    /// A chess position's: its pawns by the position's own pawn key, each
    /// colour's other men hashed.
    #[inline(always)]
    pub fn of_chess(position: &Position) -> Structure {
        let others = |color: Color| {
            hash_men(
                [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King]
                    .map(|kind| position.pieces(color, kind).0),
            )
        };
        Structure {
            side: position.side_to_move(),
            pawns: position.pawn_key(),
            others: [others(Color::White), others(Color::Black)],
        }
    }
}

/// A hash of a colour's men given as bitboards (and any other words),
/// spread over the tables' slots.
#[inline(always)]
pub fn hash_men(words: impl IntoIterator<Item = u64>) -> u64 {
    let mut hash = 0u64;
    for (i, word) in words.into_iter().enumerate() {
        hash = (hash ^ word).wrapping_mul(MIX[i % MIX.len()]).rotate_left(29);
    }
    hash ^ (hash >> 31)
}

const MIX: [u64; 5] =
    [0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB, 0xD6E8_FEB8_6659_FD93, 0xA076_1D64_78BD_642F];
