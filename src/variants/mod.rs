//! Chess variants, chosen by `UCI_Variant`: their rules, positions, FEN,
//! evaluation and search, apart from standard chess so that its move
//! generator and search pay nothing for them.
//!
//! A variant is a handful of small rule families ([`CaptureRule`],
//! [`Placement`], [`Goal`], [`TurnOrder`], and three switches), each asked
//! once per move,
//! never once per square. Every variant position carries its turn structure
//! ([`Turn`]: who moves, which move of the turn this is, how many the turn
//! has, which player owns it), so that turns of several moves (a capture and
//! the placement that follows it) need no special case in the search.
//!
//! - [`action`]: a move of a variant game: a board move or a drop (`N@c2`).
//! - [`turn`], [`hands`], [`returns`]: the state beyond the board.
//! - [`position`]: the variant position; [`movegen`] and [`make`] its rules.
//! - [`drops`]: where a piece in hand may be placed.
//! - [`mines`]: mined chess's mines: the FEN field, and what a player who
//!   knows only its own mines believes of the others.
//! - [`fen`]: the variant FEN (hands, ghosts, pending placements).
//! - [`game`]: a game with its history, and how it ends.
//! - [`eval`]: judging a position; [`search`]: what the
//!   variants change in the search (src/search/search.rs), which searches
//!   them on the engine's threads as it searches chess.

pub mod action;
pub mod drops;
pub mod eval;
pub mod fen;
pub mod game;
pub mod hands;
pub mod make;
pub mod mines;
pub mod movegen;
pub mod position;
pub mod returns;
pub mod search;
pub mod turn;
mod zobrist;

pub use action::{Action, ActionList, ActionParseError};
pub use fen::VariantFenError;
pub use game::{VariantRecord, VariantResult};
pub use hands::Hands;
pub use position::VariantPosition;
pub use returns::Returns;
pub use turn::{Player, SwapClock, Turn};

use std::fmt;

/// A set of rules `UCI_Variant` can choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Standard chess: played by the standard engine, not by this module.
    #[default]
    Chess,
    /// Losing chess as GUIs play it (`losers`; the rules book's `losing`
    /// is a second name): captures are compulsory; a side that is
    /// checkmated or stalemated, or left with its king alone, wins.
    Losers,
    /// The rules book's placement chess (Van Dien's): the game starts on an
    /// empty board; each side places its sixteen men on its own first two
    /// ranks, then plays without castling or double steps.
    VanDien,
    /// Placement chess as GUIs play it (pre-chess): the pawns stand on
    /// their usual ranks, the eight pieces are in hand and are dropped on
    /// one's own first rank, the bishops on squares of both colours; then
    /// chess, with castling rights for a king dropped on e1 (e8) and rooks
    /// dropped in the corners.
    Placement,
    /// A capture earns the capturer an equal piece to place.
    Reinforced,
    /// A captured piece goes back to its owner, who places it again.
    Returning,
    /// A captured piece comes back as an uncapturable ghost where it fell.
    Ghost,
    /// Each turn has two moves (White's first turn one); a check ends the
    /// turn.
    Marseillais,
    /// Progressive (Scottish) chess: each turn has one move more than the
    /// one before; a check ends the turn.
    Progressive,
    /// Two opposed camps: after White's first move each player plays a turn
    /// of two moves, one with Black, then one with White; whoever mates
    /// either king wins.
    Camps,
    /// Turning chess: the players swap sides after every N moves each;
    /// whoever mates the other wins.
    Turning,
    /// Mined chess: each player has two secret mines; a piece landing on
    /// the other player's mine explodes, and a king that does is mated.
    Mined,
}

/// Who moves when, and for whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnOrder {
    /// One move a turn, each player keeping its colour (the capture rules
    /// may add a placement to a turn).
    Alternate,
    /// Turns of two moves; White's first turn has one.
    Double,
    /// Turns of 1, 2, 3, ... moves.
    Growing,
    /// Turns of two moves, one with each colour (Black's, then White's),
    /// after White's first move.
    OpposedCamps,
    /// One move a turn, colours alternating, and the players swapping
    /// colours after every N moves each ([`SwapClock`]).
    Swapping,
}

/// What happens to a captured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureRule {
    /// It leaves the game, as in chess.
    Removed,
    /// The capturer receives an equal piece of its own colour and places it
    /// at once, as the second move of its turn.
    Reinforces,
    /// It goes back to its owner, who places it as the first move of a turn
    /// of two.
    Returns,
    /// It waits on the square where it was taken and comes back there, as a
    /// ghost, whenever the square is empty.
    Haunts,
}

/// Whether the pieces start in hand and where they may be placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The game starts from the standard array.
    None,
    /// The board starts empty; each side places its sixteen pieces on its
    /// own first two ranks before it moves (Van Dien's placement chess).
    OwnTwoRanks,
    /// The pawns start on the board and each side drops its eight pieces on
    /// its own first rank, bishops on squares of both colours, before it
    /// moves (pre-chess: `placement` in GUIs).
    FirstRank,
}

/// What a player plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// To checkmate the other side.
    GiveMate,
    /// To be checkmated or stalemated, or to lose every man but the king.
    BeMated,
}

impl TurnOrder {
    /// A check ends the checking player's turn, whatever moves it had left.
    pub const fn check_ends_turn(self) -> bool {
        matches!(self, TurnOrder::Double | TurnOrder::Growing)
    }

    /// A player may own the moves of either colour, so that the player who
    /// mates may own the mated colour's next move too.
    pub const fn players_change_colours(self) -> bool {
        matches!(self, TurnOrder::OpposedCamps | TurnOrder::Swapping)
    }
}

impl Variant {
    /// Every variant, in the order `uci` lists them.
    pub const ALL: [Variant; 12] = [
        Variant::Chess,
        Variant::Losers,
        Variant::Placement,
        Variant::VanDien,
        Variant::Reinforced,
        Variant::Returning,
        Variant::Ghost,
        Variant::Marseillais,
        Variant::Progressive,
        Variant::Camps,
        Variant::Turning,
        Variant::Mined,
    ];

    /// The `UCI_Variant` value.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::Losers => "losers",
            Variant::Placement => "placement",
            Variant::VanDien => "vandien",
            Variant::Reinforced => "reinforced",
            Variant::Returning => "returning",
            Variant::Ghost => "ghost",
            Variant::Marseillais => "marseillais",
            Variant::Progressive => "progressive",
            Variant::Camps => "camps",
            Variant::Turning => "turning",
            Variant::Mined => "mined",
        }
    }

    /// Second names, read as the variant they name and listed by `uci`
    /// after the variants' own names.
    pub const ALIASES: [(&'static str, Variant); 1] = [("losing", Variant::Losers)];

    /// The variant of a `UCI_Variant` value or second name, without regard
    /// to case.
    pub fn from_name(name: &str) -> Option<Variant> {
        let alias = Variant::ALIASES.into_iter().find(|(alias, _)| alias.eq_ignore_ascii_case(name));
        Variant::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name)).or(alias.map(|(_, v)| v))
    }

    pub const fn capture_rule(self) -> CaptureRule {
        match self {
            Variant::Chess
            | Variant::Losers
            | Variant::Placement
            | Variant::VanDien
            | Variant::Marseillais
            | Variant::Progressive
            | Variant::Camps
            | Variant::Turning
            | Variant::Mined => CaptureRule::Removed,
            Variant::Reinforced => CaptureRule::Reinforces,
            Variant::Returning => CaptureRule::Returns,
            Variant::Ghost => CaptureRule::Haunts,
        }
    }

    pub const fn placement(self) -> Placement {
        match self {
            Variant::VanDien => Placement::OwnTwoRanks,
            Variant::Placement => Placement::FirstRank,
            _ => Placement::None,
        }
    }

    /// The game whose network judges this variant's positions, where one
    /// judges them at all ([`eval::judged_by_network`]): losing chess has
    /// its own, the others use chess's.
    pub const fn network_game(self) -> crate::nnue::NetworkGame {
        match self {
            Variant::Losers => crate::nnue::NetworkGame::Losers,
            _ => crate::nnue::NetworkGame::Chess,
        }
    }

    pub const fn goal(self) -> Goal {
        match self {
            Variant::Losers => Goal::BeMated,
            _ => Goal::GiveMate,
        }
    }

    pub const fn turn_order(self) -> TurnOrder {
        match self {
            Variant::Marseillais => TurnOrder::Double,
            Variant::Progressive => TurnOrder::Growing,
            Variant::Camps => TurnOrder::OpposedCamps,
            Variant::Turning => TurnOrder::Swapping,
            _ => TurnOrder::Alternate,
        }
    }

    /// A capture must be played whenever one is legal.
    pub const fn captures_compulsory(self) -> bool {
        matches!(self, Variant::Losers)
    }

    /// Pawns may advance two squares from their second rank (and so be
    /// taken en passant).
    pub const fn pawn_double_step(self) -> bool {
        !matches!(self, Variant::VanDien)
    }

    /// Castling exists.
    pub const fn castling(self) -> bool {
        !matches!(self, Variant::VanDien)
    }

    /// Each player has mines (mined chess).
    pub const fn has_mines(self) -> bool {
        matches!(self, Variant::Mined)
    }

    /// Pawns may stand on their own first rank (placed there).
    pub const fn pawns_on_first_rank(self) -> bool {
        matches!(self, Variant::VanDien | Variant::Reinforced)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_without_regard_to_case() {
        for variant in Variant::ALL {
            assert_eq!(Variant::from_name(variant.name()), Some(variant));
            assert_eq!(Variant::from_name(&variant.name().to_uppercase()), Some(variant));
        }
        assert_eq!(Variant::from_name("LOSING"), Some(Variant::Losers));
        assert_eq!(Variant::from_name("antichess"), None);
        assert_eq!(Variant::from_name("giveaway"), None);
        assert_eq!(Variant::default(), Variant::Chess);
    }
}
