//! Shared helpers for the variant tests.
#![allow(dead_code)]

pub mod naive;

use roque::variants::{Variant, VariantPosition};

/// A small deterministic generator (xorshift), so that random games are the
/// same on every run.
pub struct Random(pub u64);

impl Random {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

pub fn position(variant: Variant, fen: &str) -> VariantPosition {
    VariantPosition::from_fen(variant, fen).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// The engine's legal moves as sorted UCI text.
pub fn engine_moves(position: &VariantPosition) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_actions().iter().map(|a| a.to_uci(false)).collect();
    moves.sort();
    moves
}

/// Every position of `games` random games of at most `plies` plies from
/// `start`, the start included.
pub fn random_positions(start: &VariantPosition, games: usize, plies: usize, seed: u64) -> Vec<VariantPosition> {
    let mut random = Random(seed);
    let mut positions = vec![*start];
    for _ in 0..games {
        let mut position = *start;
        for _ in 0..plies {
            let actions = position.legal_actions();
            if actions.is_empty() {
                break;
            }
            position = position.make(actions[random.below(actions.len())]);
            positions.push(position);
        }
    }
    positions
}

/// The game of `moves` (UCI text) from `start`; panics on an illegal one.
pub fn play(start: VariantPosition, moves: &[&str]) -> roque::variants::VariantRecord {
    let mut game = roque::variants::VariantRecord::new(start);
    for text in moves {
        game.play_uci(text, false).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    game
}

/// Where the game stands in its turn: (side to move, move of the turn from
/// 1, moves in the turn).
pub fn turn_of(game: &roque::variants::VariantRecord) -> (roque::types::Color, u8, u8) {
    let turn = game.position().turn();
    (turn.side, turn.index + 1, turn.length)
}
