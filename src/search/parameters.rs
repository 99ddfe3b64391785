//! Every tunable number of the search, in one table: name, default and the
//! range a tuner may explore. The search reads each value through the
//! accessor of the same name, so a tuner changes values here and nowhere
//! else.

/// One tunable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parameter {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
}

macro_rules! parameters {
    ($($(#[doc = $doc:literal])* $name:ident = $default:literal in $min:literal..=$max:literal;)*) => {
        /// The table, in declaration order.
        pub const TABLE: &[Parameter] = &[
            $(Parameter { name: stringify!($name), default: $default, min: $min, max: $max },)*
        ];
        $(
            $(#[doc = $doc])*
            #[inline(always)]
            pub const fn $name() -> i32 {
                $default
            }
        )*
    };
}

parameters! {
    /// Half-width of the first aspiration window, centipawns.
    aspiration_delta = 20 in 8..=60;
    /// Depth from which aspiration windows are used.
    aspiration_min_depth = 4 in 2..=8;
    /// Razoring: eval + base + margin * depth^2 below alpha.
    razor_base = 300 in 100..=600;
    razor_margin = 250 in 100..=400;
    /// Reverse futility: margin per depth, and the deepest node it applies to.
    rfp_margin = 80 in 40..=150;
    rfp_max_depth = 8 in 4..=12;
    /// Null move: shallowest depth, reduction = base + depth / divisor +
    /// min(3, (eval - beta) / eval_divisor).
    nmp_min_depth = 3 in 2..=5;
    nmp_base_reduction = 3 in 2..=5;
    nmp_depth_divisor = 3 in 2..=6;
    nmp_eval_divisor = 200 in 100..=400;
    /// ProbCut: margin over beta, shallowest depth.
    probcut_margin = 200 in 100..=350;
    probcut_min_depth = 5 in 4..=8;
    /// Internal iterative reduction: shallowest depth.
    iir_min_depth = 4 in 3..=8;
    /// Late-move pruning: quiet moves allowed = (base + depth^2) / (2 - improving).
    lmp_base = 3 in 1..=8;
    /// Futility: static eval + base + margin * depth must reach alpha.
    futility_base = 90 in 40..=200;
    futility_margin = 100 in 50..=200;
    futility_max_depth = 8 in 4..=12;
    /// History pruning: below -margin * depth, at reduced depth up to this.
    history_prune_depth = 3 in 1..=6;
    history_prune_margin = 2000 in 500..=6000;
    /// SEE pruning thresholds: quiets -margin * depth^2, captures -margin * depth.
    see_quiet_margin = 60 in 20..=120;
    see_noisy_margin = 100 in 40..=200;
    /// Singular extensions: shallowest depth, margin (x depth / 8), and the
    /// extra margin for a double extension.
    singular_min_depth = 8 in 6..=12;
    singular_margin = 16 in 8..=32;
    double_extension_margin = 20 in 5..=50;
    /// Late-move reductions: base + ln(depth) ln(moves) / divisor (both x100),
    /// and how much history changes the reduction.
    lmr_base = 75 in 25..=125;
    lmr_divisor = 225 in 150..=350;
    lmr_history_divisor = 8192 in 4096..=16384;
    /// Quiescence futility (delta) margin.
    qs_futility_margin = 200 in 100..=400;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in TABLE.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(TABLE[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
