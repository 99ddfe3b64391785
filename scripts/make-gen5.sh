#!/usr/bin/env bash
# How the generation-5 network is made (docs/network.md): generation 4's
# data (scripts/make-gen4.sh, run first in the same work directory) and
# recipe, with more self-play: the rest of seeds 701 and 703 (generation
# 3's), seeds 801 to 804 (generation 3's, on the lent 16-core machine), and
# generation 4's own self-play, seeds 901 to 904 (the lent machine) and 711
# and 713. Hours of CPU for the self-play: run it in the background; every
# step is skipped once its file is complete.
#
#   scripts/make-gen5.sh <work-dir>
#
# Each file is one `roque datagen` run of a given build and seed, cut at a
# given number of records (the same build and seed make the same records,
# whatever --threads). The trainer is the build of 5c6d35e, as for
# generation 4.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:?usage: scripts/make-gen5.sh <work-dir>}
scripts/make-gen4.sh "$work"
work=$(cd "$work" && pwd)
# shellcheck source=scripts/net-data.sh
. scripts/net-data.sh

# Self-play, 5,000 nodes a move, the build's own network inside (generation
# 3 for 513e756, generation 4 for 2e887cc); records [from, from + count) of
# the file are used.
selfplay() { # commit name seed from count [extra datagen arguments]
  local commit=$1 name=$2 seed=$3 from=$4 count=$5 file="$work/$2-s$3.bin"
  shift 5
  build "$commit"
  if [ "$(records "$file")" -lt $((from + count)) ]; then
    (cd "$work" && exec "./roque-$commit" datagen --output "$file" --threads 2 --seed "$seed" --eval nnue "$@") &
    local generator=$!
    while [ "$(records "$file")" -lt $((from + count)) ] && kill -0 "$generator" 2>/dev/null; do sleep 10; done
    kill "$generator" 2>/dev/null || true
    wait "$generator" || true
  fi
  slice "$file" "$work/$name-s$seed-gen5.bin" "$from" "$count"
}
unbalanced="--book unbalanced-s1.epd --play-out 25"
# shellcheck disable=SC2086
{
  selfplay 513e756 gen4 701 1255287 989317
  selfplay 513e756 gen4 703 574847 962076 $unbalanced
  selfplay 513e756 gen4 801 0 138789
  selfplay 513e756 gen4 802 0 138505
  selfplay 513e756 gen4 803 0 136103 $unbalanced
  selfplay 513e756 gen4 804 0 135597 $unbalanced
  selfplay 2e887cc gen5 901 0 239016
  selfplay 2e887cc gen5 902 0 239589
  selfplay 2e887cc gen5 903 0 232741 $unbalanced
  selfplay 2e887cc gen5 904 0 232448 $unbalanced
  selfplay 2e887cc gen5 711 0 465017
  selfplay 2e887cc gen5 713 0 442733 $unbalanced
}

# Training: generation 4's recipe on every file.
"$work/roque-train-5c6d35e" "$work/s601-train.bin" "$work"/gen3-s60[456]-used.bin \
  "$work/gen4-s701-used.bin" "$work/gen4-s703-used.bin" "$work"/gen[45]-s*-gen5.bin \
  --validation "$work/validation.bin" --out "$work/roque-gen5.nnue" --checkpoint "$work/gen5.checkpoint" \
  --epochs 20 --scale 156 --wdl 0 --batch 4096 --seed 1 --threads 2
sha256sum "$work"/gen[45]-s*-gen5.bin "$work/roque-gen5.nnue"
