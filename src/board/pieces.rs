//! Where the men stand: one bitboard per kind and per colour, and a mailbox.
//! The chess position and the variant position are both built on it, so
//! that placing, removing and moving a man, and the attacks on a square,
//! are written once.

use super::army::{Army, ChessArmy};
use super::attacks::{bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks};
use crate::types::{Bitboard, BoardSquare, Color, PieceType, Square, SquareSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces<A: Army = ChessArmy> {
    by_type: A::KindSets,
    by_color: [A::Set; 2],
    board: A::Mailbox,
}

impl<A: Army> Pieces<A> {
    pub const EMPTY: Pieces<A> = Pieces { by_type: A::NO_SETS, by_color: [A::Set::EMPTY; 2], board: A::NO_MEN };

    #[inline(always)]
    pub fn piece_on(&self, square: A::Square) -> Option<A::Piece> {
        self.board[square.index()]
    }

    #[inline(always)]
    pub fn occupied(&self) -> A::Set {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub fn color(&self, color: Color) -> A::Set {
        self.by_color[color.index()]
    }

    /// Men of this kind, both colours.
    #[inline(always)]
    pub fn kind(&self, kind: A::Kind) -> A::Set {
        self.by_type[A::kind_index(kind)]
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: A::Kind) -> A::Set {
        self.by_type[A::kind_index(kind)] & self.by_color[color.index()]
    }

    /// Every kind's set, both colours.
    #[inline(always)]
    pub fn kinds(&self) -> &A::KindSets {
        &self.by_type
    }

    /// The men, both colours, that slide along diagonals (in chess bishops
    /// and queens).
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> A::Set {
        A::diagonal_sliders(&self.by_type)
    }

    /// The men, both colours, that slide along ranks and files (in chess
    /// rooks and queens).
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> A::Set {
        A::orthogonal_sliders(&self.by_type)
    }

    // With `MAILBOX`, the mailbox follows the bitboards. Without it only the
    // bitboards change: the lean make that perft's bulk count uses for a
    // position it only counts moves in.

    /// Places `piece` on the empty square `square`.
    #[inline(always)]
    pub fn put<const MAILBOX: bool>(&mut self, piece: A::Piece, square: A::Square) {
        let bit = square.bitboard();
        self.by_type[A::kind_index(A::kind_of(piece))] |= bit;
        self.by_color[A::color_of(piece).index()] |= bit;
        if MAILBOX {
            self.board[square.index()] = Some(piece);
        }
    }

    /// Takes `piece` off `square`, where it stands.
    #[inline(always)]
    pub fn remove<const MAILBOX: bool>(&mut self, piece: A::Piece, square: A::Square) {
        let bit = square.bitboard();
        self.by_type[A::kind_index(A::kind_of(piece))] ^= bit;
        self.by_color[A::color_of(piece).index()] ^= bit;
        if MAILBOX {
            self.board[square.index()] = None;
        }
    }

    /// Moves `piece` from `from` to the empty square `to`.
    #[inline(always)]
    pub fn move_piece<const MAILBOX: bool>(&mut self, piece: A::Piece, from: A::Square, to: A::Square) {
        let bits = from.bitboard() | to.bitboard();
        self.by_type[A::kind_index(A::kind_of(piece))] ^= bits;
        self.by_color[A::color_of(piece).index()] ^= bits;
        if MAILBOX {
            self.board[from.index()] = None;
            self.board[to.index()] = Some(piece);
        }
    }
}

impl<A: Army> Pieces<A> {
    /// Every man of either colour that attacks `square`, with the sliders
    /// seen through `occupied`.
    #[inline(always)]
    pub fn attackers_to(&self, square: A::Square, occupied: A::Set) -> A::Set {
        (A::pawn_attacks(Color::White, square) & self.pieces(Color::Black, A::PAWN))
            | (A::pawn_attacks(Color::Black, square) & self.pieces(Color::White, A::PAWN))
            | (A::knight_attacks(square) & self.kind(A::KNIGHT))
            | (A::king_attacks(square) & self.kind(A::KING))
            | A::other_attackers(&self.by_type, square)
            | (A::bishop_attacks(square, occupied) & self.diagonal_sliders())
            | (A::rook_attacks(square, occupied) & self.orthogonal_sliders())
    }
}

/// The attacks of the chess men.
impl Pieces {
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
    use crate::types::Piece;

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
