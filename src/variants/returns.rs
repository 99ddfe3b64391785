//! Ghost chess: the captured pieces waiting to come back, each on the square
//! where it was taken, in the order they were taken.

use crate::types::{Bitboard, Piece, Square};

/// At most every man but the kings can be waiting.
pub const MAX_WAITING: usize = 30;

/// The waiting pieces, kept by square (a1 first) and on each square in the
/// order they were taken: the one order in which they can be written, so
/// that equal states compare equal. A fixed array, so that a position stays
/// `Copy`; the slots past `len` always hold the default entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Returns {
    entries: [(Square, Piece); MAX_WAITING],
    len: u8,
}

impl Default for Returns {
    fn default() -> Returns {
        Returns { entries: [(Square::A1, Piece::WhitePawn); MAX_WAITING], len: 0 }
    }
}

impl Returns {
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Adds `piece`, taken on `square`, behind every earlier capture there.
    /// Returns false, changing nothing, when the list is full (no legal game
    /// gets there: the two sides have thirty men to lose).
    pub fn push(&mut self, square: Square, piece: Piece) -> bool {
        let len = self.len();
        if len == MAX_WAITING {
            return false;
        }
        let at = self.entries[..len].iter().position(|&(s, _)| s > square).unwrap_or(len);
        self.entries.copy_within(at..len, at + 1);
        self.entries[at] = (square, piece);
        self.len += 1;
        true
    }

    /// The squares with at least one piece waiting.
    pub fn squares(&self) -> Bitboard {
        self.iter().fold(Bitboard::EMPTY, |set, (square, _)| set | square.bitboard())
    }

    /// Takes out the earliest piece waiting on `square`.
    pub fn pop_first_on(&mut self, square: Square) -> Option<Piece> {
        let index = self.entries[..self.len()].iter().position(|&(s, _)| s == square)?;
        let piece = self.entries[index].1;
        let len = self.len();
        self.entries.copy_within(index + 1..len, index);
        self.len -= 1;
        self.entries[self.len()] = Returns::default().entries[0];
        Some(piece)
    }

    /// Every waiting piece, by square, each square's in the order taken.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.entries[..self.len()].iter().copied()
    }

    /// The pieces waiting on `square`, in the order they come back.
    pub fn on(&self, square: Square) -> impl Iterator<Item = Piece> + '_ {
        self.iter().filter(move |&(s, _)| s == square).map(|(_, piece)| piece)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_come_back_in_the_order_they_were_taken() {
        let mut returns = Returns::default();
        assert!(returns.push(Square::D4, Piece::WhiteKnight));
        assert!(returns.push(Square::E5, Piece::BlackQueen));
        assert!(returns.push(Square::D4, Piece::BlackPawn));
        assert_eq!(returns.squares(), Square::D4.bitboard() | Square::E5.bitboard());
        assert_eq!(returns.on(Square::D4).collect::<Vec<_>>(), vec![Piece::WhiteKnight, Piece::BlackPawn]);
        assert_eq!(returns.pop_first_on(Square::D4), Some(Piece::WhiteKnight));
        assert_eq!(returns.pop_first_on(Square::D4), Some(Piece::BlackPawn));
        assert_eq!(returns.pop_first_on(Square::D4), None);
        assert_eq!(returns.len(), 1);
        let mut same = Returns::default();
        same.push(Square::E5, Piece::BlackQueen);
        assert_eq!(returns, same, "emptied slots do not make equal states differ");
        let mut interleaved = Returns::default();
        interleaved.push(Square::E5, Piece::BlackQueen);
        interleaved.push(Square::D4, Piece::WhiteKnight);
        interleaved.push(Square::E5, Piece::WhitePawn);
        let order: Vec<_> = interleaved.iter().collect();
        assert_eq!(
            order,
            vec![(Square::D4, Piece::WhiteKnight), (Square::E5, Piece::BlackQueen), (Square::E5, Piece::WhitePawn)]
        );
        for _ in 1..MAX_WAITING {
            assert!(returns.push(Square::A2, Piece::WhitePawn));
        }
        assert!(!returns.push(Square::A2, Piece::WhitePawn));
    }
}
