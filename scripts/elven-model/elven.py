#!/usr/bin/env python3
"""Independent reference model of Elven Chess (10x10), written from the rules only.

Board: a 14x14 mailbox (the 10x10 board plus a 2-square border, so that knight
and warlock offsets never wrap around).  Square index = (rank+2)*14 + (file+2),
file 0..9 = a..j, rank 0..9 = 1..10.

Pieces are single characters, upper case White, lower case Black:
  K king, Q queen, R rook, B bishop, N knight, P pawn,
  W warlock (Chu Shogi lion), E elf (bishop + wazir), G goblin (rook + ferz),
  D dwarf (non-royal king).
'.' is an empty square, '#' is off the board.

A move is an *effect*: (from, to, captured squares, promotion).  Legal move
generation = pseudo-legal generation, make the move on a copy of the board,
reject it if the mover's king is attacked, apply the two warlock capture
restrictions, then de-duplicate identical effects.

CLI:
  python3 elven.py perft "<fen>|startpos" <depth> [moves...]
  python3 elven.py moves "<fen>|startpos" [moves...]
  python3 elven.py fen   "<fen>|startpos" [moves...]
"""

import sys

FILES = "abcdefghij"
WIDTH = 14
EMPTY = "."
OFF = "#"
START_FEN = "r3k4r/dnbgqwebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBEWQGBND/R4K3R w KQkq - 0 1"


def sq(f, r):
    return (r + 2) * WIDTH + (f + 2)


def file_of(s):
    return s % WIDTH - 2


def rank_of(s):
    return s // WIDTH - 2


def on_board(s):
    return 0 <= file_of(s) < 10 and 0 <= rank_of(s) < 10


def sq_name(s):
    return FILES[file_of(s)] + str(rank_of(s) + 1)


def parse_sq(name):
    f = FILES.index(name[0])
    r = int(name[1:]) - 1
    if not (0 <= r < 10):
        raise ValueError("bad square " + name)
    return sq(f, r)


ALL_SQUARES = [sq(f, r) for r in range(10) for f in range(10)]

N, S, E, W = WIDTH, -WIDTH, 1, -1
ORTH = (N, S, E, W)
DIAG = (N + E, N + W, S + E, S + W)
KING_STEPS = ORTH + DIAG
KNIGHT_JUMPS = tuple(df + WIDTH * dr for df, dr in
                     ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)))
# every square at Chebyshev distance 1 or 2 (24 squares)
WARLOCK_REACH = tuple(df + WIDTH * dr for dr in range(-2, 3) for df in range(-2, 3)
                      if (df, dr) != (0, 0))

PROMO_PIECES = "qrbn"


def is_white(p):
    return p.isupper()


def is_black(p):
    return p.islower()


def owner_is(p, white):
    """True if p is a piece of the given colour (False for empty / off-board)."""
    return p.isupper() if white else p.islower()


def is_enemy(p, white):
    return p.islower() if white else p.isupper()


# Castling table: right -> (king from, king to, rook from, rook to,
#                           squares that must be empty, squares the king must not be attacked on)
CASTLES = {
    "K": ("f1", "i1", "j1", "h1", ["g1", "h1", "i1"], ["f1", "g1", "h1", "i1"]),
    "Q": ("f1", "c1", "a1", "d1", ["b1", "c1", "d1", "e1"], ["f1", "e1", "d1", "c1"]),
    "k": ("e10", "h10", "j10", "g10", ["f10", "g10", "h10", "i10"], ["e10", "f10", "g10", "h10"]),
    "q": ("e10", "b10", "a10", "c10", ["b10", "c10", "d10"], ["e10", "d10", "c10", "b10"]),
}
CASTLES = {k: (parse_sq(a), parse_sq(b), parse_sq(c), parse_sq(d),
               [parse_sq(x) for x in e], [parse_sq(x) for x in f])
           for k, (a, b, c, d, e, f) in CASTLES.items()}


class Move:
    """One effect.  caps: tuple of captured squares (sorted).  mid: the square
    captured by the warlock's first step (double move / igui), else None.
    castle: the castling right letter, or None."""
    __slots__ = ("frm", "to", "caps", "promo", "mid", "castle")

    def __init__(self, frm, to, caps=(), promo=None, mid=None, castle=None):
        self.frm = frm
        self.to = to
        self.caps = tuple(sorted(caps))
        self.promo = promo
        self.mid = mid
        self.castle = castle

    def key(self):
        return (self.frm, self.to, self.caps, self.promo)

    def token(self):
        """Canonical UCI-style token."""
        if self.mid is not None:  # warlock: first step captured on mid
            return sq_name(self.frm) + sq_name(self.mid) + sq_name(self.to)
        return sq_name(self.frm) + sq_name(self.to) + (self.promo or "")

    def __repr__(self):
        return self.token()


class Position:
    def __init__(self, fen=START_FEN):
        self.board = [OFF] * (WIDTH * WIDTH)
        for s in ALL_SQUARES:
            self.board[s] = EMPTY
        parts = fen.split()
        rows = parts[0].split("/")
        if len(rows) != 10:
            raise ValueError("FEN needs 10 ranks")
        for i, row in enumerate(rows):
            r = 9 - i
            f = 0
            j = 0
            while j < len(row):
                c = row[j]
                if c.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    f += int(row[j:k])
                    j = k
                    continue
                if c.upper() not in "KQRBNPWEGD":
                    raise ValueError("bad piece letter " + c)
                self.board[sq(f, r)] = c
                f += 1
                j += 1
            if f != 10:
                raise ValueError("rank %d does not have 10 files" % (r + 1))
        self.white = (parts[1] if len(parts) > 1 else "w") == "w"
        cr = parts[2] if len(parts) > 2 else "-"
        self.castling = "".join(c for c in "KQkq" if c in cr)
        ep = parts[3] if len(parts) > 3 else "-"
        self.ep = None if ep == "-" else parse_sq(ep)
        self.halfmove = int(parts[4]) if len(parts) > 4 else 0
        self.fullmove = int(parts[5]) if len(parts) > 5 else 1
        # Restriction (2): True when the previous half-move captured a warlock
        # with a piece that is not a warlock -> no warlock may be captured now.
        # Not part of the FEN; set by playing moves (or by hand).
        self.shield = False

    def copy(self):
        p = Position.__new__(Position)
        p.board = self.board[:]
        p.white = self.white
        p.castling = self.castling
        p.ep = self.ep
        p.halfmove = self.halfmove
        p.fullmove = self.fullmove
        p.shield = self.shield
        return p

    def fen(self):
        rows = []
        for r in range(9, -1, -1):
            row = ""
            run = 0
            for f in range(10):
                p = self.board[sq(f, r)]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        row += str(run)
                        run = 0
                    row += p
            if run:
                row += str(run)
            rows.append(row)
        return "%s %s %s %s %d %d" % ("/".join(rows), "w" if self.white else "b",
                                      self.castling or "-",
                                      sq_name(self.ep) if self.ep is not None else "-",
                                      self.halfmove, self.fullmove)


def attacked(board, s, by_white):
    """Is square s attacked by a piece of colour by_white?  (Pins ignored.)"""
    if by_white:
        P, N_, K, D, W_, E_, G, R, B, Q = "PNKDWEGRBQ"
        if board[s - WIDTH - 1] == P or board[s - WIDTH + 1] == P:
            return True
    else:
        P, N_, K, D, W_, E_, G, R, B, Q = "pnkdwegrbq"
        if board[s + WIDTH - 1] == P or board[s + WIDTH + 1] == P:
            return True
    for o in KNIGHT_JUMPS:
        if board[s + o] == N_:
            return True
    for o in KING_STEPS:
        if board[s + o] in (K, D):
            return True
    for o in ORTH:
        if board[s + o] == E_:      # elf's wazir step
            return True
    for o in DIAG:
        if board[s + o] == G:       # goblin's ferz step
            return True
    for o in WARLOCK_REACH:
        if board[s + o] == W_:      # warlock: anything within distance 2
            return True
    for o in ORTH:                  # rook, queen, goblin lines
        t = s + o
        while board[t] == EMPTY:
            t += o
        if board[t] in (R, Q, G):
            return True
    for o in DIAG:                  # bishop, queen, elf lines
        t = s + o
        while board[t] == EMPTY:
            t += o
        if board[t] in (B, Q, E_):
            return True
    return False


def king_square(board, white):
    k = "K" if white else "k"
    try:
        return board.index(k)
    except ValueError:
        return None


def in_check(pos):
    k = king_square(pos.board, pos.white)
    return k is not None and attacked(pos.board, k, not pos.white)


def pseudo_moves(pos):
    b = pos.board
    white = pos.white
    moves = []
    add = moves.append
    for s in ALL_SQUARES:
        p = b[s]
        if not owner_is(p, white):
            continue
        u = p.upper()
        if u == "P":
            fwd = N if white else S
            r = rank_of(s)
            start_rank = 2 if white else 7
            zone = (lambda rr: rr >= 7) if white else (lambda rr: rr <= 2)

            def add_pawn(to, caps):
                if zone(rank_of(to)):
                    for pr in PROMO_PIECES:
                        add(Move(s, to, caps, promo=pr))
                else:
                    add(Move(s, to, caps))
            t = s + fwd
            if b[t] == EMPTY:
                add_pawn(t, ())
                if r == start_rank and b[t + fwd] == EMPTY:
                    add(Move(s, t + fwd))
            for side in (E, W):
                t = s + fwd + side
                if is_enemy(b[t], white):
                    add_pawn(t, (t,))
                elif t == pos.ep and b[t] == EMPTY:
                    victim = t - fwd
                    if b[victim] == ("p" if white else "P"):
                        add(Move(s, t, (victim,)))
        elif u == "N":
            for o in KNIGHT_JUMPS:
                t = s + o
                q = b[t]
                if q == EMPTY:
                    add(Move(s, t))
                elif is_enemy(q, white):
                    add(Move(s, t, (t,)))
        elif u in "KD":
            for o in KING_STEPS:
                t = s + o
                q = b[t]
                if q == EMPTY:
                    add(Move(s, t))
                elif is_enemy(q, white):
                    add(Move(s, t, (t,)))
        elif u == "W":
            gen_warlock(b, s, white, add)
        else:
            slides = ()
            steps = ()
            if u == "R":
                slides = ORTH
            elif u == "B":
                slides = DIAG
            elif u == "Q":
                slides = ORTH + DIAG
            elif u == "E":
                slides, steps = DIAG, ORTH
            elif u == "G":
                slides, steps = ORTH, DIAG
            for o in slides:
                t = s + o
                while b[t] == EMPTY:
                    add(Move(s, t))
                    t += o
                if is_enemy(b[t], white):
                    add(Move(s, t, (t,)))
            for o in steps:
                t = s + o
                q = b[t]
                if q == EMPTY:
                    add(Move(s, t))
                elif is_enemy(q, white):
                    add(Move(s, t, (t,)))
    # castling
    for right in (("K", "Q") if white else ("k", "q")):
        if right not in pos.castling:
            continue
        kf, kt, rf, rt, empties, safe = CASTLES[right]
        if b[kf] != ("K" if white else "k") or b[rf] != ("R" if white else "r"):
            continue
        if any(b[x] != EMPTY for x in empties):
            continue
        if any(attacked(b, x, not white) for x in safe):
            continue
        add(Move(kf, kt, castle=right))
    return moves


def gen_warlock(b, s, white, add):
    # 1) single jump/step to any square within distance 2
    for o in WARLOCK_REACH:
        t = s + o
        q = b[t]
        if q == EMPTY:
            add(Move(s, t))
        elif is_enemy(q, white):
            add(Move(s, t, (t,)))
    # 2) capture on a neighbour, then a second king step from there
    has_empty_neighbour = False
    for o in KING_STEPS:
        m = s + o
        q = b[m]
        if q == EMPTY:
            has_empty_neighbour = True
            continue
        if not is_enemy(q, white):
            continue
        for o2 in KING_STEPS:
            t = m + o2
            if t == s:                       # igui: capture and return
                add(Move(s, s, (m,), mid=m))
                continue
            q2 = b[t]
            if q2 == EMPTY:
                add(Move(s, t, (m,), mid=m))
            elif is_enemy(q2, white):        # second victim
                add(Move(s, t, (m, t), mid=m))
    # 3) pass: step to an empty neighbour and come back (one effect)
    if has_empty_neighbour:
        add(Move(s, s))


def make(pos, m):
    """Return the position after move m (pos is unchanged)."""
    n = pos.copy()
    b = n.board
    piece = b[m.frm]
    captured = [b[c] for c in m.caps]
    for c in m.caps:
        b[c] = EMPTY
    b[m.frm] = EMPTY
    if m.promo:
        b[m.to] = m.promo.upper() if pos.white else m.promo
    else:
        b[m.to] = piece
    if m.castle:
        _, _, rf, rt, _, _ = CASTLES[m.castle]
        rook = b[rf]
        b[rf] = EMPTY
        b[rt] = rook
    # castling rights: drop a right when its king or rook square is touched
    touched = {m.frm, m.to, *m.caps}
    n.castling = "".join(r for r in pos.castling
                         if CASTLES[r][0] not in touched and CASTLES[r][2] not in touched)
    # en passant square: only right after a pawn double step
    n.ep = None
    if piece in "Pp" and abs(rank_of(m.to) - rank_of(m.frm)) == 2:
        n.ep = (m.frm + m.to) // 2
    # restriction (2) flag for the next half-move
    n.shield = piece not in "Ww" and any(c in "Ww" for c in captured)
    n.halfmove = 0 if (piece in "Pp" or m.caps) else pos.halfmove + 1
    if not pos.white:
        n.fullmove = pos.fullmove + 1
    n.white = not pos.white
    return n


def legal_moves_with_children(pos):
    """List of (move, child position) for all legal effects."""
    b = pos.board
    white = pos.white
    seen = set()
    out = []
    for m in pseudo_moves(pos):
        k = m.key()
        if k in seen:
            continue
        takes_warlock = any(b[c] in "Ww" for c in m.caps)
        # restriction (2): no warlock may be captured right after a warlock
        # was captured by a non-warlock
        if takes_warlock and pos.shield:
            continue
        child = make(pos, m)
        ksq = king_square(child.board, white)
        if ksq is not None and attacked(child.board, ksq, not white):
            continue
        # restriction (1): a warlock capturing a warlock (in any step) must not
        # end on a square attacked by the enemy (on the resulting board)
        if takes_warlock and b[m.frm] in "Ww" and attacked(child.board, m.to, not white):
            continue
        seen.add(k)
        out.append((m, child))
    return out


def legal_moves(pos):
    return [m for m, _ in legal_moves_with_children(pos)]


def perft(pos, depth):
    if depth == 0:
        return 1
    mc = legal_moves_with_children(pos)
    if depth == 1:
        return len(mc)
    return sum(perft(c, depth - 1) for _, c in mc)


def divide(pos, depth):
    """List of (token, count), sorted by token."""
    res = []
    for m, c in legal_moves_with_children(pos):
        res.append((m.token(), perft(c, depth - 1) if depth > 1 else 1))
    res.sort()
    return res


def find_move(pos, token):
    """Parse a move token (any accepted spelling) and return the legal Move."""
    tok = token.strip()
    promo = None
    if tok and tok[-1] in "qrbnQRBN":
        promo = tok[-1].lower()
        tok = tok[:-1]
    names = []
    i = 0
    while i < len(tok):
        j = i + 1
        while j < len(tok) and tok[j].isdigit():
            j += 1
        names.append(tok[i:j])
        i = j
    sqs = [parse_sq(x) for x in names]
    legal = legal_moves(pos)
    if len(sqs) == 3:
        a, m, t = sqs
        if is_enemy(pos.board[m], pos.white):
            for mv in legal:
                if mv.frm == a and mv.mid == m and mv.to == t:
                    return mv
            raise ValueError("illegal move " + token)
        sqs = [a, t]  # path through an empty square: same effect as a then t
    if len(sqs) != 2:
        raise ValueError("cannot parse move " + token)
    a, t = sqs
    for mv in legal:
        if mv.frm == a and mv.to == t and mv.mid is None and mv.promo == promo:
            return mv
    raise ValueError("illegal move " + token + " in " + pos.fen())


def position_from_args(fen, moves):
    pos = Position(START_FEN if fen == "startpos" else fen)
    for tok in moves:
        pos = make(pos, find_move(pos, tok))
    return pos


ROT_CASTLE = {"K": "q", "Q": "k", "k": "Q", "q": "K"}


def rotate(pos):
    """180-degree rotation with colours swapped (White <-> Black)."""
    r = pos.copy()
    for s in ALL_SQUARES:
        f, k = file_of(s), rank_of(s)
        p = pos.board[sq(9 - f, 9 - k)]
        r.board[s] = p.swapcase() if p != EMPTY else p
    r.white = not pos.white
    r.castling = "".join(c for c in "KQkq" if any(ROT_CASTLE[x] == c for x in pos.castling))
    if pos.ep is not None:
        r.ep = sq(9 - file_of(pos.ep), 9 - rank_of(pos.ep))
    return r


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 1
    cmd, fen = argv[1], argv[2]
    if cmd == "perft":
        depth = int(argv[3])
        pos = position_from_args(fen, argv[4:])
        total = 0
        for tok, n in divide(pos, depth):
            print("%s: %d" % (tok, n))
            total += n
        print()
        print("Nodes searched: %d" % total)
    elif cmd == "moves":
        pos = position_from_args(fen, argv[3:])
        print(" ".join(sorted(m.token() for m in legal_moves(pos))))
    elif cmd == "fen":
        pos = position_from_args(fen, argv[3:])
        print(pos.fen() + ("  [shield: no warlock may be captured]" if pos.shield else ""))
    else:
        print(__doc__)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
