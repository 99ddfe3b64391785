//! The bench signature: the node count of `bench` at a fixed depth with one
//! thread. A refactoring must leave it unchanged; a change of search
//! behaviour changes it, and the commit message states the new one.

use roque::tools::bench;

/// Nodes of `bench 8`.
const SIGNATURE_DEPTH_8: u64 = 489_327;

#[test]
fn bench_node_count_is_the_signature() {
    let first = bench::run(Some(8), 1).unwrap();
    assert_eq!(first.nodes, SIGNATURE_DEPTH_8);
    assert_eq!(bench::run(Some(8), 1).unwrap().nodes, first.nodes, "bench must be deterministic");
}
