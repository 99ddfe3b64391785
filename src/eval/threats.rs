//! Threats: pawns attacking pieces, pieces attacking heavier pieces, pieces
//! left hanging, the king attacking loose material, and pawn pushes that
//! would attack a piece.

use super::collector::Collector;
use super::features::Term;
use super::mobility::AttackMap;
use crate::board::attacks::pawn_attacks_set;
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceType, Rank};

const VICTIMS: [PieceType; 5] =
    [PieceType::Pawn, PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen];

/// Reports, for each side, the enemy pieces its pawns, minors and rooks
/// attack, and the enemy pieces it attacks that nothing defends.
pub fn threats<C: Collector>(position: &Position, map: &AttackMap, collector: &mut C) {
    for color in Color::ALL {
        let us = color.index();
        let them = !color;
        let enemy_pieces = position.color(them) & !position.kind(PieceType::Pawn) & !position.kind(PieceType::King);

        let by_pawn = map.by_kind[us][PieceType::Pawn.index()] & enemy_pieces;
        if by_pawn.any() {
            collector.add(color, Term::ThreatByPawn.at(0), by_pawn.count() as i32);
        }
        let by_minor = map.by_kind[us][PieceType::Knight.index()] | map.by_kind[us][PieceType::Bishop.index()];
        let by_rook = map.by_kind[us][PieceType::Rook.index()];
        for victim in VICTIMS {
            let targets = position.pieces(them, victim);
            let minor_hits = (by_minor & targets).count() as i32;
            if minor_hits > 0 {
                collector.add(color, Term::ThreatByMinor.at(victim.index()), minor_hits);
            }
            let rook_hits = (by_rook & targets).count() as i32;
            if rook_hits > 0 {
                collector.add(color, Term::ThreatByRook.at(victim.index()), rook_hits);
            }
        }
        let undefended = position.color(them) & !map.all[them.index()];
        let hanging = enemy_pieces & map.all[us] & !map.all[them.index()];
        if hanging.any() {
            collector.add(color, Term::Hanging.at(0), hanging.count() as i32);
        }
        let by_king =
            map.by_kind[us][PieceType::King.index()] & (enemy_pieces | undefended) & !position.kind(PieceType::King);
        if by_king.any() {
            collector.add(color, Term::ThreatByKing.at(0), by_king.count() as i32);
        }

        // Pawn pushes (one step, or two from the start rank) to squares that
        // are empty and not attacked by an enemy pawn (or are defended), and
        // that would attack an enemy piece.
        let occupied = position.occupied();
        let pawns = position.pieces(color, PieceType::Pawn);
        let (one_step, double_rank) = match color {
            Color::White => (Bitboard(pawns.0 << 8) & !occupied, Rank::Fourth.bitboard()),
            Color::Black => (Bitboard(pawns.0 >> 8) & !occupied, Rank::Fifth.bitboard()),
        };
        let two_steps = match color {
            Color::White => Bitboard(one_step.0 << 8),
            Color::Black => Bitboard(one_step.0 >> 8),
        } & !occupied
            & double_rank;
        let safe = !map.by_kind[them.index()][PieceType::Pawn.index()] & (map.all[us] | !map.all[them.index()]);
        let pushes = (one_step | two_steps) & safe;
        let threatened = pawn_attacks_set(color, pushes) & enemy_pieces;
        if threatened.any() {
            collector.add(color, Term::PawnPushThreat.at(0), threatened.count() as i32);
        }
    }
}
