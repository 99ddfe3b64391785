//! Threats: pawns attacking pieces, pieces attacking heavier pieces, and
//! pieces left hanging.

use super::collector::Collector;
use super::features::Term;
use super::mobility::AttackMap;
use crate::board::Position;
use crate::types::{Color, PieceType};

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
        let hanging = enemy_pieces & map.all[us] & !map.all[them.index()];
        if hanging.any() {
            collector.add(color, Term::Hanging.at(0), hanging.count() as i32);
        }
    }
}
