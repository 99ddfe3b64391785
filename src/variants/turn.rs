//! The turn structure: which side moves, which player owns the move, and
//! where the move stands in its turn. In standard chess a turn is one move
//! and the player is the colour; here a turn may hold several moves (a
//! capture and the placement it earns, a placement and the move after it),
//! and a player may own either colour's moves (two opposed camps, turning
//! chess). The search reads only this structure to know whose score a node
//! is.

use super::TurnOrder;
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

    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 1 for the first player, 2 for the second (the FEN's `player=`).
    pub const fn number(self) -> u8 {
        match self {
            Player::First => 1,
            Player::Second => 2,
        }
    }
}

/// Turning chess: the moves of the game left before the players swap
/// colours, and how many moves each side plays between two swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SwapClock {
    /// Moves each side plays between swaps; 0 where players never swap.
    pub period: u8,
    /// Moves of the game (both sides') left before the swap, 1 to
    /// `2 * period`.
    pub left: u8,
}

impl SwapClock {
    /// The longest period the option and the FEN accept.
    pub const MAX_PERIOD: u8 = 100;
    /// The rules book's number.
    pub const DEFAULT_PERIOD: u8 = 5;

    /// A period just begun.
    pub const fn new(period: u8) -> SwapClock {
        SwapClock { period, left: 2 * period }
    }

    /// The clock one move later, and whether the players swap colours now.
    pub const fn tick(self) -> (SwapClock, bool) {
        if self.left <= 1 {
            (SwapClock::new(self.period), true)
        } else {
            (SwapClock { period: self.period, left: self.left - 1 }, false)
        }
    }

    /// Whether the players have just swapped (or the game just began).
    pub const fn just_swapped(self) -> bool {
        self.left == 2 * self.period
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

    /// The turn after a board move under `order` (the capture rules may
    /// change it further): `gave_check` tells whether the move checked the
    /// other colour, `swapped` whether the players swapped colours with it.
    pub fn after_move(self, order: TurnOrder, gave_check: bool, swapped: bool) -> Turn {
        let goes_on = self.index + 1 < self.length && !(gave_check && order.check_ends_turn());
        match order {
            TurnOrder::Alternate => Turn::single(!self.side),
            TurnOrder::Double | TurnOrder::Growing if goes_on => Turn { index: self.index + 1, ..self },
            TurnOrder::OpposedCamps if goes_on => Turn { side: !self.side, index: self.index + 1, ..self },
            TurnOrder::Swapping => Turn {
                side: !self.side,
                player: if swapped { self.player } else { self.player.other() },
                index: 0,
                length: 1,
            },
            _ => self.ended(order),
        }
    }

    /// The first move of the next turn, this one ending here (its moves
    /// used up, cut short by a check, or with no legal move left).
    pub fn ended(self, order: TurnOrder) -> Turn {
        let length = match order {
            TurnOrder::Growing => self.length.saturating_add(1),
            TurnOrder::Double | TurnOrder::OpposedCamps => 2,
            TurnOrder::Alternate | TurnOrder::Swapping => 1,
        };
        Turn { side: !self.side, player: self.player.other(), index: 0, length }
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
        assert_eq!((Player::First.other(), Player::Second.number()), (Player::Second, 2));
    }

    #[test]
    fn turns_follow_their_order() {
        // Marseillais: two moves, unless the first checks.
        let black = Turn::of_length(Color::Black, 2);
        assert_eq!(black.after_move(TurnOrder::Double, false, false), Turn { index: 1, ..black });
        assert_eq!(black.after_move(TurnOrder::Double, true, false), Turn::of_length(Color::White, 2));
        // Progressive: each turn one move longer, a check ending it early.
        let third = Turn::of_length(Color::White, 3);
        assert_eq!(third.after_move(TurnOrder::Growing, true, false), Turn::of_length(Color::Black, 4));
        let last = Turn { index: 2, ..third };
        assert_eq!(last.after_move(TurnOrder::Growing, false, false), Turn::of_length(Color::Black, 4));
        // Two opposed camps: one player plays Black, then White.
        let camps = Turn { player: Player::First, ..Turn::of_length(Color::Black, 2) };
        let second = camps.after_move(TurnOrder::OpposedCamps, true, false);
        assert_eq!((second.side, second.player, second.index), (Color::White, Player::First, 1));
        let next = second.after_move(TurnOrder::OpposedCamps, false, false);
        assert_eq!((next.side, next.player, next.index, next.length), (Color::Black, Player::Second, 0, 2));
        // Turning chess: the player who moves last before a swap moves again.
        let white = Turn::single(Color::White);
        assert_eq!(white.after_move(TurnOrder::Swapping, false, false).player, Player::Second);
        assert_eq!(white.after_move(TurnOrder::Swapping, false, true).player, Player::First);
    }

    #[test]
    fn swap_clocks_run_down_and_restart() {
        let mut clock = SwapClock::new(2);
        assert!(clock.just_swapped());
        let mut swaps = Vec::new();
        for _ in 0..8 {
            let (next, swapped) = clock.tick();
            swaps.push(swapped);
            clock = next;
        }
        assert_eq!(swaps, [false, false, false, true, false, false, false, true]);
        assert_eq!(clock, SwapClock::new(2));
    }
}
