//! The games below the search: the [`Game`] trait, what a game is to the
//! search and to perft (its positions, moves and rules, how its games end,
//! what the search may assume, how its moves index the search's tables and
//! histories: [`HistorySizes`], [`Structure`], [`board_index`]), in types of
//! this layer and below, so that chess (`chess.rs` here), the variants
//! (src/variants/search.rs) and Elven Chess (src/elven/search.rs)
//! implement it without the search, and the search (src/search/) is
//! written once over it. [`perft`] counts any game's tree; [`score`] is
//! the scale every game's scores are on.

pub mod board_index;
mod chess;
pub mod perft;
pub mod score;
mod searchable;
mod structure;

pub use searchable::{Searchable, TableProbe};
pub use structure::{hash_men, Structure};

use crate::types::Move;
use arrayvec::ArrayVec;
use std::fmt::Debug;
use std::ops::{Deref, DerefMut};

/// A list of moves, filled without allocating.
pub trait MoveBuffer<M>: Deref<Target = [M]> + DerefMut + Default + Clone + Send {
    fn push(&mut self, m: M);
    fn retain(&mut self, keep: impl FnMut(&M) -> bool);
    fn clear(&mut self);
}

impl<M: Copy + Send, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        ArrayVec::push(self, m);
    }

    fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        ArrayVec::retain(self, |m| keep(m));
    }

    #[inline(always)]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
}

/// The move picker's scores of a list of moves, one for each, in their
/// order, filled without allocating (and without clearing a whole array
/// for each node).
pub trait ScoreBuffer: DerefMut<Target = [i32]> + Send {
    fn new() -> Self;
    fn clear(&mut self);
    /// Appends every score of `scores` (the length written once).
    fn extend_from(&mut self, scores: impl Iterator<Item = i32>);
}

/// Scores on the stack, for at most `N` moves.
pub type Scores<const N: usize> = ArrayVec<i32, N>;

impl<const N: usize> ScoreBuffer for ArrayVec<i32, N> {
    #[inline(always)]
    fn new() -> Self {
        ArrayVec::new()
    }

    #[inline(always)]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }

    #[inline(always)]
    fn extend_from(&mut self, scores: impl Iterator<Item = i32>) {
        self.extend(scores);
    }
}

/// A move's chance of being something else than the search sees (mined
/// chess: a secret mine under its square): the odds, in 1/[`ODDS_ONE`]ths,
/// and the mover's score if it is.
#[derive(Clone, Copy, Debug)]
pub struct Chance {
    pub odds: u32,
    pub blast: i32,
}

/// Certainty, for [`Chance::odds`].
pub const ODDS_ONE: u32 = 1024;

impl Chance {
    /// The score of a move searched by `search` in a window, mixed with its
    /// chance of being other than it seems: (1 - p) x + p b for the
    /// searched score x (mates counted as +-CHANCE_DECISIVE) and the other
    /// outcome's score b. The window (alpha, beta) is carried over to x's
    /// scale, so that a bound of x gives the same bound of the mixed score.
    pub fn weighed(self, alpha: i32, beta: i32, search: impl FnOnce(i32, i32) -> i32) -> i32 {
        let Chance { odds, blast } = self;
        let keep = (ODDS_ONE - odds) as i64;
        let mixed = |x: i32| {
            let x = x.clamp(-CHANCE_DECISIVE, CHANCE_DECISIVE) as i64;
            (keep * x + odds as i64 * blast as i64).div_euclid(ODDS_ONE as i64) as i32
        };
        // A sure outcome (no x to search), or a window the mix cannot reach.
        let (lowest, highest) = (mixed(-CHANCE_DECISIVE), mixed(CHANCE_DECISIVE));
        if highest <= alpha {
            return highest;
        }
        if keep == 0 || lowest >= beta {
            return lowest;
        }
        // The greatest x whose mix is at most alpha, the least whose mix is
        // at least beta.
        let shift = odds as i64 * blast as i64;
        let ceil = |n: i64| n.div_euclid(keep) + i64::from(n.rem_euclid(keep) != 0);
        let low = (ceil(ODDS_ONE as i64 * (alpha as i64 + 1) - shift) - 1).max(-(CHANCE_DECISIVE as i64) - 1);
        let high = ceil(ODDS_ONE as i64 * beta as i64 - shift).min(CHANCE_DECISIVE as i64 + 1).max(low + 1);
        mixed(search(low as i32, high as i32))
    }
}

/// The scores a [`Chance`] is weighed in: a lost or won game counts as this
/// many centipawns, so that a chance of losing weighs against material and
/// a mate score never mixes with a material one.
pub const CHANCE_DECISIVE: i32 = 3000;

/// A game the search can play: its position, made by copy.
///
/// Scores are for the *player* who owns the position's move, not for a
/// colour: a turn of several moves is several plies of one player, and a
/// child's score is negated only when the move passes to the other player
/// ([`Game::same_player`]).
pub trait Game: Copy + Send + Sync + 'static {
    /// A move; `Default` is no move.
    type Move: Copy + Eq + Default + Debug + Send + Sync + 'static;
    type Moves: MoveBuffer<Self::Move>;
    /// The move picker's scores, one for each move of a `Moves`.
    type Scores: ScoreBuffer;
    /// What telling which of a node's moves give check needs, found once
    /// at the node ([`Game::checks`]); `()` where the game tells none.
    type Checks: Copy + Default;
    /// What keys a quiet move's history besides the move, found once at
    /// the node ([`Game::threats`]); `()` where the game keys by the move
    /// alone.
    type Threats: Copy + Default;

    /// The most moves a position can have.
    const MAX_MOVES: usize;
    /// How many indices the search's histories need for this game's moves
    /// ([`Game::quiet_index`], [`Game::capture_index`], [`Game::trail`]).
    const HISTORY_SIZES: HistorySizes = HistorySizes::CHESS;

    // ----- The position ---------------------------------------------------

    fn key(&self) -> u64;
    fn halfmove_clock(&self) -> u32;
    fn in_check(&self) -> bool;
    fn is_insufficient_material(&self) -> bool;
    fn legal_moves(&self) -> Self::Moves;
    /// The number of legal moves: perft's last ply. A game whose generator
    /// can count without listing says so here.
    fn count_legal_moves(&self) -> u64 {
        self.legal_moves().len() as u64
    }
    /// The legal captures and promotions (for the quiescence search).
    fn noisy_moves(&self) -> Self::Moves;
    /// The position after a legal move.
    fn make(&self, m: Self::Move) -> Self;
    /// Whether this position's candidates may hold moves that are not
    /// legal: a game that tells a move's legality only by making it gives
    /// candidates instead of its legal moves, so that the search makes only
    /// the moves it reaches. Where false, the candidates are the legal
    /// moves.
    fn lazy_legality(&self) -> bool {
        false
    }
    /// The moves a node tries: every legal move, in the order of
    /// [`Game::legal_moves`], among moves that [`Game::make_if_legal`]
    /// refuses, so that the search visits the nodes it would have visited
    /// with the legal moves.
    fn candidate_moves(&self) -> Self::Moves {
        self.legal_moves()
    }
    /// The noisy moves in the same way: the legal ones of
    /// [`Game::noisy_moves`], in their order, among candidates.
    fn candidate_noisy_moves(&self) -> Self::Moves {
        self.noisy_moves()
    }
    /// The position after `m`, a move of this position's candidates, where
    /// it is legal.
    fn make_if_legal(&self, m: Self::Move) -> Option<Self> {
        Some(self.make(m))
    }
    /// Whether `child`'s move belongs to the player of this position's.
    fn same_player(&self, child: &Self) -> bool;

    // ----- How games end --------------------------------------------------

    /// The player to move has won by the last move of the other (mined
    /// chess: the other player's man exploded).
    fn won_by_last_move(&self) -> bool {
        false
    }
    /// The game ended with the last move whatever the moves left (losing
    /// chess: a side left with its king alone).
    fn ended(&self) -> bool {
        false
    }
    /// The score for the player to move where it has no legal move (or
    /// where [`Game::ended`]), `ply` plies from the root: chess's, mated
    /// (lost) or stalemated (drawn).
    fn no_move_score(&self, ply: usize) -> i32 {
        if self.in_check() {
            -score::MATE + ply as i32
        } else {
            score::DRAW
        }
    }
    /// The worst and the best score a node `ply` plies from the root can
    /// have, for mate-distance pruning: chess's, at worst mated here, at
    /// best mating with the next move.
    fn mate_bounds(&self, ply: usize) -> (i32, i32) {
        (-score::MATE + ply as i32, score::MATE - ply as i32 - 1)
    }

    // ----- What the search may assume ---------------------------------------

    /// A plain turn: one move, nothing forced, the usual goal; reverse
    /// futility and the null move are sound here.
    fn plain_turn(&self) -> bool;
    /// Whether quiet moves may be pruned here (futility pruning): a plain
    /// turn, unless the game says otherwise.
    fn prunes_quiets(&self) -> bool {
        self.plain_turn()
    }
    /// Whether the side to move has men beyond its king and pawns (the null
    /// move is not tried in pawn endings).
    fn has_pieces(&self) -> bool;
    /// The position after passing a plain turn.
    fn make_null(&self) -> Self;
    /// The quiescence search stands on the static evaluation here (a
    /// placement waits, an army is being placed).
    fn quiet_by_rule(&self) -> bool {
        false
    }
    /// Captures are compulsory (no standing pat where one is legal).
    fn captures_compulsory(&self) -> bool {
        false
    }

    // ----- Moves ------------------------------------------------------------

    fn is_capture(&self, m: Self::Move) -> bool;
    fn is_promotion(m: Self::Move) -> bool;
    fn is_queen_promotion(m: Self::Move) -> bool;
    /// A move that places a man from a hand (never reduced).
    fn is_placement(_m: Self::Move) -> bool {
        false
    }
    /// A capture's value for ordering: the victim's and the mover's.
    fn capture_values(&self, m: Self::Move) -> (i32, i32);
    /// What a capture (or any other noisy move) can gain at most, for delta
    /// pruning, and what the move picker orders noisy moves by.
    fn gain(&self, m: Self::Move) -> i32;
    /// Whether the exchange `m` starts on its target square wins at least
    /// `threshold` centipawns (static exchange evaluation), where the game
    /// can judge it; true where it cannot, so that nothing is pruned.
    fn see_ge(&self, _m: Self::Move, _threshold: i32) -> bool {
        true
    }
    /// A noisy move: ordered by what it wins and by its exchange, and
    /// searched by the quiescence search (captures and promotions).
    fn is_noisy(&self, m: Self::Move) -> bool {
        self.is_capture(m) || Self::is_promotion(m)
    }
    /// A promotion to less than the best man, which the quiescence search
    /// does not try and the move picker puts with the losing captures.
    fn is_under_promotion(m: Self::Move) -> bool {
        Self::is_promotion(m) && !Self::is_queen_promotion(m)
    }
    /// What [`Game::gives_check`] needs of this position, found once for
    /// all its moves.
    fn checks(&self) -> Self::Checks {
        Self::Checks::default()
    }
    /// Whether the move gives check (the move picker keeps checks when it
    /// prunes quiet moves), with this position's [`Game::checks`]; false
    /// where the game has none to tell.
    fn gives_check(&self, _checks: &Self::Checks, _m: Self::Move) -> bool {
        false
    }

    // ----- The staged move picker ------------------------------------------

    /// Whether `m`, a move from the table, which may have been stored for
    /// another position, is a legal move here: a candidate, made where
    /// that is how its legality is told.
    fn is_legal(&self, m: Self::Move) -> bool {
        self.candidate_moves().contains(&m) && (!self.lazy_legality() || self.make_if_legal(m).is_some())
    }
    /// Adds the noisy candidates ([`Game::candidate_noisy_moves`]) to
    /// `moves`.
    fn generate_noisy(&self, moves: &mut Self::Moves) {
        for &m in self.candidate_noisy_moves().iter() {
            moves.push(m);
        }
    }
    /// Adds the quiet candidates to `moves` (none where the game's noisy
    /// candidates are all it allows).
    fn generate_quiet(&self, moves: &mut Self::Moves) {
        for m in self.candidate_moves().iter().copied().filter(|&m| !self.is_noisy(m)) {
            moves.push(m);
        }
    }
    /// Adds every candidate to `moves` (the picker's one stage in check).
    fn generate_evasions(&self, moves: &mut Self::Moves) {
        for &m in self.candidate_moves().iter() {
            moves.push(m);
        }
    }

    // ----- Keys of the search's tables ---------------------------------------

    /// The move in the table's 16 bits, and back in this position:
    /// `table_move(to_table(m)) == m` for a move `m` of this position, and
    /// no move (`Move::NONE`) reads back as no move (`Self::Move::default()`).
    /// The search keeps its stack, its lines and its root moves in this
    /// form and makes the moves it reads back.
    fn to_table(m: Self::Move) -> Move;
    fn table_move(&self, m: Move) -> Self::Move;
    /// What the correction history keys a node by (its men, hands
    /// included).
    fn structure(&self) -> Structure;
    /// What [`Game::quiet_index`] needs of this position, found once for
    /// all its moves (chess: the squares the other side attacks).
    fn threats(&self) -> Self::Threats {
        Self::Threats::default()
    }
    /// The quiet history's index of a quiet move, with this position's
    /// [`Game::threats`].
    fn quiet_index(&self, threats: Self::Threats, m: Self::Move) -> usize;
    /// The capture history's index of a capture (None: no mover to key it).
    /// A game may key its other noisy moves there too (chess: its
    /// promotions).
    fn capture_index(&self, m: Self::Move) -> Option<usize>;
    /// The man a move moves or places and where it lands, as an index of
    /// the continuation tables (None: a pass or a mine).
    fn trail(&self, m: Self::Move) -> Option<usize>;
}

/// How many indices a game's quiet moves, captures and (man, square)
/// pairs take in the search's histories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HistorySizes {
    pub quiet: usize,
    pub capture: usize,
    pub trails: usize,
}

impl HistorySizes {
    /// The chess board's: a quiet move by the threats on its two squares,
    /// side and squares; a capture by man, square and victim; twelve men
    /// on 64 squares.
    pub const CHESS: HistorySizes = HistorySizes { quiet: 4 * 2 * 64 * 64, capture: 12 * 64 * 6, trails: 12 * 64 };
}
