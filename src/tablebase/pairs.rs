//! Reading one value out of a compressed Syzygy table.
//!
//! The values of a table, in index order, are compressed in two layers.
//! Recursive pairing replaced frequent pairs of adjacent symbols by new
//! symbols, so that each symbol stands for a run of one or more values (a
//! binary tree whose leaves are values). The symbols were then coded with a
//! canonical Huffman code and cut into blocks of equal size in bytes; each
//! block holds a known number of values. A sparse index, one entry every
//! `span` values, says in which block a value lies and where in it; the list
//! of block lengths finds the exact block from there.
//!
//! Everything read from the file is checked: a damaged table gives `None`,
//! never a panic or a read outside the file.

/// A little-endian or big-endian number at an offset of the file, if the
/// file is long enough.
pub trait Read {
    fn byte(&self, at: usize) -> Option<u8>;
    fn u16_le(&self, at: usize) -> Option<u16>;
    fn u32_le(&self, at: usize) -> Option<u32>;
    fn u32_be(&self, at: usize) -> Option<u32>;
    fn u64_be(&self, at: usize) -> Option<u64>;
}

impl Read for [u8] {
    #[inline]
    fn byte(&self, at: usize) -> Option<u8> {
        self.get(at).copied()
    }

    #[inline]
    fn u16_le(&self, at: usize) -> Option<u16> {
        Some(u16::from_le_bytes(self.get(at..at.checked_add(2)?)?.try_into().ok()?))
    }

    #[inline]
    fn u32_le(&self, at: usize) -> Option<u32> {
        Some(u32::from_le_bytes(self.get(at..at.checked_add(4)?)?.try_into().ok()?))
    }

    #[inline]
    fn u32_be(&self, at: usize) -> Option<u32> {
        Some(u32::from_be_bytes(self.get(at..at.checked_add(4)?)?.try_into().ok()?))
    }

    #[inline]
    fn u64_be(&self, at: usize) -> Option<u64> {
        Some(u64::from_be_bytes(self.get(at..at.checked_add(8)?)?.try_into().ok()?))
    }
}

/// Flags of one compressed part of a table.
pub mod flags {
    /// DTZ: the side to move the part stores (0 White, 1 Black).
    pub const SIDE_TO_MOVE: u8 = 1;
    /// DTZ: values go through a map per result.
    pub const MAPPED: u8 = 2;
    /// DTZ: wins are counted in plies, not moves.
    pub const WIN_PLIES: u8 = 4;
    /// DTZ: losses are counted in plies, not moves.
    pub const LOSS_PLIES: u8 = 8;
    /// DTZ: the maps hold 16-bit values.
    pub const WIDE: u8 = 16;
    /// Every position of the part has the same value.
    pub const SINGLE_VALUE: u8 = 128;
}

/// A node of the pairing tree: a value (a leaf) or a pair of symbols.
#[derive(Clone, Copy, Debug)]
struct Symbol {
    left: u16,
    /// `LEAF` for a value.
    right: u16,
    /// Values the symbol stands for, less one.
    extra: u32,
}

const LEAF: u16 = 0xFFF;

/// Where the compressed values of one part lie in the file, and the code
/// that reads them.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    pub flags: u8,
    /// The value of every position, for a single-valued part.
    single: Option<u16>,
    block_size: u64,
    span: u64,
    block_count: u32,
    min_length: u32,
    /// Offset of the lowest symbol of each code length (16-bit each).
    lowest_symbol: usize,
    /// The smallest left-aligned 64-bit code of each length, longest
    /// first (canonical Huffman codes of more bits are smaller numbers).
    base: Vec<u64>,
    symbols: Vec<Symbol>,
    /// Positions the part holds (the product of its groups' sizes).
    size: u64,
    pub(super) sparse_index: usize,
    pub(super) sparse_index_len: u64,
    pub(super) block_lengths: usize,
    pub(super) block_lengths_len: u64,
    pub(super) data: usize,
}

impl Pairs {
    /// Reads the description of a part at `at` (flags, block and span sizes,
    /// the Huffman code and the pairing tree); `size` is the number of
    /// positions it holds. Returns the part and the offset after it.
    pub fn parse(file: &[u8], mut at: usize, size: u64) -> Option<(Pairs, usize)> {
        let flags = file.byte(at)?;
        at += 1;
        if flags & flags::SINGLE_VALUE != 0 {
            let value = file.byte(at)? as u16;
            return Some((Pairs { flags, single: Some(value), size, ..Pairs::default() }, at + 1));
        }
        let block_size_log = file.byte(at)? as u32;
        let span_log = file.byte(at + 1)? as u32;
        let padding = file.byte(at + 2)? as u64;
        let block_count = file.u32_le(at + 3)?;
        let max_length = file.byte(at + 7)? as u32;
        let min_length = file.byte(at + 8)? as u32;
        at += 9;
        if block_size_log >= 32 || span_log >= 32 || min_length == 0 || max_length < min_length || max_length > 32 {
            return None;
        }
        let lengths = (max_length - min_length + 1) as usize;
        let lowest_symbol = at;
        let lowest = |length: usize| file.u16_le(lowest_symbol + 2 * length).map(u64::from);
        // Codes of one length are consecutive numbers, so each length's
        // smallest code follows from the next longer one's.
        let mut base = vec![0u64; lengths];
        for length in (0..lengths - 1).rev() {
            base[length] = (base[length + 1].wrapping_add(lowest(length)?).wrapping_sub(lowest(length + 1)?)) / 2;
        }
        for (length, code) in base.iter_mut().enumerate() {
            *code = code.checked_shl(64 - length as u32 - min_length)?;
        }
        at += 2 * lengths;
        let symbol_count = file.u16_le(at)? as usize;
        at += 2;
        let tree = at;
        let symbols = Self::read_tree(file, tree, symbol_count)?;
        at += 3 * symbol_count + (symbol_count & 1);
        let span = 1u64 << span_log;
        let pairs = Pairs {
            flags,
            single: None,
            block_size: 1 << block_size_log,
            span,
            block_count,
            min_length,
            lowest_symbol,
            base,
            symbols,
            size,
            sparse_index: 0,
            sparse_index_len: size.div_ceil(span),
            block_lengths: 0,
            block_lengths_len: block_count as u64 + padding,
            data: 0,
        };
        Some((pairs, at))
    }

    /// The pairing tree, with the number of values each symbol stands for;
    /// a tree with a cycle or a child out of range is damage.
    fn read_tree(file: &[u8], tree: usize, count: usize) -> Option<Vec<Symbol>> {
        let mut symbols = Vec::with_capacity(count);
        for s in 0..count {
            let bytes = file.get(tree + 3 * s..tree + 3 * s + 3)?;
            let left = (bytes[0] as u16) | ((bytes[1] as u16 & 0xF) << 8);
            let right = (bytes[1] as u16 >> 4) | ((bytes[2] as u16) << 4);
            symbols.push(Symbol { left, right, extra: 0 });
        }
        // Counts by a depth-first walk without recursion: 0 unseen,
        // 1 on the walk's path, 2 done.
        let mut state = vec![0u8; count];
        let mut stack = Vec::new();
        for root in 0..count {
            if state[root] == 2 {
                continue;
            }
            stack.push(root);
            while let Some(&s) = stack.last() {
                let Symbol { left, right, .. } = symbols[s];
                if right == LEAF {
                    state[s] = 2;
                    stack.pop();
                    continue;
                }
                let (left, right) = (left as usize, right as usize);
                if left >= count || right >= count {
                    return None;
                }
                state[s] = 1;
                let mut pending = false;
                for child in [left, right] {
                    match state[child] {
                        0 => {
                            stack.push(child);
                            pending = true;
                        }
                        1 => return None,
                        _ => {}
                    }
                }
                if !pending {
                    symbols[s].extra = symbols[left].extra.checked_add(symbols[right].extra)?.checked_add(1)?;
                    state[s] = 2;
                    stack.pop();
                }
            }
        }
        Some(symbols)
    }

    /// Sets where the sparse index, the block lengths and the blocks begin
    /// and returns the offsets after each.
    pub fn place_sparse_index(&mut self, at: usize) -> Option<usize> {
        self.sparse_index = at;
        at.checked_add(usize::try_from(self.sparse_index_len.checked_mul(6)?).ok()?)
    }

    pub fn place_block_lengths(&mut self, at: usize) -> Option<usize> {
        self.block_lengths = at;
        at.checked_add(usize::try_from(self.block_lengths_len.checked_mul(2)?).ok()?)
    }

    pub fn place_data(&mut self, at: usize) -> Option<usize> {
        let at = at.checked_add(63)? & !63;
        self.data = at;
        at.checked_add(usize::try_from((self.block_count as u64).checked_mul(self.block_size)?).ok()?)
    }

    /// The value stored for position `index`.
    pub fn value(&self, file: &[u8], index: u64) -> Option<u16> {
        if let Some(value) = self.single {
            return Some(value);
        }
        if index >= self.size {
            return None;
        }
        // The sparse entry nearest the index gives a block and the offset
        // of its middle value in it; walk the block lengths from there.
        let k = index / self.span;
        let entry = self.sparse_index + 6 * k as usize;
        let mut block = file.u32_le(entry)? as u64;
        let mut offset = file.u16_le(entry + 4)? as i64 + (index % self.span) as i64 - (self.span / 2) as i64;
        let block_length = |block: u64| -> Option<i64> {
            if block >= self.block_lengths_len {
                return None;
            }
            Some(file.u16_le(self.block_lengths + 2 * block as usize)? as i64 + 1)
        };
        while offset < 0 {
            block = block.checked_sub(1)?;
            offset += block_length(block)?;
        }
        loop {
            let length = block_length(block)?;
            if offset < length {
                break;
            }
            offset -= length;
            block += 1;
        }
        if block >= self.block_count as u64 {
            return None;
        }

        // Decode symbols from the start of the block until the one that
        // covers the offset.
        let start = self.data + (block * self.block_size) as usize;
        let mut next_word = start + 8;
        let mut bits = file.u64_be(start)?;
        let mut bits_left = 64u32;
        let symbol = loop {
            let mut length = 0;
            while bits < *self.base.get(length)? {
                length += 1;
            }
            let shift = 64 - length as u32 - self.min_length;
            let code = ((bits - self.base[length]) >> shift) as usize;
            let symbol = code + file.u16_le(self.lowest_symbol + 2 * length)? as usize;
            let extra = self.symbols.get(symbol)?.extra as i64;
            if offset <= extra {
                break symbol;
            }
            offset -= extra + 1;
            let consumed = length as u32 + self.min_length;
            bits <<= consumed;
            bits_left -= consumed;
            if bits_left <= 32 {
                // The last symbols of the file's last block may need bits
                // past its end: they are read as zeros.
                bits_left += 32;
                bits |= (file.u32_be(next_word).unwrap_or(0) as u64) << (64 - bits_left);
                next_word += 4;
            }
        };

        // Walk down the pairing tree to the value at the offset.
        let mut symbol = self.symbols[symbol];
        while symbol.right != LEAF {
            let left = self.symbols[symbol.left as usize];
            if offset <= left.extra as i64 {
                symbol = left;
            } else {
                offset -= left.extra as i64 + 1;
                symbol = self.symbols[symbol.right as usize];
            }
        }
        Some(symbol.left)
    }
}
