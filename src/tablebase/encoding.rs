//! How a Syzygy table turns a placement of pieces into an index: the
//! symmetry reductions (the board folded so the leading piece lies in the
//! a1-d1-d4 triangle, or the leading pawn on files a to d) and the
//! combinatorial numbering of each group of like pieces. Every table here is
//! computed at compile time.
//!
//! Squares are numbered 0 (a1) to 63 (h8), as in the files.

/// Ways to choose `k` things out of `n`, for k up to 6 and n up to 63.
pub const BINOMIAL: [[u64; 64]; 7] = binomials();

/// Index of a king-pair placement: the first king in the a1-d1-d4 triangle
/// (by its [`TRIANGLE`] code), the second anywhere not next to it; 462
/// placements in all.
pub const KING_PAIRS: [[u16; 64]; 10] = king_pairs();

/// Squares of the a1-d1-d4 triangle numbered 0 to 9: the six below the
/// diagonal first (b1, c1, d1, c2, d2, d3), then a1, b2, c3, d4.
pub const TRIANGLE: [u8; 64] = triangle();

/// Squares below the a1-h8 diagonal numbered 0 to 27.
pub const BELOW_DIAGONAL: [u8; 64] = below_diagonal();

/// A pawn square's rank in the order that picks the leading pawn: the
/// highest value leads (nearest the a- or h-file, then the lowest rank).
/// Squares a2..h7 get 0..47.
pub const PAWN_ORDER: [u8; 64] = pawn_order();

/// Index of the leading pawns' placement, by count (1 to 6) and square of
/// the leader, and the number of placements for each file of the leader.
pub const LEAD_PAWN_INDEX: [[u32; 64]; 7] = lead_pawns().0;
pub const LEAD_PAWN_SIZE: [[u32; 4]; 7] = lead_pawns().1;

/// Placements of three unique pieces with the first in the triangle.
pub const THREE_UNIQUE_SIZE: u64 = 31_332;
/// Placements of a king pair.
pub const KING_PAIR_SIZE: u64 = 462;

/// Distance of a square above (positive) or below (negative) the a1-h8
/// diagonal.
#[inline]
pub const fn off_diagonal(square: usize) -> i32 {
    (square >> 3) as i32 - (square & 7) as i32
}

/// The square mirrored in the a1-h8 diagonal.
#[inline]
pub const fn transpose(square: usize) -> usize {
    ((square >> 3) | (square << 3)) & 63
}

const fn binomials() -> [[u64; 64]; 7] {
    let mut table = [[0u64; 64]; 7];
    let mut n = 0;
    while n < 64 {
        table[0][n] = 1;
        let mut k = 1;
        while k < 7 && k <= n {
            table[k][n] = table[k - 1][n - 1] + if k < n { table[k][n - 1] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

const fn below_diagonal() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut code = 0;
    let mut square = 0;
    while square < 64 {
        if off_diagonal(square) < 0 {
            table[square] = code;
            code += 1;
        }
        square += 1;
    }
    table
}

const fn triangle() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut code = 0;
    // The six squares strictly below the diagonal, in square order...
    let mut square = 0;
    while square < 64 {
        if square & 7 <= 3 && square >> 3 <= 3 && off_diagonal(square) < 0 {
            table[square] = code;
            code += 1;
        }
        square += 1;
    }
    // ...then the four on it.
    square = 0;
    while square < 64 {
        if square & 7 <= 3 && square >> 3 <= 3 && off_diagonal(square) == 0 {
            table[square] = code;
            code += 1;
        }
        square += 1;
    }
    table
}

const fn adjacent_or_same(a: usize, b: usize) -> bool {
    let files = (a & 7) as i32 - (b & 7) as i32;
    let ranks = (a >> 3) as i32 - (b >> 3) as i32;
    files * files <= 1 && ranks * ranks <= 1
}

const fn in_triangle(square: usize) -> bool {
    square & 7 <= 3 && square >> 3 <= 3 && off_diagonal(square) <= 0
}

const fn king_pairs() -> [[u16; 64]; 10] {
    let table_triangle = triangle();
    let mut table = [[u16::MAX; 64]; 10];
    let mut code: u16 = 0;
    // Placements with both kings on the diagonal come last.
    let mut diagonal_pairs = [(0usize, 0usize); 64];
    let mut diagonal_count = 0;
    let mut first_code = 0;
    while first_code < 10 {
        let mut first = 0;
        while first < 64 {
            if in_triangle(first) && table_triangle[first] as usize == first_code {
                let mut second = 0;
                while second < 64 {
                    let first_on_diagonal = off_diagonal(first) == 0;
                    if adjacent_or_same(first, second) || (first_on_diagonal && off_diagonal(second) > 0) {
                        // Illegal, or the mirror image of another placement.
                    } else if first_on_diagonal && off_diagonal(second) == 0 {
                        diagonal_pairs[diagonal_count] = (first_code, second);
                        diagonal_count += 1;
                    } else {
                        table[first_code][second] = code;
                        code += 1;
                    }
                    second += 1;
                }
            }
            first += 1;
        }
        first_code += 1;
    }
    let mut i = 0;
    while i < diagonal_count {
        let (first_code, second) = diagonal_pairs[i];
        table[first_code][second] = code;
        code += 1;
        i += 1;
    }
    table
}

const fn pawn_order() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut value: i32 = 47;
    let mut file = 0;
    while file < 4 {
        let mut rank = 1;
        while rank < 7 {
            let square = rank * 8 + file;
            table[square] = value as u8;
            value -= 1;
            table[square ^ 7] = value as u8;
            value -= 1;
            rank += 1;
        }
        file += 1;
    }
    table
}

const fn lead_pawns() -> ([[u32; 64]; 7], [[u32; 4]; 7]) {
    let order = pawn_order();
    let binomial = binomials();
    let mut index = [[0u32; 64]; 7];
    let mut size = [[0u32; 4]; 7];
    let mut count = 1;
    while count < 7 {
        let mut file = 0;
        while file < 4 {
            let mut total: u64 = 0;
            let mut rank = 1;
            while rank < 7 {
                let square = rank * 8 + file;
                index[count][square] = total as u32;
                // The other pawns lie on squares that come before the
                // leader in the pawn order.
                total += binomial[count - 1][order[square] as usize];
                rank += 1;
            }
            size[count][file] = total as u32;
            file += 1;
        }
        count += 1;
    }
    (index, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn king_pairs_number_all_462_legal_placements() {
        let codes: Vec<u16> = KING_PAIRS.iter().flatten().copied().filter(|&c| c != u16::MAX).collect();
        assert_eq!(codes.len(), 462);
        let mut sorted = codes.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..462).collect::<Vec<u16>>());
    }

    #[test]
    fn small_tables() {
        assert_eq!(BINOMIAL[2][5], 10);
        assert_eq!(BINOMIAL[3][62], 62 * 61 * 60 / 6);
        assert_eq!(BINOMIAL[0][0], 1);
        // b1 is the first square below the diagonal in the triangle, a1 the
        // first on it.
        assert_eq!((TRIANGLE[1], TRIANGLE[0], TRIANGLE[27]), (0, 6, 9));
        assert_eq!(BELOW_DIAGONAL[63 - 8], 27);
        // a2 leads before h2, b2 after every a- and h-file square.
        assert_eq!((PAWN_ORDER[8], PAWN_ORDER[15], PAWN_ORDER[9]), (47, 46, 35));
        assert_eq!(transpose(2), 16);
        // One pawn: one placement per square of the file from rank 2 to 7.
        assert_eq!(LEAD_PAWN_SIZE[1], [6, 6, 6, 6]);
    }
}
