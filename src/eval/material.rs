//! Material, piece-square placement, the bishop pair, and the knight's and
//! rook's worth as pawns come off.

use super::collector::Collector;
use super::features::Term;
use crate::board::Position;
use crate::types::{Color, PieceType};

/// Game-phase weight by piece type (knight and bishop 1, rook 2, queen 4).
const PHASE_WEIGHTS: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// The game phase: `score::MAX_PHASE` with all the opening pieces on the
/// board (more after promotions, capped), 0 with kings and pawns alone.
pub fn phase(position: &Position) -> i32 {
    let phase: i32 = [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
        .into_iter()
        .map(|kind| PHASE_WEIGHTS[kind.index()] * position.kind(kind).count() as i32)
        .sum();
    phase.min(super::score::MAX_PHASE)
}

/// Reports every piece's material and its square (seen from its own side),
/// and the bishop pair.
pub fn material<C: Collector>(position: &Position, collector: &mut C) {
    for color in Color::ALL {
        for kind in PieceType::ALL {
            let pieces = position.pieces(color, kind);
            if kind != PieceType::King && pieces.any() {
                collector.add(color, Term::Material.at(kind.index()), pieces.count() as i32);
            }
            for square in pieces {
                collector.add(color, Term::PieceSquare.at(kind.index() * 64 + square.relative(color).index()), 1);
            }
        }
        if position.pieces(color, PieceType::Bishop).count() >= 2 {
            collector.add(color, Term::BishopPair.at(0), 1);
        }
        let pawns = position.pieces(color, PieceType::Pawn).count() as i32;
        for (kind, term) in [(PieceType::Knight, Term::KnightPawns), (PieceType::Rook, Term::RookPawns)] {
            let pieces = position.pieces(color, kind).count() as i32;
            if pieces * pawns > 0 {
                collector.add(color, term.at(0), pieces * pawns);
            }
        }
    }
}
