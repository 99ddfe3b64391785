#!/usr/bin/env python3
"""Perft of mined chess with every mine known (analysis), counted twice: by
Roque over UCI (`go perft`) and by a second implementation written apart
here on python-chess's boards (its legal moves, the mines on top of them).
Positions come from random games of the reference, each from the standard
array with four random mines on any squares (under men too, as the rules
book allows); each line prints both counts.

    cargo build --release
    scripts/mined-perft.py --positions 30 --depth 3 --seed 1
    scripts/mined-perft.py --positions 24 --depth 3 --seed 5 --epd tests/data/mined-perft.epd

The rules as implemented by the reference: a move is legal as in chess; a
man landing on a mine of the other colour (castling: the king or the rook)
leaves the board and the mine is spent; a castling king explodes on a mine
of the square it passes over too (the book: "Le Roi qui passe sur une case
minée saute"), before its rook lands there; that mine's owner then lays it anew
on any square without a mine of its own (`M@e4`) and moves. A man that
stands on a mine, or leaves one, is not harmed. The game is
over when a king has exploded, or when an explosion left the mover's king
attacked. With --epd the positions (as Roque's FEN, read back from `d`) and
counts are appended, `mined;<fen>;<depth>;<nodes>`.
"""
import argparse
import importlib.util
import os
import random
import sys

import chess

_spec = importlib.util.spec_from_file_location(
    "turns_perft", os.path.join(os.path.dirname(os.path.abspath(__file__)), "turns-perft.py"))
turns = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(turns)


class Game:
    """A mined chess position: a python-chess board and each colour's mines
    (index 0 White's, 1 Black's)."""

    def __init__(self, board, mines):
        self.board = board
        self.mines = mines

    def copy(self):
        return Game(self.board.copy(stack=False), [set(self.mines[0]), set(self.mines[1])])

    def over(self):
        mover = not self.board.turn
        king = self.board.king(mover)
        return (king is None or self.board.king(self.board.turn) is None
                or self.board.is_attacked_by(self.board.turn, king))

    def actions(self):
        if self.over():
            return []
        own = self.mines[0 if self.board.turn == chess.WHITE else 1]
        if len(own) < 2:
            return ["M@" + chess.square_name(s) for s in chess.SQUARES if s not in own]
        return [m.uci() for m in self.board.legal_moves]

    def play(self, action):
        us = self.board.turn
        if action.startswith("M@"):
            self.mines[0 if us == chess.WHITE else 1].add(chess.parse_square(action[2:]))
            return
        move = chess.Move.from_uci(action)
        passed = set()
        if self.board.is_castling(move):
            rank = 0 if us == chess.WHITE else 7
            kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
            king_to = chess.square(6 if kingside else 2, rank)
            landed = {king_to, chess.square(5 if kingside else 3, rank)}
            passed = set(chess.SquareSet(chess.between(move.from_square, king_to)))
        else:
            landed = {move.to_square}
        self.board.push(move)
        theirs = self.mines[1 if us == chess.WHITE else 0]
        # The king moves first: the first mine of its path takes it, and it
        # never reaches its square; the rook lands after that mine is spent.
        under_path = passed & theirs
        if under_path:
            first = min(under_path) if kingside else max(under_path)
            self.board.remove_piece_at(king_to)
            theirs.discard(first)
            landed -= {king_to, first}
        blasts = landed & theirs
        for square in blasts:
            self.board.remove_piece_at(square)
            theirs.discard(square)
        if blasts or under_path:
            self.board.ep_square = None

    def perft(self, depth):
        if depth == 0:
            return 1
        total = 0
        for action in self.actions():
            child = self.copy()
            child.play(action)
            total += child.perft(depth - 1)
        return total


def random_mines(rng):
    white = rng.sample(chess.SQUARES, 2)
    black = rng.sample(chess.SQUARES, 2)
    return [set(white), set(black)]


def start_fen(mines):
    names = [",".join(sorted(chess.square_name(s) for s in side)) for side in mines]
    return f"{chess.STARTING_FEN} mines={names[0]}/{names[1]}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--max-plies", type=int, default=60, help="random game length, at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default="target/release/roque")
    parser.add_argument("--epd", help="append the positions and counts to this file")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    out = open(args.epd, "a") if args.epd else None
    roque = turns.Roque(args.engine, "mined", 5)
    kinds = {"laying": 0, "over": 0, "exploded before": 0}
    for n in range(args.positions):
        mines = random_mines(rng)
        start = start_fen(mines)
        game = Game(chess.Board(), [set(mines[0]), set(mines[1])])
        moves = []
        # Every third position stops right after an explosion, when the
        # random game has one: the owner's laying comes next.
        stop_at_blast = n % 3 == 0
        for _ in range(rng.randrange(0, args.max_plies + 1)):
            actions = game.actions()
            if not actions:
                break
            action = rng.choice(actions)
            before = len(game.mines[0]) + len(game.mines[1])
            moves.append(action)
            game.play(action)
            if stop_at_blast and len(game.mines[0]) + len(game.mines[1]) < before:
                break
        if any(m.startswith("M@") for m in moves):
            kinds["exploded before"] += 1
        if game.actions() and game.actions()[0].startswith("M@"):
            kinds["laying"] += 1
        if not game.actions():
            kinds["over"] += 1
        expected = game.perft(args.depth)
        got = roque.perft(moves, args.depth, start)
        fen = roque.fen()
        status = "ok" if got == expected else "DIFFERENT"
        failures += got != expected
        print(f"mined {n}: {fen} depth {args.depth}: roque {got}, reference {expected} {status}", flush=True)
        # A game lost by an exploded king has a FEN without that king, which
        # `position fen` refuses: counted and compared, but not written.
        kings = game.board.king(chess.WHITE) is not None and game.board.king(chess.BLACK) is not None
        if out and got == expected and kings:
            out.write(f"mined;{fen};{args.depth};{expected}\n")
    roque.close()
    print(f"{failures} differences; positions: {kinds}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
