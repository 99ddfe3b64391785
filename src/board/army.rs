//! What a board holds: its squares and their sets, its men and their
//! kinds. Chess and its variants play [`ChessArmy`] on the 8x8 board;
//! Elven Chess its own ten kinds on the 10x10 board
//! (`crate::elven::ElvenArmy`). Code written over an `Army` ([`super::Pieces`])
//! is compiled once for each, to the code it would be for that one alone.

use super::castling::CastlingRights;
use crate::types::{Bitboard, BoardSquare, Color, Piece, PieceType, Square, SquareSet};
use std::fmt;
use std::ops::{Index, IndexMut};

/// The men of a game and the board they stand on.
pub trait Army: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    type Square: BoardSquare<Set = Self::Set>;
    type Set: SquareSet<Square = Self::Square>;
    /// A kind of man, whatever its colour.
    type Kind: Copy + Eq + fmt::Debug;
    /// A man: a colour and a kind.
    type Piece: Copy + Eq + fmt::Debug;
    /// One set per kind.
    type KindSets: Copy + Eq + fmt::Debug + Index<usize, Output = Self::Set> + IndexMut<usize>;
    /// What stands on each square.
    type Mailbox: Copy + Eq + fmt::Debug + Index<usize, Output = Option<Self::Piece>> + IndexMut<usize>;
    /// The castling rights a position keeps.
    type Castling: Copy + Eq + fmt::Debug + Default;
    const NO_SETS: Self::KindSets;
    const NO_MEN: Self::Mailbox;

    fn kind_index(kind: Self::Kind) -> usize;
    fn color_of(piece: Self::Piece) -> Color;
    fn kind_of(piece: Self::Piece) -> Self::Kind;
    /// The men, both colours, that move along diagonals as far as the way
    /// is free.
    fn diagonal_sliders(sets: &Self::KindSets) -> Self::Set;
    /// The men, both colours, that move along ranks and files as far as
    /// the way is free.
    fn orthogonal_sliders(sets: &Self::KindSets) -> Self::Set;
}

/// The chess men on the 8x8 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChessArmy;

impl Army for ChessArmy {
    type Square = Square;
    type Set = Bitboard;
    type Kind = PieceType;
    type Piece = Piece;
    type KindSets = [Bitboard; 6];
    type Mailbox = [Option<Piece>; 64];
    type Castling = CastlingRights;
    const NO_SETS: [Bitboard; 6] = [Bitboard::EMPTY; 6];
    const NO_MEN: [Option<Piece>; 64] = [None; 64];

    #[inline(always)]
    fn kind_index(kind: PieceType) -> usize {
        kind.index()
    }

    #[inline(always)]
    fn color_of(piece: Piece) -> Color {
        piece.color()
    }

    #[inline(always)]
    fn kind_of(piece: Piece) -> PieceType {
        piece.kind()
    }

    /// Bishops and queens.
    #[inline(always)]
    fn diagonal_sliders(sets: &[Bitboard; 6]) -> Bitboard {
        sets[PieceType::Bishop.index()] | sets[PieceType::Queen.index()]
    }

    /// Rooks and queens.
    #[inline(always)]
    fn orthogonal_sliders(sets: &[Bitboard; 6]) -> Bitboard {
        sets[PieceType::Rook.index()] | sets[PieceType::Queen.index()]
    }
}
