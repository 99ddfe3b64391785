//! Training records from the PGNs of engine matches: cutechess-cli's and
//! fastchess's (OpenBench's data-generation workloads among them), whose
//! move comments begin with the mover's score and depth (`{+0.35/12
//! 0.123s}`, `{-M5/20 ...}`, `{book}`). Each move scored in centipawns
//! gives the position before it, labelled with that score (turned to
//! White's view) and the game's result; as in `roque datagen`, a position
//! in check, or whose move captures or promotes, is left out, and so is a
//! mate score, a book move or a move without a score. A game without a
//! result (`*`) or of another variant than chess and Chess960 is skipped
//! and counted; a move that is not legal where it stands is an error that
//! names the game, as the file is then not what it claims.

use super::pgn::{read_games, PgnGame};
use super::training_data::{GameOutcome, Record};
use crate::board::is_noisy;

/// What a PGN text gave.
#[derive(Clone, Debug, Default)]
pub struct PgnRecords {
    pub records: Vec<Record>,
    /// Games read for their positions.
    pub games: usize,
    /// Games left out, each with why (no result, another variant).
    pub skipped: Vec<String>,
}

impl PgnRecords {
    /// `N positions from G games`, and the games skipped.
    pub fn summary(&self) -> String {
        let mut text = format!("{} positions from {} games", self.records.len(), self.games);
        if !self.skipped.is_empty() {
            text.push_str(&format!("; {} games skipped ({})", self.skipped.len(), self.skipped[0]));
            if self.skipped.len() > 1 {
                text.push_str(", ...");
            }
        }
        text
    }
}

/// The mover's score in centipawns at the start of a move's comment (`+0.35/12`
/// is 35), or None for a mate, a book move, or no score.
pub fn comment_centipawns(comment: &str) -> Option<i32> {
    let first = comment.split([' ', ',']).find(|word| !word.is_empty())?;
    let (score, depth) = first.split_once('/')?;
    if depth.is_empty() || !depth.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let pawns: f64 = score.parse().ok()?;
    pawns.is_finite().then(|| (pawns * 100.0).round() as i32)
}

/// The records of every game of `text`.
pub fn pgn_records(text: &str) -> Result<PgnRecords, String> {
    let mut read = PgnRecords::default();
    for (index, game) in read_games(text).iter().enumerate() {
        let number = index + 1;
        let outcome = match game.result.as_str() {
            "1-0" => GameOutcome::WhiteWins,
            "0-1" => GameOutcome::BlackWins,
            "1/2-1/2" => GameOutcome::Draw,
            _ => {
                read.skipped.push(format!("game {number}: no result"));
                continue;
            }
        };
        let (mut position, _) = match game.start_position() {
            Ok(start) => start,
            Err(why) => {
                read.skipped.push(format!("game {number}: {why}"));
                continue;
            }
        };
        read.games += 1;
        for (ply, pgn_move) in game.moves.iter().enumerate() {
            let m = position.parse_san(&pgn_move.san).map_err(|e| bad_move(game, number, ply, &e.to_string()))?;
            let kept = !position.in_check() && !is_noisy(&position, m);
            if let Some(cp) = comment_centipawns(&pgn_move.comment).filter(|_| kept) {
                let white = position.side_to_move().sign() * cp;
                let score = white.clamp(i16::MIN as i32 + 1, i16::MAX as i32) as i16;
                read.records.push(Record::new(&position, score, outcome));
            }
            position = position.make_move(m);
        }
    }
    Ok(read)
}

fn bad_move(game: &PgnGame, number: usize, ply: usize, why: &str) -> String {
    let players = format!("{} - {}", game.tag("White").unwrap_or("?"), game.tag("Black").unwrap_or("?"));
    format!("game {number} ({players}), ply {}: {why}", ply + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_gives_the_movers_centipawns() {
        assert_eq!(comment_centipawns("+0.35/12 0.123s"), Some(35));
        assert_eq!(comment_centipawns("-1.07/9 0.2s, n=1234, sd=14"), Some(-107));
        assert_eq!(comment_centipawns("0.00/20, 1.5s"), Some(0));
        for none in ["book", "", "+M5/20 0.1s", "-M3/7", "0.35 0.1s", "text/not", "+0.35/"] {
            assert_eq!(comment_centipawns(none), None, "{none}");
        }
    }
}
