//! What the chess search (src/search/search.rs and its thread,
//! src/search/thread.rs) asks of a game beyond the [`Game`] trait: at the
//! nodes, how a position is evaluated on a search thread, what the
//! evaluation follows as moves are made, the fifty-move rule and the
//! endgame tables; at the root, the evaluation's preparation, the clock's
//! side, where a reported line stops and a weakened engine's choice. The
//! search is written over these hooks and the trait, so that chess's code
//! is the search's, monomorphised; chess's hooks are the network's
//! accumulators ply by ply, its hand-crafted evaluation against a lone
//! king and its Syzygy tables.
//!
//! Chess, the variants (src/variants/search.rs) and Elven Chess
//! (src/elven/search.rs) implement them: every game is searched by this one
//! search. What the variants' rules change is read through `Game` at the
//! few places where it matters, each a constant for chess that
//! monomorphisation folds away: a child of the same player is searched with
//! the window as it is and its score not negated (a Marseillais turn), a
//! game ended by the last move scores as the rules say (a mine, a king left
//! alone), a move's chance weighs its score (a secret mine), reverse
//! futility, razoring, the null move, ProbCut and the correction history
//! keep to plain turns, quiet moves are pruned where the game allows,
//! placements are neither pruned nor reduced, forced captures take away
//! standing pat, and candidates are made when reached where legality is
//! judged by making them.

use super::game::{Chance, Game};
use super::strength::{Random, StrengthLimit};
use super::thread::{Job, SearchThread};
use crate::board::{moves_before_game_end, Position};
use crate::eval::MAX_EVALUATION;
use crate::tablebase::Wdl;
use crate::types::{Color, Move};

pub trait SearchHooks: Game {
    /// What a search of this game knows beyond its position, shared by
    /// every thread of the job (mined chess: the odds of the secret mines).
    type Shared: Send + Sync + 'static;

    /// Every ply is one move of the side to move, the sides alternating, so
    /// that a position can repeat only an even number of plies later (not
    /// in a turn of several moves).
    const ALTERNATING_PLIES: bool = true;
    /// The quiescence search follows evasions and forced captures only so
    /// far, and stands on the evaluation beyond its most plies (the
    /// `variant_qs_*` parameters): captured men that come back, ghosts
    /// nothing can take and forced captures chain far longer than chess's
    /// captures.
    const BOUNDED_QUIESCENCE: bool = false;
    /// Whether a move gives check is learnt by making it: the game has no
    /// test of its own ([`Game::gives_check`] says false), so the child is
    /// made before the move is pruned and asked whether it is in check.
    const CHECK_BY_MAKING: bool = false;

    /// Readies the thread's evaluation for a search of `job` from this
    /// position, the root; nothing for an evaluation without state.
    fn prepare_evaluation(&self, _thread: &mut SearchThread, _job: &Job<Self>) {}
    /// The static evaluation of this position at `ply`, for the side to
    /// move, within ±`MAX_EVALUATION`.
    fn evaluate_on(&self, thread: &mut SearchThread, job: &Job<Self>, ply: usize) -> i32;
    /// `m` is to be made from this position at `ply`: the evaluation's
    /// state follows it.
    #[inline(always)]
    fn follow_move(&self, _thread: &mut SearchThread, _ply: usize, _m: Self::Move) {}
    /// A null move is to be made at `ply`.
    #[inline(always)]
    fn follow_null_move(_thread: &mut SearchThread, _ply: usize) {}
    /// The game is drawn here by the fifty-move rule: a hundred halfmoves
    /// without a capture or a pawn move, unless the last of them gave mate.
    fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && !(self.in_check() && self.legal_moves().is_empty())
    }
    /// The endgame tables' verdict on this position, where the job's tables
    /// cover it at this depth (the search counts the probe); None for a
    /// game without tables.
    #[inline(always)]
    fn probe_tables(&self, _job: &Job<Self>, _depth: i32) -> Option<Wdl> {
        None
    }
    /// The colour whose clock the search of this root keeps.
    fn clock_side(&self) -> Color;
    /// How many moves of `line`, played from this position after the game's
    /// `keys`, are shown: the line stops where the game ends by rule (every
    /// move, for a game whose lines the search ends itself).
    fn moves_before_game_end(&self, _keys: &[u64], line: &[Self::Move]) -> usize {
        line.len()
    }
    /// The line a weakened engine plays, among `lines` (moves in the
    /// table's 16 bits, best first, with their scores); the best for a game
    /// without weakened levels.
    fn weakened_choice(&self, _strength: &StrengthLimit, _lines: &[(Move, i32)], _random: &mut Random) -> usize {
        0
    }
    /// The move's chance of being other than it seems (a secret mine under
    /// its square), judged with the job's knowledge and the thread's
    /// evaluation; None for most.
    #[inline(always)]
    fn chance_on(&self, _thread: &mut SearchThread, _job: &Job<Self>, _m: Self::Move) -> Option<Chance> {
        None
    }
}

impl SearchHooks for Position {
    type Shared = ();

    fn prepare_evaluation(&self, thread: &mut SearchThread, job: &Job<Self>) {
        if let Some(network) = &job.network {
            thread.accumulators.reset(network, self);
        }
    }

    /// The network's, from this ply's accumulator, brought up to date
    /// here; the hand-crafted evaluation where a side has its king alone,
    /// whose mop-up term drives that king to the edge: self-play
    /// adjudicates such games, so the network has seen few of them (at
    /// 5,000 nodes a move it gave K+R v K away, and stalemated K+B+N v K at
    /// 20,000).
    #[inline(always)]
    fn evaluate_on(&self, thread: &mut SearchThread, job: &Job<Self>, ply: usize) -> i32 {
        let value = match &job.network {
            Some(network) if !crate::eval::king_alone(self) => thread.accumulators.evaluate(network, ply, self),
            _ => thread.evaluator.evaluate(self),
        };
        value.clamp(-MAX_EVALUATION, MAX_EVALUATION)
    }

    #[inline(always)]
    fn follow_move(&self, thread: &mut SearchThread, ply: usize, m: Move) {
        thread.accumulators.push_move(ply, self, m);
    }

    #[inline(always)]
    fn follow_null_move(thread: &mut SearchThread, ply: usize) {
        thread.accumulators.push_null_move(ply);
    }

    /// The default's rule, with the legal moves counted rather than listed.
    #[inline(always)]
    fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && (!self.in_check() || self.count_legal_moves() > 0)
    }

    /// With few enough men and no castling right, right after a capture or
    /// pawn move (the tables know nothing of the fifty-move counter).
    #[inline(always)]
    fn probe_tables(&self, job: &Job<Self>, depth: i32) -> Option<Wdl> {
        if job.tb_pieces == 0 || self.halfmove_clock() != 0 {
            return None;
        }
        let pieces = self.occupied().count();
        if pieces > job.tb_pieces
            || (pieces == job.tb_pieces && depth < job.tb_probe_depth)
            || !self.castling_rights().is_empty()
        {
            return None;
        }
        job.tablebases.as_deref().and_then(|t| t.probe_wdl(self))
    }

    fn clock_side(&self) -> Color {
        self.side_to_move()
    }

    fn moves_before_game_end(&self, keys: &[u64], line: &[Move]) -> usize {
        moves_before_game_end(self, keys, line)
    }

    fn weakened_choice(&self, strength: &StrengthLimit, lines: &[(Move, i32)], random: &mut Random) -> usize {
        strength.choose(self, lines, random)
    }
}
