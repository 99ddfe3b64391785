//! `probe`: the WDL and DTZ of positions read from standard input, one FEN a
//! line, printed as `<wdl> <dtz>` (`-` where the tables cannot tell), for
//! checking the prober against another (`scripts/syzygy-compare.py`).

use crate::board::Position;
use crate::tablebase::Tablebases;
use std::io::{BufRead, Write};

/// Loads the tables of `path` (reporting problems on standard error) and
/// answers every line of `input`; an error where no table loads.
pub fn run(path: &str, input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    let loaded = Tablebases::load(path);
    for problem in &loaded.problems {
        eprintln!("syzygy: {problem}");
    }
    let tables = loaded.tablebases;
    if tables.is_empty() {
        let why = format!("no Syzygy table in {path}: nothing to probe with");
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, why));
    }
    let (wdl, dtz) = tables.counts();
    eprintln!("syzygy: {wdl} WDL and {dtz} DTZ tables, up to {} pieces", tables.max_pieces());
    for line in input.lines() {
        let line = line?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let answer = match Position::from_fen(fen) {
            Ok(position) => {
                let wdl = tables.probe_wdl(&position).map_or("-".to_string(), |w| w.value().to_string());
                let dtz = tables.probe_dtz(&position).map_or("-".to_string(), |d| d.to_string());
                format!("{wdl} {dtz}")
            }
            Err(error) => format!("error: {error}"),
        };
        writeln!(output, "{answer}")?;
    }
    output.flush()
}
