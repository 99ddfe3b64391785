//! The Elven Chess evaluation: material, and where the men stand. The
//! values are our own choice (README): a warlock, a Chu Shogi lion, is worth
//! far more than a queen; an elf (bishop and wazir) and a goblin (rook and
//! ferz) are worth a rook and more; a dwarf (a non-royal king) a minor
//! piece. Pawns gain as they near the promotion zone (the last three
//! ranks), the pieces that step gain near the centre, and the king keeps
//! back while the other side has its strong pieces.

use super::{Bitboard10, ElvenPieceKind, ElvenPosition, Square10};
use crate::types::Color;

/// Centipawns by kind: pawn, knight, bishop, rook, queen, king, warlock,
/// elf, goblin, dwarf.
pub const VALUES: [i32; ElvenPieceKind::COUNT] = [100, 300, 350, 500, 950, 0, 1600, 700, 850, 300];

/// Centipawns a step nearer the centre is worth, by kind.
const CENTRALITY: [i32; ElvenPieceKind::COUNT] = [0, 8, 4, 2, 3, 0, 8, 5, 3, 6];

/// A pawn's bonus by rank from its own side (0: rank 1; it starts on 2 and
/// has promoted on reaching 7).
const PAWN_ADVANCE: [i32; 10] = [0, 0, 0, 5, 12, 25, 45, 0, 0, 0];

/// The side to move's bonus for having the move.
const TEMPO: i32 = 15;

/// How central a square is: 0 on the edge to 4 in the middle four.
fn centrality(square: Square10) -> i32 {
    let file = square.file() as i32;
    let rank = square.rank() as i32;
    let from_edge = |x: i32| x.min(9 - x);
    from_edge(file).min(from_edge(rank))
}

/// Whether `color` still has a queen or a warlock: the middlegame, for the
/// other side's king.
fn has_attackers(position: &ElvenPosition, color: Color) -> bool {
    (position.pieces(color, ElvenPieceKind::Queen) | position.pieces(color, ElvenPieceKind::Warlock)).any()
}

/// One side's material and placement.
fn side_score(position: &ElvenPosition, us: Color) -> i32 {
    let mut score = 0;
    for kind in ElvenPieceKind::ALL {
        let men: Bitboard10 = position.pieces(us, kind);
        for square in men {
            score += VALUES[kind.index()] + CENTRALITY[kind.index()] * centrality(square);
            if kind == ElvenPieceKind::Pawn {
                score += PAWN_ADVANCE[square.relative_rank(us) as usize];
            }
        }
    }
    let king = position.king_square(us);
    let king_centre = centrality(king);
    // The king hides while the other side can attack it, and walks to the
    // centre in the ending.
    score += if has_attackers(position, !us) { -12 * king_centre } else { 10 * king_centre };
    score
}

/// The static evaluation for the side to move.
pub fn evaluate(position: &ElvenPosition) -> i32 {
    let us = position.side_to_move();
    side_score(position, us) - side_score(position, !us) + TEMPO
}
