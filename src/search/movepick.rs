//! The staged move picker: moves come out best-first, and each stage is
//! generated only when the stages before it failed to produce a cutoff.
//!
//! Main search: the table move; captures and promotions that do not lose
//! material (SEE), by victim, attacker and capture history; quiet moves, the
//! killers and the countermove first, then by quiet and continuation
//! history; captures that lose material last. In check, every evasion in
//! one scored stage. Quiescence: the table move, then captures and queen
//! promotions.

use super::history::{ContinuationRows, Histories};
use super::parameters as p;
use crate::game::{Game, MoveBuffer, ScoreBuffer};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TableMove,
    GenerateNoisy,
    GoodNoisy,
    GenerateQuiet,
    Quiet,
    BadNoisy,
    GenerateEvasions,
    Evasions,
    Done,
}

/// What the picker needs to know about the node besides the position.
#[derive(Clone, Copy, Debug)]
pub struct OrderingContext<M, T> {
    pub killers: [M; 2],
    pub countermove: M,
    /// The (man, square) pairs of the moves one and two plies back, for
    /// continuation history.
    pub previous: [Option<usize>; 2],
    /// The node's [`Game::threats`], which key the quiet history.
    pub threats: T,
}

impl<M: Copy + Default, T: Copy + Default> OrderingContext<M, T> {
    /// No killer, no countermove, no move before, no threat.
    pub fn empty() -> OrderingContext<M, T> {
        OrderingContext {
            killers: [M::default(); 2],
            countermove: M::default(),
            previous: [None; 2],
            threats: T::default(),
        }
    }
}

pub struct MovePicker<G: Game> {
    stage: Stage,
    table_move: G::Move,
    /// Quiescence: no quiet moves, no losing captures.
    noisy_only: bool,
    /// The noisy moves were given, not to be generated again.
    noisy_given: bool,
    skip_quiets: bool,
    /// The node's checks, given with `skip_quiets`.
    checks: G::Checks,
    moves: G::Moves,
    scores: G::Scores,
    next: usize,
    bad: G::Moves,
    next_bad: usize,
}

/// What the move wins outright (the victim, the promotion), plus capture
/// history.
#[inline(always)]
fn noisy_score<G: Game>(position: &G, histories: &Histories, m: G::Move) -> i32 {
    let history = position.capture_index(m).map_or(0, |index| histories.capture_at(index));
    p::capture_victim_weight() * position.gain(m) + history / p::capture_history_divisor()
}

#[inline(always)]
fn quiet_score<G: Game>(
    position: &G,
    histories: &Histories,
    context: &OrderingContext<G::Move, G::Threats>,
    rows: &ContinuationRows,
    m: G::Move,
) -> i32 {
    if m == context.killers[0] {
        return 1 << 22;
    }
    if m == context.killers[1] {
        return (1 << 22) - 1;
    }
    if m == context.countermove {
        return (1 << 22) - 2;
    }
    histories.quiet_move(position.quiet_index(context.threats, m), position.trail(m), rows)
}

impl<G: Game> MovePicker<G> {
    /// A picker for the main search.
    pub fn new(position: &G, table_move: G::Move) -> MovePicker<G> {
        MovePicker::with_mode(position, table_move, false)
    }

    /// A picker for quiescence: noisy moves only (every evasion in check).
    pub fn quiescence(position: &G, table_move: G::Move) -> MovePicker<G> {
        MovePicker::with_mode(position, table_move, true)
    }

    /// Gives a quiescence picker out of check the noisy candidates the node
    /// has generated already (to tell whether a capture is forced), so that
    /// it does not generate them again. Copied move by move into the
    /// picker in place: a game's list may hold a thousand.
    pub fn give_noisy(&mut self, noisy: &[G::Move]) {
        debug_assert!(self.noisy_only && !self.noisy_given);
        for &m in noisy {
            self.moves.push(m);
        }
        self.noisy_given = true;
    }

    fn with_mode(position: &G, table_move: G::Move, noisy_only: bool) -> MovePicker<G> {
        let none = G::Move::default();
        let in_check = position.in_check();
        // The table move may be stale (another position with the same
        // bucket); it is tried only if legal here.
        let table_move = if table_move != none
            && (in_check || !noisy_only || position.is_noisy(table_move))
            && position.is_legal(table_move)
        {
            table_move
        } else {
            none
        };
        let stage = match (in_check, table_move != none) {
            (_, true) => Stage::TableMove,
            (true, false) => Stage::GenerateEvasions,
            (false, false) => Stage::GenerateNoisy,
        };
        MovePicker {
            stage,
            table_move,
            noisy_only,
            noisy_given: false,
            skip_quiets: false,
            checks: G::Checks::default(),
            moves: G::Moves::default(),
            scores: G::Scores::new(),
            next: 0,
            bad: G::Moves::default(),
            next_bad: 0,
        }
    }

    /// From now on, quiet moves are produced only when they give check
    /// (late-move and futility pruning keep checks), told by the node's
    /// `checks` ([`Game::checks`]).
    pub fn skip_quiets(&mut self, checks: G::Checks) {
        self.skip_quiets = true;
        self.checks = checks;
    }

    /// The next quiet move not yet produced that gives check, in generation
    /// order: once quiets are skipped, their order no longer matters.
    fn next_quiet_check(&mut self, position: &G) -> Option<G::Move> {
        while self.next < self.moves.len() {
            let m = self.moves[self.next];
            self.next += 1;
            if position.gives_check(&self.checks, m) {
                return Some(m);
            }
        }
        None
    }

    /// The highest-scored move not yet produced among `moves[next..]`.
    /// Ties go to the earliest, the best score kept in hand as it scans.
    fn select_best(&mut self) -> Option<G::Move> {
        let (&first, rest) = self.scores.get(self.next..self.moves.len())?.split_first()?;
        let mut best_score = first;
        let mut best = self.next;
        for (i, &score) in (self.next + 1..).zip(rest) {
            if score > best_score {
                best_score = score;
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(self.moves[self.next - 1])
    }

    // The stages that generate and score are kept out of `next`: inlined,
    // their loop-invariant setup (masks, tables, the side's men) was hoisted
    // to `next`'s entry and paid at every move produced, not once a stage.

    #[inline(never)]
    fn generate_noisy(&mut self, position: &G, histories: &Histories) {
        self.next = 0;
        if !self.noisy_given {
            self.moves.clear();
            position.generate_noisy(&mut self.moves);
        }
        if self.noisy_only {
            // Under-promotions are never worth it in quiescence.
            self.moves.retain(|&m| !G::is_under_promotion(m));
        }
        self.scores.clear();
        self.scores.extend_from(self.moves.iter().map(|&m| noisy_score(position, histories, m)));
        self.stage = Stage::GoodNoisy;
    }

    #[inline(never)]
    fn generate_quiet(&mut self, position: &G, histories: &Histories, context: &OrderingContext<G::Move, G::Threats>) {
        self.moves.clear();
        self.next = 0;
        position.generate_quiet(&mut self.moves);
        self.scores.clear();
        if !self.skip_quiets {
            let rows = histories.continuation_rows(&context.previous);
            self.scores.extend_from(self.moves.iter().map(|&m| quiet_score(position, histories, context, &rows, m)));
        }
        self.stage = Stage::Quiet;
    }

    #[inline(never)]
    fn generate_evasions(
        &mut self,
        position: &G,
        histories: &Histories,
        context: &OrderingContext<G::Move, G::Threats>,
    ) {
        self.moves.clear();
        self.next = 0;
        position.generate_evasions(&mut self.moves);
        self.scores.clear();
        let rows = histories.continuation_rows(&context.previous);
        self.scores.extend_from(self.moves.iter().map(|&m| {
            if position.is_noisy(m) {
                (1 << 24) + noisy_score(position, histories, m)
            } else {
                quiet_score(position, histories, context, &rows, m)
            }
        }));
        self.stage = Stage::Evasions;
    }

    /// The next move to search, or None when all have been produced.
    pub fn next(
        &mut self,
        position: &G,
        histories: &Histories,
        context: &OrderingContext<G::Move, G::Threats>,
    ) -> Option<G::Move> {
        loop {
            match self.stage {
                Stage::TableMove => {
                    self.stage = if position.in_check() { Stage::GenerateEvasions } else { Stage::GenerateNoisy };
                    return Some(self.table_move);
                }
                Stage::GenerateNoisy => self.generate_noisy(position, histories),
                Stage::GoodNoisy => match self.select_best() {
                    Some(m) if m == self.table_move => {}
                    Some(m) => {
                        let losing = !self.noisy_only
                            && (G::is_under_promotion(m)
                                || !position.see_ge(m, -self.scores[self.next - 1] / p::capture_see_divisor()));
                        if !losing {
                            return Some(m);
                        }
                        self.bad.push(m);
                    }
                    None => {
                        self.stage = if self.noisy_only { Stage::Done } else { Stage::GenerateQuiet };
                    }
                },
                Stage::GenerateQuiet => self.generate_quiet(position, histories, context),
                Stage::Quiet => {
                    let next = if self.skip_quiets { self.next_quiet_check(position) } else { self.select_best() };
                    match next {
                        Some(m) if m == self.table_move => {}
                        Some(m) => return Some(m),
                        None => self.stage = Stage::BadNoisy,
                    }
                }
                Stage::BadNoisy => {
                    if self.next_bad < self.bad.len() {
                        self.next_bad += 1;
                        return Some(self.bad[self.next_bad - 1]);
                    }
                    self.stage = Stage::Done;
                }
                Stage::GenerateEvasions => self.generate_evasions(position, histories, context),
                Stage::Evasions => match self.select_best() {
                    Some(m) if m == self.table_move => {}
                    Some(m) => return Some(m),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::types::Move;

    fn all_moves(fen: &str, table_move: Option<&str>) -> Vec<Move> {
        let position = Position::from_fen(fen).unwrap();
        let table_move = table_move.map_or(Move::NONE, |t| position.parse_uci_move(t, false).unwrap());
        let histories = Histories::new();
        let mut picker: MovePicker<Position> = MovePicker::new(&position, table_move);
        let mut out = Vec::new();
        while let Some(m) = picker.next(&position, &histories, &OrderingContext::empty()) {
            out.push(m);
        }
        out
    }

    #[test]
    fn produces_every_legal_move_once() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1",
        ] {
            let position = Position::from_fen(fen).unwrap();
            let legal = position.legal_moves();
            for table_move in [None, Some(legal[legal.len() / 2])] {
                let uci = table_move.map(|m| m.to_uci(false));
                let mut produced = all_moves(fen, uci.as_deref());
                if let Some(m) = table_move {
                    assert_eq!(produced[0], m);
                }
                produced.sort_by_key(|m| m.bits());
                let mut expected: Vec<Move> = legal.to_vec();
                expected.sort_by_key(|m| m.bits());
                assert_eq!(produced, expected, "{fen}");
            }
        }
    }

    #[test]
    fn winning_captures_come_before_losing_ones() {
        // Qxd5 loses the queen to the pawn on e6; Nxd5 wins a knight.
        let fen = "4k3/8/4p3/3n4/8/2N5/3Q4/4K3 w - - 0 1";
        let moves = all_moves(fen, None);
        let position = Position::from_fen(fen).unwrap();
        assert_eq!(moves[0], position.parse_uci_move("c3d5", false).unwrap());
        assert_eq!(*moves.last().unwrap(), position.parse_uci_move("d2d5", false).unwrap());
    }

    #[test]
    fn a_stale_table_move_is_ignored() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w - - 0 1";
        let position = Position::from_fen(fen).unwrap();
        let stale = Move::new(crate::types::Square::A1, crate::types::Square::A8);
        let histories = Histories::new();
        let mut picker: MovePicker<Position> = MovePicker::new(&position, stale);
        let mut count = 0;
        while let Some(m) = picker.next(&position, &histories, &OrderingContext::empty()) {
            assert_ne!(m, stale);
            count += 1;
        }
        assert_eq!(count as u64, position.count_legal_moves());
    }
}
