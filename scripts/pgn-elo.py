#!/usr/bin/env python3
"""Elo of one engine over the games of one or more PGN files, so that a match
played in several runs (match.py --pgn, a different --seed each run) can be
reported as one.

    scripts/pgn-elo.py <engine name> <games.pgn>...

Games are paired as match.py plays them: the two games of round "N.1" and
"N.2" in the same file share an opening with colours swapped. The Elo and its
95% interval come from the pentanomial pair counts, computed as match.py
computes them (a quarter pair of prior in every bin for the variance); an
unpaired game is counted in the win/loss/draw totals only.
"""

import math
import re
import sys
from collections import defaultdict

PAIR_SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]
TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')


def games(path):
    """The header tags of each game in a PGN file."""
    tags = {}
    with open(path, encoding="utf-8", errors="replace") as pgn:
        for line in pgn:
            match = TAG.match(line)
            if match:
                if match.group(1) == "Event" and tags:
                    yield tags
                    tags = {}
                tags[match.group(1)] = match.group(2)
    if tags:
        yield tags


def score_of(tags, engine):
    """The game's score for `engine`, or None when it did not play or the
    game has no result."""
    result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags.get("Result"))
    if result is None:
        return None
    if tags.get("White") == engine:
        return result
    if tags.get("Black") == engine:
        return 1.0 - result
    return None


def elo_of(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    engine, paths = sys.argv[1], sys.argv[2:]
    totals = [0, 0, 0]  # wins, losses, draws
    pairs = defaultdict(list)
    for path in paths:
        for tags in games(path):
            score = score_of(tags, engine)
            if score is None:
                continue
            totals[{1.0: 0, 0.0: 1, 0.5: 2}[score]] += 1
            pairs[(path, tags.get("Round", "?").split(".")[0])].append(score)
    penta = [0] * 5
    for scores in pairs.values():
        if len(scores) == 2:
            penta[int(round(sum(scores) * 2))] += 1
    n = sum(penta)
    if n == 0:
        sys.exit(f"no complete pair of games by '{engine}'")
    mu = sum(c * s for c, s in zip(penta, PAIR_SCORES)) / n
    prior = [c + 0.25 for c in penta]
    var = sum(c * (s - mu) ** 2 for c, s in zip(prior, PAIR_SCORES)) / sum(prior)
    half = 1.96 * math.sqrt(var / n)
    error = (elo_of(mu + half) - elo_of(mu - half)) / 2
    games_played = sum(totals)
    print(f"{engine}: {games_played} games +{totals[0]} -{totals[1]} ={totals[2]}  "
          f"elo {elo_of(mu):+.1f} +/- {error:.1f}  penta {penta} ({n} pairs)")


if __name__ == "__main__":
    main()
