//! Developer tools reached from the command line.

pub mod bench;
pub mod perft;
pub mod tune;
