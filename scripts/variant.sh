#!/usr/bin/env bash
# What a change of search parameters gains: a match of the engine with the
# values in ROQUE_PARAMS ("variant") against the same build with every
# default ("default"), see src/search/parameters.rs.
#
#   scripts/variant.sh <name=value[,name=value...]> [games] [tc] [seed]
#
# Builds the `ablation` feature into target/ablation (ROQUE_ABLATE, if set,
# switches steps off on both sides). Openings from ../shared/data/openings.epd.
# The reported Elo is the variant's: positive means the new values gain.
# Defaults: 200 games, 2+0.02, seed 1; two games at a time. With PGN=<file>
# the games are also written there (scripts/pgn-elo.py combines runs).
set -euo pipefail
cd "$(dirname "$0")/.."
params=${1:?usage: scripts/variant.sh <name=value[,...]> [games] [tc] [seed]}
games=${2:-200}
tc=${3:-2+0.02}
seed=${4:-1}
shared=${SHARED:-../shared}
ablate=${ROQUE_ABLATE:-}

CARGO_TARGET_DIR=target/ablation cargo build --release --features ablation --bin roque --quiet
engine=target/ablation/release/roque
# A name or value the table does not accept stops here, saying which.
ROQUE_PARAMS="$params" ROQUE_ABLATE="$ablate" "$engine" --version >/dev/null

python3 "$shared/tools/match.py" \
  --engine cmd=/usr/bin/env arg="ROQUE_PARAMS=$params" arg="ROQUE_ABLATE=$ablate" arg="$engine" name=variant option.Hash=64 \
  --engine cmd=/usr/bin/env arg="ROQUE_ABLATE=$ablate" arg="$engine" name=default option.Hash=64 \
  --tc "$tc" --games "$games" --concurrency 2 --seed "$seed" \
  --openings "$shared/data/openings.epd" ${PGN:+--pgn "$PGN"}
