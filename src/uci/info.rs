//! Search output as UCI text: `info` lines, `currmove`, `bestmove`, and the
//! reporter that writes them while a search runs.

use super::output::Output;
use crate::board::Position;
use crate::search::game::Game;
use crate::search::{Bound, IterationInfo, Reporter, Score};
use crate::types::Move;
use crate::variants::Action;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `info depth .. seldepth .. multipv .. score .. [wdl ..] nodes .. nps ..
/// hashfull .. tbhits .. time .. pv ..`.
pub fn iteration_line(info: &IterationInfo, chess960: bool, show_wdl: bool) -> String {
    let mut line = format!("info depth {} seldepth {} multipv {} score ", info.depth, info.seldepth, info.multipv);
    match info.score {
        Score::Cp(cp) => line.push_str(&format!("cp {cp}")),
        Score::Mate(moves) => line.push_str(&format!("mate {moves}")),
    }
    match info.bound {
        Bound::Exact => {}
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
    }
    if show_wdl {
        let (win, draw, loss) = info.wdl;
        line.push_str(&format!(" wdl {win} {draw} {loss}"));
    }
    line.push_str(&format!(
        " nodes {} nps {} hashfull {} tbhits {} time {}",
        info.nodes, info.nps, info.hashfull, info.tb_hits, info.time_ms
    ));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&m.to_uci(chess960));
        }
    }
    line
}

pub fn current_move_line(depth: u32, m: Move, number: usize, chess960: bool) -> String {
    format!("info depth {depth} currmove {} currmovenumber {number}", m.to_uci(chess960))
}

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)` without a move.
pub fn best_move_line(best: Move, ponder: Option<Move>, chess960: bool) -> String {
    if best.is_none() {
        return "bestmove (none)".to_string();
    }
    match ponder.filter(|m| m.is_some()) {
        Some(ponder) => format!("bestmove {} ponder {}", best.to_uci(chess960), ponder.to_uci(chess960)),
        None => format!("bestmove {}", best.to_uci(chess960)),
    }
}

/// The longest prefix of `pv` that is legal from `root`. The search
/// promises a legal line; this keeps a GUI safe should it ever break that.
pub fn legal_prefix(root: &Position, pv: &[Move]) -> usize {
    let mut position = *root;
    for (ply, &m) in pv.iter().enumerate() {
        if !position.legal_moves().contains(&m) {
            return ply;
        }
        position = position.make_move(m);
    }
    pv.len()
}

/// Writes one search's progress and result. The settings that shape the
/// text are fixed when the search starts, so that a `setoption` during the
/// search cannot change how its moves are written.
pub struct UciReporter {
    output: Arc<Output>,
    root: Position,
    chess960: bool,
    show_wdl: bool,
    /// Set as `bestmove` is written.
    finished: Arc<AtomicBool>,
}

impl UciReporter {
    pub fn new(
        output: Arc<Output>,
        root: Position,
        chess960: bool,
        show_wdl: bool,
        finished: Arc<AtomicBool>,
    ) -> UciReporter {
        UciReporter { output, root, chess960, show_wdl, finished }
    }
}

impl Reporter for UciReporter {
    fn iteration(&self, info: &IterationInfo) {
        let legal = legal_prefix(&self.root, &info.pv);
        if legal < info.pv.len() {
            let mut shortened = info.clone();
            shortened.pv.truncate(legal);
            self.output.line(&iteration_line(&shortened, self.chess960, self.show_wdl));
        } else {
            self.output.line(&iteration_line(info, self.chess960, self.show_wdl));
        }
    }

    fn current_move(&self, depth: u32, m: Move, number: usize) {
        self.output.line(&current_move_line(depth, m, number, self.chess960));
    }

    fn best_move(&self, best: Move, ponder: Option<Move>) {
        let legal_moves = self.root.legal_moves();
        let (best, ponder) = if best.is_none() || legal_moves.contains(&best) {
            (best, ponder)
        } else {
            // Never send an illegal move: it loses the game at once.
            self.output.error(&format!(
                "the search chose '{}', which is not legal; playing another move",
                best.to_uci(self.chess960)
            ));
            (legal_moves.first().copied().unwrap_or(Move::NONE), None)
        };
        let ponder = ponder.filter(|&p| best.is_some() && legal_prefix(&self.root, &[best, p]) == 2);
        // Marked before the line goes out: a GUI answers `bestmove` with its
        // next `go` at once, and that `go` must find the search finished.
        self.finished.store(true, Ordering::Release);
        self.output.line(&best_move_line(best, ponder, self.chess960));
    }
}

/// A move of a game other than chess, as UCI writes it.
pub trait UciMoveText: Copy {
    fn uci_text(self, chess960: bool) -> String;
}

impl UciMoveText for Action {
    fn uci_text(self, chess960: bool) -> String {
        self.to_uci(chess960)
    }
}

impl UciMoveText for crate::types::Move {
    fn uci_text(self, chess960: bool) -> String {
        self.to_uci(chess960)
    }
}

impl UciMoveText for crate::elven::ElvenMove {
    fn uci_text(self, _chess960: bool) -> String {
        self.to_string()
    }
}

/// The longest prefix of `pv` that is legal from `root`.
pub fn legal_game_prefix<G: Game>(root: &G, pv: &[G::Move]) -> usize {
    let mut position = *root;
    for (ply, &m) in pv.iter().enumerate() {
        if !position.legal_moves().contains(&m) {
            return ply;
        }
        position = position.make(m);
    }
    pv.len()
}

/// Writes the progress and result of a search of a game other than chess,
/// as `UciReporter` does for chess: the same `info` lines, the game's own
/// move text (drops `N@c2`, a warlock's double move `e4f5g6`).
pub struct GameUciReporter<G: Game> {
    output: Arc<Output>,
    root: G,
    chess960: bool,
    show_wdl: bool,
    finished: Arc<AtomicBool>,
}

impl<G: Game> GameUciReporter<G> {
    pub fn new(output: Arc<Output>, root: G, chess960: bool, show_wdl: bool, finished: Arc<AtomicBool>) -> Self {
        GameUciReporter { output, root, chess960, show_wdl, finished }
    }
}

impl<G: Game> Reporter<G::Move> for GameUciReporter<G>
where
    G::Move: UciMoveText,
{
    fn iteration(&self, info: &IterationInfo<G::Move>) {
        let mut line = iteration_line(&info.without_line(), self.chess960, self.show_wdl);
        let legal = legal_game_prefix(&self.root, &info.pv);
        if legal > 0 {
            line.push_str(" pv");
            for m in &info.pv[..legal] {
                line.push(' ');
                line.push_str(&m.uci_text(self.chess960));
            }
        }
        self.output.line(&line);
    }

    fn current_move(&self, depth: u32, m: G::Move, number: usize) {
        self.output.line(&format!("info depth {depth} currmove {} currmovenumber {number}", m.uci_text(self.chess960)));
    }

    fn best_move(&self, best: G::Move, ponder: Option<G::Move>) {
        let none = G::Move::default();
        let legal = self.root.legal_moves();
        let (best, ponder) = if best == none || legal.contains(&best) {
            (best, ponder)
        } else {
            self.output.error(&format!(
                "the search chose '{}', which is not legal; playing another move",
                best.uci_text(self.chess960)
            ));
            (legal.first().copied().unwrap_or(none), None)
        };
        let ponder = ponder.filter(|&p| best != none && legal_game_prefix(&self.root, &[best, p]) == 2);
        self.finished.store(true, Ordering::Release);
        let line = if best == none {
            "bestmove (none)".to_string()
        } else {
            let best_text = best.uci_text(self.chess960);
            match ponder {
                Some(p) => format!("bestmove {best_text} ponder {}", p.uci_text(self.chess960)),
                None => format!("bestmove {best_text}"),
            }
        };
        self.output.line(&line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uci::output::capture;

    fn info(score: Score, bound: Bound, pv: Vec<Move>) -> IterationInfo {
        IterationInfo {
            depth: 5,
            seldepth: 8,
            multipv: 1,
            score,
            bound,
            wdl: (300, 600, 100),
            nodes: 12345,
            nps: 1_000_000,
            hashfull: 7,
            tb_hits: 3,
            time_ms: 12,
            pv,
        }
    }

    fn mv(position: &Position, text: &str) -> Move {
        position.parse_uci_move(text, false).unwrap()
    }

    #[test]
    fn info_lines() {
        let start = Position::startpos();
        let pv = vec![mv(&start, "e2e4")];
        assert_eq!(
            iteration_line(&info(Score::Cp(31), Bound::Exact, pv.clone()), false, false),
            "info depth 5 seldepth 8 multipv 1 score cp 31 nodes 12345 nps 1000000 hashfull 7 tbhits 3 time 12 pv e2e4"
        );
        assert_eq!(
            iteration_line(&info(Score::Mate(-3), Bound::Lower, pv.clone()), false, true),
            "info depth 5 seldepth 8 multipv 1 score mate -3 lowerbound wdl 300 600 100 nodes 12345 nps 1000000 \
             hashfull 7 tbhits 3 time 12 pv e2e4"
        );
        assert!(iteration_line(&info(Score::Cp(0), Bound::Upper, vec![]), false, false)
            .ends_with("score cp 0 upperbound nodes 12345 nps 1000000 hashfull 7 tbhits 3 time 12"));
    }

    #[test]
    fn castling_follows_the_chess960_setting() {
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = mv(&position, "e1g1");
        assert_eq!(best_move_line(castle, None, false), "bestmove e1g1");
        assert_eq!(best_move_line(castle, None, true), "bestmove e1h1");
        assert_eq!(current_move_line(3, castle, 2, true), "info depth 3 currmove e1h1 currmovenumber 2");
    }

    #[test]
    fn best_move_lines() {
        let start = Position::startpos();
        let (e4, e5) = (mv(&start, "e2e4"), mv(&start.make_move(mv(&start, "e2e4")), "e7e5"));
        assert_eq!(best_move_line(e4, Some(e5), false), "bestmove e2e4 ponder e7e5");
        assert_eq!(best_move_line(Move::NONE, None, false), "bestmove (none)");
    }

    #[test]
    fn the_reporter_cuts_illegal_pv_tails_and_replaces_illegal_best_moves() {
        let start = Position::startpos();
        let e4 = mv(&start, "e2e4");
        let (output, captured) = capture::output();
        let finished = Arc::new(AtomicBool::new(false));
        let reporter = UciReporter::new(output, start, false, false, Arc::clone(&finished));
        reporter.iteration(&info(Score::Cp(10), Bound::Exact, vec![e4, e4]));
        assert!(!finished.load(Ordering::Acquire));
        // e2e4 twice: the second is illegal for Black, so no ponder move.
        reporter.best_move(e4, Some(e4));
        assert!(finished.load(Ordering::Acquire));
        let text = captured.text();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with("pv e2e4"), "{text}");
        assert_eq!(lines[1], "bestmove e2e4");

        let (output, captured) = capture::output();
        let reporter = UciReporter::new(output, start, false, false, Arc::new(AtomicBool::new(false)));
        let illegal = mv(&start.make_move(e4), "e7e5");
        reporter.best_move(illegal, None);
        let text = captured.text();
        assert!(text.contains("info string error:") && text.lines().last().unwrap().starts_with("bestmove "));
        let played = text.lines().last().unwrap().trim_start_matches("bestmove ");
        assert!(start.parse_uci_move(played, false).is_ok(), "{text}");
    }
}
