//! The variants through the UCI loop: the `UCI_Variant` option, the commands
//! in every variant, bad input, and complete games of the engine against
//! itself, every move checked by the rules.

mod uci_support;
mod variants_support;

use roque::uci::options::VARIANT_CHOICES;
use roque::variants::{Variant, VariantPosition, VariantRecord};
use uci_support::{best_move, Engine};
use variants_support::Random;

/// Every variant listed, once (`losing` is a second name of `losers`).
fn variants() -> Vec<Variant> {
    let mut variants: Vec<Variant> = Vec::new();
    // Elven Chess, on its 10x10 board, has tests of its own (elven_uci.rs).
    let names = VARIANT_CHOICES.iter().filter(|&&name| name != roque::elven::UCI_NAME);
    for variant in names.map(|name| Variant::from_name(name).unwrap()) {
        if variant != Variant::Chess && !variants.contains(&variant) {
            variants.push(variant);
        }
    }
    variants
}

fn engine_in(variant: Variant) -> Engine {
    let mut engine = Engine::ready();
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine
}

#[test]
fn the_option_lists_every_variant() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.wait_for("uciok");
    let line = lines.iter().find(|l| l.starts_with("option name UCI_Variant ")).expect("UCI_Variant is announced");
    assert!(line.starts_with("option name UCI_Variant type combo default chess var chess"), "{line}");
    for name in VARIANT_CHOICES {
        assert!(line.contains(&format!(" var {name}")), "{line}");
    }
    engine.send("setoption name UCI_Variant value kriegspiel");
    let lines = engine.sync();
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: setoption: UCI_Variant value 'kriegspiel' is not one of")));
}

#[test]
fn every_command_works_in_every_variant() {
    for variant in variants() {
        let mut engine = engine_in(variant);
        engine.send("ucinewgame");
        engine.send("position startpos");
        let start = VariantPosition::startpos(variant);
        assert_eq!(engine.fen(), start.fen(), "{variant}");
        engine.send("d");
        let lines = engine.lines_until(|l| l.starts_with("Checkers:"), uci_support::TIMEOUT);
        assert!(lines.contains(&format!("Variant: {variant}")), "{variant}: {lines:?}");
        engine.send("eval");
        let lines = engine.lines_until(|l| l.starts_with("Final evaluation:"), uci_support::TIMEOUT);
        assert!(lines.iter().any(|l| l.contains("Material")), "{variant}");
        engine.send("go perft 2");
        let lines = engine.lines_until(|l| l.starts_with("Nodes searched:"), uci_support::TIMEOUT);
        let total: u64 = lines.last().unwrap().trim_start_matches("Nodes searched: ").parse().unwrap();
        assert_eq!(total, roque::game::perft::game_perft(&start, 2), "{variant}");
        assert_eq!(
            lines.iter().filter(|l| l.contains(": ") && !l.starts_with("Nodes")).count(),
            start.legal_actions().len()
        );
        let lines = engine.search("go depth 3");
        let best = best_move(&lines);
        assert!(start.parse_action(&best, false).is_ok(), "{variant}: {best}");
        assert!(lines.iter().any(|l| l.starts_with("info depth 3 ") && l.contains(" pv ")), "{variant}: {lines:?}");
        engine.send("quit");
    }
}

#[test]
fn stop_ends_an_infinite_search_with_a_legal_move_in_every_variant() {
    for variant in variants() {
        let mut engine = engine_in(variant);
        engine.send("position startpos");
        engine.send("go infinite");
        std::thread::sleep(std::time::Duration::from_millis(100));
        engine.send("stop");
        let lines = engine.lines_until(|l| l.starts_with("bestmove"), uci_support::TIMEOUT);
        let best = best_move(&lines);
        assert!(VariantPosition::startpos(variant).parse_action(&best, false).is_ok(), "{variant}: {best}");
    }
}

#[test]
fn bad_variant_input_is_reported_and_changes_nothing() {
    let mut engine = engine_in(Variant::Losers);
    engine.send("position startpos moves e2e4 d7d5");
    let before = engine.fen();
    for (command, expected) in [
        (
            "position startpos moves e2e4 d7d5 e4e5",
            "move 3 of the list: 'e4e5' is not a legal move in this position: a capture is compulsory",
        ),
        (
            "position startpos moves N@c3",
            "'N@c3' is not a legal move in this position: the side to move has no knight in hand",
        ),
        ("position startpos moves e2e4 X@c3", "'X@c3' is not a move in UCI notation"),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
            "bad losers FEN '4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1': losers has no pieces in hand",
        ),
    ] {
        engine.send(command);
        let lines = engine.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error:") && l.contains(expected)),
            "{command}: {lines:?}"
        );
        assert_eq!(engine.fen(), before, "{command}");
    }
    // A bad searchmoves entry is named, and every legal move searched: the
    // GUI still gets its bestmove.
    let lines = engine.search("go depth 2 searchmoves e4e5");
    assert!(lines.iter().any(|l| l.contains("go: searchmoves move 1:") && l.contains("searching every legal move")));
    assert!(uci_support::best_move(&lines).len() >= 4, "{lines:?}");

    let mut engine = engine_in(Variant::VanDien);
    engine.send("position startpos moves K@g1 k@g8");
    let before = engine.fen();
    for (command, expected) in [
        (
            "position startpos moves K@g1 k@g8 N@c3",
            "'N@c3' is not a legal move in this position: a knight may not be placed on c3 now",
        ),
        ("position startpos moves K@g1 k@g8 K@e1", "the side to move has no king in hand"),
        ("position startpos moves K@g1 k@g8 g1g2", "places its pieces first"),
        (
            "position startpos moves Q@d1 k@d8",
            "'k@d8' is not a legal move in this position: the king would be left in check",
        ),
        ("position fen 8/8/8/8/8/8/8/8[KQkq] w KQkq - 0 1", "vandien has no castling"),
    ] {
        engine.send(command);
        let lines = engine.sync();
        assert!(
            lines.iter().any(|l| l.starts_with("info string error:") && l.contains(expected)),
            "{command}: {lines:?}"
        );
        assert_eq!(engine.fen(), before, "{command}");
    }
}

#[test]
fn each_move_of_a_turn_is_its_own_bestmove() {
    let mut engine = engine_in(Variant::Marseillais);
    // The rules book's opening turn: White's two moves.
    let mut played: Vec<String> = vec!["e2e4".into(), "d2d4".into()];
    // Black's turn of two: two searches, each answered by one move of Black.
    for expected in ["Turn: Black, move 1 of 2", "Turn: Black, move 2 of 2", "Turn: White, move 1 of 2"] {
        engine.send(&format!("position startpos moves {}", played.join(" ")));
        engine.send("d");
        let lines = engine.lines_until(|l| l.starts_with("Checkers:"), uci_support::TIMEOUT);
        assert!(lines.iter().any(|l| l == expected), "{expected}: {lines:?}");
        if expected.starts_with("Turn: White") {
            break;
        }
        let best = best_move(&engine.search("go nodes 2000"));
        played.push(best);
    }
    // A turn whose player has no move left is passed with 0000, which the
    // engine sends as its bestmove and reads back in a move list.
    engine.send("position fen 7k/8/8/8/8/1q6/8/K7 w - - 0 5 turn=2/2");
    assert_eq!(best_move(&engine.search("go depth 2")), "0000");
    engine.send("position fen 7k/8/8/8/8/1q6/8/K7 w - - 0 5 turn=2/2 moves 0000");
    assert_eq!(engine.fen(), "7k/8/8/8/8/1q6/8/K7 b - - 0 5");
    engine.send("position startpos moves e2e4 0000");
    let lines = engine.sync();
    assert!(lines.iter().any(|l| l.contains("a turn is passed (0000) only when")), "{lines:?}");
    // The balanced rule, at once: White opens with one move.
    engine.send("position startpos moves e2e4");
    engine.send("setoption name Marseillais Balanced value true");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 turn=1/1");
    engine.send("position startpos moves e2e4");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    engine.send("setoption name Marseillais Balanced value false");
    engine.send("position startpos moves e2e4");
    assert!(engine.fen().ends_with(" w KQkq - 0 1 turn=2/2"), "the book's rule again");
}

#[test]
fn turning_moves_sets_the_period_at_once() {
    let mut engine = engine_in(Variant::Turning);
    engine.send("position startpos moves e2e4 e7e5");
    engine.send("setoption name Turning Moves value 3");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 swap=6/3", "a new game at once");
    engine.send("setoption name Turning Moves value 2");
    engine.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
    assert_eq!(engine.fen(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 player=2 swap=4/2");
    engine.send("d");
    let lines = engine.lines_until(|l| l.starts_with("Checkers:"), uci_support::TIMEOUT);
    assert!(lines.iter().any(|l| l == "Player: second"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "Swap: in 4 moves (every 2 moves each)"), "{lines:?}");
    engine.send("setoption name Turning Moves value 0");
    let lines = engine.sync();
    assert!(lines.iter().any(|l| l.starts_with("info string error:") && l.contains("Turning Moves")), "{lines:?}");
    engine.send("position startpos");
    assert!(engine.fen().ends_with(" swap=4/2"), "the bad value changed nothing");
}

/// A `go` in a game its rules have ended, in `engine` at `position`: the
/// result as an `info string`, an `info depth 0` line holding `info` (its
/// score, or its win/draw/loss figures), and `bestmove (none)`.
fn assert_game_over(engine: &mut Engine, position: &str, result: &str, info: &str) {
    engine.send(position);
    let lines = engine.search("go depth 3");
    assert!(lines.contains(&format!("info string game over: {result}")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("info depth 0 ") && l.contains(info)), "{lines:?}");
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
}

#[test]
fn a_game_its_rules_ended_is_reported_with_its_score_and_result() {
    // Losing chess: Black, left with its king alone, has won; the side to
    // move has no move and has lost.
    let mut engine = engine_in(Variant::Losers);
    let bare = "position fen 4k3/8/8/8/8/2p5/3P4/4K3 w - - 0 1 moves d2c3";
    assert_game_over(&mut engine, bare, "0-1 (king left alone, and wins)", " score mate 0");
    // Stalemated in losing chess: the side to move has won, which the
    // win/draw/loss figures say (`mate 0` names a decided game either way).
    engine.send("setoption name UCI_ShowWDL value true");
    let stalemate = "position fen k7/7p/1Q5P/8/8/8/8/7K b - - 0 1";
    assert_game_over(&mut engine, stalemate, "0-1 (stalemated, and wins)", " wdl 1000 0 0 ");
    // Mined chess: the rook on e2 explodes on Black's e4 and opens the
    // file to White's king: White is mated by the mine (the old build sent
    // `score cp 0`).
    let mut engine = engine_in(Variant::Mined);
    let blast = "position fen 4r1k1/8/8/8/8/8/4R3/4K3 w - - 0 1 mines=a3,b3/e4,h6 moves e2e4";
    assert_game_over(&mut engine, blast, "0-1 (mated by a mine)", " score mate 0");
    // A stalemate elsewhere is a draw, scored 0.
    let mut engine = engine_in(Variant::Reinforced);
    let drawn = "position fen k7/7p/1Q5P/8/8/8/8/7K[] b - - 0 1";
    assert_game_over(&mut engine, drawn, "1/2-1/2 (stalemate)", " score cp 0");
}

#[test]
fn taking_the_last_man_but_the_king_is_seen_to_lose_at_the_horizon() {
    // Losing chess: White must take the knight, which leaves Black its king
    // alone, a win for Black; seen at depth 1, in the quiescence search.
    let mut engine = engine_in(Variant::Losers);
    engine.send("position fen 4k3/8/8/8/8/8/8/Rn2K3 w - - 0 1");
    let lines = engine.search("go depth 1");
    let last = lines.iter().rev().find(|l| l.starts_with("info depth 1 ")).unwrap();
    assert!(last.contains(" score mate 0 ") || last.contains(" score mate -"), "{lines:?}");
    assert_eq!(best_move(&lines), "a1b1");
}

/// The score of an `info` line in centipawns, a mate as more than any.
fn centipawns(line: &str) -> i32 {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").expect("a score");
    let value: i32 = words[at + 2].parse().unwrap();
    match words[at + 1] {
        "mate" if value > 0 => 100_000 - value,
        "mate" => -100_000 - value,
        _ => value,
    }
}

#[test]
fn multipv_lines_come_best_first() {
    for (variant, moves) in
        [(Variant::Losers, "e2e4 e7e5"), (Variant::Ghost, "e2e4 d7d5 e4d5"), (Variant::Placement, "")]
    {
        let mut engine = engine_in(variant);
        engine.send("setoption name MultiPV value 3");
        engine.send(&format!("position startpos moves {moves}"));
        let lines = engine.search("go depth 6");
        for depth in 1..=6 {
            let scores: Vec<i32> = lines
                .iter()
                .filter(|l| l.starts_with(&format!("info depth {depth} ")) && l.contains(" multipv "))
                .map(|l| centipawns(l))
                .collect();
            assert_eq!(scores.len(), 3, "{variant} depth {depth}: {lines:?}");
            assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{variant} depth {depth}: {scores:?}");
        }
    }
}

#[test]
fn placement_is_played_as_cute_chess_sends_it() {
    // Cute Chess's placement: drops in UCI notation from `startpos`, then
    // chess, castling included.
    let mut engine = engine_in(Variant::Placement);
    let set_up = "R@a1 r@a8 N@b1 n@b8 B@c1 b@c8 Q@d1 q@d8 K@e1 k@e8 B@f1 b@f8 N@g1 n@g8 R@h1 r@h8";
    engine.send(&format!("position startpos moves {set_up} e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1g1"));
    assert_eq!(engine.fen(), "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1[] b kq - 5 12");
    // The first move of a game is a drop on the first rank.
    engine.send("position startpos");
    let best = best_move(&engine.search("go depth 4"));
    assert!(best.contains('@') && best.ends_with('1'), "{best}");
}

#[test]
fn changing_the_variant_starts_its_game() {
    let mut engine = engine_in(Variant::Losers);
    engine.send("position startpos moves e2e4");
    engine.send("setoption name UCI_Variant value chess");
    assert_eq!(engine.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    engine.send("position startpos moves e2e4 d7d5 e4e5");
    assert_eq!(
        engine.fen(),
        "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2",
        "chess has no compulsory capture"
    );
}

/// Plays `games` games of the engine against itself through the UCI loop at
/// `nodes` a move, each from a few random opening moves; every `bestmove`
/// is played on the test's own game, which refuses an illegal one.
fn self_play(variant: Variant, games: usize, nodes: u64, seed: u64) {
    let mut random = Random(seed);
    let mut engine = engine_in(variant);
    for _ in 0..games {
        engine.send("ucinewgame");
        let mut game = VariantRecord::new(VariantPosition::startpos(variant));
        let mut played: Vec<String> = Vec::new();
        for _ in 0..4 {
            let actions = game.position().legal_actions();
            let action = actions[random.below(actions.len())];
            played.push(action.to_uci(false));
            game.play(action);
        }
        while game.result().is_none() && played.len() < 400 {
            engine.send(&format!("position startpos moves {}", played.join(" ")));
            let lines = engine.search(&format!("go nodes {nodes}"));
            let best = best_move(&lines);
            game.play_uci(&best, false).unwrap_or_else(|e| panic!("{variant}: bestmove {best} after {played:?}: {e}"));
            played.push(best);
        }
        engine.send(&format!("position startpos moves {}", played.join(" ")));
        assert_eq!(engine.fen(), game.position().fen(), "{variant}: the engine follows every move");
    }
}

#[test]
fn self_play_games_are_legal_to_the_end() {
    for (i, variant) in variants().into_iter().enumerate() {
        self_play(variant, 2, 300, 7 + i as u64);
    }
}

/// The game search's aspiration windows: a mate that shows up in an
/// iteration searched in a narrow window around the last one's centipawn
/// score fails high, and the window widens until the mate's exact score
/// comes out (a search that kept the bound would report centipawns).
#[test]
fn a_mate_found_inside_an_aspiration_window_is_reported_exactly() {
    let mut engine = engine_in(Variant::Placement);
    // Every man placed: chess (WAC 99), where Rh5 mates in two; the mate
    // shows at depth 3 (depth 5 with the game search of before).
    engine.send("position fen r1bq1r1k/1pp1Np1p/p2p2pQ/4R3/n7/8/PPPP1PPP/R1B3K1[] w - - 0 1");
    let lines = engine.search("go depth 7");
    let scores: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| l.split(" score ").nth(1))
        .map(|rest| rest.split(" nodes").next().unwrap())
        .collect();
    // Centipawns first; the mate then reported exactly at every depth.
    assert!(scores.len() == 7 && scores[..2].iter().all(|s| s.starts_with("cp")), "{scores:?}");
    assert!(scores[2..].iter().all(|&s| s == "mate 2"), "{scores:?}");
    assert_eq!(scores.last(), Some(&"mate 2"), "{scores:?}");
    assert_eq!(best_move(&lines), "e5h5");
}

/// A change of `UCI_Variant` starts a new game: the table and every
/// history and correction learnt in the last variant are forgotten, so that
/// a search after it is the search a fresh engine makes (one thread: the
/// same nodes).
#[test]
fn a_new_variant_forgets_what_the_last_one_taught() {
    let nodes_of = |lines: &[String]| -> String {
        let last = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("a report");
        uci_support::field(last, "nodes").expect("nodes").to_string()
    };
    let mut fresh = Engine::ready();
    fresh.send("position startpos moves e2e4 e7e5 g1f3");
    let expected = nodes_of(&fresh.search("go depth 9"));
    for variant in [Variant::Ghost, Variant::Placement, Variant::Reinforced] {
        let mut engine = engine_in(variant);
        engine.send("position startpos");
        engine.search("go depth 7");
        engine.send("setoption name UCI_Variant value chess");
        engine.send("position startpos moves e2e4 e7e5 g1f3");
        assert_eq!(nodes_of(&engine.search("go depth 9")), expected, "after {variant}");
    }
}

#[test]
fn a_promotion_letter_is_read_in_either_case() {
    for (variant, fen) in [
        (Variant::Losers, "k7/4P3/8/8/8/8/p7/4K3 w - - 0 1"),
        (Variant::Marseillais, "k7/4P3/8/8/8/8/p7/4K3 w - - 0 1"),
    ] {
        let mut engine = engine_in(variant);
        engine.send(&format!("position fen {fen} moves e7e8N"));
        let lines = engine.sync();
        assert!(lines.iter().all(|l| !l.contains("error")), "{variant}: {lines:?}");
        assert!(engine.fen().starts_with("k3N3/8/"), "{variant}: {}", engine.fen());
    }
}

/// A game drawn by rule while moves remain (too little material, the
/// fifty-move rule) is reported as over, and still given a move, as chess
/// is: a GUI that does not apply the variant's draw rule goes on instead of
/// taking `bestmove (none)` for a forfeit. (Here no move can win, so the
/// score is 0.)
#[test]
fn a_game_drawn_by_rule_is_reported_and_still_given_a_move() {
    for (variant, fen, result) in [
        (Variant::Marseillais, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1/2-1/2 (insufficient material)"),
        (Variant::Ghost, "4k3/8/8/8/8/8/8/4KR2 w - - 100 1", "1/2-1/2 (fifty-move rule)"),
    ] {
        let mut engine = engine_in(variant);
        engine.send(&format!("position fen {fen}"));
        let lines = engine.search("go depth 3");
        assert!(lines.contains(&format!("info string game over: {result}")), "{variant}: {lines:?}");
        let last_info = lines.iter().rev().find(|l| l.starts_with("info depth")).unwrap();
        assert!(last_info.contains(" score cp 0 "), "{variant}: {lines:?}");
        let best = best_move(&lines);
        let position = VariantPosition::from_fen(variant, fen).unwrap();
        assert!(position.parse_action(&best, false).is_ok(), "{variant}: {best}");
    }
}

/// The final line of `eval`.
fn final_evaluation(engine: &mut Engine) -> String {
    engine.send("eval");
    let lines = engine.lines_until(|l| l.starts_with("Final evaluation:"), uci_support::TIMEOUT);
    lines.last().unwrap().clone()
}

#[test]
fn losing_chess_is_judged_by_its_own_network_which_its_option_names() {
    let mut engine = engine_in(Variant::Losers);
    engine.send("position startpos moves e2e3 b7b5");
    let by_network = final_evaluation(&mut engine);
    assert!(by_network.ends_with("by the network"), "{by_network}");
    // A file that is no network is refused, and the network stays.
    let not_a_network = std::env::temp_dir().join(format!("roque-not-a-network-{}", std::process::id()));
    std::fs::write(&not_a_network, b"RQNN but not a network").unwrap();
    engine.send(&format!("setoption name EvalFile_losers value {}", not_a_network.display()));
    let lines = engine.sync();
    std::fs::remove_file(&not_a_network).unwrap();
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: setoption: EvalFile_losers: ")
            && l.ends_with("the network stays <internal>")),
        "{lines:?}"
    );
    assert_eq!(final_evaluation(&mut engine), by_network);
    // Chess's network is not losing chess's: loading it changes the score.
    let chess = format!("{}/nets/roque-gen5.nnue", env!("CARGO_MANIFEST_DIR"));
    engine.send(&format!("setoption name EvalFile_losers value {chess}"));
    let lines = engine.sync();
    assert!(lines.iter().any(|l| l == &format!("info string EvalFile_losers: evaluating with {chess}")), "{lines:?}");
    assert_ne!(final_evaluation(&mut engine), by_network);
    engine.send("setoption name EvalFile_losers value <internal>");
    assert_eq!(final_evaluation(&mut engine), by_network);
    // Use NNUE false: the hand-set evaluation, as before the network.
    engine.send("setoption name Use NNUE value false");
    let by_hand = final_evaluation(&mut engine);
    assert!(by_hand.ends_with("by the hand-set evaluation"), "{by_hand}");
    // Chess keeps chess's network whatever losing chess's is.
    let mut chess_engine = Engine::ready();
    chess_engine.send("setoption name EvalFile_losers value <internal>");
    chess_engine.send("position startpos moves e2e4");
    let chess_line = final_evaluation(&mut chess_engine);
    assert!(chess_line.ends_with("by the network"), "{chess_line}");
    chess_engine.send("eval");
    let lines = chess_engine.lines_until(|l| l.starts_with("Final evaluation:"), uci_support::TIMEOUT);
    assert!(lines.iter().any(|l| l.contains("network <internal>")), "{lines:?}");
}
