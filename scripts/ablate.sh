#!/usr/bin/env bash
# What one search step gains: a match of the engine against itself with
# that step switched off (src/search/ablation.rs).
#
#   scripts/ablate.sh <step> [games] [tc] [seed]
#
# Builds the `ablation` feature into target/ablation, then plays it with
# every step on ("full") against it with ROQUE_ABLATE=<step> ("no-<step>"),
# same binary on both sides, openings from ../shared/data/openings.epd.
# The reported Elo is full's: positive means the step gains.
# Defaults: 200 games, 2+0.02, seed 1; two games at a time. With PGN=<file>
# the games are also written there (scripts/pgn-elo.py combines runs).
set -euo pipefail
cd "$(dirname "$0")/.."
step=${1:?usage: scripts/ablate.sh <step> [games] [tc] [seed]}
games=${2:-200}
tc=${3:-2+0.02}
seed=${4:-1}
shared=${SHARED:-../shared}

CARGO_TARGET_DIR=target/ablation cargo build --release --features ablation --bin roque --quiet
engine=target/ablation/release/roque
# A step name the build does not know stops here, with the list of names.
ROQUE_ABLATE="$step" "$engine" --version >/dev/null

python3 "$shared/tools/match.py" \
  --engine cmd="$engine" name=full option.Hash=64 \
  --engine cmd=/usr/bin/env arg="ROQUE_ABLATE=$step" arg="$engine" name="no-$step" option.Hash=64 \
  --tc "$tc" --games "$games" --concurrency 2 --seed "$seed" \
  --openings "$shared/data/openings.epd" ${PGN:+--pgn "$PGN"}
