//! The tools behind the command line.
//!
//! The engine's own commands, in every build (the WebAssembly engine's
//! `bench` too): [`mod@bench`], [`elven_bench`], [`variant_bench`], [`probe`].
//! Perft is the board's (`board::perft`) and the games' (`game::perft`).
//!
//! The tools the engine does not need to play (analysis of games, data
//! generation, the trainer, the tuner and their files) are built with the
//! `tools` feature, on by default; the WebAssembly build
//! (`--no-default-features`) leaves them out.

pub mod bench;
pub mod elven_bench;
pub mod probe;
pub mod variant_bench;

#[cfg(feature = "tools")]
pub mod analyse;
#[cfg(feature = "tools")]
pub mod augment;
#[cfg(feature = "tools")]
pub mod data_files;
#[cfg(feature = "tools")]
pub mod datagen;
#[cfg(feature = "tools")]
pub mod elven_records;
#[cfg(feature = "tools")]
pub mod game_datagen;
#[cfg(feature = "tools")]
pub mod genfens;
#[cfg(feature = "tools")]
pub mod move_judgement;
#[cfg(feature = "tools")]
pub mod pgn;
#[cfg(feature = "tools")]
pub mod pgn_records;
#[cfg(feature = "tools")]
pub mod progress;
#[cfg(feature = "tools")]
pub mod record_set;
#[cfg(feature = "tools")]
pub mod same_file;
#[cfg(feature = "tools")]
pub mod train;
#[cfg(feature = "tools")]
pub mod training_data;
#[cfg(feature = "tools")]
pub mod tune;
