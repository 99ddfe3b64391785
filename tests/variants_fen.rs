//! One FEN reader: every variant refuses what chess refuses, with chess's
//! typed error, since the board and castling fields of both are read by the
//! same code (`read_placement`, `read_castling` in src/board/fen.rs).

use roque::board::{FenError, Position};
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
fn a_variant_without_castling_says_so_first() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkqKQ - 0 1";
    assert_eq!(
        VariantPosition::from_fen(Variant::VanDien, fen),
        Err(VariantFenError::CastlingNotAllowed(Variant::VanDien))
    );
    assert_eq!(Position::from_fen(fen).unwrap_err(), FenError::RepeatedCastling('K'));
}
