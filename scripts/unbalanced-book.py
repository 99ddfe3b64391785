#!/usr/bin/env python3
"""An opening book of unbalanced material for `roque datagen --book`.

Each line of the input book (FEN or EPD) becomes one position with men
taken off the board by one of the patterns below, a side drawn for each
(the first side loses the first list, the other the second): a piece or
pawns given as odds, or trades of unlike material (the exchange, a queen
against a rook and a minor or two rooks, two minors against a rook, a minor
against three pawns). Castling rights go with a rook taken, and a position
that is not legal (the side not to move in check, say) is skipped. The
networks trained on self-play from the usual openings see few such
positions (issue 31); datagen drops an opening whose first search scores
beyond 400 cp, so the odds that are too large never reach the data.

    scripts/unbalanced-book.py ../shared/data/openings.epd unbalanced.epd --seed 1

One seed gives one book (Python's `random.Random`, seeded).
"""

import argparse
import random
import sys

import chess

# (what the first side loses, what the other side loses)
PATTERNS = [
    ("m", ""),  # a minor piece as odds
    ("p", ""),  # a pawn
    ("pp", ""),  # two pawns
    ("r", "m"),  # the exchange
    ("q", "rm"),  # a queen against a rook and a minor
    ("q", "rr"),  # a queen against two rooks
    ("mm", "r"),  # two minors against a rook
    ("m", "ppp"),  # a minor against three pawns
    ("q", "mmm"),  # a queen against three minors
]

KINDS = {"p": [chess.PAWN], "m": [chess.KNIGHT, chess.BISHOP], "r": [chess.ROOK], "q": [chess.QUEEN]}


def take(board, color, letters, rng):
    """Takes men of `color` off the board, one for each letter; False where
    the side has too few."""
    for letter in letters:
        squares = [s for kind in KINDS[letter] for s in board.pieces(kind, color)]
        if not squares:
            return False
        board.remove_piece_at(rng.choice(sorted(squares)))
    return True


def unbalance(fen, rng):
    board = chess.Board(" ".join(fen.split()[:4]) + " 0 1")
    first, second = rng.choice(PATTERNS)
    color = rng.choice([chess.WHITE, chess.BLACK])
    if not (take(board, color, first, rng) and take(board, not color, second, rng)):
        return None
    board.castling_rights = board.clean_castling_rights()
    board.ep_square = None
    if not board.is_valid() or board.is_game_over():
        return None
    return board.fen()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("book")
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kept = skipped = 0
    with open(args.book) as book, open(args.out, "w") as out:
        for line in book:
            if not line.strip():
                continue
            fen = unbalance(line.strip(), rng)
            if fen is None:
                skipped += 1
                continue
            out.write(fen + "\n")
            kept += 1
    print(f"{kept} positions written, {skipped} skipped", file=sys.stderr)


if __name__ == "__main__":
    main()
