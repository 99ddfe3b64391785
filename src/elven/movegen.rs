//! What Elven Chess's men add to the one move generator of every board
//! (`crate::board::MoveRules`, src/board/movegen.rs): the warlock's moves,
//! the three-square castling, and the full attack test for the king's
//! squares and en passant. A warlock's move can vacate two squares and
//! remove a piece that is not where it lands, so it is tested on the board
//! it leaves unless it plainly cannot uncover the king; en passant always
//! is.

use super::attacks::warlock_area;
use super::castling::castling_path;
use super::{Bitboard10, ElvenCastlingSide, ElvenMove, ElvenPieceKind, ElvenPosition, ElvenRules, Square10};
use crate::board::attacks10::king_attacks;
use crate::board::perft::PerftRules;
use crate::board::{stage, MoveRules, MoveSink};
use crate::types::Color;
use arrayvec::ArrayVec;

/// The most legal moves one piece of each kind can have on the 10x10 board,
/// and so in any position FEN parsing accepts: one king (8 steps and two
/// castlings), one warlock (24 jumps, 8 neighbours to capture on each
/// followed by 8 second steps, one pass), one elf (17 + 4), one goblin
/// (18 + 4), two dwarfs, and the chess pieces of the start position, the
/// ten pawns each counted as a queen (18 + 17), which is more than a pawn
/// ever has (12: three squares, four promotions each).
const fn move_bound() -> usize {
    let queen = 18 + 17;
    let king = 8 + 2;
    let warlock = 24 + 8 * 8 + 1;
    let elf = 17 + 4;
    let goblin = 18 + 4;
    let dwarf = 8;
    let (rook, bishop, knight) = (18, 17, 8);
    king + warlock + elf + goblin + 2 * dwarf + queen + 2 * rook + 2 * bishop + 2 * knight + 10 * queen
}

/// The capacity of a move list: no position FEN parsing accepts has more
/// legal moves (see `move_bound`).
pub const ELVEN_MAX_MOVES: usize = move_bound();

/// The legal moves of a position, on the stack.
pub type ElvenMoveList = ArrayVec<ElvenMove, ELVEN_MAX_MOVES>;

impl ElvenPosition {
    fn castling_moves<S: MoveSink<ElvenMove>>(&self, sink: &mut S, occupied: Bitboard10) {
        let us = self.side_to_move;
        for side in ElvenCastlingSide::ALL {
            if !self.castling.has(us, side) {
                continue;
            }
            let path = castling_path(us, side);
            if (occupied & path.empty).any() {
                continue;
            }
            // The rook's move cannot uncover the king's squares: it stands
            // in the corner, with nothing beyond it on the rank.
            let without_king = occupied ^ path.king_from.bitboard();
            let mut safe = path.safe;
            if safe.all(|square| !self.is_attacked_by(!us, square, without_king)) {
                sink.add_move(ElvenMove::castling(path.king_from, path.king_to));
            }
        }
    }

    /// Whether the pawn on `from` may capture en passant on `target`: the
    /// king of the side to move must be safe on the board it leaves.
    pub(super) fn en_passant_is_legal(&self, from: Square10, target: Square10) -> bool {
        let captured = Square10::new(target.file(), from.rank()).bitboard();
        let occupied = (self.occupied() ^ from.bitboard() ^ captured) | target.bitboard();
        self.king_safe_after(occupied, captured)
    }

    /// The warlock's moves: its jumps, its double moves after a capture on
    /// a neighbour (igui included), and one pass.
    #[inline(always)]
    fn warlock_moves<const STAGE: u8, S: MoveSink<ElvenMove>>(
        &self,
        sink: &mut S,
        from: Square10,
        capturable: Bitboard10,
        wanted: Bitboard10,
    ) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let empty = !self.occupied();
        let theirs = self.color(!self.side_to_move);
        let jumps = warlock_area(from) & wanted;
        // Out of check, a jump from off the king's lines vacates one square
        // that uncovers nothing: only a capture of the other warlock is to
        // be tested (restriction 1). Otherwise every jump is.
        let to_test = if self.checkers.is_empty() && !self.rules.king_blockers.contains(from) {
            jumps & self.kind(ElvenPieceKind::Warlock)
        } else {
            jumps
        };
        let mut legal = jumps.without(to_test);
        for to in to_test {
            if self.warlock_move_is_legal(ElvenMove::normal(from, to), to.bitboard() & theirs) {
                legal |= to.bitboard();
            }
        }
        sink.add_piece_moves(from, legal);
        // A double move captures on its first step: noisy.
        let vias = if noisy { king_attacks(from) & capturable } else { Bitboard10::EMPTY };
        for via in vias {
            for to in king_attacks(via) & (empty | capturable | from.bitboard()) {
                let captured = via.bitboard() | (to.bitboard() & theirs);
                let m = ElvenMove::double(from, via, to);
                if self.warlock_move_is_legal(m, captured) {
                    sink.add_move(m);
                }
            }
        }
        // Stepping out and back leaves the king as it was: legal unless in
        // check, and one move whichever empty neighbour it steps to.
        if quiet && self.checkers.is_empty() && (king_attacks(from) & empty).any() {
            sink.add_move(ElvenMove::pass(from));
        }
    }

    /// Whether the warlock's move `m`, which captures `captured`, is legal:
    /// a capture of the other warlock must not end on a square an enemy
    /// piece attacks (restriction 1), and the king must be safe.
    fn warlock_move_is_legal(&self, m: ElvenMove, captured: Bitboard10) -> bool {
        let (from, to) = (m.from(), m.to());
        let occupied = (self.occupied().without(captured) ^ from.bitboard()) | to.bitboard();
        let theirs_after = self.color(!self.side_to_move).without(captured);
        if (captured & self.kind(ElvenPieceKind::Warlock)).any()
            && (self.attackers_to(to, occupied) & theirs_after).any()
        {
            return false;
        }
        // Out of check, a move that vacates one square off the king's lines
        // cannot uncover it; anything else is tested on the new board.
        let vacated = (from.bitboard() | captured).without(to.bitboard());
        let plainly_safe =
            self.checkers.is_empty() && !vacated.has_many() && (vacated & self.rules.king_blockers).is_empty();
        plainly_safe || self.king_safe_after(occupied, captured)
    }
}

/// Elven Chess's list and make.
impl PerftRules for ElvenRules {
    type List = ElvenMoveList;

    #[inline(always)]
    fn make(board: &ElvenPosition, m: ElvenMove) -> ElvenPosition {
        board.make(m)
    }
}

/// The warlock's moves come before the return in double check (it can
/// take both checkers); the king's squares and en passant are judged by
/// the full attack test, which sees the new men's steps; castling has its
/// three-square paths.
impl MoveRules for ElvenRules {
    type Move = ElvenMove;

    #[inline(always)]
    fn is_attacked_by(board: &ElvenPosition, by: Color, square: Square10, occupied: Bitboard10) -> bool {
        board.is_attacked_by(by, square, occupied)
    }

    #[inline(always)]
    fn en_passant_is_legal(board: &ElvenPosition, from: Square10, target: Square10) -> bool {
        board.en_passant_is_legal(from, target)
    }

    #[inline(always)]
    fn special_moves<const STAGE: u8, S: MoveSink<ElvenMove>>(board: &ElvenPosition, sink: &mut S, wanted: Bitboard10) {
        let capturable = board.capturable();
        for warlock in board.pieces(board.side_to_move, ElvenPieceKind::Warlock) {
            board.warlock_moves::<STAGE, S>(sink, warlock, capturable, wanted);
        }
    }

    #[inline(always)]
    fn castling_moves<S: MoveSink<ElvenMove>>(board: &ElvenPosition, sink: &mut S, _: Square10) {
        if board.castling.any_for(board.side_to_move) {
            board.castling_moves(sink, board.occupied());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::random_games::visit_random_games;

    /// The counter and the list agree along random games, checks, pins,
    /// promotions and warlock captures included.
    #[test]
    fn counting_the_moves_counts_the_list() {
        let positions = visit_random_games(68, 40, 160, |position, moves| {
            assert_eq!(position.count_legal_moves(), moves.len() as u64, "{}", position.fen());
        });
        assert!(positions > 3000);
    }

    /// The noisy stage gives the captures (a warlock's double move and en
    /// passant among them) and the promotions, the quiet stage the rest,
    /// each in the order of the whole list, along random games.
    #[test]
    fn the_stages_split_the_list_in_its_order() {
        let mut noisy_seen = 0;
        let positions = visit_random_games(69, 40, 160, |position, moves| {
            let is_noisy = |m: &ElvenMove| position.is_capture(*m) || m.promotion_piece().is_some();
            let (noisy, quiet): (Vec<_>, Vec<_>) = moves.iter().partition(|m| is_noisy(m));
            let (mut staged_noisy, mut staged_quiet) = (ElvenMoveList::new(), ElvenMoveList::new());
            position.generate::<{ stage::NOISY }, _>(&mut staged_noisy);
            position.generate::<{ stage::QUIET }, _>(&mut staged_quiet);
            assert_eq!(staged_noisy.to_vec(), noisy, "noisy moves of {}", position.fen());
            assert_eq!(staged_quiet.to_vec(), quiet, "quiet moves of {}", position.fen());
            noisy_seen += noisy.len();
        });
        assert!(positions > 3000 && noisy_seen > 3000);
    }

    #[test]
    fn the_move_bound_is_the_sum_of_the_pieces_maxima() {
        assert_eq!(ELVEN_MAX_MOVES, 629);
    }
}
