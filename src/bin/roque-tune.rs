//! roque-tune: fits Roque's evaluation weights to labelled positions.
//!
//! usage: roque-tune <positions.epd> [--out FILE] [--epochs N] [--lr X] [--limit N] [--holdout N] [--start FILE] [--threads N]
//!
//! Reads `<FEN> c9 "<result>";` lines, fits K, runs Adam from the engine's
//! current weights (or those of --start), prints the loss before and after, and writes the Rust
//! source of the weight table (default `src/eval/weights.rs`).

use roque::tools::tune::{
    current_weights, fit_k, parse_weights_source, rounded, tune, weights_source, Dataset, TuneSettings,
};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: roque-tune <positions.epd> [--out FILE] [--epochs N] [--lr X] [--limit N] [--threads N]";

struct Options {
    data: String,
    out: String,
    limit: Option<usize>,
    /// The last this many positions are kept out of the fit and only measured.
    holdout: usize,
    /// A weights.rs to start from instead of the compiled-in weights.
    start: Option<String>,
    threads: Option<usize>,
    settings: TuneSettings,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        data: String::new(),
        out: "src/eval/weights.rs".to_string(),
        limit: None,
        holdout: 0,
        start: None,
        threads: None,
        settings: TuneSettings::default(),
    };
    let mut i = 0;
    while i < args.len() {
        let value = || args.get(i + 1).ok_or_else(|| format!("{} needs a value", args[i]));
        let number = |text: &String| text.parse::<usize>().map_err(|_| format!("not a whole number: {text}"));
        match args[i].as_str() {
            "--out" => options.out = value()?.clone(),
            "--epochs" => options.settings.epochs = number(value()?)?,
            "--limit" => options.limit = Some(number(value()?)?),
            "--start" => options.start = Some(value()?.clone()),
            "--holdout" => options.holdout = number(value()?)?,
            "--threads" => options.threads = Some(number(value()?)?),
            "--lr" => {
                options.settings.learning_rate =
                    value()?.parse().map_err(|_| format!("not a number: {}", args[i + 1]))?
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path => {
                options.data = path.to_string();
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    if options.data.is_empty() {
        return Err("no positions file given".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_options(&args) {
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
    let text = match std::fs::read_to_string(&options.data) {
        Ok(text) => text,
        Err(error) => {
            eprintln!("error: cannot read {}: {error}", options.data);
            return ExitCode::FAILURE;
        }
    };
    let mut lines: Vec<&str> = text.lines().filter(|line| !line.trim().is_empty()).collect();
    if let Some(limit) = options.limit {
        lines.truncate(limit);
    }
    let held_out = lines.split_off(lines.len() - options.holdout.min(lines.len()));

    let clock = Instant::now();
    let data = Dataset::from_text(&lines.join("\n"));
    let holdout = Dataset::from_text(&held_out.join("\n"));
    println!(
        "{} positions, {} skipped (unreadable or decided by an endgame rule), features in {:.1} s",
        data.len(),
        data.skipped,
        clock.elapsed().as_secs_f64()
    );
    if data.is_empty() {
        eprintln!("error: no usable positions");
        return ExitCode::FAILURE;
    }

    let start = match &options.start {
        None => current_weights(),
        Some(path) => {
            match std::fs::read_to_string(path).map_err(|e| e.to_string()).and_then(|t| parse_weights_source(&t)) {
                Ok(weights) => weights,
                Err(error) => {
                    eprintln!("error: cannot read start weights {path}: {error}");
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let k = fit_k(&data, &start);
    let before = data.loss(&start, k);
    println!("K = {k:.6}, loss before = {before:.6}");
    if !holdout.is_empty() {
        println!("held-out positions: {}, loss before = {:.6}", holdout.len(), holdout.loss(&start, k));
    }

    let clock = Instant::now();
    let tuned = rounded(&tune(&data, &start, k, options.settings));
    let after = data.loss(&tuned, k);
    println!(
        "loss after = {after:.6} ({} epochs, learning rate {}, {:.1} s)",
        options.settings.epochs,
        options.settings.learning_rate,
        clock.elapsed().as_secs_f64()
    );
    if !holdout.is_empty() {
        println!("held-out loss after = {:.6}", holdout.loss(&tuned, k));
    }

    let file_name = std::path::Path::new(&options.data)
        .file_name()
        .map_or(options.data.clone(), |name| name.to_string_lossy().into_owned());
    let note = format!(
        "Tuned on {file_name} ({} positions): K = {k:.6}, loss {before:.6} -> {after:.6},\n{} epochs of Adam, learning rate {}.",
        data.len(),
        options.settings.epochs,
        options.settings.learning_rate
    );
    if let Err(error) = std::fs::write(&options.out, weights_source(&tuned, &note)) {
        eprintln!("error: cannot write {}: {error}", options.out);
        return ExitCode::FAILURE;
    }
    println!("weights written to {}", options.out);
    ExitCode::SUCCESS
}
