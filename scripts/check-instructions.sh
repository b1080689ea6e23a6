#!/bin/sh
# Instructions per line of `satbox check --compact` on 3,000 random 3D lines (examples/random_cases.rs),
# counted by valgrind's callgrind, in all and by part. Usage: scripts/check-instructions.sh [LINES]
# (valgrind runs the code paths of a CPU without AVX-512: it does not emulate those instructions)
set -eu
cd "$(dirname "$0")/.."
n=${1:-3000}
cargo build --release --quiet --bin satbox --example random_cases
target="${CARGO_TARGET_DIR:-target}/release"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$target/examples/random_cases" "$n" > "$dir/cases.jsonl"
valgrind --tool=callgrind --callgrind-out-file="$dir/out" \
    "$target/satbox" check --compact --threads 1 "$dir/cases.jsonl" > /dev/null 2> "$dir/log"
callgrind_annotate --inclusive=yes "$dir/out" > "$dir/annotated" 2>/dev/null
part() {
    grep -F "$1" "$dir/annotated" | head -1 | awk -v n="$n" '{ gsub(",", "", $1); printf "%.0f", $1 / n }'
}
total=$(grep "PROGRAM TOTALS" "$dir/annotated" | awk -v n="$n" '{ gsub(",", "", $1); printf "%.0f", $1 / n }')
echo "| part | instructions per line |"
echo "|---|---:|"
echo "| splitting the input into lines | $(part 'cli::pipeline::read_chunk') |"
echo "| reading a line into two boxes | $(part 'scene::plain::read_plain_pair') |"
echo "| verdicts (SAT) | $(part 'dim3::verdicts_with') |"
echo "| contact manifold | $(part 'manifold::build::manifold3') |"
echo "| exact distance | $(part 'distance::separation3') |"
echo "| GJK and EPA (\"gjk\") | $(part 'sat::gjk::query ') |"
echo "| of which EPA (when they overlap) | $(part 'gjk::epa::epa ') |"
echo "| writing the answer | $(part 'cli::json::WriteJson>::write_json') |"
echo "| **all**, start-up included | **$total** |"
