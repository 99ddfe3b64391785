//! Whether a move gives check, without making it: the search decides before
//! making a move whether it may be pruned, and checks are kept.

use super::attacks::{bishop_attacks, knight_attacks, pawn_attacks, rook_attacks};
use super::position::Position;
use crate::types::{Bitboard, Move, MoveKind, PieceType, Square};

impl Position {
    /// Whether the legal move `m` leaves the opponent in check; agrees
    /// exactly with `make_move(m).in_check()`.
    #[inline]
    pub fn gives_check(&self, m: Move) -> bool {
        // Castling and en passant move two pieces or empty a third square:
        // rare enough to answer by making the move.
        if matches!(m.kind(), MoveKind::Castling | MoveKind::EnPassant) {
            return self.make_move(m).in_check();
        }
        let us = self.side_to_move;
        let king = self.king_square(!us);
        let from = m.from();
        let to = m.to();
        let kind = match m.promotion_piece() {
            Some(piece) => piece,
            None => self.piece_on(from).expect("a legal move starts on a piece").kind(),
        };
        let direct = match kind {
            PieceType::Pawn => pawn_attacks(us, to),
            PieceType::Knight => knight_attacks(to),
            _ => Bitboard::EMPTY,
        };
        // Our sliders after the move (the moved piece among them where it
        // slides), seen from the king through the new occupancy: this finds
        // both a slider's direct check and a discovered one.
        let ours = self.color(us) & !from.bitboard();
        let lands = to.bitboard();
        let diagonal = (self.diagonal_sliders() & ours)
            | if matches!(kind, PieceType::Bishop | PieceType::Queen) { lands } else { Bitboard::EMPTY };
        let orthogonal = (self.orthogonal_sliders() & ours)
            | if matches!(kind, PieceType::Rook | PieceType::Queen) { lands } else { Bitboard::EMPTY };
        let occupied = (self.occupied() & !from.bitboard()) | lands;
        direct.contains(king) || sliders_see(king, occupied, diagonal, orthogonal)
    }
}

/// Whether one of the given sliders sees `square` through `occupied`.
#[inline(always)]
fn sliders_see(square: Square, occupied: Bitboard, diagonal: Bitboard, orthogonal: Bitboard) -> bool {
    (bishop_attacks(square, occupied) & diagonal).any() || (rook_attacks(square, occupied) & orthogonal).any()
}
