//! `bench --variant elven`: the search's fixed-depth run over Elven
//! Chess positions, each with an empty table, as `bench` does for chess and
//! the variants. With one search thread the node count is the search's
//! signature on the 10x10 board.

use crate::elven::game::ElvenRecord;
use crate::elven::ElvenPosition;
use crate::search::SearchLimits;
use crate::tools::bench::BenchEvaluation;
use crate::tools::variant_bench::{search_each, VariantBenchResult, POSITIONS};
use crate::types::random::Random;

/// The depth searched when none is given.
pub const DEFAULT_DEPTH: u32 = 6;

/// The start, then the positions after random games of 6 to 34 plies (a
/// game that ends sooner is replaced by the next seed), each move drawn from
/// the legal moves sorted by their text.
pub fn positions() -> Vec<ElvenPosition> {
    let mut positions = vec![ElvenPosition::startpos()];
    let mut seed = 0;
    while positions.len() < POSITIONS {
        seed += 1;
        let mut random = Random::new(seed);
        let mut game = ElvenRecord::default();
        let plies = 6 + random.below(29);
        for _ in 0..plies {
            if game.result().is_some() {
                break;
            }
            let mut moves: Vec<(String, _)> =
                game.position().legal_moves().iter().map(|&m| (m.to_string(), m)).collect();
            moves.sort_by(|a, b| a.0.cmp(&b.0));
            game.play(moves[random.below(moves.len() as u64) as usize].1);
        }
        if game.result().is_none() {
            positions.push(*game.position());
        }
    }
    positions
}

/// Searches the bench positions to `depth` (default [`DEFAULT_DEPTH`]) on
/// `threads` search threads, with a 16 MiB table and the histories cleared
/// before each; prints one line per position, the time, and `N nodes M
/// nps` last.
pub fn run(depth: Option<u32>, threads: usize, evaluation: BenchEvaluation) -> VariantBenchResult {
    let depth = depth.unwrap_or(DEFAULT_DEPTH).max(1);
    search_each(crate::elven::UCI_NAME, positions(), depth, threads, |engine, &position| {
        engine.set_use_network(evaluation == BenchEvaluation::Network);
        let limits = SearchLimits::depth(depth);
        let result = engine.search_game_sync(position, &[position.key()], limits, ());
        (result.best.to_string(), result.nodes, position.fen())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_positions_are_fixed_and_each_has_a_move() {
        let positions = positions();
        assert_eq!(positions.len(), POSITIONS);
        assert!(positions.iter().all(|p| !p.legal_moves().is_empty()));
        assert_eq!(positions, super::positions());
    }
}
