//! The variants' evaluation: a small hand-set evaluation (material, piece
//! placement, mobility, king safety) that each variant adjusts through its
//! rule families, because the meaning of a position changes with them:
//!
//! - a man in hand is worth what it is on the board (it will be placed);
//! - a ghost cannot be taken, so it is worth more; a man waiting to come back
//!   as a ghost is worth part of itself to its owner;
//! - in placement chess the setup is judged: pawns in front, the king behind
//!   them, no line open from an enemy slider to the king;
//! - in losing chess the goal is to be mated: a cramped own king and an
//!   enemy army close to it are good, a free enemy king is good, and
//!   material counts against its owner;
//! - in turning chess an edge soon changes hands, with the colours; in two
//!   opposed camps it belongs to neither player.
//!
//! With a network (`Use NNUE`, the default), the chess network judges the
//! men on the board in placement, ghost and Marseillais chess, where games
//! showed it the stronger ([`judged_by_network`]): material, placement,
//! mobility and king safety are its; the variant's own terms (men in hand,
//! ghosts, men waiting to come back, a set-up's shape) are added on top.
//! The other variants keep the hand-set evaluation.
//!
//! Scores are centipawns from the view of the player who owns the move.

use super::position::VariantPosition;
use super::{CaptureRule, Goal, SwapClock, TurnOrder, Variant};
use crate::board::attacks::{bishop_attacks, king_attacks, rook_attacks};
use crate::eval::MAX_EVALUATION;
use crate::nnue::Network;
use crate::types::{Bitboard, Color, PieceType, Rank, Square};

/// Pawn, knight, bishop, rook, queen, king.
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 950, 0];

/// A ghost is worth this many quarters of its piece.
const GHOST_QUARTERS: i32 = 5;
/// A man waiting to come back as a ghost is worth this many quarters.
const WAITING_QUARTERS: i32 = 2;
/// Mobility per attacked square not held by the mover's own men.
const MOBILITY: [i32; 6] = [0, 4, 5, 3, 2, 0];
/// Per enemy attack on a square next to the king.
const KING_ZONE_ATTACK: i32 = 6;
/// Per square of an open line from an enemy slider to the king (placement).
const OPEN_LINE_TO_KING: i32 = 25;
const TEMPO: i32 = 10;
/// Losing chess: material counts this many per cent of its chess value.
const LOSING_MATERIAL_PERCENT: i32 = -50;

/// The terms, each from White's view, for the `eval` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    pub material: i32,
    pub placement: i32,
    pub mobility: i32,
    pub king_safety: i32,
    pub setup: i32,
    pub losing_goal: i32,
    pub tempo: i32,
}

impl Breakdown {
    pub fn total(&self) -> i32 {
        self.material + self.placement + self.mobility + self.king_safety + self.setup + self.losing_goal + self.tempo
    }
}

/// Distance from the board's edge: 0 on the rim, 3 in the centre.
fn centrality(square: Square) -> i32 {
    let file = square.file().index() as i32;
    let rank = square.rank().index() as i32;
    file.min(7 - file).min(rank).min(7 - rank)
}

/// A man's value for its placement, seen from its own side.
fn placement_value(color: Color, kind: PieceType, square: Square, endgame: bool) -> i32 {
    let relative_rank = square.rank().relative(color).index() as i32;
    let centre = centrality(square);
    match kind {
        PieceType::Pawn => {
            6 * (relative_rank - 1).max(0) + if (2..=5).contains(&square.file().index()) { 4 } else { 0 }
        }
        PieceType::Knight => 10 * centre - 10,
        PieceType::Bishop => 5 * centre - 5,
        PieceType::Rook => {
            if relative_rank == 6 {
                15
            } else {
                2 * centre
            }
        }
        PieceType::Queen => 3 * centre,
        PieceType::King => {
            if endgame {
                10 * centre
            } else {
                -12 * relative_rank - 4 * centre
            }
        }
    }
}

/// Non-pawn material on the board and in hand; the king favours the centre
/// once it falls low.
fn is_endgame(position: &VariantPosition) -> bool {
    let mut material = 0;
    for kind in [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen] {
        material += VALUES[kind.index()] * position.kind(kind).count() as i32;
        for color in Color::ALL {
            material += VALUES[kind.index()] * position.hands().count(color, kind) as i32;
        }
    }
    material < 2600
}

/// The evaluation of `position` from the view of the player who owns the
/// move (in most variants, the side to move), by `network` where one is
/// given and judges this variant ([`judged_by_network`]).
pub fn evaluate(position: &VariantPosition, network: Option<&Network>) -> i32 {
    let network = network.filter(|_| judged_by_network(position));
    evaluate_with(position, network.map(|network| crate::nnue::evaluate(network, position)))
}

/// Whether a network judges the men on the board in this variant: where
/// games showed it stronger than the hand-set evaluation (100 games at 50
/// ms a move each, docs/variants-on-the-core.md). Chess's network judges
/// placement, ghost and Marseillais chess; losing chess, whose goal is the
/// opposite of the chess that network learnt, is judged by its own
/// ([`Variant::network_game`]: the network given must be that game's). Not
/// two opposed camps, where material belongs to neither player; nor where
/// the games went the other way or showed no gain: returning and
/// progressive chess (whose games are king hunts that the hand-set king
/// safety reads better), reinforced chess.
pub fn judged_by_network(position: &VariantPosition) -> bool {
    matches!(position.variant(), Variant::Placement | Variant::Ghost | Variant::Marseillais | Variant::Losers)
}

/// [`evaluate`], given the network's evaluation of the men on the board for
/// the side to move (`network_score`), or None for the hand-set one.
pub fn evaluate_with(position: &VariantPosition, network_score: Option<i32>) -> i32 {
    let order = position.variant().turn_order();
    if order == TurnOrder::OpposedCamps {
        return camps(position);
    }
    let white = match network_score {
        Some(score) => network_evaluation(position, score),
        None => breakdown(position).total(),
    };
    let ours = position.side_to_move().sign() * white.clamp(-MAX_EVALUATION, MAX_EVALUATION);
    if order == TurnOrder::Swapping {
        return swapping(ours, position.swap_clock());
    }
    ours
}

/// From White's view: the network's judgement of the men on the board
/// (`side_score`, for the side to move), with the variant's own terms on
/// top: the men in hand and waiting to come back, the ghosts' extra
/// worth, a set-up's shape.
fn network_evaluation(position: &VariantPosition, side_score: i32) -> i32 {
    let mut white = position.side_to_move().sign() * side_score;
    for color in Color::ALL {
        let mut own = 0;
        for kind in PieceType::ALL {
            own += VALUES[kind.index()] * position.hands().count(color, kind) as i32;
        }
        for square in position.ghosts() & position.color(color) {
            let kind = position.piece_on(square).expect("a ghost is a man").kind();
            own += VALUES[kind.index()] * (GHOST_QUARTERS - 4) / 4;
        }
        if position.variant().capture_rule() == CaptureRule::Haunts {
            for (_, piece) in position.returns().iter().filter(|(_, piece)| piece.color() == color) {
                own += VALUES[piece.kind().index()] * WAITING_QUARTERS / 4;
            }
        }
        let placing = position.is_placing(color) || position.is_placing(!color);
        if let Some(king) = position.king_square(color).filter(|_| placing) {
            own += setup(position, color, king);
        }
        white += color.sign() * own;
    }
    white
}

/// Turning chess: the side to move's edge is the player's for the moves
/// left before the swap, then the other player's; weighted from whole (a
/// period just begun) through nothing (half of it gone) to nearly its
/// opposite (the swap next).
fn swapping(side_score: i32, clock: SwapClock) -> i32 {
    let period = clock.period.max(1) as i32;
    side_score * (clock.left as i32 - period) / period
}

/// Two opposed camps: each player moves both armies, so material and
/// placement belong to neither; only a mate counts, and the search finds
/// it. What is left is the initiative: the moves the player still has
/// before the other player's turn of two.
fn camps(position: &VariantPosition) -> i32 {
    TEMPO * position.turn().moves_left() as i32
}

/// Every term from White's view.
///
/// Each man's attacks are found once: they give its mobility, its share of
/// the attacks on the enemy king's zone (the sum over the men of the zone
/// squares each attacks is the sum over the zone's squares of their
/// attackers) and the squares its side attacks.
pub fn breakdown(position: &VariantPosition) -> Breakdown {
    let mut terms = Breakdown::default();
    let endgame = is_endgame(position);
    let occupied = position.occupied();
    let losing = position.variant().goal() == Goal::BeMated;
    let zones = Color::ALL.map(|color| position.king_square(color).map_or(Bitboard::EMPTY, king_attacks));
    // Attacks on each colour's king zone, and the squares each colour attacks.
    let mut zone_attacks = [0i32; 2];
    let mut attacked = [Bitboard::EMPTY; 2];
    for color in Color::ALL {
        let sign = color.sign();
        let ours = position.color(color);
        let enemy_zone = zones[(!color).index()];
        let mut material = 0;
        for square in ours {
            let piece = position.piece_on(square).expect("occupied squares hold a piece");
            let kind = piece.kind();
            let value = VALUES[kind.index()];
            material += if position.ghosts().contains(square) { value * GHOST_QUARTERS / 4 } else { value };
            terms.placement += sign * placement_value(color, kind, square, endgame);
            let attacks = position.attacks_from(color, kind, square, occupied);
            if kind != PieceType::King && kind != PieceType::Pawn {
                terms.mobility += sign * MOBILITY[kind.index()] * attacks.without(ours).count() as i32;
            }
            zone_attacks[(!color).index()] += (attacks & enemy_zone).count() as i32;
            attacked[color.index()] |= attacks;
        }
        for kind in PieceType::ALL {
            material += VALUES[kind.index()] * position.hands().count(color, kind) as i32;
        }
        if position.variant().capture_rule() == CaptureRule::Haunts {
            for (_, piece) in position.returns().iter().filter(|(_, p)| p.color() == color) {
                material += VALUES[piece.kind().index()] * WAITING_QUARTERS / 4;
            }
        }
        terms.material += sign * material;
    }
    for color in Color::ALL {
        if let Some(king) = position.king_square(color) {
            terms.king_safety -= color.sign() * KING_ZONE_ATTACK * zone_attacks[color.index()];
            if position.is_placing(color) || position.is_placing(!color) {
                terms.setup += color.sign() * setup(position, color, king);
            }
        }
    }
    if losing {
        // Material is a burden: it can be forced to give the mate that
        // hands the other side the game. What counts is how close each king
        // is to being mated.
        let material = LOSING_MATERIAL_PERCENT * terms.material / 100;
        terms.losing_goal =
            material + losing_goal(position, Color::White, &attacked) - losing_goal(position, Color::Black, &attacked);
        terms.material = 0;
        terms.king_safety = -terms.king_safety;
        terms.mobility /= 4;
    }
    terms.tempo = position.side_to_move().sign() * TEMPO;
    terms
}

/// Placement chess: a setup's worth to `color`, its king on `king`: pawns
/// on the second rank in front, the king on the first rank behind them, and
/// no line open between an enemy slider (placed, or still in hand and able
/// to come to the far ranks) and the king.
fn setup(position: &VariantPosition, color: Color, king: Square) -> i32 {
    let mut score = 0;
    let second = Rank::Second.relative(color).bitboard();
    let pawns = position.pieces(color, PieceType::Pawn);
    score += 8 * (pawns & second).count() as i32;
    if king.rank() == Rank::First.relative(color) {
        score += 20;
        let shield = king_attacks(king) & second & pawns;
        score += 10 * shield.count() as i32;
    }
    let occupied = position.occupied();
    let enemy = !color;
    let hand = position.hands();
    let diagonal_threat = position.pieces(enemy, PieceType::Bishop).any()
        || position.pieces(enemy, PieceType::Queen).any()
        || hand.count(enemy, PieceType::Bishop) > 0
        || hand.count(enemy, PieceType::Queen) > 0;
    let straight_threat = position.pieces(enemy, PieceType::Rook).any()
        || position.pieces(enemy, PieceType::Queen).any()
        || hand.count(enemy, PieceType::Rook) > 0
        || hand.count(enemy, PieceType::Queen) > 0;
    let far = Rank::Seventh.relative(color).bitboard() | Rank::Eighth.relative(color).bitboard();
    if diagonal_threat {
        score -= OPEN_LINE_TO_KING * (bishop_attacks(king, occupied) & far).count() as i32;
    }
    if straight_threat {
        score -= OPEN_LINE_TO_KING * (rook_attacks(king, occupied) & far).count() as i32;
    }
    score
}

/// Losing chess: how well placed `color` is to be mated: few squares for
/// its king, enemy men near it, and the enemy king free (so that `color`
/// cannot be forced to mate it). `attacked`: the squares each colour
/// attacks.
fn losing_goal(position: &VariantPosition, color: Color, attacked: &[Bitboard; 2]) -> i32 {
    let flight = |side: Color| -> i32 {
        let Some(king) = position.king_square(side) else { return 0 };
        let free = king_attacks(king).without(position.color(side));
        free.without(attacked[(!side).index()]).count() as i32
    };
    let near = match position.king_square(color) {
        Some(king) => {
            let zone = king_attacks(king) | Bitboard::from(king);
            let ring = zone.into_iter().fold(Bitboard::EMPTY, |set, s| set | king_attacks(s));
            (ring & position.color(!color)).count() as i32
        }
        None => 0,
    };
    -15 * flight(color) + 15 * flight(!color) + 10 * near
}

/// The `eval` command's text: each term of the hand-set evaluation from
/// White's view, the network's evaluation where it applies, then the one
/// the search uses (by `network`, the network of the variant's
/// [`Variant::network_game`], where given).
pub fn trace(position: &VariantPosition, network: Option<&Network>, use_network: bool) -> String {
    let terms = breakdown(position);
    let rows = [
        ("Material", terms.material),
        ("Placement", terms.placement),
        ("Mobility", terms.mobility),
        ("King safety", terms.king_safety),
        ("Setup (placement)", terms.setup),
        ("Losing goal", terms.losing_goal),
        ("Tempo", terms.tempo),
    ];
    let mut text = format!("Variant evaluation ({}), centipawns from White's view\n", position.variant());
    for (name, value) in rows {
        text.push_str(&format!("{name:>18} | {value:>6}\n"));
    }
    // The network's judgement for the side to move, computed once: shown
    // where the network judges this variant, used where `Use NNUE` is on.
    let side_score =
        network.filter(|_| judged_by_network(position)).map(|network| crate::nnue::evaluate(network, position));
    let mut total = terms.total().clamp(-MAX_EVALUATION, MAX_EVALUATION);
    if let Some(score) = side_score {
        let by_network = network_evaluation(position, score).clamp(-MAX_EVALUATION, MAX_EVALUATION);
        text.push_str(&format!("\nNetwork evaluation, with the variant's own terms: {by_network} (white side)\n"));
        if use_network {
            total = by_network;
        }
    }
    let used = side_score.filter(|_| use_network);
    if position.variant().turn_order().players_change_colours() {
        // What the search uses: the player's view, not a colour's.
        text.push_str(&format!("\nFor the player to move: {}\n", evaluate_with(position, used)));
    }
    let by = if used.is_some() { "the network" } else { "the hand-set evaluation" };
    text.push_str(&format!("\nFinal evaluation: {total} (white side), by {by}\n"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::variants::Variant;

    fn position(variant: Variant, fen: &str) -> VariantPosition {
        VariantPosition::from_fen(variant, fen).unwrap()
    }

    #[test]
    fn the_network_judges_the_board_as_in_chess() {
        // With nothing in hand, no ghost and no man waiting, the variant's
        // evaluation is the chess network's of the same board.
        let network = crate::nnue::embedded();
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
            "4k3/8/8/3q4/8/8/3PP3/4K3 w - - 0 40",
        ];
        for fen in fens {
            let chess = crate::nnue::evaluate(&network, &Position::from_fen(fen).unwrap());
            for variant in [Variant::Ghost, Variant::Marseillais] {
                assert_eq!(evaluate(&position(variant, fen), Some(&network)), chess, "{variant} {fen}");
            }
        }
    }

    #[test]
    fn a_man_in_hand_adds_its_value_to_the_networks_judgement() {
        let network = crate::nnue::embedded();
        let without = position(Variant::Placement, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[RRBBNNqrrbbnn] w - - 0 9");
        let with = position(Variant::Placement, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 9");
        let queen = VALUES[PieceType::Queen.index()];
        assert_eq!(evaluate(&with, Some(&network)) - evaluate(&without, Some(&network)), queen);
    }

    #[test]
    fn the_variants_the_network_does_not_judge_keep_the_hand_set_evaluation() {
        // In two opposed camps material belongs to neither player;
        // elsewhere games chose.
        let network = crate::nnue::embedded();
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        for variant in [Variant::Camps, Variant::Returning, Variant::Progressive, Variant::Reinforced] {
            let p = position(variant, fen);
            assert_eq!(evaluate(&p, Some(&network)), evaluate(&p, None), "{variant}");
        }
        let ghost = position(Variant::Ghost, fen);
        assert_ne!(evaluate(&ghost, Some(&network)), evaluate(&ghost, None));
    }

    #[test]
    fn losing_chess_is_judged_by_its_own_network() {
        use crate::nnue::game_network::{built_in, NetworkGame};
        assert_eq!(Variant::Losers.network_game(), NetworkGame::Losers);
        let losers = built_in(NetworkGame::Losers).expect("this build has the losers network");
        for fen in [
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
        ] {
            let p = position(Variant::Losers, fen);
            let by_network = crate::nnue::evaluate(&losers, &Position::from_fen(fen).unwrap());
            assert_eq!(evaluate(&p, Some(&losers)), by_network, "{fen}");
        }
        for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Losers) {
            assert_eq!(variant.network_game(), NetworkGame::Chess, "{variant}");
        }
    }
}
