#!/usr/bin/env python3
"""Time to depth: the nodes and milliseconds each engine needs for `go depth
D`, summed over positions of a book (every 997th line), one thread, a new
game and a `Hash` of H MiB for each; the mean `hashfull` at the end.

    scripts/time-to-depth.py <binary>,<binary> <depth> <hash MiB> <positions> [<book>]

The book defaults to ../shared/data/openings.epd. Node counts are exact (one
thread); times need idle cores.
"""
import subprocess
import sys


def run(binary, fen, limit, hash_mb):
    """(nodes, milliseconds, hashfull) of `go <limit>` (e.g. "depth 12") from
    `fen` in a new game, as the engine's last `info depth` line gives them."""
    engine = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    engine.stdin.write(f"setoption name Hash value {hash_mb}\nucinewgame\nposition fen {fen}\ngo {limit}\n")
    engine.stdin.flush()
    last = {"nodes": 0, "time": 0, "hashfull": 0}
    for line in engine.stdout:
        words = line.split()
        if line.startswith("info depth"):
            for name in last:
                if name in words:
                    last[name] = int(words[words.index(name) + 1])
        if line.startswith("bestmove"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait()
    return last["nodes"], last["time"], last["hashfull"]


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    binaries = sys.argv[1].split(",")
    depth, hash_mb, count = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    book = sys.argv[5] if len(sys.argv) > 5 else "../shared/data/openings.epd"
    fens = [line.strip() for line in open(book) if line.strip()][::997][:count]
    totals = {binary: [0, 0, 0] for binary in binaries}
    for fen in fens:
        for binary in binaries:
            for i, value in enumerate(run(binary, fen, f"depth {depth}", hash_mb)):
                totals[binary][i] += value
    for binary, (nodes, ms, full) in totals.items():
        print(f"{binary}: nodes {nodes} ms {ms} mean hashfull {full / len(fens):.0f}")


if __name__ == "__main__":
    main()
