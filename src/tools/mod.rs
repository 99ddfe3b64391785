//! Developer tools reached from the command line.

pub mod bench;
pub mod perft;
pub mod probe;
pub mod tune;
