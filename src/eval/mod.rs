//! Static evaluation. This first version is material and piece-square terms
//! computed from simple formulas, tapered between middlegame and endgame; the
//! full hand-crafted evaluation (issue 5) replaces it behind the same API.

use crate::board::Position;
use crate::types::{Color, PieceType, Square};

/// Middlegame and endgame material, in centipawns, by piece type.
const MATERIAL: [(i32, i32); 6] = [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936), (0, 0)];
/// Game-phase weight by piece type; 24 is the full opening phase.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Distance from the board's centre, 0 (d4, e5 ...) to 3 (corners).
fn centre_distance(square: Square) -> i32 {
    let file = square.file().index() as i32;
    let rank = square.rank().index() as i32;
    (2 * file - 7).abs().max((2 * rank - 7).abs()) / 2
}

/// Piece-square bonus (middlegame, endgame) for a piece of `kind` on a
/// square seen from its own side (rank 0 is its back rank).
fn square_bonus(kind: PieceType, relative: Square) -> (i32, i32) {
    let centre = 3 - centre_distance(relative);
    let rank = relative.rank().index() as i32;
    match kind {
        PieceType::Pawn => {
            (rank * 4 + if (2..=5).contains(&relative.file().index()) { centre * 6 } else { 0 }, rank * 10)
        }
        PieceType::Knight => (centre * 12 - 15, centre * 8 - 10),
        PieceType::Bishop => (centre * 6 - 5, centre * 5 - 5),
        PieceType::Rook => (if rank == 6 { 20 } else { 0 }, 0),
        PieceType::Queen => (centre * 3, centre * 6),
        PieceType::King => (if rank == 0 { 10 } else { -10 * rank }, centre * 12 - 18),
    }
}

/// The evaluation of `position` in centipawns, from the side to move's view.
pub fn evaluate(position: &Position) -> i32 {
    let (mut mg, mut eg, mut phase) = (0, 0, 0);
    for color in Color::ALL {
        let sign = color.sign();
        for kind in PieceType::ALL {
            for square in position.pieces(color, kind) {
                let (m, e) = MATERIAL[kind.index()];
                let (bm, be) = square_bonus(kind, square.relative(color));
                mg += sign * (m + bm);
                eg += sign * (e + be);
                phase += PHASE[kind.index()];
            }
        }
    }
    let phase = phase.min(24);
    let blended = (mg * phase + eg * (24 - phase)) / 24;
    blended * position.side_to_move().sign()
}
