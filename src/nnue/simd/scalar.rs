//! The portable path.

use super::super::network::QA;

/// Σ clamp(h, 0, QA)² · w over the hidden layer. The product of the clipped
/// value and the weight fits in i16 (255 · 127), as in the vector paths.
#[inline(always)]
pub fn screlu_dot<const H: usize>(hidden: &[i16; H], weights: &[i16; H]) -> i32 {
    hidden
        .iter()
        .zip(weights.iter())
        .map(|(&h, &w)| {
            let clipped = h.clamp(0, QA as i16);
            (clipped.wrapping_mul(w) as i32) * clipped as i32
        })
        .sum()
}
