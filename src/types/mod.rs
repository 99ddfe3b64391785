//! The small value types everything else is built from.

mod bitboard;
mod bitboard10;
mod chess_move;
mod color;
mod excerpt;
mod piece;
pub mod random;
mod square;
mod square10;
pub(crate) mod square_set;

pub use bitboard::Bitboard;
pub use bitboard10::Bitboard10;
pub use chess_move::{Move, MoveKind};
pub use color::Color;
pub use excerpt::excerpt;
pub use piece::{Piece, PieceType};
pub use square::{File, Rank, Square};
pub use square10::Square10;
pub use square_set::{BoardSquare, SquareSet};
