//! Developer tools reached from the command line.

pub mod analyse;
pub mod augment;
pub mod bench;
pub mod data_files;
pub mod datagen;
pub mod elven_bench;
pub mod move_judgement;
pub mod perft;
pub mod pgn;
pub mod probe;
pub mod progress;
pub mod record_set;
pub mod same_file;
pub mod train;
pub mod training_data;
pub mod tune;
pub mod variant_bench;
