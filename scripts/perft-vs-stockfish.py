#!/usr/bin/env python3
"""Single-thread perft speed of Roque against Stockfish's `go perft`, in CPU time.

Both bulk-count the last ply. Each engine runs the same perft several times,
alternating, and the fastest CPU time (user + sys of the child) of each is
kept; Stockfish's start-up (loading its network) is measured with `go perft 1`
and subtracted. Usage:

    scripts/perft-vs-stockfish.py [--roque target/release/roque] [--stockfish /usr/games/stockfish] [--runs 3]
"""
import argparse
import resource
import subprocess

POSITIONS = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
]


def cpu_time(command, stdin_text=None):
    """Runs `command` and returns (CPU seconds it used, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(command, input=stdin_text, capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used, result.stdout


def nodes(output):
    for line in output.splitlines():
        if line.startswith("Nodes searched"):
            return int(line.split(":")[1])
    raise RuntimeError("no 'Nodes searched' line in output")


def stockfish_run(stockfish, fen, depth):
    script = f"position fen {fen}\ngo perft {depth}\nquit\n"
    return cpu_time([stockfish], script)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--roque", default="target/release/roque")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    startup = min(stockfish_run(args.stockfish, POSITIONS[0][1], 1)[0] for _ in range(args.runs))
    print(f"Stockfish start-up (go perft 1): {startup * 1000:.0f} ms CPU, subtracted")
    print(f"{'position':16} {'depth':>5} {'nodes':>12} {'Roque Mnps':>11} {'Stockfish Mnps':>15} {'ratio':>6}")
    for name, fen, depth in POSITIONS:
        roque_best, stockfish_best, count = float("inf"), float("inf"), None
        for _ in range(args.runs):
            seconds, out = cpu_time([args.roque, "perft", str(depth), *fen.split()])
            roque_best = min(roque_best, seconds)
            count = nodes(out)
            seconds, out = stockfish_run(args.stockfish, fen, depth)
            stockfish_best = min(stockfish_best, seconds - startup)
            if nodes(out) != count:
                raise RuntimeError(f"{name}: node counts differ ({count} vs {nodes(out)})")
        roque_nps, stockfish_nps = count / roque_best, count / stockfish_best
        print(f"{name:16} {depth:>5} {count:>12} {roque_nps / 1e6:>11.1f} {stockfish_nps / 1e6:>15.1f} "
              f"{roque_nps / stockfish_nps:>6.2f}")


if __name__ == "__main__":
    main()
