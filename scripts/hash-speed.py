#!/usr/bin/env python3
"""Search speed of Roque builds with a large hash table, measured in one run.

`bench` searches with 16 MiB of table; a game is played with what the user
gives (Hash 64 in this project's matches, hundreds of MiB in analysis). This
searches the first positions of an EPD book to a fixed node count, each in a
new game (time-to-depth.py's `run`), with the builds taken in turn round
after round, and reports each build's nodes a second over the searches
alone (the engine's own `info ... nodes N ... time T`, so the clearing of
the table before each search is not counted). The best round of each build
is kept, so that a moment of load on a shared machine counts against
neither. Usage:

    scripts/hash-speed.py <roque> <roque> ... [--hash 64] [--nodes 2000000]
        [--positions 8] [--rounds 3] [--book ../shared/data/openings.epd]
"""
import argparse
import importlib.util
import pathlib

_spec = importlib.util.spec_from_file_location("time_to_depth", pathlib.Path(__file__).with_name("time-to-depth.py"))
time_to_depth = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(time_to_depth)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engines", nargs="+")
    parser.add_argument("--hash", type=int, default=64, help="MiB")
    parser.add_argument("--nodes", type=int, default=2_000_000)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--book", default="../shared/data/openings.epd")
    args = parser.parse_args()
    with open(args.book) as book:
        fens = [" ".join(line.split()[:4]) + " 0 1" for line in book if line.strip()][: args.positions]
    best = {engine: 0 for engine in args.engines}
    for round_ in range(1, args.rounds + 1):
        for engine in args.engines:
            runs = [time_to_depth.run(engine, fen, f"nodes {args.nodes}", args.hash) for fen in fens]
            nodes, ms = sum(r[0] for r in runs), sum(r[1] for r in runs)
            nps = nodes * 1000 // max(ms, 1)
            best[engine] = max(best[engine], nps)
            print(f"round {round_}  {engine}: {nodes} nodes in {ms} ms, {nps} nps", flush=True)
    for engine in args.engines:
        print(f"best  {engine}: {best[engine]} nps (Hash {args.hash})")


if __name__ == "__main__":
    main()
