//! Turning chess: its rules, one test each, hand-checked perft counts, its
//! FEN, and the search.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::{Score, SearchLimits};
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::eval::evaluate;
use roque::variants::{Player, SwapClock, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use variants_support::{position, random_positions};

fn turning(fen: &str) -> VariantPosition {
    position(Variant::Turning, fen)
}

#[test]
fn the_players_swap_sides_after_every_n_moves_each() {
    let mut game = VariantRecord::new(VariantPosition::startpos_with_period(Variant::Turning, 2));
    assert_eq!(game.position().swap_clock(), SwapClock { period: 2, left: 4 });
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5", "c2c3"];
    // The owner of the next move after each: two moves each, then the
    // second player, who moved Black last, moves White at once.
    let owners = [2, 1, 2, 2, 1, 2, 1, 1, 2].map(|n| if n == 1 { Player::First } else { Player::Second });
    for (text, owner) in moves.iter().zip(owners) {
        game.play_uci(text, false).unwrap();
        assert_eq!(game.position().turn().player, owner, "after {text}");
    }
    assert_eq!(game.position().side_to_move(), Color::Black);
    assert_eq!(game.position().fen(), "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2PP1N2/PP3PPP/RNBQK2R b KQkq - 0 5 swap=3/2");
}

#[test]
fn the_rules_book_period_is_five_moves_each() {
    let start = VariantPosition::startpos(Variant::Turning);
    assert_eq!(start.swap_clock(), SwapClock { period: 5, left: 10 });
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 swap=10/5");
}

#[test]
fn whoever_mates_the_other_wins_whatever_side_it_leads() {
    // The second player leads White now and mates Black: a win for the
    // second player (0-1: the first player began with White).
    let start = turning("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30 player=2 swap=6/5");
    let mut game = VariantRecord::new(start);
    game.play_uci("a1a8", false).unwrap();
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::Black, winner: Player::Second }));
    assert_eq!(game.result().unwrap().score_text(), "0-1");
    // The same mate as the last move before a swap: the mated colour's
    // next move was the mater's own, and the mater has won.
    let start = turning("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 30 swap=1/5");
    let mut game = VariantRecord::new(start);
    game.play_uci("a1a8", false).unwrap();
    assert_eq!(game.position().turn().player, Player::First);
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::Black, winner: Player::First }));
}

#[test]
fn perft_counts_are_chesss() {
    // Legality and the order of colours are chess's.
    let start = VariantPosition::startpos_with_period(Variant::Turning, 1);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&start, d)), [20, 400, 8902, 197_281]);
}

#[test]
fn an_edge_is_worth_less_as_the_swap_comes_near() {
    // White a rook up, White to move: worth the most just after a swap,
    // nothing half way, and against the player just before the swap.
    let fen = |left: u8| format!("4k3/8/8/8/8/8/8/R3K3 w - - 0 9 swap={left}/5");
    let scores: Vec<i32> = [10, 5, 1].iter().map(|&left| evaluate(&turning(&fen(left)), None)).collect();
    assert!(scores[0] > 300 && scores[1] == 0 && scores[2] < -200, "{scores:?}");
}

#[test]
fn fen_round_trips() {
    for period in [1, 2, 5] {
        let start = VariantPosition::startpos_with_period(Variant::Turning, period);
        for position in random_positions(&start, 6, 150, 84 + period as u64) {
            assert_eq!(turning(&position.fen()), position, "{}", position.fen());
        }
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Turning, fen).unwrap_err();
    let base = "4k3/8/8/8/8/8/8/R3K3 w - - 0 9";
    for value in ["11/5", "0/5", "1/0", "3/101", "3", "a/b"] {
        assert_eq!(bad(&format!("{base} swap={value}")), VariantFenError::BadSwap(value.into()), "{value}");
    }
    assert_eq!(bad(&format!("{base} player=0")), VariantFenError::BadPlayer("0".into()));
    assert!(matches!(bad(&format!("{base} turn=1/2")), VariantFenError::TurnNotPossible { .. }));
    // Without swap=, a period of the given length begins.
    let position = VariantPosition::from_fen_with_period(Variant::Turning, base, 3).unwrap();
    assert_eq!(position.swap_clock(), SwapClock { period: 3, left: 6 });
}

#[test]
fn the_search_mates_for_the_player_it_plays() {
    // The first player leads Black now: it mates White.
    let start = turning("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 30 player=1 swap=5/5");
    let mut engine = Engine::new();
    let result = engine.search_variant_sync(&VariantRecord::new(start), SearchLimits::depth(3), None);
    assert_eq!(result.score, Score::Mate(1));
    let mut game = VariantRecord::new(start);
    game.play(result.best);
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::White, winner: Player::First }));
}
