//! Placement as GUIs play it (pre-chess; `UCI_Variant placement`): the pawns
//! on their ranks, the eight pieces dropped on one's own first rank with the
//! bishops on squares of both colours, castling rights for a king dropped on
//! e1 (e8) and rooks dropped in the corners, then chess. One test per rule,
//! hand-checked perft, FEN and search; the counts against Fairy-Stockfish
//! are in tests/variants_fairy.rs.

mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::Color;
use roque::variants::{ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord};
use variants_support::{engine_moves, play, position};

fn placement(fen: &str) -> VariantPosition {
    position(Variant::Placement, fen)
}

fn start() -> VariantPosition {
    VariantPosition::startpos(Variant::Placement)
}

fn reason(position: &VariantPosition, text: &str) -> String {
    match position.parse_action(text, false) {
        Err(ActionParseError::Illegal { reason, .. }) => reason.unwrap_or_default(),
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn the_game_starts_with_the_pawns_on_the_board_and_the_pieces_in_hand() {
    let start = start();
    assert_eq!(start.fen(), "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1");
    assert_eq!((start.hands().total(Color::White), start.hands().total(Color::Black)), (8, 8));
}

#[test]
fn pieces_are_dropped_on_the_own_first_rank_only_and_before_any_move() {
    let start = start();
    // Five kinds on eight squares: every drop, and no pawn move.
    assert_eq!(perft(&start, 1), 40);
    assert!(engine_moves(&start).iter().all(|m| m.contains('@') && m.ends_with('1')));
    assert!(start.parse_action("e2e4", false).is_err());
    assert!(start.parse_action("N@c2", false).is_err());
    let game = play(start, &["N@b1"]);
    assert!(engine_moves(game.position()).iter().all(|m| m.contains('@') && m.ends_with('8')));
}

#[test]
fn the_bishops_go_on_squares_of_both_colours() {
    // c1 is dark: the second bishop may not go on a dark square.
    let game = play(start(), &["B@c1", "b@c8"]);
    let moves = engine_moves(game.position());
    assert!(moves.contains(&"B@b1".to_string()) && moves.contains(&"B@d1".to_string()));
    assert!(!moves.contains(&"B@a1".to_string()) && !moves.contains(&"B@e1".to_string()));
    assert!(reason(game.position(), "B@e1").contains("e1"));
    // With one light square left and a bishop in hand for it, no other
    // piece may take that square.
    let tight = placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK1NR[B] w - - 0 1");
    assert_eq!(engine_moves(&tight), vec!["B@f1"]);
    let squeezed = placement("8/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1NR[BBkqrrbbnn] w - - 0 1");
    // c1 (dark) and f1 (light) are left for the two bishops.
    assert_eq!(engine_moves(&squeezed), vec!["B@c1", "B@f1"]);
    // a1 (dark) and f1 (light) are free, a bishop stands on c1 (dark): the
    // queen must leave f1 to the bishop in hand, which may not go on a1.
    let one_left = placement("8/pppppppp/8/8/8/8/PPPPPPPP/1NBRK1NR[QBkqrrbbnn] w - - 0 1");
    assert_eq!(engine_moves(&one_left), vec!["B@f1", "Q@a1"]);
}

#[test]
fn castling_rights_come_from_a_king_on_e1_and_rooks_in_the_corners() {
    let game = play(start(), &["R@h1", "r@a8", "K@e1", "k@d8"]);
    // The king on e1 brings the right of the rook already on h1; Black's
    // king is not on e8, so Black has none.
    assert_eq!(game.position().fen(), "r2k4/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrbbnn] w K - 0 3");
    let game = play(*game.position(), &["R@a1", "r@h8", "B@c1", "b@c8", "N@b1", "n@b8", "Q@d1"]);
    assert!(game.position().fen().contains(" KQ "), "{}", game.position().fen());
    // A rook that is not in a corner brings nothing.
    let game = play(start(), &["K@e1", "k@e8", "R@g1", "r@h8"]);
    assert!(game.position().fen().contains(" k "), "{}", game.position().fen());
}

#[test]
fn after_the_set_up_the_game_is_chess_with_castling_and_double_steps() {
    let set_up = [
        "R@a1", "r@a8", "N@b1", "n@b8", "B@c1", "b@c8", "Q@d1", "q@d8", "K@e1", "k@e8", "B@f1", "b@f8", "N@g1", "n@g8",
        "R@h1", "r@h8",
    ];
    let game = play(start(), &set_up);
    // The standard array, reached by drops: chess's 20 moves, and chess's
    // counts below them.
    assert_eq!(game.position().fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 9");
    assert_eq!(perft(game.position(), 3), 8902);
    let game = play(*game.position(), &["e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1"]);
    assert!(game.position().fen().starts_with("rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1[] b kq"));
}

#[test]
fn hand_checked_perft() {
    // 40 drops for White, 40 replies.
    assert_eq!(perft(&start(), 2), 1600);
    // Fairy-Stockfish 11.1 gives the same deeper counts.
    assert_eq!(perft(&start(), 3), 50_560);
    assert_eq!(perft(&start(), 4), 1_597_696);
}

#[test]
fn fen_round_trips_and_bad_fens_are_refused() {
    let game = play(start(), &["K@e1", "k@e8", "R@h1"]);
    let fen = game.position().fen();
    assert_eq!(placement(&fen).fen(), fen);
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Placement, fen).unwrap_err();
    assert_eq!(bad("8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNPkqrrbbnn] w - - 0 1"), VariantFenError::PawnInHand);
    assert!(bad("8/pppppppp/8/8/8/8/PPPPPPPP/8[QRRBBNNkqrrbbnn] w - - 0 1").to_string().contains("king"));
    assert!(bad("8/pppppppp/8/8/8/8/PPPPPPPP/P7[KQRRBBNNkqrrbbnn] w - - 0 1").to_string().contains("a1"));
    // Two bishops of one side on one colour: never while the pieces are
    // dropped (c1 and e1 are both dark), and after, only by a promotion,
    // which needs a pawn gone.
    let one_colour = VariantFenError::BishopsOnOneColour(Color::White);
    assert_eq!(bad("8/pppppppp/8/8/8/8/PPPPPPPP/2B1B3[KQRRNNkqrrbbnn] b - - 0 2"), one_colour);
    assert_eq!(bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR[] w - - 0 9"), one_colour);
    assert!(bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR[] w - - 0 9").to_string().contains("promotion"));
    placement("rnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKNBR[] w - - 0 9");
    placement("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 9");
}

#[test]
fn the_search_drops_pieces_and_plays_on() {
    let mut engine = Engine::new();
    let mut game = VariantRecord::new(start());
    for _ in 0..24 {
        let result = engine.search_variant_sync(&game, SearchLimits::depth(3), None);
        let text = result.best.to_uci(false);
        game.play_uci(&text, false).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    // Sixteen drops, then eight moves on the board.
    assert_eq!(game.position().hands().total(Color::White) + game.position().hands().total(Color::Black), 0);
    assert_eq!(game.position().fullmove_number(), 13);
}
