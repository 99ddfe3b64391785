#!/usr/bin/env python3
"""SPSA over the search's parameter table, here, with games of the tuning
build against itself.

The tuning build (`cargo build --release --features ablation`) offers every
parameter of src/search/parameters.rs as a UCI spin option; `roque
spsa-params` prints them in OpenBench's SPSA format (name, int, value, min,
max, c_end, r_end). Each iteration draws a random sign for every parameter,
plays a few game pairs between the values moved up by the perturbation c_k
and the values moved down (../shared/tools/match.py, each opening twice with
colours swapped), and moves every value by r_k c_k (wins - losses) sign, as
OpenBench does:

    c_k = c / (k + 1)^0.101,   c = c_end N^0.101
    a_k = a / (A + k + 1)^0.602,   a = r_end c_end^2 (A + N)^0.602,   A = N / 10
    r_k = a_k / c_k^2

for N iterations in all. Values are kept as reals, sent rounded, and kept
inside their ranges.

The run is resumable: after every iteration the state (the values, the
iteration, the settings) is written to --state, and each iteration's result
and values are appended to --log (one JSON object a line: the trajectory).
The same command started again goes on from the last iteration written;
other settings on the same state are refused.

    cargo build --release --features ablation --target-dir target/ablation
    scripts/spsa.py --engine target/ablation/release/roque --iterations 2000 \\
        --pairs 4 --nodes 20000 --state spsa.json --log spsa.log

--params names a subset (comma-separated); by default every parameter is
tuned. At the end, the values to try against the defaults in a match are
printed as ROQUE_PARAMS (scripts/variant.sh takes them).
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "..", "shared", "tools", "match.py")
RESULT = re.compile(r"^FINAL games \d+\s+plus vs minus: \+(\d+) -(\d+) =(\d+)")

GAMMA = 0.101
ALPHA = 0.602


def read_table(engine):
    """The engine's parameters: name -> (default, min, max, c_end, r_end)."""
    text = subprocess.run([engine, "spsa-params"], capture_output=True, text=True, check=True).stdout
    table = {}
    for line in text.splitlines():
        name, kind, value, low, high, c_end, r_end = [f.strip() for f in line.split(",")]
        if kind != "int":
            raise SystemExit(f"error: {name}: type {kind} (only int is known)")
        table[name] = (int(value), int(low), int(high), float(c_end), float(r_end))
    return table


def check_tunable(engine):
    """The tuning build lists the parameters among its UCI options."""
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, check=True).stdout
    if "option name lmr_base type spin" not in out:
        raise SystemExit(f"error: {engine} is not the tuning build (cargo build --release --features ablation)")


def gains(n, c_end, r_end):
    """c and a of a parameter for a run of n iterations."""
    big_a = n / 10
    c = c_end * n**GAMMA
    a = r_end * c_end**2 * (big_a + n) ** ALPHA
    return c, a, big_a


def play(args, plus, minus, seed):
    """Wins, losses and draws of the `plus` values against the `minus`."""
    def spec(name, values):
        return ["cmd=" + args.engine, "name=" + name, "option.Hash=" + str(args.hash)] + [
            f"option.{k}={v}" for k, v in sorted(values.items())
        ]

    command = [sys.executable, args.match, "--engine", *spec("plus", plus), "--engine", *spec("minus", minus),
               "--games", str(2 * args.pairs), "--concurrency", str(args.concurrency), "--seed", str(seed),
               "--openings", args.openings]
    command += ["--nodes", str(args.nodes)] if args.nodes else ["--tc", args.tc]
    out = subprocess.run(command, capture_output=True, text=True).stdout
    for line in out.splitlines():
        found = RESULT.match(line)
        if found:
            return tuple(int(x) for x in found.groups())
    raise SystemExit("error: match.py gave no result:\n" + out[-2000:])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", required=True, help="the tuning build")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--pairs", type=int, default=4, help="game pairs an iteration")
    parser.add_argument("--nodes", type=int, default=0, help="nodes a move (else --tc)")
    parser.add_argument("--tc", default="2+0.02")
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--params", default="", help="the parameters to tune (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--state", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--match", default=MATCH)
    parser.add_argument("--openings", default=os.path.join(HERE, "..", "..", "shared", "data", "openings.epd"))
    args = parser.parse_args()

    check_tunable(args.engine)
    table = read_table(args.engine)
    names = [n.strip() for n in args.params.split(",") if n.strip()] or list(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        raise SystemExit(f"error: no such parameter: {', '.join(unknown)}")
    # The table's rows of the tuned parameters belong to the settings: a
    # build with other defaults or ranges does not resume this run.
    settings = {"iterations": args.iterations, "pairs": args.pairs, "nodes": args.nodes,
                "tc": None if args.nodes else args.tc, "params": names, "seed": args.seed,
                "table": {n: list(table[n]) for n in names}}

    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if state["settings"] != settings:
            raise SystemExit(f"error: {args.state} was made with other settings: {state['settings']}")
        print(f"resuming after iteration {state['iteration']}")
        # A run killed after the state was saved but before its log line
        # was written, or the other way round: the log keeps the saved
        # iterations only.
        if os.path.exists(args.log):
            with open(args.log) as f:
                lines = [line for line in f if json.loads(line)["iteration"] <= state["iteration"]]
            with open(args.log, "w") as f:
                f.writelines(lines)
    else:
        state = {"settings": settings, "iteration": 0, "values": {n: float(table[n][0]) for n in names}}

    n = args.iterations
    while state["iteration"] < n:
        k = state["iteration"]
        rng = random.Random(args.seed * 1_000_003 + k)
        plus, minus, moves = {}, {}, {}
        for name in names:
            default, low, high, c_end, r_end = table[name]
            c, a, big_a = gains(n, c_end, r_end)
            c_k = c / (k + 1) ** GAMMA
            a_k = a / (big_a + k + 1) ** ALPHA
            sign = rng.choice((-1, 1))
            value = state["values"][name]
            plus[name] = min(high, max(low, round(value + c_k * sign)))
            minus[name] = min(high, max(low, round(value - c_k * sign)))
            moves[name] = (a_k / c_k**2, c_k, sign)
        wins, losses, draws = play(args, plus, minus, seed=args.seed * 100_003 + k)
        result = wins - losses
        for name in names:
            r_k, c_k, sign = moves[name]
            _, low, high, _, _ = table[name]
            state["values"][name] = min(float(high), max(float(low), state["values"][name] + r_k * c_k * result * sign))
        state["iteration"] = k + 1
        partial = args.state + ".partial"
        with open(partial, "w") as f:
            json.dump(state, f)
        os.replace(partial, args.state)
        with open(args.log, "a") as f:
            f.write(json.dumps({"iteration": k + 1, "wins": wins, "losses": losses, "draws": draws,
                                "values": state["values"]}) + "\n")
        print(f"iteration {k + 1}/{n}: +{wins} -{losses} ={draws}", flush=True)

    changed = [(name, round(v)) for name, v in state["values"].items() if round(v) != table[name][0]]
    print("ROQUE_PARAMS=" + ",".join(f"{name}={v}" for name, v in changed))


if __name__ == "__main__":
    main()
