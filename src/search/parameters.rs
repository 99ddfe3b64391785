//! Every tunable number of the search, in one table: name, default and the
//! range a tuner may explore. The search reads each value through the
//! accessor of the same name, so a tuner changes values here and nowhere
//! else.
//!
//! In the ordinary build each accessor is a constant. A build with the
//! `ablation` feature also reads `ROQUE_PARAMS` (`name=value` pairs,
//! comma-separated, e.g. `ROQUE_PARAMS=iir_min_depth=6,lmp_base=4`) once at
//! start-up, so a match can put a value against the default without a
//! second build (`scripts/variant.sh`).

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
            #[cfg(not(feature = "ablation"))]
            #[inline(always)]
            pub const fn $name() -> i32 {
                $default
            }

            $(#[doc = $doc])*
            #[cfg(feature = "ablation")]
            #[inline(always)]
            pub fn $name() -> i32 {
                const INDEX: usize = index_of(stringify!($name));
                from_environment().as_ref().map_or($default, |values| values[INDEX])
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

/// The position of `name` in [`TABLE`], found at compile time.
#[cfg(feature = "ablation")]
const fn index_of(name: &str) -> usize {
    let mut i = 0;
    while i < TABLE.len() {
        if same_bytes(TABLE[i].name.as_bytes(), name.as_bytes()) {
            return i;
        }
        i += 1;
    }
    panic!("a parameter accessor without a table row");
}

#[cfg(feature = "ablation")]
const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Every parameter's value, in table order: the defaults, with the
/// `name=value` pairs of `list` (comma-separated, blanks ignored) in their
/// place; or what is wrong with the first bad pair (an unknown name, a value
/// that is not a number or lies outside the parameter's range).
pub fn parse_overrides(list: &str) -> Result<Vec<i32>, String> {
    let mut values: Vec<i32> = TABLE.iter().map(|p| p.default).collect();
    for pair in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').ok_or_else(|| format!("'{pair}' is not name=value"))?;
        let (name, value) = (name.trim(), value.trim());
        let index = TABLE
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| format!("unknown parameter '{name}' (the table is in src/search/parameters.rs)"))?;
        let parameter = TABLE[index];
        let value: i32 = value.parse().map_err(|_| format!("'{value}' is not a whole number (in '{pair}')"))?;
        if !(parameter.min..=parameter.max).contains(&value) {
            return Err(format!("{name}={value} lies outside {}..={}", parameter.min, parameter.max));
        }
        values[index] = value;
    }
    Ok(values)
}

#[cfg(feature = "ablation")]
fn from_environment() -> &'static Result<Vec<i32>, String> {
    static VALUES: std::sync::OnceLock<Result<Vec<i32>, String>> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| parse_overrides(&std::env::var("ROQUE_PARAMS").unwrap_or_default()))
}

/// What is wrong with `ROQUE_PARAMS`, if anything. The ordinary build reads
/// no environment and keeps every default.
pub fn check_overrides() -> Result<(), String> {
    #[cfg(feature = "ablation")]
    if let Err(error) = from_environment() {
        return Err(error.clone());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_replace_named_defaults_and_reject_bad_pairs() {
        let defaults: Vec<i32> = TABLE.iter().map(|p| p.default).collect();
        assert_eq!(parse_overrides(""), Ok(defaults.clone()));
        let values = parse_overrides(" iir_min_depth = 6 , lmp_base=4,").unwrap();
        let at = |name: &str| TABLE.iter().position(|p| p.name == name).unwrap();
        assert_eq!((values[at("iir_min_depth")], values[at("lmp_base")]), (6, 4));
        let changed = values.iter().zip(&defaults).filter(|(a, b)| a != b).count();
        assert_eq!(changed, 2);
        assert!(parse_overrides("iir_depth=6").unwrap_err().contains("'iir_depth'"));
        assert!(parse_overrides("iir_min_depth=9").unwrap_err().contains("3..=8"));
        assert!(parse_overrides("iir_min_depth=x").unwrap_err().contains("'x'"));
        assert!(parse_overrides("iir_min_depth").unwrap_err().contains("name=value"));
    }

    #[cfg(not(feature = "ablation"))]
    #[test]
    fn the_ordinary_build_keeps_every_default() {
        assert_eq!(check_overrides(), Ok(()));
        assert_eq!(iir_min_depth(), TABLE.iter().find(|p| p.name == "iir_min_depth").unwrap().default);
    }

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in TABLE.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(TABLE[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
