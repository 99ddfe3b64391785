//! Material signatures: which pieces each side has. A table is named by its
//! material, the stronger side first (`KQvKR`), and serves both colourings.

use crate::board::Position;
use crate::types::{Color, PieceType};

/// Pieces of each kind per side: `counts[color][kind]`, kinds in the order
/// pawn, knight, bishop, rook, queen, king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Material {
    pub counts: [[u8; 6]; 2],
}

/// Piece letters in the order tables are named: K, Q, R, B, N, P.
const NAME_ORDER: [PieceType; 6] =
    [PieceType::King, PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight, PieceType::Pawn];

impl Material {
    pub fn of(position: &Position) -> Material {
        let mut counts = [[0u8; 6]; 2];
        for color in Color::ALL {
            for kind in PieceType::ALL {
                counts[color.index()][kind.index()] = position.pieces(color, kind).count() as u8;
            }
        }
        Material { counts }
    }

    /// The material of a table name such as `KQvKR`: one king and at least
    /// one letter a side, at most seven pieces in all.
    pub fn from_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [[0u8; 6]; 2];
        for (side, letters) in [white, black].into_iter().enumerate() {
            for c in letters.chars() {
                let kind = PieceType::from_char(c.to_ascii_lowercase()).filter(|_| c.is_ascii_uppercase())?;
                counts[side][kind.index()] += 1;
            }
            if counts[side][PieceType::King.index()] != 1 {
                return None;
            }
        }
        let material = Material { counts };
        (material.piece_count() <= 7).then_some(material)
    }

    /// `KQvKR`: the standard name, with White's pieces first.
    pub fn name(&self) -> String {
        let side = |counts: &[u8; 6]| -> String {
            NAME_ORDER
                .iter()
                .flat_map(|&k| std::iter::repeat_n(k.char().to_ascii_uppercase(), counts[k.index()] as usize))
                .collect()
        };
        format!("{}v{}", side(&self.counts[0]), side(&self.counts[1]))
    }

    /// The same material with the colours swapped.
    pub fn swapped(&self) -> Material {
        Material { counts: [self.counts[1], self.counts[0]] }
    }

    pub fn piece_count(&self) -> u32 {
        self.counts.iter().flatten().map(|&c| c as u32).sum()
    }

    pub fn count(&self, color: Color, kind: PieceType) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    pub fn has_pawns(&self) -> bool {
        self.count(Color::White, PieceType::Pawn) + self.count(Color::Black, PieceType::Pawn) > 0
    }

    /// Both sides have the same pieces.
    pub fn is_symmetric(&self) -> bool {
        self.counts[0] == self.counts[1]
    }

    /// Some side has exactly one piece of some kind other than the king, so
    /// that with the kings three unique pieces lead the encoding.
    pub fn has_unique_pieces(&self) -> bool {
        self.counts.iter().any(|side| side[..5].contains(&1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in ["KQvKR", "KBNvK", "KPvKP", "KRRvKQ", "KvK", "KQRBNvKP"] {
            assert_eq!(Material::from_name(name).unwrap().name(), name);
        }
        assert_eq!(Material::from_name("KQvKR").unwrap().swapped().name(), "KRvKQ");
        for bad in ["KQKR", "QvK", "KKvK", "KqvK", "KXvK", "KQQQQvKRR", "KQRBNPvKP"] {
            assert!(Material::from_name(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn material_of_a_position() {
        let position = Position::from_fen("8/8/4k3/3r4/8/8/2Q5/4K3 b - - 0 1").unwrap();
        let material = Material::of(&position);
        assert_eq!(material.name(), "KQvKR");
        assert_eq!(material.piece_count(), 4);
        assert!(material.has_unique_pieces() && !material.has_pawns() && !material.is_symmetric());
        assert!(!Material::from_name("KRRvK").unwrap().has_unique_pieces());
    }
}
