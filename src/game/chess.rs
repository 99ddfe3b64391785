//! Standard chess as a [`Game`]: chess's own position, generator, make and
//! exchange evaluation behind the trait, so that the code written over it
//! (the chess search and its move picker, the games' perft)
//! serves chess. One move a turn, the goal to mate, nothing forced: every
//! hook is the plain one, and the staged picker's are chess's generator's
//! stages.

use super::board_index::{self, PieceTo};
use super::{Game, Scores, Searchable, Structure, TableProbe};
use crate::board::{is_noisy, moves_before_game_end, stage, Checks, MoveList, Position, MAX_MOVES, SEE_VALUES};
use crate::eval::{Evaluator, MAX_EVALUATION};
use crate::nnue::{AccumulatorStack, Network};
use crate::tablebase::Wdl;
use crate::types::{Bitboard, Color, Move, MoveKind, PieceType};
use std::sync::Arc;

/// The kind of a capture's victim (a pawn en passant).
fn victim(position: &Position, m: Move) -> Option<PieceType> {
    match m.kind() {
        MoveKind::EnPassant => Some(PieceType::Pawn),
        // Chess960 castling is written king takes own rook: no capture.
        MoveKind::Castling => None,
        MoveKind::Normal | MoveKind::Promotion => position.piece_on(m.to()).map(|p| p.kind()),
    }
}

impl Game for Position {
    type Move = Move;
    type Moves = MoveList;
    type Checks = Checks;
    type Threats = Bitboard;
    type Scores = Scores<MAX_MOVES>;

    const MAX_MOVES: usize = MAX_MOVES;

    #[inline]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        Position::halfmove_clock(self)
    }

    #[inline]
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        Position::is_insufficient_material(self)
    }

    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    /// The legal captures and queen promotions: under-promotions are never
    /// worth it in a quiescence search, as in chess's.
    fn noisy_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.generate::<{ stage::NOISY }, _>(&mut moves);
        moves.retain(|m| !<Position as Game>::is_under_promotion(*m));
        moves
    }

    #[inline(always)]
    fn make(&self, m: Move) -> Position {
        self.make_move(m)
    }

    /// Every move passes the turn.
    fn same_player(&self, _: &Position) -> bool {
        false
    }

    fn plain_turn(&self) -> bool {
        true
    }

    fn has_pieces(&self) -> bool {
        self.has_non_pawn_material(self.side_to_move())
    }

    fn make_null(&self) -> Position {
        self.make_null_move()
    }

    #[inline]
    fn is_capture(&self, m: Move) -> bool {
        victim(self, m).is_some()
    }

    #[inline]
    fn is_promotion(m: Move) -> bool {
        m.kind() == MoveKind::Promotion
    }

    fn is_queen_promotion(m: Move) -> bool {
        m.promotion_piece() == Some(PieceType::Queen)
    }

    fn capture_values(&self, m: Move) -> (i32, i32) {
        let value = |kind: PieceType| SEE_VALUES[kind.index()];
        let mover = self.piece_on(m.from()).map_or(PieceType::Pawn, |p| p.kind());
        (value(victim(self, m).unwrap_or(PieceType::Pawn)), value(mover))
    }

    /// The man taken and the one promoted to, as the chess search's delta
    /// pruning counts them.
    #[inline(always)]
    fn gain(&self, m: Move) -> i32 {
        self.captured_value(m) + m.promotion_piece().map_or(0, |p| SEE_VALUES[p.index()])
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        Position::see_ge(self, m, threshold)
    }

    #[inline(always)]
    fn is_noisy(&self, m: Move) -> bool {
        is_noisy(self, m)
    }

    #[inline(always)]
    fn is_under_promotion(m: Move) -> bool {
        m.promotion_piece().is_some_and(|p| p != PieceType::Queen)
    }

    #[inline(always)]
    fn checks(&self) -> Checks {
        Position::checks(self)
    }

    #[inline(always)]
    fn gives_check(&self, checks: &Checks, m: Move) -> bool {
        self.gives_check_with(checks, m)
    }

    #[inline(always)]
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }

    #[inline(always)]
    fn generate_noisy(&self, moves: &mut MoveList) {
        self.generate::<{ stage::NOISY }, _>(moves);
    }

    #[inline(always)]
    fn generate_quiet(&self, moves: &mut MoveList) {
        self.generate::<{ stage::QUIET }, _>(moves);
    }

    /// In check, the picker's one stage: the generator gives the evasions.
    #[inline(always)]
    fn generate_evasions(&self, moves: &mut MoveList) {
        self.generate::<{ stage::ALL }, _>(moves);
    }

    fn to_table(m: Move) -> Move {
        m
    }

    fn table_move(&self, m: Move) -> Move {
        m
    }

    /// As the chess search keys its correction history.
    #[inline(always)]
    fn structure(&self) -> Structure {
        Structure::of_chess(self)
    }

    /// The squares the other side attacks: a quiet move out of an attack,
    /// or into one, is told apart in the quiet history.
    #[inline(always)]
    fn threats(&self) -> Bitboard {
        self.attacks_by(!self.side_to_move())
    }

    #[inline(always)]
    fn quiet_index(&self, threats: Bitboard, m: Move) -> usize {
        board_index::threatened_quiet_index(self.side_to_move(), threats, m)
    }

    /// A capture's, and a promotion's: the move picker orders promotions
    /// among the captures, a promotion that takes nothing keyed as taking
    /// a pawn.
    fn capture_index(&self, m: Move) -> Option<usize> {
        let mover = self.piece_on(m.from())?;
        let victim = match m.kind() {
            MoveKind::Promotion => Some(victim(self, m).unwrap_or(PieceType::Pawn)),
            _ => victim(self, m),
        }?;
        Some(board_index::capture_index(mover, m.to(), victim))
    }

    fn trail(&self, m: Move) -> Option<usize> {
        let piece = self.piece_on(m.from())?;
        Some(PieceTo { piece, to: m.to() }.index())
    }
}

/// What chess's evaluation keeps from node to node on a search thread:
/// the network's hidden layer for each ply of the line, and the hand-set
/// evaluation with its pawn table.
pub struct ChessWorkspace {
    accumulators: AccumulatorStack,
    evaluator: Evaluator,
}

impl Searchable for Position {
    type Shared = ();
    type Workspace = ChessWorkspace;

    fn new_workspace(plies: usize) -> Result<ChessWorkspace, String> {
        Ok(ChessWorkspace { accumulators: AccumulatorStack::new(plies), evaluator: Evaluator::try_new()? })
    }

    fn prepare_evaluation(&self, workspace: &mut ChessWorkspace, network: Option<&Arc<Network>>) {
        if let Some(network) = network {
            workspace.accumulators.reset(network, self);
        }
    }

    /// The network's, from this ply's accumulator, brought up to date
    /// here; the hand-crafted evaluation where a side has its king alone,
    /// whose mop-up term drives that king to the edge: self-play
    /// adjudicates such games, so the network has seen few of them (at
    /// 5,000 nodes a move it gave K+R v K away, and stalemated K+B+N v K at
    /// 20,000).
    #[inline(always)]
    fn evaluate(&self, workspace: &mut ChessWorkspace, network: Option<&Arc<Network>>, ply: usize) -> i32 {
        let value = match network {
            Some(network) if !crate::eval::king_alone(self) => workspace.accumulators.evaluate(network, ply, self),
            _ => workspace.evaluator.evaluate(self),
        };
        value.clamp(-MAX_EVALUATION, MAX_EVALUATION)
    }

    #[inline(always)]
    fn follow_move(&self, workspace: &mut ChessWorkspace, ply: usize, m: Move) {
        workspace.accumulators.push_move(ply, self, m);
    }

    #[inline(always)]
    fn follow_null_move(workspace: &mut ChessWorkspace, ply: usize) {
        workspace.accumulators.push_null_move(ply);
    }

    /// The default's rule, with the legal moves counted rather than listed.
    #[inline(always)]
    fn is_fifty_move_draw(&self) -> bool {
        self.halfmove_clock() >= 100 && (!self.in_check() || self.count_legal_moves() > 0)
    }

    /// With few enough men and no castling right, right after a capture or
    /// pawn move (the tables know nothing of the fifty-move counter).
    #[inline(always)]
    fn probe_tables(&self, probe: &TableProbe, depth: i32) -> Option<Wdl> {
        if probe.pieces == 0 || self.halfmove_clock() != 0 {
            return None;
        }
        let pieces = self.occupied().count();
        if pieces > probe.pieces
            || (pieces == probe.pieces && depth < probe.depth)
            || !self.castling_rights().is_empty()
        {
            return None;
        }
        probe.tables.as_deref().and_then(|t| t.probe_wdl(self))
    }

    fn clock_side(&self) -> Color {
        self.side_to_move()
    }

    fn moves_before_game_end(&self, keys: &[u64], line: &[Move]) -> usize {
        moves_before_game_end(self, keys, line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::random::Random;

    /// Positions along random games from a few starts, castling, en
    /// passant and promotions among them.
    fn random_positions() -> Vec<Position> {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            "8/P5k1/8/8/8/8/6Kp/8 w - - 0 1",
            "8/8/8/4k3/8/8/8/1Q2K3 w - - 0 1",
        ];
        let mut random = Random::new(28);
        let mut positions = Vec::new();
        for fen in starts {
            for _ in 0..20 {
                let mut position = Position::from_fen(fen).unwrap();
                for _ in 0..60 {
                    positions.push(position);
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position = position.make_move(moves[random.below(moves.len() as u64) as usize]);
                }
            }
        }
        positions
    }

    #[test]
    fn captures_are_the_moves_that_take_a_man() {
        let mut castlings = 0;
        let mut en_passants = 0;
        for position in random_positions() {
            let them = !position.side_to_move();
            for m in position.legal_moves() {
                // A capture is a move after which the other side has a man
                // fewer.
                let takes = position.make_move(m).color(them).count() < position.color(them).count();
                assert_eq!(position.is_capture(m), takes, "{} in {}", m.to_uci(true), position.fen());
                assert_eq!(position.capture_index(m).is_some(), takes || m.kind() == MoveKind::Promotion);
                castlings += usize::from(m.kind() == MoveKind::Castling);
                en_passants += usize::from(m.kind() == MoveKind::EnPassant);
            }
        }
        // Chess960 castling is written king takes own rook: not a capture.
        assert!(castlings > 0 && en_passants > 0, "{castlings} castlings, {en_passants} en passant");
    }

    #[test]
    fn noisy_moves_are_the_captures_and_queen_promotions() {
        for position in random_positions() {
            let noisy = Game::noisy_moves(&position);
            let expected: Vec<Move> = position
                .legal_moves()
                .into_iter()
                .filter(|&m| {
                    let promotion = m.promotion_piece();
                    promotion.is_none_or(|p| p == PieceType::Queen) && (position.is_capture(m) || promotion.is_some())
                })
                .collect();
            let mut got = noisy.to_vec();
            let mut want = expected;
            got.sort_by_key(|m| m.bits());
            want.sort_by_key(|m| m.bits());
            assert_eq!(got, want, "{}", position.fen());
        }
    }
}
