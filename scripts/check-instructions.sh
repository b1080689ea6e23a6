#!/bin/sh
# Instructions per line of `satbox check --compact --threads 1`, counted by valgrind's callgrind:
# first on LINES random 3D lines (examples/random_cases.rs) by part, then on the same pairs in
# every encoding check reads and as other programs write numbers (scripts/check-corpus.py), each
# file's instructions a line in all and in reading. Usage: scripts/check-instructions.sh [LINES]
# (SATBOX=path measures another build, e.g. the commit before, on the same files.)
# (valgrind runs the code paths of a CPU without AVX-512: it does not emulate those instructions)
set -eu
cd "$(dirname "$0")/.."
n=${1:-3000}
cargo build --release --quiet --bin satbox --example random_cases
target="${CARGO_TARGET_DIR:-target}/release"
satbox=${SATBOX:-$target/satbox}
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
"$target/examples/random_cases" "$n" > "$dir/cases.jsonl"

# callgrind's annotated profile of check on file $1, in $dir/annotated
profile() {
    valgrind --tool=callgrind --callgrind-out-file="$dir/out" \
        "$satbox" check --compact --threads 1 "$1" > /dev/null 2> "$dir/log"
    callgrind_annotate --inclusive=yes "$dir/out" > "$dir/annotated" 2>/dev/null
}
# the instructions a line of the function named $1 (inclusive; 0 when not called)
part() {
    grep -F "$1" "$dir/annotated" | head -1 | awk -v n="$n" '{ gsub(",", "", $1); printf "%.0f", $1 / n } END { if (NR == 0) printf "0" }'
}
total() {
    grep "PROGRAM TOTALS" "$dir/annotated" | awk -v n="$n" '{ gsub(",", "", $1); printf "%.0f", $1 / n }'
}

profile "$dir/cases.jsonl"
echo "| part | instructions per line |"
echo "|---|---:|"
echo "| splitting the input into lines | $(part 'cli::pipeline::read_chunk') |"
echo "| reading a line into two boxes | $(part 'scene::fast::read_case_fast') |"
echo "| verdicts (SAT) | $(part 'dim3::verdicts_with') |"
echo "| contact manifold | $(part 'manifold::build::manifold3') |"
echo "| exact distance (separated pairs) | $(part 'distance::f32s::search3') |"
echo "| GJK and EPA (\"gjk\") | $(part 'sat::gjk::query ') |"
echo "| of which EPA (when they overlap) | $(part 'gjk::epa::epa ') |"
echo "| writing the answer | $(part 'cli::json::WriteJson>::write_json') |"
echo "| **all**, start-up included | **$(total)** |"

python3 scripts/check-corpus.py "$dir/corpus" < "$dir/cases.jsonl"
echo
echo "| the same pairs, written as | all | reading | of which the general reader |"
echo "|---|---:|---:|---:|"
for name in plain python python-f64 javascript rust-f64 size rotation_wxyz basis euler radius \
    motion view recording 2d 2d-angle_deg 2d-size; do
    profile "$dir/corpus/$name.jsonl"
    echo "| $name | $(total) | $(part 'scene::fast::read_case_fast') | $(part 'scene::unique::value_of_case') |"
done
