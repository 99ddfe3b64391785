//! The alpha-beta search: the root, the principal-variation search below
//! it and the quiescence search at the horizon. Each node reads top to
//! bottom as numbered steps.

use super::history::{bonus, PieceTo};
use super::movepick::{is_noisy, MovePicker, OrderingContext};
use super::score::{Bound, DRAW, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use super::thread::{Job, SearchThread, STACK_OFFSET};
use crate::board::Position;
use crate::types::{Move, PieceType};
use arrayvec::ArrayVec;

impl SearchThread {
    /// The static evaluation: the one place the search calls the evaluator.
    #[inline(always)]
    fn evaluate(&mut self, position: &Position) -> i32 {
        crate::eval::evaluate(position).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    #[inline(always)]
    fn frame(&self, ply: usize) -> &super::thread::Frame {
        &self.stack[ply + STACK_OFFSET]
    }

    #[inline(always)]
    fn frame_mut(&mut self, ply: usize) -> &mut super::thread::Frame {
        &mut self.stack[ply + STACK_OFFSET]
    }

    /// Makes `m` on the path: the key for repetitions, the move for the
    /// continuation histories, and the child's table bucket on its way to
    /// the cache.
    #[inline(always)]
    fn make_move(&mut self, job: &Job, position: &Position, m: Move, ply: usize) -> Position {
        let piece = position.piece_on(m.from()).expect("a legal move starts on a piece");
        let child = position.make_move(m);
        job.tt.prefetch(child.key());
        self.keys.push(child.key());
        self.frame_mut(ply).moved = Some(PieceTo { piece, to: m.to() });
        child
    }

    #[inline(always)]
    fn unmake_move(&mut self) {
        self.keys.pop();
    }

    /// The moves one and two plies before the node at `ply`.
    #[inline(always)]
    fn previous_moves(&self, ply: usize) -> [Option<PieceTo>; 2] {
        [self.stack[ply + STACK_OFFSET - 1].moved, self.stack[ply + STACK_OFFSET - 2].moved]
    }

    /// Whether the current position (the last key) repeats an earlier one:
    /// once within the search, or twice counting the game before the root.
    fn is_repetition(&self, position: &Position) -> bool {
        let current = self.keys.len() - 1;
        let key = self.keys[current];
        let earliest = current.saturating_sub(position.halfmove_clock() as usize).max(self.null_barrier);
        let mut count = 0;
        // Only positions with the same side to move, at least four plies
        // back, can repeat this one.
        for distance in (4..=current - earliest).step_by(2) {
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

    /// Draws by rule inside the tree: repetition, the fifty-move rule (a
    /// mate on the hundredth halfmove stands) and insufficient material.
    fn is_draw(&self, position: &Position) -> bool {
        if position.is_insufficient_material() || self.is_repetition(position) {
            return true;
        }
        position.halfmove_clock() >= 100 && (!position.in_check() || position.count_legal_moves() > 0)
    }

    /// One root iteration for line `pv_index`, over the root moves in the
    /// order the previous iteration left them.
    pub fn search_root(&mut self, job: &Job, mut alpha: i32, beta: i32, depth: i32) -> i32 {
        let position = job.position;
        self.pv_len[0] = 0;
        self.nodes += 1;
        let mut best_score = -INFINITE;
        let in_check = position.in_check();
        self.frame_mut(0).in_check = in_check;
        self.frame_mut(0).static_eval = if in_check { -INFINITE } else { self.evaluate(&position) };
        for index in self.pv_index..self.root_moves.len() {
            let m = self.root_moves[index].mv;
            if self.is_main() && self.elapsed_ms() > 1000 {
                job.reporter.current_move(depth as u32, m, index + 1);
            }
            let nodes_before = self.nodes;
            let child = self.make_move(job, &position, m, 0);
            let new_depth = depth - 1 + child.in_check() as i32;
            let first = index == self.pv_index;
            let mut score = 0;
            if !first {
                score = -self.search::<false>(job, &child, -alpha - 1, -alpha, new_depth, 1, true);
            }
            if first || (score > alpha && !self.stopped) {
                score = -self.search::<true>(job, &child, -beta, -alpha, new_depth, 1, false);
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
                line.pv.push(m);
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
    /// full window; the others a null window around alpha.
    #[allow(clippy::too_many_arguments, clippy::only_used_in_recursion)]
    pub fn search<const PV: bool>(
        &mut self,
        job: &Job,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        // Step 1. At the horizon, resolve captures first.
        if depth <= 0 {
            return self.quiescence::<PV>(job, position, alpha, beta, ply);
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

        // Step 3. Draws by rule, and the end of the stack.
        if self.is_draw(position) {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(position) };
        }

        // Step 4. Mate-distance pruning: no line from here can beat a mate
        // already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        // Step 5. Transposition table: a deep enough result with a usable
        // bound ends the node (not on PV nodes, whose line we want whole).
        let key = position.key();
        let excluded = self.frame(ply).excluded;
        let entry = if excluded.is_none() { job.tt.probe(key, ply) } else { None };
        let table_move = entry.map_or(Move::NONE, |e| e.mv);
        if let Some(entry) = entry {
            if !PV
                && entry.depth >= depth
                && match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                }
            {
                return entry.score;
            }
        }

        // Step 6. Static evaluation.
        let static_eval = if in_check {
            -INFINITE
        } else if let Some(entry) = entry {
            entry.eval
        } else {
            self.evaluate(position)
        };
        {
            let frame = self.frame_mut(ply);
            frame.static_eval = static_eval;
            frame.in_check = in_check;
        }
        self.frame_mut(ply + 1).killers = [Move::NONE; 2];
        self.frame_mut(ply + 1).excluded = Move::NONE;

        // Step 7. The moves, best-first.
        let previous = self.previous_moves(ply);
        let context = OrderingContext {
            killers: self.frame(ply).killers,
            countermove: previous[0].map_or(Move::NONE, |p| self.histories.countermove(p)),
            previous,
        };
        let mut picker = MovePicker::new(position, table_move);
        let mut best_score = -INFINITE;
        let mut best_move = Move::NONE;
        let mut moves_searched = 0;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures_tried: ArrayVec<Move, 32> = ArrayVec::new();
        while let Some(m) = picker.next(position, &self.histories, &context) {
            if m == excluded {
                continue;
            }
            moves_searched += 1;
            let noisy = is_noisy(position, m);
            let child = self.make_move(job, position, m, ply);

            // Step 8. Check extension: a check is searched one ply deeper.
            let new_depth = depth - 1 + child.in_check() as i32;

            // Step 9. Principal-variation search: the first move with the
            // full window, the others with a null window, searched again
            // in full when they beat alpha.
            let mut score = 0;
            if !PV || moves_searched > 1 {
                score = -self.search::<false>(job, &child, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
            if PV && (moves_searched == 1 || (score > alpha && score < beta)) {
                score = -self.search::<true>(job, &child, -beta, -alpha, new_depth, ply + 1, false);
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
                        self.update_pv(ply, m);
                    }
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
            if m != best_move {
                if noisy {
                    let _ = captures_tried.try_push(m);
                } else {
                    let _ = quiets_tried.try_push(m);
                }
            }
        }

        // Step 10. No legal move: mate or stalemate.
        if moves_searched == 0 {
            return if excluded.is_some() {
                alpha
            } else if in_check {
                -MATE + ply as i32
            } else {
                DRAW
            };
        }

        // Step 11. Learn from the cutoff, then store the result.
        if best_score >= beta {
            self.update_histories(position, ply, depth, best_move, &quiets_tried, &captures_tried);
        }
        if excluded.is_none() {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if PV && best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            job.tt.store(key, best_move, best_score, static_eval, depth, bound, PV, ply);
        }
        best_score
    }

    /// Quiescence search: captures and queen promotions until the position
    /// is quiet, or every evasion when in check; standing pat otherwise.
    fn quiescence<const PV: bool>(
        &mut self,
        job: &Job,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.count_node_and_check_stop(job) {
            return 0;
        }
        if PV {
            self.seldepth = self.seldepth.max(ply + 1);
        }
        let in_check = position.in_check();
        if position.is_insufficient_material() {
            return DRAW;
        }
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate(position) };
        }

        // Step 1. Transposition table.
        let key = position.key();
        let entry = job.tt.probe(key, ply);
        if let Some(entry) = entry {
            if !PV
                && match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => entry.score >= beta,
                    Bound::Upper => entry.score <= alpha,
                }
            {
                return entry.score;
            }
        }

        // Step 2. Stand pat: the side to move may decline every capture.
        let static_eval = if in_check { -INFINITE } else { entry.map_or_else(|| self.evaluate(position), |e| e.eval) };
        let mut best_score = static_eval;
        if !in_check {
            if best_score >= beta {
                return best_score;
            }
            alpha = alpha.max(best_score);
        }

        // Step 3. Captures (evasions in check), best-first.
        let mut picker = MovePicker::quiescence(position, entry.map_or(Move::NONE, |e| e.mv));
        let mut best_move = Move::NONE;
        let mut moves_searched = 0;
        let context = OrderingContext::EMPTY;
        while let Some(m) = picker.next(position, &self.histories, &context) {
            moves_searched += 1;
            // Step 4. SEE pruning: a capture that loses material cannot
            // raise a standing score.
            if !in_check && best_score > -MATE_BOUND && !position.see_ge(m, 0) {
                continue;
            }
            let child = position.make_move(m);
            job.tt.prefetch(child.key());
            let score = -self.quiescence::<PV>(job, &child, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = m;
                    if PV {
                        self.update_pv(ply, m);
                    }
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && moves_searched == 0 {
            return -MATE + ply as i32;
        }

        let bound = if best_score >= beta { Bound::Lower } else { Bound::Upper };
        job.tt.store(key, best_move, best_score, static_eval.max(-MATE_BOUND), 0, bound, PV, ply);
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
    fn update_histories(
        &mut self,
        position: &Position,
        ply: usize,
        depth: i32,
        best: Move,
        quiets_tried: &[Move],
        captures_tried: &[Move],
    ) {
        let bonus = bonus(depth);
        let previous = self.previous_moves(ply);
        if is_noisy(position, best) {
            self.update_capture_history(position, best, bonus);
        } else {
            let frame = self.frame_mut(ply);
            if frame.killers[0] != best {
                frame.killers[1] = frame.killers[0];
                frame.killers[0] = best;
            }
            if let Some(previous) = previous[0] {
                self.histories.set_countermove(previous, best);
            }
            self.update_quiet_history(position, &previous, best, bonus);
            for &m in quiets_tried {
                self.update_quiet_history(position, &previous, m, -bonus);
            }
        }
        for &m in captures_tried {
            self.update_capture_history(position, m, -bonus);
        }
    }

    fn update_quiet_history(&mut self, position: &Position, previous: &[Option<PieceTo>; 2], m: Move, bonus: i32) {
        let piece = position.piece_on(m.from()).expect("a move starts on a piece");
        self.histories.update_quiet(position.side_to_move(), m, bonus);
        let current = PieceTo { piece, to: m.to() };
        for p in previous.iter().flatten() {
            self.histories.update_continuation(*p, current, bonus);
        }
    }

    fn update_capture_history(&mut self, position: &Position, m: Move, bonus: i32) {
        let piece = position.piece_on(m.from()).expect("a move starts on a piece");
        let victim = position.piece_on(m.to()).map_or(PieceType::Pawn, |p| p.kind());
        self.histories.update_capture(piece, m.to(), victim, bonus);
    }
}
