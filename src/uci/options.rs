//! The UCI options: one table with each option's name, type, default and
//! range, from which the `uci` answer, the value checks and the README's
//! list all follow.

use crate::nnue::NetworkGame;
use crate::search::engine::MAX_THREADS;
use crate::search::strength::{StrengthLimit, MAX_ELO, MAX_SKILL, MIN_ELO};
use crate::tablebase::ProbeSettings;
use crate::types::{Bitboard, Color};
use crate::variants::{SwapClock, Variant};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionId {
    Hash,
    Threads,
    ClearHash,
    MultiPv,
    Ponder,
    MoveOverhead,
    Chess960,
    ShowWdl,
    UseNnue,
    /// The network file of a game with its own network.
    EvalFile(NetworkGame),
    LimitStrength,
    Elo,
    SkillLevel,
    SyzygyPath,
    SyzygyProbeDepth,
    Syzygy50MoveRule,
    SyzygyProbeLimit,
    Variant,
    TurningMoves,
    MarseillaisBalanced,
    Mines,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Button,
    /// Free text (UCI type `string`).
    Text {
        default: &'static str,
    },
    /// One of `choices`, named without regard to case.
    Combo {
        default: &'static str,
        choices: &'static [&'static str],
    },
}

#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    pub id: OptionId,
    /// The name as the `uci` command announces it.
    pub name: &'static str,
    pub kind: OptionKind,
}

/// The `UCI_Variant` values: every variant whose rules, search and tests
/// are complete, and the second names (`losing`, the rules book's name of
/// `losers`). Each name means what Cute Chess, Fairy-Stockfish and
/// python-chess mean by it, or none of them uses it (README, "Variant
/// names").
pub const VARIANT_CHOICES: &[&str] = &[
    Variant::Chess.name(),
    Variant::Losers.name(),
    Variant::ALIASES[0].0,
    Variant::Placement.name(),
    Variant::VanDien.name(),
    Variant::Reinforced.name(),
    Variant::Returning.name(),
    Variant::Ghost.name(),
    Variant::Marseillais.name(),
    Variant::Progressive.name(),
    Variant::Camps.name(),
    Variant::Turning.name(),
    Variant::Mined.name(),
    crate::elven::UCI_NAME,
];

/// Every option, in the order `uci` lists them.
pub const OPTIONS: [OptionSpec; 23] = [
    // 1,048,576 MiB is 1 TiB.
    OptionSpec { id: OptionId::Hash, name: "Hash", kind: OptionKind::Spin { default: 16, min: 1, max: 1_048_576 } },
    OptionSpec {
        id: OptionId::Threads,
        name: "Threads",
        kind: OptionKind::Spin { default: 1, min: 1, max: MAX_THREADS as i64 },
    },
    OptionSpec { id: OptionId::ClearHash, name: "Clear Hash", kind: OptionKind::Button },
    OptionSpec { id: OptionId::MultiPv, name: "MultiPV", kind: OptionKind::Spin { default: 1, min: 1, max: 256 } },
    OptionSpec { id: OptionId::Ponder, name: "Ponder", kind: OptionKind::Check { default: false } },
    OptionSpec {
        id: OptionId::MoveOverhead,
        name: "Move Overhead",
        kind: OptionKind::Spin { default: 10, min: 0, max: 5000 },
    },
    OptionSpec { id: OptionId::Chess960, name: "UCI_Chess960", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::ShowWdl, name: "UCI_ShowWDL", kind: OptionKind::Check { default: false } },
    OptionSpec {
        id: OptionId::UseNnue,
        name: "Use NNUE",
        kind: OptionKind::Check { default: crate::nnue::USED_BY_DEFAULT },
    },
    OptionSpec {
        id: OptionId::EvalFile(NetworkGame::Chess),
        name: NetworkGame::Chess.option_name(),
        kind: OptionKind::Text { default: BUILT_IN_NETWORK },
    },
    OptionSpec {
        id: OptionId::EvalFile(NetworkGame::Losers),
        name: NetworkGame::Losers.option_name(),
        kind: OptionKind::Text { default: BUILT_IN_NETWORK },
    },
    OptionSpec {
        id: OptionId::EvalFile(NetworkGame::Elven),
        name: NetworkGame::Elven.option_name(),
        kind: OptionKind::Text { default: BUILT_IN_NETWORK },
    },
    OptionSpec { id: OptionId::LimitStrength, name: "UCI_LimitStrength", kind: OptionKind::Check { default: false } },
    OptionSpec {
        id: OptionId::Elo,
        name: "UCI_Elo",
        kind: OptionKind::Spin { default: 1500, min: MIN_ELO as i64, max: MAX_ELO as i64 },
    },
    OptionSpec {
        id: OptionId::SkillLevel,
        name: "Skill Level",
        kind: OptionKind::Spin { default: MAX_SKILL as i64, min: 0, max: MAX_SKILL as i64 },
    },
    OptionSpec { id: OptionId::SyzygyPath, name: "SyzygyPath", kind: OptionKind::Text { default: EMPTY_PATH } },
    OptionSpec {
        id: OptionId::SyzygyProbeDepth,
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin { default: 1, min: 1, max: 100 },
    },
    OptionSpec { id: OptionId::Syzygy50MoveRule, name: "Syzygy50MoveRule", kind: OptionKind::Check { default: true } },
    OptionSpec {
        id: OptionId::SyzygyProbeLimit,
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin { default: 7, min: 0, max: 7 },
    },
    OptionSpec {
        id: OptionId::Variant,
        name: "UCI_Variant",
        kind: OptionKind::Combo { default: Variant::Chess.name(), choices: VARIANT_CHOICES },
    },
    OptionSpec {
        id: OptionId::TurningMoves,
        name: "Turning Moves",
        kind: OptionKind::Spin { default: SwapClock::DEFAULT_PERIOD as i64, min: 1, max: SwapClock::MAX_PERIOD as i64 },
    },
    OptionSpec {
        id: OptionId::MarseillaisBalanced,
        name: "Marseillais Balanced",
        kind: OptionKind::Check { default: false },
    },
    OptionSpec { id: OptionId::Mines, name: "Mines", kind: OptionKind::Text { default: EMPTY_PATH } },
];

/// The `EvalFile` value that names the network built into the binary.
pub use crate::nnue::BUILT_IN_NETWORK;

/// The value of a path option that names no directory.
pub const EMPTY_PATH: &str = "<empty>";

/// A checked value for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Spin(i64),
    Check(bool),
    /// A button was pressed.
    Press,
    /// Text (an empty value stands for the option's "none": `<internal>`
    /// or `<empty>`).
    Text(String),
    /// The index of the chosen value in the combo's choices.
    Combo(usize),
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    UnknownName(String),
    MissingValue(&'static str),
    NotANumber { name: &'static str, text: String },
    OutOfRange { name: &'static str, value: i128, min: i64, max: i64 },
    NotABoolean { name: &'static str, text: String },
    NotAChoice { name: &'static str, text: String, choices: &'static [&'static str] },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownName(name) => {
                let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
                write!(
                    f,
                    "setoption: no option is named '{}' (options: {})",
                    crate::types::excerpt(name),
                    names.join(", ")
                )
            }
            OptionError::MissingValue(name) => write!(f, "setoption: {name} needs 'value <x>'"),
            OptionError::NotANumber { name, text } => {
                write!(f, "setoption: {name} value '{}' is not a whole number", crate::types::excerpt(text))
            }
            OptionError::OutOfRange { name, value, min, max } => {
                write!(f, "setoption: {name} value {value} is out of range ({min} to {max})")
            }
            OptionError::NotABoolean { name, text } => {
                write!(f, "setoption: {name} value '{}' is not 'true' or 'false'", crate::types::excerpt(text))
            }
            OptionError::NotAChoice { name, text, choices } => write!(
                f,
                "setoption: {name} value '{}' is not one of {}",
                crate::types::excerpt(text),
                choices.join(", ")
            ),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// The option for a name, compared without regard to case as the UCI
    /// specification asks.
    pub fn find(name: &str) -> Option<&'static OptionSpec> {
        OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// Checks a `setoption` value (None when no `value` was given).
    pub fn parse_value(&self, value: Option<&str>) -> Result<OptionValue, OptionError> {
        match self.kind {
            // A value sent with a button is ignored.
            OptionKind::Button => Ok(OptionValue::Press),
            OptionKind::Spin { min, max, .. } => parse_spin(self.name, min, max, value).map(OptionValue::Spin),
            // No value, or a blank one, is the option's default: the way UCI
            // has to say "none" (`<internal>`, `<empty>`).
            OptionKind::Text { default } => {
                let text = value.map(str::trim).filter(|v| !v.is_empty()).unwrap_or(default);
                Ok(OptionValue::Text(text.to_string()))
            }
            OptionKind::Check { .. } => {
                let text = value.filter(|v| !v.is_empty()).ok_or(OptionError::MissingValue(self.name))?;
                if text.eq_ignore_ascii_case("true") {
                    Ok(OptionValue::Check(true))
                } else if text.eq_ignore_ascii_case("false") {
                    Ok(OptionValue::Check(false))
                } else {
                    Err(OptionError::NotABoolean { name: self.name, text: text.to_string() })
                }
            }
            OptionKind::Combo { choices, .. } => {
                let text = value.filter(|v| !v.is_empty()).ok_or(OptionError::MissingValue(self.name))?;
                choices
                    .iter()
                    .position(|choice| choice.eq_ignore_ascii_case(text))
                    .map(OptionValue::Combo)
                    .ok_or_else(|| OptionError::NotAChoice { name: self.name, text: text.to_string(), choices })
            }
        }
    }

    /// The `option name ... type ...` line of the `uci` answer.
    pub fn uci_line(&self) -> String {
        match self.kind {
            OptionKind::Spin { default, min, max } => {
                format!("option name {} type spin default {default} min {min} max {max}", self.name)
            }
            OptionKind::Check { default } => format!("option name {} type check default {default}", self.name),
            OptionKind::Button => format!("option name {} type button", self.name),
            OptionKind::Text { default } => format!("option name {} type string default {default}", self.name),
            OptionKind::Combo { default, choices } => {
                let mut line = format!("option name {} type combo default {default}", self.name);
                for choice in choices {
                    line.push_str(&format!(" var {choice}"));
                }
                line
            }
        }
    }
}

/// A `spin` option's value: a whole number from `min` to `max`.
pub fn parse_spin(name: &'static str, min: i64, max: i64, value: Option<&str>) -> Result<i64, OptionError> {
    let text = value.filter(|v| !v.is_empty()).ok_or(OptionError::MissingValue(name))?;
    let number: i128 = text.parse().map_err(|_| OptionError::NotANumber { name, text: text.to_string() })?;
    if number < min as i128 || number > max as i128 {
        return Err(OptionError::OutOfRange { name, value: number, min, max });
    }
    Ok(number as i64)
}

/// Parses `setoption name <name> [value <value>]` against the table.
pub fn parse_setoption(name: &str, value: Option<&str>) -> Result<(&'static OptionSpec, OptionValue), OptionError> {
    let spec = OptionSpec::find(name).ok_or_else(|| OptionError::UnknownName(name.to_string()))?;
    Ok((spec, spec.parse_value(value)?))
}

/// The current value of every option that is not a button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    pub chess960: bool,
    pub show_wdl: bool,
    pub use_nnue: bool,
    /// The network file in use for each game with its own network
    /// ([`NetworkGame`]), or [`BUILT_IN_NETWORK`].
    pub eval_files: [String; NetworkGame::COUNT],
    pub limit_strength: bool,
    pub elo: i32,
    pub skill_level: i32,
    /// The directories the tables were loaded from (`<empty>`: none).
    pub syzygy_path: String,
    pub probe: ProbeSettings,
    /// Turning chess: the moves each side plays between swaps of sides.
    pub turning_moves: u8,
    /// Marseillais chess: White's first turn has one move (the balanced
    /// rule) instead of the rules book's two.
    pub marseillais_balanced: bool,
    /// Mined chess: the colour the engine plays and its mines, which
    /// `position startpos` knows; None: every mine of the start secret.
    pub mines: Option<(Color, Bitboard)>,
}

impl Settings {
    /// The level to play at: `UCI_Elo` when `UCI_LimitStrength` is on,
    /// otherwise `Skill Level` below 20; None for full strength.
    pub fn strength(&self) -> Option<StrengthLimit> {
        if self.limit_strength {
            Some(StrengthLimit::from_elo(self.elo))
        } else {
            StrengthLimit::from_skill(self.skill_level)
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        let spin = |id| match OPTIONS.iter().find(|o| o.id == id).map(|o| o.kind) {
            Some(OptionKind::Spin { default, .. }) => default,
            _ => unreachable!("{id:?} is a spin option"),
        };
        let check = |id| match OPTIONS.iter().find(|o| o.id == id).map(|o| o.kind) {
            Some(OptionKind::Check { default }) => default,
            _ => unreachable!("{id:?} is a check option"),
        };
        Settings {
            hash_mb: spin(OptionId::Hash) as usize,
            threads: spin(OptionId::Threads) as usize,
            multipv: spin(OptionId::MultiPv) as usize,
            ponder: check(OptionId::Ponder),
            move_overhead_ms: spin(OptionId::MoveOverhead) as u64,
            chess960: check(OptionId::Chess960),
            show_wdl: check(OptionId::ShowWdl),
            use_nnue: check(OptionId::UseNnue),
            eval_files: NetworkGame::ALL.map(|_| BUILT_IN_NETWORK.to_string()),
            limit_strength: check(OptionId::LimitStrength),
            elo: spin(OptionId::Elo) as i32,
            skill_level: spin(OptionId::SkillLevel) as i32,
            syzygy_path: EMPTY_PATH.to_string(),
            probe: ProbeSettings {
                probe_depth: spin(OptionId::SyzygyProbeDepth) as i32,
                rule50: check(OptionId::Syzygy50MoveRule),
                probe_limit: spin(OptionId::SyzygyProbeLimit) as u32,
            },
            turning_moves: spin(OptionId::TurningMoves) as u8,
            marseillais_balanced: check(OptionId::MarseillaisBalanced),
            mines: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_found_without_regard_to_case() {
        assert_eq!(OptionSpec::find("hash").unwrap().id, OptionId::Hash);
        assert_eq!(OptionSpec::find("MOVE OVERHEAD").unwrap().id, OptionId::MoveOverhead);
        assert_eq!(OptionSpec::find("uci_chess960").unwrap().id, OptionId::Chess960);
        assert!(OptionSpec::find("Contempt").is_none());
    }

    #[test]
    fn values_are_checked() {
        assert_eq!(parse_setoption("Hash", Some("64")).unwrap().1, OptionValue::Spin(64));
        assert_eq!(parse_setoption("Hash", Some("1048576")).unwrap().1, OptionValue::Spin(1_048_576));
        assert_eq!(
            parse_setoption("Hash", Some("0")).unwrap_err(),
            OptionError::OutOfRange { name: "Hash", value: 0, min: 1, max: 1_048_576 }
        );
        assert!(matches!(parse_setoption("Threads", Some("1025")), Err(OptionError::OutOfRange { .. })));
        assert!(matches!(
            parse_setoption("Threads", Some("99999999999999999999999")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(parse_setoption("MultiPV", Some("two")), Err(OptionError::NotANumber { .. })));
        assert_eq!(parse_setoption("MultiPV", None).unwrap_err(), OptionError::MissingValue("MultiPV"));
        assert_eq!(parse_setoption("Ponder", Some("TRUE")).unwrap().1, OptionValue::Check(true));
        assert!(matches!(parse_setoption("Ponder", Some("yes")), Err(OptionError::NotABoolean { .. })));
        assert_eq!(parse_setoption("Clear Hash", None).unwrap().1, OptionValue::Press);
        assert_eq!(parse_setoption("evalfile", Some("a b.nnue")).unwrap().1, OptionValue::Text("a b.nnue".into()));
        assert!(matches!(parse_setoption("Foo", Some("1")), Err(OptionError::UnknownName(_))));
    }

    #[test]
    fn uci_lines() {
        let lines: Vec<String> = OPTIONS.iter().map(OptionSpec::uci_line).collect();
        assert_eq!(lines[0], "option name Hash type spin default 16 min 1 max 1048576");
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
        assert!(lines.contains(&"option name UCI_ShowWDL type check default false".to_string()));
        assert!(lines.contains(&"option name EvalFile type string default <internal>".to_string()));
        assert!(lines.contains(&"option name Move Overhead type spin default 10 min 0 max 5000".to_string()));
        assert!(lines.contains(
            &"option name UCI_Variant type combo default chess var chess var losers var losing var placement var vandien \
             var reinforced var returning var ghost var marseillais var progressive var camps var turning var mined var elven"
                .to_string()));
        assert!(lines.contains(&"option name Turning Moves type spin default 5 min 1 max 100".to_string()));
        assert!(lines.contains(&"option name Mines type string default <empty>".to_string()));
    }

    #[test]
    fn variant_values_are_checked() {
        assert_eq!(parse_setoption("uci_variant", Some("LOSERS")).unwrap().1, OptionValue::Combo(1));
        assert_eq!(parse_setoption("uci_variant", Some("losing")).unwrap().1, OptionValue::Combo(2));
        assert!(matches!(parse_setoption("UCI_Variant", Some("antichess")), Err(OptionError::NotAChoice { .. })));
        assert_eq!(parse_setoption("UCI_Variant", None).unwrap_err(), OptionError::MissingValue("UCI_Variant"));
        let setup = crate::session::VariantSetup {
            variant: Variant::Chess,
            turning_moves: 1,
            marseillais_balanced: false,
            mines: None,
        };
        for choice in VARIANT_CHOICES {
            let game = crate::session::AnyGame::choose(choice, setup).expect("a choice names a game");
            assert_eq!(Variant::from_name(choice).map_or(crate::elven::UCI_NAME, |v| v.name()), game.name());
        }
        assert_eq!(parse_setoption("UCI_Variant", Some("Elven")).unwrap().1, OptionValue::Combo(13));
        assert_eq!(crate::session::AnyGame::default().name(), Variant::Chess.name());
    }

    #[test]
    fn defaults_follow_the_table() {
        let settings = Settings::default();
        assert_eq!((settings.hash_mb, settings.threads, settings.multipv), (16, 1, 1));
        assert_eq!(settings.move_overhead_ms, 10);
        assert!(!settings.ponder && !settings.chess960 && !settings.show_wdl);
        assert!(!settings.limit_strength && settings.skill_level == 20);
        assert_eq!(settings.strength(), None);
        assert_eq!(settings.syzygy_path, "<empty>");
        assert_eq!(settings.probe, ProbeSettings::default());
    }

    #[test]
    fn string_values_keep_their_text_and_blank_means_empty() {
        assert_eq!(
            parse_setoption("syzygypath", Some("/a/b:/c d")).unwrap().1,
            OptionValue::Text("/a/b:/c d".to_string())
        );
        assert_eq!(parse_setoption("SyzygyPath", None).unwrap().1, OptionValue::Text("<empty>".to_string()));
        assert_eq!(parse_setoption("SyzygyPath", Some("  ")).unwrap().1, OptionValue::Text("<empty>".to_string()));
        assert!(matches!(parse_setoption("SyzygyProbeLimit", Some("8")), Err(OptionError::OutOfRange { .. })));
        let lines: Vec<String> = OPTIONS.iter().map(OptionSpec::uci_line).collect();
        assert!(lines.contains(&"option name SyzygyPath type string default <empty>".to_string()));
    }

    #[test]
    fn strength_follows_limit_strength_then_skill_level() {
        let mut settings = Settings { skill_level: 3, ..Settings::default() };
        assert_eq!(settings.strength().unwrap().elo, crate::search::strength::skill_elo(3));
        settings.limit_strength = true;
        settings.elo = 1800;
        assert_eq!(settings.strength().unwrap().elo, 1800);
    }

    #[test]
    fn the_readme_documents_every_option_with_its_type_default_and_range() {
        // The rows of the table under README.md's "### Options":
        // | `name` | type | default | range | what |
        let readme = include_str!("../../README.md");
        let section = readme.split("\n### Options\n").nth(1).expect("README.md has an Options section");
        let section = section.split("\n#").next().unwrap();
        let rows: Vec<Vec<&str>> = section
            .lines()
            .filter(|line| line.starts_with("| `"))
            .map(|line| line.split('|').map(str::trim).collect())
            .filter(|cells: &Vec<&str>| cells.len() == 7)
            .collect();
        for option in OPTIONS {
            let name = format!("`{}`", option.name);
            let row = rows.iter().find(|cells| cells[1] == name);
            let row = row.unwrap_or_else(|| panic!("README.md's option table has no row for {}", option.name));
            let (kind, default, range) = match option.kind {
                OptionKind::Spin { default, min, max } => ("spin", default.to_string(), format!("{min} to {max}")),
                OptionKind::Check { default } => ("check", default.to_string(), String::new()),
                OptionKind::Text { default } => ("string", default.to_string(), String::new()),
                OptionKind::Button => ("button", String::new(), String::new()),
                OptionKind::Combo { default, choices } => {
                    let each = choices.iter().map(|c| format!("`{c}`")).collect::<Vec<_>>().join(", ");
                    ("combo", default.to_string(), each)
                }
            };
            assert_eq!(row[2], kind, "{}", option.name);
            // A default may be written as code: `<internal>`.
            assert_eq!(row[3].trim_matches('`'), default, "{}", option.name);
            // A range may be followed by a gloss: "1 to 1048576 (1 TiB)".
            assert!(
                row[4] == range || row[4].starts_with(&format!("{range} (")),
                "{}: range '{}'",
                option.name,
                row[4]
            );
        }
        assert_eq!(rows.len(), OPTIONS.len(), "README.md lists an option the engine does not have");
    }
}
