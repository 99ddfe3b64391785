//! The search: iterative deepening over a principal-variation alpha-beta
//! search, a shared transposition table, Lazy SMP threads and time
//! management.
//!
//! - [`engine`]: the public face, `Engine`, which owns the table and the
//!   thread pool.
//! - [`thread`]: one search thread and its iterative-deepening loop.
//! - [`search`]: the alpha-beta and quiescence searches, step by step,
//!   written once over the games' traits (`crate::game::Game` and
//!   `crate::game::Searchable`, what the search asks beyond the rules).
//! - [`movepick`], [`history`]: move ordering.
//! - [`correction`]: what the static evaluation gets wrong, learnt.
//! - [`aspiration`]: the root's search windows.
//! - [`tt`]: the transposition table.
//! - [`time`]: how long to think.
//! - [`parameters`]: every tunable number.
//! - [`ablation`]: switching steps off to measure them (a build feature).
//! - [`strength`]: playing strength for people (`UCI_Elo`, `Skill Level`).
//! - [`limits`], [`report`], [`score`]: what goes in and comes out.

pub mod ablation;
pub mod aspiration;
pub mod correction;
pub mod engine;
pub mod history;
pub mod limits;
pub mod movepick;
pub mod parameters;
pub mod reductions;
pub mod report;
pub mod score;
#[allow(clippy::module_inception)]
pub mod search;
pub mod strength;
pub mod thread;
pub mod time;
pub mod tt;

pub use engine::Engine;
pub use limits::SearchLimits;
pub use report::{GameSearchResult, IterationInfo, Reporter, ResultReporter, SearchResult, SilentReporter};
pub use score::{Bound, Score};
pub use strength::StrengthLimit;
