//! Static exchange evaluation: the material outcome of the capture sequence
//! on one square, each side recapturing with its least valuable piece and
//! free to stop when going on would lose.

use super::army::Army;
use super::pieces::Pieces;
use super::position::Position;
use crate::types::{BoardSquare, Move, MoveKind, PieceType, SquareSet};

/// Piece values for exchanges (the king cannot be captured, so it is worth
/// nothing to the exchange itself).
pub const SEE_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];

impl Position {
    /// The exchange value of the piece on the target square of `m` (for
    /// castling and en passant: a pawn or nothing).
    #[inline(always)]
    pub fn captured_value(&self, m: Move) -> i32 {
        self.pieces.captured_value(m)
    }

    /// Whether the exchange that `m` (a legal move) starts wins at least
    /// `threshold` centipawns for the side to move.
    #[inline(always)]
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.pieces.see_ge(m, threshold)
    }
}

impl Pieces {
    /// The exchange value of the man on the target square of `m` (for
    /// castling and en passant: a pawn or nothing).
    #[inline]
    pub fn captured_value(&self, m: Move) -> i32 {
        match m.kind() {
            MoveKind::Castling => 0,
            MoveKind::EnPassant => SEE_VALUES[PieceType::Pawn.index()],
            _ => self.piece_on(m.to()).map_or(0, |p| SEE_VALUES[p.kind().index()]),
        }
    }

    /// Whether the exchange that `m` starts wins at least `threshold`
    /// centipawns for the side that plays it (the colour of the man on its
    /// start square): chess's exchange, and that of every game whose
    /// captured men leave the board. Promotions, castling and en passant
    /// are judged by the first capture alone.
    #[inline]
    pub fn see_ge(&self, m: Move, threshold: i32) -> bool {
        let captured = self.captured_value(m);
        match self.piece_on(m.from()) {
            Some(mover) if m.kind() == MoveKind::Normal => {
                self.exchange_ge(mover, m.from(), m.to(), captured, threshold)
            }
            _ => captured + m.promotion_piece().map_or(0, |p| SEE_VALUES[p.index()] - SEE_VALUES[0]) >= threshold,
        }
    }
}

impl<A: Army> Pieces<A> {
    /// Whether `mover`, going from `from` to `to` and taking men worth
    /// `captured` there (0 for none), wins at least `threshold` centipawns
    /// once both sides have recaptured on `to` with their least valuable
    /// men ([`Army::CHEAPEST_FIRST`]) for as long as it pays: the exchange
    /// of every board whose captured men leave it.
    #[inline]
    pub fn exchange_ge(&self, mover: A::Piece, from: A::Square, to: A::Square, captured: i32, threshold: i32) -> bool {
        // What we win if the opponent does not recapture.
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        // What we lose if they recapture and we stop.
        let mut on_square = A::kind_of(mover);
        swap = A::exchange_value(on_square) - swap;
        if swap <= 0 {
            return true;
        }

        let mut occupied = self.occupied() ^ from.bitboard() ^ to.bitboard();
        let mut attackers = self.attackers_to(to, occupied);
        let diagonal = self.diagonal_sliders();
        let orthogonal = self.orthogonal_sliders();
        let mut side = A::color_of(mover);
        // 1 while the side that made the last capture is winning the exchange.
        let mut result = true;
        loop {
            side = !side;
            attackers &= occupied;
            let ours = attackers & self.color(side);
            if ours.is_empty() {
                break;
            }
            let Some(kind) = A::CHEAPEST_FIRST.iter().copied().find(|&k| (ours & self.kind(k)).any()) else {
                break;
            };
            if A::exchange_stops(on_square, kind) {
                break;
            }
            result = !result;
            if kind == A::KING {
                // The king may capture only if nothing recaptures.
                return if (attackers & self.color(!side)).any() { !result } else { result };
            }
            swap = A::exchange_value(kind) - swap;
            if swap < result as i32 {
                break;
            }
            occupied ^= (ours & self.kind(kind)).lsb().bitboard();
            on_square = kind;
            // Sliders behind the man just used join the exchange.
            if A::on_diagonals(kind) {
                attackers |= A::bishop_attacks(to, occupied) & diagonal;
            }
            if A::on_orthogonals(kind) {
                attackers |= A::rook_attacks(to, occupied) & orthogonal;
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Position;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let position = Position::from_fen(fen).unwrap();
        let m = position.parse_uci_move(uci, false).unwrap();
        position.see_ge(m, threshold)
    }

    #[test]
    fn simple_exchanges() {
        // Rook takes an undefended pawn: +100.
        let fen = "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
        // Knight takes a pawn defended by a pawn: 100 - 300.
        let fen = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
        assert!(see(fen, "d3e5", -200));
        assert!(!see(fen, "d3e5", -199));
    }

    #[test]
    fn x_rays_join_the_exchange() {
        // Rxd5 is defended twice with doubled rooks behind: RxP, RxR, RxR.
        let fen = "3r3k/3r4/8/3p4/8/8/3R4/3R3K w - - 0 1";
        assert!(!see(fen, "d2d5", 1));
        assert!(see(fen, "d2d5", -400));
        assert!(!see(fen, "d2d5", -399));
        // A quiet move to a square a pawn attacks loses the knight.
        assert!(!see("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3b5", 0));
    }
}
