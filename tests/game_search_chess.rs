//! Standard chess through the `Game` trait (src/search/game/chess.rs): the
//! generic perft counts what chess's own perft counts, and a search started
//! as any game's (`Engine::search_game_sync`, as the variants and Elven
//! Chess are) plays chess: it finds mates at their distance and never a
//! move that is not legal.

use roque::board::Position;
use roque::game::perft::game_perft;
use roque::search::{Engine, Score, SearchLimits};

/// Each suite line: the FEN, then `;D<depth> <nodes>` fields.
fn suite(text: &str, max_nodes: u64) -> Vec<(String, u32, u64)> {
    let mut entries = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap().trim().to_string();
        for field in fields {
            let (depth, nodes) = field.trim().trim_start_matches('D').split_once(' ').unwrap();
            let (depth, nodes): (u32, u64) = (depth.parse().unwrap(), nodes.trim().parse().unwrap());
            if nodes <= max_nodes {
                entries.push((fen.clone(), depth, nodes));
            }
        }
    }
    entries
}

#[test]
fn game_perft_counts_the_perft_suites() {
    let mut checked = 0;
    for (text, max_nodes) in [
        (include_str!("data/perft-standard.epd"), 200_000),
        (include_str!("data/perft-tricky.epd"), 200_000),
        (include_str!("data/perft-960.epd"), 30_000),
    ] {
        for (fen, depth, nodes) in suite(text, max_nodes) {
            let position = Position::from_fen(&fen).unwrap();
            assert_eq!(game_perft(&position, depth), nodes, "{fen} depth {depth}");
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} counts checked");
}

fn game_search(fen: &str, limits: SearchLimits) -> (String, Score) {
    let position = Position::from_fen(fen).unwrap();
    let mut engine = Engine::new();
    let result = engine.search_game_sync(position, &[position.key()], limits, ());
    assert!(position.legal_moves().contains(&result.best), "{fen}: {:?} is not legal", result.best);
    (result.best.to_uci(false), result.score)
}

#[test]
fn the_game_search_finds_mates_in_chess() {
    // Mate in one (the back rank), and in two (a knight check that opens
    // the bishop's diagonal).
    let (best, score) = game_search("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", SearchLimits::depth(4));
    assert_eq!((best.as_str(), score), ("a1a8", Score::Mate(1)));
    let (best, score) =
        game_search("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", SearchLimits::depth(6));
    assert_eq!((best.as_str(), score), ("d5f6", Score::Mate(2)));
}

#[test]
fn the_game_search_plays_legal_moves_from_the_bench_positions() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    ] {
        let (_, score) = game_search(fen, SearchLimits::nodes(20_000));
        assert!(!matches!(score, Score::Mate(_)), "{fen}: {score:?}");
    }
}
