//! One FEN reader: every variant refuses what chess refuses, with chess's
//! typed error, since the board and castling fields of both are read by the
//! same code (`read_placement`, `read_castling` in src/board/fen.rs); Elven
//! Chess's 10x10 board is read by the same placement, side and counter
//! readers (src/board/fen_fields.rs), with the same errors.

use roque::board::{FenError, Position};
use roque::elven::ElvenPosition;
use roque::variants::{Variant, VariantFenError, VariantPosition};

/// FENs chess refuses for a fault of its own fields.
const BAD: &[&str] = &[
    "8/8/8/8/8/8/8/8 w",
    "4k3/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K4 w - - 0 1",
    "4k3/9/8/8/8/8/8/4K3 w - - 0 1",
    "4k2/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/44 w - - 0 1",
    "4k3/8/8/17/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - x 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 one",
    "4k3/8/8/8/8/8/8/4K3 w - - +3 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 +1",
    "8/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4KK2 w - - 0 1",
    "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
];

/// Castling faults, for the variants with castling.
const BAD_CASTLING: &[&str] = &[
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQ - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkqq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KHkq - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1",
    "r3k3/8/8/8/8/8/8/4K2R w Kz - 0 1",
    "r3k3/8/8/8/8/8/4K3/7R w K - 0 1",
];

#[test]
fn every_variant_refuses_what_chess_refuses_with_the_same_error() {
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        let fens = BAD.iter().chain(BAD_CASTLING.iter().filter(|_| variant.castling()));
        for fen in fens {
            let chess = Position::from_fen(fen).expect_err(fen);
            let theirs = VariantPosition::from_fen(variant, fen).expect_err(fen);
            assert_eq!(theirs, VariantFenError::Chess(chess), "{variant}: {fen}");
        }
    }
}

#[test]
fn a_hand_field_even_empty_is_refused_where_the_variant_has_no_hands() {
    let with_hands = ["placement", "vandien", "reinforced", "returning"];
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        let fen = "4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1";
        match with_hands.contains(&variant.name()) {
            true => assert!(VariantPosition::from_fen(variant, fen).is_ok(), "{variant}"),
            false => assert_eq!(
                VariantPosition::from_fen(variant, fen),
                Err(VariantFenError::HandNotAllowed(variant)),
                "{variant}"
            ),
        }
    }
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").is_err(), "as chess refuses it");
}

#[test]
fn a_variant_without_castling_says_so_first() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQ - 0 1";
    assert_eq!(
        VariantPosition::from_fen(Variant::VanDien, fen),
        Err(VariantFenError::CastlingNotAllowed(Variant::VanDien))
    );
    assert_eq!(Position::from_fen(fen).unwrap_err(), FenError::RepeatedCastling('K'));
}

/// Faults of the fields every board shares, written once with `{board}`
/// for a board with a king of each colour (chess's or Elven Chess's).
const BAD_ON_ANY_BOARD: &[&str] = &[
    "{board}",
    "{board} w",
    "{board} w - - 0 1 extra",
    "{board} x - - 0 1",
    "{board} W - - 0 1",
    "{board} w - - x 1",
    "{board} w - - -1 1",
    "{board} w - - +3 1",
    "{board} w - - 65536 1",
    "{board} w - - 0 one",
    "{board} w - - 0 +1",
    "{board} w - - 0 -1",
    "{board} w KX - 0 1",
    "{board} w - z3 0 1",
];

#[test]
fn chess_and_elven_chess_refuse_the_fields_they_share_with_the_same_error() {
    let chess_board = "4k3/8/8/8/8/8/8/4K3";
    let elven_board = "4k5/10/10/10/10/10/10/10/10/5K4";
    for template in BAD_ON_ANY_BOARD {
        let chess = Position::from_fen(&template.replace("{board}", chess_board)).expect_err(template);
        let elven = ElvenPosition::from_fen(&template.replace("{board}", elven_board)).expect_err(template);
        assert_eq!(elven, chess, "{template}");
    }
    // Both read a fullmove number of 0, which some programs write, as 1.
    let chess = Position::from_fen(&format!("{chess_board} w - - 0 0")).unwrap();
    let elven = ElvenPosition::from_fen(&format!("{elven_board} w - - 0 0")).unwrap();
    assert!(chess.fen().ends_with(" 0 1") && elven.fen().ends_with(" 0 1"));
}

#[test]
fn the_board_fields_of_both_sizes_give_the_same_kinds_of_error() {
    use FenError::*;
    let chess = |fen: &str| Position::from_fen(fen).unwrap_err();
    let elven = |fen: &str| ElvenPosition::from_fen(fen).unwrap_err();
    assert_eq!(chess("4k3/8/8/8/8/8/4K3 w - - 0 1"), RankCount { expected: 8, found: 7 });
    assert_eq!(elven("4k5/10/10/10/10/10/10/10/5K4 w - - 0 1"), RankCount { expected: 10, found: 9 });
    assert_eq!(chess("4k3/8/8/8/8/8/8/4K4 w - - 0 1"), RankTooLong { rank: 1, files: 8 });
    assert_eq!(elven("4k5/10/10/10/10/10/10/10/10/5K5 w - - 0 1"), RankTooLong { rank: 1, files: 10 });
    assert_eq!(chess("4k3/8/8/8/8/8/8/4K2 w - - 0 1"), RankTooShort { rank: 1, files: 8 });
    assert_eq!(elven("4k5/10/10/10/10/10/10/10/10/5K3 w - - 0 1"), RankTooShort { rank: 1, files: 10 });
    // A run is one number up to the board's width: 10 is one run of ten
    // squares in Elven Chess and too long a run in chess.
    assert_eq!(chess("4k3/8/8/8/8/8/8/10 w - - 0 1"), BadRunLength { rank: 1, run: "10".into(), files: 8 });
    assert!(ElvenPosition::from_fen("4k5/10/10/10/10/10/10/10/5K4/10 w - - 0 1").is_ok());
    assert_eq!(
        elven("4k5/10/10/10/10/10/10/10/10/5K4 w - - 0 1".replace("/10/10/10/10/10/", "/10/10/11/10/10/").as_str()),
        BadRunLength { rank: 7, run: "11".into(), files: 10 }
    );
    assert_eq!(chess("4k3/8/8/8/8/8/8/4K2W w - - 0 1"), BadPieceLetter { letter: 'W', letters: "PNBRQK" });
    assert!(chess("4k3/8/8/8/8/8/8/4K2W w - - 0 1").to_string().contains("PNBRQK, pnbrqk"));
    assert!(ElvenPosition::from_fen("4k5/10/10/10/10/10/10/10/10/5K3W w - - 0 1").is_ok());
    assert_eq!(
        elven("4k5/10/10/10/10/10/10/10/10/5K3X w - - 0 1"),
        BadPieceLetter { letter: 'X', letters: "KQRBNPWEGD" }
    );
}
