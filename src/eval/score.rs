//! A middlegame/endgame pair of values and the blend between them.

use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A value with a middlegame and an endgame part, in centipawns. Every
/// evaluation weight is one of these; the game phase blends the two parts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhasedScore {
    pub mg: i32,
    pub eg: i32,
}

/// Shorthand for the weight table.
pub const fn s(mg: i32, eg: i32) -> PhasedScore {
    PhasedScore { mg, eg }
}

impl Add for PhasedScore {
    type Output = PhasedScore;
    #[inline(always)]
    fn add(self, rhs: PhasedScore) -> PhasedScore {
        s(self.mg + rhs.mg, self.eg + rhs.eg)
    }
}

impl Sub for PhasedScore {
    type Output = PhasedScore;
    #[inline(always)]
    fn sub(self, rhs: PhasedScore) -> PhasedScore {
        s(self.mg - rhs.mg, self.eg - rhs.eg)
    }
}

impl AddAssign for PhasedScore {
    #[inline(always)]
    fn add_assign(&mut self, rhs: PhasedScore) {
        *self = *self + rhs;
    }
}

impl SubAssign for PhasedScore {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: PhasedScore) {
        *self = *self - rhs;
    }
}

impl Neg for PhasedScore {
    type Output = PhasedScore;
    #[inline(always)]
    fn neg(self) -> PhasedScore {
        s(-self.mg, -self.eg)
    }
}

impl Mul<i32> for PhasedScore {
    type Output = PhasedScore;
    #[inline(always)]
    fn mul(self, rhs: i32) -> PhasedScore {
        s(self.mg * rhs, self.eg * rhs)
    }
}

/// The phase of the full opening material (N, B = 1, R = 2, Q = 4).
pub const MAX_PHASE: i32 = 24;
/// The scale factor that leaves a score unchanged.
pub const NORMAL_SCALE: i32 = 128;

/// Blends a score by `phase` (0 = bare endgame ..= `MAX_PHASE`) and scales
/// it by `scale` / `NORMAL_SCALE`. Integer division rounds toward zero, so
/// the blend of a negated score is the negated blend.
#[inline(always)]
pub fn blend(score: PhasedScore, phase: i32, scale: i32) -> i32 {
    (score.mg * phase + score.eg * (MAX_PHASE - phase)) * scale / (MAX_PHASE * NORMAL_SCALE)
}
