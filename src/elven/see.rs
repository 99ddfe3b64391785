//! Static exchange evaluation on the 10x10 board: the material outcome of
//! the captures on one square, each side recapturing with its least
//! valuable man for as long as it pays, as chess's (src/board/see.rs).
//!
//! The warlock's rules are judged by their first capture alone: a
//! warlock's move (it may capture twice, or without moving), a capture of
//! a warlock (the immunity and the bar on taking a defended warlock), and
//! an exchange stops before a warlock would take a warlock. Promotions,
//! castling and en passant are judged by the first capture alone too.

use super::eval::VALUES;
use super::{ElvenMove, ElvenPieceKind, ElvenPosition};

/// The kinds in the order an exchange spends them: the cheapest first, the
/// king last (it may take only what nothing defends).
const CHEAPEST_FIRST: [ElvenPieceKind; 10] = [
    ElvenPieceKind::Pawn,
    ElvenPieceKind::Knight,
    ElvenPieceKind::Dwarf,
    ElvenPieceKind::Bishop,
    ElvenPieceKind::Rook,
    ElvenPieceKind::Elf,
    ElvenPieceKind::Goblin,
    ElvenPieceKind::Queen,
    ElvenPieceKind::Warlock,
    ElvenPieceKind::King,
];

impl ElvenPosition {
    /// Whether the exchange that `m` (a legal move) starts wins at least
    /// `threshold` centipawns for the side to move.
    pub fn see_ge(&self, m: ElvenMove, threshold: i32) -> bool {
        let captured: i32 = self.captured_pieces(m).iter().map(|(_, piece)| VALUES[piece.kind().index()]).sum();
        let Some(mover) = self.piece_on(m.from()) else { return captured >= threshold };
        let warlocks = mover.kind() == ElvenPieceKind::Warlock
            || self.piece_on(m.to()).is_some_and(|victim| victim.kind() == ElvenPieceKind::Warlock);
        if warlocks || m.is_castling() || m.is_en_passant() || m.first_capture().is_some() {
            return captured >= threshold;
        }
        if let Some(promoted) = m.promotion_piece() {
            return captured + VALUES[promoted.index()] - VALUES[ElvenPieceKind::Pawn.index()] >= threshold;
        }
        let to = m.to();
        // What we win if the opponent does not recapture.
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        // What we lose if they recapture and we stop.
        swap = VALUES[mover.kind().index()] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = self.occupied() ^ m.from().bitboard() ^ to.bitboard();
        let mut on_square = mover.kind();
        let mut side = mover.color();
        // True while the side that made the last capture wins the exchange.
        let mut result = true;
        loop {
            side = !side;
            // Seen afresh each time: the elf and the goblin slide too, and a
            // man gone from the line uncovers the one behind it.
            let attackers = self.attackers_to(to, occupied) & occupied;
            let ours = attackers & self.color(side);
            let Some(kind) = CHEAPEST_FIRST.into_iter().find(|&k| (ours & self.kind(k)).any()) else {
                break;
            };
            if kind == ElvenPieceKind::Warlock && on_square == ElvenPieceKind::Warlock {
                break;
            }
            result = !result;
            if kind == ElvenPieceKind::King {
                // The king may capture only if nothing recaptures.
                return if (attackers & self.color(!side)).any() { !result } else { result };
            }
            swap = VALUES[kind.index()] - swap;
            if swap < result as i32 {
                break;
            }
            occupied = occupied.without((ours & self.kind(kind)).lsb().bitboard());
            on_square = kind;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::super::ElvenPosition;

    fn see(fen: &str, text: &str, threshold: i32) -> bool {
        let position = ElvenPosition::from_fen(fen).unwrap();
        let m = position.parse_move(text).unwrap();
        position.see_ge(m, threshold)
    }

    #[test]
    fn exchanges_with_the_new_men() {
        // A rook takes an undefended pawn: +100.
        let fen = "k9/10/10/10/10/4p5/10/10/10/4R4K w - - 0 1";
        assert!(see(fen, "e1e5", 100));
        assert!(!see(fen, "e1e5", 101));
        // The pawn is defended by a goblin's diagonal step: 100 - 500.
        let fen = "k9/10/10/10/3g6/4p5/10/10/10/4R4K w - - 0 1";
        assert!(see(fen, "e1e5", -400));
        assert!(!see(fen, "e1e5", -399));
        // Bishop takes pawn, knight takes bishop, and the elf behind the
        // bishop, seen once the bishop has gone, takes the knight:
        // 100 - 350 + 300.
        let fen = "k9/10/10/10/2n7/4p5/10/2B7/1E8/9K w - - 0 1";
        assert!(see(fen, "c3e5", 50));
        assert!(!see(fen, "c3e5", 51));
        // Without the elf the bishop is lost for the pawn.
        let fen = "k9/10/10/10/2n7/4p5/10/2B7/10/9K w - - 0 1";
        assert!(see(fen, "c3e5", -250));
        assert!(!see(fen, "c3e5", -249));
    }

    #[test]
    fn the_king_recaptures_only_what_nothing_defends() {
        // Rook takes a pawn the king alone defends: the king takes back.
        let fen = "10/10/10/10/4k5/4p5/10/10/10/4R4K w - - 0 1";
        assert!(see(fen, "e1e5", -400));
        assert!(!see(fen, "e1e5", -399));
        // With a second rook behind the first, the king cannot.
        let fen = "10/10/10/10/4k5/4p5/10/10/4R5/4R4K w - - 0 1";
        assert!(see(fen, "e2e5", 100));
        assert!(!see(fen, "e2e5", 101));
    }

    #[test]
    fn an_exchange_stops_before_a_warlock_takes_a_warlock() {
        // Bishop takes pawn, the black warlock takes the bishop; the white
        // warlock taking it is judged no further (100 - 350).
        let fen = "k9/10/10/4w5/10/4p5/10/2B1W5/10/9K w - - 0 1";
        assert!(see(fen, "c3e5", -250));
        assert!(!see(fen, "c3e5", -249));
    }

    #[test]
    fn the_warlocks_moves_are_judged_by_what_they_take() {
        // The warlock takes a pawn the knight defends: judged +100.
        let fen = "k9/10/10/10/2n7/4p5/4W5/10/10/9K w - - 0 1";
        assert!(see(fen, "e4e5", 100));
        assert!(!see(fen, "e4e5", 101));
    }
}
