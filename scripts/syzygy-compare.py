#!/usr/bin/env python3
"""Checks Roque's Syzygy prober against python-chess's (chess.syzygy).

For every table in the directory, random legal positions of its material
(either side to move, either colouring, en passant where the position allows
one) are probed by both; every WDL and DTZ must agree.

    cargo build --release
    scripts/syzygy-compare.py [--tables ../shared/data/syzygy] [--per-table 200] [--seed 1]
    scripts/syzygy-compare.py --write-epd tests/data/syzygy-probes.epd --tables tests/data/syzygy --per-table 40

With --write-epd the positions and python-chess's values are written as
`<fen> ;wdl <w> ;dtz <d>` lines (the test data of tests/tablebase.rs).
"""
import argparse
import os
import random
import subprocess
import sys

import chess
import chess.syzygy

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def random_position(rng, white, black):
    """A random legal position with these pieces (letters), or None. With
    pawns on both sides, half the positions follow a double pawn push that
    the other side can take en passant."""
    board = chess.Board(None)
    squares = list(range(64))
    rng.shuffle(squares)
    turn = rng.choice([chess.WHITE, chess.BLACK])
    letters = {chess.WHITE: list(white), chess.BLACK: list(black)}
    en_passant = None
    if "P" in white and "P" in black and rng.random() < 0.5:
        mover = not turn
        file = rng.randrange(8)
        side_file = file + rng.choice([-1, 1])
        if 0 <= side_file < 8:
            rank = 3 if mover == chess.WHITE else 4
            pushed = chess.square(file, rank)
            taker = chess.square(side_file, rank)
            board.set_piece_at(pushed, chess.Piece(chess.PAWN, mover))
            board.set_piece_at(taker, chess.Piece(chess.PAWN, not mover))
            letters[mover].remove("P")
            letters[not mover].remove("P")
            en_passant = chess.square(file, 2 if mover == chess.WHITE else 5)
            blocked = {en_passant, chess.square(file, 1 if mover == chess.WHITE else 6), pushed, taker}
            squares = [sq for sq in squares if sq not in blocked]
    for color in (chess.WHITE, chess.BLACK):
        for letter in letters[color]:
            piece = PIECES[letter]
            while squares:
                square = squares.pop()
                if piece == chess.PAWN and chess.square_rank(square) in (0, 7):
                    continue
                board.set_piece_at(square, chess.Piece(piece, color))
                break
    board.turn = turn
    board.ep_square = en_passant
    if not board.is_valid():
        return None
    if en_passant is not None and not board.has_legal_en_passant():
        return None
    return board


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="../shared/data/syzygy")
    parser.add_argument("--engine", default="target/release/roque")
    parser.add_argument("--per-table", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write-epd")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    names = sorted(f[:-5] for f in os.listdir(args.tables) if f.endswith(".rtbw"))
    tablebase = chess.syzygy.open_tablebase(args.tables)
    positions = []
    for name in names:
        white, black = name.split("v")
        made = 0
        while made < args.per_table:
            board = random_position(rng, white, black) if rng.random() < 0.5 else random_position(rng, black, white)
            if board is None:
                continue
            try:
                wdl = tablebase.probe_wdl(board)
                dtz = tablebase.probe_dtz(board)
            except chess.syzygy.MissingTableError:
                continue
            positions.append((board.fen(), wdl, dtz))
            made += 1

    fens = "".join(f"{fen}\n" for fen, _, _ in positions)
    answer = subprocess.run([args.engine, "probe", args.tables], input=fens, capture_output=True, text=True, check=True)
    sys.stderr.write(answer.stderr)
    lines = answer.stdout.splitlines()
    if len(lines) != len(positions):
        sys.exit(f"{len(lines)} answers for {len(positions)} positions")
    wrong = 0
    for (fen, wdl, dtz), line in zip(positions, lines):
        expected = f"{wdl} {dtz}"
        if line.strip() != expected:
            wrong += 1
            if wrong <= 20:
                print(f"{fen}: python-chess {expected}, roque {line}")
    en_passant = sum(1 for fen, _, _ in positions if fen.split()[3] != "-")
    print(f"{len(positions)} positions of {len(names)} tables ({en_passant} with en passant): "
          f"{len(positions) - wrong} agree, {wrong} differ")
    if args.write_epd:
        with open(args.write_epd, "w") as out:
            for fen, wdl, dtz in positions:
                out.write(f"{fen} ;wdl {wdl} ;dtz {dtz}\n")
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
