//! Pieces in hand: those waiting to be placed (placement chess) and the one
//! piece a capture has put in a hand (reinforced and returning chess).

use crate::types::{Color, Piece, PieceType};

/// The order pieces are written in a FEN hand: king first, pawns last.
pub const HAND_ORDER: [PieceType; 6] =
    [PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn];

/// How many pieces of each kind each side holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands {
    counts: [[u8; 6]; 2],
}

impl Hands {
    /// Sixteen pieces each: the full army.
    pub const fn full() -> Hands {
        let army = [8, 2, 2, 2, 1, 1];
        Hands { counts: [army, army] }
    }

    #[inline(always)]
    pub fn count(&self, color: Color, kind: PieceType) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    /// How many men of each kind `color` holds, by kind index.
    #[inline(always)]
    pub fn counts(&self, color: Color) -> [u8; 6] {
        self.counts[color.index()]
    }

    /// Every piece `color` holds.
    pub fn total(&self, color: Color) -> u32 {
        self.counts[color.index()].iter().map(|&n| n as u32).sum()
    }

    pub fn is_empty(&self, color: Color) -> bool {
        self.counts[color.index()] == [0; 6]
    }

    pub fn add(&mut self, piece: Piece) {
        let slot = &mut self.counts[piece.color().index()][piece.kind().index()];
        *slot = slot.saturating_add(1);
    }

    /// Takes one `piece` out; the caller guarantees the hand holds one.
    pub fn remove(&mut self, piece: Piece) {
        let slot = &mut self.counts[piece.color().index()][piece.kind().index()];
        debug_assert!(*slot > 0, "removing {piece:?} from an empty hand");
        *slot -= 1;
    }

    /// Empties `color`'s hand.
    pub fn clear(&mut self, color: Color) {
        self.counts[color.index()] = [0; 6];
    }

    /// The kinds `color` holds at least one of.
    pub fn kinds(&self, color: Color) -> impl Iterator<Item = PieceType> + '_ {
        PieceType::ALL.into_iter().filter(move |&kind| self.count(color, kind) > 0)
    }

    /// The hands as FEN letters, White's in upper case first, each side in
    /// the order K Q R B N P.
    pub fn letters(&self) -> String {
        let mut text = String::new();
        for color in Color::ALL {
            for kind in HAND_ORDER {
                for _ in 0..self.count(color, kind) {
                    text.push(Piece::new(color, kind).char());
                }
            }
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_hands_hold_two_armies() {
        let hands = Hands::full();
        assert_eq!((hands.total(Color::White), hands.total(Color::Black)), (16, 16));
        assert_eq!(hands.letters(), "KQRRBBNNPPPPPPPPkqrrbbnnpppppppp");
        let mut hands = hands;
        hands.remove(Piece::WhiteQueen);
        hands.add(Piece::BlackPawn);
        assert_eq!(hands.count(Color::White, PieceType::Queen), 0);
        assert_eq!(hands.count(Color::Black, PieceType::Pawn), 9);
        assert!(!hands.kinds(Color::White).any(|k| k == PieceType::Queen));
        hands.clear(Color::White);
        assert!(hands.is_empty(Color::White) && !hands.is_empty(Color::Black));
    }
}
