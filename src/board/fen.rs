//! Reading and writing FEN, X-FEN and Shredder-FEN.

use super::castling::CastlingSide;
use super::fen_fields::{
    check_field_count, read_fullmove_number, read_halfmove_clock, read_placement_on, read_side_to_move, write_fields,
    write_placement_on, FenError, CHESS_BOARD,
};
use super::position::Position;
use super::zobrist::ZOBRIST;
use crate::types::{Bitboard, Color, File, Piece, PieceType, Rank, Square};

pub const STARTPOS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// Parses a FEN. X-FEN (`KQkq` meaning the outermost rook) and
    /// Shredder-FEN (`HAha`, rook files) castling fields are both read;
    /// missing halfmove and fullmove fields default to 0 and 1.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        check_field_count(&fields)?;
        let mut pos = Position::empty();
        parse_board(&mut pos, fields[0])?;

        pos.side_to_move = read_side_to_move(fields[1])?;
        if pos.side_to_move == Color::Black {
            pos.key ^= ZOBRIST.black_to_move;
        }

        for color in Color::ALL {
            let count = pos.pieces(color, PieceType::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(square) = (pos.kind(PieceType::Pawn) & back_ranks).next() {
            return Err(FenError::PawnOnBackRank(square));
        }
        for color in Color::ALL {
            if !material_is_reachable(&pos, color) {
                return Err(FenError::TooManyPieces(color));
            }
        }

        parse_castling(&mut pos, fields[2])?;
        for (_, _, rook) in pos.castling.iter() {
            pos.key ^= ZOBRIST.castling[rook.index()];
        }

        let en_passant = parse_en_passant(&pos, fields[3])?;

        pos.halfmove_clock = read_halfmove_clock(fields.get(4).copied())?;
        pos.fullmove_number = read_fullmove_number(fields.get(5).copied())?;

        let them = !pos.side_to_move;
        if pos.is_attacked_by(pos.side_to_move, pos.king_square(them), pos.occupied()) {
            return Err(FenError::OpponentInCheck);
        }
        pos.update_check_info();
        if !check_is_possible(&pos) {
            return Err(FenError::ImpossibleCheck(pos.checkers().count()));
        }
        if let Some(square) = en_passant {
            pos.set_en_passant_if_legal::<true>(square);
        }
        Ok(pos)
    }

    /// The position as FEN. Castling uses X-FEN: `KQkq` for the outermost
    /// rook (plain FEN in standard chess), the rook's file otherwise.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(90);
        write_placement(&mut fen, |square| self.piece_on(square), |_| None);
        let castling = write_castling(
            &self.castling,
            |color| self.king_square(color).file(),
            |color| self.pieces(color, PieceType::Rook),
        );
        write_fields(
            &mut fen,
            self.side_to_move,
            &castling,
            self.en_passant,
            self.halfmove_clock,
            self.fullmove_number,
        );
        fen
    }
}

/// FEN's castling field for chess and every variant (without the `-` of no
/// right): `KQkq` for the outermost rook of a wing, the rook's file letter
/// otherwise (X-FEN); `king_file` and `rooks` give each colour's king file
/// and rooks.
pub fn write_castling(
    rights: &super::CastlingRights,
    king_file: impl Fn(Color) -> File,
    rooks: impl Fn(Color) -> Bitboard,
) -> String {
    let mut field = String::new();
    for (color, side, rook) in rights.iter() {
        let back_rank = Rank::First.relative(color).bitboard();
        let king_file = king_file(color);
        let rooks = rooks(color) & back_rank;
        let outermost = match side {
            CastlingSide::King => rooks.filter(|s| s.file() > king_file).max(),
            CastlingSide::Queen => rooks.filter(|s| s.file() < king_file).min(),
        };
        let letter = if outermost == Some(rook) {
            match side {
                CastlingSide::King => 'K',
                CastlingSide::Queen => 'Q',
            }
        } else {
            rook.file().char().to_ascii_uppercase()
        };
        field.push(if color == Color::White { letter } else { letter.to_ascii_lowercase() });
    }
    field
}

fn parse_board(pos: &mut Position, board: &str) -> Result<(), FenError> {
    read_placement(board, |piece, square| pos.put_piece::<true>(piece, square), |_, _| None)
}

/// Reads FEN's piece placement field for chess and every variant, `put`
/// placing each piece. A character after a piece letter that is neither a
/// piece nor a digit goes to `mark` with the square of the piece just read
/// (None after a digit or at a rank's start): a variant's ghost mark `*`;
/// `mark` answers None for a character it does not know, which is then a
/// bad piece letter.
pub fn read_placement<E: From<FenError>>(
    board: &str,
    mut put: impl FnMut(Piece, Square),
    mut mark: impl FnMut(char, Option<Square>) -> Option<Result<(), E>>,
) -> Result<(), E> {
    read_placement_on(
        &CHESS_BOARD,
        board,
        Piece::from_char,
        |piece, file, rank| put(piece, square_at(file, rank)),
        |c, last| mark(c, last.map(|(file, rank)| square_at(file, rank))),
    )
}

/// At most 16 pieces and 8 pawns, and no more promoted pieces than missing
/// pawns. This also bounds the number of legal moves below 256.
fn material_is_reachable(pos: &Position, color: Color) -> bool {
    army_is_reachable(pos.color(color).count(), |kind| pos.pieces(color, kind).count())
}

/// Whether one side's army of `men` men, `count` of each kind, is one a
/// chess game can leave: at most 16 men and 8 pawns, and no more promoted
/// pieces than missing pawns (chess and the variants where a side keeps
/// its own army).
pub fn army_is_reachable(men: u32, count: impl Fn(PieceType) -> u32) -> bool {
    let count = |kind| count(kind) as i32;
    let pawns = count(PieceType::Pawn);
    let promoted = (count(PieceType::Queen) - 1).max(0)
        + (count(PieceType::Rook) - 2).max(0)
        + (count(PieceType::Bishop) - 2).max(0)
        + (count(PieceType::Knight) - 2).max(0);
    men <= 16 && pawns <= 8 && promoted <= 8 - pawns
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let king = |color| Some(pos.king_square(color));
    let rooks = |color| pos.pieces(color, PieceType::Rook);
    let mut rights = pos.castling;
    read_castling(field, king, rooks, &mut rights)?;
    pos.castling = rights;
    Ok(())
}

/// Reads FEN's castling field for chess and every variant into `rights`:
/// `KQkq` for the outermost rook of a wing, a rook's file letter
/// (Shredder-FEN, X-FEN) otherwise, each right once; `king` and `rooks`
/// give each colour's king square (None without one) and rooks.
pub fn read_castling(
    field: &str,
    king: impl Fn(Color) -> Option<Square>,
    rooks: impl Fn(Color) -> crate::types::Bitboard,
    rights: &mut super::CastlingRights,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank = Rank::First.relative(color);
        let missing = FenError::CastlingWithoutKingAndRook(c);
        let king = king(color).filter(|k| k.rank() == back_rank).ok_or(missing.clone())?;
        let rooks = rooks(color) & back_rank.bitboard();
        let (side, rook) = match c.to_ascii_uppercase() {
            'K' => (CastlingSide::King, rooks.filter(|s| s.file() > king.file()).max()),
            'Q' => (CastlingSide::Queen, rooks.filter(|s| s.file() < king.file()).min()),
            'A'..='H' => {
                let file = File::from_char(c).ok_or(FenError::BadCastling(c))?;
                let square = Square::new(file, back_rank);
                let side = CastlingSide::of(king, square);
                (side, rooks.contains(square).then_some(square))
            }
            _ => return Err(FenError::BadCastling(c)),
        };
        let rook = rook.ok_or(missing)?;
        if rights.rook(color, side).is_some() {
            return Err(FenError::RepeatedCastling(c));
        }
        rights.add(color, side, king, rook);
    }
    Ok(())
}

/// Whether a legal move could have given the side to move the check it is
/// in: one move checks with at most two pieces, and in a double check one
/// of them is a bishop, rook or queen that the move uncovered. (Two sliders
/// checking from both sides of the king along one line cannot arise either,
/// but such positions are kept in the perft suites to test move generation,
/// and are accepted.)
fn check_is_possible(pos: &Position) -> bool {
    let checkers = pos.checkers();
    let sliders = pos.kind(PieceType::Bishop) | pos.kind(PieceType::Rook) | pos.kind(PieceType::Queen);
    match checkers.count() {
        0 | 1 => true,
        2 => (checkers & sliders).any(),
        _ => false,
    }
}

fn parse_en_passant(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    let them = Piece::new(!pos.side_to_move, PieceType::Pawn);
    read_en_passant(field, pos.side_to_move, |square| pos.piece_on(square) == Some(them), pos.occupied())
}

/// Reads FEN's en-passant field for chess and every variant and checks that
/// the square could follow a double push by the side not to move: `pawn`
/// says whether a pawn of that side that could have made it stands on a
/// square, `occupied` is the board. Whether a capture is legal is decided
/// later.
pub fn read_en_passant(
    field: &str,
    us: Color,
    pawn: impl Fn(Square) -> bool,
    occupied: Bitboard,
) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let square = Square::parse(field).ok_or_else(|| FenError::BadEnPassantSquare(field.to_string()))?;
    let impossible = Err(FenError::ImpossibleEnPassant(square.into()));
    if square.rank() != Rank::Sixth.relative(us) {
        return impossible;
    }
    let forward: i8 = if us == Color::White { 8 } else { -8 };
    let pushed_to = square.offset(-forward);
    let pushed_from = square.offset(forward);
    if !pawn(pushed_to) || occupied.contains(square) || occupied.contains(pushed_from) {
        return impossible;
    }
    Ok(Some(square))
}

/// The FEN of the colour-flipped, vertically mirrored position.
pub fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() })
            .collect()
    };
    let board: Vec<String> = fields[0].split('/').rev().map(swap_case).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let mut castling: Vec<char> = swap_case(fields[2]).chars().collect();
    castling.sort_by_key(|c| (c.is_ascii_lowercase(), *c));
    let castling: String = castling.into_iter().collect();
    let en_passant = match Square::parse(fields[3]) {
        Some(square) => square.flip_rank().to_string(),
        None => "-".to_string(),
    };
    let mut out = format!("{} {} {} {}", board.join("/"), side, castling, en_passant);
    for field in &fields[4..] {
        out.push(' ');
        out.push_str(field);
    }
    out
}

/// Writes a FEN's piece placement, rank 8 first: `piece_on` of each square,
/// and after a piece whatever `mark` gives for its square (the variants'
/// ghosts).
pub fn write_placement(
    fen: &mut String,
    piece_on: impl Fn(Square) -> Option<Piece>,
    mark: impl Fn(Square) -> Option<char>,
) {
    write_placement_on(
        fen,
        &CHESS_BOARD,
        |file, rank| piece_on(square_at(file, rank)).map(Piece::char),
        |file, rank| mark(square_at(file, rank)),
    );
}

/// The square of the shared placement code's (file, rank), counted from 0.
fn square_at(file: u8, rank: u8) -> Square {
    Square::new(File::from_index(file as usize), Rank::from_index(rank as usize))
}
