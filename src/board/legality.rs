//! Checking one move for legality without generating the move list, for
//! moves that come from tables (transposition table, killers) and may belong
//! to another position.

use super::attacks::{between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks};
use super::castling::CastlingSide;
use super::position::Position;
use crate::types::{Color, Move, MoveKind, PieceType, Rank, Square};

impl Position {
    /// Whether `m` is a legal move in this position; agrees exactly with
    /// membership in `legal_moves()`.
    pub fn is_legal(&self, m: Move) -> bool {
        // Only promotions use the promotion-piece bits; any other code with
        // them set is no move the generator makes.
        let stray_bits = m.kind() != MoveKind::Promotion && m.bits() >> 12 & 3 != 0;
        if m.is_none() || m == Move::NULL || stray_bits {
            return false;
        }
        let us = self.side_to_move;
        let from = m.from();
        let to = m.to();
        let piece = match self.piece_on(from) {
            Some(piece) if piece.color() == us => piece,
            _ => return false,
        };
        let king = self.king_square(us);

        match m.kind() {
            MoveKind::Castling => {
                if piece.kind() != PieceType::King || self.in_check() {
                    return false;
                }
                let side = CastlingSide::of(from, to);
                self.castling.rook(us, side) == Some(to) && self.castling_is_legal(king, side)
            }
            MoveKind::EnPassant => {
                piece.kind() == PieceType::Pawn
                    && self.en_passant == Some(to)
                    && pawn_attacks(us, from).contains(to)
                    && self.en_passant_is_legal(from, to)
            }
            MoveKind::Normal | MoveKind::Promotion => {
                let last_rank = Rank::Eighth.relative(us);
                let promotes = piece.kind() == PieceType::Pawn && to.rank() == last_rank;
                if promotes != (m.kind() == MoveKind::Promotion) || self.color(us).contains(to) {
                    return false;
                }
                if piece.kind() == PieceType::King {
                    let without_king = self.occupied() ^ king.bitboard();
                    return king_attacks(from).contains(to) && !self.is_attacked_by(!us, to, without_king);
                }
                if !self.reaches(piece.kind(), from, to) {
                    return false;
                }
                // Not the king: the move must answer a check and keep a pin.
                let checkers = self.checkers;
                if checkers.has_many() {
                    return false;
                }
                if checkers.any() && !(between(king, checkers.lsb()) | checkers).contains(to) {
                    return false;
                }
                !self.rules.pinned.contains(from) || line(king, from).contains(to)
            }
        }
    }

    /// Whether a non-king piece of `kind` on `from` can move to `to` (an
    /// empty square or an enemy piece) by its own way of moving.
    fn reaches(&self, kind: PieceType, from: Square, to: Square) -> bool {
        let occupied = self.occupied();
        match kind {
            PieceType::Pawn => {
                let us = self.side_to_move;
                let theirs = self.color(!us);
                if pawn_attacks(us, from).contains(to) {
                    return theirs.contains(to);
                }
                let up: i8 = if us == Color::White { 8 } else { -8 };
                let one = from.index() as i8 + up;
                if !(0..64).contains(&one) || occupied.contains(from.offset(up)) {
                    return false;
                }
                if to == from.offset(up) {
                    return true;
                }
                from.rank() == Rank::Second.relative(us) && to.index() as i8 == one + up && !occupied.contains(to)
            }
            PieceType::Knight => knight_attacks(from).contains(to),
            PieceType::Bishop => bishop_attacks(from, occupied).contains(to),
            PieceType::Rook => rook_attacks(from, occupied).contains(to),
            PieceType::Queen => (bishop_attacks(from, occupied) | rook_attacks(from, occupied)).contains(to),
            PieceType::King => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::types::Move;

    /// Every one of the 65536 move codes, in positions with castling, en
    /// passant, promotions, pins and checks.
    #[test]
    fn agrees_with_the_move_list_on_every_move_code() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
            "4k3/8/8/2KPp3/8/8/8/8 w - e6 0 1",
            "4k3/8/8/8/1b6/8/8/r3K3 w - - 0 1",
            "1r2k1r1/8/8/8/8/8/8/R2K2R1 w GAgb - 0 1",
            "4k3/8/8/8/8/8/8/r1RK4 w C - 0 1",
            "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        ];
        let suites =
            [include_str!("../../tests/data/perft-tricky.epd"), include_str!("../../tests/data/perft-960.epd")];
        let suite_fens = suites.iter().flat_map(|suite| suite.lines().take(26)).map(|l| l.split(';').next().unwrap());
        for fen in fens.into_iter().chain(suite_fens) {
            let position = Position::from_fen(fen).unwrap();
            let legal = position.legal_moves();
            for bits in 0..=u16::MAX {
                let m = Move::from_bits(bits);
                assert_eq!(position.is_legal(m), legal.contains(&m), "{m:?} in {fen}");
            }
        }
    }
}
