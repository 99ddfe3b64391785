#!/usr/bin/env bash
# How nets/roque-gen1.nnue was made, step by step (docs/network.md, "Neural
# evaluation"). Hours of CPU: run it in the background.
#
#   scripts/make-gen1.sh <work-dir> [<self-play positions>]
#
# Generation-zero data: the shared self-play set of the hand-crafted engine
# (../shared/data/selfplay-gen0) and Roque's own `datagen` with the
# hand-crafted evaluation (seed 101, 2 threads, stopped at 1,349,653
# positions for gen1; its first 170,000 are the validation set), then
# `data augment` over most of the training positions, then `roque-train`.
#
# gen1's self-play file was written by an earlier datagen that appended
# games as they ended, so its order (not its games) depended on the two
# threads; datagen now writes games in order, and this script gives one file
# for one seed. Training sums gradients over threads in a varying order, so
# a rebuilt network differs from the shipped one in its last bits.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:?usage: scripts/make-gen1.sh <work-dir> [<self-play positions>]}
positions=${2:-1349653}
shared=${SHARED:-../shared}
mkdir -p "$work"

cargo build --release
roque=target/release/roque
train=target/release/roque-train
# Take records [first, first + count) of a file (32 bytes a record).
slice() { dd if="$1" of="$2" bs=32 skip="$3" count="$4" status=none; }

# 1. The shared generation-zero set: 921,494 positions.
for i in 0 1; do xz -dc "$shared/data/selfplay-gen0/gen0-$i.txt.xz" > "$work/gen0-shared-$i.txt"; done
$roque data merge "$work/gen0-shared.bin" "$work/gen0-shared-0.txt" "$work/gen0-shared-1.txt"

# 2. Roque's own self-play with the hand-crafted evaluation, 5,000 nodes a
#    move, until there are enough positions.
if [ ! -s "$work/selfplay.bin" ] || [ $(( $(stat -c %s "$work/selfplay.bin") / 32 )) -lt "$positions" ]; then
  $roque datagen --output "$work/selfplay.bin" --threads 2 --seed 101 --eval hce &
  generator=$!
  while [ $(( $(stat -c %s "$work/selfplay.bin" 2>/dev/null || echo 0) / 32 )) -lt "$positions" ]; do sleep 10; done
  kill "$generator"; wait "$generator" || true
fi
slice "$work/selfplay.bin" "$work/validation.bin" 0 170000
slice "$work/selfplay.bin" "$work/selfplay-train.bin" 170000 $((positions - 170000))

# 3. Calm positions from short random walks, labelled by depth-2 searches,
#    from the two pieces gen1 had them from: the shared set's first 300,000
#    positions; the rest of it with self-play positions 170,000 to 786,568
#    (what there was when the run began). 508,660 and 2,132,384 positions.
slice "$work/gen0-shared.bin" "$work/source-1.bin" 0 300000
slice "$work/gen0-shared.bin" "$work/shared-rest.bin" 300000 621494
slice "$work/selfplay.bin" "$work/selfplay-2.bin" 170000 616568
$roque data merge "$work/source-2.bin" "$work/shared-rest.bin" "$work/selfplay-2.bin"
$roque data augment "$work/source-1.bin" "$work/augment-1.bin" --walks 8 --depth 2 --calm 60 --seed 3
$roque data augment "$work/source-2.bin" "$work/augment-2.bin" --walks 8 --depth 2 --calm 60 --seed 5

# 4. Training: 20 epochs, scores only (the augmented positions then carried
#    a draw for a result; now their source game's, which --wdl 0 ignores
#    alike), scale 156 (roque-train --fit-scale on the shared set).
$train "$work/gen0-shared.bin" "$work/selfplay-train.bin" "$work/augment-1.bin" "$work/augment-2.bin" \
  --validation "$work/validation.bin" --out "$work/roque-gen1.nnue" --checkpoint "$work/gen1.checkpoint" \
  --epochs 20 --scale 156 --wdl 0 --batch 4096 --seed 1
