//! Properties checked over thousands of random games: the incremental keys
//! equal keys computed from scratch, FEN round-trips, staged generation
//! partitions the legal moves, every generated move is legal, `gives_check`
//! agrees with making the move, and making a move leaves the position it was
//! made from untouched (copy-make: unmaking is returning to that copy).

use roque::board::perft::perft;
use roque::board::{stage, ChessRecord, MoveList, Position};
use roque::types::Move;

/// A small deterministic generator (splitmix64), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn start_positions() -> Vec<Position> {
    let suites = [include_str!("data/perft-standard.epd"), include_str!("data/perft-960.epd")];
    suites
        .iter()
        .flat_map(|suite| suite.lines().step_by(7))
        .map(|line| Position::from_fen(line.split(';').next().unwrap()).unwrap())
        .chain(std::iter::once(Position::startpos()))
        .collect()
}

fn check_position(position: &Position) {
    assert_eq!(position.key(), position.compute_key(), "key of {}", position.fen());
    assert_eq!(position.pawn_key(), position.compute_pawn_key(), "pawn key of {}", position.fen());
    let reparsed = Position::from_fen(&position.fen()).unwrap_or_else(|e| panic!("{}: {e}", position.fen()));
    assert_eq!(&reparsed, position, "FEN round trip of {}", position.fen());

    let all = position.legal_moves();
    assert_eq!(all.len() as u64, position.count_legal_moves());
    let mut staged = MoveList::new();
    position.generate::<{ stage::NOISY }, _>(&mut staged);
    let noisy = staged.len();
    position.generate::<{ stage::QUIET }, _>(&mut staged);
    let mut a: Vec<u16> = all.iter().map(|m| m.bits()).collect();
    let mut b: Vec<u16> = staged.iter().map(|m| m.bits()).collect();
    a.sort_unstable();
    b.sort_unstable();
    assert_eq!(a, b, "NOISY + QUIET = ALL in {}", position.fen());
    b.dedup();
    assert_eq!(a.len(), b.len(), "no move twice in {}", position.fen());
    for m in &staged[..noisy] {
        let capture = position.piece_on(m.to()).is_some() && !m.is_castling();
        assert!(capture || m.promotion_piece().is_some() || m.kind() == roque::types::MoveKind::EnPassant);
    }

    let before = *position;
    let checks = position.checks();
    for &m in &all {
        assert!(position.is_legal(m));
        let after = position.make_move(m);
        let mover = position.side_to_move();
        assert!(
            !after.is_attacked_by(!mover, after.king_square(mover), after.occupied()),
            "{m:?} leaves the king in check in {}",
            position.fen()
        );
        assert_eq!(after.key(), after.compute_key(), "key after {m:?} in {}", position.fen());
        assert_eq!(position.gives_check(m), after.in_check(), "gives_check {m:?} in {}", position.fen());
        assert_eq!(
            position.gives_check_with(&checks, m),
            after.in_check(),
            "gives_check_with {m:?} in {}",
            position.fen()
        );
        assert_eq!(position.count_legal_moves_after(m), after.count_legal_moves());
    }
    assert_eq!(*position, before, "making moves changed the position");
    assert!(!position.is_legal(Move::NONE));
    if !position.in_check() {
        let null = position.make_null_move();
        assert_eq!(null.key(), null.compute_key());
    }
}

#[test]
fn random_games() {
    let mut rng = Rng(0x5EED);
    let starts = start_positions();
    let mut positions = 0;
    for game_number in 0..3000 {
        let mut game = ChessRecord::new(starts[game_number % starts.len()]);
        for _ in 0..rng.below(160) {
            check_position(game.position());
            positions += 1;
            if game.result().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[rng.below(moves.len())]);
        }
        assert_eq!(game.keys().last(), Some(&game.position().key()));
    }
    assert!(positions > 100_000, "{positions} positions checked");
}

#[test]
fn mirrored_positions_have_mirrored_trees() {
    for position in start_positions() {
        let mirrored = position.mirrored();
        assert_eq!(mirrored.mirrored(), position);
        assert_eq!(perft(&mirrored, 3), perft(&position, 3), "{}", position.fen());
    }
}
