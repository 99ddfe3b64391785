//! Legal move generation. Most pieces are generated as in chess: their
//! attack sets cut down to the squares that answer a check and, for a
//! pinned piece, to its line through the king. The king's squares are
//! tested one by one. A warlock's move can vacate two squares and remove a
//! piece that is not where it lands, so it is tested on the board it leaves
//! unless it plainly cannot uncover the king; en passant always is.

use super::attacks::{diagonal_steps, orthogonal_steps, warlock_area};
use super::castling::castling_path;
use super::{Bitboard10, ElvenCastlingSide, ElvenMove, ElvenPieceKind, ElvenPosition, Square10};
use crate::board::attacks10::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::board::{stage, MoveCounter, MoveSink};
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
    /// Every legal move.
    pub fn legal_moves(&self) -> ElvenMoveList {
        let mut moves = ElvenMoveList::new();
        self.generate::<{ stage::ALL }, _>(&mut moves);
        moves
    }

    /// The number of legal moves, counted without building a list.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate::<{ stage::ALL }, _>(&mut counter);
        counter.0
    }

    /// Hands the legal moves of stage `STAGE` (see [`stage`]: the noisy
    /// ones are the captures, en passant and the promotions) to `sink`, in a
    /// fixed order: the king's, the warlocks', the pawns', the other men's,
    /// castling. The moves of one stage come in the order they have among
    /// all the legal moves.
    #[inline(always)]
    pub(super) fn generate<const STAGE: u8, S: MoveSink<ElvenMove>>(&self, sink: &mut S) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let occupied = self.occupied();
        let capturable = self.capturable();
        let mut wanted = Bitboard10::EMPTY;
        if noisy {
            wanted |= capturable;
        }
        if quiet {
            wanted |= !occupied;
        }
        let king = self.king_square(us);

        self.king_moves(sink, king, wanted);
        for warlock in self.pieces(us, ElvenPieceKind::Warlock) {
            self.warlock_moves::<STAGE, S>(sink, warlock, capturable, wanted);
        }
        if self.checkers.has_many() {
            return;
        }
        // One checker: capture it, or block it if it is a slider checking
        // along its line (a warlock two squares away on a line is a leaper);
        // no checker: anywhere.
        let answers = if self.checkers.is_empty() {
            Bitboard10::ALL
        } else {
            let checker = self.checkers.lsb();
            let sliders = self.diagonal_sliders() | self.orthogonal_sliders();
            if sliders.contains(checker) {
                self.checkers | between(king, checker)
            } else {
                self.checkers
            }
        };
        let target = answers & wanted;
        self.pawn_moves::<STAGE, S>(sink, king, answers, capturable);
        let pinned = self.pinned();
        let men = |kind| self.pieces(us, kind);
        let add = |sink: &mut S, men: Bitboard10, attacks: &dyn Fn(Square10) -> Bitboard10| {
            for from in men {
                let mut destinations = attacks(from) & target;
                if pinned.contains(from) {
                    destinations &= line(king, from);
                }
                sink.add_piece_moves(from, destinations);
            }
        };
        // A pinned knight has no move along its pin.
        add(sink, men(ElvenPieceKind::Knight).without(pinned), &knight_attacks);
        add(sink, men(ElvenPieceKind::Bishop), &|from| bishop_attacks(from, occupied));
        add(sink, men(ElvenPieceKind::Rook), &|from| rook_attacks(from, occupied));
        add(sink, men(ElvenPieceKind::Queen), &|from| bishop_attacks(from, occupied) | rook_attacks(from, occupied));
        add(sink, men(ElvenPieceKind::Elf), &|from| bishop_attacks(from, occupied) | orthogonal_steps(from));
        add(sink, men(ElvenPieceKind::Goblin), &|from| rook_attacks(from, occupied) | diagonal_steps(from));
        add(sink, men(ElvenPieceKind::Dwarf), &king_attacks);
        if quiet && self.checkers.is_empty() && self.castling.any_for(us) {
            self.castling_moves(sink, occupied);
        }
    }

    #[inline(always)]
    fn king_moves<S: MoveSink<ElvenMove>>(&self, sink: &mut S, king: Square10, wanted: Bitboard10) {
        // Sliders see through the king's square: it cannot hide behind itself.
        let without_king = self.occupied() ^ king.bitboard();
        let mut safe = Bitboard10::EMPTY;
        for to in king_attacks(king) & wanted {
            if !self.is_attacked_by(!self.side_to_move, to, without_king) {
                safe |= to.bitboard();
            }
        }
        sink.add_piece_moves(king, safe);
    }

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

    /// The pawns' moves of stage `STAGE` to the squares `answers` allows,
    /// in bulk: pushes (a push that promotes is noisy), double steps, then
    /// captures one direction at a time; a pinned pawn pushes only along
    /// the king's file and captures only along its pin.
    #[inline(always)]
    fn pawn_moves<const STAGE: u8, S: MoveSink<ElvenMove>>(
        &self,
        sink: &mut S,
        king: Square10,
        answers: Bitboard10,
        capturable: Bitboard10,
    ) {
        let noisy = stage::has_noisy(STAGE);
        let quiet = stage::has_quiet(STAGE);
        let us = self.side_to_move;
        let empty = !self.occupied();
        let pawns = self.pieces(us, ElvenPieceKind::Pawn);
        let pinned = self.pinned();
        let (up, fourth_rank): (i8, _) =
            if us == Color::White { (10, Bitboard10::rank(3)) } else { (-10, Bitboard10::rank(6)) };
        let zone = promotion_zone(us);

        let pushers = pawns & (!pinned | FILES[king.file() as usize]);
        let single = pushers.shift(up) & empty;
        if noisy {
            sink.add_promotions(single & answers & zone, up);
        }
        if quiet {
            // A pawn that reached its fourth rank from its third has not moved.
            let double = (single & fourth_rank).shift(up) & empty & answers;
            sink.add_pawn_moves((single & answers).without(zone), up);
            sink.add_pawn_moves(double, 2 * up);
        }
        if !noisy {
            return;
        }

        let victims = capturable & answers;
        let capturers = pawns.without(pinned);
        for (delta, edge) in [(up - 1, FIRST_FILE), (up + 1, LAST_FILE)] {
            let hits = capturers.without(edge).shift(delta) & victims;
            sink.add_promotions(hits & zone, delta);
            sink.add_pawn_moves(hits.without(zone), delta);
        }
        for from in pawns & pinned {
            for to in pawn_attacks(us, from) & victims & line(king, from) {
                add_pawn_move(sink, from, to, zone);
            }
        }
        if let Some(target) = self.en_passant {
            for from in pawn_attacks(!us, target) & pawns {
                if self.en_passant_is_legal(from, target) {
                    sink.add_move(ElvenMove::en_passant(from, target));
                }
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

/// The a-file and the j-file: where a capture towards the edge would wrap.
pub(super) const FIRST_FILE: Bitboard10 = Bitboard10::file(0);
pub(super) const LAST_FILE: Bitboard10 = Bitboard10::file(9);

/// Every file's squares.
static FILES: [Bitboard10; 10] = {
    let mut files = [Bitboard10::EMPTY; 10];
    let mut file = 0;
    while file < 10 {
        files[file] = Bitboard10::file(file as u8);
        file += 1;
    }
    files
};

/// The ranks where a `color` pawn must promote: its last three.
#[inline(always)]
fn promotion_zone(color: Color) -> Bitboard10 {
    match color {
        Color::White => Bitboard10::ranks(7, 9),
        Color::Black => Bitboard10::ranks(0, 2),
    }
}

/// A pawn's move to `to`: its four promotions in the zone.
#[inline(always)]
fn add_pawn_move<S: MoveSink<ElvenMove>>(sink: &mut S, from: Square10, to: Square10, zone: Bitboard10) {
    if zone.contains(to) {
        sink.add_promotions(to.bitboard(), to.index() as i8 - from.index() as i8);
    } else {
        sink.add_piece_moves(from, to.bitboard());
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
