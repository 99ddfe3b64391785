//! The men's part of a move on the chess board: castling, en passant,
//! captures, promotions and the double step, and the castling rights a move
//! ends. Written once for every game on the board; each game's rules keep
//! their own keys and marks through the [`Rules`] hooks of the placement.

use super::castling::{CastlingRights, CastlingSide};
use super::position::{Board, ChessRules};
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceType, Square};

/// What a move did to the men.
#[derive(Clone, Copy, Debug)]
pub struct MenMoved {
    /// The man that moved (the king, in castling).
    pub piece: Piece,
    /// The man taken, if any.
    pub captured: Option<Piece>,
    /// The square a pawn's double step passed over.
    pub passed: Option<Square>,
}

/// Plays the board move `m` of `us`, pseudo-legal on `board`: castling
/// (the king taking its own rook), en passant, a capture, a promotion.
#[inline(always)]
pub fn move_men<const FULL: bool, R: ChessRules>(board: &mut Board<R>, m: Move, us: Color) -> MenMoved {
    let from = m.from();
    let to = m.to();
    let piece = board.piece_on(from).expect("a move starts on a man");
    let mut captured = None;
    let mut passed = None;
    match m.kind() {
        MoveKind::Castling => {
            let side = CastlingSide::of(from, to);
            let rook = Piece::new(us, PieceType::Rook);
            // Castling rights exist only with their king and rook in place
            // (the FEN readers check it; a move of either ends them).
            debug_assert_eq!(board.piece_on(to), Some(rook), "castling takes its own rook");
            board.remove_piece::<FULL>(piece, from);
            board.remove_piece::<FULL>(rook, to);
            board.put_piece::<FULL>(piece, side.king_destination(us));
            board.put_piece::<FULL>(rook, side.rook_destination(us));
        }
        MoveKind::EnPassant => {
            let pawn = Piece::new(!us, PieceType::Pawn);
            let square = Square::new(to.file(), from.rank());
            debug_assert_eq!(board.piece_on(square), Some(pawn), "en passant takes a pawn");
            board.remove_piece::<FULL>(pawn, square);
            board.move_piece::<FULL>(piece, from, to);
            captured = Some(pawn);
        }
        MoveKind::Normal | MoveKind::Promotion => {
            if let Some(victim) = board.piece_on(to) {
                board.remove_piece::<FULL>(victim, to);
                captured = Some(victim);
            }
            board.move_piece::<FULL>(piece, from, to);
            if piece.kind() == PieceType::Pawn {
                if let Some(promoted) = m.promotion_piece() {
                    board.remove_piece::<FULL>(piece, to);
                    board.put_piece::<FULL>(Piece::new(us, promoted), to);
                } else if from.index() ^ to.index() == 16 {
                    passed = Some(Square::from_index_unchecked((from.index() + to.index()) as u32 / 2));
                }
            }
        }
    }
    MenMoved { piece, captured, passed }
}

impl CastlingRights {
    /// Ends the rights that a move of `piece` from `from` to `to` ends: all
    /// of its colour's when it is the king, and a right whose rook leaves
    /// or is taken. Returns the rook squares of the rights ended; one test
    /// tells whether the move touches any.
    #[inline(always)]
    pub fn end_by_move(&mut self, piece: Piece, from: Square, to: Square) -> Bitboard {
        let king_moved = piece.kind() == PieceType::King;
        let touched = from.bitboard() | to.bitboard();
        if self.is_empty() || !(king_moved || (self.rook_squares() & touched).any()) {
            return Bitboard::EMPTY;
        }
        let before = self.rook_squares();
        if king_moved {
            self.remove_color(piece.color());
        }
        self.remove_rook_on(from);
        self.remove_rook_on(to);
        before ^ self.rook_squares()
    }
}
