//! Roque, a UCI chess engine.
//!
//! - [`types`]: squares, pieces, bitboards, moves.
//! - [`board`]: the rules: position, move generation, FEN, notation, game end.
//! - [`search`]: the search, its transposition table, threads and time management.
//! - [`tools`]: developer tools behind the command line (perft).

pub mod board;
pub mod eval;
pub mod search;
pub mod tools;
pub mod types;
pub mod uci;
