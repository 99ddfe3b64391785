#!/usr/bin/env python3
"""A few fast games between two engines through the UCI loop, every move
checked by python-chess: `release-match.py <command...> <engine b>`, the
first engine's command being every argument but the last (for example
`wine roque.exe`). Exits non-zero on an illegal move, a crash or a hang.
scripts/release.sh uses it to play the Windows build under Wine."""

import sys

import chess
import chess.engine


def main():
    first, second = sys.argv[1:-1], sys.argv[-1]
    engines = [chess.engine.SimpleEngine.popen_uci(first), chess.engine.SimpleEngine.popen_uci(second)]
    try:
        for game in range(4):
            board = chess.Board()
            while not board.is_game_over(claim_draw=True) and board.ply() < 200:
                player = engines[(board.ply() + game) % 2]
                result = player.play(board, chess.engine.Limit(nodes=2000))
                if result.move not in board.legal_moves:
                    print("illegal move %s in %s" % (result.move, board.fen()))
                    return 1
                board.push(result.move)
            print("game %d: %s in %d plies" % (game + 1, board.result(claim_draw=True), board.ply()))
    finally:
        for engine in engines:
            engine.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
