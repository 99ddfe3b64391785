//! Progressive (Scottish) chess: its rules, one test each, hand-checked
//! perft counts, its FEN, and the search.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::{Color, Square};
use roque::variants::{Action, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use variants_support::{engine_moves, play, position, random_positions, turn_of};

fn progressive(fen: &str) -> VariantPosition {
    position(Variant::Progressive, fen)
}

fn after(moves: &[&str]) -> VariantRecord {
    play(VariantPosition::startpos(Variant::Progressive), moves)
}

#[test]
fn each_turn_has_one_move_more_than_the_last() {
    let moves = ["e2e4", "e7e5", "d7d5", "g1f3", "b1c3", "f1c4", "g8f6", "b8c6", "f8e7", "h7h6"];
    let expected = [
        (Color::Black, 1, 2),
        (Color::Black, 2, 2),
        (Color::White, 1, 3),
        (Color::White, 2, 3),
        (Color::White, 3, 3),
        (Color::Black, 1, 4),
        (Color::Black, 2, 4),
        (Color::Black, 3, 4),
        (Color::Black, 4, 4),
        (Color::White, 1, 5),
    ];
    for n in 1..=moves.len() {
        assert_eq!(turn_of(&after(&moves[..n])), expected[n - 1], "after {:?}", &moves[..n]);
    }
    // The move number gives the turn: White's at move 3 is turn 5.
    let game = after(&moves);
    assert_eq!(game.position().fullmove_number(), 3);
    assert!(!game.position().fen().contains("turn="), "{}", game.position().fen());
}

#[test]
fn a_check_forfeits_the_rest_of_the_turn_and_must_be_answered_first() {
    // White's turn of three: the first move checks, and Black's turn of
    // four follows at once, its first move answering the check.
    let start = progressive("4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    assert_eq!(start.turn().length, 3);
    let game = play(start, &["a1a8"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 4));
    assert_eq!(engine_moves(game.position()), ["e8d7", "e8e7", "e8f7"]);
    // The same check as the third move of the turn.
    let game = play(start, &["e1d2", "d2c3", "a1a8"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 4));
}

#[test]
fn a_turn_ends_when_no_move_is_left_in_it() {
    // The white king has no square and is not in check: inside its turn
    // the turn ends with `0000`; the next turn is Black's, one move longer.
    let inside = progressive("7k/8/8/8/8/1q6/8/K7 w - - 0 3 turn=3/5");
    assert_eq!(inside.legal_actions().as_slice(), [Action::PASS]);
    let game = play(inside, &["0000"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 6));
}

#[test]
fn checkmate_inside_a_long_turn_ends_the_game() {
    // White's turn of three: two quiet moves bring the mate.
    let start = progressive("k7/8/1K6/8/8/8/8/7R w - - 0 2");
    let game = play(start, &["h1h2", "h2h3", "h3h8"]);
    assert_eq!(game.result(), Some(VariantResult::Checkmate { mated: Color::Black, winner: Color::White }));
}

#[test]
fn perft_counts_from_the_start_and_inside_turns() {
    // W, B B, W W W: the first three plies mirror chess's (no check can
    // come before), then White's turn of three goes on.
    let start = VariantPosition::startpos(Variant::Progressive);
    assert_eq!([1, 2, 3].map(|d| perft(&start, d)), [20, 400, 8902]);
    // King and rook against king, White's turn of three: 15 moves; after
    // Ra8+ Black has its 3 answers; after any other, White moves again.
    let position = progressive("4k3/8/8/8/8/8/8/R3K3 w - - 0 2");
    assert_eq!(perft(&position, 1), 15);
    let after_check = play(position, &["a1a8"]);
    assert_eq!(perft(after_check.position(), 1), 3);
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Progressive);
    for position in random_positions(&start, 10, 150, 82) {
        assert_eq!(progressive(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Progressive, fen).unwrap_err();
    let base = "4k3/8/8/8/8/8/8/R3K3";
    // At move 2 White's turn is the third: not one of four.
    assert!(matches!(bad(&format!("{base} w - - 0 2 turn=1/4")), VariantFenError::TurnNotPossible { .. }));
    assert!(VariantPosition::from_fen(Variant::Progressive, &format!("{base} w - - 0 2 turn=3/3")).is_ok());
    assert_eq!(bad(&format!("{base} w - - 0 2 turn=0/3")), VariantFenError::BadTurn("0/3".into()));
    assert_eq!(bad("4k3/8/8/8/8/8/8/r3K3 w - - 0 2 turn=2/3"), VariantFenError::CheckInsideTurn);
    // An en-passant square inside a turn: only the turn's first move may
    // answer the double step that ended the turn before.
    assert_eq!(bad("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2 turn=3/4"), VariantFenError::EnPassantInsideTurn);
    assert_eq!(progressive("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 2").en_passant(), Some(Square::E3));
    assert_eq!(bad(&format!("{base} w - - 0 2 player=1")), VariantFenError::PlayerNotAllowed(Variant::Progressive));
}

#[test]
fn the_search_mates_within_a_turn_of_three() {
    let start = progressive("k7/8/1K6/8/8/8/8/7R w - - 0 2");
    let mut engine = Engine::new();
    let mut game = VariantRecord::new(start);
    while game.result().is_none() && game.position().side_to_move() == Color::White {
        let result = engine.search_variant_sync(&game, SearchLimits::depth(4), None);
        game.play(result.best);
    }
    assert_eq!(game.result(), Some(VariantResult::Checkmate { mated: Color::Black, winner: Color::White }));
}
