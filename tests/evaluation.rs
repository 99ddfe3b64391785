//! The evaluation as a whole: colour symmetry, the pawn cache, the trace,
//! the endgame rules, and the tuner's model of it.

use roque::board::Position;
use roque::eval::{evaluate, scale_factor, trace, Evaluator, MAX_EVALUATION};
use roque::tools::tune::{current_weights, fit_k, parse_line, tune, Dataset, TuneSettings};
use roque::types::Color;

const SUITES: [&str; 3] = [
    include_str!("data/perft-standard.epd"),
    include_str!("data/perft-tricky.epd"),
    include_str!("data/perft-960.epd"),
];
const SAMPLE: &str = include_str!("data/quiet-sample.epd");

/// A small xorshift generator, so the random games are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The perft-suite positions (impossible ones too: the evaluation must
/// cope), the labelled sample, and positions from random games from each.
fn test_positions() -> Vec<Position> {
    let mut starts: Vec<Position> = SUITES
        .iter()
        .flat_map(|suite| suite.lines())
        .filter_map(|line| Position::from_fen(line.split(';').next()?.trim()).ok())
        .collect();
    starts.extend(SAMPLE.lines().filter_map(|line| parse_line(line).map(|(position, _)| position)));
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut positions = starts.clone();
    for start in starts.iter().step_by(3) {
        let mut position = *start;
        for _ in 0..40 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.make_move(moves[(rng.next() % moves.len() as u64) as usize]);
            positions.push(position);
        }
    }
    positions
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

/// White's view.
fn white_eval(fen: &str) -> i32 {
    let position = position(fen);
    evaluate(&position) * position.side_to_move().sign()
}

#[test]
fn mirrored_positions_evaluate_the_same_for_the_side_to_move() {
    let positions = test_positions();
    assert!(positions.len() > 5000, "only {} positions", positions.len());
    for position in &positions {
        let mirror = position.mirrored();
        assert_eq!(evaluate(position), evaluate(&mirror), "{} vs {}", position.fen(), mirror.fen());
    }
}

#[test]
fn evaluator_with_pawn_cache_agrees_with_plain_evaluation() {
    let mut evaluator = Evaluator::new();
    for position in test_positions() {
        let value = evaluator.evaluate(&position);
        assert_eq!(value, evaluate(&position), "{}", position.fen());
        assert!(value.abs() < MAX_EVALUATION, "{}", position.fen());
    }
}

#[test]
fn trace_ends_with_the_white_side_evaluation() {
    for fen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/4k3/8/8/3BNK2/8 b - - 0 1"] {
        let text = trace(&position(fen));
        let last = text.lines().last().unwrap();
        assert_eq!(last, format!("Hand-crafted evaluation: {} (white side)", white_eval(fen)));
    }
    let text = trace(&Position::startpos());
    for term in ["material", "piece square", "knight mobility", "passed pawn", "pawn shield", "king danger", "tempo"] {
        assert!(text.contains(term), "no {term} in\n{text}");
    }
}

#[test]
fn insufficient_material_is_a_draw() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/3N4/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/3b4/8 b - - 0 1",
        "8/2b5/4k3/8/8/3K4/4B3/8 w - - 0 1",
    ] {
        assert_eq!(white_eval(fen), 0, "{fen}");
    }
}

#[test]
fn no_pawns_and_too_little_to_mate_scales_toward_a_draw() {
    // K+N+N v K, K+R v K+B, K+R v K+N: drawish without pawns.
    for fen in
        ["8/8/4k3/8/8/3K4/3NN3/8 w - - 0 1", "8/8/4k3/4b3/8/3K4/3R4/8 w - - 0 1", "8/4n3/4k3/8/8/3K4/3R4/8 b - - 0 1"]
    {
        assert!(scale_factor(&position(fen), Color::White) <= 8, "{fen}");
        assert!(white_eval(fen).abs() <= 30, "{fen}: {}", white_eval(fen));
    }
    // K+R v K is a win and keeps its full value.
    let rook = "8/8/4k3/8/8/3K4/3R4/8 w - - 0 1";
    assert_eq!(scale_factor(&position(rook), Color::White), 128);
    assert!(white_eval(rook) > 400);
}

#[test]
fn opposite_coloured_bishops_scale_down() {
    // Light bishop against dark bishop, White a pawn up.
    let ocb = "8/5k2/4b3/8/1P3P2/4BK2/6P1/8 w - - 0 1";
    let same = "8/5k2/3b4/8/1P3P2/4BK2/6P1/8 w - - 0 1";
    assert_eq!(scale_factor(&position(ocb), Color::White), 64);
    assert_eq!(scale_factor(&position(same), Color::White), 128);
    assert!(white_eval(ocb) < white_eval(same));
    // With rooks as well the scaling is milder, and it fades as pieces are added.
    let with_rooks = "r7/5k2/4b3/8/1P3P2/4BK2/6P1/R7 w - - 0 1";
    assert_eq!(scale_factor(&position(with_rooks), Color::White), 80);
    let crowded = "r2q1rk1/pp3ppp/2n1b3/8/3P4/2N1B3/PP3PPP/R2Q1RK1 w - - 0 1";
    assert_eq!(scale_factor(&position(crowded), Color::White), 116);
}

#[test]
fn a_rooks_pawn_with_the_wrong_bishop_is_a_draw_with_the_king_in_the_corner() {
    // Light bishop, h-pawns, h8 dark: the lone king on or next to h8 holds.
    for fen in [
        "7k/8/5K2/8/2B5/7P/8/8 w - - 0 1",
        "8/6k1/8/8/2B5/7P/7P/5K2 b - - 0 1",
        // Black's a-pawn queens on a1, dark: a light bishop cannot cover it.
        "8/8/8/1k6/8/p7/1K2b3/8 w - - 0 1",
    ] {
        assert_eq!(white_eval(fen), 0, "{fen}");
    }
    // The right bishop, a king far from the corner, a pawn off the rook's
    // file: won, as the weights say.
    for fen in
        ["7k/8/5K2/8/3B4/7P/8/8 w - - 0 1", "8/8/2k5/8/2B5/7P/3K4/8 w - - 0 1", "7k/8/5K2/8/2B5/6P1/8/8 w - - 0 1"]
    {
        assert!(white_eval(fen) > 300, "{fen}: {}", white_eval(fen));
    }
}

#[test]
fn bishop_and_knight_mate_drives_the_king_to_the_bishops_corner() {
    // Dark-squared bishop (c1): a1 and h8 are the mating corners.
    let right_corner = white_eval("7k/8/5K2/8/8/8/8/2B1N3 w - - 0 1");
    let near_right_corner = white_eval("8/6k1/4K3/8/8/8/8/2B1N3 w - - 0 1");
    let wrong_corner = white_eval("k7/8/2K5/8/8/8/8/2B1N3 w - - 0 1");
    let centre = white_eval("8/8/8/3k4/8/2K5/8/2B1N3 w - - 0 1");
    assert!(
        right_corner > near_right_corner && near_right_corner > centre,
        "{right_corner} {near_right_corner} {centre}"
    );
    assert!(right_corner > wrong_corner && wrong_corner > 1000);
    // The same for Black, with a light-squared bishop: a8 and h1.
    let black = white_eval("8/8/8/8/8/5k2/8/3bn2K b - - 0 1");
    assert!(black < -1000);
    assert!(black < white_eval("8/8/8/8/8/2k5/8/K2bn3 b - - 0 1"));
}

#[test]
fn tuner_model_matches_the_engine() {
    let data = Dataset::from_text(SAMPLE);
    assert!(data.len() > 1900);
    let evaluations = data.evaluations(&current_weights());
    let positions: Vec<Position> = SAMPLE
        .lines()
        .filter_map(parse_line)
        .map(|(position, _)| position)
        .filter(|position| roque::eval::tuning::extract(position).is_some())
        .collect();
    assert_eq!(positions.len(), evaluations.len());
    for (position, model) in positions.iter().zip(evaluations) {
        let engine = evaluate(position) * position.side_to_move().sign();
        // The engine rounds its divisions; the model does not.
        assert!((engine as f64 - model).abs() <= 3.0, "{}: engine {engine}, model {model:.2}", position.fen());
    }
}

#[test]
fn tuner_lowers_the_loss_on_a_sample() {
    let data = Dataset::from_text(SAMPLE);
    let start = current_weights();
    let k = fit_k(&data, &start);
    assert!(k > 0.0005 && k < 0.05, "K = {k}");
    let before = data.loss(&start, k);
    let tuned = tune(&data, &start, k, TuneSettings { epochs: 60, learning_rate: 2.0, report_every: 0 });
    let after = data.loss(&tuned, k);
    assert!(after < before * 0.97, "loss {before} -> {after}");
}

#[test]
fn weight_source_round_trips() {
    let weights = current_weights();
    let text = roque::tools::tune::weights_source(&weights, "a note");
    assert_eq!(roque::tools::tune::parse_weights_source(&text), Ok(weights));
}

#[test]
fn tuned_weights_fit_the_sample_better_than_the_hand_start() {
    let hand = roque::tools::tune::parse_weights_source(include_str!("data/hand-weights.rs")).unwrap();
    let data = Dataset::from_text(SAMPLE);
    let tuned = current_weights();
    let k = fit_k(&data, &tuned);
    assert!(data.loss(&tuned, k) < data.loss(&hand, k));
}
