//! Making moves. Roque uses copy-make: `make_move` returns the new position
//! and leaves the old one untouched, so "unmake" is dropping the copy.

use super::men::move_men;
use super::move_list::MoveList;
use super::perft::PerftRules;
use super::position::{Position, Standard};
use super::zobrist::ZOBRIST;
use crate::types::{Color, Move, PieceType};

/// Chess's make, and its lean make for the last ply.
impl PerftRules for Standard {
    type List = MoveList;

    #[inline(always)]
    fn make(board: &Position, m: Move) -> Position {
        board.make_move(m)
    }

    #[inline(always)]
    fn count_after(board: &Position, m: Move) -> u64 {
        board.count_legal_moves_after(m)
    }
}

impl Position {
    /// The position after `m`, which must be legal in this position.
    #[inline(always)]
    pub fn make_move(&self, m: Move) -> Position {
        let mut next = *self;
        next.apply_move::<true>(m);
        next
    }

    /// The number of legal moves after `m`: perft's bulk count of the last
    /// ply. The move is made on a scratch copy that updates only what move
    /// generation reads (bitboards, castling rights, en passant, checkers and
    /// pins), not the keys, the mailbox or the clocks.
    #[inline(always)]
    pub fn count_legal_moves_after(&self, m: Move) -> u64 {
        let mut next = *self;
        next.apply_move::<false>(m);
        next.count_legal_moves()
    }

    /// The position after passing the move (for null-move pruning). The
    /// caller guarantees the side to move is not in check.
    pub fn make_null_move(&self) -> Position {
        let mut next = *self;
        if let Some(square) = next.en_passant.take() {
            next.key ^= ZOBRIST.en_passant_file[square.file().index()];
        }
        next.key ^= ZOBRIST.black_to_move;
        next.halfmove_clock = next.halfmove_clock.saturating_add(1);
        next.side_to_move = !next.side_to_move;
        next.update_check_info();
        next
    }

    #[inline(always)]
    fn apply_move<const FULL: bool>(&mut self, m: Move) {
        let us = self.side_to_move;
        let them = !us;
        let from = m.from();
        let to = m.to();

        if let Some(square) = self.en_passant.take() {
            if FULL {
                self.key ^= ZOBRIST.en_passant_file[square.file().index()];
            }
        }
        if FULL {
            self.key ^= ZOBRIST.black_to_move;
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
            if us == Color::Black {
                self.fullmove_number = self.fullmove_number.saturating_add(1);
            }
        }
        let moved = move_men::<FULL, _>(self, m, us);
        if moved.captured.is_some() || moved.piece.kind() == PieceType::Pawn {
            self.halfmove_clock = 0;
        }

        let ended = self.castling.end_by_move(moved.piece, from, to);
        if FULL {
            for rook in ended {
                self.key ^= ZOBRIST.castling[rook.index()];
            }
        }

        self.side_to_move = them;
        self.update_check_info();
        if let Some(target) = moved.passed {
            self.set_en_passant_if_legal::<FULL>(target);
        }
    }
}
