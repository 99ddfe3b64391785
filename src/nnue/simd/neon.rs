//! NEON (aarch64's baseline): eight hidden values at a time.

use super::super::network::QA;
use std::arch::aarch64::*;

const LANES: usize = 8;

/// Σ clamp(h, 0, QA)² · w: clip, multiply the clipped value by the weight
/// in i16 (it fits, as in the other paths), then multiply the low and high
/// halves by the clipped value again, widening into i32 (`smlal`).
#[inline]
pub fn screlu_dot<const H: usize>(hidden: &[i16; H], weights: &[i16; H]) -> i32 {
    const { assert!(H.is_multiple_of(LANES)) };
    // SAFETY: NEON is part of every aarch64 CPU (the target's baseline);
    // every load reads LANES i16 inside the two arrays (H is a
    // multiple of LANES).
    unsafe {
        let zero = vdupq_n_s16(0);
        let ceiling = vdupq_n_s16(QA as i16);
        let mut low = vdupq_n_s32(0);
        let mut high = vdupq_n_s32(0);
        for i in (0..H).step_by(LANES) {
            let h = vld1q_s16(hidden.as_ptr().add(i));
            let w = vld1q_s16(weights.as_ptr().add(i));
            let clipped = vminq_s16(vmaxq_s16(h, zero), ceiling);
            let product = vmulq_s16(clipped, w);
            low = vmlal_s16(low, vget_low_s16(product), vget_low_s16(clipped));
            high = vmlal_high_s16(high, product, clipped);
        }
        vaddvq_s32(vaddq_s32(low, high))
    }
}
