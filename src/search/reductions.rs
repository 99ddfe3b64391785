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
    fn reductions_grow_with_depth_and_move_number() {
        let r = Reductions::new();
        assert_eq!(r.get(1, 1), 0);
        assert!(r.get(20, 30) > r.get(5, 30));
        assert!(r.get(20, 30) > r.get(20, 3));
        assert!(r.get(200, 500) >= r.get(63, 63));
    }
}
