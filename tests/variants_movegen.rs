//! The variants' move generator against a second, naive one written apart
//! from it (tests/variants_support/naive.rs): the same moves in every
//! position of many random games, and the same perft counts.

mod variants_support;

use roque::variants::{perft::perft, Variant, VariantPosition};
use variants_support::naive::Naive;
use variants_support::{engine_moves, random_positions};

fn same_moves_along_random_games(variant: Variant, games: usize, plies: usize, seed: u64) {
    let start = VariantPosition::startpos(variant);
    for position in random_positions(&start, games, plies, seed) {
        let naive = Naive::from_engine(&position);
        assert_eq!(engine_moves(&position), naive.legal_moves(), "{variant}: {}", position.fen());
    }
}

#[test]
fn losing_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Losing, 40, 200, 1);
}

#[test]
fn placement_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Placement, 40, 200, 2);
}

#[test]
fn reinforced_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Reinforced, 40, 200, 3);
}

#[test]
fn returning_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Returning, 40, 200, 4);
}

#[test]
fn ghost_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Ghost, 40, 200, 5);
}

#[test]
fn perft_counts_agree_with_the_naive_generator() {
    for variant in [Variant::Losing, Variant::Placement, Variant::Reinforced, Variant::Returning, Variant::Ghost] {
        let start = VariantPosition::startpos(variant);
        let positions = random_positions(&start, 6, 60, 11);
        for position in positions.iter().step_by(40) {
            let naive = Naive::from_engine(position);
            assert_eq!(perft(position, 3), naive.perft(3), "{variant}: {}", position.fen());
        }
    }
}
