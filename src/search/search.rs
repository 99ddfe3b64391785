//! The alpha-beta search: the root, the principal-variation search below
//! it and the quiescence search at the horizon. Each node reads top to
//! bottom as numbered steps. It is written over the [`Game`] trait and the
//! search's [`Searchable`]: moves are kept on the thread's stack, in its
//! principal variation and in the table as the table's 16 bits
//! (`Game::to_table`), and read back with `Game::table_move`.

use super::ablation::{enabled, Step};
use super::correction::{beyond_the_eval, CorrectionKeys};
use super::history::bonus;
use super::movepick::{MovePicker, OrderingContext};
use super::parameters as p;
use super::score::{is_decisive, Bound, DRAW, INFINITE, MATE_BOUND, MAX_PLY, TB_WIN, TB_WIN_BOUND};
use super::thread::{Job, SearchThread, STACK_OFFSET};
use super::tt::TableEntry;
use crate::eval::MAX_EVALUATION;
use crate::game::Searchable;
use crate::game::{Chance, Game};
use crate::types::Move;
use arrayvec::ArrayVec;

/// Whether a table score with this bound decides a node searched with
/// the window (alpha, beta).
#[inline(always)]
fn bound_allows(bound: Bound, score: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => score >= beta,
        Bound::Upper => score <= alpha,
    }
}

/// The static evaluation an entry of the table keeps, where it holds one
/// (every evaluation lies within `MAX_EVALUATION`): a node in check keeps a
/// marker beyond it, which a 16-bit check can let through to another
/// position, one probe in thousands.
#[inline(always)]
fn table_eval(entry: Option<TableEntry>) -> Option<i32> {
    entry.map(|e| e.eval).filter(|eval| eval.abs() <= MAX_EVALUATION)
}

/// The static evaluation `eval` refined by the table's entry: the entry's
/// score where its bound says the truth lies beyond the evaluation (not a
/// decisive score, which says nothing of the position's worth).
#[inline(always)]
fn refined_by_table(entry: Option<TableEntry>, eval: i32) -> i32 {
    match entry {
        Some(e) if !is_decisive(e.score) && bound_allows(e.bound, e.score, eval, eval + 1) => e.score,
        _ => eval,
    }
}

/// The position after `m`, a move the move picker gave, where it is legal:
/// chess's picker gives legal moves; a game that tells a move's legality
/// only by making it gives candidates ([`Game::lazy_legality`]).
#[inline(always)]
fn made_if_legal<G: Game>(position: &G, m: G::Move) -> Option<G> {
    if position.lazy_legality() {
        position.make_if_legal(m)
    } else {
        Some(position.make(m))
    }
}

/// The moves a node searched that did not turn out best, by kind: a
/// cutoff punishes them in their histories.
struct Tried<M> {
    quiets: ArrayVec<M, 64>,
    captures: ArrayVec<M, 32>,
}

impl<M> Default for Tried<M> {
    fn default() -> Self {
        Tried { quiets: ArrayVec::new(), captures: ArrayVec::new() }
    }
}

/// Skips the picker's remaining quiet moves but those that give check, where
/// the game tells a check before the move is made; a game that tells it by
/// making the move ([`Searchable::CHECK_BY_MAKING`]) has its quiet moves
/// pruned one at a time instead, each made first, so that its checks are
/// kept.
#[inline(always)]
fn skip_quiets<G: Searchable>(picker: &mut MovePicker<G>, position: &G, checks: Option<G::Checks>) {
    if !G::CHECK_BY_MAKING {
        picker.skip_quiets(checks.unwrap_or_else(|| position.checks()));
    }
}

/// Whether the side to move has a legal move (asked in check, where the
/// candidates are the evasions).
fn has_legal_move<G: Game>(position: &G) -> bool {
    position.candidate_moves().iter().any(|&m| made_if_legal(position, m).is_some())
}

impl SearchThread {
    /// The static evaluation of the position at `ply`: the one place the
    /// search calls the game's evaluation (`Searchable::evaluate`).
    #[inline(always)]
    fn evaluate<G: Searchable>(&mut self, job: &Job<G>, workspace: &mut G::Workspace, position: &G, ply: usize) -> i32 {
        position.evaluate(workspace, job.network.as_ref(), ply)
    }

    /// The static evaluation `raw` with the correction history's
    /// correction for the node at `keys`, short of a table win.
    #[inline(always)]
    fn corrected(&self, raw: i32, keys: &CorrectionKeys) -> i32 {
        if !enabled(Step::Correction) {
            return raw;
        }
        (raw + self.correction.correction(keys)).clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
    }

    /// [`SearchThread::corrected`] where the game's turn is plain (one move,
    /// the usual goal); elsewhere the correction history does not learn, and
    /// the evaluation stands as it is.
    #[inline(always)]
    fn corrected_in<G: Game>(&self, position: &G, raw: i32, keys: &CorrectionKeys) -> i32 {
        if position.plain_turn() {
            self.corrected(raw, keys)
        } else {
            raw
        }
    }

    #[inline(always)]
    fn frame(&self, ply: usize) -> &super::thread::Frame {
        &self.stack[ply + STACK_OFFSET]
    }

    #[inline(always)]
    fn frame_mut(&mut self, ply: usize) -> &mut super::thread::Frame {
        &mut self.stack[ply + STACK_OFFSET]
    }

    /// Enters `child`, the position after `m` (made already), on the path:
    /// the key for repetitions, the move for the continuation histories,
    /// the change to the evaluation's state, and the child's table bucket
    /// on its way to the cache.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn enter<G: Searchable>(
        &mut self,
        job: &Job<G>,
        workspace: &mut G::Workspace,
        position: &G,
        m: G::Move,
        child: &G,
        ply: usize,
    ) {
        let moved = position.trail(m);
        position.follow_move(workspace, ply, m);
        job.tt.prefetch(child.key());
        self.keys.push(child.key());
        let frame = self.frame_mut(ply);
        frame.moved = moved;
        frame.null_move = false;
    }

    /// The score of a child searched by `search` in a window of the
    /// parent's player (alpha, beta): negated where the move passed to the
    /// other player (always in chess), and mixed with the move's `chance` of
    /// being other than it seems (mined chess). The parent is at `ply`.
    #[inline(always)]
    fn for_parent<W>(
        &mut self,
        workspace: &mut W,
        ply: usize,
        same_player: bool,
        chance: Option<Chance>,
        (alpha, beta): (i32, i32),
        search: impl Fn(&mut Self, &mut W, i32, i32) -> i32,
    ) -> i32 {
        let relative = |this: &mut Self, workspace: &mut W, alpha: i32, beta: i32| {
            if same_player {
                search(this, workspace, alpha, beta)
            } else {
                -search(this, workspace, -beta, -alpha)
            }
        };
        match chance {
            None => relative(self, workspace, alpha, beta),
            Some(chance) => {
                // A chance may decide the score without a search of the
                // child: its line is then empty, not another's left from
                // before.
                self.pv_len[ply + 1] = 0;
                chance.weighed(alpha, beta, |a, b| relative(self, workspace, a, b))
            }
        }
    }

    /// The search of `child`, the position after a move of `parent`, in the
    /// window (alpha, beta) of `parent`'s player ([`SearchThread::for_parent`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child_score<G: Searchable, const PV: bool>(
        &mut self,
        job: &Job<G>,
        workspace: &mut G::Workspace,
        parent: &G,
        child: &G,
        chance: Option<Chance>,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        self.for_parent(workspace, ply, parent.same_player(child), chance, (alpha, beta), |this, workspace, a, b| {
            this.search::<G, PV>(job, workspace, child, a, b, depth, ply + 1, cut_node)
        })
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.keys.pop();
    }

    /// The moves one and two plies before the node at `ply`, as their
    /// (man, square) pairs.
    #[inline(always)]
    fn previous_moves(&self, ply: usize) -> [Option<usize>; 2] {
        [self.stack[ply + STACK_OFFSET - 1].moved, self.stack[ply + STACK_OFFSET - 2].moved]
    }

    /// Whether the current position (the last key) repeats an earlier one:
    /// once within the search, or twice counting the game before the root.
    fn is_repetition<G: Searchable>(&self, position: &G) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let earliest = current.saturating_sub(position.halfmove_clock() as usize).max(self.null_barrier);
        let mut count = 0;
        // Where the sides alternate, only positions with the same side to
        // move, at least four plies back, can repeat this one.
        let (nearest, step) = if G::ALTERNATING_PLIES { (4, 2) } else { (1, 1) };
        for distance in (nearest..=current - earliest).step_by(step) {
            let index = current - distance;
            if self.keys[index] == key {
                if index >= self.root_index {
                    return true;
                }
                count += 1;
                if count >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// Draws by rule inside the tree: repetition, the fifty-move rule and
    /// insufficient material.
    fn is_draw<G: Searchable>(&self, position: &G) -> bool {
        position.is_insufficient_material() || self.is_repetition(position) || position.is_fifty_move_draw()
    }

    /// One root iteration for line `pv_index`, over the root moves in the
    /// order the previous iteration left them.
    pub fn search_root<G: Searchable>(
        &mut self,
        job: &Job<G>,
        workspace: &mut G::Workspace,
        mut alpha: i32,
        beta: i32,
        depth: i32,
    ) -> i32 {
        let position = job.position;
        self.pv_len[0] = 0;
        self.nodes += 1;
        let mut best_score = -INFINITE;
        let in_check = position.in_check();
        self.frame_mut(0).in_check = in_check;
        // As every node below does for its grandchildren (ply 1's count is
        // read by no one: the root reduces nothing).
        self.frame_mut(2).cutoffs = 0;
        self.frame_mut(0).static_eval = if in_check {
            -INFINITE
        } else {
            let raw = self.evaluate(job, workspace, &position, 0);
            self.corrected_in(&position, raw, &CorrectionKeys::new(&position, self.previous_moves(0)))
        };
        for index in self.pv_index..self.root_moves.len() {
            let m = position.table_move(self.root_moves[index].mv);
            if self.is_main() && self.elapsed_ms() > 1000 {
                job.reporter.current_move(depth as u32, m, index + 1);
            }
            let nodes_before = self.nodes;
            let chance = position.chance(workspace, job.network.as_ref(), &job.shared, m);
            let child = position.make(m);
            self.enter(job, workspace, &position, m, &child, 0);
            let new_depth = depth - 1 + child.in_check() as i32;
            let first = index == self.pv_index;
            let mut score = 0;
            if !first {
                score = self.child_score::<G, false>(
                    job,
                    workspace,
                    &position,
                    &child,
                    chance,
                    alpha,
                    alpha + 1,
                    new_depth,
                    0,
                    true,
                );
            }
            if first || (score > alpha && !self.stopped) {
                score = self.child_score::<G, true>(
                    job, workspace, &position, &child, chance, alpha, beta, new_depth, 0, false,
                );
            }
            self.unmake_move();
            self.root_moves[index].nodes += self.nodes - nodes_before;
            if self.stopped {
                return best_score;
            }
            best_score = best_score.max(score);
            if first || score > alpha {
                let line = &mut self.root_moves[index];
                line.score = score;
                line.seldepth = self.seldepth;
                line.pv.clear();
                line.pv.push(G::to_table(m));
                line.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
                if score > alpha {
                    if !first && self.pv_index == 0 {
                        self.best_move_changes += 1.0;
                    }
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            } else {
                self.root_moves[index].score = -INFINITE;
            }
        }
        best_score
    }

    /// The principal-variation search below the root. `PV` nodes search a
    /// full window; the others a null window around alpha. `cut_node`: a
    /// non-PV node expected to fail high.
    #[allow(clippy::too_many_arguments)]
    pub fn search<G: Searchable, const PV: bool>(
        &mut self,
        job: &Job<G>,
        workspace: &mut G::Workspace,
        position: &G,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        // Step 1. At the horizon, resolve captures first; but a line that
        // has just repeated a position or passed the fifty-move limit ends
        // here, a draw whatever the captures that would follow.
        if depth <= 0 {
            if self.is_repetition(position) || position.is_fifty_move_draw() {
                self.pv_len[ply] = 0;
                return DRAW;
            }
            return self.quiescence::<G, PV>(job, workspace, position, alpha, beta, ply, 0);
        }
        self.pv_len[ply] = 0;

        // Step 2. Count the node; unwind if the search is over.
        if self.count_node_and_check_stop(job) {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let in_check = position.in_check();

        // Step 3. A game ended by the last move (mined chess: a man
        // exploded; losing chess: a king left alone), draws by rule, and the
        // end of the stack.
        if position.won_by_last_move() || position.ended() {
            return position.no_move_score(ply);
        }
        if self.is_draw(position) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(job, workspace, position, ply) };
        }

        // Step 4. Mate-distance pruning: no line from here can beat a mate
        // already found nearer the root.
        let (worst, best) = position.mate_bounds(ply);
        alpha = alpha.max(worst);
        beta = beta.min(best);
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table: a deep enough result with a usable
        // bound ends the node (not on PV nodes, whose line we want whole).
        let key = position.key();
        let excluded = self.frame(ply).excluded;
        let entry = if excluded.is_none() { job.tt.probe(key, ply) } else { None };
        let table_move = entry.map_or(G::Move::default(), |e| position.table_move(e.mv));
        let was_pv = PV || entry.is_some_and(|e| e.was_pv);
        if let Some(entry) = entry {
            if !PV && entry.depth >= depth && bound_allows(entry.bound, entry.score, alpha, beta) {
                return entry.score;
            }
        }

        // Step 6. Static evaluation, corrected by what the search has found
        // it to get wrong (the table keeps it raw) and refined by the
        // table's bound, and whether it improved on our previous turn.
        let (raw_eval, static_eval, correction_keys) = if in_check {
            (-INFINITE, -INFINITE, CorrectionKeys::default())
        } else if excluded.is_some() {
            let frame = self.frame(ply);
            (frame.raw_eval, frame.static_eval, frame.correction_keys)
        } else {
            let raw = table_eval(entry).unwrap_or_else(|| self.evaluate(job, workspace, position, ply));
            let keys = CorrectionKeys::new(position, self.previous_moves(ply));
            (raw, self.corrected_in(position, raw, &keys), keys)
        };
        let eval = if in_check { static_eval } else { refined_by_table(entry, static_eval) };
        {
            let frame = self.frame_mut(ply);
            frame.static_eval = static_eval;
            frame.raw_eval = raw_eval;
            frame.correction_keys = correction_keys;
            frame.in_check = in_check;
        }
        let two_back = self.stack[ply + STACK_OFFSET - 2];
        let improving = !in_check && ply >= 2 && !two_back.in_check && static_eval > two_back.static_eval;
        self.frame_mut(ply + 1).killers = [Move::NONE; 2];
        self.frame_mut(ply + 1).excluded = Move::NONE;
        self.frame_mut(ply + 2).cutoffs = 0;

        // Step 7. Tablebases: where the game's tables know the result (for
        // chess: few enough men, no castling right, right after a capture
        // or pawn move; `Searchable::probe_tables`). A win or a loss scores
        // below every mate, higher nearer the root; it ends the node when
        // its bound allows, a draw always. Wins and losses the fifty-move
        // rule spoils are draws a point away from zero.
        let mut floor = -INFINITE;
        let mut ceiling = INFINITE;
        let wdl = if excluded.is_none() { position.probe_tables(&job.tables, depth) } else { None };
        if let Some(wdl) = wdl {
            self.count_tb_hit(job);
            let spoiled = job.tb_rule50 as i32;
            let (score, bound) = match wdl.value() {
                v if v > spoiled => (TB_WIN - ply as i32, Bound::Lower),
                v if v < -spoiled => (-TB_WIN + ply as i32, Bound::Upper),
                v => (DRAW + v, Bound::Exact),
            };
            if bound_allows(bound, score, alpha, beta) {
                let depth = (depth + 6).min(MAX_PLY as i32 - 1);
                job.tt.store(key, Move::NONE, score, raw_eval, depth, bound, was_pv, ply);
                return score;
            }
            if PV {
                if bound == Bound::Lower {
                    floor = score;
                    alpha = alpha.max(score);
                } else {
                    ceiling = score;
                }
            }
        }

        // Not where the turn is not plain (a turn of several moves, forced
        // captures, an army being placed, the goal of being mated): passing
        // is no move there, and a static margin says little.
        let prunable = !PV && !in_check && excluded.is_none() && !is_decisive(beta) && position.plain_turn();
        if prunable {
            // Step 8. Razoring: far below alpha at low depth, only captures
            // can save the node; if quiescence agrees, fail low now.
            if enabled(Step::Razoring)
                && depth <= p::razor_max_depth()
                && eval + p::razor_base() + p::razor_margin() * depth * depth < alpha
            {
                let score = self.quiescence::<G, false>(job, workspace, position, alpha, alpha + 1, ply, 0);
                if score <= alpha {
                    return score;
                }
            }

            // Step 9. Reverse futility: so far above beta that no quiet
            // reply of the opponent is expected to bring it back.
            let margin = p::rfp_margin() * (depth - improving as i32);
            if enabled(Step::ReverseFutility)
                && depth <= p::rfp_max_depth()
                && eval - margin >= beta
                && eval < TB_WIN_BOUND
            {
                return (eval + beta) / 2;
            }

            // Step 10. Null move: if passing still fails high, a real move
            // will. Not with pawns and king alone, where zugzwang is common,
            // and not twice in a row.
            let previous_was_null = ply > 0 && self.frame(ply - 1).null_move;
            if enabled(Step::NullMove)
                && depth >= p::nmp_min_depth()
                && eval >= beta
                && static_eval >= beta - p::nmp_static_margin() * depth + p::nmp_static_base()
                && !previous_was_null
                && position.has_pieces()
                && beta > -TB_WIN_BOUND
            {
                let reduction = p::nmp_base_reduction()
                    + depth / p::nmp_depth_divisor()
                    + ((eval - beta) / p::nmp_eval_divisor()).min(p::nmp_max_eval_reduction());
                let child = position.make_null();
                G::follow_null_move(workspace, ply);
                job.tt.prefetch(child.key());
                self.keys.push(child.key());
                self.frame_mut(ply).moved = None;
                self.frame_mut(ply).null_move = true;
                let barrier = std::mem::replace(&mut self.null_barrier, self.keys.len() - 1);
                let score = -self.search::<G, false>(
                    job,
                    workspace,
                    &child,
                    -beta,
                    -beta + 1,
                    depth - reduction,
                    ply + 1,
                    !cut_node,
                );
                self.null_barrier = barrier;
                self.keys.pop();
                if self.stopped {
                    return 0;
                }
                // A mate or table win found by passing proves nothing.
                if score >= beta && score < TB_WIN_BOUND {
                    return score;
                }
            }

            // Step 11. ProbCut: a capture that beats beta by a margin in a
            // shallow search very likely beats beta in the full one.
            let probcut_beta = beta + p::probcut_margin() - p::probcut_improving_margin() * improving as i32;
            let probcut_depth = depth - p::probcut_table_reduction();
            if enabled(Step::ProbCut)
                && depth >= p::probcut_min_depth()
                && !is_decisive(beta)
                && !entry.is_some_and(|e| e.depth >= probcut_depth && e.score < probcut_beta)
            {
                let mut picker = MovePicker::quiescence(position, table_move);
                let context = OrderingContext::empty();
                while let Some(m) = picker.next(position, &self.histories, &context) {
                    if !position.see_ge(m, probcut_beta - static_eval) {
                        continue;
                    }
                    let Some(child) = made_if_legal(position, m) else { continue };
                    // A capture can keep the turn (reinforced chess) or
                    // land on a secret mine: scored for this node's player.
                    let chance = position.chance(workspace, job.network.as_ref(), &job.shared, m);
                    let same_player = position.same_player(&child);
                    self.enter(job, workspace, position, m, &child, ply);
                    let window = (probcut_beta - 1, probcut_beta);
                    let mut score =
                        self.for_parent(workspace, ply, same_player, chance, window, |this, workspace, a, b| {
                            this.quiescence::<G, false>(job, workspace, &child, a, b, ply + 1, 0)
                        });
                    if score >= probcut_beta {
                        score =
                            self.for_parent(workspace, ply, same_player, chance, window, |this, workspace, a, b| {
                                let depth = depth - p::probcut_reduction();
                                this.search::<G, false>(job, workspace, &child, a, b, depth, ply + 1, !cut_node)
                            });
                    }
                    self.unmake_move();
                    if self.stopped {
                        return 0;
                    }
                    if score >= probcut_beta {
                        job.tt.store(key, G::to_table(m), score, raw_eval, probcut_depth, Bound::Lower, was_pv, ply);
                        return score;
                    }
                }
            }
        }

        // Step 12. Internal iterative reduction: with no table move here,
        // this node is new to the search; search it shallower first.
        if enabled(Step::InternalIterativeReduction)
            && depth >= p::iir_min_depth()
            && table_move == G::Move::default()
            && (PV || cut_node)
        {
            depth -= 1;
        }

        // Step 13. The moves, best-first.
        let previous = self.previous_moves(ply);
        let context = OrderingContext {
            killers: self.frame(ply).killers.map(|k| position.table_move(k)),
            countermove: previous[0]
                .map_or(G::Move::default(), |p| position.table_move(self.histories.countermove_at(p))),
            previous,
            threats: position.threats(),
        };
        let rows = self.histories.continuation_rows(&previous);
        let mut picker = MovePicker::new(position, table_move);
        let mut best_score = floor;
        let mut best_move = G::Move::default();
        let mut moves_searched = 0;
        // Legal moves the picker gave (searched or pruned).
        let mut moves_seen = 0;
        let mut tried = Tried::default();
        // Quiet moves may be pruned here (chess: always; a game may keep
        // them while an army is still being placed).
        let prunes_quiets = position.prunes_quiets();
        // What telling the moves' checks needs, found at the first move
        // that asks.
        let mut checks: Option<G::Checks> = None;
        while let Some(m) = picker.next(position, &self.histories, &context) {
            if G::to_table(m) == excluded {
                continue;
            }
            // A game that tells a move's legality, or whether it gives
            // check, only by making it makes it here (chess: after pruning).
            let made = if G::CHECK_BY_MAKING || position.lazy_legality() {
                let Some(child) = made_if_legal(position, m) else { continue };
                Some(child)
            } else {
                None
            };
            moves_seen += 1;
            let noisy = position.is_noisy(m);
            let history = if noisy {
                0
            } else {
                self.histories.quiet_move(position.quiet_index(context.threats, m), position.trail(m), &rows)
            };
            let base_reduction = self.reductions.get(depth, moves_searched + 1);
            let lmr_depth = (depth - 1 - base_reduction).max(0);

            let gives_check = match &made {
                Some(child) if G::CHECK_BY_MAKING => child.in_check(),
                _ => position.gives_check(checks.get_or_insert_with(|| position.checks()), m),
            };
            // A placement from a hand is never pruned nor reduced: the
            // evaluation cannot judge where a man is best placed.
            let placement = G::is_placement(m);

            // Step 14. Pruning of late or losing moves, once a line that
            // avoids mate is in hand. Quiet moves are kept while alpha is a
            // mate score: a quiet move can deliver a shorter mate. Quiet
            // checks are kept from late-move and futility pruning: the eval
            // does not see a mate they may deliver, and they are few.
            if best_score > -TB_WIN_BOUND && position.has_pieces() && !placement {
                if !noisy && !is_decisive(alpha) && prunes_quiets {
                    // Late-move pruning: enough quiet moves have failed.
                    let limit = (p::lmp_base() + depth * depth) / (2 - improving as i32);
                    if enabled(Step::LateMovePruning) && moves_searched >= limit && !gives_check {
                        skip_quiets(&mut picker, position, checks);
                        continue;
                    }
                    // Futility: even a generous gain leaves it below alpha.
                    if enabled(Step::Futility)
                        && !in_check
                        && !gives_check
                        && lmr_depth <= p::futility_max_depth()
                        && static_eval + p::futility_base() + p::futility_margin() * lmr_depth <= alpha
                    {
                        skip_quiets(&mut picker, position, checks);
                        continue;
                    }
                    // History: moves that keep failing at low depth.
                    if enabled(Step::HistoryPruning)
                        && lmr_depth <= p::history_prune_depth()
                        && history < -p::history_prune_margin() * depth
                    {
                        continue;
                    }
                    // SEE: the piece would be lost for too little.
                    if enabled(Step::SeePruning) && !position.see_ge(m, -p::see_quiet_margin() * lmr_depth * lmr_depth)
                    {
                        continue;
                    }
                } else if enabled(Step::SeePruning) && !position.see_ge(m, -p::see_noisy_margin() * depth) {
                    continue;
                }
            }

            // Step 15. Extensions. Singular: when the table move is far
            // better than every other move (a search without it fails low
            // well below its score), search it deeper; when even without it
            // the node fails high, cut (multi-cut).
            let mut extension = 0;
            if let Some(entry) = entry.filter(|_| m == table_move && ply < 2 * self.root_depth as usize) {
                if enabled(Step::Singular)
                    && depth >= p::singular_min_depth()
                    && entry.depth >= depth - p::singular_table_margin()
                    && entry.bound != Bound::Upper
                    && !is_decisive(entry.score)
                {
                    let singular_beta = entry.score - p::singular_margin() * depth / 8;
                    self.frame_mut(ply).excluded = G::to_table(m);
                    let score = self.search::<G, false>(
                        job,
                        workspace,
                        position,
                        singular_beta - 1,
                        singular_beta,
                        (depth - 1) / p::singular_depth_divisor(),
                        ply,
                        cut_node,
                    );
                    self.frame_mut(ply).excluded = Move::NONE;
                    if self.stopped {
                        return 0;
                    }
                    if score < singular_beta {
                        extension = if !PV && score < singular_beta - p::double_extension_margin() { 2 } else { 1 };
                    } else if singular_beta >= beta {
                        return singular_beta;
                    } else if entry.score >= beta {
                        extension = -1;
                    }
                }
            }

            moves_searched += 1;
            let chance = position.chance(workspace, job.network.as_ref(), &job.shared, m);
            // Made where it stays, not moved through `enter` (a position
            // is copied whole each time it moves).
            let child = match made {
                Some(child) => child,
                None => position.make(m),
            };
            self.enter(job, workspace, position, m, &child, ply);
            // Check extension: a check is searched one ply deeper.
            if enabled(Step::CheckExtension) && gives_check && extension == 0 {
                extension = 1;
            }
            let mut new_depth = depth - 1 + extension;

            // Step 16. Late-move reductions: late quiet moves are searched
            // shallower with a null window, and again at full depth only if
            // they beat alpha.
            let null_window = |this: &mut Self, workspace: &mut G::Workspace, depth: i32, cut_node: bool| {
                this.child_score::<G, false>(
                    job,
                    workspace,
                    position,
                    &child,
                    chance,
                    alpha,
                    alpha + 1,
                    depth,
                    ply,
                    cut_node,
                )
            };
            let mut score = 0;
            if enabled(Step::LateMoveReductions)
                && depth >= 2
                && moves_searched > 1 + PV as i32
                && (!noisy || !was_pv)
                && !placement
            {
                let mut reduction = base_reduction;
                reduction += !was_pv as i32 * p::lmr_not_pv() + cut_node as i32 * p::lmr_cut_node();
                reduction -= improving as i32 * p::lmr_improving() + gives_check as i32 * p::lmr_gives_check();
                reduction -= history / p::lmr_history_divisor();
                reduction += (self.frame(ply + 1).cutoffs > p::lmr_child_cutoffs() as u16) as i32;
                if noisy {
                    reduction /= p::lmr_noisy_divisor();
                }
                let reduced = (new_depth - reduction.max(0)).clamp(1, new_depth.max(1));
                score = null_window(self, workspace, reduced, true);
                if score > alpha && reduced < new_depth {
                    // How far it beat the best score so far says how deep
                    // to look again.
                    let deeper = score > best_score + p::lmr_deeper_base() + p::lmr_deeper_per_ply() * new_depth;
                    let shallower = score < best_score + p::lmr_shallower_margin();
                    new_depth += deeper as i32 - shallower as i32;
                    if reduced < new_depth {
                        score = null_window(self, workspace, new_depth, !cut_node);
                    }
                }
            } else if !PV || moves_searched > 1 {
                // Step 17. Principal-variation search: the first move with
                // the full window, the others with a null window, searched
                // again in full when they beat alpha.
                score = null_window(self, workspace, new_depth, !cut_node);
            }
            if PV && (moves_searched == 1 || (score > alpha && score < beta)) {
                score = self.child_score::<G, true>(
                    job, workspace, position, &child, chance, alpha, beta, new_depth, ply, false,
                );
            }
            self.unmake_move();
            if self.stopped {
                return 0;
            }

            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, G::to_table(m));
                    }
                    alpha = score;
                    if alpha >= beta {
                        let frame = self.frame_mut(ply);
                        frame.cutoffs = frame.cutoffs.saturating_add(1);
                        break;
                    }
                }
            }
            if m != best_move {
                if noisy {
                    let _ = tried.captures.try_push(m);
                } else {
                    let _ = tried.quiets.try_push(m);
                }
            }
        }

        // Step 18. No legal move: mate or stalemate. (Where every move was
        // pruned, which only a tablebase floor allows before a move is
        // searched, the floor stands.)
        if moves_searched == 0 {
            return if moves_seen > 0 {
                best_score
            } else if excluded.is_some() {
                alpha
            } else {
                position.no_move_score(ply)
            };
        }

        // Step 19. Learn from the cutoff, then store the result (no better
        // than the tables allow).
        if PV {
            best_score = best_score.min(ceiling);
        }
        if best_score >= beta {
            self.update_histories(position, &context, ply, depth, best_move, &tried);
        }
        if excluded.is_none() {
            let has_best = best_move != G::Move::default();
            let bound = if best_score >= beta {
                Bound::Lower
            } else if PV && has_best {
                Bound::Exact
            } else {
                Bound::Upper
            };
            job.tt.store(key, G::to_table(best_move), best_score, raw_eval, depth, bound, was_pv, ply);
            // Step 20. Learn the static evaluation's error: from a quiet
            // node's result, where its bound says on which side of the
            // evaluation the truth lies.
            let learns = enabled(Step::Correction)
                && position.plain_turn()
                && !in_check
                && !is_decisive(best_score)
                && (!has_best || !position.is_noisy(best_move))
                && beyond_the_eval(bound, best_score, static_eval);
            if learns {
                self.correction.update(&correction_keys, best_score - raw_eval, depth);
            }
        }
        best_score
    }

    /// Quiescence search: captures and queen promotions until the position
    /// is quiet, or every evasion when in check; standing pat otherwise.
    /// `qply`: the plies searched below the horizon. Where captures are
    /// compulsory (losing chess) there is no standing pat while one is
    /// legal; where the rules make the position quiet (a placement waits,
    /// an army is being placed, a mine is to be laid) the evaluation stands.
    /// A game of [`Searchable::BOUNDED_QUIESCENCE`] searches evasions and a
    /// choice among forced captures in its first plies only, and stands
    /// beyond its most plies (the `variant_qs_*` parameters).
    #[allow(clippy::too_many_arguments)]
    fn quiescence<G: Searchable, const PV: bool>(
        &mut self,
        job: &Job<G>,
        workspace: &mut G::Workspace,
        position: &G,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: u32,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.count_node_and_check_stop(job) {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        if position.won_by_last_move() || position.ended() {
            return position.no_move_score(ply);
        }
        let in_check = position.in_check();
        // A quiet evasion can carry the line past the fifty-move limit.
        if position.is_insufficient_material() || position.is_fifty_move_draw() {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(job, workspace, position, ply) };
        }
        if position.quiet_by_rule() {
            return self.evaluate(job, workspace, position, ply);
        }
        let bounded = G::BOUNDED_QUIESCENCE;
        if bounded && in_check && qply as i32 >= p::variant_qs_check_plies() {
            return if has_legal_move(position) {
                self.evaluate(job, workspace, position, ply)
            } else {
                position.no_move_score(ply)
            };
        }

        // Step 1. Transposition table.
        let key = position.key();
        let entry = job.tt.probe(key, ply);
        if let Some(entry) = entry {
            if !PV && bound_allows(entry.bound, entry.score, alpha, beta) {
                return entry.score;
            }
        }

        // Step 2. Stand pat: the side to move may decline every capture,
        // unless one is forced. The evaluation is corrected by the pawn and
        // other men's entries (the moves that led here are not followed in
        // this search).
        // Where captures are compulsory, the noisy candidates are generated
        // once: for this test, the choice below and the picker (a list kept
        // in place and copied by its moves alone: a game's list may hold a
        // thousand).
        let compulsory = !in_check && position.captures_compulsory();
        let given = match compulsory {
            true => position.candidate_noisy_moves(),
            false => G::Moves::default(),
        };
        let forced = compulsory && given.iter().any(|&m| position.is_capture(m));
        let (raw_eval, static_eval) = if in_check || forced {
            (-INFINITE, -INFINITE)
        } else {
            let raw = table_eval(entry).unwrap_or_else(|| self.evaluate(job, workspace, position, ply));
            (raw, self.corrected_in(position, raw, &CorrectionKeys::new(position, [None, None])))
        };
        let mut best_score = static_eval;
        if !in_check && !forced {
            best_score = refined_by_table(entry, static_eval);
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }
        if bounded {
            // Beyond the most plies, or at a choice among forced captures
            // past the first plies, the evaluation stands.
            let choice = || given.iter().filter(|&&m| made_if_legal(position, m).is_some()).take(2).count() > 1;
            if qply as i32 >= p::variant_qs_max_plies()
                || (forced && qply as i32 >= p::variant_forced_choice_plies() && choice())
            {
                return if best_score > -INFINITE { best_score } else { self.evaluate(job, workspace, position, ply) };
            }
        }

        // Step 3. Captures (evasions in check), best-first.
        let table_move = entry.map_or(G::Move::default(), |e| position.table_move(e.mv));
        let mut picker = MovePicker::quiescence(position, table_move);
        if compulsory {
            picker.give_noisy(&given);
        }
        let mut best_move = G::Move::default();
        let mut moves_searched = 0;
        // In check the evasions are scored, the quiet ones by history.
        let context = OrderingContext {
            threats: if in_check { position.threats() } else { Default::default() },
            ..OrderingContext::empty()
        };
        while let Some(m) = picker.next(position, &self.histories, &context) {
            // A candidate is made first where that is how its legality is
            // told; a legal move after pruning.
            let made = if position.lazy_legality() {
                let Some(child) = position.make_if_legal(m) else { continue };
                Some(child)
            } else {
                None
            };
            moves_searched += 1;
            if !in_check && !forced && best_score > -TB_WIN_BOUND {
                // Step 4. Futility (delta) pruning: even winning the piece
                // with a margin to spare leaves the score below alpha.
                let gain = position.gain(m);
                if enabled(Step::QuiescenceFutility) && static_eval + p::qs_futility_margin() + gain <= alpha {
                    best_score = best_score.max(static_eval + p::qs_futility_margin() + gain);
                    continue;
                }
                // Step 5. SEE pruning: a capture that loses material cannot
                // raise a standing score.
                if enabled(Step::QuiescenceSee) && !position.see_ge(m, 0) {
                    continue;
                }
            }
            let child = made.unwrap_or_else(|| position.make(m));
            let chance = position.chance(workspace, job.network.as_ref(), &job.shared, m);
            position.follow_move(workspace, ply, m);
            job.tt.prefetch(child.key());
            let score = self.for_parent(
                workspace,
                ply,
                position.same_player(&child),
                chance,
                (alpha, beta),
                |this, workspace, a, b| this.quiescence::<G, PV>(job, workspace, &child, a, b, ply + 1, qply + 1),
            );
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, G::to_table(m));
                    }
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if (in_check || forced) && moves_searched == 0 {
            return position.no_move_score(ply);
        }

        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        job.tt.store(key, G::to_table(best_move), best_score, raw_eval.max(-MATE_BOUND), 0, bound, PV, ply);
        best_score
    }

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = m;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// After a cutoff by `best`: reward it, and punish the moves of the same
    /// kind tried before it.
    fn update_histories<G: Searchable>(
        &mut self,
        position: &G,
        context: &OrderingContext<G::Move, G::Threats>,
        ply: usize,
        depth: i32,
        best: G::Move,
        tried: &Tried<G::Move>,
    ) {
        let bonus = bonus(depth);
        let (previous, threats) = (context.previous, context.threats);
        if position.is_noisy(best) {
            self.update_capture_history(position, best, bonus);
        } else {
            let frame = self.frame_mut(ply);
            let best_bits = G::to_table(best);
            if frame.killers[0] != best_bits {
                frame.killers[1] = frame.killers[0];
                frame.killers[0] = best_bits;
            }
            if let Some(previous) = previous[0] {
                self.histories.set_countermove_at(previous, best_bits);
            }
            self.update_quiet_history(position, threats, &previous, best, bonus);
            for &m in &tried.quiets {
                self.update_quiet_history(position, threats, &previous, m, -bonus);
            }
        }
        for &m in &tried.captures {
            self.update_capture_history(position, m, -bonus);
        }
    }

    fn update_quiet_history<G: Game>(
        &mut self,
        position: &G,
        threats: G::Threats,
        previous: &[Option<usize>; 2],
        m: G::Move,
        bonus: i32,
    ) {
        self.histories.update_quiet_move(position.quiet_index(threats, m), position.trail(m), previous, bonus);
    }

    fn update_capture_history<G: Game>(&mut self, position: &G, m: G::Move, bonus: i32) {
        if let Some(index) = position.capture_index(m) {
            self.histories.update_capture_at(index, bonus);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_in_check_marker_is_no_evaluation() {
        let entry =
            |eval| Some(TableEntry { mv: Move::NONE, score: 0, eval, depth: 1, bound: Bound::Exact, was_pv: false });
        assert_eq!(table_eval(entry(-INFINITE)), None);
        assert_eq!(table_eval(entry(MAX_EVALUATION + 1)), None);
        assert_eq!(table_eval(entry(-MAX_EVALUATION)), Some(-MAX_EVALUATION));
        assert_eq!(table_eval(entry(37)), Some(37));
        assert_eq!(table_eval(None), None);
    }
}
