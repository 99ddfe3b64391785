//! An Elven Chess game: the start, the moves played and every position's
//! key (for the repetition rule), and how it ends.

use super::{ElvenMove, ElvenMoveError, ElvenPosition};
use crate::board::{DrawReason, GameResult};

#[derive(Clone, Debug)]
pub struct ElvenRecord {
    start: ElvenPosition,
    position: ElvenPosition,
    moves: Vec<ElvenMove>,
    keys: Vec<u64>,
}

impl Default for ElvenRecord {
    fn default() -> Self {
        ElvenRecord::new(ElvenPosition::startpos())
    }
}

impl ElvenRecord {
    pub fn new(start: ElvenPosition) -> ElvenRecord {
        ElvenRecord { start, position: start, moves: Vec::new(), keys: vec![start.key()] }
    }

    pub fn start(&self) -> &ElvenPosition {
        &self.start
    }

    pub fn position(&self) -> &ElvenPosition {
        &self.position
    }

    pub fn moves(&self) -> &[ElvenMove] {
        &self.moves
    }

    /// The keys of every position so far, the current one last.
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays `m`, which must be legal in the current position.
    pub fn play(&mut self, m: ElvenMove) {
        self.position = self.position.make(m);
        self.moves.push(m);
        self.keys.push(self.position.key());
    }

    /// Plays the move `text` names, if it is legal; else changes nothing.
    pub fn play_text(&mut self, text: &str) -> Result<ElvenMove, ElvenMoveError> {
        let m = self.position.parse_move(text)?;
        self.play(m);
        Ok(m)
    }

    /// The current position has stood here twice before, since the last
    /// capture or pawn move.
    pub fn is_threefold_repetition(&self) -> bool {
        let key = self.position.key();
        let window = (self.position.halfmove_clock() as usize).min(self.keys.len() - 1);
        let earlier = &self.keys[self.keys.len() - 1 - window..self.keys.len() - 1];
        earlier.iter().filter(|&&k| k == key).count() >= 2
    }

    /// How the game has ended, if it has: mate and stalemate first (a mate
    /// on the hundredth halfmove stands), then the draws by rule.
    pub fn result(&self) -> Option<GameResult> {
        let position = &self.position;
        if position.legal_moves().is_empty() {
            return Some(if position.in_check() {
                GameResult::Checkmate { winner: !position.side_to_move() }
            } else {
                GameResult::Draw(DrawReason::Stalemate)
            });
        }
        if position.insufficient_material() {
            return Some(GameResult::Draw(DrawReason::InsufficientMaterial));
        }
        if position.fifty_move_rule() {
            return Some(GameResult::Draw(DrawReason::FiftyMoveRule));
        }
        if self.is_threefold_repetition() {
            return Some(GameResult::Draw(DrawReason::ThreefoldRepetition));
        }
        None
    }
}
