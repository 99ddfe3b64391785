//! A variant game: the moves played, the keys for the repetition rule, and
//! how a game ends by its variant's rules.

use super::action::{parse_drop, parse_mine, Action, ActionParseError};
use super::mines::{MineBelief, MineOdds};
use super::position::VariantPosition;
use super::turn::Player;
use super::Goal;
use crate::board::{is_well_formed, lower_promotion, DrawReason};
use crate::types::{Bitboard, Color, PieceType, Square};
use std::fmt;

/// How a variant game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantResult {
    /// `mated` is checkmated; the winner is the other side, or in losing
    /// chess `mated` itself.
    Checkmate {
        mated: Color,
        winner: Color,
    },
    Draw(DrawReason),
    /// Where players own no colour (two opposed camps, turning chess):
    /// `mated` is checkmated by a move of `winner`.
    MatedBy {
        mated: Color,
        winner: Player,
    },
    /// Mined chess: `loser`'s king landed on a mine, or an explosion of its
    /// own man left it attacked: mated.
    LostToMine {
        loser: Color,
    },
    /// Losing chess: `winner` is stalemated, and wins.
    StalematedWins {
        winner: Color,
    },
    /// Losing chess: `winner` is left with its king alone, and wins.
    BareKingWins {
        winner: Color,
    },
}

impl VariantResult {
    /// `1-0`, `0-1` or `1/2-1/2`; where players own no colour, `1-0` is a
    /// win of the first player (who made White's first move).
    pub fn score_text(self) -> &'static str {
        match self {
            VariantResult::Checkmate { winner: Color::White, .. } => "1-0",
            VariantResult::Checkmate { winner: Color::Black, .. } => "0-1",
            VariantResult::MatedBy { winner: Player::First, .. } => "1-0",
            VariantResult::MatedBy { winner: Player::Second, .. } => "0-1",
            VariantResult::LostToMine { loser: Color::Black } => "1-0",
            VariantResult::LostToMine { loser: Color::White } => "0-1",
            VariantResult::StalematedWins { winner: Color::White }
            | VariantResult::BareKingWins { winner: Color::White } => "1-0",
            VariantResult::StalematedWins { winner: Color::Black }
            | VariantResult::BareKingWins { winner: Color::Black } => "0-1",
            VariantResult::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for VariantResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reason = match self {
            VariantResult::Checkmate { mated, winner } if mated == winner => "checkmated, and wins",
            VariantResult::Checkmate { .. } => "checkmate",
            VariantResult::MatedBy { mated: Color::White, .. } => "White checkmated",
            VariantResult::MatedBy { mated: Color::Black, .. } => "Black checkmated",
            VariantResult::LostToMine { .. } => "mated by a mine",
            VariantResult::StalematedWins { .. } => "stalemated, and wins",
            VariantResult::BareKingWins { .. } => "king left alone, and wins",
            VariantResult::Draw(DrawReason::Stalemate) => "stalemate",
            VariantResult::Draw(DrawReason::InsufficientMaterial) => "insufficient material",
            VariantResult::Draw(DrawReason::FiftyMoveRule) => "fifty-move rule",
            VariantResult::Draw(DrawReason::ThreefoldRepetition) => "threefold repetition",
        };
        write!(f, "{} ({reason})", self.score_text())
    }
}

impl VariantPosition {
    /// Neither side can ever be mated (never in losing chess, won by losing
    /// one's men): at most one knight or bishop beside
    /// the kings, or bishops alone all on squares of one colour, counting
    /// every man in hand or waiting to return (such a man may come back on
    /// any square, so it keeps the game alive unless it is the one minor).
    pub fn is_insufficient_material(&self) -> bool {
        if self.rules.variant.goal() == Goal::BeMated {
            // Losing chess: a side that loses every man but its king wins,
            // so no material is too little.
            return false;
        }
        let mut minors = 0;
        let mut elsewhere = 0;
        for color in Color::ALL {
            for kind in [PieceType::Pawn, PieceType::Rook, PieceType::Queen] {
                if self.pieces(color, kind).any() || self.rules.hands.count(color, kind) > 0 {
                    return false;
                }
            }
            for kind in [PieceType::Knight, PieceType::Bishop] {
                let held = self.rules.hands.count(color, kind) as u32;
                minors += self.pieces(color, kind).count() + held;
                elsewhere += held;
            }
        }
        for (_, piece) in self.rules.returns.iter() {
            if matches!(piece.kind(), PieceType::Pawn | PieceType::Rook | PieceType::Queen) {
                return false;
            }
            minors += 1;
            elsewhere += 1;
        }
        if minors <= 1 {
            return true;
        }
        let bishops = self.kind(PieceType::Bishop);
        elsewhere == 0
            && self.kind(PieceType::Knight).is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// The result if the game ends here by rules that need no history:
    /// checkmate (by the variant's goal), stalemate (a draw; in losing chess
    /// a win for the stalemated side), a bare king (losing chess: a win for
    /// its side), insufficient material, the fifty-move rule.
    pub fn result_without_history(&self) -> Option<VariantResult> {
        if self.legal_actions().is_empty() {
            return Some(self.result_with_no_move());
        }
        if self.is_insufficient_material() {
            return Some(VariantResult::Draw(DrawReason::InsufficientMaterial));
        }
        if self.halfmove_clock() >= 100 {
            return Some(VariantResult::Draw(DrawReason::FiftyMoveRule));
        }
        None
    }

    /// The result when the side to move has no legal action.
    pub fn result_with_no_move(&self) -> VariantResult {
        if let Some(loser) = self.mine_loser() {
            return VariantResult::LostToMine { loser };
        }
        if let Some(winner) = self.bare_king() {
            return VariantResult::BareKingWins { winner };
        }
        let us = self.side_to_move();
        if !self.in_check() && self.rules.variant.goal() == Goal::BeMated {
            return VariantResult::StalematedWins { winner: us };
        }
        if !self.in_check() {
            return VariantResult::Draw(DrawReason::Stalemate);
        }
        if self.rules.variant.turn_order().players_change_colours() {
            return VariantResult::MatedBy { mated: us, winner: self.previous_player() };
        }
        let winner = match self.rules.variant.goal() {
            Goal::GiveMate => !us,
            Goal::BeMated => us,
        };
        VariantResult::Checkmate { mated: us, winner }
    }

    /// Reads an action in UCI notation (`e2e4`, `e7e8q`, `N@c2`) against
    /// this position; an illegal one comes back with the rule it breaks
    /// where one can be named.
    pub fn parse_action(&self, original: &str, chess960: bool) -> Result<Action, ActionParseError> {
        let text = &*lower_promotion(original);
        let drop = parse_drop(text);
        if let Some(mine) = parse_mine(text).filter(|_| self.rules.variant.has_mines()) {
            return self.parse_mine(text, mine);
        }
        if text == "0000" {
            return match self.legal_actions().contains(&Action::PASS) {
                true => Ok(Action::PASS),
                false => Err(ActionParseError::Illegal {
                    text: text.to_string(),
                    reason: Some("a turn is passed (0000) only when its player has no legal move left in it".into()),
                }),
            };
        }
        if drop.is_none() && !is_well_formed(text) {
            return Err(ActionParseError::Malformed(crate::types::excerpt(original)));
        }
        let legal = self.legal_actions();
        let found = legal.iter().find(|a| a.to_uci(chess960) == text).or_else(|| {
            legal.iter().find(|a| !a.is_placement() && a.as_move().is_castling() && a.to_uci(!chess960) == text)
        });
        if let Some(&action) = found {
            return Ok(action);
        }
        // A drop written with a lower-case letter is the same drop.
        if let Some((kind, square)) = drop {
            if let Some(&action) = legal.iter().find(|a| **a == Action::drop(kind, square)) {
                return Ok(action);
            }
        }
        Err(ActionParseError::Illegal { text: original.to_string(), reason: self.why_illegal(text, drop, &legal) })
    }

    /// Mined chess: a mine laid, `M@e4`, or in secret, `M@??`.
    fn parse_mine(&self, text: &str, mine: Action) -> Result<Action, ActionParseError> {
        let us = self.side_to_move();
        let illegal = |reason: String| Err(ActionParseError::Illegal { text: text.to_string(), reason: Some(reason) });
        if self.mine_loser().is_some() || self.mines_to_lay(us) == 0 {
            return illegal("a mine is laid only after a man exploded on one, by the mine's owner".into());
        }
        if mine == Action::HIDDEN_MINE || self.legal_actions().contains(&mine) {
            return Ok(mine);
        }
        illegal(format!(
            "a mine is laid on a square without a mine of one's own (under a man too); {} has one",
            mine.to()
        ))
    }

    fn why_illegal(
        &self,
        text: &str,
        drop: Option<(PieceType, crate::types::Square)>,
        legal: &[Action],
    ) -> Option<String> {
        let us = self.side_to_move();
        if let Some((piece, _)) = self.pending_piece() {
            if drop.is_none_or(|(kind, _)| kind != piece.kind()) {
                let why = match self.rules.variant {
                    super::Variant::Returning => "taken by the last capture, returned to its side,",
                    _ => "earned by the last capture",
                };
                return Some(format!("the {} {why} must be placed first", name(piece.kind())));
            }
        }
        if let Some((kind, square)) = drop {
            if self.rules.hands.count(us, kind) == 0 {
                return Some(format!("the side to move has no {} in hand", name(kind)));
            }
            if !self.drop_squares_by_rule(crate::types::Piece::new(us, kind)).contains(square) {
                return Some(format!("a {} may not be placed on {square} now", name(kind)));
            }
            return Some("the king would be left in check".to_string());
        }
        if self.is_placing(us) {
            return Some("the side to move places its pieces first (its king may only step out of a check)".into());
        }
        if self.waits_for_set_up(us) {
            return Some(
                "no man moves on the board until both armies are placed: the side to move passes (0000) while the \
                 other places (its king may only step out of a check)"
                    .into(),
            );
        }
        if let Some(winner) = self.bare_king() {
            return Some(format!("the game is over: {winner:?} has its king alone, and wins"));
        }
        if let Some(loser) = self.mine_loser() {
            return Some(format!("the game is over: {loser:?} lost to a mine"));
        }
        if self.mines_to_lay(us) > 0 {
            return Some("a man exploded on a mine of the side to move, which lays it anew first (M@<square>)".into());
        }
        if self.rules.variant.captures_compulsory() {
            let first = legal.first().filter(|&&a| self.is_capture(a));
            if let Some(capture) = first {
                let pseudo = {
                    let mut list = super::action::ActionList::new();
                    self.pseudo_legal_actions(&mut list);
                    list
                };
                if pseudo.iter().any(|a| a.to_uci(false) == text || a.to_uci(true) == text) {
                    return Some(format!("a capture is compulsory (such as {})", capture.to_uci(false)));
                }
            }
        }
        None
    }
}

fn name(kind: PieceType) -> &'static str {
    match kind {
        PieceType::Pawn => "pawn",
        PieceType::Knight => "knight",
        PieceType::Bishop => "bishop",
        PieceType::Rook => "rook",
        PieceType::Queen => "queen",
        PieceType::King => "king",
    }
}

/// A variant game from a starting position, keeping every position's key
/// for the repetition rule.
#[derive(Clone, Debug)]
pub struct VariantRecord {
    position: VariantPosition,
    keys: Vec<u64>,
    /// Mined chess: where the secret mines may be.
    belief: MineBelief,
}

impl VariantRecord {
    pub fn new(start: VariantPosition) -> VariantRecord {
        let belief = MineBelief::new(&start);
        VariantRecord { position: start, keys: vec![start.key()], belief }
    }

    /// Mined chess: the odds of a secret mine on each square.
    pub fn mine_odds(&self) -> MineOdds {
        self.belief.odds()
    }

    pub fn position(&self) -> &VariantPosition {
        &self.position
    }

    /// The keys of every position so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays `action`, which must be legal in the current position.
    pub fn play(&mut self, action: Action) {
        self.play_learning(action, Bitboard::EMPTY);
    }

    fn play_learning(&mut self, action: Action, revealed: Bitboard) {
        let before = self.position;
        self.position = self.position.make(action);
        if before.variant().has_mines() {
            self.belief.learn(&before, action, &self.position, revealed);
        }
        self.keys.push(self.position.key());
    }

    /// Reads an action and plays it if legal; otherwise nothing changes.
    /// In mined chess a board move followed by `*` (`e2e4*`) landed on a
    /// secret mine of the other side and exploded there; a castling whose
    /// king and rook could both have met one names the squares that
    /// exploded (`e1g1*f1`).
    pub fn play_uci(&mut self, text: &str, chess960: bool) -> Result<Action, ActionParseError> {
        if let Some((move_text, squares)) = text.split_once('*').filter(|_| self.position.variant().has_mines()) {
            return self.play_explosion(text, move_text, squares, chess960);
        }
        let action = self.position.parse_action(text, chess960)?;
        self.play(action);
        Ok(action)
    }

    /// `e2e4*`, `e1g1*f1`: the move, legal here, lands men on secret mines
    /// of the other side, or takes its castling king over one (on
    /// `squares`, or on the one such square that could hold one), which
    /// become known and explode.
    fn play_explosion(
        &mut self,
        text: &str,
        move_text: &str,
        squares: &str,
        chess960: bool,
    ) -> Result<Action, ActionParseError> {
        let action = self.position.parse_action(move_text, chess960)?;
        let illegal = |reason: String| ActionParseError::Illegal { text: text.to_string(), reason: Some(reason) };
        if action.is_placement() || action == Action::PASS {
            return Err(illegal("only a move on the board can be marked '*' (exploded)".into()));
        }
        let them = !self.position.side_to_move();
        // Where a man lands, or a castling king passes.
        let landed = self.position.landing_squares(action.as_move()) | self.position.king_passage(action.as_move());
        let named =
            parse_squares(squares).ok_or_else(|| illegal(format!("'{squares}' after '*' is not a list of squares")))?;
        let exploded = if named.any() {
            if let Some(square) = named.without(landed).into_iter().next() {
                return Err(illegal(format!(
                    "{square} is not a square this move lands a man on (or its castling king passes over)"
                )));
            }
            named
        } else {
            // Where a secret mine of the other side could lie (any square,
            // while it has one), or a known one does.
            let candidates =
                if self.position.unknown_mines(them) > 0 { landed } else { landed & self.position.mines(them) };
            if candidates.has_many() {
                return Err(illegal(format!(
                    "the move lands men on {} squares that could hold a mine: name those that exploded, e.g. '{move_text}*{}'",
                    candidates.count(),
                    candidates.lsb()
                )));
            }
            candidates
        };
        if exploded.is_empty() {
            return Err(illegal(
                "'*' marks a move that exploded on a secret mine, and the other side has none that could lie there"
                    .into(),
            ));
        }
        let mut revealed = self.position;
        for square in exploded {
            if revealed.mines(them).contains(square) {
                continue;
            }
            revealed = revealed.with_revealed_mine(them, square).ok_or_else(|| {
                illegal(format!(
                    "'*' marks a move that exploded on a secret mine, and the other side has none that could lie on {square}"
                ))
            })?;
        }
        self.position = revealed;
        *self.keys.last_mut().expect("a game has its start key") = revealed.key();
        self.play_learning(action, exploded);
        Ok(action)
    }

    /// How many earlier positions equal the current one (the key holds the
    /// side to move, the hands and the place in the turn). Only positions
    /// since the last irreversible action can match.
    pub fn repetitions(&self) -> usize {
        let current = self.position.key();
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len() - 1);
        let earliest = self.keys.len() - 1 - window;
        self.keys[earliest..self.keys.len() - 1].iter().filter(|&&k| k == current).count()
    }

    /// The result if the game has ended by its rules, else None.
    pub fn result(&self) -> Option<VariantResult> {
        match self.position.result_without_history() {
            Some(result) => Some(result),
            None if self.repetitions() >= 2 => Some(VariantResult::Draw(DrawReason::ThreefoldRepetition)),
            None => None,
        }
    }
}

/// Squares written one after another (`f1`, `f1g1`); the empty text is none.
fn parse_squares(text: &str) -> Option<Bitboard> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    let mut squares = Bitboard::EMPTY;
    for at in (0..text.len()).step_by(2) {
        squares |= Square::parse(text.get(at..at + 2)?)?.bitboard();
    }
    Some(squares)
}
