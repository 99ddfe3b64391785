//! Static exchange evaluation on the 10x10 board: the board's exchange
//! (`Pieces::exchange_ge`, src/board/see.rs) with Elven Chess's values, its
//! men's order and its warlocks' rule (a warlock does not take a warlock).
//!
//! The warlock's rules are judged by their first capture alone: a
//! warlock's move (it may capture twice, or without moving), a capture of
//! a warlock (the immunity and the bar on taking a defended warlock), and
//! an exchange stops before a warlock would take a warlock. Promotions,
//! castling and en passant are judged by the first capture alone too.

use super::eval::VALUES;
use super::{ElvenMove, ElvenPieceKind, ElvenPosition};

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
        self.exchange_ge(mover, m.from(), m.to(), captured, threshold)
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

    /// The exchange as Elven Chess judged it before the board's shared one:
    /// every round's attackers seen afresh from the whole board (not
    /// brought along by the x-rays a taker uncovers), for the test below.
    fn exchange_seen_afresh(position: &ElvenPosition, m: crate::elven::ElvenMove, threshold: i32) -> Option<bool> {
        use super::super::eval::VALUES;
        use crate::board::Army;
        use crate::elven::{ElvenArmy, ElvenPieceKind};
        let mover = position.piece_on(m.from())?;
        let warlock = |square| position.piece_on(square).is_some_and(|p| p.kind() == ElvenPieceKind::Warlock);
        if mover.kind() == ElvenPieceKind::Warlock || warlock(m.to()) || m.is_castling() || m.is_en_passant() {
            return None;
        }
        if m.first_capture().is_some() || m.promotion_piece().is_some() {
            return None;
        }
        let to = m.to();
        let captured: i32 = position.captured_pieces(m).iter().map(|(_, p)| VALUES[p.kind().index()]).sum();
        let mut gains = vec![captured];
        let mut occupied = position.occupied() ^ m.from().bitboard() ^ to.bitboard();
        let mut on_square = mover.kind();
        let mut side = !mover.color();
        loop {
            let attackers = position.attackers_to(to, occupied) & occupied & position.color(side);
            let Some(kind) = ElvenArmy::CHEAPEST_FIRST.iter().copied().find(|&k| (attackers & position.kind(k)).any())
            else {
                break;
            };
            if kind == ElvenPieceKind::Warlock && on_square == ElvenPieceKind::Warlock {
                break;
            }
            if kind == ElvenPieceKind::King {
                let defended = (position.attackers_to(to, occupied) & occupied & position.color(!side)).any();
                if defended {
                    break;
                }
            }
            gains.push(VALUES[on_square.index()]);
            occupied = occupied.without((attackers & position.kind(kind)).lsb().bitboard());
            on_square = kind;
            side = !side;
        }
        // Minimax from the end: each side may stop before capturing.
        let mut value = 0;
        for gain in gains.iter().skip(1).rev() {
            value = (gain - value).max(0);
        }
        Some(captured - value >= threshold)
    }

    /// The shared exchange agrees with every round seen afresh, for every
    /// move of positions along random games, at thresholds either side.
    #[test]
    fn the_shared_exchange_agrees_with_every_round_seen_afresh() {
        let mut compared = 0;
        super::super::random_games::visit_random_games(21, 40, 160, |position, moves| {
            for &m in moves.iter() {
                for threshold in [-400, -100, 0, 1, 100, 350] {
                    if let Some(expected) = exchange_seen_afresh(position, m, threshold) {
                        assert_eq!(position.see_ge(m, threshold), expected, "{} {m} {threshold}", position.fen());
                        compared += 1;
                    }
                }
            }
        });
        assert!(compared > 100_000, "{compared}");
    }
}
