//! The variants' alpha-beta search. It follows the turn structure: a node's
//! score belongs to the player who owns its move, and a child's score is
//! negated only when the move passes to the other player, so that a turn of
//! two moves (a capture and its placement) is two plies by one player.
//!
//! The search reads as steps, like the chess search, with fewer of them:
//! the variants' move counts, forced captures and drops make the chess
//! search's finer pruning unsafe or untested here.

use super::action::{Action, ActionList, MAX_ACTIONS};
use super::eval::{evaluate, VALUES};
use super::mines::{MineOdds, ODDS_ONE};
use super::position::VariantPosition;
use super::{Goal, TurnOrder};
use crate::board::CastlingSide;
use crate::search::history::{bonus, Histories, PieceTo};
use crate::search::score::{is_mate_score, DRAW, INFINITE, MATE, MAX_PLY};
use crate::search::thread::ThreadStats;
use crate::search::tt::TranspositionTable;
use crate::search::Bound;
use crate::types::{MoveKind, Piece, PieceType};
use arrayvec::ArrayVec;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

// Every margin, depth and ply count below comes from the search's parameter
// table (src/search/parameters.rs, the `variant_*` entries): evasions are
// searched in the quiescence search's first plies only; beyond its maximum
// plies it stands pat (captures by ghosts, which nothing can take back, and
// the forced captures of losing chess chain far longer than in chess); in
// losing chess it chooses among several forced captures in its first plies
// only (it cannot stand pat there, and the choices multiply), and follows a
// single forced capture as far as it goes.
use crate::search::parameters as p;

/// What stops a search besides `stop`: checked every 1024 nodes.
pub trait Deadline {
    /// Whether the search must unwind now.
    fn reached(&self) -> bool;
}

/// One search's state: the table, the limits, the path and the move-
/// ordering tables.
pub struct Searcher<'a> {
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub deadline: &'a dyn Deadline,
    pub nodes: u64,
    pub stopped: bool,
    /// Set once the root has a move with a searched score: from then on the
    /// search may be stopped.
    pub may_stop: bool,
    /// Keys of the game and of the path searched, the current node last.
    pub keys: Vec<u64>,
    pub seldepth: usize,
    /// The search ends once this many nodes are searched, by every thread
    /// together.
    pub node_limit: u64,
    /// Where this thread's node count is published, and the thread's index
    /// there: the engine's counters, which the node limit sums (None: this
    /// searcher's count alone).
    pub counters: Option<(&'a [ThreadStats], usize)>,
    /// The root moves to search (searchmoves, less the lines MultiPV has
    /// already found), the best of the last iteration first.
    pub root_moves: Vec<Action>,
    pub pv: Vec<[Action; MAX_PLY + 1]>,
    pub pv_len: Vec<usize>,
    killers: Vec<[Action; 2]>,
    /// The search thread's histories, the chess search's own tables: quiet
    /// moves by side, origin and destination (a drop's origin is its
    /// destination), captures by piece, destination and victim, and the
    /// continuation of the moves one and two plies back. They outlive the
    /// search, until `ucinewgame`.
    histories: &'a mut Histories,
    /// The man each ply's action moved or placed, and where (None: a null
    /// move, a pass or a mine); entry `ply + 2` is ply `ply`'s.
    moved: Vec<Option<PieceTo>>,
    /// Each ply's ordering scores, in the order of its actions.
    scores: Vec<ArrayVec<i32, MAX_ACTIONS>>,
    /// Mined chess: the odds of a secret mine on each square, weighed
    /// wherever a move lands where one may lie.
    pub mine_odds: MineOdds,
}

/// Mined chess: a move onto a square that may hide a secret mine is worth
/// the odds-weighted mean of the searched move (no mine) and of its
/// explosion, judged statically. A lost or won game counts as this many
/// centipawns in that mean, so that a chance of losing weighs against
/// material and a mate score never mixes with a material one.
const MINE_DECISIVE: i32 = 3000;

/// A move's chance of a secret mine: the odds (1/1024ths) and the mover's
/// score if it explodes.
#[derive(Clone, Copy)]
struct Chance {
    odds: u32,
    blast: i32,
}

/// The score of the player to move when the side to move has no legal
/// action: mated (lost; won in losing chess, and won where the player's own
/// last move, with the other colour, gave the mate), stalemated (drawn, but
/// won in losing chess), or in losing chess a side left with its king alone
/// (won for that side).
pub(super) fn no_move_score(position: &VariantPosition, ply: usize) -> i32 {
    if position.mine_loser().is_some() {
        // Mined chess: the other player lost to a mine with its last move.
        return MATE - ply as i32;
    }
    let losers = position.variant().goal() == Goal::BeMated;
    if let Some(bare) = position.bare_king() {
        // Losing chess: the side left with its king alone has won.
        return if bare == position.side_to_move() { MATE - ply as i32 } else { -MATE + ply as i32 };
    }
    if !position.in_check() {
        // Stalemate: a draw, but in losing chess a win for the stalemated.
        return if losers { MATE - ply as i32 } else { DRAW };
    }
    // Only where players change colours can the mating move have been the
    // player's own (with the other colour); elsewhere a player in check
    // inside its turn (returning chess, after placing a piece given back)
    // was checked by the other player.
    let own_mate = position.variant().turn_order().players_change_colours()
        && position.previous_player() == position.turn().player;
    match position.variant().goal() {
        Goal::GiveMate if own_mate => MATE - ply as i32,
        Goal::GiveMate => -MATE + ply as i32,
        Goal::BeMated => MATE - ply as i32,
    }
}

/// The man an action moves or places, and where it lands, as the
/// continuation history keys it; None for a pass or a mine.
fn piece_to(position: &VariantPosition, action: Action) -> Option<PieceTo> {
    if let Some(kind) = action.drop_kind() {
        return Some(PieceTo { piece: Piece::new(position.side_to_move(), kind), to: action.to() });
    }
    if action.is_placement() || action == Action::PASS {
        return None;
    }
    let piece = position.piece_on(action.as_move().from())?;
    Some(PieceTo { piece, to: action.to() })
}

/// A capture's mover (None only for a square without one) and the kind of
/// its victim.
fn capture_parts(position: &VariantPosition, action: Action) -> (Option<Piece>, PieceType) {
    let m = action.as_move();
    let victim = match m.kind() {
        MoveKind::EnPassant => PieceType::Pawn,
        _ => position.piece_on(m.to()).map_or(PieceType::Pawn, |p| p.kind()),
    };
    (position.piece_on(m.from()), victim)
}

/// A board move that promotes (drops and mines share its bits).
fn is_promotion(action: Action) -> bool {
    !action.is_placement() && action != Action::PASS && action.as_move().kind() == MoveKind::Promotion
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        deadline: &'a dyn Deadline,
        game_keys: &[u64],
        histories: &'a mut Histories,
    ) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        Searcher {
            tt,
            stop,
            deadline,
            nodes: 0,
            stopped: false,
            may_stop: false,
            keys,
            seldepth: 0,
            node_limit: u64::MAX,
            counters: None,
            root_moves: Vec::new(),
            pv: vec![[Action::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 1],
            killers: vec![[Action::NONE; 2]; MAX_PLY + 1],
            histories,
            moved: vec![None; MAX_PLY + 3],
            scores: vec![ArrayVec::new(); MAX_PLY + 1],
            mine_odds: MineOdds::default(),
        }
    }

    /// Mined chess: the chance that `action` lands on a secret mine of the
    /// other side, where the odds say one may lie; None for every other
    /// move and variant.
    fn chance(&self, position: &VariantPosition, action: Action) -> Option<Chance> {
        let us = position.side_to_move();
        let them = !us;
        if position.unknown_mines(them) == 0 || action.is_placement() || action == Action::PASS {
            return None;
        }
        let m = action.as_move();
        let king = position.piece_on(m.from()).is_some_and(|p| p.kind() == PieceType::King);
        // A castling king lands on its castling square, and only it is
        // weighed: the rook's square, beside it, was empty for the castling.
        let square = if m.is_castling() { CastlingSide::of(m.from(), m.to()).king_destination(us) } else { m.to() };
        if position.mines(them).contains(square) {
            return None;
        }
        let odds = self.mine_odds.on(them, square);
        if odds == 0 {
            return None;
        }
        if odds >= ODDS_ONE || king {
            return Some(Chance { odds: odds.min(ODDS_ONE), blast: -MINE_DECISIVE });
        }
        let blast = match position.with_revealed_mine(them, square) {
            Some(mined) => {
                let exploded = mined.make_unchecked(action);
                if exploded.mine_loser().is_some() {
                    -MINE_DECISIVE
                } else {
                    (-evaluate(&exploded)).clamp(-MINE_DECISIVE, MINE_DECISIVE)
                }
            }
            None => return None,
        };
        Some(Chance { odds, blast })
    }

    /// The score of a move searched by `search` in a window, mixed with its
    /// chance of exploding: (1 - p) x + p b for the searched score x
    /// (mates counted as +-MINE_DECISIVE) and the explosion's score b. The
    /// window (alpha, beta) is carried over to x's scale, so that a bound
    /// of x gives the same bound of the mixed score.
    fn weighed(
        &mut self,
        chance: Option<Chance>,
        alpha: i32,
        beta: i32,
        search: impl FnOnce(&mut Self, i32, i32) -> i32,
    ) -> i32 {
        let Some(Chance { odds, blast }) = chance else {
            return search(self, alpha, beta);
        };
        let keep = (ODDS_ONE - odds) as i64;
        let mixed = |x: i32| {
            let x = x.clamp(-MINE_DECISIVE, MINE_DECISIVE) as i64;
            (keep * x + odds as i64 * blast as i64).div_euclid(ODDS_ONE as i64) as i32
        };
        // A sure mine (no x to search), or a window the mix cannot reach.
        let (lowest, highest) = (mixed(-MINE_DECISIVE), mixed(MINE_DECISIVE));
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
        let low = (ceil(ODDS_ONE as i64 * (alpha as i64 + 1) - shift) - 1).max(-(MINE_DECISIVE as i64) - 1);
        let high = ceil(ODDS_ONE as i64 * beta as i64 - shift).min(MINE_DECISIVE as i64 + 1).max(low + 1);
        mixed(search(self, low as i32, high as i32))
    }

    /// Counts a node and says whether the search must unwind now. The
    /// limits are the main thread's to keep: a helper (id > 0) stops when
    /// `stop` is set, and the main thread sets it when it stops.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        let mut nodes = self.nodes;
        if let Some((stats, id)) = self.counters {
            stats[id].nodes.store(self.nodes, Relaxed);
            if id > 0 {
                self.stopped = self.stop.load(Relaxed);
                return self.stopped;
            }
            if self.node_limit != u64::MAX && stats.len() > 1 {
                nodes = stats.iter().map(|s| s.nodes.load(Relaxed)).sum();
            }
        }
        let limits = nodes >= self.node_limit || (self.nodes & 1023 == 0 && self.deadline.reached());
        if self.may_stop && (self.stop.load(Relaxed) || limits) {
            self.stopped = true;
            self.stop.store(true, Relaxed);
        }
        self.stopped
    }

    /// Whether the position repeats one since the last irreversible action
    /// (once is enough inside the search).
    fn is_repetition(&self, position: &VariantPosition) -> bool {
        let len = self.keys.len();
        let window = (position.halfmove_clock() as usize).min(len - 1);
        self.keys[len - 1 - window..len - 1].contains(&position.key())
    }

    fn update_pv(&mut self, ply: usize, action: Action) {
        self.pv[ply][ply] = action;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The principal variation found from the root.
    pub fn root_pv(&self) -> Vec<Action> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// Move ordering: the table move, captures by victim then attacker
    /// (then capture history), queen promotions, killers, then the quiet
    /// and continuation histories.
    ///
    /// The scores go to this ply's row of `scores`; [`Searcher::pick`] then
    /// brings the actions forward best first, one at a time, so that a
    /// cutoff leaves the rest unsorted and nothing is allocated.
    fn order(&mut self, position: &VariantPosition, actions: &ActionList, tt_move: Action, ply: usize) {
        let us = position.side_to_move();
        let previous = [self.moved[ply + 1], self.moved[ply]];
        let histories = &*self.histories;
        let killers = self.killers[ply];
        let score = |a: &Action| -> i32 {
            if *a == tt_move {
                return 2_000_000;
            }
            if position.is_capture(*a) {
                let (mover, victim) = capture_parts(position, *a);
                let attacker = mover.map_or(PieceType::Pawn, |p| p.kind());
                let history =
                    mover.map_or(0, |mover| histories.capture(mover, a.to(), victim) / p::capture_history_divisor());
                return 1_000_000 + 10 * VALUES[victim.index()] - VALUES[attacker.index()] / 10 + history;
            }
            if is_promotion(*a) && a.as_move().promotion_piece() == Some(PieceType::Queen) {
                return 900_000;
            }
            if killers[0] == *a {
                return 800_000;
            }
            if killers[1] == *a {
                return 700_000;
            }
            let Some(current) = piece_to(position, *a) else { return 0 };
            let mut score = histories.quiet(us, a.as_move());
            for previous in previous.iter().flatten() {
                score += histories.continuation(*previous, current);
            }
            score
        };
        let scores = &mut self.scores[ply];
        scores.clear();
        scores.extend(actions.iter().map(score));
    }

    /// The best-scored action of `actions[index..]`, moved to `index` with
    /// the others kept in their order: the order a stable sort by score
    /// would give, produced lazily.
    fn pick(&mut self, actions: &mut ActionList, index: usize, ply: usize) -> Action {
        let scores = &mut self.scores[ply];
        let mut best = index;
        for i in index + 1..actions.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        actions[index..=best].rotate_right(1);
        scores[index..=best].rotate_right(1);
        actions[index]
    }

    /// After a cutoff by `action` at `depth`: reward it and punish the
    /// actions of the same kind (quiet or capture) tried before it.
    fn reward(
        &mut self,
        position: &VariantPosition,
        action: Action,
        ply: usize,
        depth: i32,
        quiets: &[Action],
        captures: &[Action],
    ) {
        let bonus = bonus(depth);
        if position.is_capture(action) {
            self.update_capture(position, action, bonus);
        } else {
            self.update_quiet(position, action, ply, bonus);
            for &other in quiets {
                self.update_quiet(position, other, ply, -bonus);
            }
            if self.killers[ply][0] != action {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = action;
            }
        }
        for &other in captures {
            self.update_capture(position, other, -bonus);
        }
    }

    fn update_quiet(&mut self, position: &VariantPosition, action: Action, ply: usize, bonus: i32) {
        let Some(current) = piece_to(position, action) else { return };
        self.histories.update_quiet(position.side_to_move(), action.as_move(), bonus);
        for previous in [self.moved[ply + 1], self.moved[ply]].into_iter().flatten() {
            self.histories.update_continuation(previous, current, bonus);
        }
    }

    fn update_capture(&mut self, position: &VariantPosition, action: Action, bonus: i32) {
        let (Some(mover), victim) = capture_parts(position, action) else { return };
        self.histories.update_capture(mover, action.to(), victim, bonus);
    }

    /// The alpha-beta search of `position`, `depth` plies deep, scored for
    /// the player who owns its move.
    pub fn search(&mut self, position: &VariantPosition, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);

        // Step 1. The quiescence search at the horizon.
        if depth <= 0 {
            return self.quiescence(position, ply, 0, alpha, beta);
        }
        if self.count_node() {
            return 0;
        }

        // Step 2. A game lost to a mine by the last move (mined chess), draws
        // by rule, and mate-distance pruning (not in PV nodes, whose line
        // must reach the mate it reports).
        if ply > 0 && position.mine_loser().is_some() {
            return MATE - ply as i32;
        }
        let drawn =
            || self.is_repetition(position) || position.halfmove_clock() >= 100 || position.is_insufficient_material();
        if ply > 0 && drawn() {
            return DRAW;
        }
        if ply > 0 && !pv_node {
            // The best a node can hope for: to mate at the next ply (here,
            // where a player may have mated with the other colour), or in
            // losing chess to be mated here; the worst: the reverse.
            let own_mate_here =
                position.variant().turn_order().players_change_colours() || position.variant().has_mines();
            let (worst, best) = match position.variant().goal() {
                Goal::GiveMate => (-MATE + ply as i32, MATE - ply as i32 - i32::from(!own_mate_here)),
                Goal::BeMated => (-MATE + ply as i32 + 1, MATE - ply as i32),
            };
            alpha = alpha.max(worst);
            if alpha >= beta.min(best) {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position);
        }

        // Step 3. The transposition table.
        let key = position.key();
        let entry = self.tt.probe(key, ply);
        let tt_move = entry.map_or(Action::NONE, |e| Action::from_bits(e.mv.bits()));
        if let Some(entry) = entry {
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
            if !pv_node && ply > 0 && entry.depth >= depth && usable {
                return entry.score;
            }
        }

        let mut actions = position.legal_actions();
        if actions.is_empty() {
            return no_move_score(position, ply);
        }
        let mut tt_move = tt_move;
        if ply == 0 {
            actions.retain(|a| self.root_moves.contains(a));
            tt_move = self.root_moves.first().copied().unwrap_or(tt_move);
        }
        let in_check = position.in_check();
        let us = position.side_to_move();
        let plain_turn = position.pending().is_none()
            && position.turn().length == 1
            && position.variant().turn_order() == TurnOrder::Alternate
            && !position.is_placing(us)
            && position.variant().goal() == Goal::GiveMate;
        let eval = if in_check { -INFINITE } else { evaluate(position) };

        // Step 4. Reverse futility: far above beta near the horizon, with
        // nothing forced in the position, the move will hold.
        let rfp = depth <= p::variant_rfp_max_depth() && eval - p::variant_rfp_margin() * depth >= beta;
        if !pv_node && !in_check && plain_turn && !is_mate_score(beta) && rfp {
            return eval;
        }

        // Step 5. Null move: passing still holds beta, so a real move will.
        // Not where passing is not a move the rules could offer at all
        // (mid-turn, placing, forced captures) or in pawn endings.
        let has_pieces = (position.color(us) & !position.kind(PieceType::Pawn) & !position.kind(PieceType::King)).any();
        let nmp = depth >= p::variant_nmp_min_depth() && eval >= beta;
        if !pv_node && !in_check && plain_turn && has_pieces && nmp && ply > 0 {
            let reduction = p::variant_nmp_base_reduction() + depth / p::variant_nmp_depth_divisor();
            let child = position.make_null();
            self.moved[ply + 2] = None;
            self.keys.push(child.key());
            let score = -self.search(&child, depth - 1 - reduction, ply + 1, -beta, -beta + 1);
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score >= beta && !is_mate_score(score) {
                return score;
            }
        }

        // Step 6. The moves, best first; late quiet ones searched shallower.
        self.order(position, &actions, tt_move, ply);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_action = Action::NONE;
        let mut quiets = ActionList::new();
        let mut captures = ActionList::new();
        for index in 0..actions.len() {
            let action = self.pick(&mut actions, index, ply);
            let child = position.make(action);
            self.moved[ply + 2] = piece_to(position, action);
            let noisy = position.is_capture(action) || is_promotion(action);
            let extension = i32::from(child.in_check() && ply < 2 * depth as usize + 8);
            let new_depth = depth - 1 + extension;
            let chance = self.chance(position, action);
            self.keys.push(child.key());
            let at = |this: &mut Self, depth: i32, alpha: i32, beta: i32| {
                this.weighed(chance, alpha, beta, |this, a, b| this.child_score(position, &child, depth, ply, a, b))
            };
            let score = if index == 0 {
                at(self, new_depth, alpha, beta)
            } else {
                // Late-move reduction of quiet moves, then a zero window.
                let late = depth >= p::variant_lmr_min_depth() && index as i32 >= p::variant_lmr_min_index();
                let reduce = late && !noisy && !in_check && !child.in_check() && !action.is_placement();
                let second = i32::from(index as i32 >= p::variant_lmr_second_index());
                let reduction = if reduce { 1 + second + depth / p::variant_lmr_depth_divisor() } else { 0 };
                let mut score = at(self, new_depth - reduction, alpha, alpha + 1);
                if score > alpha && reduction > 0 {
                    score = at(self, new_depth, alpha, alpha + 1);
                }
                if score > alpha && score < beta {
                    score = at(self, new_depth, alpha, beta);
                }
                score
            };
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_action = action;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, action);
                    // Once the root has a move with a searched score, the
                    // search may be stopped even in its first iteration.
                    self.may_stop |= ply == 0;
                    if score >= beta {
                        if !is_promotion(action) {
                            self.reward(position, action, ply, depth, &quiets, &captures);
                        }
                        break;
                    }
                }
            }
            if position.is_capture(action) {
                captures.push(action);
            } else if !noisy {
                quiets.push(action);
            }
        }

        // Step 7. The result goes to the table.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { eval };
        self.tt.store(key, best_action.as_move(), best, stored_eval, depth, bound, pv_node, ply);
        best
    }

    /// Searches `child` for the player of `parent`, inside (alpha, beta).
    fn child_score(
        &mut self,
        parent: &VariantPosition,
        child: &VariantPosition,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if child.turn().player == parent.turn().player {
            self.search(child, depth, ply + 1, alpha, beta)
        } else {
            -self.search(child, depth, ply + 1, -beta, -alpha)
        }
    }

    /// Captures until the position is quiet. In check every evasion is
    /// searched, in the first `variant_qs_check_plies` plies. Where a
    /// capture is compulsory (losing chess) there is no standing pat: the
    /// side must take. Where a placement waits or a side is placing its
    /// army, the static evaluation stands, in check too: a placement takes
    /// nothing, and searching every placement after every checking capture
    /// would grow without bound (returning chess).
    pub fn quiescence(&mut self, position: &VariantPosition, ply: usize, qply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        if self.count_node() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(position);
        }
        if position.mine_loser().is_some() {
            return MATE - ply as i32;
        }
        if position.bare_king().is_some() {
            return no_move_score(position, ply);
        }
        let us = position.side_to_move();
        let in_check = position.in_check();
        if position.pending().is_some() || (position.is_placing(us) && !in_check) || position.mines_to_lay(us) > 0 {
            return evaluate(position);
        }
        let mut actions = if in_check {
            let all = position.legal_actions();
            if all.is_empty() {
                return no_move_score(position, ply);
            }
            if qply as i32 >= p::variant_qs_check_plies() {
                return evaluate(position);
            }
            all
        } else {
            position.legal_noisy_actions()
        };
        let forced = position.variant().captures_compulsory() && actions.iter().any(|&a| position.is_capture(a));
        let mut best = -INFINITE;
        if !in_check && !forced {
            let stand = evaluate(position);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let forced_choice = forced && actions.len() > 1 && qply as i32 >= p::variant_forced_choice_plies();
        if qply as i32 >= p::variant_qs_max_plies() || forced_choice {
            return if best > -INFINITE { best } else { evaluate(position) };
        }
        self.order(position, &actions, Action::NONE, ply);
        for index in 0..actions.len() {
            let action = self.pick(&mut actions, index, ply);
            // Delta pruning: a capture that cannot bring the score up to
            // alpha even with a margin is not worth a look (never where the
            // capture is forced or the king in check).
            if !in_check && !forced && best > -INFINITE {
                let gain = match position.piece_on(action.to()) {
                    Some(victim) if position.is_capture(action) => VALUES[victim.kind().index()],
                    _ => VALUES[PieceType::Pawn.index()],
                };
                if best + gain + p::variant_delta_margin() < alpha && !is_promotion(action) {
                    continue;
                }
            }
            let child = position.make(action);
            self.moved[ply + 2] = piece_to(position, action);
            let chance = self.chance(position, action);
            self.keys.push(child.key());
            let same_player = child.turn().player == position.turn().player;
            let score = self.weighed(chance, alpha, beta, |this, a, b| {
                if same_player {
                    this.quiescence(&child, ply + 1, qply + 1, a, b)
                } else {
                    -this.quiescence(&child, ply + 1, qply + 1, -b, -a)
                }
            });
            self.keys.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, action);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn position(variant: Variant, fen: &str) -> VariantPosition {
        VariantPosition::from_fen(variant, fen).unwrap()
    }

    #[test]
    fn a_mated_player_has_lost_unless_its_own_move_mated() {
        // Returning chess: Black placed a piece given back and is mated in
        // the second move of its turn: lost, though Black moved last.
        let returning = position(Variant::Returning, "4R2k/6pp/8/8/8/8/8/4K3[] b - - 0 30 turn=2/2");
        assert!(returning.legal_actions().is_empty() && returning.in_check());
        assert_eq!(no_move_score(&returning, 3), -MATE + 3);
        // Two opposed camps: the second player's Black move mated White,
        // whose move is the second player's too: won.
        let camps = position(Variant::Camps, "6k1/8/8/8/8/8/5PPP/1r4K1 w - - 0 10 player=2");
        assert!(camps.legal_actions().is_empty() && camps.in_check());
        assert_eq!(no_move_score(&camps, 3), MATE - 3);
        // Black mated at the start of a turn, by the other player's White
        // move: lost.
        let lost = position(Variant::Camps, "1R4k1/5ppp/8/8/8/8/8/6K1 b - - 0 10");
        assert!(lost.legal_actions().is_empty() && lost.in_check());
        assert_eq!(no_move_score(&lost, 3), -MATE + 3);
    }
}
