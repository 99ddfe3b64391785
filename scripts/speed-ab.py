#!/usr/bin/env python3
"""Standard chess speed of two Roque builds, measured in one run.

Each round runs, for build A then build B: perft 6 from the start position
and perft 5 from Kiwipete (bulk counting; CPU time of the child, user + sys)
and `bench 8` (its own `nps` figure). The best of the rounds is kept for each
build, so that a moment of load on a shared machine counts against neither.
It also checks that both builds count the same nodes. Usage:

    scripts/speed-ab.py <roque A> <roque B> [--rounds 5]
"""
import argparse
import resource
import subprocess

PERFTS = [
    ("perft 6, start position", ["6"]),
    ("perft 5, Kiwipete", ["5", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]),
]


def cpu_run(command):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), out


def perft(engine, args):
    seconds, out = cpu_run([engine, "perft", *args])
    nodes = next(int(line.split(":")[1]) for line in out.splitlines() if line.startswith("Nodes searched"))
    return nodes, nodes / seconds


def bench(engine):
    out = subprocess.run([engine, "bench", "8"], capture_output=True, text=True, check=True).stdout
    nodes, _, nps, _ = out.strip().splitlines()[-1].split()
    return int(nodes), int(nps)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    names = [name for name, _ in PERFTS] + ["bench 8"]
    best = {(e, n): 0.0 for e in (args.a, args.b) for n in names}
    counts = {}
    for _ in range(args.rounds):
        for engine in (args.a, args.b):
            results = [perft(engine, a) for _, a in PERFTS] + [bench(engine)]
            for name, (nodes, speed) in zip(names, results):
                counts.setdefault(name, set()).add(nodes)
                best[(engine, name)] = max(best[(engine, name)], speed)
    print(f"best of {args.rounds} rounds; A = {args.a}, B = {args.b}")
    for name in names:
        a, b = best[(args.a, name)], best[(args.b, name)]
        same = "same nodes" if len(counts[name]) == 1 else f"NODES DIFFER {sorted(counts[name])}"
        print(f"{name}: A {a / 1e6:.2f} Mnps, B {b / 1e6:.2f} Mnps, B/A {b / a:.4f} ({same}, {min(counts[name]):,})")


if __name__ == "__main__":
    main()
