#!/usr/bin/env bash
# Runs both cargo-fuzz targets (the FEN parser, the UCI command parser) for
# SECONDS each, side by side, from seed corpora: the FENs of the perft suites
# and a few GUI sessions. Without seeds libFuzzer rarely forms a valid FEN
# and stays in the parsers' rejection paths.
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Usage: scripts/fuzz.sh [SECONDS]   (default 240)
set -euo pipefail
seconds=${1:-240}
cd "$(dirname "$0")/../fuzz"
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz.sh: a nightly toolchain is needed: rustup toolchain install nightly" >&2
    exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-fuzz is needed: cargo install cargo-fuzz" >&2
    exit 1
fi
# The corpora the fuzzers write to, and the seeds they start from: all made
# here, so that a fresh clone runs.
mkdir -p corpus/fen corpus/uci_command corpus/fen-seeds corpus/uci-seeds
n=0
for suite in ../tests/data/perft-standard.epd ../tests/data/perft-960.epd ../tests/data/perft-tricky.epd; do
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "${line%%;*}" >"corpus/fen-seeds/$n"
    done <"$suite"
done
printf 'uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo wtime 1000 btime 1000 winc 10 binc 10\nstop\nquit\n' >corpus/uci-seeds/session
printf 'setoption name Hash value 64\nsetoption name UCI_Chess960 value true\nsetoption name Clear Hash\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\ngo depth 5 searchmoves e7e5\n' >corpus/uci-seeds/options
printf 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1 a8b8\ngo perft 3\ngo ponder movetime 100 nodes 5 mate 3 infinite movestogo 4\nponderhit\ndebug on\nd\neval\n' >corpus/uci-seeds/commands
printf 'setoption name MultiPV value 3\nsetoption name Threads value 2\nsetoption name Move Overhead value 30\nsetoption name UCI_ShowWDL value true\nsetoption name Ponder value false\n' >corpus/uci-seeds/setoption
cargo +nightly fuzz build -O
cargo +nightly fuzz run -O fen corpus/fen corpus/fen-seeds -- -max_total_time="$seconds" &
fen=$!
cargo +nightly fuzz run -O uci_command corpus/uci_command corpus/uci-seeds -- -max_total_time="$seconds" -max_len=4096
wait "$fen"
