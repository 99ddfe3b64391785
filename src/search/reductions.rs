//! The late-move reduction table: how many plies to take off the `n`th
//! move at `depth`, growing with the logarithms of both.

use super::parameters as p;

const SIZE: usize = 64;

pub struct Reductions {
    table: Vec<[i32; SIZE]>,
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions::new()
    }
}

impl Reductions {
    pub fn new() -> Reductions {
        let base = p::lmr_base() as f64 / 100.0;
        let divisor = p::lmr_divisor() as f64 / 100.0;
        let table = (0..SIZE)
            .map(|depth| {
                let mut row = [0; SIZE];
                for (moves, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        *r = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
                    }
                }
                row
            })
            .collect();
        Reductions { table }
    }

    /// The base reduction of move number `moves` (1-based) at `depth`.
    #[inline(always)]
    pub fn get(&self, depth: i32, moves: i32) -> i32 {
        self.table[(depth.max(0) as usize).min(SIZE - 1)][(moves.max(0) as usize).min(SIZE - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_follow_the_formula_and_grow_with_depth_and_move_number() {
        let r = Reductions::new();
        let (base, divisor) = (p::lmr_base() as f64 / 100.0, p::lmr_divisor() as f64 / 100.0);
        for (depth, moves) in [(1, 1), (2, 2), (5, 30), (20, 3), (20, 30), (63, 63)] {
            let expected = (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32;
            assert_eq!(r.get(depth, moves), expected, "depth {depth} move {moves}");
        }
        assert!(r.get(20, 30) > r.get(5, 30));
        assert!(r.get(20, 30) > r.get(20, 3));
    }

    #[test]
    fn depths_and_move_numbers_past_the_table_take_its_last_cell() {
        let r = Reductions::new();
        assert!(r.get(63, 63) > r.get(32, 32));
        assert_eq!(r.get(200, 500), r.get(63, 63));
        assert_eq!(r.get(200, 10), r.get(63, 10));
        assert_eq!((r.get(0, 10), r.get(-3, 10), r.get(10, 0)), (0, 0, 0));
    }
}
