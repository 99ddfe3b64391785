//! Search output as UCI text: `info` lines, `currmove`, `bestmove`, and the
//! reporter that writes them while a search runs.

use super::output::Output;
use crate::board::Position;
use crate::game::Game;
use crate::search::{Bound, IterationInfo, Reporter, Score};
use crate::types::Move;
use crate::variants::Action;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// `info depth .. seldepth .. multipv .. score .. [wdl ..] nodes .. nps ..
/// hashfull .. tbhits .. time .. pv ..`.
pub fn iteration_line<M: UciMoveText>(info: &IterationInfo<M>, chess960: bool, show_wdl: bool) -> String {
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
            line.push_str(&m.uci_text(chess960));
        }
    }
    line
}

/// A move of any game, as UCI writes it.
pub trait UciMoveText: Copy {
    fn uci_text(self, chess960: bool) -> String;
}

impl UciMoveText for Action {
    fn uci_text(self, chess960: bool) -> String {
        self.to_uci(chess960)
    }
}

impl UciMoveText for Move {
    fn uci_text(self, chess960: bool) -> String {
        self.to_uci(chess960)
    }
}

impl UciMoveText for crate::elven::ElvenMove {
    fn uci_text(self, _chess960: bool) -> String {
        self.to_string()
    }
}

/// The longest prefix of `pv` that is legal from `root`. The search
/// promises a legal line; this keeps a GUI safe should it ever break that.
pub fn legal_prefix<G: Game>(root: &G, pv: &[G::Move]) -> usize {
    let mut position = *root;
    for (ply, &m) in pv.iter().enumerate() {
        if !position.legal_moves().contains(&m) {
            return ply;
        }
        position = position.make(m);
    }
    pv.len()
}

/// Writes one search's progress and result, of chess or any other game
/// (its own move text: drops `N@c2`, a warlock's double move `e4f5g6`).
/// The settings that shape the text are fixed when the search starts, so
/// that a `setoption` during the search cannot change how its moves are
/// written.
pub struct UciReporter<G: Game = Position> {
    output: Arc<Output>,
    root: G,
    chess960: bool,
    show_wdl: bool,
    /// Set as `bestmove` is written.
    finished: Arc<AtomicBool>,
}

impl<G: Game> UciReporter<G> {
    pub fn new(output: Arc<Output>, root: G, chess960: bool, show_wdl: bool, finished: Arc<AtomicBool>) -> Self {
        UciReporter { output, root, chess960, show_wdl, finished }
    }
}

impl<G: Game> Reporter<G::Move> for UciReporter<G>
where
    G::Move: UciMoveText,
{
    fn iteration(&self, info: &IterationInfo<G::Move>) {
        let legal = legal_prefix(&self.root, &info.pv);
        if legal < info.pv.len() {
            let mut shortened = info.clone();
            shortened.pv.truncate(legal);
            self.output.line(&iteration_line(&shortened, self.chess960, self.show_wdl));
        } else {
            self.output.line(&iteration_line(info, self.chess960, self.show_wdl));
        }
    }

    fn current_move(&self, depth: u32, m: G::Move, number: usize) {
        self.output.line(&format!("info depth {depth} currmove {} currmovenumber {number}", m.uci_text(self.chess960)));
    }

    /// `bestmove <move> [ponder <move>]`, or `bestmove (none)` without a
    /// move.
    fn best_move(&self, best: G::Move, ponder: Option<G::Move>) {
        let none = G::Move::default();
        let legal = self.root.legal_moves();
        let (best, ponder) = if best == none || legal.contains(&best) {
            (best, ponder)
        } else {
            // Never send an illegal move: it loses the game at once.
            self.output.error(&format!(
                "the search chose '{}', which is not legal; playing another move",
                best.uci_text(self.chess960)
            ));
            (legal.first().copied().unwrap_or(none), None)
        };
        let ponder = ponder.filter(|&p| best != none && legal_prefix(&self.root, &[best, p]) == 2);
        let line = match (best == none, ponder) {
            (true, _) => "bestmove (none)".to_string(),
            (false, Some(p)) => {
                format!("bestmove {} ponder {}", best.uci_text(self.chess960), p.uci_text(self.chess960))
            }
            (false, None) => format!("bestmove {}", best.uci_text(self.chess960)),
        };
        // Marked before the line goes out: a GUI answers `bestmove` with its
        // next `go` at once, and that `go` must find the search finished.
        self.finished.store(true, Ordering::Release);
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

    /// What a chess reporter from `root` writes for `best` and `ponder`,
    /// after `current` (a root move at depth 3, the second).
    fn reported(root: Position, chess960: bool, current: Move, best: Move, ponder: Option<Move>) -> String {
        let (output, captured) = capture::output();
        let reporter = UciReporter::new(output, root, chess960, false, Arc::new(AtomicBool::new(false)));
        reporter.current_move(3, current, 2);
        reporter.best_move(best, ponder);
        captured.text()
    }

    #[test]
    fn castling_follows_the_chess960_setting() {
        let position = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let castle = mv(&position, "e1g1");
        assert_eq!(
            reported(position, false, castle, castle, None),
            "info depth 3 currmove e1g1 currmovenumber 2\nbestmove e1g1\n"
        );
        assert_eq!(
            reported(position, true, castle, castle, None),
            "info depth 3 currmove e1h1 currmovenumber 2\nbestmove e1h1\n"
        );
    }

    #[test]
    fn best_move_lines() {
        let start = Position::startpos();
        let (e4, e5) = (mv(&start, "e2e4"), mv(&start.make_move(mv(&start, "e2e4")), "e7e5"));
        assert!(reported(start, false, e4, e4, Some(e5)).ends_with("\nbestmove e2e4 ponder e7e5\n"));
        let mated = Position::from_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert!(reported(mated, false, e4, Move::NONE, None).ends_with("\nbestmove (none)\n"));
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
