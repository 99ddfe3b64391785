//! Elven Chess as XBoard 4.9.1's own `elven` writes it. XBoard counts the
//! ten ranks from 0 (its `e2e4` is Roque's `e3e5`); its letters are M for
//! the dwarf, +B for the elf (a promoted bishop), +R for the goblin and L
//! for the warlock (Roque's D, E, G, W); a warlock's double move is two
//! legs, `e3f4,f4g5` (the igui `e3f4,f4e3`), and a pass `@@@@`.

use super::notation::XboardGame;
use crate::board::{DrawReason, GameResult};
use crate::elven::game::ElvenRecord;
use crate::elven::{ElvenMove, ElvenPosition, ELVEN_STARTPOS_FEN};
use crate::types::Square10;

/// XBoard's text of a pass, whichever warlock makes it.
pub const PASS: &str = "@@@@";

/// A square in XBoard's coordinates: ranks from 0.
fn xboard_square(square: Square10) -> String {
    format!("{}{}", (b'a' + square.file()) as char, square.rank())
}

/// Roque's letter for an XBoard letter of a piece (either colour); `+`
/// comes before the letter of a promoted bishop or rook.
fn roque_letter(letter: char, promoted: bool) -> char {
    let roque = match (letter.to_ascii_uppercase(), promoted) {
        ('B', true) => 'E',
        ('R', true) => 'G',
        ('M', _) => 'D',
        ('L', _) => 'W',
        (other, _) => other,
    };
    if letter.is_ascii_lowercase() {
        roque.to_ascii_lowercase()
    } else {
        roque
    }
}

/// XBoard's castling field: `KQkq`, or the rooks' files (`JAja`), which
/// Roque reads as the side of the king each rook stands on.
fn roque_castling(field: &str) -> String {
    field
        .chars()
        .map(|c| match c {
            'A'..='J' if c > 'F' => 'K',
            'A'..='J' => 'Q',
            'a'..='j' if c > 'e' => 'k',
            'a'..='j' => 'q',
            other => other,
        })
        .collect()
}

/// One leg of XBoard's text (`e3f4`, `e6e7q`): its two squares in Roque's
/// coordinates and its promotion suffix.
fn read_leg(leg: &str) -> Option<(String, String, Option<char>)> {
    let bytes = leg.as_bytes();
    let square = |at: usize| -> Option<String> {
        let (file, rank) = (*bytes.get(at)?, *bytes.get(at + 1)?);
        if !(b'a'..=b'j').contains(&file) || !rank.is_ascii_digit() {
            return None;
        }
        Some(format!("{}{}", file as char, rank - b'0' + 1))
    };
    let (from, to) = (square(0)?, square(2)?);
    match &bytes[4..] {
        [] => Some((from, to, None)),
        [suffix] => Some((from, to, Some(*suffix as char))),
        _ => None,
    }
}

/// Why XBoard's promotion suffix is refused, where the rules book forbids
/// what XBoard's own rules allow.
fn refused_promotion(suffix: char) -> Option<String> {
    match suffix.to_ascii_lowercase() {
        'q' | 'r' | 'b' | 'n' => None,
        '+' => Some("only pawns promote in Elven Chess: no knight, bishop or rook promotes with '+'".to_string()),
        'l' => Some("a pawn promotes to a knight, bishop, rook or queen, never to a warlock".to_string()),
        other => Some(format!("'{other}' is no promotion: a pawn promotes to a knight, bishop, rook or queen")),
    }
}

impl XboardGame for ElvenRecord {
    /// A draw by repetition or by the fifty-move rule only where XBoard
    /// sees one: XBoard counts both back to the last move it marks
    /// irreversible, and a warlock's pass is one to it (Roque's rules count
    /// across it). So a threefold repetition is claimed only where the
    /// position stood three times since the last pass (a false claim after
    /// positions repeated across passes lost a game in XBoard 4.9.1), and
    /// the fifty-move rule only where a hundred plies were played since it
    /// too (a false claim two plies after a pass lost another).
    fn xboard_sees_result(record: &ElvenRecord) -> bool {
        let after_last_pass = record.moves().iter().rposition(|m| m.is_pass()).map(|index| index + 1);
        match record.result() {
            Some(GameResult::Draw(DrawReason::ThreefoldRepetition)) => {
                let keys = record.keys();
                let current = keys[keys.len() - 1];
                keys[after_last_pass.unwrap_or(0)..].iter().filter(|&&key| key == current).count() >= 3
            }
            Some(GameResult::Draw(DrawReason::FiftyMoveRule)) => {
                after_last_pass.is_none_or(|first| record.moves().len() - first >= 100)
            }
            _ => true,
        }
    }

    fn xboard_move(_: &ElvenPosition, m: ElvenMove, _: bool) -> String {
        if m.is_pass() {
            return PASS.to_string();
        }
        let (from, to) = (xboard_square(m.from()), xboard_square(m.to()));
        match m.first_capture() {
            Some(via) => {
                let via = xboard_square(via);
                format!("{from}{via},{via}{to}")
            }
            None => {
                let promotion = m.promotion_piece().map(|kind| kind.char().to_string()).unwrap_or_default();
                format!("{from}{to}{promotion}")
            }
        }
    }

    fn roque_move(position: &ElvenPosition, text: &str, _: bool) -> Result<String, String> {
        if text == PASS {
            return position.legal_moves().into_iter().find(|m| m.is_pass()).map(|m| m.to_string()).ok_or_else(|| {
                "no pass is legal here (a pass is a warlock's step out and back, never in check)".into()
            });
        }
        let malformed =
            || "not a move in XBoard's Elven Chess notation (like e2e4, e6e7q, e3f4,f4g5 or @@@@)".to_string();
        let legs: Vec<&str> = text.split(',').collect();
        let read: Vec<_> = legs.iter().map(|leg| read_leg(leg)).collect::<Option<_>>().ok_or_else(malformed)?;
        if let Some(reason) = read.iter().find_map(|(_, _, suffix)| suffix.and_then(refused_promotion)) {
            return Err(reason);
        }
        match read.as_slice() {
            [(from, to, suffix)] => Ok(format!("{from}{to}{}", suffix.map(String::from).unwrap_or_default())),
            [(from, via, None), (second_from, to, None)] if via == second_from => Ok(format!("{from}{via}{to}")),
            [_, _] => Err("a warlock's second leg starts where its first ends (like e3f4,f4g5)".to_string()),
            _ => Err(malformed()),
        }
    }

    /// XBoard's letters (M, +B, +R, L) and castling field as Roque's.
    fn roque_fen(fen: &str) -> String {
        let mut fields = fen.split_whitespace();
        let mut placement = String::new();
        let mut promoted = false;
        for c in fields.next().unwrap_or_default().chars() {
            match c {
                '+' => promoted = true,
                c if c.is_ascii_alphabetic() => {
                    placement.push(roque_letter(c, promoted));
                    promoted = false;
                }
                c => placement.push(c),
            }
        }
        let side = fields.next().unwrap_or("w");
        let castling = roque_castling(fields.next().unwrap_or("-"));
        let rest: Vec<&str> = fields.collect();
        let mut roque = format!("{placement} {side} {castling}");
        for field in rest {
            roque.push(' ');
            roque.push_str(field);
        }
        roque
    }

    /// XBoard 4.9.1's `elven` gives Black's castling rights to the king on
    /// the f-file (the middle of ten files, as in its other games), where
    /// Black's king is not (it stands on e10): from its own start XBoard
    /// never lets Black castle, either way, and forfeits an engine that
    /// does. From a FEN it finds the king and Black castles as in Roque.
    /// So the engine's game from XBoard's start is Roque's start without
    /// Black's castling rights (`KQ`): it never sends a castling XBoard
    /// refuses, and its search never counts on one (docs/xboard.md).
    fn xboard_start_fen() -> Option<String> {
        Some(ELVEN_STARTPOS_FEN.replacen(" KQkq ", " KQ ", 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> ElvenPosition {
        ElvenPosition::startpos()
    }

    fn record(moves: &[&str]) -> ElvenRecord {
        let mut record = ElvenRecord::default();
        for text in moves {
            record.play_text(text).unwrap();
        }
        record
    }

    /// The start three times by knights' moves: XBoard sees it; the third
    /// time right after two passes: Roque's rules see a repetition, XBoard
    /// (counting back to the last pass) does not, so it is not claimed.
    #[test]
    fn a_repetition_across_a_pass_is_not_claimed() {
        let knights = ["b2c4", "i9h7", "c4b2", "h7i9"];
        let twice: Vec<&str> = knights.iter().chain(knights.iter()).copied().collect();
        let plain = record(&twice);
        assert_eq!(plain.result(), Some(GameResult::Draw(DrawReason::ThreefoldRepetition)));
        assert!(ElvenRecord::xboard_sees_result(&plain));
        let passes: Vec<&str> = knights.iter().copied().chain(["e2e2", "f9f9"]).collect();
        let across = record(&passes);
        assert_eq!(across.result(), Some(GameResult::Draw(DrawReason::ThreefoldRepetition)));
        assert!(!ElvenRecord::xboard_sees_result(&across));
        assert!(ElvenRecord::xboard_sees_result(&record(&["e3e5"])));
    }

    /// A hundred plies without a capture or a pawn move, the last two a
    /// pass and a knight's move: Roque's rules draw, XBoard (counting back
    /// to the pass) does not, so it is not claimed; the same count without
    /// the pass is.
    #[test]
    fn the_fifty_move_rule_across_a_pass_is_not_claimed() {
        let fen = "r3k4r/dnbgqwebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 98 60";
        let from = |moves: &[&str]| {
            let mut record = ElvenRecord::new(ElvenPosition::from_fen(fen).unwrap());
            for text in moves {
                record.play_text(text).unwrap();
            }
            record
        };
        let across = from(&["e2e2", "b9c7"]);
        assert_eq!(across.result(), Some(GameResult::Draw(DrawReason::FiftyMoveRule)));
        assert!(!ElvenRecord::xboard_sees_result(&across));
        let plain = from(&["b2c4", "b9c7"]);
        assert_eq!(plain.result(), Some(GameResult::Draw(DrawReason::FiftyMoveRule)));
        assert!(ElvenRecord::xboard_sees_result(&plain));
    }

    #[test]
    fn xboard_s_start_has_white_s_castling_and_not_black_s() {
        let fen = ElvenRecord::xboard_start_fen().unwrap();
        let white = ElvenPosition::from_fen(&fen).unwrap();
        for castling in ["f1c1", "f1i1"] {
            assert!(white.parse_move(castling).is_ok(), "{castling}");
        }
        let black = white.make(white.parse_move("a3a4").unwrap());
        for castling in ["e10b10", "e10h10"] {
            assert!(black.parse_move(castling).is_err(), "{castling}");
        }
        let roque = start().make(start().parse_move("a3a4").unwrap());
        assert!(roque.parse_move("e10b10").is_ok());
    }

    #[test]
    fn ranks_are_counted_from_zero() {
        assert_eq!(ElvenRecord::roque_move(&start(), "e2e4", false).unwrap(), "e3e5");
        assert_eq!(ElvenRecord::roque_move(&start(), "a9a8", false).unwrap(), "a10a9");
        let m = start().parse_move("e3e5").unwrap();
        assert_eq!(ElvenRecord::xboard_move(&start(), m, false), "e2e4");
    }

    #[test]
    fn the_warlock_s_legs_and_pass_are_read_and_written() {
        // White's warlock on e4 (Roque's e5), Black's pawn on f5 (f6).
        let fen = "r3k4r/dnbgqwebnd/ppppp1pppp/10/5p4/4W5/10/PPPPPPPPPP/DNBE1QGBND/R4K3R w KQkq - 0 1";
        let position = ElvenPosition::from_fen(fen).unwrap();
        let text = ElvenRecord::roque_move(&position, "e4f5,f5g6", false).unwrap();
        assert_eq!(text, "e5f6g7");
        let double = position.parse_move(&text).unwrap();
        assert_eq!(ElvenRecord::xboard_move(&position, double, false), "e4f5,f5g6");
        let igui = position.parse_move(&ElvenRecord::roque_move(&position, "e4f5,f5e4", false).unwrap()).unwrap();
        assert!(igui.is_igui());
        let pass = position.parse_move(&ElvenRecord::roque_move(&position, PASS, false).unwrap()).unwrap();
        assert!(pass.is_pass());
        assert_eq!(ElvenRecord::xboard_move(&position, pass, false), PASS);
        assert!(ElvenRecord::roque_move(&position, "e4f5,g5g6", false).unwrap_err().contains("second leg"));
    }

    #[test]
    fn promotions_the_rules_book_forbids_are_refused() {
        assert!(ElvenRecord::roque_move(&start(), "e6e7l", false).unwrap_err().contains("never to a warlock"));
        assert!(ElvenRecord::roque_move(&start(), "c1c8+", false).unwrap_err().contains("'+'"));
        assert_eq!(ElvenRecord::roque_move(&start(), "e6e7q", false).unwrap(), "e7e8q");
        assert!(ElvenRecord::roque_move(&start(), "e2", false).unwrap_err().contains("not a move"));
        let no_warlock = ElvenPosition::from_fen("4k5/10/10/10/10/10/10/10/10/5K4 w - - 0 1").unwrap();
        assert!(ElvenRecord::roque_move(&no_warlock, PASS, false).unwrap_err().contains("no pass"));
    }

    #[test]
    fn xboard_fens_are_read_with_roque_s_letters() {
        let xboard = "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+BLQ+RBNM/R4K3R w JAja - 0 1";
        assert_eq!(ElvenRecord::roque_fen(xboard), ELVEN_STARTPOS_FEN);
    }
}
