//! AVX-512 (with the BW extension for 16-bit lanes): thirty-two hidden
//! values at a time.

use super::super::network::QA;
use std::arch::x86_64::*;

const LANES: usize = 32;

/// Σ clamp(h, 0, QA)² · w, as the AVX2 path does it, twice as wide.
///
/// # Safety
/// The CPU must have AVX-512 F and BW.
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn screlu_dot<const H: usize>(hidden: &[i16; H], weights: &[i16; H]) -> i32 {
    const { assert!(H.is_multiple_of(LANES)) };
    // SAFETY: the caller makes sure of AVX-512 F and BW; every load reads
    // LANES i16 inside the two arrays (H is a multiple of LANES);
    // unaligned loads need no alignment.
    unsafe {
        let zero = _mm512_setzero_si512();
        let ceiling = _mm512_set1_epi16(QA as i16);
        let mut sum = _mm512_setzero_si512();
        for i in (0..H).step_by(LANES) {
            let h = _mm512_loadu_si512(hidden.as_ptr().add(i).cast());
            let w = _mm512_loadu_si512(weights.as_ptr().add(i).cast());
            let clipped = _mm512_min_epi16(_mm512_max_epi16(h, zero), ceiling);
            let product = _mm512_mullo_epi16(clipped, w);
            sum = _mm512_add_epi32(sum, _mm512_madd_epi16(product, clipped));
        }
        _mm512_reduce_add_epi32(sum)
    }
}
