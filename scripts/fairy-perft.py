#!/usr/bin/env python3
"""Perft of a variant that Roque and Fairy-Stockfish both play under the
same name (`placement`, `losers`), on positions from random games.

The random games are played by Fairy-Stockfish alone: each move is drawn from
its own `go perft 1` list, and the FEN is its own `d` output, so the positions
do not come from Roque. Each position is then counted to --depth by both
engines over UCI (`go perft`); on a difference the first move whose counts
differ is shown.

    scripts/fairy-perft.py --variant placement [--positions 40] [--depth 3] [--seed 1] [--write FILE]

--write saves the agreed counts as an EPD file (`FEN ;D<depth> <count>`), the
form tests/variants_fairy.rs reads. Fairy-Stockfish is /usr/games/fairy-stockfish
(Debian's `fairy-stockfish`, 11.1), or --fairy PATH.
"""

import argparse
import importlib.util
import os
import random
import sys

_spec = importlib.util.spec_from_file_location(
    "variant_selfplay", os.path.join(os.path.dirname(os.path.abspath(__file__)), "variant-selfplay.py"))
selfplay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(selfplay)


class Engine(selfplay.Uci):
    """variant-selfplay.py's UCI client (started, the variant set, ready),
    with perft and the FEN."""

    def __init__(self, command, variant):
        super().__init__([command], variant, command)

    def divide(self, fen, depth):
        """The count below each move, and the total."""
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        moves = {}
        for line in lines:
            move, sep, count = line.partition(": ")
            if sep and count.strip().isdigit() and not move.startswith("Nodes"):
                moves[move.strip()] = int(count)
        return moves, int(lines[-1].split(":")[1])

    def fen(self, start=None, moves=()):
        """The FEN after `moves` from the FEN `start`, or from the start."""
        origin = f"position fen {start}" if start else "position startpos"
        self.send(origin + (" moves " + " ".join(moves) if moves else ""))
        self.send("d")
        return next(line for line in self.until(lambda l: l.startswith("Fen:")) if line.startswith("Fen:"))[5:].strip()

    def close(self):
        self.send("quit")
        self.p.wait()


def random_positions(fairy, count, seed, plies):
    """`count` positions after 0 to `plies` random moves from the start,
    each with a move left to play."""
    rng = random.Random(seed)
    start = fairy.fen()
    found = []
    while len(found) < count:
        moves = []
        for _ in range(rng.randrange(0, plies + 1)):
            legal, _ = fairy.divide(fairy.fen(start, moves), 1)
            if not legal:
                break
            moves.append(rng.choice(sorted(legal)))
        fen = fairy.fen(start, moves)
        if fen not in found and fairy.divide(fen, 1)[0]:
            found.append(fen)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True, help="a UCI_Variant both engines list (placement, losers)")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--plies", type=int, default=60, help="the longest random game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", help="write the agreed counts as an EPD file")
    ap.add_argument("--engine", default="target/release/roque", help="the Roque binary")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    args = ap.parse_args()

    fairy = Engine(args.fairy, args.variant)
    roque = Engine(args.engine, args.variant)
    positions = random_positions(fairy, args.positions, args.seed, args.plies)
    agreed, differ = [], 0
    for i, fen in enumerate(positions, 1):
        f_moves, f_total = fairy.divide(fen, args.depth)
        r_moves, r_total = roque.divide(fen, args.depth)
        same = f_total == r_total and f_moves == r_moves
        print(f"{i:3} {'ok  ' if same else 'DIFF'} roque {r_total:10} fairy {f_total:10}  {fen}", flush=True)
        if same:
            agreed.append((fen, r_total))
            continue
        differ += 1
        for move in sorted(set(f_moves) | set(r_moves)):
            if f_moves.get(move) != r_moves.get(move):
                print(f"       {move}: roque {r_moves.get(move)} fairy {f_moves.get(move)}")
    fairy.close()
    roque.close()
    print(f"\n{args.variant}: {len(agreed)} of {len(positions)} positions agree at depth {args.depth}, {differ} differ")
    if args.write:
        with open(args.write, "w") as out:
            out.write(f"# {args.variant} perft, depth {args.depth}: counts on which Roque and Fairy-Stockfish 11.1 "
                      f"(UCI_Variant {args.variant}) agree,\n# on positions of random games played by Fairy-Stockfish. "
                      f"Made by scripts/fairy-perft.py --variant {args.variant} --positions {args.positions} "
                      f"--depth {args.depth} --seed {args.seed}\n")
            for fen, count in agreed:
                out.write(f"{fen} ;D{args.depth} {count}\n")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
