//! roque-train: trains Roque's neural evaluation on training records and
//! writes the quantised network (see docs/network.md).

use roque::nnue::features::InputSet;
use roque::nnue::network::KingBuckets;
use roque::tools::data_files::read_records;
use roque::tools::elven_records::{read_elven_records, ElvenRecord};
use roque::tools::record_set::{FileRecords, RecordSet};
use roque::tools::same_file::refuse_output_among_inputs;
use roque::tools::train::{fit_scale, quantisation_error, Schedule, Shape, TrainSettings, Trainer, TrainingPosition};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The hidden sizes `--hidden` takes (each a build of the trainer).
const WIDTHS: [usize; 6] = [128, 256, 384, 512, 768, 1024];

const USAGE: &str = "\
usage: roque-train <data>... --out <net> [--epochs N] [--batch N] [--lr X]
                   [--schedule step|cosine] [--drop-at F] [--warmup F] [--lr-end F] [--weight-decay X]
                   [--wdl F] [--wdl-end F] [--scale K] [--holdout F | --validation <file>] [--seed N] [--threads N]
                   [--checkpoint <file>] [--init <checkpoint> | --init-net <net>] [--fit-scale] [--no-mirror]
                   [--hidden N] [--king-buckets none|mirror4|mirror8] [--no-factoriser] [--variant elven]
  <data>: binary record files or text (.txt, .epd) files, in game order;
  the last --holdout fraction (0.02) is kept out for validation.
  --variant elven: the data are Elven Chess's (roque datagen --variant
  elven text files) and the network reads its 10x10 board (2,000 inputs a
  view); no king buckets.
  --schedule step (the default): --lr, divided by ten from --drop-at (0.7)
  of the epochs; cosine: a linear warm-up over --warmup (0.02) of the run,
  then a cosine down to --lr-end (0.01) times --lr. --weight-decay (0):
  AdamW's, on the weights but not the biases. The target is --wdl (0.4)
  times the game result plus the rest times the score; with --wdl-end the
  weight moves linearly to it over the run, batch by batch.
  With --checkpoint, each epoch is saved there and a run restarted with the
  same file, data and settings goes on after the last saved epoch; --init starts from the
  weights of a checkpoint with a fresh schedule (a new generation), and
  --init-net from a network without king buckets. Odd epochs but the last
  see positions without castling rights with the files mirrored, unless
  --no-mirror. --hidden (256): the hidden neurons of each view, 128, 256,
  384, 512, 768 or 1024 (an engine plays a network of another width than
  its built-in one's when built with it: make EVALFILE=<net>).
  --king-buckets (none): a set of input rows for each bucket
  of the king's squares, the board mirrored where the king stands on the e
  to h files; with a factoriser (a set of rows shared by every bucket)
  unless --no-factoriser.";

struct Options {
    data: Vec<PathBuf>,
    out: Option<PathBuf>,
    checkpoint: Option<PathBuf>,
    /// A checkpoint whose weights start the run (with a fresh schedule).
    init: Option<PathBuf>,
    /// A network whose weights start the run.
    init_net: Option<PathBuf>,
    shape: Shape,
    /// Validation positions from a file of their own (else the holdout).
    validation: Option<PathBuf>,
    holdout: f64,
    threads: Option<usize>,
    fit_scale: bool,
    settings: TrainSettings,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        data: Vec::new(),
        out: None,
        checkpoint: None,
        init: None,
        init_net: None,
        shape: Shape::PLAIN,
        validation: None,
        holdout: 0.02,
        threads: None,
        fit_scale: false,
        settings: TrainSettings::default(),
    };
    let mut factoriser = true;
    let mut holdout_given = false;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if !flag.starts_with("--") {
            options.data.push(PathBuf::from(flag));
            i += 1;
            continue;
        }
        if flag == "--fit-scale" || flag == "--no-mirror" || flag == "--no-factoriser" {
            options.fit_scale |= flag == "--fit-scale";
            options.settings.mirror &= flag != "--no-mirror";
            factoriser &= flag != "--no-factoriser";
            i += 1;
            continue;
        }
        let value = args.get(i + 1).ok_or_else(|| format!("{flag} needs a value"))?;
        let whole = || {
            value
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{flag}: not a whole number from 1: {value}"))
        };
        let fraction = |max: f64| {
            value
                .parse::<f64>()
                .ok()
                .filter(|x| (0.0..=max).contains(x))
                .ok_or_else(|| format!("{flag}: not a number from 0 to {max}: {value}"))
        };
        match flag {
            "--out" => options.out = Some(PathBuf::from(value)),
            "--checkpoint" => options.checkpoint = Some(PathBuf::from(value)),
            "--init" => options.init = Some(PathBuf::from(value)),
            "--init-net" => options.init_net = Some(PathBuf::from(value)),
            "--hidden" => {
                options.shape.hidden = whole()
                    .ok()
                    .filter(|n| WIDTHS.contains(n))
                    .ok_or_else(|| format!("--hidden: one of {WIDTHS:?}, not {value}"))?
            }
            "--king-buckets" => {
                options.shape.king_buckets = KingBuckets::named(value)
                    .ok_or_else(|| format!("--king-buckets: none, mirror4 or mirror8, not {value}"))?
            }
            "--variant" => {
                options.shape.inputs = match value.as_str() {
                    "elven" => InputSet::Elven,
                    "chess" => InputSet::Chess,
                    _ => return Err(format!("--variant: elven (or chess, the default), not {value}")),
                }
            }
            "--validation" => options.validation = Some(PathBuf::from(value)),
            "--epochs" => options.settings.epochs = whole()?,
            "--batch" => options.settings.batch_size = whole()?,
            "--threads" => options.threads = Some(whole()?),
            "--seed" => options.settings.seed = whole()? as u64,
            "--lr" => options.settings.learning_rate = fraction(1.0)? as f32,
            "--drop-at" => options.settings.drop_at = fraction(1.0)? as f32,
            "--schedule" => {
                options.settings.schedule = match value.as_str() {
                    "step" => Schedule::Step,
                    "cosine" => Schedule::Cosine,
                    _ => return Err(format!("--schedule: step or cosine, not {value}")),
                }
            }
            "--warmup" => options.settings.warmup = fraction(0.5)? as f32,
            "--lr-end" => options.settings.lr_end = fraction(1.0)? as f32,
            "--weight-decay" => options.settings.weight_decay = fraction(1.0)? as f32,
            "--wdl" => options.settings.wdl = fraction(1.0)? as f32,
            "--wdl-end" => options.settings.wdl_end = Some(fraction(1.0)? as f32),
            "--holdout" => {
                options.holdout = fraction(0.5)?;
                holdout_given = true;
            }
            "--scale" => {
                options.settings.scale = fraction(10_000.0)
                    .ok()
                    .filter(|&k| k >= 1.0)
                    .ok_or_else(|| format!("--scale: not a number from 1 to 10000: {value}"))?
                    as f32
            }
            _ => return Err(format!("unknown option {flag}")),
        }
        i += 2;
    }
    if options.data.is_empty() {
        return Err("no data file given".into());
    }
    if holdout_given && options.validation.is_some() {
        return Err("--holdout and --validation: one or the other".into());
    }
    if options.init.is_some() && options.init_net.is_some() {
        return Err("--init and --init-net: one or the other".into());
    }
    if options.shape.inputs != InputSet::Chess && options.shape.king_buckets.keyed() {
        return Err("--king-buckets: chess's boards only, not with --variant".into());
    }
    options.shape.factorised = factoriser && options.shape.king_buckets.keyed();
    if options.out.is_none() && !options.fit_scale {
        return Err("--out <net> is required".into());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse(&args) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("error: {error}\n{USAGE}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(threads) = options.threads {
        if let Err(error) = rayon::ThreadPoolBuilder::new().num_threads(threads).build_global() {
            eprintln!("error: cannot start {threads} threads: {error}");
            return ExitCode::FAILURE;
        }
    }
    let trained = match options.shape.hidden {
        128 => train::<128>(&options),
        256 => train::<256>(&options),
        384 => train::<384>(&options),
        512 => train::<512>(&options),
        768 => train::<768>(&options),
        _ => train::<1024>(&options),
    };
    match trained {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What decides the network a run makes (not its threads, nor where it is
/// written): a checkpoint goes on only under the same.
fn run_description(options: &Options) -> String {
    let file =
        |path: &PathBuf| format!("{} ({} bytes)", path.display(), std::fs::metadata(path).map_or(0, |m| m.len()));
    let data: Vec<String> = options.data.iter().map(file).collect();
    format!(
        "data {}\nvalidation {}\nholdout {}\nnetwork {}\ninit {} {}\n{:?}\n",
        data.join(", "),
        options.validation.as_ref().map_or("-".into(), file),
        options.holdout,
        options.shape.describe(),
        options.init.as_ref().map_or("-".into(), file),
        options.init_net.as_ref().map_or("-".into(), file),
        options.settings
    )
}

/// The note beside a checkpoint of the run that made it.
fn run_note_path(checkpoint: &Path) -> PathBuf {
    let mut name = checkpoint.as_os_str().to_owned();
    name.push(".run");
    PathBuf::from(name)
}

/// A checkpoint is taken up only by the run that made it: other data or
/// settings would go on from its weights and schedule as if they were its
/// own. A checkpoint without a note (made before notes) is taken with a
/// warning.
fn check_run_note(checkpoint: &Path, run: &str) -> Result<(), String> {
    let path = run_note_path(checkpoint);
    match std::fs::read_to_string(&path) {
        Ok(noted) if noted == run => Ok(()),
        Ok(noted) => Err(format!(
            "{} was made by another run: its data and settings ({}) were\n{noted}this run's are\n{run}\
             give another --checkpoint, or the same data and settings to go on",
            checkpoint.display(),
            path.display()
        )),
        Err(_) => {
            eprintln!("warning: {} has no note of the run that made it; going on", checkpoint.display());
            Ok(())
        }
    }
}

fn train<const H: usize>(options: &Options) -> Result<(), String> {
    // What the run reads may not be where it writes: the data are mapped,
    // and an overwritten file would be trained on as it changes.
    let read = || {
        let starts = [&options.init, &options.init_net].into_iter().flatten();
        options.data.iter().chain(&options.validation).chain(starts).map(PathBuf::as_path)
    };
    if let Some(out) = &options.out {
        refuse_output_among_inputs(out, read().chain(options.checkpoint.as_deref()))?;
    }
    if let Some(checkpoint) = &options.checkpoint {
        refuse_output_among_inputs(checkpoint, read())?;
    }
    let start = Instant::now();
    let holdout = |len: usize| ((len as f64 * options.holdout) as usize).min(len.saturating_sub(1));
    match options.shape.inputs {
        InputSet::Chess => {
            // Binary files are mapped, not read: only the order of the
            // positions is held in memory.
            let mut records = FileRecords::open(&options.data)?;
            let validation = match &options.validation {
                Some(path) => read_records(path)?,
                None => records.split_off(holdout(records.len())),
            };
            fit::<H, _, _>(options, &records, &validation, start)
        }
        InputSet::Elven => {
            let mut records = Vec::new();
            for path in &options.data {
                records.extend(read_elven_records(path)?);
            }
            let validation = match &options.validation {
                Some(path) => read_elven_records(path)?,
                None => records.split_off(records.len() - holdout(records.len())),
            };
            fit::<H, ElvenRecord, _>(options, &records, &validation, start)
        }
    }
}

/// Trains on `records`, validated on `validation`, and writes the network.
fn fit<const H: usize, T: TrainingPosition, R: RecordSet<T>>(
    options: &Options,
    records: &R,
    validation: &[T],
    start: Instant,
) -> Result<(), String> {
    if records.is_empty() {
        return Err("no training positions in the data files".into());
    }
    println!(
        "{} training and {} validation positions read in {:.1} s; network {}x2 -> {H}x2 -> 1, {}",
        records.len(),
        validation.len(),
        start.elapsed().as_secs_f64(),
        options.shape.inputs.count(),
        options.shape.describe()
    );
    if options.fit_scale {
        println!("the scale that best predicts the results from the scores: {}", fit_scale(records));
        if options.out.is_none() {
            return Ok(());
        }
    }
    let settings = &options.settings;
    let out = options.out.as_ref().expect("checked when parsing");
    let run = run_description(options);
    let mut trainer = match &options.checkpoint {
        Some(path) if path.exists() => {
            check_run_note(path, &run)?;
            let trainer = Trainer::load_checkpoint(path)?;
            println!("resuming from {} after epoch {}", path.display(), trainer.epochs_done);
            trainer
        }
        _ => match (&options.init, &options.init_net) {
            (Some(path), _) => {
                let trainer = Trainer::load_checkpoint(path)?.restarted();
                println!("starting from the weights of {}", path.display());
                trainer
            }
            (None, Some(path)) => {
                let network = roque::nnue::load_width::<H>(path)?;
                let trainer = Trainer::from_network(&network, options.shape)?;
                println!("starting from the network {}", path.display());
                trainer
            }
            (None, None) => Trainer::<H>::with_shape(settings.seed, options.shape),
        },
    };
    if trainer.shape != options.shape && options.init.is_none() {
        return Err(format!(
            "the checkpoint's network has {} where {} were asked",
            trainer.shape.describe(),
            options.shape.describe()
        ));
    }
    println!("{settings:?}");
    println!("epoch      lr  train loss  validation loss  positions/s  elapsed");
    while trainer.epochs_done < settings.epochs {
        let epoch_start = Instant::now();
        let learning_rate = settings.learning_rate_at(trainer.epochs_done, 1.0);
        let train_loss = trainer.epoch(records, settings);
        let speed = records.len() as f64 / epoch_start.elapsed().as_secs_f64();
        let validation_loss = trainer.loss(validation, settings);
        println!(
            "{:5} {:7.5} {:11.6} {:16.6} {:12.0} {:7.0} s",
            trainer.epochs_done,
            learning_rate,
            train_loss,
            validation_loss,
            speed,
            start.elapsed().as_secs_f64()
        );
        if let Some(path) = &options.checkpoint {
            let note = run_note_path(path);
            std::fs::write(&note, &run).map_err(|e| format!("cannot write {}: {e}", note.display()))?;
            trainer.save_checkpoint(path)?;
        }
        let network = trainer.quantise(settings.scale);
        std::fs::write(out, network.to_bytes()).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    let network = trainer.quantise(settings.scale);
    let sample = &validation[..validation.len().min(10_000)];
    let (mean, largest) = quantisation_error(&trainer, &network, sample, settings);
    println!(
        "quantised against float on {} validation positions: mean |difference| {mean:.2} cp, largest {largest:.1} cp",
        sample.len()
    );
    println!("network written to {}", out.display());
    Ok(())
}
