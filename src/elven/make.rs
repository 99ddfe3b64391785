//! Making moves, by copy: `make` returns the new position and leaves the
//! old one untouched, so "unmake" is dropping the copy.

use super::castling::castling_path;
use super::zobrist::{immunity_key, ZOBRIST};
use super::{ElvenArmy, ElvenCastlingSide, ElvenMove, ElvenPiece, ElvenPieceKind, ElvenPosition, Square10};
use crate::board::attacks10::pawn_attacks;
use crate::board::Army;
use crate::types::Color;

impl ElvenPosition {
    /// The position after `m`, which must be a legal move of this position
    /// (one from [`ElvenPosition::legal_moves`] or
    /// [`ElvenPosition::parse_move`]).
    pub fn make(&self, m: ElvenMove) -> ElvenPosition {
        let mut next = *self;
        next.apply(m);
        next
    }

    fn apply(&mut self, m: ElvenMove) {
        let us = self.side_to_move;
        let (from, to) = (m.from(), m.to());
        let mover = self.piece_on(from).expect("a legal move starts on a piece");

        self.pass_turn_state();
        if us == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }

        let mut touched = from.bitboard() | to.bitboard();
        let mut captured_warlock = false;
        let mut double_step_target = None;
        if m.is_castling() {
            let side = if to.file() > from.file() { ElvenCastlingSide::King } else { ElvenCastlingSide::Queen };
            let path = castling_path(us, side);
            self.shift(path.king_from, path.king_to);
            self.shift(path.rook_from, path.rook_to);
            touched |= path.rook_from.bitboard();
        } else if m.is_en_passant() {
            self.take(m.en_passant_victim());
            self.shift(from, to);
            self.halfmove_clock = 0;
        } else {
            if let Some(via) = m.first_capture() {
                captured_warlock |= self.take(via).kind() == ElvenPieceKind::Warlock;
                touched |= via.bitboard();
                self.halfmove_clock = 0;
            }
            // A pass or an igui ends where it started.
            if to != from {
                if self.piece_on(to).is_some() {
                    captured_warlock |= self.take(to).kind() == ElvenPieceKind::Warlock;
                    self.halfmove_clock = 0;
                }
                self.shift(from, to);
            }
            if mover.kind() == ElvenPieceKind::Pawn {
                self.halfmove_clock = 0;
                if let Some(piece) = m.promotion_piece() {
                    self.take(to);
                    self.put_piece::<true>(ElvenPiece::new(us, piece), to);
                } else if from.index().abs_diff(to.index()) == 2 * ElvenArmy::UP as usize {
                    double_step_target = Some(Square10::from_index_unchecked((from.index() + to.index()) as u32 / 2));
                }
            }
        }

        // Restriction 2: a warlock taken by another piece shields the other
        // warlock for one half-move.
        if captured_warlock && mover.kind() != ElvenPieceKind::Warlock {
            self.rules.shield(self.pieces(us, ElvenPieceKind::Warlock));
            self.key ^= immunity_key();
        }

        let rights = self.castling.without_squares(touched);
        if rights != self.castling {
            for bit in 0..4 {
                if (rights.bits() ^ self.castling.bits()) & (1 << bit) != 0 {
                    self.key ^= ZOBRIST.castling[bit];
                }
            }
            self.castling = rights;
        }

        self.side_to_move = !us;
        self.update_check_info();
        if let Some(target) = double_step_target {
            self.set_en_passant_if_legal(target);
        }
    }

    /// What every change of turn does, a move or the search's null move:
    /// en passant and the warlock immunity end, the key's side flips, the
    /// fifty-move count goes on (a capture or pawn move resets it after).
    pub(super) fn pass_turn_state(&mut self) {
        if let Some(square) = self.en_passant.take() {
            self.key ^= ZOBRIST.en_passant_file[square.file() as usize];
        }
        if self.rules.end_immunity() {
            self.key ^= immunity_key();
        }
        self.key ^= ZOBRIST.black_to_move;
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
    }

    /// Sets the en-passant square after a double step over `target` if, and
    /// only if, the side to move can capture there legally.
    pub(super) fn set_en_passant_if_legal(&mut self, target: Square10) {
        let us = self.side_to_move;
        for from in pawn_attacks(!us, target) & self.pieces(us, ElvenPieceKind::Pawn) {
            if self.en_passant_is_legal(from, target) {
                self.en_passant = Some(target);
                self.key ^= ZOBRIST.en_passant_file[target.file() as usize];
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(position: &ElvenPosition, text: &str) -> ElvenPosition {
        position.make(position.parse_move(text).unwrap())
    }

    #[test]
    fn castling_moves_king_and_rook_and_keeps_the_key() {
        let p = ElvenPosition::from_fen("r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 5 9").unwrap();
        let after = play(&p, "f1c1");
        assert_eq!(after.fen(), "r3k4r/10/10/10/10/10/10/10/10/2KR5R b kq - 6 9");
        assert_eq!(after.key(), after.compute_key());
        let after = play(&after, "e10h10");
        assert_eq!(after.fen(), "r5rk2/10/10/10/10/10/10/10/10/2KR5R w - - 7 10");
        assert_eq!(after.key(), after.compute_key());
    }

    #[test]
    fn a_pass_changes_only_the_turn_and_the_clocks() {
        let p = ElvenPosition::startpos();
        let after = play(&p, "e2e2");
        assert_eq!(after.fen(), ElvenPosition::startpos().fen().replace(" w KQkq - 0 1", " b KQkq - 1 1"));
        assert_eq!(after.key(), after.compute_key());
        assert_eq!(play(&after, "f9f9").fen().split(' ').next(), p.fen().split(' ').next());
    }

    #[test]
    fn a_double_step_sets_en_passant_only_when_it_can_be_taken() {
        let p = ElvenPosition::startpos();
        assert_eq!(play(&p, "e3e5").en_passant(), None);
        let p = ElvenPosition::from_fen("4k5/10/10/10/10/3p6/10/4P5/10/5K4 w - - 0 1").unwrap();
        let after = play(&p, "e3e5");
        assert_eq!(after.en_passant(), Square10::parse("e4"));
        assert_eq!(after.key(), after.compute_key());
    }
}
