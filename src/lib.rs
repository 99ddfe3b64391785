//! Roque, a UCI chess engine.
//!
//! - [`types`]: squares, pieces, bitboards, moves.
//! - [`board`]: the rules: position, move generation, FEN, notation, game end.
//! - [`search`]: the search, its transposition table, threads and time management.
//! - [`eval`]: the static evaluation.
//! - [`uci`]: the UCI protocol: commands, options, output.
//! - [`tools`]: developer tools behind the command line (perft, bench).
//! - [`variants`]: the variants `UCI_Variant` chooses, apart from chess.

pub mod board;
pub mod eval;
pub mod search;
pub mod tools;
pub mod types;
pub mod uci;
pub mod variants;
