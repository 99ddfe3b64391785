//! Whether an Elven Chess move gives check, told without making it, so
//! that the search prunes quiet moves before it makes them and keeps the
//! checks, as it does in chess. What every move's answer needs is found
//! once a node ([`ElvenChecks`]).
//!
//! A move checks directly (the man it leaves on its square, promoted or
//! not, attacks the other king through the board as the move leaves it) or
//! by discovery: a square it empties (the one it left, a warlock's first
//! victim, a pawn taken en passant) opened a line from one of the mover's
//! other sliders to that king. The mover's other men do not move, and the
//! men it takes are the other side's, so no other check is possible.

use super::attacks::{diagonal_steps, orthogonal_steps, piece_attacks};
use super::{Bitboard10, ElvenMove, ElvenPieceKind, ElvenPosition, Square10};
use crate::board::attacks10::{
    between, bishop_attacks, diagonal_reach, line, orthogonal_reach, pawn_attacks, rook_attacks,
};

/// What a position's moves are told to give check by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElvenChecks {
    /// The other king's square.
    king: Square10,
    /// By kind of man: the squares where a man of that kind of the side
    /// to move checks that king, through the board as it stands.
    squares: [Bitboard10; ElvenPieceKind::COUNT],
    /// The side to move's men that stand alone between one of its sliders
    /// and that king: one that leaves the line uncovers a check.
    discoverers: Bitboard10,
    /// The squares on that king's lines: a move that empties none of them
    /// uncovers nothing.
    lines: Bitboard10,
}

impl Default for ElvenChecks {
    fn default() -> ElvenChecks {
        ElvenChecks {
            king: Square10::new(0, 0),
            squares: [Bitboard10::EMPTY; ElvenPieceKind::COUNT],
            discoverers: Bitboard10::EMPTY,
            lines: Bitboard10::EMPTY,
        }
    }
}

impl ElvenPosition {
    /// What [`ElvenPosition::gives_check_with`] needs of this position.
    pub fn checks(&self) -> ElvenChecks {
        let us = self.side_to_move();
        let king = self.king_square(!us);
        let occupied = self.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let orthogonal = rook_attacks(king, occupied);
        let mut squares = [Bitboard10::EMPTY; ElvenPieceKind::COUNT];
        for kind in ElvenPieceKind::ALL {
            squares[kind.index()] = match kind {
                ElvenPieceKind::Pawn => pawn_attacks(!us, king),
                ElvenPieceKind::King => Bitboard10::EMPTY,
                ElvenPieceKind::Bishop => diagonal,
                ElvenPieceKind::Rook => orthogonal,
                ElvenPieceKind::Queen => diagonal | orthogonal,
                ElvenPieceKind::Elf => diagonal | orthogonal_steps(king),
                ElvenPieceKind::Goblin => orthogonal | diagonal_steps(king),
                // The leapers attack symmetrically.
                _ => piece_attacks(kind, king, occupied),
            };
        }
        let ours = self.color(us);
        let snipers = ((diagonal_reach(king) & self.diagonal_sliders())
            | (orthogonal_reach(king) & self.orthogonal_sliders()))
            & ours;
        let mut discoverers = Bitboard10::EMPTY;
        for sniper in snipers {
            let blockers = between(king, sniper) & occupied;
            if !blockers.has_many() {
                discoverers |= blockers & ours;
            }
        }
        ElvenChecks { king, squares, discoverers, lines: diagonal_reach(king) | orthogonal_reach(king) }
    }

    /// Whether `m`, a legal move of this position, leaves the other king in
    /// check.
    #[inline]
    pub fn gives_check_with(&self, checks: &ElvenChecks, m: ElvenMove) -> bool {
        let (from, to) = (m.from(), m.to());
        if m.is_plain() {
            // A man that moves and at most takes on its square: the squares
            // found once, and a line it leaves.
            let Some(mover) = self.piece_on(from) else { return false };
            let discoverer = checks.discoverers.contains(from);
            // A warlock that jumps along the line may land beyond the
            // slider behind it: the long way.
            if !(discoverer && mover.kind() == ElvenPieceKind::Warlock) {
                return checks.squares[mover.kind().index()].contains(to)
                    || (discoverer && !line(checks.king, from).contains(to));
            }
        }
        self.gives_check_long(checks, m)
    }

    /// The check of the other moves, the long way: the pass, castling
    /// (made), promotions, en passant and the warlock's double moves.
    fn gives_check_long(&self, checks: &ElvenChecks, m: ElvenMove) -> bool {
        // Stepping out and back changes no square.
        if m.is_pass() {
            return false;
        }
        // The rook's square depends on the side castled: rare, made.
        if m.is_castling() {
            return self.make(m).in_check();
        }
        let us = self.side_to_move();
        let (from, to) = (m.from(), m.to());
        let Some(mover) = self.piece_on(from) else { return false };
        let kind = m.promotion_piece().unwrap_or(mover.kind());
        let mut emptied = from.bitboard();
        if let Some(via) = m.first_capture() {
            emptied |= via.bitboard();
        }
        if m.is_en_passant() {
            emptied |= m.en_passant_victim().bitboard();
        }
        // A warlock's igui comes back to its square: `to` is filled again.
        let occupied = self.occupied().without(emptied) | to.bitboard();
        let direct = match kind {
            ElvenPieceKind::Pawn => pawn_attacks(us, to),
            _ => piece_attacks(kind, to, occupied),
        };
        if direct.contains(checks.king) {
            return true;
        }
        if (emptied & checks.lines).is_empty() {
            return false;
        }
        let others = self.color(us).without(from.bitboard());
        (bishop_attacks(checks.king, occupied) & self.diagonal_sliders() & others).any()
            || (rook_attacks(checks.king, occupied) & self.orthogonal_sliders() & others).any()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;

    /// Taking en passant empties the taken pawn's square too: here it and
    /// the taker's square both stood between the rook and the king.
    #[test]
    fn en_passant_uncovers_a_check_through_the_taken_pawn() {
        let position = ElvenPosition::from_fen("10/10/10/10/R3Pp3k/10/10/10/10/K9 w - f7 0 1").unwrap();
        let m = position.parse_move("e6f7").unwrap();
        assert!(m.is_en_passant());
        assert!(position.make(m).in_check());
        assert!(position.gives_check_with(&position.checks(), m));
    }

    /// A warlock between its queen and the other king jumps over the queen
    /// along their file: the line is open, a discovered check.
    #[test]
    fn a_warlock_jumping_past_the_slider_behind_it_uncovers_a_check() {
        let position = ElvenPosition::from_fen("k9/10/10/4q5/4w5/10/10/10/10/4K5 b - - 0 1").unwrap();
        let m = position.parse_move("e6e8").unwrap();
        assert!(position.make(m).in_check());
        assert!(position.gives_check_with(&position.checks(), m));
        let m = position.parse_move("e6e4").unwrap();
        assert!(!position.make(m).in_check());
        assert!(!position.gives_check_with(&position.checks(), m));
    }

    /// Told and made agree on every legal move along random games: direct
    /// checks, discoveries (through a warlock's victim and en passant
    /// too), promotions and castling.
    #[test]
    fn the_told_check_is_the_made_one() {
        let (mut moves_seen, mut checks_seen) = (0, 0);
        visit_random_games(70, 60, 200, |position, moves| {
            let checks = position.checks();
            for &m in moves {
                let made = position.make(m).in_check();
                assert_eq!(position.gives_check_with(&checks, m), made, "{m} in {}", position.fen());
                moves_seen += 1;
                checks_seen += made as usize;
            }
        });
        assert!(moves_seen > 100_000 && checks_seen > 2_000, "{moves_seen} moves, {checks_seen} checks");
    }
}
