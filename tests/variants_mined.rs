//! Mined chess: its rules, one test each, perft counts checked by a second
//! implementation, its FEN, a player who knows only its own mines, and the
//! search that weighs the others.

mod uci_support;
mod variants_support;

use roque::game::perft::game_perft as perft;
use roque::search::Engine as SearchEngine;
use roque::search::SearchLimits;
use roque::session::VariantSearch;
use roque::types::{Bitboard, Color, PieceType, Square};
use roque::variants::{Action, Variant, VariantFenError, VariantPosition, VariantRecord, VariantResult};
use uci_support::{best_move, Engine};
use variants_support::{play, position, turn_of};

fn mined(fen: &str) -> VariantPosition {
    position(Variant::Mined, fen)
}

/// The start with White's mines on e4 and d5, Black's on e5 and d4.
const CROSSED: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mines=e4,d5/d4,e5";

#[test]
fn a_man_landing_on_the_other_sides_mine_explodes_and_its_owner_lays_it_anew() {
    // e4 and e5 are each side's own mines: nothing happens.
    let mut game = play(mined(CROSSED), &["e2e4", "e7e5"]);
    assert_eq!(game.position().piece_on(Square::E4).map(|p| p.kind()), Some(PieceType::Pawn));
    // d4 is Black's: the pawn explodes, the mine is spent, the fifty-move
    // count restarts, and Black lays the mine anew before it moves.
    game.play_uci("g1f3", false).unwrap();
    game.play_uci("b8c6", false).unwrap();
    game.play_uci("d2d4", false).unwrap();
    let position = *game.position();
    assert_eq!(position.piece_on(Square::D4), None);
    assert_eq!(position.mines(Color::Black), Square::E5.bitboard());
    assert_eq!((position.mines_to_lay(Color::Black), position.halfmove_clock()), (1, 0));
    assert_eq!(turn_of(&game), (Color::Black, 1, 2));
    assert!(position.legal_actions().iter().all(|a| a.is_mine()));
    // Any square (the book mines "deux cases de l'échiquier", under men
    // too) but the mine Black has.
    assert!(position.parse_action("M@e2", false).is_ok(), "e2 is empty now");
    let refused = format!("{:?}", position.parse_action("M@e5", false).unwrap_err());
    assert!(refused.contains("a square without a mine of one's own (under a man too); e5 has one"), "{refused}");
    assert!(position.parse_action("M@e4", false).is_ok(), "under White's pawn");
    assert_eq!(position.legal_actions().len(), 63);
    assert!(position.parse_action("d7d5", false).is_err(), "the mine is laid first");
    game.play_uci("M@d4", false).unwrap();
    assert_eq!(game.position().mines(Color::Black), Square::D4.bitboard() | Square::E5.bitboard());
    assert_eq!(turn_of(&game), (Color::Black, 1, 1));
    game.play_uci("d7d5", false).unwrap();
    assert!(game.position().piece_on(Square::D5).is_none(), "d5 is White's mine");
    assert_eq!(game.position().mines_to_lay(Color::White), 1);
}

#[test]
fn a_capture_on_a_mined_square_takes_and_explodes() {
    // Black's knight stands on its own mine on e5; White's d4 pawn takes it.
    let position = mined("4k3/8/8/4n3/3P4/8/8/4K3 w - - 0 1 mines=a3,h3/e5,h6");
    let after = position.make(position.parse_action("d4e5", false).unwrap());
    assert_eq!(after.piece_on(Square::E5), None);
    assert_eq!(after.color(Color::White).count(), 1);
    assert_eq!(after.color(Color::Black).count(), 1);
    assert_eq!(after.mines(Color::Black), Square::H6.bitboard());
    // Kings alone are a draw, once the mine is laid again.
    let laid = after.make(after.parse_action("M@e5", false).unwrap());
    assert!(laid.is_insufficient_material());
}

#[test]
fn a_king_that_lands_on_a_mine_is_mated() {
    let position = mined("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 mines=a3,b3/d1,h6");
    let walked = position.make(position.parse_action("e1d1", false).unwrap());
    assert_eq!(walked.mine_loser(), Some(Color::White));
    assert!(walked.legal_actions().is_empty());
    assert_eq!(walked.result_with_no_move(), VariantResult::LostToMine { loser: Color::White });
    assert_eq!(walked.result_with_no_move().to_string(), "0-1 (mated by a mine)");
    let mut game = VariantRecord::new(position);
    game.play_uci("e1d1", false).unwrap();
    assert_eq!(game.result().map(|r| r.score_text()), Some("0-1"));
}

#[test]
fn a_castling_king_that_passes_over_a_mine_explodes_and_is_mated() {
    // The book: "Le Roi qui passe sur une case minée saute comme les autres
    // pièces et se voit déclaré « mat »". O-O-O takes the king over d1,
    // Black's mine: it explodes there, and White has lost. The king moves
    // first, so the mine is spent when the rook lands on d1.
    let position = mined("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 mines=a3,b3/d1,h6");
    let castled = position.make(position.parse_action("e1c1", false).unwrap());
    assert_eq!(castled.king_square(Color::White), None);
    assert_eq!(castled.piece_on(Square::D1).map(|p| p.kind()), Some(PieceType::Rook));
    assert_eq!(castled.mines(Color::Black), Square::H6.bitboard());
    assert_eq!(castled.mine_loser(), Some(Color::White));
    assert_eq!(castled.result_with_no_move(), VariantResult::LostToMine { loser: Color::White });
    // O-O over f1 alike.
    let short = play(mined("4k3/8/8/8/8/8/8/4K2R w K - 0 1 mines=a3,b3/f1,h6"), &["e1g1"]);
    assert_eq!(short.result(), Some(VariantResult::LostToMine { loser: Color::White }));
    // Chess960: the king on b1 castles to g1 over c1, d1, e1 and f1.
    let mut wide = VariantRecord::new(mined("4k3/8/8/8/8/8/8/1K5R w H - 0 1 mines=a3,b3/d1,h6"));
    wide.play_uci("b1h1", true).unwrap();
    assert_eq!(wide.result(), Some(VariantResult::LostToMine { loser: Color::White }));
    // Only the king's path counts: in O-O-O the rook alone passes over b1,
    // and a mine there does nothing.
    let rook_path = mined("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 mines=a3,b3/b1,h6");
    let castled = rook_path.make(rook_path.parse_action("e1c1", false).unwrap());
    assert_eq!(castled.mine_loser(), None);
    assert_eq!(castled.piece_on(Square::C1).map(|p| p.kind()), Some(PieceType::King));
    assert_eq!(castled.mines(Color::Black), Square::B1.bitboard() | Square::H6.bitboard());
    // A king that passed over a square unharmed tells that no secret mine
    // lies there.
    let secret = mined("4k3/8/8/8/8/8/8/1K5R w H - 0 1 mines=a3,b3/?,?");
    let mut heard = VariantRecord::new(secret);
    assert!(heard.mine_odds().on(Color::Black, Square::D1) > 0);
    heard.play_uci("b1h1", true).unwrap();
    assert_eq!(heard.mine_odds().on(Color::Black, Square::D1), 0);
    assert!(heard.mine_odds().on(Color::Black, Square::D2) > 0);
}

/// Castling with mines on the kings' paths and squares, counted by the
/// second implementation (scripts/mined-perft.py's `Game`, on python-chess's
/// boards). Before a castling king could explode on the square it passes
/// over, the counts were 17,786, 18,031, 7,798, 8,052 and 18,198.
#[test]
fn castling_over_mines_perft_agrees_with_a_second_implementation() {
    for (fen, nodes) in [
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 mines=f1,d8/d1,h6", 14_825),
        ("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 mines=f8,a3/f1,c1", 15_196),
        ("r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1 mines=d8,f8/d1,g1", 5_530),
        ("r3k2r/p6p/8/8/8/8/P6P/R3K2R b KQkq - 0 1 mines=d8,f8/d1,g1", 5_469),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 mines=d8,b8/f1,b1", 15_489),
    ] {
        assert_eq!(perft(&mined(fen), 3), nodes, "{fen}");
    }
}

#[test]
fn moves_are_judged_before_the_explosion_which_may_lose_the_game() {
    // The bishop on d2 is pinned by the rook on d8: it may not leave the d
    // file, mine or no mine.
    let pinned = mined("3rk3/8/8/8/8/8/3B4/3K4 w - - 0 1 mines=a3,b3/e3,h6");
    assert!(pinned.parse_action("d2e3", false).is_err());
    // The rook on d2 blocks; moving along the d file onto Black's mine on
    // d4 is legal, explodes, and leaves the king attacked: White has lost.
    let blocked = mined("3rk3/8/8/8/8/8/3R4/3K4 w - - 0 1 mines=a3,b3/d4,h6");
    let after = blocked.make(blocked.parse_action("d2d4", false).unwrap());
    assert_eq!(after.mine_loser(), Some(Color::White));
    assert!(after.legal_actions().is_empty());
    // The same move with the mine elsewhere is an ordinary move.
    let safe = mined("3rk3/8/8/8/8/8/3R4/3K4 w - - 0 1 mines=a3,b3/d5,h6");
    assert_eq!(safe.make(safe.parse_action("d2d4", false).unwrap()).mine_loser(), None);
}

#[test]
fn en_passant_and_promotion_land_too() {
    // The double step explodes on d5 (White's mine): no pawn, no en passant.
    let double = mined("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 mines=d5,h3/a6,h6");
    let after = double.make(double.parse_action("d7d5", false).unwrap());
    assert_eq!((after.piece_on(Square::D5), after.en_passant()), (None, None));
    // Taking en passant onto Black's mine on d6: both pawns leave.
    let passant = mined("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 mines=a3,b3/d6,h6");
    let after = passant.make(passant.parse_action("e5d6", false).unwrap());
    assert_eq!(after.kind(PieceType::Pawn), Bitboard::EMPTY);
    // A pawn promoting on a mined square explodes as the new piece.
    let promotion = mined("4k3/P7/8/8/8/8/8/4K3 w - - 0 1 mines=c3,b3/a8,h6");
    let after = promotion.make(promotion.parse_action("a7a8q", false).unwrap());
    assert_eq!(after.kind(PieceType::Queen), Bitboard::EMPTY);
}

#[test]
fn the_fen_carries_the_mines_and_refuses_impossible_ones() {
    let start = VariantPosition::startpos(Variant::Mined);
    assert_eq!(start.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mines=?,?/?,?");
    assert_eq!((start.unknown_mines(Color::White), start.unknown_mines(Color::Black)), (2, 2));
    for fen in [
        CROSSED,
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2 mines=d5,e4/e5",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 mines=c3,?/?,?",
    ] {
        let position = mined(fen);
        let again = mined(&position.fen());
        assert_eq!((again, again.fen()), (position, position.fen()), "{fen}");
    }
    // Without the field nothing is known of the mines, which the book keeps
    // secret (noted "sur un morceau de papier"): the position of
    // `mines=?,?/?,?`, written back with it. Every player always has two, so
    // no other reading exists (right after an explosion, the FEN must say
    // so with the field).
    let unsaid = mined("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(unsaid, mined("4k3/8/8/8/8/8/8/4K3 w - - 0 1 mines=?,?/?,?"));
    assert_eq!(unsaid.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 mines=?,?/?,?");
    let laying = mined("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2 mines=d5,e4/e5");
    assert_eq!((laying.turn().index, laying.turn().length), (0, 2));
    // A side that lays a mine first cannot take en passant now: the square
    // is dropped, as a double step's is where the capture is not legal.
    let laying = mined("rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3 mines=c3/?,?");
    assert_eq!(laying.mines_to_lay(Color::White), 1);
    assert_eq!(laying.fen(), "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 3 mines=c3/?,?");
    let bad = |fen: &str| VariantPosition::from_fen(Variant::Mined, fen).unwrap_err();
    let board = "4k3/8/8/8/8/8/8/4K3";
    assert_eq!(bad(&format!("{board} w - - 0 1 mines=c3,c3/?,?")), VariantFenError::BadMines("c3,c3/?,?".into()));
    assert_eq!(bad(&format!("{board} w - - 0 1 mines=c3,d3,e3/?,?")), VariantFenError::BadMines("c3,d3,e3/?,?".into()));
    // A mine may lie under a man of either colour.
    assert_eq!(
        mined(&format!("{board} w - - 0 1 mines=c3,e8/e1,?")).mines(Color::White),
        Square::C3.bitboard() | Square::E8.bitboard()
    );
    assert_eq!(bad(&format!("{board} w - - 0 1 mines=c3,d3/?")), VariantFenError::MineCount(Color::Black));
    assert_eq!(bad(&format!("{board} w - - 0 1 mines=/?,?")), VariantFenError::MineCount(Color::White));
    assert_eq!(bad(&format!("{board} w - - 0 1 mines=?,?/?,? mines=?,?/?,?")), VariantFenError::RepeatedField("mines"));
    let chess = VariantPosition::from_fen(Variant::Marseillais, &format!("{board} w - - 0 1 mines=?,?/?,?"));
    assert_eq!(chess.unwrap_err(), VariantFenError::MinesNotAllowed(Variant::Marseillais));
}

/// Perft counts of positions from random games with four known mines, each
/// counted by a second implementation written apart, on python-chess's
/// boards (scripts/mined-perft.py, which wrote tests/data/mined-perft.epd:
/// `--positions 25 --depth 3 --seed 5`, less one game over without its
/// king); a quarter of them stop right after an
/// explosion, where the mine's owner lays it anew.
#[test]
fn perft_counts_agree_with_a_second_implementation() {
    let data = include_str!("data/mined-perft.epd");
    let mut laying = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields[0], "mined");
        let position = mined(fields[1]);
        laying += usize::from(position.mines_to_lay(position.side_to_move()) > 0);
        let depth: u32 = fields[2].parse().unwrap();
        let nodes: u64 = fields[3].parse().unwrap();
        assert_eq!(perft(&position, depth), nodes, "{line}");
    }
    assert_eq!(data.lines().count(), 24);
    assert!(laying >= 4, "{laying} positions with a mine to lay");
}

#[test]
fn hand_checked_perft() {
    // From the start with the crossed mines: 20 moves; of White's 20, only
    // d2d4 explodes (on Black's d4), after which Black lays its mine on any
    // of the 64 squares but e5, its other mine: 19 x 20 + 63.
    let crossed = mined(CROSSED);
    assert_eq!(perft(&crossed, 1), 20);
    assert_eq!(perft(&crossed, 2), 19 * 20 + 63);
    // White's knight exploded on a secret mine of Black's on h3: Black lays
    // it anew on any square ("deux cases de l'échiquier", under a man too;
    // h3 again, as the book's "peut changer" is a may) but its other mine,
    // which is secret here, so that no square can be ruled out: 64. Where
    // that mine is known, its square is refused (63 above).
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let secret = play(mined(&format!("{start} mines=c3,f3/?,?")), &["g1h3*"]);
    assert_eq!((secret.position().mines_to_lay(Color::Black), perft(secret.position(), 1)), (1, 64));
    let known = play(mined(&format!("{start} mines=c3,f3/h3,e6")), &["g1h3"]);
    assert_eq!(perft(known.position(), 1), 63);
    let refused = known.position().parse_action("M@e6", false).unwrap_err().to_string();
    assert!(refused.contains("e6 has one"), "{refused}");
    // Bare kings, White's king beside Black's mine on d2: its five moves,
    // one of which (to d2) ends the game.
    let kings = mined("4k3/8/8/8/8/8/8/4K3 w - - 0 1 mines=a6,b6/d2,h6");
    assert_eq!(perft(&kings, 1), 5);
    assert_eq!(perft(&kings, 2), 4 * 5);
}

#[test]
fn a_player_hears_of_secret_mines_and_of_its_own_explosions() {
    // White knows its own mines (c3, f6); Black's are secret.
    let start = VariantPosition::startpos(Variant::Mined)
        .with_known_mines(Color::White, Square::C3.bitboard() | Square::F6.bitboard())
        .unwrap();
    let mut game = VariantRecord::new(start);
    let odds = game.mine_odds();
    // Two secret mines over the 64 squares (under men too).
    assert_eq!(odds.on(Color::Black, Square::E4), 32);
    assert_eq!(odds.on(Color::Black, Square::E2), 32);
    assert_eq!(odds.on(Color::White, Square::E4), 0);
    game.play_uci("e2e4", false).unwrap();
    assert_eq!(game.mine_odds().on(Color::Black, Square::E4), 0, "a pawn stands there unharmed");
    game.play_uci("e7e5", false).unwrap();
    // White's knight exploded on a secret mine of Black's on f3.
    assert!(game.position().parse_action("M@??", false).is_err(), "White has no mine to lay");
    game.play_uci("g1f3*", false).unwrap();
    assert_eq!(game.position().piece_on(Square::F3), None);
    assert_eq!((game.position().unknown_mines(Color::Black), game.position().mines_to_lay(Color::Black)), (1, 1));
    // Black lays it anew where White cannot see, then moves.
    game.play_uci("M@??", false).unwrap();
    assert_eq!(game.position().unknown_mines(Color::Black), 2);
    game.play_uci("g8f6", false).unwrap();
    assert_eq!(game.position().piece_on(Square::F6), None, "f6 is White's mine");
    game.play_uci("M@f6", false).unwrap();
    // Bad marks change nothing.
    let before = game.position().fen();
    assert!(game.play_uci("f1c4**", false).is_err());
    assert!(game.play_uci("f1c4*z9", false).is_err());
    assert!(game.play_uci("f1c4*e2", false).is_err(), "the bishop lands on c4, not e2");
    assert!(game.play_uci("M@??", false).is_err());
    assert_eq!(game.position().fen(), before);
    // With every mine of the other side known, '*' has nothing to reveal.
    let mut known = VariantRecord::new(mined(CROSSED));
    let error = known.play_uci("g1f3*", false).unwrap_err().to_string();
    assert!(error.contains("has none that could lie there"), "{error}");
}

#[test]
fn the_search_weighs_the_odds_of_a_secret_mine() {
    // White's queen, attacked by the rook on d5, may take it. Black's two
    // mines are secret; the odds of one on d5 are set by hand.
    let fen = "4k3/8/8/3r4/8/8/8/3QK3 w - - 0 30 mines=a3,b3/?,?";
    let run = |odds: Option<(Square, u16)>| {
        let game = VariantRecord::new(mined(fen));
        let mut engine = SearchEngine::new();
        let limits = SearchLimits { depth: Some(5), ..SearchLimits::default() };
        let mut odds_table = roque::variants::mines::MineOdds::default();
        if let Some((square, q)) = odds {
            odds_table.0[Color::Black.index()][square.index()] = q;
        }
        // The rook taken, the queen lost: a draw; the queen kept: a win.
        engine.search_variant_sync(&game, limits, Some(odds_table)).best.to_uci(false)
    };
    assert_eq!(run(None), "d1d5", "no mine can lie there: the free rook");
    assert_ne!(run(Some((Square::D5, 1024))), "d1d5", "a mine is sure to lie there");
    assert_eq!(run(Some((Square::D5, 64))), "d1d5", "one chance in sixteen is worth a rook");
}

#[test]
fn the_uci_player_knows_its_own_mines_and_plays_on() {
    let mut engine = Engine::ready();
    engine.send("setoption name UCI_Variant value mined");
    engine.send("setoption name Mines value white c3 f6");
    engine.send("position startpos moves e2e4 e7e5 g1f3* M@??");
    assert_eq!(engine.fen(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKB1R b KQkq - 0 2 mines=c3,f6/?,?");
    engine.send("position startpos moves e2e4 e7e5 g1f3* M@?? g8f6");
    let lines = engine.search("go nodes 5000");
    let best = best_move(&lines);
    assert!(best.starts_with("M@"), "White lays its mine anew: {best}");
    engine.send(&format!("position startpos moves e2e4 e7e5 g1f3* M@?? g8f6 {best}"));
    let lines = engine.search("go nodes 5000");
    assert!(!best_move(&lines).starts_with("M@"), "then moves");
    for bad in [
        "setoption name Mines value white c3",
        "setoption name Mines value white c3 c3",
        "setoption name Mines value green c3 f6",
        "setoption name Mines value white auto x",
    ] {
        engine.send(bad);
        let lines = engine.sync();
        assert!(lines.iter().any(|l| l.starts_with("info string error: setoption: Mines:")), "{bad}: {lines:?}");
    }
    engine.send("position startpos");
    assert!(engine.fen().ends_with("mines=c3,f6/?,?"), "a bad value changed nothing");
    engine.send("setoption name Mines value <empty>");
    engine.send("position startpos");
    assert!(engine.fen().ends_with("mines=?,?/?,?"));
}

#[test]
fn a_mine_may_lie_under_a_man_and_waits_for_the_other_side_to_land() {
    // White's mines under Black's pawn on e7 and under White's own pawn on
    // d2. Black's pawn leaves e7 unharmed; Black's bishop that lands there
    // explodes; Black's queen that takes on d2 explodes too.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 mines=e7,d2/a6,h6";
    let mut game = play(mined(fen), &["a2a3", "e7e5"]);
    assert!(game.position().piece_on(Square::E5).is_some(), "leaving a mine does nothing");
    game.play_uci("a3a4", false).unwrap();
    game.play_uci("f8e7", false).unwrap();
    assert_eq!(game.position().piece_on(Square::E7), None, "the bishop landed on White's mine");
    assert_eq!(game.position().mines_to_lay(Color::White), 1);
    let mut take = play(mined("4k3/8/8/8/8/3q4/3P4/4K3 b - - 0 1 mines=d2,a6/a3,h3"), &["d3d2"]);
    let position = take.position();
    assert_eq!((position.piece_on(Square::D2), position.mines_to_lay(Color::White)), (None, 1));
    // The mine is laid anew under a man if its owner likes.
    take.play_uci("M@e1", false).unwrap();
    assert_eq!(take.position().mines(Color::White), Square::A6.bitboard() | Square::E1.bitboard());
}

#[test]
fn castling_onto_a_secret_mine_is_marked_with_the_squares_that_exploded() {
    // White knows its mines; Black's are secret. O-O takes the king over f1
    // to g1 and lands the rook on f1, either of which may hide one.
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 mines=a3,b3/?,?";
    let mut game = VariantRecord::new(mined(fen));
    let error = game.play_uci("e1g1*", false).unwrap_err().to_string();
    assert!(error.contains("name those that exploded") && error.contains("e1g1*f1"), "{error}");
    // The mine was on f1, which the king passes over before the rook lands
    // there: the king exploded, and White is mated by the mine.
    let mut passed = game.clone();
    passed.play_uci("e1g1*f1", false).unwrap();
    assert_eq!(passed.position().king_square(Color::White), None);
    assert_eq!(passed.position().piece_on(Square::F1).map(|p| p.kind()), Some(PieceType::Rook));
    assert_eq!(passed.result(), Some(VariantResult::LostToMine { loser: Color::White }));
    // The king exploded on g1: White is mated by the mine.
    game.play_uci("e1g1*g1", false).unwrap();
    assert_eq!(game.result(), Some(VariantResult::LostToMine { loser: Color::White }));
    // Where only one square could hold a mine, '*' alone names it.
    let mut lone = VariantRecord::new(mined("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1 mines=a3,b3/g1,h6"));
    assert!(lone.play_uci("e1g1*", false).is_ok(), "every mine known: g1 alone");
    assert_eq!(lone.result(), Some(VariantResult::LostToMine { loser: Color::White }));
}

#[test]
fn chess960_castling_that_swaps_king_and_rook_lands_both() {
    // King f1, rook g1: O-O puts the king on g1, where the rook stood and
    // Black's mine lies, and the rook on f1. The king explodes.
    let fen = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1 mines=a3,b3/g1,c6";
    let mut game = VariantRecord::new(mined(fen));
    game.play_uci("f1g1", true).unwrap();
    assert_eq!(game.result(), Some(VariantResult::LostToMine { loser: Color::White }));
    // With Black's mines secret, the player marks it, and may name g1.
    let secret = "4k3/8/8/8/8/8/8/5KR1 w G - 0 1 mines=a3,b3/?,?";
    let mut heard = VariantRecord::new(mined(secret));
    assert!(heard.play_uci("f1g1*", true).is_err(), "g1 and f1 could both hold one");
    heard.play_uci("f1g1*g1", true).unwrap();
    assert_eq!(heard.result(), Some(VariantResult::LostToMine { loser: Color::White }));
}

#[test]
fn the_engine_chooses_its_own_mines_and_tells_only_the_referee() {
    let mut engine = Engine::ready();
    engine.send("setoption name UCI_Variant value mined");
    engine.send("setoption name Mines value black auto 11");
    let lines = engine.sync();
    let told = lines.iter().find(|l| l.starts_with("info string Mines: black ")).expect("the chosen mines");
    let squares: Vec<&str> = told.split_whitespace().skip(4).take(2).collect();
    engine.send("position startpos");
    assert!(engine.fen().ends_with(&format!("mines=?,?/{},{}", squares[0], squares[1])), "{told}");
    // The same seed, the same mines; the search never shows them.
    engine.send("setoption name Mines value black auto 11");
    assert!(engine.sync().contains(told));
    // a3 is never among the squares it chooses: nothing explodes.
    engine.send("position startpos moves a2a3");
    let lines = engine.search("go depth 4");
    assert!(lines.iter().filter(|l| l.starts_with("info ")).all(|l| !l.contains("mines")), "{lines:?}");
    assert!(!best_move(&lines).starts_with("M@"));
}

#[test]
fn the_engine_keeps_its_king_off_a_known_mine() {
    // Two of the king's five moves land on Black's mines (d2, f2).
    let position = mined("4k3/8/8/8/8/8/8/4K3 w - - 0 1 mines=a6,b6/d2,f2");
    let game = VariantRecord::new(position);
    let mut engine = SearchEngine::new();
    let limits = SearchLimits { depth: Some(4), ..SearchLimits::default() };
    let best = engine.search_variant_sync(&game, limits, None).best;
    assert!(!matches!(best.to(), Square::D2 | Square::F2), "{best:?}");
    assert_ne!(best, Action::NONE);
}
