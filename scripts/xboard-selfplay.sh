#!/usr/bin/env bash
# Roque against Roque (or XBOARD_SELFPLAY_OPPONENT) in XBoard 4.9.1
# (Debian's `xboard`) under Xvfb, over XBoard's own protocol (CECP),
# legality testing on: GAMES games of VARIANT at a fast clock. Fails on
# any `Illegal move` or `Error` in XBoard's debug log, on a game XBoard
# forfeits for an invalid move, when XBoard does not finish, or when Roque
# does not end with status 0 after XBoard's `quit`
# (XBoard 4.9.1 notices no crashed engine: the game goes on to a loss on
# time, so Roque runs under a wrapper that keeps its exit status).
# usage: scripts/xboard-selfplay.sh [ENGINE] [GAMES] [VARIANT] [OUT]
# (defaults: target/release/roque, 3, elven, a new directory under /tmp);
# XBOARD_SELFPLAY_TC and XBOARD_SELFPLAY_INC set the clock (0:20 and 0.2),
# XBOARD_SELFPLAY_LIMIT the seconds before the run counts as hung (600);
# XBOARD_SELFPLAY_OPPONENT another CECP engine as the second (e.g.
# /usr/games/fairymax), its `Error (unknown command)` lines not counted.
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
# Roque as XBoard starts it, in its own directory (first/, second/): its
# pid in `pid`, its exit status in `status` (none where XBoard killed the
# wrapper, as it does an engine that does not quit). Roque asks for no
# signal (sigint=0, sigterm=0), so the wrapper gets none meant for it.
printf '#!/bin/sh\nexec 3<&0\n"%s" <&3 3<&- &\necho $! >pid\nwait $!\necho $? >status\n' \
  "$engine" >"$out/roque.sh"
chmod +x "$out/roque.sh"
second=$out/roque.sh
sides="first second"
if [ -n "${XBOARD_SELFPLAY_OPPONENT:-}" ]; then
  # Started as it is (it may want XBoard's signals); its exit is not checked.
  second=$(command -v "$XBOARD_SELFPLAY_OPPONENT") ||
    { echo "xboard-selfplay: no opponent $XBOARD_SELFPLAY_OPPONENT" >&2; exit 2; }
  sides=first
fi
# A display of our own, free of any other run's: Xvfb picks a free one and
# writes its number once it takes connections.
Xvfb -displayfd 3 -screen 0 1280x1024x24 3>"$out/display" >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
for _ in $(seq 100); do [ -s "$out/display" ] && break; sleep 0.1; done
[ -s "$out/display" ] || { echo "xboard-selfplay: Xvfb did not start (log: $out/xvfb.log)" >&2; exit 1; }
display=:$(cat "$out/display")
started=$(date +%s)
DISPLAY=$display timeout "$limit" xboard -variant "$variant" \
  -fcp "$out/roque.sh" -fd "$out/first" -scp "$second" -sd "$out/second" \
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
# XBoard's debug lines that name a problem, less another opponent's
# `Error (unknown command)` (Fairy-Max's to `computer` and `result`).
debug_problems() {
  grep -hE 'Illegal move|Error' "$out/xboard.debug" 2>/dev/null |
    if [ "$sides" = first ]; then grep -v '<second: Error (unknown command)'; else cat; fi
}
problems=$( (debug_problems; grep -ho '{[^}]*invalid move[^}]*}' "$out/games.pgn" 2>/dev/null) |
  sort | uniq -c | sort -rn)
played=$(cat "$out/games.pgn" 2>/dev/null | grep -c '^\[Result')
# Roque's exit status after XBoard's `quit` (a few seconds to exit); one
# still running is stopped.
for side in $sides; do
  for _ in $(seq 50); do [ -s "$out/$side/status" ] && break; sleep 0.2; done
done
exits=""
for side in $sides; do
  code=$(cat "$out/$side/status" 2>/dev/null)
  if [ -z "$code" ]; then
    kill "$(cat "$out/$side/pid" 2>/dev/null)" 2>/dev/null
    exits="$exits $side: no exit status (it did not quit);"
  elif [ "$code" -ne 0 ]; then
    exits="$exits $side: exit status $code;"
  fi
done
if [ "$status" -ne 0 ]; then
  echo "xboard-selfplay: XBoard ended with status $status (124: still running after ${limit}s)" >&2
  exit 1
fi
if [ -n "$problems" ]; then
  echo "xboard-selfplay: problems in XBoard's debug log or games:" >&2
  echo "$problems" >&2
  exit 1
fi
if [ -n "$exits" ]; then
  echo "xboard-selfplay: Roque crashed or hung:$exits" >&2
  exit 1
fi
if [ "$played" -lt "$games" ]; then
  echo "xboard-selfplay: $played of $games games in $out/games.pgn" >&2
  exit 1
fi
echo "xboard-selfplay: no Illegal move, Error or invalid move in XBoard's log and games; Roque exited with status 0"
