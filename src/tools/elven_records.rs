//! Elven Chess's training positions: the lines `roque datagen --variant
//! elven` writes (`<FEN> | <score> | <result>`, both for the side to move),
//! read into records of the men, the score and the result, for the
//! trainer's 2,000 inputs a view ([`InputSet::Elven`]).

use super::train::{Sample, Shape, TrainingPosition};
use crate::elven::ElvenPosition;
use crate::nnue::features::{elven_feature_index, InputSet};
use crate::nnue::men_cache::{evaluate_from_nothing, man, ELVEN_MEN};
use crate::nnue::network::Network;
use crate::types::{Bitboard10, Color, Square10};
use rayon::prelude::*;
use std::path::Path;

/// The most men an Elven Chess board holds (its start's 46).
pub const MAX_ELVEN_MEN: usize = InputSet::Elven.max_men();

/// The first line of an Elven Chess data file begins so.
const HEADER: &str = "# roque datagen elven:";

/// One position: its men, the side to move, whether a castling right is
/// left, the search's score and the game's result, for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElvenRecord {
    /// Each man as (its index: colour x 10 + kind, its square: rank x 10 +
    /// file), the first `count`.
    men: [(u8, u8); MAX_ELVEN_MEN],
    count: u8,
    black_to_move: bool,
    castling: bool,
    /// Centipawns, for White.
    score: i16,
    /// White's result in halves: 2 a win, 1 a draw, 0 a loss.
    result: u8,
}

impl ElvenRecord {
    /// The record of `position` with a score and a result for its side to
    /// move (`result` 1, 0.5 or 0).
    pub fn new(position: &ElvenPosition, score: i32, result: f32) -> ElvenRecord {
        let mut record = ElvenRecord {
            men: [(0, 0); MAX_ELVEN_MEN],
            count: 0,
            black_to_move: position.side_to_move() == Color::Black,
            castling: !position.castling_rights().is_empty(),
            score: 0,
            result: 0,
        };
        for square in position.occupied() {
            let man = position.piece_on(square).expect("an occupied square holds a man");
            record.men[record.count as usize] = (man.index() as u8, square.index() as u8);
            record.count += 1;
        }
        let white = if record.black_to_move { -1 } else { 1 };
        record.score = (white * score).clamp(-i16::MAX as i32, i16::MAX as i32) as i16;
        let halves = (result * 2.0).round() as u8;
        record.result = if record.black_to_move { 2 - halves } else { halves };
        record
    }

    /// Reads one line: `<FEN> | <score> | <result>`, the score and result
    /// for the side to move.
    pub fn from_line(line: &str) -> Result<ElvenRecord, String> {
        let fields: Vec<&str> = line.split(" | ").collect();
        let [fen, score, result] = fields[..] else {
            return Err("not <FEN> | <score> | <result>".to_string());
        };
        let position = ElvenPosition::from_fen(fen).map_err(|e| format!("the FEN: {e}"))?;
        let score: i32 = score.trim().parse().map_err(|_| format!("the score is not a whole number: {score}"))?;
        let result = match result.trim() {
            "1" => 1.0,
            "0.5" => 0.5,
            "0" => 0.0,
            other => return Err(format!("the result is not 1, 0.5 or 0: {other}")),
        };
        if position.occupied().count() as usize > MAX_ELVEN_MEN {
            return Err(format!("more than {MAX_ELVEN_MEN} men"));
        }
        Ok(ElvenRecord::new(&position, score, result))
    }

    /// Each man's (colour, kind index, square index).
    fn men(&self) -> impl Iterator<Item = (Color, usize, usize)> + '_ {
        self.men[..self.count as usize].iter().map(|&(index, square)| {
            let (color, kind) = man(index as usize);
            (color, kind, square as usize)
        })
    }
}

/// Reads an Elven Chess data file: its header names the game, and a line
/// that cannot be read is an error naming it (a file still being written
/// may end in half a line: cut a snapshot with `head -n`).
pub fn read_elven_records(path: &Path) -> Result<Vec<ElvenRecord>, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut lines = text.lines();
    match lines.next() {
        Some(header) if header.starts_with(HEADER) => {}
        _ => return Err(format!("{shown} does not begin with '{HEADER}': not Elven Chess's data")),
    }
    let lines: Vec<&str> = lines.collect();
    lines
        .par_iter()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| ElvenRecord::from_line(line).map_err(|e| format!("{shown} line {}: {e}", index + 2)))
        .collect()
}

impl TrainingPosition for ElvenRecord {
    const INPUTS: InputSet = InputSet::Elven;

    /// With `mirror`, and no castling right left (the only rule that is
    /// not the same from either side), the files mirrored.
    fn fill(&self, _shape: &Shape, mirror: bool, sample: &mut Sample) {
        let side = self.side_to_move();
        let flip = mirror && !self.castling;
        for (color, kind, square) in self.men() {
            let square = if flip { square / 10 * 10 + 9 - square % 10 } else { square };
            sample
                .push(elven_feature_index(side, color, kind, square), elven_feature_index(!side, color, kind, square));
        }
    }

    fn side_to_move(&self) -> Color {
        if self.black_to_move {
            Color::Black
        } else {
            Color::White
        }
    }

    fn white_score(&self) -> f32 {
        self.score as f32
    }

    fn white_result(&self) -> f32 {
        self.result as f32 / 2.0
    }

    fn quantised_evaluation<const H: usize>(&self, network: &Network<H>) -> i32 {
        let mut men = [Bitboard10::EMPTY; ELVEN_MEN];
        for &(index, square) in &self.men[..self.count as usize] {
            men[index as usize] |= Square10::from_index_unchecked(square as u32).bitboard();
        }
        evaluate_from_nothing(network, &men, self.side_to_move())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elven::ELVEN_STARTPOS_FEN;

    #[test]
    fn a_line_is_read_for_white_whoever_is_to_move() {
        let line = "3r2rk2/dnbgq1ebnd/1pp1pp2pp/p4wp3/7p2/3pP5/P3Q1P3/1PPP1P1PPP/DNBE1WGBND/R4K2R1 b Q - 0 9 | 325 | 0";
        let record = ElvenRecord::from_line(line).unwrap();
        assert_eq!(record.side_to_move(), Color::Black);
        assert_eq!((record.white_score(), record.white_result()), (-325.0, 1.0));
        assert!(record.castling);
        assert_eq!(
            record.count as usize,
            ElvenPosition::from_fen(line.split(" | ").next().unwrap()).unwrap().occupied().count() as usize
        );
        let draw = ElvenRecord::from_line(&format!("{ELVEN_STARTPOS_FEN} | 12 | 0.5")).unwrap();
        assert_eq!((draw.white_score(), draw.white_result(), draw.count as usize), (12.0, 0.5, MAX_ELVEN_MEN));
        for bad in [
            "10/10 w - - 0 1 | 3 | 1",
            &format!("{ELVEN_STARTPOS_FEN} | x | 1"),
            &format!("{ELVEN_STARTPOS_FEN} | 3 | 2"),
            &format!("{ELVEN_STARTPOS_FEN} | 3"),
        ] {
            assert!(ElvenRecord::from_line(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn each_view_reads_the_men_as_the_other_side_would_from_its_own_end() {
        // The start is the same game from either end: White's view of it
        // with White to move is Black's with Black to move.
        let start = ElvenRecord::from_line(&format!("{ELVEN_STARTPOS_FEN} | 0 | 0.5")).unwrap();
        let black = ElvenRecord { black_to_move: true, ..start };
        let inputs = |record: &ElvenRecord| {
            let mut sample = Sample::empty();
            record.fill(&Shape::PLAIN, false, &mut sample);
            let (mut us, mut them) = sample.inputs();
            us.sort();
            them.sort();
            (us, them)
        };
        assert_eq!(inputs(&start), inputs(&black));
        let (us, them) = inputs(&start);
        assert_eq!((us.len(), them.len()), (MAX_ELVEN_MEN, MAX_ELVEN_MEN));
        assert!(us.iter().chain(&them).all(|&i| i < InputSet::Elven.count()));
        // Mirrored where castling is still possible: unchanged.
        let mut sample = Sample::empty();
        start.fill(&Shape::PLAIN, true, &mut sample);
        let (mut mirrored, _) = sample.inputs();
        mirrored.sort();
        assert_eq!(mirrored, us);
    }

    #[test]
    fn a_file_must_name_elven_chess_and_a_bad_line_is_named() {
        let dir = std::env::temp_dir();
        let path = dir.join(format!("roque-elven-records-{}.txt", std::process::id()));
        let header = "# roque datagen elven: <FEN> | <score> | <result>";
        std::fs::write(&path, format!("{header}\n{ELVEN_STARTPOS_FEN} | 5 | 1\n\n")).unwrap();
        assert_eq!(read_elven_records(&path).unwrap().len(), 1);
        std::fs::write(&path, format!("{header}\n{ELVEN_STARTPOS_FEN} | 5 | 1\n{ELVEN_STARTPOS_FEN} | 5\n")).unwrap();
        let error = read_elven_records(&path).unwrap_err();
        assert!(error.contains("line 3"), "{error}");
        std::fs::write(&path, format!("# roque datagen losers: x\n{ELVEN_STARTPOS_FEN} | 5 | 1\n")).unwrap();
        assert!(read_elven_records(&path).unwrap_err().contains("not Elven Chess's data"));
        std::fs::remove_file(&path).unwrap();
    }
}
