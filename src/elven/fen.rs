//! Reading and writing Elven Chess FEN: ten ranks with runs of empty
//! squares up to `10`, the letters K Q R B N P of chess and W (warlock),
//! E (elf), G (goblin), D (dwarf), castling `KQkq` (K and k towards the
//! j-file rook).

use super::castling::castling_path;
use super::zobrist::ZOBRIST;
use super::{
    ElvenBitboard, ElvenCastlingRights, ElvenCastlingSide, ElvenPiece, ElvenPieceKind, ElvenPosition, ElvenSquare,
};
use crate::types::Color;
use std::fmt;

/// Why a FEN was rejected. Ranks are named as on the board (1 to 10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ElvenFenError {
    FieldCount(usize),
    RankCount(usize),
    RankTooLong(u8),
    RankTooShort(u8),
    BadPieceLetter(char),
    /// A run of empty squares that is not a number from 1 to 10 written
    /// without a leading zero (`0`, `01`, `11`, or two runs in a row, `55`).
    BadRunLength {
        rank: u8,
        run: String,
    },
    BadSideToMove(String),
    BadCastling(char),
    RepeatedCastling(char),
    CastlingWithoutKingAndRook(char),
    BadEnPassantSquare(String),
    /// The square is not the one a pawn of the side not to move has just
    /// skipped with a double step.
    ImpossibleEnPassant(ElvenSquare),
    BadHalfmoveClock(String),
    BadFullmoveNumber(String),
    KingCount {
        color: Color,
        count: u32,
    },
    /// A pawn where its side's pawns never stand: behind its starting rank,
    /// or in its promotion zone.
    PawnOnImpossibleRank(ElvenSquare),
    /// More pieces than a game can produce: at most one warlock, elf and
    /// goblin, two dwarfs, ten pawns, and promoted chess pieces only for
    /// missing pawns.
    TooManyPieces(Color),
    OpponentInCheck,
}

impl fmt::Display for ElvenFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElvenFenError::FieldCount(n) => write!(f, "an Elven FEN has 4 to 6 fields, this one has {n}"),
            ElvenFenError::RankCount(n) => write!(f, "the board has 10 ranks separated by '/', this one has {n}"),
            ElvenFenError::RankTooLong(r) => write!(f, "rank {r} describes more than 10 squares"),
            ElvenFenError::RankTooShort(r) => write!(f, "rank {r} describes fewer than 10 squares"),
            ElvenFenError::BadPieceLetter(c) => {
                write!(f, "'{c}' is not a piece letter (KQRBNPWEGD, kqrbnpwegd) or a digit")
            }
            ElvenFenError::BadRunLength { rank, run } => {
                write!(f, "rank {rank} has the run '{run}'; a run of empty squares is a number from 1 to 10")
            }
            ElvenFenError::BadSideToMove(s) => write!(f, "side to move must be 'w' or 'b', not '{s}'"),
            ElvenFenError::BadCastling(c) => write!(f, "'{c}' is not a castling letter (KQkq or -)"),
            ElvenFenError::RepeatedCastling(c) => write!(f, "castling right '{c}' is given twice"),
            ElvenFenError::CastlingWithoutKingAndRook(c) => {
                write!(f, "castling right '{c}' needs the king and the rook on their starting squares")
            }
            ElvenFenError::BadEnPassantSquare(s) => {
                write!(f, "'{s}' is not an en-passant square (a square like e4, or -)")
            }
            ElvenFenError::ImpossibleEnPassant(s) => {
                write!(f, "en-passant square {s} is impossible: no pawn can just have skipped it")
            }
            ElvenFenError::BadHalfmoveClock(s) => write!(f, "halfmove clock '{s}' is not a number from 0 to 65535"),
            ElvenFenError::BadFullmoveNumber(s) => {
                write!(f, "fullmove number '{s}' is not a number from 1 to 65535")
            }
            ElvenFenError::KingCount { color, count } => {
                write!(f, "{} has {count} kings; each side needs exactly one", color_name(*color))
            }
            ElvenFenError::PawnOnImpossibleRank(s) => {
                write!(f, "a pawn stands on {s}, where its side's pawns never stand")
            }
            ElvenFenError::TooManyPieces(c) => write!(
                f,
                "{} has more pieces than a game can produce (one warlock, elf and goblin, two dwarfs, ten pawns, \
                 promoted pieces only for missing pawns)",
                color_name(*c)
            ),
            ElvenFenError::OpponentInCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for ElvenFenError {}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl ElvenPosition {
    /// Parses an Elven FEN; missing halfmove and fullmove fields default to
    /// 0 and 1. An en-passant square that no pawn can capture on legally is
    /// accepted and dropped, as `fen` writes only a capturable one. The
    /// warlock immunity (restriction 2) is not part of FEN: it starts off.
    pub fn from_fen(fen: &str) -> Result<ElvenPosition, ElvenFenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(ElvenFenError::FieldCount(fields.len()));
        }
        let mut pos = ElvenPosition::empty();
        read_placement(&mut pos, fields[0])?;

        pos.side_to_move = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(ElvenFenError::BadSideToMove(other.to_string())),
        };
        if pos.side_to_move == Color::Black {
            pos.key ^= ZOBRIST.black_to_move;
        }

        for color in Color::ALL {
            let count = pos.pieces(color, ElvenPieceKind::King).count();
            if count != 1 {
                return Err(ElvenFenError::KingCount { color, count });
            }
        }
        for color in Color::ALL {
            if let Some(square) = pos.pieces(color, ElvenPieceKind::Pawn).without(pawn_ranks(color)).next() {
                return Err(ElvenFenError::PawnOnImpossibleRank(square));
            }
            if !material_is_reachable(&pos, color) {
                return Err(ElvenFenError::TooManyPieces(color));
            }
        }

        read_castling(&mut pos, fields[2])?;
        let en_passant = read_en_passant(&pos, fields[3])?;
        pos.halfmove_clock = match fields.get(4) {
            None => 0,
            Some(text) => read_number(text).ok_or_else(|| ElvenFenError::BadHalfmoveClock(text.to_string()))?,
        };
        pos.fullmove_number = match fields.get(5) {
            None => 1,
            Some(text) => read_number(text)
                .filter(|&n| n >= 1)
                .ok_or_else(|| ElvenFenError::BadFullmoveNumber(text.to_string()))?,
        };

        let us = pos.side_to_move;
        if pos.is_attacked_by(us, pos.king_square(!us), pos.occupied()) {
            return Err(ElvenFenError::OpponentInCheck);
        }
        pos.update_check_info();
        if let Some(square) = en_passant {
            pos.set_en_passant_if_legal(square);
        }
        Ok(pos)
    }

    /// The position as FEN. The warlock immunity is not written.
    pub fn fen(&self) -> String {
        let mut fen = String::with_capacity(100);
        for rank in (0..10).rev() {
            let mut run = 0;
            for file in 0..10 {
                match self.piece_on(ElvenSquare::new(file, rank)) {
                    None => run += 1,
                    Some(piece) => {
                        if run > 0 {
                            fen.push_str(&run.to_string());
                            run = 0;
                        }
                        fen.push(piece.char());
                    }
                }
            }
            if run > 0 {
                fen.push_str(&run.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push(self.side_to_move.fen_char());
        fen.push(' ');
        let mut castling = String::new();
        for (letter, color, side) in CASTLING_LETTERS {
            if self.castling.has(color, side) {
                castling.push(letter);
            }
        }
        fen.push_str(if castling.is_empty() { "-" } else { &castling });
        fen.push(' ');
        match self.en_passant {
            Some(square) => fen.push_str(&square.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(" {} {}", self.halfmove_clock, self.fullmove_number));
        fen
    }
}

const CASTLING_LETTERS: [(char, Color, ElvenCastlingSide); 4] = [
    ('K', Color::White, ElvenCastlingSide::King),
    ('Q', Color::White, ElvenCastlingSide::Queen),
    ('k', Color::Black, ElvenCastlingSide::King),
    ('q', Color::Black, ElvenCastlingSide::Queen),
];

/// Where a `color` pawn can stand: from its starting rank, the third, to
/// the rank before its promotion zone (3 to 7 for White, 8 to 4 for Black).
fn pawn_ranks(color: Color) -> ElvenBitboard {
    match color {
        Color::White => ElvenBitboard::ranks(2, 6),
        Color::Black => ElvenBitboard::ranks(3, 7),
    }
}

/// A FEN counter: digits only, no sign, at most 65535.
fn read_number(text: &str) -> Option<u16> {
    text.bytes().all(|b| b.is_ascii_digit()).then(|| text.parse().ok()).flatten()
}

fn read_placement(pos: &mut ElvenPosition, board: &str) -> Result<(), ElvenFenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 10 {
        return Err(ElvenFenError::RankCount(ranks.len()));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let named = rank + 1;
        let mut file = 0u32;
        let mut rest = text.as_bytes();
        while let Some(&c) = rest.first() {
            if c.is_ascii_digit() {
                let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
                let run = std::str::from_utf8(&rest[..digits]).expect("ASCII digits");
                match run.parse::<u32>() {
                    Ok(n @ 1..=10) if !run.starts_with('0') => file += n,
                    _ => return Err(ElvenFenError::BadRunLength { rank: named, run: run.to_string() }),
                }
                rest = &rest[digits..];
            } else {
                let letter = text[text.len() - rest.len()..].chars().next().expect("a character is left");
                let piece = ElvenPiece::from_char(letter).ok_or(ElvenFenError::BadPieceLetter(letter))?;
                if file >= 10 {
                    return Err(ElvenFenError::RankTooLong(named));
                }
                pos.put_piece(piece, ElvenSquare::new(file as u8, rank));
                file += 1;
                rest = &rest[letter.len_utf8()..];
            }
            if file > 10 {
                return Err(ElvenFenError::RankTooLong(named));
            }
        }
        if file < 10 {
            return Err(ElvenFenError::RankTooShort(named));
        }
    }
    Ok(())
}

/// At most one warlock, elf and goblin, two dwarfs (pawns never promote to
/// them), ten pawns, and no more promoted chess pieces than missing pawns.
/// This also bounds the number of legal moves (see `ELVEN_MAX_MOVES`).
fn material_is_reachable(pos: &ElvenPosition, color: Color) -> bool {
    let count = |kind| pos.pieces(color, kind).count() as i32;
    let pawns = count(ElvenPieceKind::Pawn);
    let promoted = (count(ElvenPieceKind::Queen) - 1).max(0)
        + (count(ElvenPieceKind::Rook) - 2).max(0)
        + (count(ElvenPieceKind::Bishop) - 2).max(0)
        + (count(ElvenPieceKind::Knight) - 2).max(0);
    count(ElvenPieceKind::Warlock) <= 1
        && count(ElvenPieceKind::Elf) <= 1
        && count(ElvenPieceKind::Goblin) <= 1
        && count(ElvenPieceKind::Dwarf) <= 2
        && pawns <= 10
        && promoted <= 10 - pawns
}

fn read_castling(pos: &mut ElvenPosition, field: &str) -> Result<(), ElvenFenError> {
    if field == "-" {
        return Ok(());
    }
    let mut rights = ElvenCastlingRights::NONE;
    for c in field.chars() {
        let &(_, color, side) =
            CASTLING_LETTERS.iter().find(|(letter, _, _)| *letter == c).ok_or(ElvenFenError::BadCastling(c))?;
        if rights.has(color, side) {
            return Err(ElvenFenError::RepeatedCastling(c));
        }
        let path = castling_path(color, side);
        let king = ElvenPiece::new(color, ElvenPieceKind::King);
        let rook = ElvenPiece::new(color, ElvenPieceKind::Rook);
        if pos.piece_on(path.king_from) != Some(king) || pos.piece_on(path.rook_from) != Some(rook) {
            return Err(ElvenFenError::CastlingWithoutKingAndRook(c));
        }
        rights.add(color, side);
        pos.key ^= ZOBRIST.castling[ElvenCastlingRights::bit(color, side)];
    }
    pos.castling = rights;
    Ok(())
}

/// Checks that the en-passant square is the one a double step of the side
/// not to move has just skipped: the pawn on the square beyond it, the
/// square and the pawn's starting square empty. Whether a capture is legal
/// is decided later.
fn read_en_passant(pos: &ElvenPosition, field: &str) -> Result<Option<ElvenSquare>, ElvenFenError> {
    if field == "-" {
        return Ok(None);
    }
    let square = ElvenSquare::parse(field).ok_or_else(|| ElvenFenError::BadEnPassantSquare(field.to_string()))?;
    let them = !pos.side_to_move;
    let forward = if them == Color::White { 1 } else { -1 };
    let consistent = square.relative_rank(them) == 3
        && square.offset(0, forward).and_then(|s| pos.piece_on(s)) == Some(ElvenPiece::new(them, ElvenPieceKind::Pawn))
        && pos.piece_on(square).is_none()
        && square.offset(0, -forward).is_some_and(|s| pos.piece_on(s).is_none());
    if consistent {
        Ok(Some(square))
    } else {
        Err(ElvenFenError::ImpossibleEnPassant(square))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_ten_are_read_and_written() {
        let fen = "4k5/10/10/10/10/10/10/10/10/5K4 w - - 0 1";
        assert_eq!(ElvenPosition::from_fen(fen).unwrap().fen(), fen);
        let short = "4k5/10/10/10/10/10/10/10/10/5K4 w - -";
        assert_eq!(ElvenPosition::from_fen(short).unwrap().fen(), fen, "clocks default to 0 and 1");
    }

    #[test]
    fn every_piece_letter_is_read() {
        let fen = "4k5/10/10/10/10/10/10/P9/QNBRDWEG2/5K4 w - - 0 1";
        let p = ElvenPosition::from_fen(fen).unwrap();
        assert_eq!(p.color(Color::White).count(), 10);
        assert_eq!(p.pieces(Color::White, ElvenPieceKind::Goblin).count(), 1);
        assert_eq!(p.fen(), fen);
    }
}
