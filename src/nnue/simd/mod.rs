//! The network's inner loop, for each instruction set: the squared clipped
//! ReLU of a hidden layer, dotted with output weights. The best set the
//! build's target has is chosen at compile time (`-C target-cpu=native`
//! here); every path gives the same integers, which the tests check.

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub mod avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
pub mod avx512;
pub mod scalar;

#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
pub use avx512::screlu_dot;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2", not(target_feature = "avx512bw")))]
pub use avx2::screlu_dot;

#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
pub use scalar::screlu_dot;

/// The instruction set `screlu_dot` uses in this build.
pub const INSTRUCTION_SET: &str = if cfg!(all(target_arch = "x86_64", target_feature = "avx512bw")) {
    "AVX-512"
} else if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
    "AVX2"
} else {
    "portable"
};

#[cfg(test)]
mod tests {
    use super::super::network::{HIDDEN, QA};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Hidden values across the clipping range and beyond it, and output
    /// weights at their full range.
    fn samples() -> Vec<([i16; HIDDEN], [i16; HIDDEN])> {
        let mut rng = StdRng::seed_from_u64(7);
        let mut cases = Vec::new();
        for case in 0..200 {
            let mut hidden = [0i16; HIDDEN];
            let mut weights = [0i16; HIDDEN];
            for i in 0..HIDDEN {
                hidden[i] = match case % 4 {
                    0 => rng.random_range(-600..600),
                    1 => rng.random_range(0..=QA as i16),
                    2 => i16::MAX - rng.random_range(0..3),
                    _ => rng.random_range(i16::MIN..=i16::MAX),
                };
                weights[i] = rng.random_range(-127..=127);
            }
            cases.push((hidden, weights));
        }
        cases
    }

    #[test]
    fn the_chosen_path_equals_the_portable_one() {
        for (hidden, weights) in samples() {
            assert_eq!(super::screlu_dot(&hidden, &weights), super::scalar::screlu_dot(&hidden, &weights));
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[test]
    fn avx2_equals_the_portable_path() {
        for (hidden, weights) in samples() {
            assert_eq!(super::avx2::screlu_dot(&hidden, &weights), super::scalar::screlu_dot(&hidden, &weights));
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
    #[test]
    fn avx512_equals_the_portable_path() {
        for (hidden, weights) in samples() {
            assert_eq!(super::avx512::screlu_dot(&hidden, &weights), super::scalar::screlu_dot(&hidden, &weights));
        }
    }
}
