//! `roque datagen --variant <name>`: every game other than chess makes
//! text records that read back in that game, with results that agree with
//! how its games ended; one seed makes one file, whatever the threads,
//! whether in one run or resumed.

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;
use roque::elven::ElvenPosition;
use roque::search::Engine;
use roque::tools::datagen::Settings;
use roque::tools::game_datagen::{self, DataGame, Ending, Kept};
use roque::variants::turn::Player;
use roque::variants::{Variant, VariantPosition, VariantRecord, VariantResult};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Every game `--variant` takes.
fn games() -> Vec<DataGame> {
    let mut games: Vec<DataGame> =
        Variant::ALL.into_iter().filter(|&v| v != Variant::Chess).map(DataGame::Variant).collect();
    games.push(DataGame::Elven);
    games
}

fn quick(output: &Path, game: DataGame, games: u64) -> Settings {
    Settings { games: Some(games), nodes: 150, game: Some(game), ..Settings::new(output.to_path_buf()) }
}

fn temporary(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("roque-game-datagen-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The player who owns the next move in `fen`, read back in `game`.
fn player_of(game: DataGame, fen: &str) -> Result<Player, String> {
    match game {
        DataGame::Variant(variant) => {
            VariantPosition::from_fen(variant, fen).map(|p| p.turn().player).map_err(|e| e.to_string())
        }
        DataGame::Elven => {
            ElvenPosition::from_fen(fen).map(|p| Player::owning(p.side_to_move())).map_err(|e| e.to_string())
        }
    }
}

/// The FEN, read back, is written the same.
fn fen_round_trip(game: DataGame, fen: &str) -> String {
    match game {
        DataGame::Variant(variant) => VariantPosition::from_fen(variant, fen).unwrap().fen(),
        DataGame::Elven => ElvenPosition::from_fen(fen).unwrap().fen(),
    }
}

/// A game that ended by its rules ended where the last position says so:
/// its winner (or a draw) as the position's rules give it, where they need
/// no history (repetition does).
fn check_ending(game: DataGame, last_fen: &str, ending: Ending) {
    let DataGame::Variant(variant) = game else {
        let position = ElvenPosition::from_fen(last_fen).unwrap();
        let over = position.is_checkmate() || position.is_stalemate() || position.insufficient_material();
        match ending {
            Ending::Rules(Some(winner)) => {
                assert!(position.is_checkmate(), "{last_fen}");
                assert_eq!(winner, Player::owning(!position.side_to_move()));
            }
            Ending::Rules(None) => assert!(!position.is_checkmate(), "{last_fen}"),
            Ending::PlyLimit => assert!(!over, "{last_fen}"),
        }
        return;
    };
    let Ok(position) = VariantPosition::from_fen(variant, last_fen) else {
        // Mined chess: a game lost to a mine ends in a position no FEN
        // reader takes: a king that exploded is gone (the other side won),
        // or an explosion left the mover's king attacked.
        assert_eq!(variant, Variant::Mined, "{last_fen}");
        assert!(matches!(ending, Ending::Rules(Some(_))), "{last_fen}: {ending:?}");
        let board = last_fen.split(' ').next().unwrap();
        match (board.contains('K'), board.contains('k')) {
            (true, false) => assert_eq!(ending, Ending::Rules(Some(Player::First)), "{last_fen}"),
            (false, true) => assert_eq!(ending, Ending::Rules(Some(Player::Second)), "{last_fen}"),
            _ => {}
        }
        return;
    };
    let by_position = VariantRecord::new(position).result();
    match ending {
        Ending::Rules(winner) => match by_position {
            Some(result) => {
                let expected = match result.score_text() {
                    "1-0" => Some(Player::First),
                    "0-1" => Some(Player::Second),
                    _ => None,
                };
                assert_eq!(winner, expected, "{variant}: {last_fen} is {result}");
            }
            // Only a repetition ends a game that its last position does not.
            None => assert_eq!(winner, None, "{variant}: {last_fen}"),
        },
        Ending::PlyLimit => {
            assert!(by_position.is_none_or(|r| matches!(r, VariantResult::Draw(_))), "{variant}: {last_fen}")
        }
    }
}

#[test]
fn every_game_makes_records_that_read_back_with_results_that_agree_with_its_end() {
    let settings = Settings { nodes: 150, ..Settings::new(PathBuf::new()) };
    let mut engine = Engine::new();
    for game in games() {
        let mut endings = Vec::new();
        for seed in 0..3 {
            let played = game_datagen::play(&mut engine, &settings, game, &mut ChaCha12Rng::seed_from_u64(seed))
                .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            check_ending(game, &played.last_fen, played.ending);
            for kept in &played.kept {
                let Kept { fen, player, .. } = kept;
                assert_eq!(player_of(game, fen).as_ref(), Ok(player), "{}: {fen}", game.name());
                assert_eq!(&fen_round_trip(game, fen), fen, "{}", game.name());
                let result = kept.result(played.ending);
                match played.ending {
                    Ending::Rules(Some(winner)) => assert_eq!(result, if winner == *player { "1" } else { "0" }),
                    _ => assert_eq!(result, "0.5"),
                }
            }
            endings.push(played.ending);
        }
        eprintln!("{}: {endings:?}", game.name());
    }
}

/// The file's records: its header, then `(fen, score, result)` lines.
fn records(path: &Path) -> (String, Vec<(String, i32, String)>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_string();
    let records = lines
        .map(|line| {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 3, "{line}");
            (fields[0].to_string(), fields[1].parse().unwrap(), fields[2].to_string())
        })
        .collect();
    (header, records)
}

#[test]
fn every_game_writes_a_file_of_its_own_format_that_reads_back() {
    let dir = temporary("each");
    for game in games() {
        let path = dir.join(format!("{}.txt", game.name()));
        let progress = game_datagen::run(&quick(&path, game, 2), Duration::from_secs(60)).unwrap();
        let (header, records) = records(&path);
        assert_eq!(header, game.header());
        assert!(header.contains(game.name()));
        assert_eq!(records.len() as u64, progress.positions.load(std::sync::atomic::Ordering::Relaxed));
        assert!(!records.is_empty(), "{}", game.name());
        for (fen, score, result) in &records {
            assert!(player_of(game, fen).is_ok(), "{}: {fen}", game.name());
            assert!(score.abs() < 30_000);
            assert!(["1", "0.5", "0"].contains(&result.as_str()), "{result}");
        }
        let note = std::fs::read_to_string(format!("{}.progress", path.display())).unwrap();
        assert!(note.contains(&format!("--variant {} ", game.name())), "{note}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_seed_makes_one_file_whatever_the_threads_and_a_resumed_run_the_same_file() {
    let dir = temporary("same");
    for game in [DataGame::Variant(Variant::Placement), DataGame::Variant(Variant::Marseillais), DataGame::Elven] {
        let name = game.name();
        let (once, again, threads, resumed) = (
            dir.join(format!("{name}1")),
            dir.join(format!("{name}2")),
            dir.join(format!("{name}3")),
            dir.join(format!("{name}4")),
        );
        game_datagen::run(&quick(&once, game, 4), Duration::from_secs(60)).unwrap();
        game_datagen::run(&quick(&again, game, 4), Duration::from_secs(60)).unwrap();
        game_datagen::run(&Settings { threads: 2, ..quick(&threads, game, 4) }, Duration::from_secs(60)).unwrap();
        game_datagen::run(&quick(&resumed, game, 1), Duration::from_secs(60)).unwrap();
        game_datagen::run(&Settings { threads: 2, ..quick(&resumed, game, 4) }, Duration::from_secs(60)).unwrap();
        let bytes = std::fs::read(&once).unwrap();
        for other in [&again, &threads, &resumed] {
            assert!(std::fs::read(other).unwrap() == bytes, "{name}: {} differs", other.display());
        }
        let note = |path: &Path| std::fs::read_to_string(format!("{}.progress", path.display())).unwrap();
        assert_eq!(note(&resumed), note(&once));
        assert!(note(&once).contains(&format!("games 4\nrecords {}\nbytes {}\n", records(&once).1.len(), bytes.len())));
        // Other settings, or another game, on the file are refused.
        let error = game_datagen::run(&Settings { nodes: 151, ..quick(&once, game, 6) }, Duration::from_secs(60))
            .expect_err("other nodes refused");
        assert!(error.contains("--nodes 150") && error.contains("--nodes 151"), "{error}");
        let other_game = DataGame::Variant(Variant::Losers);
        let error = game_datagen::run(&quick(&once, other_game, 6), Duration::from_secs(60)).expect_err("refused");
        assert!(error.contains("--variant losers"), "{error}");
        assert!(std::fs::read(&once).unwrap() == bytes);
    }
    // Chess's binary file and a game's text file are not taken for each other.
    let chess = dir.join("chess.bin");
    let chess_settings = Settings { games: Some(1), nodes: 150, ..Settings::new(chess.clone()) };
    roque::tools::datagen::run(&chess_settings, Duration::from_secs(60)).unwrap();
    let error = game_datagen::run(&quick(&chess, DataGame::Elven, 2), Duration::from_secs(60)).expect_err("refused");
    assert!(error.contains("--variant elven"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_command_line_takes_a_game_and_refuses_chess_an_unknown_one_and_chess_options() {
    let dir = temporary("cli");
    let output = dir.join("losers.txt");
    let roque = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_roque")).args(args).output().unwrap();
    let out = output.to_str().unwrap();
    let run = roque(&["datagen", "--variant", "losing", "--output", out, "--games", "1", "--nodes", "100"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(std::fs::read_to_string(&output).unwrap().starts_with("# roque datagen losers: "));
    for (args, message) in [
        (vec!["--variant", "shogi"], "'shogi' is not a game"),
        (vec!["--variant", "chess"], "without --variant"),
        (vec!["--variant", "elven", "--book", "book.epd"], "--book is for chess's datagen"),
        (vec!["--variant", "elven", "--eval", "hce"], "--eval is for chess's datagen"),
        (vec!["--variant"], "--variant needs a value"),
    ] {
        let run = roque(&[&["datagen", "--output", out], args.as_slice()].concat());
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success() && stderr.contains(message), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_losers_file_reads_as_training_records_from_whites_view_and_the_other_games_are_refused() {
    use roque::tools::data_files::read_records;
    use roque::tools::training_data::GameOutcome;
    let dir = temporary("records");
    let losers = dir.join("losers.txt");
    let game = DataGame::Variant(Variant::Losers);
    let lines = [
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | -50 | 0",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | 120 | 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 7 | 0.5",
    ];
    std::fs::write(&losers, format!("{}\n{}\n", game.header(), lines.join("\n"))).unwrap();
    let records = read_records(&losers).unwrap();
    let read: Vec<(i16, GameOutcome)> = records.iter().map(|r| (r.score, r.outcome)).collect();
    assert_eq!(
        read,
        [(-50, GameOutcome::BlackWins), (-120, GameOutcome::BlackWins), (7, GameOutcome::Draw)],
        "scores and results turned to White's view"
    );
    // A score whose White view an i16 cannot hold is refused, not wrapped.
    let too_low = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 | -32768 | 1";
    assert!(roque::tools::training_data::Record::from_side_to_move_text(too_low).is_err());
    // Self-play's own file reads too, every line of it.
    let made = dir.join("made.txt");
    game_datagen::run(&quick(&made, game, 2), Duration::from_secs(60)).unwrap();
    assert_eq!(read_records(&made).unwrap().len(), records_of(&made));
    // A game whose positions hold more than a board is refused, by name.
    let placement = dir.join("placement.txt");
    std::fs::write(&placement, format!("{}\n", DataGame::Variant(Variant::Placement).header())).unwrap();
    let error = read_records(&placement).unwrap_err();
    assert!(error.contains("placement") && error.contains("more than a chess board"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

fn records_of(path: &Path) -> usize {
    records(path).1.len()
}
