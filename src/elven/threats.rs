//! The squares a side attacks, all at once: what keys the search's quiet
//! history in Elven Chess as in chess (a move out of an attack, or into
//! one, is not the same move), found once a node.

use super::attacks::piece_attacks;
use super::ElvenArmy;
use super::{Bitboard10, ElvenPieceKind, ElvenPosition};
use crate::board::Army;
use crate::types::Color;

impl ElvenPosition {
    /// Every square a man of `by` attacks, sliders seen through the board
    /// as it stands, the squares of its own men included (a warlock
    /// attacks the 24 squares it can jump to). The warlocks' immunity and
    /// the capture restrictions are not weighed: a threat, not a legal
    /// capture.
    pub fn attacks_by(&self, by: Color) -> Bitboard10 {
        let occupied = self.occupied();
        let pawns = self.pieces(by, ElvenPieceKind::Pawn);
        let up = if by == Color::White { ElvenArmy::UP } else { -ElvenArmy::UP };
        let mut attacked =
            pawns.without(ElvenArmy::FIRST_FILE).shift(up - 1) | pawns.without(ElvenArmy::LAST_FILE).shift(up + 1);
        for square in self.color(by).without(pawns) {
            if let Some(piece) = self.piece_on(square) {
                attacked |= piece_attacks(piece.kind(), square, occupied);
            }
        }
        attacked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;
    use crate::types::Square10;

    /// The set is the squares the one-square test finds attacked, for both
    /// sides along random games.
    #[test]
    fn the_set_is_the_squares_attacked_one_by_one() {
        let mut attacked_seen = 0;
        visit_random_games(71, 20, 200, |position, _| {
            for by in Color::ALL {
                let attacked = position.attacks_by(by);
                for square in (0..100).filter_map(Square10::from_index) {
                    let one = position.is_attacked_by(by, square, position.occupied());
                    assert_eq!(attacked.contains(square), one, "{square} by {by:?} in {}", position.fen());
                }
                attacked_seen += attacked.count();
            }
        });
        assert!(attacked_seen > 100_000);
    }
}
