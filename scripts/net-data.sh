# Shell functions the network recipes share (scripts/make-gen4.sh and
# later): sourced with `work` set to the work directory.
#   slice <in> <out> <from> <count>: records [from, from + count) of a
#     datagen file (32 bytes each);
#   records <file>: how many records it holds (0 when absent);
#   build <commit>: roque and roque-train of that commit, built once in a
#     worktree, as $work/roque-<commit> and $work/roque-train-<commit>.
slice() { dd if="$1" of="$2" bs=32 skip="$3" count="$4" status=none; }
records() { echo $(( $(stat -c %s "$1" 2>/dev/null || echo 0) / 32 )); }

build() {
  if [ ! -x "$work/roque-$1" ]; then
    git worktree add --detach "$work/src-$1" "$1"
    (cd "$work/src-$1" && cargo build --release && cp target/release/roque "$work/roque-$1" &&
      cp target/release/roque-train "$work/roque-train-$1")
    git worktree remove --force "$work/src-$1"
  fi
}
