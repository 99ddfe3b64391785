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
    same_moves_along_random_games(Variant::Losers, 40, 200, 1);
}

#[test]
fn vandien_placement_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::VanDien, 40, 200, 2);
}

#[test]
fn placement_pre_chess_moves_agree_with_the_naive_generator() {
    same_moves_along_random_games(Variant::Placement, 60, 120, 6);
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
fn the_key_kept_move_by_move_is_the_key_computed_from_nothing() {
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        let start = VariantPosition::startpos(variant);
        for position in random_positions(&start, 8, 120, 21) {
            assert_eq!(position.key(), position.compute_key(), "{variant}: {}", position.fen());
        }
    }
}

#[test]
fn perft_counts_agree_with_the_naive_generator() {
    let variants = [
        Variant::Losers,
        Variant::Placement,
        Variant::VanDien,
        Variant::Reinforced,
        Variant::Returning,
        Variant::Ghost,
    ];
    for variant in variants {
        let start = VariantPosition::startpos(variant);
        let positions = random_positions(&start, 6, 60, 11);
        for position in positions.iter().step_by(40) {
            let naive = Naive::from_engine(position);
            assert_eq!(perft(position, 3), naive.perft(3), "{variant}: {}", position.fen());
        }
    }
}

/// Marseillais, progressive, camps and turning chess: perft counts of
/// positions from random games, each counted by a second implementation
/// written apart, on python-chess's boards with its own turn order
/// (scripts/turns-perft.py, which wrote tests/data/turns-perft.epd:
/// `--all --positions 12 --depth 3 --seed 11 --period 2`).
#[test]
fn turn_order_perft_counts_agree_with_a_second_implementation() {
    let data = include_str!("data/turns-perft.epd");
    let mut counted = std::collections::HashMap::new();
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').collect();
        let variant = Variant::from_name(fields[0]).expect("a variant name");
        let position = VariantPosition::from_fen(variant, fields[1]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let depth: u32 = fields[2].parse().unwrap();
        let nodes: u64 = fields[3].parse().unwrap();
        assert_eq!(perft(&position, depth), nodes, "{line}");
        *counted.entry(variant).or_insert(0) += 1;
    }
    for variant in [Variant::Marseillais, Variant::Progressive, Variant::Camps, Variant::Turning] {
        assert_eq!(counted.get(&variant), Some(&12), "{variant}");
    }
}
