//! Elven Chess in the search (src/search/search.rs, over the `Game` trait of
//! src/search/game/ and the hooks of src/search/hooks.rs): one move a turn,
//! the goal to mate, no forced captures, so every hook is chess's but for
//! the board's size, the moves' table form, the warlock's captures and the
//! evaluation (its own network where the engine has one, else by hand).

use super::eval::{evaluate, VALUES};
use super::{
    Bitboard10, ElvenChecks, ElvenMove, ElvenMoveList, ElvenPieceKind, ElvenPosition, Square10, ELVEN_MAX_MOVES,
};
use crate::board::stage;
use crate::eval::MAX_EVALUATION;
use crate::game::{Game, HistorySizes, Scores, Searchable, Structure};
use crate::nnue::{MenCache, Network, NetworkGame};
use crate::types::Color;
use crate::types::Move;
use std::sync::Arc;

/// The histories' sizes: quiet moves by whether their origin and their
/// destination are attacked, side, origin and destination; captures by
/// man, destination and victim kind; (man, square) pairs.
const QUIET_INDICES: usize = 4 * 2 * 100 * 100;
const CAPTURE_INDICES: usize = 20 * 100 * ElvenPieceKind::COUNT;
const TRAILS: usize = 20 * 100;

// The table's 16 bits: a tag in bits 14-15, then
// - plain (0): origin (bits 0-6) and destination (7-13), castling and en
//   passant included (the position tells them apart);
// - promotion (1): origin, the file step (bits 7-8: left, straight, right)
//   and the piece (bits 9-10);
// - double (2): origin, the first step's direction (bits 7-9) and the
//   second's (bits 10-13: a direction, or 8 for back to the origin);
// - pass (3): origin.
const TAG_PROMOTION: u16 = 1 << 14;
const TAG_DOUBLE: u16 = 2 << 14;
/// A pass (3): origin only, so that a pass on a1 is not the table's "no
/// move" (all bits 0).
const TAG_PASS: u16 = 3 << 14;

/// The eight king steps, as (files, ranks).
const STEPS: [(i8, i8); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

fn step_index(from: Square10, to: Square10) -> Option<u16> {
    let step = (to.file() as i8 - from.file() as i8, to.rank() as i8 - from.rank() as i8);
    STEPS.iter().position(|&s| s == step).map(|i| i as u16)
}

fn stepped(from: Square10, index: u16) -> Option<Square10> {
    let (files, ranks) = *STEPS.get(index as usize)?;
    from.offset(files, ranks)
}

impl Searchable for ElvenPosition {
    type Shared = ();
    /// The hidden layer of the last board the network judged.
    type Workspace = MenCache;

    const BOUNDED_QUIESCENCE: bool = true;

    /// Its own network where the engine has one for it, else by hand.
    fn evaluate(&self, cache: &mut MenCache, network: Option<&Arc<Network>>, _ply: usize) -> i32 {
        let value = match network {
            Some(network) => cache.evaluate(network, &super::nnue::men(self), self.side_to_move()),
            None => evaluate(self),
        };
        value.clamp(-MAX_EVALUATION, MAX_EVALUATION)
    }

    fn network_game(&self) -> NetworkGame {
        NetworkGame::Elven
    }

    fn new_workspace(_plies: usize) -> Result<MenCache, String> {
        Ok(MenCache::default())
    }

    fn clock_side(&self) -> Color {
        self.side_to_move()
    }
}

impl Game for ElvenPosition {
    type Move = ElvenMove;
    type Moves = ElvenMoveList;
    type Checks = ElvenChecks;
    type Threats = Bitboard10;
    type Scores = Scores<ELVEN_MAX_MOVES>;

    const MAX_MOVES: usize = ELVEN_MAX_MOVES;
    const HISTORY_SIZES: HistorySizes = HistorySizes { quiet: QUIET_INDICES, capture: CAPTURE_INDICES, trails: TRAILS };

    #[inline]
    fn key(&self) -> u64 {
        ElvenPosition::key(self)
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        ElvenPosition::halfmove_clock(self)
    }

    #[inline]
    fn in_check(&self) -> bool {
        ElvenPosition::in_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        self.insufficient_material()
    }

    fn legal_moves(&self) -> ElvenMoveList {
        ElvenPosition::legal_moves(self)
    }

    fn count_legal_moves(&self) -> u64 {
        ElvenPosition::count_legal_moves(self)
    }

    fn noisy_moves(&self) -> ElvenMoveList {
        let mut moves = ElvenMoveList::new();
        self.generate::<{ stage::NOISY }, _>(&mut moves);
        moves
    }

    fn make(&self, m: ElvenMove) -> ElvenPosition {
        ElvenPosition::make(self, m)
    }

    fn same_player(&self, _child: &ElvenPosition) -> bool {
        false
    }

    fn plain_turn(&self) -> bool {
        true
    }

    fn has_pieces(&self) -> bool {
        let us = self.side_to_move();
        (self.color(us) & !self.kind(ElvenPieceKind::Pawn) & !self.kind(ElvenPieceKind::King)).any()
    }

    /// The turn passed without a move (the warlock's own pass keeps the
    /// board too, but not every position has one).
    fn make_null(&self) -> ElvenPosition {
        let mut next = *self;
        next.pass_turn_state();
        next.side_to_move = !next.side_to_move;
        next.update_check_info();
        next
    }

    #[inline]
    fn is_capture(&self, m: ElvenMove) -> bool {
        ElvenPosition::is_capture(self, m)
    }

    #[inline]
    fn is_promotion(m: ElvenMove) -> bool {
        m.promotion_piece().is_some()
    }

    fn is_queen_promotion(m: ElvenMove) -> bool {
        m.promotion_piece() == Some(ElvenPieceKind::Queen)
    }

    /// The victims' values together (a warlock may take two), and the
    /// mover's.
    fn capture_values(&self, m: ElvenMove) -> (i32, i32) {
        let victims = self.captured_pieces(m).iter().map(|(_, p)| VALUES[p.kind().index()]).sum();
        let mover = self.piece_on(m.from()).map_or(0, |p| VALUES[p.kind().index()]);
        (victims, mover)
    }

    fn see_ge(&self, m: ElvenMove, threshold: i32) -> bool {
        ElvenPosition::see_ge(self, m, threshold)
    }

    fn gain(&self, m: ElvenMove) -> i32 {
        let victims: i32 = self.captured_pieces(m).iter().map(|(_, p)| VALUES[p.kind().index()]).sum();
        if victims > 0 {
            victims
        } else {
            VALUES[ElvenPieceKind::Pawn.index()]
        }
    }

    fn checks(&self) -> ElvenChecks {
        ElvenPosition::checks(self)
    }

    #[inline(always)]
    fn gives_check(&self, checks: &ElvenChecks, m: ElvenMove) -> bool {
        self.gives_check_with(checks, m)
    }

    /// Candidates are the legal moves: a table move is legal where its
    /// stage's generator gives it (a legal move's stage is the one its
    /// capture or promotion makes it here).
    fn is_legal(&self, m: ElvenMove) -> bool {
        let mut moves = ElvenMoveList::new();
        if self.is_noisy(m) {
            self.generate::<{ stage::NOISY }, _>(&mut moves);
        } else {
            self.generate::<{ stage::QUIET }, _>(&mut moves);
        }
        moves.contains(&m)
    }

    #[inline(always)]
    fn generate_noisy(&self, moves: &mut ElvenMoveList) {
        self.generate::<{ stage::NOISY }, _>(moves);
    }

    #[inline(always)]
    fn generate_quiet(&self, moves: &mut ElvenMoveList) {
        self.generate::<{ stage::QUIET }, _>(moves);
    }

    /// In check, the picker's one stage: every legal move is an evasion.
    #[inline(always)]
    fn generate_evasions(&self, moves: &mut ElvenMoveList) {
        self.generate::<{ stage::ALL }, _>(moves);
    }

    fn to_table(m: ElvenMove) -> Move {
        let from = m.from().index() as u16;
        let to = m.to();
        let bits = if m.is_pass() {
            TAG_PASS | from
        } else if let Some(via) = m.first_capture() {
            let first = step_index(m.from(), via).unwrap_or(0);
            let second = if to == m.from() { 8 } else { step_index(via, to).unwrap_or(0) };
            TAG_DOUBLE | from | first << 7 | second << 10
        } else if let Some(piece) = m.promotion_piece() {
            let file_step = (to.file() as i16 - m.from().file() as i16 + 1) as u16 & 3;
            let piece = (piece.index() - ElvenPieceKind::Knight.index()) as u16 & 3;
            TAG_PROMOTION | from | file_step << 7 | piece << 9
        } else {
            from | (to.index() as u16) << 7
        };
        Move::from_bits(bits)
    }

    /// The move the table's bits name here; a move no legal one equals where
    /// the bits are another position's.
    fn table_move(&self, m: Move) -> ElvenMove {
        let bits = m.bits();
        let none = ElvenMove::NONE;
        if m == Move::NONE {
            return none;
        }
        let Some(from) = Square10::from_index((bits & 127) as usize) else { return none };
        match bits & (3 << 14) {
            TAG_DOUBLE => {
                let Some(via) = stepped(from, bits >> 7 & 7) else { return none };
                let second = bits >> 10 & 15;
                let to = if second == 8 { Some(from) } else { stepped(via, second) };
                to.map_or(none, |to| ElvenMove::double(from, via, to))
            }
            TAG_PROMOTION => {
                let forward: i8 = if self.side_to_move() == crate::types::Color::White { 1 } else { -1 };
                let files = (bits >> 7 & 3) as i8 - 1;
                let piece = ElvenPieceKind::PROMOTIONS[(bits >> 9 & 3) as usize];
                from.offset(files, forward).map_or(none, |to| ElvenMove::promotion(from, to, piece))
            }
            0 => {
                let Some(to) = Square10::from_index((bits >> 7 & 127) as usize) else { return none };
                let mover = self.piece_on(from).map(|p| p.kind());
                if mover == Some(ElvenPieceKind::King) && from.file().abs_diff(to.file()) == 3 {
                    ElvenMove::castling(from, to)
                } else if mover == Some(ElvenPieceKind::Pawn) && self.en_passant() == Some(to) {
                    ElvenMove::en_passant(from, to)
                } else {
                    ElvenMove::normal(from, to)
                }
            }
            _ => ElvenMove::pass(from),
        }
    }

    /// The pawns; each colour's other men: their keys, kept as men move.
    #[inline(always)]
    fn structure(&self) -> Structure {
        let [pawns, white, black] = self.structure_keys();
        Structure { side: self.side_to_move(), pawns, others: [white, black] }
    }

    /// The squares the other side attacks, which key the quiet history.
    fn threats(&self) -> Bitboard10 {
        self.attacks_by(!self.side_to_move())
    }

    /// A move out of an attack, or into one, has a table of its own, as in
    /// chess (a castling's destination is the king's).
    fn quiet_index(&self, threats: Bitboard10, m: ElvenMove) -> usize {
        let from = threats.contains(m.from()) as usize;
        let to = threats.contains(m.to()) as usize;
        let plain = (self.side_to_move().index() * 100 + m.from().index()) * 100 + m.to().index();
        (from * 2 + to) * 2 * 100 * 100 + plain
    }

    fn capture_index(&self, m: ElvenMove) -> Option<usize> {
        let mover = self.piece_on(m.from())?;
        let (_, victim) = *self.captured_pieces(m).first()?;
        Some((mover.index() * 100 + m.to().index()) * ElvenPieceKind::COUNT + victim.kind().index())
    }

    fn trail(&self, m: ElvenMove) -> Option<usize> {
        let mover = self.piece_on(m.from())?;
        Some(mover.index() * 100 + m.to().index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::random::Random;

    /// Every legal move of positions along seeded random games comes back
    /// from its table bits, and none is the table's "no move"; passes,
    /// iguis, double moves, castling, en passant and promotions included.
    #[test]
    fn every_move_survives_the_table() {
        let mut kinds = [0usize; 4];
        for seed in 0..40 {
            let mut random = Random::new(seed);
            let mut position = ElvenPosition::startpos();
            for _ in 0..200 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in &moves {
                    let bits = ElvenPosition::to_table(m);
                    assert_ne!(bits, Move::NONE, "{m} in {}", position.fen());
                    assert_eq!(position.table_move(bits), m, "{m} in {}", position.fen());
                    kinds[0] += usize::from(m.is_pass());
                    kinds[1] += usize::from(m.first_capture().is_some());
                    kinds[2] += usize::from(m.promotion_piece().is_some());
                    kinds[3] += usize::from(m.is_castling() || m.is_en_passant());
                }
                position = position.make(moves[random.below(moves.len() as u64) as usize]);
            }
        }
        assert!(kinds.iter().all(|&n| n > 0), "every kind of move seen: {kinds:?}");
    }

    #[test]
    fn no_move_is_none_of_the_moves() {
        assert!(!ElvenMove::NONE.is_pass() && ElvenMove::NONE.promotion_piece().is_none());
        assert_eq!(ElvenPosition::to_table(ElvenMove::NONE), Move::NONE);
        assert_eq!(ElvenMove::default(), ElvenMove::NONE);
        // The table's no move reads back as no move, in any position (the
        // search takes a table move for a move to try first).
        let mut random = Random::new(7);
        let mut position = ElvenPosition::startpos();
        for _ in 0..200 {
            assert_eq!(position.table_move(Move::NONE), ElvenMove::NONE, "{}", position.fen());
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.make(moves[random.below(moves.len() as u64) as usize]);
        }
        let _ = format!("{} {:?}", ElvenMove::NONE, ElvenMove::NONE);
    }
}
