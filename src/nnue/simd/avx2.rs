//! AVX2: sixteen hidden values at a time.

use super::super::network::QA;
use std::arch::x86_64::*;

const LANES: usize = 16;

/// Σ clamp(h, 0, QA)² · w: clip, multiply the clipped value by the weight
/// in i16 (it fits), then multiply by the clipped value again and add
/// pairs into i32 (`madd`).
///
/// # Safety
/// The CPU must have AVX2.
#[inline]
#[target_feature(enable = "avx2")]
pub unsafe fn screlu_dot<const H: usize>(hidden: &[i16; H], weights: &[i16; H]) -> i32 {
    const { assert!(H.is_multiple_of(LANES)) };
    // SAFETY: the caller makes sure of AVX2; every load reads LANES i16
    // inside the two arrays (H is a multiple of LANES); unaligned
    // loads need no alignment.
    unsafe {
        let zero = _mm256_setzero_si256();
        let ceiling = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for i in (0..H).step_by(LANES) {
            let h = _mm256_loadu_si256(hidden.as_ptr().add(i).cast());
            let w = _mm256_loadu_si256(weights.as_ptr().add(i).cast());
            let clipped = _mm256_min_epi16(_mm256_max_epi16(h, zero), ceiling);
            let product = _mm256_mullo_epi16(clipped, w);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(product, clipped));
        }
        let halves = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256::<1>(sum));
        let pairs = _mm_add_epi32(halves, _mm_shuffle_epi32::<0b01_00_11_10>(halves));
        let total = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
        _mm_cvtsi128_si32(total)
    }
}
