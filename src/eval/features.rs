//! The layout of the weight table: every evaluation term is a run of
//! features, each with one middlegame/endgame weight. The evaluation reports
//! "feature i, n times, for colour c"; the engine multiplies by the weight,
//! the tuner records the count. This file is the one list of the terms.

/// The evaluation terms, in weight-table order. The king-danger terms come
/// last: they are not added to the score directly but summed into a danger
/// value that `king_safety::danger_score` turns into a score (non-linear).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// By piece type, pawn to queen.
    Material,
    /// By piece type and square seen from the piece's side (a1..h8).
    PieceSquare,
    /// By the number of reachable squares not attacked by enemy pawns.
    KnightMobility,
    BishopMobility,
    RookMobility,
    QueenMobility,
    DoubledPawn,
    IsolatedPawn,
    BackwardPawn,
    /// Supported by a pawn, by relative rank.
    ConnectedPawn,
    /// A pawn of ours beside it, by relative rank.
    PhalanxPawn,
    /// By relative rank.
    PassedPawn,
    /// Passed pawn with nothing in front of it, by relative rank.
    PassedFreePath,
    /// Passed pawn with an enemy piece on its stop square, by relative rank.
    PassedBlocked,
    /// Passed pawn: counted once per step between our king and the stop square, by relative rank.
    PassedOwnKingDistance,
    /// Passed pawn: counted once per step between the enemy king and the stop square, by relative rank.
    PassedEnemyKingDistance,
    BishopPair,
    RookOpenFile,
    RookHalfOpenFile,
    KnightOutpost,
    BishopOutpost,
    /// Our nearest pawn on each of the three files around the king, by its
    /// relative rank (index 0: no pawn).
    PawnShield,
    /// The enemy's nearest pawn on each of those files, by its rank relative
    /// to us (index 0: no pawn).
    PawnStorm,
    /// Files around the king with no pawn at all.
    KingOpenFile,
    /// Files around the king with only enemy pawns.
    KingHalfOpenFile,
    /// Enemy pieces (not pawns) attacked by our pawns.
    ThreatByPawn,
    /// Enemy pieces attacked by our knights or bishops, by victim type.
    ThreatByMinor,
    /// Enemy pieces attacked by our rooks, by victim type.
    ThreatByRook,
    /// Enemy pieces (not pawns) we attack and they do not defend.
    Hanging,
    /// Per bishop: our pawns on squares of its colour.
    BishopPawns,
    /// Knights and bishops with our pawn right in front.
    MinorBehindPawn,
    /// Passed pawn whose stop square the enemy does not attack, by relative rank.
    PassedSafeStop,
    /// Our king's distance to our nearest pawn (index 0: no pawns).
    KingPawnDistance,
    /// Per knight: our pawns (knights gain with pawns on the board).
    KnightPawns,
    /// Per rook: our pawns (rooks gain on open boards).
    RookPawns,
    /// Enemy pieces or undefended pawns our king attacks.
    ThreatByKing,
    /// Enemy pieces a safe push of our pawns would attack.
    PawnPushThreat,
    /// For the side to move.
    Tempo,
    /// King danger: our pieces attacking the enemy king zone, by type (N, B, R, Q).
    DangerAttackers,
    /// King danger: attacks on squares of the enemy king zone.
    DangerZoneAttacks,
    /// King danger: squares from which a piece could check safely, by type (N, B, R, Q).
    DangerSafeChecks,
    /// King danger: zone squares we attack that only the king or queen defends.
    DangerWeakSquares,
    /// King danger: the attacker has no queen.
    DangerNoQueen,
    /// King danger: a constant, for every attack counted.
    DangerBase,
}

/// How many features each term has, in `Term` order.
#[rustfmt::skip]
const LENGTHS: [usize; TERM_COUNT] = [
    5, 384,                 // material, piece-square
    9, 14, 15, 28,          // mobility
    1, 1, 1, 8, 8,          // doubled, isolated, backward, connected, phalanx
    8, 8, 8, 8, 8,          // passed pawn terms
    1, 1, 1, 1, 1,          // bishop pair, rook files, outposts
    8, 8, 1, 1,             // shield, storm, king files
    1, 5, 5, 1,             // threats, hanging
    1, 1, 8, 8,             // bishop pawns, minor behind pawn, passed safe stop, king pawn distance
    1, 1, 1, 1,             // knight pawns, rook pawns, threat by king, pawn push threat
    1,                      // tempo
    4, 1, 4, 1, 1, 1,       // king danger
];

pub const TERM_COUNT: usize = 44;

pub const ALL_TERMS: [Term; TERM_COUNT] = [
    Term::Material,
    Term::PieceSquare,
    Term::KnightMobility,
    Term::BishopMobility,
    Term::RookMobility,
    Term::QueenMobility,
    Term::DoubledPawn,
    Term::IsolatedPawn,
    Term::BackwardPawn,
    Term::ConnectedPawn,
    Term::PhalanxPawn,
    Term::PassedPawn,
    Term::PassedFreePath,
    Term::PassedBlocked,
    Term::PassedOwnKingDistance,
    Term::PassedEnemyKingDistance,
    Term::BishopPair,
    Term::RookOpenFile,
    Term::RookHalfOpenFile,
    Term::KnightOutpost,
    Term::BishopOutpost,
    Term::PawnShield,
    Term::PawnStorm,
    Term::KingOpenFile,
    Term::KingHalfOpenFile,
    Term::ThreatByPawn,
    Term::ThreatByMinor,
    Term::ThreatByRook,
    Term::Hanging,
    Term::BishopPawns,
    Term::MinorBehindPawn,
    Term::PassedSafeStop,
    Term::KingPawnDistance,
    Term::KnightPawns,
    Term::RookPawns,
    Term::ThreatByKing,
    Term::PawnPushThreat,
    Term::Tempo,
    Term::DangerAttackers,
    Term::DangerZoneAttacks,
    Term::DangerSafeChecks,
    Term::DangerWeakSquares,
    Term::DangerNoQueen,
    Term::DangerBase,
];

const fn offsets() -> [usize; TERM_COUNT + 1] {
    let mut offsets = [0; TERM_COUNT + 1];
    let mut i = 0;
    while i < TERM_COUNT {
        offsets[i + 1] = offsets[i] + LENGTHS[i];
        i += 1;
    }
    offsets
}

const OFFSETS: [usize; TERM_COUNT + 1] = offsets();

/// The number of weights.
pub const FEATURE_COUNT: usize = OFFSETS[TERM_COUNT];

/// The first king-danger feature; every feature from here on is non-linear.
pub const DANGER_START: usize = OFFSETS[Term::DangerAttackers as usize];

impl Term {
    /// The weight-table index of feature `i` of this term.
    #[inline(always)]
    pub const fn at(self, i: usize) -> usize {
        debug_assert!(i < LENGTHS[self as usize]);
        OFFSETS[self as usize] + i
    }

    pub const fn feature_count(self) -> usize {
        LENGTHS[self as usize]
    }

    /// The weight-table indices of this term's features.
    pub const fn range(self) -> std::ops::Range<usize> {
        OFFSETS[self as usize]..OFFSETS[self as usize + 1]
    }

    pub const fn is_danger(self) -> bool {
        OFFSETS[self as usize] >= DANGER_START
    }

    /// The term a weight-table index belongs to.
    pub fn of(feature: usize) -> Term {
        ALL_TERMS[OFFSETS.partition_point(|&offset| offset <= feature) - 1]
    }

    /// The name used in the weight table and the `eval` trace.
    pub fn name(self) -> String {
        let debug = format!("{self:?}");
        let mut name = String::new();
        for (i, c) in debug.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                name.push(' ');
            }
            name.push(c.to_ascii_lowercase());
        }
        name
    }

    /// Features per line in the generated weight table.
    pub fn row_length(self) -> usize {
        match self.feature_count() {
            384 => 8,
            n if n <= 8 => n,
            _ => 7,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_tile_the_table() {
        let mut next = 0;
        for (i, term) in ALL_TERMS.iter().enumerate() {
            assert_eq!(*term as usize, i);
            assert_eq!(term.range().start, next);
            next = term.range().end;
            assert_eq!(Term::of(term.at(0)), *term);
            assert_eq!(Term::of(term.at(term.feature_count() - 1)), *term);
        }
        assert_eq!(next, FEATURE_COUNT);
        assert!(Term::DangerBase.is_danger() && !Term::Tempo.is_danger());
        assert_eq!(Term::PassedOwnKingDistance.name(), "passed own king distance");
    }
}
