//! The scale every game's scores are on, the search's and the games' alike:
//! centipawns for the player to move, a mate counted from the root.

/// Being mated at the root; a mate `n` plies away scores `MATE - n`.
pub const MATE: i32 = 32_000;
pub const DRAW: i32 = 0;
