#!/usr/bin/env bash
# Runs the five cargo-fuzz targets side by side for SECONDS each, from seed
# corpora:
#   fen          any text as a chess FEN (seeds: the perft suites' FENs)
#   uci_command  any bytes through the line reader and command parser
#   variant_fen  any text as a FEN of any variant (Elven Chess included),
#                first line the variant's name (seeds: every variant's bench
#                positions, the variant perft suites, Elven Chess's rule
#                positions)
#   session      any bytes as a GUI session through the real command loop,
#                searches bounded (seeds: a session in every variant)
#   xboard       any bytes as an XBoard (CECP) session through its command
#                loop (seeds: a game in every announced variant, analysis,
#                pondering, undo, Elven Chess's legs and passes)
# Without seeds libFuzzer rarely forms a valid FEN and stays in the parsers'
# rejection paths. A crash stops its target, leaves the input in
# fuzz/artifacts/<target>/, and makes this script fail.
# Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (default 240, all five)
set -euo pipefail
seconds=${1:-240}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen uci_command variant_fen session xboard)
cd "$(dirname "$0")/.."
if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz.sh: a nightly toolchain is needed: rustup toolchain install nightly" >&2
    exit 1
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-fuzz is needed: cargo install cargo-fuzz" >&2
    exit 1
fi
# The engine writes the variants' seed positions.
cargo build --release --quiet
roque=$PWD/target/release/roque
cd fuzz
# The corpora the fuzzers write to, and the seeds they start from: all made
# here, so that a fresh clone runs.
for target in fen uci_command variant_fen session xboard; do
    mkdir -p "corpus/$target" "corpus/$target-seeds"
done
n=0
for suite in ../tests/data/perft-standard.epd ../tests/data/perft-960.epd ../tests/data/perft-tricky.epd; do
    while IFS= read -r line; do
        n=$((n + 1))
        printf '%s' "${line%%;*}" >"corpus/fen-seeds/$n"
    done <"$suite"
done
seeds=corpus/uci_command-seeds
printf 'uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo wtime 1000 btime 1000 winc 10 binc 10\nstop\nquit\n' >$seeds/session
printf 'setoption name Hash value 64\nsetoption name UCI_Chess960 value true\nsetoption name Clear Hash\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\ngo depth 5 searchmoves e7e5\n' >$seeds/options
printf 'position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 moves e1g1 a8b8\ngo perft 3\ngo ponder movetime 100 nodes 5 mate 3 infinite movestogo 4\nponderhit\ndebug on\nd\neval\n' >$seeds/commands
printf 'setoption name MultiPV value 3\nsetoption name Threads value 2\nsetoption name Move Overhead value 30\nsetoption name UCI_ShowWDL value true\nsetoption name Ponder value false\n' >$seeds/setoption
variants="losers placement vandien reinforced returning ghost marseillais progressive camps turning mined"
seeds=corpus/variant_fen-seeds
for variant in $variants; do
    n=0
    "$roque" bench --variant "$variant" 1 | sed -n 's/^position .*  //p' >"$seeds/list"
    while IFS= read -r fen; do
        n=$((n + 1))
        printf '%s\n%s' "$variant" "$fen" >"$seeds/$variant-bench-$n"
    done <"$seeds/list"
done
"$roque" bench --variant elven 1 | sed -n 's/^position .*  //p' >"$seeds/list"
n=0
while IFS= read -r fen; do
    n=$((n + 1))
    printf 'elven\n%s' "$fen" >"$seeds/elven-bench-$n"
done <"$seeds/list"
# Elven Chess's rule positions (tests/data/elven/positions.txt).
n=0
grep -v '^#' ../tests/data/elven/positions.txt | grep -v '^$' | while IFS= read -r line; do
    n=$((n + 1))
    printf 'elven\n%s' "${line%% ;*}" >"$seeds/elven-rules-$n"
done
rm -f "$seeds/list"
# The variant perft suites: "variant;fen;..." lines, or one variant's FENs.
for suite in turns-perft mined-perft losing-perft:losers placement-fairy-perft:placement losers-fairy-perft:losers; do
    file=${suite%%:*}
    n=0
    grep -v '^#' "../tests/data/$file.epd" | while IFS= read -r line; do
        n=$((n + 1))
        if [ "$file" = "${suite#*:}" ]; then
            variant=${line%%;*}
            rest=${line#*;}
            fen=${rest%%;*}
        else
            variant=${suite#*:}
            fen=${line%%;*}
        fi
        printf '%s\n%s' "$variant" "$fen" >"$seeds/$file-$n"
    done
done
seeds=corpus/session-seeds
for variant in $variants; do
    printf 'uci\nsetoption name UCI_Variant value %s\nucinewgame\nposition startpos\ngo perft 2\ngo depth 2\nd\neval\nisready\n' "$variant" >"$seeds/$variant"
done
printf 'setoption name UCI_Variant value mined\nsetoption name Mines value white c3 f6\nposition startpos moves e2e4 e7e5 g1f3* M@??\ngo nodes 500\nd\n' >$seeds/mined-moves
printf 'setoption name UCI_Variant value returning\nposition startpos moves e2e4 d7d5 e4d5\ngo perft 1\ngo depth 3\n' >$seeds/returning-moves
printf 'setoption name UCI_Variant value marseillais\nsetoption name Marseillais Balanced value true\nposition startpos moves e2e4 e7e5 d7d5\ngo infinite\nstop\nsetoption name MultiPV value 3\ngo depth 3 searchmoves d2d4\n' >$seeds/marseillais-moves
printf 'setoption name UCI_Variant value turning\nsetoption name Turning Moves value 2\nposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\ngo ponder\nponderhit\nd\n' >$seeds/turning-moves
printf 'setoption name UCI_Variant value placement\nposition startpos moves K@e1 k@e8\ngo perft 2\nd\n' >$seeds/placement-moves
printf 'uci\nsetoption name UCI_Variant value elven\nucinewgame\nposition startpos moves e3e5 f8f6 e2e4\ngo perft 2\ngo depth 2\nd\neval\nisready\n' >$seeds/elven
printf 'setoption name UCI_Variant value elven\nposition fen 9k/10/10/10/7n2/4w5/3P2W3/10/10/K9 w - - 0 1 moves d4e5\ngo perft 1\ngo nodes 500 searchmoves h6g4 a1a2\nposition fen 9k/10/10/10/4nn4/4W5/10/10/10/K9 w - - 0 1 moves e5e6f6\nd\n' >$seeds/elven-moves
printf 'setoption name UCI_Chess960 value true\nsetoption name UCI_Variant value ghost\nposition fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q*2/PPPP1PPP/RNB1KBNR w KQkq - 0 3\ngo depth 3\n' >$seeds/ghost-fen
seeds=corpus/xboard-seeds
printf 'protover 2\nnew\nlevel 40 0:05 0\npost\nhard\nusermove e2e4\ntime 500\notim 500\nusermove d2d4\n?\nping 3\nundo\nremove\ndraw\nhint\nresult 1/2-1/2 {agreed}\n' >$seeds/chess
printf 'protover 2\nnew\nvariant fischerandom\nforce\nsetboard bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1\nsd 2\ngo\nforce\nusermove O-O\nplayother\n' >$seeds/fischerandom
printf 'protover 2\nnew\nvariant losers\nst 1\nusermove e2e4\nusermove d7d5\nanalyze\nusermove e4d5\n.\nexclude d8d5\ninclude all\nexit\n' >$seeds/losers
printf 'protover 2\nnew\nvariant elven\nforce\nusermove e2e4\nusermove e7e5\nsetboard 9k/10/10/10/7n2/4w5/3P2L3/10/10/K9 w - - 0 1\nusermove g3h4,h4i5\nusermove @@@@\nsd 2\ngo\n' >$seeds/elven
printf 'protover 2\nnew\nvariant normal\noption Threads=2\nnps 1000\nst 0.1\ngo\neasy\nnew\nsetboard 8/8/8/8/8/8/8/k6K w - - 0 1\nanalyze\nundo\nexit\nquit\n' >$seeds/options
cargo +nightly fuzz build -O
pids=()
for target in "${targets[@]}"; do
    # A session (UCI or XBoard) spawns search threads and searches: a slow input is a
    # hang only after 20 s. Its leak check is off: the first input to reach
    # a thread-local of the standard library registers its destructor (32
    # bytes, freed when the thread ends), which LeakSanitizer reports as a
    # leak of that input.
    leaks=1
    [ "$target" = session ] || [ "$target" = xboard ] && leaks=0
    cargo +nightly fuzz run -O "$target" "corpus/$target" "corpus/$target-seeds" -- \
        -max_total_time="$seconds" -max_len=4096 -timeout=20 -print_final_stats=1 -detect_leaks=$leaks \
        >"corpus/$target.log" 2>&1 &
    pids+=($!)
done
status=0
for i in "${!targets[@]}"; do
    if wait "${pids[$i]}"; then
        result=ok
    else
        result="FAILED (see fuzz/corpus/${targets[$i]}.log and fuzz/artifacts/${targets[$i]}/)"
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "corpus/${targets[$i]}.log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "corpus/${targets[$i]}.log" | tail -1)
    echo "${targets[$i]}: ${runs:-?} inputs, ${cov:-cov: ?}, $result"
done
exit $status
