//! The rules of chess beyond plain moves: check, pins, en passant, castling
//! (standard and Chess960), promotion, and the ends of a game.

use roque::board::{moves_before_game_end, ChessRecord, DrawReason, GameResult, MoveParseError, Position};
use roque::types::{Color, Move, MoveKind, PieceType, Square};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci_moves(position: &Position, chess960: bool) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(|m| m.to_uci(chess960)).collect();
    moves.sort();
    moves
}

fn has(position: &Position, uci: &str, chess960: bool) -> bool {
    uci_moves(position, chess960).iter().any(|m| m == uci)
}

fn game(fen: &str, moves: &[&str]) -> ChessRecord {
    let mut game = ChessRecord::new(position(fen));
    for m in moves {
        game.play_uci(m, false).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    let p = position("8/8/8/KPp4r/8/8/8/7k w - c6 0 1");
    assert!(!has(&p, "b5c6", false));
    assert_eq!(p.en_passant(), None, "an impossible capture leaves no en-passant square");
    // Without the rook the capture is legal.
    let p = position("8/8/8/KPp5/8/8/8/7k w - c6 0 1");
    assert!(has(&p, "b5c6", false));
    let after = p.make_move(p.parse_uci_move("b5c6", false).unwrap());
    assert_eq!(after.piece_on(Square::C5), None, "the captured pawn is removed");
}

#[test]
fn en_passant_only_as_the_immediate_reply() {
    let g = game("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", &["e2e4"]);
    assert!(has(g.position(), "f4e3", false));
    let g = game("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1", &["e2e4", "e8d8", "e1d1"]);
    assert!(!has(g.position(), "f4e3", false));
}

#[test]
fn en_passant_can_capture_a_checking_pawn() {
    // The pawn that just moved gives check; taking it en passant is legal.
    let p = position("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    assert!(p.in_check());
    assert!(has(&p, "e4d3", false));
}

#[test]
fn pinned_pieces_keep_to_the_pin() {
    // The bishop on d2 is pinned by the queen on a5.
    let p = position("4k3/8/8/q7/8/8/3B4/4K3 w - - 0 1");
    let bishop_moves: Vec<String> = uci_moves(&p, false).into_iter().filter(|m| m.starts_with("d2")).collect();
    assert_eq!(bishop_moves, vec!["d2a5", "d2b4", "d2c3"]);
    // A pinned knight cannot move at all.
    let p = position("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(uci_moves(&p, false).iter().all(|m| !m.starts_with("e2")));
}

#[test]
fn check_evasions_and_double_check() {
    // Single check by a rook: capture it, block, or move the king.
    let p = position("4k3/8/8/8/8/8/r7/R3K3 w - - 0 1");
    assert!(p.checkers().is_empty());
    let p = position("4k3/8/8/8/8/2N5/8/r3K3 w - - 0 1");
    assert!(p.in_check());
    let moves = uci_moves(&p, false);
    assert!(moves.contains(&"c3b1".to_string()), "block");
    assert!(moves.contains(&"c3d1".to_string()), "block");
    assert!(!moves.contains(&"c3e4".to_string()), "ignores the check");
    assert!(!moves.contains(&"e1f1".to_string()), "stays on the rank");
    // Double check (rook and bishop): only king moves.
    let p = position("4k3/8/8/8/1b6/8/8/r2NK3 w - - 0 1");
    assert_eq!(p.checkers().count(), 1);
    let p = position("4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.legal_moves().iter().all(|m| m.from() == Square::E1));
}

#[test]
fn castling_conditions() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert!(has(&position(fen), "e1g1", false));
    assert!(has(&position(fen), "e1c1", false));
    // Through check: f1 is attacked.
    let p = position("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!has(&p, "e1g1", false));
    assert!(has(&p, "e1c1", false));
    // Into check: g1 attacked.
    let p = position("r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1");
    assert!(!has(&p, "e1g1", false));
    // Only the rook crosses b1: attacked b1 does not matter.
    let p = position("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1");
    assert!(has(&p, "e1c1", false));
    // Out of check: never.
    let p = position("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1");
    assert!(p.in_check());
    assert!(!has(&p, "e1g1", false) && !has(&p, "e1c1", false));
    // A piece between king and rook.
    let p = position("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert!(!has(&p, "e1c1", false));
    // Rights disappear when king or rook moves, or the rook is captured.
    let g = game(fen, &["h1h2", "a8a7", "h2h1"]);
    assert!(!has(g.position(), "e1g1", false));
    let g = game("rn2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["a1a8"]);
    assert!(!g.position().in_check());
    assert!(!has(g.position(), "e8c8", false));
    assert!(has(g.position(), "e8g8", false));
    let g = game(fen, &["e1f1", "e8f8", "f1e1", "f8e8"]);
    assert!(!has(g.position(), "e1g1", false));
}

#[test]
fn castling_moves_king_and_rook() {
    let p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = p.parse_uci_move("e1g1", false).unwrap();
    assert_eq!(m.kind(), MoveKind::Castling);
    assert_eq!(p.parse_uci_move("e1h1", false).unwrap(), m, "king takes rook is accepted in standard mode");
    let after = p.make_move(m);
    assert_eq!(after.piece_on(Square::G1).map(|p| p.kind()), Some(PieceType::King));
    assert_eq!(after.piece_on(Square::F1).map(|p| p.kind()), Some(PieceType::Rook));
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let after = p.make_move(p.parse_uci_move("e1c1", false).unwrap());
    assert_eq!(after.fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
}

#[test]
fn chess960_castling() {
    // King f1, rook g1: castling swaps them.
    let p = position("1k5r/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert!(has(&p, "f1g1", true));
    let after = p.make_move(p.parse_uci_move("f1g1", true).unwrap());
    assert_eq!(after.piece_on(Square::G1).map(|p| p.kind()), Some(PieceType::King));
    assert_eq!(after.piece_on(Square::F1).map(|p| p.kind()), Some(PieceType::Rook));
    // King already on g1, rook on h1: the king stays, the rook jumps to f1.
    let p = position("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    let after = p.make_move(p.parse_uci_move("g1h1", true).unwrap());
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Queen side with king b1 and rook a1: king to c1, rook to d1.
    let p = position("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let after = p.make_move(p.parse_uci_move("b1a1", true).unwrap());
    assert_eq!(after.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    // The castling rook shields the king's destination: with it gone, the
    // rook on a1 would attack c1, so castling is illegal.
    let p = position("4k3/8/8/8/8/8/8/r1RK4 w C - 0 1");
    assert!(!p.in_check());
    assert!(!has(&p, "d1c1", true));
    // A square the rook must cross is occupied by another piece.
    let p = position("4k3/8/8/8/8/8/8/1K2N1R1 w G - 0 1");
    assert!(!has(&p, "b1g1", true));
    // Black castles too; written king-takes-rook only in 960 mode.
    let p = position("1r2k1r1/8/8/8/8/8/8/4K3 b gb - 0 1");
    assert!(has(&p, "e8g8", true) && has(&p, "e8b8", true));
    assert!(has(&p, "e8g8", false) && has(&p, "e8c8", false));
    // Without 960 mode, a king off the e-file castles king takes rook: d1c1
    // is also the plain king move, and each text must name one move (found
    // by the FEN fuzz target).
    let p = position("br1krnqb/pppppp1p/1n4p1/8/8/P2NN3/2PPPPPP/BR1K1RQB w Beb - 2 9");
    assert!(has(&p, "d1b1", false) && has(&p, "d1c1", false));
    let castling = p.parse_uci_move("d1b1", false).unwrap();
    assert!(castling.is_castling());
    assert!(!p.parse_uci_move("d1c1", false).unwrap().is_castling());
    for chess960 in [false, true] {
        for m in p.legal_moves() {
            assert_eq!(p.parse_uci_move(&m.to_uci(chess960), chess960), Ok(m), "{m:?}");
        }
    }
}

#[test]
fn promotions_to_all_four_pieces() {
    let p = position("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    let promotions: Vec<String> =
        uci_moves(&p, false).into_iter().filter(|m| m.starts_with("e7") && m.len() == 5).collect();
    assert_eq!(promotions, ["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"]);
    let m = p.parse_uci_move("e7d8n", false).unwrap();
    assert_eq!(m.promotion_piece(), Some(PieceType::Knight));
    assert_eq!(p.make_move(m).piece_on(Square::D8).map(|p| p.kind()), Some(PieceType::Knight));
}

#[test]
fn malformed_and_illegal_moves() {
    let p = Position::startpos();
    assert!(matches!(p.parse_uci_move("e2e5", false), Err(MoveParseError::Illegal(_))));
    assert!(matches!(p.parse_uci_move("e2", false), Err(MoveParseError::Malformed(_))));
    assert!(matches!(p.parse_uci_move("e7e8k", false), Err(MoveParseError::Malformed(_))));
    assert!(matches!(p.parse_uci_move("0000", false), Err(MoveParseError::Malformed(_))));
    assert!(matches!(p.parse_uci_move("i2i4", false), Err(MoveParseError::Malformed(_))));
    assert!(matches!(p.parse_uci_move("e2e4q", false), Err(MoveParseError::Illegal(_))));
}

#[test]
fn san() {
    let p = Position::startpos();
    assert_eq!(p.san(p.parse_uci_move("g1f3", false).unwrap()), "Nf3");
    assert_eq!(p.san(p.parse_uci_move("e2e4", false).unwrap()), "e4");
    let p = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.san(p.parse_uci_move("e1g1", false).unwrap()), "O-O");
    assert_eq!(p.san(p.parse_uci_move("e1c1", false).unwrap()), "O-O-O");
    assert_eq!(p.san(p.parse_uci_move("a1a8", false).unwrap()), "Rxa8+");
    // Disambiguation by file, by rank, and by both.
    let p = position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
    assert_eq!(p.san(p.parse_uci_move("a1d1", false).unwrap()), "Rad1");
    let p = position("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.san(p.parse_uci_move("a1a3", false).unwrap()), "R1a3");
    let p = position("k7/8/8/8/8/2Q1Q3/8/2Q1K3 w - - 0 1");
    assert_eq!(p.san(p.parse_uci_move("c3d2", false).unwrap()), "Qc3d2");
    // Promotion with mate, en passant.
    let p = position("k7/7P/1K6/8/8/8/8/8 w - - 0 1");
    assert_eq!(p.san(p.parse_uci_move("h7h8q", false).unwrap()), "h8=Q#");
    let p = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(p.san(p.parse_uci_move("e5d6", false).unwrap()), "exd6");
}

#[test]
fn checkmate_and_stalemate() {
    let g = game(roque::board::STARTPOS_FEN, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(g.result(), Some(GameResult::Checkmate { winner: Color::Black }));
    let p = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.result_without_history(), Some(GameResult::Draw(DrawReason::Stalemate)));
    assert_eq!(Position::startpos().result_without_history(), None);
}

#[test]
fn fifty_move_rule_and_mate_on_the_hundredth_halfmove() {
    let fen = "7k/8/6K1/8/8/8/8/1Q6 w - - 99 80";
    let g = game(fen, &["b1b8"]);
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(g.result(), Some(GameResult::Checkmate { winner: Color::White }), "the mate stands");
    let g = game(fen, &["b1c1"]);
    assert_eq!(g.result(), Some(GameResult::Draw(DrawReason::FiftyMoveRule)));
    let g = game(fen, &[]);
    assert_eq!(g.result(), None, "99 halfmoves are not yet a draw");
    // A pawn move or a capture resets the clock.
    let g = game("7k/8/6K1/8/8/8/P7/1Q6 w - - 99 80", &["a2a3"]);
    assert_eq!(g.position().halfmove_clock(), 0);
}

#[test]
fn threefold_repetition() {
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut moves = cycle.to_vec();
    let g = game(roque::board::STARTPOS_FEN, &moves);
    assert_eq!(g.repetitions(), 1);
    assert_eq!(g.result(), None);
    moves.extend(cycle);
    let g = game(roque::board::STARTPOS_FEN, &moves);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.result(), Some(GameResult::Draw(DrawReason::ThreefoldRepetition)));
}

#[test]
fn repetition_needs_the_same_castling_rights() {
    // King steps out and back: the same placement, but castling rights are
    // gone, so the first position does not count as a repetition.
    let cycle = ["e1e2", "e8e7", "e2e1", "e7e8"];
    let mut moves = cycle.to_vec();
    moves.extend(cycle);
    let g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &moves);
    assert_eq!(g.repetitions(), 1);
    assert_eq!(g.result(), None);
}

#[test]
fn insufficient_material() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 b - - 0 1",
        "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
    ] {
        assert!(position(fen).is_insufficient_material(), "{fen}");
        assert_eq!(position(fen).result_without_history(), Some(GameResult::Draw(DrawReason::InsufficientMaterial)));
    }
    for fen in [
        "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
        "4kb2/8/8/8/8/8/8/3BK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
    ] {
        assert!(!position(fen).is_insufficient_material(), "{fen}");
    }
}

#[test]
fn null_move() {
    let p = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 5 10");
    let n = p.make_null_move();
    assert_eq!(n.side_to_move(), Color::Black);
    assert_eq!(n.en_passant(), None);
    assert_eq!(n.key(), n.compute_key());
    assert_eq!(n.make_null_move().key(), position("4k3/8/8/3pP3/8/8/8/4K3 w - - 7 10").key());
    assert!(Move::NULL.is_some() && Move::NONE.is_none());
}

fn line(position: &Position, moves: &[&str]) -> Vec<Move> {
    let mut current = *position;
    moves
        .iter()
        .map(|text| {
            let m = current.parse_uci_move(text, false).unwrap_or_else(|e| panic!("{text}: {e}"));
            current = current.make_move(m);
            m
        })
        .collect()
}

#[test]
fn a_line_is_cut_where_the_game_ends_by_rule() {
    // The start position has stood twice; the knights' shuffle brings it a
    // third time after four moves, and the line ends there.
    let g = game(roque::board::STARTPOS_FEN, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4", "e7e5"];
    let moves = line(g.position(), &shuffle);
    assert_eq!(moves_before_game_end(g.position(), g.keys(), &moves), 4);
    // Without the game's history the same line repeats only twice.
    let fresh = Position::startpos();
    assert_eq!(moves_before_game_end(&fresh, &[fresh.key()], &moves), 6);
    // The fifty-move limit: the second move is the hundredth halfmove.
    let p = position("1n5k/8/8/8/8/8/8/K2Q4 w - - 98 80");
    let moves = line(&p, &["d1d8", "h8h7", "d8b8"]);
    assert_eq!(moves_before_game_end(&p, &[p.key()], &moves), 2);
    // A mate on the hundredth halfmove ends the game as a mate.
    let p = position("4k3/8/4K3/8/8/8/8/R7 w - - 99 80");
    assert_eq!(moves_before_game_end(&p, &[p.key()], &line(&p, &["a1a8"])), 1);
    // Capturing the last piece that could mate ends it too.
    let p = position("4k3/8/8/8/8/8/3r4/3RK3 b - - 0 1");
    assert_eq!(moves_before_game_end(&p, &[p.key()], &line(&p, &["d2d1", "e1d1", "e8e7"])), 2);
    // A line that ends nothing is kept whole.
    let p = Position::startpos();
    assert_eq!(moves_before_game_end(&p, &[p.key()], &line(&p, &["e2e4", "e7e5", "g1f3"])), 3);
}
