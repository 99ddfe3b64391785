//! A game: a position with the moves that led to it, and the rules that end
//! a game (checkmate, stalemate and the draws).

use super::notation::MoveParseError;
use super::position::Position;
use crate::types::{Bitboard, Color, Move, PieceType};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawReason {
    Stalemate,
    InsufficientMaterial,
    /// 100 halfmoves without a capture or a pawn move.
    FiftyMoveRule,
    ThreefoldRepetition,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Checkmate { winner: Color },
    Draw(DrawReason),
}

impl Position {
    /// Neither side can ever mate: K v K, K+B v K, K+N v K, and any number
    /// of bishops all on squares of one colour (K+B v K+B included).
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.kind(PieceType::Pawn) | self.kind(PieceType::Rook) | self.kind(PieceType::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.kind(PieceType::Knight);
        let bishops = self.kind(PieceType::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true;
        }
        knights.is_empty()
            && ((bishops & Bitboard::LIGHT_SQUARES).is_empty() || (bishops & Bitboard::DARK_SQUARES).is_empty())
    }

    /// The result if the game ends here on rules that need no history:
    /// checkmate, stalemate, insufficient material, the fifty-move rule. A
    /// mate given on the hundredth halfmove stands.
    pub fn result_without_history(&self) -> Option<GameResult> {
        if self.count_legal_moves() == 0 {
            return Some(if self.in_check() {
                GameResult::Checkmate { winner: !self.side_to_move() }
            } else {
                GameResult::Draw(DrawReason::Stalemate)
            });
        }
        if self.is_insufficient_material() {
            return Some(GameResult::Draw(DrawReason::InsufficientMaterial));
        }
        if self.halfmove_clock() >= 100 {
            return Some(GameResult::Draw(DrawReason::FiftyMoveRule));
        }
        None
    }
}

/// A game from a starting position, keeping every position's key for the
/// repetition rule.
#[derive(Clone, Debug)]
pub struct ChessRecord {
    position: Position,
    /// Keys of the start position and of every position after it, the
    /// current one last.
    keys: Vec<u64>,
}

impl ChessRecord {
    pub fn new(start: Position) -> ChessRecord {
        ChessRecord { position: start, keys: vec![start.key()] }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The keys of every position so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays `m`, which must be legal in the current position.
    pub fn play(&mut self, m: Move) {
        self.position = self.position.make_move(m);
        self.keys.push(self.position.key());
    }

    /// Reads a move in UCI notation and plays it if legal; otherwise the
    /// game is unchanged.
    pub fn play_uci(&mut self, text: &str, chess960: bool) -> Result<Move, MoveParseError> {
        let m = self.position.parse_uci_move(text, chess960)?;
        self.play(m);
        Ok(m)
    }

    /// How many earlier positions equal the current one: same pieces, side
    /// to move, castling rights and en-passant possibilities. Only positions
    /// since the last capture or pawn move can match.
    pub fn repetitions(&self) -> usize {
        let current = self.position.key();
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len() - 1);
        let earliest = self.keys.len() - 1 - window;
        self.keys[earliest..self.keys.len() - 1].iter().rev().skip(1).step_by(2).filter(|&&k| k == current).count()
    }

    /// The result if the game has ended under the rules, else None.
    pub fn result(&self) -> Option<GameResult> {
        match self.position.result_without_history() {
            Some(result) => Some(result),
            None if self.repetitions() >= 2 => Some(GameResult::Draw(DrawReason::ThreefoldRepetition)),
            None => None,
        }
    }
}

/// How many moves of `line`, a legal line from `position`, are played
/// before the game ends by rule: the count stops at the move that mates,
/// stalemates, repeats a position for the third time (counting the game
/// before `position`, whose positions' keys are `history`, `position`'s
/// own last), reaches the fifty-move limit or leaves too little material
/// to mate. A GUI is not to be shown moves past the end of the game.
pub fn moves_before_game_end(position: &Position, history: &[u64], line: &[Move]) -> usize {
    let mut game = ChessRecord { position: *position, keys: history.to_vec() };
    if game.keys.last() != Some(&position.key()) {
        game.keys.push(position.key());
    }
    for (played, &m) in line.iter().enumerate() {
        game.play(m);
        if game.result().is_some() {
            return played + 1;
        }
    }
    line.len()
}

/// `1-0 (checkmate)`, `1/2-1/2 (stalemate)` and so on.
pub fn result_text(result: GameResult) -> String {
    match result {
        GameResult::Checkmate { winner: Color::White } => "1-0 (checkmate)".to_string(),
        GameResult::Checkmate { winner: Color::Black } => "0-1 (checkmate)".to_string(),
        GameResult::Draw(reason) => {
            let reason = match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::InsufficientMaterial => "insufficient material",
                DrawReason::FiftyMoveRule => "fifty-move rule",
                DrawReason::ThreefoldRepetition => "threefold repetition",
            };
            format!("1/2-1/2 ({reason})")
        }
    }
}
