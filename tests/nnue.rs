//! The neural evaluation: the accumulator updated move by move equals one
//! computed from nothing after every move of many random games (every kind
//! of move, standard chess and Chess960), with and without king buckets,
//! the evaluation is symmetric, the built-in network loads and judges
//! material sensibly.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha12Rng;
use roque::board::Position;
use roque::nnue::features::INPUTS;
use roque::nnue::network::KingBuckets;
use roque::nnue::{Accumulator, AccumulatorStack, Network, HIDDEN};
use roque::types::{Color, MoveKind};

/// A network of random weights at the sizes a trained one has, so that
/// every input changes the accumulator.
fn random_network(seed: u64) -> Box<Network> {
    random_network_with(seed, KingBuckets::NONE)
}

/// Four king buckets, the board mirrored where the king stands on the e to
/// h files: a1-b1, c1-d1, the second rank, the rest.
fn four_buckets() -> KingBuckets {
    KingBuckets::named("mirror4").unwrap()
}

fn random_network_with(seed: u64, king_buckets: KingBuckets) -> Box<Network> {
    let mut rng = ChaCha12Rng::seed_from_u64(seed);
    let mut network = Network::zeroed_with(king_buckets);
    for row in network.feature_weights.iter_mut() {
        row.iter_mut().for_each(|w| *w = rng.random_range(-300..=300));
    }
    network.feature_bias.iter_mut().for_each(|b| *b = rng.random_range(-100..=300));
    for row in network.output_weights.iter_mut().flatten() {
        row.iter_mut().for_each(|w| *w = rng.random_range(-127..=127));
    }
    network.output_bias.iter_mut().for_each(|b| *b = rng.random_range(-5000..5000));
    network.scale = 400;
    assert_eq!(network.feature_weights.len(), INPUTS * king_buckets.count);
    network
}

fn start_positions() -> Vec<Position> {
    let suites = [include_str!("data/perft-standard.epd"), include_str!("data/perft-960.epd")];
    suites
        .iter()
        .flat_map(|suite| suite.lines().step_by(9))
        .map(|line| Position::from_fen(line.split(';').next().unwrap()).unwrap())
        .chain(std::iter::once(Position::startpos()))
        .collect()
}

#[test]
fn incremental_accumulators_equal_fresh_ones_after_every_move() {
    let key_changes = incremental_against_fresh(&random_network(1));
    assert_eq!(key_changes, 0);
}

/// With king buckets, a king's move that takes its view to other rows
/// makes that view from the refresh table: the values are still those
/// computed from nothing, ply after ply, on lines that go back and forth.
#[test]
fn with_king_buckets_too() {
    let network = random_network_with(4, four_buckets());
    let key_changes = incremental_against_fresh(&network);
    assert!(key_changes > 100, "moves that changed a view's rows: {key_changes}");
}

/// Plays random games from every start position, as a search walks its
/// tree: now and then it takes a few moves back and plays another line from
/// there. It checks the stack's accumulator against one computed from
/// nothing now and then, and returns how many moves changed how a view
/// reads the board.
fn incremental_against_fresh(network: &Network) -> usize {
    let mut rng = ChaCha12Rng::seed_from_u64(2);
    let mut stack = AccumulatorStack::new(128);
    let mut kinds_seen = [0usize; 4];
    let (mut null_moves, mut key_changes, mut take_backs) = (0, 0, 0);
    for start in start_positions() {
        for _ in 0..6 {
            let mut line = vec![start];
            stack.reset(network, &start);
            for _ in 0..100 {
                if line.len() > 4 && rng.random_range(0..8) == 0 {
                    line.truncate(line.len() - rng.random_range(1..4));
                    take_backs += 1;
                }
                let ply = line.len() - 1;
                let mut position = line[ply];
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Now and then a null move (as the search makes them), and
                // now and then several plies before the next look, so that
                // lazy updates run over more than one ply.
                if !position.in_check() && rng.random_range(0..10) == 0 {
                    stack.push_null_move(ply);
                    position = position.make_null_move();
                    null_moves += 1;
                } else {
                    // Special moves (castling, en passant, promotion) are
                    // rare in random play: take one half of the time.
                    let special: Vec<_> = moves.iter().filter(|m| m.kind() != MoveKind::Normal).collect();
                    let m = if !special.is_empty() && rng.random_range(0..2) == 0 {
                        *special[rng.random_range(0..special.len())]
                    } else {
                        moves[rng.random_range(0..moves.len())]
                    };
                    kinds_seen[m.kind() as usize] += 1;
                    stack.push_move(ply, &position, m);
                    let before = Color::ALL.map(|view| network.view_key(view, &position));
                    position = position.make_move(m);
                    key_changes += (before != Color::ALL.map(|view| network.view_key(view, &position))) as usize;
                }
                line.push(position);
                if rng.random_range(0..3) == 0 {
                    let fresh = Accumulator::new(network, &position);
                    let updated = stack.accumulator(network, ply + 1, &position);
                    assert_eq!(updated, &fresh, "after ply {ply}: {}", position.fen());
                    assert_eq!(stack.evaluate(network, ply + 1, &position), fresh.evaluate(network, &position));
                }
            }
        }
    }
    assert!(kinds_seen.iter().all(|&n| n > 20), "every kind of move was tried: {kinds_seen:?}");
    assert!(null_moves > 20 && take_backs > 100, "null moves {null_moves}, lines taken back {take_backs}");
    assert!(kinds_seen[MoveKind::Castling as usize] > 20);
    key_changes
}

#[test]
fn the_evaluation_is_the_same_for_the_colour_flipped_position() {
    let random = random_network(3);
    let bucketed = random_network_with(5, four_buckets());
    let embedded = roque::nnue::embedded();
    for network in [&*random, &*bucketed, &*embedded] {
        for start in start_positions() {
            let flipped = start.mirrored();
            assert_eq!(
                roque::nnue::evaluate(network, &start),
                roque::nnue::evaluate(network, &flipped),
                "{} against {}",
                start.fen(),
                flipped.fen()
            );
        }
    }
}

#[test]
fn the_built_in_network_loads_and_values_material() {
    let network = roque::nnue::embedded();
    assert_eq!(network.feature_bias.len(), HIDDEN);
    let eval = |fen: &str| roque::nnue::evaluate(&network, &Position::from_fen(fen).unwrap());
    let start = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 100, "the start position is about level: {start}");
    let white_queen_up = eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let black_queen_up = eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    assert!(white_queen_up > 500, "a queen up: {white_queen_up}");
    assert!(black_queen_up < -500, "a queen down: {black_queen_up}");
    let rook_up = eval("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1");
    assert!(rook_up > 200 && rook_up < white_queen_up, "a rook up: {rook_up}, a queen up: {white_queen_up}");
}
