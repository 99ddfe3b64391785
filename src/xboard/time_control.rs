//! XBoard's clock commands (`level`, `st`, `sd`, `nps`, `time`, `otim`)
//! and the search limits of the engine's next move they make.

use crate::search::SearchLimits;
use crate::types::Color;

/// Moves a game without a session length is assumed to have left, for
/// `nps`'s budget of nodes.
const SUDDEN_DEATH_MOVES: u64 = 30;

/// The time control XBoard set, and the clocks it last reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    /// `level`'s moves a session (0: the whole game), base and increment.
    pub moves_per_session: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    /// `st`: a fixed time a move.
    pub move_ms: Option<u64>,
    /// `sd`: the deepest search.
    pub depth: Option<u32>,
    /// `nps`: time counted in nodes, this many a second.
    pub nodes_per_second: Option<u64>,
    /// `time` and `otim`, in milliseconds.
    pub engine_ms: Option<u64>,
    pub opponent_ms: Option<u64>,
}

/// Seconds written as XBoard writes them: `30`, `1.5`.
fn read_seconds(text: &str) -> Option<u64> {
    let seconds: f64 = text.parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| (seconds * 1000.0).round() as u64)
}

impl TimeControl {
    /// `level MPS BASE INC`: BASE in minutes, or `minutes:seconds`; INC in
    /// seconds. A fixed time a move (`st`) ends.
    pub fn set_level(&mut self, arguments: &[&str]) -> Result<(), String> {
        let [moves, base, increment] = arguments else {
            return Err("level takes three values: moves a session, base time, increment".to_string());
        };
        let moves: u32 = moves.parse().map_err(|_| format!("'{moves}' is not a number of moves"))?;
        let base_ms = match base.split_once(':') {
            Some((minutes, seconds)) => minutes
                .parse::<u64>()
                .ok()
                .zip(seconds.parse::<u64>().ok())
                .map(|(minutes, seconds)| (minutes * 60 + seconds) * 1000),
            None => read_seconds(base).map(|minutes| minutes * 60),
        }
        .ok_or_else(|| format!("'{base}' is not a base time (minutes, or minutes:seconds)"))?;
        let increment_ms = read_seconds(increment).ok_or_else(|| format!("'{increment}' is not an increment"))?;
        *self = TimeControl { moves_per_session: moves, base_ms, increment_ms, move_ms: None, ..self.clone() };
        Ok(())
    }

    /// `st SECONDS`: the same time for every move.
    pub fn set_move_time(&mut self, text: &str) -> Result<(), String> {
        self.move_ms = Some(read_seconds(text).ok_or_else(|| format!("'{text}' is not a number of seconds"))?);
        Ok(())
    }

    /// The clocks as they will be when the engine's move, which took
    /// `spent_ms`, has been answered: its clock less that time plus the
    /// increment (for a search that starts before XBoard sends `time`, a
    /// ponder search).
    pub fn after_own_move(&self, spent_ms: u64) -> TimeControl {
        let engine_ms = self.engine_ms.map(|ms| ms.saturating_sub(spent_ms) + self.increment_ms);
        TimeControl { engine_ms, ..self.clone() }
    }

    /// The limits of a move for `engine`, the side to move, which has made
    /// `moves_made` moves since the clocks were set.
    pub fn limits(&self, engine: Color, moves_made: u32) -> SearchLimits {
        let mut limits = SearchLimits { depth: self.depth, ..SearchLimits::default() };
        let budget_ms = if let Some(move_ms) = self.move_ms {
            limits.movetime = Some(move_ms);
            move_ms
        } else {
            let ours = self.engine_ms.unwrap_or(self.base_ms) as i64;
            let theirs = self.opponent_ms.unwrap_or(self.base_ms) as i64;
            let increment = self.increment_ms as i64;
            let (ours_field, theirs_field) = match engine {
                Color::White => ((&mut limits.wtime, &mut limits.winc), (&mut limits.btime, &mut limits.binc)),
                Color::Black => ((&mut limits.btime, &mut limits.binc), (&mut limits.wtime, &mut limits.winc)),
            };
            (*ours_field.0, *ours_field.1) = (Some(ours), Some(increment));
            (*theirs_field.0, *theirs_field.1) = (Some(theirs), Some(increment));
            let moves_to_go =
                (self.moves_per_session > 0).then(|| self.moves_per_session - moves_made % self.moves_per_session);
            limits.movestogo = moves_to_go;
            ours.max(0) as u64 / moves_to_go.map_or(SUDDEN_DEATH_MOVES, u64::from) + self.increment_ms
        };
        if let Some(nps) = self.nodes_per_second {
            // Time is counted in nodes: the budget in nodes replaces the clock.
            limits =
                SearchLimits { depth: self.depth, nodes: Some((nps * budget_ms / 1000).max(1)), ..Default::default() };
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_and_clocks_make_the_limits_of_the_side_to_move() {
        let mut control = TimeControl::default();
        control.set_level(&["40", "0:30", "0"]).unwrap();
        assert_eq!(control.base_ms, 30_000);
        control.set_level(&["0", "2", "1.5"]).unwrap();
        (control.engine_ms, control.opponent_ms) = (Some(100_000), Some(90_000));
        let limits = control.limits(Color::Black, 3);
        assert_eq!(
            (limits.btime, limits.wtime, limits.binc, limits.movestogo),
            (Some(100_000), Some(90_000), Some(1500), None)
        );
        control.set_level(&["40", "5", "0"]).unwrap();
        assert_eq!(control.limits(Color::White, 41).movestogo, Some(39));
        assert!(control.set_level(&["40", "x", "0"]).is_err());
        assert!(control.set_level(&["40", "5"]).is_err());
    }

    #[test]
    fn a_ponder_search_counts_the_engine_s_last_move_on_its_clock() {
        let mut control = TimeControl::default();
        control.set_level(&["0", "1", "2"]).unwrap();
        control.engine_ms = Some(50_000);
        assert_eq!(control.after_own_move(3_000).engine_ms, Some(49_000));
        assert_eq!(control.after_own_move(90_000).engine_ms, Some(2_000));
        assert_eq!(TimeControl::default().after_own_move(10).engine_ms, None);
    }

    #[test]
    fn fixed_time_depth_and_nodes_a_second() {
        let mut control = TimeControl { depth: Some(4), ..TimeControl::default() };
        control.set_move_time("2").unwrap();
        let limits = control.limits(Color::White, 0);
        assert_eq!((limits.movetime, limits.depth, limits.wtime), (Some(2000), Some(4), None));
        control.nodes_per_second = Some(1000);
        assert_eq!(control.limits(Color::White, 0).nodes, Some(2000));
    }
}
