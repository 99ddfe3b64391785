#!/usr/bin/env bash
# The UCI_Elo calibration table of docs/strength-levels.md.
#
#   scripts/calibrate.sh stockfish [elo ...]   Roque at UCI_Elo E against Stockfish 15.1 at
#                                              UCI_Elo E, for each E (default 1400 1800 2200)
#   scripts/calibrate.sh ladder [low:high ...] Roque at UCI_Elo low against Roque at high, for
#                                              levels below Stockfish's 1350 (default
#                                              1200:1400 1000:1200 800:1000 600:800); a level 200 below should
#                                              score about 24%
#
# Environment: GAMES (100), TC (10+0.1; the Stockfish matches), NODES (the ladder's cap per move,
# 1000000: far above any budget, so the levels' own budgets decide), SEED (1), PGN_DIR (games
# written there as calibrate-<name>.pgn, default /tmp). Timed matches run one game at a time under
# flock /tmp/roque-timed-match.lock, so that no two timed matches share the machine.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-stockfish}"
shift || true
GAMES="${GAMES:-100}"
TC="${TC:-10+0.1}"
NODES="${NODES:-1000000}"
SEED="${SEED:-1}"
PGN_DIR="${PGN_DIR:-/tmp}"
cargo build --release --quiet
# A copy, so that a rebuild during a long run does not change the engine.
roque="$(mktemp /tmp/roque-calibrate.XXXXXX)"
cp target/release/roque "$roque"
chmod +x "$roque"
trap 'rm -f "$roque"' EXIT
limited() { # <binary> <elo>
    echo "cmd=scripts/uci-options.sh arg=$1 arg=UCI_LimitStrength=true arg=UCI_Elo=$2"
}
case "$mode" in
stockfish)
    for elo in "${@:-1400 1800 2200}"; do
        for e in $elo; do
            # shellcheck disable=SC2046
            flock /tmp/roque-timed-match.lock python3 ../shared/tools/match.py \
                --engine $(limited "$roque" "$e") name="Roque-$e" \
                --engine $(limited /usr/games/stockfish "$e") name="Stockfish-$e" \
                --tc "$TC" --games "$GAMES" --concurrency 1 --openings ../shared/data/openings.epd \
                --seed "$((SEED + e))" --pgn "$PGN_DIR/calibrate-stockfish-$e.pgn" | tail -n 1
        done
    done
    ;;
ladder)
    for pair in "${@:-1200:1400 1000:1200 800:1000 600:800}"; do
        for p in $pair; do
            low="${p%%:*}"
            high="${p#*:}"
            # shellcheck disable=SC2046
            python3 ../shared/tools/match.py \
                --engine $(limited "$roque" "$low") name="Roque-$low" \
                --engine $(limited "$roque" "$high") name="Roque-$high" \
                --nodes "$NODES" --games "$GAMES" --concurrency 1 --openings ../shared/data/openings.epd \
                --seed "$((SEED + low))" --pgn "$PGN_DIR/calibrate-ladder-$low-$high.pgn" | tail -n 1
        done
    done
    ;;
*)
    echo "usage: scripts/calibrate.sh stockfish [elo ...] | ladder [low:high ...]" >&2
    exit 1
    ;;
esac
