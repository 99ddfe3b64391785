//! `bench`: a fixed-depth search of a fixed set of positions, each with an
//! empty table and fresh histories. With one thread the node count depends
//! only on the search, so it is the build's signature: a change that
//! alters it changes the search's behaviour.

use crate::board::{ChessRecord, Position};
use crate::clock::Instant;
use crate::search::{Engine, SearchLimits};
use crate::tablebase::Tablebases;
use std::sync::Arc;

/// The depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 12;

/// Openings, middlegames, endgames and mates.
pub const POSITIONS: [&str; 50] = [
    // Openings.
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
    "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5",
    "rnbqk2r/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R b KQkq - 0 5",
    "r1bqk2r/2ppbppp/p1n2n2/1p2p3/4P3/1B3N2/PPPP1PPP/RNBQR1K1 b kq - 1 7",
    "rnbqk2r/pp2ppbp/6p1/2p5/3PP3/2P5/P3NPPP/R1BQKB1R b KQkq - 1 8",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "rn1qkb1r/pp3ppp/2p1pn2/5b2/2BP4/2N1PN2/PP3PPP/R1BQK2R w KQkq - 2 7",
    "r1bqkb1r/5ppp/p1np1n2/1p2p1B1/4P3/N1N5/PPP2PPP/R2QKB1R w KQkq b6 0 9",
    // Middlegames.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 5 9",
    "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 8 12",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3NP3/1BN1B3/PPP1QPPP/R4RK1 w - - 2 12",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bq1rk1/ppp2ppp/2n2n2/3pp3/1bPP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 7",
    "2kr3r/ppp2ppp/2n1b3/2b1P3/8/2N2N2/PPP2PPP/R1B1K2R w KQ - 4 11",
    "r2qr1k1/1b1nbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP1N1PP1/R1BQR1K1 w - - 1 13",
    "1r3rk1/2qbbppp/p2p1n2/2pPp3/P1P1P3/2NB1N2/1P3PPP/R2Q1RK1 w - - 3 15",
    "r1b1k2r/pp1n1ppp/2p1pn2/q2p4/1bPP4/2N1PN2/PPQB1PPP/R3KB1R w KQkq - 4 8",
    "3r1rk1/p4ppp/1pq1pn2/2b5/2P5/1P2PN2/PB2QPPP/3R1RK1 w - - 4 18",
    "r2q1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB2BPPP/R2Q1RK1 w - - 2 10",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "3r1rk1/p5pp/bpp1pp2/8/q1PP1P2/b3P3/P2NQRPP/1R2B1K1 b - - 6 22",
    // Endgames.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/3p4/3P4/4K3/8/8 w - - 0 1",
    "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 99 50",
    "8/6pk/1p6/8/PP3p1p/5P2/4KP1q/3Q4 w - - 0 1",
    "7k/3p2pp/4q3/8/4Q3/5Kp1/P6b/8 w - - 0 1",
    "8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1",
    "8/3k4/8/8/8/4B3/4KB2/8 w - - 0 1",
    "8/8/8/4k3/8/8/3NK3/4B3 w - - 0 1",
    "5k2/8/8/8/8/8/5PPP/4R1K1 w - - 0 1",
    "6k1/5ppp/8/8/8/8/r4PPP/6K1 w - - 0 30",
    "8/1r3pk1/6p1/7p/1R5P/6P1/5PK1/8 w - - 0 40",
    "8/8/8/8/8/2k5/1p6/1K6 w - - 0 60",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
    // Mates and near-mates.
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1",
    "1k6/8/1K6/8/8/8/8/7R w - - 0 1",
    "5rk1/1b3p1p/pp3p2/3n1N2/1P6/P1qB1PP1/3Q3P/4R1K1 w - - 0 1",
    "r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1",
    "6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1",
];

/// The evaluation a bench run searches with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchEvaluation {
    /// The built-in network (the engine's default).
    Network,
    HandCrafted,
}

/// What a bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub nodes: u64,
    pub tb_hits: u64,
    pub nps: u64,
    pub milliseconds: u64,
    pub depth: u32,
}

/// Searches every bench position to `depth` (default [`DEFAULT_DEPTH`])
/// with `threads` threads, the given evaluation and a 16 MiB table cleared
/// before each, prints one
/// line per position, the time taken, and `N nodes M nps` last, and returns
/// the totals (or why the threads could not start); with endgame tables,
/// their probes are counted and printed as `tbhits N` before the last line.
/// With one thread the node count is the build's signature; with more, the
/// time to reach the depth measures Lazy SMP.
pub fn run(
    depth: Option<u32>,
    threads: usize,
    evaluation: BenchEvaluation,
    tables: Option<Arc<Tablebases>>,
) -> Result<BenchResult, String> {
    run_to(depth, threads, evaluation, tables, &mut |line| println!("{line}"))
}

/// The speed of a bench: `nodes` searched in `time` (timed to the
/// microsecond, so that a short bench is not rounded to whole milliseconds).
pub fn nodes_per_second(nodes: u64, time: std::time::Duration) -> u64 {
    (nodes as u128 * 1_000_000 / time.as_micros().max(1)) as u64
}

/// [`run`], each line of its output given to `print` (the WebAssembly
/// build has no standard output).
pub fn run_to(
    depth: Option<u32>,
    threads: usize,
    evaluation: BenchEvaluation,
    tables: Option<Arc<Tablebases>>,
    print: &mut dyn FnMut(&str),
) -> Result<BenchResult, String> {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).max(1);
    let threads = threads.max(1);
    let mut engine = Engine::new();
    engine.set_threads(threads)?;
    engine.set_use_network(evaluation == BenchEvaluation::Network);
    let with_tables = tables.is_some();
    engine.set_tablebases(tables);
    // Only the searches are timed: emptying the table and the histories
    // for each position is not the search's speed.
    let mut searching = std::time::Duration::ZERO;
    let mut nodes = 0;
    let mut tb_hits = 0;
    for (i, fen) in POSITIONS.iter().enumerate() {
        let position = Position::from_fen(fen).expect("bench positions are legal");
        engine.new_game();
        let start = Instant::now();
        let result = engine.search_sync(&ChessRecord::new(position), SearchLimits::depth(depth));
        searching += start.elapsed();
        print(&format!("position {:2} best {} nodes {}", i + 1, result.best.to_uci(false), result.nodes));
        nodes += result.nodes;
        tb_hits += result.tb_hits;
    }
    let milliseconds = searching.as_millis() as u64;
    let nps = nodes_per_second(nodes, searching);
    print(&format!("depth {depth} threads {threads} time {milliseconds} ms"));
    if with_tables {
        print(&format!("tbhits {tb_hits}"));
    }
    print(&format!("{nodes} nodes {nps} nps"));
    Ok(BenchResult { nodes, tb_hits, nps, milliseconds, depth })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speed_is_timed_to_the_microsecond() {
        use std::time::Duration;
        // 1.5 ms would read as 1 ms, and 1,500 nodes as 1.5 Mnps.
        assert_eq!(nodes_per_second(1_500, Duration::from_micros(1_500)), 1_000_000);
        assert_eq!(nodes_per_second(7, Duration::ZERO), 7_000_000);
    }

    #[test]
    fn bench_positions_are_legal_and_unfinished() {
        for fen in POSITIONS {
            let position = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(position.count_legal_moves() > 0, "{fen}");
        }
    }
}
