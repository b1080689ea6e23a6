#!/bin/sh
# Instructions per pair of the main paths, counted by valgrind's callgrind (repeatable on a noisy
# machine, unlike times): each method runs over the mixed 3D set of the bench (4096 pairs) 1 and 5
# times; the difference divided by 4 × 4096 is the count per pair, set-up excluded.
# Usage: scripts/callgrind.sh [set]   (set: separated, mixed, overlapping, touch_mixed, touch_separated)
set -eu
cd "$(dirname "$0")/.."
set_name=${1:-mixed}
# the bench's own executable (cargo may also list the satbox binary it builds)
bin=$(cargo bench --bench sat --no-run --message-format=json 2>/dev/null |
    grep '"kind":\["bench"\]' | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
[ -x "$bin" ] || { echo "no bench binary" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
count() {
    SATBOX_BENCH_PROFILE="$1:$set_name:$2" valgrind --tool=callgrind --callgrind-out-file="$dir/out" \
        "$bin" --bench >/dev/null 2>"$dir/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$dir/log"
}
printf '| method (%s set) | instructions per pair |\n|---|---:|\n' "$set_name"
for m in satbox_intersects satbox_frame_intersects satbox_intersects_many rtcd_port \
    parry_intersection_test satbox_report satbox_verdicts satbox_frame_verdicts parry_contact \
    satbox_manifold parry_contact_manifold; do
    one=$(count "$m" 1)
    five=$(count "$m" 5)
    echo "$m $one $five" | awk '{ printf "| %s | %.0f |\n", $1, ($3 - $2) / (4 * 4096) }'
done
