#!/usr/bin/env python3
"""The tablebase conversion test: won 3-4 piece endings must be won, drawn
ones held, against a perfect opponent (Stockfish 15.1 with the same tables).

Positions are drawn at random (fixed seed) from the materials of the tables
in --tables, legal, with python-chess's WDL: --won positions the side to move
wins within the fifty-move rule, --drawn positions that are draws. In a won
position the tested engine plays the winning side; in a drawn one it plays
the weaker side (less material) against Stockfish trying to win. Each
position is played twice: with Roque in the tested seat, then with Stockfish
in it, side by side. A game ends by the rules (mate, stalemate, insufficient
material, fifty moves, threefold repetition), or after --max-plies.

    cargo build --release
    scripts/tb-conversion.py --won 50 --drawn 50 --movetime 100 --seed 1

Prints one line per game and the summary table: converted and held, and the
plies the wins took.
"""
import argparse
import os
import random
import statistics

import chess
import chess.engine
import chess.syzygy

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}
VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def random_position(rng, white, black):
    board = chess.Board(None)
    squares = list(range(64))
    rng.shuffle(squares)
    for color, letters in ((chess.WHITE, white), (chess.BLACK, black)):
        for letter in letters:
            while True:
                square = squares.pop()
                if letter == "P" and chess.square_rank(square) in (0, 7):
                    continue
                board.set_piece_at(square, chess.Piece(PIECES[letter], color))
                break
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    # Two pieces giving check at once are skipped: python-chess accepts some
    # double checks no move could give (two knights), which the engines
    # refuse as impossible.
    if len(board.checkers()) > 1:
        return None
    return board if board.is_valid() and not board.is_game_over() else None


def material(board, color):
    return sum(VALUES[p.piece_type] for p in board.piece_map().values() if p.color == color)


def draw_positions(rng, tablebase, names, won, drawn):
    """`won` positions won for the side to move, `drawn` drawn ones with a
    weaker side, each from a table drawn at random."""
    wins, draws = [], []
    while len(wins) < won or len(draws) < drawn:
        white, black = rng.choice(names).split("v")
        board = random_position(rng, white, black)
        if board is None:
            continue
        wdl = tablebase.probe_wdl(board)
        if wdl == 2 and len(wins) < won:
            wins.append((board.fen(), board.turn))
        elif wdl == 0 and len(draws) < drawn and material(board, chess.WHITE) != material(board, chess.BLACK):
            weaker = chess.WHITE if material(board, chess.WHITE) < material(board, chess.BLACK) else chess.BLACK
            draws.append((board.fen(), weaker))
    return wins, draws


def ending(board, defender):
    """How the game has ended, if it has: by the rules alone, or by a draw
    the defender (the side content with one) claims: the third occurrence or
    the fiftieth move, made by the other side's move, or on its own move one
    it is about to make. The winning side never claims."""
    outcome = board.outcome()
    if outcome is not None:
        return outcome
    if board.is_repetition(3) or (board.turn == defender and board.can_claim_threefold_repetition()):
        return chess.Outcome(chess.Termination.THREEFOLD_REPETITION, None)
    if board.is_fifty_moves() or (board.turn == defender and board.can_claim_fifty_moves()):
        return chess.Outcome(chess.Termination.FIFTY_MOVES, None)
    return None


def play(fen, tested_color, defender, tested, opponent, limit, max_plies):
    """Plays the game out; returns (result for the tested side: 1, 0.5, 0;
    plies played; how it ended)."""
    board = chess.Board(fen)
    while board.ply() < max_plies:
        if ending(board, defender) is not None:
            break
        engine = tested if board.turn == tested_color else opponent
        board.push(engine.play(board, limit, game=fen).move)
    plies = len(board.move_stack)
    outcome = ending(board, defender)
    if outcome is None:
        return 0.5, plies, "move limit"
    how = outcome.termination.name.lower()
    if outcome.winner is None:
        return 0.5, plies, how
    return (1.0 if outcome.winner == tested_color else 0.0), plies, how


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", default="../shared/data/syzygy")
    parser.add_argument("--roque", default="target/release/roque")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--won", type=int, default=50)
    parser.add_argument("--drawn", type=int, default=50)
    parser.add_argument("--movetime", type=int, help="milliseconds a move")
    parser.add_argument("--nodes", type=int, help="nodes a move (instead of --movetime)")
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    limit = chess.engine.Limit(nodes=args.nodes) if args.nodes else chess.engine.Limit(time=(args.movetime or 100) / 1000)

    rng = random.Random(args.seed)
    tables = os.path.abspath(args.tables)
    names = sorted(f[:-5] for f in os.listdir(tables) if f.endswith(".rtbw"))
    with chess.syzygy.open_tablebase(tables) as tablebase:
        wins, draws = draw_positions(rng, tablebase, names, args.won, args.drawn)

    def start(command):
        engine = chess.engine.SimpleEngine.popen_uci(command)
        engine.configure({"SyzygyPath": tables, "Threads": 1, "Hash": 16})
        return engine

    engines = {"Roque": start(args.roque), "Stockfish": start(args.stockfish)}
    opponent = start(args.stockfish)
    summary = {}
    try:
        for name, tested in engines.items():
            converted, held, plies = 0, 0, []
            for kind, positions in (("won", wins), ("drawn", draws)):
                for index, (fen, color) in enumerate(positions):
                    # The side content with a draw: the loser of a won
                    # position, the tested side of a drawn one.
                    content = (not color) if kind == "won" else color
                    score, length, end = play(fen, color, content, tested, opponent, limit, args.max_plies)
                    if kind == "won" and score == 1:
                        converted += 1
                        plies.append(length)
                    if kind == "drawn" and score >= 0.5:
                        held += 1
                    print(f"{name:9} {kind:5} {index + 1:3} {fen:40} {score:3} {length:3} plies {end}", flush=True)
            summary[name] = (converted, held, plies)
    finally:
        for engine in list(engines.values()) + [opponent]:
            engine.quit()

    print(f"\n{len(wins)} won and {len(draws)} drawn positions (seed {args.seed}), "
          f"{'%d nodes' % args.nodes if args.nodes else '%d ms' % (args.movetime or 100)} a move")
    print("| engine | won positions converted | drawn positions held | plies to win (median, max) |")
    print("| --- | ---: | ---: | ---: |")
    for name, (converted, held, plies) in summary.items():
        spread = f"{statistics.median(plies):.0f}, {max(plies)}" if plies else "-"
        print(f"| {name} | {converted} / {len(wins)} | {held} / {len(draws)} | {spread} |")


if __name__ == "__main__":
    main()
