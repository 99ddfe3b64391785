//! The search as a whole, through the public `Engine` API: mates at the
//! right distance, draws, limits, pondering, MultiPV, threads.

use roque::board::{ChessRecord, Position};
use roque::search::{Bound, Engine, IterationInfo, Reporter, Score, SearchLimits};
use roque::types::Move;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn game(fen: &str) -> ChessRecord {
    ChessRecord::new(Position::from_fen(fen).unwrap())
}

fn search(fen: &str, limits: SearchLimits) -> roque::search::SearchResult {
    let mut engine = Engine::new();
    engine.search_sync(&game(fen), limits)
}

fn uci(m: Move) -> String {
    m.to_uci(false)
}

/// Keeps everything the search reports.
#[derive(Default)]
struct Recorder {
    lines: Mutex<Vec<IterationInfo>>,
    best: Mutex<Vec<(Move, Option<Move>)>>,
}

impl Reporter for Recorder {
    fn iteration(&self, info: &IterationInfo) {
        self.lines.lock().unwrap().push(info.clone());
    }
    fn current_move(&self, _depth: u32, _mv: Move, _number: usize) {}
    fn best_move(&self, best: Move, ponder: Option<Move>) {
        self.best.lock().unwrap().push((best, ponder));
    }
}

#[test]
fn mates_are_found_at_their_distance() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
        ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2, "g2g1"),
        ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3, "f6a6"),
        ("k7/8/8/4K3/8/8/8/1R6 w - - 0 1", 4, ""),
        ("7k/8/8/8/8/3K4/8/1Q6 w - - 0 1", 5, ""),
    ];
    for (fen, moves, expected) in cases {
        // Pruning hides quiet mating moves at low depth; these small
        // positions are searched deep enough to prove the shortest mate.
        let result = search(fen, SearchLimits::depth(18));
        assert_eq!(result.score, Score::Mate(moves), "{fen}");
        if !expected.is_empty() {
            assert_eq!(uci(result.best), expected, "{fen}");
        }
    }
}

#[test]
fn being_mated_is_reported_with_a_negative_distance() {
    // Black to move: Kb8, Rc2 (waiting), Ka8, Rc8 mate.
    let result = search("k7/8/1K6/8/8/8/8/2R5 b - - 0 1", SearchLimits::depth(14));
    assert_eq!(result.score, Score::Mate(-2));
}

#[test]
fn positions_without_moves() {
    let stalemate = search("5k2/5P2/5K2/8/8/8/8/8 b - - 0 1", SearchLimits::depth(5));
    assert_eq!((stalemate.best, stalemate.score), (Move::NONE, Score::Cp(0)));
    let mate = search("4R1k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", SearchLimits::depth(5));
    assert_eq!((mate.best, mate.score, mate.ponder), (Move::NONE, Score::Mate(0), None));
}

#[test]
fn stalemating_is_scored_as_a_draw() {
    // Qf2 would stalemate; any sensible queen move wins.
    let fen = "7k/8/8/8/8/4q3/8/7K b - - 0 1";
    let result = search(fen, SearchLimits::depth(8));
    assert_ne!(uci(result.best), "e3f2");
    assert!(matches!(result.score, Score::Cp(cp) if cp > 500) || matches!(result.score, Score::Mate(n) if n > 0));
}

#[test]
fn threefold_repetition_is_a_draw() {
    // Three queens up, White lets Black repeat the start position a third
    // time: Black takes the draw.
    let mut g = game("4k1n1/8/8/8/8/8/8/QQQ1K1N1 w - - 0 1");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_uci(m, false).unwrap();
    }
    let mut engine = Engine::new();
    let result = engine.search_sync(&g, SearchLimits::depth(8));
    assert_eq!((result.best.to_uci(false).as_str(), result.score), ("f6g8", Score::Cp(0)));
}

#[test]
fn perpetual_check_inside_the_search_is_a_draw() {
    // A rook down and facing mate, White checks forever from h5 and e8
    // (Black's king cannot leave the g8/h7/h8 corner).
    let fen = "7k/6p1/8/8/8/1r6/q4PPP/3Q2K1 w - - 0 1";
    let result = search(fen, SearchLimits::depth(9));
    assert_eq!(result.score, Score::Cp(0), "{:?}", result);
}

#[test]
fn fifty_move_rule() {
    // Every move makes the hundredth halfmove: a draw, whatever the material.
    let result = search("8/8/3k4/8/8/8/8/R3K3 w - - 99 80", SearchLimits::depth(6));
    assert_eq!(result.score, Score::Cp(0));
    // A mate given on the hundredth halfmove stands.
    let result = search("4k3/8/4K3/8/8/8/8/R7 w - - 99 80", SearchLimits::depth(6));
    assert_eq!(result.score, Score::Mate(1));
}

/// Every line a search of `game` to `limits` reports, and its best move.
fn reported(game: &ChessRecord, limits: SearchLimits) -> (Vec<IterationInfo>, Move) {
    let mut engine = Engine::new();
    let recorder = Arc::new(Recorder::default());
    engine.start(game, limits, recorder.clone());
    engine.wait();
    let lines = recorder.lines.lock().unwrap().clone();
    let best = recorder.best.lock().unwrap()[0].0;
    (lines, best)
}

#[test]
fn the_fifty_move_rule_is_seen_at_the_horizon() {
    // White's every move is the hundredth halfmove: the game is drawn
    // before Black replies, though the queen would win the knight two plies
    // later (Qd8+ Kh7 Qxb8). So at every depth, the first included, the
    // score is a draw and no line goes on past the first move.
    let g = game("1n5k/8/8/8/8/8/8/K2Q4 w - - 99 80");
    for depth in 1..=4 {
        let (lines, _) = reported(&g, SearchLimits::depth(depth));
        assert!(!lines.is_empty());
        for info in &lines {
            assert_eq!((info.score, info.pv.len()), (Score::Cp(0), 1), "depth {depth}: {info:?}");
        }
    }
    // Two halfmoves to go: from depth 2 on, Black's reply ends the game.
    let g = game("1n5k/8/8/8/8/8/8/K2Q4 w - - 98 80");
    for depth in 2..=4 {
        let (lines, _) = reported(&g, SearchLimits::depth(depth));
        let last = lines.last().unwrap();
        assert_eq!(last.score, Score::Cp(0), "depth {depth}: {last:?}");
        assert!(lines.iter().all(|info| info.pv.len() <= 2), "depth {depth}: {lines:?}");
    }
}

#[test]
fn a_repetition_is_seen_at_the_horizon() {
    // Three queens down, Black can bring the position back a third time
    // with Ng8: a draw, seen even by a search of depth 1, whose reply from
    // White lies beyond the horizon.
    let mut g = game("4k1n1/8/8/8/8/8/8/QQQ1K1N1 w - - 0 1");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        g.play_uci(m, false).unwrap();
    }
    for depth in 1..=3 {
        let (lines, best) = reported(&g, SearchLimits::depth(depth));
        assert_eq!(uci(best), "f6g8", "depth {depth}");
        let last = lines.last().unwrap();
        assert_eq!((last.score, last.pv.len()), (Score::Cp(0), 1), "depth {depth}: {last:?}");
    }
}

#[test]
fn depth_and_node_limits_are_obeyed() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let result = search(fen, SearchLimits::depth(7));
    assert_eq!(result.depth, 7);
    for limit in [1_000u64, 30_000] {
        let result = search(fen, SearchLimits::nodes(limit));
        assert!(result.nodes <= limit + 1, "{} > {limit}", result.nodes);
        assert!(result.nodes >= limit / 2);
        assert!(result.best.is_some());
    }
}

#[test]
fn movetime_is_obeyed() {
    let start = Instant::now();
    let result =
        search("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", SearchLimits::movetime(300));
    let elapsed = start.elapsed();
    assert!(elapsed >= Duration::from_millis(200) && elapsed <= Duration::from_millis(400), "{elapsed:?}");
    assert!(result.best.is_some());
}

#[test]
fn an_empty_clock_still_gives_a_legal_move_at_once() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let position = Position::from_fen(fen).unwrap();
    for (clock, increment) in [(0, 0), (-100, 0), (30, 0), (1000, 10)] {
        let limits =
            SearchLimits { wtime: Some(clock), btime: Some(clock), winc: Some(increment), ..Default::default() };
        let mut engine = Engine::new();
        let start = Instant::now();
        let result = engine.search_sync(&game(fen), limits);
        let elapsed = start.elapsed();
        assert!(position.is_legal(result.best), "{clock}");
        // Half the clock at most, with room for a loaded test machine.
        let allowed = Duration::from_millis((clock.max(0) as u64 / 2).max(40));
        assert!(elapsed < allowed, "{clock}+{increment}: {elapsed:?}");
    }
}

#[test]
fn infinite_and_ponder_wait_for_the_gui() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let mut engine = Engine::new();
    let recorder = Arc::new(Recorder::default());
    // Even a finished depth-2 search waits for stop under `infinite`.
    engine.start(&game(fen), SearchLimits { infinite: true, depth: Some(2), ..Default::default() }, recorder.clone());
    std::thread::sleep(Duration::from_millis(100));
    assert!(engine.is_searching());
    assert!(recorder.best.lock().unwrap().is_empty());
    engine.stop();
    engine.wait();
    assert_eq!(recorder.best.lock().unwrap().len(), 1);

    // Pondering: nothing before ponderhit; then the clock rules.
    let recorder = Arc::new(Recorder::default());
    let limits = SearchLimits { ponder: true, wtime: Some(1000), btime: Some(1000), ..Default::default() };
    engine.start(&game(fen), limits, recorder.clone());
    std::thread::sleep(Duration::from_millis(150));
    assert!(engine.is_searching());
    engine.ponderhit();
    let start = Instant::now();
    engine.wait();
    assert!(start.elapsed() < Duration::from_millis(500));
    let best = recorder.best.lock().unwrap();
    assert_eq!(best.len(), 1);
    assert!(Position::from_fen(fen).unwrap().is_legal(best[0].0));
}

#[test]
fn every_reported_pv_is_legal_and_multipv_lines_differ() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let mut engine = Engine::new();
    engine.set_multipv(3);
    let recorder = Arc::new(Recorder::default());
    engine.start(&game(fen), SearchLimits::depth(7), recorder.clone());
    engine.wait();
    let lines = recorder.lines.lock().unwrap();
    for info in lines.iter() {
        let mut position = Position::from_fen(fen).unwrap();
        for &m in &info.pv {
            assert!(position.is_legal(m), "illegal {m:?} in {:?}", info.pv);
            position = position.make_move(m);
        }
    }
    let last: Vec<_> = lines.iter().filter(|i| i.depth == 7 && i.bound == Bound::Exact).collect();
    assert_eq!(last.iter().map(|i| i.multipv).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(last[0].pv[0] != last[1].pv[0] && last[1].pv[0] != last[2].pv[0] && last[0].pv[0] != last[2].pv[0]);
}

#[test]
fn searchmoves_restricts_the_root() {
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    let position = Position::from_fen(fen).unwrap();
    let only = position.parse_uci_move("a2a3", false).unwrap();
    let result = search(fen, SearchLimits { depth: Some(5), searchmoves: vec![only], ..Default::default() });
    assert_eq!(result.best, only);
}

#[test]
fn the_last_line_reported_is_the_move_played() {
    // With several threads the move played comes from a vote, which may
    // choose another thread's line than the main thread reported last; that
    // line is then reported too, before the best move, as a GUI shows the
    // last line as the engine's choice.
    let mut engine = Engine::new();
    engine.set_threads(4).unwrap();
    for fen in roque::tools::bench::POSITIONS {
        for nodes in [20_000, 200_000] {
            let recorder = Arc::new(Recorder::default());
            engine.start(&game(fen), SearchLimits::nodes(nodes), recorder.clone());
            engine.wait();
            let lines = recorder.lines.lock().unwrap();
            let (best, ponder) = recorder.best.lock().unwrap()[0];
            let last = lines.last().unwrap();
            assert_eq!(last.pv[0], best, "{fen} nodes {nodes}: {last:?}");
            if let (Some(ponder), Some(&second)) = (ponder, last.pv.get(1)) {
                assert_eq!(second, ponder, "{fen} nodes {nodes}: {last:?}");
            }
        }
    }
}

/// `go depth N` on several threads plays the main thread's line, the one
/// that completed depth N: a helper stopped one iteration short would
/// report depth N - 1 (as Stockfish, the vote is for searches without a
/// depth limit).
#[test]
fn a_depth_limit_on_several_threads_answers_at_that_depth() {
    let mut engine = Engine::new();
    engine.set_threads(4).unwrap();
    for fen in roque::tools::bench::POSITIONS {
        for depth in [5, 7] {
            engine.new_game();
            let recorder = Arc::new(Recorder::default());
            engine.start(&game(fen), SearchLimits::depth(depth), recorder.clone());
            engine.wait();
            let lines = recorder.lines.lock().unwrap();
            let last = lines.last().unwrap();
            assert_eq!(last.depth, depth, "{fen}: {last:?}");
            assert_eq!(recorder.best.lock().unwrap()[0].0, last.pv[0], "{fen}: {last:?}");
        }
    }
}

/// With several threads the limit is every thread's nodes together, read
/// every 256 nodes by each: a search stops a little past it, never far.
#[test]
fn a_node_limit_on_several_threads_stops_close_to_it() {
    let mut engine = Engine::new();
    engine.set_threads(2).unwrap();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    for limit in [1u64, 5_000, 60_000] {
        engine.new_game();
        let result = engine.search_sync(&game(fen), SearchLimits::nodes(limit));
        assert!(result.nodes >= limit, "{} < {limit}", result.nodes);
        assert!(result.nodes <= limit + 1024, "{} is far past {limit}", result.nodes);
        assert!(result.best.is_some());
    }
}

#[test]
fn several_threads_find_the_mate_and_reuse_the_pool() {
    let mut engine = Engine::new();
    engine.set_threads(3).unwrap();
    for _ in 0..3 {
        let result = engine.search_sync(&game("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1"), SearchLimits::depth(8));
        assert_eq!(result.score, Score::Mate(3));
    }
    let result = engine.search_sync(&ChessRecord::new(Position::startpos()), SearchLimits::nodes(200_000));
    assert!(Position::startpos().is_legal(result.best));
    engine.set_hash_mb(4).unwrap();
    assert!(engine.set_hash_mb(usize::MAX / 4).is_err());
    engine.new_game();
    let result = engine.search_sync(&ChessRecord::new(Position::startpos()), SearchLimits::depth(6));
    assert_eq!(result.depth, 6);
}

/// One engine plays a game of a larger board (Elven Chess, whose histories
/// are sized for it and swapped in for its search) between chess searches,
/// and back: each search finds the histories of its own game. (When the
/// swap back made new Elven histories and left them to chess, the next
/// chess search indexed past their end: its thread died and the engine
/// waited for it for ever.)
#[test]
fn a_larger_game_between_chess_searches_leaves_chess_its_histories() {
    use roque::elven::ElvenPosition;
    let chess = game("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let elven = ElvenPosition::startpos();
    let mut engine = Engine::new();
    for _ in 0..3 {
        let best = engine.search_sync(&chess, SearchLimits::depth(6)).best;
        assert!(chess.position().legal_moves().contains(&best));
        let best = engine.search_game_sync(elven, &[elven.key()], SearchLimits::depth(3), ()).best;
        assert!(elven.legal_moves().contains(&best));
    }
}
