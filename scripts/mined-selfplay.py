#!/usr/bin/env python3
"""Complete games of mined chess through the UCI loop, each player knowing
only its own mines, every move checked.

For each game four mines are drawn at random on any squares (seeded; the
rules book mines any two squares, under men too), two a side. A referee process of the same build knows them all (`position fen
<start> mines=c3,f6/d5,h4 moves ...`): after every move it lists the legal
moves (`go perft 1`, the perft-tested generator), tells whether a man
exploded (the mines in its FEN) and whether the game is over (`d`, its
`Result:` line). Each player is told only its own mines (`setoption name
Mines value white c3 f6`) and hears the game as that player would: the other
side's mines laid as `M@??`, its own moves that exploded on a secret mine
marked `*` and the squares that exploded (`g1f3*f3`, `e1g1*f1`). After every move the player's board must be the
referee's. A move that is not legal, a board that differs, a missing
`bestmove` or a crash ends the run with an error.

With --nodes-b the two players search different node counts, with
--engine-b the second player is another build (a change against its base);
then each opening (random moves and mines) is played twice with the colours
swapped, and the first player's score is given as Elo with its 95% interval
(pentanomial). With --movetime both players think that many milliseconds a
move instead of searching a node count (a change that costs speed against
its base); with --tc BASE+INC each player has a clock of its own, as in
scripts/variant-selfplay.py (a time loss is a fault).

    scripts/mined-selfplay.py --games 50 --nodes 1000
    scripts/mined-selfplay.py --games 100 --nodes 10000 --nodes-b 1000 --seed 2
"""

import argparse
import importlib.util
import os
import random
import sys
import time

_spec = importlib.util.spec_from_file_location(
    "variant_selfplay", os.path.join(os.path.dirname(os.path.abspath(__file__)), "variant-selfplay.py"))
selfplay = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(selfplay)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FILES = "abcdefgh"


class Referee(selfplay.Uci):
    def set(self, start, moves):
        self.send(f"position fen {start}" + (" moves " + " ".join(moves) if moves else ""))

    def legal(self):
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        return [l.split(":")[0] for l in lines if ": " in l and not l.startswith("Nodes")]

    def state(self):
        """(fen, result or None)"""
        self.send("d")
        lines = self.until(lambda l: l.startswith("Checkers:"))
        fen = next(l for l in lines if l.startswith("Fen: "))[len("Fen: "):]
        line = next(l for l in lines if l.startswith("Result: "))
        return fen, (None if line == "Result: none" else line[len("Result: "):])


def mine_squares(fen, colour):
    """The referee's FEN knows every mine: the squares of `colour`'s."""
    field = next(w for w in fen.split() if w.startswith("mines="))[len("mines="):]
    side = field.split("/")[0 if colour == "w" else 1]
    return {e for e in side.split(",") if e}


def board_part(fen):
    return " ".join(fen.split()[:2])


def heard(history, colour):
    """The moves as the player of `colour` hears them."""
    out = []
    for move, mover, exploded in history:
        if move.startswith("M@") and mover != colour:
            out.append("M@??")
        elif exploded and mover == colour:
            out.append(move + "*" + "".join(sorted(exploded)))
        else:
            out.append(move)
    return out


def random_mines(rng):
    squares = [f + str(r) for f in FILES for r in range(1, 9)]
    return rng.sample(squares, 2), rng.sample(squares, 2)


def play_game(players, referee, mines, opening_plies, rng, nodes, max_plies, clock=None):
    """players: {'w': engine, 'b': engine}; clock: a fresh
    variant-selfplay.py Clock, which then replaces `nodes`; returns (result
    text, plies, explosions)."""
    start = f"{START} mines={','.join(mines[0])}/{','.join(mines[1])}"
    for colour, index in (("w", 0), ("b", 1)):
        player = players[colour]
        player.send("ucinewgame")
        player.send(f"setoption name Mines value {'white' if colour == 'w' else 'black'} {' '.join(mines[index])}")
    history = []
    explosions = 0
    while True:
        referee.set(start, [m for m, _, _ in history])
        fen, result = referee.state()
        if result is not None:
            return result, len(history), explosions
        if len(history) >= max_plies:
            return "1/2-1/2 (ply limit)", len(history), explosions
        colour = fen.split()[1]
        legal = referee.legal()
        player = players[colour]
        if len(history) < opening_plies:
            move = rng.choice(sorted(legal))
        else:
            player.send("position startpos" + (" moves " + " ".join(heard(history, colour)) if history else ""))
            other = players["b" if colour == "w" else "w"].name
            go = clock.limits(player.name, colour, other) if clock else nodes[player.name]
            began = time.monotonic()
            player.send(f"go {go}")
            lines = player.until(lambda l: l.startswith("bestmove"))
            if clock and not clock.spend(player.name, time.monotonic() - began):
                return ("0-1" if colour == "w" else "1-0") + " (time loss)", len(history), explosions
            move = lines[-1].split()[1]
            if move not in legal:
                raise RuntimeError(f"{player.name} played {move}, not legal after {history} (legal: {legal})")
        other = "b" if colour == "w" else "w"
        before = mine_squares(fen, other)
        referee.set(start, [m for m, _, _ in history] + [move])
        after_fen, _ = referee.state()
        exploded = set() if move.startswith("M@") else before - mine_squares(after_fen, other)
        explosions += len(exploded)
        history.append((move, colour, exploded))
        # Each player's board, from what it heard, is the referee's.
        for c in ("w", "b"):
            p = players[c]
            p.send("position startpos moves " + " ".join(heard(history, c)))
            p.send("d")
            own = next(l for l in p.until(lambda l: l.startswith("Checkers:")) if l.startswith("Fen: "))[5:]
            if board_part(own) != board_part(after_fen):
                raise RuntimeError(f"{p.name} sees {own}, the referee {after_fen}, after {history}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--nodes", type=int, default=1000, help="nodes a move (the first player)")
    ap.add_argument("--nodes-b", type=int, help="nodes a move of the second player (default: --nodes)")
    ap.add_argument("--movetime", type=int, help="milliseconds a move for both players instead of nodes")
    ap.add_argument("--tc", help="a clock for each player: BASE+INC in seconds (instead of nodes)")
    ap.add_argument("--opening-plies", type=int, default=4)
    ap.add_argument("--max-plies", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--engine", default="target/release/roque")
    ap.add_argument("--engine-b", help="the second player's build (default: --engine; the referee is --engine)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    match = args.nodes_b or args.engine_b
    first, second = f"A{args.nodes}", f"B{args.nodes_b or args.nodes}"
    if args.engine_b:
        first, second = f"{first}-{os.path.basename(args.engine)}", f"{second}-{os.path.basename(args.engine_b)}"
    if args.movetime:
        first, second = first.replace(f"A{args.nodes}", f"A{args.movetime}ms"), second.replace(
            f"B{args.nodes_b or args.nodes}", f"B{args.movetime}ms")
    if args.tc:
        first, second = first.replace(f"A{args.nodes}", f"A{args.tc}"), second.replace(
            f"B{args.nodes_b or args.nodes}", f"B{args.tc}")
    # What each player's `go` asks for.
    nodes = {first: f"nodes {args.nodes}", second: f"nodes {args.nodes_b or args.nodes}"}
    if args.movetime:
        nodes = {first: f"movetime {args.movetime}", second: f"movetime {args.movetime}"}
    a = selfplay.Uci([args.engine], "mined", first)
    b = selfplay.Uci([args.engine_b or args.engine], "mined", second)
    referee = Referee([args.engine], "mined", "referee")
    tally = selfplay.Tally()
    plies_total = explosions_total = 0
    start = time.time()
    games = 0
    colours = (True, False) if match else (True,)
    while games < args.games:
        mines = random_mines(rng)
        seed = rng.randrange(1 << 30)
        pair = []
        for a_white in colours:
            if games == args.games:
                break
            players = {"w": a, "b": b} if a_white else {"w": b, "b": a}
            # The same random opening moves for both games of a pair.
            result, plies, explosions = play_game(players, referee, mines, args.opening_plies,
                                                  random.Random(seed), nodes, args.max_plies,
                                                  selfplay.Clock(args.tc) if args.tc else None)
            games += 1
            plies_total += plies
            explosions_total += explosions
            pair.append(tally.add(result, a_white))
            print(f"game {games}: {first} {'white' if a_white else 'black'}, {result}, {plies} plies, "
                  f"{explosions} explosions, mines {mines[0]} {mines[1]}", flush=True)
        tally.pairs.append(sum(pair) / len(pair))
    for p in (a, b, referee):
        p.close()
    n = tally.games()
    who = first if match else "White"
    print(f"\nmined: {n} games, {who} +{tally.wins} -{tally.losses} ={tally.draws}, {plies_total / n:.0f} plies "
          f"a game, {explosions_total / n:.1f} explosions a game, {time.time() - start:.0f} s")
    tally.report(first, match and second)
    print("every move legal (referee), every player's board the referee's")
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
