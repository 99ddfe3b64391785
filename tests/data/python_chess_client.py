"""Drives Roque through python-chess (chess.engine.SimpleEngine), as
lichess-bot and scripts do: analyse, play, MultiPV, mate scores, ponder,
searchmoves and Chess960. Exits non-zero on the first failed check."""

import sys

import chess
import chess.engine

Limit = chess.engine.Limit


def main(path):
    with chess.engine.SimpleEngine.popen_uci(path, timeout=30) as engine:
        assert engine.id["name"].startswith("Roque"), engine.id
        for name in ["Hash", "Threads", "Clear Hash", "MultiPV", "Ponder", "Move Overhead", "UCI_Chess960", "UCI_ShowWDL"]:
            assert name in engine.options, (name, list(engine.options))
        engine.configure({"Hash": 8, "Threads": 1, "Move Overhead": 20, "UCI_ShowWDL": True})

        board = chess.Board()
        info = engine.analyse(board, Limit(depth=5))
        assert info["depth"] == 5, info
        assert board.is_legal(info["pv"][0]), info
        assert info["score"].relative.score() is not None, info
        assert "wdl" in info, info

        lines = engine.analyse(board, Limit(depth=4), multipv=3)
        assert len(lines) == 3, lines
        assert len({line["pv"][0] for line in lines}) == 3, lines

        info = engine.analyse(board, Limit(depth=4), root_moves=[chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h3")])
        assert info["pv"][0].uci() in ("a2a3", "h2h3"), info

        mate = chess.Board("k7/8/2K5/8/8/8/8/7R w - - 0 1")
        info = engine.analyse(mate, Limit(depth=8))
        assert info["score"].white().mate() == 2, info

        # A short game against itself, on a clock.
        board = chess.Board()
        clock = 2.0
        while not board.is_game_over() and board.ply() < 30:
            result = engine.play(board, Limit(white_clock=clock, black_clock=clock, white_inc=0.01, black_inc=0.01))
            assert board.is_legal(result.move), (board.fen(), result.move)
            board.push(result.move)

        # Pondering: python-chess sends go ponder after the move, then stop.
        board = chess.Board()
        result = engine.play(board, Limit(time=0.05), ponder=True)
        assert board.is_legal(result.move), result
        result = engine.play(board, Limit(time=0.05))
        assert board.is_legal(result.move), result

        # No legal move.
        mated = chess.Board("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        result = engine.play(mated, Limit(depth=3))
        assert result.move is None, result

        # Chess960: python-chess turns UCI_Chess960 on and reads king-takes-rook castling.
        board = chess.Board("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1", chess960=True)
        for castle in ["b1e1", "b1a1"]:
            move = chess.Move.from_uci(castle)
            assert board.is_castling(move), castle
            result = engine.play(board, Limit(depth=3), root_moves=[move])
            assert result.move == move, (castle, result)
    print("python-chess client check passed")


if __name__ == "__main__":
    main(sys.argv[1])
