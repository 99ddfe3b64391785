#!/usr/bin/env bash
# Roque against Roque in XBoard 4.9.1 (Debian's `xboard`) under Xvfb, over
# XBoard's own protocol (CECP), legality testing on: GAMES games of VARIANT
# at a fast clock. Fails on any `Illegal move` or `Error` in XBoard's debug
# log, on a game XBoard forfeits for an invalid move, or when XBoard does
# not finish.
# usage: scripts/xboard-selfplay.sh [ENGINE] [GAMES] [VARIANT] [OUT]
# (defaults: target/release/roque, 3, elven, a new directory under /tmp);
# XBOARD_SELFPLAY_TC and XBOARD_SELFPLAY_INC set the clock (0:20 and 0.2),
# XBOARD_SELFPLAY_LIMIT the seconds before the run counts as hung (600).
# Needs: apt-get install -y xboard xvfb
set -u
engine=$(readlink -f "${1:-target/release/roque}")
games=${2:-3}
variant=${3:-elven}
out=${4:-$(mktemp -d /tmp/xboard-selfplay.XXXXXX)}
# Seconds XBoard is given before the run counts as hung.
limit=${XBOARD_SELFPLAY_LIMIT:-600}
# The clock: XBoard's -tc (minutes:seconds) and -inc (seconds).
tc=${XBOARD_SELFPLAY_TC:-0:20}
inc=${XBOARD_SELFPLAY_INC:-0.2}
export PATH=/usr/games:$PATH
for tool in xboard Xvfb; do
  command -v "$tool" >/dev/null || { echo "xboard-selfplay: $tool is not installed" >&2; exit 2; }
done
[ -x "$engine" ] || { echo "xboard-selfplay: no engine at $engine" >&2; exit 2; }
mkdir -p "$out/first" "$out/second"
# A display of our own, free of any other run's.
display=:$((90 + RANDOM % 400))
Xvfb "$display" -screen 0 1280x1024x24 >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 2
started=$(date +%s)
DISPLAY=$display timeout "$limit" xboard -variant "$variant" \
  -fcp "$engine" -fd "$out/first" -scp "$engine" -sd "$out/second" \
  -matchMode true -matchGames "$games" -tc "$tc" -inc "$inc" -testLegality true \
  -saveGameFile "$out/games.pgn" -debugMode true -nameOfDebugFile "$out/xboard.debug" \
  -saveSettingsOnExit false -popupExitMessage false -autoCallFlag true >"$out/xboard.out" 2>&1
status=$?
elapsed=$(($(date +%s) - started))
echo "xboard-selfplay: $variant, $games games, ${elapsed}s, logs in $out"
echo "results:"
grep -h '^\[Result' "$out/games.pgn" 2>/dev/null | sort | uniq -c
echo "terminations:"
grep -ho '{[^}]*} \(1-0\|0-1\|1/2-1/2\|\*\)' "$out/games.pgn" 2>/dev/null | sort | uniq -c
problems=$( (grep -hE 'Illegal move|Error' "$out/xboard.debug"; grep -ho '{[^}]*invalid move[^}]*}' "$out/games.pgn") \
  2>/dev/null | sort | uniq -c | sort -rn)
played=$(grep -c '^\[Result' "$out/games.pgn" 2>/dev/null || echo 0)
if [ "$status" -ne 0 ]; then
  echo "xboard-selfplay: XBoard ended with status $status (124: still running after ${limit}s)" >&2
  exit 1
fi
if [ -n "$problems" ]; then
  echo "xboard-selfplay: problems in XBoard's debug log or games:" >&2
  echo "$problems" >&2
  exit 1
fi
if [ "$played" -lt "$games" ]; then
  echo "xboard-selfplay: $played of $games games in $out/games.pgn" >&2
  exit 1
fi
echo "xboard-selfplay: no Illegal move, Error or invalid move in XBoard's log and games"
