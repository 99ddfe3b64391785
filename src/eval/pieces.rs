//! Rooks on open files, minor-piece outposts, minors shielded by a pawn,
//! and bishops hemmed in by their own pawns.

use super::collector::Collector;
use super::features::Term;
use super::masks::{attack_span, outpost_ranks};
use crate::board::attacks::pawn_attacks;
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceType};

pub fn pieces<C: Collector>(position: &Position, collector: &mut C) {
    let pawns = position.kind(PieceType::Pawn);
    for color in Color::ALL {
        let our_pawns = position.pieces(color, PieceType::Pawn);
        let their_pawns = position.pieces(!color, PieceType::Pawn);

        for square in position.pieces(color, PieceType::Rook) {
            let file = square.file().bitboard();
            if (file & pawns).is_empty() {
                collector.add(color, Term::RookOpenFile.at(0), 1);
            } else if (file & our_pawns).is_empty() {
                collector.add(color, Term::RookHalfOpenFile.at(0), 1);
            }
        }

        for square in position.pieces(color, PieceType::Bishop) {
            let same_colour =
                if Bitboard::LIGHT_SQUARES.contains(square) { Bitboard::LIGHT_SQUARES } else { Bitboard::DARK_SQUARES };
            let blocked = (our_pawns & same_colour).count() as i32;
            if blocked > 0 {
                collector.add(color, Term::BishopPawns.at(0), blocked);
            }
        }

        let minors = position.pieces(color, PieceType::Knight) | position.pieces(color, PieceType::Bishop);
        let behind_pawn = match color {
            Color::White => minors & Bitboard(our_pawns.0 >> 8),
            Color::Black => minors & Bitboard(our_pawns.0 << 8),
        };
        if behind_pawn.any() {
            collector.add(color, Term::MinorBehindPawn.at(0), behind_pawn.count() as i32);
        }

        // An outpost: on the enemy's side, guarded by our pawn, and no enemy
        // pawn can ever attack it.
        for (kind, term) in [(PieceType::Knight, Term::KnightOutpost), (PieceType::Bishop, Term::BishopOutpost)] {
            for square in position.pieces(color, kind) & outpost_ranks(color) {
                if (pawn_attacks(!color, square) & our_pawns).any()
                    && (attack_span(color, square) & their_pawns).is_empty()
                {
                    collector.add(color, term.at(0), 1);
                }
            }
        }
    }
}
