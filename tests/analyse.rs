//! `roque analyse`: PGN and EPD files in, annotated PGN out, as a shell
//! runs it. Small node counts keep each test to a second or two.

use roque::board::Position;
use roque::tools::pgn::{read_games, PgnGame};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A file of this test's own in the temporary directory.
fn input_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("roque-analyse-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs `roque analyse <file> <args>`: success, standard output, standard error.
fn analyse(file: &Path, args: &[&str]) -> (bool, String, String) {
    let mut all = vec![file.to_str().unwrap()];
    all.extend(args);
    analyse_with_input(&all, "")
}

/// Runs `roque analyse <args>` with `input` on its standard input.
fn analyse_with_input(args: &[&str], input: &str) -> (bool, String, String) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_roque"))
        .arg("analyse")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).to_string();
    (output.status.success(), text(&output.stdout), text(&output.stderr))
}

/// The SAN moves of a game's main line, each read against its position
/// and written back by the engine, so that spellings (`0-0`, `e8Q`) do
/// not matter.
fn main_line(game: &PgnGame) -> Vec<String> {
    let (mut position, _) = game.start_position().unwrap();
    let mut line = Vec::new();
    for played in &game.moves {
        let m = position.parse_san(&played.san).unwrap();
        line.push(position.san(m));
        position = position.make_move(m);
    }
    line
}

/// True when the comment holds one eval as lichess writes it: `[%eval
/// 0.17]`, `[%eval -1.05]`, `[%eval #3]`, `[%eval #-2]`.
fn has_eval(comment: &str) -> bool {
    let Some(start) = comment.find("[%eval ") else { return false };
    let rest = &comment[start + 7..];
    let Some(end) = rest.find(']') else { return false };
    let value = &rest[..end];
    if let Some(mate) = value.strip_prefix('#') {
        return mate.parse::<i32>().is_ok();
    }
    let Some((_, decimals)) = value.split_once('.') else { return false };
    decimals.len() == 2 && value.parse::<f64>().is_ok()
}

const THREE_GAMES: &str = r#"[Event "Test"]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4) 3. Bb5 $1 a6 ; to the end of the line
4. Ba4 Nf6 5. 0-0 Be7 1-0

[Event "Test"]
[White "C"]
[Black "D"]
[Result "1/2-1/2"]

1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5 Be7 1/2-1/2

[Event "From a position"]
[SetUp "1"]
[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 40"]
[Result "*"]

40. a8=Q+ Kd7 41. Qb7+ Kd6 *
"#;

#[test]
fn every_move_of_every_game_gets_an_eval_and_the_moves_come_back_unchanged() {
    let file = input_file("three.pgn", THREE_GAMES);
    let (ok, out, err) = analyse(&file, &["--nodes", "2000"]);
    assert!(ok, "{err}");
    let before = read_games(THREE_GAMES);
    let after = read_games(&out);
    assert_eq!(after.len(), 3, "{out}");
    for (original, annotated) in before.iter().zip(&after) {
        assert!(annotated.problems.is_empty(), "{:?}\n{out}", annotated.problems);
        assert_eq!(main_line(original), main_line(annotated), "{out}");
        for played in &annotated.moves {
            assert!(has_eval(&played.comment), "{} has no eval: '{}'\n{out}", played.san, played.comment);
        }
        assert_eq!(original.tag("Result"), annotated.tag("Result"));
        assert_eq!(annotated.result, original.result);
        for tag in ["WhiteACPL", "BlackACPL", "WhiteAccuracy", "BlackAccuracy"] {
            assert!(annotated.tag(tag).is_some_and(|v| v.parse::<f64>().is_ok()), "{tag}\n{out}");
        }
    }
    assert_eq!(after[2].tag("FEN"), Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 40"));
    // Standard error says how it went, in one line, and no fault.
    assert!(!err.contains("game "), "{err}");
}

#[test]
fn the_output_option_writes_the_same_text_to_a_file() {
    let file = input_file("output.pgn", THREE_GAMES);
    let output = std::env::temp_dir().join(format!("roque-analyse-{}-annotated.pgn", std::process::id()));
    let (ok, out, err) = analyse(&file, &["--depth", "3", "--output", output.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.is_empty(), "{out}");
    let written = std::fs::read_to_string(&output).unwrap();
    assert_eq!(read_games(&written).len(), 3, "{written}");
    // The same depth gives the same text: one thread is reproducible.
    let (_, again, _) = analyse(&file, &["--depth", "3"]);
    assert_eq!(again, written);
}

#[test]
fn an_illegal_move_is_reported_with_its_game_and_move_and_the_other_games_are_still_annotated() {
    let text = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n\
                [Event \"two\"]\n\n1. d4 d5 2. c4 e6 3. Nf3 Bxf3 4. e3 0-1\n\n\
                [Event \"three\"]\n\n1. c4 e5 1/2-1/2\n\n\
                [Event \"four\"\n\n1. e4 e5 *\n";
    let file = input_file("illegal.pgn", text);
    let (ok, out, err) = analyse(&file, &["--nodes", "1000"]);
    assert!(ok, "{err}");
    // Black's third move: no bishop reaches f3.
    assert!(err.contains("game 2, move 3 (...Bxf3): "), "{err}");
    assert!(err.contains("game 4") && err.contains("tag"), "{err}");
    let games = read_games(&out);
    assert_eq!(games.len(), 4, "{out}");
    // The faulty game is annotated up to its fault.
    assert_eq!(games[1].moves.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(), ["d4", "d5", "c4", "e6", "Nf3"]);
    assert!(games[1].moves.iter().all(|m| has_eval(&m.comment)), "{out}");
    assert_eq!(games[2].moves.len(), 2);
    // The game with a broken tag is read without that tag.
    assert_eq!(games[3].moves.len(), 2);
}

#[test]
fn latin1_files_and_a_byte_order_mark_are_read() {
    // Latin-1, as older databases write PGN: 0xFC is ü. A byte-order mark
    // before the first tag, as Windows editors write UTF-8.
    let path = input_file("latin1.pgn", "");
    std::fs::write(
        &path,
        b"\xEF\xBB\xBF[Event \"bom\"]\n\n1. d4 d5 *\n\n[Event \"x\"]\n[White \"M\xFCller\"]\n\n1. e4 e5 *\n",
    )
    .unwrap();
    let (ok, out, err) = analyse(&path, &["--nodes", "1000"]);
    assert!(ok, "{err}");
    assert!(!err.contains("game "), "{err}");
    let games = read_games(&out);
    assert_eq!(games.len(), 2, "{out}");
    assert_eq!(games[0].tag("Event"), Some("bom"), "{out}");
    assert_eq!(games[1].tag("White"), Some("M\u{fc}ller"), "{out}");
    assert!(games.iter().all(|game| game.moves.len() == 2), "{out}");
    let path = input_file("bom.epd", "\u{feff}6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n");
    let (ok, out, err) = analyse(&path, &["--nodes", "20000"]);
    assert!(ok, "{err}");
    assert_eq!(read_games(&out)[0].moves[0].san, "Rd8#", "{out}");
}

#[test]
fn nothing_readable_is_an_error() {
    let file = input_file("nothing.pgn", "this is not chess\n");
    let (ok, _, err) = analyse(&file, &["--nodes", "1000"]);
    assert!(!ok);
    assert!(err.contains("nothing"), "{err}");
    let (ok, _, err) = analyse(&PathBuf::from("/no/such/file.pgn"), &[]);
    assert!(!ok && err.contains("/no/such/file.pgn"), "{err}");
    let (ok, _, err) = analyse(&file, &["--nodes", "10", "--depth", "3"]);
    assert!(!ok && err.contains("one of"), "{err}");
    // The output may not be the input.
    let game = input_file("own.pgn", THREE_GAMES);
    let (ok, _, err) = analyse(&game, &["--nodes", "100", "--output", game.to_str().unwrap()]);
    assert!(!ok && err.contains("is the input"), "{err}");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), THREE_GAMES);
}

#[test]
fn an_epd_list_gives_one_game_a_position_with_the_best_move_and_its_eval() {
    let text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";\n\
                6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n\
                not a fen\n\
                r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4\n";
    let file = input_file("list.epd", text);
    let (ok, out, err) = analyse(&file, &["--nodes", "20000", "--multipv", "2"]);
    assert!(ok, "{err}");
    assert!(err.contains("line 3"), "{err}");
    let games = read_games(&out);
    assert_eq!(games.len(), 3, "{out}");
    for game in &games {
        assert_eq!(game.tag("SetUp"), Some("1"));
        assert_eq!(game.moves.len(), 1, "{out}");
        assert!(has_eval(&game.moves[0].comment), "{out}");
    }
    // Back-rank mate and scholar's mate: found, and written as mates.
    assert_eq!(games[1].moves[0].san, "Rd8#");
    // The eval is of the position after the move: White has mated.
    assert!(games[1].moves[0].comment.contains("[%eval #+0]"), "{out}");
    assert_eq!(games[2].moves[0].san, "Qxf7#");
    // A second line with --multipv 2.
    assert!(games[0].moves[0].comment.contains("2)"), "{out}");
    Position::from_fen(games[0].tag("FEN").unwrap()).unwrap();
}

#[test]
fn a_move_that_hangs_the_queen_gets_two_question_marks_and_the_best_move() {
    // 2... Qg5 puts the queen where the knight on f3 takes it.
    let text = "[Event \"blunder\"]\n\n1. e4 e5 2. Nf3 Qg5 3. Nxg5 *\n";
    let file = input_file("blunder.pgn", text);
    let (ok, out, err) = analyse(&file, &["--nodes", "20000"]);
    assert!(ok, "{err}");
    let games = read_games(&out);
    let blunder = &games[0].moves[3];
    assert_eq!(blunder.san, "Qg5");
    assert_eq!(blunder.nags, [4], "{out}");
    assert!(blunder.comment.contains("Blunder") && blunder.comment.contains("was best"), "{out}");
    assert_eq!(blunder.variations, 1, "{out}");
    // Taking the queen is no mistake, nor are the opening moves.
    for (i, played) in games[0].moves.iter().enumerate() {
        if i != 3 {
            assert!(played.nags.is_empty(), "{}: {:?}\n{out}", played.san, played.nags);
        }
    }
    let black_loss: f64 = games[0].tag("BlackACPL").unwrap().parse().unwrap();
    let white_loss: f64 = games[0].tag("WhiteACPL").unwrap().parse().unwrap();
    assert!(black_loss > 200.0 && white_loss < 100.0, "{out}");
}

/// The output with every run of white space made one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_better_line_of_a_missed_mate_is_evaluated_after_its_move() {
    // 9... Qh2+ misses 9... Qh1#: the line shown is the mate, evaluated
    // on the board after it (Black has mated), not before it.
    let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Bg4 6. h3 h5 7. hxg4 hxg4 \
                8. Nxe5 Qh4 9. Re1 Qh2+ *\n";
    let file = input_file("missed-mate.pgn", text);
    let (ok, out, err) = analyse(&file, &["--depth", "4"]);
    assert!(ok, "{err}");
    assert!(one_line(&out).contains("( 9... Qh1# { [%eval #-0] } )"), "{out}");
}

#[test]
fn an_epd_list_may_begin_with_a_comment_line_and_its_counters_are_checked() {
    let text = "# two positions\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\nk7/8/8/8/8/8/8/7K w - - -5 1\n";
    let file = input_file("commented.epd", text);
    let (ok, out, err) = analyse(&file, &["--nodes", "2000"]);
    assert!(ok, "{err}");
    assert_eq!(read_games(&out).len(), 1, "{out}");
    assert!(err.contains("line 3") && err.contains("-5"), "{err}");
}

#[test]
fn a_refused_setting_leaves_the_output_file_as_it_was() {
    let game = input_file("kept-in.pgn", THREE_GAMES);
    let kept = input_file("kept-out.pgn", "precious\n");
    let args = ["--depth", "1", "--hash", "1048576", "--output", kept.to_str().unwrap()];
    let (ok, _, err) = analyse(&game, &args);
    assert!(!ok && err.contains("--hash"), "{err}");
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "precious\n");
}

#[test]
fn the_command_line_reads_standard_input_help_and_equals_signs() {
    let run = analyse_with_input;
    let (ok, out, err) = run(&["-", "--nodes=2000"], "1. e4 e5 *\n");
    assert!(ok, "{err}");
    assert_eq!(read_games(&out)[0].moves.len(), 2, "{out}");
    let (ok, out, _) = run(&["--help"], "");
    assert!(ok && out.contains("usage: roque analyse"), "{out}");
    // A missing value is said, not taken from the next option.
    let (ok, _, err) = run(&["-", "--output", "--depth", "2"], "");
    assert!(!ok && err.contains("--output needs a value"), "{err}");
    let (ok, _, err) = run(&["-", "--depth", "2", "--depth", "3"], "");
    assert!(!ok && err.contains("once"), "{err}");
}
