//! Perft counts on the standard, Chess960 and edge-case suites. The counts
//! were computed by Stockfish 15.1 (see ../shared/data/README.md).

use roque::board::perft::perft;
use roque::board::Position;

struct Entry {
    fen: String,
    counts: Vec<(u32, u64)>,
}

fn read_suite(text: &str) -> Vec<Entry> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let counts = parts
                .map(|part| {
                    let mut words = part.split_whitespace();
                    let depth = words.next().unwrap().trim_start_matches('D').parse().unwrap();
                    let count = words.next().unwrap().parse().unwrap();
                    (depth, count)
                })
                .collect();
            Entry { fen, counts }
        })
        .collect()
}

/// Checks every count up to `max_nodes` leaves; returns how many were checked.
fn check_suite(text: &str, max_nodes: u64, skip_lines: &[usize]) -> usize {
    let mut checked = 0;
    for (index, entry) in read_suite(text).iter().enumerate() {
        if skip_lines.contains(&(index + 1)) {
            continue;
        }
        let position = Position::from_fen(&entry.fen).unwrap_or_else(|e| panic!("{}: {e}", entry.fen));
        for &(depth, expected) in entry.counts.iter().filter(|(_, n)| *n <= max_nodes) {
            assert_eq!(perft(&position, depth), expected, "perft {depth} of {}", entry.fen);
            checked += 1;
        }
    }
    checked
}

const STANDARD: &str = include_str!("data/perft-standard.epd");
const CHESS960: &str = include_str!("data/perft-960.epd");
const TRICKY: &str = include_str!("data/perft-tricky.epd");

#[test]
fn standard_suite() {
    assert!(check_suite(STANDARD, 1_000_000_000, &[]) > 750);
}

#[test]
fn chess960_suite() {
    assert!(check_suite(CHESS960, 20_000_000, &[]) > 4500);
}

/// Lines 27-31 of the tricky suite are impossible positions (checkers no
/// game can produce); they run in the ignored test below.
#[test]
fn tricky_suite() {
    assert!(check_suite(TRICKY, u64::MAX, &[27, 28, 29, 30, 31]) > 100);
}

#[test]
#[ignore = "about a minute: every count of the standard and edge-case suites"]
fn all_standard_counts() {
    check_suite(STANDARD, u64::MAX, &[]);
    check_suite(TRICKY, u64::MAX, &[]);
}

#[test]
#[ignore = "over ten minutes: every count of the Chess960 suite (depth 6)"]
fn all_chess960_counts() {
    check_suite(CHESS960, u64::MAX, &[]);
}
