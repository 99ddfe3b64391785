//! The variant position: the board (chess's bitboards and mailbox) and the
//! state the variants add: ghosts, hands, the capture whose piece waits to
//! be placed, the ghosts waiting to come back, and the turn structure.

use super::hands::Hands;
use super::returns::Returns;
use super::turn::{Player, SwapClock, Turn};
use super::zobrist::VARIANT_KEYS;
use super::Variant;
use crate::board::attacks::pawn_attacks;
use crate::board::{Board, ChessArmy, Rules};
use crate::types::{Bitboard, Color, Piece, PieceType, Square};

/// The state the variants' rules keep beside the board (the extension of
/// [`Board`] that makes a variant position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantRules {
    pub(super) variant: Variant,
    /// Pieces that came back as ghosts (ghost chess): they cannot be taken.
    pub(super) ghosts: Bitboard,
    pub(super) hands: Hands,
    /// The square of the capture whose piece waits in the hand of the side
    /// to move (reinforced and returning chess).
    pub(super) pending: Option<Square>,
    pub(super) returns: Returns,
    /// The place in the turn; its side is the board's side to move
    /// ([`VariantPosition::set_turn`] keeps them together).
    pub(super) turn: Turn,
    /// Turning chess: when the players swap colours next.
    pub(super) swap: SwapClock,
    /// Mined chess: the known mines of each colour (where the other colour's
    /// pieces explode) and how many of each colour's mines lie on squares
    /// not known here.
    pub(super) mines: [Bitboard; 2],
    pub(super) unknown_mines: [u8; 2],
    /// The pieces' part of the key, kept up to date by the placement hooks
    /// below (`refresh` adds the rest).
    pub(super) board_key: u64,
}

/// The men's moves keep the pieces' part of the key (the board's own key is
/// made anew by `refresh`); a man lifted from a square takes its ghost mark
/// with it (the mover's comes back where it lands). The key adds the
/// ghosts, the hands, the piece waiting to be placed, the returns, the
/// mines and the place in the turn.
impl Rules for VariantRules {
    type Army = ChessArmy;

    #[inline(always)]
    fn placed(&mut self, _: Piece, _: Square, key: u64) {
        self.board_key ^= key;
    }

    #[inline(always)]
    fn lifted(&mut self, _: Piece, square: Square, key: u64) {
        self.board_key ^= key;
        self.ghosts = self.ghosts.without(square.bitboard());
    }

    #[inline(always)]
    fn moved(&mut self, _: Piece, from: Square, _: Square, delta: u64) {
        self.board_key ^= delta;
        self.ghosts = self.ghosts.without(from.bitboard());
    }

    fn key(&self) -> u64 {
        let mut key = 0;
        for square in self.ghosts {
            key ^= VARIANT_KEYS.ghost[square.index()];
        }
        for color in Color::ALL {
            for kind in self.hands.kinds(color) {
                key ^= VARIANT_KEYS.hand[color.index()][kind.index()][self.hands.count(color, kind).min(31) as usize];
            }
        }
        if let Some(square) = self.pending {
            key ^= VARIANT_KEYS.pending[square.index()];
        }
        let mut depth = [0u32; 64];
        for (square, piece) in self.returns.iter() {
            key ^= VARIANT_KEYS.waiting[piece as usize][square.index()].rotate_left(depth[square.index()]);
            depth[square.index()] += 1;
        }
        for color in Color::ALL {
            for square in self.mines[color.index()] {
                key ^= VARIANT_KEYS.mine[color.index()][square.index()];
            }
            key ^= VARIANT_KEYS.unknown_mines[color.index()][self.unknown_mines[color.index()].min(2) as usize];
        }
        key ^ turn_key(self.turn, self.swap)
    }

    const LEGAL_MOVES: bool = false;

    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    #[inline(always)]
    fn untakable(&self) -> Bitboard {
        self.ghosts
    }

    #[inline(always)]
    fn pawn_double_step(&self) -> bool {
        self.variant.pawn_double_step()
    }

    #[inline(always)]
    fn castles(&self) -> bool {
        self.variant.castling()
    }
}

/// A position of a variant game: the chess board with the variants' state.
/// Built only by FEN parsing and by making legal actions, so that it always
/// satisfies its variant's rules. The king may be missing (in hand, or
/// exploded), and the checkers are those of the side to move's king where
/// it stands.
pub type VariantPosition = Board<VariantRules>;

impl VariantPosition {
    pub(super) fn empty(variant: Variant) -> VariantPosition {
        Board::with_rules(VariantRules {
            variant,
            ghosts: Bitboard::EMPTY,
            hands: Hands::default(),
            pending: None,
            returns: Returns::default(),
            turn: Turn::single(Color::White),
            swap: SwapClock::default(),
            mines: [Bitboard::EMPTY; 2],
            unknown_mines: [0; 2],
            board_key: 0,
        })
    }

    /// Sets the place in the turn, and the side to move with it.
    #[inline(always)]
    pub(super) fn set_turn(&mut self, turn: Turn) {
        self.rules.turn = turn;
        self.side_to_move = turn.side;
    }

    /// The variant's starting position: the standard array, or for
    /// placement chess an empty board with both armies in hand.
    pub fn startpos(variant: Variant) -> VariantPosition {
        VariantPosition::from_fen(variant, super::fen::start_fen(variant)).expect("the start position parses")
    }

    /// The start position; in turning chess the players swap sides after
    /// every `period` moves each (clamped to 1 to 100).
    pub fn startpos_with_period(variant: Variant, period: u8) -> VariantPosition {
        VariantPosition::from_fen_with_period(variant, super::fen::start_fen(variant), period)
            .expect("the start position parses")
    }

    /// Marseillais chess under the balanced rule: the position with White's
    /// turn cut to one move (the start of a game); any other position as it
    /// is.
    pub fn with_first_turn_of_one_move(mut self) -> VariantPosition {
        let first = self.rules.variant.turn_order() == super::TurnOrder::Double
            && self.rules.turn.side == Color::White
            && !self.rules.turn.in_progress();
        if first {
            self.set_turn(Turn::single(Color::White));
            self.refresh();
        }
        self
    }

    // ----- Accessors -------------------------------------------------------

    #[inline(always)]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    #[inline(always)]
    pub fn turn(&self) -> Turn {
        self.rules.turn
    }

    /// The ghosts of both sides.
    #[inline(always)]
    pub fn ghosts(&self) -> Bitboard {
        self.rules.ghosts
    }

    pub fn hands(&self) -> &Hands {
        &self.rules.hands
    }

    /// The square of the capture whose piece waits to be placed by the side
    /// to move, if one does.
    pub fn pending(&self) -> Option<Square> {
        self.rules.pending
    }

    /// The captured pieces waiting to come back as ghosts.
    pub fn returns(&self) -> &Returns {
        &self.rules.returns
    }

    /// The king of `color`; none while it is still in hand.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        let king = self.pieces(color, PieceType::King);
        king.any().then(|| king.lsb())
    }

    /// Turning chess: the moves left before the players swap colours.
    pub fn swap_clock(&self) -> SwapClock {
        self.rules.swap
    }

    /// The player who made the move that led here (meaningless at the start
    /// of a game, where no move was made).
    pub fn previous_player(&self) -> Player {
        let same = match self.rules.variant.turn_order() {
            super::TurnOrder::Swapping => self.rules.swap.just_swapped(),
            _ => self.rules.turn.in_progress(),
        };
        if same {
            self.rules.turn.player
        } else {
            self.rules.turn.player.other()
        }
    }

    /// Mined chess: the known mines of `color`.
    #[inline(always)]
    pub fn mines(&self, color: Color) -> Bitboard {
        self.rules.mines[color.index()]
    }

    /// Mined chess: the mines of `color` whose squares are not known.
    #[inline(always)]
    pub fn unknown_mines(&self, color: Color) -> u32 {
        self.rules.unknown_mines[color.index()] as u32
    }

    /// Mined chess: the mines `color` still has to lay (one after a piece
    /// exploded on its mine, to keep two).
    #[inline(always)]
    pub fn mines_to_lay(&self, color: Color) -> u32 {
        if !self.rules.variant.has_mines() {
            return 0;
        }
        super::mines::MINES_EACH.saturating_sub(self.mines(color).count() + self.unknown_mines(color))
    }

    /// Mined chess: the side that has lost to a mine, if one has: its king
    /// exploded, or an explosion of its own piece left its king attacked
    /// with the other side to move.
    #[inline]
    pub fn mine_loser(&self) -> Option<Color> {
        if !self.rules.variant.has_mines() {
            return None;
        }
        let mover = !self.side_to_move();
        (self.king_square(mover).is_none() || self.king_attacked(mover)).then_some(mover)
    }

    /// Losing chess (`losers`): the side left with its king alone, which
    /// has won; the game is over and no side moves.
    #[inline]
    pub fn bare_king(&self) -> Option<Color> {
        if self.rules.variant.goal() != super::Goal::BeMated {
            return None;
        }
        Color::ALL.into_iter().find(|&color| !self.color(color).has_many())
    }

    /// Whether `color` is still placing its army (placement chess).
    #[inline(always)]
    pub fn is_placing(&self, color: Color) -> bool {
        self.rules.variant.placement() != super::Placement::None && !self.rules.hands.is_empty(color)
    }

    /// The rules book's placement chess: whether `color`, its army placed,
    /// waits for the other's, since no man moves on the board before every
    /// piece is placed ("Une fois toutes les pièces placées, la partie
    /// proprement dite débute"); meanwhile it passes, or its king steps out
    /// of a check.
    #[inline(always)]
    pub fn waits_for_set_up(&self, color: Color) -> bool {
        self.rules.variant.placement() == super::Placement::OwnTwoRanks
            && self.rules.hands.is_empty(color)
            && !self.rules.hands.is_empty(!color)
    }

    /// The piece that waits to be placed by the side to move, with the
    /// square of the capture that put it in hand.
    pub fn pending_piece(&self) -> Option<(Piece, Square)> {
        let square = self.rules.pending?;
        let us = self.side_to_move();
        let kind = self.rules.hands.kinds(us).next()?;
        Some((Piece::new(us, kind), square))
    }

    // ----- Attacks ---------------------------------------------------------

    /// Whether `color`'s king stands attacked; false while it is in hand.
    #[inline]
    pub fn king_attacked(&self, color: Color) -> bool {
        match self.king_square(color) {
            Some(king) => self.attackers(!color, king, self.occupied()).any(),
            None => false,
        }
    }

    /// The squares a piece of kind `kind` and colour `color` on `square`
    /// attacks.
    #[inline]
    pub fn attacks_from(&self, color: Color, kind: PieceType, square: Square, occupied: Bitboard) -> Bitboard {
        match kind {
            PieceType::Pawn => pawn_attacks(color, square),
            other => crate::board::attacks::piece_attacks(other, square, occupied),
        }
    }

    // ----- Piece placement -------------------------------------------------

    pub(super) fn remove(&mut self, square: Square) -> Option<Piece> {
        let piece = self.piece_on(square)?;
        self.remove_piece::<true>(piece, square);
        Some(piece)
    }

    /// Recomputes the key (the pieces' part kept as they moved, the rest,
    /// a few fields, anew) and the checkers after a change.
    pub(super) fn refresh(&mut self) {
        debug_assert_eq!(self.side_to_move, self.rules.turn.side);
        self.key = self.rules.board_key ^ self.state_key();
        debug_assert_eq!(self.key, self.compute_key());
        let us = self.side_to_move();
        self.checkers = match self.king_square(us) {
            Some(king) => self.attackers(!us, king, self.occupied()),
            None => Bitboard::EMPTY,
        };
    }

    /// Every man of `color`: on the board, in hand and waiting to return.
    pub fn men(&self, color: Color) -> u32 {
        self.color(color).count()
            + self.rules.hands.total(color)
            + self.rules.returns.iter().filter(|(_, piece)| piece.color() == color).count() as u32
    }
}

/// The key of the place in the turn, the player who owns the move where it
/// is not the colour's, and the swap clock: nothing for the first move of a
/// plain turn of the colour's player, so that such a position hashes as in
/// chess.
fn turn_key(turn: Turn, swap: SwapClock) -> u64 {
    let foreign = turn.player != Player::owning(turn.side);
    if turn.index == 0 && turn.length == 1 && !foreign && swap.period == 0 {
        return 0;
    }
    super::zobrist::turn_key(
        turn.index as u64
            | (turn.length as u64) << 8
            | (foreign as u64) << 16
            | (swap.left as u64) << 24
            | (swap.period as u64) << 32,
    )
}
