//! The network's pipeline end to end: `roque datagen` writes records that
//! read back into the positions, scores and results it played, a run killed
//! at any moment leaves a valid file, `roque data` converts without loss,
//! and the trainer lowers its loss and writes a network the engine loads.

use roque::board::Position;
use roque::nnue::network::KingBuckets;
use roque::tools::augment::{augment, AugmentSettings};
use roque::tools::data_files::{read_records, write_records};
use roque::tools::datagen::{self, Settings};
use roque::tools::train::{quantisation_error, Shape, TrainSettings, Trainer};
use roque::tools::training_data::{detect_layout, GameOutcome, Layout, Record, RECORD_BYTES};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("roque-training-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(dir.join(format!("{name}.progress")));
    path
}

fn quick_settings(output: &Path, games: u64, seed: u64) -> Settings {
    Settings { games: Some(games), nodes: 300, seed, ..Settings::new(output.to_path_buf()) }
}

/// `roque data <args>`, which must succeed; its output.
fn data_command(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_roque")).arg("data").args(args).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// Checks what every record of a datagen file must be.
fn check_records(records: &[Record]) {
    for record in records {
        let position = record.position().unwrap_or_else(|e| panic!("{}: {e}", record.fen()));
        assert!(!position.in_check(), "{}", position.fen());
        assert!(record.score.abs() < 15_000, "not a mate score: {}", record.score);
        assert_eq!(Record::new(&position, record.score, record.outcome), *record);
    }
}

#[test]
fn datagen_is_reproducible_and_its_records_read_back() {
    let first = scratch("a.bin");
    let second = scratch("b.bin");
    let progress = datagen::run(&quick_settings(&first, 10, 11), Duration::from_secs(60)).unwrap();
    datagen::run(&quick_settings(&second, 10, 11), Duration::from_secs(60)).unwrap();
    let bytes = std::fs::read(&first).unwrap();
    let two_threads = scratch("a2.bin");
    datagen::run(&Settings { threads: 2, ..quick_settings(&two_threads, 10, 11) }, Duration::from_secs(60)).unwrap();
    assert_eq!(bytes, std::fs::read(&second).unwrap(), "one seed: the same file");
    assert_eq!(bytes, std::fs::read(&two_threads).unwrap(), "one seed, two threads: the same file");
    assert_eq!(bytes.len() as u64, progress.positions.load(std::sync::atomic::Ordering::Relaxed) * 32);
    let records = read_records(&first).unwrap();
    assert!(records.len() > 50, "{} positions from 10 games", records.len());
    check_records(&records);
    // Games are written whole: consecutive records of one game share its
    // outcome, so the outcome changes at most at the nine game boundaries.
    let changes = records.windows(2).filter(|w| w[0].outcome != w[1].outcome).count();
    assert!(changes <= 9);
    // Another seed plays other games.
    let other = scratch("c.bin");
    datagen::run(&quick_settings(&other, 2, 12), Duration::from_secs(60)).unwrap();
    assert_ne!(std::fs::read(&other).unwrap()[..64], bytes[..64]);
}

#[test]
fn a_killed_datagen_run_leaves_a_valid_file_that_a_new_run_extends() {
    let output = scratch("killed.bin");
    let mut child = Command::new(env!("CARGO_BIN_EXE_roque"))
        .args(["datagen", "--output", output.to_str().unwrap(), "--threads", "2", "--nodes", "300", "--games", "12"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::metadata(&output).map_or(0, |m| m.len()) < 20 * RECORD_BYTES as u64 {
        assert!(start.elapsed() < Duration::from_secs(60), "datagen wrote nothing in a minute");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    // A partial record is possible only mid-write; the next run trims it,
    // and goes on from the first game not written.
    let status = Command::new(env!("CARGO_BIN_EXE_roque"))
        .args(["datagen", "--output", output.to_str().unwrap(), "--games", "12", "--nodes", "300"])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let records = read_records(&output).unwrap();
    assert!(records.len() >= 20);
    check_records(&records);
    // The killed run and its resumption wrote what one whole run writes.
    let whole = scratch("whole.bin");
    datagen::run(&Settings { seed: 1, ..quick_settings(&whole, 12, 1) }, Duration::from_secs(60)).unwrap();
    assert!(std::fs::read(&output).unwrap() == std::fs::read(&whole).unwrap(), "a resumed run repeats or loses games");
}

#[test]
fn a_resumed_datagen_run_goes_on_from_its_last_game() {
    let whole = scratch("whole-6.bin");
    let parts = scratch("parts-6.bin");
    datagen::run(&quick_settings(&whole, 6, 13), Duration::from_secs(60)).unwrap();
    let first = datagen::run(&quick_settings(&parts, 2, 13), Duration::from_secs(60)).unwrap();
    assert_eq!(first.games.load(std::sync::atomic::Ordering::Relaxed), 2);
    // --games is the file's total: the second run plays games 2 to 5 only.
    let second = datagen::run(&quick_settings(&parts, 6, 13), Duration::from_secs(60)).unwrap();
    assert_eq!(second.games.load(std::sync::atomic::Ordering::Relaxed), 4);
    assert!(std::fs::read(&parts).unwrap() == std::fs::read(&whole).unwrap(), "2 + 4 games differ from 6");
    // A file already complete plays nothing more.
    let third = datagen::run(&quick_settings(&parts, 6, 13), Duration::from_secs(60)).unwrap();
    assert_eq!(third.games.load(std::sync::atomic::Ordering::Relaxed), 0);
    // Records written after the last progress note (a run killed between
    // the two writes) are dropped, and their games played again.
    let length = std::fs::metadata(&parts).unwrap().len();
    let mut file = std::fs::OpenOptions::new().append(true).open(&parts).unwrap();
    file.write_all(&std::fs::read(&whole).unwrap()[..3 * RECORD_BYTES]).unwrap();
    drop(file);
    datagen::run(&quick_settings(&parts, 6, 13), Duration::from_secs(60)).unwrap();
    assert_eq!(std::fs::metadata(&parts).unwrap().len(), length);
    // Other settings would mix two kinds of games in one file: refused, the
    // file left as it was.
    let error = datagen::run(&quick_settings(&parts, 8, 14), Duration::from_secs(60)).unwrap_err();
    assert!(error.contains("--seed 13") && error.contains("--seed 14"), "{error}");
    let error =
        datagen::run(&Settings { nodes: 400, ..quick_settings(&parts, 8, 13) }, Duration::from_secs(60)).unwrap_err();
    assert!(error.contains("--nodes 300") && error.contains("--nodes 400"), "{error}");
    assert!(std::fs::read(&parts).unwrap() == std::fs::read(&whole).unwrap());
    // Records with no note of the games they hold cannot be extended
    // without the risk of repeating them.
    let bare = scratch("bare.bin");
    std::fs::copy(&whole, &bare).unwrap();
    let error = datagen::run(&quick_settings(&bare, 8, 13), Duration::from_secs(60)).unwrap_err();
    assert!(error.contains("bare.bin.progress"), "{error}");
    assert!(std::fs::read(&bare).unwrap() == std::fs::read(&whole).unwrap());
}

#[test]
fn datagen_refuses_bad_arguments_and_unwritable_output() {
    let run = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_roque")).arg("datagen").args(args).output().unwrap();
        (output.status.success(), String::from_utf8_lossy(&output.stderr).to_string())
    };
    let (ok, error) = run(&["--games", "1"]);
    assert!(!ok && error.contains("--output"), "{error}");
    let (ok, error) = run(&["--output", "/nonexistent-dir/x.bin", "--games", "1"]);
    assert!(!ok && error.contains("cannot write /nonexistent-dir/x.bin"), "{error}");
    let (ok, error) = run(&["--output", "x.bin", "--nodes", "many"]);
    assert!(!ok && error.contains("'many'"), "{error}");
}

#[test]
fn datagen_writes_marlinformat_and_goes_on_in_an_old_files_layout() {
    let whole = scratch("layout-whole.bin");
    datagen::run(&quick_settings(&whole, 4, 15), Duration::from_secs(60)).unwrap();
    assert_eq!(detect_layout(&std::fs::read(&whole).unwrap()), Ok(Layout::Marlin));
    // A file of the first layout, with its note: two games of the four.
    let part = scratch("layout-part.bin");
    datagen::run(&quick_settings(&part, 2, 15), Duration::from_secs(60)).unwrap();
    let old = scratch("layout-old.bin");
    data_command(&["convert", part.to_str().unwrap(), old.to_str().unwrap(), "--legacy"]);
    assert_eq!(detect_layout(&std::fs::read(&old).unwrap()), Ok(Layout::Legacy));
    std::fs::copy(part.with_extension("bin.progress"), old.with_extension("bin.progress")).unwrap();
    // The run goes on in the first layout: the four games, as that layout
    // writes them.
    datagen::run(&quick_settings(&old, 4, 15), Duration::from_secs(60)).unwrap();
    let whole_old = scratch("layout-whole-old.bin");
    data_command(&["convert", whole.to_str().unwrap(), whole_old.to_str().unwrap(), "--legacy"]);
    assert!(std::fs::read(&old).unwrap() == std::fs::read(&whole_old).unwrap(), "the run changed layout");
    // And converts back to marlinformat byte for byte.
    let back = scratch("layout-back.bin");
    data_command(&["convert", old.to_str().unwrap(), back.to_str().unwrap()]);
    assert!(std::fs::read(&back).unwrap() == std::fs::read(&whole).unwrap());
    assert_eq!(read_records(&old).unwrap(), read_records(&whole).unwrap());
}

#[test]
fn data_files_convert_between_binary_and_text_without_loss() {
    let binary = scratch("convert.bin");
    datagen::run(&quick_settings(&binary, 2, 21), Duration::from_secs(60)).unwrap();
    let text = scratch("convert.txt");
    let back = scratch("convert-back.bin");
    data_command(&["convert", binary.to_str().unwrap(), text.to_str().unwrap()]);
    data_command(&["convert", text.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(std::fs::read(&binary).unwrap(), std::fs::read(&back).unwrap());
    let first_line = std::fs::read_to_string(&text).unwrap().lines().next().unwrap().to_string();
    let fields: Vec<&str> = first_line.split(" | ").collect();
    assert_eq!(fields.len(), 3, "{first_line}");
    Position::from_fen(fields[0]).unwrap();
    let shuffled = scratch("shuffled.bin");
    data_command(&["shuffle", binary.to_str().unwrap(), shuffled.to_str().unwrap(), "5"]);
    let (mut a, mut b) = (read_records(&binary).unwrap(), read_records(&shuffled).unwrap());
    assert_ne!(a, b, "shuffled");
    a.sort_by_key(|r| r.to_bytes(Layout::Marlin));
    b.sort_by_key(|r| r.to_bytes(Layout::Marlin));
    assert_eq!(a, b, "the same positions");
    let merged = scratch("merged.bin");
    data_command(&["merge", merged.to_str().unwrap(), binary.to_str().unwrap(), text.to_str().unwrap()]);
    assert_eq!(read_records(&merged).unwrap().len(), 2 * a.len());
    let summary = data_command(&["inspect", binary.to_str().unwrap(), "2"]);
    assert!(summary.contains(&format!("positions {}", a.len())), "{summary}");
    // A file that is not whole records is refused, naming it.
    std::fs::write(&merged, [0u8; 33]).unwrap();
    let error = read_records(&merged).unwrap_err();
    assert!(error.contains("33 bytes"), "{error}");
}

/// A command of the pipeline, which must fail; its standard error.
fn failing(program: &str, args: &[&str]) -> String {
    let output = Command::new(program).args(args).output().unwrap();
    assert!(!output.status.success(), "{program} {args:?} succeeded");
    String::from_utf8_lossy(&output.stderr).to_string()
}

#[test]
fn no_tool_writes_over_a_file_it_reads() {
    let data = scratch("own.bin");
    datagen::run(&quick_settings(&data, 2, 23), Duration::from_secs(60)).unwrap();
    let before = std::fs::read(&data).unwrap();
    let other = scratch("other.bin");
    std::fs::write(&other, &before).unwrap();
    let (data_name, other_name) = (data.to_str().unwrap(), other.to_str().unwrap());
    let roque = env!("CARGO_BIN_EXE_roque");
    let train = env!("CARGO_BIN_EXE_roque-train");
    for args in [
        vec!["data", "convert", data_name, data_name],
        vec!["data", "shuffle", data_name, data_name],
        vec!["data", "merge", data_name, other_name, data_name],
        vec!["data", "augment", data_name, data_name, "--walks", "1"],
    ] {
        let error = failing(roque, &args);
        assert!(error.contains("is the input"), "{args:?}: {error}");
    }
    for args in [
        vec![data_name, "--out", data_name],
        vec![other_name, "--validation", data_name, "--out", data_name],
        vec![data_name, "--out", "n.nnue", "--checkpoint", data_name],
    ] {
        let error = failing(train, &args);
        assert!(error.contains("is the input"), "{args:?}: {error}");
    }
    assert_eq!(std::fs::read(&data).unwrap(), before, "untouched");
    // No data: an error, not an untrained network.
    let empty = scratch("empty.bin");
    std::fs::write(&empty, b"").unwrap();
    let net = scratch("empty.nnue");
    let error = failing(train, &[empty.to_str().unwrap(), "--out", net.to_str().unwrap()]);
    assert!(error.contains("no training positions"), "{error}");
    assert!(!net.exists());
}

#[test]
fn a_checkpoint_goes_on_only_under_the_run_that_made_it() {
    let data = scratch("ck-data.bin");
    datagen::run(&quick_settings(&data, 3, 29), Duration::from_secs(60)).unwrap();
    let (checkpoint, net) = (scratch("ck.bin"), scratch("ck.nnue"));
    let _ = std::fs::remove_file(scratch("ck.bin.run"));
    let args = |batch: &str| -> Vec<String> {
        let (data, net, checkpoint) = (data.display(), net.display(), checkpoint.display());
        format!("{data} --out {net} --checkpoint {checkpoint} --epochs 1 --batch {batch}")
            .split(' ')
            .map(String::from)
            .collect()
    };
    let train = |args: Vec<String>| Command::new(env!("CARGO_BIN_EXE_roque-train")).args(args).output().unwrap();
    assert!(train(args("64")).status.success());
    // The same run again goes on (here: its one epoch is done).
    let again = train(args("64"));
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert!(String::from_utf8_lossy(&again.stdout).contains("resuming from"));
    // Another batch size is another run.
    let other = train(args("32"));
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert!(!other.status.success() && stderr.contains("was made by another run"), "{stderr}");
}

/// Positions of a few quick games (in `source`) labelled with plain
/// material, so that a few epochs learn something measurable.
fn material_records(source: &Path) -> Vec<Record> {
    datagen::run(&quick_settings(source, 8, 31), Duration::from_secs(60)).unwrap();
    read_records(source)
        .unwrap()
        .iter()
        .map(|r| {
            let position = r.position().unwrap();
            let material: i32 = position
                .occupied()
                .map(|s| {
                    let piece = position.piece_on(s).unwrap();
                    [100, 300, 300, 500, 900, 0][piece.kind().index()] * piece.color().sign()
                })
                .sum();
            let outcome = match material {
                m if m > 0 => GameOutcome::WhiteWins,
                m if m < 0 => GameOutcome::BlackWins,
                _ => GameOutcome::Draw,
            };
            Record::new(&position, material as i16, outcome)
        })
        .collect()
}

/// The mean |float - quantised| evaluation over `records`, and the mean
/// |float|, in centipawns.
fn quantisation_gap(
    trainer: &Trainer,
    network: &roque::nnue::Network,
    records: &[Record],
    settings: &TrainSettings,
) -> (f32, f32) {
    let (mut difference, mut size) = (0.0, 0.0);
    for record in records {
        let float = trainer.evaluate(record, settings);
        let quantised = roque::nnue::evaluate(network, &record.position().unwrap()) as f32;
        difference += (float - quantised).abs() / records.len() as f32;
        size += float.abs() / records.len() as f32;
    }
    (difference, size)
}

/// Trains `trainer` for the settings' epochs and checks that its loss
/// fell by more than 30%.
fn learns<const H: usize>(trainer: &mut Trainer<H>, records: &[Record], settings: &TrainSettings) {
    let before = trainer.loss(records, settings);
    for _ in 0..settings.epochs {
        trainer.epoch(records, settings);
    }
    let after = trainer.loss(records, settings);
    assert!(after < before * 0.7, "loss {before} -> {after}");
}

/// The quantised network of `trainer`, checked to follow the float one
/// (rounding the hidden layer to 1/255 leaves a few centipawns), and the
/// scratch file `name` it is written to.
fn quantised(
    trainer: &Trainer,
    records: &[Record],
    settings: &TrainSettings,
    name: &str,
) -> (Box<roque::nnue::Network>, PathBuf) {
    let network = trainer.quantise(settings.scale);
    let (difference, size) = quantisation_gap(trainer, &network, records, settings);
    assert!(difference < 5.0 + 0.05 * size, "mean |float - quantised| {difference} where mean |float| is {size}");
    let path = scratch(name);
    std::fs::write(&path, network.to_bytes()).unwrap();
    (network, path)
}

/// The engine started with `setoption name EvalFile value <net>`: the
/// process, its input, its lines, and its line on the EvalFile.
fn engine_given_eval_file(net: &Path) -> (Child, ChildStdin, impl Iterator<Item = String>, String) {
    let mut engine =
        Command::new(env!("CARGO_BIN_EXE_roque")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = engine.stdin.take().unwrap();
    let mut lines = BufReader::new(engine.stdout.take().unwrap()).lines().map(|line| line.unwrap());
    writeln!(input, "setoption name EvalFile value {}", net.display()).unwrap();
    let answer = lines.find(|line| line.contains("EvalFile")).unwrap();
    (engine, input, lines, answer)
}

#[test]
fn the_trainer_lowers_its_loss_and_writes_a_network_the_engine_loads() {
    let source = scratch("train-source.bin");
    let records = material_records(&source);
    let settings = TrainSettings { epochs: 6, batch_size: 256, learning_rate: 0.01, ..TrainSettings::default() };
    let mut trainer = Trainer::new(1);
    learns(&mut trainer, &records, &settings);

    // A checkpoint restores the same trainer.
    let checkpoint = scratch("train.checkpoint");
    trainer.save_checkpoint(&checkpoint).unwrap();
    let restored = Trainer::<256>::load_checkpoint(&checkpoint).unwrap();
    assert_eq!(restored.parameters, trainer.parameters);
    assert_eq!(restored.epochs_done, settings.epochs);

    // The quantised network follows the float one and loads in the engine.
    let (network, net_path) = quantised(&trainer, &records, &settings, "trained.nnue");
    // The evaluation from every man (the trainer's check, at any width)
    // is the engine's own.
    for record in &records[..200] {
        let position = record.position().unwrap();
        assert_eq!(network.evaluate_from_scratch(&position), roque::nnue::evaluate(&network, &position));
    }
    let mut engine =
        Command::new(env!("CARGO_BIN_EXE_roque")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut input = engine.stdin.take().unwrap();
    let mut lines = BufReader::new(engine.stdout.take().unwrap()).lines();
    let banner = lines.next().unwrap().unwrap();
    assert!(banner.starts_with("Roque"), "{banner}");
    // A file that is no network is refused and changes nothing.
    writeln!(input, "setoption name EvalFile value {}", source.display()).unwrap();
    let refusal = lines.next().unwrap().unwrap();
    assert!(refusal.starts_with("info string error: setoption: EvalFile:"), "{refusal}");
    assert!(refusal.contains("the network stays <internal>"), "{refusal}");
    writeln!(input, "setoption name EvalFile value {}", net_path.display()).unwrap();
    let loaded = lines.next().unwrap().unwrap();
    assert!(loaded.contains("EvalFile: evaluating with") && loaded.contains("trained.nnue"), "{loaded}");
    writeln!(input, "position startpos moves e2e4\ngo depth 6").unwrap();
    loop {
        let line = lines.next().expect("the engine answers").unwrap();
        assert!(!line.contains("error"), "{line}");
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(input, "quit").unwrap();
    engine.wait().unwrap();
}

/// A network with king buckets and a factoriser: it learns, its checkpoint
/// keeps its shape, its quantised network (the factoriser folded into each
/// bucket) follows the float one, and the engine loads it and plays with
/// it. Started from a network without buckets, into buckets that do not
/// mirror, the trainer's network is that network.
#[test]
fn a_network_with_king_buckets_trains_and_plays() {
    let source = scratch("buckets-source.bin");
    let records = material_records(&source);
    let settings = TrainSettings { epochs: 4, batch_size: 256, learning_rate: 0.01, ..TrainSettings::default() };
    let shape = Shape { king_buckets: KingBuckets::named("mirror4").unwrap(), factorised: true, ..Shape::PLAIN };
    let mut trainer = Trainer::with_shape(1, shape);
    learns(&mut trainer, &records, &settings);

    let checkpoint = scratch("buckets.checkpoint");
    trainer.save_checkpoint(&checkpoint).unwrap();
    let restored = Trainer::<256>::load_checkpoint(&checkpoint).unwrap();
    assert_eq!((restored.shape, &restored.parameters), (shape, &trainer.parameters));
    let mut cut = std::fs::read(&checkpoint).unwrap();
    cut.truncate(cut.len() - 4);
    std::fs::write(&checkpoint, &cut).unwrap();
    let refused = Trainer::<256>::load_checkpoint(&checkpoint).err().unwrap();
    assert!(refused.contains("is not a checkpoint"), "{refused}");

    let (network, net_path) = quantised(&trainer, &records, &settings, "buckets.nnue");
    assert_eq!(network.king_buckets, shape.king_buckets);
    let (mut engine, mut input, mut lines, loaded) = engine_given_eval_file(&net_path);
    assert!(loaded.contains("evaluating with") && loaded.contains("buckets.nnue"), "{loaded}");
    // White has castled (its view mirrored), and the search moves kings.
    writeln!(input, "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1\ngo depth 7").unwrap();
    for line in lines.by_ref() {
        assert!(!line.contains("error"), "{line}");
        if line.starts_with("bestmove") {
            break;
        }
    }
    writeln!(input, "quit").unwrap();
    engine.wait().unwrap();

    // From the built-in network (no buckets), into buckets that do not
    // mirror: the same evaluation, up to the quantisation's rounding. (Into
    // mirrored ones, a king on the e to h files reads the built-in rows of
    // the mirrored squares: another evaluation.)
    let embedded = roque::nnue::embedded();
    let settings = TrainSettings { scale: embedded.scale as f32, ..settings };
    let mut map = [1; 64];
    map[..16].fill(0);
    let unmirrored =
        Shape { king_buckets: KingBuckets { map, mirror: false, count: 2 }, factorised: true, ..Shape::PLAIN };
    for shape in [unmirrored, Shape { factorised: false, ..unmirrored }] {
        let started = Trainer::from_network(&embedded, shape).unwrap();
        let (difference, _) = quantisation_gap(&started, &embedded, &records, &settings);
        assert!(difference < 8.0, "mean |float - built-in| {difference}");
    }
    let mirrored = Trainer::from_network(&embedded, shape).unwrap();
    let (difference, _) = quantisation_gap(&mirrored, &embedded, &records, &settings);
    assert!(difference > 8.0, "mirrored, mean |float - built-in| {difference}");
    assert!(Trainer::from_network(&network, shape).is_err(), "a network with buckets is no start");
}

/// A network of another hidden size than the built-in one's: the trainer
/// makes it and reads it back, its checkpoint is refused by a run of
/// another width, and the engine, built for the built-in width, refuses it
/// by its width and keeps its network.
#[test]
fn a_network_of_another_width_trains_and_the_engine_names_its_width() {
    let source = scratch("width-source.bin");
    let records = material_records(&source);
    let settings = TrainSettings { epochs: 4, batch_size: 256, learning_rate: 0.01, ..TrainSettings::default() };
    let mut trainer = Trainer::<128>::new(1);
    learns(&mut trainer, &records, &settings);
    let network = trainer.quantise(settings.scale);
    let (mean, _) = quantisation_error(&trainer, &network, &records[..500], &settings);
    let size = records[..500].iter().map(|r| trainer.evaluate(r, &settings).abs() as f64).sum::<f64>() / 500.0;
    assert!(mean < 5.0 + 0.05 * size, "mean |float - quantised| {mean} where mean |float| is {size}");
    let net_path = scratch("width-128.nnue");
    std::fs::write(&net_path, network.to_bytes()).unwrap();
    assert_eq!(roque::nnue::load_width::<128>(&net_path).unwrap().to_bytes(), network.to_bytes());
    assert_eq!(roque::nnue::HIDDEN, 256, "the built-in network's width");
    let refused = roque::nnue::load(&net_path).err().unwrap();
    assert!(refused.contains("a hidden layer of 128 neurons, where 256 are read"), "{refused}");

    let checkpoint = scratch("width-128.checkpoint");
    trainer.save_checkpoint(&checkpoint).unwrap();
    let refused = Trainer::<256>::load_checkpoint(&checkpoint).err().unwrap();
    assert!(refused.contains("a network of 128 hidden neurons, where this run trains 256"), "{refused}");
    assert_eq!(Trainer::<128>::load_checkpoint(&checkpoint).unwrap().parameters, trainer.parameters);

    let (mut engine, mut input, _, refusal) = engine_given_eval_file(&net_path);
    assert!(refusal.starts_with("info string error: setoption: EvalFile:"), "{refusal}");
    assert!(refusal.contains("128 neurons") && refusal.contains("the network stays <internal>"), "{refusal}");
    writeln!(input, "quit").unwrap();
    engine.wait().unwrap();
}

#[test]
fn augmented_positions_are_legal_labelled_and_independent_of_the_threads() {
    let source = scratch("augment-source.bin");
    datagen::run(&quick_settings(&source, 2, 41), Duration::from_secs(60)).unwrap();
    let one = scratch("augment-1.bin");
    let two = scratch("augment-2.bin");
    let settings = AugmentSettings { walks: 6, max_plies: 3, depth: 1, threads: 1, ..AugmentSettings::default() };
    let count = augment(&source, &one, &settings).unwrap();
    augment(&source, &two, &AugmentSettings { threads: 2, ..settings }).unwrap();
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
    let sources = read_records(&source).unwrap();
    let records = read_records(&one).unwrap();
    assert_eq!(records.len(), count);
    assert!(count > sources.len(), "{count} positions from {} sources", sources.len());
    for record in &records {
        let position = record.position().unwrap();
        assert!(!position.in_check());
        assert!(record.score.abs() <= 3000);
    }
}

/// A position reached by a walk from a game's position carries that game's
/// result, so that training may blend results in (issue 31): sources whose
/// games Black won give records of Black's wins, White's White's.
#[test]
fn augmented_positions_keep_the_result_of_their_game() {
    let source = scratch("augment-result-source.bin");
    datagen::run(&quick_settings(&source, 2, 43), Duration::from_secs(60)).unwrap();
    let settings = AugmentSettings { walks: 4, max_plies: 2, depth: 1, threads: 1, ..AugmentSettings::default() };
    for outcome in [GameOutcome::BlackWins, GameOutcome::WhiteWins] {
        let mut records = read_records(&source).unwrap();
        records.iter_mut().for_each(|r| r.outcome = outcome);
        let won = scratch("augment-result-won.bin");
        write_records(&won, &records).unwrap();
        let out = scratch("augment-result-out.bin");
        assert!(augment(&won, &out, &settings).unwrap() > 0);
        assert!(read_records(&out).unwrap().iter().all(|r| r.outcome == outcome), "{outcome:?}");
    }
}

/// The generator behind datagen, the trainer and the data tools is named
/// (ChaCha12, seeded from a u64 by rand_core's PCG32): a crate update that
/// changed its stream would change every data set and network a manifest
/// rebuilds. Its first values, pinned.
#[test]
fn the_data_and_training_generator_keeps_its_stream() {
    use rand::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(601);
    let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
    assert_eq!(first, [0xf9d3_1490_4067_a817, 0x1918_dd04_b5ad_90fd, 0x4f6f_e1c2_a709_f93a]);
}

/// The trainer maps binary files rather than reading them: the set of
/// files, in either layout and with text among them, gives the records
/// reading them would, in their order; the validation set comes off its
/// end; a damaged record is refused when the files are opened, named.
#[test]
fn the_trainers_mapped_files_hold_the_records_a_read_gives() {
    use roque::tools::record_set::{FileRecords, RecordSet};
    let marlin = scratch("set-marlin.bin");
    datagen::run(&quick_settings(&marlin, 2, 31), Duration::from_secs(60)).unwrap();
    let other = scratch("set-other.bin");
    datagen::run(&quick_settings(&other, 2, 32), Duration::from_secs(60)).unwrap();
    let legacy = scratch("set-legacy.bin");
    data_command(&["convert", other.to_str().unwrap(), legacy.to_str().unwrap(), "--legacy"]);
    let text = scratch("set-text.txt");
    data_command(&["convert", marlin.to_str().unwrap(), text.to_str().unwrap()]);
    let paths = [marlin.clone(), legacy, text];
    let expected: Vec<Record> = paths.iter().flat_map(|p| read_records(p).unwrap()).collect();
    let mut set = FileRecords::open(&paths).unwrap();
    assert_eq!(set.len(), expected.len());
    assert!((0..set.len()).all(|i| set.get(i) == expected[i]));
    let tail = set.split_off(7);
    assert_eq!(tail, expected[expected.len() - 7..]);
    assert_eq!(set.len(), expected.len() - 7);
    // The third record's result damaged.
    let mut bytes = std::fs::read(&marlin).unwrap();
    bytes[2 * RECORD_BYTES + 30] = 7;
    let damaged = scratch("set-damaged.bin");
    std::fs::write(&damaged, &bytes).unwrap();
    let error = FileRecords::open(std::slice::from_ref(&damaged)).err().unwrap();
    assert!(error.contains("set-damaged.bin record 3") && error.contains("'7'"), "{error}");
    assert_eq!(read_records(&damaged).unwrap_err(), error);
}

/// An engine match's games as cutechess-cli writes them: scores first in
/// the move comments, from the mover's view.
const MATCH_PGN: &str = r#"[Event "m"]
[White "a"]
[Black "b"]
[Result "1-0"]

1. e4 {book} e5 {+0.20/10 0.1s} 2. Nf3 {+0.31/12 0.2s, line="info string pgncomment x"} Nc6 {-0.25/11 0.1s}
3. Bb5 {+0.40/12} a6 {-0.35/12} 4. Bxc6 {+0.30/13} dxc6 {-M9/20} 5. O-O {+0.50/14} 1-0

[Event "m"]
[Result "*"]

1. d4 {+0.10/5} *

[Event "m"]
[Variant "atomic"]
[Result "0-1"]

1. e4 {+0.1/3} 0-1

[Event "m"]
[Result "1/2-1/2"]

1. e4 {+0.1/5} f5 {-0.2/5} 2. Qh5+ {+0.3/5} g6 {-0.5/5} 1/2-1/2
"#;

#[test]
fn an_engine_matchs_pgn_gives_its_scored_quiet_positions_from_whites_view() {
    let pgn = scratch("match.pgn");
    std::fs::write(&pgn, MATCH_PGN).unwrap();
    let out = scratch("match.bin");
    let said = data_command(&["convert", pgn.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(said.starts_with("9 positions from 2 games; 2 games skipped (game 2: no result"), "{said}");
    let records = read_records(&out).unwrap();
    let scores: Vec<i16> = records.iter().map(|r| r.score).collect();
    // The book move, the captures, the mate score and the position in
    // check are left out; Black's scores are turned round.
    assert_eq!(scores, [-20, 31, 25, 40, 35, 50, 10, 20, 30]);
    let outcomes: Vec<GameOutcome> = records.iter().map(|r| r.outcome).collect();
    assert_eq!(outcomes[..6], [GameOutcome::WhiteWins; 6]);
    assert_eq!(outcomes[6..], [GameOutcome::Draw; 3]);
    let first = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(records[0].position().unwrap().fen(), first.fen());
    // The trainer's reader takes the PGN as it is.
    assert_eq!(read_records(&pgn).unwrap(), records);
    // An illegal move names its game and ply; nothing is written as PGN.
    std::fs::write(&pgn, "[Result \"1-0\"]\n\n1. e4 {+0.1/5} e4 {+0.1/5} 1-0\n").unwrap();
    let error = read_records(&pgn).unwrap_err();
    assert!(error.contains("game 1 (? - ?), ply 2"), "{error}");
    let refused = failing(env!("CARGO_BIN_EXE_roque"), &["data", "convert", out.to_str().unwrap(), "x.pgn"]);
    assert!(refused.contains("not as PGN"), "{refused}");
}
