#!/bin/sh
# Throughput and peak memory of `satbox check --compact` on 10,000 and 1,000,000 random 3D lines
# (examples/random_cases.rs), measured with /usr/bin/time -v, on 1 thread, on 2, and on every core
# (the default). Usage: scripts/check-throughput.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin satbox --example random_cases
target="${CARGO_TARGET_DIR:-target}/release"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cores=$(nproc)
for n in 10000 1000000; do
    "$target/examples/random_cases" "$n" > "$dir/cases.jsonl"
  for threads in 1 2 "$cores"; do
    /usr/bin/time -v "$target/satbox" check --compact --threads "$threads" "$dir/cases.jsonl" \
        > "$dir/answers.jsonl" 2> "$dir/time.txt"
    secs=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$dir/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$dir/time.txt")
    lines=$(wc -l < "$dir/answers.jsonl")
    size=$(du -m "$dir/cases.jsonl" | cut -f1)
    awk -v n="$n" -v l="$lines" -v s="$secs" -v r="$rss" -v m="$size" -v t="$threads" 'BEGIN {
        printf "%8d lines (%d MB in), %2d threads: %6.2f s, %9.0f lines/s, peak RSS %.1f MB, %d answers\n", n, m, t, s, (s > 0 ? n / s : 0), r / 1024, l
    }'
  done
done
