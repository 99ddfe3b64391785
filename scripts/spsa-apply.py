#!/usr/bin/env python3
"""Writes an SPSA run's values into the parameter table as its defaults, so
that an ordinary build plays them (the build a match at the clock puts
against the untuned one, and the build that ships them).

    scripts/spsa-apply.py tuning/spsa-d5a3906.json            # rewrites src/search/parameters.rs
    scripts/spsa-apply.py tuning/spsa-d5a3906.json --dry-run  # prints what would change

Each tuned value is rounded as scripts/spsa.py sends it to the engine. The
state's table rows (default, range) must still be the file's: a table that
changed since the run began is refused rather than mixed.
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROW = re.compile(r"^(?P<lead>\s*)(?P<name>[a-z_0-9]+) = (?P<default>-?\d+) in (?P<min>-?\d+)\.\.=(?P<max>-?\d+);$")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("state", help="the state file scripts/spsa.py writes")
    parser.add_argument("--file", default=os.path.join(HERE, "..", "src", "search", "parameters.rs"))
    parser.add_argument("--dry-run", action="store_true", help="print the changes, write nothing")
    args = parser.parse_args()

    with open(args.state) as f:
        state = json.load(f)
    table = state["settings"]["table"]
    values = {name: round(value) for name, value in state["values"].items()}
    with open(args.file) as f:
        lines = f.read().split("\n")

    seen = set()
    changes = []
    for i, line in enumerate(lines):
        row = ROW.match(line)
        if not row or row["name"] not in values:
            continue
        name = row["name"]
        default, low, high = int(row["default"]), int(row["min"]), int(row["max"])
        if table[name][:3] != [default, low, high]:
            sys.exit(f"error: {name} is {default} in {low}..={high} in {args.file}, "
                     f"but the run began from {table[name][:3]}")
        seen.add(name)
        if values[name] != default:
            changes.append((name, default, values[name]))
            lines[i] = f"{row['lead']}{name} = {values[name]} in {low}..={high};"
    missing = sorted(set(values) - seen)
    if missing:
        sys.exit(f"error: not in {args.file}: {', '.join(missing)}")

    for name, old, new in changes:
        print(f"{name}: {old} -> {new}")
    print(f"{len(changes)} of {len(values)} tuned parameters changed (iteration {state['iteration']})")
    if not args.dry_run:
        with open(args.file, "w") as f:
            f.write("\n".join(lines))


if __name__ == "__main__":
    main()
