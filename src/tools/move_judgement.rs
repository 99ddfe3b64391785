//! How good a played move was, judged from the evaluations before and
//! after it as lichess judges them: by the winning chances it gave away
//! (marks and accuracy) and by the centipawns it lost (average loss).

use crate::search::Score;
use crate::types::Color;

/// An evaluation from White's point of view, as `[%eval ...]` writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    Centipawns(i32),
    /// Mate in this many moves: White mates when positive, Black when negative.
    Mate(i32),
    /// The game is over: this side is checkmated.
    Checkmated(Color),
}

/// Centipawn evaluations are capped here before they are compared, and a
/// mate counts as this much: beyond it a position is won either way, and
/// a search's exact figure there says little.
const CAP: i32 = 1000;

/// The slope of the logistic curve from centipawns to winning chances;
/// lichess's, fitted to its players' games.
const WINNING_CHANCES_SLOPE: f64 = 0.003_682_08;

impl Evaluation {
    /// A search's score (the side to move's view) from White's view.
    pub fn from_search(score: Score, side_to_move: Color) -> Evaluation {
        let sign = if side_to_move == Color::White { 1 } else { -1 };
        match score {
            Score::Cp(cp) => Evaluation::Centipawns(sign * cp),
            Score::Mate(moves) => Evaluation::Mate(sign * moves),
        }
    }

    /// The evaluation of the position after `mover` plays the best move of
    /// a position evaluated so: a mate the mover gives is a move nearer (a
    /// mate in one is then the checkmate on the board); any other
    /// evaluation carries over.
    pub fn after_best_move(self, mover: Color) -> Evaluation {
        match self {
            Evaluation::Mate(moves) if (moves > 0) == (mover == Color::White) => match moves.abs() {
                1 => Evaluation::Checkmated(!mover),
                _ => Evaluation::Mate(moves - moves.signum()),
            },
            other => other,
        }
    }

    /// As lichess writes it in a comment: `0.17`, `-1.05` (pawns, two
    /// decimals), `#3`, `#-2`; a checkmate on the board is `#+0` when
    /// White has given it and `#-0` when Black has.
    pub fn pgn_text(self) -> String {
        match self {
            Evaluation::Centipawns(cp) => format!("{:.2}", cp as f64 / 100.0),
            Evaluation::Mate(moves) => format!("#{moves}"),
            Evaluation::Checkmated(Color::Black) => "#+0".to_string(),
            Evaluation::Checkmated(Color::White) => "#-0".to_string(),
        }
    }

    /// Centipawns for `color`, capped at ±1,000 (`CAP`), a mate counting as the cap.
    pub fn capped_centipawns(self, color: Color) -> i32 {
        let white = match self {
            Evaluation::Centipawns(cp) => cp.clamp(-CAP, CAP),
            Evaluation::Mate(moves) => CAP * moves.signum(),
            Evaluation::Checkmated(mated) => {
                if mated == Color::Black {
                    CAP
                } else {
                    -CAP
                }
            }
        };
        if color == Color::White {
            white
        } else {
            -white
        }
    }

    /// `color`'s winning chances from -1 (lost) to 1 (won).
    pub fn winning_chances(self, color: Color) -> f64 {
        let sure = |white_wins: bool| if white_wins == (color == Color::White) { 1.0 } else { -1.0 };
        match self {
            Evaluation::Mate(moves) => sure(moves > 0),
            Evaluation::Checkmated(mated) => sure(mated == Color::Black),
            Evaluation::Centipawns(_) => {
                let cp = self.capped_centipawns(color) as f64;
                2.0 / (1.0 + (-WINNING_CHANCES_SLOPE * cp).exp()) - 1.0
            }
        }
    }
}

/// How bad a move was, by the winning chances it gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Mark {
    /// The winning chances (on the -1 to 1 scale) a move must give away for
    /// each mark, worst first: lichess's thresholds.
    const THRESHOLDS: [(f64, Mark); 3] = [(0.3, Mark::Blunder), (0.2, Mark::Mistake), (0.1, Mark::Inaccuracy)];

    /// The mark of a move by `mover` from `before` to `after`, if it
    /// deserves one.
    pub fn of(before: Evaluation, after: Evaluation, mover: Color) -> Option<Mark> {
        let lost = before.winning_chances(mover) - after.winning_chances(mover);
        Mark::THRESHOLDS.iter().find(|(threshold, _)| lost >= *threshold).map(|&(_, mark)| mark)
    }

    /// The suffix written after the move.
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "Inaccuracy",
            Mark::Mistake => "Mistake",
            Mark::Blunder => "Blunder",
        }
    }
}

/// The centipawns a move by `mover` lost (0 for a move that gained).
pub fn centipawn_loss(before: Evaluation, after: Evaluation, mover: Color) -> i32 {
    (before.capped_centipawns(mover) - after.capped_centipawns(mover)).max(0)
}

/// A move's accuracy from 0 to 100 by lichess's formula: 100 for a move
/// that keeps its winning percentage, falling exponentially with the
/// percentage points it gives away.
pub fn accuracy(before: Evaluation, after: Evaluation, mover: Color) -> f64 {
    let percent = |evaluation: Evaluation| 50.0 + 50.0 * evaluation.winning_chances(mover);
    let lost = percent(before) - percent(after);
    (103.1668 * (-0.04354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_are_written_as_lichess_writes_them() {
        assert_eq!(Evaluation::from_search(Score::Cp(17), Color::White).pgn_text(), "0.17");
        assert_eq!(Evaluation::from_search(Score::Cp(105), Color::Black).pgn_text(), "-1.05");
        assert_eq!(Evaluation::from_search(Score::Cp(0), Color::Black).pgn_text(), "0.00");
        assert_eq!(Evaluation::from_search(Score::Mate(3), Color::Black).pgn_text(), "#-3");
        assert_eq!(Evaluation::from_search(Score::Mate(-2), Color::Black).pgn_text(), "#2");
        assert_eq!(Evaluation::Checkmated(Color::Black).pgn_text(), "#+0");
    }

    #[test]
    fn a_mate_comes_a_move_nearer_when_its_giver_plays_the_best_move() {
        use Evaluation::*;
        assert_eq!(Mate(1).after_best_move(Color::White), Checkmated(Color::Black));
        assert_eq!(Mate(-1).after_best_move(Color::Black), Checkmated(Color::White));
        assert_eq!(Mate(3).after_best_move(Color::White), Mate(2));
        assert_eq!(Mate(-3).after_best_move(Color::Black), Mate(-2));
        // The mated side's best move leaves the mate as far as it was.
        assert_eq!(Mate(3).after_best_move(Color::Black), Mate(3));
        assert_eq!(Mate(-1).after_best_move(Color::White), Mate(-1));
        assert_eq!(Centipawns(42).after_best_move(Color::Black), Centipawns(42));
    }

    #[test]
    fn marks_follow_the_winning_chances_given_away() {
        let white = Color::White;
        let cp = Evaluation::Centipawns;
        assert_eq!(Mark::of(cp(20), cp(0), white), None);
        assert_eq!(Mark::of(cp(0), cp(-900), white), Some(Mark::Blunder));
        assert_eq!(Mark::of(cp(0), cp(-120), white), Some(Mark::Mistake));
        assert_eq!(Mark::of(cp(0), cp(-60), white), Some(Mark::Inaccuracy));
        // Far ahead, a pawn less changes little.
        assert_eq!(Mark::of(cp(900), cp(800), white), None);
        // Missing a mate for a won position is no mark; walking into one is.
        assert_eq!(Mark::of(Evaluation::Mate(2), cp(900), white), None);
        assert_eq!(Mark::of(cp(0), Evaluation::Mate(-1), white), Some(Mark::Blunder));
        // Black's view is the other way round.
        assert_eq!(Mark::of(cp(0), cp(900), Color::Black), Some(Mark::Blunder));
    }

    #[test]
    fn losses_and_accuracy_are_capped_and_in_range() {
        let cp = Evaluation::Centipawns;
        assert_eq!(centipawn_loss(cp(30), cp(-2000), Color::White), 1030);
        assert_eq!(centipawn_loss(cp(30), cp(50), Color::White), 0);
        assert_eq!(centipawn_loss(cp(30), cp(50), Color::Black), 20);
        assert!((accuracy(cp(30), cp(30), Color::White) - 100.0).abs() < 0.01);
        // From an even game to mated: 8.5, not 0, in lichess's formula.
        assert!(accuracy(cp(0), Evaluation::Checkmated(Color::White), Color::White) < 10.0);
        let small = accuracy(cp(0), cp(-50), Color::White);
        assert!(small > 70.0 && small < 95.0, "{small}");
    }
}
