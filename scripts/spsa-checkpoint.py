#!/usr/bin/env python3
"""Keeps an SPSA run's state in the repository (tuning/), so that a run
longer than a session outlives the machine it ran on.

    scripts/spsa-checkpoint.py /work/data/spsa/spsa-d5a3906.json /work/data/spsa/spsa-d5a3906.log

copies the state to tuning/<name>.json and merges every 25th iteration of
the log into tuning/<name>-trajectory.log (the lines already there are kept:
a run resumed on a fresh machine starts a new log at its state's
iteration). It refuses a state behind the one already kept.
"""

import argparse
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("state", help="the state file scripts/spsa.py writes")
    parser.add_argument("log", help="its log (one JSON object an iteration)")
    parser.add_argument("--every", type=int, default=25, help="keep every this many iterations of the log")
    parser.add_argument("--dir", default=os.path.join(HERE, "..", "tuning"))
    args = parser.parse_args()

    name = os.path.splitext(os.path.basename(args.state))[0]
    kept_state = os.path.join(args.dir, name + ".json")
    with open(args.state) as f:
        state = json.load(f)
    if os.path.exists(kept_state):
        with open(kept_state) as f:
            kept = json.load(f)
        if kept["settings"] != state["settings"]:
            raise SystemExit(f"error: {kept_state} belongs to a run with other settings")
        if kept["iteration"] > state["iteration"]:
            raise SystemExit(f"error: {kept_state} is at iteration {kept['iteration']}, "
                             f"{args.state} only at {state['iteration']}")

    trajectory = os.path.join(args.dir, name + "-trajectory.log")
    lines = {}
    for path in (trajectory, args.log):
        if os.path.exists(path):
            with open(path) as f:
                for line in f:
                    entry = json.loads(line)
                    if entry["iteration"] % args.every == 0 and entry["iteration"] <= state["iteration"]:
                        lines.setdefault(entry["iteration"], line if line.endswith("\n") else line + "\n")

    os.makedirs(args.dir, exist_ok=True)
    shutil.copyfile(args.state, kept_state)
    with open(trajectory, "w") as f:
        f.writelines(lines[k] for k in sorted(lines))
    print(f"{kept_state}: iteration {state['iteration']}; {trajectory}: {len(lines)} lines")


if __name__ == "__main__":
    main()
