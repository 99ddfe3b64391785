//! A deliberately naive second move generator for the variants, written
//! from the rules in README.md and sharing no rules code with the engine:
//! a mailbox of 64 squares, attacks found by walking rays, every candidate
//! made on a copy and tested. It reads its starting state through the
//! engine's accessors and answers with moves as UCI text, so that the
//! tests can compare the two generators' move sets and perft counts.
#![allow(dead_code)]

use roque::types::{Color, PieceType, Square};
use roque::variants::{Variant, VariantPosition};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    white: bool,
    kind: usize, // 0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king
    ghost: bool,
}

const LETTERS: [char; 6] = ['P', 'N', 'B', 'R', 'Q', 'K'];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const STRAIGHT: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

fn at(file: i32, rank: i32) -> Option<usize> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as usize)
}

fn name(square: usize) -> String {
    format!("{}{}", (b'a' + (square % 8) as u8) as char, square / 8 + 1)
}

fn light(square: usize) -> bool {
    (square % 8 + square / 8) % 2 == 1
}

/// What a generated action does, with its text.
#[derive(Clone, Debug)]
enum Kind {
    Drop {
        kind: usize,
        to: usize,
    },
    Move {
        from: usize,
        to: usize,
        promotion: Option<usize>,
        en_passant: bool,
        castle_rook: Option<usize>,
    },
    /// The end of a turn whose player has no move left in it (`0000`).
    Pass,
}

#[derive(Clone, Debug)]
pub struct Naive {
    variant: Variant,
    board: [Option<Man>; 64],
    hands: [[u32; 6]; 2],
    pending: Option<usize>,
    waiting: Vec<(usize, Man)>,
    white_to_move: bool,
    turn_index: u8,
    turn_length: u8,
    /// (white, rook square)
    castling: Vec<(bool, usize)>,
    en_passant: Option<usize>,
}

impl Naive {
    pub fn from_engine(position: &VariantPosition) -> Naive {
        let mut board = [None; 64];
        for square in Square::all() {
            if let Some(piece) = position.piece_on(square) {
                board[square.index()] = Some(Man {
                    white: piece.color() == Color::White,
                    kind: piece.kind().index(),
                    ghost: position.ghosts().contains(square),
                });
            }
        }
        let mut hands = [[0; 6]; 2];
        for (c, color) in Color::ALL.into_iter().enumerate() {
            for kind in PieceType::ALL {
                hands[c][kind.index()] = position.hands().count(color, kind) as u32;
            }
        }
        let waiting = position
            .returns()
            .iter()
            .map(|(s, p)| (s.index(), Man { white: p.color() == Color::White, kind: p.kind().index(), ghost: false }))
            .collect();
        let castling =
            position.castling_rights().iter().map(|(color, _, rook)| (color == Color::White, rook.index())).collect();
        let turn = position.turn();
        Naive {
            variant: position.variant(),
            board,
            hands,
            pending: position.pending().map(|s| s.index()),
            waiting,
            white_to_move: position.side_to_move() == Color::White,
            turn_index: turn.index,
            turn_length: turn.length,
            castling,
            en_passant: position.en_passant().map(|s| s.index()),
        }
    }

    fn us(&self) -> usize {
        if self.white_to_move {
            0
        } else {
            1
        }
    }

    fn king(&self, white: bool) -> Option<usize> {
        (0..64).find(|&s| self.board[s].is_some_and(|m| m.white == white && m.kind == 5))
    }

    /// Whether a man of side `white` attacks `square`.
    fn attacked_by(&self, square: usize, white: bool) -> bool {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        let is = |s: Option<usize>, kinds: &[usize]| {
            s.and_then(|s| self.board[s]).is_some_and(|m| m.white == white && kinds.contains(&m.kind))
        };
        let pawn_rank = if white { rank - 1 } else { rank + 1 };
        if is(at(file - 1, pawn_rank), &[0]) || is(at(file + 1, pawn_rank), &[0]) {
            return true;
        }
        if KNIGHT.iter().any(|(df, dr)| is(at(file + df, rank + dr), &[1])) {
            return true;
        }
        if KING.iter().any(|(df, dr)| is(at(file + df, rank + dr), &[5])) {
            return true;
        }
        for (directions, kinds) in [(DIAGONAL, [2, 4]), (STRAIGHT, [3, 4])] {
            for (df, dr) in directions {
                let (mut f, mut r) = (file + df, rank + dr);
                while let Some(s) = at(f, r) {
                    if let Some(m) = self.board[s] {
                        if m.white == white && kinds.contains(&m.kind) {
                            return true;
                        }
                        break;
                    }
                    f += df;
                    r += dr;
                }
            }
        }
        false
    }

    fn king_attacked(&self, white: bool) -> bool {
        self.king(white).is_some_and(|k| self.attacked_by(k, !white))
    }

    fn in_check(&self) -> bool {
        self.king_attacked(self.white_to_move)
    }

    /// Squares a man of `kind` and side `white` on `from` attacks.
    fn attacks(&self, from: usize, white: bool, kind: usize) -> Vec<usize> {
        let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = Vec::new();
        match kind {
            0 => {
                let r = if white { rank + 1 } else { rank - 1 };
                out.extend(at(file - 1, r));
                out.extend(at(file + 1, r));
            }
            1 => out.extend(KNIGHT.iter().filter_map(|(df, dr)| at(file + df, rank + dr))),
            5 => out.extend(KING.iter().filter_map(|(df, dr)| at(file + df, rank + dr))),
            _ => {
                let mut directions = Vec::new();
                if kind == 2 || kind == 4 {
                    directions.extend(DIAGONAL);
                }
                if kind == 3 || kind == 4 {
                    directions.extend(STRAIGHT);
                }
                for (df, dr) in directions {
                    let (mut f, mut r) = (file + df, rank + dr);
                    while let Some(s) = at(f, r) {
                        out.push(s);
                        if self.board[s].is_some() {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
            }
        }
        out
    }

    fn placing(&self) -> bool {
        matches!(self.variant, Variant::VanDien | Variant::Placement) && self.hands[self.us()].iter().any(|&n| n > 0)
    }

    /// Van Dien's placement chess: our army is placed, the other's is not;
    /// no man moves on the board before both are.
    fn waiting(&self) -> bool {
        self.variant == Variant::VanDien
            && self.hands[self.us()].iter().all(|&n| n == 0)
            && self.hands[1 - self.us()].iter().any(|&n| n > 0)
    }

    /// Placement (pre-chess): may `kind` be dropped on `to` with the
    /// bishops kept on squares of both colours? A bishop not on the colour
    /// of a bishop of ours; another piece only if, after it, each bishop in
    /// hand still finds a colour with no bishop of ours and a free square of
    /// our first rank.
    fn bishops_fit(&self, kind: usize, to: usize) -> bool {
        let white = self.white_to_move;
        let ours_on = |is_light: bool| {
            (0..64).any(|s| self.board[s].is_some_and(|m| m.white == white && m.kind == 2) && light(s) == is_light)
        };
        if kind == 2 {
            return !ours_on(light(to));
        }
        let back = if white { 0 } else { 56 };
        let free_on =
            |is_light: bool| (back..back + 8).any(|s| s != to && self.board[s].is_none() && light(s) == is_light);
        let room = [true, false].into_iter().filter(|&c| !ours_on(c) && free_on(c)).count() as u32;
        room >= self.hands[self.us()][2]
    }

    /// May a man of `kind` of the side to move be placed on `to` now? Never
    /// where its own king would stand attacked after it.
    fn may_place(&self, kind: usize, to: usize) -> bool {
        if self.board[to].is_some() {
            return false;
        }
        let mut placed = self.clone();
        placed.board[to] = Some(Man { white: self.white_to_move, kind, ghost: false });
        if placed.king_attacked(self.white_to_move) {
            return false;
        }
        let white = self.white_to_move;
        let rank = to / 8;
        let relative = if white { rank } else { 7 - rank };
        match self.variant {
            Variant::VanDien => relative <= 1,
            Variant::Placement => relative == 0 && self.bishops_fit(kind, to),
            Variant::Reinforced => {
                let capture = self.pending.unwrap();
                !(kind == 0 && relative == 7) && (kind != 2 || light(to) == light(capture))
            }
            Variant::Returning => {
                let capture = self.pending.unwrap();
                if kind == 0 && (rank == 0 || rank == 7) {
                    return false;
                }
                if kind == 2 && light(to) != light(capture) {
                    return false;
                }
                // It may not attack the piece that took it.
                let mut probe = self.clone();
                probe.board[to] = Some(Man { white, kind, ghost: false });
                !probe.attacks(to, white, kind).contains(&capture)
            }
            _ => false,
        }
    }

    fn candidates(&self) -> Vec<Kind> {
        let us = self.us();
        let white = self.white_to_move;
        let mut out = Vec::new();
        if self.pending.is_some() {
            let kind = (0..6).find(|&k| self.hands[us][k] > 0).unwrap();
            for to in 0..64 {
                if self.may_place(kind, to) {
                    out.push(Kind::Drop { kind, to });
                }
            }
            return out;
        }
        if self.placing() || self.waiting() {
            for kind in 0..6 {
                if self.hands[us][kind] > 0 {
                    for to in 0..64 {
                        if self.may_place(kind, to) {
                            out.push(Kind::Drop { kind, to });
                        }
                    }
                }
            }
            if self.in_check() && self.variant == Variant::VanDien {
                let king = self.king(white).unwrap();
                for to in self.attacks(king, white, 5) {
                    if self.board[to].is_none_or(|m| m.white != white && !m.ghost) {
                        out.push(Kind::Move { from: king, to, promotion: None, en_passant: false, castle_rook: None });
                    }
                }
            }
            return out;
        }
        for from in 0..64 {
            let Some(man) = self.board[from] else { continue };
            if man.white != white {
                continue;
            }
            let takes = |s: usize| self.board[s].is_some_and(|m| m.white != white && !m.ghost);
            let plain = |to| Kind::Move { from, to, promotion: None, en_passant: false, castle_rook: None };
            if man.kind != 0 {
                for to in self.attacks(from, white, man.kind) {
                    if self.board[to].is_none() || takes(to) {
                        out.push(plain(to));
                    }
                }
                continue;
            }
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            let step = if white { 1 } else { -1 };
            let last = if white { 7 } else { 0 };
            let pawn_to = |to: usize, out: &mut Vec<Kind>| {
                if (to / 8) as i32 == last {
                    for p in [4, 1, 3, 2] {
                        out.push(Kind::Move { from, to, promotion: Some(p), en_passant: false, castle_rook: None });
                    }
                } else {
                    out.push(plain(to));
                }
            };
            if let Some(one) = at(file, rank + step) {
                if self.board[one].is_none() {
                    pawn_to(one, &mut out);
                    let second = if white { 1 } else { 6 };
                    if rank == second && self.variant != Variant::VanDien {
                        let two = at(file, rank + 2 * step).unwrap();
                        if self.board[two].is_none() {
                            out.push(plain(two));
                        }
                    }
                }
            }
            for df in [-1, 1] {
                if let Some(to) = at(file + df, rank + step) {
                    if takes(to) {
                        pawn_to(to, &mut out);
                    }
                    if self.en_passant == Some(to) {
                        out.push(Kind::Move { from, to, promotion: None, en_passant: true, castle_rook: None });
                    }
                }
            }
        }
        // Castling, from the rules: the king not in check, every square the
        // king and rook cross or land on empty but for the two of them, no
        // square the king crosses or lands on attacked.
        if self.variant != Variant::VanDien && !self.in_check() {
            for &(side_white, rook) in &self.castling {
                if side_white != white {
                    continue;
                }
                let king = self.king(white).unwrap();
                let back = if white { 0 } else { 56 };
                let king_side = rook % 8 > king % 8;
                let (king_to, rook_to) = if king_side { (back + 6, back + 5) } else { (back + 2, back + 3) };
                let span = |a: usize, b: usize| (a.min(b)..=a.max(b)).collect::<Vec<_>>();
                let mut clear = true;
                for s in span(king, king_to).into_iter().chain(span(rook, rook_to)) {
                    if s != king && s != rook && self.board[s].is_some() {
                        clear = false;
                    }
                }
                if !clear {
                    continue;
                }
                let mut lifted = self.clone();
                lifted.board[king] = None;
                lifted.board[rook] = None;
                if span(king, king_to).into_iter().any(|s| lifted.attacked_by(s, !white)) {
                    continue;
                }
                out.push(Kind::Move {
                    from: king,
                    to: king_to,
                    promotion: None,
                    en_passant: false,
                    castle_rook: Some(rook),
                });
            }
        }
        out
    }

    fn is_capture(&self, kind: &Kind) -> bool {
        match kind {
            Kind::Drop { .. } | Kind::Pass => false,
            Kind::Move { en_passant: true, .. } => true,
            Kind::Move { to, castle_rook: None, .. } => self.board[*to].is_some(),
            Kind::Move { .. } => false,
        }
    }

    fn text(&self, kind: &Kind) -> String {
        match kind {
            Kind::Drop { kind, to } => format!("{}@{}", LETTERS[*kind], name(*to)),
            Kind::Pass => "0000".to_string(),
            Kind::Move { from, to, promotion, .. } => {
                let mut text = format!("{}{}", name(*from), name(*to));
                if let Some(p) = promotion {
                    text.push(LETTERS[*p].to_ascii_lowercase());
                }
                text
            }
        }
    }

    fn pass_turn(&mut self) {
        self.white_to_move = !self.white_to_move;
        self.turn_index = 0;
        self.turn_length = 1;
    }

    fn play(&self, action: &Kind) -> Naive {
        let mut next = self.clone();
        next.en_passant = None;
        let white = self.white_to_move;
        let us = self.us();
        match *action {
            Kind::Pass => next.pass_turn(),
            Kind::Drop { kind, to } => {
                next.hands[us][kind] -= 1;
                next.board[to] = Some(Man { white, kind, ghost: false });
                let back = if white { 0 } else { 56 };
                let king_on_e = next.board[back + 4] == Some(Man { white, kind: 5, ghost: false });
                if self.variant == Variant::Placement && king_on_e {
                    for corner in [back, back + 7] {
                        let rook_there = next.board[corner] == Some(Man { white, kind: 3, ghost: false });
                        if rook_there && (to == corner || to == back + 4) && !next.castling.contains(&(white, corner)) {
                            next.castling.push((white, corner));
                        }
                    }
                }
                let returned = next.pending.take().is_some() && self.variant == Variant::Returning;
                if returned && !next.king_attacked(!white) {
                    next.turn_index = 1;
                    next.turn_length = 2;
                } else {
                    next.pass_turn();
                }
            }
            Kind::Move { from, to, promotion, en_passant, castle_rook } => {
                let man = next.board[from].take().unwrap();
                let mut taken = None;
                if let Some(rook) = castle_rook {
                    let rook_man = next.board[rook].take().unwrap();
                    let back = if white { 0 } else { 56 };
                    let rook_to = if to == back + 6 { back + 5 } else { back + 3 };
                    next.board[to] = Some(man);
                    next.board[rook_to] = Some(rook_man);
                } else {
                    if en_passant {
                        let victim = (from / 8) * 8 + to % 8;
                        taken = next.board[victim].take();
                    } else {
                        taken = next.board[to].take();
                    }
                    let placed = match promotion {
                        Some(kind) => Man { kind, ..man },
                        None => man,
                    };
                    next.board[to] = Some(placed);
                    if man.kind == 0 && from.abs_diff(to) == 16 && !man.ghost {
                        next.en_passant = Some((from + to) / 2);
                    }
                }
                if man.kind == 5 {
                    next.castling.retain(|&(w, _)| w != white);
                }
                next.castling.retain(|&(_, rook)| rook != from && rook != to);
                next.pass_turn();
                if let Some(victim) = taken {
                    match self.variant {
                        Variant::Reinforced => {
                            next.white_to_move = white;
                            next.turn_index = 1;
                            next.turn_length = 2;
                            next.hands[us][victim.kind] += 1;
                            next.pending = Some(to);
                            if !(0..64).any(|s| next.may_place(victim.kind, s)) {
                                next.hands[us][victim.kind] -= 1;
                                next.pending = None;
                                next.pass_turn();
                            }
                        }
                        Variant::Returning => {
                            next.turn_length = 2;
                            next.hands[1 - us][victim.kind] += 1;
                            next.pending = Some(to);
                            if !(0..64).any(|s| next.may_place(victim.kind, s)) {
                                next.hands[1 - us][victim.kind] -= 1;
                                next.pending = None;
                                next.turn_length = 1;
                            }
                        }
                        Variant::Ghost => next.waiting.push((to, Man { ghost: false, ..victim })),
                        _ => {}
                    }
                }
                // Waiting ghosts come back, the earliest first, wherever
                // their square is empty.
                let mut i = 0;
                while i < next.waiting.len() {
                    let (square, man) = next.waiting[i];
                    if next.board[square].is_none() {
                        next.board[square] = Some(Man { ghost: true, ..man });
                        next.waiting.remove(i);
                    } else {
                        i += 1;
                    }
                }
                // En passant only where the other side can legally take.
                if let Some(target) = next.en_passant {
                    let capture = |from: usize| Kind::Move {
                        from,
                        to: target,
                        promotion: None,
                        en_passant: true,
                        castle_rook: None,
                    };
                    let taker = !white;
                    let victim = to;
                    let can = [victim.wrapping_sub(1), victim + 1].into_iter().any(|from| {
                        from < 64
                            && from / 8 == victim / 8
                            && next.board[from].is_some_and(|m| m.white == taker && m.kind == 0)
                            && !next.play(&capture(from)).king_attacked(taker)
                    });
                    if !can || next.pending.is_some() {
                        next.en_passant = None;
                    }
                }
            }
        }
        next
    }

    fn legal(&self) -> Vec<(Kind, Naive)> {
        let white = self.white_to_move;
        // Losing chess: a side left with its king alone has won.
        let bare = |side: bool| self.board.iter().flatten().filter(|m| m.white == side).count() <= 1;
        if self.variant == Variant::Losers && (bare(true) || bare(false)) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for candidate in self.candidates() {
            let next = self.play(&candidate);
            if !next.king_attacked(white) {
                out.push((candidate, next));
            }
        }
        // Placement (pre-chess): with no legal drop, the board moves.
        if out.is_empty() && self.variant == Variant::Placement && self.placing() {
            let mut unplacing = self.clone();
            unplacing.hands[self.us()] = [0; 6];
            for candidate in unplacing.candidates() {
                let next = self.play(&candidate);
                if !next.king_attacked(white) {
                    out.push((candidate, next));
                }
            }
        }
        if self.variant == Variant::Losers && out.iter().any(|(k, _)| self.is_capture(k)) {
            out.retain(|(k, _)| self.is_capture(k));
        }
        // Returning chess: a player left without a move by its own
        // placement ends its turn there; Van Dien's: a side whose army is
        // placed passes while the other places, unless in check.
        let returning = self.variant == Variant::Returning && self.turn_index == 1;
        if out.is_empty() && (returning || (self.waiting() && !self.in_check())) {
            out.push((Kind::Pass, self.play(&Kind::Pass)));
        }
        out
    }

    /// The legal moves as UCI text (castling as the king's two-square move
    /// when the king starts on the e-file, as the engine writes it).
    pub fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .legal()
            .iter()
            .map(|(k, _)| match k {
                Kind::Move { from, castle_rook: Some(rook), .. } if from % 8 != 4 => {
                    format!("{}{}", name(*from), name(*rook))
                }
                other => self.text(other),
            })
            .collect();
        moves.sort();
        moves
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|(_, next)| next.perft(depth - 1)).sum()
    }
}
