//! Aspiration windows, for the search of every game: a root
//! search in a narrow window around the last iteration's score, widened on
//! the side that fails until the score falls inside (every number from the
//! parameter table's `aspiration_*` entries).

use super::ablation::{enabled, Step};
use super::parameters as p;
use super::score::{is_decisive, Bound, INFINITE};

/// The window of one root search and how far it has been widened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AspirationWindow {
    pub alpha: i32,
    pub beta: i32,
    delta: i32,
}

impl AspirationWindow {
    /// From the aspiration depth on, ±delta around `previous` (the line's
    /// score of the last iteration); the full window before that depth or
    /// around a decisive score.
    pub fn new(previous: i32, depth: i32) -> AspirationWindow {
        let delta = p::aspiration_delta();
        let windowed = enabled(Step::Aspiration) && depth >= p::aspiration_min_depth() && !is_decisive(previous);
        if windowed {
            AspirationWindow { alpha: (previous - delta).max(-INFINITE), beta: (previous + delta).min(INFINITE), delta }
        } else {
            AspirationWindow { alpha: -INFINITE, beta: INFINITE, delta }
        }
    }

    /// Where a search in this window scored `score`: None inside it;
    /// otherwise the bound the score is (Upper: it failed low, Lower: high)
    /// and the window widened on that side, by half again each time, and
    /// opened fully once past the largest width. After a failure low,
    /// `narrow_beta` draws beta to the middle of the old window, where
    /// that window was one of evaluations: the middle of a window open
    /// below, or reaching a mate score, is a number no evaluation gives,
    /// and a node pruned against it returns such a number as its score.
    pub fn widen(&mut self, score: i32, narrow_beta: bool) -> Option<Bound> {
        let bound = if score <= self.alpha {
            if narrow_beta && !is_decisive(self.alpha) && self.alpha > -INFINITE {
                self.beta = (self.alpha + self.beta) / 2;
            }
            self.alpha = (score - self.delta).max(-INFINITE);
            Bound::Upper
        } else if score >= self.beta {
            self.beta = (score + self.delta).min(INFINITE);
            Bound::Lower
        } else {
            return None;
        };
        self.delta += self.delta * p::aspiration_growth_percent() / 100;
        if self.delta > p::aspiration_max_delta() {
            (self.alpha, self.beta) = (-INFINITE, INFINITE);
        }
        Some(bound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_starts_narrow_and_widens_on_the_side_that_failed() {
        let delta = p::aspiration_delta();
        let depth = p::aspiration_min_depth();
        assert_eq!(AspirationWindow::new(50, depth - 1).alpha, -INFINITE);
        assert_eq!(AspirationWindow::new(super::super::score::MATE - 3, depth).beta, INFINITE);
        let mut window = AspirationWindow::new(50, depth);
        assert_eq!((window.alpha, window.beta), (50 - delta, 50 + delta));
        assert_eq!(window.widen(50, true), None);
        // A failure high moves beta past the score, alpha stays.
        assert_eq!(window.widen(50 + delta, false), Some(Bound::Lower));
        assert_eq!((window.alpha, window.beta), (50 - delta, 50 + 2 * delta));
        // A failure low moves alpha below it; beta to the middle on request.
        let before = window;
        assert_eq!(window.widen(0, true), Some(Bound::Upper));
        assert_eq!(window.beta, (before.alpha + before.beta) / 2);
        assert!(window.alpha < 0);
        // Past the largest width the window opens fully.
        let mut steps = 0;
        while window.alpha > -INFINITE {
            window.widen(window.alpha, false);
            steps += 1;
            assert!(steps < 100, "the window never opens");
        }
        assert_eq!(window.beta, INFINITE);
    }

    /// Failures low to a mate: beta stays where an evaluation can be,
    /// not half way to the mate.
    #[test]
    fn beta_is_not_drawn_towards_a_mate_score() {
        let depth = p::aspiration_min_depth();
        let mate = -(super::super::score::MATE - 20);
        let mut window = AspirationWindow::new(-1500, depth);
        assert_eq!(window.widen(mate, true), Some(Bound::Upper));
        let beta = window.beta;
        assert!(!is_decisive(beta) && beta > -2000, "{beta}");
        assert_eq!(window.widen(window.alpha, true), Some(Bound::Upper));
        assert_eq!(window.beta, beta, "a window reaching a mate score keeps its beta");
        // A window open below keeps its beta too.
        let mut open = AspirationWindow { alpha: -INFINITE, beta: -1400, delta: p::aspiration_max_delta() };
        assert_eq!(open.widen(-INFINITE, true), Some(Bound::Upper));
        assert!(open.beta >= -1400, "{}", open.beta);
    }
}
