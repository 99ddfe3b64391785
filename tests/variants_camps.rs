//! Two opposed camps: its rules, one test each, hand-checked perft counts,
//! its FEN, and the search.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::{Score, SearchLimits};
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::{Player, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use variants_support::{play, position, random_positions};

fn camps(fen: &str) -> VariantPosition {
    position(Variant::Camps, fen)
}

fn after(moves: &[&str]) -> VariantRecord {
    play(VariantPosition::startpos(Variant::Camps), moves)
}

#[test]
fn after_whites_first_move_each_player_moves_black_then_white() {
    let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3"];
    let owners =
        [Player::Second, Player::Second, Player::First, Player::First, Player::Second, Player::Second, Player::First];
    let mut game = after(&[]);
    assert_eq!(game.position().turn().player, Player::First);
    for (text, owner) in moves.iter().zip(owners) {
        game.play_uci(text, false).unwrap();
        assert_eq!(game.position().turn().player, owner, "after {text}");
    }
    // The colours alternate as in chess; only the owners change.
    assert_eq!(game.position().side_to_move(), Color::Black);
    assert_eq!(
        after(&["e2e4", "e7e5"]).position().fen(),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 player=2"
    );
}

#[test]
fn whoever_mates_either_king_wins() {
    // The first player opens 1. f3; the second plays ...e5 and then, with
    // White, g4??; the first player, with Black, mates White: a win for the
    // first player, who began with White.
    let game = after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::White, winner: Player::First }));
    assert_eq!(game.result().unwrap().score_text(), "1-0");
}

#[test]
fn a_player_checkmated_by_its_own_move_has_won() {
    // Black to move owns the second player's turn (Black's move, then
    // White's): Black's Rb1 mates White, whose next move the second player
    // owned; the second player has won.
    let position = camps("6k1/8/8/8/8/8/1r3PPP/6K1 b - - 0 9");
    assert_eq!(position.turn().player, Player::Second);
    let game = play(position, &["b2b1"]);
    assert_eq!(game.position().turn().player, Player::Second, "the mated colour's move was the mater's own");
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::White, winner: Player::Second }));
    assert_eq!(game.result().unwrap().score_text(), "0-1");
    // The same mate by the first player, who owns Black's move here.
    let game = play(camps("6k1/8/8/8/8/8/1r3PPP/6K1 b - - 0 9 player=1"), &["b2b1"]);
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::White, winner: Player::First }));
}

#[test]
fn perft_counts_are_chesss() {
    // Legality and the order of colours are chess's: only the owners of
    // the moves change, so the counts from the start are chess's.
    let start = VariantPosition::startpos(Variant::Camps);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&start, d)), [20, 400, 8902, 197_281]);
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Camps);
    for position in random_positions(&start, 10, 150, 83) {
        assert_eq!(camps(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Camps, fen).unwrap_err();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert_eq!(bad(&format!("{start} w KQkq - 0 1 player=2")), VariantFenError::FirstMoveNotFirstPlayers);
    assert_eq!(bad(&format!("{start} w KQkq - 0 3 player=3")), VariantFenError::BadPlayer("3".into()));
    assert!(matches!(bad(&format!("{start} w KQkq - 0 3 turn=1/2")), VariantFenError::TurnNotPossible { .. }));
    assert_eq!(bad(&format!("{start} w KQkq - 0 3 player=1 player=2")), VariantFenError::RepeatedField("player"));
    assert_eq!(bad(&format!("{start} w KQkq - 0 3 swap=1/1")), VariantFenError::SwapNotAllowed(Variant::Camps));
}

#[test]
fn the_search_plays_for_the_player_not_the_colour() {
    // The second player owns Black's move and then White's: it mates Black
    // with White's move (Qxf7 is mate once Black's move is a quiet one).
    let start = camps("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    assert_eq!(start.turn().player, Player::Second);
    let mut engine = Engine::new();
    let result = engine.search_variant_sync(&VariantRecord::new(start), SearchLimits::depth(3), None);
    assert!(matches!(result.score, Score::Mate(n) if n > 0), "{result:?}");
    let game = play(start, &[&result.best.to_uci(false)]);
    engine.clear_hash();
    let result = engine.search_variant_sync(&game, SearchLimits::depth(3), None);
    let mut game = game;
    game.play(result.best);
    assert_eq!(game.result(), Some(VariantResult::MatedBy { mated: Color::Black, winner: Player::Second }));
}
