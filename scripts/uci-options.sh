#!/usr/bin/env bash
# Starts a UCI engine with options set before the GUI speaks to it:
#   scripts/uci-options.sh <engine> ['Name=value' ...]
# For option names that ../shared/tools/match.py cannot pass, because it reads
# '_' in `option.NAME` as a space (UCI_LimitStrength, UCI_Elo, SyzygyPath):
#   match.py --engine cmd=scripts/uci-options.sh arg=/usr/games/stockfish \
#            arg=UCI_LimitStrength=true arg=UCI_Elo=1800 ...
# The `setoption` lines go first, then everything the GUI sends.
set -euo pipefail
engine="$1"
shift
setoptions=""
for pair in "$@"; do
    setoptions+="setoption name ${pair%%=*} value ${pair#*=}"$'\n'
done
exec "$engine" < <(printf '%s' "$setoptions"; exec cat)
