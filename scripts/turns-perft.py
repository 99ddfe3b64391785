#!/usr/bin/env python3
"""Perft of the variants with other turn orders (Marseillais, progressive,
two opposed camps, turning chess), counted twice: by Roque over UCI (`go
perft`) and by a second implementation written apart here on python-chess's
boards (its move generator; the turn order on top of it). Positions come from
random games of the reference; each line prints both counts.

    cargo build --release
    scripts/turns-perft.py --variant marseillais --positions 30 --depth 3 --seed 1
    scripts/turns-perft.py --all --positions 30 --depth 3 --seed 1 --epd tests/data/turns-perft.epd

With --epd the positions (as Roque's FEN, read back from `d`) and counts are
appended to that file, the format of tests/data/turns-perft.epd:
`<variant>;<fen>;<depth>;<nodes>`.
"""
import argparse
import random
import subprocess
import sys

import chess

ORDERS = {"marseillais": "double", "progressive": "growing", "camps": "camps", "turning": "swapping"}


class Game:
    """A position of one of these variants: a python-chess board, the place
    in the turn, the player who owns the move and the swap clock."""

    def __init__(self, variant, period=5, balanced=False):
        self.variant = variant
        self.order = ORDERS[variant]
        self.board = chess.Board()
        self.index = 0
        # Marseillais: the rules book's first turn has two moves, the
        # balanced rule's one.
        self.length = 2 if self.order == "double" and not balanced else 1
        self.player = 1
        self.period = period
        self.left = 2 * period

    def copy(self):
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.board = self.board.copy(stack=False)
        return other

    def actions(self):
        moves = list(self.board.legal_moves)
        if not moves and self.index > 0 and self.order in ("double", "growing"):
            return [chess.Move.null()]
        return moves

    def end_turn(self):
        self.index = 0
        self.player = 3 - self.player
        if self.order == "growing":
            self.length = min(self.length + 1, 255)
        elif self.order in ("double", "camps"):
            self.length = 2

    def play(self, move):
        if move == chess.Move.null():
            self.board.push(move)
            self.end_turn()
            return
        mover = self.board.turn
        self.board.push(move)
        gave_check = self.board.is_check()
        if self.order in ("double", "growing"):
            if self.index + 1 < self.length and not gave_check:
                self.index += 1
                self.board.turn = mover
                self.board.ep_square = None
            else:
                self.end_turn()
        elif self.order == "camps":
            if self.index + 1 < self.length:
                self.index += 1
            else:
                self.end_turn()
        else:
            self.left -= 1
            if self.left == 0:
                self.left = 2 * self.period
            else:
                self.player = 3 - self.player

    def perft(self, depth):
        actions = self.actions()
        if depth == 1:
            return len(actions)
        total = 0
        for move in actions:
            child = self.copy()
            child.play(move)
            total += child.perft(depth - 1)
        return total


class Roque:
    def __init__(self, path, variant, period, balanced=False):
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send(f"setoption name Turning Moves value {period}")
        self.send(f"setoption name Marseillais Balanced value {'true' if balanced else 'false'}")

    def send(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, prefix):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("roque exited")
            lines.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return lines

    def perft(self, moves, depth, start=None):
        """Perft after `moves` from the start position, or from the FEN
        `start`."""
        origin = f"position fen {start}" if start else "position startpos"
        self.send(origin + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go perft {depth}")
        line = self.until("Nodes searched")[-1]
        return int(line.split(":")[1])

    def fen(self):
        self.send("d")
        return next(line for line in self.until("Fen:") if line.startswith("Fen:"))[5:]

    def close(self):
        self.send("quit")
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", choices=sorted(ORDERS))
    parser.add_argument("--all", action="store_true", help="every variant in turn")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--max-plies", type=int, default=40, help="random game length, at most")
    parser.add_argument("--period", type=int, default=2, help="turning chess: moves each between swaps")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--balanced", action="store_true", help="Marseillais: White's first turn has one move")
    parser.add_argument("--engine", default="target/release/roque")
    parser.add_argument("--epd", help="append the positions and counts to this file")
    args = parser.parse_args()
    variants = sorted(ORDERS) if args.all else [args.variant]
    if variants == [None]:
        parser.error("--variant or --all")
    rng = random.Random(args.seed)
    failures = 0
    out = open(args.epd, "a") if args.epd else None
    for variant in variants:
        roque = Roque(args.engine, variant, args.period, args.balanced)
        for n in range(args.positions):
            game = Game(variant, args.period, args.balanced)
            moves = []
            for _ in range(rng.randrange(0, args.max_plies + 1)):
                actions = game.actions()
                if not actions:
                    break
                move = rng.choice(actions)
                moves.append(move.uci())
                game.play(move)
            expected = game.perft(args.depth)
            got = roque.perft(moves, args.depth)
            fen = roque.fen()
            status = "ok" if got == expected else "DIFFERENT"
            failures += got != expected
            print(f"{variant} {n}: {fen} depth {args.depth}: roque {got}, reference {expected} {status}", flush=True)
            if out and got == expected:
                out.write(f"{variant};{fen};{args.depth};{expected}\n")
        roque.close()
    print(f"{failures} differences")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
