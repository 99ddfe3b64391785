#!/usr/bin/env python3
"""Regenerate positions.txt from the list below with elven.py's perft.

Depth 4 is added when perft(3) is small enough (or forced by the list)."""

import sys
import time

import elven

S = elven.START_FEN
NW = "r3k4r/dnbgq1ebnd/pppppppppp/10/10/10/10/PPPPPPPPPP/DNBE1QGBND/R4K3R"

# (fen, moves, comment, force_d4)
POSITIONS = [
    (S, "", "start position (D1 counted by hand = 60, see README)", True),
    (NW + " w KQ - 0 1", "", "start without warlocks, White castling only: D1-D4 equal to Fairy-Stockfish", True),
    (NW + " w KQkq - 0 1", "", "start without warlocks, all castling rights (Black castling not checkable in FSF 11.1 directly)", False),
    ("9k/10/10/10/10/4W5/10/10/10/K9 w - - 0 1", "", "lone warlock: 24 jumps + pass (once) + 3 king moves = 28", True),
    ("9k/10/10/10/4nn4/4W5/10/10/10/K9 w - - 0 1", "",
     "warlock double captures (e5e6f6, e5f6e6), igui (e5e6e5, e5f6e5), capture-then-step; D1 = 24+8+8+1+3 = 44", True),
    ("9k/10/10/10/5w4/4NN4/10/10/10/K9 b - - 0 1", "", "same as previous, rotated: Black warlock double captures / igui", True),
    ("9k/10/10/4w4r/4n5/4W5/10/10/10/K9 w - - 0 1", "",
     "restriction 1 direct (e5e7 illegal: rook j7 guards e7) and on the 2nd step (e5e6e7 illegal); D1 = 34", True),
    ("9k/10/10/9r/4w5/4W5/10/10/10/K9 w - - 0 1", "",
     "restriction 1 on the 1st step: e5e6 and igui e5e6e5 legal, e5e6d7/e7/f7 illegal (end on rook-guarded rank 7); D1 = 33", True),
    ("9k/10/10/4w5/3d6/4W5/10/10/10/K9 w - - 0 1", "",
     "restriction 1 judged on the resulting board: e5d6e7 legal (takes the only guard first), e5e7 illegal; D1 = 35", True),
    ("5k4/5n4/10/4w5/10/4W5/10/10/10/K4R4 w - - 0 1", "",
     "restriction 1: guard of e7 is a pinned knight (still counts) -> e5e7 illegal; D1 = 43", True),
    ("10/10/4k5/4w5/10/4W5/10/10/10/K9 w - - 0 1", "",
     "restriction 1: the guard is the enemy king -> e5e7 illegal; D1 = 27", True),
    ("9k/10/10/10/7n2/4w5/3P2W3/10/10/K9 w - - 0 1", "d4e5",
     "restriction 2: pawn takes warlock, then Black may not take the other warlock (h6g4 illegal); D1 = 10", True),
    ("9k/10/10/10/7n2/4P5/6W3/10/10/K9 b - - 0 1", "",
     "same board as previous but from a FEN (no history): h6g4 legal; D1 = 11", True),
    ("9k/10/2w7/10/1N2p5/3W6/10/10/10/K9 b - - 0 1", "e6d5",
     "restriction 2 for White: black pawn took the white warlock, b6c8 illegal; D1 = 8", True),
    ("5r3k/10/10/10/10/10/10/3W6/10/5K4 w - - 0 1", "",
     "in check: warlock pass d3d3 illegal; 4 interpositions by jump + 4 king moves = 8", True),
    ("9k/5r4/10/10/10/10/4p5/5W4/10/5K4 w - - 0 1", "",
     "pinned warlock: only f-file ends (f3f2 f3f4 f3f5, igui f3e4f3, f3e4f4, f3e4f5) + pass; D1 = 12", True),
    ("9k/5r4/10/10/10/9b/10/10/5EG3/5K4 w - - 0 1", "",
     "pinned elf (only wazir step f2f3) and pinned goblin (only ferz step g2h3); D1 = 5", True),
    ("4k5/10/10/10/4W5/10/10/10/10/5K4 w - - 0 1", "", "warlock jumps giving check (e6c8..e6g8 check e10)", True),
    ("4k5/10/r3W5/10/10/10/10/10/10/5K4 b - - 0 1", "", "in check by a warlock at distance 2: only a8e8; D1 = 1", True),
    ("k9/10/2W7/10/10/10/10/10/10/5K4 b - - 0 1", "", "checkmate by a lone warlock: D1 = 0", False),
    ("k9/10/10/2W7/10/10/10/10/10/1R3K4 b - - 0 1", "", "stalemate (draw): D1 = 0", False),
    ("r3k4r/10/1W8/10/10/10/10/8w1/10/R4K3R w KQkq - 0 1", "",
     "castling, warlock i3 attacks g1/h1/i1 -> no f1i1, f1c1 OK; symmetric: same numbers with b to move", True),
    ("r3k4r/10/1W8/10/10/10/10/8w1/10/R4K3R b KQkq - 0 1", "",
     "castling for Black: W b8 attacks b10/c10/d10 -> no e10b10, e10h10 OK", True),
    ("r3k3nr/10/10/10/10/10/10/10/10/RN3K3R w KQkq - 0 1", "",
     "castling blocked by a piece on b1 (White Q side) and i10 (Black K side) only", True),
    ("r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "",
     "all four castlings available (f1i1 f1c1 e10h10 e10b10)", False),
    (S, "e3e5 a8a7 e5e6 d8d6", "en passant by White: e6d7 (pawn lands on the skipped square d7)", False),
    (S, "a3a4 e8e6 a4a5 e6e5 d3d5", "en passant by Black: e5d4", False),
    ("10/10/10/10/10/k2pP3R1/10/10/10/5K4 b - e4 0 1", "", "en passant illegal: would expose the black king on rank 5", True),
    ("r3k4r/10/1n1b4n1/P1P2P1P1P/10/10/p1p2p1p1p/1N1B4N1/10/R4K3R w KQ - 0 1", "",
     "compulsory promotion onto rank 8 / rank 3, pushes and captures, both sides (equal to Fairy-Stockfish)", False),
    ("r2b1k3r/dn1gq1ebnd/pp1ppppp1p/2p7/8p1/1w2P5/2PW6/PP1P1PPPPP/DNBE1Q1BND/3R1KG2R b K - 1 8", "",
     "random game: warlocks b5/d4 face each other, both warlock x warlock captures refused by restriction 1", False),
    (S, "e2e4 f9f7 e4e6", "opening: white warlock e6 next to black warlock f7, Black to move (w takes W freely, doubles via pawns)", False),
    ("4k5/P9/1P8/2P7/10/10/10/10/10/5K4 w - - 0 1", "",
     "OPTIONAL, unreachable in a game (white pawns on ranks 8 and 9 given by FEN): every pawn move into ranks 8-10 promotes", False),
]


def main():
    out = ["# Elven Chess perft reference positions, computed by elven.py (independent Python model).",
           "# Format: <fen> ; moves <moves played from the FEN first> ; D1 <n> ; D2 <n> ; D3 <n> [; D4 <n>] ; # comment",
           "# Moves matter: restriction 2 (no warlock capture right after a non-warlock took a warlock) is carried by them.",
           ""]
    for fen, moves, comment, force4 in POSITIONS:
        pos = elven.position_from_args(fen, moves.split())
        fields = [fen, ("moves " + moves).strip()]
        t0 = time.time()
        n3 = None
        for d in (1, 2, 3):
            n = elven.perft(pos, d)
            fields.append("D%d %d" % (d, n))
            n3 = n
        if force4 or n3 < 40000:
            fields.append("D4 %d" % elven.perft(pos, 4))
        line = " ; ".join(fields) + " ; # " + comment
        print(line, "(%.1fs)" % (time.time() - t0), file=sys.stderr)
        out.append(line)
    open(__file__.rsplit("/", 1)[0] + "/../../tests/data/elven/positions.txt", "w").write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
