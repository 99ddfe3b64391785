//! Playing strength for people: `UCI_LimitStrength` with `UCI_Elo`, or
//! `Skill Level`.
//!
//! The engine is weakened the way a weaker player is weak, not by random
//! blunders:
//!
//! 1. It sees less. Each move gets a node budget that grows with the level
//!    (a dozen nodes at the bottom, hundreds of thousands near the top),
//!    so the level is the same at every time control that leaves
//!    time for the budget, and the engine moves as soon as the budget is
//!    spent, without sleeping.
//! 2. It judges less sharply. The search keeps several root lines (like
//!    MultiPV), and the move played is drawn among them with a chance that
//!    falls exponentially with how much worse each looks than the best
//!    (a softmax with a temperature in centipawns that shrinks with the
//!    level). Near-equal moves are mixed up often; a move that throws away
//!    a piece almost never, and never one that loses more than the level's
//!    largest allowed loss.
//! 3. It never lets a sure thing go: a mate or a tablebase win found by the
//!    search is played, and against a bare king the best move is always
//!    played, with a budget large enough to mate.
//!
//! The levels are set by the calibration table in docs/strength-levels.md (Roque at
//! `UCI_Elo` E against Stockfish 15.1 at `UCI_Elo` E, `scripts/calibrate.sh`).

use super::score::{MATE_BOUND, TB_WIN_BOUND};
use crate::board::Position;
use crate::types::Move;

/// The lowest and highest `UCI_Elo`.
pub const MIN_ELO: i32 = 500;
pub const MAX_ELO: i32 = 2850;
/// `Skill Level` 20 is full strength; below it each level is this many Elo.
pub const MAX_SKILL: i32 = 20;

/// The nodes a weakened search spends at least when the opponent has a bare
/// king or the tables say the position is won: enough to mate with a rook,
/// or to convert, at any level.
const BARE_KING_NODES: u64 = 5_000;

/// One point of the level curve.
struct Level {
    elo: i32,
    /// Node budget per move.
    nodes: f64,
    /// Root lines searched to choose from.
    lines: f64,
    /// Softmax temperature, centipawns: a move `T` worse than the best is
    /// chosen e (2.72) times less often than the best.
    temperature: f64,
    /// No move worse than the best by more than this is chosen.
    max_loss: f64,
}

/// The level curve, by Elo; values between two points are interpolated
/// (geometrically for nodes, linearly for the rest).
const CURVE: [Level; 9] = [
    Level { elo: 500, nodes: 12.0, lines: 5.0, temperature: 450.0, max_loss: 1600.0 },
    Level { elo: 800, nodes: 92.0, lines: 4.0, temperature: 164.0, max_loss: 700.0 },
    Level { elo: 1000, nodes: 550.0, lines: 4.0, temperature: 94.0, max_loss: 430.0 },
    Level { elo: 1200, nodes: 1_200.0, lines: 4.0, temperature: 66.0, max_loss: 320.0 },
    Level { elo: 1400, nodes: 2_400.0, lines: 4.0, temperature: 42.0, max_loss: 230.0 },
    Level { elo: 1800, nodes: 14_000.0, lines: 3.0, temperature: 23.0, max_loss: 133.0 },
    Level { elo: 2200, nodes: 200_000.0, lines: 2.0, temperature: 4.0, max_loss: 35.0 },
    Level { elo: 2600, nodes: 400_000.0, lines: 1.0, temperature: 3.0, max_loss: 30.0 },
    Level { elo: 2850, nodes: 1_500_000.0, lines: 1.0, temperature: 1.0, max_loss: 0.0 },
];

/// A weakened engine's level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrengthLimit {
    pub elo: i32,
    pub nodes: u64,
    /// Root lines searched (the candidates of the choice).
    pub lines: usize,
    pub temperature: f64,
    pub max_loss: i32,
}

impl StrengthLimit {
    /// The level for an Elo (clamped to [`MIN_ELO`]..=[`MAX_ELO`]).
    pub fn from_elo(elo: i32) -> StrengthLimit {
        let elo = elo.clamp(MIN_ELO, MAX_ELO);
        let upper = CURVE.iter().position(|l| l.elo >= elo).unwrap_or(CURVE.len() - 1).max(1);
        let (a, b) = (&CURVE[upper - 1], &CURVE[upper]);
        let t = (elo - a.elo) as f64 / (b.elo - a.elo) as f64;
        let linear = |x: f64, y: f64| x + t * (y - x);
        StrengthLimit {
            elo,
            nodes: linear(a.nodes.ln(), b.nodes.ln()).exp().round() as u64,
            lines: linear(a.lines, b.lines).round() as usize,
            temperature: linear(a.temperature, b.temperature),
            max_loss: linear(a.max_loss, b.max_loss).round() as i32,
        }
    }

    /// The level of a `Skill Level` (0 to 19; 20 is no limit).
    pub fn from_skill(skill: i32) -> Option<StrengthLimit> {
        (skill < MAX_SKILL).then(|| StrengthLimit::from_elo(skill_elo(skill)))
    }

    /// The node budget for a search of `position`, which the tables say is
    /// won when `won_in_tables`.
    pub fn node_budget(&self, position: &Position, won_in_tables: bool) -> u64 {
        if self.plays_best(position, won_in_tables) {
            self.nodes.max(BARE_KING_NODES)
        } else {
            self.nodes
        }
    }

    /// Whether the level plays the best move it finds: against a bare king,
    /// and in a won table ending.
    pub fn plays_best(&self, position: &Position, won_in_tables: bool) -> bool {
        won_in_tables || opponent_has_bare_king(position)
    }

    /// Which of `candidates` (root lines, best first, scores from the side
    /// to move's view) to play, drawn with `random`.
    pub fn choose(&self, position: &Position, candidates: &[(Move, i32)], random: &mut Random) -> usize {
        let Some(&(_, best)) = candidates.first() else {
            return 0;
        };
        // A sure thing is not let go, and a bare king is mated.
        if best >= TB_WIN_BOUND || opponent_has_bare_king(position) || self.temperature <= 0.0 {
            return 0;
        }
        let mut chosen = 0;
        let mut chosen_key = f64::NEG_INFINITY;
        for (index, &(_, score)) in candidates.iter().enumerate() {
            let loss = (best - score) as f64;
            if loss > self.max_loss as f64 || score <= -MATE_BOUND {
                continue;
            }
            // Gumbel-max: the largest of -loss / T plus Gumbel noise is a
            // draw from the softmax of the scores at temperature T.
            let key = -loss / self.temperature + random.gumbel();
            if key > chosen_key {
                chosen = index;
                chosen_key = key;
            }
        }
        chosen
    }
}

/// The Elo of a `Skill Level` below 20: even steps from [`MIN_ELO`] toward
/// [`MAX_ELO`].
pub fn skill_elo(skill: i32) -> i32 {
    MIN_ELO + skill.clamp(0, MAX_SKILL) * (MAX_ELO - MIN_ELO) / MAX_SKILL
}

/// The side not to move has its king alone, and the side to move has more
/// than a king: the mate must not be played at random.
fn opponent_has_bare_king(position: &Position) -> bool {
    let us = position.side_to_move();
    position.color(!us).count() == 1 && position.color(us).count() > 1 && !position.is_insufficient_material()
}

/// The random source of the choice of move: the engine's SplitMix64,
/// seeded from the clock, or fixed in tests.
pub use crate::types::random::Random;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::{MATE, TB_WIN};

    fn quiet() -> Position {
        Position::from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap()
    }

    #[test]
    fn levels_grow_with_elo() {
        let mut previous = StrengthLimit::from_elo(MIN_ELO);
        for elo in (MIN_ELO + 50..=MAX_ELO).step_by(50) {
            let level = StrengthLimit::from_elo(elo);
            assert!(level.nodes >= previous.nodes && level.temperature <= previous.temperature, "{elo}");
            assert!(level.max_loss <= previous.max_loss && level.lines <= previous.lines, "{elo}");
            previous = level;
        }
        assert_eq!(StrengthLimit::from_elo(100), StrengthLimit::from_elo(MIN_ELO));
        assert_eq!(StrengthLimit::from_elo(1400).nodes, 2_400);
        assert_eq!(skill_elo(0), MIN_ELO);
        assert!(StrengthLimit::from_skill(20).is_none());
        assert!(StrengthLimit::from_skill(19).unwrap().elo < MAX_ELO);
    }

    #[test]
    fn small_losses_are_chosen_often_large_ones_never() {
        let level = StrengthLimit::from_elo(1400);
        let m = |text: &str| quiet().parse_uci_move(text, false).unwrap();
        let lines = [(m("d2d3"), 40), (m("b1c3"), 30), (m("c4f7"), 40 - level.max_loss - 1)];
        let mut random = Random::new(7);
        let mut counts = [0; 3];
        for _ in 0..10_000 {
            counts[level.choose(&quiet(), &lines, &mut random)] += 1;
        }
        assert_eq!(counts[2], 0, "a loss beyond the level's limit is never played");
        // 10 cp at a temperature of 50: the worse move about 0.8 as often.
        let ratio = counts[1] as f64 / counts[0] as f64;
        let expected = (-10.0 / level.temperature).exp();
        assert!((ratio - expected).abs() < 0.08, "{counts:?}: {ratio} vs {expected}");
    }

    #[test]
    fn a_sure_thing_is_never_let_go() {
        let level = StrengthLimit::from_elo(MIN_ELO);
        let m = |text: &str| quiet().parse_uci_move(text, false).unwrap();
        let mut random = Random::new(1);
        for best in [MATE - 5, TB_WIN - 10] {
            let lines = [(m("d2d3"), best), (m("b1c3"), best - 2), (m("a2a3"), 0)];
            for _ in 0..1000 {
                assert_eq!(level.choose(&quiet(), &lines, &mut random), 0);
            }
        }
        // Against a bare king the best move is always played.
        let rook = Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").unwrap();
        let lines =
            [(rook.parse_uci_move("a1a4", false).unwrap(), 600), (rook.parse_uci_move("e1d2", false).unwrap(), 590)];
        for _ in 0..1000 {
            assert_eq!(level.choose(&rook, &lines, &mut random), 0);
        }
        assert!(level.plays_best(&rook, false) && level.node_budget(&rook, false) >= BARE_KING_NODES);
        assert_eq!(level.node_budget(&quiet(), false), level.nodes);
        // So is a won table ending, with the budget of a bare king.
        assert!(level.plays_best(&quiet(), true) && level.node_budget(&quiet(), true) >= BARE_KING_NODES);
    }

    #[test]
    fn random_draws_are_uniform_and_in_range() {
        let mut random = Random::new(42);
        let draws: Vec<f64> = (0..100_000).map(|_| random.uniform()).collect();
        assert!(draws.iter().all(|&u| u > 0.0 && u < 1.0));
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        assert!((mean - 0.5).abs() < 0.01);
    }
}
