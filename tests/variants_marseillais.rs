//! Marseillais chess: its rules, one test each, hand-checked perft counts,
//! its FEN, and the search.

mod variants_support;

use roque::board::DrawReason;
use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::{
    Action, ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult,
};
use variants_support::{engine_moves, play, position, random_positions, turn_of};

fn marseillais(fen: &str) -> VariantPosition {
    position(Variant::Marseillais, fen)
}

/// The game of `moves` from the start under the balanced rule (White's
/// first turn of one move), the rule most of these tests were written for.
fn after(moves: &[&str]) -> VariantRecord {
    play(VariantPosition::startpos(Variant::Marseillais).with_first_turn_of_one_move(), moves)
}

#[test]
fn every_turn_has_two_moves_whites_first_too() {
    // The rules book: "chaque joueur, à tour de rôle, peut jouer deux fois
    // de suite", and nothing else for White's first turn.
    let start = VariantPosition::startpos(Variant::Marseillais);
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let game = play(start, &["e2e4", "d2d4"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
    // The turn's length does not come from the move number in a FEN.
    let later = marseillais("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 turn=2/2");
    assert_eq!(perft(&later, 1), 30);
    let one = marseillais("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 7");
    assert_eq!(turn_of(&VariantRecord::new(one)), (Color::White, 1, 2));
}

#[test]
fn the_balanced_rule_opens_with_one_move_then_each_turn_has_two() {
    let game = after(&[]);
    assert_eq!(turn_of(&game), (Color::White, 1, 1));
    let game = after(&["e2e4"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
    let game = after(&["e2e4", "e7e5"]);
    assert_eq!(turn_of(&game), (Color::Black, 2, 2));
    assert_eq!(game.position().fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 turn=2/2");
    let game = after(&["e2e4", "e7e5", "d7d5"]);
    assert_eq!(turn_of(&game), (Color::White, 1, 2));
    assert_eq!(game.position().fullmove_number(), 2);
    let game = after(&["e2e4", "e7e5", "d7d5", "e4d5", "d5d6"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
}

#[test]
fn one_piece_may_move_twice_and_capture() {
    // The knight comes out and takes the pawn on e4 in one turn.
    let game = after(&["e2e4", "g8f6", "f6e4"]);
    assert_eq!(turn_of(&game), (Color::White, 1, 2));
    assert_eq!(game.position().fen(), "rnbqkb1r/pppppppp/8/8/4n3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
}

#[test]
fn a_check_with_the_first_move_ends_the_turn() {
    let start = marseillais("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    let game = play(start, &["a1a8"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2), "White's second move is lost");
    // Black must answer the check with its first move.
    assert_eq!(engine_moves(game.position()), ["e8d7", "e8e7", "e8f7"]);
    // A check with the second move ends the turn as usual.
    let game = play(start, &["e1d2", "a1a8"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
}

#[test]
fn a_turn_never_leaves_ones_own_king_in_check() {
    // The first move may not expose the king, even though a second move
    // would follow: the king is never left in check.
    let position = marseillais("4k3/8/8/8/8/8/4B3/r3K3 w - - 0 5");
    assert!(position.in_check());
    let moves = engine_moves(&position);
    assert!(!moves.contains(&"e2d3".to_string()), "{moves:?}");
    assert!(moves.contains(&"e1d2".to_string()) && moves.contains(&"e2d1".to_string()));
}

#[test]
fn en_passant_answers_only_a_double_step_that_ended_the_turn() {
    let start = marseillais("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 5");
    // The double step as White's second move: Black's first move may take.
    let game = play(start, &["e1d1", "e2e4"]);
    assert_eq!(game.position().en_passant().map(|s| s.to_string()), Some("e3".into()));
    assert!(engine_moves(game.position()).contains(&"f4e3".to_string()));
    // ... but not its second.
    let later = play(*game.position(), &["e8d8"]);
    assert!(!engine_moves(later.position()).contains(&"f4e3".to_string()));
    // The double step as White's first move: the second passes it by.
    let game = play(start, &["e2e4", "e1d1"]);
    assert_eq!(game.position().en_passant(), None);
    assert!(!engine_moves(game.position()).contains(&"f4e3".to_string()));
}

#[test]
fn a_player_with_no_move_left_in_the_turn_passes() {
    // White's king has no square, but White is not in check: inside the
    // turn, the turn ends (`0000`); at its start, stalemate.
    let inside = marseillais("7k/8/8/8/8/1q6/8/K7 w - - 0 5 turn=2/2");
    assert_eq!(inside.legal_actions().as_slice(), [Action::PASS]);
    assert_eq!(inside.result_without_history(), None);
    let game = play(inside, &["0000"]);
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
    assert_eq!(game.position().halfmove_clock(), 0, "a pass moves no man");
    let start = marseillais("7k/8/8/8/8/1q6/8/K7 w - - 0 5");
    assert_eq!(start.result_without_history(), Some(VariantResult::Draw(DrawReason::Stalemate)));
    // A pass is refused where a move exists.
    let position = marseillais("4k3/8/8/8/8/8/8/R3K3 w - - 0 5 turn=2/2");
    assert!(matches!(position.parse_action("0000", false), Err(ActionParseError::Illegal { .. })));
}

#[test]
fn checkmate_ends_the_game() {
    // 1. f3 | e5 Qh4?? is not possible (the check ends the turn); the
    // fool's mate comes with the second move of Black's turn.
    let game = after(&["f2f3", "e7e5", "g7g6", "g2g4", "h2h3", "d8h4"]);
    assert_eq!(game.result(), Some(VariantResult::Checkmate { mated: Color::White, winner: Color::Black }));
}

#[test]
fn perft_counts_from_the_start_and_inside_turns() {
    // From the start: White's one move, then Black's two. The counts equal
    // chess's to depth 4 by symmetry (W B B W against W B W B: the same
    // positions with colours exchanged, as no check is possible before), and
    // part from them at depth 5.
    let start = VariantPosition::startpos(Variant::Marseillais).with_first_turn_of_one_move();
    assert_eq!([1, 2, 3, 4].map(|d| perft(&start, d)), [20, 400, 8902, 197_281]);
    // The rules book's start, White's two moves first: the counts of
    // scripts/turns-perft.py's second implementation.
    let book = VariantPosition::startpos(Variant::Marseillais);
    assert_eq!([1, 2, 3, 4].map(|d| perft(&book, d)), [20, 445, 8864, 196_646]);
    // Inside a turn: after 1. e4 e5, Black's second move: 29 (the pawn on
    // e5 is blocked; seven pawns 14, knights 2 and 3, bishop 5, queen 4,
    // king 1).
    let game = after(&["e2e4", "e7e5"]);
    assert_eq!(perft(game.position(), 1), 29);
    // Right after a check: only its answers.
    let checked = play(marseillais("4k3/8/8/8/8/8/8/R3K3 w - - 0 5"), &["a1a8"]);
    assert_eq!(perft(checked.position(), 1), 3);
    // King and rook against king, hand-counted: the rook's 10 squares and
    // the king's 5; after Ra8+ Black's 3 answers, after any other of the 14
    // moves (none checks) White's second move.
    let position = marseillais("4k3/8/8/8/8/8/8/R3K3 w - - 0 5");
    assert_eq!(perft(&position, 1), 15);
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Marseillais);
    for position in random_positions(&start, 10, 150, 81) {
        assert_eq!(marseillais(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Marseillais, fen).unwrap_err();
    let base = "4k3/8/8/8/8/8/8/R3K3";
    assert!(matches!(bad(&format!("{base} b - - 0 5 turn=1/1")), VariantFenError::TurnNotPossible { .. }));
    assert!(matches!(bad(&format!("{base} w - - 0 5 turn=2/3")), VariantFenError::TurnNotPossible { .. }));
    assert_eq!(bad(&format!("{base} w - - 0 5 turn=3/2")), VariantFenError::BadTurn("3/2".into()));
    assert_eq!(bad(&format!("{base} w - - 0 5 player=2")), VariantFenError::PlayerNotAllowed(Variant::Marseillais));
    assert_eq!(bad(&format!("{base} w - - 0 5 swap=3/2")), VariantFenError::SwapNotAllowed(Variant::Marseillais));
    // In check inside a turn: the check would have ended it.
    assert_eq!(bad("4k3/8/8/8/8/8/8/r3K3 w - - 0 5 turn=2/2"), VariantFenError::CheckInsideTurn);
    // An en-passant square inside a turn: en passant is the first move of
    // the turn after the double step, never its second.
    assert_eq!(bad("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 turn=2/2"), VariantFenError::EnPassantInsideTurn);
    let first = marseillais("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert!(engine_moves(&first).contains(&"d4e3".to_string()), "the turn's first move may take");
    // A turn of one move is White's balanced opening turn, at any move
    // number, and no other.
    assert!(matches!(bad(&format!("{base} b - - 0 1 turn=1/1")), VariantFenError::TurnNotPossible { .. }));
    let balanced = marseillais("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 4 turn=1/1");
    assert_eq!((balanced.turn().index, balanced.turn().length), (0, 1));
}

#[test]
fn the_search_finds_a_mate_that_takes_both_moves_of_a_turn() {
    // The h-file is shut: the rook mates on the back rank only with two
    // moves, the first of them quiet.
    let start = marseillais("7k/6pp/8/8/8/8/8/K6R w - - 0 5");
    let mut engine = Engine::new();
    let mut game = VariantRecord::new(start);
    for _ in 0..2 {
        let result = engine.search_variant_sync(&game, SearchLimits::depth(4), None);
        game.play(result.best);
    }
    assert_eq!(game.result(), Some(VariantResult::Checkmate { mated: Color::Black, winner: Color::White }));
}
