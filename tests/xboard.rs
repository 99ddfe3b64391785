//! The XBoard protocol (CECP v2) as XBoard drives it over the engine's
//! pipes: feature negotiation, games in every announced variant with
//! `usermove`, `go`, `force`, `undo`, `remove` and `setboard`, analysis,
//! clocks, and every bad command and illegal move answered. Every move the
//! engine sends is played by the engine's own rules, read from XBoard's
//! notation.

mod uci_support;

use roque::board::{ChessRecord, Position};
use roque::elven::game::ElvenRecord;
use roque::game::Game;
use roque::session::{GameSession, VariantSetup};
use roque::types::Color;
use roque::variants::{Variant, VariantRecord};
use roque::xboard::notation::XboardGame;
use std::time::Duration;
use uci_support::{Engine, TIMEOUT};

/// The engine after `xboard` and `protover 2`, its features read.
fn xboard() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.lines_until(|l| l == "feature done=1", TIMEOUT);
    (engine, features)
}

/// `ping` and the lines before its `pong`: everything sent before it has
/// been done.
fn sync(engine: &mut Engine, number: u32) -> Vec<String> {
    engine.send(&format!("ping {number}"));
    let mut lines = engine.wait_for(&format!("pong {number}"));
    lines.pop();
    lines
}

fn is_result(line: &str) -> bool {
    ["1-0 {", "0-1 {", "1/2-1/2 {"].iter().any(|start| line.starts_with(start))
}

/// The engine's next move (None: it claimed a result instead).
fn engine_move(engine: &mut Engine) -> Option<String> {
    let lines = engine.lines_until(|l| l.starts_with("move ") || is_result(l), TIMEOUT);
    let last = lines.last().expect("one line at least");
    last.strip_prefix("move ").map(str::to_string)
}

/// A game of `G` between the test (White) and the engine (Black), `plies`
/// long or to its end; every few moves the test hands its side to the
/// engine with `go` for a move, then takes it back with `force`, `undo`
/// and `remove`. Every engine move is checked legal by the game's rules.
/// The moves the game has at its end.
fn play_game<G: XboardGame>(
    engine: &mut Engine,
    mut game: GameSession<G>,
    fen: Option<&str>,
    chess960: bool,
    plies: usize,
) -> usize {
    let start: Option<String> = fen.map(G::roque_fen).or_else(G::xboard_start_fen);
    game.set_position(start.as_deref(), &[], chess960).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut seed = 12345u64;
    let mut engine_plays = Color::Black;
    for ply in 0..plies {
        if game.record().result().is_some() {
            break;
        }
        let position = *game.position();
        let to_move = G::side_to_move(&position);
        if to_move == engine_plays {
            let Some(text) = engine_move(engine) else { break };
            let roque = G::roque_move(&position, &text, chess960).unwrap_or_else(|e| panic!("'{text}': {e}"));
            game.play(&roque, chess960).unwrap_or_else(|e| panic!("the engine's '{text}' ({roque}): {e}"));
            moves.push(roque);
            continue;
        }
        if ply % 7 == 6 {
            // The engine takes over the side to move, then gives it back.
            engine.send("go");
            engine_plays = to_move;
            continue;
        }
        if ply % 11 == 10 && moves.len() >= 2 {
            // Taken back: one move, then two, then played on.
            engine.send("force");
            engine.send("undo");
            engine.send("remove");
            moves.truncate(moves.len() - 3);
            game.set_position(start.as_deref(), &moves, chess960).unwrap();
            let lines = sync(engine, ply as u32);
            assert!(!lines.iter().any(|l| l.starts_with("move ") || l.starts_with("Error")), "{lines:?}");
            engine_plays = !G::side_to_move(game.position());
            engine.send("playother");
            continue;
        }
        let legal = position.legal_moves();
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = legal[(seed >> 33) as usize % legal.len()];
        let text = G::xboard_move(&position, m, chess960);
        let roque = G::move_text(m, chess960);
        engine.send(&format!("usermove {text}"));
        game.play(&roque, chess960).unwrap();
        moves.push(roque);
    }
    engine.send("force");
    sync(engine, 999);
    assert!(moves.len() >= plies / 2 || game.record().result().is_some(), "{moves:?}");
    moves.len()
}

fn new_game(engine: &mut Engine, variant: &str, fen: Option<&str>) {
    engine.send("new");
    engine.send(&format!("variant {variant}"));
    engine.send("sd 3");
    if let Some(fen) = fen {
        engine.send("force");
        engine.send(&format!("setboard {fen}"));
        // The engine plays Black, waiting for White's move.
        engine.send("playother");
    }
    let lines = sync(engine, 1);
    assert!(lines.is_empty(), "{lines:?}");
}

#[test]
fn features_are_negotiated_and_acceptances_read_silently() {
    let (mut engine, features) = xboard();
    for feature in [
        "feature ping=1",
        "feature setboard=1",
        "feature usermove=1",
        "feature analyze=1",
        "feature egt=\"syzygy\"",
        "feature variants=\"normal,fischerandom,losers,elven\"",
    ] {
        assert!(features.iter().any(|l| l == feature), "missing {feature} in {features:?}");
    }
    assert!(features.iter().any(|l| l.starts_with("feature myname=\"Roque ")));
    assert!(features.iter().any(|l| l.starts_with("feature option=\"Move Overhead -spin")));
    engine.send("accepted usermove");
    engine.send("rejected highlight");
    assert!(sync(&mut engine, 7).is_empty());
    engine.send("quit");
    assert!(engine.wait_exit(Duration::from_secs(5)).is_some_and(|s| s.success()));
}

#[test]
fn a_first_line_that_is_neither_uci_nor_xboard_is_uci_s() {
    let mut engine = Engine::start();
    engine.send("isready");
    engine.wait_for("readyok");
    engine.send("uci");
    engine.wait_for("uciok");
}

#[test]
fn chess_is_played_with_usermove_go_force_undo_and_remove() {
    let (mut engine, _) = xboard();
    new_game(&mut engine, "normal", None);
    play_game(&mut engine, GameSession::<ChessRecord>::new(()), None, false, 60);
}

#[test]
fn fischerandom_castles_as_o_o() {
    let (mut engine, _) = xboard();
    // Castling is at hand for both sides at once.
    let fen = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1";
    new_game(&mut engine, "fischerandom", None);
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("usermove O-O");
    engine.send("usermove O-O-O");
    let lines = sync(&mut engine, 2);
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    engine.send("setboard rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1");
    engine.send("playother");
    play_game(
        &mut engine,
        GameSession::<ChessRecord>::new(()),
        Some("rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1"),
        true,
        30,
    );
}

#[test]
fn losers_is_played_to_its_end() {
    let (mut engine, _) = xboard();
    new_game(&mut engine, "losers", None);
    let setup = VariantSetup { variant: Variant::Losers, turning_moves: 1, marseillais_balanced: false, mines: None };
    play_game(&mut engine, GameSession::<VariantRecord>::new(setup), None, false, 200);
}

#[test]
fn elven_chess_is_played_in_xboard_s_notation() {
    let (mut engine, _) = xboard();
    new_game(&mut engine, "elven", None);
    play_game(&mut engine, GameSession::<ElvenRecord>::new(()), None, false, 60);
}

#[test]
fn elven_double_moves_passes_and_forbidden_promotions() {
    let (mut engine, _) = xboard();
    // XBoard's letters: White's warlock (L) on e4, Black's pawn on f5.
    let fen = "r3k4r/mnb+rql+bbnm/ppppp1pppp/10/5p4/4L5/10/PPPPPPPPPP/MNB+B1Q+RBNM/R4K3R w KQkq - 0 1";
    new_game(&mut engine, "elven", None);
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("usermove e4f5,");
    engine.send("usermove f5e4");
    engine.send("usermove @@@@");
    engine.send("usermove a2a3l");
    engine.send("usermove c8c9+");
    let lines = sync(&mut engine, 3);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(
        lines[0].starts_with("Illegal move (")
            && lines[0].ends_with("): a2a3l")
            && lines[0].contains("never to a warlock"),
        "{lines:?}"
    );
    assert!(lines[1].contains("no knight, bishop or rook promotes") && lines[1].ends_with(": c8c9+"), "{lines:?}");
    engine.send("go");
    let reply = engine_move(&mut engine).expect("a move");
    let mut game = GameSession::<ElvenRecord>::new(());
    game.set_position(Some(&ElvenRecord::roque_fen(fen)), &["e5f6e5".to_string(), "f9f9".to_string()], false).unwrap();
    assert!(ElvenRecord::roque_move(game.position(), &reply, false).is_ok(), "{reply}");
}

/// `lift` is answered `highlight` with where the man may go by the game's
/// rules (yellow a move, red a capture, cyan a warlock's first leg), after
/// `put` and `lift` on a cyan square the second legs; `hover` is read
/// silently.
#[test]
fn a_lifted_man_is_answered_with_its_squares() {
    let (mut engine, features) = xboard();
    assert!(features.iter().any(|l| l == "feature highlight=1"), "{features:?}");
    new_game(&mut engine, "normal", None);
    engine.send("force");
    engine.send("lift e2");
    engine.send("put e4");
    engine.send("hover e4");
    engine.send("lift b1");
    assert_eq!(sync(&mut engine, 2), ["highlight 8/8/8/8/4Y3/4Y3/8/8", "highlight 8/8/8/8/8/Y1Y5/8/8"]);
    // XBoard's letters: White's warlock (L) on e4, Black's pawn on f5.
    let fen = "r3k4r/mnb+rql+bbnm/ppppp1pppp/10/5p4/4L5/10/PPPPPPPPPP/MNB+B1Q+RBNM/R4K3R w KQkq - 0 1";
    new_game(&mut engine, "elven", None);
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("lift e4");
    let first = sync(&mut engine, 3);
    assert_eq!(first.len(), 1, "{first:?}");
    // The warlock reaches two squares every way (XBoard writes a move to
    // them as one leg); taking the pawn on f5 may go on (cyan).
    assert_eq!(first, ["highlight 10/10/10/2YYYYY3/2YYYCY3/2YY1YY3/2YYYYY3/10/10/10"]);
    engine.send("put f5");
    engine.send("lift f5");
    let second = sync(&mut engine, 4);
    // From f5 (its pawn taken), on to the eight squares around it, e4
    // where the warlock began among them (the capture and return).
    assert_eq!(second, ["highlight 10/10/10/4YYY3/4Y1Y3/4YYY3/10/10/10/10"]);
    engine.send("quit");
}

/// Two plies before the fifty-move count, White's warlock passes: the
/// engine's reply completes Roque's hundred plies, but XBoard counts from
/// the pass (an irreversible move to it), so the engine claims nothing and
/// plays on (a false claim here lost a game in XBoard 4.9.1).
#[test]
fn elven_fifty_moves_across_a_pass_are_not_claimed_and_the_game_goes_on() {
    let (mut engine, _) = xboard();
    let fen = "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+BLQ+RBNM/R4K3R w KQkq - 98 60";
    new_game(&mut engine, "elven", Some(fen));
    engine.send("usermove @@@@");
    let reply = engine_move(&mut engine).expect("a move, not a claim");
    let lines = sync(&mut engine, 5);
    assert!(!lines.iter().any(|l| is_result(l)), "{reply}: {lines:?}");
    engine.send("usermove b1c3");
    let second = engine_move(&mut engine).expect("a second move: the game goes on");
    let lines = sync(&mut engine, 6);
    assert!(!lines.iter().any(|l| is_result(l) || l.starts_with("Error")), "{second}: {lines:?}");
}

#[test]
fn analysis_follows_the_moves_and_never_moves() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    let thinking = engine.lines_until(|l| l.split_whitespace().count() >= 5, TIMEOUT);
    assert!(thinking.last().unwrap().split_whitespace().take(4).all(|w| w.parse::<i64>().is_ok()), "{thinking:?}");
    engine.send("usermove e2e4");
    engine.send("exclude e7e5");
    engine.send(".");
    std::thread::sleep(Duration::from_millis(500));
    engine.send("undo");
    engine.send("exit");
    let lines = sync(&mut engine, 4);
    assert!(!lines.iter().any(|l| l.starts_with("move ") || l.starts_with("Error")), "{lines:?}");
    let lines = engine.assert_none_within(|l| l.starts_with("move "), Duration::from_millis(300));
    assert!(lines.is_empty(), "nothing after exit: {lines:?}");
}

#[test]
fn the_clock_times_the_engine_s_move() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("level 40 0:02 0");
    engine.send("time 150");
    engine.send("otim 150");
    engine.send("usermove e2e4");
    let started = std::time::Instant::now();
    assert!(engine_move(&mut engine).is_some());
    assert!(started.elapsed() < Duration::from_millis(1500), "{:?}", started.elapsed());
    engine.send("st 0.2");
    engine.send("nps 5000");
    engine.send("usermove d2d4");
    assert!(engine_move(&mut engine).is_some());
    engine.send("?");
    sync(&mut engine, 5);
}

#[test]
fn bad_commands_and_illegal_moves_are_answered_and_change_nothing() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("force");
    for (command, answer) in [
        ("fly away", "Error (unknown command): fly away"),
        ("sd deep", "Error ('deep' is not a whole number): sd deep"),
        ("level 40 x 0", "Error ('x' is not a base time (minutes, or minutes:seconds)): level 40 x 0"),
        ("variant crazyhouse", "Error (no variant is named 'crazyhouse'): variant crazyhouse"),
        ("undo", "Error (only 0 moves to take back): undo"),
        ("option Nope=1", "Error (no option is named 'Nope'): option Nope=1"),
        ("egtpath gaviota /tmp", "Error (only syzygy tables are read, not gaviota): egtpath gaviota /tmp"),
        ("usermove e2e5", "Illegal move ('e2e5' is not a legal move in this position): e2e5"),
        ("usermove O-O", "Illegal move (no castling O-O is legal here): O-O"),
        ("usermove zz", "Error (unknown command): usermove zz"),
    ] {
        engine.send(command);
        let lines = sync(&mut engine, 6);
        if command == "usermove zz" {
            assert!(lines.len() == 1 && lines[0].starts_with("Illegal move ("), "{command}: {lines:?}");
        } else {
            assert_eq!(lines, vec![answer.to_string()], "{command}");
        }
    }
    for command in ["variant mined", "variant marseillais", "setboard 8/8/8 w - - 0 1", "option Move Overhead=-4"] {
        engine.send(command);
        let lines = sync(&mut engine, 8);
        assert!(lines[0].starts_with("Error (") && lines[0].ends_with(command), "{lines:?}");
        let told = if command.starts_with("setboard") { vec!["tellusererror Illegal position"] } else { vec![] };
        assert_eq!(lines[1..], told, "{command}");
    }
    // A drop as XBoard writes it is read as a move, which chess refuses.
    engine.send("usermove P@e4");
    let lines = sync(&mut engine, 17);
    assert!(lines.len() == 1 && lines[0].starts_with("Illegal move (") && lines[0].ends_with("): P@e4"), "{lines:?}");
    // XBoard sends its default table path whether it exists or not.
    engine.send("egtpath syzygy /no/such/directory");
    assert!(sync(&mut engine, 9).is_empty());
    // The position is the start: e2e4 is still legal, and the engine replies.
    engine.send("usermove e2e4");
    engine.send("go");
    assert!(engine_move(&mut engine).is_some());
}

#[test]
fn a_mate_is_claimed_with_its_reason() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1");
    engine.send("go");
    let lines = engine.lines_until(is_result, TIMEOUT);
    assert_eq!(lines.last().unwrap(), "1-0 {White mates}", "{lines:?}");
}

/// The plies of the thinking lines (`ply score time nodes pv`) among `lines`.
fn thinking_plies(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter(|l| l.split_whitespace().count() >= 5 && l.split_whitespace().take(4).all(|w| w.parse::<i64>().is_ok()))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect()
}

/// `hint`'s move: the reply the engine expects.
fn hint(engine: &mut Engine) -> String {
    hint_and_thinking(engine).0
}

/// `hint`'s move, and the plies of the thinking lines up to it.
fn hint_and_thinking(engine: &mut Engine) -> (String, Vec<u32>) {
    engine.send("hint");
    let lines = engine.lines_until(|l| l.starts_with("Hint: "), TIMEOUT);
    (lines.last().unwrap().strip_prefix("Hint: ").unwrap().to_string(), thinking_plies(&lines))
}

/// `hint`'s move once the ponder search has reached ply 4, where `sd 4`
/// holds it until the opponent's move.
fn hint_when_pondered(engine: &mut Engine) -> String {
    let (hint, plies) = hint_and_thinking(engine);
    if !plies.contains(&4) {
        engine.lines_until(|l| thinking_plies(&[l.to_string()]) == [4], TIMEOUT);
    }
    hint
}

#[test]
fn pondering_goes_on_after_the_expected_reply_and_starts_again_after_another() {
    let (mut engine, _) = xboard();
    let mut game = GameSession::<ChessRecord>::new(());
    engine.send("new");
    engine.send("hard");
    engine.send("post");
    engine.send("st 10");
    engine.send("sd 4");
    engine.send("usermove e2e4");
    game.play("e2e4", false).unwrap();
    let reply = engine_move(&mut engine).expect("a move");
    game.play(&reply, false).unwrap();
    // The engine ponders on the reply it expects, to its depth, and waits.
    let expected = hint_when_pondered(&mut engine);
    engine.send(&format!("usermove {expected}"));
    game.play(&expected, false).unwrap();
    let lines = engine.lines_until(|l| l.starts_with("move "), TIMEOUT);
    assert!(thinking_plies(&lines).is_empty(), "a ponder hit moves at once: {lines:?}");
    game.play(lines.last().unwrap().strip_prefix("move ").unwrap(), false).unwrap();
    // Another reply than the expected one: a new search, from ply 1.
    let expected = hint_when_pondered(&mut engine);
    let other = game.position().legal_moves().iter().map(|m| m.to_uci(false)).find(|m| *m != expected).unwrap();
    engine.send(&format!("usermove {other}"));
    game.play(&other, false).unwrap();
    let lines = engine.lines_until(|l| l.starts_with("move "), TIMEOUT);
    assert_eq!(thinking_plies(&lines).first(), Some(&1), "a ponder miss searches again: {lines:?}");
    game.play(lines.last().unwrap().strip_prefix("move ").unwrap(), false).unwrap();
    // `easy` stops pondering: the expected reply is searched from ply 1.
    let expected = hint(&mut engine);
    engine.send("easy");
    // The ponder search's lines printed before `easy` stopped it end at the pong.
    sync(&mut engine, 9);
    engine.send(&format!("usermove {expected}"));
    game.play(&expected, false).unwrap();
    let lines = engine.lines_until(|l| l.starts_with("move "), TIMEOUT);
    assert_eq!(thinking_plies(&lines).first(), Some(&1), "no pondering after easy: {lines:?}");
    game.play(lines.last().unwrap().strip_prefix("move ").unwrap(), false).unwrap();
    // `force` stops pondering as well, and the engine moves on `go`.
    engine.send("hard");
    engine.send(&format!("usermove {}", game.position().legal_moves()[0].to_uci(false)));
    engine_move(&mut engine).expect("a move");
    engine.send("force");
    let expected = hint(&mut engine);
    engine.send(&format!("usermove {expected}"));
    let lines = sync(&mut engine, 10);
    assert!(!lines.iter().any(|l| l.starts_with("move ")), "no move in force mode: {lines:?}");
    engine.send("go");
    let lines = engine.lines_until(|l| l.starts_with("move "), TIMEOUT);
    assert_eq!(thinking_plies(&lines).first(), Some(&1), "{lines:?}");
}

#[test]
fn a_draw_is_accepted_only_when_the_game_is_dead_drawn() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("st 10");
    engine.send("sd 6");
    engine.send("usermove e2e4");
    engine_move(&mut engine).expect("a move");
    engine.send("draw");
    assert!(sync(&mut engine, 11).is_empty(), "declined by silence early in a game");
    // Drawn by rule: two bare kings.
    engine.send("force");
    engine.send("setboard 8/8/4k3/8/8/4K3/8/8 w - - 0 1");
    engine.send("draw");
    assert_eq!(sync(&mut engine, 12), vec!["offer draw".to_string()]);
    // Rook against rook late in a game: the engine's score is a draw.
    engine.send("setboard 8/8/4k3/3r4/8/3R4/4K3/8 w - - 0 60");
    engine.send("go");
    engine_move(&mut engine).expect("a move");
    engine.send("draw");
    assert_eq!(sync(&mut engine, 13), vec!["offer draw".to_string()]);
}

#[test]
fn a_dot_in_analysis_is_answered_with_stat01() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("force");
    engine.send(".");
    assert!(sync(&mut engine, 14).is_empty(), "'.' outside analysis is ignored");
    engine.send("analyze");
    engine.lines_until(|l| !thinking_plies(&[l.to_string()]).is_empty(), TIMEOUT);
    engine.send(".");
    let lines = engine.lines_until(|l| l.starts_with("stat01: "), TIMEOUT);
    let words: Vec<&str> = lines.last().unwrap().split_whitespace().skip(1).collect();
    assert_eq!(words.len(), 6, "{words:?}");
    let numbers: Vec<u64> = words[..5].iter().map(|w| w.parse().unwrap()).collect();
    let (nodes, ply, left, total) = (numbers[1], numbers[2], numbers[3], numbers[4]);
    assert!(nodes > 0 && ply >= 1 && total == 20 && left < total, "{words:?}");
    assert!(Position::startpos().parse_uci_move(words[5], false).is_ok(), "{words:?}");
    engine.send("exit");
    sync(&mut engine, 15);
}

#[test]
fn a_bad_setboard_tells_the_user_the_position_is_illegal() {
    let (mut engine, _) = xboard();
    engine.send("new");
    engine.send("force");
    engine.send("setboard 8/8/8/8/8/8/8/4K2K w - - 0 1");
    let lines = sync(&mut engine, 16);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("Error (") && lines[0].ends_with("): setboard 8/8/8/8/8/8/8/4K2K w - - 0 1"));
    assert_eq!(lines[1], "tellusererror Illegal position");
}

/// XBoard 4.9.1's `elven` starts with Black's castling rights on the
/// f-file, where Black's king is not (it stands on e10): from its own
/// start XBoard refuses every castling of Black's (`e9b9`, `e9h9`, `O-O`,
/// `e9a9`: a forfeit, res=24) and accepts White's; from a `setboard` FEN
/// with `kq` it accepts Black's `e9b9` and `e9h9` (docs/xboard.md). The
/// engine plays XBoard's game: from XBoard's start Black has no castling,
/// so it never sends one XBoard would forfeit it for.
#[test]
fn elven_black_castles_only_where_xboard_lets_it() {
    let (mut engine, _) = xboard();
    new_game(&mut engine, "elven", None);
    engine.send("force");
    engine.send("usermove f0c0");
    engine.send("exclude all");
    engine.send("include e9b9");
    engine.send("include e9h9");
    engine.send("usermove e9b9");
    let lines = sync(&mut engine, 2);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("Error (") && lines[0].ends_with("): include e9b9"), "{lines:?}");
    assert!(lines[1].starts_with("Error (") && lines[1].ends_with("): include e9h9"), "{lines:?}");
    assert!(lines[2].starts_with("Illegal move (") && lines[2].ends_with("): e9b9"), "{lines:?}");
    // Black to move after White's c-file castling: the engine's move is
    // no castling.
    engine.send("go");
    let reply = engine_move(&mut engine).expect("a move");
    assert!(!["e9b9", "e9h9"].contains(&reply.as_str()), "{reply}");

    // From a FEN, as XBoard's `setboard` sends it, Black castles both ways.
    let fen = "r3k4r/mnb+rql+bbnm/pppppppppp/10/10/10/10/PPPPPPPPPP/MNB+BLQ+RBNM/R4K3R w KQkq - 0 1";
    engine.send("force");
    engine.send(&format!("setboard {fen}"));
    engine.send("usermove f0i0");
    engine.send("usermove e9b9");
    engine.send("undo");
    engine.send("usermove e9h9");
    let lines = sync(&mut engine, 4);
    assert!(lines.is_empty(), "{lines:?}");
}
