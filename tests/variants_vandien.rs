//! The rules book's placement chess (Van Dien's, `UCI_Variant vandien`; GUIs
//! mean pre-chess by `placement`, tests/variants_placement.rs): its rules,
//! one test each, hand-checked perft counts, its FEN, and the search.

mod variants_support;

use roque::board::FenError;
use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::{ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use variants_support::naive::Naive;
use variants_support::{engine_moves, play, position, random_positions};

fn vandien(fen: &str) -> VariantPosition {
    position(Variant::VanDien, fen)
}

fn reason(position: &VariantPosition, text: &str) -> String {
    match position.parse_action(text, false) {
        Err(ActionParseError::Illegal { reason: Some(reason), .. }) => reason,
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_game_starts_on_an_empty_board_with_both_armies_in_hand() {
    let start = VariantPosition::startpos(Variant::VanDien);
    assert!(start.occupied().is_empty());
    assert_eq!(start.fen(), "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1");
    assert_eq!((start.hands().total(Color::White), start.hands().total(Color::Black)), (16, 16));
}

#[test]
fn pieces_go_on_the_first_two_ranks_only() {
    let start = VariantPosition::startpos(Variant::VanDien);
    assert!(start.parse_action("N@c2", false).is_ok());
    assert!(start.parse_action("P@h1", false).is_ok(), "a pawn may stand on the first rank");
    assert_eq!(reason(&start, "N@c3"), "a knight may not be placed on c3 now");
    let mut game = VariantRecord::new(start);
    game.play_uci("Q@d1", false).unwrap();
    assert!(game.position().parse_action("n@c7", false).is_ok(), "Black places on ranks 7 and 8");
    assert_eq!(reason(game.position(), "N@c2"), "a knight may not be placed on c2 now");
}

#[test]
fn two_bishops_may_stand_on_one_colour() {
    let mut game = VariantRecord::new(VariantPosition::startpos(Variant::VanDien));
    for text in ["B@c1", "p@a7", "B@e1"] {
        game.play_uci(text, false).unwrap();
    }
    assert_eq!(game.position().fen(), "8/p7/8/8/8/8/8/2B1B3[KQRRNNPPPPPPPPkqrrbbnnppppppp] b - - 0 2");
}

#[test]
fn a_king_may_not_be_placed_in_check() {
    let mut game = VariantRecord::new(VariantPosition::startpos(Variant::VanDien));
    game.play_uci("Q@d1", false).unwrap();
    assert_eq!(reason(game.position(), "K@d8"), "the king would be left in check");
    assert!(game.position().parse_action("K@e8", false).is_ok());
}

#[test]
fn a_check_is_met_by_a_piece_on_the_second_rank_or_a_king_move() {
    // The queen on e8 checks along the empty e-file.
    let position = vandien("4q3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkrrbbnnpppppppp] w - - 0 2");
    assert!(position.in_check());
    assert_eq!(engine_moves(&position), vec!["B@e2", "N@e2", "P@e2", "Q@e2", "R@e2", "e1d1", "e1d2", "e1f1", "e1f2"]);
    assert_eq!(reason(&position, "N@c2"), "the king would be left in check");
}

#[test]
fn the_king_moves_only_out_of_a_check_while_pieces_wait() {
    let position = vandien("4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w - - 0 2");
    assert_eq!(
        reason(&position, "e1e2"),
        "the side to move places its pieces first (its king may only step out of a check)"
    );
}

#[test]
fn a_double_check_while_placing_can_be_mate() {
    // Rook a8 and bishop h8 both check the king on a1; the knight on b1
    // takes its last square: checkmate before the armies are down.
    let game = VariantRecord::new(vandien("r6b/8/8/8/8/8/8/KN6[QRRBBNPPPPPPPPkqrbnnpppppppp] w - - 0 3"));
    assert_eq!(game.result(), Some(VariantResult::Checkmate { mated: Color::White, winner: Color::Black }));
}

#[test]
fn no_man_moves_on_the_board_until_both_armies_are_placed() {
    // The book: "Une fois toutes les pièces placées, la partie proprement
    // dite débute". White's hand is empty (its king stepped out of a check
    // once), Black still places: White passes (`0000`) until Black is done.
    let position = vandien("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1");
    assert_eq!(engine_moves(&position), vec!["0000"]);
    assert_eq!(position.result_without_history(), None);
    assert!(reason(&position, "e1e2").contains("until both armies are placed"));
    let searched = Engine::new().search_variant_sync(&VariantRecord::new(position), SearchLimits::depth(3), None);
    assert_eq!(searched.best.to_uci(false), "0000");
    let game = play(position, &["0000"]);
    // A pawn on any empty square of ranks 7 and 8, its first rank included.
    assert_eq!(perft(game.position(), 1), 15);
    let placed = play(*game.position(), &["P@a7"]);
    assert_eq!(engine_moves(placed.position()), vec!["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"], "then the game");
    // Checked meanwhile, the king steps out ("en s'enfuyant"); no other man
    // moves, so the rook may not block on e2.
    let checked = vandien("k3q3/8/8/8/8/8/3R4/4K3[p] w - - 0 1");
    assert_eq!(engine_moves(&checked), vec!["e1d1", "e1f1", "e1f2"]);
    assert_eq!(perft(&checked, 3), Naive::from_engine(&checked).perft(3));
    assert_eq!(perft(&position, 3), Naive::from_engine(&position).perft(3));
}

#[test]
fn after_placement_no_castling_and_no_double_step() {
    let position = vandien("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w - - 0 1");
    let moves = engine_moves(&position);
    assert_eq!(moves.len(), 15, "{moves:?}");
    assert!(!moves.contains(&"e1g1".to_string()) && !moves.contains(&"e2e4".to_string()));
    let bad = |fen: &str| VariantPosition::from_fen(Variant::VanDien, fen).unwrap_err();
    assert_eq!(bad("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1"), VariantFenError::CastlingNotAllowed(Variant::VanDien));
    assert_eq!(bad("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1"), VariantFenError::EnPassantNotAllowed(Variant::VanDien));
}

#[test]
fn a_pawn_on_its_first_rank_steps_to_the_second() {
    assert_eq!(
        engine_moves(&vandien("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1")),
        vec!["a1a2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn hand_checked_perft() {
    let start = VariantPosition::startpos(Variant::VanDien);
    // Six kinds on sixteen squares.
    assert_eq!(perft(&start, 1), 96);
    // 96 Black replies to each White placement, less the king placements on
    // squares a first queen, rook or bishop attacks along the empty board:
    // a rook two (its file on ranks 7 and 8), a bishop 16 over its sixteen
    // squares, a queen both: 96 * 96 - 16 * 2 - 16 - (16 * 2 + 16) = 9120.
    assert_eq!(perft(&start, 2), 9120);
    // The check above: five kinds on e2 and four king moves.
    let check = vandien("4q3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkrrbbnnpppppppp] w - - 0 2");
    assert_eq!(perft(&check, 1), 9);
}

#[test]
fn perft_to_depth_three_agrees_with_the_naive_generator() {
    for fen in [
        "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1",
        "4q3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkrrbbnnpppppppp] w - - 0 2",
        "rn2k1r1/pp1pp1pp/8/8/8/8/PPP2PPP/R1B1KB1R[QNPNPbqbpp] w - - 0 12",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[q] b - - 0 16",
        "r1bqkb1r/pp1ppp1p/2n2n2/2p3p1/4P3/2N2N2/PPPP1PPP/R1BQKB1R[] w - - 0 20",
    ] {
        let position = vandien(fen);
        let naive = Naive::from_engine(&position);
        assert_eq!(perft(&position, 3), naive.perft(3), "{fen}");
    }
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::VanDien);
    for position in random_positions(&start, 10, 80, 31) {
        let again = vandien(&position.fen());
        assert_eq!(again, position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::VanDien, fen).unwrap_err();
    assert!(matches!(
        bad("8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPPkqrrbbnnppppppp] w - - 0 1"),
        VariantFenError::TooManyMen { color: Some(Color::White), .. }
    ));
    assert_eq!(
        bad("8/8/8/8/8/8/8/4K3[KQkq] w - - 0 1"),
        VariantFenError::Chess(FenError::KingCount { color: Color::White, count: 2 })
    );
    assert_eq!(bad("8/8/8/8/8/8/8/8[KXk] w - - 0 1"), VariantFenError::BadHandLetter('X'));
    assert_eq!(bad("8/8/8/8/8/8/8/8[Kk w - - 0 1"), VariantFenError::UnclosedHand);
    assert_eq!(bad("8/8/8/8/8/8/8/8[Kk]Q w - - 0 1"), VariantFenError::UnclosedHand);
    assert_eq!(bad("8/8/8/8/8/8/8/8[Kk] w - - 0 1 capture=e4"), VariantFenError::CaptureNotAllowed(Variant::VanDien));
    assert_eq!(bad("8/8/8/8/8/8/8/N*7[Kk] w - - 0 1"), VariantFenError::GhostNotAllowed(Variant::VanDien));
    assert_eq!(
        bad("8/8/8/8/8/8/8/8[Kk] w - - 0 1 turn=2/2"),
        VariantFenError::TurnNotPossible { turn: "2/2".to_string(), variant: Variant::VanDien }
    );
}

#[test]
fn the_search_answers_a_check_and_judges_setups() {
    let mut engine = Engine::new();
    let check = vandien("4q3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPkrrbbnnpppppppp] w - - 0 2");
    let result = engine.search_variant_sync(&VariantRecord::new(check), SearchLimits::depth(3), None);
    assert!(check.legal_actions().contains(&result.best));
    // A free queen in front of its own king is no setup: the evaluation
    // prefers the king behind a pawn wall to the king in the open.
    let walled = vandien("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 9");
    let open = vandien("4k3/pppppppp/8/8/8/8/PPPP1PPP/3PK3[QRRBBNNqrrbbnn] w - - 0 9");
    let evaluate = |position| roque::variants::eval::evaluate(position, None);
    assert!(evaluate(&walled) > evaluate(&open), "an open file in front of the king costs");
}
