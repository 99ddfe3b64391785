//! Losing chess: its rules, one test each, its perft counts (hand-checked,
//! and against Fairy-Stockfish's `losers` and python-chess where the rules
//! coincide), its FEN, and the search playing its goal.

mod variants_support;

use roque::board::FenError;
use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::{Score, SearchLimits};
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::{ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use variants_support::{engine_moves, position, random_positions};

fn losing(fen: &str) -> VariantPosition {
    position(Variant::Losers, fen)
}

fn moves(fen: &str) -> Vec<String> {
    engine_moves(&losing(fen))
}

#[test]
fn a_capture_is_compulsory() {
    let start = VariantPosition::startpos(Variant::Losers);
    let mut game = VariantRecord::new(start);
    game.play_uci("e2e4", false).unwrap();
    game.play_uci("d7d5", false).unwrap();
    assert_eq!(engine_moves(game.position()), vec!["e4d5"]);
    let error = game.position().parse_action("e4e5", false).unwrap_err();
    assert!(
        matches!(&error, ActionParseError::Illegal { reason: Some(r), .. } if r.contains("a capture is compulsory")),
        "{error}"
    );
}

#[test]
fn with_several_captures_the_player_chooses_among_them() {
    // The knight on c3 can take on b5, d5 or e4; nothing else may move.
    assert_eq!(moves("4k3/8/8/1p1p4/4p3/2N5/8/4K3 w - - 0 1"), vec!["c3b5", "c3d5", "c3e4"]);
}

#[test]
fn en_passant_is_a_capture_and_so_compulsory() {
    assert_eq!(moves("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"), vec!["e5d6"]);
}

#[test]
fn checks_are_answered_and_a_capture_that_leaves_check_obliges_nothing() {
    // Bxb3 would leave the king in check, so it is no legal capture: the
    // king steps aside or the bishop blocks on b1 or d1.
    assert_eq!(moves("k7/8/8/8/8/1p6/2B5/r6K w - - 0 1"), vec!["c2b1", "c2d1", "h1g2", "h1h2"]);
    // Taking the checker is legal, so it is compulsory.
    assert_eq!(moves("k7/8/8/8/8/8/1B6/r6K w - - 0 1"), vec!["b2a1"]);
}

#[test]
fn castling_is_a_plain_move_when_no_capture_is_legal() {
    assert!(moves("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1").contains(&"e1g1".to_string()));
    // The rooks face each other on open files: a capture is compulsory.
    assert_eq!(moves("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), vec!["a1a8", "h1h8"]);
}

#[test]
fn the_player_who_is_checkmated_wins() {
    let mut game = VariantRecord::new(losing("k2r4/8/8/8/8/8/6PP/2R4K w - - 0 1"));
    game.play_uci("c1d1", false).unwrap();
    // Black must take, and mates White: White wins.
    assert_eq!(engine_moves(game.position()), vec!["d8d1"]);
    game.play_uci("d8d1", false).unwrap();
    let result = game.result().unwrap();
    assert_eq!(result, VariantResult::Checkmate { mated: Color::White, winner: Color::White });
    assert_eq!(result.score_text(), "1-0");
}

#[test]
fn stalemate_wins_for_the_stalemated_side() {
    // Fairy-Stockfish's and Cute Chess's losers: a side that cannot move
    // wins, mated or not (the rules book is silent on stalemate).
    let game = VariantRecord::new(losing("k7/7p/1Q5P/8/8/8/8/7K b - - 0 1"));
    assert_eq!(game.result(), Some(VariantResult::StalematedWins { winner: Color::Black }));
    assert_eq!(game.result().unwrap().score_text(), "0-1");
}

#[test]
fn a_bare_king_wins_and_ends_the_game() {
    // Black has lost every man but its king: Black has won, and no side
    // moves any more (Fairy-Stockfish generates no move there either).
    let game = VariantRecord::new(losing("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"));
    assert_eq!(game.result(), Some(VariantResult::BareKingWins { winner: Color::Black }));
    assert!(game.position().legal_actions().is_empty());
    // The capture of the last man wins for the side that lost it.
    let mut game = VariantRecord::new(losing("4k3/8/8/8/8/2p5/3P4/4K3 w - - 0 1"));
    game.play_uci("d2c3", false).unwrap();
    assert_eq!(game.result(), Some(VariantResult::BareKingWins { winner: Color::Black }));
}

#[test]
fn no_material_is_too_little() {
    // Two bishops on one colour cannot mate, but either side can still lose
    // its bishop and win: the game goes on.
    let game = VariantRecord::new(losing("4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1"));
    assert_eq!(game.result(), None);
}

fn search(fen: &str, depth: u32) -> (String, Score) {
    let mut engine = Engine::new();
    let result = engine.search_variant_sync(&VariantRecord::new(losing(fen)), SearchLimits::depth(depth), None);
    (result.best.to_uci(false), result.score)
}

#[test]
fn the_search_plays_to_be_mated() {
    let (best, score) = search("k2r4/8/8/8/8/8/6PP/2R4K w - - 0 1", 4);
    assert_eq!((best.as_str(), score), ("c1d1", Score::Mate(1)));
}

#[test]
fn the_search_does_not_give_mate() {
    // Ra8 would mate Black, and so hand Black the game.
    let (best, score) = search("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 4);
    assert_ne!(best, "a1a8");
    assert!(!matches!(score, Score::Mate(n) if n < 0), "{score:?}");
}

#[test]
fn hand_checked_perft() {
    // The start: as chess for two plies (no capture is possible yet).
    let start = VariantPosition::startpos(Variant::Losers);
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 2), 400);
    // Fairy-Stockfish (losers) gives the same deeper counts.
    assert_eq!(perft(&start, 3), 8067);
    assert_eq!(perft(&start, 4), 152_955);
    // Rook c1: seven up the file, six along the rank; four pawn moves; Kg1.
    let rook = losing("k2r4/8/8/8/8/8/6PP/2R4K w - - 0 1");
    assert_eq!(perft(&rook, 1), 18);
    assert_eq!(perft(&rook, 2), 240);
    // After 1. e4 d5 only exd5; then only Qxd5.
    let mut game = VariantRecord::new(start);
    game.play_uci("e2e4", false).unwrap();
    game.play_uci("d7d5", false).unwrap();
    assert_eq!(perft(game.position(), 1), 1);
    assert_eq!(perft(game.position(), 2), 1);
}

#[test]
fn perft_agrees_with_fairy_stockfish_and_python_chess() {
    let data = include_str!("data/losing-perft.epd");
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (fen, count) = line.split_once(" ;D").unwrap();
        let (depth, nodes) = count.split_once(' ').unwrap();
        let position = losing(fen);
        assert_eq!(perft(&position, depth.parse().unwrap()), nodes.parse::<u64>().unwrap(), "{fen}");
        checked += 1;
    }
    assert!(checked >= 100, "{checked} positions");
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Losers);
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for position in random_positions(&start, 10, 120, 21) {
        let again = losing(&position.fen());
        assert_eq!(again, position, "{}", position.fen());
        assert_eq!(again.key(), position.key());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Losers, fen).unwrap_err();
    let base = "4k3/8/8/8/8/8/8/4K3";
    // Both kings alone: one of them was alone first and won; no game
    // reaches it, and neither side's win can be told.
    for side in ["w", "b"] {
        assert_eq!(bad(&format!("{base} {side} - - 0 1")), VariantFenError::BothKingsAlone);
    }
    assert_eq!(bad(&format!("{base}[Q] w - - 0 1")), VariantFenError::HandNotAllowed(Variant::Losers));
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K1N* w - - 0 1"), VariantFenError::GhostNotAllowed(Variant::Losers));
    assert_eq!(bad(&format!("{base} w - - 0 1 capture=e4")), VariantFenError::CaptureNotAllowed(Variant::Losers));
    assert_eq!(bad(&format!("{base} w - - 0 1 returns=e4:N")), VariantFenError::ReturnsNotAllowed(Variant::Losers));
    assert!(matches!(bad(&format!("{base} w - - 0 1 turn=2/2")), VariantFenError::TurnNotPossible { .. }));
    assert!(matches!(bad(&format!("{base} w - - 0 1 colour=red")), VariantFenError::UnknownField(_)));
    assert_eq!(bad(&format!("{base}[Q w - - 0 1")), VariantFenError::UnclosedHand);
    assert_eq!(
        bad("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"),
        VariantFenError::Chess(FenError::KingCount { color: Color::White, count: 2 })
    );
    assert_eq!(
        bad("4k3/8/8/8/8/8/8/4K2P w - - 0 1"),
        VariantFenError::Chess(FenError::PawnOnBackRank(roque::types::Square::H1))
    );
    assert_eq!(bad("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), VariantFenError::Chess(FenError::OpponentInCheck));
    assert_eq!(bad("4k3/8/8/8/8/8/8/4K3 w"), VariantFenError::Chess(FenError::FieldCount(2)));
    assert!(bad("QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k3K3 w - - 0 1").to_string().contains("White has 17 men"));
    // Every message says what is wrong.
    assert!(bad(&format!("{base}[Q] w - - 0 1")).to_string().contains("losers has no pieces in hand"));
}
