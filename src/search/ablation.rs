//! Switching search steps off, to measure what each one gains.
//!
//! In the ordinary build every step is on: [`enabled`] is a constant `true`
//! that the compiler folds away. Built with `--features ablation`, the
//! environment variable `ROQUE_ABLATE` names the steps to switch off
//! (comma-separated, e.g. `ROQUE_ABLATE=nmp,lmr`), read once at start-up.
//! A match between that build with nothing switched off and the same build
//! without one step measures the step's gain (`scripts/ablate.sh`).

/// A step of the search that can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Aspiration,
    Razoring,
    ReverseFutility,
    NullMove,
    ProbCut,
    InternalIterativeReduction,
    LateMovePruning,
    Futility,
    HistoryPruning,
    SeePruning,
    Singular,
    CheckExtension,
    LateMoveReductions,
    QuiescenceFutility,
    QuiescenceSee,
    Correction,
}

impl Step {
    /// Every step, with the name `ROQUE_ABLATE` knows it by.
    pub const ALL: [(Step, &'static str); 16] = [
        (Step::Aspiration, "aspiration"),
        (Step::Razoring, "razoring"),
        (Step::ReverseFutility, "rfp"),
        (Step::NullMove, "nmp"),
        (Step::ProbCut, "probcut"),
        (Step::InternalIterativeReduction, "iir"),
        (Step::LateMovePruning, "lmp"),
        (Step::Futility, "futility"),
        (Step::HistoryPruning, "history-pruning"),
        (Step::SeePruning, "see-pruning"),
        (Step::Singular, "singular"),
        (Step::CheckExtension, "check-extension"),
        (Step::LateMoveReductions, "lmr"),
        (Step::QuiescenceFutility, "qs-futility"),
        (Step::QuiescenceSee, "qs-see"),
        (Step::Correction, "correction"),
    ];

    const fn bit(self) -> u32 {
        1 << self as u32
    }
}

/// The set of steps named in `list` (comma-separated, blanks ignored), or
/// the first name that is not a step.
pub fn parse(list: &str) -> Result<u32, String> {
    let mut off = 0;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        match Step::ALL.iter().find(|(_, known)| *known == name) {
            Some((step, _)) => off |= step.bit(),
            None => {
                let known: Vec<&str> = Step::ALL.iter().map(|(_, n)| *n).collect();
                return Err(format!("unknown search step '{name}' (known: {})", known.join(", ")));
            }
        }
    }
    Ok(off)
}

/// Whether `step` runs. Always, in the ordinary build.
#[cfg(not(feature = "ablation"))]
#[inline(always)]
pub const fn enabled(_step: Step) -> bool {
    true
}

/// Whether `step` runs: unless `ROQUE_ABLATE` names it.
#[cfg(feature = "ablation")]
#[inline(always)]
pub fn enabled(step: Step) -> bool {
    from_environment().as_ref().map_or(true, |off| off & step.bit() == 0)
}

#[cfg(feature = "ablation")]
fn from_environment() -> &'static Result<u32, String> {
    static OFF: std::sync::OnceLock<Result<u32, String>> = std::sync::OnceLock::new();
    OFF.get_or_init(|| parse(&std::env::var("ROQUE_ABLATE").unwrap_or_default()))
}

/// The steps `ROQUE_ABLATE` switches off; an error names a step that does
/// not exist. The ordinary build switches none off.
pub fn switched_off() -> Result<u32, String> {
    #[cfg(feature = "ablation")]
    return from_environment().clone();
    #[cfg(not(feature = "ablation"))]
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_to_their_steps() {
        assert_eq!(parse(""), Ok(0));
        assert_eq!(parse(" nmp , lmr,"), Ok(Step::NullMove.bit() | Step::LateMoveReductions.bit()));
        let all = Step::ALL.iter().map(|(_, n)| *n).collect::<Vec<_>>().join(",");
        assert_eq!(parse(&all).map(u32::count_ones), Ok(Step::ALL.len() as u32));
        assert!(parse("nmp,nullmove").unwrap_err().contains("'nullmove'"));
    }

    #[test]
    fn steps_are_listed_once_in_declaration_order() {
        for (i, (step, _)) in Step::ALL.iter().enumerate() {
            assert_eq!(*step as usize, i);
        }
    }
}
