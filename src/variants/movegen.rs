//! Legal move generation for the variants: the pseudo-legal actions of the
//! position's rule families, each then made and kept only when it leaves the
//! mover's king safe (make-and-test: a ghost that comes back, a placement
//! that blocks a check or a turn that goes on all change what "safe" means,
//! and one test after the move covers them all), then the compulsory-capture
//! filter of losing chess, and the pass of a turn with no legal move left.

use super::action::{Action, ActionList};
use super::position::VariantPosition;
use super::{CaptureRule, Placement};
use crate::board::attacks::king_attacks;
use crate::board::stage;
use crate::types::{Bitboard, Move, MoveKind, Piece};

impl VariantPosition {
    /// Every legal action.
    pub fn legal_actions(&self) -> ActionList {
        if self.mine_loser().is_some() || self.bare_king().is_some() {
            return ActionList::new();
        }
        let mut pseudo = ActionList::new();
        self.pseudo_legal_actions(&mut pseudo);
        let mut legal = ActionList::new();
        for &action in &pseudo {
            if self.try_make(action).is_some() {
                legal.push(action);
            }
        }
        // Placement (pre-chess): a side with pieces in hand must drop one;
        // only where no drop is legal may it move on the board.
        if legal.is_empty()
            && self.rules.variant.placement() == Placement::FirstRank
            && self.is_placing(self.side_to_move())
        {
            pseudo.clear();
            self.board_moves::<false>(&mut pseudo);
            legal.extend(pseudo.iter().copied().filter(|&action| self.try_make(action).is_some()));
        }
        if self.rules.variant.captures_compulsory() && legal.iter().any(|&a| self.is_capture(a)) {
            legal.retain(|a| self.is_capture(*a));
        }
        // A turn of several moves whose player has no legal move left in it
        // ends: the player passes (never in check: no move of one's own
        // checks oneself, a check by the other side ends its turn, and a
        // returned piece's placement leaves its owner's king safe).
        if legal.is_empty() && self.may_pass() {
            legal.push(Action::PASS);
        }
        legal
    }

    /// The legal captures and promotions (for the quiescence search). In
    /// losing chess, where captures are compulsory, these are every legal
    /// move whenever a capture is legal.
    pub fn legal_noisy_actions(&self) -> ActionList {
        let mut pseudo = ActionList::new();
        self.noisy_board_moves(&mut pseudo);
        let mut noisy = ActionList::new();
        for &action in &pseudo {
            if self.try_make(action).is_some() {
                noisy.push(action);
            }
        }
        if self.rules.variant.captures_compulsory() && noisy.iter().any(|&a| self.is_capture(a)) {
            noisy.retain(|a| self.is_capture(*a));
        }
        noisy
    }

    /// The captures and promotions on the board, in the order of the
    /// board moves, where the side to move makes one (not while a piece
    /// waits to be placed, an army is placed or a mine laid, nor once the
    /// game is over).
    fn noisy_board_moves(&self, list: &mut ActionList) {
        let us = self.side_to_move();
        let game_over = self.mine_loser().is_some() || self.bare_king().is_some();
        let set_up = self.is_placing(us) || self.waits_for_set_up(us);
        if self.rules.pending.is_none() && !set_up && self.mines_to_lay(us) == 0 && !game_over {
            self.board_moves::<true>(list);
        }
    }

    /// Whether a search may try pseudo-legal actions here, each judged by
    /// [`VariantPosition::make_if_legal`] as it is reached: not where the
    /// rules choose among the legal actions after the king-safety test (a
    /// game over, an army placed on the first rank).
    pub fn lazy_legality(&self) -> bool {
        let placing_first_rank =
            self.rules.variant.placement() == Placement::FirstRank && self.is_placing(self.side_to_move());
        !(placing_first_rank || self.mine_loser().is_some() || self.bare_king().is_some())
    }

    /// The actions a search tries here: with [`VariantPosition::lazy_legality`]
    /// the pseudo-legal ones (where captures are compulsory, the captures
    /// alone once one of them is legal), and a pass where a turn of several
    /// moves may end for want of a move; else the legal ones.
    pub fn candidate_actions(&self) -> ActionList {
        if !self.lazy_legality() {
            return self.legal_actions();
        }
        let mut candidates = ActionList::new();
        self.pseudo_legal_actions(&mut candidates);
        if self.rules.variant.captures_compulsory() && self.has_legal_capture(&candidates) {
            candidates.retain(|a| self.is_capture(*a));
        }
        if self.may_pass() {
            candidates.push(Action::PASS);
        }
        candidates
    }

    /// The captures and promotions a quiescence search tries out of check,
    /// in the same way: where captures are compulsory, the captures alone
    /// once one is legal, else the promotions alone.
    pub fn candidate_noisy_actions(&self) -> ActionList {
        if !self.lazy_legality() {
            return self.legal_noisy_actions();
        }
        let mut candidates = ActionList::new();
        self.noisy_board_moves(&mut candidates);
        if self.rules.variant.captures_compulsory() {
            let captures = self.has_legal_capture(&candidates);
            candidates.retain(|a| self.is_capture(*a) == captures);
        }
        candidates
    }

    /// Whether `actions`, pseudo-legal here, hold a legal capture.
    fn has_legal_capture(&self, actions: &ActionList) -> bool {
        actions.iter().any(|&a| self.is_capture(a) && self.try_make(a).is_some())
    }

    /// The position after `action`, one of this position's candidates
    /// (pseudo-legal, or a pass), if it is legal: a pass only where no other
    /// action is.
    pub fn make_if_legal(&self, action: Action) -> Option<VariantPosition> {
        if action == Action::PASS {
            let mut pseudo = ActionList::new();
            self.pseudo_legal_actions(&mut pseudo);
            let stuck = self.may_pass() && pseudo.iter().all(|&other| self.try_make(other).is_none());
            return stuck.then(|| self.make_unchecked(action));
        }
        self.try_make(action)
    }

    /// Whether a player with no legal move left passes: inside a turn of
    /// several moves that then ends, a Marseillais or progressive turn, or
    /// in returning chess the move after one's own placement (the book's
    /// placement is the owner's whole right, "sur la case de son choix"
    /// under four conditions; the move after it is our addition, which
    /// lapses where there is none, never in check: a placement may not leave
    /// one's own king in check).
    fn may_pass(&self) -> bool {
        let turn = self.rules.turn;
        let returning = self.rules.variant.capture_rule() == CaptureRule::Returns && self.rules.pending.is_none();
        let inside_turn = turn.in_progress() && (self.rules.variant.turn_order().check_ends_turn() || returning);
        // The rules book's placement chess: a side whose army is placed
        // passes while the other places (in check, its king must step out).
        inside_turn || (self.waits_for_set_up(self.side_to_move()) && !self.in_check())
    }

    /// The position after `action` if it is legal here (as a pseudo-legal
    /// action of this position), else None.
    pub(super) fn try_make(&self, action: Action) -> Option<VariantPosition> {
        let us = self.side_to_move();
        let next = self.make_unchecked(action);
        // A mine laid (on an empty square, which changes no attack) may
        // leave the king in check from the explosion before it: the move
        // that follows must answer it. Every other action, a placement
        // included, must leave the mover's king safe.
        if action.is_mine() && next.side_to_move() == us {
            return Some(next);
        }
        // Mined chess: a move is judged as in chess, before any explosion
        // (the mover may not know the mine); an explosion that then leaves
        // the king attacked, or takes the king, loses the game.
        if self.rules.variant.has_mines() && next.side_to_move() == !us && next.mines_to_lay(!us) > 0 {
            let mut unmined = *self;
            unmined.rules.mines[(!us).index()] = Bitboard::EMPTY;
            return (!unmined.make_unchecked(action).king_attacked(us)).then_some(next);
        }
        (!next.king_attacked(us)).then_some(next)
    }

    /// Whether `action` takes a piece.
    #[inline]
    pub fn is_capture(&self, action: Action) -> bool {
        if action.is_placement() || action == Action::PASS {
            return false;
        }
        let m = action.as_move();
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Castling => false,
            _ => self.color(!self.side_to_move()).contains(m.to()),
        }
    }

    /// Every action the rules allow before the king-safety test.
    pub fn pseudo_legal_actions(&self, list: &mut ActionList) {
        let us = self.side_to_move();
        // Step 1. A piece earned or given back by a capture is placed first.
        if let Some((piece, _)) = self.pending_piece() {
            for square in self.drop_squares(piece) {
                list.push(Action::drop(piece.kind(), square));
            }
            return;
        }
        // Step 2. Mined chess: a mine spent by an explosion is laid anew,
        // on any square but one of the player's own mines.
        if self.mines_to_lay(us) > 0 {
            for square in (!Bitboard::EMPTY).without(self.mines(us)) {
                list.push(Action::mine(square));
            }
            return;
        }
        // Step 3. A side placing its army places; in the rules book's
        // placement chess, in check, its king may also step away, and a side
        // whose army is placed makes no other move while the other's is not.
        if self.is_placing(us) || self.waits_for_set_up(us) {
            for kind in self.rules.hands.kinds(us) {
                for square in self.drop_squares(Piece::new(us, kind)) {
                    list.push(Action::drop(kind, square));
                }
            }
            if self.in_check() && self.rules.variant.placement() == Placement::OwnTwoRanks {
                if let Some(king) = self.king_square(us) {
                    let targets = king_attacks(king) & (!self.occupied() | self.capturable());
                    for to in targets {
                        list.push(Action::board(Move::new(king, to)));
                    }
                }
            }
            return;
        }
        // Step 4. Moves on the board.
        self.board_moves::<false>(list);
    }

    /// The moves on the board before the king-safety test; with `NOISY`
    /// only the captures and promotions: the board's own generator, under
    /// the variant's hooks (ghosts not taken, the double step, castling).
    #[inline]
    fn board_moves<const NOISY: bool>(&self, list: &mut ActionList) {
        match NOISY {
            true => self.generate::<{ stage::NOISY }, _>(list),
            false => self.generate::<{ stage::ALL }, _>(list),
        }
    }
}
