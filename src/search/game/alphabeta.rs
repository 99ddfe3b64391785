//! The game search's alpha-beta and quiescence searches, over any [`Game`].
//! A node's score belongs to the player who owns its move, and a child's
//! score is negated only when the move passes to the other player, so that
//! a turn of two moves (a capture and its placement) is two plies by one
//! player.
//!
//! The search reads as steps, like the chess search, with fewer of them:
//! the variants' move counts, forced captures and drops make the chess
//! search's finer pruning unsafe or untested there.
//!
//! Every margin, depth and ply count below comes from the search's
//! parameter table (src/search/parameters.rs, the `variant_*` entries):
//! evasions are searched in the quiescence search's first plies only;
//! beyond its maximum plies it stands pat (captures by ghosts, which nothing
//! can take back, and the forced captures of losing chess chain far longer
//! than in chess); where captures are forced it chooses among several in its
//! first plies only (it cannot stand pat there, and the choices multiply),
//! and follows a single forced capture as far as it goes.

use super::{Chance, Game, MoveBuffer, CHANCE_DECISIVE, ODDS_ONE};
use crate::search::ablation::{enabled, Step};
use crate::search::correction::{beyond_the_eval, Correction, CorrectionKeys};
use crate::search::history::{bonus, Histories};
use crate::search::parameters as p;
use crate::search::score::{is_mate_score, DRAW, INFINITE, MATE_BOUND, MAX_PLY};
use crate::search::thread::{shared_node_limit_reached, ThreadStats};
use crate::search::tt::TranspositionTable;
use crate::search::Bound;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The position after `m`, a candidate of `position`, where it is legal
/// (`all_legal`: every candidate is).
#[inline(always)]
fn made_if_legal<G: Game>(position: &G, m: G::Move, all_legal: bool) -> Option<G> {
    if all_legal {
        Some(position.make(m))
    } else {
        position.make_if_legal(m)
    }
}

/// How many of `moves`, candidates of `position`, are legal, counted up to
/// `at_most` (`all_legal`: every candidate is; none is made then).
fn legal_candidates<G: Game>(position: &G, moves: &[G::Move], all_legal: bool, at_most: usize) -> usize {
    if all_legal {
        return moves.len().min(at_most);
    }
    moves.iter().filter(|&&m| position.make_if_legal(m).is_some()).take(at_most).count()
}

/// What stops a search besides `stop`: checked every 1024 nodes.
pub trait Deadline {
    /// Whether the search must unwind now.
    fn reached(&self) -> bool;
}

/// One search's state: the table, the limits, the path and the move-
/// ordering tables.
pub struct Searcher<'a, G: Game> {
    pub tt: &'a TranspositionTable,
    pub stop: &'a AtomicBool,
    pub deadline: &'a dyn Deadline,
    pub nodes: u64,
    pub stopped: bool,
    /// Set once the root has a move with a searched score: from then on the
    /// search may be stopped.
    pub may_stop: bool,
    /// Set once the first iteration is complete: from then on the other
    /// threads' nodes count towards the node limit.
    pub first_iteration_done: bool,
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
    pub root_moves: Vec<G::Move>,
    pub pv: Vec<Vec<G::Move>>,
    pub pv_len: Vec<usize>,
    killers: Vec<[G::Move; 2]>,
    /// The search thread's histories: quiet moves by side, origin and
    /// destination, captures by mover, destination and victim, and the
    /// continuation of the moves one and two plies back, keyed by the
    /// game's indices. They outlive the search, until `ucinewgame`.
    histories: &'a mut Histories,
    /// The search thread's correction history, shared with chess: what the
    /// search has found the static evaluation to get wrong in plain turns.
    correction: &'a mut Correction,
    /// The continuation key of each ply's move (None: a null move, a pass
    /// or a mine); entry `ply + 2` is ply `ply`'s.
    moved: Vec<Option<usize>>,
    /// Each ply's ordering scores, in the order of its moves.
    scores: Vec<Vec<i32>>,
    /// What the search knows beyond the position.
    pub context: G::Context,
}

impl<'a, G: Game> Searcher<'a, G> {
    pub fn new(
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        deadline: &'a dyn Deadline,
        game_keys: &[u64],
        histories: &'a mut Histories,
        correction: &'a mut Correction,
    ) -> Searcher<'a, G> {
        let mut keys = Vec::with_capacity(game_keys.len() + MAX_PLY + 8);
        keys.extend_from_slice(game_keys);
        Searcher {
            tt,
            stop,
            deadline,
            nodes: 0,
            stopped: false,
            may_stop: false,
            first_iteration_done: false,
            keys,
            seldepth: 0,
            node_limit: u64::MAX,
            counters: None,
            root_moves: Vec::new(),
            pv: vec![vec![G::Move::default(); MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: vec![0; MAX_PLY + 1],
            killers: vec![[G::Move::default(); 2]; MAX_PLY + 1],
            histories,
            correction,
            moved: vec![None; MAX_PLY + 3],
            scores: (0..=MAX_PLY).map(|_| Vec::with_capacity(G::MAX_MOVES)).collect(),
            context: G::Context::default(),
        }
    }

    /// The score of a move searched by `search` in a window, mixed with its
    /// chance of being other than it seems: (1 - p) x + p b for the
    /// searched score x (mates counted as +-CHANCE_DECISIVE) and the other
    /// outcome's score b. The window (alpha, beta) is carried over to x's
    /// scale, so that a bound of x gives the same bound of the mixed score.
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
        mixed(search(self, low as i32, high as i32))
    }

    /// Counts a node and says whether the search must unwind now. The
    /// limits are the main thread's to keep: a helper (id > 0) stops when
    /// `stop` is set, and the main thread sets it when it stops. With
    /// several threads the node limit is every thread's count together
    /// (`shared_node_limit_reached`, as in chess). A helper sums too and stops
    /// itself there, so that helpers cannot run far past the limit while
    /// the main thread waits for a core. As in chess, the main thread keeps
    /// the node limit only once its first iteration is complete, so that
    /// the move played comes from a searched line (a deadline may still cut
    /// the first iteration short).
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.stopped {
            return true;
        }
        let mut reached = self.nodes >= self.node_limit;
        if let Some((stats, id)) = self.counters {
            stats[id].nodes.store(self.nodes, Relaxed);
            reached |= self.node_limit != u64::MAX && shared_node_limit_reached(stats, self.nodes, self.node_limit);
            if id > 0 {
                self.stopped = reached || self.stop.load(Relaxed);
                return self.stopped;
            }
        }
        reached &= self.first_iteration_done;
        let limits = reached || (self.nodes & 1023 == 0 && self.deadline.reached());
        if self.may_stop && (self.stop.load(Relaxed) || limits) {
            self.stopped = true;
            self.stop.store(true, Relaxed);
        }
        self.stopped
    }

    /// Whether the position repeats one since the last irreversible move
    /// (once is enough inside the search).
    fn is_repetition(&self, position: &G) -> bool {
        let len = self.keys.len();
        let window = (position.halfmove_clock() as usize).min(len - 1);
        self.keys[len - 1 - window..len - 1].contains(&position.key())
    }

    fn update_pv(&mut self, ply: usize, m: G::Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Where the correction history keeps what it learns of `position`'s
    /// evaluation, `ply` plies from the root, with or without the moves that
    /// led there; None where it is not used (a turn that is not plain, or
    /// the step switched off).
    fn correction_keys(&self, position: &G, ply: usize, with_moves: bool) -> Option<CorrectionKeys> {
        if !enabled(Step::Correction) || !position.plain_turn() {
            return None;
        }
        let moves = match (self.moved[ply], self.moved[ply + 1]) {
            (Some(two), Some(one)) if with_moves => Some((two, one)),
            _ => None,
        };
        Some(CorrectionKeys::of(&position.structure(), moves))
    }

    /// The static evaluation `raw`, corrected where `keys` say, short of a
    /// mate score.
    fn corrected(&self, raw: i32, keys: Option<&CorrectionKeys>) -> i32 {
        keys.map_or(raw, |keys| (raw + self.correction.correction(keys)).clamp(-MATE_BOUND + 1, MATE_BOUND - 1))
    }

    /// The principal variation found from the root.
    pub fn root_pv(&self) -> Vec<G::Move> {
        self.pv[0][..self.pv_len[0]].to_vec()
    }

    /// Move ordering: the table move, captures by victim then mover (then
    /// capture history), queen promotions, killers, then the quiet and
    /// continuation histories.
    ///
    /// The scores go to this ply's row of `scores`; [`Searcher::pick`] then
    /// brings the moves forward best first, one at a time, so that a cutoff
    /// leaves the rest unsorted and nothing is allocated.
    fn order(&mut self, position: &G, moves: &G::Moves, tt_move: G::Move, ply: usize) {
        let previous = [self.moved[ply + 1], self.moved[ply]];
        let histories = &*self.histories;
        let killers = self.killers[ply];
        let score = |m: &G::Move| -> i32 {
            let m = *m;
            if m == tt_move {
                return 2_000_000;
            }
            if position.is_capture(m) {
                let (victim, mover) = position.capture_values(m);
                let history =
                    position.capture_index(m).map_or(0, |i| histories.capture_at(i) / p::capture_history_divisor());
                // A capture that loses the exchange comes after the quiet
                // moves, as in chess.
                let base = if position.see_ge(m, -history / p::capture_see_divisor()) { 1_000_000 } else { -1_000_000 };
                return base + 10 * victim - mover / 10 + history;
            }
            if G::is_queen_promotion(m) {
                return 900_000;
            }
            if killers[0] == m {
                return 800_000;
            }
            if killers[1] == m {
                return 700_000;
            }
            let Some(current) = position.trail(m) else { return 0 };
            histories.quiet_move(position.quiet_index(m), Some(current), &previous)
        };
        let scores = &mut self.scores[ply];
        scores.clear();
        scores.extend(moves.iter().map(score));
    }

    /// The best-scored move of `moves[index..]`, moved to `index` with the
    /// others kept in their order: the order a stable sort by score would
    /// give, produced lazily.
    fn pick(&mut self, moves: &mut G::Moves, index: usize, ply: usize) -> G::Move {
        let scores = &mut self.scores[ply];
        let mut best = index;
        for i in index + 1..moves.len() {
            if scores[i] > scores[best] {
                best = i;
            }
        }
        moves[index..=best].rotate_right(1);
        scores[index..=best].rotate_right(1);
        moves[index]
    }

    /// After a cutoff by `m` at `depth`: reward it and punish the moves of
    /// the same kind (quiet or capture) tried before it.
    fn reward(&mut self, position: &G, m: G::Move, ply: usize, depth: i32, quiets: &[G::Move], captures: &[G::Move]) {
        let bonus = bonus(depth);
        if position.is_capture(m) {
            self.update_capture(position, m, bonus);
        } else {
            self.update_quiet(position, m, ply, bonus);
            for &other in quiets {
                self.update_quiet(position, other, ply, -bonus);
            }
            if self.killers[ply][0] != m {
                self.killers[ply][1] = self.killers[ply][0];
                self.killers[ply][0] = m;
            }
        }
        for &other in captures {
            self.update_capture(position, other, -bonus);
        }
    }

    fn update_quiet(&mut self, position: &G, m: G::Move, ply: usize, bonus: i32) {
        let Some(current) = position.trail(m) else { return };
        let previous = [self.moved[ply + 1], self.moved[ply]];
        self.histories.update_quiet_move(position.quiet_index(m), Some(current), &previous, bonus);
    }

    fn update_capture(&mut self, position: &G, m: G::Move, bonus: i32) {
        if let Some(index) = position.capture_index(m) {
            self.histories.update_capture_at(index, bonus);
        }
    }

    /// The alpha-beta search of `position`, `depth` plies deep, scored for
    /// the player who owns its move.
    pub fn search(&mut self, position: &G, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
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

        // Step 2. A game won by the last move (mined chess), draws by rule,
        // and mate-distance pruning (not in PV nodes, whose line must reach
        // the mate it reports).
        if ply > 0 && position.won_by_last_move() {
            return position.no_move_score(ply);
        }
        // A mate given on the hundredth halfmove stands.
        let fifty = || position.halfmove_clock() >= 100 && !(position.in_check() && position.legal_moves().is_empty());
        let drawn = || self.is_repetition(position) || fifty() || position.is_insufficient_material();
        if ply > 0 && drawn() {
            return DRAW;
        }
        if ply > 0 && !pv_node {
            let (worst, best) = position.mate_bounds(ply);
            alpha = alpha.max(worst);
            if alpha >= beta.min(best) {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 1 {
            return position.evaluate(&mut self.context);
        }

        // Step 3. The transposition table.
        let key = position.key();
        let entry = self.tt.probe(key, ply);
        let mut tt_move = entry.map_or(G::Move::default(), |e| position.table_move(e.mv));
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

        // The root's moves are the legal ones, the lines to search; below
        // it, candidates are made only when reached (a game that tells
        // legality by making a move makes only those).
        let all_legal = ply == 0 || !position.lazy_legality();
        let mut moves = if ply == 0 { position.legal_moves() } else { position.candidate_moves() };
        if all_legal && moves.is_empty() {
            return position.no_move_score(ply);
        }
        if ply == 0 {
            moves.retain(|m| self.root_moves.contains(m));
            tt_move = self.root_moves.first().copied().unwrap_or(tt_move);
        }
        // Whether the candidates hold a legal move, asked only where a node
        // would be pruned: a node without one scores as the rules say.
        let has_move = |moves: &G::Moves| legal_candidates(position, moves, all_legal, 1) > 0;
        let in_check = position.in_check();
        let plain_turn = position.plain_turn();
        // The static evaluation (the table keeps it raw with the position),
        // corrected by what the search has found it to get wrong.
        let (raw_eval, correction_keys) = if in_check {
            (-INFINITE, None)
        } else {
            (
                entry.map_or_else(|| position.evaluate(&mut self.context), |e| e.eval),
                self.correction_keys(position, ply, true),
            )
        };
        let eval = self.corrected(raw_eval, correction_keys.as_ref());

        // Step 4. Reverse futility: far above beta near the horizon, with
        // nothing forced in the position, the move will hold.
        let rfp = depth <= p::variant_rfp_max_depth() && eval - p::variant_rfp_margin() * depth >= beta;
        if !pv_node && !in_check && plain_turn && !is_mate_score(beta) && rfp {
            return if has_move(&moves) { eval } else { position.no_move_score(ply) };
        }

        // Step 5. Null move: passing still holds beta, so a real move will.
        // Not where passing is not a move the rules could offer at all
        // (mid-turn, placing, forced captures) or in pawn endings.
        let nmp = depth >= p::variant_nmp_min_depth() && eval >= beta;
        if !pv_node && !in_check && plain_turn && nmp && ply > 0 && position.has_pieces() {
            if !has_move(&moves) {
                return position.no_move_score(ply);
            }
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

        // Step 6. Internal iterative reduction: a PV node new to the search
        // (no table move) is searched a ply shallower first.
        let mut depth = depth;
        if pv_node && ply > 0 && depth >= p::variant_iir_min_depth() && tt_move == G::Move::default() {
            depth -= 1;
        }

        // Step 7. The moves, best first; late quiet ones searched shallower.
        let prunes_quiets = position.prunes_quiets();
        self.order(position, &moves, tt_move, ply);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = G::Move::default();
        let mut quiets = G::Moves::default();
        let mut captures = G::Moves::default();
        // Legal moves reached so far.
        let mut searched: usize = 0;
        for candidate in 0..moves.len() {
            let m = self.pick(&mut moves, candidate, ply);
            let noisy = position.is_capture(m) || G::is_promotion(m);
            let Some(child) = made_if_legal(position, m, all_legal) else { continue };
            // Step 8. SEE pruning, as in chess, once a line that avoids
            // mate is in hand: a move that loses more material in the
            // exchange on its square than the depth allows (a capture: the
            // noisy margin per ply; a quiet move, while no mate is in
            // sight: the quiet margin per ply squared) is not searched. Not
            // a move that gives check: a sacrifice that mates loses its
            // exchange too.
            if ply > 0 && best > -MATE_BOUND && position.has_pieces() && !child.in_check() {
                let threshold = if noisy {
                    -p::see_noisy_margin() * depth
                } else if !is_mate_score(alpha) {
                    -p::see_quiet_margin() * depth * depth
                } else {
                    -INFINITE
                };
                if !position.see_ge(m, threshold) {
                    continue;
                }
            }
            let index = searched;
            // Step 9. Futility pruning, as in chess, where the game allows
            // it (a plain turn, no army still in hand): once a line that
            // avoids mate is in hand, a quiet move is not searched where
            // even a generous gain leaves the static eval below alpha. Not
            // a move that gives check, nor a placement. (Late-move pruning
            // was tried too: placement chess lost 155 Elo to it.)
            let futile = prunes_quiets
                && ply > 0
                && !in_check
                && !noisy
                && best > -MATE_BOUND
                && !is_mate_score(alpha)
                && !G::is_placement(m)
                && !child.in_check()
                && depth <= p::variant_futility_max_depth()
                && eval + p::variant_futility_base() + p::variant_futility_margin() * depth <= alpha;
            if futile {
                continue;
            }
            searched += 1;
            self.moved[ply + 2] = position.trail(m);
            let extension = i32::from(child.in_check() && ply < 2 * depth as usize + 8);
            let new_depth = depth - 1 + extension;
            let chance = position.chance(m, &mut self.context);
            self.keys.push(child.key());
            let at = |this: &mut Self, depth: i32, alpha: i32, beta: i32| {
                this.weighed(chance, alpha, beta, |this, a, b| this.child_score(position, &child, depth, ply, a, b))
            };
            let score = if index == 0 {
                at(self, new_depth, alpha, beta)
            } else {
                // Late-move reduction of quiet moves, then a zero window.
                let late = depth >= p::variant_lmr_min_depth() && index as i32 >= p::variant_lmr_min_index();
                let reduce = late && !noisy && !in_check && !child.in_check() && !G::is_placement(m);
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
                best_move = m;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    // Once the root has a move with a searched score, the
                    // search may be stopped even in its first iteration.
                    self.may_stop |= ply == 0;
                    if score >= beta {
                        if !G::is_promotion(m) {
                            self.reward(position, m, ply, depth, &quiets, &captures);
                        }
                        break;
                    }
                }
            }
            if position.is_capture(m) {
                captures.push(m);
            } else if !noisy {
                quiets.push(m);
            }
        }
        if searched == 0 {
            return position.no_move_score(ply);
        }

        // Step 10. The result goes to the table.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_eval = if in_check { 0 } else { raw_eval };
        self.tt.store(key, G::to_table(best_move), best, stored_eval, depth, bound, pv_node, ply);

        // Step 11. Learn the static evaluation's error, as chess does: from
        // a node whose best move is quiet, where its bound says on which
        // side of the evaluation the truth lies; not at the root, whose
        // moves may be a few of the legal ones (MultiPV, searchmoves).
        if let Some(keys) = correction_keys.filter(|_| ply > 0) {
            let quiet =
                best_move == G::Move::default() || !(position.is_capture(best_move) || G::is_promotion(best_move));
            if beyond_the_eval(bound, best, eval) && quiet && !is_mate_score(best) {
                self.correction.update(&keys, best - raw_eval, depth);
            }
        }
        best
    }

    /// Searches `child` for the player of `parent`, inside (alpha, beta).
    fn child_score(&mut self, parent: &G, child: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if parent.same_player(child) {
            self.search(child, depth, ply + 1, alpha, beta)
        } else {
            -self.search(child, depth, ply + 1, -beta, -alpha)
        }
    }

    /// Captures until the position is quiet. In check every evasion is
    /// searched, in the first `variant_qs_check_plies` plies. Where a
    /// capture is compulsory (losing chess) there is no standing pat: the
    /// side must take. Where the rules make the position quiet (a placement
    /// waits, an army is being placed) the static evaluation stands, in
    /// check too: a placement takes nothing, and searching every placement
    /// after every checking capture would grow without bound (returning
    /// chess).
    pub fn quiescence(&mut self, position: &G, ply: usize, qply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        self.seldepth = self.seldepth.max(ply);
        if self.count_node() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return position.evaluate(&mut self.context);
        }
        if position.won_by_last_move() || position.ended() {
            return position.no_move_score(ply);
        }
        if position.quiet_by_rule() {
            return position.evaluate(&mut self.context);
        }
        let in_check = position.in_check();
        let all_legal = in_check || !position.lazy_legality();
        let mut moves = if in_check {
            let all = position.legal_moves();
            if all.is_empty() {
                return position.no_move_score(ply);
            }
            if qply as i32 >= p::variant_qs_check_plies() {
                return position.evaluate(&mut self.context);
            }
            all
        } else {
            position.candidate_noisy_moves()
        };
        let forced = position.captures_compulsory() && moves.iter().any(|&m| position.is_capture(m));
        let mut best = -INFINITE;
        if !in_check && !forced {
            let keys = self.correction_keys(position, ply, false);
            let raw = position.evaluate(&mut self.context);
            let stand = self.corrected(raw, keys.as_ref());
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // A choice among forced captures: more than one legal.
        let forced_choice = forced
            && qply as i32 >= p::variant_forced_choice_plies()
            && legal_candidates(position, &moves, all_legal, 2) > 1;
        if qply as i32 >= p::variant_qs_max_plies() || forced_choice {
            return if best > -INFINITE { best } else { position.evaluate(&mut self.context) };
        }
        self.order(position, &moves, G::Move::default(), ply);
        for index in 0..moves.len() {
            let m = self.pick(&mut moves, index, ply);
            // Delta pruning: a capture that cannot bring the score up to
            // alpha even with a margin is not worth a look (never where the
            // capture is forced or the king in check).
            if !in_check && !forced && best > -INFINITE {
                let gain = position.gain(m);
                if best + gain + p::variant_delta_margin() < alpha && !G::is_promotion(m) {
                    continue;
                }
            }
            // A capture that loses material cannot raise a standing score.
            if !in_check && !forced && best > -INFINITE && !position.see_ge(m, 0) {
                continue;
            }
            let Some(child) = made_if_legal(position, m, all_legal) else { continue };
            self.moved[ply + 2] = position.trail(m);
            let chance = position.chance(m, &mut self.context);
            self.keys.push(child.key());
            let same_player = position.same_player(&child);
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
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
