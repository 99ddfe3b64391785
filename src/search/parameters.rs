//! Every tunable number of the search, its move ordering and histories,
//! the threads' vote and the time manager, in one table: name, default and
//! the range a tuner may explore. The search reads each value through the
//! accessor of the same name, so a tuner changes values here and nowhere
//! else.
//!
//! In the ordinary build each accessor is a constant. A build with the
//! `ablation` feature (the tuning build) also reads `ROQUE_PARAMS`
//! (`name=value` pairs, comma-separated, e.g.
//! `ROQUE_PARAMS=iir_min_depth=6,lmp_base=5`) once at start-up, so a match
//! can put a value against the default without a second build
//! (`scripts/variant.sh`), and offers every parameter as a UCI `spin`
//! option of the same name, so that a tuner can set them (`roque
//! spsa-params` prints the table in OpenBench's SPSA format;
//! `scripts/spsa.py` tunes them here).

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
                tuned::values()[INDEX].load(std::sync::atomic::Ordering::Relaxed)
            }
        )*
    };
}

parameters! {
    /// Half-width of the first aspiration window, centipawns.
    aspiration_delta = 18 in 8..=60;
    /// Depth from which aspiration windows are used.
    aspiration_min_depth = 4 in 2..=8;
    /// After a failed window the half-width grows by this percentage; past
    /// the maximum the window opens fully.
    aspiration_growth_percent = 51 in 25..=100;
    aspiration_max_delta = 971 in 300..=3000;
    /// Razoring: eval + base + margin * depth^2 below alpha, up to this depth.
    razor_base = 332 in 100..=600;
    razor_margin = 251 in 100..=400;
    razor_max_depth = 3 in 1..=6;
    /// Reverse futility: margin per depth, and the deepest node it applies to.
    rfp_margin = 79 in 40..=150;
    rfp_max_depth = 8 in 4..=12;
    /// Null move: shallowest depth, reduction = base + depth / divisor +
    /// min(3, (eval - beta) / eval_divisor).
    nmp_min_depth = 3 in 2..=5;
    nmp_base_reduction = 4 in 2..=5;
    nmp_depth_divisor = 2 in 2..=6;
    nmp_eval_divisor = 193 in 100..=400;
    /// Null move: at most this much reduction from (eval - beta), and the
    /// static eval must reach beta - margin * depth + base.
    nmp_max_eval_reduction = 3 in 1..=6;
    nmp_static_margin = 23 in 0..=60;
    nmp_static_base = 156 in 0..=400;
    /// ProbCut: margin over beta (less this when improving), shallowest
    /// depth, the shallow search's reduction, and how much shallower than
    /// the node its result counts in the table.
    probcut_margin = 206 in 100..=350;
    probcut_improving_margin = 49 in 0..=150;
    probcut_min_depth = 5 in 4..=8;
    probcut_reduction = 4 in 2..=6;
    probcut_table_reduction = 3 in 1..=5;
    /// Internal iterative reduction: shallowest depth.
    iir_min_depth = 4 in 3..=8;
    /// Late-move pruning: quiet moves allowed = (base + depth^2) / (2 - improving).
    lmp_base = 4 in 1..=8;
    /// Futility: static eval + base + margin * depth must reach alpha.
    futility_base = 85 in 40..=200;
    futility_margin = 98 in 50..=200;
    futility_max_depth = 8 in 4..=12;
    /// History pruning: below -margin * depth, at reduced depth up to this.
    history_prune_depth = 3 in 1..=6;
    history_prune_margin = 1933 in 500..=6000;
    /// SEE pruning thresholds: quiets -margin * depth^2, captures -margin * depth.
    see_quiet_margin = 55 in 20..=120;
    see_noisy_margin = 92 in 40..=200;
    /// Singular extensions: shallowest depth, margin (x depth / 8), and the
    /// extra margin for a double extension.
    singular_min_depth = 6 in 4..=12;
    singular_margin = 16 in 8..=32;
    double_extension_margin = 20 in 5..=50;
    /// Singular extensions: the table entry is at most this much shallower
    /// than the node, and the search without the move goes (depth - 1) /
    /// divisor deep.
    singular_table_margin = 3 in 1..=6;
    singular_depth_divisor = 3 in 2..=4;
    /// Late-move reductions: base + ln(depth) ln(moves) / divisor (both x100),
    /// and how much history changes the reduction.
    lmr_base = 75 in 25..=125;
    lmr_divisor = 219 in 150..=350;
    lmr_history_divisor = 8264 in 4096..=16384;
    /// Late-move reductions: a capture's reduction is divided by this.
    lmr_noisy_divisor = 2 in 1..=4;
    /// Late-move reductions, plies added: off the principal variation, at
    /// an expected cut node; and taken off: while the eval improves, for a
    /// move that gives check.
    lmr_not_pv = 2 in 0..=3;
    lmr_cut_node = 1 in 0..=2;
    lmr_improving = 0 in 0..=2;
    lmr_gives_check = 1 in 0..=2;
    /// Late-move reductions: a ply added where the nodes a ply below have
    /// failed high more than this many times since this node's parent
    /// began (a node whose children cut easily is likely a cut node too).
    lmr_child_cutoffs = 3 in 1..=8;
    /// Late-move reductions: a reduced move that beat alpha is searched
    /// again a ply deeper where it beat the best score by more than base +
    /// per-ply x depth, a ply shallower where it beat it by less than the
    /// shallower margin.
    lmr_deeper_base = 40 in 10..=100;
    lmr_deeper_per_ply = 2 in 0..=8;
    lmr_shallower_margin = 10 in 0..=40;
    /// Correction history: each table's share (percent) of its learnt
    /// error added to the static evaluation (the non-pawn weight counts
    /// for each side), and the most weight (of 256) a search's result gets
    /// in an entry's average.
    correction_pawn_weight = 54 in 0..=150;
    correction_non_pawn_weight = 26 in 0..=100;
    correction_continuation_weight = 29 in 0..=100;
    correction_max_weight = 18 in 4..=64;
    /// Quiescence futility (delta) margin.
    qs_futility_margin = 205 in 100..=400;
    /// History: a cutoff at `depth` is worth scale * depth - offset, up to
    /// the maximum.
    history_bonus_scale = 169 in 80..=300;
    history_bonus_offset = 78 in 0..=200;
    history_bonus_max = 1789 in 800..=3000;
    /// Move ordering: captures by victim value times this, plus capture
    /// history divided by the divisor; a capture whose SEE loses more than
    /// its score / see divisor waits with the bad captures.
    capture_victim_weight = 17 in 4..=32;
    capture_history_divisor = 9 in 2..=32;
    capture_see_divisor = 59 in 16..=256;
    /// The thread vote: each thread's weight is (score - lowest score +
    /// offset) * depth.
    vote_score_offset = 14 in 1..=50;
    /// Time: sudden death plans for this many moves; a share of the
    /// increment (percent) is spent each move; the hard bound is a multiple
    /// (percent) of the soft one and at most a share (percent) of the clock.
    time_moves_left = 28 in 15..=50;
    time_increment_percent = 75 in 25..=100;
    time_hard_percent = 400 in 200..=800;
    time_hard_clock_percent = 40 in 20..=70;
    /// Time with moves to go (at most this many counted): the time is
    /// shared out over them and this many hundredths of a move more; the
    /// hard bound is a multiple (percent) of the soft one, at most a share
    /// (percent) of the clock, a larger one on the last move.
    time_moves_to_go_max = 50 in 20..=80;
    time_reserve_hundredths = 70 in 0..=200;
    time_moves_to_go_hard_percent = 300 in 150..=600;
    time_moves_to_go_clock_percent = 50 in 20..=70;
    time_last_move_clock_percent = 70 in 40..=90;
    /// Time, between iterations (all percent): the soft bound is scaled by
    /// stability (base, less a step for each iteration the best move held,
    /// up to a count, plus a weight for each recent change of best move,
    /// those changes decaying by the decay each iteration), by a falling
    /// score (1 + drop / divisor, the drop at most its maximum), and by
    /// effort (base + weight times the share of nodes not spent on the best
    /// move); the product kept within the minimum and maximum.
    time_stability_base = 150 in 100..=250;
    time_stability_step = 10 in 0..=25;
    time_stable_iterations = 7 in 3..=12;
    time_best_move_change_weight = 30 in 0..=100;
    time_best_move_change_decay = 50 in 25..=90;
    time_score_drop_max = 150 in 50..=400;
    time_score_drop_divisor = 250 in 100..=600;
    time_effort_base = 50 in 20..=100;
    time_effort_weight = 130 in 50..=250;
    time_scale_min = 35 in 10..=80;
    time_scale_max = 250 in 150..=400;
    /// The quiescence search of the games whose quiescence is bounded
    /// (`SearchHooks::BOUNDED_QUIESCENCE`: the variants): the plies in which
    /// evasions are searched, the plies after which it stands pat, and
    /// (losing chess) the plies in which it chooses among several forced
    /// captures.
    variant_qs_check_plies = 4 in 1..=8;
    variant_qs_max_plies = 8 in 4..=16;
    variant_forced_choice_plies = 2 in 1..=6;
}

/// A parameter given in percent, as a factor.
#[inline(always)]
pub fn percent(value: i32) -> f64 {
    value as f64 / 100.0
}

/// Whether this build's parameters can be set at run time (the
/// `ablation` feature).
pub const TUNABLE: bool = cfg!(feature = "ablation");

/// The parameter named `name`, without regard to case (as UCI options are
/// named).
pub fn find(name: &str) -> Option<(usize, &'static Parameter)> {
    TABLE.iter().enumerate().find(|(_, p)| p.name.eq_ignore_ascii_case(name))
}

/// The value the search reads for the parameter at `index` of [`TABLE`].
pub fn value(index: usize) -> i32 {
    #[cfg(feature = "ablation")]
    return tuned::values()[index].load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(feature = "ablation"))]
    TABLE[index].default
}

/// Sets the parameter at `index` of [`TABLE`] to `value`, which lies in
/// its range (`setoption` in the tuning build, which checks it). Whether
/// it was set: never in a build whose parameters are constants.
pub fn set(index: usize, value: i32) -> bool {
    debug_assert!((TABLE[index].min..=TABLE[index].max).contains(&value));
    #[cfg(feature = "ablation")]
    tuned::values()[index].store(value, std::sync::atomic::Ordering::Relaxed);
    let _ = (index, value);
    TUNABLE
}

/// The `uci` answer's line for a parameter of the tuning build: a spin
/// option whose default is its value now.
pub fn uci_line(index: usize) -> String {
    let p = TABLE[index];
    format!("option name {} type spin default {} min {} max {}", p.name, value(index), p.min, p.max)
}

/// The table in OpenBench's SPSA input format, a line a parameter: `name,
/// int, default, min, max, c_end, r_end`, where c_end (the last
/// perturbation) is a twentieth of the range, at least 1, and r_end (the
/// last step's rate) 0.002.
pub fn spsa_params() -> String {
    TABLE
        .iter()
        .map(|p| format!("{}, int, {}, {}, {}, {}, 0.002\n", p.name, p.default, p.min, p.max, spsa_c_end(p)))
        .collect()
}

/// The last perturbation SPSA gives a parameter: a twentieth of its range,
/// at least 1.
pub fn spsa_c_end(p: &Parameter) -> f64 {
    (f64::from(p.max - p.min) / 20.0).max(1.0)
}

/// The tests that read or set the tuning build's values take this, one at
/// a time.
#[cfg(test)]
pub(crate) static TEST_VALUES: std::sync::Mutex<()> = std::sync::Mutex::new(());

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

/// The tuning build's values: `ROQUE_PARAMS` over the defaults at start-up,
/// then what `setoption` sets.
#[cfg(feature = "ablation")]
mod tuned {
    use std::sync::atomic::AtomicI32;
    use std::sync::OnceLock;

    pub fn values() -> &'static [AtomicI32] {
        static VALUES: OnceLock<Vec<AtomicI32>> = OnceLock::new();
        VALUES.get_or_init(|| {
            let defaults = || super::TABLE.iter().map(|p| p.default).collect();
            let start: Vec<i32> = super::from_environment().clone().unwrap_or_else(|_| defaults());
            start.into_iter().map(AtomicI32::new).collect()
        })
    }
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
        let values = parse_overrides(" iir_min_depth = 6 , lmp_base=5,").unwrap();
        let at = |name: &str| TABLE.iter().position(|p| p.name == name).unwrap();
        assert_eq!((values[at("iir_min_depth")], values[at("lmp_base")]), (6, 5));
        let changed = values.iter().zip(&defaults).filter(|(a, b)| a != b).count();
        assert_eq!(changed, 2);
        assert!(parse_overrides("iir_depth=6").unwrap_err().contains("'iir_depth'"));
        assert!(parse_overrides("iir_min_depth=9").unwrap_err().contains("3..=8"));
        assert!(parse_overrides("iir_min_depth=x").unwrap_err().contains("'x'"));
        assert!(parse_overrides("iir_min_depth").unwrap_err().contains("name=value"));
    }

    use super::TEST_VALUES as VALUES;

    #[test]
    fn the_spsa_list_and_the_uci_options_round_trip() {
        let _values = VALUES.lock().unwrap_or_else(|e| e.into_inner());
        let text = spsa_params();
        assert_eq!(text.lines().count(), TABLE.len());
        for (i, (line, p)) in text.lines().zip(TABLE).enumerate() {
            // OpenBench's SPSA input: name, int, value, min, max, c_end, r_end.
            let fields: Vec<&str> = line.split(',').map(str::trim).collect();
            assert_eq!(fields.len(), 7, "{line}");
            let number = |k: usize| fields[k].parse::<i32>().unwrap();
            assert_eq!((fields[0], fields[1]), (p.name, "int"));
            assert_eq!((number(2), number(3), number(4)), (p.default, p.min, p.max), "{line}");
            let c_end: f64 = fields[5].parse().unwrap();
            assert!(c_end >= 1.0 && c_end <= f64::from(p.max - p.min).max(1.0), "{line}");
            assert_eq!(fields[6].parse::<f64>().unwrap(), 0.002);
            // The tuning build's option: found by its name in any case.
            let line = uci_line(i);
            let words: Vec<&str> = line.split_whitespace().collect();
            let expected = [
                "option",
                "name",
                p.name,
                "type",
                "spin",
                "default",
                &value(i).to_string(),
                "min",
                &p.min.to_string(),
                "max",
                &p.max.to_string(),
            ]
            .map(|w| w.to_string());
            assert_eq!(words, expected);
            assert_eq!(find(&p.name.to_uppercase()).map(|(k, _)| k), Some(i));
        }
        assert_eq!(find("no_such_parameter"), None);
    }

    #[cfg(not(feature = "ablation"))]
    #[test]
    fn the_ordinary_build_keeps_its_parameters_constant() {
        let index = find("lmr_base").unwrap().0;
        assert!(!set(index, 50));
        assert_eq!(value(index), lmr_base());
    }

    /// The tuning build's parameters as `setoption` sets them (the UCI
    /// session checks the text: src/uci/session.rs).
    #[cfg(feature = "ablation")]
    #[test]
    fn the_tuning_build_sets_a_parameter() {
        let _values = VALUES.lock().unwrap_or_else(|e| e.into_inner());
        let (index, _) = find("Variant_Forced_Choice_Plies").unwrap();
        let before = value(index);
        assert!(set(index, 5));
        assert_eq!((value(index), variant_forced_choice_plies()), (5, 5));
        assert!(uci_line(index).contains("default 5 min"));
        assert!(set(index, before));
    }

    #[test]
    fn defaults_lie_in_their_ranges_and_names_are_unique() {
        for (i, p) in TABLE.iter().enumerate() {
            assert!(p.min <= p.default && p.default <= p.max, "{}", p.name);
            assert!(TABLE[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
