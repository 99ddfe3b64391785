//! The Elven Chess evaluation: material, and where the men stand. The
//! values are our own choice (README): a warlock, a Chu Shogi lion, is worth
//! far more than a queen; an elf (bishop and wazir) and a goblin (rook and
//! ferz) are worth a rook and more; a dwarf (a non-royal king) a minor
//! piece. Pawns gain as they near the promotion zone (the last three
//! ranks), the pieces that step gain near the centre, and the king keeps
//! back while the other side has its strong pieces.

use super::{ElvenPiece, ElvenPieceKind, ElvenPosition, Square10};
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

/// How far a coordinate (0 to 9) is from the nearer edge.
const fn from_edge(x: i32) -> i32 {
    if x < 9 - x {
        x
    } else {
        9 - x
    }
}

/// How central a square is: 0 on the edge to 4 in the middle four.
const fn centrality(square: usize) -> i32 {
    let file = from_edge((square % 10) as i32);
    let rank = from_edge((square / 10) as i32);
    if file < rank {
        file
    } else {
        rank
    }
}

/// A man's worth where it stands, by piece index (colour, kind) and
/// square: its value, its centrality, a pawn's advance.
static PLACED: [[i32; 100]; 2 * ElvenPieceKind::COUNT] = placed_table();

const fn placed_table() -> [[i32; 100]; 2 * ElvenPieceKind::COUNT] {
    let mut table = [[0; 100]; 2 * ElvenPieceKind::COUNT];
    let mut piece = 0;
    while piece < 2 * ElvenPieceKind::COUNT {
        let (color, kind) = (piece / ElvenPieceKind::COUNT, piece % ElvenPieceKind::COUNT);
        let mut square = 0;
        while square < 100 {
            let mut value = VALUES[kind] + CENTRALITY[kind] * centrality(square);
            if kind == ElvenPieceKind::Pawn as usize {
                let rank = square / 10;
                value += PAWN_ADVANCE[if color == 0 { rank } else { 9 - rank }];
            }
            table[piece][square] = value;
            square += 1;
        }
        piece += 1;
    }
    table
}

/// What `piece` on `square` adds to its side's sum (the position keeps
/// the sums as men move).
#[inline(always)]
pub fn placed_value(piece: ElvenPiece, square: Square10) -> i32 {
    PLACED[piece.index()][square.index()]
}

/// Whether `color` still has a queen or a warlock: the middlegame, for the
/// other side's king.
fn has_attackers(position: &ElvenPosition, color: Color) -> bool {
    (position.pieces(color, ElvenPieceKind::Queen) | position.pieces(color, ElvenPieceKind::Warlock)).any()
}

/// One side's material and placement: the position's sum, and where its
/// king stands.
fn side_score(position: &ElvenPosition, us: Color) -> i32 {
    let king_centre = centrality(position.king_square(us).index());
    // The king hides while the other side can attack it, and walks to the
    // centre in the ending.
    let king = if has_attackers(position, !us) { -12 * king_centre } else { 10 * king_centre };
    position.placed(us) + king
}

/// The static evaluation for the side to move.
pub fn evaluate(position: &ElvenPosition) -> i32 {
    let us = position.side_to_move();
    side_score(position, us) - side_score(position, !us) + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;

    /// The sum computed from nothing.
    fn placed_sum(position: &ElvenPosition, us: Color) -> i32 {
        position.color(us).into_iter().map(|square| placed_value(position.piece_on(square).unwrap(), square)).sum()
    }

    /// The sums the position keeps as men move, are taken, promote and
    /// castle equal the sums from nothing along random games.
    #[test]
    fn the_kept_sums_are_the_sums_from_nothing() {
        visit_random_games(72, 30, 200, |position, _| {
            for color in Color::ALL {
                assert_eq!(position.placed(color), placed_sum(position, color), "{}", position.fen());
            }
        });
    }

    /// A few values by hand: a knight on the edge and in the middle, a
    /// black pawn a step from its zone.
    #[test]
    fn the_table_holds_the_terms() {
        let square = |text| Square10::parse(text).unwrap();
        let knight = ElvenPiece::new(Color::White, ElvenPieceKind::Knight);
        assert_eq!(placed_value(knight, square("a1")), 300);
        assert_eq!(placed_value(knight, square("e5")), 300 + 8 * 4);
        let pawn = ElvenPiece::new(Color::Black, ElvenPieceKind::Pawn);
        assert_eq!(placed_value(pawn, square("c4")), 100 + 45);
    }
}
