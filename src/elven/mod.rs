//! Elven Chess, H. G. Muller's game on a 10x10 board: its board, move
//! generation, FEN and perft, apart from chess so that chess pays nothing
//! for it. Besides the chess pieces each side has a warlock (a Chu Shogi
//! lion, which may capture twice in one move or capture without moving),
//! an elf (bishop and orthogonal step), a goblin (rook and diagonal step)
//! and two dwarfs (king's moves, not royal); pawns promote on entering the
//! last three ranks.
//!
//! - `piece`: the men (the 10x10 board's squares and sets are
//!   `types::{Square10, Bitboard10}`).
//! - [`attacks`]: the steps of its own men (the board's leapers and
//!   sliders are `board::attacks10`).
//! - `position`: the position; `fen` reads and writes it.
//! - `moves`: a move, its effect and its text; `movegen` the legal moves;
//!   `make` plays one.
//! - `castling`, `zobrist`, `perft`.
//! - [`eval`]: the hand-set evaluation; `nnue`: the network's;
//!   `search`: the search's hooks (the search
//!   itself is src/search/search.rs); [`game`]: a game and its end.

pub mod attacks;
mod castling;
pub mod eval;
mod fen;
pub mod game;
mod gives_check;
mod make;
mod movegen;
mod moves;
mod nnue;
mod perft;
mod piece;
mod position;
#[cfg(test)]
mod random_games;
mod rules;
mod search;
mod see;
mod threats;
mod zobrist;

/// The 10x10 board's squares and sets, for the modules below.
use crate::types::{Bitboard10, Square10};

/// The `UCI_Variant` value of Elven Chess.
pub const UCI_NAME: &str = "elven";

pub use castling::{ElvenCastlingRights, ElvenCastlingSide};
pub use fen::ELVEN_BOARD;
pub use gives_check::ElvenChecks;
pub use movegen::{ElvenMoveList, ELVEN_MAX_MOVES};
pub use moves::{ElvenMove, ElvenMoveError};
pub use nnue::evaluate as network_evaluation;
pub use piece::{ElvenArmy, ElvenPiece, ElvenPieceKind};
pub use position::{ElvenPosition, ELVEN_STARTPOS_FEN};
pub use rules::ElvenRules;
