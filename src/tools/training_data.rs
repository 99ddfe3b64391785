//! Training positions for the neural evaluation: a 32-byte binary record a
//! position, and the text form `<FEN> | <score> | <result>`.
//!
//! The record is "marlinformat", the layout other engines' data tools read
//! and write, little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0-7 | occupancy: bit `n` set when square `n` (a1 = 0, h8 = 63) holds a piece |
//! | 8-23 | the pieces in square order, a nibble each, the low nibble first: bits 0-2 the type (pawn 0 to king 5, or 6 for a rook that may still castle), bit 3 set for Black |
//! | 24 | bit 7 set when Black is to move; bits 0-6 the en-passant square, 64 for none |
//! | 25 | the halfmove clock |
//! | 26-27 | the fullmove number (u16) |
//! | 28-29 | the search score in centipawns from White's view (i16) |
//! | 30 | the game result: 0 Black won, 1 draw, 2 White won |
//! | 31 | free (written as zero, read as anything) |
//!
//! Data written before this layout ([`Layout::Legacy`], generations 1 to 3)
//! have the same first 24 bytes, then the score (24-25), the result (26),
//! the side and en passant (27), the halfmove clock (28), the fullmove
//! number (29-30) and a zero. A file's layout is recognised from its
//! records ([`detect_layout`]): each layout misreads the other's as
//! impossible positions.
//!
//! The text form gives the score and the result (1.0, 0.5, 0.0) from White's
//! view, as `../shared/data/selfplay-gen0/` does.

use crate::board::{write_placement, Position};
use crate::types::{Color, Piece, PieceType, Square};
use std::fmt;

/// The size of one record in bytes.
pub const RECORD_BYTES: usize = 32;

/// The nibble type code of a rook with castling rights.
const CASTLING_ROOK: u8 = 6;
/// The en-passant field's value for "no en-passant square".
const NO_EN_PASSANT: u8 = 64;

/// The order of the bytes after the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Marlinformat: side and en passant, halfmove clock, fullmove number,
    /// score, result, a free byte. What Roque writes.
    Marlin,
    /// Roque's first layout: score, result, side and en passant, halfmove
    /// clock, fullmove number, zero.
    Legacy,
}

/// The records read to recognise a file's layout.
const RECORDS_TO_RECOGNISE: usize = 256;

/// The layout of binary records `bytes` (whole records): the one under
/// which each of the first records reads as a legal position, marlinformat
/// where both do (a file of a few records can read both ways). Where
/// neither does, the one that reads more of them before the first it
/// cannot, so that the damaged record is the one named when the file is
/// read; an error where neither reads the first.
pub fn detect_layout(bytes: &[u8]) -> Result<Layout, String> {
    let first = bytes.len() / RECORD_BYTES;
    let read = |layout: Layout| {
        bytes
            .chunks_exact(RECORD_BYTES)
            .take(RECORDS_TO_RECOGNISE)
            .take_while(|chunk| {
                Record::from_bytes((*chunk).try_into().expect("a whole record"), layout)
                    .is_ok_and(|r| r.position().is_ok())
            })
            .count()
    };
    let (marlin, legacy) = (read(Layout::Marlin), read(Layout::Legacy));
    let all = first.min(RECORDS_TO_RECOGNISE);
    match (marlin, legacy) {
        (m, _) if m == all => Ok(Layout::Marlin),
        (_, l) if l == all => Ok(Layout::Legacy),
        (0, 0) => {
            Err("its first record reads as a legal position in neither marlinformat nor Roque's first layout".into())
        }
        (m, l) if m >= l => Ok(Layout::Marlin),
        _ => Ok(Layout::Legacy),
    }
}

/// The end of the game a position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    BlackWins = 0,
    Draw = 1,
    WhiteWins = 2,
}

impl GameOutcome {
    /// The result as a score for White: 0, 0.5 or 1.
    pub fn white_score(self) -> f32 {
        self as u8 as f32 / 2.0
    }

    fn from_code(code: u8) -> Option<GameOutcome> {
        match code {
            0 => Some(GameOutcome::BlackWins),
            1 => Some(GameOutcome::Draw),
            2 => Some(GameOutcome::WhiteWins),
            _ => None,
        }
    }

    /// The win for `color`.
    pub fn win_for(color: Color) -> GameOutcome {
        match color {
            Color::White => GameOutcome::WhiteWins,
            Color::Black => GameOutcome::BlackWins,
        }
    }
}

/// Why a record or a text line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    TooManyPieces(u32),
    BadPieceCode(u8),
    BadResult(String),
    BadEnPassant(u8),
    BadScore(String),
    /// The text line is not `<FEN> | <score> | <result>`.
    BadLine(String),
    /// The pieces and state do not make a legal position.
    BadPosition(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RecordError::TooManyPieces(n) => write!(f, "{n} pieces on the board; a record holds at most 32"),
            RecordError::BadPieceCode(code) => write!(f, "piece code {code} is none of the 14 codes"),
            RecordError::BadResult(text) => write!(f, "result '{text}' is none of 0, 1, 2 (binary) or 1.0, 0.5, 0.0"),
            RecordError::BadEnPassant(code) => write!(f, "en-passant field {code} is neither a square nor 64"),
            RecordError::BadScore(text) => write!(f, "score '{text}' is not a whole number of centipawns"),
            RecordError::BadLine(line) => write!(f, "'{line}' is not '<FEN> | <score> | <result>'"),
            RecordError::BadPosition(why) => write!(f, "not a legal position: {why}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// One training position, packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    occupied: u64,
    pieces: [u8; 16],
    /// Centipawns, White's view.
    pub score: i16,
    pub outcome: GameOutcome,
    black_to_move: bool,
    en_passant: u8,
    halfmove_clock: u8,
    fullmove_number: u16,
}

/// A piece of a record, as the network reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacedPiece {
    pub piece: Piece,
    pub square: Square,
}

impl Record {
    /// Packs `position` with its score (White's view) and its game's outcome.
    pub fn new(position: &Position, white_score: i16, outcome: GameOutcome) -> Record {
        let occupied = position.occupied().0;
        let castling_rooks = position.castling_rights().rook_squares();
        let mut pieces = [0u8; 16];
        for (i, square) in position.occupied().into_iter().enumerate() {
            let piece = position.piece_on(square).expect("an occupied square holds a piece");
            let kind = if castling_rooks.contains(square) { CASTLING_ROOK } else { piece.kind() as u8 };
            let code = kind | ((piece.color() == Color::Black) as u8) << 3;
            pieces[i / 2] |= code << (4 * (i % 2));
        }
        Record {
            occupied,
            pieces,
            score: white_score,
            outcome,
            black_to_move: position.side_to_move() == Color::Black,
            en_passant: position.en_passant().map_or(NO_EN_PASSANT, |s| s.index() as u8),
            halfmove_clock: position.halfmove_clock().min(255) as u8,
            fullmove_number: position.fullmove_number().min(u16::MAX as u32) as u16,
        }
    }

    pub fn side_to_move(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether a rook may still castle (the position is then not the same
    /// game with the files mirrored).
    pub fn has_castling_rights(&self) -> bool {
        (0..self.occupied.count_ones() as usize).any(|i| (self.pieces[i / 2] >> (4 * (i % 2))) & 7 == CASTLING_ROOK)
    }

    /// The pieces, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = PlacedPiece> + '_ {
        let mut occupied = self.occupied;
        let mut i = 0;
        std::iter::from_fn(move || {
            if occupied == 0 {
                return None;
            }
            let square = Square::from_index_unchecked(occupied.trailing_zeros());
            occupied &= occupied - 1;
            let code = (self.pieces[i / 2] >> (4 * (i % 2))) & 15;
            i += 1;
            let color = if code & 8 != 0 { Color::Black } else { Color::White };
            let kind = match code & 7 {
                CASTLING_ROOK => PieceType::Rook,
                kind => PieceType::from_index(kind as usize),
            };
            Some(PlacedPiece { piece: Piece::new(color, kind), square })
        })
    }

    pub fn to_bytes(&self, layout: Layout) -> [u8; RECORD_BYTES] {
        let mut bytes = [0u8; RECORD_BYTES];
        bytes[0..8].copy_from_slice(&self.occupied.to_le_bytes());
        bytes[8..24].copy_from_slice(&self.pieces);
        let side_and_en_passant = (self.black_to_move as u8) << 7 | self.en_passant;
        match layout {
            Layout::Marlin => {
                bytes[24] = side_and_en_passant;
                bytes[25] = self.halfmove_clock;
                bytes[26..28].copy_from_slice(&self.fullmove_number.to_le_bytes());
                bytes[28..30].copy_from_slice(&self.score.to_le_bytes());
                bytes[30] = self.outcome as u8;
            }
            Layout::Legacy => {
                bytes[24..26].copy_from_slice(&self.score.to_le_bytes());
                bytes[26] = self.outcome as u8;
                bytes[27] = side_and_en_passant;
                bytes[28] = self.halfmove_clock;
                bytes[29..31].copy_from_slice(&self.fullmove_number.to_le_bytes());
            }
        }
        bytes
    }

    /// Reads a record, checking every field's range (not the legality of
    /// the position: [`Record::position`] does that).
    pub fn from_bytes(bytes: &[u8; RECORD_BYTES], layout: Layout) -> Result<Record, RecordError> {
        let occupied = u64::from_le_bytes(bytes[0..8].try_into().expect("8 bytes"));
        let count = occupied.count_ones();
        if count > 32 {
            return Err(RecordError::TooManyPieces(count));
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[8..24]);
        for i in 0..count as usize {
            let code = (pieces[i / 2] >> (4 * (i % 2))) & 15;
            if code & 7 == 7 {
                return Err(RecordError::BadPieceCode(code));
            }
        }
        // (side and en passant, halfmove, fullmove, score, result)
        let (side, halfmove, fullmove, score, result) = match layout {
            Layout::Marlin => (bytes[24], bytes[25], [bytes[26], bytes[27]], [bytes[28], bytes[29]], bytes[30]),
            Layout::Legacy => (bytes[27], bytes[28], [bytes[29], bytes[30]], [bytes[24], bytes[25]], bytes[26]),
        };
        let outcome = GameOutcome::from_code(result).ok_or_else(|| RecordError::BadResult(result.to_string()))?;
        let en_passant = side & 127;
        if en_passant > NO_EN_PASSANT {
            return Err(RecordError::BadEnPassant(en_passant));
        }
        Ok(Record {
            occupied,
            pieces,
            score: i16::from_le_bytes(score),
            outcome,
            black_to_move: side & 128 != 0,
            en_passant,
            halfmove_clock: halfmove,
            fullmove_number: u16::from_le_bytes(fullmove),
        })
    }

    /// The position's FEN (castling as X-FEN, as [`Position::fen`] writes it).
    pub fn fen(&self) -> String {
        let mut board: [Option<Piece>; 64] = [None; 64];
        let mut castling_rooks = Vec::new();
        for (i, placed) in self.pieces().enumerate() {
            board[placed.square.index()] = Some(placed.piece);
            let code = (self.pieces[i / 2] >> (4 * (i % 2))) & 7;
            if code == CASTLING_ROOK {
                castling_rooks.push(placed);
            }
        }
        let mut fen = String::with_capacity(90);
        write_placement(&mut fen, |square| board[square.index()], |_| None);
        fen.push_str(if self.black_to_move { " b " } else { " w " });
        // Shredder-FEN letters (the rook's file) read back exactly, in
        // standard chess and Chess960 alike; `Position::fen` rewrites them.
        let castling: String = castling_rooks
            .iter()
            .map(|r| {
                let letter = r.square.file().char();
                if r.piece.color() == Color::White {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }
            })
            .collect();
        fen.push_str(if castling.is_empty() { "-" } else { &castling });
        fen.push(' ');
        match Square::from_index(self.en_passant as usize) {
            Some(square) => fen.push_str(&square.to_string()),
            None => fen.push('-'),
        }
        fen.push_str(&format!(" {} {}", self.halfmove_clock, self.fullmove_number.max(1)));
        fen
    }

    /// The position, checked by the FEN parser.
    pub fn position(&self) -> Result<Position, RecordError> {
        Position::from_fen(&self.fen()).map_err(|e| RecordError::BadPosition(e.to_string()))
    }

    /// `<FEN> | <score> | <result>`, both from White's view.
    pub fn to_text(&self) -> String {
        let result = match self.outcome {
            GameOutcome::WhiteWins => "1.0",
            GameOutcome::Draw => "0.5",
            GameOutcome::BlackWins => "0.0",
        };
        let position = self.position().map_or_else(|_| self.fen(), |p| p.fen());
        format!("{position} | {} | {result}", self.score)
    }

    /// Reads a line of a game's `roque datagen --variant` file, whose score
    /// and result (1, 0.5, 0) are for the side to move, where the game's
    /// FEN is a chess FEN and nothing but the board counts (losing chess).
    pub fn from_side_to_move_text(line: &str) -> Result<Record, RecordError> {
        let (position, score, result) = text_fields(line)?;
        let mover = position.side_to_move();
        let outcome = match result {
            "1" | "1.0" => GameOutcome::win_for(mover),
            "0.5" => GameOutcome::Draw,
            "0" | "0.0" => GameOutcome::win_for(!mover),
            _ => return Err(RecordError::BadResult(result.to_string())),
        };
        // -32768 for Black has no White twin in an i16.
        let white = if mover == Color::White { Some(score) } else { score.checked_neg() };
        let white = white.ok_or_else(|| RecordError::BadScore(score.to_string()))?;
        Ok(Record::new(&position, white, outcome))
    }

    /// Reads a `<FEN> | <score> | <result>` line.
    pub fn from_text(line: &str) -> Result<Record, RecordError> {
        let (position, score, result) = text_fields(line)?;
        let outcome = match result {
            "1.0" | "1" | "1-0" => GameOutcome::WhiteWins,
            "0.5" | "1/2-1/2" => GameOutcome::Draw,
            "0.0" | "0" | "0-1" => GameOutcome::BlackWins,
            _ => return Err(RecordError::BadResult(result.to_string())),
        };
        Ok(Record::new(&position, score, outcome))
    }
}

/// The position, the score and the result's text of a `<FEN> | <score> |
/// <result>` line.
fn text_fields(line: &str) -> Result<(Position, i16, &str), RecordError> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, score, result] = fields[..] else {
        return Err(RecordError::BadLine(line.to_string()));
    };
    let position = Position::from_fen(fen).map_err(|e| RecordError::BadPosition(e.to_string()))?;
    let score: i16 = score.parse().map_err(|_| RecordError::BadScore(score.to_string()))?;
    Ok((position, score, result))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FENS: [&str; 5] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/4k3/8/8/8/3K4/8 b - - 37 90",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ];

    #[test]
    fn records_round_trip_through_bytes_of_both_layouts_and_text() {
        for fen in FENS {
            let position = Position::from_fen(fen).unwrap();
            let record = Record::new(&position, -123, GameOutcome::Draw);
            for layout in [Layout::Marlin, Layout::Legacy] {
                let bytes = record.to_bytes(layout);
                assert_eq!(bytes[31], 0);
                let back = Record::from_bytes(&bytes, layout).unwrap();
                assert_eq!(back, record);
                assert_eq!(back.position().unwrap(), position, "{fen}");
            }
            let text = record.to_text();
            assert_eq!(Record::from_text(&text).unwrap(), record, "{text}");
        }
    }

    #[test]
    fn a_record_is_marlinformat_byte_for_byte() {
        // Black to move, the d-pawn on d4 able to take e3 en passant,
        // halfmove 0, fullmove 3, +35 for White, White won.
        let fen = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
        let position = Position::from_fen(fen).unwrap();
        let bytes = Record::new(&position, 35, GameOutcome::WhiteWins).to_bytes(Layout::Marlin);
        assert_eq!(u64::from_le_bytes(bytes[0..8].try_into().unwrap()), 0xFFF7_0000_1800_EFFF);
        // a1 to h1: castling rook, knight, bishop, queen, king, bishop,
        // knight, castling rook; then the pawns on a2 and b2.
        assert_eq!(bytes[8..13], [0x16, 0x42, 0x25, 0x61, 0x00]);
        // The last piece: the black castling rook on h8 (14 | 8).
        assert_eq!(bytes[23] >> 4, 0xE);
        assert_eq!(bytes[24], 0x80 | 20);
        assert_eq!(bytes[25], 0);
        assert_eq!(bytes[26..28], [3, 0]);
        assert_eq!(i16::from_le_bytes([bytes[28], bytes[29]]), 35);
        assert_eq!(bytes[30], 2);
        // The free byte may hold anything another tool put there.
        let mut other = bytes;
        other[31] = 0xA5;
        assert_eq!(Record::from_bytes(&other, Layout::Marlin).unwrap().to_bytes(Layout::Marlin), bytes);
    }

    #[test]
    fn a_files_layout_is_recognised_from_its_records() {
        let mut records = Vec::new();
        for (i, fen) in FENS.iter().enumerate() {
            let position = Position::from_fen(fen).unwrap();
            // Scores whose low byte would read as a side-and-en-passant byte
            // of either kind, and every result.
            for score in [0, 64, 192, -64, 300 * i as i16 + 7] {
                records.push(Record::new(&position, score, GameOutcome::from_code((i % 3) as u8).unwrap()));
            }
        }
        for layout in [Layout::Marlin, Layout::Legacy] {
            let bytes: Vec<u8> = records.iter().flat_map(|r| r.to_bytes(layout)).collect();
            assert_eq!(detect_layout(&bytes), Ok(layout));
        }
        assert!(detect_layout(&[0xFF; 64]).is_err());
    }

    #[test]
    fn pieces_come_back_in_square_order() {
        let position = Position::startpos();
        let record = Record::new(&position, 0, GameOutcome::WhiteWins);
        let pieces: Vec<_> = record.pieces().collect();
        assert_eq!(pieces.len(), 32);
        assert_eq!(pieces[0], PlacedPiece { piece: Piece::new(Color::White, PieceType::Rook), square: Square::A1 });
        assert_eq!(pieces[31], PlacedPiece { piece: Piece::new(Color::Black, PieceType::Rook), square: Square::H8 });
        assert!(pieces.windows(2).all(|w| w[0].square < w[1].square));
    }

    #[test]
    fn bad_records_and_lines_are_refused() {
        let mut bytes = Record::new(&Position::startpos(), 0, GameOutcome::Draw).to_bytes(Layout::Marlin);
        bytes[30] = 3;
        assert_eq!(Record::from_bytes(&bytes, Layout::Marlin), Err(RecordError::BadResult("3".into())));
        bytes[30] = 1;
        bytes[24] = 65;
        assert_eq!(Record::from_bytes(&bytes, Layout::Marlin), Err(RecordError::BadEnPassant(65)));
        bytes[24] = 64;
        bytes[8] = 0x77;
        assert!(matches!(Record::from_bytes(&bytes, Layout::Marlin), Err(RecordError::BadPieceCode(_))));
        let mut bytes = Record::new(&Position::startpos(), 0, GameOutcome::Draw).to_bytes(Layout::Legacy);
        bytes[26] = 3;
        assert_eq!(Record::from_bytes(&bytes, Layout::Legacy), Err(RecordError::BadResult("3".into())));
        bytes[0..8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(Record::from_bytes(&bytes, Layout::Legacy), Err(RecordError::TooManyPieces(64)));
        assert!(matches!(Record::from_text("8/8/8/8/8/8/8/8 w - - 0 1 | 0 | 0.5"), Err(RecordError::BadPosition(_))));
        assert!(matches!(Record::from_text("startpos"), Err(RecordError::BadLine(_))));
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(matches!(Record::from_text(&format!("{start} | 12.5 | 1.0")), Err(RecordError::BadScore(_))));
        assert!(matches!(Record::from_text(&format!("{start} | 12 | 2")), Err(RecordError::BadResult(_))));
    }
}
