#!/usr/bin/env bash
# `make release`: every release artefact into dist/, each tested where it
# can run.
#
#   roque-<version>-linux-x86-64            any x86-64 CPU (no POPCNT)
#   roque-<version>-linux-x86-64-v2         POPCNT, SSE4.2 (2009 on): the
#                                           plain `cargo build --release`
#   roque-<version>-linux-x86-64-v3         AVX2, BMI2 (PEXT sliders)
#   roque-<version>-linux-x86-64-v4         AVX-512
#   roque-<version>-windows-x86-64-v2.exe   the same levels for Windows
#   roque-<version>-windows-x86-64-v3.exe   (x86_64-pc-windows-gnu, mingw-w64)
#   roque-<version>-linux-aarch64           64-bit ARM (NEON is its baseline)
#
# Below v3 the network's vector code still takes AVX2 or AVX-512 at run
# time where the CPU has them. Tests: every x86-64 Linux build this CPU can
# run plays `bench 6` with the node count of the plain build; a level this
# CPU lacks must refuse with its message (src/cpu.rs); under `qemu-x86_64
# -cpu Nehalem` (a CPU without AVX) the v3 build must refuse and the v2
# build play `bench 6`, where qemu-user is installed; the Windows builds run `bench 6` under Wine where it is
# installed; the aarch64 build runs `bench 6` and perft under qemu-aarch64.
# Needs: rustup targets x86_64-pc-windows-gnu and aarch64-unknown-linux-gnu,
# Debian's gcc-mingw-w64-x86-64 and gcc-aarch64-linux-gnu (linkers named in
# .cargo/config.toml); qemu-user and wine64 for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
mkdir -p dist
failures=0
fail() {
    echo "release: FAILED: $*" >&2
    failures=$((failures + 1))
}

# build <name> <target> <rustflags>: dist/roque-<version>-<name>[.exe]
build() {
    local name=$1 target=$2 flags=$3 ext=""
    [[ $target == *windows* ]] && ext=.exe
    echo "release: building $name ($target, ${flags:-no flags})"
    RUSTFLAGS="$flags" cargo build --quiet --release --bin roque --target "$target" --target-dir "target/dist-$name"
    cp "target/dist-$name/$target/release/roque$ext" "dist/roque-$version-$name$ext"
}

# The node count of `bench 6`: the last line's first number.
bench_nodes() {
    "$@" bench 6 2>/dev/null | tail -1 | cut -d' ' -f1
}

build linux-x86-64 x86_64-unknown-linux-gnu "-C target-cpu=x86-64"
build linux-x86-64-v2 x86_64-unknown-linux-gnu "-C target-cpu=x86-64-v2"
build linux-x86-64-v3 x86_64-unknown-linux-gnu "-C target-cpu=x86-64-v3"
build linux-x86-64-v4 x86_64-unknown-linux-gnu "-C target-cpu=x86-64-v4"
build windows-x86-64-v2 x86_64-pc-windows-gnu "-C target-cpu=x86-64-v2"
build windows-x86-64-v3 x86_64-pc-windows-gnu "-C target-cpu=x86-64-v3"
build linux-aarch64 aarch64-unknown-linux-gnu ""

expected=$(bench_nodes "dist/roque-$version-linux-x86-64-v2")
echo "release: bench 6 of the v2 build: $expected nodes"
flags=$(grep -m1 '^flags' /proc/cpuinfo)
for level in x86-64 x86-64-v2 x86-64-v3 x86-64-v4; do
    binary="dist/roque-$version-linux-$level"
    runs=yes
    [[ $level == x86-64-v3 && $flags != *" avx2"* ]] && runs=no
    [[ $level == x86-64-v4 && $flags != *" avx512bw"* ]] && runs=no
    if [[ $runs == yes ]]; then
        nodes=$(bench_nodes "$binary")
        [[ $nodes == "$expected" ]] && echo "release: $level: bench 6 $nodes nodes, ok" || fail "$level: bench 6 gave $nodes nodes"
    elif ("$binary" bench 1 2>&1 || true) | grep -q "needs instructions this CPU does not have"; then
        echo "release: $level: refused on this CPU with its message, ok"
    else
        fail "$level: on a CPU without its instructions it did not say so"
    fi
done
if command -v qemu-x86_64 >/dev/null; then
    # Nehalem (2008): SSE4.2 and POPCNT, no AVX.
    if (qemu-x86_64 -cpu Nehalem "dist/roque-$version-linux-x86-64-v3" bench 1 2>&1 || true) | grep -q "needs instructions"; then
        echo "release: x86-64-v3 under qemu-x86_64 -cpu Nehalem: refused with its message, ok"
    else
        fail "x86-64-v3 under a CPU without AVX2 did not say so"
    fi
    nodes=$(bench_nodes qemu-x86_64 -cpu Nehalem "dist/roque-$version-linux-x86-64-v2")
    [[ $nodes == "$expected" ]] && echo "release: x86-64-v2 under qemu-x86_64 -cpu Nehalem: bench 6 $nodes nodes, ok" ||
        fail "x86-64-v2 under Nehalem: bench 6 gave $nodes"
fi
if command -v wine64 >/dev/null || command -v wine >/dev/null; then
    wine=$(command -v wine64 || command -v wine)
    # Wine before 9 lacks ProcessPrng, which Rust's standard library calls
    # at start-up: a stand-in DLL beside a test copy of the .exe (never in
    # dist/), scripts/wine/bcryptprimitives.c.
    test_dir=target/wine-test
    mkdir -p "$test_dir"
    major=$("$wine" --version 2>/dev/null | sed -n 's/^wine-\([0-9]*\).*/\1/p')
    if [[ ${major:-0} -lt 9 ]]; then
        x86_64-w64-mingw32-gcc -shared -O2 -o "$test_dir/bcryptprimitives.dll" scripts/wine/bcryptprimitives.c -ladvapi32
    fi
    export WINEDEBUG=-all
    for level in x86-64-v2 x86-64-v3; do
        [[ $level == x86-64-v3 && $flags != *" avx2"* ]] && continue
        cp "dist/roque-$version-windows-$level.exe" "$test_dir/roque.exe"
        nodes=$(bench_nodes "$wine" "$test_dir/roque.exe" | tr -d '\r')
        [[ $nodes == "$expected" ]] && echo "release: windows $level under Wine $major: bench 6 $nodes nodes, ok" ||
            fail "windows $level under Wine: bench 6 gave '$nodes'"
    done
    # A short match through the UCI loop under Wine: the Windows engine
    # against the Linux one, where python-chess is installed.
    if python3 -c 'import chess.engine' 2>/dev/null; then
        if python3 scripts/release-match.py "$wine" "$test_dir/roque.exe" "dist/roque-$version-linux-x86-64-v2"; then
            echo "release: windows under Wine: games through the UCI loop, ok"
        else
            fail "windows under Wine: the games through the UCI loop"
        fi
    fi
else
    echo "release: note: Wine is not installed; the Windows builds were not run"
fi
if command -v qemu-aarch64 >/dev/null; then
    arm=(qemu-aarch64 -L /usr/aarch64-linux-gnu "dist/roque-$version-linux-aarch64")
    nodes=$(bench_nodes "${arm[@]}")
    [[ $nodes == "$expected" ]] && echo "release: aarch64 under qemu: bench 6 $nodes nodes, ok" || fail "aarch64: bench 6 gave $nodes"
    # Perft from the start (depth 5) and Kiwipete (depth 4).
    start=$("${arm[@]}" perft 5 2>/dev/null | tail -1)
    kiwi=$("${arm[@]}" perft 4 r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 2>/dev/null | tail -1)
    [[ $start == "Nodes searched: 4865609" && $kiwi == "Nodes searched: 4085603" ]] &&
        echo "release: aarch64 under qemu: perft 5 start and perft 4 Kiwipete exact, ok" ||
        fail "aarch64 perft: '$start', '$kiwi'"
else
    echo "release: note: qemu-user is not installed; the aarch64 build was not run"
fi
ls -l dist/
[[ $failures == 0 ]] || exit 1
