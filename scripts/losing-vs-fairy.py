#!/usr/bin/env python3
"""Losing chess: Roque's perft against Fairy-Stockfish's `losers` and a third,
python-chess count, on positions from random games.

Roque's losing chess and Fairy-Stockfish's `losers` share their move rules
(FIDE moves, a capture compulsory whenever one is legal, the king royal) but
not their ends: in `losers` a side reduced to its bare king has won, so
Fairy-Stockfish generates no move there, and a stalemated side wins; in Roque
the game goes on with a bare king, and stalemate is a draw (a position
without moves either way). The positions compared are therefore those where
each side keeps more men besides its king than the depth can take away.

The random games are played by python-chess (legal moves, then only the
captures when there is one), so the positions do not come from Roque.

    scripts/losing-vs-fairy.py [--positions 60] [--depth 3] [--seed 1] [--write tests/data/losing-perft.epd]

It also shows positions where the two differ (a bare king within reach).

With --match N it plays N games instead, Roque (`losing`) against
Fairy-Stockfish (`losers`), both at --nodes a move, from random openings each
played with both colours, every move checked by python-chess. A game is
scored while the two rule sets coincide: a checkmate (the mated side wins),
threefold repetition or the fifty-move rule. It stops, unscored, where they
part: a bare king (a win for its side in `losers`, play goes on in Roque's
rules), a stalemate (a win for the stalemated side in `losers`, a draw in
Roque's), or too little material to mate (a draw in Roque's rules only).

    scripts/losing-vs-fairy.py --match 100 --nodes 10000
"""

import argparse
import random
import subprocess
import sys

import chess

ROQUE = ["target/release/roque"]  # --engine replaces it
FAIRY = "/usr/games/fairy-stockfish"


def losing_moves(board):
    moves = list(board.legal_moves)
    captures = [m for m in moves if board.is_capture(m)]
    return captures or moves


def python_perft(board, depth):
    if depth == 0:
        return 1
    moves = losing_moves(board)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def roque_perft(fen, depth):
    out = subprocess.run([ROQUE[0], "perft", str(depth), "--variant", "losing", *fen.split()],
                         capture_output=True, text=True, check=True).stdout
    return int(out.strip().splitlines()[-1].split(":")[1])


class Fairy:
    def __init__(self):
        self.p = subprocess.Popen([FAIRY], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send("setoption name UCI_Variant value losers")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("fairy-stockfish ended")
            if line.startswith(prefix):
                return line.strip()

    def perft(self, fen, depth):
        self.send(f"position fen {fen}")
        self.send(f"go perft {depth}")
        return int(self.wait("Nodes searched").split(":")[1])

    def close(self):
        self.send("quit")
        self.p.wait()


def men_besides_king(board, color):
    return bin(board.occupied_co[color] & ~board.kings).count("1")


def random_positions(count, depth, seed, wanted):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = chess.Board()
        for _ in range(rng.randrange(6, 70)):
            moves = losing_moves(board)
            if not moves:
                break
            board.push(rng.choice(moves))
        if board.is_game_over():
            continue
        spare = min(men_besides_king(board, chess.WHITE), men_besides_king(board, chess.BLACK))
        if wanted(spare, depth):
            found.append(board.fen())
    return found


class Player:
    def __init__(self, command, variant):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit("an engine ended")
            if line.startswith(prefix):
                return line.strip()

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait("readyok")

    def move(self, moves, nodes):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go nodes {nodes}")
        return self.wait("bestmove").split()[1]

    def close(self):
        self.send("quit")
        self.p.wait()


def bare(board):
    """The sides reduced to their bare king."""
    return [color for color in (chess.WHITE, chess.BLACK) if men_besides_king(board, color) == 0]


def match(games, nodes, seed):
    """Roque against Fairy-Stockfish; returns (Roque's wins, losses, draws,
    parted games by kind)."""
    roque = Player(ROQUE, "losing")
    fairy = Player([FAIRY], "losers")
    rng = random.Random(seed)
    wins = losses = draws = 0
    parted = {}
    played = 0
    while played < games:
        opening = []
        board = chess.Board()
        for _ in range(4):
            board.push(rng.choice(losing_moves(board)))
        opening = [m.uci() for m in board.move_stack]
        for roque_white in (True, False):
            board = chess.Board()
            moves = list(opening)
            for m in moves:
                board.push_uci(m)
            roque.new_game()
            fairy.new_game()
            outcome = None
            while outcome is None:
                legal = losing_moves(board)
                if not legal:
                    if board.is_check():
                        winner = board.turn  # the mated side wins
                        outcome = "roque" if (winner == chess.WHITE) == roque_white else "fairy"
                    else:
                        outcome = "parted: stalemate"
                elif bare(board):
                    # Whose king is bare: in `losers` that side has won.
                    sides = {"Roque" if (color == chess.WHITE) == roque_white else "Fairy-Stockfish"
                             for color in bare(board)}
                    outcome = f"parted: bare king ({' and '.join(sorted(sides))})"
                elif board.is_insufficient_material():
                    outcome = "parted: too little material"
                elif board.can_claim_threefold_repetition() or board.halfmove_clock >= 100:
                    outcome = "draw"
                if outcome is not None:
                    break
                engine = roque if (board.turn == chess.WHITE) == roque_white else fairy
                move = chess.Move.from_uci(engine.move(moves, nodes))
                if move not in legal:
                    sys.exit(f"illegal move {move} by {'roque' if engine is roque else 'fairy'} in {board.fen()}")
                board.push(move)
                moves.append(move.uci())
            played += 1
            if outcome == "roque":
                wins += 1
            elif outcome == "fairy":
                losses += 1
            elif outcome == "draw":
                draws += 1
            else:
                parted[outcome] = parted.get(outcome, 0) + 1
            print(f"game {played}: Roque {'white' if roque_white else 'black'}: {outcome}, {len(moves)} plies",
                  flush=True)
    roque.close()
    fairy.close()
    return wins, losses, draws, parted


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--depth", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", help="write the agreed counts as an EPD file (FEN ;D<depth> <count>)")
    ap.add_argument("--match", type=int, help="play this many games against Fairy-Stockfish instead")
    ap.add_argument("--nodes", type=int, default=10000, help="nodes a move in --match")
    ap.add_argument("--engine", default=ROQUE[0], help="the Roque binary")
    args = ap.parse_args()
    ROQUE[0] = args.engine

    if args.match:
        wins, losses, draws, parted = match(args.match, args.nodes, args.seed)
        scored = wins + losses + draws
        print(f"\nRoque against Fairy-Stockfish losers, {args.nodes} nodes a move: {scored} games scored, "
              f"Roque +{wins} -{losses} ={draws}; stopped where the rules part: "
              + (", ".join(f"{k[len('parted: '):]} {v}" for k, v in sorted(parted.items())) or "none"))
        return 0

    fairy = Fairy()
    agreed = []
    disagreements = 0
    positions = random_positions(args.positions, args.depth, args.seed, lambda spare, d: spare > d)
    for i, fen in enumerate(positions, 1):
        r = roque_perft(fen, args.depth)
        f = fairy.perft(fen, args.depth)
        p = python_perft(chess.Board(fen), args.depth)
        same = r == f == p
        disagreements += not same
        print(f"{i:3} {'ok ' if same else 'DIFF'} roque {r:9} fairy {f:9} python {p:9}  {fen}", flush=True)
        if same:
            agreed.append((fen, r))
    print(f"\n{len(agreed)} of {len(positions)} positions agree at depth {args.depth} "
          f"(Roque, Fairy-Stockfish losers, python-chess); {disagreements} differ")

    print("\nWhere the rules differ (a side can be reduced to its bare king within the depth):")
    shown = 0
    for fen in random_positions(400, args.depth, args.seed + 1, lambda spare, d: spare <= 1):
        r = roque_perft(fen, args.depth)
        f = fairy.perft(fen, args.depth)
        p = python_perft(chess.Board(fen), args.depth)
        if r != f:
            print(f"  roque {r:7} fairy {f:7} python {p:7}  {fen}")
            shown += 1
            if shown == 5:
                break
    fairy.close()

    if args.write:
        with open(args.write, "w") as out:
            out.write(f"# Losing chess perft, depth {args.depth}: counts on which Roque, Fairy-Stockfish 11.1\n")
            out.write(f"# (UCI_Variant losers) and python-chess agree; made by scripts/losing-vs-fairy.py "
                      f"--seed {args.seed}\n")
            for fen, count in agreed:
                out.write(f"{fen} ;D{args.depth} {count}\n")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
