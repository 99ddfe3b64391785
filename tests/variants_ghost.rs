//! Ghost chess: its rules, one test each, hand-checked perft counts, its
//! FEN, and the search.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::{Color, Piece, Square};
use roque::variants::{Variant, VariantFenError, VariantPosition, VariantRecord};
use variants_support::naive::Naive;
use variants_support::{engine_moves, position, random_positions};

fn ghost(fen: &str) -> VariantPosition {
    position(Variant::Ghost, fen)
}

fn after(moves: &[&str]) -> VariantRecord {
    let mut game = VariantRecord::new(VariantPosition::startpos(Variant::Ghost));
    for text in moves {
        game.play_uci(text, false).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

fn has(position: &VariantPosition, text: &str) -> bool {
    engine_moves(position).iter().any(|m| m == text)
}

#[test]
fn a_captured_piece_comes_back_as_a_ghost_where_it_fell_once_the_square_is_empty() {
    let game = after(&["e2e4", "d7d5", "e4d5", "d8d5"]);
    // Both pawns wait on d5, under the queen, in the order they were taken.
    assert_eq!(game.position().returns().on(Square::D5).collect::<Vec<_>>(), vec![Piece::BlackPawn, Piece::WhitePawn]);
    let game = after(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]);
    let position = game.position();
    assert_eq!(position.piece_on(Square::D5), Some(Piece::BlackPawn));
    assert!(position.ghosts().contains(Square::D5));
    assert_eq!(position.fen(), "rnb1kbnr/ppp1pppp/8/q2p*4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4 returns=d5:P");
}

#[test]
fn several_pieces_taken_on_one_square_come_back_one_at_a_time_in_order() {
    let mut game = after(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "c3b5"]);
    game.play_uci("d5d4", false).unwrap();
    let position = game.position();
    assert_eq!(position.piece_on(Square::D5), Some(Piece::WhitePawn), "the second pawn comes back");
    assert!(position.ghosts().contains(Square::D5) && position.ghosts().contains(Square::D4));
    assert!(position.returns().is_empty());
}

#[test]
fn a_ghost_cannot_be_captured_not_even_by_a_ghost() {
    let game = after(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5"]);
    assert!(!has(game.position(), "c3d5"), "the knight may not take the ghost");
    let position = ghost("4k3/8/8/3p*4/8/2N*5/8/4K3 w - - 0 1");
    assert!(!has(&position, "c3d5"));
}

#[test]
fn a_ghost_moves_and_captures_like_its_piece() {
    let mut game = VariantRecord::new(ghost("4k3/8/8/3p4/8/2N*5/8/4K3 w - - 0 1"));
    assert!(has(game.position(), "c3d5") && has(game.position(), "c3b5"));
    game.play_uci("c3d5", false).unwrap();
    assert!(game.position().ghosts().contains(Square::D5), "a ghost stays a ghost");
    assert_eq!(game.position().returns().on(Square::D5).collect::<Vec<_>>(), vec![Piece::BlackPawn]);
}

#[test]
fn a_ghost_gives_check_and_its_check_cannot_be_met_by_taking_it() {
    // The ghost knight on d3 checks; the rook could reach d3 but may not take.
    let position = ghost("7k/3R4/8/8/8/3n*4/8/4K3 w - - 0 1");
    assert!(position.in_check());
    assert_eq!(engine_moves(&position), vec!["e1d1", "e1d2", "e1e2", "e1f1"]);
}

#[test]
fn a_move_that_lets_a_checking_ghost_back_is_illegal() {
    // The bishop took a rook on e2: if it leaves, the rook comes back as a
    // ghost next to the king and checks it.
    let position = ghost("4k3/8/8/8/8/8/4B3/4K3 w - - 0 1 returns=e2:r");
    assert_eq!(engine_moves(&position), vec!["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn en_passant_the_taken_pawn_waits_where_its_taker_lands() {
    let mut game = VariantRecord::new(ghost("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"));
    game.play_uci("e5d6", false).unwrap();
    assert_eq!(game.position().returns().on(Square::D6).collect::<Vec<_>>(), vec![Piece::BlackPawn]);
    assert_eq!(game.position().piece_on(Square::D5), None);
}

#[test]
fn a_ghost_pawn_double_step_gives_no_en_passant() {
    let mut game = VariantRecord::new(ghost("4k3/8/8/8/3p4/8/4P*3/4K3 w - - 0 1"));
    game.play_uci("e2e4", false).unwrap();
    assert_eq!(game.position().en_passant(), None);
    assert!(!has(game.position(), "d4e3"));
    // A real pawn's double step does.
    let mut game = VariantRecord::new(ghost("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"));
    game.play_uci("e2e4", false).unwrap();
    assert!(has(game.position(), "d4e3"));
}

#[test]
fn a_ghost_pawn_promotes_to_a_ghost_piece() {
    let mut game = VariantRecord::new(ghost("4k3/1P*6/8/8/8/8/8/4K3 w - - 0 1"));
    game.play_uci("b7b8q", false).unwrap();
    assert_eq!(game.position().piece_on(Square::B8), Some(Piece::WhiteQueen));
    assert!(game.position().ghosts().contains(Square::B8));
    assert!(game.position().in_check());
}

#[test]
fn hand_checked_perft() {
    let start = VariantPosition::startpos(Variant::Ghost);
    // A piece taken at ply 3 waits under its taker, which can leave at ply
    // 5 at the earliest: to depth 4 the tree is chess's.
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 2), 400);
    assert_eq!(perft(&start, 3), 8902);
    assert_eq!(perft(&start, 4), 197_281);
    // The bishop pinned by its own returning rook: four king moves.
    assert_eq!(perft(&ghost("4k3/8/8/8/8/8/4B3/4K3 w - - 0 1 returns=e2:r"), 1), 4);
}

#[test]
fn perft_to_depth_three_agrees_with_the_naive_generator() {
    for fen in [
        "rnb1kbnr/ppp1pppp/8/q2p*4/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 4 returns=d5:P",
        "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1 returns=d4:pb",
        "r3k2r/ppp2ppp/2n1bn2/3pp3/1b1PP1q1/2N1BN2/PPPQ1PPP/R3KB1R w KQkq - 0 8",
        "7k/3R4/8/8/8/3n*4/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/4B3/4K3 w - - 0 1 returns=e2:r",
    ] {
        let position = ghost(fen);
        assert_eq!(perft(&position, 3), Naive::from_engine(&position).perft(3), "{fen}");
    }
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Ghost);
    let positions = random_positions(&start, 10, 200, 61);
    assert!(positions.iter().any(|p| p.ghosts().any() && !p.returns().is_empty()));
    for position in positions {
        assert_eq!(ghost(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Ghost, fen).unwrap_err();
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K*3 w - - 0 1"), VariantFenError::GhostKing(Square::E1));
    assert_eq!(bad("*4k3/8/8/8/8/8/8/4K3 w - - 0 1"), VariantFenError::MisplacedGhostMark);
    assert_eq!(bad("4k3/8/8/8/8/8/8/3*K3 w - - 0 1"), VariantFenError::MisplacedGhostMark);
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K3 w - - 0 1 returns=d4:p"), VariantFenError::WaitingOnEmptySquare(Square::D4));
    assert_eq!(bad("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1 returns=d4:k"), VariantFenError::WaitingKing(Square::D4));
    for list in ["d4", "d4:", "z9:p", "d4:x", "d4:p,d4:n", "d4:p,"] {
        assert!(
            matches!(bad(&format!("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1 returns={list}")), VariantFenError::BadReturns(_)),
            "{list}"
        );
    }
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K2R* w K - 0 1"), VariantFenError::GhostCastlingRook(Square::H1));
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), VariantFenError::HandNotAllowed(Variant::Ghost));
    assert!(matches!(bad("4k3/8/8/8/8/8/8/4K3 w - - 0 1 capture=e1"), VariantFenError::CaptureNotAllowed(_)));
    // Men waiting count with the army: no more than sixteen a side.
    assert!(matches!(
        bad("4k3/8/8/8/3N4/8/PPPPPPPP/RNBQKBNR w - - 0 1 returns=d4:NN"),
        VariantFenError::TooManyMen { color: Some(Color::White), .. }
    ));
}

#[test]
fn the_search_uses_an_invulnerable_ghost() {
    // The ghost queen cannot be taken: unguarded, Qxf7 is mate all the same.
    let position = ghost("rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q*2/PPPP1PPP/RNB1KBNR w KQkq - 0 3");
    let mut engine = Engine::new();
    let result = engine.search_variant_sync(&VariantRecord::new(position), SearchLimits::depth(3), None);
    assert_eq!(result.best.to_uci(false), "f3f7");
}
