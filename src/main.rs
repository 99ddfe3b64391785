use roque::board::perft::divide;
use roque::board::Position;
use roque::tools::bench::BenchEvaluation;
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "\
Roque, a UCI chess engine

usage:
  roque                              the UCI loop on standard input and output
  roque bench [<depth> [<threads> [nnue|hce] [<syzygy path>]]]
                                     search the bench positions; print nodes and speed
  roque bench --variant <name> [<depth> [<threads> [nnue|hce]]]
                                     the same for a variant's search (elven included)
  roque perft <depth> [<fen>]        count the move tree, divided by root move
  roque analyse <file> [--output <file>] [--nodes <n> | --depth <n> | --movetime <ms>]
                [--threads <n>] [--multipv <n>] [--hash <MiB>]
                                     annotate a PGN or EPD file's games with evaluations
  roque probe <syzygy path>          WDL and DTZ of each FEN read from standard input
  roque datagen --output <file> ...  self-play training positions (see README.md)
  roque datagen --variant <name> --output <file> ...
                                     the same in a variant (losers, ..., elven), as text
  roque data <command> ...           convert, inspect, merge, shuffle training files
  roque \"genfens N seed S book <None|path>\" \"quit\"
                                     N openings for OpenBench, as info string genfens <FEN>
  roque spsa-params                  the search's parameters in OpenBench's SPSA format
                                     (UCI options of the tuning build, --features ablation)
  roque perft <depth> --variant <name> [<fen>]
                                     the same in a variant (losers, placement, ..., elven)
  roque --help                       this text
  roque --version                    the name and version

In the UCI loop, `uci` lists the options; README.md documents every command.";

/// A command-line tool whose reader goes away (`roque perft 6 | head`) ends
/// as Unix tools do, by SIGPIPE, instead of panicking in `println!`. Not
/// for the UCI loop, which notices a closed output itself and quits.
#[cfg(unix)]
fn end_quietly_on_broken_pipe() {
    extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    // The same numbers on Linux and macOS.
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: restores the default action of one signal at start-up,
    // before any other thread runs.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn end_quietly_on_broken_pipe() {}

fn main() -> ExitCode {
    // Before anything else: a build for a newer CPU says so instead of
    // dying at its first unknown instruction.
    if let Some(message) = roque::cpu::unsupported_cpu_message() {
        eprintln!("{message}");
        println!("info string {message}");
        return ExitCode::FAILURE;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Only a build with the `ablation` feature reads ROQUE_ABLATE and
    // ROQUE_PARAMS; a name or value it does not accept stops the engine
    // before it can play a wrong build.
    if let Err(error) = roque::search::ablation::switched_off() {
        eprintln!("error: ROQUE_ABLATE: {error}");
        return ExitCode::FAILURE;
    }
    if let Err(error) = roque::search::parameters::check_overrides() {
        eprintln!("error: ROQUE_PARAMS: {error}");
        return ExitCode::FAILURE;
    }
    if !args.is_empty() {
        end_quietly_on_broken_pipe();
    }
    match args.first().map(String::as_str) {
        None => {
            roque::uci::run();
            ExitCode::SUCCESS
        }
        Some("bench") => run_bench(&args[1..]),
        Some("perft") => run_perft(&args[1..]),
        #[cfg(feature = "tools")]
        Some("analyse" | "analyze") => run_analyse(&args[1..]),
        #[cfg(feature = "tools")]
        Some("datagen") => run_datagen(&args[1..]),
        #[cfg(feature = "tools")]
        Some("data") => match roque::tools::data_files::run(&args[1..]) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        },
        #[cfg(not(feature = "tools"))]
        Some(tool @ ("analyse" | "analyze" | "datagen" | "data")) => {
            eprintln!("error: '{tool}' is a tool this build left out (built without the `tools` feature)");
            ExitCode::FAILURE
        }
        #[cfg(not(feature = "tools"))]
        Some(first) if first.split_whitespace().next() == Some("genfens") => {
            println!("info string error: genfens is a tool this build left out (built without the `tools` feature)");
            ExitCode::FAILURE
        }
        #[cfg(feature = "tools")]
        Some(first) if first.split_whitespace().next() == Some("genfens") => run_genfens(&args),
        Some("probe") => run_probe(&args[1..]),
        Some("spsa-params") => {
            print!("{}", roque::search::parameters::spsa_params());
            ExitCode::SUCCESS
        }
        Some("--help" | "-h" | "help") => {
            println!("{HELP}");
            ExitCode::SUCCESS
        }
        Some("--version" | "-V") => {
            println!("Roque {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("error: unknown command '{other}'\n\n{HELP}");
            ExitCode::FAILURE
        }
    }
}

fn run_bench(args: &[String]) -> ExitCode {
    const USAGE: &str = "usage: roque bench [<depth> [<threads> [nnue|hce] [<syzygy path>]]]\n       roque bench --variant <name> [<depth> [<threads> [nnue|hce]]]";
    if args.first().is_some_and(|a| a == "--variant") {
        return run_variant_bench(&args[1..], USAGE);
    }
    let Ok(depth) = bench_depth(args.first(), USAGE) else { return ExitCode::FAILURE };
    let Some(threads) = bench_threads(args.get(1), USAGE) else { return ExitCode::FAILURE };
    // After the thread count: the evaluation (`nnue` or `hce`) and the
    // directories of endgame tables, each optional.
    let mut evaluation =
        if roque::nnue::USED_BY_DEFAULT { BenchEvaluation::Network } else { BenchEvaluation::HandCrafted };
    let mut tables = None;
    for arg in args.iter().skip(2) {
        match arg.as_str() {
            "nnue" => evaluation = BenchEvaluation::Network,
            "hce" => evaluation = BenchEvaluation::HandCrafted,
            path => {
                let loaded = roque::tablebase::Tablebases::load(path);
                for problem in &loaded.problems {
                    eprintln!("syzygy: {problem}");
                }
                if loaded.tablebases.is_empty() {
                    eprintln!("error: '{path}' is neither 'nnue', 'hce' nor a directory of Syzygy tables\n{USAGE}");
                    return ExitCode::FAILURE;
                }
                tables = Some(std::sync::Arc::new(loaded.tablebases));
            }
        }
    }
    match roque::tools::bench::run(depth, threads, evaluation, tables) {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// A bench's depth (None: its default), or Err after saying why the
/// argument is not one.
fn bench_depth(arg: Option<&String>, usage: &str) -> Result<Option<u32>, ()> {
    match arg {
        None => Ok(None),
        Some(text) => match text.parse::<u32>() {
            Ok(depth) if depth >= 1 => Ok(Some(depth)),
            _ => {
                eprintln!("error: the bench depth must be a whole number from 1, not '{text}'\n{usage}");
                Err(())
            }
        },
    }
}

/// A bench's thread count (1 when none is given), or None after saying
/// why it is not one.
fn bench_threads(arg: Option<&String>, usage: &str) -> Option<usize> {
    match arg {
        None => Some(1),
        Some(text) => match text.parse::<usize>() {
            Ok(threads) if (1..=1024).contains(&threads) => Some(threads),
            _ => {
                eprintln!("error: the bench threads must be a whole number from 1 to 1024, not '{text}'\n{usage}");
                None
            }
        },
    }
}

/// `bench --variant <name> [<depth> [<threads> [nnue|hce]]]`.
fn run_variant_bench(args: &[String], usage: &str) -> ExitCode {
    use roque::variants::Variant;
    let elven = args.first().is_some_and(|name| name.eq_ignore_ascii_case(roque::elven::UCI_NAME));
    let variant = match args.first().map(|name| (name, Variant::from_name(name))) {
        _ if elven => Variant::Chess,
        Some((_, Some(variant))) if variant != Variant::Chess => variant,
        Some((name, _)) => {
            eprintln!("error: '{name}' is not a variant (losers, placement, vandien, reinforced, ...)\n{usage}");
            return ExitCode::FAILURE;
        }
        None => {
            eprintln!("error: --variant needs a variant's name\n{usage}");
            return ExitCode::FAILURE;
        }
    };
    let Ok(depth) = bench_depth(args.get(1), usage) else { return ExitCode::FAILURE };
    let Some(threads) = bench_threads(args.get(2), usage) else { return ExitCode::FAILURE };
    let evaluation = match args.get(3).map(String::as_str) {
        None if roque::nnue::USED_BY_DEFAULT => BenchEvaluation::Network,
        None | Some("hce") => BenchEvaluation::HandCrafted,
        Some("nnue") => BenchEvaluation::Network,
        Some(extra) => {
            eprintln!("error: '{extra}' after the bench's thread count is neither 'nnue' nor 'hce'\n{usage}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(extra) = args.get(4) {
        eprintln!("error: '{extra}' after the bench's evaluation\n{usage}");
        return ExitCode::FAILURE;
    }
    if elven {
        roque::tools::elven_bench::run(depth, threads, evaluation);
    } else {
        roque::tools::variant_bench::run(variant, depth, threads, evaluation);
    }
    ExitCode::SUCCESS
}

/// `roque "genfens N seed S book <None|path> <extra>" "quit"`, as
/// OpenBench's client runs it (the words may also come one an argument):
/// N lines `info string genfens <FEN>`, or an `info string error` line.
#[cfg(feature = "tools")]
fn run_genfens(args: &[String]) -> ExitCode {
    use roque::tools::genfens;
    let mut words: Vec<&str> = args.iter().flat_map(|arg| arg.split_whitespace()).collect();
    // The `quit` OpenBench sends after it, as the UCI loop would read it.
    if words.last() == Some(&"quit") {
        words.pop();
    }
    let request = match genfens::parse(&words) {
        Ok(request) => request,
        Err(error) => {
            println!("info string error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = genfens::generate(&request, |fen| {
        use std::io::Write;
        let _ = writeln!(out, "info string genfens {fen}");
    });
    drop(out);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            println!("info string error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(feature = "tools")]
fn run_datagen(args: &[String]) -> ExitCode {
    use roque::tools::datagen;
    let settings = match datagen::Settings::parse(args) {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("error: {error}\n{}", datagen::USAGE);
            return ExitCode::FAILURE;
        }
    };
    let every = std::time::Duration::from_secs(10);
    let run = match settings.game {
        Some(_) => roque::tools::game_datagen::run(&settings, every),
        None => datagen::run(&settings, every),
    };
    match run {
        Ok(_) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(feature = "tools")]
fn run_analyse(args: &[String]) -> ExitCode {
    use roque::tools::analyse;
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{}", analyse::USAGE);
        return ExitCode::SUCCESS;
    }
    let settings = match analyse::Settings::parse(args) {
        Ok(settings) => settings,
        Err(error) => {
            eprintln!("error: {error}\n{}", analyse::USAGE);
            return ExitCode::FAILURE;
        }
    };
    match analyse::run(&settings) {
        Ok(summary) => {
            eprintln!(
                "analysed {} positions of {} games in {:.1} s ({:.1} positions/s), {} faults in the input",
                summary.positions,
                summary.games,
                summary.seconds,
                summary.positions as f64 / summary.seconds.max(1e-3),
                summary.faults
            );
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run_probe(args: &[String]) -> ExitCode {
    let Some(path) = args.first() else {
        eprintln!("error: probe needs the directories of the tables\nusage: roque probe <syzygy path>");
        return ExitCode::FAILURE;
    };
    match roque::tools::probe::run(path, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(args: &[String]) -> ExitCode {
    let most = roque::uci::command::MAX_PERFT_DEPTH;
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()).filter(|&d| d <= most) else {
        eprintln!(
            "error: perft needs a depth, a whole number from 0 to {most}\n\
             usage: roque perft <depth> [--variant <name>] [<fen>]"
        );
        return ExitCode::FAILURE;
    };
    if args.get(1).map(String::as_str) == Some("--variant") {
        return run_variant_perft(depth, &args[2..]);
    }
    let position = if args.len() > 1 {
        match Position::from_fen(&args[1..].join(" ")) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error: bad FEN: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        Position::startpos()
    };
    let start = Instant::now();
    let split = divide(&position, depth.max(1));
    let elapsed = start.elapsed();
    let nodes: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
    if depth > 0 {
        for (m, count) in &split {
            println!("{}: {count}", m.to_uci(false));
        }
    }
    println!("\nNodes searched: {nodes}");
    eprintln!("time {} ms, {:.0} nps", elapsed.as_millis(), nodes as f64 / elapsed.as_secs_f64().max(1e-9));
    ExitCode::SUCCESS
}

/// `perft <depth> --variant elven [<fen>]`: Elven Chess perft, divided by
/// first move.
fn run_elven_perft(depth: u32, fen: &[String]) -> ExitCode {
    use roque::elven::ElvenPosition;
    let position = if fen.is_empty() {
        ElvenPosition::startpos()
    } else {
        match ElvenPosition::from_fen(&fen.join(" ")) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error: bad elven FEN: {error}");
                return ExitCode::FAILURE;
            }
        }
    };
    print_divide(depth, || roque::board::perft::divide(&position, depth.max(1)), |m| m.to_string())
}

/// Perft of a variant (`game_perft`, every move made), divided by first
/// move (`text`: a move's UCI text), with the total and the time.
fn print_game_perft<G: roque::game::Game>(position: &G, depth: u32, text: impl Fn(G::Move) -> String) -> ExitCode {
    print_divide(depth, || roque::game::perft::game_divide(position, depth.max(1)), text)
}

/// A perft divided by first move (`split` counts it; `text`: a move's UCI
/// text), with the total and the time it took.
fn print_divide<M: Copy>(depth: u32, split: impl FnOnce() -> Vec<(M, u64)>, text: impl Fn(M) -> String) -> ExitCode {
    let start = Instant::now();
    let split = split();
    let elapsed = start.elapsed();
    let nodes: u64 = if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() };
    if depth > 0 {
        for &(m, count) in &split {
            println!("{}: {count}", text(m));
        }
    }
    println!("\nNodes searched: {nodes}");
    eprintln!("time {} ms, {:.0} nps", elapsed.as_millis(), nodes as f64 / elapsed.as_secs_f64().max(1e-9));
    ExitCode::SUCCESS
}

fn run_variant_perft(depth: u32, args: &[String]) -> ExitCode {
    use roque::variants::{Variant, VariantPosition};
    if args.first().is_some_and(|name| name.eq_ignore_ascii_case(roque::elven::UCI_NAME)) {
        return run_elven_perft(depth, &args[1..]);
    }
    let Some(variant) = args.first().and_then(|name| Variant::from_name(name)) else {
        let mut names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        names.push(roque::elven::UCI_NAME);
        eprintln!("error: --variant needs one of: {}", names.join(", "));
        return ExitCode::FAILURE;
    };
    if variant == Variant::Chess {
        return run_perft(&[vec![depth.to_string()], args[1..].to_vec()].concat());
    }
    let position = if args.len() > 1 {
        match VariantPosition::from_fen(variant, &args[1..].join(" ")) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("error: bad {variant} FEN: {error}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        VariantPosition::startpos(variant)
    };
    print_game_perft(&position, depth, |action| action.to_uci(false))
}
