//! The result of a position from the tables: win/draw/loss (WDL) and the
//! distance to zeroing the fifty-move counter (DTZ).
//!
//! The tables do not store every position faithfully. Where the side to
//! move has a capture that wins (or, for DTZ, a capture or pawn move that
//! wins), the stored value is whatever compressed best; where it has a
//! capture that draws, the stored value may say lost; and positions with an
//! en-passant capture are stored as if it did not exist. So a probe first
//! plays the captures and probes what follows, then takes the better of that
//! and the stored value. Each capture removes a piece, so this recursion is
//! at most a few plies deep.

use super::table::{Kind, Stored};
use super::Tablebases;
use crate::board::Position;
use crate::types::{Move, MoveKind, PieceType};

/// A position's result with best play, from the side to move's view. The
/// cursed win and blessed loss are wins and losses that the fifty-move rule
/// turns into draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Wdl {
    Loss = -2,
    BlessedLoss = -1,
    Draw = 0,
    CursedWin = 1,
    Win = 2,
}

impl Wdl {
    pub fn from_value(value: i32) -> Option<Wdl> {
        Some(match value {
            -2 => Wdl::Loss,
            -1 => Wdl::BlessedLoss,
            0 => Wdl::Draw,
            1 => Wdl::CursedWin,
            2 => Wdl::Win,
            _ => return None,
        })
    }

    pub fn value(self) -> i32 {
        self as i32
    }

    /// The result for the other side.
    pub fn negate(self) -> Wdl {
        Wdl::from_value(-self.value()).expect("-2..=2 negated stays in range")
    }
}

/// What the capture search found.
#[derive(Clone, Copy, Debug)]
struct Resolved {
    wdl: Wdl,
    /// The best move zeroes the counter (or every move was searched), so
    /// the DTZ table holds nothing useful for this position.
    zeroing_is_best: bool,
}

/// The DTZ of a position whose best move zeroes the counter.
pub fn dtz_before_zeroing(wdl: Wdl) -> i32 {
    match wdl {
        Wdl::Win => 1,
        Wdl::CursedWin => 101,
        Wdl::Draw => 0,
        Wdl::BlessedLoss => -101,
        Wdl::Loss => -1,
    }
}

fn is_capture(position: &Position, m: Move) -> bool {
    m.kind() == MoveKind::EnPassant || (!m.is_castling() && position.piece_on(m.to()).is_some())
}

fn is_pawn_move(position: &Position, m: Move) -> bool {
    position.piece_on(m.from()).is_some_and(|p| p.kind() == PieceType::Pawn)
}

impl Tablebases {
    /// Whether the tables can answer for this position: no castling right,
    /// and few enough pieces for the largest table loaded.
    pub fn covers(&self, position: &Position) -> bool {
        position.castling_rights().is_empty() && position.occupied().count() <= self.max_pieces()
    }

    /// The position's WDL, or None where a table it needs is missing or
    /// damaged, or the position is not covered.
    pub fn probe_wdl(&self, position: &Position) -> Option<Wdl> {
        if !self.covers(position) {
            return None;
        }
        self.resolve(position, false).map(|r| r.wdl)
    }

    /// Plies to the next capture or pawn move with best play (positive for
    /// the side that wins), the way Syzygy counts it: 0 for a draw, 1 when
    /// the winning move zeroes the counter, values beyond 100 for wins and
    /// losses the fifty-move rule spoils. None where the WDL is unknown or
    /// a DTZ table is missing or damaged.
    pub fn probe_dtz(&self, position: &Position) -> Option<i32> {
        if !self.covers(position) {
            return None;
        }
        self.dtz(position)
    }

    fn dtz(&self, position: &Position) -> Option<i32> {
        let resolved = self.resolve(position, true)?;
        if resolved.wdl == Wdl::Draw {
            return Some(0);
        }
        if resolved.zeroing_is_best {
            return Some(dtz_before_zeroing(resolved.wdl));
        }
        match self.stored(Kind::Dtz, position)? {
            Stored::Value(raw) => {
                let table = self.table(Kind::Dtz, position)?;
                let plies = table.dtz_plies(position, raw, resolved.wdl.value())?;
                let spoiled = matches!(resolved.wdl, Wdl::CursedWin | Wdl::BlessedLoss);
                let magnitude = plies + if spoiled { 100 } else { 0 };
                Some(if resolved.wdl > Wdl::Draw { magnitude } else { -magnitude })
            }
            // The table holds the other side to move: the best reply's DTZ,
            // one ply further.
            Stored::OtherSide => self.dtz_by_one_ply(position, resolved.wdl),
        }
    }

    /// DTZ from the children: the smallest of the moves that keep the
    /// result (for a loss, the longest resistance comes out as the smallest
    /// negative number too, as DTZ counts toward zeroing).
    fn dtz_by_one_ply(&self, position: &Position, wdl: Wdl) -> Option<i32> {
        let winning = wdl > Wdl::Draw;
        let mut best: Option<i32> = None;
        for m in position.legal_moves() {
            let zeroing = is_capture(position, m) || is_pawn_move(position, m);
            let child = position.make_move(m);
            let mut dtz =
                if zeroing { -dtz_before_zeroing(self.resolve(&child, false)?.wdl) } else { -self.dtz(&child)? };
            // A mate is one ply from the end.
            if dtz == 1 && child.in_check() && child.count_legal_moves() == 0 {
                return Some(1);
            }
            if !zeroing {
                dtz += dtz.signum();
            }
            if dtz != 0 && (dtz > 0) == winning && best.is_none_or(|b| dtz < b) {
                best = Some(dtz);
            }
        }
        // No move at all: mated.
        Some(best.unwrap_or(-1))
    }

    /// The WDL of a position after trying its captures (and, with
    /// `zeroing_moves`, its pawn moves).
    fn resolve(&self, position: &Position, zeroing_moves: bool) -> Option<Resolved> {
        let moves = position.legal_moves();
        let mut best = Wdl::Loss;
        let mut searched = 0;
        for &m in moves.iter() {
            let zeroing = is_capture(position, m) || (zeroing_moves && is_pawn_move(position, m));
            if !zeroing {
                continue;
            }
            searched += 1;
            let value = self.resolve(&position.make_move(m), false)?.wdl.negate();
            if value > best {
                best = value;
                if value == Wdl::Win {
                    return Some(Resolved { wdl: Wdl::Win, zeroing_is_best: true });
                }
            }
        }
        // With every move searched the table is not needed (and could be
        // wrong: it knows nothing of en passant).
        let all_searched = searched > 0 && searched == moves.len();
        let stored = if all_searched { best } else { self.stored_wdl(position)? };
        if best >= stored {
            Some(Resolved { wdl: best, zeroing_is_best: best > Wdl::Draw || all_searched })
        } else {
            Some(Resolved { wdl: stored, zeroing_is_best: false })
        }
    }

    /// The WDL table's value for the position as it stands.
    fn stored_wdl(&self, position: &Position) -> Option<Wdl> {
        if position.occupied().count() == 2 {
            return Some(Wdl::Draw);
        }
        match self.stored(Kind::Wdl, position)? {
            Stored::Value(value) => Wdl::from_value(value - 2),
            Stored::OtherSide => None,
        }
    }

    fn stored(&self, kind: Kind, position: &Position) -> Option<Stored> {
        self.table(kind, position)?.lookup(position)
    }
}
