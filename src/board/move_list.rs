//! A fixed-capacity list of moves, on the stack. No legal position reachable
//! from a parsed FEN has more than 218 legal moves.

use crate::types::Move;
use arrayvec::ArrayVec;

pub const MAX_MOVES: usize = 256;

pub type MoveList = ArrayVec<Move, MAX_MOVES>;
