#!/bin/sh
# The window's own work in one frame, counted in instructions by valgrind's callgrind (the same
# count on every run, where the time of benches/window.rs moves by a quarter on a busy machine):
# the start-up 3D scene's frame with the panel alone and with the GJK/EPA window open, and the
# difference. Each is (instructions of 120 frames − of 20 frames) / 100: what a frame costs once
# the window is laid out and GJK/EPA's trace kept. Usage: scripts/window-instructions.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet --example window_frames
run="${CARGO_TARGET_DIR:-target}/release/examples/window_frames"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
count() {
    valgrind --tool=callgrind --callgrind-out-file="$dir/out" "$run" "$@" > /dev/null 2>&1
    callgrind_annotate "$dir/out" 2>/dev/null | grep 'PROGRAM TOTALS' | awk '{ gsub(",", "", $1); print $1 }'
}
per_frame() {
    echo $((($(count 120 "$@") - $(count 20 "$@")) / 100))
}
panel=$(per_frame)
gjk=$(per_frame gjk)
echo "| frame | instructions |"
echo "|---|---:|"
echo "| the panel | $panel |"
echo "| the panel and the GJK/EPA window | $gjk |"
echo "| the GJK/EPA window's share | $((gjk - panel)) |"
