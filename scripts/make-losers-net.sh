#!/usr/bin/env bash
# How nets/roque-losers-1.nnue, losing chess's network, was made
# (docs/network.md, "Losing chess"). About two hours of one core for the
# data, a minute for the training: run it in the background.
#
#   scripts/make-losers-net.sh <work-dir>
#
# 1. Self-play of losing chess by the build of 3be3e68 (the hand-set
#    evaluation, 5,000 nodes a move, seed 1, one thread): its file's first
#    973,503 lines (the header and 973,502 positions, sha256 b833a74e...).
# 2. The last 50,000 positions (whole games but the first) for validation,
#    the others shuffled (seed 1) for training.
# 3. roque-train, 3 epochs, the target 0.8 the game's result and 0.2 the score.
# Training sums gradients over threads in a varying order, so a rebuilt
# network differs from the shipped one in its last bits.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:?usage: scripts/make-losers-net.sh <work-dir>}
lines=973503
validation=50000
mkdir -p "$work"

# The data's build: a worktree of 3be3e68 beside this one.
datagen_tree="$work/roque-3be3e68"
if [ ! -x "$datagen_tree/target/release/roque" ]; then
  [ -d "$datagen_tree" ] || git worktree add --detach "$datagen_tree" 3be3e68
  (cd "$datagen_tree" && cargo build --release)
fi
cargo build --release
roque=target/release/roque
train=target/release/roque-train

# 1. Self-play until the file has its lines (it goes on where it stopped).
file="$work/losers-s1.txt"
if [ "$(wc -l < "$file" 2>/dev/null || echo 0)" -lt "$lines" ]; then
  nice "$datagen_tree/target/release/roque" datagen --variant losers --output "$file" --threads 1 --seed 1 &
  generator=$!
  while [ "$(wc -l < "$file" 2>/dev/null || echo 0)" -lt "$lines" ]; do sleep 10; done
  kill "$generator"
  wait "$generator" || true
fi
head -n "$lines" "$file" > "$work/snapshot.txt"
echo "snapshot: $(sha256sum "$work/snapshot.txt" | cut -c1-16)... (shipped: b833a74e8c9cc803...)"

# 2. Validation: the header and the last positions; training: the rest.
head -n $((lines - validation)) "$work/snapshot.txt" > "$work/train.txt"
{ head -n 1 "$work/snapshot.txt"; tail -n "$validation" "$work/snapshot.txt"; } > "$work/validation.txt"
$roque data convert "$work/train.txt" "$work/train.bin"
$roque data convert "$work/validation.txt" "$work/validation.bin"
$roque data shuffle "$work/train.bin" "$work/train-shuffled.bin" 1

# 3. The network.
$train "$work/train-shuffled.bin" --validation "$work/validation.bin" --out "$work/roque-losers-1.nnue" \
  --epochs 3 --drop-at 0.67 --scale 156 --wdl 0.8 --batch 4096 --seed 1 --threads 2
