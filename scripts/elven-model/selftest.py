#!/usr/bin/env python3
"""Self-tests of elven.py that do not need Fairy-Stockfish.

1. Hand-counted legal move lists (counts worked out on paper, see README).
2. The Warlock generator (effect-based) against a brute-force path enumerator.
3. 180-degree rotation symmetry (colours swapped) of perft on random positions
   reached from the real start position (with Warlocks) -- catches any
   White/Black asymmetry (pawn directions, promotion zones, castling squares, ...).
4. FEN round trip.
5. positions.txt: recompute every stored number (use --positions, slow).

Usage: python3 selftest.py [--random N] [--positions]
"""

import random
import sys

import elven
from elven import Position, legal_moves, make, perft, rotate

FAILS = 0


def expect(label, got, want):
    global FAILS
    ok = got == want
    if not ok:
        FAILS += 1
    print("%-4s %s: got %s, expected %s" % ("OK" if ok else "FAIL", label, got, want))


# --------------------------------------------------------------------------
# 1. hand counts: (fen, moves, expected number of legal moves, must contain, must not contain)
HAND = [
    (elven.START_FEN, [], 60, ["f1i1", "f1c1", "e2e2", "e2c4"], [],
     "start position (see README for the count)"),
    ("9k/10/10/10/10/4W5/10/10/10/K9 w - - 0 1", [], 28, ["e5e5"], [],
     "lone warlock: 24 jumps + 1 pass + 3 king moves"),
    ("9k/10/10/10/4nn4/4W5/10/10/10/K9 w - - 0 1", [], 44,
     ["e5e6f6", "e5f6e6", "e5e6e5", "e5f6e5", "e5e6d5", "e5e6"], [],
     "two adjacent victims: 24 jumps + 8 via e6 + 8 via f6 + pass + 3"),
    ("9k/10/10/4w4r/4n5/4W5/10/10/10/K9 w - - 0 1", [], 34, ["e5e6", "e5e6e5"],
     ["e5e7", "e5e6e7"], "restriction 1: warlock e7 guarded by rook j7 (direct and 2nd step)"),
    ("9k/10/10/9r/4w5/4W5/10/10/10/K9 w - - 0 1", [], 33, ["e5e6", "e5e6e5", "e5e6d6"],
     ["e5e6d7", "e5e6e7", "e5e6f7"], "restriction 1: first step takes the warlock, end square matters"),
    ("9k/10/10/4w4r/4p5/4W5/10/10/10/K9 w - - 0 1", [], 34, ["e5e6d7", "e5e6f7"],
     ["e5e7", "e5e6e7"], "restriction 1: second step onto a guarded warlock"),
    ("9k/10/10/4w5/3d6/4W5/10/10/10/K9 w - - 0 1", [], 35, ["e5d6e7"], ["e5e7"],
     "restriction 1: the only guard (dwarf d6) is taken by the first step -> legal"),
    ("10/10/4k5/4w5/10/4W5/10/10/10/K9 w - - 0 1", [], 27, [], ["e5e7"],
     "restriction 1: the guard is the enemy king"),
    ("5k4/5n4/10/4w5/10/4W5/10/10/10/K4R4 w - - 0 1", [], 43, [], ["e5e7"],
     "restriction 1: the guard (knight f9) is pinned, still counts"),
    ("9k/10/10/10/7n2/4w5/3P2W3/10/10/K9 w - - 0 1", ["d4e5"], 10, ["h6f5"], ["h6g4"],
     "restriction 2: pawn took the warlock, knight may not take the other"),
    ("9k/10/10/10/7n2/4P5/6W3/10/10/K9 b - - 0 1", [], 11, ["h6g4"], [],
     "same board from a FEN: no restriction 2"),
    ("9k/10/2w7/10/1N2p5/3W6/10/10/10/K9 b - - 0 1", ["e6d5"], 8, ["b6d5"], ["b6c8"],
     "restriction 2 for White (black pawn took the white warlock)"),
    ("9k/10/10/10/10/10/10/3W6/10/5K4 w - - 0 1", [], 29, ["d3d3"], [],
     "warlock near the edge, pass allowed"),
    ("5r3k/10/10/10/10/10/10/3W6/10/5K4 w - - 0 1", [], 8, ["d3f2", "d3f5"], ["d3d3"],
     "in check: no pass; 4 interpositions + 4 king moves"),
    ("9k/5r4/10/10/10/10/4p5/5W4/10/5K4 w - - 0 1", [], 12, ["f3f3", "f3e4f3", "f3e4f5"],
     ["f3e4", "f3e4e5", "f3g4"], "pinned warlock: stays on the f-file, pass and igui legal"),
    ("k9/10/2W7/10/10/10/10/10/10/5K4 b - - 0 1", [], 0, [], [], "mate by a warlock"),
    ("k9/10/10/2W7/10/10/10/10/10/1R3K4 b - - 0 1", [], 0, [], [], "stalemate"),
]


def hand_tests():
    for fen, moves, n, must, mustnot, label in HAND:
        pos = elven.position_from_args(fen, moves)
        toks = set(m.token() for m in legal_moves(pos))
        expect(label, len(toks), n)
        for t in must:
            if t not in toks:
                expect(label + " contains " + t, False, True)
        for t in mustnot:
            if t in toks:
                expect(label + " lacks " + t, False, True)
    # tokens: a 3-square token through an empty square is the same as the 2-square one
    pos = Position("9k/10/10/10/10/4W5/10/10/10/K9 w - - 0 1")
    expect("e5f6e5 (empty f6) = pass", elven.find_move(pos, "e5f6e5").token(), "e5e5")
    expect("e5f6g7 (empty f6) = jump", elven.find_move(pos, "e5f6g7").token(), "e5g7")
    expect("e5f6f5 (empty f6) = step", elven.find_move(pos, "e5f6f5").token(), "e5f5")


# --------------------------------------------------------------------------
# 2. warlock generator vs brute-force paths
def warlock_effects_by_paths(b, s, white):
    eff = set()

    def free_or_enemy(q):
        return q == elven.EMPTY or elven.is_enemy(q, white)
    for o in elven.WARLOCK_REACH:             # the lion's jump (no blocking)
        t = s + o
        if max(abs(elven.file_of(t) - elven.file_of(s)), abs(elven.rank_of(t) - elven.rank_of(s))) == 2:
            if b[t] != elven.OFF and free_or_enemy(b[t]):
                eff.add((s, t, frozenset([t]) if b[t] != elven.EMPTY else frozenset()))
    for o1 in elven.KING_STEPS:               # any path of one or two king steps
        a = s + o1
        if b[a] == elven.OFF or not free_or_enemy(b[a]):
            continue
        c1 = {a} if b[a] != elven.EMPTY else set()
        eff.add((s, a, frozenset(c1)))
        for o2 in elven.KING_STEPS:
            c = a + o2
            q = elven.EMPTY if c == s else b[c]   # the start square has been vacated
            if q == elven.OFF or not free_or_enemy(q):
                continue
            eff.add((s, c, frozenset(c1 | ({c} if q != elven.EMPTY else set()))))
    return eff


def warlock_effects_by_model(b, s, white):
    out = []
    elven.gen_warlock(b, s, white, out.append)
    return set((m.frm, m.to, frozenset(m.caps)) for m in out)


def compare_warlock_generators(pos):
    bad = 0
    for s in elven.ALL_SQUARES:
        p = pos.board[s]
        if p in "Ww":
            w = p == "W"
            a = warlock_effects_by_paths(pos.board, s, w)
            b = warlock_effects_by_model(pos.board, s, w)
            if a != b:
                bad += 1
                print("FAIL warlock effects differ at", elven.sq_name(s), pos.fen(), a ^ b)
    return bad


def random_positions(n, seed, fen=elven.START_FEN):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = Position(fen)
        for _ in range(rng.randint(4, 100)):
            ms = legal_moves(pos)
            if not ms:
                break
            active = [m for m in ms if m.caps or pos.board[m.frm] in "PpWw"]
            if active and rng.random() < 0.5:
                ms = active
            pos = make(pos, rng.choice(ms))
        out.append(pos)
    return out


def random_tests(n):
    global FAILS
    positions = random_positions(n, 12345)
    bad = 0
    for pos in positions:
        bad += compare_warlock_generators(pos)
        # also every position along a short random continuation
        for m in legal_moves(pos)[:20]:
            bad += compare_warlock_generators(make(pos, m))
    expect("warlock generator == brute-force paths on %d random positions" % n, bad, 0)
    FAILS += 0
    bad = 0
    shields = 0
    for i, pos in enumerate(positions):
        d = 3 if i < 6 else 2
        a = perft(pos, d)
        b = perft(rotate(pos), d)
        shields += pos.shield
        if a != b:
            bad += 1
            print("FAIL rotation", pos.fen(), a, b)
    expect("rotation symmetry of perft on %d random positions" % n, bad, 0)
    # FEN round trip
    bad = sum(Position(p.fen()).fen() != p.fen() for p in positions)
    expect("FEN round trip", bad, 0)


def positions_file():
    path = __file__.rsplit("/", 1)[0] + "/../../tests/data/elven/positions.txt"
    for line in open(path):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(";")]
        fen = fields[0]
        moves = fields[1].split()[1:]
        pos = elven.position_from_args(fen, moves)
        for f in fields[2:]:
            if f.startswith("D"):
                d, n = f.split()
                expect("%s %s" % (fen[:40], d), perft(pos, int(d[1:])), int(n))


def main():
    args = sys.argv[1:]
    n = 30
    if "--random" in args:
        n = int(args[args.index("--random") + 1])
    hand_tests()
    expect("start perft 2", perft(Position(), 2), 3600)
    random_tests(n)
    if "--positions" in args:
        positions_file()
    print("FAILURES:", FAILS)
    return 1 if FAILS else 0


if __name__ == "__main__":
    sys.exit(main())
