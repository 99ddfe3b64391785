//! Developer tools reached from the command line.

pub mod perft;
pub mod tune;
