//! Scores: the search's internal centipawn/mate scale, the UCI `Score` it is
//! reported as, the `Bound` a score carries, and the win/draw/loss estimate.

/// The longest line the search follows, in plies from the root.
pub const MAX_PLY: usize = 246;

pub use crate::game::score::{DRAW, MATE};
/// Larger than any score; the initial window.
pub const INFINITE: i32 = MATE + 1;
/// Scores at or beyond this are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A tablebase win at the root; one `n` plies away scores `TB_WIN - n`.
/// Below every mate score: a mate found by the search is worth more than a
/// win the tables promise.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this are tablebase wins or mates.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;
/// The evaluation stays below every decisive score.
pub const MAX_EVAL: i32 = TB_WIN_BOUND - 1;
const _: () = assert!(MAX_EVAL < TB_WIN_BOUND && TB_WIN < MATE_BOUND);

/// A search score as reported over UCI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move's view.
    Cp(i32),
    /// Mate in `n` moves: `n > 0` the side to move mates, `n < 0` it is mated.
    Mate(i32),
}

/// How an exact a search score is: exact, or only a bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

impl Score {
    /// The UCI score of an internal score.
    pub fn from_internal(value: i32) -> Score {
        if value >= MATE_BOUND {
            Score::Mate((MATE - value + 1) / 2)
        } else if value <= -MATE_BOUND {
            Score::Mate(-(MATE + value) / 2)
        } else {
            Score::Cp(value)
        }
    }

    /// Win/draw/loss per mille for the side to move: a logistic model in
    /// which +150 cp is an even chance of winning.
    pub fn wdl(self) -> (u32, u32, u32) {
        match self {
            Score::Mate(n) if n > 0 => (1000, 0, 0),
            Score::Mate(_) => (0, 0, 1000),
            Score::Cp(cp) => {
                let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
                let cp = cp as f64;
                let win = (1000.0 * logistic((cp - 150.0) / 60.0)).round() as u32;
                let loss = (1000.0 * logistic((-cp - 150.0) / 60.0)).round() as u32;
                (win, 1000 - win - loss, loss)
            }
        }
    }
}

/// True for scores that announce a mate for either side.
#[inline(always)]
pub fn is_mate_score(value: i32) -> bool {
    value.abs() >= MATE_BOUND
}

/// True for mates and tablebase wins or losses, either side.
#[inline(always)]
pub fn is_decisive(value: i32) -> bool {
    value.abs() >= TB_WIN_BOUND
}

/// A mate or tablebase score relative to the root, made relative to the
/// node `ply` plies down (for the transposition table, which is shared by
/// all depths).
#[inline(always)]
pub fn to_table(value: i32, ply: usize) -> i32 {
    if value >= TB_WIN_BOUND {
        value + ply as i32
    } else if value <= -TB_WIN_BOUND {
        value - ply as i32
    } else {
        value
    }
}

/// The inverse of [`to_table`].
#[inline(always)]
pub fn from_table(value: i32, ply: usize) -> i32 {
    if value >= TB_WIN_BOUND {
        value - ply as i32
    } else if value <= -TB_WIN_BOUND {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_convert_to_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
        assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
        assert_eq!(Score::from_internal(35), Score::Cp(35));
    }

    #[test]
    fn table_adjustment_round_trips() {
        for value in [MATE - 5, -MATE + 7, TB_WIN - 9, -TB_WIN + 30, 120, -3] {
            assert_eq!(from_table(to_table(value, 9), 9), value);
        }
        assert_eq!(to_table(MATE - 12, 10), MATE - 2);
        assert_eq!(to_table(TB_WIN - 12, 10), TB_WIN - 2);
        assert_eq!(to_table(MAX_EVAL, 10), MAX_EVAL);
    }

    #[test]
    fn tablebase_scores_lie_between_evaluations_and_mates() {
        assert!(is_decisive(TB_WIN - 5) && !is_mate_score(TB_WIN - 5) && !is_decisive(MAX_EVAL));
        assert_eq!(Score::from_internal(TB_WIN - 4), Score::Cp(TB_WIN - 4));
    }

    #[test]
    fn wdl_sums_to_a_thousand_and_follows_the_score() {
        for cp in [-900, -150, 0, 40, 150, 2000] {
            let (w, d, l) = Score::Cp(cp).wdl();
            assert_eq!(w + d + l, 1000);
        }
        assert!(Score::Cp(300).wdl().0 > Score::Cp(100).wdl().0);
        assert_eq!(Score::Cp(0).wdl().0, Score::Cp(0).wdl().2);
    }
}
