//! The variants in the search (src/search/search.rs, over the `Game` trait
//! and the hooks of src/search/hooks.rs): where their rules change what the
//! search may assume. A node's score belongs to the player who owns its
//! move; a turn of several moves (a capture and its placement, a Marseillais
//! turn) is several plies of one player; a mined square may hide a secret
//! mine; losing chess forces captures and turns the goal around.

use super::action::{Action, ActionList, MAX_ACTIONS};
use super::eval::{evaluate_with, judged_by_network, VALUES};
use super::mines::MineOdds;
use super::position::VariantPosition;
use super::{CaptureRule, Goal, TurnOrder, Variant};
use crate::board::CastlingSide;
use crate::eval::MAX_EVALUATION;
use crate::game::board_index::{self, PieceTo};
use crate::game::score::{DRAW, MATE};
use crate::game::{hash_men, Chance, Game, Scores, Searchable, Structure, CHANCE_DECISIVE, ODDS_ONE};
use crate::nnue::{AccumulatorCache, Network, NetworkGame};
use crate::types::{Bitboard, Color, Move, MoveKind, Piece, PieceType};
use std::sync::Arc;

/// The evaluation of `position` for the player who owns the move: the
/// network's judgement of the men on the board where the variant is judged
/// by it and a network is given (`Use NNUE`), from the search thread's
/// accumulator of the last board it judged, within the hand-set terms.
pub fn evaluate_cached(
    position: &VariantPosition,
    network: Option<&Arc<Network>>,
    cache: &mut AccumulatorCache,
) -> i32 {
    let network_score = match network {
        Some(network) if judged_by_network(position) => Some(cache.evaluate(network, position)),
        _ => None,
    };
    evaluate_with(position, network_score).clamp(-MAX_EVALUATION, MAX_EVALUATION)
}

/// The score of the player to move when the side to move has no legal
/// action: mated (lost; won in losing chess, and won where the player's own
/// last move, with the other colour, gave the mate), stalemated (drawn, but
/// won in losing chess), or in losing chess a side left with its king alone
/// (won for that side); and in mined chess, won where the other player's
/// last move exploded.
pub(super) fn no_move_score(position: &VariantPosition, ply: usize) -> i32 {
    if position.mine_loser().is_some() {
        // Mined chess: the other player lost to a mine with its last move.
        return MATE - ply as i32;
    }
    let losers = position.variant().goal() == Goal::BeMated;
    if let Some(bare) = position.bare_king() {
        // Losing chess: the side left with its king alone has won.
        return if bare == position.side_to_move() { MATE - ply as i32 } else { -MATE + ply as i32 };
    }
    if !position.in_check() {
        // Stalemate: a draw, but in losing chess a win for the stalemated.
        return if losers { MATE - ply as i32 } else { DRAW };
    }
    // Only where players change colours can the mating move have been the
    // player's own (with the other colour); elsewhere the other player gave
    // the check (no move or placement leaves one's own king in check).
    let own_mate = position.variant().turn_order().players_change_colours()
        && position.previous_player() == position.turn().player;
    match position.variant().goal() {
        Goal::GiveMate if own_mate => MATE - ply as i32,
        Goal::GiveMate => -MATE + ply as i32,
        Goal::BeMated => MATE - ply as i32,
    }
}

/// The man an action moves or places, and where it lands, as the
/// continuation history keys it; None for a pass or a mine.
fn piece_to(position: &VariantPosition, action: Action) -> Option<PieceTo> {
    if let Some(kind) = action.drop_kind() {
        return Some(PieceTo { piece: Piece::new(position.side_to_move(), kind), to: action.to() });
    }
    if action.is_placement() || action == Action::PASS {
        return None;
    }
    let piece = position.piece_on(action.as_move().from())?;
    Some(PieceTo { piece, to: action.to() })
}

/// A capture's mover (None only for a square without one) and the kind of
/// its victim.
fn capture_parts(position: &VariantPosition, action: Action) -> (Option<Piece>, PieceType) {
    let m = action.as_move();
    let victim = match m.kind() {
        MoveKind::EnPassant => PieceType::Pawn,
        _ => position.piece_on(m.to()).map_or(PieceType::Pawn, |p| p.kind()),
    };
    (position.piece_on(m.from()), victim)
}

impl Searchable for VariantPosition {
    /// The odds of the secret mines.
    type Shared = MineOdds;
    /// The hidden layer of the last board the network judged.
    type Workspace = AccumulatorCache;

    const ALTERNATING_PLIES: bool = false;
    const BOUNDED_QUIESCENCE: bool = true;
    const CHECK_BY_MAKING: bool = true;

    fn network_game(&self) -> NetworkGame {
        self.variant().network_game()
    }

    fn new_workspace(_plies: usize) -> Result<AccumulatorCache, String> {
        Ok(AccumulatorCache::default())
    }

    fn evaluate(&self, cache: &mut AccumulatorCache, network: Option<&Arc<Network>>, _ply: usize) -> i32 {
        evaluate_cached(self, network, cache)
    }

    fn clock_side(&self) -> Color {
        self.side_to_move()
    }

    /// Mined chess: a move onto a square that may hide a secret mine of the
    /// other side is worth the odds-weighted mean of the searched move (no
    /// mine) and of its explosion, judged statically.
    fn chance(
        &self,
        cache: &mut AccumulatorCache,
        network: Option<&Arc<Network>>,
        odds: &MineOdds,
        action: Action,
    ) -> Option<Chance> {
        let us = self.side_to_move();
        let them = !us;
        if self.unknown_mines(them) == 0 || action.is_placement() || action == Action::PASS {
            return None;
        }
        let m = action.as_move();
        let king = self.piece_on(m.from()).is_some_and(|p| p.kind() == PieceType::King);
        // A castling king explodes on any square of its path, the squares it
        // passes over and its castling square (the rook's landing square is
        // the square it passes, or is not weighed), and its loss decides:
        // the odds of the path add up.
        let square = if m.is_castling() { CastlingSide::of(m.from(), m.to()).king_destination(us) } else { m.to() };
        let path = square.bitboard() | self.king_passage(m);
        if (path & self.mines(them)).any() {
            return None;
        }
        let odds = path.into_iter().map(|s| odds.on(them, s)).sum::<u32>();
        if odds == 0 {
            return None;
        }
        if odds >= ODDS_ONE || king {
            return Some(Chance { odds: odds.min(ODDS_ONE), blast: -CHANCE_DECISIVE });
        }
        let mined = self.with_revealed_mine(them, square)?;
        let exploded = mined.make_unchecked(action);
        let blast = if exploded.mine_loser().is_some() {
            -CHANCE_DECISIVE
        } else {
            (-evaluate_cached(&exploded, network, cache)).clamp(-CHANCE_DECISIVE, CHANCE_DECISIVE)
        };
        Some(Chance { odds, blast })
    }
}

impl Game for VariantPosition {
    type Move = Action;
    type Moves = ActionList;
    type Checks = ();
    type Threats = Bitboard;
    type Scores = Scores<MAX_ACTIONS>;

    const MAX_MOVES: usize = MAX_ACTIONS;

    #[inline]
    fn key(&self) -> u64 {
        VariantPosition::key(self)
    }

    #[inline]
    fn halfmove_clock(&self) -> u32 {
        VariantPosition::halfmove_clock(self)
    }

    #[inline]
    fn in_check(&self) -> bool {
        VariantPosition::in_check(self)
    }

    fn is_insufficient_material(&self) -> bool {
        VariantPosition::is_insufficient_material(self)
    }

    fn legal_moves(&self) -> ActionList {
        self.legal_actions()
    }

    fn noisy_moves(&self) -> ActionList {
        self.legal_noisy_actions()
    }

    fn make(&self, action: Action) -> VariantPosition {
        VariantPosition::make(self, action)
    }

    fn lazy_legality(&self) -> bool {
        VariantPosition::lazy_legality(self)
    }

    fn candidate_moves(&self) -> ActionList {
        self.candidate_actions()
    }

    fn candidate_noisy_moves(&self) -> ActionList {
        self.candidate_noisy_actions()
    }

    fn make_if_legal(&self, action: Action) -> Option<VariantPosition> {
        VariantPosition::make_if_legal(self, action)
    }

    fn same_player(&self, child: &VariantPosition) -> bool {
        child.turn().player == self.turn().player
    }

    fn won_by_last_move(&self) -> bool {
        self.mine_loser().is_some()
    }

    fn ended(&self) -> bool {
        self.bare_king().is_some()
    }

    fn no_move_score(&self, ply: usize) -> i32 {
        no_move_score(self, ply)
    }

    /// The best a node can hope for: to mate at the next ply (here, where a
    /// player may have mated with the other colour or a mine may explode),
    /// or in losing chess to be mated here; the worst: the reverse.
    fn mate_bounds(&self, ply: usize) -> (i32, i32) {
        let own_mate_here = self.variant().turn_order().players_change_colours() || self.variant().has_mines();
        match self.variant().goal() {
            Goal::GiveMate => (-MATE + ply as i32, MATE - ply as i32 - i32::from(!own_mate_here)),
            Goal::BeMated => (-MATE + ply as i32 + 1, MATE - ply as i32),
        }
    }

    fn plain_turn(&self) -> bool {
        self.pending().is_none()
            && self.turn().length == 1
            && self.variant().turn_order() == TurnOrder::Alternate
            && !self.is_placing(self.side_to_move())
            && !self.waits_for_set_up(self.side_to_move())
            && self.variant().goal() == Goal::GiveMate
    }

    /// Not while either army is still being placed: the men in hand will
    /// change the board, and the static eval cannot judge a quiet move's
    /// worth against them. Not in returning chess, where a man taken comes
    /// back: its late quiet moves pruned (late-move, futility and history
    /// pruning) cost 107 Elo in games (-101.2 +/- 71.5 against +5.8 +/-
    /// 67.1, 60 games each at 50 ms a move against the game search before).
    fn prunes_quiets(&self) -> bool {
        self.plain_turn()
            && !self.is_placing(crate::types::Color::White)
            && !self.is_placing(crate::types::Color::Black)
            && self.variant().capture_rule() != CaptureRule::Returns
    }

    fn has_pieces(&self) -> bool {
        let us = self.side_to_move();
        (self.color(us) & !self.kind(PieceType::Pawn) & !self.kind(PieceType::King)).any()
    }

    fn make_null(&self) -> VariantPosition {
        VariantPosition::make_null(self)
    }

    /// A placement waits, an army is being placed or waits for the other's
    /// (out of check), or a mine is to be laid.
    fn quiet_by_rule(&self) -> bool {
        let us = self.side_to_move();
        let set_up = self.is_placing(us) || self.waits_for_set_up(us);
        self.pending().is_some() || (set_up && !self.in_check()) || self.mines_to_lay(us) > 0
    }

    fn captures_compulsory(&self) -> bool {
        self.variant().captures_compulsory()
    }

    #[inline]
    fn is_capture(&self, action: Action) -> bool {
        VariantPosition::is_capture(self, action)
    }

    /// A board move that promotes (drops and mines share its bits).
    #[inline]
    fn is_promotion(action: Action) -> bool {
        !action.is_placement() && action != Action::PASS && action.as_move().kind() == MoveKind::Promotion
    }

    fn is_queen_promotion(action: Action) -> bool {
        Self::is_promotion(action) && action.as_move().promotion_piece() == Some(PieceType::Queen)
    }

    fn is_placement(action: Action) -> bool {
        action.is_placement()
    }

    fn capture_values(&self, action: Action) -> (i32, i32) {
        let (mover, victim) = capture_parts(self, action);
        let attacker = mover.map_or(PieceType::Pawn, |p| p.kind());
        (VALUES[victim.index()], VALUES[attacker.index()])
    }

    /// The victim's value (a pawn's for a move that takes none), and what
    /// a promotion adds.
    fn gain(&self, action: Action) -> i32 {
        let taken = match self.piece_on(action.to()) {
            Some(victim) if self.is_capture(action) => VALUES[victim.kind().index()],
            _ => VALUES[PieceType::Pawn.index()],
        };
        let promoted = match action.as_move().promotion_piece() {
            Some(kind) if Self::is_promotion(action) => VALUES[kind.index()] - VALUES[PieceType::Pawn.index()],
            _ => 0,
        };
        taken + promoted
    }

    /// Chess's exchange, in a plain turn of a game whose captured men
    /// leave the board (placement chess, both kinds). Not mined chess: a
    /// man that recaptures onto a mine is lost with the one it took.
    fn see_ge(&self, action: Action, threshold: i32) -> bool {
        if self.variant().capture_rule() != CaptureRule::Removed
            || self.variant() == Variant::Mined
            || !self.plain_turn()
            || action.is_placement()
            || action == Action::PASS
        {
            return true;
        }
        self.pieces.see_ge(action.as_move(), threshold)
    }

    fn to_table(action: Action) -> Move {
        action.as_move()
    }

    fn table_move(&self, m: Move) -> Action {
        Action::from_bits(m.bits())
    }

    /// The pawns on the board; each colour's other men with its ghosts and
    /// what it holds in hand.
    fn structure(&self) -> Structure {
        let others = |color: Color| {
            let [pawns, knights, bishops, rooks, queens, kings] = self.hands().counts(color);
            let hand = u64::from_le_bytes([pawns, knights, bishops, rooks, queens, kings, 0, 0]);
            hash_men(
                [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen, PieceType::King]
                    .map(|kind| self.pieces(color, kind).0)
                    .into_iter()
                    .chain([(self.ghosts() & self.color(color)).0, hand]),
            )
        };
        Structure {
            side: self.side_to_move(),
            pawns: hash_men([
                self.pieces(Color::White, PieceType::Pawn).0,
                self.pieces(Color::Black, PieceType::Pawn).0,
            ]),
            others: [others(Color::White), others(Color::Black)],
        }
    }

    /// The squares the other side attacks, as in chess: a quiet move out of
    /// an attack or into one, and a piece placed on an attacked square, are
    /// told apart in the quiet history.
    #[inline(always)]
    fn threats(&self) -> Bitboard {
        self.attacks_by(!self.side_to_move())
    }

    /// A placement on `s` is keyed as the move `s`-`s`.
    fn quiet_index(&self, threats: Bitboard, action: Action) -> usize {
        board_index::threatened_quiet_index(self.side_to_move(), threats, action.as_move())
    }

    fn capture_index(&self, action: Action) -> Option<usize> {
        let (mover, victim) = capture_parts(self, action);
        Some(board_index::capture_index(mover?, action.to(), victim))
    }

    fn trail(&self, action: Action) -> Option<usize> {
        piece_to(self, action).map(PieceTo::index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    fn position(variant: Variant, fen: &str) -> VariantPosition {
        VariantPosition::from_fen(variant, fen).unwrap()
    }

    #[test]
    fn the_quiet_history_tells_a_move_into_an_attack_apart() {
        use crate::types::Square;
        let index = |variant: &str, fen: &str, action: Action| {
            let p = position(Variant::from_name(variant).unwrap(), fen);
            p.quiet_index(p.threats(), action)
        };
        // The knight's g1f3, with and without a black pawn on e4 or g4
        // attacking f3.
        let knight = Action::board(Move::new(Square::G1, Square::F3));
        let calm = "4k3/8/8/8/8/8/8/4K1N1 w - - 0 1";
        let attacked = "4k3/8/8/8/6p1/8/8/4K1N1 w - - 0 1";
        for variant in ["ghost", "reinforced", "losers"] {
            assert_ne!(index(variant, calm, knight), index(variant, attacked, knight), "{variant}");
        }
        // A placement on an attacked square (c1, by the knight on d3)
        // against the same placement with the knight elsewhere (h5); a1 is
        // calm in both.
        let attacked = "rnbqkb1r/pppppppp/8/8/8/3n4/PPPPPPPP/8[KQRRBBNN] w - - 0 9";
        let calm = "rnbqkb1r/pppppppp/8/7n/8/8/PPPPPPPP/8[KQRRBBNN] w - - 0 9";
        let drop_on = |s| Action::drop(PieceType::Knight, s);
        let on = |fen, s| index("placement", fen, drop_on(s));
        assert_ne!(on(attacked, Square::C1), on(calm, Square::C1));
        assert_eq!(on(attacked, Square::A1), on(calm, Square::A1));
    }

    #[test]
    fn quiet_moves_are_pruned_only_in_plain_turns_with_no_army_in_hand() {
        let start = |v: &str| VariantPosition::startpos(Variant::from_name(v).unwrap());
        // Armies in hand: the placement variants' start, and one side still
        // placing while the other moves.
        assert!(!start("placement").prunes_quiets());
        assert!(!start("vandien").prunes_quiets());
        let one_placing = position(
            Variant::from_name("placement").unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNN] b - - 0 9",
        );
        assert!(one_placing.is_placing(crate::types::Color::White));
        assert!(!one_placing.prunes_quiets());
        // Plain turns: ghost, mined, reinforced chess from the start.
        for name in ["ghost", "mined", "reinforced"] {
            assert!(start(name).prunes_quiets(), "{name}");
        }
        // Turns of several moves, the goal of being mated, or men that come
        // back when taken: never.
        for name in ["marseillais", "progressive", "camps", "losers", "returning"] {
            assert!(!start(name).prunes_quiets(), "{name}");
        }
    }

    #[test]
    fn a_mated_player_has_lost_unless_its_own_move_mated() {
        // Returning chess: Black mated by White's move, at the start of its
        // turn (never after its own placement, which may not leave its king
        // in check: such a FEN is refused): lost.
        let returning = position(Variant::Returning, "4R2k/6pp/8/8/8/8/8/4K3[] b - - 0 30");
        assert!(returning.legal_actions().is_empty() && returning.in_check());
        assert_eq!(no_move_score(&returning, 3), -MATE + 3);
        // Two opposed camps: the second player's Black move mated White,
        // whose move is the second player's too: won.
        let camps = position(Variant::Camps, "6k1/8/8/8/8/8/5PPP/1r4K1 w - - 0 10 player=2");
        assert!(camps.legal_actions().is_empty() && camps.in_check());
        assert_eq!(no_move_score(&camps, 3), MATE - 3);
        // Black mated at the start of a turn, by the other player's White
        // move: lost.
        let lost = position(Variant::Camps, "1R4k1/5ppp/8/8/8/8/8/6K1 b - - 0 10");
        assert!(lost.legal_actions().is_empty() && lost.in_check());
        assert_eq!(no_move_score(&lost, 3), -MATE + 3);
    }
}
