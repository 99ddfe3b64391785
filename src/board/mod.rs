//! The rules of chess: the position, move generation, FEN, notation and the
//! end-of-game rules; `attacks10`, the leapers and sliders of the 10x10
//! board.

mod army;
pub mod attacks;
pub mod attacks10;
mod castling;
mod fen;
pub mod fen_fields;
mod game;
mod gives_check;
mod legality;
mod make_move;
mod men;
mod move_list;
mod move_sink;
mod movegen;
mod notation;
pub mod perft;
mod pieces;
mod position;
mod see;
pub mod slider_tables;
pub mod zobrist;

pub use army::{Army, ChessArmy};
pub use castling::{CastlingRights, CastlingSide};
pub use fen::{
    army_is_reachable, mirror_fen, read_castling, read_en_passant, read_placement, write_castling, write_placement,
    STARTPOS_FEN,
};
pub use fen_fields::{FenBoard, FenError, FenSquare};
pub use game::{moves_before_game_end, result_text, ChessRecord, DrawReason, GameResult};
pub use gives_check::Checks;
pub use men::{move_men, MenMoved};
pub use move_list::{MoveList, MAX_MOVES};
pub use move_sink::{BoardMove, MoveCounter, MoveSink, SetOf};
pub use movegen::{is_noisy, stage, MoveRules};
pub use notation::MoveParseError;
pub(crate) use notation::{is_well_formed, lower_promotion};
pub use pieces::Pieces;
pub use position::{Board, ChessRules, Position, Rules, Standard};
pub use see::SEE_VALUES;
