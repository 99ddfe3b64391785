//! Time management: how long to think about one move.
//!
//! Two bounds come from the clock: the soft bound, after which no new
//! iteration starts (an iteration that starts late rarely finishes), and the
//! hard bound, at which a running iteration is abandoned. The search
//! stretches or shrinks the soft bound as the best move proves unstable or
//! safe. Move Overhead (the time lost outside the engine) comes off first,
//! with a reserve of a few overheads, and the hard bound never exceeds a
//! fraction of what is left, so the engine does not lose on time even with
//! a few milliseconds on the clock.

use super::limits::SearchLimits;
use super::parameters::{self as p, percent};
use crate::clock::Instant;
use crate::types::Color;

/// The least kept back on the clock, in overheads.
const RESERVE_OVERHEADS: f64 = 5.0;

#[derive(Clone, Debug)]
pub struct TimeManager {
    start: Instant,
    /// Milliseconds; None when time does not limit the search.
    soft: Option<f64>,
    hard: Option<f64>,
}

impl TimeManager {
    pub fn new(limits: &SearchLimits, us: Color, move_overhead: u64, start: Instant) -> TimeManager {
        let overhead = move_overhead as f64;
        let (ours, theirs) = match us {
            Color::White => ((limits.wtime, limits.winc), (limits.btime, limits.binc)),
            Color::Black => ((limits.btime, limits.binc), (limits.wtime, limits.winc)),
        };
        // Only the opponent's clock given: ours is taken to be the same,
        // rather than thinking without a limit.
        let (clock, increment) = if ours.0.is_none() { theirs } else { ours };
        let (mut soft, mut hard) = (None, None);
        if limits.infinite {
            // `go infinite` ignores any clock that came with it.
            return TimeManager { start, soft, hard };
        }
        if let Some(clock) = clock {
            let increment = increment.unwrap_or(0).max(0) as f64;
            // A reserve of a few overheads stays on the clock, and each
            // increment counts net of the overhead it pays for: otherwise
            // the clock sinks to one overhead in a fast game, and the
            // next delay of a busy machine loses it.
            let reserve = overhead * RESERVE_OVERHEADS;
            let left = (clock as f64 - overhead - reserve).max(1.0);
            let increment_share = (increment - overhead).max(0.0) * percent(p::time_increment_percent());
            let (s, h) = match limits.movestogo {
                // A control after a few moves: share the time out evenly,
                // keeping a reserve even on the last move before it.
                Some(moves) => {
                    let moves = moves.clamp(1, p::time_moves_to_go_max() as u32) as f64;
                    let soft = left / (moves + p::time_reserve_hundredths() as f64 / 100.0) + increment_share;
                    let clock_share = if moves <= 1.0 {
                        p::time_last_move_clock_percent()
                    } else {
                        p::time_moves_to_go_clock_percent()
                    };
                    (soft, (soft * percent(p::time_moves_to_go_hard_percent())).min(left * percent(clock_share)))
                }
                // Sudden death: plan for a number of moves still to come.
                None => {
                    let soft = left / p::time_moves_left() as f64 + increment_share;
                    (soft, (soft * percent(p::time_hard_percent())).min(left * percent(p::time_hard_clock_percent())))
                }
            };
            soft = Some(s.min(h));
            hard = Some(h);
        }
        // `movetime` caps the clock's bounds; alone, it is the time to
        // search, with no early stop.
        if let Some(movetime) = limits.movetime {
            let budget = (movetime as f64 - overhead).max(1.0);
            soft = soft.map(|s: f64| s.min(budget));
            hard = Some(hard.map_or(budget, |h: f64| h.min(budget)));
        }
        TimeManager { start, soft, hard }
    }

    /// Restarts the clock (on ponderhit: our clock starts running now).
    pub fn restart(&mut self) {
        self.start = Instant::now();
    }

    pub fn elapsed_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }

    /// Whether time limits this search at all.
    pub fn is_limited(&self) -> bool {
        self.hard.is_some()
    }

    /// The running iteration must be abandoned.
    pub fn hard_limit_reached(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed_ms() >= hard)
    }

    /// No new iteration should start. `scale` stretches (> 1) or shrinks
    /// (< 1) the soft bound; it never passes the hard bound.
    pub fn soft_limit_reached(&self, scale: f64) -> bool {
        match (self.soft, self.hard) {
            (Some(soft), Some(hard)) => self.elapsed_ms() >= (soft * scale).min(hard),
            _ => false,
        }
    }

    #[cfg(test)]
    fn bounds(&self) -> (f64, f64) {
        (self.soft.unwrap(), self.hard.unwrap())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manager(limits: SearchLimits) -> TimeManager {
        TimeManager::new(&limits, Color::White, 10, Instant::now())
    }

    #[test]
    fn hard_bound_leaves_a_reserve() {
        for (clock, inc, mtg) in [(1000, 10, None), (30, 0, None), (60_000, 0, Some(1)), (500, 5000, None)] {
            let limits = SearchLimits { wtime: Some(clock), winc: Some(inc), movestogo: mtg, ..Default::default() };
            let (soft, hard) = manager(limits).bounds();
            assert!(soft <= hard, "{clock}+{inc}");
            assert!(hard <= 0.7 * (clock as f64 - 10.0).max(1.0), "{clock}+{inc}: hard {hard}");
        }
    }

    /// Fast games with an increment, each move taking its whole hard bound
    /// and the GUI a whole overhead more: with an increment beyond the
    /// overhead the clock stays above a few overheads for ever.
    #[test]
    fn a_fast_game_keeps_a_reserve_on_the_clock() {
        let overhead = 10.0;
        let play = |start: i64, inc: i64, moves: usize| {
            let mut clock = start as f64;
            let mut lowest = clock;
            for _ in 0..moves {
                let limits = SearchLimits { wtime: Some(clock as i64), winc: Some(inc), ..Default::default() };
                let (_, hard) = manager(limits).bounds();
                clock -= hard + overhead;
                lowest = lowest.min(clock);
                clock += inc as f64;
            }
            lowest
        };
        for (start, inc) in [(500, 15), (1000, 20), (2000, 20), (200, 15), (10_000, 100)] {
            let lowest = play(start, inc, 300);
            assert!(lowest >= 4.0 * overhead, "{start}+{inc}: the clock fell to {lowest:.1} ms");
        }
        // An increment of exactly the overhead pays for nothing more: a
        // long game still keeps a few overheads.
        for start in [500, 1000] {
            let lowest = play(start, 10, 150);
            assert!(lowest >= 3.0 * overhead, "{start}+10: the clock fell to {lowest:.1} ms");
        }
    }

    #[test]
    fn empty_or_negative_clock_means_move_now() {
        for clock in [0, -50, 5] {
            let limits = SearchLimits { wtime: Some(clock), ..Default::default() };
            assert!(manager(limits).bounds().1 <= 1.0);
        }
    }

    #[test]
    fn without_our_clock_the_opponents_is_used() {
        let theirs = SearchLimits { btime: Some(1000), binc: Some(100), ..Default::default() };
        let ours = SearchLimits { wtime: Some(1000), winc: Some(100), ..Default::default() };
        assert_eq!(manager(theirs).bounds(), manager(ours).bounds());
        let both = SearchLimits { wtime: Some(60_000), btime: Some(1000), ..Default::default() };
        assert!(manager(both).bounds().0 > 1000.0, "our own clock rules when given");
    }

    #[test]
    fn movetime_and_no_limit() {
        let movetime = manager(SearchLimits::movetime(500));
        assert_eq!((movetime.soft, movetime.hard), (None, Some(490.0)));
        assert!(!movetime.soft_limit_reached(0.01), "no early stop");
        let capped = SearchLimits { wtime: Some(60_000), movetime: Some(500), ..Default::default() };
        assert_eq!(manager(capped).bounds(), (490.0, 490.0));
        assert!(!manager(SearchLimits::default()).is_limited());
        assert!(!manager(SearchLimits::depth(5)).soft_limit_reached(1.0));
        let infinite = SearchLimits { infinite: true, wtime: Some(100), ..Default::default() };
        assert!(!manager(infinite).is_limited());
    }
}
