//! Elven Chess judged by its network (`nets/`, `EvalFile_elven`): each
//! man's input in each view ([`elven_feature_index`]: its own men first,
//! Black's board turned half a turn), computed from the men on the board,
//! or in the search brought from the last board judged ([`MenCache`]).
//!
//! [`MenCache`]: crate::nnue::MenCache

use super::{ElvenPieceKind, ElvenPosition};
use crate::nnue::features::InputSet;
use crate::nnue::men_cache::{evaluate_from_nothing, man, ELVEN_MEN};
use crate::nnue::Network;
use crate::types::Bitboard10;

/// Each kind's men, White's kinds then Black's: what [`MenCache`] counts.
pub fn men(position: &ElvenPosition) -> [Bitboard10; ELVEN_MEN] {
    std::array::from_fn(|index| {
        let (color, kind) = man(index);
        position.pieces(color, ElvenPieceKind::ALL[kind])
    })
}

/// The network's evaluation of `position` in centipawns for its side to
/// move, from every man on the board.
pub fn evaluate(network: &Network, position: &ElvenPosition) -> i32 {
    debug_assert_eq!(network.inputs, InputSet::Elven);
    evaluate_from_nothing(network, &men(position), position.side_to_move())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::network::KingBuckets;
    use crate::nnue::MenCache;
    use std::sync::Arc;

    /// A network whose weights tell the men apart: the evaluation of a
    /// position and of the same position seen from the other side.
    fn network() -> Box<Network> {
        let mut network = Network::zeroed_for(InputSet::Elven, KingBuckets::NONE);
        for (i, row) in network.feature_weights.iter_mut().enumerate() {
            for (j, w) in row.iter_mut().enumerate() {
                *w = ((i * 31 + j * 17) % 23) as i16 - 8;
            }
        }
        network.feature_bias.iter_mut().enumerate().for_each(|(j, b)| *b = 40 + (j % 5) as i16);
        for bucket in network.output_weights.iter_mut() {
            for (j, w) in bucket[0].iter_mut().enumerate() {
                *w = (j % 7) as i16 - 3;
            }
            for (j, w) in bucket[1].iter_mut().enumerate() {
                *w = (j % 5) as i16 - 2;
            }
        }
        network.scale = 555;
        network
    }

    #[test]
    fn the_start_is_the_same_for_either_side_to_move_and_each_man_counts() {
        let network = network();
        let start = ElvenPosition::startpos();
        let black = ElvenPosition::from_fen(&start.fen().replace(" w ", " b ")).unwrap();
        let value = evaluate(&network, &start);
        // The start turned half a turn is the start: the side to move sees
        // the same board, whichever side it is.
        assert_eq!(evaluate(&network, &black), value);
        // Without White's warlock, White's view and the score change.
        let fewer = ElvenPosition::from_fen(&start.fen().replace("DNBEWQGBND", "DNBE1QGBND")).unwrap();
        assert_ne!(evaluate(&network, &fewer), value);
    }

    /// The accumulator brought from board to board along random games (a
    /// warlock's two captures, igui, promotions, castling, en passant) is
    /// the one computed from every man.
    #[test]
    fn the_cached_accumulator_follows_every_move() {
        let network: Arc<Network> = Arc::from(network());
        let mut cache = MenCache::default();
        let mut seen = 0;
        super::super::random_games::visit_random_games(9, 30, 200, |position, _| {
            let cached = cache.evaluate(&network, &men(position), position.side_to_move());
            assert_eq!(cached, evaluate(&network, position), "{}", position.fen());
            seen += 1;
        });
        assert!(seen > 3000, "{seen}");
    }

    /// The search's evaluation is the trainer's, along random games.
    #[cfg(feature = "tools")]
    #[test]
    fn the_search_judges_as_the_trainer_does() {
        use crate::tools::elven_records::ElvenRecord;
        use crate::tools::train::TrainingPosition;
        let network = network();
        let mut seen = 0;
        super::super::random_games::visit_random_games(5, 6, 60, |position, _| {
            let record = ElvenRecord::new(position, 0, 0.5);
            assert_eq!(record.quantised_evaluation(&network), evaluate(&network, position), "{}", position.fen());
            seen += 1;
        });
        assert!(seen > 100);
    }
}
