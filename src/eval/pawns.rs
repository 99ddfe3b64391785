//! Pawn structure. `structure` depends on the pawns alone, so the engine
//! caches its result by pawn key; `passed_pawns` adds what depends on the
//! other pieces (path, blockers, king distances).

use super::collector::Collector;
use super::features::Term;
use super::masks::{adjacent_files, front_span, passed_span, ranks_ahead, stop_square};
use super::mobility::AttackMap;
use crate::board::attacks::{pawn_attacks, pawn_attacks_set};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceType};

/// Reports the pawn-only terms (doubled, isolated, backward, connected,
/// phalanx, passed by rank) and returns the passed pawns of both colours.
pub fn structure<C: Collector>(position: &Position, collector: &mut C) -> Bitboard {
    let mut passed = Bitboard::EMPTY;
    for color in Color::ALL {
        let ours = position.pieces(color, PieceType::Pawn);
        let theirs = position.pieces(!color, PieceType::Pawn);
        let their_attacks = pawn_attacks_set(!color, theirs);
        for square in ours {
            let rank = square.rank().relative(color).index();
            let neighbours = adjacent_files(square.file()) & ours;
            let supporters = pawn_attacks(!color, square) & ours;
            let phalanx = neighbours & square.rank().bitboard();

            if (front_span(color, square) & ours).any() {
                collector.add(color, Term::DoubledPawn.at(0), 1);
            }
            if neighbours.is_empty() {
                collector.add(color, Term::IsolatedPawn.at(0), 1);
            } else if supporters.is_empty()
                && phalanx.is_empty()
                && (neighbours & !ranks_ahead(color, square.rank())).is_empty()
            {
                // No pawn can come to its side, and an enemy pawn holds the square in front.
                let stop = stop_square(color, square);
                if (their_attacks | theirs).contains(stop) {
                    collector.add(color, Term::BackwardPawn.at(0), 1);
                }
            }
            if supporters.any() {
                collector.add(color, Term::ConnectedPawn.at(rank), 1);
            }
            if phalanx.any() {
                collector.add(color, Term::PhalanxPawn.at(rank), 1);
            }
            if (passed_span(color, square) & theirs).is_empty() && (front_span(color, square) & ours).is_empty() {
                collector.add(color, Term::PassedPawn.at(rank), 1);
                passed |= square.bitboard();
            }
        }
    }
    passed
}

/// Reports the passed-pawn terms that depend on the pieces: a free path to
/// the promotion square, an enemy blocker, a stop square the enemy does not
/// attack, and the kings' distances to the square in front of the pawn.
/// Also each king's distance to its nearest pawn.
pub fn passed_pawns<C: Collector>(position: &Position, passed: Bitboard, map: &AttackMap, collector: &mut C) {
    let occupied = position.occupied();
    for color in Color::ALL {
        let pawns = position.pieces(color, PieceType::Pawn);
        let king = position.king_square(color);
        let nearest = pawns.map(|pawn| king.distance(pawn) as usize).min().unwrap_or(0);
        collector.add(color, Term::KingPawnDistance.at(nearest), 1);
    }
    for color in Color::ALL {
        let own_king = position.king_square(color);
        let enemy_king = position.king_square(!color);
        for square in passed & position.color(color) {
            let rank = square.rank().relative(color).index();
            let stop = stop_square(color, square);
            if (front_span(color, square) & occupied).is_empty() {
                collector.add(color, Term::PassedFreePath.at(rank), 1);
            } else if position.color(!color).contains(stop) {
                collector.add(color, Term::PassedBlocked.at(rank), 1);
            }
            if !map.all[(!color).index()].contains(stop) {
                collector.add(color, Term::PassedSafeStop.at(rank), 1);
            }
            collector.add(color, Term::PassedOwnKingDistance.at(rank), own_king.distance(stop) as i32);
            collector.add(color, Term::PassedEnemyKingDistance.at(rank), enemy_king.distance(stop) as i32);
        }
    }
}
