//! A fast legality test for moves that come from tables (the
//! transposition table, killers): the common moves are checked directly
//! against the position; the rare kinds (castling, en passant, promotions)
//! and every move in check fall back to generating the legal moves.

use super::attacks::{line, pawn_attacks, piece_attacks};
use super::position::Position;
use crate::types::{Move, MoveKind, PieceType, Rank};

impl Position {
    /// Whether `m` is legal here; the same answer as [`Position::is_legal`],
    /// without generating the move list for ordinary moves.
    pub fn is_legal_fast(&self, m: Move) -> bool {
        if m.is_none() || m.kind() != MoveKind::Normal || self.in_check() {
            return self.is_legal(m);
        }
        let us = self.side_to_move();
        let from = m.from();
        let to = m.to();
        // The promotion bits of an ordinary move are zero.
        if m != Move::new(from, to) {
            return false;
        }
        let Some(piece) = self.piece_on(from) else {
            return false;
        };
        if piece.color() != us || self.color(us).contains(to) {
            return false;
        }
        let occupied = self.occupied();
        let reachable = match piece.kind() {
            PieceType::Pawn => {
                // Promotions are a separate kind: a plain pawn move to the
                // last rank is never legal.
                if to.rank().relative(us) == Rank::Eighth {
                    return false;
                }
                let forward: i8 = if us == crate::types::Color::White { 8 } else { -8 };
                let single = from.index() as i8 + forward;
                if pawn_attacks(us, from).contains(to) {
                    self.color(!us).contains(to)
                } else if to.index() as i8 == single {
                    !occupied.contains(to)
                } else {
                    from.rank().relative(us) == Rank::Second
                        && to.index() as i8 == single + forward
                        && !occupied.contains(to)
                        && !occupied.contains(crate::types::Square::from_index_unchecked(single as u32))
                }
            }
            kind => piece_attacks(kind, from, occupied).contains(to),
        };
        if !reachable {
            return false;
        }
        let king = self.king_square(us);
        if piece.kind() == PieceType::King {
            return !self.is_attacked_by(!us, to, occupied ^ from.bitboard());
        }
        // A pinned piece may only move along the line of its pin.
        !self.pinned().contains(from) || line(king, from).contains(to)
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;
    use crate::types::Move;

    #[test]
    fn agrees_with_the_move_list_on_every_encoding() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 b - - 0 10",
            "4k3/8/8/2Pp4/8/8/8/4K2r w - d6 0 2",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        ] {
            for position in [Position::from_fen(fen).unwrap(), Position::from_fen(fen).unwrap().mirrored()] {
                for bits in 0..=u16::MAX {
                    let m = Move::from_bits(bits);
                    assert_eq!(position.is_legal_fast(m), position.is_legal(m), "{fen} {m:?}");
                }
            }
        }
    }
}
