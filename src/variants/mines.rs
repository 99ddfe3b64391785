//! Mined chess's mines: the FEN field that carries them, the `Mines` option
//! of a player who knows only its own, and what such a player believes of
//! the mines it cannot see.
//!
//! Each colour has [`MINES_EACH`] mines. A mine whose square is known is a
//! bit of the position's mine bitboards; one whose square is secret is only
//! counted. The belief ([`MineBelief`]) keeps, for every secret mine, the
//! squares it may still be on: any square (the rules book mines any two
//! squares of the board, under men too), less every square a piece of the
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

/// Odds are in 1/1024ths, as the search weighs them.
pub use crate::game::ODDS_ONE;

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

/// Squares where a side's men commonly land in the first moves, as for
/// White (Black's are their mirror), with a weight each: the knights'
/// squares and the centre first, then the bishops' and the flank pawns'.
const LANDINGS: [(Square, u32); 14] = [
    (Square::F3, 8),
    (Square::C3, 7),
    (Square::E4, 7),
    (Square::D4, 7),
    (Square::E3, 4),
    (Square::D3, 4),
    (Square::C4, 4),
    (Square::F4, 3),
    (Square::B5, 3),
    (Square::G5, 3),
    (Square::G3, 3),
    (Square::B3, 2),
    (Square::E2, 2),
    (Square::D2, 2),
];

/// The engine's own choice of its `MINES_EACH` mines when it plays `color`
/// (the `Mines` option's `auto`): squares the other side's men are likely to
/// land on early, drawn by their weights from `seed`, so that the same seed
/// gives the same mines.
pub fn choose(color: Color, seed: u64) -> Bitboard {
    let mut random = crate::types::random::Random::new(seed);
    let total: u32 = LANDINGS.iter().map(|(_, w)| w).sum();
    let mut chosen = Bitboard::EMPTY;
    while chosen.count() < MINES_EACH {
        let mut pick = random.below(total as u64) as u32;
        for (square, weight) in LANDINGS {
            if pick < weight {
                chosen |= square.relative(!color).bitboard();
                break;
            }
            pick -= weight;
        }
    }
    chosen
}

/// The `Mines` option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinesOption {
    /// The colour the engine plays and its mines.
    Given(Color, Bitboard),
    /// The colour the engine plays; it chooses its mines, from this seed
    /// or, without one, from the clock.
    Auto(Color, Option<u64>),
}

/// The value of the `Mines` option: `<white|black> <square> <square>`, the
/// mines of the colour the engine plays; `<white|black> auto [<seed>]`, the
/// engine to choose them; or empty for none.
pub fn parse_option(text: &str) -> Result<Option<MinesOption>, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() || words == ["<empty>"] {
        return Ok(None);
    }
    let color = match words[0].to_ascii_lowercase().as_str() {
        "white" | "w" => Color::White,
        "black" | "b" => Color::Black,
        _ => return Err(format!("'{}' is not white or black", crate::types::excerpt(words[0]))),
    };
    if words.get(1).is_some_and(|w| w.eq_ignore_ascii_case("auto")) {
        let seed = match words.get(2) {
            None => None,
            Some(text) => Some(text.parse::<u64>().map_err(|_| {
                format!("'{}' is not a seed (a whole number from 0 to 2^64 - 1)", crate::types::excerpt(text))
            })?),
        };
        if words.len() > 3 {
            return Err("'auto' takes one seed at most".to_string());
        }
        return Ok(Some(MinesOption::Auto(color, seed)));
    }
    if words.len() != 1 + MINES_EACH as usize {
        return Err(format!("{} squares are given; a player has {MINES_EACH} mines", words.len() - 1));
    }
    let mut squares = Bitboard::EMPTY;
    for word in &words[1..] {
        let square = Square::parse(word).ok_or_else(|| format!("'{}' is not a square", crate::types::excerpt(word)))?;
        if squares.contains(square) {
            return Err(format!("{square} is given twice"));
        }
        squares |= square.bitboard();
    }
    Ok(Some(MinesOption::Given(color, squares)))
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
    /// The belief at the start of a game from `start`: a secret mine may be
    /// on any square but a known mine of its own.
    pub fn new(start: &VariantPosition) -> MineBelief {
        let mut belief = MineBelief::default();
        for color in Color::ALL {
            let possible = !Bitboard::EMPTY;
            for _ in 0..start.unknown_mines(color) {
                belief.candidates[color.index()].push(possible.without(start.mines(color)));
            }
        }
        belief
    }

    /// Learns from `action`, played in `before` and leading to `after`:
    /// where a piece landed without exploding, no secret mine of the other
    /// colour lies; the secret mines revealed by an explosion (`revealed`,
    /// the squares) are known from then on; a mine laid in secret may be on
    /// any square but a known mine of its layer.
    pub fn learn(&mut self, before: &VariantPosition, action: Action, after: &VariantPosition, revealed: Bitboard) {
        let us = before.side_to_move();
        let them = !us;
        if action == Action::HIDDEN_MINE {
            let possible = (!Bitboard::EMPTY).without(before.mines(us));
            if self.candidates[us.index()].len() < 2 {
                self.candidates[us.index()].push(possible);
            }
            return;
        }
        if action.is_placement() || action == Action::PASS {
            return;
        }
        let list = &mut self.candidates[them.index()];
        for square in revealed {
            // The mine that exploded: one that could be there.
            let at = list.iter().position(|c| c.contains(square)).unwrap_or(0);
            if at < list.len() {
                list.remove(at);
            }
        }
        // Every square a man of ours landed on and still stands on was landed
        // on safely (castling lands two, which may swap squares in Chess960),
        // and every square a castling king that is still there passed over.
        let mut landed = before.landing_squares(action.as_move()) & after.color(us);
        if after.king_square(us).is_some() {
            landed |= before.king_passage(action.as_move());
        }
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
        assert_eq!(parse_option("white c3 f6"), Ok(Some(MinesOption::Given(Color::White, both))));
        assert_eq!(parse_option("B f6 c3"), Ok(Some(MinesOption::Given(Color::Black, both))));
        assert_eq!(
            parse_option("white e2 e7"),
            Ok(Some(MinesOption::Given(Color::White, Square::E2.bitboard() | Square::E7.bitboard())))
        );
        assert_eq!(parse_option("black auto"), Ok(Some(MinesOption::Auto(Color::Black, None))));
        assert_eq!(parse_option("white AUTO 42"), Ok(Some(MinesOption::Auto(Color::White, Some(42)))));
        assert_eq!(parse_option(""), Ok(None));
        assert_eq!(parse_option("<empty>"), Ok(None));
        for bad in
            ["red c3 f6", "white c3", "white c3 c3", "white c3 z9", "white c3 f6 g6", "white auto x", "white auto 1 2"]
        {
            assert!(parse_option(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_engine_chooses_two_mines_where_the_other_side_lands_from_its_seed() {
        for seed in 0..50 {
            let white = choose(Color::White, seed);
            assert_eq!(white.count(), MINES_EACH);
            assert_eq!(white, choose(Color::White, seed), "the same seed, the same mines");
            // White's mines wait for Black's men: on Black's side of the
            // board or in the centre, never on White's first three ranks.
            assert!(white.into_iter().all(|s| s.rank().index() >= 3), "{white:?}");
            assert!(choose(Color::Black, seed).into_iter().all(|s| s.rank().index() <= 4));
        }
        let mut seen: Vec<u64> = (0..50).map(|seed| choose(Color::White, seed).0).collect();
        seen.sort_unstable();
        seen.dedup();
        assert!(seen.len() >= 10, "50 seeds gave {} choices", seen.len());
    }
}
