//! Reading and writing Elven Chess FEN: ten ranks with runs of empty
//! squares up to `10`, the letters K Q R B N P of chess and W (warlock),
//! E (elf), G (goblin), D (dwarf), castling `KQkq` (K and k towards the
//! j-file rook).

use super::castling::castling_path;
use super::zobrist::ZOBRIST;
use super::{Bitboard10, ElvenCastlingRights, ElvenCastlingSide, ElvenPiece, ElvenPieceKind, ElvenPosition, Square10};
use crate::board::fen_fields::{
    check_field_count, read_fullmove_number, read_halfmove_clock, read_placement_on, read_side_to_move, write_fields,
    write_placement_on, FenBoard, FenError, FenSquare,
};
use crate::types::Color;

/// Elven Chess's board: ten files, ten ranks, the letters of chess and W
/// (warlock), E (elf), G (goblin), D (dwarf).
pub const ELVEN_BOARD: FenBoard = FenBoard { files: 10, ranks: 10, letters: "KQRBNPWEGD" };

impl From<Square10> for FenSquare {
    fn from(square: Square10) -> FenSquare {
        FenSquare { file: square.file(), rank: square.rank() }
    }
}

impl ElvenPosition {
    /// Parses an Elven FEN; missing halfmove and fullmove fields default to
    /// 0 and 1. An en-passant square that no pawn can capture on legally is
    /// accepted and dropped, as `fen` writes only a capturable one. The
    /// warlock immunity (restriction 2) is not part of FEN: it starts off.
    pub fn from_fen(fen: &str) -> Result<ElvenPosition, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        check_field_count(&fields)?;
        let mut pos = ElvenPosition::empty();
        read_placement_on::<_, FenError>(
            &ELVEN_BOARD,
            fields[0],
            ElvenPiece::from_char,
            |piece, file, rank| pos.put_piece::<true>(piece, Square10::new(file, rank)),
            |_, _| None,
        )?;
        pos.side_to_move = read_side_to_move(fields[1])?;
        if pos.side_to_move == Color::Black {
            pos.key ^= ZOBRIST.black_to_move;
        }

        for color in Color::ALL {
            let count = pos.pieces(color, ElvenPieceKind::King).count();
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
        }
        for color in Color::ALL {
            if let Some(square) = pos.pieces(color, ElvenPieceKind::Pawn).without(pawn_ranks(color)).next() {
                return Err(FenError::PawnOnImpossibleRank(square.into()));
            }
            if !material_is_reachable(&pos, color) {
                return Err(FenError::TooManyPieces(color));
            }
        }

        read_castling(&mut pos, fields[2])?;
        let en_passant = read_en_passant(&pos, fields[3])?;
        pos.halfmove_clock = read_halfmove_clock(fields.get(4).copied())?;
        pos.fullmove_number = read_fullmove_number(fields.get(5).copied())?;

        let us = pos.side_to_move;
        if pos.is_attacked_by(us, pos.king_square(!us), pos.occupied()) {
            return Err(FenError::OpponentInCheck);
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
        write_placement_on(
            &mut fen,
            &ELVEN_BOARD,
            |file, rank| self.piece_on(Square10::new(file, rank)).map(ElvenPiece::char),
            |_, _| None,
        );
        let mut castling = String::new();
        for (letter, color, side) in CASTLING_LETTERS {
            if self.castling.has(color, side) {
                castling.push(letter);
            }
        }
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

const CASTLING_LETTERS: [(char, Color, ElvenCastlingSide); 4] = [
    ('K', Color::White, ElvenCastlingSide::King),
    ('Q', Color::White, ElvenCastlingSide::Queen),
    ('k', Color::Black, ElvenCastlingSide::King),
    ('q', Color::Black, ElvenCastlingSide::Queen),
];

/// Where a `color` pawn can stand: from its starting rank, the third, to
/// the rank before its promotion zone (3 to 7 for White, 8 to 4 for Black).
fn pawn_ranks(color: Color) -> Bitboard10 {
    match color {
        Color::White => Bitboard10::ranks(2, 6),
        Color::Black => Bitboard10::ranks(3, 7),
    }
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

fn read_castling(pos: &mut ElvenPosition, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let mut rights = ElvenCastlingRights::NONE;
    for c in field.chars() {
        let &(_, color, side) =
            CASTLING_LETTERS.iter().find(|(letter, _, _)| *letter == c).ok_or(FenError::BadCastling(c))?;
        if rights.has(color, side) {
            return Err(FenError::RepeatedCastling(c));
        }
        let path = castling_path(color, side);
        let king = ElvenPiece::new(color, ElvenPieceKind::King);
        let rook = ElvenPiece::new(color, ElvenPieceKind::Rook);
        if pos.piece_on(path.king_from) != Some(king) || pos.piece_on(path.rook_from) != Some(rook) {
            return Err(FenError::CastlingWithoutKingAndRook(c));
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
fn read_en_passant(pos: &ElvenPosition, field: &str) -> Result<Option<Square10>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let square = Square10::parse(field).ok_or_else(|| FenError::BadEnPassantSquare(field.to_string()))?;
    let them = !pos.side_to_move;
    let forward = if them == Color::White { 1 } else { -1 };
    let consistent = square.relative_rank(them) == 3
        && square.offset(0, forward).and_then(|s| pos.piece_on(s)) == Some(ElvenPiece::new(them, ElvenPieceKind::Pawn))
        && pos.piece_on(square).is_none()
        && square.offset(0, -forward).is_some_and(|s| pos.piece_on(s).is_none());
    if consistent {
        Ok(Some(square))
    } else {
        Err(FenError::ImpossibleEnPassant(square.into()))
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
