//! Roque, a UCI chess engine.
//!
//! - [`types`]: squares, pieces, bitboards, moves.
//! - [`board`]: the rules: position, move generation, FEN, notation, game end.
//! - [`game`]: the trait every game implements for the search and perft
//!   (chess's implementation beside it), below the games and the search.
//! - [`cpu`]: what the build needs of the CPU, checked at start-up.
//! - [`search`]: the search, its transposition table, threads and time management.
//! - [`eval`]: the hand-crafted evaluation (the `eval` breakdown, the tuner).
//! - [`nnue`]: the neural evaluation the search uses.
//! - [`tablebase`]: Syzygy endgame tablebases: probing and root ranking.
//! - [`session`]: the game a protocol plays, one session type a game,
//!   below every protocol.
//! - [`uci`]: the UCI protocol: commands, options, output; its `run` starts
//!   the protocol the first command chooses.
//! - `xboard` (not in the WebAssembly build): the XBoard/WinBoard protocol
//!   (CECP v2) over the same core.
//! - [`tools`]: developer tools behind the command line (perft, bench).
//! - [`memory`]: zeroed, fallible allocation of the large tables.
//! - [`variants`]: the variants `UCI_Variant` chooses, apart from chess.
//! - [`elven`]: Elven Chess on its 10x10 board: position, moves, FEN, perft.
//! - [`clock`]: the time source searches are timed by.
//! - `host` (WebAssembly build only): what the engine imports from the
//!   page (clock, random seed, output, a search's signals), at the bottom.
//! - `web` (WebAssembly build only): the engine as a browser's Web Worker
//!   runs it.

pub mod board;
pub mod clock;
pub mod cpu;
pub mod elven;
pub mod eval;
pub mod game;
#[cfg(target_arch = "wasm32")]
pub mod host;
pub mod memory;
pub mod nnue;
pub mod search;
pub mod session;
pub mod tablebase;
pub mod tools;
pub mod types;
pub mod uci;
pub mod variants;
#[cfg(target_arch = "wasm32")]
pub mod web;
#[cfg(not(target_arch = "wasm32"))]
pub mod xboard;
