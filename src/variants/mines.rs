//! Mined chess's mines: the FEN field that carries them, the `Mines` option
//! of a player who knows only its own, and what such a player believes of
//! the mines it cannot see.
//!
//! Each colour has [`MINES_EACH`] mines. A mine whose square is known is a
//! bit of the position's mine bitboards; one whose square is secret is only
//! counted. The belief ([`MineBelief`]) keeps, for every secret mine, the
//! squares it may still be on: the squares that were empty when it was laid
//! (mines are laid on empty squares), less every square a piece of the
//! other colour has since landed on without exploding. From it come the
//! odds ([`MineOdds`]) that a square holds a secret mine, which the search
//! weighs (see `search.rs`).

use super::action::Action;
use super::position::VariantPosition;
use crate::types::{Bitboard, Color, Square};
use arrayvec::ArrayVec;

/// The mines each player has, always, but between an explosion and the
/// laying of the mine anew.
pub const MINES_EACH: u32 = 2;

/// Odds are in 1/1024ths.
pub const ODDS_ONE: u32 = 1024;

/// `mines=<white>/<black>`: each colour's mines, a square each where it is
/// known and `?` where it is secret, e.g. `mines=c3,f4/?,?`.
pub fn parse_field(value: &str) -> Option<([Bitboard; 2], [u8; 2])> {
    let (white, black) = value.split_once('/')?;
    let mut mines = [Bitboard::EMPTY; 2];
    let mut unknown = [0u8; 2];
    for (index, list) in [white, black].into_iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        for entry in list.split(',') {
            if entry == "?" {
                unknown[index] += 1;
            } else {
                let square = Square::parse(entry)?;
                if mines[index].contains(square) {
                    return None;
                }
                mines[index] |= square.bitboard();
            }
            if mines[index].count() + unknown[index] as u32 > MINES_EACH {
                return None;
            }
        }
    }
    Some((mines, unknown))
}

/// The FEN field of a position's mines, known squares first.
pub fn write_field(position: &VariantPosition) -> String {
    let side = |color: Color| {
        let mut entries: Vec<String> = position.mines(color).into_iter().map(|s| s.to_string()).collect();
        entries.extend((0..position.unknown_mines(color)).map(|_| "?".to_string()));
        entries.join(",")
    };
    format!("mines={}/{}", side(Color::White), side(Color::Black))
}

/// The value of the `Mines` option: `<white|black> <square> <square>`, the
/// mines of the colour the engine plays, or empty for none.
pub fn parse_option(text: &str) -> Result<Option<(Color, Bitboard)>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() || words == ["<empty>"] {
        return Ok(None);
    }
    let color = match words[0].to_ascii_lowercase().as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        _ => return Err(format!("'{}' is not white or black", crate::uci::command::excerpt(words[0]))),
    };
    if words.len() != 1 + MINES_EACH as usize {
        return Err(format!("{} squares are given; a player has {MINES_EACH} mines", words.len() - 1));
    }
    let mut squares = Bitboard::EMPTY;
    for word in &words[1..] {
        let square =
            Square::parse(word).ok_or_else(|| format!("'{}' is not a square", crate::uci::command::excerpt(word)))?;
        if squares.contains(square) {
            return Err(format!("{square} is given twice"));
        }
        squares |= square.bitboard();
    }
    Ok(Some((color, squares)))
}

/// The odds, in 1/1024ths, that a secret mine of each colour lies on each
/// square: `[colour][square]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MineOdds(pub [[u16; 64]; 2]);

impl Default for MineOdds {
    fn default() -> MineOdds {
        MineOdds([[0; 64]; 2])
    }
}

impl MineOdds {
    #[inline(always)]
    pub fn on(&self, color: Color, square: Square) -> u32 {
        self.0[color.index()][square.index()] as u32
    }
}

/// For every secret mine of each colour, the squares it may be on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MineBelief {
    candidates: [ArrayVec<Bitboard, 2>; 2],
}

impl MineBelief {
    /// The belief at the start of a game from `start`. A game that begins at
    /// move 1 with no move made since a capture or pawn move had its mines
    /// laid on squares empty then; elsewhere a secret mine may be on any
    /// square but one of the other colour's men (where it would have
    /// exploded) or a known mine of its own.
    pub fn new(start: &VariantPosition) -> MineBelief {
        let mut belief = MineBelief::default();
        let fresh = start.fullmove_number() == 1 && start.halfmove_clock() == 0;
        for color in Color::ALL {
            let possible = if fresh { !start.occupied() } else { !start.color(!color) };
            for _ in 0..start.unknown_mines(color) {
                belief.candidates[color.index()].push(possible.without(start.mines(color)));
            }
        }
        belief
    }

    /// Learns from `action`, played in `before` and leading to `after`:
    /// where a piece landed without exploding, no secret mine of the other
    /// colour lies; a secret mine revealed by an explosion (`revealed`) is
    /// known from then on; a mine laid in secret may be on any empty square.
    pub fn learn(&mut self, before: &VariantPosition, action: Action, after: &VariantPosition, revealed: bool) {
        let us = before.side_to_move();
        let them = !us;
        if action == Action::HIDDEN_MINE {
            let possible = (!before.occupied()).without(before.mines(us));
            if self.candidates[us.index()].len() < 2 {
                self.candidates[us.index()].push(possible);
            }
            return;
        }
        if action.is_placement() || action == Action::PASS {
            return;
        }
        let list = &mut self.candidates[them.index()];
        let to = action.to();
        if revealed {
            // The mine that exploded: one that could be there.
            let at = list.iter().position(|c| c.contains(to)).unwrap_or(0);
            if at < list.len() {
                list.remove(at);
            }
        }
        // Every square a man of ours now stands on, that it did not stand on
        // before, was landed on safely (castling lands two).
        let landed = after.color(us).without(before.color(us));
        for candidates in list.iter_mut() {
            *candidates = candidates.without(landed);
        }
        // Never more secret mines believed in than the position has.
        while list.len() > after.unknown_mines(them) as usize {
            list.pop();
        }
        // A belief that lost every square (a position given by FEN that
        // contradicts it) makes no claim rather than a wrong one.
        for candidates in list.iter_mut() {
            if Bitboard::is_empty(*candidates) {
                *candidates = !after.color(us);
            }
        }
    }

    /// The odds of a secret mine on each square: each secret mine equally
    /// likely on each of its squares, the mines' odds added.
    pub fn odds(&self) -> MineOdds {
        let mut odds = MineOdds::default();
        for color in Color::ALL {
            for candidates in &self.candidates[color.index()] {
                let count = candidates.count().max(1);
                for square in *candidates {
                    let cell = &mut odds.0[color.index()][square.index()];
                    *cell = (*cell as u32 + ODDS_ONE / count).min(ODDS_ONE) as u16;
                }
            }
        }
        odds
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_reads_known_and_secret_mines() {
        let (mines, unknown) = parse_field("c3,f4/?,e6").unwrap();
        assert_eq!(mines[0], Square::C3.bitboard() | Square::F4.bitboard());
        assert_eq!((mines[1], unknown), (Square::E6.bitboard(), [0, 1]));
        assert_eq!(parse_field("/"), Some(([Bitboard::EMPTY; 2], [0, 0])));
        for bad in ["c3,c3/?,?", "c3,d3,e3/?", "c3", "c9/?", "c3,,d4/?", "x/?"] {
            assert_eq!(parse_field(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_option_names_a_colour_and_two_squares() {
        let both = Square::C3.bitboard() | Square::F6.bitboard();
        assert_eq!(parse_option("white c3 f6"), Ok(Some((Color::White, both))));
        assert_eq!(parse_option("B f6 c3"), Ok(Some((Color::Black, both))));
        assert_eq!(parse_option(""), Ok(None));
        assert_eq!(parse_option("<empty>"), Ok(None));
        for bad in ["red c3 f6", "white c3", "white c3 c3", "white c3 z9", "white c3 f6 g6"] {
            assert!(parse_option(bad).is_err(), "{bad}");
        }
    }
}
