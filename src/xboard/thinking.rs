//! The search as XBoard hears it: thinking output (`ply score time nodes
//! pv`) while `post` is on, and the best move handed to the command loop,
//! which plays it and writes `move ...` (so that the game and the GUI see
//! the engine's move in the same order as every other).

use super::command_loop::Event;
use super::notation::{xboard_line, XboardGame};
use crate::game::Game;
use crate::search::{IterationInfo, Reporter, Score};
use crate::session::MoveOf;
use crate::uci::info::legal_prefix;
use crate::uci::output::Output;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// What the command loop hears from a search when it ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchDone {
    /// Which search: a stopped one's move is not played.
    pub id: u64,
    /// The best move in Roque's text (None: no legal move).
    pub best: Option<String>,
    /// The move the search expects in reply, in Roque's text.
    pub ponder: Option<String>,
    /// The last score of the search's line, the searching side's view.
    pub score: Option<Score>,
}

/// How far a search has come, for `.`'s `stat01` and the last score.
#[derive(Debug)]
pub struct Progress {
    started: Instant,
    /// The root moves searched: the legal ones, or those `exclude` left.
    root_moves: usize,
    /// The deepest ply reported, and its line's first move (XBoard's text).
    reported: u32,
    best: Option<String>,
    /// The root move being searched (after a second of search): its ply,
    /// XBoard's text and its number among the root moves, from 1.
    current: Option<(u32, String, usize)>,
    score: Option<Score>,
}

impl Progress {
    /// A search of `legal` root moves, or of `searched` where it is not 0.
    pub fn new(legal: usize, searched: usize) -> Progress {
        let root_moves = if searched == 0 { legal } else { searched };
        Progress { started: Instant::now(), root_moves, reported: 0, best: None, current: None, score: None }
    }

    /// `stat01: time nodes ply moves-left moves-total move`: the time in
    /// centiseconds, the ply being searched, the root moves left to search
    /// at that ply. Before the search names its current move (it does
    /// after a second) that is the best line's first; None before any line.
    pub fn stat01(&self, nodes: u64) -> Option<String> {
        let ply = self.reported + 1;
        let (name, number) = match &self.current {
            Some((depth, text, number)) if *depth == ply => (text.clone(), *number),
            _ => (self.best.clone()?, 1),
        };
        let centiseconds = self.started.elapsed().as_millis() / 10;
        let left = self.root_moves.saturating_sub(number);
        Some(format!("stat01: {centiseconds} {nodes} {ply} {left} {} {name}", self.root_moves))
    }
}

/// XBoard's score: centipawns, and a mate in N moves as 100000 + N.
pub fn xboard_score(score: Score) -> i64 {
    const MATE: i64 = 100_000;
    match score {
        Score::Cp(cp) => cp.into(),
        Score::Mate(moves) if moves > 0 => MATE + i64::from(moves),
        Score::Mate(moves) => -MATE + i64::from(moves),
    }
}

/// The reporter of one search of a game `G`.
pub struct Thinking<G: XboardGame> {
    output: Arc<Output>,
    root: G::Position,
    chess960: bool,
    post: bool,
    id: u64,
    done: Mutex<Sender<Event>>,
    progress: Arc<Mutex<Progress>>,
}

impl<G: XboardGame> Thinking<G> {
    pub fn new(
        output: Arc<Output>,
        root: G::Position,
        chess960: bool,
        post: bool,
        id: u64,
        done: Sender<Event>,
        progress: Arc<Mutex<Progress>>,
    ) -> Self {
        Thinking { output, root, chess960, post, id, done: Mutex::new(done), progress }
    }

    fn progress(&self) -> std::sync::MutexGuard<'_, Progress> {
        self.progress.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl<G: XboardGame> Reporter<MoveOf<G>> for Thinking<G> {
    fn iteration(&self, info: &IterationInfo<MoveOf<G>>) {
        if info.multipv != 1 {
            return;
        }
        let legal = legal_prefix(&self.root, &info.pv);
        let pv = xboard_line::<G>(&self.root, &info.pv[..legal], self.chess960);
        {
            let mut progress = self.progress();
            progress.reported = info.depth;
            progress.best = pv.first().cloned();
            progress.score = Some(info.score);
        }
        if !self.post {
            return;
        }
        self.output.line(&format!(
            "{} {} {} {} {}",
            info.depth,
            xboard_score(info.score),
            info.time_ms / 10,
            info.nodes,
            pv.join(" ")
        ));
    }

    fn current_move(&self, depth: u32, m: MoveOf<G>, number: usize) {
        let text = G::xboard_move(&self.root, m, self.chess960);
        self.progress().current = Some((depth, text, number));
    }

    /// Never an illegal move: one the search should not have chosen is
    /// replaced by the first legal move.
    fn best_move(&self, best: MoveOf<G>, ponder: Option<MoveOf<G>>) {
        let legal = self.root.legal_moves();
        let none = MoveOf::<G>::default();
        let best = if best != none && legal.contains(&best) { Some(best) } else { legal.first().copied() };
        let ponder = ponder.filter(|&p| best.is_some_and(|b| legal_prefix(&self.root, &[b, p]) == 2));
        let done = SearchDone {
            id: self.id,
            best: best.map(|m| G::move_text(m, self.chess960)),
            ponder: ponder.map(|m| G::move_text(m, self.chess960)),
            score: self.progress().score,
        };
        // The loop has gone when the engine quits: nothing is left to play.
        let _ = self.done.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).send(Event::Search(done));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_follow_the_protocol() {
        assert_eq!(xboard_score(Score::Cp(-35)), -35);
        assert_eq!(xboard_score(Score::Mate(3)), 100_003);
        assert_eq!(xboard_score(Score::Mate(-2)), -100_002);
    }
}
