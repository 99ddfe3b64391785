use roque::board::Position;
use roque::tools::perft::divide;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: roque perft <depth> [<fen>]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run_perft(args: &[String]) -> ExitCode {
    let Some(depth) = args.first().and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("error: perft needs a depth (a whole number)\n{USAGE}");
        return ExitCode::FAILURE;
    };
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
