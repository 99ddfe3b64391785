//! Returning chess: its rules, one test each, hand-checked perft counts, its
//! FEN, and the search.

mod variants_support;

use roque::board::DrawReason;
use roque::game::perft::game_perft as perft;
use roque::search::Engine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::{Color, PieceType, Square};
use roque::variants::{
    Action, ActionParseError, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult,
};
use variants_support::naive::Naive;
use variants_support::{engine_moves, position, random_positions};

fn returning(fen: &str) -> VariantPosition {
    position(Variant::Returning, fen)
}

fn after(moves: &[&str]) -> VariantRecord {
    let mut game = VariantRecord::new(VariantPosition::startpos(Variant::Returning));
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
fn a_captured_piece_goes_back_to_its_owner_who_places_it_then_moves() {
    let mut game = after(&["e2e4", "d7d5", "e4d5"]);
    let position = *game.position();
    assert_eq!(position.side_to_move(), Color::Black);
    assert_eq!((position.turn().index, position.turn().length), (0, 2));
    assert_eq!(position.hands().count(Color::Black, PieceType::Pawn), 1);
    assert_eq!(position.fen(), "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2 capture=d5");
    let why = reason(&position, "e7e6");
    assert_eq!(why, "the pawn taken by the last capture, returned to its side, must be placed first");
    game.play_uci("P@d6", false).unwrap();
    // The owner's turn goes on: Black moves too.
    assert_eq!(game.position().side_to_move(), Color::Black);
    assert_eq!(game.position().fen(), "rnbqkbnr/ppp1pppp/3p4/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 1 2 turn=2/2");
    game.play_uci("g8f6", false).unwrap();
    assert_eq!(game.position().side_to_move(), Color::White);
    assert_eq!(game.position().fullmove_number(), 3);
}

#[test]
fn the_piece_never_attacks_the_piece_that_took_it() {
    let game = after(&["e2e4", "d7d5", "e4d5"]);
    // A black pawn on c6 or e6 would attack the pawn on d5.
    assert_eq!(reason(game.position(), "P@c6"), "a pawn may not be placed on c6 now");
    assert_eq!(reason(game.position(), "P@e6"), "a pawn may not be placed on e6 now");
    // 33 empty squares (ranks 1 and 8 are full), less c6 and e6.
    assert_eq!(perft(game.position(), 1), 31);
}

#[test]
fn a_pawn_returns_off_the_first_and_last_ranks_and_a_bishop_to_its_colour() {
    // White's rook took a pawn on a5 and a bishop-free board: ranks 1 and 8
    // have room, but a pawn may not go there.
    let pawn = returning("4k3/8/8/R7/8/8/8/4K3[p] b - - 0 1 capture=a5");
    assert_eq!(reason(&pawn, "P@b8"), "a pawn may not be placed on b8 now");
    assert_eq!(reason(&pawn, "P@b1"), "a pawn may not be placed on b1 now");
    assert!(pawn.parse_action("P@b7", false).is_ok());
    // A bishop taken on a5 (dark) returns to a dark square, off the
    // diagonal a5-d2 from which it would attack the rook.
    let bishop = returning("4k3/8/8/R7/8/8/8/4K3[b] b - - 0 1 capture=a5");
    assert_eq!(reason(&bishop, "B@a4"), "a bishop may not be placed on a4 now");
    assert_eq!(reason(&bishop, "B@c3"), "a bishop may not be placed on c3 now");
    assert!(bishop.parse_action("B@c1", false).is_ok());
}

#[test]
fn a_placement_that_gives_check_ends_the_turn() {
    let mut game = VariantRecord::new(returning("4k3/8/8/3q4/4P3/8/8/4K3[] w - - 0 1"));
    game.play_uci("e4d5", false).unwrap();
    let mut quiet = game.clone();
    quiet.play_uci("Q@h8", false).unwrap();
    assert_eq!(quiet.position().side_to_move(), Color::Black, "no check: Black moves next");
    game.play_uci("Q@e2", false).unwrap();
    assert!(game.position().in_check());
    assert_eq!(game.position().side_to_move(), Color::White, "the check ended Black's turn");
}

#[test]
fn a_placement_may_not_leave_its_own_king_in_check() {
    // Rxe2+ gives check: the pawn given back must block it (any move
    // that leaves one's own king in check is illegal, a placement too).
    let mut game = VariantRecord::new(returning("4k3/8/8/8/8/8/4p3/4RK2[] w - - 0 1"));
    game.play_uci("e1e2", false).unwrap();
    assert!(game.position().in_check());
    let mut blocked = game.clone();
    blocked.play_uci("P@e5", false).unwrap();
    assert!(!blocked.position().in_check());
    assert_eq!(reason(game.position(), "P@a6"), "the king would be left in check");
    let drops: Vec<String> = engine_moves(game.position());
    assert_eq!(drops, vec!["P@e3", "P@e4", "P@e5", "P@e6", "P@e7"]);
}

#[test]
fn a_piece_that_cannot_answer_a_check_is_lost_and_its_owner_answers_with_a_move() {
    // Nxf2+ checks the king on h1: no placement blocks a knight's check, so
    // the knight given back is lost, and White plays a plain turn.
    let mut game = VariantRecord::new(returning("k7/8/8/8/4n3/8/5NPP/7K[] b - - 0 1"));
    game.play_uci("e4f2", false).unwrap();
    let position = game.position();
    assert_eq!((position.hands().total(Color::White), position.pending()), (0, None));
    assert_eq!((position.turn().index, position.turn().length), (0, 1));
    assert_eq!(engine_moves(position), vec!["h1g1"]);
    // The same state given by FEN, a placement pending, is refused.
    let refused = VariantPosition::from_fen(Variant::Returning, "k7/8/8/8/8/8/5nPP/7K[N] w - - 0 1 capture=f2");
    assert_eq!(refused.unwrap_err(), VariantFenError::NoSquareForPending);
}

#[test]
fn a_piece_with_no_square_allowed_is_lost_and_its_owner_plays_a_plain_turn() {
    // Every dark square is full but the long diagonal. Bxa1 takes White's
    // bishop, which could only return to that diagonal, where it would
    // attack its taker: it is lost, and White plays an ordinary move.
    let fen = "1k1n1r1b/p1p1p3/1p1p3p/N1Q3q1/1P3P1R/P3P1P1/3P1P1P/B1R1K1N1[] b - - 0 30";
    let mut game = VariantRecord::new(returning(fen));
    game.play_uci("h8a1", false).unwrap();
    let position = game.position();
    assert_eq!(position.side_to_move(), Color::White);
    assert_eq!((position.hands().total(Color::White), position.pending()), (0, None));
    assert_eq!((position.turn().index, position.turn().length), (0, 1));
    assert!(position.legal_actions().iter().all(|a| !a.is_drop()));
    assert_eq!(perft(position, 2), Naive::from_engine(position).perft(2));
}

#[test]
fn a_placement_that_leaves_its_owner_no_move_ends_the_turn() {
    // Black's queen took a pawn on f2. The pawn may go on g7 (none of the
    // book's four conditions forbids it), where it leaves White's king on
    // a1 no square: White's turn ends with its placement (`0000`), and
    // Black moves; no stalemate inside the turn.
    let mut game = VariantRecord::new(returning("6k1/8/8/8/8/8/2q2q2/K7[P] w - - 0 1 capture=f2"));
    game.play_uci("P@g7", false).unwrap();
    assert_eq!(game.position().legal_actions().as_slice(), [Action::PASS]);
    assert_eq!(game.result(), None);
    assert_eq!(perft(game.position(), 3), Naive::from_engine(game.position()).perft(3));
    let searched = Engine::new().search_variant_sync(&game, SearchLimits::depth(4), None);
    assert_eq!(searched.best, Action::PASS);
    game.play_uci("0000", false).unwrap();
    let position = game.position();
    assert_eq!((position.side_to_move(), position.turn().index, position.turn().length), (Color::Black, 0, 1));
    assert_eq!(position.halfmove_clock(), 1, "a pass moves no man");
    // At the start of a turn, no legal move is stalemate, as in chess.
    let start = returning("6k1/6P1/8/8/8/8/2q2q2/K7[] w - - 1 1");
    assert_eq!(start.result_without_history(), Some(VariantResult::Draw(DrawReason::Stalemate)));
    // A pass is refused where a move is left.
    let moves = returning("4k3/8/8/3P4/8/8/8/4K3[] b - - 0 2 turn=2/2");
    assert!(matches!(moves.parse_action("0000", false), Err(ActionParseError::Illegal { .. })));
}

#[test]
fn only_a_pawn_move_resets_the_fifty_move_count() {
    // A capture and the placement of the man it gives back change nothing
    // for good: the count runs on through them, and the game is drawn.
    let mut game = VariantRecord::new(returning("4k3/8/8/3q4/8/8/3Q4/4K3[] w - - 97 80"));
    game.play_uci("d2d5", false).unwrap();
    game.play_uci("Q@h8", false).unwrap();
    assert_eq!(game.position().halfmove_clock(), 99);
    assert_eq!(game.result(), None);
    game.play_uci("e8e7", false).unwrap();
    assert_eq!(game.result(), Some(VariantResult::Draw(DrawReason::FiftyMoveRule)));
    // A pawn's step resets it.
    let mut game = VariantRecord::new(returning("4k3/8/8/8/8/8/3P4/4K3[] w - - 97 80"));
    game.play_uci("d2d3", false).unwrap();
    assert_eq!(game.position().halfmove_clock(), 0);
}

#[test]
fn self_play_games_end_by_the_rules() {
    // Random games of returning chess once ran past 1,000 plies: captures
    // reset the fifty-move count though no man left the game.
    let mut random = variants_support::Random(7);
    for _ in 0..20 {
        let mut game = VariantRecord::new(VariantPosition::startpos(Variant::Returning));
        let mut plies = 0;
        while game.result().is_none() {
            let actions = game.position().legal_actions();
            game.play(actions[random.below(actions.len())]);
            plies += 1;
            assert!(plies < 1000, "{}", game.position().fen());
        }
    }
}

#[test]
fn no_man_ever_leaves_the_game_but_a_lost_one() {
    // Along random games a side loses a man only by a capture whose piece
    // has no square to return to (then nothing waits to be placed).
    let mut random = variants_support::Random(51);
    let mut lost = 0;
    for _ in 0..20 {
        let mut position = VariantPosition::startpos(Variant::Returning);
        for _ in 0..150 {
            let actions = position.legal_actions();
            if actions.is_empty() {
                break;
            }
            let action = actions[random.below(actions.len())];
            let next = position.make(action);
            for color in Color::ALL {
                if next.men(color) < position.men(color) {
                    assert!(position.is_capture(action) && next.pending().is_none(), "{}", position.fen());
                    assert_eq!(next.men(color) + 1, position.men(color));
                    lost += 1;
                }
            }
            position = next;
        }
    }
    assert!(lost > 0, "the games include a piece lost to a check it cannot answer");
}

#[test]
fn hand_checked_perft() {
    let start = VariantPosition::startpos(Variant::Returning);
    // As chess until a capture's placement, at ply 4 at the earliest.
    assert_eq!(perft(&start, 1), 20);
    assert_eq!(perft(&start, 2), 400);
    assert_eq!(perft(&start, 3), 8902);
    // The rook took a pawn on e2 with check: the pawn returns to ranks 2
    // to 7, not where it would attack the rook, and blocks the check.
    let check = returning("4k3/8/8/8/8/8/4R3/5K2[p] b - - 0 1 capture=e2");
    // Black is in check on the e-file: only e3 to e7 block it.
    assert_eq!(perft(&check, 1), 5);
}

#[test]
fn perft_to_depth_three_agrees_with_the_naive_generator() {
    for fen in [
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 2 capture=d5",
        "rnbqkbnr/ppp1pppp/3p4/3P4/8/8/PPPP1PPP/RNBQKBNR[] b KQkq - 1 2 turn=2/2",
        "r3k2r/ppp2ppp/2n1bn2/3pp3/1b1PP1q1/2N1BN2/PPPQ1PPP/R3KB1R[] w KQkq - 0 8",
        "4k3/8/8/8/8/8/4R3/5K2[p] b - - 0 1 capture=e2",
    ] {
        let position = returning(fen);
        assert_eq!(perft(&position, 3), Naive::from_engine(&position).perft(3), "{fen}");
    }
}

#[test]
fn fen_round_trips() {
    let start = VariantPosition::startpos(Variant::Returning);
    for position in random_positions(&start, 10, 150, 52) {
        assert_eq!(returning(&position.fen()), position, "{}", position.fen());
    }
}

#[test]
fn bad_fens_are_refused_with_the_reason() {
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Returning, fen).unwrap_err();
    // The taker is the other side's piece.
    assert_eq!(bad("4k3/8/8/3p4/8/8/8/4K3[p] b - - 0 2 capture=d5"), VariantFenError::NoCapturerOn(Square::D5));
    assert!(matches!(
        bad("4k3/8/8/3P4/8/8/8/4K3[p] b - - 0 2 capture=d5 turn=2/2"),
        VariantFenError::TurnNotPossible { .. }
    ));
    assert!(VariantPosition::from_fen(Variant::Returning, "4k3/8/8/3P4/8/8/8/4K3[] b - - 0 2 turn=2/2").is_ok());
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[] b - - 0 2 turn=2"), VariantFenError::BadTurn("2".into()));
    // In check after its own placement: no placement may leave its own king
    // in check, and nothing else is played between it and the move.
    assert_eq!(bad("4k3/8/8/8/8/8/8/4r1K1 w - - 1 1 turn=2/2"), VariantFenError::CheckAfterOwnPlacement);
    assert_eq!(bad("4R2k/6pp/8/8/8/8/8/4K3[] b - - 0 30 turn=2/2"), VariantFenError::CheckAfterOwnPlacement);
    // At the turn's start the check is the capture's, which the placement
    // must answer.
    assert!(VariantPosition::from_fen(Variant::Returning, "4k3/8/8/8/8/8/8/4r1K1 w - - 1 1").is_ok());
    assert_eq!(bad("4k3/8/8/3P4/8/8/8/4K3[] b - - 0 2 turn=3/2"), VariantFenError::BadTurn("3/2".into()));
    // After its placement the owner's move cannot take en passant: the
    // last move before the turn was the capture, not a double step.
    assert_eq!(bad("4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1 turn=2/2"), VariantFenError::EnPassantInsideTurn);
    // The only place left would attack the taker.
    let fen = "1k1n1r2/p1p1p3/1p1p3p/N1Q3q1/1P3P1R/P3P1P1/3P1P1P/b1R1K1N1[B] w - - 0 31 capture=a1";
    assert_eq!(bad(fen), VariantFenError::NoSquareForPending);
    // Each side keeps its own army: never more than sixteen men.
    assert!(matches!(bad("4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ[] w - - 0 1"), VariantFenError::TooManyMen { .. }));
}

#[test]
fn the_search_places_the_returned_piece_then_moves() {
    let mut engine = Engine::new();
    let game = after(&["e2e4", "d7d5", "e4d5"]);
    let result = engine.search_variant_sync(&game, SearchLimits::depth(3), None);
    assert!(result.best.is_drop(), "the returned pawn is placed first");
    let mut game = game;
    game.play(result.best);
    let result = engine.search_variant_sync(&game, SearchLimits::depth(3), None);
    assert!(!result.best.is_drop() && game.position().legal_actions().contains(&result.best));
}
