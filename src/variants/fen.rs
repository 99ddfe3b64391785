//! The variant FEN: chess's FEN with what the variants add.
//!
//! ```text
//! <board>[<hand>] <side> <castling> <en passant> [<halfmove> <fullmove>] [capture=<square>] [returns=<square>:<pieces>,...] [turn=<move>/<moves>] [player=<1|2>] [swap=<moves>/<period>] [mines=<white>/<black>]
//! ```
//!
//! - `[<hand>]`, after the board: the pieces waiting to be placed, White's
//!   in upper case (the crazyhouse and Fairy-Stockfish convention), e.g.
//!   `[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp]`. Written for placement, reinforced
//!   and returning chess (`[]` when empty).
//! - `*` after a piece letter on the board: that piece is a ghost.
//! - `capture=e5`: a piece waits in the hand of the side to move because of
//!   the capture made on e5 (reinforced and returning chess).
//! - `returns=d4:Np,e5:q`: ghost chess: the pieces taken on each square, in
//!   the order they were taken, waiting to come back there.
//! - `turn=2/2`: the next move is the second of a turn of two, where the
//!   rest of the FEN does not say so (returning chess: the move after a
//!   piece given back was placed; Marseillais and progressive chess: a
//!   move after the first of a turn). A pending placement implies its turn;
//!   without `turn=`, the move is the first of its turn, whose length the
//!   variant gives (progressive chess: turn `2 * fullmove - 1` for White,
//!   `2 * fullmove` for Black, as many moves).
//! - `player=2`: the player who owns the next move, where it is not the
//!   colour's (White's first player, Black's second): two opposed camps and
//!   turning chess.
//! - `mines=c3,f4/?,e6`: mined chess: White's mines, then Black's, each a
//!   square where it is known and `?` where it is secret (written always;
//!   without it every mine is secret). The side not to move has two; the
//!   side to move has one only when a man has just exploded on its other,
//!   which it lays anew before it moves.
//! - `swap=7/5`: turning chess: 7 moves of the game are left before the
//!   players swap colours, after every 5 moves each (written always; without
//!   it a period of the session's `Turning Moves` begins).

use super::hands::Hands;
use super::position::VariantPosition;
use super::returns::Returns;
use super::turn::{Player, SwapClock, Turn};
use super::{CaptureRule, Placement, TurnOrder, Variant};
use crate::board::fen_fields::{
    check_field_count, read_fullmove_number, read_halfmove_clock, read_side_to_move, write_fields,
};
use crate::board::{
    army_is_reachable, read_castling, read_en_passant, read_placement, write_castling, write_placement, FenError,
    STARTPOS_FEN,
};
use crate::types::{Bitboard, Color, File, Piece, PieceType, Rank, Square};
use std::fmt;

/// The start of the rules book's placement chess (`vandien`): an empty
/// board, both armies in hand.
pub const VANDIEN_START_FEN: &str = "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1";

/// The start of placement chess as GUIs play it (pre-chess): the pawns on
/// their ranks, the pieces in hand.
pub const PLACEMENT_START_FEN: &str = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";

/// The start position of `variant` as FEN.
pub fn start_fen(variant: Variant) -> &'static str {
    match variant.placement() {
        Placement::OwnTwoRanks => VANDIEN_START_FEN,
        Placement::FirstRank => PLACEMENT_START_FEN,
        Placement::None => match variant.capture_rule() {
            CaptureRule::Reinforces | CaptureRule::Returns => {
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
            }
            CaptureRule::Removed | CaptureRule::Haunts => STARTPOS_FEN,
        },
    }
}

/// Why a variant FEN was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFenError {
    /// A fault chess's FEN has too (its message says which).
    Chess(FenError),
    /// A `[` without its `]`, or text after the `]`.
    UnclosedHand,
    BadHandLetter(char),
    /// A hand field (`[]` too) in a variant that has no hands.
    HandNotAllowed(Variant),
    /// A `*` that follows no piece letter.
    MisplacedGhostMark,
    /// A ghost in a variant other than ghost chess.
    GhostNotAllowed(Variant),
    /// Kings are never taken, so never come back as ghosts.
    GhostKing(Square),
    /// A castling right whose rook is a ghost.
    GhostCastlingRook(Square),
    /// A word after the fullmove number that is not `capture=`, `returns=`,
    /// `turn=`, `player=` or `swap=`.
    UnknownField(String),
    RepeatedField(&'static str),
    BadCaptureSquare(String),
    /// `capture=` in a variant where captures put nothing in hand.
    CaptureNotAllowed(Variant),
    /// Reinforced and returning chess: a piece in hand needs `capture=`.
    HandWithoutCapture,
    /// `capture=` with no piece in the hand of the side to move.
    CaptureWithoutHand,
    /// Reinforced and returning chess: only one piece, in the hand of the
    /// side to move, can be waiting.
    HandNotOnePieceOfSideToMove,
    /// The capture square must hold the piece that made the capture.
    NoCapturerOn(Square),
    /// The waiting piece has no square it may be placed on.
    NoSquareForPending,
    BadReturns(String),
    ReturnsNotAllowed(Variant),
    /// A piece waits on an empty square: it would have come back already.
    WaitingOnEmptySquare(Square),
    /// Kings are never taken.
    WaitingKing(Square),
    /// A king in hand outside the placement games: kings are never taken.
    KingInHand,
    /// A pawn in hand in placement chess (pre-chess), whose pawns start on
    /// the board.
    PawnInHand,
    /// Placement chess (pre-chess): a side's bishops on squares of one
    /// colour, which the drops never allow and, once the set-up is over,
    /// only a promotion (a pawn gone) explains.
    BishopsOnOneColour(Color),
    /// More men than the variant can have (on the board, in hand and
    /// waiting together): `limit` for one side, or 32 for both.
    TooManyMen {
        color: Option<Color>,
        count: u32,
        limit: u32,
    },
    /// Not of the form `turn=2/2`.
    BadTurn(String),
    /// A place in a turn the variant's rules never reach from this state.
    TurnNotPossible {
        turn: String,
        variant: Variant,
    },
    /// Marseillais and progressive chess: a check ends the turn, so the
    /// side to move is never in check after the turn's first move.
    CheckInsideTurn,
    /// Returning chess: the side to move is in check after placing the
    /// piece given back, which no placement may do.
    CheckAfterOwnPlacement,
    /// An en-passant square after the first move of a turn: en passant
    /// answers a double step at once, with the first move of the turn that
    /// follows it.
    EnPassantInsideTurn,
    /// Not `player=1` or `player=2`.
    BadPlayer(String),
    /// `player=` where each player keeps its colour.
    PlayerNotAllowed(Variant),
    /// Two opposed camps: White's first move is the first player's.
    FirstMoveNotFirstPlayers,
    /// Not of the form `swap=<moves left>/<period>`, 1 to 2 x period left, a
    /// period of 1 to 100.
    BadSwap(String),
    /// `swap=` outside turning chess.
    SwapNotAllowed(Variant),
    /// Not of the form `mines=c3,?/e6,f6`: squares or `?`, two a colour at
    /// most, no square twice.
    BadMines(String),
    /// `mines=` outside mined chess.
    MinesNotAllowed(Variant),
    /// The side not to move has fewer than two mines, or the side to move
    /// none (at most one explosion happens a move).
    MineCount(Color),
    /// The rules book's placement chess has no castling.
    CastlingNotAllowed(Variant),
    /// The rules book's placement chess has no double step, so no en
    /// passant.
    EnPassantNotAllowed(Variant),
    /// Losing chess with both kings alone: the first side reduced to its
    /// king won, and no game leaves both so.
    BothKingsAlone,
}

impl fmt::Display for VariantFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantFenError::Chess(error) => write!(f, "{error}"),
            VariantFenError::UnclosedHand => {
                write!(f, "the hand must be one '[...]' right after the board, closed by ']' and followed by nothing")
            }
            VariantFenError::BadHandLetter(c) => write!(f, "'{c}' in the hand is not a piece letter (KQRBNP, kqrbnp)"),
            VariantFenError::HandNotAllowed(v) => {
                write!(f, "{v} has no pieces in hand: its FEN has no '[...]' hand field, not even '[]'")
            }
            VariantFenError::MisplacedGhostMark => write!(f, "a ghost mark '*' must follow a piece letter"),
            VariantFenError::GhostNotAllowed(v) => write!(f, "{v} has no ghosts (the '*' mark is for ghost chess)"),
            VariantFenError::GhostKing(s) => write!(f, "the king on {s} is marked a ghost: kings are never taken"),
            VariantFenError::GhostCastlingRook(s) => {
                write!(f, "the castling rook on {s} is a ghost: a rook that was taken has no castling right")
            }
            VariantFenError::UnknownField(text) => {
                write!(f, "'{text}' is not a FEN field (after the move numbers: capture=<square>, returns=<list>, turn=<n>/<m>, player=<1|2>, swap=<n>/<m>, mines=<white>/<black>)")
            }
            VariantFenError::RepeatedField(name) => write!(f, "'{name}=' is given twice"),
            VariantFenError::BadCaptureSquare(text) => write!(f, "capture square '{text}' is not a square like e5"),
            VariantFenError::CaptureNotAllowed(v) => write!(f, "{v} has no pieces waiting after a capture"),
            VariantFenError::HandWithoutCapture => write!(
                f,
                "a piece in hand waits to be placed after a capture: 'capture=<square>' must say where it was made"
            ),
            VariantFenError::CaptureWithoutHand => {
                write!(f, "'capture=' is given but the side to move has no piece in hand to place")
            }
            VariantFenError::HandNotOnePieceOfSideToMove => write!(
                f,
                "after a capture exactly one piece waits, in the hand of the side to move; this hand holds other pieces"
            ),
            VariantFenError::NoCapturerOn(s) => write!(
                f,
                "capture square {s} must hold the piece that made the capture (the side to move's in reinforced \
                 chess, the other side's in returning chess)"
            ),
            VariantFenError::NoSquareForPending => {
                write!(f, "the piece in hand has no square it may be placed on (the rules would have set it aside)")
            }
            VariantFenError::BadReturns(text) => write!(
                f,
                "returns list '{text}' is not of the form returns=d4:Np,e5:q (a square, ':', the pieces in the order taken)"
            ),
            VariantFenError::ReturnsNotAllowed(v) => write!(f, "{v} has no pieces waiting to return (returns= is for ghost chess)"),
            VariantFenError::WaitingOnEmptySquare(s) => {
                write!(f, "a piece waits to return on {s}, which is empty: it would have come back already")
            }
            VariantFenError::KingInHand => {
                write!(f, "a king is in hand: only the placement games place kings (kings are never taken)")
            }
            VariantFenError::PawnInHand => {
                write!(f, "a pawn is in hand: in placement the pawns start on the board and only pieces are dropped")
            }
            VariantFenError::BishopsOnOneColour(color) => write!(
                f,
                "{} has two bishops on squares of one colour: in placement the bishops are dropped on both \
                 colours, so a second bishop on a colour must come from a promotion (none while pieces are in \
                 hand; after, no more promotions than pawns gone)",
                if *color == Color::White { "White" } else { "Black" }
            ),
            VariantFenError::WaitingKing(s) => write!(f, "a king waits to return on {s}: kings are never taken"),
            VariantFenError::TooManyMen { color: Some(color), count, limit } => write!(
                f,
                "{} has {count} men on the board, in hand and waiting; at most {limit} (16, 8 pawns, promoted pieces only for missing pawns)",
                if *color == Color::White { "White" } else { "Black" }
            ),
            VariantFenError::TooManyMen { color: None, count, limit } => {
                write!(f, "there are {count} men on the board and in hand; at most {limit}")
            }
            VariantFenError::BadTurn(text) => write!(
                f,
                "turn '{text}' is not of the form turn=<move>/<moves> (the move's place in its turn, from 1, and the turn's moves)"
            ),
            VariantFenError::TurnNotPossible { turn, variant } => write!(
                f,
                "turn={turn} cannot happen here in {variant} ({})",
                match variant.turn_order() {
                    TurnOrder::Alternate => "only a returned piece's owner plays a second move, turn=2/2, with nothing in hand",
                    TurnOrder::Double => "turns have two moves; White may open with one, turn=1/1",
                    TurnOrder::Growing => "turn k has k moves: 2 x fullmove - 1 for White, 2 x fullmove for Black",
                    TurnOrder::OpposedCamps | TurnOrder::Swapping => "the side to move and the move number say where the turn is",
                }
            ),
            VariantFenError::CheckInsideTurn => {
                write!(f, "the side to move is in check inside its turn: a check ends the turn of the player who gives it")
            }
            VariantFenError::CheckAfterOwnPlacement => write!(
                f,
                "the side to move is in check after placing the piece given back (turn=2/2): a placement may not \
                 leave one's own king in check"
            ),
            VariantFenError::EnPassantInsideTurn => write!(
                f,
                "an en-passant square inside a turn: en passant answers a double step at once, with the first move \
                 of the next turn, so the field must be '-' after a turn's first move"
            ),
            VariantFenError::BadPlayer(text) => write!(f, "player '{text}' is not 1 or 2"),
            VariantFenError::PlayerNotAllowed(v) => {
                write!(f, "in {v} each player keeps its colour (player= is for camps and turning chess)")
            }
            VariantFenError::FirstMoveNotFirstPlayers => {
                write!(f, "White's first move belongs to the first player (player=2 cannot be given for it)")
            }
            VariantFenError::BadSwap(text) => write!(
                f,
                "swap '{text}' is not of the form swap=<moves left>/<period> (a period of 1 to {}, 1 to 2 x period moves left)",
                SwapClock::MAX_PERIOD
            ),
            VariantFenError::SwapNotAllowed(v) => write!(f, "{v} has no swapping of sides (swap= is for turning chess)"),
            VariantFenError::BadMines(text) => write!(
                f,
                "mines '{text}' is not of the form mines=<white>/<black> (each up to two squares or '?', by commas)"
            ),
            VariantFenError::MinesNotAllowed(v) => write!(f, "{v} has no mines (mines= is for mined chess)"),
            VariantFenError::MineCount(color) => write!(
                f,
                "{} must have two mines (the side to move may have one, just after a man exploded on the other)",
                if *color == Color::White { "White" } else { "Black" }
            ),
            VariantFenError::CastlingNotAllowed(v) => write!(f, "{v} has no castling: the castling field must be '-'"),
            VariantFenError::BothKingsAlone => write!(
                f,
                "both kings are alone: the first side left with its king alone has won, and no game reaches both"
            ),
            VariantFenError::EnPassantNotAllowed(v) => {
                write!(f, "{v} has no double step, so no en passant: the en-passant field must be '-'")
            }
        }
    }
}

impl std::error::Error for VariantFenError {}

impl From<FenError> for VariantFenError {
    fn from(error: FenError) -> VariantFenError {
        VariantFenError::Chess(error)
    }
}

impl VariantPosition {
    /// Parses a variant FEN (see the module documentation) for `variant`;
    /// turning chess without `swap=` begins a period of the rules book's 5
    /// moves.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<VariantPosition, VariantFenError> {
        VariantPosition::from_fen_with_period(variant, fen, SwapClock::DEFAULT_PERIOD)
    }

    /// [`VariantPosition::from_fen`], where turning chess without `swap=`
    /// begins a period of `period` moves each.
    pub fn from_fen_with_period(variant: Variant, fen: &str, period: u8) -> Result<VariantPosition, VariantFenError> {
        let words: Vec<&str> = fen.split_whitespace().collect();
        let (fields, extras): (Vec<&str>, Vec<&str>) = words.iter().partition(|w| !w.contains('='));
        check_field_count(&fields)?;
        let mut pos = VariantPosition::empty(variant);
        let board = parse_hand(&mut pos, fields[0])?;
        parse_board(&mut pos, board)?;
        let side = read_side_to_move(fields[1])?;
        pos.set_turn(Turn::single(side));
        let mut turn_fields = TurnFields::default();
        for extra in extras {
            parse_extra(&mut pos, extra, &mut turn_fields)?;
        }
        check_men(&pos)?;
        parse_castling(&mut pos, fields[2])?;
        let en_passant = parse_en_passant(&pos, fields[3])?;
        pos.halfmove_clock = read_halfmove_clock(fields.get(4).copied())?;
        pos.fullmove_number = read_fullmove_number(fields.get(5).copied())?;
        pos.set_turn(default_turn(variant, side, pos.fullmove_number));
        check_mines(&mut pos, turn_fields.mines.take())?;
        check_pending(&mut pos)?;
        check_turn(&mut pos, turn_fields, period)?;
        // En passant answers a double step at once: not once the side to
        // move has played in its turn (a Marseillais or progressive turn
        // under way, a placement made or waiting). In two opposed camps the
        // turn's second move is the other colour's, which may take.
        let inside_turn = pos.rules.turn.in_progress() && variant.turn_order() != TurnOrder::OpposedCamps;
        if en_passant.is_some() && inside_turn {
            return Err(VariantFenError::EnPassantInsideTurn);
        }
        // The side not to move may be in check only between a capture and
        // the reinforcement its taker places (the capture may give check).
        let mid_turn = pos.rules.pending.is_some() && variant.capture_rule() == CaptureRule::Reinforces;
        if !mid_turn && pos.king_attacked(!side) {
            return Err(FenError::OpponentInCheck.into());
        }
        if variant.goal() == super::Goal::BeMated && Color::ALL.iter().all(|&color| !pos.color(color).has_many()) {
            return Err(VariantFenError::BothKingsAlone);
        }
        pos.refresh();
        // Kept only where the side to move can take there, as after a
        // double step played.
        if let Some(square) = en_passant {
            pos.set_en_passant_if_legal(square);
        }
        Ok(pos)
    }

    /// The position as a variant FEN; `from_fen` reads it back to an equal
    /// position.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(100);
        write_placement(
            &mut fen,
            |square| self.piece_on(square),
            |square| self.rules.ghosts.contains(square).then_some('*'),
        );
        if has_hands(self.rules.variant) {
            fen.push('[');
            fen.push_str(&self.rules.hands.letters());
            fen.push(']');
        }
        let castling = write_castling(
            &self.castling,
            |color| self.king_square(color).map_or(File::E, |k| k.file()),
            |color| self.pieces(color, PieceType::Rook),
        );
        let (side, en_passant) = (self.side_to_move(), self.en_passant);
        write_fields(&mut fen, side, &castling, en_passant, self.halfmove_clock, self.fullmove_number);
        if let Some(square) = self.rules.pending {
            fen.push_str(&format!(" capture={square}"));
        }
        let mut default = default_turn(self.rules.variant, self.side_to_move(), self.fullmove_number);
        if self.mines_to_lay(self.side_to_move()) > 0 {
            default = Turn::of_length(self.side_to_move(), 2);
        }
        if self.rules.pending.is_none()
            && (self.rules.turn.index, self.rules.turn.length) != (default.index, default.length)
        {
            fen.push_str(&format!(" turn={}/{}", self.rules.turn.index + 1, self.rules.turn.length));
        }
        if self.rules.turn.player != Player::owning(self.side_to_move()) {
            fen.push_str(&format!(" player={}", self.rules.turn.player.number()));
        }
        if self.rules.variant.turn_order() == TurnOrder::Swapping {
            fen.push_str(&format!(" swap={}/{}", self.rules.swap.left, self.rules.swap.period));
        }
        if self.rules.variant.has_mines() {
            fen.push(' ');
            fen.push_str(&super::mines::write_field(self));
        }
        if !self.rules.returns.is_empty() {
            fen.push_str(" returns=");
            let mut first = true;
            for square in self.rules.returns.squares() {
                if !first {
                    fen.push(',');
                }
                first = false;
                fen.push_str(&square.to_string());
                fen.push(':');
                fen.extend(self.rules.returns.on(square).map(|piece| piece.char()));
            }
        }
        fen
    }
}

/// Whether a variant's FEN carries hands.
fn has_hands(variant: Variant) -> bool {
    variant.placement() != Placement::None
        || matches!(variant.capture_rule(), CaptureRule::Reinforces | CaptureRule::Returns)
}

/// Reads the `[...]` hand at the end of the board field; returns the board.
fn parse_hand<'a>(pos: &mut VariantPosition, field: &'a str) -> Result<&'a str, VariantFenError> {
    let Some(open) = field.find('[') else {
        if field.contains(']') {
            return Err(VariantFenError::UnclosedHand);
        }
        return Ok(field);
    };
    let rest = &field[open + 1..];
    let close = rest.find(']').ok_or(VariantFenError::UnclosedHand)?;
    if close + 1 != rest.len() || rest[..close].contains('[') {
        return Err(VariantFenError::UnclosedHand);
    }
    // The field itself, `[]` too, belongs to the variants with hands (as
    // chess refuses it).
    if !has_hands(pos.rules.variant) {
        return Err(VariantFenError::HandNotAllowed(pos.rules.variant));
    }
    let mut hands = Hands::default();
    for c in rest[..close].chars() {
        let piece = Piece::from_char(c).ok_or(VariantFenError::BadHandLetter(c))?;
        hands.add(piece);
    }
    pos.rules.hands = hands;
    Ok(&field[..open])
}

/// The board, by chess's reader, with ghost chess's `*` after a piece.
fn parse_board(pos: &mut VariantPosition, board: &str) -> Result<(), VariantFenError> {
    let variant = pos.rules.variant;
    let mut ghosts = Bitboard::EMPTY;
    read_placement(
        board,
        |piece, square| pos.put_piece::<true>(piece, square),
        |c, last| {
            (c == '*').then(|| {
                let square = last.ok_or(VariantFenError::MisplacedGhostMark)?;
                if variant.capture_rule() != CaptureRule::Haunts {
                    return Err(VariantFenError::GhostNotAllowed(variant));
                }
                ghosts |= square.bitboard();
                Ok(())
            })
        },
    )?;
    if let Some(square) = (ghosts & pos.kind(PieceType::King)).into_iter().next() {
        return Err(VariantFenError::GhostKing(square));
    }
    pos.rules.ghosts = ghosts;
    Ok(())
}

/// The turn fields of a FEN, read before the move numbers they depend on.
#[derive(Default)]
struct TurnFields {
    turn: Option<Turn>,
    player: Option<Player>,
    swap: Option<SwapClock>,
    mines: Option<([Bitboard; 2], [u8; 2])>,
}

/// Reads `<a>/<b>` as two numbers.
fn fraction(value: &str) -> Option<(u8, u8)> {
    let (a, b) = value.split_once('/')?;
    Some((a.parse().ok()?, b.parse().ok()?))
}

/// The first move of a turn of the side to move, as long as the variant
/// gives it at this move number; the colour's player owns it.
fn default_turn(variant: Variant, side: Color, fullmove: u16) -> Turn {
    let first_move = side == Color::White && fullmove == 1;
    match variant.turn_order() {
        TurnOrder::Alternate | TurnOrder::Swapping => Turn::single(side),
        // The rules book: every turn has two moves, White's first too (the
        // balanced first turn of one is written `turn=1/1`).
        TurnOrder::Double => Turn::of_length(side, 2),
        TurnOrder::Growing => {
            let turn = 2 * fullmove as u32 - u32::from(side == Color::White);
            Turn::of_length(side, turn.min(u8::MAX as u32) as u8)
        }
        TurnOrder::OpposedCamps if first_move => Turn::single(side),
        TurnOrder::OpposedCamps if side == Color::Black => Turn::of_length(side, 2),
        TurnOrder::OpposedCamps => Turn { index: 1, ..Turn::of_length(side, 2) },
    }
}

fn parse_extra(pos: &mut VariantPosition, word: &str, fields: &mut TurnFields) -> Result<(), VariantFenError> {
    let (name, value) = word.split_once('=').expect("extras hold '='");
    match name {
        "turn" => {
            if fields.turn.is_some() {
                return Err(VariantFenError::RepeatedField("turn"));
            }
            let bad = || VariantFenError::BadTurn(crate::types::excerpt(value));
            let (index, length) = fraction(value).ok_or_else(bad)?;
            if index == 0 || index > length {
                return Err(bad());
            }
            let side = pos.side_to_move();
            fields.turn = Some(Turn { index: index - 1, ..Turn::of_length(side, length) });
        }
        "player" => {
            if fields.player.is_some() {
                return Err(VariantFenError::RepeatedField("player"));
            }
            if !pos.rules.variant.turn_order().players_change_colours() {
                return Err(VariantFenError::PlayerNotAllowed(pos.rules.variant));
            }
            fields.player = Some(match value {
                "1" => Player::First,
                "2" => Player::Second,
                _ => return Err(VariantFenError::BadPlayer(crate::types::excerpt(value))),
            });
        }
        "swap" => {
            if fields.swap.is_some() {
                return Err(VariantFenError::RepeatedField("swap"));
            }
            if pos.rules.variant.turn_order() != TurnOrder::Swapping {
                return Err(VariantFenError::SwapNotAllowed(pos.rules.variant));
            }
            let bad = || VariantFenError::BadSwap(crate::types::excerpt(value));
            let (left, period) = fraction(value).ok_or_else(bad)?;
            if !(1..=SwapClock::MAX_PERIOD).contains(&period) || left == 0 || left > 2 * period {
                return Err(bad());
            }
            fields.swap = Some(SwapClock { period, left });
        }
        "mines" => {
            if fields.mines.is_some() {
                return Err(VariantFenError::RepeatedField("mines"));
            }
            if !pos.rules.variant.has_mines() {
                return Err(VariantFenError::MinesNotAllowed(pos.rules.variant));
            }
            let bad = || VariantFenError::BadMines(crate::types::excerpt(value));
            fields.mines = Some(super::mines::parse_field(value).ok_or_else(bad)?);
        }
        "capture" => {
            if pos.rules.pending.is_some() {
                return Err(VariantFenError::RepeatedField("capture"));
            }
            if !matches!(pos.rules.variant.capture_rule(), CaptureRule::Reinforces | CaptureRule::Returns) {
                return Err(VariantFenError::CaptureNotAllowed(pos.rules.variant));
            }
            let square = Square::parse(value).ok_or_else(|| VariantFenError::BadCaptureSquare(value.to_string()))?;
            pos.rules.pending = Some(square);
        }
        "returns" => {
            if !pos.rules.returns.is_empty() {
                return Err(VariantFenError::RepeatedField("returns"));
            }
            if pos.rules.variant.capture_rule() != CaptureRule::Haunts {
                return Err(VariantFenError::ReturnsNotAllowed(pos.rules.variant));
            }
            let bad = || VariantFenError::BadReturns(crate::types::excerpt(value));
            let mut returns = Returns::default();
            for group in value.split(',') {
                let (square, pieces) = group.split_once(':').ok_or_else(bad)?;
                let square = Square::parse(square).ok_or_else(bad)?;
                if pieces.is_empty() || returns.squares().contains(square) {
                    return Err(bad());
                }
                for c in pieces.chars() {
                    let piece = Piece::from_char(c).ok_or_else(bad)?;
                    if piece.kind() == PieceType::King {
                        return Err(VariantFenError::WaitingKing(square));
                    }
                    if !returns.push(square, piece) {
                        return Err(VariantFenError::TooManyMen { color: None, count: 33, limit: 32 });
                    }
                }
                if !pos.occupied().contains(square) {
                    return Err(VariantFenError::WaitingOnEmptySquare(square));
                }
            }
            pos.rules.returns = returns;
        }
        _ => return Err(VariantFenError::UnknownField(crate::types::excerpt(word))),
    }
    Ok(())
}

/// Kings, pawns and the number of men, by the variant's rules.
fn check_men(pos: &VariantPosition) -> Result<(), VariantFenError> {
    let variant = pos.rules.variant;
    for color in Color::ALL {
        let in_hand = pos.rules.hands.count(color, PieceType::King) as u32;
        if in_hand > 0 && variant.placement() == Placement::None {
            return Err(VariantFenError::KingInHand);
        }
        if variant.placement() == Placement::FirstRank && pos.rules.hands.count(color, PieceType::Pawn) > 0 {
            return Err(VariantFenError::PawnInHand);
        }
        let count = pos.pieces(color, PieceType::King).count() + in_hand;
        if count != 1 {
            return Err(FenError::KingCount { color, count }.into());
        }
    }
    for square in pos.kind(PieceType::Pawn) {
        let color = pos.piece_on(square).expect("a pawn").color();
        let last = square.rank() == Rank::Eighth.relative(color);
        let first = square.rank() == Rank::First.relative(color);
        if last || (first && !variant.pawns_on_first_rank()) {
            return Err(FenError::PawnOnBackRank(square).into());
        }
    }
    let total = pos.men(Color::White) + pos.men(Color::Black);
    if total > 32 {
        return Err(VariantFenError::TooManyMen { color: None, count: total, limit: 32 });
    }
    if variant.placement() == Placement::FirstRank {
        check_bishop_colours(pos)?;
    }
    // A capture moves a man to the other side only in reinforced chess;
    // elsewhere each side keeps at most its own army.
    if variant.capture_rule() != CaptureRule::Reinforces {
        for color in Color::ALL {
            let count = |kind| {
                pos.pieces(color, kind).count()
                    + pos.rules.hands.count(color, kind) as u32
                    + pos.rules.returns.iter().filter(|(_, p)| *p == Piece::new(color, kind)).count() as u32
            };
            let men = pos.men(color);
            if !army_is_reachable(men, count) {
                return Err(VariantFenError::TooManyMen { color: Some(color), count: men, limit: 16 });
            }
        }
    }
    Ok(())
}

/// Placement chess (pre-chess): each side drops its two bishops on squares
/// of both colours, so a second bishop on one colour is a promoted pawn:
/// none while either side still drops (no move is made before), and after
/// it no more promotions, counted with chess's, than the side's pawns gone.
/// (The rules book's placement chess lets both stand on one colour.)
fn check_bishop_colours(pos: &VariantPosition) -> Result<(), VariantFenError> {
    let setting_up = !pos.rules.hands.is_empty(Color::White) || !pos.rules.hands.is_empty(Color::Black);
    for color in Color::ALL {
        let bishops = pos.pieces(color, PieceType::Bishop);
        let light = (bishops & Bitboard::LIGHT_SQUARES).count() as i32;
        let dark = (bishops & Bitboard::DARK_SQUARES).count() as i32;
        let promoted_bishops = (light - 1).max(0) + (dark - 1).max(0);
        if promoted_bishops == 0 {
            continue;
        }
        let count = |kind| (pos.pieces(color, kind).count() + pos.rules.hands.count(color, kind) as u32) as i32;
        let others = (count(PieceType::Queen) - 1).max(0)
            + (count(PieceType::Rook) - 2).max(0)
            + (count(PieceType::Knight) - 2).max(0);
        if setting_up || promoted_bishops + others > 8 - count(PieceType::Pawn) {
            return Err(VariantFenError::BishopsOnOneColour(color));
        }
    }
    Ok(())
}

/// The castling field, by chess's reader; no castling in the rules book's
/// placement chess, and no ghost as a castling rook.
fn parse_castling(pos: &mut VariantPosition, field: &str) -> Result<(), VariantFenError> {
    if field != "-" && !pos.rules.variant.castling() {
        return Err(VariantFenError::CastlingNotAllowed(pos.rules.variant));
    }
    let mut rights = pos.castling;
    read_castling(field, |color| pos.king_square(color), |color| pos.pieces(color, PieceType::Rook), &mut rights)?;
    if let Some((_, _, rook)) = rights.iter().find(|(_, _, rook)| pos.rules.ghosts.contains(*rook)) {
        return Err(VariantFenError::GhostCastlingRook(rook));
    }
    pos.castling = rights;
    Ok(())
}

/// The en-passant square must follow a double step by the side not to move;
/// whether a capture is legal there is decided later.
fn parse_en_passant(pos: &VariantPosition, field: &str) -> Result<Option<Square>, VariantFenError> {
    if Square::parse(field).is_some() && !pos.rules.variant.pawn_double_step() {
        return Err(VariantFenError::EnPassantNotAllowed(pos.rules.variant));
    }
    // A ghost pawn never made the double step.
    let them = Piece::new(!pos.side_to_move(), PieceType::Pawn);
    let pawn = |square| pos.piece_on(square) == Some(them) && !pos.rules.ghosts.contains(square);
    Ok(read_en_passant(field, pos.side_to_move(), pawn, pos.occupied())?)
}

/// A `turn=` must be one the rules reach: where a piece waits, the turn its
/// capture opened; in returning chess the move after a piece given back was
/// placed, its king out of check; in Marseillais and progressive chess any
/// move of the turn the move number gives, the side to move out of check
/// after its first; else the turn the variant gives; in Marseillais chess
/// also White's balanced first turn of one move, `turn=1/1`. Then the owner
/// of the move and the swap clock.
fn check_turn(pos: &mut VariantPosition, fields: TurnFields, period: u8) -> Result<(), VariantFenError> {
    let side = pos.side_to_move();
    let order = pos.rules.variant.turn_order();
    if let Some(turn) = fields.turn {
        let second_of_two = Turn { index: 1, ..Turn::of_length(side, 2) };
        let returning = pos.rules.pending.is_none() && pos.rules.variant.capture_rule() == CaptureRule::Returns;
        let balanced_first = order == TurnOrder::Double && side == Color::White && turn == Turn::single(side);
        let possible = turn == pos.rules.turn
            || (returning && turn == second_of_two)
            || balanced_first
            || (order.check_ends_turn() && turn.length == pos.rules.turn.length);
        if !possible {
            let text = format!("{}/{}", turn.index + 1, turn.length);
            return Err(VariantFenError::TurnNotPossible { turn: text, variant: pos.rules.variant });
        }
        if order.check_ends_turn() && turn.in_progress() && pos.king_attacked(side) {
            return Err(VariantFenError::CheckInsideTurn);
        }
        // Returning chess: the move after one's own placement, which may
        // not leave one's king in check; nothing is played between them.
        if returning && turn == second_of_two && pos.king_attacked(side) {
            return Err(VariantFenError::CheckAfterOwnPlacement);
        }
        pos.set_turn(turn);
    }
    if let Some(player) = fields.player {
        let first_move = order == TurnOrder::OpposedCamps && pos.rules.turn.length == 1;
        if first_move && player != Player::First {
            return Err(VariantFenError::FirstMoveNotFirstPlayers);
        }
        pos.rules.turn.player = player;
    }
    if order == TurnOrder::Swapping {
        pos.rules.swap = fields.swap.unwrap_or(SwapClock::new(period.clamp(1, SwapClock::MAX_PERIOD)));
    }
    Ok(())
}

/// Mined chess: every mine secret unless the FEN says where, on any square;
/// two mines a side, but one for the side to move just after an explosion,
/// whose turn then begins by laying it anew.
fn check_mines(pos: &mut VariantPosition, field: Option<([Bitboard; 2], [u8; 2])>) -> Result<(), VariantFenError> {
    if !pos.rules.variant.has_mines() {
        return Ok(());
    }
    let (mines, unknown) = field.unwrap_or(([Bitboard::EMPTY; 2], [2, 2]));
    // The rules book mines "deux cases de l'échiquier": any two squares,
    // under a man too (it explodes only on a man that lands there).
    pos.rules.mines = mines;
    pos.rules.unknown_mines = unknown;
    let side = pos.side_to_move();
    if pos.mines_to_lay(!side) > 0 {
        return Err(VariantFenError::MineCount(!side));
    }
    match pos.mines_to_lay(side) {
        0 => {}
        1 => pos.set_turn(Turn::of_length(side, 2)),
        _ => return Err(VariantFenError::MineCount(side)),
    }
    Ok(())
}

/// Reinforced and returning chess: a piece in hand waits to be placed after
/// a capture, and only then; its taker stands on the capture square.
fn check_pending(pos: &mut VariantPosition) -> Result<(), VariantFenError> {
    let rule = pos.rules.variant.capture_rule();
    if !matches!(rule, CaptureRule::Reinforces | CaptureRule::Returns) {
        return Ok(());
    }
    let us = pos.side_to_move();
    let total = pos.rules.hands.total(Color::White) + pos.rules.hands.total(Color::Black);
    let Some(square) = pos.rules.pending else {
        return if total == 0 { Ok(()) } else { Err(VariantFenError::HandWithoutCapture) };
    };
    if pos.rules.hands.total(us) == 0 {
        return Err(VariantFenError::CaptureWithoutHand);
    }
    if total != 1 {
        return Err(VariantFenError::HandNotOnePieceOfSideToMove);
    }
    let taker = if rule == CaptureRule::Reinforces { us } else { !us };
    if !pos.color(taker).contains(square) {
        return Err(VariantFenError::NoCapturerOn(square));
    }
    pos.set_turn(match rule {
        CaptureRule::Reinforces => Turn::single(us).next_move(),
        _ => Turn::of_length(us, 2),
    });
    let (piece, _) = pos.pending_piece().expect("one piece in hand");
    if pos.drop_squares(piece).is_empty() {
        return Err(VariantFenError::NoSquareForPending);
    }
    Ok(())
}
