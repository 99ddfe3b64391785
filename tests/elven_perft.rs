//! Elven Chess perft against an independent model: tests/data/elven/
//! positions.txt holds counts made by scripts/elven-model/elven.py, a
//! Python program written from the rules alone (it never saw the engine's
//! code) and itself checked against Fairy-Stockfish on warlock-free
//! positions. Each line exercises a rule: the warlock's jumps, double
//! captures, igui and pass, both capture restrictions (the second carried by
//! the moves played), castling, en passant, compulsory promotion, pins,
//! mate and stalemate.

use roque::board::FenError;
use roque::elven::ElvenPosition;

struct Case {
    fen: String,
    moves: Vec<String>,
    counts: Vec<(u32, u64)>,
    comment: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/elven/positions.txt");
    let mut cases = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (fields, comment) = line.split_once('#').expect("each line ends with a comment");
        let fields: Vec<&str> = fields.split(';').map(str::trim).collect();
        let moves = fields[1].strip_prefix("moves").expect("the moves field").split_whitespace().map(String::from);
        let counts = fields[2..]
            .iter()
            .filter(|f| !f.is_empty())
            .map(|f| {
                let (depth, nodes) = f.split_once(' ').expect("D<n> <count>");
                (depth[1..].parse().unwrap(), nodes.parse().unwrap())
            })
            .collect();
        cases.push(Case { fen: fields[0].to_string(), moves: moves.collect(), counts, comment: comment.trim().into() });
    }
    cases
}

#[test]
fn perft_equals_the_independent_model_on_every_rule() {
    let cases = cases();
    assert!(cases.len() >= 30, "{} positions", cases.len());
    let mut checked = 0;
    for case in cases.iter().filter(|c| !c.comment.starts_with("OPTIONAL")) {
        let mut position = ElvenPosition::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        for text in &case.moves {
            position = position.make(position.parse_move(text).unwrap_or_else(|e| panic!("{}: {e}", case.fen)));
        }
        for &(depth, nodes) in &case.counts {
            assert_eq!(
                position.perft(depth),
                nodes,
                "{} moves {:?} depth {depth}: {}",
                case.fen,
                case.moves,
                case.comment
            );
            checked += 1;
        }
    }
    assert!(checked >= 110, "{checked} counts");
}

/// The model accepts pawns on ranks a game never puts them on (White's 8
/// and 9, past the compulsory promotion); the engine's FEN refuses them, as
/// chess refuses a pawn on its last rank.
#[test]
fn the_unreachable_pawn_position_is_refused() {
    let optional: Vec<Case> = cases().into_iter().filter(|c| c.comment.starts_with("OPTIONAL")).collect();
    assert_eq!(optional.len(), 1);
    let error = ElvenPosition::from_fen(&optional[0].fen).unwrap_err();
    assert!(matches!(error, FenError::PawnOnImpossibleRank(_)), "{error:?}");
}
