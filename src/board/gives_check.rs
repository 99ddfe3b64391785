//! Whether a move gives check, without making it: the search decides before
//! making a move whether it may be pruned, and checks are kept. A node
//! asks it of many moves, so what every answer needs is found once
//! ([`Checks`]), and each move's answer is then a few lookups.

use super::attacks::{bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::position::Position;
use crate::types::{Bitboard, Move, MoveKind, PieceType, Square};

/// What a position's moves are told to give check by, found once for all
/// of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checks {
    /// By kind of man (pawn to king): the squares where a man of that kind
    /// of the side to move checks the other king.
    squares: [Bitboard; 6],
    /// The side to move's men that stand alone between one of its sliders
    /// and the other king: one that leaves that line uncovers a check.
    discoverers: Bitboard,
    /// The other king's square.
    king: Square,
}

impl Default for Checks {
    fn default() -> Checks {
        Checks { squares: [Bitboard::EMPTY; 6], discoverers: Bitboard::EMPTY, king: Square::A1 }
    }
}

impl Position {
    /// What [`Position::gives_check_with`] needs of this position.
    #[inline]
    pub fn checks(&self) -> Checks {
        let us = self.side_to_move;
        let king = self.king_square(!us);
        let occupied = self.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let orthogonal = rook_attacks(king, occupied);
        Checks {
            squares: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                diagonal,
                orthogonal,
                diagonal | orthogonal,
                Bitboard::EMPTY,
            ],
            discoverers: self.blockers(!us, us) & self.color(us),
            king,
        }
    }

    /// Whether the legal move `m` leaves the opponent in check, with this
    /// position's [`Checks`]; the same answer as [`Position::gives_check`].
    /// A man that is not promoted checks from its new square only along a
    /// line it could not have checked along before (the opponent is not in
    /// check), so the squares found with the men where they stand tell
    /// its direct checks; a discovered check is a discoverer leaving its
    /// line. Castling, en passant and promotions take the longer way.
    #[inline(always)]
    pub fn gives_check_with(&self, checks: &Checks, m: Move) -> bool {
        if m.kind() != MoveKind::Normal {
            return self.gives_check(m);
        }
        let from = m.from();
        let to = m.to();
        let kind = self.piece_on(from).expect("a legal move starts on a piece").kind();
        checks.squares[kind.index()].contains(to)
            || (checks.discoverers.contains(from) && !line(from, checks.king).contains(to))
    }

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
