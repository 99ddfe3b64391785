//! Making moves. Roque uses copy-make: `make_move` returns the new position
//! and leaves the old one untouched, so "unmake" is dropping the copy.

use super::castling::CastlingSide;
use super::position::Position;
use super::zobrist::ZOBRIST;
use crate::types::{Color, Move, MoveKind, Piece, PieceType, Square};

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
        let piece = self.piece_on(from).expect("a legal move starts on a piece");

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
        let mut double_push_target = None;

        match m.kind() {
            MoveKind::Castling => {
                let side = CastlingSide::of(from, to);
                let rook = Piece::new(us, PieceType::Rook);
                self.remove_piece::<FULL>(piece, from);
                self.remove_piece::<FULL>(rook, to);
                self.put_piece::<FULL>(piece, side.king_destination(us));
                self.put_piece::<FULL>(rook, side.rook_destination(us));
            }
            MoveKind::EnPassant => {
                let captured = Square::new(to.file(), from.rank());
                self.remove_piece::<FULL>(Piece::new(them, PieceType::Pawn), captured);
                self.move_piece::<FULL>(piece, from, to);
                self.halfmove_clock = 0;
            }
            MoveKind::Normal | MoveKind::Promotion => {
                if let Some(captured) = self.piece_on(to) {
                    self.remove_piece::<FULL>(captured, to);
                    self.halfmove_clock = 0;
                }
                self.move_piece::<FULL>(piece, from, to);
                if piece.kind() == PieceType::Pawn {
                    self.halfmove_clock = 0;
                    if let Some(promoted) = m.promotion_piece() {
                        self.remove_piece::<FULL>(piece, to);
                        self.put_piece::<FULL>(Piece::new(us, promoted), to);
                    } else if from.index() ^ to.index() == 16 {
                        double_push_target = Some(Square::from_index_unchecked((from.index() + to.index()) as u32 / 2));
                    }
                }
            }
        }

        // Castling rights go when the king moves or a castling rook moves
        // or is captured; one test tells whether this move touches any.
        let king_moved = piece.kind() == PieceType::King;
        let touched = from.bitboard() | to.bitboard();
        if !self.castling.is_empty() && (king_moved || (self.castling.rook_squares() & touched).any()) {
            let before = self.castling;
            if king_moved {
                self.castling.remove_color(us);
            }
            self.castling.remove_rook_on(from);
            self.castling.remove_rook_on(to);
            if FULL {
                for rook in before.rook_squares() ^ self.castling.rook_squares() {
                    self.key ^= ZOBRIST.castling[rook.index()];
                }
            }
        }

        self.side_to_move = them;
        self.update_check_info();
        if let Some(target) = double_push_target {
            self.set_en_passant_if_legal::<FULL>(target);
        }
    }
}
