//! XBoard's `lift`, `put` and `hover` (the `highlight` feature): where the
//! man a person picks up may go by the game's rules, answered `highlight
//! COLORFEN`. XBoard draws these markers where it does not know a game's
//! rules or where its legality testing is off, and then takes a square left
//! unmarked for an illegal destination: in Elven Chess they hold a person to
//! the rules book where XBoard's own rules are looser (a pass anywhere,
//! promotions the book forbids, Chu Shogi's lion trading).
//!
//! The markers come from the legal moves as XBoard writes them: yellow a
//! move, red a capture, magenta a promotion (XBoard then offers the
//! choice), cyan the first square of a warlock's two legs (XBoard waits for
//! the second: after `put` and `lift` on that square the markers are the
//! second legs').

/// What a person has picked up: the square, the legs entered since (a
/// warlock's first square), and where the man was last put down.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lifted {
    from: Option<String>,
    legs: Vec<String>,
    put: Option<String>,
    /// The squares marked cyan in the last answer.
    waypoints: Vec<String>,
}

/// A board's size and how XBoard numbers its ranks (from 1 on eight
/// ranks, from 0 on ten).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Geometry {
    files: usize,
    ranks: usize,
}

impl Geometry {
    /// The size of a board of [`occupancy`].
    fn of_board(occupied: &[Vec<bool>]) -> Geometry {
        Geometry { files: occupied.first().map_or(8, Vec::len), ranks: occupied.len() }
    }

    /// The (file, rank) of an XBoard square, ranks from 0 at the bottom.
    fn square(self, text: &str) -> Option<(usize, usize)> {
        let mut chars = text.chars();
        let file = chars.next().filter(char::is_ascii_lowercase)? as usize - 'a' as usize;
        let number: usize = chars.as_str().parse().ok()?;
        let first = if self.ranks > 9 { 0 } else { 1 };
        let rank = number.checked_sub(first)?;
        (file < self.files && rank < self.ranks).then_some((file, rank))
    }
}

/// Whether each square of a FEN's board holds a man, by rank from the
/// bottom, then by file.
fn occupancy(fen: &str) -> Vec<Vec<bool>> {
    board_field(fen).split('/').rev().map(squares_in).collect()
}

/// The board field of a FEN, without a hand.
fn board_field(fen: &str) -> &str {
    let board = fen.split_whitespace().next().unwrap_or("");
    board.split('[').next().unwrap_or(board)
}

/// Whether each square of one FEN rank holds a man, from the a-file.
fn squares_in(rank: &str) -> Vec<bool> {
    let mut squares = Vec::new();
    let mut empty = 0;
    for c in rank.chars() {
        if let Some(digit) = c.to_digit(10) {
            empty = empty * 10 + digit as usize;
            continue;
        }
        squares.extend(std::iter::repeat_n(false, empty));
        empty = 0;
        if c.is_ascii_alphabetic() {
            squares.push(true);
        }
    }
    squares.extend(std::iter::repeat_n(false, empty));
    squares
}

/// One leg of an XBoard move: its two squares and a promotion's letter.
fn legs_of(text: &str) -> Option<Vec<(String, String, bool)>> {
    text.split(',')
        .filter(|leg| !leg.is_empty())
        .map(|leg| {
            let split = |s: &str| s.char_indices().skip(1).find(|(_, c)| c.is_ascii_lowercase()).map(|(i, _)| i);
            let middle = split(leg)?;
            let (from, rest) = leg.split_at(middle);
            let end = rest.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map_or(rest.len(), |(i, _)| i);
            let (to, promotion) = rest.split_at(end);
            Some((from.to_string(), to.to_string(), !promotion.is_empty()))
        })
        .collect()
}

/// A marker's letter in a COLORFEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Move,
    Capture,
    Promotion,
    Waypoint,
}

impl Marker {
    fn letter(self) -> char {
        match self {
            Marker::Move => 'Y',
            Marker::Capture => 'R',
            Marker::Promotion => 'M',
            Marker::Waypoint => 'C',
        }
    }
}

impl Lifted {
    /// `lift SQUARE`: the man on it picked up, or a warlock's first leg
    /// entered where the man was put down on a cyan square just before.
    pub fn lift(&mut self, square: &str) {
        let continues = self.from.is_some()
            && self.put.as_deref() == Some(square)
            && self.waypoints.iter().any(|waypoint| waypoint == square);
        if continues {
            self.legs.push(square.to_string());
        } else {
            *self = Lifted { from: Some(square.to_string()), ..Lifted::default() };
        }
        self.put = None;
    }

    /// `put SQUARE`: where the man was put down.
    pub fn put(&mut self, square: &str) {
        self.put = Some(square.to_string());
    }

    /// The `highlight` line for the man lifted, from the position's legal
    /// moves in XBoard's text and its FEN (which squares hold a man).
    pub fn highlight(&mut self, moves: &[String], fen: &str) -> String {
        let occupied = occupancy(fen);
        let geometry = Geometry::of_board(&occupied);
        let mut markers = vec![vec![None; geometry.files]; geometry.ranks];
        let mut waypoints = Vec::new();
        let from = self.from.clone().unwrap_or_default();
        for text in moves {
            let Some(legs) = legs_of(text) else { continue };
            // The squares the man passes: the start, each leg's end.
            let path: Vec<&str> = legs
                .first()
                .map(|leg| leg.0.as_str())
                .into_iter()
                .chain(legs.iter().map(|leg| leg.1.as_str()))
                .collect();
            let count = self.legs.len();
            if path.len() < count + 2
                || path[0] != from
                || !path[1..=count].iter().copied().eq(self.legs.iter().map(String::as_str))
            {
                continue;
            }
            let next = path[count + 1];
            let Some((file, rank)) = geometry.square(next) else { continue };
            let marker = if path.len() > count + 2 {
                waypoints.push(next.to_string());
                Marker::Waypoint
            } else if legs.last().is_some_and(|leg| leg.2) {
                Marker::Promotion
            } else if occupied.get(rank).and_then(|r| r.get(file)).copied().unwrap_or(false) && next != from {
                Marker::Capture
            } else {
                Marker::Move
            };
            let slot = &mut markers[rank][file];
            // A square both ends a move and begins a second leg: cyan, as
            // XBoard marks a lion's (a second click there ends the move).
            if *slot != Some(Marker::Waypoint) {
                *slot = Some(marker);
            }
        }
        self.waypoints = waypoints;
        let ranks: Vec<String> = markers.iter().rev().map(|rank| colour_rank(rank)).collect();
        format!("highlight {}", ranks.join("/"))
    }
}

/// One rank of a COLORFEN: a letter for each marked square, the count of
/// unmarked ones between.
fn colour_rank(rank: &[Option<Marker>]) -> String {
    let mut text = String::new();
    let mut empty = 0;
    for marker in rank {
        match marker {
            None => empty += 1,
            Some(marker) => {
                if empty > 0 {
                    text.push_str(&empty.to_string());
                    empty = 0;
                }
                text.push(marker.letter());
            }
        }
    }
    if empty > 0 {
        text.push_str(&empty.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn moves(list: &str) -> Vec<String> {
        list.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_lifted_pawn_marks_its_two_squares() {
        let mut lifted = Lifted::default();
        lifted.lift("e2");
        let legal = moves("e2e3 e2e4 d2d4 g1f3");
        assert_eq!(lifted.highlight(&legal, START), "highlight 8/8/8/8/4Y3/4Y3/8/8");
        lifted.lift("b1");
        assert_eq!(lifted.highlight(&legal, START), "highlight 8/8/8/8/8/8/8/8");
    }

    #[test]
    fn captures_are_red_and_promotions_magenta() {
        let fen = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
        let mut lifted = Lifted::default();
        lifted.lift("e7");
        let legal = moves("e7e8q e7e8n e7d8q e7d8r e1d1");
        assert_eq!(lifted.highlight(&legal, fen), "highlight 3MM3/8/8/8/8/8/8/8");
        let fen = "4k3/8/8/3p4/4N3/8/8/4K3 w - - 0 1";
        lifted.lift("e4");
        assert_eq!(lifted.highlight(&moves("e4d6 e4f6 e4d2"), fen), "highlight 8/8/3Y1Y2/8/8/8/3Y4/8");
        lifted.lift("e4");
        let legal = moves("e4d5 e4e5 e4d4");
        assert_eq!(lifted.highlight(&legal, "4k3/8/8/3p4/4Q3/8/8/4K3 w - - 0 1"), "highlight 8/8/8/3RY3/3Y4/8/8/8");
    }

    #[test]
    fn a_warlocks_first_leg_is_cyan_and_its_second_follows() {
        // Ten ranks, counted from 0 by XBoard: its e4 is the fifth rank.
        let fen = "10/10/10/10/5p4/4W5/10/10/10/4K5 w - - 0 1";
        let legal = moves("e4e5 e4f5 e4f5,f5g6 e4f5,f5e4 e4d5,d5c6 e0e1");
        let mut lifted = Lifted::default();
        lifted.lift("e4");
        assert_eq!(lifted.highlight(&legal, fen), "highlight 10/10/10/10/3CYC4/10/10/10/10/10");
        // Put down on f5 (cyan), lifted again there: the second legs.
        lifted.put("f5");
        lifted.lift("f5");
        assert_eq!(lifted.highlight(&legal, fen), "highlight 10/10/10/6Y3/10/4Y5/10/10/10/10");
        // A fresh lift starts again.
        lifted.lift("e0");
        assert_eq!(lifted.highlight(&legal, fen), "highlight 10/10/10/10/10/10/10/10/4Y5/10");
    }

    #[test]
    fn the_geometry_counts_xboards_ranks() {
        let chess = Geometry::of_board(&occupancy(START));
        assert_eq!((chess.files, chess.ranks), (8, 8));
        assert_eq!(chess.square("e1"), Some((4, 0)));
        assert_eq!(chess.square("e0"), None);
        let elven = Geometry::of_board(&occupancy("10/10/10/10/10/10/10/10/10/10 w - - 0 1"));
        assert_eq!(elven.square("e0"), Some((4, 0)));
        assert_eq!(elven.square("j9"), Some((9, 9)));
        assert_eq!(elven.square("k1"), None);
    }
}
