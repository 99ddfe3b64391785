//! The variant names GUIs know: every `UCI_Variant` name Roque lists means
//! what Cute Chess, Fairy-Stockfish and python-chess mean by it, or none of
//! them uses it; where Fairy-Stockfish plays the same game, its start
//! position and its perft counts are Roque's.

mod variants_support;

use roque::board::STARTPOS_FEN;
use roque::game::perft::game_perft as perft;
use roque::uci::options::VARIANT_CHOICES;
use roque::variants::{Variant, VariantPosition};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use variants_support::position;

/// Cute Chess 1.5.0-beta5's variants (its board factory).
const CUTE_CHESS: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "andernach",
    "antiandernach",
    "antichess",
    "asean",
    "atomic",
    "berolina",
    "cambodian",
    "capablanca",
    "caparandom",
    "cfour",
    "chancellor",
    "changeover",
    "checkless",
    "chessgi",
    "chigorin",
    "circulargryphon",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "displacedgrid",
    "dobutsu",
    "embassy",
    "euroshogi",
    "extinction",
    "kinglet",
    "fischerandom",
    "giveaway",
    "gomokufreestyle",
    "gomoku",
    "gothic",
    "grand",
    "grid",
    "gridolina",
    "gryphon",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "janus",
    "jesonmor",
    "judkins",
    "kingofthehill",
    "knightmate",
    "knightrelay",
    "loop",
    "losalamos",
    "losers",
    "makruk",
    "minishogi",
    "modern",
    "newzealand",
    "placement",
    "pocketknight",
    "racingkings",
    "rifle",
    "seirawan",
    "shatranj",
    "shogi",
    "shoot",
    "simplifiedgryphon",
    "sittuyin",
    "slippedgrid",
    "standard",
    "suicide",
    "superandernach",
    "threekings",
    "tictactoe",
    "twokings",
    "twokingssymmetric",
];

/// Fairy-Stockfish 11.1's built-in variants (Debian's `fairy-stockfish`),
/// and the names its later versions added, built in or in `variants.ini`,
/// that are words Roque might use.
const FAIRY_STOCKFISH: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "antichess",
    "asean",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "courier",
    "crazyhouse",
    "dobutsu",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "gardner",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "hoppelpoppel",
    "horde",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "modern",
    "newzealand",
    "nocastle",
    "normal",
    "placement",
    "pocketknight",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shouse",
    "sittuyin",
    "suicide",
    "supply",
    "threekings",
    "xiangqi",
    "misere",
    "atomic",
    "duck",
    "spartan",
    "torpedo",
    "petrified",
    "screen",
    "capture",
    "elimination",
    "massacre",
    "castle",
    "river",
];

/// python-chess 1.11's `chess.variant` names and aliases, lower case.
const PYTHON_CHESS: &[&str] = &[
    "chess",
    "standard",
    "normal",
    "classical",
    "from position",
    "suicide",
    "suicide chess",
    "giveaway",
    "give away",
    "giveaway chess",
    "give away chess",
    "antichess",
    "anti",
    "anti chess",
    "atomic",
    "atom",
    "atomic chess",
    "kingofthehill",
    "king of the hill",
    "koth",
    "racingkings",
    "racing kings",
    "race",
    "racing",
    "horde",
    "horde chess",
    "3check",
    "three check",
    "three-check",
    "threecheck",
    "3-check",
    "three check chess",
    "crazyhouse",
    "crazy house",
    "house",
    "zh",
    "illegal",
];

/// The names Roque shares with those programs, for the same rules, and the
/// start position each of them gives.
const SHARED: &[(&str, &str)] = &[
    ("chess", STARTPOS_FEN),
    ("losers", STARTPOS_FEN),
    ("placement", "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1"),
];

fn start_of(name: &str, fen: &str) -> bool {
    let variant = Variant::from_name(name).unwrap();
    if variant == Variant::Chess {
        return fen.split_whitespace().take(4).eq(STARTPOS_FEN.split_whitespace().take(4));
    }
    VariantPosition::from_fen(variant, fen).is_ok_and(|p| p == VariantPosition::startpos(variant))
}

#[test]
fn no_listed_name_means_other_rules_elsewhere() {
    for &name in VARIANT_CHOICES {
        let elsewhere = [CUTE_CHESS, FAIRY_STOCKFISH, PYTHON_CHESS].iter().any(|list| list.contains(&name));
        let shared = SHARED.iter().find(|(shared, _)| *shared == name);
        assert_eq!(
            elsewhere,
            shared.is_some(),
            "{name}: listed elsewhere {elsewhere}, but shared {}",
            shared.is_some()
        );
        if let Some((_, fen)) = shared {
            assert!(start_of(name, fen), "{name}: Roque's start is not {fen}");
        }
    }
    // The rules book's games under names of their own.
    for name in
        ["losing", "vandien", "reinforced", "returning", "ghost", "marseillais", "progressive", "mined", "elven"]
    {
        assert!(VARIANT_CHOICES.contains(&name), "{name} is listed");
    }
    assert!(!VARIANT_CHOICES.iter().any(|n| ["antichess", "giveaway", "suicide"].contains(n)));
}

/// Fairy-Stockfish, where installed: `fairy-stockfish` on the PATH or
/// Debian's /usr/games/fairy-stockfish. Under `CI=true` it must be there
/// (.ci/run installs it).
fn fairy_stockfish() -> Option<std::process::Child> {
    for path in ["fairy-stockfish", "/usr/games/fairy-stockfish"] {
        let child = Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn();
        if let Ok(child) = child {
            return Some(child);
        }
    }
    assert!(
        std::env::var("CI").map_or(true, |ci| ci != "true"),
        "CI=true, and fairy-stockfish is missing (apt-get install fairy-stockfish)"
    );
    eprintln!("skipped: fairy-stockfish is not installed (apt-get install fairy-stockfish)");
    None
}

#[test]
fn start_positions_equal_fairy_stockfish_for_every_name_both_list() {
    let Some(mut fairy) = fairy_stockfish() else { return };
    let mut input = fairy.stdin.take().unwrap();
    let mut output = BufReader::new(fairy.stdout.take().unwrap());
    let mut until = |prefix: &str| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(output.read_line(&mut line).unwrap() > 0, "fairy-stockfish ended before '{prefix}'");
            if line.starts_with(prefix) {
                return line.trim_end().to_string();
            }
        }
    };
    writeln!(input, "uci").unwrap();
    let combo = until("option name UCI_Variant");
    until("uciok");
    let theirs: Vec<&str> = combo.split(" var ").skip(1).collect();
    let common: Vec<&str> = VARIANT_CHOICES.iter().copied().filter(|n| theirs.contains(n)).collect();
    assert!(common.contains(&"placement") && common.contains(&"losers"), "{common:?}");
    for name in common {
        writeln!(input, "setoption name UCI_Variant value {name}\nposition startpos\nd").unwrap();
        let fen = until("Fen:")["Fen:".len()..].trim().to_string();
        assert!(start_of(name, &fen), "{name}: Fairy-Stockfish starts from {fen}, Roque from another position");
    }
    writeln!(input, "quit").unwrap();
    fairy.wait().unwrap();
}

/// Counts written by scripts/fairy-perft.py, on which Roque and
/// Fairy-Stockfish 11.1 agreed, from random games Fairy-Stockfish played.
fn agrees_with_fairy_stockfish(variant: Variant, data: &str) {
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let (fen, count) = line.split_once(" ;D").unwrap();
        let (depth, nodes) = count.split_once(' ').unwrap();
        assert_eq!(perft(&position(variant, fen), depth.parse().unwrap()), nodes.parse::<u64>().unwrap(), "{fen}");
        checked += 1;
    }
    assert!(checked >= 30, "{checked} positions");
}

#[test]
fn placement_perft_agrees_with_fairy_stockfish() {
    agrees_with_fairy_stockfish(Variant::Placement, include_str!("data/placement-fairy-perft.epd"));
}

#[test]
fn losers_perft_agrees_with_fairy_stockfish() {
    agrees_with_fairy_stockfish(Variant::Losers, include_str!("data/losers-fairy-perft.epd"));
}
