#!/bin/sh
# Whether two builds of satbox answer `check` byte for byte alike: on the presets, the regression
# scenes, the recordings, the fuzz corpus, LINES random 3D lines and the first 20,000 of them in
# every encoding and as other programs write numbers (scripts/check-corpus.py), each full, with
# `--compact` and with `--compare parry`. For a change that should not move any answer (a faster
# path, a refactor): build the commit before into another target directory and pass its binary.
# Usage: scripts/same-output.sh OLD_SATBOX [NEW_SATBOX] [LINES]
# (NEW_SATBOX defaults to this tree's release build; LINES to 100000.) Exit status 1 on a difference.
set -eu
cd "$(dirname "$0")/.."
old=$1
new=${2:-target/release/satbox}
n=${3:-100000}
cargo build --release --quiet --example random_cases
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
target="${CARGO_TARGET_DIR:-target}/release"
"$target/examples/random_cases" "$n" > "$dir/random3.jsonl"
head -n 20000 "$dir/random3.jsonl" | python3 scripts/check-corpus.py "$dir/corpus"
differ=0
compare() {
    input=$1
    shift
    "$old" check "$@" "$input" > "$dir/old" 2>&1 || true
    "$new" check "$@" "$input" > "$dir/new" 2>&1 || true
    if cmp -s "$dir/old" "$dir/new"; then
        return
    fi
    differ=1
    echo "differs: check $* $input"
    diff "$dir/old" "$dir/new" | head -4 | cut -c1-300
}
for input in assets/scenes/*.json tests/regressions/*.json assets/recordings/*.jsonl \
    fuzz/corpus/*/* "$dir/random3.jsonl" "$dir"/corpus/*.jsonl; do
    [ -s "$input" ] || continue
    compare "$input"
    compare "$input" --compact
    compare "$input" --compare parry
done
if [ "$differ" = 0 ]; then
    echo "the same, byte for byte"
fi
exit "$differ"
