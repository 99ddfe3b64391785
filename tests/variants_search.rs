//! The variant search on many positions of every variant: a legal move
//! always, and a node limit kept (the first iteration, which must finish,
//! stays small even where captures, checks and placements chain).

mod variants_support;

use roque::search::tt::TranspositionTable;
use roque::search::SearchLimits;
use roque::variants::engine::VariantEngine;
use roque::variants::{Variant, VariantGame, VariantPosition};
use std::sync::Arc;
use variants_support::random_positions;

#[test]
fn node_limited_searches_stay_within_bounds_and_play_legal_moves() {
    let table = Arc::new(TranspositionTable::new(4).unwrap());
    let mut engine = VariantEngine::new();
    let variants = Variant::ALL.into_iter().filter(|&v| v != Variant::Chess);
    for (i, variant) in variants.enumerate() {
        let start = VariantPosition::startpos(variant);
        let positions = random_positions(&start, 12, 120, 71 + i as u64);
        for position in positions.iter().step_by(7).filter(|p| !p.legal_actions().is_empty()) {
            let result =
                engine.search_sync(&VariantGame::new(*position), SearchLimits::nodes(1000), Arc::clone(&table));
            assert!(position.legal_actions().contains(&result.best), "{variant}: {}", position.fen());
            assert!(
                result.nodes <= 20_000,
                "{variant}: {} nodes for a 1000-node search in {}",
                result.nodes,
                position.fen()
            );
        }
    }
}
