//! The variant search on many positions of every variant: a legal move
//! always, and a node limit kept (the first iteration, which must finish,
//! stays small even where captures, checks and placements chain), on one
//! search thread and on several (Lazy SMP on the engine's own threads).

mod variants_support;

use roque::search::{Engine, SearchLimits};
use roque::search::{Reporter, ResultReporter};
use roque::session::VariantSearch;
use roque::variants::{Variant, VariantPosition, VariantRecord};
use std::sync::Arc;
use std::time::{Duration, Instant};
use variants_support::random_positions;

#[test]
fn node_limited_searches_stay_within_bounds_and_play_legal_moves() {
    node_limited_searches(1);
}

#[test]
fn node_limited_searches_on_three_threads_stay_within_bounds_and_play_legal_moves() {
    node_limited_searches(3);
}

fn node_limited_searches(threads: usize) {
    let mut engine = Engine::new();
    engine.set_threads(threads).unwrap();
    let variants = Variant::ALL.into_iter().filter(|&v| v != Variant::Chess);
    for (i, variant) in variants.enumerate() {
        let start = VariantPosition::startpos(variant);
        let positions = random_positions(&start, 12, 120, 71 + i as u64);
        for position in positions.iter().step_by(7).filter(|p| !p.legal_actions().is_empty()) {
            let result = engine.search_variant_sync(&VariantRecord::new(*position), SearchLimits::nodes(1000), None);
            assert!(position.legal_actions().contains(&result.best), "{variant}: {}", position.fen());
            assert!(
                result.nodes <= 20_000,
                "{variant}: {} nodes for a 1000-node search in {}",
                result.nodes,
                position.fen()
            );
        }
    }
}

/// As in chess, a node limit never cuts the first iteration short, even
/// one node, and with several threads a helper that spends the budget
/// first does not either: the move played comes from a searched line.
#[test]
fn a_node_limit_leaves_a_completed_first_iteration() {
    let mut engine = Engine::new();
    let game = variants_support::play(VariantPosition::startpos(Variant::Ghost), &["e2e4", "e7e5"]);
    for threads in [1, 2] {
        engine.set_threads(threads).unwrap();
        for limit in [1, 2000] {
            for _ in 0..8 {
                engine.new_game();
                let result = engine.search_variant_sync(&game, SearchLimits::nodes(limit), None);
                assert!(result.depth >= 1, "threads {threads}, {limit} nodes: no iteration completed");
                assert!(result.nodes <= limit + 2048, "threads {threads}: {} nodes for {limit}", result.nodes);
            }
        }
    }
}

#[test]
fn every_thread_searches_a_variant_and_all_of_them_count() {
    // Three threads to depth 6: every helper searched and published its
    // nodes, and the reported total counts them beside the main thread's.
    // (Comparing with one thread's total is no test: the shared table can
    // make three threads reach the depth with fewer nodes in all.)
    let game = VariantRecord::new(VariantPosition::startpos(Variant::Marseillais));
    let mut engine = Engine::new();
    engine.set_threads(3).unwrap();
    let three = engine.search_variant_sync(&game, SearchLimits::depth(6), None);
    assert!(game.position().legal_actions().contains(&three.best));
    assert_eq!(three.depth, 6);
    let threads = engine.thread_nodes();
    assert_eq!(threads.len(), 3);
    assert!(threads.iter().all(|&n| n > 0), "{threads:?}");
    // The main thread stops after its last report; the helpers went on
    // until it stopped them.
    assert!(three.nodes > threads[0], "reported {} nodes, the main thread {}", three.nodes, threads[0]);
    assert!(three.nodes <= threads.iter().sum::<u64>(), "reported {} nodes, threads {threads:?}", three.nodes);
}

#[test]
fn an_infinite_variant_search_on_several_threads_ends_on_stop() {
    let mut engine = Engine::new();
    engine.set_threads(2).unwrap();
    for variant in [Variant::Progressive, Variant::Returning, Variant::Mined] {
        let game = VariantRecord::new(VariantPosition::startpos(variant));
        let reporter = Arc::new(ResultReporter::default());
        let limits = SearchLimits { infinite: true, ..SearchLimits::default() };
        engine.start_variant(
            &game,
            limits,
            &[],
            Arc::clone(&reporter) as Arc<dyn Reporter<roque::variants::Action>>,
            None,
        );
        std::thread::sleep(Duration::from_millis(100));
        assert!(engine.is_searching(), "{variant}: an infinite search waits for stop");
        let stopped = Instant::now();
        engine.stop();
        engine.wait();
        assert!(stopped.elapsed() < Duration::from_secs(2), "{variant}: stopped in {:?}", stopped.elapsed());
        let result = reporter.result.lock().unwrap().take().expect("the move is reported");
        assert!(game.position().legal_actions().contains(&result.best), "{variant}");
    }
}

/// The chess position with the same men and side to move (no castling, no
/// en passant), where chess's rules allow one.
fn as_chess(position: &VariantPosition) -> Option<roque::board::Position> {
    use roque::types::Square;
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match position.piece_on(Square::from_index(rank * 8 + file).unwrap()) {
                Some(piece) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = if position.side_to_move() == roque::types::Color::White { "w" } else { "b" };
    roque::board::Position::from_fen(&format!("{fen} {side} - - 0 1")).ok()
}

#[test]
fn the_exchange_is_chess_where_captured_men_leave_the_board_and_unjudged_elsewhere() {
    use roque::game::Game;
    use roque::types::MoveKind;
    let thresholds = [-500, -200, -1, 0, 1, 100, 250];
    // Van Dien's placement may put pawns on the first rank, where chess
    // has none: its games start here from an army placed.
    let placed = "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN[] w - - 0 1";
    let starts = [
        (Variant::Placement, VariantPosition::startpos(Variant::Placement)),
        (Variant::VanDien, VariantPosition::from_fen(Variant::VanDien, placed).unwrap()),
    ];
    for (variant, start) in starts {
        let mut compared = 0;
        let mut losing = 0;
        let mut kinds = [0; 4];
        for position in random_positions(&start, 40, 90, 17) {
            let Some(chess) = as_chess(&position) else { continue };
            if !Game::plain_turn(&position) {
                continue;
            }
            for action in position.legal_actions() {
                let m = action.as_move();
                // (The chess position has no castling rights or en-passant
                // square to give those moves.)
                if action.is_placement() || matches!(m.kind(), MoveKind::Castling | MoveKind::EnPassant) {
                    continue;
                }
                kinds[m.kind() as usize] += 1;
                let chess_move = chess.parse_uci_move(&format!("{m:?}"), false).unwrap();
                for threshold in thresholds {
                    let expected = chess.see_ge(chess_move, threshold);
                    assert_eq!(
                        Game::see_ge(&position, action, threshold),
                        expected,
                        "{variant:?} {} {m:?} {threshold}",
                        position.fen()
                    );
                    compared += 1;
                    losing += usize::from(!expected && threshold <= 0);
                }
            }
        }
        assert!(compared > 5_000 && losing > 200, "{variant:?}: {compared} judged, {losing} losing");
        // Normal moves and promotions were judged.
        assert!(kinds[0] > 1_000 && kinds[1] > 0, "{variant:?}: {kinds:?}");
    }
    // Where a captured man comes back, reinforces, haunts, or may explode,
    // or a turn has several moves, the exchange is not chess's: nothing is
    // judged losing.
    for variant in
        [Variant::Reinforced, Variant::Returning, Variant::Ghost, Variant::Mined, Variant::Marseillais, Variant::Camps]
    {
        let mut tried = 0;
        for position in random_positions(&VariantPosition::startpos(variant), 20, 60, 5) {
            for action in position.legal_actions() {
                assert!(Game::see_ge(&position, action, 10_000), "{variant:?} {} {action:?}", position.fen());
                tried += 1;
            }
        }
        assert!(tried > 1_000, "{variant:?}: {tried}");
    }
}

/// The search judges the men on the board by the network where it applies,
/// bringing one accumulator from position to position by the men that came
/// and went (placed, taken, come back as ghosts): along random games of
/// every variant, in the order a search might meet them, its evaluation is
/// the one computed from nothing; without a network, the hand-set one.
#[test]
fn the_search_evaluates_every_variant_as_computed_from_nothing() {
    use roque::eval::MAX_EVALUATION;
    use roque::nnue::AccumulatorCache;
    use roque::variants::eval::evaluate;
    use roque::variants::search::evaluate_cached;
    let network = roque::nnue::embedded();
    let (mut with_network, mut hand_set) = (AccumulatorCache::default(), AccumulatorCache::default());
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        let start = VariantPosition::startpos(variant);
        for position in random_positions(&start, 4, 60, 91) {
            let clamped = |value: i32| value.clamp(-MAX_EVALUATION, MAX_EVALUATION);
            assert_eq!(
                evaluate_cached(&position, Some(&network), &mut with_network),
                clamped(evaluate(&position, Some(&network))),
                "{}",
                position.fen()
            );
            assert_eq!(
                evaluate_cached(&position, None, &mut hand_set),
                clamped(evaluate(&position, None)),
                "{}",
                position.fen()
            );
        }
    }
}
