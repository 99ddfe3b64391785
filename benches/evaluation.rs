//! Evaluation speed: the 2000 labelled sample positions, with the pawn
//! cache warm (as in a search) and without it.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use roque::board::Position;
use roque::eval::{evaluate, Evaluator};
use roque::tools::tune::parse_line;

fn evaluation_benches(c: &mut Criterion) {
    let positions: Vec<Position> =
        include_str!("../tests/data/quiet-sample.epd").lines().filter_map(parse_line).map(|(p, _)| p).collect();
    let mut group = c.benchmark_group("evaluation");
    group.sample_size(20);
    let mut evaluator = Evaluator::new();
    group.bench_function("2000 positions, pawn cache", |b| {
        b.iter(|| positions.iter().map(|p| evaluator.evaluate(black_box(p)) as i64).sum::<i64>())
    });
    group.bench_function("2000 positions, no cache", |b| {
        b.iter(|| positions.iter().map(|p| evaluate(black_box(p)) as i64).sum::<i64>())
    });
    group.finish();
}

criterion_group!(benches, evaluation_benches);
criterion_main!(benches);
