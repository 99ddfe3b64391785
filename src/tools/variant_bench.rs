//! `bench --variant <name>`: the variant search's fixed-depth run over
//! positions of that variant, each with an empty table, as `bench` does for
//! chess. With one search thread the node count is the variant search's
//! signature, and the speed the measure that bringing the variants onto
//! the chess search (issue 28) is judged by.

use super::bench::{nodes_per_second, BenchEvaluation};
use crate::clock::Instant;
use crate::search::{Engine, SearchLimits};
use crate::session::VariantSearch;
use crate::types::random::Random;
use crate::variants::{Variant, VariantPosition, VariantRecord};

/// The depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 5;

/// The positions searched: the start and the ends of short random games.
pub const POSITIONS: usize = 8;

/// The bench positions of `variant`: its start, then the positions after
/// random games of 6 to 34 plies from it (a game that ends sooner is
/// replaced by the next seed). Each move is drawn from the legal moves
/// sorted by their text, so that the positions depend on the rules alone,
/// not on the order the generator lists moves in.
pub fn positions(variant: Variant) -> Vec<VariantPosition> {
    let start = VariantPosition::startpos(variant);
    let mut positions = vec![start];
    let mut seed = 0;
    while positions.len() < POSITIONS {
        seed += 1;
        let mut random = Random::new(seed);
        let mut game = VariantRecord::new(start);
        let plies = 6 + random.below(29);
        for _ in 0..plies {
            // A game not over has a legal move.
            if game.result().is_some() {
                break;
            }
            let mut moves: Vec<(String, _)> =
                game.position().legal_actions().iter().map(|&a| (a.to_uci(false), a)).collect();
            moves.sort_by(|a, b| a.0.cmp(&b.0));
            game.play(moves[random.below(moves.len() as u64) as usize].1);
        }
        if game.result().is_none() {
            positions.push(*game.position());
        }
    }
    positions
}

/// What a variant bench run measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantBenchResult {
    pub nodes: u64,
    pub nps: u64,
    pub milliseconds: u64,
}

/// Searches the bench positions of `variant` to `depth` (default
/// [`DEFAULT_DEPTH`]) on `threads` search threads, judged by the game's
/// network where one judges it or by hand (`evaluation`), with a 16 MiB table and
/// the histories cleared before each; prints one line per position, the
/// time, and `N nodes M nps` last. With one thread the node count is the
/// search's signature; with more, the time measures Lazy SMP's time to
/// depth.
pub fn run(variant: Variant, depth: Option<u32>, threads: usize, evaluation: BenchEvaluation) -> VariantBenchResult {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).max(1);
    search_each(variant.name(), positions(variant), depth, threads, |engine, position| {
        engine.set_use_network(evaluation == BenchEvaluation::Network);
        let result = engine.search_variant_sync(&VariantRecord::new(*position), SearchLimits::depth(depth), None);
        (result.best.to_uci(false), result.nodes, position.fen())
    })
}

/// The bench of any game: each position searched by `search` (its best
/// move's text, nodes and FEN) on `threads` threads with a 16 MiB table and
/// the histories cleared before each; one line per position, the time, and
/// `N nodes M nps` last.
pub fn search_each<P>(
    name: &str,
    positions: Vec<P>,
    depth: u32,
    threads: usize,
    mut search: impl FnMut(&mut Engine, &P) -> (String, u64, String),
) -> VariantBenchResult {
    let mut engine = Engine::new();
    engine.set_threads(threads).expect("the bench's search threads");
    engine.set_hash_mb(16).expect("a 16 MiB table");
    // Only the searches are timed, as in chess's bench.
    let mut searching = std::time::Duration::ZERO;
    let mut nodes = 0;
    for (i, position) in positions.iter().enumerate() {
        engine.new_game();
        let start = Instant::now();
        let (best, searched, fen) = search(&mut engine, position);
        searching += start.elapsed();
        println!("position {:2} best {best} nodes {searched}  {fen}", i + 1);
        nodes += searched;
    }
    let milliseconds = searching.as_millis() as u64;
    let nps = nodes_per_second(nodes, searching);
    println!("variant {name} depth {depth} threads {threads} time {milliseconds} ms");
    println!("{nodes} nodes {nps} nps");
    VariantBenchResult { nodes, nps, milliseconds }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_its_bench_positions_each_with_a_move() {
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
            let positions = positions(variant);
            assert_eq!(positions.len(), POSITIONS, "{variant}");
            assert!(positions.iter().all(|p| !p.legal_actions().is_empty()), "{variant}");
            assert_eq!(positions, super::positions(variant), "{variant}: the same every time");
        }
    }
}
