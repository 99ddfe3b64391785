//! Developer tools reached from the command line.

pub mod augment;
pub mod bench;
pub mod data_files;
pub mod datagen;
pub mod elven_bench;
pub mod perft;
pub mod probe;
pub mod train;
pub mod training_data;
pub mod tune;
pub mod variant_bench;
