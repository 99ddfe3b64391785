//! The answer to `protover 2`: the `feature` lines that tell XBoard what
//! the engine does, its options (from UCI's one option table) among them.

use super::games::ANNOUNCED;
use crate::uci::options::{OptionId, OptionKind, OptionSpec, OPTIONS};

/// The options XBoard sets with commands of its own (`memory`, `cores`,
/// `egtpath`, `variant`, `hard`), that concern UCI's output alone, or that
/// belong to games XBoard is not offered: left out of the `option`
/// features.
fn set_otherwise(id: OptionId) -> bool {
    matches!(
        id,
        OptionId::Hash
            | OptionId::Threads
            | OptionId::SyzygyPath
            | OptionId::Variant
            | OptionId::Chess960
            | OptionId::Ponder
            | OptionId::ShowWdl
            | OptionId::MultiPv
            | OptionId::TurningMoves
            | OptionId::MarseillaisBalanced
            | OptionId::Mines
    )
}

/// The engine options XBoard may set with `option NAME=VALUE`.
pub fn xboard_options() -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(|option| !set_otherwise(option.id))
}

/// An option as CECP's `option` feature describes it.
fn option_feature(option: &OptionSpec) -> String {
    let name = option.name;
    let described = match option.kind {
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(default)),
        OptionKind::Button => format!("{name} -button"),
        OptionKind::Text { default } if matches!(option.id, OptionId::EvalFile(_)) => format!("{name} -file {default}"),
        OptionKind::Text { default } => format!("{name} -string {default}"),
        OptionKind::Combo { default, choices } => {
            let marked: Vec<String> =
                choices.iter().map(|c| if *c == default { format!("*{c}") } else { c.to_string() }).collect();
            format!("{name} -combo {}", marked.join(" /// "))
        }
    };
    format!("feature option=\"{described}\"")
}

/// Every `feature` line of the answer to `protover 2`, `done=1` last.
pub fn feature_lines() -> Vec<String> {
    let variants: Vec<&str> = ANNOUNCED.iter().map(|game| game.xboard_name).collect();
    let mut lines: Vec<String> = [
        "ping=1",
        "setboard=1",
        "playother=1",
        "usermove=1",
        "time=1",
        "draw=1",
        "sigint=0",
        "sigterm=0",
        "reuse=1",
        "analyze=1",
        "colors=0",
        "name=1",
        "nps=1",
        "memory=1",
        "smp=1",
        "exclude=1",
        "highlight=1",
        "egt=\"syzygy\"",
    ]
    .iter()
    .map(|feature| format!("feature {feature}"))
    .collect();
    lines.push(format!("feature myname=\"Roque {}\"", env!("CARGO_PKG_VERSION")));
    lines.push(format!("feature variants=\"{}\"", variants.join(",")));
    lines.extend(xboard_options().map(option_feature));
    lines.push("feature done=1".to_string());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_features_name_the_games_and_the_options() {
        let lines = feature_lines();
        assert!(lines.contains(&"feature variants=\"normal,fischerandom,losers,elven\"".to_string()), "{lines:?}");
        assert!(lines.contains(&"feature option=\"Move Overhead -spin 10 0 5000\"".to_string()), "{lines:?}");
        assert!(lines.contains(&"feature option=\"Clear Hash -button\"".to_string()), "{lines:?}");
        assert!(!lines.iter().any(|line| line.contains("UCI_Variant") || line.contains("\"Hash ")), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some("feature done=1"));
    }
}
