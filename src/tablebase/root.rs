//! The root moves of a position the tables cover, ranked so that the search
//! looks only at moves that keep the result and the game makes progress.
//!
//! Each move gets the DTZ of the position it leads to, counted from the
//! root, and a rank from it. Wins that the fifty-move rule cannot spoil all
//! rank alike, so that the search chooses among them (and finds mates); as
//! the counter rises, only moves that still zero it in time keep the top
//! rank, and once a position has repeated since the last zeroing move, the
//! shortest DTZ alone: the win is converted before the fiftieth move and is
//! not repeated away. Losses rank alike unless a fifty-move draw is in
//! sight, when the longest resistance ranks first. Without DTZ tables the
//! moves are ranked by WDL alone.

use super::probe::{dtz_before_zeroing, Wdl};
use super::Tablebases;
use crate::board::Position;
use crate::types::Move;

/// The rank of a win that the fifty-move rule cannot spoil.
const SURE_WIN: i32 = 1 << 18;

/// What the tables say of a root move, from the root's side; the search
/// puts it on its own scale of scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableOutcome {
    /// A win the fifty-move rule cannot spoil, `plies` from its zeroing
    /// move (1 where only WDL is known).
    Win { plies: i32 },
    /// A win (1) or loss (-1) the fifty-move rule spoils, or a draw (0).
    Near(i32),
    /// A loss the fifty-move rule cannot save, `plies` from its zeroing
    /// move (1 where only WDL is known).
    Loss { plies: i32 },
}

/// A root move with its rank (higher is better) and what the tables say
/// of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankedMove {
    pub mv: Move,
    pub rank: i32,
    pub outcome: TableOutcome,
}

/// The root moves the search should consider, all of the best rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootRanking {
    pub moves: Vec<RankedMove>,
    /// Ranked by DTZ (progress is assured), not WDL alone.
    pub by_dtz: bool,
    /// Table probes made.
    pub probes: u64,
}

/// Ranks `moves` of `position`, whose game so far has the Zobrist `keys`
/// (the root's last). With `rule50`, wins and losses that the fifty-move rule
/// spoils count as draws. None when the tables cannot tell.
pub fn rank_root_moves(
    tablebases: &Tablebases,
    position: &Position,
    moves: &[Move],
    keys: &[u64],
    rule50: bool,
) -> Option<RootRanking> {
    if moves.is_empty() || !tablebases.covers(position) {
        return None;
    }
    let ranked = by_dtz(tablebases, position, moves, keys, rule50)
        .map(|ranked| (ranked, true))
        .or_else(|| by_wdl(tablebases, position, moves, keys, rule50).map(|ranked| (ranked, false)))?;
    let (mut ranked, by_dtz) = ranked;
    let best = ranked.iter().map(|m| m.rank).max()?;
    ranked.retain(|m| m.rank == best);
    Some(RootRanking { moves: ranked, by_dtz, probes: moves.len() as u64 })
}

/// The child is a draw by rule: its third occurrence, or the fiftieth move
/// played without a capture or pawn move (unless it mates).
fn draw_by_rule(child: &Position, keys: &[u64]) -> bool {
    let reversible = (child.halfmove_clock() as usize).min(keys.len());
    let earlier = keys[keys.len() - reversible..].iter().filter(|&&k| k == child.key()).count();
    earlier >= 2 || (child.halfmove_clock() >= 100 && !(child.in_check() && child.count_legal_moves() == 0))
}

/// Whether a position has occurred twice since the last zeroing move.
fn repeated_since_zeroing(position: &Position, keys: &[u64]) -> bool {
    let reversible = (position.halfmove_clock() as usize + 1).min(keys.len());
    let recent = &keys[keys.len() - reversible..];
    recent.iter().enumerate().any(|(i, k)| recent[i + 1..].contains(k))
}

fn is_mate(child: &Position) -> bool {
    child.in_check() && child.count_legal_moves() == 0
}

fn by_dtz(
    tablebases: &Tablebases,
    position: &Position,
    moves: &[Move],
    keys: &[u64],
    rule50: bool,
) -> Option<Vec<RankedMove>> {
    let counter = position.halfmove_clock() as i32;
    let repeated = repeated_since_zeroing(position, keys);
    let spoil_bound = if rule50 { SURE_WIN - 100 } else { 1 };
    let mut ranked = Vec::with_capacity(moves.len());
    for &m in moves {
        let child = position.make_move(m);
        // Plies from the root to zeroing, positive when the root side wins.
        let mut dtz = if child.halfmove_clock() == 0 {
            dtz_before_zeroing(tablebases.probe_wdl(&child)?.negate())
        } else if draw_by_rule(&child, keys) {
            0
        } else {
            let dtz = -tablebases.probe_dtz(&child)?;
            dtz + dtz.signum()
        };
        if is_mate(&child) {
            dtz = 1;
        }
        let rank = if dtz > 0 {
            if dtz + counter <= 99 && !repeated {
                SURE_WIN
            } else {
                SURE_WIN - (dtz + counter)
            }
        } else if dtz < 0 {
            if -2 * dtz + counter < 100 {
                -SURE_WIN
            } else {
                -SURE_WIN + (-dtz + counter)
            }
        } else {
            0
        };
        let outcome = if rank >= spoil_bound {
            TableOutcome::Win { plies: dtz.abs() }
        } else if rank > -spoil_bound {
            TableOutcome::Near(rank.signum())
        } else {
            TableOutcome::Loss { plies: dtz.abs() }
        };
        ranked.push(RankedMove { mv: m, rank, outcome });
    }
    Some(ranked)
}

fn by_wdl(
    tablebases: &Tablebases,
    position: &Position,
    moves: &[Move],
    keys: &[u64],
    rule50: bool,
) -> Option<Vec<RankedMove>> {
    let mut ranked = Vec::with_capacity(moves.len());
    for &m in moves {
        let child = position.make_move(m);
        let mut wdl = if draw_by_rule(&child, keys) { Wdl::Draw } else { tablebases.probe_wdl(&child)?.negate() };
        if is_mate(&child) {
            wdl = Wdl::Win;
        }
        if !rule50 {
            wdl = match wdl {
                Wdl::CursedWin => Wdl::Win,
                Wdl::BlessedLoss => Wdl::Loss,
                other => other,
            };
        }
        let (rank, outcome) = match wdl {
            Wdl::Win => (SURE_WIN, TableOutcome::Win { plies: 1 }),
            Wdl::CursedWin => (SURE_WIN - 101, TableOutcome::Near(1)),
            Wdl::Draw => (0, TableOutcome::Near(0)),
            Wdl::BlessedLoss => (-SURE_WIN + 101, TableOutcome::Near(-1)),
            Wdl::Loss => (-SURE_WIN, TableOutcome::Loss { plies: 1 }),
        };
        ranked.push(RankedMove { mv: m, rank, outcome });
    }
    Some(ranked)
}
