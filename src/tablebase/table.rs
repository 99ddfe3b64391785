//! One Syzygy table file (`.rtbw` for win/draw/loss, `.rtbz` for distance
//! to zeroing): its header, read once when the file is opened, and the
//! lookup of one position's stored value.
//!
//! A file starts with a magic number and a flag byte. Then, for each part
//! (one per side to move stored, times one per file of the leading pawn
//! with pawns), the order in which the pieces are numbered, then each
//! part's compression data (`pairs.rs`), DTZ maps, sparse indices, block
//! lengths and, aligned to 64 bytes, the compressed blocks.

use super::encoding::{
    off_diagonal, transpose, BELOW_DIAGONAL, BINOMIAL, KING_PAIRS, KING_PAIR_SIZE, LEAD_PAWN_INDEX, LEAD_PAWN_SIZE,
    PAWN_ORDER, THREE_UNIQUE_SIZE, TRIANGLE,
};
use super::material::Material;
use super::pairs::{flags, Pairs, Read};
use crate::board::Position;
use crate::types::{Bitboard, Color, PieceType};
use std::ops::Deref;

/// The two kinds of table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Wdl,
    Dtz,
}

impl Kind {
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Wdl => "rtbw",
            Kind::Dtz => "rtbz",
        }
    }

    fn magic(self) -> [u8; 4] {
        match self {
            Kind::Wdl => [0x71, 0xE8, 0x23, 0x5D],
            Kind::Dtz => [0xD7, 0x66, 0x0C, 0xA5],
        }
    }
}

/// A table file's bytes: mapped from disk, or owned (tests).
pub enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(bytes) => bytes,
        }
    }
}

/// The most pieces a table has.
pub const MAX_PIECES: usize = 7;

/// One compressed part of a table: the order its pieces are numbered in,
/// the groups they form and the compressed values.
#[derive(Clone, Debug, Default)]
struct Part {
    /// Syzygy piece codes (1-6 White pawn to king, 9-14 Black), in
    /// encoding order.
    pieces: [u8; MAX_PIECES],
    /// Pieces in each group, zero after the last.
    group_len: [u8; MAX_PIECES + 1],
    /// The multiplier of each group's index; after the last group, the
    /// number of positions.
    group_factor: [u64; MAX_PIECES + 1],
    pairs: Pairs,
    /// DTZ: offset of the value map for each result (win, loss, cursed win,
    /// blessed loss), counted in map entries from the map's start, plus one.
    map_index: [usize; 4],
}

/// The stored value of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stored {
    /// A WDL table's value (-2 to 2), or a DTZ table's raw value.
    Value(i32),
    /// A DTZ table stores the other side to move only.
    OtherSide,
}

pub struct Table {
    pub kind: Kind,
    /// The material of the name, White being the stronger side.
    pub material: Material,
    bytes: Bytes,
    has_pawns: bool,
    symmetric: bool,
    piece_count: usize,
    /// 1 or 2 sides to move stored.
    sides: usize,
    /// Parts by file of the leading pawn (a to d; one without pawns) and
    /// side to move.
    parts: Vec<Part>,
    /// DTZ: where the value maps begin.
    map: usize,
}

impl Table {
    /// Reads the header of a table of `material`. Every offset is checked
    /// against the file's length, so that a damaged file is refused here
    /// or answers `None` when probed, and never reads outside the file.
    pub fn open(kind: Kind, material: Material, bytes: Bytes) -> Result<Table, String> {
        let file: &[u8] = &bytes;
        if file.get(..4) != Some(&kind.magic()[..]) {
            return Err("not a Syzygy table (wrong magic number)".to_string());
        }
        let damaged = || "damaged (the file ends early or its header is inconsistent)".to_string();
        let has_pawns = material.has_pawns();
        let symmetric = material.is_symmetric();
        let piece_count = material.piece_count() as usize;
        if !(3..=MAX_PIECES).contains(&piece_count) {
            return Err(format!("{} pieces: tables have 3 to {MAX_PIECES}", piece_count));
        }
        let flag_byte = file.byte(4).ok_or_else(damaged)?;
        if (flag_byte & 2 != 0) != has_pawns {
            return Err("its pawn flag does not match its name".to_string());
        }
        let sides = if kind == Kind::Wdl && !symmetric { 2 } else { 1 };
        let files = if has_pawns { 4 } else { 1 };
        // The side with pawns, or with fewer pawns when both have some,
        // leads; pawns on both sides add a second pawn group.
        let (white_pawns, black_pawns) =
            (material.count(Color::White, PieceType::Pawn), material.count(Color::Black, PieceType::Pawn));
        let both_pawns = white_pawns > 0 && black_pawns > 0;

        let mut parts = vec![Part::default(); files * sides];
        let mut at = 5;
        for file_index in 0..files {
            let order_byte = file.byte(at).ok_or_else(damaged)?;
            let second_byte = if both_pawns { file.byte(at + 1).ok_or_else(damaged)? } else { 0xFF };
            let order = [[order_byte & 0xF, second_byte & 0xF], [order_byte >> 4, second_byte >> 4]];
            at += 1 + both_pawns as usize;
            for k in 0..piece_count {
                let byte = file.byte(at + k).ok_or_else(damaged)?;
                for side in 0..sides {
                    parts[file_index * sides + side].pieces[k] = if side == 0 { byte & 0xF } else { byte >> 4 };
                }
            }
            at += piece_count;
            for side in 0..sides {
                let part = &mut parts[file_index * sides + side];
                if !same_pieces(&part.pieces[..piece_count], &material) {
                    return Err(damaged());
                }
                set_groups(part, &material, order[side], file_index, piece_count).ok_or_else(damaged)?;
            }
        }
        at += at & 1;
        for part in parts.iter_mut() {
            let size = part.group_factor[part.group_len.iter().position(|&l| l == 0).unwrap_or(MAX_PIECES)];
            let (pairs, next) = Pairs::parse(file, at, size).ok_or_else(damaged)?;
            part.pairs = pairs;
            at = next;
        }
        let map = at;
        if kind == Kind::Dtz {
            for part in parts.iter_mut() {
                if part.pairs.flags & flags::MAPPED == 0 {
                    continue;
                }
                if part.pairs.flags & flags::WIDE != 0 {
                    at += at & 1;
                    for index in part.map_index.iter_mut() {
                        *index = (at - map) / 2 + 1;
                        at += 2 + 2 * file.u16_le(at).ok_or_else(damaged)? as usize;
                    }
                } else {
                    for index in part.map_index.iter_mut() {
                        *index = at - map + 1;
                        at += 1 + file.byte(at).ok_or_else(damaged)? as usize;
                    }
                }
            }
            at += at & 1;
        }
        for part in parts.iter_mut() {
            at = part.pairs.place_sparse_index(at).ok_or_else(damaged)?;
        }
        for part in parts.iter_mut() {
            at = part.pairs.place_block_lengths(at).ok_or_else(damaged)?;
        }
        for part in parts.iter_mut() {
            at = part.pairs.place_data(at).ok_or_else(damaged)?;
        }
        if at > file.len() {
            return Err(damaged());
        }
        Ok(Table { kind, material, bytes, has_pawns, symmetric, piece_count, sides, parts, map })
    }

    /// The stored value of `position`, whose material is this table's
    /// (either colouring); None if the file is damaged.
    pub fn lookup(&self, position: &Position) -> Option<Stored> {
        let file: &[u8] = &self.bytes;
        // Tables are built with White as the stronger side, and symmetric
        // ones with White to move: otherwise swap the colours and mirror
        // the ranks.
        let black_stronger = Material::of(position) != self.material;
        let swap = black_stronger || (self.symmetric && position.side_to_move() == Color::Black);
        let swap_color = if swap { 8 } else { 0 };
        let flip_square = if swap { 56 } else { 0 };
        let side = (position.side_to_move() == Color::Black) as usize ^ swap as usize;

        let mut squares = [0usize; MAX_PIECES];
        let mut pieces = [0u8; MAX_PIECES];
        let mut size = 0;
        let mut lead_pawns = 0u64;
        let mut file_index = 0;
        if self.has_pawns {
            // The leading pawns are those of the colour of the first piece
            // coded; the one furthest in the pawn order leads.
            let lead_code = self.parts[0].pieces[0] ^ swap_color;
            let lead_color = if lead_code < 8 { Color::White } else { Color::Black };
            lead_pawns = position.pieces(lead_color, PieceType::Pawn).0;
            for square in position.pieces(lead_color, PieceType::Pawn) {
                squares[size] = square.index() ^ flip_square;
                size += 1;
            }
            let leader = (0..size).max_by_key(|&i| PAWN_ORDER[squares[i]]).unwrap_or(0);
            squares.swap(0, leader);
            let f = squares[0] & 7;
            file_index = f.min(7 - f);
        }
        let lead_count = size;

        // A DTZ table stores one side to move only.
        if self.kind == Kind::Dtz {
            let stored = (self.parts[file_index].pairs.flags & flags::SIDE_TO_MOVE) as usize;
            // Symmetric tables without pawns serve both sides by the swap.
            let serves_both = self.symmetric && !self.has_pawns;
            if stored != side && !serves_both {
                return Some(Stored::OtherSide);
            }
        }

        for square in Bitboard(position.occupied().0 & !lead_pawns) {
            let piece = position.piece_on(square)?;
            if size >= MAX_PIECES {
                return None;
            }
            squares[size] = square.index() ^ flip_square;
            pieces[size] = (piece as u8 + 1) ^ swap_color;
            size += 1;
        }
        if size != self.piece_count {
            return None;
        }
        let part = &self.parts[file_index * self.sides + side % self.sides];

        // Put the pieces in the part's order.
        for i in lead_count..size.saturating_sub(1) {
            if let Some(j) = (i..size).find(|&j| pieces[j] == part.pieces[i]) {
                pieces.swap(i, j);
                squares.swap(i, j);
            }
        }
        if pieces[lead_count..size] != part.pieces[lead_count..size] {
            return None;
        }

        // Fold the board: the leading piece on files a to d...
        if squares[0] & 7 > 3 {
            for square in squares[..size].iter_mut() {
                *square ^= 7;
            }
        }
        let mut index;
        if self.has_pawns {
            index = LEAD_PAWN_INDEX[lead_count][squares[0]] as u64;
            squares[1..lead_count].sort_by_key(|&s| PAWN_ORDER[s]);
            for i in 1..lead_count {
                index += BINOMIAL[i][PAWN_ORDER[squares[i]] as usize];
            }
        } else {
            // ...on ranks 1 to 4, and below the a1-h8 diagonal.
            if squares[0] >> 3 > 3 {
                for square in squares[..size].iter_mut() {
                    *square ^= 56;
                }
            }
            let leading = part.group_len[0] as usize;
            if let Some(i) = (0..leading).find(|&i| off_diagonal(squares[i]) != 0) {
                if off_diagonal(squares[i]) > 0 {
                    for square in squares[i..size].iter_mut() {
                        *square = transpose(*square);
                    }
                }
            }
            index = if self.material.has_unique_pieces() {
                three_unique_index(&squares)
            } else {
                let code = KING_PAIRS[TRIANGLE[squares[0]] as usize][squares[1]];
                if code == u16::MAX {
                    return None;
                }
                code as u64
            };
        }
        index *= part.group_factor[0];

        // The other groups: each numbered as a combination of squares left
        // free by the groups before it.
        let mut start = part.group_len[0] as usize;
        let mut other_pawns = self.has_pawns && self.material.counts.iter().all(|side| side[0] > 0);
        let mut group = 1;
        while part.group_len[group] != 0 {
            let len = part.group_len[group] as usize;
            let end = start + len;
            if end > size {
                return None;
            }
            squares[start..end].sort_unstable();
            let mut combination = 0u64;
            for i in start..end {
                let below = squares[..start].iter().filter(|&&s| s < squares[i]).count();
                let free = squares[i] - below - if other_pawns { 8 } else { 0 };
                combination += BINOMIAL[i - start + 1][free];
            }
            other_pawns = false;
            index += combination * part.group_factor[group];
            start = end;
            group += 1;
        }
        part.pairs.value(file, index).map(|value| Stored::Value(value as i32))
    }

    /// A DTZ table's raw value as plies to zeroing (at least 1), given the
    /// position's result and the file of its leading pawn.
    pub fn dtz_plies(&self, position: &Position, raw: i32, wdl: i32) -> Option<i32> {
        let file: &[u8] = &self.bytes;
        let part = &self.parts[self.dtz_file_index(position)];
        let flags = part.pairs.flags;
        let mut value = raw;
        if flags & flags::MAPPED != 0 {
            let which = match wdl {
                2 => 0,
                -2 => 1,
                1 => 2,
                _ => 3,
            };
            let entry = part.map_index[which] + raw as usize;
            value = if flags & flags::WIDE != 0 {
                file.u16_le(self.map + 2 * entry)? as i32
            } else {
                file.byte(self.map + entry)? as i32
            };
        }
        let in_moves = match wdl {
            2 => flags & flags::WIN_PLIES == 0,
            -2 => flags & flags::LOSS_PLIES == 0,
            _ => true,
        };
        Some(if in_moves { 2 * value } else { value } + 1)
    }

    /// The DTZ part a position uses (its leading pawn's file).
    fn dtz_file_index(&self, position: &Position) -> usize {
        if !self.has_pawns {
            return 0;
        }
        let black_stronger = Material::of(position) != self.material;
        let swap = black_stronger || (self.symmetric && position.side_to_move() == Color::Black);
        let lead_code = self.parts[0].pieces[0] ^ if swap { 8 } else { 0 };
        let lead_color = if lead_code < 8 { Color::White } else { Color::Black };
        position
            .pieces(lead_color, PieceType::Pawn)
            .map(|s| s.index() ^ if swap { 56 } else { 0 })
            .max_by_key(|&s| PAWN_ORDER[s])
            .map_or(0, |s| (s & 7).min(7 - (s & 7)))
    }

    pub fn piece_count(&self) -> usize {
        self.piece_count
    }
}

/// The groups of a part and the multiplier of each: the leading group
/// (three unique pieces, the two kings, or the leading pawns), then runs of
/// like pieces, numbered in the order the file gives.
fn set_groups(part: &mut Part, material: &Material, order: [u8; 2], file_index: usize, count: usize) -> Option<()> {
    let has_pawns = material.has_pawns();
    let both_pawns = has_pawns && material.counts.iter().all(|side| side[0] > 0);
    let mut first_len: i32 = if has_pawns {
        0
    } else if material.has_unique_pieces() {
        3
    } else {
        2
    };
    let mut n = 0;
    part.group_len = [0; MAX_PIECES + 1];
    part.group_len[0] = 1;
    for i in 1..count {
        first_len -= 1;
        if first_len > 0 || part.pieces[i] == part.pieces[i - 1] {
            part.group_len[n] += 1;
        } else {
            n += 1;
            part.group_len[n] = 1;
        }
    }
    n += 1;
    let groups = n;
    let mut next = if both_pawns { 2 } else { 1 };
    let mut free = 64 - part.group_len[0] as usize - if both_pawns { part.group_len[1] as usize } else { 0 };
    let mut factor = 1u64;
    let mut k = 0u8;
    let mut placed_leading = false;
    while next < groups || k == order[0] || k == order[1] {
        if k == order[0] {
            placed_leading = true;
            part.group_factor[0] = factor;
            factor = factor.checked_mul(if has_pawns {
                LEAD_PAWN_SIZE[part.group_len[0] as usize][file_index] as u64
            } else if material.has_unique_pieces() {
                THREE_UNIQUE_SIZE
            } else {
                KING_PAIR_SIZE
            })?;
        } else if k == order[1] {
            part.group_factor[1] = factor;
            factor = factor.checked_mul(BINOMIAL[part.group_len[1] as usize][48 - part.group_len[0] as usize])?;
        } else {
            if next >= groups {
                return None;
            }
            let len = part.group_len[next] as usize;
            part.group_factor[next] = factor;
            factor = factor.checked_mul(BINOMIAL[len][free])?;
            free = free.checked_sub(len)?;
            next += 1;
        }
        k += 1;
        if k > 15 {
            return None;
        }
    }
    if !placed_leading {
        return None;
    }
    part.group_factor[groups] = factor;
    Some(())
}

/// Whether a part's piece codes are exactly the pieces of the material.
fn same_pieces(codes: &[u8], material: &Material) -> bool {
    let mut counts = [[0u8; 6]; 2];
    for &code in codes {
        let kind = (code & 7) as usize;
        if !(1..=6).contains(&kind) || code & !15 != 0 {
            return false;
        }
        counts[(code >> 3) as usize][kind - 1] += 1;
    }
    counts == material.counts
}

/// Index of the three unique leading pieces, the first in the a1-d1-d4
/// triangle (below the diagonal, or on it with the next one not above).
fn three_unique_index(squares: &[usize; MAX_PIECES]) -> u64 {
    let [a, b, c] = [squares[0], squares[1], squares[2]];
    let adjust_b = (b > a) as usize;
    let adjust_c = (c > a) as usize + (c > b) as usize;
    let rank = |s: usize| s >> 3;
    (if off_diagonal(a) != 0 {
        (TRIANGLE[a] as usize * 63 + (b - adjust_b)) * 62 + c - adjust_c
    } else if off_diagonal(b) != 0 {
        (6 * 63 + rank(a) * 28 + BELOW_DIAGONAL[b] as usize) * 62 + c - adjust_c
    } else if off_diagonal(c) != 0 {
        6 * 63 * 62 + 4 * 28 * 62 + rank(a) * 7 * 28 + (rank(b) - adjust_b) * 28 + BELOW_DIAGONAL[c] as usize
    } else {
        6 * 63 * 62 + 4 * 28 * 62 + 4 * 7 * 28 + rank(a) * 7 * 6 + (rank(b) - adjust_b) * 6 + (rank(c) - adjust_c)
    }) as u64
}
