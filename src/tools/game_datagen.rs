//! `roque datagen --variant <name>`: self-play training positions of a
//! game other than chess, the variants and Elven Chess.
//!
//! Run as chess's datagen is ([`super::datagen`]: the settings, the games
//! numbered and each seeded by its number, written in order, the progress
//! note that lets the same command go on and refuses other settings), with
//! the game's own rules and results. A game starts from the game's start
//! (mined chess: both sides' mines drawn at random and known to both, so
//! that mines explode) and a few random legal plies: in placement chess
//! those place the men, a random set-up. An opening that is over, or whose
//! first search scores a mate or beyond the bound, is drawn again. Each move
//! is a search of a fixed number of nodes. A game ends by its rules (its
//! own wins, draws and explosions) or is drawn at the ply limit; nothing is
//! adjudicated by the score, whose scale differs from game to game.
//!
//! Kept: the positions from ply `first_kept_ply` on (random plies
//! included) whose player to move is not in check and whose score is not a
//! mate. The file is text, its first line naming the game and the format,
//! then one position a line:
//!
//! ```text
//! <the game's FEN> | <score> | <result>
//! ```
//!
//! The FEN is the game's own, with all it holds besides the board (men in
//! hand, ghosts, men waiting to return, the turn's moves left, the owner
//! of the move, the mines). Score and result are both for the player who
//! owns the next move (in two opposed camps and turning chess not always
//! the one whose colour moves): the score in centipawns, the result 1 (that
//! player won), 0.5 (drawn) or 0 (lost).

use super::datagen::{open_output, run_games, Progress, Settings};
use crate::elven::game::ElvenRecord;
use crate::elven::ElvenPosition;
use crate::game::Game;
use crate::search::report::GameSearchResult;
use crate::search::{Engine, Score, SearchLimits};
use crate::session::VariantSearch;
use crate::types::Color;
use crate::variants::mines;
use crate::variants::turn::Player;
use crate::variants::{Variant, VariantPosition, VariantRecord};
use rand::Rng;
use rand_chacha::ChaCha12Rng;
use std::time::Duration;

/// A game `--variant` names: a variant other than chess, or Elven Chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataGame {
    Variant(Variant),
    Elven,
}

impl DataGame {
    /// The game a `UCI_Variant` name chooses; chess and unknown names are
    /// refused, with why.
    pub fn from_name(name: &str) -> Result<DataGame, String> {
        if name.eq_ignore_ascii_case(crate::elven::UCI_NAME) {
            return Ok(DataGame::Elven);
        }
        match Variant::from_name(name) {
            Some(Variant::Chess) => {
                Err("chess's data are made without --variant (binary records for the network)".to_string())
            }
            Some(variant) => Ok(DataGame::Variant(variant)),
            None => {
                let mut names: Vec<&str> =
                    Variant::ALL.iter().filter(|&&v| v != Variant::Chess).map(|v| v.name()).collect();
                names.push(crate::elven::UCI_NAME);
                Err(format!("'{name}' is not a game; --variant takes one of: {}", names.join(", ")))
            }
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            DataGame::Variant(variant) => variant.name(),
            DataGame::Elven => crate::elven::UCI_NAME,
        }
    }

    /// The file's first line: the game and the format of its lines.
    pub fn header(self) -> String {
        format!(
            "# roque datagen {}: <FEN> | <score: centipawns, for the player to move> | \
             <result for the player to move: 1, 0.5, 0>",
            self.name()
        )
    }
}

/// What self-play needs of a game's record.
trait SelfPlay: Sized {
    type Move: Copy;
    /// The game's start; `rng` draws what the start leaves open (mines).
    fn start(game: DataGame, rng: &mut ChaCha12Rng) -> Self;
    fn legal_moves(&self) -> Vec<Self::Move>;
    fn play(&mut self, m: Self::Move);
    /// Over by the rules: the winner, or None for a draw.
    fn outcome(&self) -> Option<Option<Player>>;
    /// The player who owns the next move.
    fn player_to_move(&self) -> Player;
    fn in_check(&self) -> bool;
    fn fen(&self) -> String;
    fn search(&self, engine: &mut Engine, limits: SearchLimits) -> GameSearchResult<Self::Move>;
}

impl SelfPlay for VariantRecord {
    type Move = crate::variants::Action;

    fn start(game: DataGame, rng: &mut ChaCha12Rng) -> VariantRecord {
        let DataGame::Variant(variant) = game else { unreachable!("a variant's game is a variant") };
        let start = VariantPosition::startpos(variant);
        if !variant.has_mines() {
            return VariantRecord::new(start);
        }
        // Both sides' mines, known to both: a mine unknown to the search
        // never explodes in its games.
        let mut squares = |color| {
            let chosen = mines::choose(color, rng.random());
            chosen.into_iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
        };
        let (white, black) = (squares(Color::White), squares(Color::Black));
        let field = format!("mines={white}/{black}");
        let fen = start.fen().replace(&mines::write_field(&start), &field);
        VariantRecord::new(VariantPosition::from_fen(variant, &fen).expect("the start with its mines known"))
    }

    fn legal_moves(&self) -> Vec<Self::Move> {
        self.position().legal_actions().iter().copied().collect()
    }

    fn play(&mut self, m: Self::Move) {
        VariantRecord::play(self, m);
    }

    fn outcome(&self) -> Option<Option<Player>> {
        // `1-0` is the first player's win wherever players own no colour.
        self.result().map(|result| match result.score_text() {
            "1-0" => Some(Player::First),
            "0-1" => Some(Player::Second),
            _ => None,
        })
    }

    fn player_to_move(&self) -> Player {
        self.position().turn().player
    }

    fn in_check(&self) -> bool {
        Game::in_check(self.position())
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn search(&self, engine: &mut Engine, limits: SearchLimits) -> GameSearchResult<Self::Move> {
        engine.search_variant_sync(self, limits, None)
    }
}

impl SelfPlay for ElvenRecord {
    type Move = crate::elven::ElvenMove;

    fn start(_: DataGame, _: &mut ChaCha12Rng) -> ElvenRecord {
        ElvenRecord::new(ElvenPosition::startpos())
    }

    fn legal_moves(&self) -> Vec<Self::Move> {
        self.position().legal_moves().iter().copied().collect()
    }

    fn play(&mut self, m: Self::Move) {
        ElvenRecord::play(self, m);
    }

    fn outcome(&self) -> Option<Option<Player>> {
        self.result().map(|result| match result {
            crate::board::GameResult::Checkmate { winner } => Some(Player::owning(winner)),
            crate::board::GameResult::Draw(_) => None,
        })
    }

    fn player_to_move(&self) -> Player {
        Player::owning(self.position().side_to_move())
    }

    fn in_check(&self) -> bool {
        self.position().in_check()
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn search(&self, engine: &mut Engine, limits: SearchLimits) -> GameSearchResult<Self::Move> {
        engine.search_game_sync(*self.position(), self.keys(), limits, ())
    }
}

/// How a game of the data ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the game's rules: the winner, or None for a draw.
    Rules(Option<Player>),
    /// Drawn at the ply limit.
    PlyLimit,
}

impl Ending {
    fn winner(self) -> Option<Player> {
        match self {
            Ending::Rules(winner) => winner,
            Ending::PlyLimit => None,
        }
    }
}

/// A kept position: its FEN, its score and the player it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub fen: String,
    pub score: i32,
    pub player: Player,
}

impl Kept {
    /// The result for the position's player: 1, 0.5 or 0.
    pub fn result(&self, ending: Ending) -> &'static str {
        match ending.winner() {
            None => "0.5",
            Some(winner) if winner == self.player => "1",
            Some(_) => "0",
        }
    }

    /// The position's line in the file.
    pub fn line(&self, ending: Ending) -> String {
        format!("{} | {} | {}\n", self.fen, self.score, self.result(ending))
    }
}

/// A game played: its kept positions, how it ended and its last position.
#[derive(Clone, Debug)]
pub struct Played {
    pub kept: Vec<Kept>,
    pub ending: Ending,
    /// The FEN of the position the game ended in.
    pub last_fen: String,
}

/// Openings drawn in a row, every one refused, before a run gives up.
const OPENING_TRIES: u32 = 1_000;

/// An opening: the start and random plies, kept if the game goes on and
/// its first search scores no mate and stays within the bound. Returns the
/// game and the plies played.
fn opening<G: SelfPlay>(
    engine: &mut Engine,
    settings: &Settings,
    game: DataGame,
    rng: &mut ChaCha12Rng,
) -> Result<(G, u32), String> {
    for _ in 0..OPENING_TRIES {
        let mut record = G::start(game, rng);
        let mut plies = 0;
        while plies < settings.random_plies && record.outcome().is_none() {
            let moves = record.legal_moves();
            record.play(moves[rng.random_range(0..moves.len())]);
            plies += 1;
        }
        if record.outcome().is_some() {
            continue;
        }
        engine.new_game();
        let result = record.search(engine, SearchLimits::nodes(settings.nodes));
        if matches!(result.score, Score::Cp(cp) if cp.abs() <= settings.opening_bound) {
            return Ok((record, plies));
        }
    }
    Err(format!(
        "no {} opening in {OPENING_TRIES} tries: after --random-plies {} each game was over, or its first \
         search scored beyond {} cp",
        game.name(),
        settings.random_plies,
        settings.opening_bound
    ))
}

/// Plays one game of `G`, or says why no game could start.
fn play_game<G: SelfPlay>(
    engine: &mut Engine,
    settings: &Settings,
    game: DataGame,
    rng: &mut ChaCha12Rng,
) -> Result<Played, String> {
    let (mut record, mut ply) = opening::<G>(engine, settings, game, rng)?;
    engine.new_game();
    let mut kept = Vec::new();
    let ending = loop {
        if let Some(winner) = record.outcome() {
            break Ending::Rules(winner);
        }
        if ply >= settings.max_plies {
            break Ending::PlyLimit;
        }
        let result = record.search(engine, SearchLimits::nodes(settings.nodes));
        if let Score::Cp(score) = result.score {
            if ply >= settings.first_kept_ply && !record.in_check() {
                kept.push(Kept { fen: record.fen(), score, player: record.player_to_move() });
            }
        }
        record.play(result.best);
        ply += 1;
    };
    Ok(Played { kept, ending, last_fen: record.fen() })
}

/// Plays one game of `game` (`settings.game` aside), or says why no game
/// could start.
pub fn play(engine: &mut Engine, settings: &Settings, game: DataGame, rng: &mut ChaCha12Rng) -> Result<Played, String> {
    match game {
        DataGame::Variant(_) => play_game::<VariantRecord>(engine, settings, game, rng),
        DataGame::Elven => play_game::<ElvenRecord>(engine, settings, game, rng),
    }
}

/// Runs the generation of `settings.game` until the file holds
/// `settings.games` games, as chess's [`super::datagen::run`] does.
pub fn run(settings: &Settings, report_every: Duration) -> Result<Progress, String> {
    let game = settings.game.ok_or("a game other than chess is needed (--variant)")?;
    let output = open_output(settings, Some(&game.header()))?;
    run_games(settings, output, report_every, |engine, rng| {
        let played = play(engine, settings, game, rng)?;
        let text: String = played.kept.iter().map(|k| k.line(played.ending)).collect();
        Ok((text.into_bytes(), played.kept.len() as u64))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_choose_the_games_and_chess_or_an_unknown_one_is_refused() {
        assert_eq!(DataGame::from_name("losing"), Ok(DataGame::Variant(Variant::Losers)));
        assert_eq!(DataGame::from_name("Elven"), Ok(DataGame::Elven));
        assert!(DataGame::from_name("chess").unwrap_err().contains("without --variant"));
        let error = DataGame::from_name("shogi").unwrap_err();
        assert!(error.contains("'shogi' is not a game") && error.contains("mined, elven"), "{error}");
    }
}
