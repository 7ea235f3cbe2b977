#!/usr/bin/env bash
# Smoke test of the real native window: start the app under its own Xvfb display, wait for its
# window, and check that what it paints is not blank (more than 50 distinct colours). Records how
# long the window took to paint from launch and the process's memory once idle; the figures go to
# build/native-smoke-results.md (committed), they are never asserted as timings.
set -euo pipefail
BIN=${1:-build/bin/gstdesk}
OUT_DIR=build/e2e
RESULTS=build/native-smoke-results.md
mkdir -p "$OUT_DIR"
DATA=$(mktemp -d)
DISPLAY_NUM=$(( 90 + RANDOM % 100 ))
export DISPLAY=:$DISPLAY_NUM
Xvfb "$DISPLAY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
APP=""
cleanup() { [ -n "$APP" ] && kill "$APP" 2>/dev/null; kill "$XVFB" 2>/dev/null; rm -rf "$DATA"; }
trap cleanup EXIT
for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done

start=$(date +%s%N)
GSTDESK_DATA_DIR="$DATA" "$BIN" >"$OUT_DIR/native.log" 2>&1 &
APP=$!
paint_ms=""
colours=0
for _ in $(seq 300); do
  if ! kill -0 "$APP" 2>/dev/null; then echo "FAIL: gstdesk exited before painting"; cat "$OUT_DIR/native.log"; exit 1; fi
  if xdotool search --name '^gstdesk$' >/dev/null 2>&1; then
    import -window root "$OUT_DIR/native.png" 2>/dev/null || true
    colours=$(identify -format '%k' "$OUT_DIR/native.png" 2>/dev/null || echo 0)
    if [ "${colours:-0}" -gt 50 ]; then
      paint_ms=$(( ($(date +%s%N) - start) / 1000000 ))
      break
    fi
  fi
  sleep 0.05
done
if [ -z "$paint_ms" ]; then echo "FAIL: the window did not paint (colours: $colours)"; exit 1; fi
sleep 3 # idle
rss_kb=$(awk '/VmRSS/ {print $2}' /proc/$APP/status)
# WebKitGTK renders in child processes: count them too.
tree_kb=$rss_kb
for c in $(pgrep -P "$APP" || true); do
  k=$(awk '/VmRSS/ {print $2}' /proc/$c/status 2>/dev/null || echo 0); tree_kb=$((tree_kb + k))
done
import -window root "$OUT_DIR/native.png"
colours=$(identify -format '%k' "$OUT_DIR/native.png")
cat >"$RESULTS" <<MD
# Native window smoke test

Measured by \`make test-native\` (build/smoke-native.sh) under Xvfb 1280x800 on $(uname -m), $(nproc) cores, $(date -u +%Y-%m-%d).
Goals: paint under 1.5 s, idle memory under 150 MB. Recorded, not asserted.

| figure | value |
|---|---|
| launch to painted window | ${paint_ms} ms |
| gstdesk process RSS when idle | $((rss_kb / 1024)) MB |
| with WebKit child processes | $((tree_kb / 1024)) MB |
| distinct colours in the screenshot | ${colours} |
MD
cat "$RESULTS"
echo "PASS: native window painted in ${paint_ms} ms with ${colours} colours"
