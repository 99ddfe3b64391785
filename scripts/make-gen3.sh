#!/usr/bin/env bash
# How the generation-3 network is made (docs/network.md): self-play of the
# engine with generation 2's network only, trained from scratch by
# generation 2's recipe. Hours of CPU for the self-play: run it in the
# background; every step is skipped once its file is complete.
#
#   scripts/make-gen3.sh <work-dir>
#
# The data, each one `roque datagen` run of a given build and seed, cut at a
# given number of records (a run killed at any moment keeps its finished
# games; the same build, seed and --threads make the same records):
#   - ../shared/data/selfplay-gen2/ (seed 601, build dc9f5da): its first
#     170,000 records are the validation set, the rest are trained on;
#   - seed 604, build 02749de: the first 2,649,173 records;
#   - seed 605, build 02749de, --games 15000: all 1,262,396 records;
#   - seed 606, build afdcc4f: the first 1,181,221 records.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:?usage: scripts/make-gen3.sh <work-dir>}
shared=${SHARED:-../shared}
mkdir -p "$work"
slice() { dd if="$1" of="$2" bs=32 skip="$3" count="$4" status=none; }
records() { echo $(( $(stat -c %s "$1" 2>/dev/null || echo 0) / 32 )); }

cargo build --release
roque=target/release/roque
train=target/release/roque-train

# 1. The shared self-play, back to its binary form in the first layout
#    (sha256 0b50b8a5..., as its README gives).
if [ "$(records "$work/s601.bin")" -ne 3705485 ]; then
  xz -dc "$shared"/data/selfplay-gen2/gen2-s601-part*.txt.xz > "$work/s601.txt"
  $roque data convert "$work/s601.txt" "$work/s601.bin" --legacy
  rm "$work/s601.txt"
fi
slice "$work/s601.bin" "$work/validation.bin" 0 170000
slice "$work/s601.bin" "$work/s601-train.bin" 170000 3535485

# 2. Self-play of the two builds, 5,000 nodes a move, generation 2 inside.
build() {
  if [ ! -x "$work/roque-$1" ]; then
    git worktree add --detach "$work/src-$1" "$1"
    (cd "$work/src-$1" && cargo build --release && cp target/release/roque "$work/roque-$1")
    git worktree remove --force "$work/src-$1"
  fi
}
selfplay() { # commit seed records [extra datagen arguments]
  local commit=$1 seed=$2 count=$3 file="$work/gen3-s$2.bin"
  shift 3
  build "$commit"
  if [ "$(records "$file")" -lt "$count" ]; then
    "$work/roque-$commit" datagen --output "$file" --threads 2 --seed "$seed" --eval nnue "$@" &
    local generator=$!
    while [ "$(records "$file")" -lt "$count" ] && kill -0 "$generator" 2>/dev/null; do sleep 10; done
    kill "$generator" 2>/dev/null || true
    wait "$generator" || true
  fi
  slice "$file" "$work/gen3-s$seed-used.bin" 0 "$count"
}
selfplay 02749de 604 2649173
selfplay 02749de 605 1262396 --games 15000
selfplay afdcc4f 606 1181221

# 3. Training: generation 2's recipe on the 8,628,275 positions.
$train "$work/s601-train.bin" "$work/gen3-s604-used.bin" "$work/gen3-s605-used.bin" "$work/gen3-s606-used.bin" \
  --validation "$work/validation.bin" --out "$work/roque-gen3.nnue" --checkpoint "$work/gen3.checkpoint" \
  --epochs 20 --scale 156 --wdl 0 --batch 4096 --seed 1
sha256sum "$work"/gen3-s60[456]-used.bin "$work/validation.bin" "$work/s601-train.bin" "$work/roque-gen3.nnue"
