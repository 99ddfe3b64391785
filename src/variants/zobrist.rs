//! Hash keys for what a variant position has beyond a chess position:
//! ghosts, hands, a pending placement, the waiting ghosts, the place in
//! the turn and the mines. The board, side, castling and en-passant keys are chess's own.

use crate::types::random::splitmix;

pub struct VariantKeys {
    pub ghost: [u64; 64],
    /// `[colour][kind][count]`: the key of holding `count` pieces (up to 31).
    pub hand: [[[u64; 32]; 6]; 2],
    /// The square of the capture whose piece waits in hand.
    pub pending: [u64; 64],
    /// A waiting ghost, by piece code and square; rotated by its place in
    /// the square's queue.
    pub waiting: [[u64; 64]; 14],
    /// Mixed with the place in the turn, the move's owner and the swap
    /// clock ([`turn_key`]): those fields have too many values for a table.
    pub turn_seed: u64,
    /// Mined chess: a mine of `[colour]` on a square.
    pub mine: [[u64; 64]; 2],
    /// Mined chess: `[colour][count]`, the mines of a colour whose squares
    /// are not known (none adds nothing).
    pub unknown_mines: [[u64; 3]; 2],
}

const fn generate() -> VariantKeys {
    let mut state = 0x5641_5249_414E_5453u64;
    let mut keys = VariantKeys {
        ghost: [0; 64],
        hand: [[[0; 32]; 6]; 2],
        pending: [0; 64],
        waiting: [[0; 64]; 14],
        turn_seed: 0,
        mine: [[0; 64]; 2],
        unknown_mines: [[0; 3]; 2],
    };
    let mut s = 0;
    while s < 64 {
        keys.ghost[s] = splitmix(&mut state);
        keys.pending[s] = splitmix(&mut state);
        let mut p = 0;
        while p < 14 {
            keys.waiting[p][s] = splitmix(&mut state);
            p += 1;
        }
        s += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 6 {
            // Holding none adds nothing, so that empty hands hash as chess.
            let mut n = 1;
            while n < 32 {
                keys.hand[c][k][n] = splitmix(&mut state);
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    keys.turn_seed = splitmix(&mut state);
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 64 {
            keys.mine[c][s] = splitmix(&mut state);
            s += 1;
        }
        keys.unknown_mines[c][1] = splitmix(&mut state);
        keys.unknown_mines[c][2] = splitmix(&mut state);
        c += 1;
    }
    keys
}

pub static VARIANT_KEYS: VariantKeys = generate();

/// The key of a turn state packed into `fields` (never all zero: the plain
/// turn, which hashes as in chess, has no key).
pub fn turn_key(fields: u64) -> u64 {
    let mut state = fields ^ VARIANT_KEYS.turn_seed;
    splitmix(&mut state)
}
