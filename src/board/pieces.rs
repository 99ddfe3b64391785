//! Where the men stand: one bitboard per kind and per colour, and a mailbox.
//! The chess position and the variant position are both built on it, so
//! that placing, removing and moving a man, and the attacks on a square,
//! are written once.

use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::types::{Bitboard, Color, Piece, PieceType, Square};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    by_type: [Bitboard; 6],
    by_color: [Bitboard; 2],
    board: [Option<Piece>; 64],
}

impl Pieces {
    pub const EMPTY: Pieces =
        Pieces { by_type: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2], board: [None; 64] };

    #[inline(always)]
    pub fn piece_on(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Men of this kind, both colours.
    #[inline(always)]
    pub fn kind(&self, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceType) -> Bitboard {
        self.by_type[kind.index()] & self.by_color[color.index()]
    }

    /// Bishops and queens, both colours.
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> Bitboard {
        self.by_type[PieceType::Bishop.index()] | self.by_type[PieceType::Queen.index()]
    }

    /// Rooks and queens, both colours.
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> Bitboard {
        self.by_type[PieceType::Rook.index()] | self.by_type[PieceType::Queen.index()]
    }

    // With `MAILBOX`, the mailbox follows the bitboards. Without it only the
    // bitboards change: the lean make that perft's bulk count uses for a
    // position it only counts moves in.

    /// Places `piece` on the empty square `square`.
    #[inline(always)]
    pub fn put<const MAILBOX: bool>(&mut self, piece: Piece, square: Square) {
        let bit = square.bitboard();
        self.by_type[piece.kind().index()] |= bit;
        self.by_color[piece.color().index()] |= bit;
        if MAILBOX {
            self.board[square.index()] = Some(piece);
        }
    }

    /// Takes `piece` off `square`, where it stands.
    #[inline(always)]
    pub fn remove<const MAILBOX: bool>(&mut self, piece: Piece, square: Square) {
        let bit = square.bitboard();
        self.by_type[piece.kind().index()] ^= bit;
        self.by_color[piece.color().index()] ^= bit;
        if MAILBOX {
            self.board[square.index()] = None;
        }
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline(always)]
    pub fn move_piece<const MAILBOX: bool>(&mut self, piece: Piece, from: Square, to: Square) {
        let bits = from.bitboard() | to.bitboard();
        self.by_type[piece.kind().index()] ^= bits;
        self.by_color[piece.color().index()] ^= bits;
        if MAILBOX {
            self.board[from.index()] = None;
            self.board[to.index()] = Some(piece);
        }
    }

    /// Every man of either colour that attacks `square`, with the sliders
    /// seen through `occupied`.
    #[inline(always)]
    pub fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        (pawn_attacks(Color::White, square) & self.pieces(Color::Black, PieceType::Pawn))
            | (pawn_attacks(Color::Black, square) & self.pieces(Color::White, PieceType::Pawn))
            | (knight_attacks(square) & self.kind(PieceType::Knight))
            | (king_attacks(square) & self.kind(PieceType::King))
            | (bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (rook_attacks(square, occupied) & self.orthogonal_sliders())
    }

    /// The men of `by` that attack `square`, sliders seen through
    /// `occupied`.
    #[inline(always)]
    pub fn attackers(&self, by: Color, square: Square, occupied: Bitboard) -> Bitboard {
        ((pawn_attacks(!by, square) & self.kind(PieceType::Pawn))
            | (knight_attacks(square) & self.kind(PieceType::Knight))
            | (king_attacks(square) & self.kind(PieceType::King))
            | (bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (rook_attacks(square, occupied) & self.orthogonal_sliders()))
            & self.color(by)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn men_put_moved_and_removed_leave_bitboards_and_mailbox_agreeing() {
        let mut pieces = Pieces::EMPTY;
        let rook = Piece::new(Color::White, PieceType::Rook);
        let pawn = Piece::new(Color::Black, PieceType::Pawn);
        pieces.put::<true>(rook, Square::A1);
        pieces.put::<true>(pawn, Square::A7);
        assert_eq!(pieces.attackers(Color::White, Square::A7, pieces.occupied()), Square::A1.bitboard());
        assert_eq!(pieces.attackers(Color::Black, Square::B6, pieces.occupied()), Square::A7.bitboard());
        pieces.move_piece::<true>(rook, Square::A1, Square::A6);
        assert_eq!(pieces.piece_on(Square::A6), Some(rook));
        assert_eq!(pieces.piece_on(Square::A1), None);
        assert_eq!(pieces.orthogonal_sliders(), Square::A6.bitboard());
        pieces.remove::<true>(pawn, Square::A7);
        assert_eq!(pieces.occupied(), Square::A6.bitboard());
        assert_eq!(pieces.color(Color::Black), Bitboard::EMPTY);
        assert_eq!(pieces.piece_on(Square::A7), None);
        // Without the mailbox only the bitboards follow.
        pieces.put::<false>(pawn, Square::H7);
        assert!(pieces.pieces(Color::Black, PieceType::Pawn).contains(Square::H7));
        assert_eq!(pieces.piece_on(Square::H7), None);
    }
}
