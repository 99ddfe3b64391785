//! The engine's settings XBoard changes: `memory` (the table), `cores`
//! (threads), `egtpath syzygy` (endgame tables) and `option NAME=VALUE` for
//! the options of UCI's table that XBoard has no command for. A running
//! search is abandoned first (the engine's move or analysis then starts
//! again with the new setting).

use super::features::xboard_options;
use super::session::State;
use crate::nnue::NetworkGame;
use crate::tablebase::Tablebases;
use crate::uci::options::{OptionId, OptionKind, OptionValue};
use std::sync::Arc;

impl State {
    /// `memory MB`: the transposition table's size.
    pub(super) fn set_memory(&mut self, mb: u64, line: &str) {
        self.abandon();
        match self.engine.set_hash_mb(mb.max(1) as usize) {
            Ok(()) => self.settings.hash_mb = mb.max(1) as usize,
            Err(reason) => self.error(&format!("{reason}; the table keeps {} MiB", self.settings.hash_mb), line),
        }
    }

    /// `cores N`: the search threads.
    pub(super) fn set_cores(&mut self, cores: u64, line: &str) {
        self.abandon();
        match self.engine.set_threads(cores.max(1) as usize) {
            Ok(()) => self.settings.threads = cores.max(1) as usize,
            Err(reason) => self.error(&format!("{reason}; the engine keeps {} threads", self.settings.threads), line),
        }
    }

    /// `egtpath syzygy PATH`: the Syzygy tables, read now; other kinds of
    /// tables are refused. A path without tables changes nothing, silently:
    /// XBoard sends its default path (`/EGT/Syzygy`) whether it exists or
    /// not.
    pub(super) fn set_egt_path(&mut self, kind: &str, path: String, line: &str) {
        if kind != "syzygy" {
            return self.error(&format!("only syzygy tables are read, not {kind}"), line);
        }
        self.abandon();
        let loaded = Tablebases::load(&path);
        if loaded.tablebases.is_empty() {
            return;
        }
        self.engine.set_tablebases(Some(Arc::new(loaded.tablebases)));
        self.settings.syzygy_path = path;
    }

    /// `option NAME=VALUE`; a check box's value is 0 or 1, as XBoard sends it.
    pub(super) fn set_option(&mut self, name: &str, value: Option<&str>, line: &str) {
        let Some(spec) = xboard_options().find(|option| option.name.eq_ignore_ascii_case(name)) else {
            return self.error(&format!("no option is named '{}'", crate::types::excerpt(name)), line);
        };
        let value = match (spec.kind, value) {
            (OptionKind::Check { .. }, Some("1")) => Some("true"),
            (OptionKind::Check { .. }, Some("0")) => Some("false"),
            (_, value) => value,
        };
        let parsed = match spec.parse_value(value) {
            Ok(parsed) => parsed,
            Err(error) => return self.error(&error.to_string().replace("setoption: ", ""), line),
        };
        if matches!(spec.id, OptionId::ClearHash | OptionId::EvalFile(_) | OptionId::UseNnue) {
            self.abandon();
        }
        let settings = &mut self.settings;
        match (spec.id, parsed) {
            (OptionId::ClearHash, _) => self.engine.clear_hash(),
            (OptionId::MoveOverhead, OptionValue::Spin(ms)) => {
                self.engine.set_move_overhead(ms as u64);
                settings.move_overhead_ms = ms as u64;
            }
            (OptionId::UseNnue, OptionValue::Check(on)) => {
                self.engine.set_use_network(on);
                settings.use_nnue = on;
            }
            (OptionId::EvalFile(game), OptionValue::Text(path)) => self.set_eval_file(game, path, line),
            (OptionId::LimitStrength, OptionValue::Check(on)) => settings.limit_strength = on,
            (OptionId::Elo, OptionValue::Spin(elo)) => settings.elo = elo as i32,
            (OptionId::SkillLevel, OptionValue::Spin(level)) => settings.skill_level = level as i32,
            (OptionId::SyzygyProbeDepth, OptionValue::Spin(depth)) => settings.probe.probe_depth = depth as i32,
            (OptionId::Syzygy50MoveRule, OptionValue::Check(on)) => settings.probe.rule50 = on,
            (OptionId::SyzygyProbeLimit, OptionValue::Spin(pieces)) => settings.probe.probe_limit = pieces as u32,
            (id, value) => unreachable!("{id:?} is not offered to XBoard, or not with {value:?}"),
        }
    }

    /// `game`'s network a file holds (`<internal>`: the built-in one); a
    /// file that cannot be used leaves the network as it was.
    fn set_eval_file(&mut self, game: NetworkGame, path: String, line: &str) {
        match crate::nnue::load_eval_file(game, path) {
            Ok((network, name)) => {
                self.engine.set_network(game, network);
                self.settings.eval_files[game.index()] = name;
            }
            Err(reason) => {
                self.error(&format!("{reason}; the network stays {}", self.settings.eval_files[game.index()]), line)
            }
        }
    }
}
