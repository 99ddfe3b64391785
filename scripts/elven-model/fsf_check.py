#!/usr/bin/env python3
"""Cross-check elven.py against Fairy-Stockfish 11.1 on Warlock-free positions.

Fairy-Stockfish 11.1 cannot express:
  * the Warlock (Chu Shogi lion: no multi-leg Betza moves, no lion piece type);
  * Black's castling destinations (FSF uses the same king destination files for both
    colours: i/c, which is right for White f1->i1 / f1->c1 but would send Black's
    king e10->i10 / e10->c10 instead of e10->h10 / e10->b10).
So every position given to FSF has no Black castling right.  Positions in which Black
has castling rights are checked through the 180-degree rotation (colours swapped):
perft_model(P) is compared with perft_FSF(rotate(P)), where rotate(P) only has White
castling rights.

Usage: python3 fsf_check.py [--random N] [--depth D] [--seed S]
"""

import random
import subprocess
import sys
import time

import elven

FSF = "/usr/games/fairy-stockfish"
VARIANTS = __file__.rsplit("/", 1)[0] + "/fsf/variants.ini"


class Engine:
    def __init__(self):
        self.p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name VariantPath value " + VARIANTS)
        self.send("setoption name UCI_Variant value elven")
        self.send("isready")
        self.wait("readyok")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine died")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def perft(self, fen, depth):
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        lines = self.wait("Nodes searched")
        div = {}
        for ln in lines:
            if ": " in ln and not ln.startswith(("Nodes", "info")):
                mv, n = ln.split(": ")
                div[mv.strip()] = int(n)
        return int(lines[-1].split(":")[1]), div

    def close(self):
        self.send("quit")
        self.p.wait()


rotate = elven.rotate


def check(engine, pos, depth, label):
    """Compare model and FSF.  Returns True on agreement."""
    if any(c in "kq" for c in pos.castling):
        if any(c in "KQ" for c in pos.castling):
            raise ValueError("both colours have castling rights; split first")
        fsf_pos = rotate(pos)
        how = "rot"
    else:
        fsf_pos = pos
        how = "dir"
    t0 = time.time()
    mine = elven.perft(pos, depth)
    t1 = time.time()
    theirs, div = engine.perft(fsf_pos.fen(), depth)
    ok = mine == theirs
    print("%-4s %-3s d%d model=%-9d fsf=%-9d %s (%.1fs)  %s  %s" % (
        "OK" if ok else "DIFF", how, depth, mine, theirs, label, t1 - t0, pos.fen(),
        "" if how == "dir" else "[fsf: " + fsf_pos.fen() + "]"))
    sys.stdout.flush()
    if not ok:
        mdiv = {}
        for m, c in elven.legal_moves_with_children(fsf_pos):
            mdiv[m.token()] = elven.perft(c, depth - 1)
        for mv in sorted(set(mdiv) | set(div)):
            if mdiv.get(mv) != div.get(mv):
                print("   move %s: model(on fsf fen)=%s fsf=%s" % (mv, mdiv.get(mv), div.get(mv)))
    return ok


def split_rights(pos):
    """Yield positions with only White or only Black castling rights."""
    w = "".join(c for c in pos.castling if c in "KQ")
    b = "".join(c for c in pos.castling if c in "kq")
    if not b:
        yield pos
        return
    if not w:
        yield pos
        return
    pw = pos.copy()
    pw.castling = w
    yield pw
    pb = pos.copy()
    pb.castling = b
    yield pb


NO_WARLOCK_START = "r3k4r/dnbgq1ebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBE1QGBND/R4K3R w KQkq - 0 1"

FIXED = [
    # (fen, depth, label)
    (NO_WARLOCK_START.replace("KQkq", "-"), 4, "start, no warlocks, no castling"),
    (NO_WARLOCK_START.replace("KQkq", "KQ"), 4, "start, no warlocks, White castling"),
    (NO_WARLOCK_START.replace("KQkq", "kq"), 4, "start, no warlocks, Black castling (via rotation)"),
    # promotions: white pawns on rank 7, black pawns on rank 4, things to capture
    ("r3k4r/10/1n1b4n1/P1P2P1P1P/10/10/p1p2p1p1p/1N1B4N1/10/R4K3R w KQ - 0 1", 3,
     "promotions both sides (pushes + captures), White castling"),
    ("4k5/10/1n1b4n1/P1P2P1P1P/10/10/p1p2p1p1p/1N1B4N1/10/5K4 b - - 0 1", 3,
     "promotions, Black to move"),
    # en passant
    ("4k5/10/10/10/10/3pP5/10/10/10/5K4 b - e4 0 1", 3, "black ep capture d5xe4"),
    ("4k5/10/10/10/4pP4/10/10/10/10/5K4 w - e7 0 1", 3, "white ep capture f6xe7"),
    ("4k5/10/5p4/10/10/10/10/4P5/10/5K4 w - - 0 1", 5, "pawn double steps + ep (hand-free)"),
    # ep capture that would expose the king (horizontal pin)
    ("10/10/10/10/10/k2pP3R1/10/10/10/5K4 b - e4 0 1", 3, "ep exposing own king? (black)"),
    # castling with attacked / blocked paths
    ("r3k4r/10/10/10/10/10/10/10/6r3/R4K3R w KQ - 0 1", 3, "castling: g-file attacked (K side)"),
    ("r3k4r/10/10/10/10/10/10/10/3r6/R4K3R w KQ - 0 1", 3, "castling: d-file attacked (Q side)"),
    ("r3k4r/10/10/10/10/10/10/10/1r8/R4K3R w KQ - 0 1", 3, "castling: b1 attacked only (Q side OK)"),
    ("r3k4r/10/10/10/10/10/10/10/5r4/R4K3R w KQ - 0 1", 3, "castling: in check"),
    ("r3k4r/10/10/10/10/10/10/10/10/R3BK2NR w KQ - 0 1", 3, "castling blocked both sides"),
    ("r3k4r/10/10/10/10/10/10/10/10/R4K3R b kq - 0 1", 3, "black castling (via rotation)"),
    ("r3k4r/3R6/10/10/10/10/10/10/10/R4K3R b kq - 0 1", 3, "black castling, d10 attacked (via rotation)"),
    ("r3k4r/6R3/10/10/10/10/10/10/10/R4K3R b kq - 0 1", 3, "black castling, g10 attacked (via rotation)"),
    ("r3k4r/8R1/10/10/10/10/10/10/10/R4K3R b kq - 0 1", 3, "black castling, i10 attacked only (via rotation)"),
    # fairy pieces
    ("4k5/10/3g6/10/4E5/10/6D3/10/10/5K4 w - - 0 1", 4, "elf, goblin, dwarf"),
    ("4k5/4g5/10/10/10/10/10/10/10/4EK4 b - - 0 1", 4, "goblin ferz / elf wazir checks"),
]


def random_positions(n, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = elven.Position(NO_WARLOCK_START)
        plies = rng.randint(6, 120)
        for _ in range(plies):
            ms = elven.legal_moves(pos)
            if not ms:
                break
            # prefer captures and pawn moves half of the time, so that random games
            # reach open positions, promotions and en passant chances
            active = [m for m in ms if m.caps or pos.board[m.frm] in "Pp"]
            if active and rng.random() < 0.5:
                ms = active
            pos = elven.make(pos, rng.choice(ms))
        if elven.legal_moves(pos):
            out.append(pos)
    return out


def main():
    args = sys.argv[1:]
    nrand = 0
    depth = 3
    seed = 1
    skip_fixed = False
    while args:
        a = args.pop(0)
        if a == "--random":
            nrand = int(args.pop(0))
        elif a == "--depth":
            depth = int(args.pop(0))
        elif a == "--seed":
            seed = int(args.pop(0))
        elif a == "--no-fixed":
            skip_fixed = True
    eng = Engine()
    bad = 0
    total = 0
    if not skip_fixed:
        for fen, d, label in FIXED:
            for p in split_rights(elven.Position(fen)):
                total += 1
                bad += not check(eng, p, d, label)
    for i, p in enumerate(random_positions(nrand, seed)):
        for q in split_rights(p):
            total += 1
            bad += not check(eng, q, depth, "random #%d" % i)
    eng.close()
    print("checked %d, mismatches %d" % (total, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
