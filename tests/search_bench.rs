//! The bench signatures: the node count of `bench` at a fixed depth with one
//! thread, for each evaluation. A refactoring must leave them unchanged; a
//! change of search behaviour changes them, and the commit message states
//! the new ones. A new network changes only the network's.

use roque::tools::bench::{self, BenchEvaluation};

/// Nodes of `bench 8 1 hce`.
const HAND_CRAFTED_DEPTH_8: u64 = 345_153;
/// Nodes of `bench 8` (the built-in network).
const NETWORK_DEPTH_8: u64 = 343_509;

#[test]
fn bench_node_counts_are_the_signatures() {
    let hand_crafted = bench::run(Some(8), 1, BenchEvaluation::HandCrafted, None).unwrap();
    assert_eq!(hand_crafted.nodes, HAND_CRAFTED_DEPTH_8);
    let network = bench::run(Some(8), 1, BenchEvaluation::Network, None).unwrap();
    assert_eq!(network.nodes, NETWORK_DEPTH_8);
    let again = bench::run(Some(8), 1, BenchEvaluation::Network, None).unwrap();
    assert_eq!(again.nodes, network.nodes, "bench must be deterministic");
}

/// With tables the bench probes them (its endgames reach four pieces) and
/// stays deterministic; without, nothing changes.
#[test]
fn bench_with_tables_counts_probes() {
    let path = format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"));
    let tables = std::sync::Arc::new(roque::tablebase::Tablebases::load(&path).tablebases);
    for evaluation in [BenchEvaluation::HandCrafted, BenchEvaluation::Network] {
        let first = bench::run(Some(6), 1, evaluation, Some(tables.clone())).unwrap();
        assert!(first.tb_hits > 0);
        let again = bench::run(Some(6), 1, evaluation, Some(tables.clone())).unwrap();
        assert_eq!((again.nodes, again.tb_hits), (first.nodes, first.tb_hits));
        assert_eq!(bench::run(Some(6), 1, evaluation, None).unwrap().tb_hits, 0);
    }
}

/// Nodes of `bench --variant <name> 5`: the search's signatures in each
/// variant (losing chess's with its network, nets/roque-losers-1.nnue).
/// Changed when the variants' quiet history was keyed by the squares the
/// other side attacks, as chess's (losers 15,784, placement 50,863, vandien
/// 643,726, reinforced 28,936, returning 79,371, ghost 13,516, marseillais
/// 150,266, progressive 549,506, camps 209,023, turning 583,907, mined
/// 12,493 before).
const VARIANT_DEPTH_5: [(&str, u64); 11] = [
    ("losers", 17_945),
    ("placement", 50_509),
    ("vandien", 643_942),
    ("reinforced", 29_088),
    ("returning", 79_686),
    ("ghost", 13_093),
    ("marseillais", 150_129),
    ("progressive", 579_711),
    ("camps", 226_453),
    ("turning", 414_567),
    ("mined", 12_451),
];

#[test]
fn variant_bench_node_counts_are_the_signatures() {
    use roque::tools::variant_bench;
    use roque::variants::Variant;
    for (name, nodes) in VARIANT_DEPTH_5 {
        let variant = Variant::from_name(name).unwrap();
        assert_eq!(variant_bench::run(variant, Some(5), 1, BenchEvaluation::Network).nodes, nodes, "{name}");
    }
    let every = Variant::ALL.into_iter().filter(|&v| v != Variant::Chess).count();
    assert_eq!(VARIANT_DEPTH_5.len(), every, "every variant has its signature");
    let ghost = Variant::from_name("ghost").unwrap();
    let ghost_nodes = || variant_bench::run(ghost, Some(4), 1, BenchEvaluation::Network).nodes;
    assert_eq!(ghost_nodes(), ghost_nodes());
}

/// Nodes of `bench --variant <name> 5 1 hce`: the hand-set evaluations,
/// for the games a network judges (the others' are the signatures above).
/// Losing chess's was 18,081 before its network, the same evaluation; the
/// four changed with the variants' threat-keyed quiet history (from 18,081,
/// 41,229, 17,418 and 148,048), the evaluations unchanged.
const VARIANT_HAND_SET_DEPTH_5: [(&str, u64); 4] =
    [("losers", 17_786), ("placement", 41_312), ("ghost", 17_580), ("marseillais", 148_271)];

#[test]
fn the_hand_set_evaluations_keep_their_signatures() {
    use roque::tools::variant_bench;
    use roque::variants::Variant;
    for (name, nodes) in VARIANT_HAND_SET_DEPTH_5 {
        let variant = Variant::from_name(name).unwrap();
        assert_eq!(variant_bench::run(variant, Some(5), 1, BenchEvaluation::HandCrafted).nodes, nodes, "{name}");
    }
}

/// Elven Chess's bench at depth 5 on one thread: the search's signature on
/// the 10x10 board. (20,295 until the pawns' moves were generated in bulk,
/// which changed the order of the move list and so of equal-scored moves;
/// 20,012 until the quiet history was keyed by the squares the other side
/// attacks; 20,076 until Elven Chess's moves came from the one generator of
/// every board, in its order: king, warlocks, knights, diagonal and
/// orthogonal sliders, the new men's steps, pawns, castling.)
#[test]
fn elven_bench_node_count_is_the_signature() {
    assert_eq!(roque::tools::elven_bench::run(Some(5), 1, BenchEvaluation::HandCrafted).nodes, 22_240);
}
