//! Endgame knowledge: positions the weights cannot judge (dead draws by the
//! FIDE material rule, K+B+N v K, a rook's pawn with the wrong bishop), and
//! the scale factor that pulls the endgame part of drawish endings toward
//! zero.

use super::score::{PhasedScore, NORMAL_SCALE};
use crate::board::Position;
use crate::types::{Bitboard, Color, File, PieceType, Rank, Square};

/// Material in centipawns for the endgame rules (fixed, not tuned, so that
/// the rules do not move when the weights do).
const RULE_VALUES: [i32; 6] = [100, 320, 330, 500, 950, 0];
/// A won endgame's base value, below any mate score and far above the rest.
const KNOWN_WIN: i32 = 1500;

/// Non-pawn material of `color` by the rule values.
fn non_pawn_material(position: &Position, color: Color) -> i32 {
    [PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen]
        .into_iter()
        .map(|kind| RULE_VALUES[kind.index()] * position.pieces(color, kind).count() as i32)
        .sum()
}

/// The evaluation from White's view where a rule decides it, bypassing the
/// weights: 0 when neither side can mate, a won value driving the lone king
/// to the right corner in K+B+N v K.
pub fn special_evaluation(position: &Position) -> Option<i32> {
    if position.is_insufficient_material() {
        return Some(0);
    }
    if Color::ALL.into_iter().any(|color| is_wrong_bishop_draw(position, color)) {
        return Some(0);
    }
    for color in Color::ALL {
        if is_bishop_knight_mate(position, color) {
            return Some(color.sign() * bishop_knight_mate(position, color));
        }
    }
    None
}

/// K+B and pawns on one rook's file v a lone king in front of them: where
/// the bishop cannot cover the queening corner and the lone king stands
/// next to it, the king is never driven out (a dead draw the weights score
/// as pieces up).
fn is_wrong_bishop_draw(position: &Position, strong: Color) -> bool {
    let pawns = position.pieces(strong, PieceType::Pawn);
    let bishops = position.pieces(strong, PieceType::Bishop);
    if position.color(!strong).count() != 1
        || bishops.count() != 1
        || pawns.is_empty()
        || position.color(strong).count() != 2 + pawns.count()
    {
        return false;
    }
    let Some(file) = [File::A, File::H].into_iter().find(|file| pawns & file.bitboard() == pawns) else {
        return false;
    };
    let corner = Square::new(file, Rank::Eighth.relative(strong));
    let light = |b: Bitboard| (b & Bitboard::LIGHT_SQUARES).any();
    light(bishops) != light(corner.bitboard()) && position.king_square(!strong).distance(corner) <= 1
}

fn is_bishop_knight_mate(position: &Position, strong: Color) -> bool {
    position.color(!strong).count() == 1
        && position.color(strong).count() == 3
        && position.pieces(strong, PieceType::Bishop).count() == 1
        && position.pieces(strong, PieceType::Knight).count() == 1
}

/// K+B+N v K: mate is only possible in a corner of the bishop's colour, so
/// the score rises as the lone king nears one and as the kings close in.
fn bishop_knight_mate(position: &Position, strong: Color) -> i32 {
    let bishop = position.pieces(strong, PieceType::Bishop);
    let loser = position.king_square(!strong);
    let winner = position.king_square(strong);
    let corners =
        if (bishop & Bitboard::DARK_SQUARES).any() { [Square::A1, Square::H8] } else { [Square::A8, Square::H1] };
    let manhattan = |a: Square, b: Square| {
        (a.file().index() as i32 - b.file().index() as i32).abs()
            + (a.rank().index() as i32 - b.rank().index() as i32).abs()
    };
    let corner_distance = corners.iter().map(|&corner| manhattan(loser, corner)).min().unwrap_or(0);
    KNOWN_WIN + 40 * (14 - corner_distance) + 20 * (7 - winner.distance(loser) as i32)
}

/// The side ahead: by the endgame part of `score`, by the middlegame part
/// when that is level (a level score blends to 0 whatever the scale).
pub fn strong_side(score: PhasedScore) -> Color {
    let lead = if score.eg != 0 { score.eg } else { score.mg };
    if lead > 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The scale factor of the evaluation (`NORMAL_SCALE` = unchanged) when
/// `strong` is the side ahead. It scales the whole blended score, middlegame
/// part included, so that a drawn ending such as K+N+N v K scores near zero
/// even with a few pieces left.
pub fn scale_factor(position: &Position, strong: Color) -> i32 {
    let weak = !strong;
    let strong_material = non_pawn_material(position, strong);
    let weak_material = non_pawn_material(position, weak);
    let bishop = RULE_VALUES[PieceType::Bishop.index()];

    if position.pieces(strong, PieceType::Pawn).is_empty() {
        // Two knights or less cannot force mate.
        let knights = position.pieces(strong, PieceType::Knight).count() as i32;
        if knights <= 2 && strong_material == knights * RULE_VALUES[PieceType::Knight.index()] {
            return if position.pieces(weak, PieceType::Pawn).any() { 8 } else { 0 };
        }
        // Up by a minor piece or less, with no pawns to promote.
        if strong_material - weak_material <= bishop {
            return if strong_material < RULE_VALUES[PieceType::Rook.index()] {
                0
            } else if weak_material <= bishop {
                8
            } else {
                28
            };
        }
    }

    let strong_bishops = position.pieces(strong, PieceType::Bishop);
    let weak_bishops = position.pieces(weak, PieceType::Bishop);
    if strong_bishops.count() == 1 && weak_bishops.count() == 1 {
        let light = |b: Bitboard| (b & Bitboard::LIGHT_SQUARES).any();
        if light(strong_bishops) != light(weak_bishops) {
            // Opposite-coloured bishops: drawish, the more so with nothing
            // else; other pieces make it less so, the more of them the less.
            if strong_material == bishop && weak_material == bishop {
                return 64;
            }
            return (44 + 6 * position.color(strong).count() as i32).min(NORMAL_SCALE);
        }
    }
    NORMAL_SCALE
}
