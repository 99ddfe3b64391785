#!/usr/bin/env python3
"""Games of Elven Chess by Roque against itself, every move checked by the
independent model (scripts/elven-model/elven.py, written from the rules
alone).

Two engine processes play through the UCI loop (`setoption name UCI_Variant
value elven`, `position startpos moves ...`, `go nodes N`). Each game starts
with a few random legal moves (seeded). After every move the model says
whether it is legal and whether the game has ended: mate, stalemate, the
fifty-move rule, threefold repetition or insufficient material. An illegal
move, a missing `bestmove`, a `bestmove (none)` in a position with legal
moves, or a crash ends the run with an error.

    scripts/elven-selfplay.py --games 100 --nodes 2000 --seed 1

With --engine-b the second player is another build (a change against its
base): each opening is played twice with the colours swapped, and the first
build's score is given as Elo with its 95% interval (pentanomial: the two
games of an opening are one sample).

    scripts/elven-selfplay.py --games 200 --nodes 5000 --engine new --engine-b old

With --movetime each move has that many milliseconds (`go movetime N`)
instead of a node count: a match that counts each build's speed too.

    scripts/elven-selfplay.py --games 60 --movetime 50 --engine new --engine-b old

--option-a and --option-b set UCI options of each player (`NAME=VALUE`,
repeatable): a network against the hand-set evaluation in one build.

    scripts/elven-selfplay.py --engine-b target/release/roque --option-a EvalFile_elven=net.nnue \
        --option-b "Use NNUE=false" --games 100 --movetime 100
"""

import argparse
import collections
import importlib.util
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "elven-model"))
import elven  # noqa: E402


class Uci:
    def __init__(self, command, options=()):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value elven")
        for option in options:
            name, _, value = option.partition("=")
            self.send("setoption name %s value %s" % (name, value))
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix, timeout=60):
        start = time.time()
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended (exit %s)" % self.p.poll())
            if line.startswith(prefix):
                return line.strip()
            if time.time() - start > timeout:
                raise RuntimeError("no '%s' within %d s" % (prefix, timeout))

    def best(self, moves, nodes):
        """The engine's move after `moves`: `nodes` a node count, or a
        string such as "movetime 50" for the `go` command's limit."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go %s" % nodes if isinstance(nodes, str) else "go nodes %d" % nodes)
        return self.until("bestmove").split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def repetition_key(pos):
    return " ".join(pos.fen().split()[:4]) + (" shield" if pos.shield else "")


def insufficient(pos):
    men = [p for p in pos.board if p not in (elven.OFF, elven.EMPTY)]
    others = [p for p in men if p.upper() != "K"]
    if not others:
        return True
    if any(p.upper() not in "NB" for p in others):
        return False
    if len(others) == 1:
        return True
    bishops = [s for s, p in enumerate(pos.board) if p not in (elven.OFF, elven.EMPTY) and p.upper() == "B"]
    knights = [p for p in others if p.upper() == "N"]
    colours = {(elven.file_of(s) + elven.rank_of(s)) % 2 for s in bishops}
    return not knights and len(colours) == 1


def opening(plies, rng):
    """A few random legal moves from the start (fewer where the game ends)."""
    pos = elven.Position()
    moves = []
    for _ in range(plies):
        legal = elven.legal_moves(pos)
        if not legal:
            break
        move = rng.choice(legal)
        pos = elven.make(pos, move)
        moves.append(move.token())
    return moves


def play(engines, nodes, opening_plies, rng, max_plies, book=None):
    """One game, engines[0] White; `book`: the opening's moves (else
    `opening_plies` random ones drawn from rng as the game goes)."""
    pos = elven.Position()
    moves = []
    seen = collections.Counter([repetition_key(pos)])
    if book is not None:
        opening_plies = len(book)
    for ply in range(max_plies):
        legal = elven.legal_moves(pos)
        if not legal:
            in_check = elven.in_check(pos)
            return ("0-1" if pos.white else "1-0") if in_check else "1/2-1/2", "checkmate" if in_check else "stalemate", ply
        if pos.halfmove >= 100:
            return "1/2-1/2", "fifty-move rule", ply
        if seen[repetition_key(pos)] >= 3:
            return "1/2-1/2", "threefold repetition", ply
        if insufficient(pos):
            return "1/2-1/2", "insufficient material", ply
        if ply < opening_plies:
            token = book[ply] if book is not None else rng.choice(legal).token()
        else:
            token = engines[ply % 2].best(moves, nodes)
            if token == "(none)":
                raise RuntimeError("bestmove (none) with legal moves after %s" % " ".join(moves))
        try:
            move = elven.find_move(pos, token)
        except ValueError as error:
            raise RuntimeError("illegal move %s after %s: %s" % (token, " ".join(moves), error))
        pos = elven.make(pos, move)
        moves.append(token)
        seen[repetition_key(pos)] += 1
    return "*", "ply limit", max_plies


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/roque")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--movetime", type=int, help="milliseconds a move instead of a node count")
    parser.add_argument("--opening-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine-b", help="the second player's build: a match, each opening twice")
    parser.add_argument("--option-a", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option of the first player (--engine), repeatable")
    parser.add_argument("--option-b", action="append", default=[], metavar="NAME=VALUE",
                        help="a UCI option of the second player, repeatable")
    args = parser.parse_args()
    if args.movetime:
        args.nodes = "movetime %d" % args.movetime
    rng = random.Random(args.seed)
    if args.engine_b:
        return match(args, rng)
    engines = [Uci([args.engine]), Uci([args.engine])]
    scores = collections.Counter()
    endings = collections.Counter()
    plies = 0
    for game in range(args.games):
        for engine in engines:
            engine.send("ucinewgame")
        result, ending, length = play(engines, args.nodes, args.opening_plies, rng, args.max_plies)
        scores[result] += 1
        endings[ending] += 1
        plies += length
        print("game %d: %s (%s, %d plies)" % (game + 1, result, ending, length), flush=True)
    for engine in engines:
        engine.quit()
    print("White +%d -%d =%d, unfinished %d; %.0f plies a game" % (
        scores["1-0"], scores["0-1"], scores["1/2-1/2"], scores["*"], plies / max(args.games, 1)))
    print("endings: " + ", ".join("%d %s" % (n, e) for e, n in endings.most_common()))


def match(args, rng):
    """--engine against --engine-b, each opening with both colours."""
    spec = importlib.util.spec_from_file_location(
        "variant_selfplay", os.path.join(os.path.dirname(os.path.abspath(__file__)), "variant-selfplay.py"))
    selfplay = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(selfplay)
    first, second = Uci([args.engine], args.option_a), Uci([args.engine_b], args.option_b)
    tally = selfplay.Tally()
    for pair in range((args.games + 1) // 2):
        book = opening(args.opening_plies, rng)
        pair_score = 0.0
        for first_white in (True, False):
            for engine in (first, second):
                engine.send("ucinewgame")
            engines = [first, second] if first_white else [second, first]
            result, ending, length = play(engines, args.nodes, 0, rng, args.max_plies, book)
            if result == "*":
                result = "1/2-1/2"
            score = tally.add("%s %s" % (result, ending.replace(" ", "-")), first_white)
            pair_score += score
            print("game %d: %s (%s, %d plies), first player %s" % (
                tally.games(), result, ending, length, "White" if first_white else "Black"), flush=True)
        tally.pairs.append(pair_score / 2)
    first.quit()
    second.quit()
    print("first player +%d -%d =%d" % (tally.wins, tally.losses, tally.draws))
    tally.report("A-" + os.path.basename(args.engine), "B-" + os.path.basename(args.engine_b))


if __name__ == "__main__":
    main()
