#!/usr/bin/env python3
"""Complete games of a Roque variant through the UCI loop, every move checked.

Two engine processes play (`setoption name UCI_Variant`, then `position
startpos moves ...` and `go nodes N` for every move); a third process of the
same build is the referee: after every move it lists the legal moves
(`go perft 1`, the project's perft-tested generator) and says whether the
game is over (`d`, its `Result:` line). In losing chess python-chess checks
every move as well (its legal moves, then only the captures when there is
one), independently of Roque; in the variants with other turn orders
(Marseillais, progressive, camps, turning) the second implementation of
scripts/turns-perft.py does (python-chess's moves, its own turn order). A move that is not legal, a missing
`bestmove` or a crash ends the run with an error.

Each opening is a few random legal moves (seeded). With --nodes-b the two
players search different node counts, each opening is played twice with the
colours swapped, and the first player's score is given as Elo with its 95%
interval (pentanomial: the two games of an opening are one sample); without
it every game has an opening of its own.

    scripts/variant-selfplay.py --variant losers --games 50 --nodes 1000
    scripts/variant-selfplay.py --variant losers --games 200 --nodes 10000 --nodes-b 1000
    scripts/variant-selfplay.py --variant marseillais --games 100 --movetime 200 --threads 2 --threads-b 1

With --movetime both players think that many milliseconds a move instead of
searching a node count; with --tc BASE+INC (seconds) each player has a
clock of its own, as in a tournament: BASE for the game and INC more after
each of its moves (each move of a turn of several), told to the engine as
`wtime`/`btime` (the player's own time for the colour it moves now) and
`winc`/`binc`; a player whose clock runs out loses on time, and the run
reports every time loss as a fault; --threads and --threads-b set each player's search
threads (a different count makes two players, as --nodes-b does), and
--engine-b gives the second player another build (a change against its
base).
"""

import argparse
import math
import random
import subprocess
import sys
import time

try:
    import chess
except ImportError:
    chess = None

if chess:
    import importlib.util
    import os

    _spec = importlib.util.spec_from_file_location(
        "turns_perft", os.path.join(os.path.dirname(os.path.abspath(__file__)), "turns-perft.py"))
    turns = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(turns)
else:
    turns = None


class Uci:
    def __init__(self, command, variant, name, threads=1):
        self.name = name
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Hash value 16")
        self.send(f"setoption name Threads value {threads}")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} ended (exit code {self.p.poll()})")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith("info string error"):
                raise RuntimeError(f"{self.name}: {line}")
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.until(lambda l: l == "readyok")

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


class Referee(Uci):
    def set(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self):
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        return [l.split(":")[0] for l in lines if ": " in l and not l.startswith("Nodes")]

    def result(self):
        self.send("d")
        lines = self.until(lambda l: l.startswith("Checkers:"))
        line = next(l for l in lines if l.startswith("Result: "))
        return None if line == "Result: none" else line[len("Result: "):]


def python_chess_check(board, move):
    """Losing chess by python-chess: legal, and a capture when one is legal."""
    m = chess.Move.from_uci(move)
    legal = list(board.legal_moves)
    captures = [x for x in legal if board.is_capture(x)]
    allowed = captures or legal
    if m not in allowed:
        raise RuntimeError(f"python-chess: {move} is not legal in losing chess in {board.fen()}")
    board.push(m)


def turns_check(game, move):
    """Other turn orders, by the second implementation: legal, then played."""
    legal = [m.uci() for m in game.actions()]
    if move not in legal:
        raise RuntimeError(f"turns-perft.py: {move} is not legal in {game.variant} in {game.board.fen()}")
    game.play(chess.Move.from_uci(move))


class Clock:
    """Each player's time left, in seconds, with the increment of each move."""

    def __init__(self, tc):
        base, _, inc = tc.partition("+")
        self.base, self.inc = float(base), float(inc or 0)
        self.left = {}

    def limits(self, name, side, other):
        """The `go` limits of player `name`, moving colour `side` ('w' or 'b')."""
        mine, theirs = self.left.setdefault(name, self.base), self.left.setdefault(other, self.base)
        ms = lambda seconds: max(int(seconds * 1000), 1)
        own, opp = ("w", "b") if side == "w" else ("b", "w")
        inc = int(self.inc * 1000)
        return f"{own}time {ms(mine)} {opp}time {ms(theirs)} {own}inc {inc} {opp}inc {inc}"

    def spend(self, name, seconds):
        """Takes a move's time off the player's clock; False when it ran out."""
        self.left[name] -= seconds
        if self.left[name] < 0:
            return False
        self.left[name] += self.inc
        return True


def play_game(players, referee, opening, limits, variant, max_plies, verbose=False, clock=None):
    """players: [first, second] (the first player has White's first move);
    limits: each player's `go` limits by name; clock: a fresh Clock, which
    then replaces the limits; returns (result text, plies)."""
    moves = list(opening)
    board = chess.Board() if (variant in ("losing", "losers") and chess) else None
    if board is not None:
        for m in moves:
            python_chess_check(board, m)
    reference = turns.Game(variant) if (turns and variant in turns.ORDERS) else None
    if reference is not None:
        for m in moves:
            turns_check(reference, m)
    while True:
        referee.set(moves)
        result = referee.result()
        if result is not None:
            if verbose:
                print("  moves: " + " ".join(moves), flush=True)
            return result, len(moves)
        if len(moves) >= max_plies:
            return "1/2-1/2 (ply limit)", len(moves)
        # The player to move is read from the referee's FEN (a turn may
        # hold several moves; `player=` names its owner where it is not
        # the colour's).
        referee.send("d")
        fen = next(l for l in referee.until(lambda l: l.startswith("Checkers:")) if l.startswith("Fen: "))
        side = fen.split()[2]
        owner = next((int(w[len("player="):]) for w in fen.split() if w.startswith("player=")), 1 if side == "w" else 2)
        player = players[owner - 1]
        player.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        other = players[2 - owner].name
        go = clock.limits(player.name, side, other) if clock else limits[player.name]
        began = time.monotonic()
        player.send(f"go {go}")
        lines = player.until(lambda l: l.startswith("bestmove"))
        if clock and not clock.spend(player.name, time.monotonic() - began):
            # The player of the first move has White's colour at the start.
            winner = "0-1" if owner == 1 else "1-0"
            return f"{winner} (time loss)", len(moves)
        move = lines[-1].split()[1]
        legal = referee.legal()
        if move not in legal:
            raise RuntimeError(f"{player.name} played {move}, not legal after {' '.join(moves)} (legal: {legal})")
        if board is not None:
            python_chess_check(board, move)
        if reference is not None:
            turns_check(reference, move)
        moves.append(move)


def opening(referee, plies, rng):
    moves = []
    for _ in range(plies):
        referee.set(moves)
        legal = referee.legal()
        if not legal or referee.result() is not None:
            break
        moves.append(rng.choice(sorted(legal)))
    return moves


class Tally:
    """The first player's results: wins, losses, draws, how the games ended,
    and the mean score of each opening's games (for the pentanomial Elo)."""

    def __init__(self):
        self.wins = self.losses = self.draws = 0
        self.reasons = {}
        self.pairs = []

    def add(self, result, first_white):
        """Counts a result text (`1-0 (checkmate)`); returns the first
        player's score."""
        score_text, _, reason = result.partition(" ")
        self.reasons[reason] = self.reasons.get(reason, 0) + 1
        if score_text == "1/2-1/2":
            self.draws += 1
            return 0.5
        if (score_text == "1-0") == first_white:
            self.wins += 1
            return 1.0
        self.losses += 1
        return 0.0

    def games(self):
        return self.wins + self.losses + self.draws

    def report(self, first, second):
        print("endings: " + ", ".join(f"{k} {v}" for k, v in sorted(self.reasons.items())))
        if second and len(self.pairs) > 1:
            value, error = pentanomial_elo(self.pairs)
            print(f"Elo of {first} against {second}: {value:+.1f} +/- {error:.1f} (95%, {len(self.pairs)} openings)")


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def pentanomial_elo(pairs):
    """pairs: per-opening scores of the first player (0 to 1, the mean of
    its two games). Returns (Elo, half-width of the 95% interval)."""
    n = len(pairs)
    mean = sum(pairs) / n
    variance = sum((p - mean) ** 2 for p in pairs) / max(n - 1, 1)
    half = 1.96 * math.sqrt(variance / n)
    return elo(mean), (elo(min(mean + half, 1 - 1e-6)) - elo(max(mean - half, 1e-6))) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--nodes", type=int, default=1000, help="nodes a move (the first player)")
    ap.add_argument("--nodes-b", type=int, help="nodes a move of the second player (default: --nodes)")
    ap.add_argument("--movetime", type=int, help="milliseconds a move for both players (instead of nodes)")
    ap.add_argument("--tc", help="a clock for each player: BASE+INC in seconds (instead of nodes)")
    ap.add_argument("--threads", type=int, default=1, help="search threads of the first player")
    ap.add_argument("--threads-b", type=int, help="search threads of the second player (default: --threads)")
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="target/release/roque")
    ap.add_argument("--engine-b", help="the second player's binary (default: --engine; the referee is --engine)")
    ap.add_argument("--verbose", action="store_true", help="print every game's moves")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    threads_b = args.threads_b or args.threads
    if args.tc:
        limit_a = limit_b = f"tc {args.tc}"
        first, second = f"A{args.tc}-t{args.threads}", f"B{args.tc}-t{threads_b}"
    elif args.movetime:
        limit_a = limit_b = f"movetime {args.movetime}"
        first, second = f"A{args.movetime}ms-t{args.threads}", f"B{args.movetime}ms-t{threads_b}"
    else:
        limit_a, limit_b = f"nodes {args.nodes}", f"nodes {args.nodes_b or args.nodes}"
        first, second = f"A{args.nodes}", f"B{args.nodes_b or args.nodes}"
        if threads_b != args.threads:
            first, second = f"{first}-t{args.threads}", f"{second}-t{threads_b}"
    if args.engine_b:
        first, second = f"{first}-new", f"{second}-base"
    limits = {first: limit_a, second: limit_b}
    # Two strengths: the players differ in nodes, threads or binary.
    two = limit_a != limit_b or threads_b != args.threads or bool(args.engine_b)
    a = Uci([args.engine], args.variant, first, args.threads)
    b = Uci([args.engine_b or args.engine], args.variant, second, threads_b)
    referee = Referee([args.engine], args.variant, "referee")
    tally = Tally()
    plies_total = 0
    start = time.time()
    games = 0
    # Players of one strength play each opening once (the game with the
    # colours swapped would be the same game); players of two strengths
    # play it with both colours.
    colours = (True, False) if two else (True,)
    while games < args.games:
        line = opening(referee, args.opening_plies, rng)
        pair = []
        for a_white in colours:
            if games == args.games:
                break
            players = [a, b] if a_white else [b, a]
            for p in (a, b):
                p.send("ucinewgame")
            result, plies = play_game(players, referee, line, limits, args.variant, args.max_plies,
                                       args.verbose, Clock(args.tc) if args.tc else None)
            games += 1
            plies_total += plies
            pair.append(tally.add(result, a_white))
            print(f"game {games}: {first} {'white' if a_white else 'black'}, {result}, {plies} plies, "
                  f"opening {' '.join(line)}", flush=True)
        tally.pairs.append(sum(pair) / len(pair))
    for p in (a, b, referee):
        p.close()
    n = tally.games()
    # With one strength the first player always has White.
    who = first if two else "White"
    print(f"\n{args.variant}: {n} games, {who} +{tally.wins} -{tally.losses} ={tally.draws}, "
          f"{plies_total / n:.0f} plies a game, {time.time() - start:.0f} s")
    tally.report(first, two and second)
    second_opinion = ", python-chess" if args.variant in ("losing", "losers") and chess else ""
    if turns and args.variant in turns.ORDERS:
        second_opinion = ", turns-perft.py"
    print(f"every move legal (referee{second_opinion})")
    time_losses = tally.reasons.get("(time loss)", 0)
    if time_losses:
        print(f"error: {time_losses} games lost on time")
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:
        sys.exit(f"error: {error}")
