// Sliding-piece attack tables, shared by the build script (which generates the
// tables compiled into the engine) and the crate (whose tests rebuild them and
// compare). Plain `u64` only: the build script cannot see the crate's types.

/// Rook directions as (file step, rank step).
pub const ROOK_DIRECTIONS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Bishop directions as (file step, rank step).
pub const BISHOP_DIRECTIONS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Attacks from `square` along `directions`, each ray stopping at the first
/// occupied square (which is included). The slow reference for the tables.
pub fn ray_attacks(square: usize, occupied: u64, directions: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i8, (square / 8) as i8);
        loop {
            file += df;
            rank += dr;
            if !(0..8).contains(&file) || !(0..8).contains(&rank) {
                break;
            }
            let bit = 1u64 << (rank * 8 + file);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
        }
    }
    attacks
}

/// The squares whose occupancy matters for a slider on `square`: every ray
/// square except the last one before the board edge.
pub fn relevant_mask(square: usize, directions: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut file, mut rank) = ((square % 8) as i8, (square / 8) as i8);
        loop {
            file += df;
            rank += dr;
            let (next_file, next_rank) = (file + df, rank + dr);
            if !(0..8).contains(&next_file) || !(0..8).contains(&next_rank) {
                break;
            }
            mask |= 1u64 << (rank * 8 + file);
        }
    }
    mask
}

/// Parallel bit extract in software: the bits of `value` selected by `mask`,
/// packed into the low bits. Matches the BMI2 `pext` instruction.
pub fn pext_software(value: u64, mut mask: u64) -> u64 {
    let mut result = 0;
    let mut bit = 0;
    while mask != 0 {
        let lowest = mask & mask.wrapping_neg();
        if value & lowest != 0 {
            result |= 1 << bit;
        }
        bit += 1;
        mask &= mask - 1;
    }
    result
}

/// Every subset of `mask`, by the carry-rippler trick, starting with 0.
pub fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut subset = 0u64;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = subset;
        subset = subset.wrapping_sub(mask) & mask;
        done = subset == 0;
        Some(current)
    })
}

/// Per-square parameters of one slider table: where the square's entries
/// start, the relevant-occupancy mask, and the magic multiplier and shift
/// (unused by the PEXT layout, which indexes by `pext(occupied, mask)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SliderEntry {
    pub mask: u64,
    pub magic: u64,
    pub shift: u32,
    pub offset: u32,
}

/// A small deterministic generator (xorshift64*), so the build is reproducible.
pub struct MagicRng(u64);

impl MagicRng {
    pub fn new(seed: u64) -> Self {
        MagicRng(seed | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Candidates with few set bits make good magics.
    pub fn sparse(&mut self) -> u64 {
        self.next_u64() & self.next_u64() & self.next_u64()
    }
}

/// Finds a magic multiplier for `square` that maps every relevant occupancy
/// to a slot without a destructive collision. Returns the magic and the
/// square's attack entries indexed by `(occ * magic) >> shift`.
pub fn find_magic(square: usize, directions: &[(i8, i8); 4], rng: &mut MagicRng) -> (u64, Vec<u64>) {
    let mask = relevant_mask(square, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let occupancies: Vec<u64> = subsets(mask).collect();
    let attacks: Vec<u64> = occupancies.iter().map(|&occ| ray_attacks(square, occ, directions)).collect();
    let mut table = vec![0u64; 1 << bits];
    let mut used = vec![0u32; 1 << bits];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let mut ok = true;
        for (occ, &attack) in occupancies.iter().zip(&attacks) {
            let index = (occ.wrapping_mul(magic) >> shift) as usize;
            if used[index] != attempt {
                used[index] = attempt;
                table[index] = attack;
            } else if table[index] != attack {
                ok = false;
                break;
            }
        }
        if ok {
            return (magic, table);
        }
    }
}

/// The square's attack entries in the PEXT layout.
pub fn pext_entries(square: usize, directions: &[(i8, i8); 4]) -> Vec<u64> {
    let mask = relevant_mask(square, directions);
    let mut table = vec![0u64; 1 << mask.count_ones()];
    for occ in subsets(mask) {
        table[pext_software(occ, mask) as usize] = ray_attacks(square, occ, directions);
    }
    table
}

/// Builds one combined table for rooks (squares 0..64) then bishops
/// (64..128): the entries and the attack slots, in the magic layout when
/// `pext` is false and in the PEXT layout when it is true. Both layouts give
/// each square `1 << mask bits` slots, so their offsets are the same.
pub fn build_slider_table(pext: bool) -> (Vec<SliderEntry>, Vec<u64>) {
    let mut rng = MagicRng::new(0x524F_5155_4520_3936); // "ROQUE 96"
    let mut entries = Vec::with_capacity(128);
    let mut slots = Vec::new();
    for directions in [&ROOK_DIRECTIONS, &BISHOP_DIRECTIONS] {
        for square in 0..64 {
            let mask = relevant_mask(square, directions);
            let (magic, table) = find_magic(square, directions, &mut rng);
            let table = if pext { pext_entries(square, directions) } else { table };
            entries.push(SliderEntry { mask, magic, shift: 64 - mask.count_ones(), offset: slots.len() as u32 });
            slots.extend(table);
        }
    }
    (entries, slots)
}
