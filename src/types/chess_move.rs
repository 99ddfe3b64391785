use super::{PieceType, Square};
use std::fmt;

/// What kind of move a `Move` is, beyond its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum MoveKind {
    Normal = 0,
    Promotion = 1,
    EnPassant = 2,
    /// Encoded as the king capturing its own rook, so that Chess960 and
    /// standard castling share one representation.
    Castling = 3,
}

/// A move in 16 bits: from (bits 0-5), to (6-11), promotion piece (12-13:
/// knight, bishop, rook, queen) and kind (14-15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// Not a move: marks "no move" in tables and lists.
    pub const NONE: Move = Move(0);
    /// The null move (a1a1 would be NONE, so it uses b1b1).
    pub const NULL: Move = Move(1 | 1 << 6);

    #[inline(always)]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6)
    }

    #[inline(always)]
    pub const fn with_kind(from: Square, to: Square, kind: MoveKind) -> Move {
        Move(from.index() as u16 | (to.index() as u16) << 6 | (kind as u16) << 14)
    }

    /// A promotion to `piece`, which must be a knight, bishop, rook or queen.
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, piece: PieceType) -> Move {
        let code = piece as u16 - PieceType::Knight as u16;
        Move(from.index() as u16 | (to.index() as u16) << 6 | code << 12 | (MoveKind::Promotion as u16) << 14)
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index_unchecked((self.0 & 63) as u32)
    }

    /// The destination; for castling, the castling rook's square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 >> 6 & 63) as u32)
    }

    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 14 {
            0 => MoveKind::Normal,
            1 => MoveKind::Promotion,
            2 => MoveKind::EnPassant,
            _ => MoveKind::Castling,
        }
    }

    /// The piece a promotion creates, or None for other moves.
    #[inline(always)]
    pub const fn promotion_piece(self) -> Option<PieceType> {
        match self.kind() {
            MoveKind::Promotion => {
                Some(PieceType::from_index(PieceType::Knight as usize + (self.0 >> 12 & 3) as usize))
            }
            _ => None,
        }
    }

    #[inline(always)]
    pub const fn is_castling(self) -> bool {
        self.0 >> 14 == MoveKind::Castling as u16
    }

    #[inline(always)]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// The raw 16 bits, for tables.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }

    #[inline(always)]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }
}

impl fmt::Debug for Move {
    /// The move in Chess960-style UCI (castling as king takes rook).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return write!(f, "0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(piece) = self.promotion_piece() {
            write!(f, "{}", piece.char())?;
        }
        Ok(())
    }
}
