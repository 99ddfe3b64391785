//! King safety. The pawn shield, the pawn storm and open files near the king
//! are linear terms. The attack on the king is not: each side's king-danger
//! features are summed into a danger value (weights times counts, as for
//! any term), and `danger_score` turns it into a score that grows with its
//! square in the middlegame, so that several attackers together count for
//! more than each alone. The tuner differentiates through `danger_score`.

use super::collector::Collector;
use super::features::Term;
use super::mobility::AttackMap;
use super::score::{s, PhasedScore};
use crate::board::attacks::{bishop_attacks, knight_attacks, rook_attacks};
use crate::board::Position;
use crate::types::{Bitboard, Color, File, PieceType};

/// The divisor of the squared middlegame danger.
pub const DANGER_MG_DIVISOR: i32 = 720;
/// The divisor of the (linear) endgame danger.
pub const DANGER_EG_DIVISOR: i32 = 20;

/// The score the attacking side gets for a king danger value; negative
/// danger counts as none.
#[inline(always)]
pub fn danger_score(danger: PhasedScore) -> PhasedScore {
    let mg = danger.mg.max(0);
    s(mg * mg / DANGER_MG_DIVISOR, danger.eg.max(0) / DANGER_EG_DIVISOR)
}

pub fn king_safety<C: Collector>(position: &Position, map: &AttackMap, collector: &mut C) {
    for color in Color::ALL {
        shelter(position, color, collector);
        danger(position, map, !color, collector);
    }
}

/// Pawn shield, pawn storm and open files on the three files around
/// `color`'s king (b, c, d for a king on the a- or b-file).
fn shelter<C: Collector>(position: &Position, color: Color, collector: &mut C) {
    let king = position.king_square(color);
    let ours = position.pieces(color, PieceType::Pawn);
    let theirs = position.pieces(!color, PieceType::Pawn);
    // Pawns level with the king or in front of it, from `color`'s side.
    let in_front = match color {
        Color::White => Bitboard(!0u64 << (8 * king.rank().index())),
        Color::Black => Bitboard(!0u64 >> (8 * (7 - king.rank().index()))),
    };
    let centre = king.file().index().clamp(1, 6);
    for file in centre - 1..=centre + 1 {
        let file = File::from_index(file).bitboard();
        let nearest_rank = |pawns: Bitboard| -> usize {
            let pawns = pawns & file & in_front;
            if pawns.is_empty() {
                return 0;
            }
            let nearest = if color == Color::White { pawns.lsb() } else { pawns.msb() };
            nearest.rank().relative(color).index()
        };
        collector.add(color, Term::PawnShield.at(nearest_rank(ours)), 1);
        collector.add(color, Term::PawnStorm.at(nearest_rank(theirs)), 1);
        if (file & ours).is_empty() {
            if (file & theirs).is_empty() {
                collector.add(color, Term::KingOpenFile.at(0), 1);
            } else {
                collector.add(color, Term::KingHalfOpenFile.at(0), 1);
            }
        }
    }
}

/// The danger `attacker` poses to the other king. It counts only when at
/// least two pieces attack the king zone, or one with a queen on the board
/// for the attacker.
fn danger<C: Collector>(position: &Position, map: &AttackMap, attacker: Color, collector: &mut C) {
    let defender = !attacker;
    let a = attacker.index();
    let d = defender.index();
    let attackers = map.zone_attackers[a];
    let has_queen = position.pieces(attacker, PieceType::Queen).any();
    if attackers.iter().sum::<i32>() <= 1 - has_queen as i32 {
        return;
    }
    for (i, &count) in attackers.iter().enumerate() {
        if count > 0 {
            collector.add_danger(attacker, Term::DangerAttackers.at(i), count);
        }
    }
    collector.add_danger(attacker, Term::DangerZoneAttacks.at(0), map.zone_attacks[a]);

    // Checks from squares the defender does not attack and we do not occupy.
    let king = position.king_square(defender);
    let occupied = position.occupied();
    let safe = !(map.all[d] | position.color(attacker));
    let diagonal = bishop_attacks(king, occupied);
    let orthogonal = rook_attacks(king, occupied);
    let checks = [
        knight_attacks(king) & map.by_kind[a][PieceType::Knight.index()],
        diagonal & map.by_kind[a][PieceType::Bishop.index()],
        orthogonal & map.by_kind[a][PieceType::Rook.index()],
        (diagonal | orthogonal) & map.by_kind[a][PieceType::Queen.index()],
    ];
    for (i, squares) in checks.into_iter().enumerate() {
        let count = (squares & safe).count() as i32;
        if count > 0 {
            collector.add_danger(attacker, Term::DangerSafeChecks.at(i), count);
        }
    }

    // Zone squares we attack that no pawn, minor or rook of the defender covers.
    let minor_defence = map.by_kind[d][PieceType::Pawn.index()]
        | map.by_kind[d][PieceType::Knight.index()]
        | map.by_kind[d][PieceType::Bishop.index()]
        | map.by_kind[d][PieceType::Rook.index()];
    let weak = map.king_zone[d] & map.all[a] & !minor_defence;
    if weak.any() {
        collector.add_danger(attacker, Term::DangerWeakSquares.at(0), weak.count() as i32);
    }
    if !has_queen {
        collector.add_danger(attacker, Term::DangerNoQueen.at(0), 1);
    }
    collector.add_danger(attacker, Term::DangerBase.at(0), 1);
}
