//! The engine's one small random source: SplitMix64. Its step is a `const
//! fn`, so the Zobrist keys of chess and the variants are generated from it
//! at compile time; [`Random`] draws from it at run time (the move choice of
//! a weakened engine, the mines the engine chooses in mined chess). Tools
//! that shuffle and sample training data use the `rand` crate.

/// One SplitMix64 step: advances `state` and returns the next value.
pub const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seeded SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct Random {
    state: u64,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { state: seed }
    }

    /// Seeded from the clock and the address of a local, so that two
    /// engines started together differ.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_clock() -> Random {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let local = 0u8;
        Random::new(nanos as u64 ^ (&local as *const u8 as u64).rotate_left(32))
    }

    /// The WebAssembly build has no system clock: seeded by the page.
    #[cfg(target_arch = "wasm32")]
    pub fn from_clock() -> Random {
        Random::new(crate::host::random_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        splitmix(&mut self.state)
    }

    /// Uniform in `0..n` (`n` > 0), by the high bits of a draw.
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in (0, 1).
    pub fn uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// A standard Gumbel draw.
    pub fn gumbel(&mut self) -> f64 {
        -(-self.uniform().ln()).ln()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_splitmix64() {
        // The first outputs of SplitMix64 from seed 0, as published with it.
        let mut random = Random::new(0);
        assert_eq!(random.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(random.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut state = 0;
        assert_eq!(splitmix(&mut state), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut random = Random::new(3);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let n = random.below(7);
            assert!(n < 7);
            seen[n as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
