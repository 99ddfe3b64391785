//! The turn structure: which side moves, which player owns the move, and
//! where the move stands in its turn. In standard chess a turn is one move
//! and the player is the colour; here a turn may hold several moves (a
//! capture and the placement it earns, a placement and the move after it),
//! and a later variant may give a player no colour of its own. The search
//! reads only this structure to know whose score a node is.

use crate::types::Color;

/// One of the two players. The first player moves first; in every variant
/// of part 1 the first player has White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    First,
    Second,
}

impl Player {
    /// The player who has `color` where players keep their colour.
    pub const fn owning(color: Color) -> Player {
        match color {
            Color::White => Player::First,
            Color::Black => Player::Second,
        }
    }
}

/// Where the game stands within a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The colour of the pieces the next move plays.
    pub side: Color,
    /// The player who owns the next move.
    pub player: Player,
    /// The next move's place in the turn, 0 for the first.
    pub index: u8,
    /// The moves the turn holds as far as is known now (a capture can add
    /// the placement it earns).
    pub length: u8,
}

impl Turn {
    /// The first move of a one-move turn of the player who has `side`.
    pub const fn single(side: Color) -> Turn {
        Turn { side, player: Player::owning(side), index: 0, length: 1 }
    }

    /// The first move of a turn of `length` moves for the player of `side`.
    pub const fn of_length(side: Color, length: u8) -> Turn {
        Turn { side, player: Player::owning(side), index: 0, length }
    }

    /// The moves left in the turn, the next one included.
    pub const fn moves_left(self) -> u8 {
        self.length - self.index
    }

    /// The same turn, one move on, its length grown to hold it.
    pub const fn next_move(self) -> Turn {
        let index = self.index + 1;
        let length = if self.length > index { self.length } else { index + 1 };
        Turn { side: self.side, player: self.player, index, length }
    }

    /// Whether this turn has moved on beyond its first move.
    pub const fn in_progress(self) -> bool {
        self.index > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_count_their_moves() {
        let turn = Turn::single(Color::Black);
        assert_eq!((turn.player, turn.moves_left()), (Player::Second, 1));
        let second = turn.next_move();
        assert_eq!((second.index, second.length, second.moves_left()), (1, 2, 1));
        assert!(second.in_progress() && !turn.in_progress());
        let two = Turn::of_length(Color::White, 2);
        assert_eq!((two.moves_left(), two.next_move().moves_left()), (2, 1));
        assert_eq!(Player::owning(Color::White), Player::First);
    }
}
