//! The bench signature: the node count of `bench` at a fixed depth with one
//! thread. A refactoring must leave it unchanged; a change of search
//! behaviour changes it, and the commit message states the new one.

use roque::tools::bench;

/// Nodes of `bench 8`.
const SIGNATURE_DEPTH_8: u64 = 494_373;

#[test]
fn bench_node_count_is_the_signature() {
    let first = bench::run(Some(8), 1);
    assert_eq!(first.nodes, SIGNATURE_DEPTH_8);
    assert_eq!(bench::run(Some(8), 1).nodes, first.nodes, "bench must be deterministic");
}

/// With tables the bench probes them (its endgames reach four pieces) and
/// stays deterministic; without, nothing changes.
#[test]
fn bench_with_tables_counts_probes() {
    let path = format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"));
    let tables = std::sync::Arc::new(roque::tablebase::Tablebases::load(&path).tablebases);
    let first = bench::run_with_tables(Some(6), 1, Some(tables.clone()));
    assert!(first.tb_hits > 0);
    let again = bench::run_with_tables(Some(6), 1, Some(tables));
    assert_eq!((again.nodes, again.tb_hits), (first.nodes, first.tb_hits));
    assert_eq!(bench::run(Some(6), 1).tb_hits, 0);
}
