#!/usr/bin/env bash
# How the generation-4 network is made (docs/network.md): generation 3's
# data and recipe, with generation 3's own self-play added (seeds 701 and
# 703). Hours of CPU for the self-play: run it in the background; every
# step is skipped once its file is complete.
#
#   scripts/make-gen4.sh <work-dir>
#
# The data, each one `roque datagen` run of a given build and seed, cut at a
# given number of records (a run killed at any moment keeps its finished
# games; the same build and seed make the same records, whatever --threads):
#   - ../shared/data/selfplay-gen2/ (seed 601, build dc9f5da): its first
#     170,000 records are the validation set, the rest are trained on;
#   - seed 604, build 02749de: the first 2,649,173 records;
#   - seed 605, build 02749de, --games 15000: all 1,262,396 records;
#   - seed 606, build afdcc4f: the first 1,509,709 records;
#   - seed 701, build 513e756: the first 1,255,287 records;
#   - seed 703, build 513e756, from the unbalanced book, a quarter of the
#     games played out: the first 574,847 records.
# The trainer is the build of 5c6d35e.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:?usage: scripts/make-gen4.sh <work-dir>}
shared=${SHARED:-../shared}
mkdir -p "$work"
work=$(cd "$work" && pwd)
# shellcheck source=scripts/net-data.sh
. scripts/net-data.sh

# 1. The shared self-play, back to its binary form in the first layout
#    (sha256 0b50b8a5..., as its README gives).
build 5c6d35e
if [ "$(records "$work/s601.bin")" -ne 3705485 ]; then
  xz -dc "$shared"/data/selfplay-gen2/gen2-s601-part*.txt.xz > "$work/s601.txt"
  "$work/roque-5c6d35e" data convert "$work/s601.txt" "$work/s601.bin" --legacy
  rm "$work/s601.txt"
fi
slice "$work/s601.bin" "$work/validation.bin" 0 170000
slice "$work/s601.bin" "$work/s601-train.bin" 170000 3535485

# 2. The book of unbalanced openings seed 703 starts from
#    (sha256 873757a2...).
[ -s "$work/unbalanced-s1.epd" ] ||
  python3 scripts/unbalanced-book.py "$shared/data/openings.epd" "$work/unbalanced-s1.epd" --seed 1

# 3. Self-play, 5,000 nodes a move, the build's own network inside
#    (generation 2 for 02749de and afdcc4f, generation 3 for 513e756).
selfplay() { # commit name seed records [extra datagen arguments]
  local commit=$1 name=$2 seed=$3 count=$4 file="$work/$2-s$3.bin"
  shift 4
  build "$commit"
  if [ "$(records "$file")" -lt "$count" ]; then
    (cd "$work" && exec "./roque-$commit" datagen --output "$file" --threads 2 --seed "$seed" --eval nnue "$@") &
    local generator=$!
    while [ "$(records "$file")" -lt "$count" ] && kill -0 "$generator" 2>/dev/null; do sleep 10; done
    kill "$generator" 2>/dev/null || true
    wait "$generator" || true
  fi
  slice "$file" "$work/$name-s$seed-used.bin" 0 "$count"
}
selfplay 02749de gen3 604 2649173
selfplay 02749de gen3 605 1262396 --games 15000
selfplay afdcc4f gen3 606 1509709
selfplay 513e756 gen4 701 1255287
selfplay 513e756 gen4 703 574847 --book unbalanced-s1.epd --play-out 25

# 4. Training: generation 3's recipe on the 10,786,897 positions.
"$work/roque-train-5c6d35e" "$work/s601-train.bin" "$work"/gen3-s60[456]-used.bin \
  "$work/gen4-s701-used.bin" "$work/gen4-s703-used.bin" \
  --validation "$work/validation.bin" --out "$work/roque-gen4.nnue" --checkpoint "$work/gen4.checkpoint" \
  --epochs 20 --scale 156 --wdl 0 --batch 4096 --seed 1 --threads 2
sha256sum "$work"/gen3-s60[456]-used.bin "$work"/gen4-s70[13]-used.bin "$work/validation.bin" \
  "$work/s601-train.bin" "$work/roque-gen4.nnue"
