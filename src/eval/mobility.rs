//! Piece mobility, and the attack maps the later terms (king safety,
//! threats, passed pawns) read.

use super::collector::Collector;
use super::features::Term;
use crate::board::attacks::{king_attacks, line, pawn_attacks_set, piece_attacks};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceType};

/// Who attacks what, filled in while the mobility is counted.
#[derive(Default)]
pub struct AttackMap {
    /// Squares attacked by each colour's pieces of each type.
    pub by_kind: [[Bitboard; 6]; 2],
    /// Squares attacked by each colour.
    pub all: [Bitboard; 2],
    /// Squares attacked at least twice by each colour.
    pub twice: [Bitboard; 2],
    /// The king and the squares around it, by the king's colour.
    pub king_zone: [Bitboard; 2],
    /// Pieces of each colour attacking the enemy king zone, by type (N, B, R, Q).
    pub zone_attackers: [[i32; 4]; 2],
    /// Attacks of each colour on squares of the enemy king zone.
    pub zone_attacks: [i32; 2],
}

impl AttackMap {
    fn record(&mut self, color: Color, kind: PieceType, attacks: Bitboard) {
        let c = color.index();
        self.twice[c] |= self.all[c] & attacks;
        self.all[c] |= attacks;
        self.by_kind[c][kind.index()] |= attacks;
    }
}

const MOBILITY_TERMS: [Term; 4] = [Term::KnightMobility, Term::BishopMobility, Term::RookMobility, Term::QueenMobility];

/// Reports each knight, bishop, rook and queen's mobility (reachable squares
/// not held by our pawns or king and not attacked by enemy pawns; a pinned
/// piece moves only along the pin) and returns the attack map.
pub fn mobility<C: Collector>(position: &Position, collector: &mut C) -> AttackMap {
    let mut map = AttackMap::default();
    for color in Color::ALL {
        let king = position.king_square(color);
        map.king_zone[color.index()] = king_attacks(king) | king.bitboard();
        map.record(color, PieceType::Pawn, pawn_attacks_set(color, position.pieces(color, PieceType::Pawn)));
        map.record(color, PieceType::King, king_attacks(king));
    }
    let occupied = position.occupied();
    for color in Color::ALL {
        let enemy_pawn_attacks = pawn_attacks_set(!color, position.pieces(!color, PieceType::Pawn));
        let area =
            !(enemy_pawn_attacks | position.pieces(color, PieceType::Pawn) | position.pieces(color, PieceType::King));
        let king = position.king_square(color);
        let pinned = position.blockers(color, !color) & position.color(color);
        let enemy_zone = map.king_zone[(!color).index()];
        for (i, kind) in
            [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen].into_iter().enumerate()
        {
            for square in position.pieces(color, kind) {
                let mut attacks = piece_attacks(kind, square, occupied);
                if pinned.contains(square) {
                    attacks &= line(king, square);
                }
                map.record(color, kind, attacks);
                collector.add(color, MOBILITY_TERMS[i].at((attacks & area).count() as usize), 1);
                let zone_hits = (attacks & enemy_zone).count() as i32;
                if zone_hits > 0 {
                    map.zone_attackers[color.index()][i] += 1;
                    map.zone_attacks[color.index()] += zone_hits;
                }
            }
        }
    }
    map
}
