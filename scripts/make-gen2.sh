#!/usr/bin/env bash
# How a generation-2 network is made (docs/network.md):
# generation 1's training data, plus self-play of the engine with generation
# 1's network, trained by the same recipe from scratch. Hours of CPU: run it
# in the background.
#
#   scripts/make-gen2.sh <gen1-work-dir> <work-dir> [<positions per seed> ...]
#
# <gen1-work-dir> holds what scripts/make-gen1.sh left there (gen0-shared.bin,
# selfplay-train.bin, augment-1.bin, augment-2.bin, validation.bin). The new
# self-play comes from one `datagen` run per seed, 201, 202, 203, ..., each
# stopped at its number of positions (one seed, one file: a run killed at any
# moment keeps its finished games, and a rerun appends to it).
set -euo pipefail
cd "$(dirname "$0")/.."
gen1=${1:?usage: scripts/make-gen2.sh <gen1-work-dir> <work-dir> [<positions per seed> ...]}
work=${2:?usage: scripts/make-gen2.sh <gen1-work-dir> <work-dir> [<positions per seed> ...]}
shift 2
counts=("$@")
if [ ${#counts[@]} -eq 0 ]; then counts=(1217230 1224020 867277); fi
mkdir -p "$work"

# The engine with generation 1 built in, whatever the default network is now.
make EXE="$work/roque-gen1" EVALFILE=nets/roque-gen1.nnue
cargo build --release
train=target/release/roque-train
slice() { dd if="$1" of="$2" bs=32 skip="$3" count="$4" status=none; }

# 1. Self-play with generation 1's network, 5,000 nodes a move.
inputs=()
seed=201
for count in "${counts[@]}"; do
  file="$work/gen2-s$seed.bin"
  if [ ! -s "$file" ] || [ $(( $(stat -c %s "$file") / 32 )) -lt "$count" ]; then
    "$work/roque-gen1" datagen --output "$file" --threads 2 --seed "$seed" --eval nnue &
    generator=$!
    while [ $(( $(stat -c %s "$file" 2>/dev/null || echo 0) / 32 )) -lt "$count" ]; do sleep 10; done
    kill "$generator"; wait "$generator" || true
  fi
  slice "$file" "$work/gen2-s$seed-used.bin" 0 "$count"
  inputs+=("$work/gen2-s$seed-used.bin")
  seed=$((seed + 1))
done

# 2. Training: generation 1's recipe and validation set, all the data.
$train "$gen1/gen0-shared.bin" "$gen1/selfplay-train.bin" "$gen1/augment-1.bin" "$gen1/augment-2.bin" "${inputs[@]}" \
  --validation "$gen1/validation.bin" --out "$work/roque-gen2.nnue" --checkpoint "$work/gen2.checkpoint" \
  --epochs 20 --scale 156 --wdl 0 --batch 4096 --seed 1
