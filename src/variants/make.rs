//! Making an action: copy-make, as in chess. A board move moves and takes as
//! in chess; then the variant's capture rule decides what becomes of the
//! taken piece and how the turn goes on; then waiting ghosts come back to
//! the squares left empty.

use super::action::Action;
use super::position::VariantPosition;
use super::turn::Turn;
use super::{CaptureRule, Placement};
use crate::board::attacks::between;
use crate::board::{move_men, CastlingSide, MenMoved};
use crate::types::{Bitboard, Color, File, Move, MoveKind, Piece, PieceType, Rank, Square};

impl VariantPosition {
    /// The position after `action`, which must be legal here.
    pub fn make(&self, action: Action) -> VariantPosition {
        debug_assert!(
            self.legal_actions().contains(&action)
                || (action == Action::HIDDEN_MINE && self.mines_to_lay(self.side_to_move()) > 0),
            "{action:?} is not legal in {}",
            self.fen()
        );
        self.make_unchecked(action)
    }

    /// The position after passing the move (for null-move pruning): the
    /// other side's plain turn. The caller guarantees that no placement is
    /// pending, that the turn has one move and that the side to move is not
    /// in check.
    pub fn make_null(&self) -> VariantPosition {
        let mut next = *self;
        next.en_passant = None;
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.set_turn(self.turn_passes());
        next.refresh();
        next
    }

    /// The position after a pseudo-legal `action`, its legality untested.
    pub(super) fn make_unchecked(&self, action: Action) -> VariantPosition {
        let mut next = *self;
        let before = next.rules.turn;
        next.en_passant = None;
        let double_push = if action == Action::PASS {
            // A turn with no legal move left ends; no man moved, so the
            // fifty-move count stands.
            next.set_turn(before.ended(self.rules.variant.turn_order()));
            None
        } else if action.is_mine() {
            // Laying a mine moves no man: the fifty-move count stands.
            next.lay_mine(action);
            None
        } else {
            next.halfmove_clock = next.halfmove_clock.saturating_add(1);
            match action.drop_kind() {
                Some(kind) => {
                    next.drop_piece(kind, action.to());
                    None
                }
                None => next.move_board_man(action.as_move()),
            }
        };
        if before.side == Color::Black && next.rules.turn.side == Color::White {
            next.fullmove_number = next.fullmove_number.saturating_add(1);
        }
        next.refresh();
        // En passant is the other colour's immediate reply: not where the
        // double step's colour moves on in its turn.
        if let Some(target) = double_push.filter(|_| next.rules.turn.side != before.side) {
            next.set_en_passant_if_legal(target);
        }
        next
    }

    /// Mined chess: the side to move lays a mine anew (on a square, or in
    /// secret), then plays the move of its turn.
    fn lay_mine(&mut self, action: Action) {
        let us = self.side_to_move();
        if action == Action::HIDDEN_MINE {
            self.rules.unknown_mines[us.index()] += 1;
        } else {
            self.rules.mines[us.index()] |= action.to().bitboard();
        }
        if self.mines_to_lay(us) == 0 {
            self.set_turn(Turn::single(us));
        }
    }

    /// Mined chess: a man of the side that just moved landing on a known
    /// mine of the other side explodes, ending the turn; the mine is spent,
    /// and its owner lays it anew as the first action of its turn. A
    /// castling king explodes on the first mine of its path too (the book:
    /// "Le Roi qui passe sur une case minée saute"); it moves before its
    /// rook, so it never reaches its own square, and that mine is spent
    /// before the rook lands. Returns whether a man exploded.
    fn explode(&mut self, mover: Color, landed: Bitboard, castling: Option<(Square, Square)>) -> bool {
        let mines = self.mines(!mover);
        let mut blasts = landed & mines;
        if let Some((from, king_to)) = castling {
            let under_path = between(from, king_to) & mines;
            if under_path.any() {
                let first = if king_to > from { under_path.lsb() } else { under_path.msb() };
                let king = self.king_square(mover).expect("the castling king stands on its square");
                self.remove(king);
                self.rules.mines[(!mover).index()] ^= first.bitboard();
                self.halfmove_clock = 0;
                blasts = blasts.without(king_to.bitboard() | first.bitboard());
            }
        }
        for square in blasts {
            self.remove(square);
            self.rules.mines[(!mover).index()] ^= square.bitboard();
            self.halfmove_clock = 0;
        }
        let exploded = blasts.any() || self.king_square(mover).is_none();
        if exploded {
            self.set_turn(Turn::of_length(!mover, 2));
        }
        exploded
    }

    /// The squares a castling king passes over, strictly between where it
    /// stands and its castling square (where a mine makes it explode); none
    /// for another move.
    pub fn king_passage(&self, m: Move) -> Bitboard {
        if m.kind() != MoveKind::Castling {
            return Bitboard::EMPTY;
        }
        let side = CastlingSide::of(m.from(), m.to());
        between(m.from(), side.king_destination(self.side_to_move()))
    }

    /// The position with a secret mine of `color` known to lie on `square`
    /// (mined chess: the explosion a player hears of as `e2e4*`). None
    /// where `color` has no secret mine or a known mine of `color` lies
    /// there already (a mine may lie under any man).
    pub fn with_revealed_mine(&self, color: Color, square: Square) -> Option<VariantPosition> {
        if self.unknown_mines(color) == 0 || self.mines(color).contains(square) {
            return None;
        }
        let mut next = *self;
        next.rules.unknown_mines[color.index()] -= 1;
        next.rules.mines[color.index()] |= square.bitboard();
        next.refresh();
        Some(next)
    }

    /// The squares a board move lands men on (where mines explode): its
    /// target, and in castling the king's and the rook's squares, but a
    /// square a man stays on.
    pub fn landing_squares(&self, m: Move) -> Bitboard {
        if m.kind() != MoveKind::Castling {
            return m.to().bitboard();
        }
        let us = self.side_to_move();
        let side = CastlingSide::of(m.from(), m.to());
        // Chess960: a king or rook may stay where it stood, or the two may
        // swap squares, each landing where the other stood.
        side.king_destination(us).bitboard().without(m.from().bitboard())
            | side.rook_destination(us).bitboard().without(m.to().bitboard())
    }

    /// The position with `squares` as the mines of `color`, which must all
    /// be secret here (the `Mines` option of a player who knows its own).
    /// None where they are not.
    pub fn with_known_mines(&self, color: Color, squares: Bitboard) -> Option<VariantPosition> {
        let count = squares.count();
        if self.mines(color).any() || self.unknown_mines(color) != count {
            return None;
        }
        let mut next = *self;
        next.rules.unknown_mines[color.index()] = 0;
        next.rules.mines[color.index()] = squares;
        next.refresh();
        Some(next)
    }

    fn drop_piece(&mut self, kind: PieceType, to: Square) {
        let us = self.side_to_move();
        let piece = Piece::new(us, kind);
        self.rules.hands.remove(piece);
        self.put_piece::<true>(piece, to);
        // A placement is progress where it adds a man (the placement games,
        // reinforced chess), not where it only gives back a taken one.
        if self.rules.variant.capture_rule() != CaptureRule::Returns {
            self.halfmove_clock = 0;
        }
        if self.rules.variant.placement() == Placement::FirstRank {
            self.castling_from_drop(piece, to);
        }
        let returned = self.rules.pending.take().is_some() && self.rules.variant.capture_rule() == CaptureRule::Returns;
        // A piece given back opens its owner's turn of two, unless it gives
        // check: then the turn ends there, as a check ends a turn in the
        // book's other games of several moves a turn.
        self.set_turn(if returned && !self.king_attacked(!us) {
            self.rules.turn.next_move()
        } else {
            self.turn_passes()
        });
    }

    /// Placement (pre-chess): a king dropped on the e-file of its first
    /// rank may castle with each rook in a corner of that rank, and a rook
    /// dropped in a corner with the king on the e-file (the rights
    /// Fairy-Stockfish gives as the pieces land, and Cute Chess once the
    /// set-up ends: the same in every game).
    fn castling_from_drop(&mut self, piece: Piece, to: Square) {
        let color = piece.color();
        let rank = Rank::First.relative(color);
        let king = Square::new(File::E, rank);
        if to.rank() != rank || self.piece_on(king) != Some(Piece::new(color, PieceType::King)) {
            return;
        }
        let corners = Square::new(File::A, rank).bitboard() | Square::new(File::H, rank).bitboard();
        let rooks = match piece.kind() {
            PieceType::King => self.pieces(color, PieceType::Rook) & corners,
            PieceType::Rook => to.bitboard() & corners,
            _ => Bitboard::EMPTY,
        };
        for rook in rooks {
            self.castling.add(color, CastlingSide::of(king, rook), king, rook);
        }
    }

    /// Plays a board move; returns the square passed by a double pawn step.
    fn move_board_man(&mut self, m: Move) -> Option<Square> {
        let us = self.side_to_move();
        let them = !us;
        let from = m.from();
        let to = m.to();
        let ghost = self.rules.ghosts.contains(from);
        // A king or rook that stays where it stood in castling lands
        // nowhere.
        let landed = self.landing_squares(m);
        let castling =
            (m.kind() == MoveKind::Castling).then(|| (from, CastlingSide::of(from, to).king_destination(us)));
        let MenMoved { piece, captured, passed } = move_men::<true, _>(self, m, us);
        // A ghost that steps two squares passes no square en passant.
        let double_push = passed.filter(|_| !ghost);
        if ghost {
            self.rules.ghosts |= to.bitboard();
        }
        // Returning chess: a taken man comes back, so only a pawn's step
        // cannot be undone; elsewhere a capture resets the count too.
        let capture_is_progress = captured.is_some() && self.rules.variant.capture_rule() != CaptureRule::Returns;
        if capture_is_progress || piece.kind() == PieceType::Pawn {
            self.halfmove_clock = 0;
        }
        self.castling.end_by_move(piece, from, to);

        // What becomes of the taken piece, and of the turn. A taken pawn
        // counts as taken on the square its taker lands on, en passant
        // included (FIDE: taken "as if it had moved only one square").
        let turn = self.rules.turn;
        let order = self.rules.variant.turn_order();
        let gave_check = order.check_ends_turn() && self.king_attacked(them);
        let mut swapped = false;
        if order == super::TurnOrder::Swapping {
            (self.rules.swap, swapped) = self.rules.swap.tick();
        }
        self.set_turn(turn.after_move(order, gave_check, swapped));
        if let Some(taken) = captured {
            match self.rules.variant.capture_rule() {
                CaptureRule::Removed => {}
                CaptureRule::Reinforces => {
                    self.set_turn(turn.next_move());
                    self.earn_placement(Piece::new(us, taken.kind()), to);
                }
                CaptureRule::Returns => {
                    self.set_turn(Turn::of_length(them, 2));
                    self.earn_placement(taken, to);
                }
                CaptureRule::Haunts => {
                    self.rules.returns.push(to, taken);
                }
            }
        }
        self.bring_back_ghosts();
        if self.rules.variant.has_mines() && self.explode(us, landed, castling) {
            return None;
        }
        double_push
    }

    /// The first move of the other side's one-move turn.
    fn turn_passes(&self) -> Turn {
        Turn::single(!self.rules.turn.side)
    }

    /// Puts `piece` in the hand of the side now to move, to be placed next
    /// because of the capture on `square`. A piece that no square may take
    /// is lost, and the turn goes on without it.
    fn earn_placement(&mut self, piece: Piece, square: Square) {
        self.rules.hands.add(piece);
        self.rules.pending = Some(square);
        if self.drop_squares(piece).is_empty() {
            self.rules.hands.remove(piece);
            self.rules.pending = None;
            // A reinforcement that cannot be placed ends the capturer's
            // turn; a returned piece that cannot be placed leaves its owner
            // the one move of a plain turn.
            self.set_turn(Turn::single(if self.rules.turn.in_progress() {
                !self.rules.turn.side
            } else {
                self.rules.turn.side
            }));
        }
    }

    /// Ghost chess: every square with a piece waiting that is now empty gets
    /// back the earliest piece taken there, as a ghost.
    fn bring_back_ghosts(&mut self) {
        if self.rules.returns.is_empty() {
            return;
        }
        for square in self.rules.returns.squares().without(self.occupied()) {
            if let Some(piece) = self.rules.returns.pop_first_on(square) {
                self.put_piece::<true>(piece, square);
                self.rules.ghosts |= square.bitboard();
                self.halfmove_clock = 0;
            }
        }
    }

    /// After a double step to the square beyond `target`, keeps `target` as
    /// the en-passant square only when the side to move can legally take
    /// there, so that equal keys mean equal moves: not while a placement
    /// or a mine to lay comes first.
    pub(super) fn set_en_passant_if_legal(&mut self, target: Square) {
        let us = self.side_to_move();
        if !self.rules.variant.pawn_double_step()
            || self.rules.pending.is_some()
            || self.is_placing(us)
            || self.mines_to_lay(us) > 0
        {
            return;
        }
        self.en_passant = Some(target);
        let capturers = crate::board::attacks::pawn_attacks(!us, target) & self.pieces(us, PieceType::Pawn);
        let legal = Iterator::any(&mut capturers.into_iter(), |from| {
            self.try_make(Action::board(Move::with_kind(from, target, MoveKind::EnPassant))).is_some()
        });
        if legal {
            self.refresh();
        } else {
            self.en_passant = None;
        }
    }
}
