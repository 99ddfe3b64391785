//! What a board holds: its squares and their sets, its men and their
//! kinds. Chess and its variants play [`ChessArmy`] on the 8x8 board;
//! Elven Chess its own ten kinds on the 10x10 board
//! (`crate::elven::ElvenArmy`). Code written over an `Army` ([`super::Pieces`])
//! is compiled once for each, to the code it would be for that one alone.

use super::castling::CastlingRights;
use super::{attacks, zobrist};
use crate::types::{Bitboard, BoardSquare, Color, File, Piece, PieceType, Rank, Square, SquareSet};
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

    /// The Zobrist key of `piece` on `square`.
    fn piece_key(piece: Self::Piece, square: Self::Square) -> u64;
    /// A man's FEN letter.
    fn piece_char(piece: Self::Piece) -> char;
    /// The number of squares.
    const SQUARES: usize;

    // ----- The board's geometry ---------------------------------------------

    /// One rank up: a square's index plus the number of files.
    const UP: i8;
    /// The first file and the last: where a pawn's capture towards the edge
    /// would wrap around.
    const FIRST_FILE: Self::Set;
    const LAST_FILE: Self::Set;
    /// The squares of `square`'s file.
    fn file_of(square: Self::Square) -> Self::Set;
    /// The squares where a `color` pawn must promote.
    fn promotion_zone(color: Color) -> Self::Set;
    /// Where a `color` pawn lands from its first rank with one step, and
    /// may step again.
    fn double_step_rank(color: Color) -> Self::Set;

    fn knight_attacks(square: Self::Square) -> Self::Set;
    fn king_attacks(square: Self::Square) -> Self::Set;
    /// The squares a `color` pawn on `square` attacks.
    fn pawn_attacks(color: Color, square: Self::Square) -> Self::Set;
    fn bishop_attacks(square: Self::Square, occupied: Self::Set) -> Self::Set;
    fn rook_attacks(square: Self::Square, occupied: Self::Set) -> Self::Set;
    /// The squares strictly between two squares on a line, else none.
    fn between(a: Self::Square, b: Self::Square) -> Self::Set;
    /// The whole line through two squares, else none.
    fn line(a: Self::Square, b: Self::Square) -> Self::Set;
    /// Where the man on `from` may go for the pins `pinned`: the line
    /// through it and the king on `king` if it is pinned, else anywhere.
    fn pin_line(king: Self::Square, from: Self::Square, pinned: Self::Set) -> Self::Set;

    // ----- The men beyond chess's -------------------------------------------

    const PAWN: Self::Kind;
    const KNIGHT: Self::Kind;
    const KING: Self::Kind;
    /// Whether a man that is not a slider may check from further than a
    /// king's step along a line (Elven Chess's warlock, two squares away):
    /// such a check is answered by a capture alone, not by a block.
    const LINE_LEAPERS: bool = false;
    /// Hands `each` the step targets of the men of `ours` that step beyond
    /// what the knights and sliders of chess do (Elven Chess's elf and
    /// goblin besides their slides, and its dwarfs), one man at a time.
    #[inline(always)]
    fn steps(_sets: &Self::KindSets, _ours: Self::Set, _each: impl FnMut(Self::Square, Self::Set)) {}
    /// The men of both colours beyond chess's pawns, knights, kings and
    /// sliders that attack `square`, by a leap or a step (Elven Chess's
    /// dwarfs, warlocks, and its elves' and goblins' steps).
    #[inline(always)]
    fn other_attackers(_sets: &Self::KindSets, _square: Self::Square) -> Self::Set {
        Self::Set::EMPTY
    }

    // ----- The exchange on a square (`Pieces::exchange_ge`) -----------------

    /// The kinds in the order an exchange spends them, the king last.
    const CHEAPEST_FIRST: &'static [Self::Kind];
    /// What a man of `kind` is worth to an exchange.
    fn exchange_value(kind: Self::Kind) -> i32;
    /// Whether a man of `kind` that attacks a square may stand on a
    /// diagonal through it (so that taking it away may uncover a slider
    /// behind it), and on a rank or file.
    fn on_diagonals(kind: Self::Kind) -> bool;
    fn on_orthogonals(kind: Self::Kind) -> bool;
    /// Whether the exchange stops before a man of `taker` takes one of
    /// `taken` (Elven Chess: a warlock may not take a defended warlock).
    #[inline(always)]
    fn exchange_stops(_taken: Self::Kind, _taker: Self::Kind) -> bool {
        false
    }
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

    #[inline(always)]
    fn piece_key(piece: Piece, square: Square) -> u64 {
        zobrist::piece_key(piece, square)
    }

    #[inline(always)]
    fn piece_char(piece: Piece) -> char {
        piece.char()
    }

    const SQUARES: usize = 64;
    const UP: i8 = 8;
    const FIRST_FILE: Bitboard = File::A.bitboard();
    const LAST_FILE: Bitboard = File::H.bitboard();

    #[inline(always)]
    fn file_of(square: Square) -> Bitboard {
        square.file().bitboard()
    }

    #[inline(always)]
    fn promotion_zone(color: Color) -> Bitboard {
        Rank::Eighth.relative(color).bitboard()
    }

    #[inline(always)]
    fn double_step_rank(color: Color) -> Bitboard {
        Rank::Third.relative(color).bitboard()
    }

    #[inline(always)]
    fn knight_attacks(square: Square) -> Bitboard {
        attacks::knight_attacks(square)
    }

    #[inline(always)]
    fn king_attacks(square: Square) -> Bitboard {
        attacks::king_attacks(square)
    }

    #[inline(always)]
    fn pawn_attacks(color: Color, square: Square) -> Bitboard {
        attacks::pawn_attacks(color, square)
    }

    #[inline(always)]
    fn bishop_attacks(square: Square, occupied: Bitboard) -> Bitboard {
        attacks::bishop_attacks(square, occupied)
    }

    #[inline(always)]
    fn rook_attacks(square: Square, occupied: Bitboard) -> Bitboard {
        attacks::rook_attacks(square, occupied)
    }

    #[inline(always)]
    fn between(a: Square, b: Square) -> Bitboard {
        attacks::between(a, b)
    }

    #[inline(always)]
    fn line(a: Square, b: Square) -> Bitboard {
        attacks::line(a, b)
    }

    /// A mask, not a branch: pins are rare and the branch would be
    /// mispredicted; the line is one lookup.
    #[inline(always)]
    fn pin_line(king: Square, from: Square, pinned: Bitboard) -> Bitboard {
        let is_pinned = (pinned.0 >> from.index() & 1).wrapping_neg();
        Bitboard(attacks::line(king, from).0 | !is_pinned)
    }

    const PAWN: PieceType = PieceType::Pawn;
    const KNIGHT: PieceType = PieceType::Knight;
    const KING: PieceType = PieceType::King;

    const CHEAPEST_FIRST: &'static [PieceType] = &PieceType::ALL;

    #[inline(always)]
    fn exchange_value(kind: PieceType) -> i32 {
        super::see::SEE_VALUES[kind.index()]
    }

    #[inline(always)]
    fn on_diagonals(kind: PieceType) -> bool {
        matches!(kind, PieceType::Pawn | PieceType::Bishop | PieceType::Queen)
    }

    #[inline(always)]
    fn on_orthogonals(kind: PieceType) -> bool {
        matches!(kind, PieceType::Rook | PieceType::Queen)
    }
}
