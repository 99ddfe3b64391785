//! Reinforced chess: its rules, one test each, hand-checked perft counts,
//! its FEN, and the search.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::{Color, PieceType};
use roque::variants::{ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord};
use variants_support::naive::Naive;
use variants_support::{engine_moves, position, random_positions};

fn reinforced(fen: &str) -> VariantPosition {
    position(Variant::Reinforced, fen)
}

fn after(moves: &[&str]) -> VariantRecord {
    let mut game = VariantRecord::new(VariantPosition::startpos(Variant::Reinforced));
    for text in moves {
        game.play_uci(text, false).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

fn reason(position: &VariantPosition, text: &str) -> String {
    match position.parse_action(text, false) {
        Err(ActionParseError::Illegal { reason: Some(reason), .. }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_capturer_receives_an_equal_piece_and_places_it_at_once() {
    let game = after(&["e2e4", "d7d5", "e4d5"]);
    let position = game.position();
    assert_eq!(position.side_to_move(), Color::White, "the capture's turn goes on");
    assert_eq!((position.turn().index, position.turn().length), (1, 2));
    assert_eq!(position.hands().count(Color::White, PieceType::Pawn), 1);
    assert_eq!(position.fen(), "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 2 capture=d5");
    // Nothing but the placement: no board move, anywhere empty but rank 8.
    assert!(engine_moves(position).iter().all(|m| m.starts_with("P@")));
    assert_eq!(reason(position, "d1d3"), "the pawn earned by the last capture must be placed first");
    let mut game = game;
    game.play_uci("P@e4", false).unwrap();
    assert_eq!(game.position().side_to_move(), Color::Black);
    assert_eq!(game.position().fen(), "rnbqkbnr/ppp1pppp/8/3P4/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 2");
}

#[test]
fn a_placed_piece_never_captures() {
    let game = after(&["e2e4", "d7d5", "e4d5"]);
    assert_eq!(reason(game.position(), "P@e7"), "a pawn may not be placed on e7 now");
}

#[test]
fn a_pawn_may_not_go_on_its_last_rank_but_may_go_on_its_first() {
    // White took a pawn on d5: rank 8 is refused, rank 1 allowed.
    let position = reinforced("3qk3/8/8/3P4/8/8/8/4K3[P] w - - 0 2 capture=d5");
    assert_eq!(reason(&position, "P@a8"), "a pawn may not be placed on a8 now");
    assert!(position.parse_action("P@a1", false).is_ok());
    // 64 squares, less d5, e1, d8, e8 and the six others of rank 8.
    assert_eq!(perft(&position, 1), 54);
}

#[test]
fn a_bishop_goes_on_the_colour_of_the_square_where_the_captured_bishop_stood() {
    // White took the bishop on b5 (a light square).
    let position = reinforced("4k3/8/8/1N6/8/8/8/4K3[B] w - - 0 2 capture=b5");
    let moves = engine_moves(&position);
    assert!(moves.iter().all(|m| {
        let square = roque::types::Square::parse(&m[2..]).unwrap();
        (square.file().index() + square.rank().index()) % 2 == 1
    }));
    // The 32 light squares less b5 and e8 (e1 is dark).
    assert_eq!(moves.len(), 30);
}

#[test]
fn the_capture_must_be_legal_before_the_placement() {
    // The knight is pinned to its king: Nxd4 would leave the king in check,
    // even though a placed piece on the e-file could then block.
    let position = reinforced("4r2k/8/8/8/3p4/8/4N3/4K3[] w - - 0 1");
    assert!(!engine_moves(&position).contains(&"e2d4".to_string()));
}

#[test]
fn a_placement_may_give_check() {
    let position = reinforced("4k3/8/8/3P4/8/8/8/4K3[Q] w - - 0 2 capture=d5");
    let mut game = VariantRecord::new(position);
    game.play_uci("Q@e4", false).unwrap();
    assert!(game.position().in_check());
    assert_eq!(game.position().side_to_move(), Color::Black);
}

#[test]
fn a_capture_that_gives_check_is_followed_by_its_placement() {
    // Rxe7+ checks; White still places the pawn before Black answers.
    let position = reinforced("4k3/4p3/8/8/8/8/8/4RK2[] w - - 0 1");
    let mut game = VariantRecord::new(position);
    game.play_uci("e1e7", false).unwrap();
    assert_eq!(game.position().side_to_move(), Color::White);
    assert!(game.position().legal_actions().iter().all(|a| a.is_drop()));
    game.play_uci("P@a2", false).unwrap();
    assert!(game.position().in_check() && game.position().side_to_move() == Color::Black);
}

#[test]
fn hand_checked_perft() {
    let start = VariantPosition::startpos(Variant::Reinforced);
    // As chess until a capture's placement, which can come at ply 4 at the
    // earliest: 20, 400, 8902.
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 2), 400);
    assert_eq!(perft(&start, 3), 8902);
    // After exd5 the pawn goes on any of the 33 empty squares (rank 8 is
    // full, rank 1 too).
    assert_eq!(perft(after(&["e2e4", "d7d5", "e4d5"]).position(), 1), 33);
}

#[test]
fn perft_to_depth_three_agrees_with_the_naive_generator() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] w KQkq - 0 2 capture=d5",
        "r3k2r/ppp2ppp/2n1bn2/3pp3/1b1PP1q1/2N1BN2/PPPQ1PPP/R3KB1R[] w KQkq - 0 8",
        "4k3/4p3/8/8/8/8/8/4RK2[] w - - 0 1",
    ] {
        let position = reinforced(fen);
        assert_eq!(perft(&position, 3), Naive::from_engine(&position).perft(3), "{fen}");
    }
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Reinforced);
    for position in random_positions(&start, 10, 150, 41) {
        assert_eq!(reinforced(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Reinforced, fen).unwrap_err();
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[P] w - - 0 2"), VariantFenError::HandWithoutCapture);
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[] w - - 0 2 capture=d5"), VariantFenError::CaptureWithoutHand);
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[PN] w - - 0 2 capture=d5"), VariantFenError::HandNotOnePieceOfSideToMove);
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[Pp] w - - 0 2 capture=d5"), VariantFenError::HandNotOnePieceOfSideToMove);
    assert_eq!(
        bad("4k3/8/8/3P4/8/8/8/4K3[P] w - - 0 2 capture=d6"),
        VariantFenError::NoCapturerOn(roque::types::Square::D6)
    );
    assert_eq!(
        bad("4k3/8/8/3p4/8/8/8/4K3[P] w - - 0 2 capture=d5"),
        VariantFenError::NoCapturerOn(roque::types::Square::D5)
    );
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[P] w - - 0 2 capture=z9"), VariantFenError::BadCaptureSquare("z9".into()));
    assert_eq!(
        bad("4k3/8/8/3P4/8/8/8/4K3[P] w - - 0 2 capture=d5 capture=d5"),
        VariantFenError::RepeatedField("capture")
    );
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K3[K] w - - 0 2 capture=e1"), VariantFenError::KingInHand);
    assert!(matches!(
        bad("4k3/8/8/3P4/8/8/8/4K3[P] w - - 0 2 capture=d5 turn=1/2"),
        VariantFenError::TurnNotPossible { .. }
    ));
    assert_eq!(bad("4k3/8/8/8/8/8/8/4KN*2[] w - - 0 1"), VariantFenError::GhostNotAllowed(Variant::Reinforced));
    // A side may have more than sixteen men, never more than 32 in all.
    assert!(VariantPosition::from_fen(Variant::Reinforced, "4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ[] w - - 0 1").is_ok());
    assert!(matches!(
        bad("4k3/pppppppp/pppppppp/8/8/8/PPPPPPPP/QQQQKQQQ[] w - - 0 1"),
        VariantFenError::TooManyMen { color: None, count: 33, limit: 32 }
    ));
}

#[test]
fn the_search_places_where_it_counts() {
    // The rook took a queen on g1; the new queen mates at once on g7 or g8,
    // guarded by the rook.
    let position = reinforced("7k/8/8/8/8/8/8/4K1R1[Q] w - - 0 2 capture=g1");
    let mut engine = Engine::new();
    let result = engine.search_variant_sync(&VariantRecord::new(position), SearchLimits::depth(3), None);
    let after = position.make(result.best);
    assert!(after.legal_actions().is_empty() && after.in_check(), "{:?} does not mate", result.best);
}
