//! Move generation speed: perft 5 from the start position and Kiwipete, and
//! legal move generation, make_move and the check test over the
//! perft-standard positions.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use roque::board::perft::perft;
use roque::board::Position;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::startpos();
    group.bench_function("startpos depth 5", |b| b.iter(|| perft(black_box(&start), 5)));
    let kiwipete = Position::from_fen(KIWIPETE).unwrap();
    group.bench_function("kiwipete depth 5", |b| b.iter(|| perft(black_box(&kiwipete), 5)));
    group.finish();
}

fn generation_benches(c: &mut Criterion) {
    let positions: Vec<Position> = include_str!("../tests/data/perft-standard.epd")
        .lines()
        .map(|line| Position::from_fen(line.split(';').next().unwrap()).unwrap())
        .collect();
    c.bench_function("legal_moves of the 132 perft-standard positions", |b| {
        b.iter(|| positions.iter().map(|p| black_box(p).legal_moves().len()).sum::<usize>())
    });
    c.bench_function("make_move of every legal move of those positions", |b| {
        b.iter(|| {
            let mut keys = 0u64;
            for p in &positions {
                for m in p.legal_moves() {
                    keys ^= black_box(p).make_move(m).key();
                }
            }
            keys
        })
    });
    // The search asks whether a move gives check of most moves it tries:
    // the test of each move alone, against the one that finds what the
    // position's moves share first.
    let moves: Vec<(Position, Vec<_>)> = positions.iter().map(|p| (*p, p.legal_moves().to_vec())).collect();
    c.bench_function("gives_check of every legal move of those positions", |b| {
        b.iter(|| {
            moves.iter().map(|(p, ms)| ms.iter().filter(|&&m| black_box(p).gives_check(m)).count()).sum::<usize>()
        })
    });
    c.bench_function("gives_check_with of every legal move, checks found once a position", |b| {
        b.iter(|| {
            moves
                .iter()
                .map(|(p, ms)| {
                    let checks = black_box(p).checks();
                    ms.iter().filter(|&&m| p.gives_check_with(&checks, m)).count()
                })
                .sum::<usize>()
        })
    });
}

criterion_group!(benches, perft_benches, generation_benches);
criterion_main!(benches);
