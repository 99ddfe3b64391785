//! The network's vector code for each instruction set: the squared clipped
//! ReLU of a hidden layer dotted with output weights here, and the
//! accumulator's updates (src/nnue/accumulator.rs) compiled for each set.
//! The set is chosen at run time, the widest the CPU has, so that one
//! portable binary uses AVX2 or AVX-512 where they are; a build whose target
//! already has the set (`x86-64-v3`, `native`) uses it without asking. On
//! aarch64, NEON is the baseline and always used.
//! Every path gives the same integers, which the tests check.

#[cfg(target_arch = "x86_64")]
pub mod avx2;
#[cfg(target_arch = "x86_64")]
pub mod avx512;
#[cfg(target_arch = "aarch64")]
pub mod neon;
pub mod scalar;

/// A set of vector instructions the network's code is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VectorSet {
    Portable,
    Avx2,
    Avx512,
    Neon,
}

impl VectorSet {
    pub const fn name(self) -> &'static str {
        match self {
            VectorSet::Portable => "portable",
            VectorSet::Avx2 => "AVX2",
            VectorSet::Avx512 => "AVX-512",
            VectorSet::Neon => "NEON",
        }
    }
}

/// The widest set this CPU has: the build's own where its target has AVX2
/// or AVX-512, else found once at run time.
#[inline(always)]
pub fn vector_set() -> VectorSet {
    if cfg!(all(target_arch = "x86_64", target_feature = "avx512bw")) {
        return VectorSet::Avx512;
    }
    if cfg!(all(target_arch = "x86_64", target_feature = "avx2")) {
        return VectorSet::Avx2;
    }
    if cfg!(target_arch = "aarch64") {
        return VectorSet::Neon;
    }
    detected()
}

/// Asks the CPU, once.
fn detected() -> VectorSet {
    static DETECTED: std::sync::OnceLock<VectorSet> = std::sync::OnceLock::new();
    *DETECTED.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw") {
                return VectorSet::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return VectorSet::Avx2;
            }
        }
        VectorSet::Portable
    })
}

/// Σ clamp(h, 0, QA)² · w over the hidden layer, by the widest set the CPU
/// has.
#[inline(always)]
pub fn screlu_dot<const H: usize>(hidden: &[i16; H], weights: &[i16; H]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    match vector_set() {
        // SAFETY: the CPU has the set (the build's target has it, or the
        // CPU said so).
        VectorSet::Avx512 => return unsafe { avx512::screlu_dot(hidden, weights) },
        VectorSet::Avx2 => return unsafe { avx2::screlu_dot(hidden, weights) },
        VectorSet::Portable | VectorSet::Neon => {}
    }
    #[cfg(target_arch = "aarch64")]
    return neon::screlu_dot(hidden, weights);
    #[allow(unreachable_code)]
    scalar::screlu_dot(hidden, weights)
}

#[cfg(test)]
mod tests {
    use super::super::network::{HIDDEN, QA};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha12Rng;

    /// Hidden values across the clipping range and beyond it, and output
    /// weights at their full range, for a layer of `H` neurons.
    fn samples<const H: usize>() -> Vec<([i16; H], [i16; H])> {
        let mut rng = ChaCha12Rng::seed_from_u64(7);
        let largest = (127.min(i32::MAX / (QA * QA) / H as i32)) as i16;
        let mut cases = Vec::new();
        for case in 0..200 {
            let mut hidden = [0i16; H];
            let mut weights = [0i16; H];
            for i in 0..H {
                hidden[i] = match case % 4 {
                    0 => rng.random_range(-600..600),
                    1 => rng.random_range(0..=QA as i16),
                    2 => i16::MAX - rng.random_range(0..3),
                    _ => rng.random_range(i16::MIN..=i16::MAX),
                };
                // Within what a network file may hold: the sum of a view's
                // weights' sizes times QA² within i32.
                weights[i] = rng.random_range(-largest..=largest);
            }
            cases.push((hidden, weights));
        }
        cases
    }

    /// Every path this CPU runs, against the portable one, at width `H`.
    fn every_path_equals_the_portable_one<const H: usize>() {
        #[cfg(target_arch = "x86_64")]
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        #[cfg(target_arch = "x86_64")]
        let avx512 = std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw");
        for (hidden, weights) in samples::<H>() {
            let portable = super::scalar::screlu_dot(&hidden, &weights);
            assert_eq!(super::screlu_dot(&hidden, &weights), portable);
            #[cfg(target_arch = "aarch64")]
            assert_eq!(super::neon::screlu_dot(&hidden, &weights), portable);
            #[cfg(target_arch = "x86_64")]
            if avx2 {
                // SAFETY: the CPU has AVX2.
                assert_eq!(unsafe { super::avx2::screlu_dot(&hidden, &weights) }, portable);
            }
            #[cfg(target_arch = "x86_64")]
            if avx512 {
                // SAFETY: the CPU has AVX-512 F and BW.
                assert_eq!(unsafe { super::avx512::screlu_dot(&hidden, &weights) }, portable);
            }
        }
    }

    #[test]
    fn every_path_equals_the_portable_one_at_every_width() {
        every_path_equals_the_portable_one::<HIDDEN>();
        every_path_equals_the_portable_one::<32>();
        every_path_equals_the_portable_one::<512>();
        every_path_equals_the_portable_one::<1024>();
    }
}
