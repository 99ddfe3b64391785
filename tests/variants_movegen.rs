//! The variants' move generator against a second, naive one written apart
//! from it (tests/variants_support/naive.rs): the same moves in every
//! position of many random games, and the same perft counts.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::variants::{Action, Variant, VariantPosition};
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

/// The search's candidates (src/search/game/alphabeta.rs) in `position`:
/// those `make_if_legal` accepts are the legal actions in their order, and
/// it makes each as `make` does; the same for the quiescence search's
/// captures and promotions out of check.
fn candidates_hold_the_legal_actions(position: &VariantPosition) {
    let fen = position.fen();
    let legal = position.legal_actions();
    let candidates = position.candidate_actions();
    if !position.lazy_legality() {
        assert_eq!(candidates, legal, "{fen}");
    }
    let kept: Vec<_> = candidates.iter().copied().filter(|&a| position.make_if_legal(a).is_some()).collect();
    assert_eq!(kept, legal.to_vec(), "{fen}");
    for &action in &legal {
        assert_eq!(position.make_if_legal(action), Some(position.make(action)), "{fen} {action:?}");
    }
    if position.in_check() {
        return;
    }
    let noisy = position.legal_noisy_actions();
    if !position.is_placing(position.side_to_move()) {
        let promotion = |a: Action| !a.is_placement() && a != Action::PASS && a.as_move().promotion_piece().is_some();
        let expected: Vec<_> = legal.iter().copied().filter(|&a| position.is_capture(a) || promotion(a)).collect();
        assert_eq!(noisy.to_vec(), expected, "{fen}");
    }
    let candidates = position.candidate_noisy_actions();
    let kept: Vec<_> = candidates.iter().copied().filter(|&a| position.make_if_legal(a).is_some()).collect();
    assert_eq!(kept, noisy.to_vec(), "{fen}");
}

#[test]
fn the_search_candidates_hold_the_legal_actions_in_their_order() {
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        let start = VariantPosition::startpos(variant);
        for position in random_positions(&start, 10, 150, 41) {
            candidates_hold_the_legal_actions(&position);
        }
    }
    // Known mines, which explode along the games.
    let mined = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mines=e4,d5/d4,e5";
    let start = VariantPosition::from_fen(Variant::Mined, mined).unwrap();
    for position in random_positions(&start, 10, 150, 42) {
        candidates_hold_the_legal_actions(&position);
    }
    // A turn of several moves with none left in it: the pass alone; and a
    // pass where a move is left: refused.
    for (variant, fen) in [
        (Variant::Marseillais, "7k/8/8/8/8/1q6/8/K7 w - - 0 5 turn=2/2"),
        (Variant::Progressive, "7k/8/8/8/8/1q6/8/K7 w - - 0 3 turn=3/5"),
        (Variant::Marseillais, "4k3/8/8/8/8/8/8/R3K3 w - - 0 5 turn=2/2"),
    ] {
        candidates_hold_the_legal_actions(&VariantPosition::from_fen(variant, fen).unwrap());
    }
}
