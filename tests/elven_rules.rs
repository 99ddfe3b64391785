//! The rules of Elven Chess, each checked on a small position: the
//! warlock's moves and its two capture restrictions, the elf, goblin and
//! dwarf, castling, en passant, promotion, check and pins; FEN and move
//! text; the Zobrist key along random games; and the legal moves of random
//! positions against a slow, square-by-square generator written apart
//! (`naive` below).

use roque::board::FenError;
use roque::elven::{ElvenMove, ElvenMoveError, ElvenPieceKind, ElvenPosition, ELVEN_STARTPOS_FEN};
use roque::types::random::splitmix;
use roque::types::Color;
use roque::types::Square10;
use std::collections::BTreeSet;

fn position(fen: &str) -> ElvenPosition {
    ElvenPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn square(text: &str) -> Square10 {
    Square10::parse(text).unwrap_or_else(|| panic!("no square {text}"))
}

/// The placement field for pieces written as letter and square (`Kf1`,
/// `wf9`).
fn placement(pieces: &str) -> String {
    let mut board = [[None; 10]; 10];
    for item in pieces.split_whitespace() {
        let letter = item.chars().next().unwrap();
        let s = square(&item[1..]);
        board[s.rank() as usize][s.file() as usize] = Some(letter);
    }
    let mut ranks = Vec::new();
    for rank in (0..10).rev() {
        let mut text = String::new();
        let mut run = 0;
        for square in board[rank] {
            match square {
                None => run += 1,
                Some(letter) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(letter);
                }
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    ranks.join("/")
}

/// A position from its pieces and the FEN fields after the placement.
fn setup(pieces: &str, rest: &str) -> ElvenPosition {
    position(&format!("{} {rest}", placement(pieces)))
}

fn moves(position: &ElvenPosition) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

fn moves_from(position: &ElvenPosition, from: &str) -> Vec<String> {
    let from = square(from);
    let mut moves: Vec<String> =
        position.legal_moves().iter().filter(|m| m.from() == from).map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

fn has(position: &ElvenPosition, text: &str) -> bool {
    position.legal_moves().iter().any(|m| m.to_string() == text)
}

fn play(position: &ElvenPosition, text: &str) -> ElvenPosition {
    position.make(position.parse_move(text).unwrap_or_else(|e| panic!("{text} in {}: {e}", position.fen())))
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut list: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    list.sort();
    list
}

// ----- The warlock ----------------------------------------------------------

#[test]
fn a_warlock_jumps_to_the_24_squares_within_two_king_steps() {
    let p = setup("Ka2 kj7 We5", "w - - 0 1");
    let destinations: BTreeSet<Square10> =
        p.legal_moves().iter().filter(|m| m.from() == square("e5") && !m.is_pass()).map(|m| m.to()).collect();
    let area: BTreeSet<Square10> = Square10::all().filter(|s| (1..=2).contains(&s.distance(square("e5")))).collect();
    assert_eq!(area.len(), 24);
    assert_eq!(destinations, area);
    // 24 jumps, one pass; the king on a2 has 5 squares.
    assert_eq!(p.perft(1), 24 + 1 + 5);
}

#[test]
fn a_warlock_jumps_over_pieces_and_captures_where_it_lands() {
    // Surrounded by its own pawns, it still reaches the outer ring.
    let p = setup("Ka2 kj7 We5 Pd4 Pe4 Pf4 Pd6 Pe6 Pf6 Dd5 Df5 ng7", "w - - 0 1");
    let jumps = moves_from(&p, "e5");
    assert_eq!(jumps.len(), 16, "{jumps:?}: the outer ring, no pass (no empty neighbour)");
    assert!(jumps.contains(&"e5g7".to_string()));
    let after = play(&p, "e5g7");
    assert_eq!(after.piece_on(square("g7")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(after.piece_on(square("e5")), None);
}

#[test]
fn a_warlock_captures_twice_in_one_move() {
    let p = setup("Ka2 kj10 We5 pf6 ng7", "w - - 0 1");
    assert!(has(&p, "e5f6g7"));
    let m = p.parse_move("e5f6g7").unwrap();
    assert_eq!(m.first_capture(), Some(square("f6")));
    let captured: Vec<_> = p.captured_pieces(m).iter().map(|(s, piece)| (*s, piece.kind())).collect();
    assert_eq!(captured, [(square("f6"), ElvenPieceKind::Pawn), (square("g7"), ElvenPieceKind::Knight)]);
    let after = p.make(m);
    assert_eq!(after.piece_on(square("e5")), None);
    assert_eq!(after.piece_on(square("f6")), None);
    assert_eq!(after.piece_on(square("g7")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(after.color(Color::Black).count(), 1);
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn a_warlock_captures_and_steps_on_to_an_empty_square() {
    let p = setup("Ka2 kj10 We5 pf6", "w - - 0 1");
    // On to every neighbour of f6 but its own start, which is the igui.
    let through_f6: Vec<String> =
        moves_from(&p, "e5").into_iter().filter(|m| m.starts_with("e5f6") && m.len() == 6).collect();
    assert_eq!(through_f6.len(), 8, "{through_f6:?}");
    let after = play(&p, "e5f6g6");
    assert_eq!(after.piece_on(square("g6")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(after.piece_on(square("f6")), None);
}

#[test]
fn igui_captures_without_moving() {
    let p = setup("Ka2 kj10 We5 pf6", "w - - 0 1");
    let m = p.parse_move("e5f6e5").unwrap();
    assert!(m.is_igui());
    assert_eq!(m.to_string(), "e5f6e5");
    let after = p.make(m);
    assert_eq!(after.piece_on(square("e5")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(after.piece_on(square("f6")), None);
    assert_eq!(after.side_to_move(), Color::Black);
}

#[test]
fn igui_counts_once_per_victim() {
    let p = setup("Ka2 kj10 We5 pf6 pd6 nd4", "w - - 0 1");
    let mut iguis: Vec<String> = p.legal_moves().iter().filter(|m| m.is_igui()).map(|m| m.to_string()).collect();
    iguis.sort();
    assert_eq!(iguis, sorted(&["e5d4e5", "e5d6e5", "e5f6e5"]));
}

#[test]
fn the_pass_is_one_move_and_keeps_the_board() {
    let p = setup("Ka2 kj7 We5", "w - - 3 10");
    let passes: Vec<ElvenMove> = p.legal_moves().iter().copied().filter(|m| m.is_pass()).collect();
    assert_eq!(passes.len(), 1, "one pass, not one per empty neighbour");
    assert_eq!(passes[0].to_string(), "e5e5");
    let after = p.make(passes[0]);
    assert_eq!(after.fen(), "10/10/10/9k/10/4W5/10/10/K9/10 b - - 4 10");
    // Through any empty neighbour, the three-square form is the same pass.
    assert_eq!(p.parse_move("e5f5e5"), Ok(passes[0]));
    assert_eq!(p.parse_move("e5e5"), Ok(passes[0]));
}

#[test]
fn no_pass_while_in_check() {
    // The rook on a9 checks the king on a2 along the a-file.
    let p = setup("Ka2 kj7 We5 ra9", "w - - 0 1");
    assert!(p.in_check());
    assert!(!p.legal_moves().iter().any(|m| m.is_pass()));
    assert_eq!(p.parse_move("e5e5"), Err(ElvenMoveError::Illegal("e5e5".to_string())));
    // No pass without an empty neighbour either.
    let p = setup("Ka2 kj7 We5 Pd4 Pe4 Pf4 Pd6 Pe6 Pf6 Dd5 Df5", "w - - 0 1");
    assert!(!p.legal_moves().iter().any(|m| m.is_pass()));
}

#[test]
fn a_path_through_an_empty_square_is_the_direct_jump() {
    let p = setup("Ka2 kj10 We5 ng7", "w - - 0 1");
    let direct = p.parse_move("e5g7").unwrap();
    assert_eq!(p.parse_move("e5f6g7"), Ok(direct));
    assert_eq!(direct.to_string(), "e5g7");
    assert_eq!(moves_from(&p, "e5").iter().filter(|m| m.ends_with("g7")).count(), 1);
    // A three-square path must be two king steps.
    assert!(matches!(p.parse_move("e5f7g7"), Err(ElvenMoveError::Illegal(_))));
    assert!(matches!(p.parse_move("e5f6f6"), Err(ElvenMoveError::Illegal(_))));
}

#[test]
fn a_warlock_jump_gives_check() {
    let p = setup("Ka2 kg10 We6 rb8", "w - - 0 1");
    assert!(!p.in_check());
    let after = play(&p, "e6f8");
    assert!(after.in_check());
    assert_eq!(after.checkers(), square("f8").bitboard());
    // Every square around the king is within the warlock's reach, and a
    // jump cannot be blocked: the rook must take it.
    assert_eq!(moves(&after), ["b8f8"]);
    let without_rook = play(&setup("Ka2 kg10 We6", "w - - 0 1"), "e6f8");
    assert!(without_rook.is_checkmate());
}

// ----- Restriction 1: warlock takes warlock only where it cannot be retaken ---

#[test]
fn a_warlock_may_not_take_the_other_on_an_attacked_square() {
    // Adjacent, and the pawn on g7 guards f6: no exception for adjacency.
    let guarded = setup("Ka2 kj10 We5 wf6 pg7", "w - - 0 1");
    assert!(!has(&guarded, "e5f6"));
    // Taking it and ending elsewhere, unattacked, is allowed: only where the
    // warlock stands after the move counts.
    assert!(has(&guarded, "e5f6e5") && has(&guarded, "e5f6f7"));
    // Unguarded, it may.
    let free = setup("Ka2 kj10 We5 wf6 pj7", "w - - 0 1");
    assert!(has(&free, "e5f6"));
    // Two steps away, guarded by the king itself.
    let by_king = setup("Ka2 kh8 We5 wg7", "w - - 0 1");
    assert!(!has(&by_king, "e5g7"));
}

#[test]
fn a_pinned_guard_still_guards_the_warlock() {
    // The knight on g8 guards f6 but is pinned against its king by the
    // rook on a8: the recapture would be illegal, the capture still is.
    let p = setup("Kb2 kj8 Ra8 We5 wf6 ng8", "w - - 0 1");
    assert!(!p.in_check());
    assert!(!has(&p, "e5f6"));
    let unpinned = setup("Kb2 kj8 We5 wf6 ng8", "w - - 0 1");
    assert!(!has(&unpinned, "e5f6"));
    let unguarded = setup("Kb2 kj8 We5 wf6 nh9", "w - - 0 1");
    assert!(has(&unguarded, "e5f6"));
}

#[test]
fn restriction_one_holds_on_each_step_of_a_double_move() {
    // First step takes the warlock on f6; only where the warlock ends counts.
    // The pawn on h8 guards g7, so e5f6g7 is refused, but ending on e6 or
    // back on e5 (igui) is allowed.
    let p = setup("Ka2 kj10 We5 wf6 ph8", "w - - 0 1");
    assert!(!has(&p, "e5f6g7"));
    assert!(has(&p, "e5f6e6"));
    assert!(has(&p, "e5f6e5"));
    assert!(has(&p, "e5f6"));
    // Second step takes the warlock on g7, guarded by the rook on g10.
    let p = setup("Ka2 kj10 We5 pf6 wg7 rg10", "w - - 0 1");
    assert!(!has(&p, "e5f6g7"));
    assert!(!has(&p, "e5g7"));
    assert!(has(&p, "e5f6"));
    assert!(has(&p, "e5f6f7"));
    // Without the rook both are allowed.
    let p = setup("Ka2 kj10 We5 pf6 wg7", "w - - 0 1");
    assert!(has(&p, "e5f6g7"));
    assert!(has(&p, "e5g7"));
}

#[test]
fn other_pieces_may_take_a_guarded_warlock() {
    let p = setup("Ka2 kj10 Nd4 wf5 pg6", "w - - 0 1");
    assert!(has(&p, "d4f5"));
}

// ----- Restriction 2: after a warlock falls to another piece ------------------

#[test]
fn after_a_warlock_falls_to_another_piece_the_other_cannot_be_taken_at_once() {
    // The knight takes Black's warlock; the rook on e10 could take White's
    // warlock on e2, but not on the very next half-move.
    let p = setup("Ka1 kj10 Nd4 We2 wf5 re10", "w - - 0 1");
    let after = play(&p, "d4f5");
    assert!(after.warlock_immunity());
    assert!(!has(&after, "e10e2"), "no piece may take the warlock now");
    assert!(has(&after, "e10e3"));
    // One half-move later the restriction is gone.
    let later = play(&play(&after, "j10j9"), "a1b1");
    assert!(!later.warlock_immunity());
    assert!(has(&later, "e10e2"));
}

#[test]
fn the_immunity_bars_every_piece() {
    // The knight takes Black's warlock; then neither Black's rook nor its
    // knight may take White's warlock on e2. (The side to move never has a
    // warlock of its own then: it has just lost it.)
    let p = setup("Ka1 kj10 Nb4 We2 wc6 nd4 re10", "w - - 0 1");
    let after = play(&p, "b4c6");
    assert!(after.warlock_immunity());
    assert!(!has(&after, "e10e2") && !has(&after, "d4e2"));
    assert!(has(&after, "e10e3") && has(&after, "d4c2"));
}

#[test]
fn a_warlock_taking_a_warlock_leaves_no_immunity() {
    let p = setup("Ka1 kj10 We5 wf6 re10", "w - - 0 1");
    let after = play(&p, "e5f6");
    assert!(!after.warlock_immunity());
    let after = play(&setup("Ka1 kj10 Ne4 wf6 We2 re10", "w - - 0 1"), "e4f6");
    assert!(!has(&after, "e10e2"));
    assert!(after.warlock_immunity());
    assert_ne!(after.key(), position(&after.fen()).key(), "the immunity is part of the key");
    assert_eq!(after.key(), after.compute_key());
}

// ----- Elf, goblin, dwarf -----------------------------------------------------

#[test]
fn the_elf_moves_as_a_bishop_and_one_orthogonal_step() {
    let p = setup("Ka2 kj7 Ee5", "w - - 0 1");
    let elf = moves_from(&p, "e5");
    assert_eq!(elf.len(), 17 + 4);
    for step in ["e5e4", "e5e6", "e5d5", "e5f5", "e5a1", "e5j10", "e5h2", "e5a9"] {
        assert!(elf.contains(&step.to_string()), "{step}");
    }
    assert!(!elf.contains(&"e5e3".to_string()));
}

#[test]
fn the_goblin_moves_as_a_rook_and_one_diagonal_step() {
    let p = setup("Ka2 kj7 Ge5", "w - - 0 1");
    let goblin = moves_from(&p, "e5");
    assert_eq!(goblin.len(), 18 + 4);
    for step in ["e5d4", "e5f6", "e5d6", "e5f4", "e5e1", "e5e10", "e5a5", "e5j5"] {
        assert!(goblin.contains(&step.to_string()), "{step}");
    }
    assert!(!goblin.contains(&"e5g7".to_string()));
}

#[test]
fn the_dwarf_moves_as_a_king_and_may_stand_attacked() {
    let p = setup("Ka2 kj7 De5 rf9", "w - - 0 1");
    let dwarf = moves_from(&p, "e5");
    assert_eq!(dwarf, sorted(&["e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"]));
    // A dwarf gives check like a king.
    let p = setup("Kb2 kj7 dc4", "b - - 0 1");
    assert!(play(&p, "c4c3").in_check());
}

#[test]
fn elf_and_goblin_attack_with_their_steps() {
    // The elf's step checks; the goblin's step checks.
    let p = setup("Ke1 kj10 ee3", "b - - 0 1");
    assert!(play(&p, "e3e2").in_check());
    let p = setup("Ke1 kj10 gd3", "b - - 0 1");
    assert!(play(&p, "d3d2").in_check(), "the diagonal step");
    assert!(play(&p, "d3e2").in_check(), "the rook's move");
}

// ----- Check and pins ----------------------------------------------------------

#[test]
fn pinned_pieces_keep_to_their_line() {
    // Pinned along the e-file by the rook on e9.
    let bishop = setup("Ke1 kj10 Be3 re9", "w - - 0 1");
    assert!(moves_from(&bishop, "e3").is_empty());
    let rook = setup("Ke1 kj10 Re3 re9", "w - - 0 1");
    assert_eq!(moves_from(&rook, "e3"), sorted(&["e3e2", "e3e4", "e3e5", "e3e6", "e3e7", "e3e8", "e3e9"]));
    // A pinned elf keeps its diagonal, not its orthogonal step.
    let elf = setup("Ka1 kj10 Ec3 qf6", "w - - 0 1");
    assert_eq!(moves_from(&elf, "c3"), sorted(&["c3b2", "c3d4", "c3e5", "c3f6"]));
    // A pinned warlock may leave only along the line, but may pass and
    // take without moving.
    let warlock = setup("Ke1 kj10 We3 re9 pf4", "w - - 0 1");
    assert_eq!(moves_from(&warlock, "e3"), sorted(&["e3e2", "e3e4", "e3e5", "e3e3", "e3f4e3", "e3f4e4", "e3f4e5"]));
}

#[test]
fn a_double_move_may_not_open_a_line_to_the_king() {
    // The warlock on e3 and the pawn on e4 both stand between the rook on
    // e9 and the king: taking the pawn and leaving the file opens it.
    let p = setup("Ke1 kj10 We3 pe4 re9", "w - - 0 1");
    assert!(!has(&p, "e3e4f5"));
    assert!(has(&p, "e3e4e5"));
    assert!(has(&p, "e3e4"));
    assert!(has(&p, "e3e4e3"));
    // An igui of an enemy piece that shields the king from its own rook.
    let p = setup("Ke1 kj10 Wf3 ne3 re9", "w - - 0 1");
    assert!(!has(&p, "f3e3f3"));
    assert!(has(&p, "f3e3"));
}

#[test]
fn a_warlock_checking_from_two_squares_away_cannot_be_blocked() {
    // The warlock on e3 checks the king on e1 by its jump: nothing may
    // step between, only a capture or a king move answers.
    let p = setup("Ke1 kj10 Ed2 Gg2 Nc2 we3", "w - - 0 1");
    assert!(p.in_check());
    assert!(!has(&p, "d2e2") && !has(&p, "g2e2"));
    assert!(has(&p, "c2e3") && has(&p, "d2e3"));
}

#[test]
fn a_check_is_answered_by_capture_block_or_king_move() {
    let p = setup("Ke1 kj10 Rb3 Nc2 re9", "w - - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["b3e3", "c2e3", "e1d1", "e1d2", "e1f1", "e1f2"]));
    // A double check by warlock and rook: the knight may not take the
    // warlock, and every square around the king is covered.
    let p = setup("Kf1 kj10 Nc2 we3 rf9", "w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(p.is_checkmate());
}

#[test]
fn a_warlock_can_take_two_checkers_at_once() {
    // The knight on d3 and the dwarf on e2 both check the king on e1; the
    // warlock takes the knight, then the dwarf.
    let p = setup("Ke1 kj10 Wc4 nd3 de2", "w - - 0 1");
    assert_eq!(p.checkers().count(), 2);
    assert!(has(&p, "c4d3e2"), "{:?}", moves(&p));
    assert!(!has(&p, "c4d3"), "the dwarf still checks");
    assert!(has(&p, "e1e2"));
}

// ----- Castling ------------------------------------------------------------

const CASTLE: &str = "Ra1 Kf1 Rj1 ra10 ke10 rj10";

#[test]
fn castling_both_ways_on_both_sides() {
    let p = setup(CASTLE, "w KQkq - 0 1");
    assert!(has(&p, "f1i1") && has(&p, "f1c1"));
    let short = play(&p, "f1i1");
    assert_eq!(short.piece_on(square("i1")).unwrap().kind(), ElvenPieceKind::King);
    assert_eq!(short.piece_on(square("h1")).unwrap().kind(), ElvenPieceKind::Rook);
    assert_eq!(short.piece_on(square("j1")), None);
    assert!(short.fen().contains(" b kq "), "{}", short.fen());
    let long = play(&p, "f1c1");
    assert_eq!(long.piece_on(square("c1")).unwrap().kind(), ElvenPieceKind::King);
    assert_eq!(long.piece_on(square("d1")).unwrap().kind(), ElvenPieceKind::Rook);
    let black = play(&p, "a1a2");
    assert!(has(&black, "e10h10") && has(&black, "e10b10"));
    let short = play(&black, "e10h10");
    assert_eq!(short.piece_on(square("h10")).unwrap().kind(), ElvenPieceKind::King);
    assert_eq!(short.piece_on(square("g10")).unwrap().kind(), ElvenPieceKind::Rook);
    assert!(short.fen().contains(" w K "), "{}", short.fen());
    let long = play(&black, "e10b10");
    assert_eq!(long.piece_on(square("b10")).unwrap().kind(), ElvenPieceKind::King);
    assert_eq!(long.piece_on(square("c10")).unwrap().kind(), ElvenPieceKind::Rook);
}

#[test]
fn castling_is_refused_through_or_onto_an_attacked_square() {
    // h1 (crossed) attacked by the rook on h5.
    let p = setup(&format!("{CASTLE} rh5"), "w KQkq - 0 1");
    assert!(!has(&p, "f1i1") && has(&p, "f1c1"));
    // i1 (where the king lands) attacked.
    let p = setup(&format!("{CASTLE} ri5"), "w KQkq - 0 1");
    assert!(!has(&p, "f1i1"));
    // e1 (crossed on the long side) attacked by a warlock's jump area.
    let p = setup(&format!("{CASTLE} wc3"), "w KQkq - 0 1");
    assert!(!has(&p, "f1c1") && has(&p, "f1i1"));
    // b1 is neither crossed nor reached: its attacker does not matter.
    let p = setup(&format!("{CASTLE} rb5"), "w KQkq - 0 1");
    assert!(has(&p, "f1c1"));
    // Black: d10 attacked by the rook on d5.
    let p = setup(&format!("{CASTLE} Rd5"), "b KQkq - 0 1");
    assert!(!has(&p, "e10b10") && has(&p, "e10h10"));
}

#[test]
fn castling_is_refused_in_check_and_when_blocked() {
    let p = setup(&format!("{CASTLE} rf5"), "w KQkq - 0 1");
    assert!(p.in_check());
    assert!(!has(&p, "f1i1") && !has(&p, "f1c1"));
    let p = setup(&format!("{CASTLE} Nb1"), "w KQkq - 0 1");
    assert!(!has(&p, "f1c1") && has(&p, "f1i1"));
    let p = setup(&format!("{CASTLE} Bi1"), "w KQkq - 0 1");
    assert!(!has(&p, "f1i1"));
    // Without the right, no castling.
    let p = setup(CASTLE, "w Qkq - 0 1");
    assert!(!has(&p, "f1i1") && has(&p, "f1c1"));
}

#[test]
fn castling_rights_go_when_king_or_rook_moves_or_the_rook_is_taken() {
    let p = setup(&format!("{CASTLE} Nb8"), "w KQkq - 0 1");
    assert!(play(&p, "j1j2").fen().contains(" Qkq "));
    assert!(play(&p, "f1f2").fen().contains(" kq "));
    // The bishop takes the rook on a10: Black's long castling goes.
    assert!(play(&p, "b8a10").fen().contains(" KQk "));
}

// ----- Pawns ----------------------------------------------------------------

#[test]
fn pawns_step_once_or_twice_from_their_third_rank() {
    let p = setup("Ka1 kj10 Pe3 Pf4 pg8 ph7", "w - - 0 1");
    assert_eq!(moves_from(&p, "e3"), sorted(&["e3e4", "e3e5"]));
    assert_eq!(moves_from(&p, "f4"), sorted(&["f4f5"]));
    let p = setup("Ka1 kj10 Pe3 Pf4 pg8 ph7", "b - - 0 1");
    assert_eq!(moves_from(&p, "g8"), sorted(&["g8g7", "g8g6"]));
    assert_eq!(moves_from(&p, "h7"), sorted(&["h7h6"]));
}

#[test]
fn en_passant_on_both_sides() {
    let p = setup("Ka1 kj10 Pe3 pd5", "w - - 0 1");
    let after = play(&p, "e3e5");
    assert_eq!(after.en_passant(), Some(square("e4")));
    assert!(after.fen().contains(" b - e4 "), "{}", after.fen());
    let m = after.parse_move("d5e4").unwrap();
    assert!(m.is_en_passant() && after.is_capture(m));
    let taken = after.make(m);
    assert_eq!(taken.piece_on(square("e5")), None);
    assert_eq!(taken.piece_on(square("e4")).unwrap().color(), Color::Black);

    let p = setup("Ka1 kj10 Pg6 pf8", "b - - 0 1");
    let after = play(&p, "f8f6");
    assert_eq!(after.en_passant(), Some(square("f7")));
    let taken = play(&after, "g6f7");
    assert_eq!(taken.piece_on(square("f6")), None);
    assert_eq!(taken.piece_on(square("f7")).unwrap().color(), Color::White);
    // Only as the immediate reply.
    let later = play(&play(&after, "a1a2"), "j10j9");
    assert!(!has(&later, "g6f7"));
}

#[test]
fn en_passant_that_uncovers_the_king_is_illegal_and_not_recorded() {
    // After e3e5 the pawns d5 and e5 shield Black's king on a5 from the
    // rook on j5: taking en passant would remove both.
    let p = setup("Kj1 ka5 Pe3 pd5 Rj5", "w - - 0 1");
    let after = play(&p, "e3e5");
    assert_eq!(after.en_passant(), None);
    assert!(after.fen().contains(" b - - "));
}

#[test]
fn promotion_is_compulsory_on_entering_the_last_three_ranks() {
    let p = setup("Ka1 kj10 Pe7 nd8", "w - - 0 1");
    let pawn = moves_from(&p, "e7");
    assert_eq!(
        pawn,
        sorted(&["e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"]),
        "only knight, bishop, rook or queen, and no pawn left on rank 8"
    );
    assert!(matches!(p.parse_move("e7e8"), Err(ElvenMoveError::Illegal(_))));
    assert!(matches!(p.parse_move("e7e8w"), Err(ElvenMoveError::Malformed(_))));
    assert!(matches!(p.parse_move("e7e8d"), Err(ElvenMoveError::Malformed(_))));
    let after = play(&p, "e7e8n");
    assert_eq!(after.piece_on(square("e8")).unwrap().kind(), ElvenPieceKind::Knight);
    let p = setup("Ka1 kj10 pc4 Dd3", "b - - 0 1");
    assert_eq!(moves_from(&p, "c4"), sorted(&["c4c3b", "c4c3n", "c4c3q", "c4c3r", "c4d3b", "c4d3n", "c4d3q", "c4d3r"]));
    // Ranks 9 and 10 (2 and 1 for Black) are beyond rank 8: no pawn can
    // stand on any of them, so none can move there as a pawn.
    for fen_pawn in ["Pe8", "Pe9", "Pe10", "pe3", "pe2", "pe1"] {
        let fen = format!("{} w - - 0 1", placement(&format!("Ka1 kj10 {fen_pawn}")));
        assert!(matches!(ElvenPosition::from_fen(&fen), Err(FenError::PawnOnImpossibleRank(_))), "{fen}");
    }
}

// ----- Game end -------------------------------------------------------------

#[test]
fn mate_stalemate_and_the_fifty_move_rule() {
    // Two rooks mate the king on j10.
    let mate = setup("Ka1 kj10 Ri1 Rj1", "b - - 0 1");
    assert!(mate.is_checkmate() && !mate.is_stalemate());
    let stalemate = setup("Ka1 kj10 Ri1 Rh9", "b - - 0 1");
    assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
    assert!(setup("Ka1 kj10 Ri1", "w - - 100 80").fifty_move_rule());
    assert!(!setup("Ka1 kj10 Ri1", "w - - 99 80").fifty_move_rule());
}

#[test]
fn insufficient_material() {
    assert!(setup("Ka1 kj10", "w - - 0 1").insufficient_material());
    assert!(setup("Ka1 kj10 Nc3", "w - - 0 1").insufficient_material());
    assert!(setup("Ka1 kj9 Bc3", "w - - 0 1").insufficient_material());
    // Bishops on squares of one colour (c3 and b10: 2+2 and 1+9 both even).
    assert!(setup("Ka1 kj9 Bc3 bb10", "w - - 0 1").insufficient_material());
    assert!(!setup("Ka1 kj9 Bc3 bb9", "w - - 0 1").insufficient_material());
    assert!(!setup("Ka1 kj10 Nc3 nc5", "w - - 0 1").insufficient_material());
    for piece in ["Pc3", "Rc3", "Qc3", "Wc3", "Ec3", "Gc3", "Dc3"] {
        assert!(!setup(&format!("Ka1 kj9 {piece}"), "w - - 0 1").insufficient_material(), "{piece}");
    }
}

// ----- FEN ---------------------------------------------------------------------

#[test]
fn the_start_position() {
    let p = ElvenPosition::startpos();
    assert_eq!(p.fen(), ELVEN_STARTPOS_FEN);
    assert_eq!(p.king_square(Color::White), square("f1"));
    assert_eq!(p.king_square(Color::Black), square("e10"));
    assert_eq!(p.piece_on(square("e2")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(p.piece_on(square("f9")).unwrap().kind(), ElvenPieceKind::Warlock);
    assert_eq!(p.piece_on(square("d2")).unwrap().kind(), ElvenPieceKind::Elf);
    assert_eq!(p.piece_on(square("g9")).unwrap().kind(), ElvenPieceKind::Elf);
    assert_eq!(p.piece_on(square("g2")).unwrap().kind(), ElvenPieceKind::Goblin);
    assert_eq!(p.piece_on(square("d9")).unwrap().kind(), ElvenPieceKind::Goblin);
    assert_eq!(p.color(Color::White).count(), 23);
    assert_eq!(p.color(Color::Black).count(), 23);
}

/// Counted by hand: ten pawns with a single and a double step (20), the
/// rooks a1 (b1-e1) and j1 (g1-i1) (7), the king e1, g1 and both castlings
/// (4), the dwarfs to b1 and i1 (2), the knights to a4, c4, d1 and h4, j4,
/// g1 (6), the bishops to b1, d1 and g1, i1 (4), the elf to c1, e1 and d1
/// (3), the warlock's 9 empty squares within two steps (c4-g4, c1, d1, e1,
/// g1) and its pass (10), the queen to e1 and g1 (2), the goblin to g1 and
/// h1 (2).
#[test]
fn the_start_position_has_60_moves() {
    let p = ElvenPosition::startpos();
    assert_eq!(p.perft(1), 60);
    assert_eq!(moves_from(&p, "e2").len(), 10);
    assert!(has(&p, "e2e2"));
    let black = play(&p, "e3e4");
    assert_eq!(black.perft(1), 60, "Black's position is White's turned round");
    let divided: u64 = p.divide(2).iter().map(|(_, n)| n).sum();
    assert_eq!(divided, p.perft(2));
}

#[test]
fn fen_round_trips() {
    for fen in [
        ELVEN_STARTPOS_FEN,
        "r3k4r/dnbgqwebnd/pppppppppp/10/10/4P5/10/PPPP1PPPPP/DNBEWQGBND/R4K3R b KQkq - 0 1",
        "r3k4r/dnbgqwebnd/pppp1ppppp/10/3Pp5/10/10/PPP1PPPPPP/DNBEWQGBND/R4K3R w KQkq e7 0 3",
        "10/10/10/9k/10/4W5/10/10/K9/10 b - - 17 42",
        "4k5/10/10/3wW5/10/10/10/10/10/5K4 w - - 0 1",
    ] {
        let p = position(fen);
        assert_eq!(p.fen(), fen);
        assert_eq!(position(&p.fen()), p);
    }
}

#[test]
fn malformed_fens_are_refused_with_their_reason() {
    let start = ELVEN_STARTPOS_FEN;
    let bare = |pieces: &str| format!("{} w - - 0 1", placement(pieces));
    let cases: Vec<(String, FenError)> = vec![
        ("".into(), FenError::FieldCount(0)),
        (format!("{start} extra"), FenError::FieldCount(7)),
        (
            "r3k4r/dnbgqwebnd/pppppppppp/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 0 1".into(),
            FenError::RankCount { expected: 10, found: 9 },
        ),
        (start.replace("r3k4r", "r3k5r"), FenError::RankTooLong { rank: 10, files: 10 }),
        (start.replace("r3k4r", "r3k3r"), FenError::RankTooShort { rank: 10, files: 10 }),
        (
            start.replace("/10/10/10/10/", "/10/10/9x/10/"),
            FenError::BadPieceLetter { letter: 'x', letters: "KQRBNPWEGD" },
        ),
        (
            start.replace("/10/10/10/10/", "/10/10/11/10/"),
            FenError::BadRunLength { rank: 5, run: "11".into(), files: 10 },
        ),
        (
            start.replace("/10/10/10/10/", "/10/10/010/10/"),
            FenError::BadRunLength { rank: 5, run: "010".into(), files: 10 },
        ),
        (
            start.replace("/10/10/10/10/", "/10/10/55/10/"),
            FenError::BadRunLength { rank: 5, run: "55".into(), files: 10 },
        ),
        (
            start.replace("/10/10/10/10/", "/10/10/0P9/10/"),
            FenError::BadRunLength { rank: 5, run: "0".into(), files: 10 },
        ),
        (start.replace(" w ", " x "), FenError::BadSideToMove("x".into())),
        (start.replace("R4K3R", "R9"), FenError::KingCount { color: Color::White, count: 0 }),
        (start.replace("/10/10/10/10/", "/10/10/4k5/10/"), FenError::KingCount { color: Color::Black, count: 2 }),
        (bare("Ka1 kj10 Pa8"), FenError::PawnOnImpossibleRank(square("a8").into())),
        (bare("Ka1 kj10 Pi10"), FenError::PawnOnImpossibleRank(square("i10").into())),
        (bare("Ka1 kj10 Pc2"), FenError::PawnOnImpossibleRank(square("c2").into())),
        (bare("Ka1 kj10 Pe1"), FenError::PawnOnImpossibleRank(square("e1").into())),
        (bare("Ka1 kj10 pa9"), FenError::PawnOnImpossibleRank(square("a9").into())),
        (bare("Ka1 kj10 pa3"), FenError::PawnOnImpossibleRank(square("a3").into())),
        (bare("Ka1 kj10 pj1"), FenError::PawnOnImpossibleRank(square("j1").into())),
        (start.replace("/10/10/10/10/", "/10/10/10/4W5/"), FenError::TooManyPieces(Color::White)),
        (start.replace("/10/10/10/10/", "/10/10/10/4Q5/"), FenError::TooManyPieces(Color::White)),
        (start.replace("/10/10/10/10/", "/10/10/d9/10/"), FenError::TooManyPieces(Color::Black)),
        (start.replace("KQkq", "KQkqX"), FenError::BadCastling('X')),
        (start.replace("KQkq", "KQkqK"), FenError::RepeatedCastling('K')),
        (start.replace("KQkq", "KQkq-"), FenError::BadCastling('-')),
        (start.replace("R4K3R", "R4K4"), FenError::CastlingWithoutKingAndRook('K')),
        (start.replace("R4K3R", "1R3K3R"), FenError::CastlingWithoutKingAndRook('Q')),
        (start.replace("r3k4r", "r4k3r"), FenError::CastlingWithoutKingAndRook('k')),
        (start.replace(" - 0 1", " e11 0 1"), FenError::BadEnPassantSquare("e11".into())),
        (start.replace(" - 0 1", " e7 0 1"), FenError::ImpossibleEnPassant(square("e7").into())),
        (start.replace(" - 0 1", " e4 0 1"), FenError::ImpossibleEnPassant(square("e4").into())),
        (start.replace(" - 0 1", " - -1 1"), FenError::BadHalfmoveClock("-1".into())),
        (start.replace(" - 0 1", " - 65536 1"), FenError::BadHalfmoveClock("65536".into())),
        (start.replace(" - 0 1", " - +3 1"), FenError::BadHalfmoveClock("+3".into())),
        (start.replace(" - 0 1", " - 0 -1"), FenError::BadFullmoveNumber("-1".into())),
        (start.replace(" - 0 1", " - 0 x"), FenError::BadFullmoveNumber("x".into())),
        // White to move, and White's rook checks Black's king.
        ("4k5/10/10/10/10/10/10/10/4R5/5K4 w - - 0 1".into(), FenError::OpponentInCheck),
    ];
    for (fen, expected) in cases {
        assert_eq!(ElvenPosition::from_fen(&fen), Err(expected.clone()), "{fen}");
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn en_passant_in_a_fen_needs_the_double_step_it_describes() {
    let after = "r3k4r/dnbgqwebnd/pppppppppp/10/10/4P5/10/PPPP1PPPPP/DNBEWQGBND/R4K3R b KQkq e4 0 1";
    assert!(ElvenPosition::from_fen(after).is_ok());
    // The pawn's start square must be empty, the pawn in place.
    let start_occupied = after.replace("PPPP1PPPPP", "PPPPPPPPP1");
    assert_eq!(ElvenPosition::from_fen(&start_occupied), Err(FenError::ImpossibleEnPassant(square("e4").into())));
    let wrong_side = after.replace(" b KQkq e4", " w KQkq e4");
    assert_eq!(ElvenPosition::from_fen(&wrong_side), Err(FenError::ImpossibleEnPassant(square("e4").into())));
    // Consistent but no pawn can take: accepted, then dropped.
    assert_eq!(position(after).en_passant(), None);
}

// ----- Move text -------------------------------------------------------------

#[test]
fn bad_move_text_is_refused() {
    let p = ElvenPosition::startpos();
    for text in ["", "e3", "e3e", "e3e4x", "k3k4", "e3e4 ", "e0e4", "e3e4e5e6", "E3E4", "e3-e4"] {
        assert_eq!(p.parse_move(text), Err(ElvenMoveError::Malformed(text.to_string())), "{text}");
    }
    for text in ["e3e6", "e4e5", "e2e5", "f1g2", "f1f1", "e3e4q", "b2c3", "e2d3e4", "e2e2e2", "e8e7"] {
        assert_eq!(p.parse_move(text), Err(ElvenMoveError::Illegal(text.to_string())), "{text}");
    }
}

// ----- Random games: text, keys, FEN and the slow generator --------------------

/// Positions reached by random play from several starts, a seeded
/// SplitMix64 stream choosing the moves.
fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<ElvenPosition> {
    let starts = [
        ELVEN_STARTPOS_FEN,
        // The warlocks face each other in the middle.
        "r3k4r/dnbgq1ebnd/pppppppppp/10/5w4/4W5/10/PPPPPPPPPP/DNBE1QGBND/R4K3R w KQkq - 0 1",
        // Open board, pawns about to promote, castling possible.
        "r3k4r/10/10/2P4d2/3w6/10/2p3W3/10/2D7/R4K3R w KQkq - 0 1",
        // Pawns placed for en passant on both sides.
        "r3k4r/4w5/p1p1p1p1p1/10/1P1P1P1P1P/p1p1p1p1p1/10/1P1P1P1P1P/5W4/R4K3R w KQkq - 0 1",
    ];
    let mut state = seed;
    let mut positions = Vec::new();
    for game in 0..games {
        let mut p = position(starts[game % starts.len()]);
        for _ in 0..plies {
            positions.push(p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[(splitmix(&mut state) % moves.len() as u64) as usize];
            p = p.make(m);
        }
    }
    positions
}

#[test]
fn every_legal_move_reads_back_from_its_text() {
    for p in random_positions(1, 12, 120) {
        let moves = p.legal_moves();
        let distinct: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(distinct.len(), moves.len(), "one move per effect in {}", p.fen());
        for &m in &moves {
            assert_eq!(p.parse_move(&m.to_string()), Ok(m), "{m} in {}", p.fen());
        }
    }
}

#[test]
fn the_key_is_updated_as_it_would_be_computed() {
    let mut immunities = 0;
    for p in random_positions(2, 12, 150) {
        assert_eq!(p.key(), p.compute_key(), "{}", p.fen());
        let parsed = position(&p.fen());
        assert_eq!(parsed.fen(), p.fen());
        if p.warlock_immunity() {
            immunities += 1;
            assert_ne!(p.key(), parsed.key(), "the immunity changes the key");
        } else {
            assert_eq!(p.key(), parsed.key(), "{}", p.fen());
            assert_eq!(parsed, p);
        }
    }
    assert!(immunities > 0, "no immune position came up to test");
}

#[test]
fn pawns_never_stay_pawns_in_their_promotion_zone() {
    for p in random_positions(3, 12, 150) {
        for m in p.legal_moves() {
            let Some(piece) = p.piece_on(m.from()) else { panic!("{m} starts on nothing") };
            let zone = match piece.color() {
                Color::White => m.to().rank() >= 7,
                Color::Black => m.to().rank() <= 2,
            };
            if piece.kind() == ElvenPieceKind::Pawn && zone {
                let promotion = m.promotion_piece().expect("a promotion");
                assert!(ElvenPieceKind::PROMOTIONS.contains(&promotion));
            } else {
                assert_eq!(m.promotion_piece(), None);
            }
        }
    }
}

#[test]
fn legal_moves_match_the_slow_generator() {
    // How often the rare rules came up, so that the comparison is known to
    // have covered them.
    let mut seen = [0u32; 7];
    for p in random_positions(4, 64, 200) {
        seen[0] += p.warlock_immunity() as u32;
        seen[1] += p.in_check() as u32;
        for m in p.legal_moves() {
            let captured = p.captured_pieces(m);
            seen[2] += m.is_igui() as u32;
            seen[3] += (captured.len() == 2) as u32;
            seen[4] += m.is_castling() as u32;
            seen[5] += m.is_en_passant() as u32;
            seen[6] += captured.iter().any(|(_, piece)| piece.kind() == ElvenPieceKind::Warlock) as u32;
        }
        let fast: BTreeSet<String> = p.legal_moves().iter().map(|m| m.to_string()).collect();
        let slow = naive::legal_moves(&p);
        assert_eq!(
            fast.difference(&slow).collect::<Vec<_>>(),
            slow.difference(&fast).collect::<Vec<_>>(),
            "extra (left) and missing (right) moves in {} (immune: {})",
            p.fen(),
            p.warlock_immunity()
        );
        assert_eq!(p.in_check(), naive::in_check(&p), "{}", p.fen());
    }
    // Immunities, checks, iguis, double captures, castlings, en passant,
    // warlock captures.
    assert!(seen.iter().all(|&n| n >= 10), "{seen:?}");
}

/// Every position two plies from the start has the slow generator's
/// moves, so that the start position's perft(3) is checked as a whole.
#[test]
fn the_first_two_plies_match_the_slow_generator() {
    let start = ElvenPosition::startpos();
    let mut leaves = 0;
    for first in start.legal_moves() {
        let p = start.make(first);
        for second in p.legal_moves() {
            let q = p.make(second);
            let fast: BTreeSet<String> = q.legal_moves().iter().map(|m| m.to_string()).collect();
            assert_eq!(fast, naive::legal_moves(&q), "after {first} {second}");
            leaves += fast.len();
        }
    }
    assert_eq!(leaves as u64, start.perft(3));
}

/// A slow generator that knows only the rules: moves are walked square by
/// square on a plain array, made on a copy, and kept when the mover's king
/// is not attacked afterwards.
mod naive {
    use roque::elven::{ElvenCastlingSide, ElvenPiece, ElvenPieceKind, ElvenPosition};
    use roque::types::Color;
    use roque::types::Square10;
    use std::collections::BTreeSet;

    type Board = [Option<ElvenPiece>; 100];
    use ElvenPieceKind::*;

    fn at(file: i32, rank: i32) -> Option<usize> {
        ((0..10).contains(&file) && (0..10).contains(&rank)).then_some((rank * 10 + file) as usize)
    }

    fn name(index: usize) -> String {
        Square10::from_index(index).unwrap().to_string()
    }

    fn clear_path(board: &Board, from: usize, to: usize) -> bool {
        let (ff, fr, tf, tr) = ((from % 10) as i32, (from / 10) as i32, (to % 10) as i32, (to / 10) as i32);
        let (df, dr) = ((tf - ff).signum(), (tr - fr).signum());
        let (mut f, mut r) = (ff + df, fr + dr);
        while (f, r) != (tf, tr) {
            if board[(r * 10 + f) as usize].is_some() {
                return false;
            }
            f += df;
            r += dr;
        }
        true
    }

    /// Whether the piece on `from` attacks `to`.
    fn attacks(board: &Board, from: usize, to: usize) -> bool {
        let piece = board[from].unwrap();
        let df = (to % 10) as i32 - (from % 10) as i32;
        let dr = (to / 10) as i32 - (from / 10) as i32;
        let (af, ar) = (df.abs(), dr.abs());
        let diagonal = af == ar && af > 0 && clear_path(board, from, to);
        let orthogonal = (af == 0) != (ar == 0) && clear_path(board, from, to);
        match piece.kind() {
            Pawn => af == 1 && dr == if piece.color() == Color::White { 1 } else { -1 },
            Knight => (af, ar) == (1, 2) || (af, ar) == (2, 1),
            King | Dwarf => af.max(ar) == 1,
            Warlock => (1..=2).contains(&af.max(ar)),
            Bishop => diagonal,
            Rook => orthogonal,
            Queen => diagonal || orthogonal,
            Elf => diagonal || af + ar == 1,
            Goblin => orthogonal || (af == 1 && ar == 1),
        }
    }

    fn attacked_by(board: &Board, square: usize, by: Color) -> bool {
        (0..100).any(|from| board[from].is_some_and(|p| p.color() == by) && attacks(board, from, square))
    }

    fn king_of(board: &Board, color: Color) -> usize {
        (0..100).find(|&s| board[s] == Some(ElvenPiece::new(color, King))).unwrap()
    }

    pub fn in_check(p: &ElvenPosition) -> bool {
        let board = board_of(p);
        attacked_by(&board, king_of(&board, p.side_to_move()), !p.side_to_move())
    }

    fn board_of(p: &ElvenPosition) -> Board {
        let mut board = [None; 100];
        for s in Square10::all() {
            board[s.index()] = p.piece_on(s);
        }
        board
    }

    /// A candidate move: its text, the board after it, where the mover
    /// ends and what it took.
    struct Candidate {
        text: String,
        after: Board,
        end: usize,
        captured: Vec<ElvenPiece>,
    }

    pub fn legal_moves(p: &ElvenPosition) -> BTreeSet<String> {
        let board = board_of(p);
        let us = p.side_to_move();
        let them = !us;
        let in_check = attacked_by(&board, king_of(&board, us), them);
        let immune = |s: usize| p.warlock_immunity() && board[s] == Some(ElvenPiece::new(them, Warlock));
        let enemy = |s: usize| board[s].is_some_and(|q| q.color() == them) && !immune(s);
        let enterable = |s: usize| board[s].is_none() || enemy(s);
        let mut candidates = Vec::new();
        let simple = |from: usize, to: usize, promotion: Option<ElvenPieceKind>| {
            let mut after = board;
            let captured = after[to].take().into_iter().collect();
            after[to] = after[from].take();
            let mut text = format!("{}{}", name(from), name(to));
            if let Some(kind) = promotion {
                after[to] = Some(ElvenPiece::new(us, kind));
                text.push(kind.char());
            }
            Candidate { text, after, end: to, captured }
        };
        for from in 0..100 {
            let Some(piece) = board[from].filter(|q| q.color() == us) else { continue };
            let (ff, fr) = ((from % 10) as i32, (from / 10) as i32);
            match piece.kind() {
                Pawn => {
                    let forward = if us == Color::White { 1 } else { -1 };
                    let zone = |s: usize| if us == Color::White { s / 10 >= 7 } else { s / 10 <= 2 };
                    let mut targets = Vec::new();
                    if let Some(one) = at(ff, fr + forward).filter(|&s| board[s].is_none()) {
                        targets.push(one);
                        let start = if us == Color::White { 2 } else { 7 };
                        if fr == start {
                            if let Some(two) = at(ff, fr + 2 * forward).filter(|&s| board[s].is_none()) {
                                targets.push(two);
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(s) = at(ff + df, fr + forward) {
                            if enemy(s) {
                                targets.push(s);
                            }
                            if p.en_passant().map(|e| e.index()) == Some(s) {
                                let mut after = board;
                                let victim = at(ff + df, fr).unwrap();
                                let captured = after[victim].take().into_iter().collect();
                                after[s] = after[from].take();
                                let text = format!("{}{}", name(from), name(s));
                                candidates.push(Candidate { text, after, end: s, captured });
                            }
                        }
                    }
                    for to in targets {
                        if zone(to) {
                            for kind in [Knight, Bishop, Rook, Queen] {
                                candidates.push(simple(from, to, Some(kind)));
                            }
                        } else {
                            candidates.push(simple(from, to, None));
                        }
                    }
                }
                Warlock => {
                    // Every path of one or two king steps, kept by effect.
                    let mut effects = BTreeSet::new();
                    for to in 0..100 {
                        if to != from && attacks(&board, from, to) && enterable(to) {
                            candidates.push(simple(from, to, None));
                            effects.insert((to, vec![to].into_iter().filter(|&s| enemy(s)).collect::<Vec<_>>()));
                        }
                    }
                    for first in (0..100).filter(|&s| {
                        s != from
                            && attacks(&board, from, s)
                            && (from % 10).abs_diff(s % 10) <= 1
                            && (from / 10).abs_diff(s / 10) <= 1
                    }) {
                        if !enterable(first) {
                            continue;
                        }
                        let (af, ar) = ((first % 10) as i32, (first / 10) as i32);
                        for (df, dr) in [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)] {
                            let Some(second) = at(af + df, ar + dr) else { continue };
                            if second != from && !enterable(second) {
                                continue;
                            }
                            let mut captured_squares: Vec<usize> =
                                [first, second].into_iter().filter(|&s| s != from && enemy(s)).collect();
                            captured_squares.dedup();
                            let effect = (second, captured_squares.clone());
                            if !effects.insert(effect) {
                                continue;
                            }
                            let mut after = board;
                            let captured = captured_squares.iter().filter_map(|&s| after[s].take()).collect();
                            let mover = after[from].take();
                            after[second] = mover;
                            let via = captured_squares.iter().find(|&&s| s != second);
                            let text = match via {
                                Some(&via) => format!("{}{}{}", name(from), name(via), name(second)),
                                None => format!("{}{}", name(from), name(second)),
                            };
                            if second == from && via.is_none() && in_check {
                                continue;
                            }
                            candidates.push(Candidate { text, after, end: second, captured });
                        }
                    }
                }
                kind => {
                    for to in 0..100 {
                        if to != from && attacks(&board, from, to) && enterable(to) {
                            candidates.push(simple(from, to, None));
                        }
                    }
                    if kind == King && !in_check {
                        for side in [ElvenCastlingSide::King, ElvenCastlingSide::Queen] {
                            if !p.castling_rights().has(us, side) {
                                continue;
                            }
                            let rank = if us == Color::White { 0 } else { 9 };
                            let rook_file = if side == ElvenCastlingSide::King { 9 } else { 0 };
                            let step = if side == ElvenCastlingSide::King { 1 } else { -1 };
                            let rook = at(rook_file, rank).unwrap();
                            let lo = ff.min(rook_file) + 1;
                            let hi = ff.max(rook_file) - 1;
                            if (lo..=hi).any(|f| board[at(f, rank).unwrap()].is_some()) {
                                continue;
                            }
                            let mut without_king = board;
                            without_king[from] = None;
                            if (1..=3).any(|n| attacked_by(&without_king, at(ff + n * step, rank).unwrap(), them)) {
                                continue;
                            }
                            let king_to = at(ff + 3 * step, rank).unwrap();
                            let mut after = board;
                            after[king_to] = after[from].take();
                            after[at(ff + 2 * step, rank).unwrap()] = after[rook].take();
                            let text = format!("{}{}", name(from), name(king_to));
                            candidates.push(Candidate { text, after, end: king_to, captured: Vec::new() });
                        }
                    }
                }
            }
        }
        let mut legal = BTreeSet::new();
        for c in candidates {
            if attacked_by(&c.after, king_of(&c.after, us), them) {
                continue;
            }
            let mover = c.after[c.end].unwrap();
            let takes_warlock = c.captured.iter().any(|q| q.kind() == Warlock);
            if mover.kind() == Warlock && takes_warlock && attacked_by(&c.after, c.end, them) {
                continue;
            }
            legal.insert(c.text);
        }
        legal
    }
}

/// Prints the start position's perft and its time: `cargo test --release
/// --test elven_rules -- --ignored --nocapture start_position_perft`.
#[test]
#[ignore]
fn start_position_perft() {
    let p = ElvenPosition::startpos();
    for depth in 1..=5 {
        let start = std::time::Instant::now();
        let nodes = p.perft(depth);
        println!("perft {depth}: {nodes} nodes in {:.3} ms", start.elapsed().as_secs_f64() * 1000.0);
    }
}
