//! The position: where the pieces stand and the state the rules need.

use super::army::{Army, ChessArmy};
use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, pawn_attacks_set, rook_attacks,
};
use super::pieces::Pieces;
use super::zobrist::{piece_key, ZOBRIST};
use crate::types::{Bitboard, BoardSquare, Color, Piece, PieceType, Square, SquareSet};
use std::fmt;

/// The state a game's rules keep beside what every game on a board keeps
/// (the men, the side to move, castling, en passant, the counters, the key
/// and the checkers): the extension point of [`Board`]. Standard
/// chess keeps its pawns' key and its pins ([`Standard`]); the variants
/// keep their hands, ghosts, returns, mines and turns
/// (`crate::variants::VariantRules`).
pub trait Rules: Copy + Eq + fmt::Debug + Send + Sync + 'static {
    /// The men and the board they stand on.
    type Army: Army;
    /// A man was placed on `square` (`key`: its key, which the board's key
    /// has taken in already).
    fn placed(&mut self, piece: PieceOf<Self>, square: SquareOf<Self>, key: u64);
    /// A man was lifted off `square`.
    fn lifted(&mut self, piece: PieceOf<Self>, square: SquareOf<Self>, key: u64);
    /// A man moved from `from` to `to` (`delta`: the two squares' keys).
    fn moved(&mut self, piece: PieceOf<Self>, from: SquareOf<Self>, to: SquareOf<Self>, delta: u64);
    /// The rules' own part of the position's key: what the legal moves and
    /// the game's future depend on beyond the board's fields (zero in
    /// chess).
    fn key(&self) -> u64;

    /// Whether the board's move generator gives legal moves alone, checks
    /// and pins resolved as it goes (chess), or the men's moves before the
    /// king-safety test, each then judged by making it (the variants,
    /// where a ghost that comes back or a turn that goes on changes what
    /// is safe).
    const LEGAL_MOVES: bool;
    /// The men of the side to move pinned to its king, where
    /// [`Rules::LEGAL_MOVES`] holds; a game may count the other side's men
    /// that stand alone on the king's lines too (Elven Chess, whose warlock
    /// may take one), as the generator reads only its own side's.
    fn pinned(&self) -> SetOf<Self>;
    /// The other side's men that may not be taken (ghost chess's ghosts,
    /// Elven Chess's warlock just after the other was taken).
    fn untakable(&self) -> SetOf<Self>;
    /// Whether a pawn on its first rank may step two squares (as in
    /// chess, unless the rules say otherwise).
    #[inline(always)]
    fn pawn_double_step(&self) -> bool {
        true
    }
    /// Whether the kings may castle (as in chess, unless the rules say
    /// otherwise).
    #[inline(always)]
    fn castles(&self) -> bool {
        true
    }
}

/// A square of the board of rules `R`.
pub type SquareOf<R> = <<R as Rules>::Army as Army>::Square;
/// A set of squares of the board of rules `R`.
pub type SetOf<R> = <<R as Rules>::Army as Army>::Set;
/// A man of the game of rules `R`.
pub type PieceOf<R> = <<R as Rules>::Army as Army>::Piece;
/// The army of rules `R`.
type A<R> = <R as Rules>::Army;

/// The rules of a game played with the chess men on the 8x8 board: chess
/// and the variants.
pub trait ChessRules: Rules<Army = ChessArmy> {}

impl<R: Rules<Army = ChessArmy>> ChessRules for R {}

/// Standard chess's own state: what its make and move generator keep
/// beside the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standard {
    pub(super) pawn_key: u64,
    /// Pieces of the side to move pinned to their own king.
    pub(super) pinned: Bitboard,
}

/// The pawns' key follows the pawns; the pins are the move generator's.
impl Rules for Standard {
    type Army = ChessArmy;

    #[inline(always)]
    fn placed(&mut self, piece: Piece, _: Square, key: u64) {
        self.pawn_key ^= key & pawn_mask(piece);
    }

    #[inline(always)]
    fn lifted(&mut self, piece: Piece, _: Square, key: u64) {
        self.pawn_key ^= key & pawn_mask(piece);
    }

    #[inline(always)]
    fn moved(&mut self, piece: Piece, _: Square, _: Square, delta: u64) {
        self.pawn_key ^= delta & pawn_mask(piece);
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        0
    }

    const LEGAL_MOVES: bool = true;

    #[inline(always)]
    fn pinned(&self) -> Bitboard {
        self.pinned
    }

    #[inline(always)]
    fn untakable(&self) -> Bitboard {
        Bitboard::EMPTY
    }
}

/// A position of a game played on a board of its army's size: chess
/// ([`Position`]), one of the rules book's variants
/// (`crate::variants::VariantPosition`) or Elven Chess
/// (`crate::elven::ElvenPosition`), the rules' own state in `rules`. Built
/// only by FEN parsing and by making legal moves, so that it always
/// satisfies its rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board<R: Rules> {
    pub(crate) pieces: Pieces<R::Army>,
    pub(crate) side_to_move: Color,
    pub(crate) castling: <R::Army as Army>::Castling,
    /// Set only when an en-passant capture is legal, so that the key follows
    /// the repetition rule.
    pub(crate) en_passant: Option<SquareOf<R>>,
    pub(crate) halfmove_clock: u16,
    pub(crate) fullmove_number: u16,
    pub(crate) key: u64,
    /// Pieces of the side not to move that give check.
    pub(crate) checkers: SetOf<R>,
    pub(crate) rules: R,
}

/// The board rank by rank from the top, a man's letter or `.` a square,
/// then the state: short enough to read in a failed test's message.
impl<R: Rules> fmt::Debug for Board<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let files = <R::Army as Army>::UP as u32;
        let squares = <R::Army as Army>::SQUARES as u32;
        let mut rows = Vec::new();
        for rank in (0..squares / files).rev() {
            let row: String = (rank * files..(rank + 1) * files)
                .map(|i| match self.piece_on(SquareOf::<R>::from_index_unchecked(i)) {
                    Some(piece) => <R::Army as Army>::piece_char(piece),
                    None => '.',
                })
                .collect();
            rows.push(row);
        }
        f.debug_struct("Board")
            .field("men", &rows.join("/"))
            .field("side_to_move", &self.side_to_move)
            .field("castling", &self.castling)
            .field("en_passant", &self.en_passant)
            .field("clocks", &(self.halfmove_clock, self.fullmove_number))
            .field("key", &format_args!("{:016x}", self.key))
            .field("rules", &self.rules)
            .finish()
    }
}

/// A legal chess position: every `Position` satisfies the rules (one king
/// each, the side not to move not in check, castling rights backed by king
/// and rook).
pub type Position = Board<Standard>;

/// All ones for a pawn, zero for other pieces: the pawn key changes only
/// with pawns, and a mask is cheaper than a branch here.
#[inline(always)]
fn pawn_mask(piece: Piece) -> u64 {
    ((piece.kind() == PieceType::Pawn) as u64).wrapping_neg()
}

/// What every game on the board keeps, read alike.
impl<R: Rules> Board<R> {
    /// An empty board, White to move, move 1, with the rules' state
    /// `rules`: where the FEN readers start.
    pub(crate) fn with_rules(rules: R) -> Board<R> {
        Board {
            pieces: Pieces::EMPTY,
            side_to_move: Color::White,
            castling: Default::default(),
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
            checkers: SetOf::<R>::EMPTY,
            rules,
        }
    }

    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// Every man of either colour that attacks `square`, with the sliders
    /// seen through `occupied`.
    #[inline(always)]
    pub fn attackers_to(&self, square: SquareOf<R>, occupied: SetOf<R>) -> SetOf<R> {
        self.pieces.attackers_to(square, occupied)
    }

    /// Whether `mover`, going from `from` to `to` and taking men worth
    /// `captured`, wins at least `threshold` once both sides have
    /// recaptured on `to` for as long as it pays ([`Pieces::exchange_ge`]).
    #[inline(always)]
    pub fn exchange_ge(
        &self,
        mover: PieceOf<R>,
        from: SquareOf<R>,
        to: SquareOf<R>,
        captured: i32,
        threshold: i32,
    ) -> bool {
        self.pieces.exchange_ge(mover, from, to, captured, threshold)
    }

    #[inline(always)]
    pub fn piece_on(&self, square: SquareOf<R>) -> Option<PieceOf<R>> {
        self.pieces.piece_on(square)
    }

    #[inline(always)]
    pub fn occupied(&self) -> SetOf<R> {
        self.pieces.occupied()
    }

    #[inline(always)]
    pub fn color(&self, color: Color) -> SetOf<R> {
        self.pieces.color(color)
    }

    /// Pieces of this kind, both colours.
    #[inline(always)]
    pub fn kind(&self, kind: <R::Army as Army>::Kind) -> SetOf<R> {
        self.pieces.kind(kind)
    }

    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: <R::Army as Army>::Kind) -> SetOf<R> {
        self.pieces.pieces(color, kind)
    }

    /// The men that slide along diagonals, both colours (bishops and
    /// queens; Elven Chess's elves too).
    #[inline(always)]
    pub fn diagonal_sliders(&self) -> SetOf<R> {
        self.pieces.diagonal_sliders()
    }

    /// The men that slide along ranks and files, both colours (rooks and
    /// queens; Elven Chess's goblins too).
    #[inline(always)]
    pub fn orthogonal_sliders(&self) -> SetOf<R> {
        self.pieces.orthogonal_sliders()
    }

    #[inline(always)]
    pub fn castling_rights(&self) -> <R::Army as Army>::Castling {
        self.castling
    }

    /// The en-passant target square, present only when the capture is legal.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<SquareOf<R>> {
        self.en_passant
    }

    /// Halfmoves since the last capture or pawn move.
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock as u32
    }

    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number as u32
    }

    /// The Zobrist key: everything the legal moves and the game's future
    /// depend on (in chess: the pieces, the side to move, the castling
    /// rights and a legal en-passant capture), so that equal keys mean
    /// repeated positions.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.key
    }

    #[inline(always)]
    pub fn checkers(&self) -> SetOf<R> {
        self.checkers
    }

    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The men the side to move may take: the other side's, but those its
    /// rules make untakable (ghost chess's ghosts).
    #[inline(always)]
    pub fn capturable(&self) -> SetOf<R> {
        self.color(!self.side_to_move).without(self.rules.untakable())
    }

    // ----- Piece placement ------------------------------------------------
    // With `FULL`, the mailbox, the keys and the rules' hooks follow the
    // bitboards. Without it only the bitboards change: the lean make that
    // chess perft's bulk count uses for a position it only counts moves in
    // (see `count_legal_moves_after`); a game whose rules keep marks of
    // their own (the variants, Elven Chess) always places with `FULL`.

    #[inline(always)]
    pub(crate) fn put_piece<const FULL: bool>(&mut self, piece: PieceOf<R>, square: SquareOf<R>) {
        self.pieces.put::<FULL>(piece, square);
        if FULL {
            let key = A::<R>::piece_key(piece, square);
            self.key ^= key;
            self.rules.placed(piece, square, key);
        }
    }

    #[inline(always)]
    pub(crate) fn remove_piece<const FULL: bool>(&mut self, piece: PieceOf<R>, square: SquareOf<R>) {
        self.pieces.remove::<FULL>(piece, square);
        if FULL {
            let key = A::<R>::piece_key(piece, square);
            self.key ^= key;
            self.rules.lifted(piece, square, key);
        }
    }

    #[inline(always)]
    pub(crate) fn move_piece<const FULL: bool>(&mut self, piece: PieceOf<R>, from: SquareOf<R>, to: SquareOf<R>) {
        self.pieces.move_piece::<FULL>(piece, from, to);
        if FULL {
            let delta = A::<R>::piece_key(piece, from) ^ A::<R>::piece_key(piece, to);
            self.key ^= delta;
            self.rules.moved(piece, from, to, delta);
        }
    }
}

/// What every game with the chess men keeps, read alike.
impl<R: ChessRules> Board<R> {
    /// Whether the pawn on `from` may capture en passant on `target`: the
    /// king of the side to move must not be attacked afterwards. This is the
    /// full test, which covers the horizontal discovered check.
    #[inline(always)]
    pub(super) fn en_passant_is_legal(&self, from: Square, target: Square) -> bool {
        let us = self.side_to_move;
        let captured = Square::new(target.file(), from.rank());
        let occupied = (self.occupied() ^ from.bitboard() ^ captured.bitboard()) | target.bitboard();
        let king = self.pieces(us, PieceType::King).lsb();
        let theirs = self.color(!us);
        (bishop_attacks(king, occupied) & self.diagonal_sliders() & theirs).is_empty()
            && (rook_attacks(king, occupied) & self.orthogonal_sliders() & theirs).is_empty()
            && (self.checkers & !captured.bitboard())
                .without(self.orthogonal_sliders() | self.diagonal_sliders())
                .is_empty()
    }

    /// Every square `color` attacks (the variants': with its king, if it
    /// has one on the board yet).
    pub fn attacks_by(&self, color: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacks = pawn_attacks_set(color, self.pieces(color, PieceType::Pawn));
        for square in self.pieces(color, PieceType::Knight) {
            attacks |= knight_attacks(square);
        }
        let ours = self.color(color);
        for square in self.diagonal_sliders() & ours {
            attacks |= bishop_attacks(square, occupied);
        }
        for square in self.orthogonal_sliders() & ours {
            attacks |= rook_attacks(square, occupied);
        }
        for square in self.pieces(color, PieceType::King) {
            attacks |= king_attacks(square);
        }
        attacks
    }

    /// The pieces of `by` that attack `square`, sliders seen through
    /// `occupied`.
    #[inline(always)]
    pub fn attackers(&self, by: Color, square: Square, occupied: Bitboard) -> Bitboard {
        self.pieces.attackers(by, square, occupied)
    }

    /// Whether a piece of `by` attacks `square`, with sliders seen through
    /// `occupied`. One combined test, without short-circuit branches: perft
    /// showed the branches cost more than the lookups they skip.
    #[inline(always)]
    pub fn is_attacked_by(&self, by: Color, square: Square, occupied: Bitboard) -> bool {
        self.pieces.attackers(by, square, occupied).any()
    }

    /// The key computed from scratch; equals `key()` in every position.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for square in self.occupied() {
            let piece = self.piece_on(square).expect("occupied squares hold a piece");
            key ^= piece_key(piece, square);
        }
        key ^ self.state_key()
    }

    /// The key of everything but the men on the board: the side to move,
    /// the castling rights, a legal en-passant capture and the rules' own
    /// part.
    pub(crate) fn state_key(&self) -> u64 {
        let mut key = self.rules.key();
        if self.side_to_move == Color::Black {
            key ^= ZOBRIST.black_to_move;
        }
        for (_, _, rook) in self.castling.iter() {
            key ^= ZOBRIST.castling[rook.index()];
        }
        if let Some(square) = self.en_passant {
            key ^= ZOBRIST.en_passant_file[square.file().index()];
        }
        key
    }
}

impl Position {
    pub(super) fn empty() -> Position {
        Board::with_rules(Standard::default())
    }

    /// The standard starting position.
    pub fn startpos() -> Position {
        Position::from_fen(super::fen::STARTPOS_FEN).expect("the start position parses")
    }

    // ----- Accessors -------------------------------------------------------

    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceType::King).lsb()
    }

    /// The Zobrist key of the pawns alone (for a pawn-structure cache).
    #[inline(always)]
    pub fn pawn_key(&self) -> u64 {
        self.rules.pawn_key
    }

    #[inline(always)]
    pub fn pinned(&self) -> Bitboard {
        self.rules.pinned
    }

    /// True when `color` has a piece other than pawns and the king (the
    /// null-move guard against zugzwang uses this).
    pub fn has_non_pawn_material(&self, color: Color) -> bool {
        (self.color(color) & !self.kind(PieceType::Pawn) & !self.kind(PieceType::King)).any()
    }

    // ----- Attacks ---------------------------------------------------------

    /// Pieces of either colour that stand alone between a slider of
    /// `slider_color` and the king of `king_color`.
    pub fn blockers(&self, king_color: Color, slider_color: Color) -> Bitboard {
        let king = self.king_square(king_color);
        let sliders = self.color(slider_color);
        let snipers = (rook_attacks(king, Bitboard::EMPTY) & self.orthogonal_sliders() & sliders)
            | (bishop_attacks(king, Bitboard::EMPTY) & self.diagonal_sliders() & sliders);
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between(king, sniper) & occupied;
            if between.any() && !between.has_many() {
                blockers |= between;
            }
        }
        blockers
    }

    /// Recomputes the checkers and the pinned pieces for the side to move.
    #[inline(always)]
    pub(super) fn update_check_info(&mut self) {
        let us = self.side_to_move;
        let them = !us;
        let king = self.king_square(us);
        let occupied = self.occupied();
        let theirs = self.color(them);
        self.checkers = ((pawn_attacks(us, king) & self.kind(PieceType::Pawn))
            | (knight_attacks(king) & self.kind(PieceType::Knight))
            | (bishop_attacks(king, occupied) & self.diagonal_sliders())
            | (rook_attacks(king, occupied) & self.orthogonal_sliders()))
            & theirs;
        let snipers = ((rook_attacks(king, Bitboard::EMPTY) & self.orthogonal_sliders())
            | (bishop_attacks(king, Bitboard::EMPTY) & self.diagonal_sliders()))
            & theirs;
        let ours = self.color(us);
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            // A lone piece between king and sniper is pinned if it is ours.
            let between = between(king, sniper) & occupied;
            let alone = (!between.has_many()) as u64;
            pinned |= Bitboard(between.0 & ours.0 & alone.wrapping_neg());
        }
        self.rules.pinned = pinned;
    }

    /// Sets the en-passant square after a double pawn push to `target` if,
    /// and only if, the side to move can legally capture there.
    #[inline(always)]
    pub(super) fn set_en_passant_if_legal<const FULL: bool>(&mut self, target: Square) {
        let us = self.side_to_move;
        let capturers = pawn_attacks(!us, target) & self.pieces(us, PieceType::Pawn);
        for from in capturers {
            if self.en_passant_is_legal(from, target) {
                self.en_passant = Some(target);
                if FULL {
                    self.key ^= ZOBRIST.en_passant_file[target.file().index()];
                }
                return;
            }
        }
    }

    /// The pawn key computed from scratch.
    pub fn compute_pawn_key(&self) -> u64 {
        let mut key = 0;
        for square in self.kind(PieceType::Pawn) {
            key ^= piece_key(self.piece_on(square).expect("pawn squares hold a pawn"), square);
        }
        key
    }

    /// The position with colours swapped and the board mirrored vertically
    /// (a test and evaluation-symmetry helper).
    pub fn mirrored(&self) -> Position {
        Position::from_fen(&super::fen::mirror_fen(&self.fen())).expect("the mirror of a legal position is legal")
    }
}
