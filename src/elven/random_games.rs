//! Random games of Elven Chess for the tests: every position along them,
//! with its legal moves, handed to a check (checks, pins, promotions and
//! warlock captures all come up within a few thousand positions).

use super::{ElvenMoveList, ElvenPosition};
use crate::types::random::splitmix;

/// Plays `games` games of at most `plies` uniformly random legal moves from
/// the start, the choices drawn from `seed`, and hands `visit` each
/// position reached with its legal moves; returns how many it visited.
pub(super) fn visit_random_games(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&ElvenPosition, &ElvenMoveList),
) -> usize {
    let mut state = seed;
    let mut visited = 0;
    for _ in 0..games {
        let mut position = ElvenPosition::startpos();
        for _ in 0..plies {
            let moves = position.legal_moves();
            visit(&position, &moves);
            visited += 1;
            if moves.is_empty() {
                break;
            }
            let pick = splitmix(&mut state) as usize % moves.len();
            position = position.make(moves[pick]);
        }
    }
    visited
}
