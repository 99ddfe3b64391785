//! What the search asks of a game beyond its rules ([`Game`]), in types of
//! this layer and below: how a position is evaluated on a search thread
//! (with the game's own [`Searchable::Workspace`], one for each thread,
//! and the job's network), what the
//! evaluation follows as moves are made, the fifty-move rule and the
//! endgame tables; at the root, the clock's side and where a reported line
//! stops. Chess (`chess.rs`), the variants (src/variants/search.rs) and
//! Elven Chess (src/elven/search.rs) implement it; the search
//! (src/search/) is written over it and names no game.
//!
//! What the variants' rules change is read at the few places where it
//! matters, each a constant for chess that monomorphisation folds away: a
//! turn of several plies ([`Searchable::ALTERNATING_PLIES`]), a quiescence
//! search that stops ([`Searchable::BOUNDED_QUIESCENCE`]), a check told by
//! making the move ([`Searchable::CHECK_BY_MAKING`]), a move's chance of
//! being other than it seems ([`Searchable::chance`]).

use super::{Chance, Game};
use crate::nnue::{Network, NetworkGame};
use crate::tablebase::{Tablebases, Wdl};
use crate::types::Color;
use std::sync::Arc;

/// The endgame tables a search probes, and how.
#[derive(Clone, Default)]
pub struct TableProbe {
    pub tables: Option<Arc<Tablebases>>,
    /// Probe positions of at most this many pieces (0: none).
    pub pieces: u32,
    /// ...at this depth or more when the count is the limit itself.
    pub depth: i32,
}

pub trait Searchable: Game {
    /// What a search of this game knows beyond its position, shared by
    /// every thread of the job (mined chess: the odds of the secret mines).
    type Shared: Send + Sync + 'static;
    /// What this game's evaluation keeps from node to node on one search
    /// thread (chess: the network's hidden layer for each ply of the line
    /// and the hand-set evaluation's pawn table; the variants and Elven
    /// Chess: the hidden layer of the last board judged). Each thread keeps
    /// one for every game it has searched.
    type Workspace: Send + 'static;

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

    /// The game whose network judges this position where `Use NNUE` is on
    /// (the search's `network`): chess's unless the game has its own.
    fn network_game(&self) -> NetworkGame {
        NetworkGame::Chess
    }

    /// A workspace for lines of up to `plies` plies, or why its memory
    /// could not be had.
    fn new_workspace(plies: usize) -> Result<Self::Workspace, String>;

    /// Readies the workspace for a search from this position, the root,
    /// with `network` (None: the hand-set evaluation); nothing for an
    /// evaluation without state.
    fn prepare_evaluation(&self, _workspace: &mut Self::Workspace, _network: Option<&Arc<Network>>) {}
    /// The static evaluation of this position at `ply`, for the side to
    /// move, within ±`MAX_EVALUATION`.
    fn evaluate(&self, workspace: &mut Self::Workspace, network: Option<&Arc<Network>>, ply: usize) -> i32;
    /// `m` is to be made from this position at `ply`: the evaluation's
    /// state follows it.
    #[inline(always)]
    fn follow_move(&self, _workspace: &mut Self::Workspace, _ply: usize, _m: Self::Move) {}
    /// A null move is to be made at `ply`.
    #[inline(always)]
    fn follow_null_move(_workspace: &mut Self::Workspace, _ply: usize) {}
    /// The game is drawn here by the fifty-move rule: a hundred halfmoves
    /// without a capture or a pawn move, unless the last of them gave mate.
    fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && !(self.in_check() && self.legal_moves().is_empty())
    }
    /// The endgame tables' verdict on this position, where `probe` covers
    /// it at this depth (the search counts the probe); None for a game
    /// without tables.
    #[inline(always)]
    fn probe_tables(&self, _probe: &TableProbe, _depth: i32) -> Option<Wdl> {
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
    /// The move's chance of being other than it seems (a secret mine under
    /// its square), judged with what the job `shared`s and the workspace's
    /// evaluation; None for most.
    #[inline(always)]
    fn chance(
        &self,
        _workspace: &mut Self::Workspace,
        _network: Option<&Arc<Network>>,
        _shared: &Self::Shared,
        _m: Self::Move,
    ) -> Option<Chance> {
        None
    }
}
