#!/usr/bin/env bash
# Every external engine satbox ships an adapter for, each in a virtual environment of its own,
# tested: the adapters' own tests, `satbox engine-test` on each (and on the two examples of
# docs/engine-protocol.md, the minimal Python adapter and the C++ one on ODE), and the filed bugs
# held to what they were filed for (MuJoCo 3.11 is flagged where 3.17 is not; MuJoCo Warp's
# native CCD where its analytic collider is not).
#
#   scripts/external-engines.sh DIR [SATBOX]
#
#   DIR     where the environments, the C++ adapter and the engines file go (DIR/engines.toml:
#           pass it to satbox with --engines-file DIR/engines.toml)
#   SATBOX  the satbox program (default: target/debug/satbox)
#
# Needs python3 with venv, g++, ODE's headers (libode-dev) and nlohmann/json
# (nlohmann-json3-dev); about 2 GB of disk for the environments.
set -euo pipefail
[ $# -ge 1 ] && [ $# -le 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
dir=$(cd "$1" && pwd)
satbox=${2:-$root/target/debug/satbox}
file="$dir/engines.toml"
: >"$file"

for spec in mujoco==3.11.0 mujoco==3.17.0 mujoco==4.0.0 mujoco-warp==4.0.0 mujoco-mjx==3.17.0 coal==3.0.3; do
  env="$dir/${spec/==/-}"
  start=$SECONDS
  bash "$root/scripts/engine-venv.sh" "$spec" "$env" >>"$file"
  echo "   $spec: environment ready ($((SECONDS - start)) s); its adapter's tests:"
  start=$SECONDS
  (cd "$root" && "$env/bin/python" -m unittest discover -s adapters/tests 2>&1 | tail -n 3 | grep . | paste -sd " " -)
  echo "   ($((SECONDS - start)) s)"
done

g++ -O2 -std=c++17 "$root/adapters/examples/ode_adapter.cpp" -o "$dir/ode_adapter" \
  $(pkg-config --cflags --libs ode) -DODE_VERSION="\"$(pkg-config --modversion ode)\""
cat >>"$file" <<EOF
[engines.minimal-mujoco]
command = ["$dir/mujoco-3.17.0/bin/python", "$root/adapters/examples/minimal_mujoco.py"]

[engines.ode-adapter]
command = ["$dir/ode_adapter"]

[engines."mujoco-3.11.0-margin"]
command = ["$dir/mujoco-3.11.0/bin/python", "$root/adapters/mujoco.py"]
settings = { margin = 2e-5 }

[engines."mujoco-warp-4.0.0-analytic"]
command = ["$dir/mujoco-warp-4.0.0/bin/python", "$root/adapters/mujoco_warp.py"]
settings = { collider = "analytic", margin = 0.0, device = "cpu" }
timeout_s = 120
EOF

for name in mujoco-3.11.0 mujoco-3.17.0 mujoco-4.0.0 mujoco-warp-4.0.0 mujoco-mjx-3.17.0 \
  coal-3.0.3 minimal-mujoco ode-adapter; do
  start=$SECONDS
  "$satbox" --engines-file "$file" engine-test "$name" --pairs 100 >"$dir/$name.engine-test.txt" || {
    cat "$dir/$name.engine-test.txt"
    echo "engine-test $name failed" >&2
    exit 1
  }
  echo "   engine-test $name: $(tail -n 1 "$dir/$name.engine-test.txt") ($((SECONDS - start)) s)"
done

"$satbox" --engines-file "$file" check --compact \
  --compare mujoco-3.11.0-margin,mujoco-3.17.0,mujoco-4.0.0,mujoco-warp-4.0.0,mujoco-warp-4.0.0-analytic \
  "$root/assets/audit/filed-bugs.jsonl" >"$dir/filed.jsonl"
python3 - "$dir/filed.jsonl" <<'PY'
import json, sys

lines = [json.loads(l) for l in open(sys.argv[1])]
def flagged(engine):
    return {l["line"] for l in lines if l[engine].get("disagreements") or "failed" in l[engine]}
for engine in ("mujoco-3.11.0-margin", "mujoco-3.17.0", "mujoco-4.0.0", "mujoco-warp-4.0.0",
               "mujoco-warp-4.0.0-analytic"):
    print("   filed bugs flagged for %s: lines %s" % (engine, sorted(flagged(engine)) or "none"))
old, new = flagged("mujoco-3.11.0-margin"), flagged("mujoco-3.17.0") | flagged("mujoco-4.0.0")
ccd, analytic = flagged("mujoco-warp-4.0.0"), flagged("mujoco-warp-4.0.0-analytic")
assert old - new, "MuJoCo 3.11 should be flagged on filed bugs where 3.17 and 4.0 are not"
assert not new, "MuJoCo 3.17 and 4.0 should be right on every filed bug: %s" % sorted(new)
assert ccd - analytic, "MuJoCo Warp's native CCD should be flagged where its analytic collider is not"
PY
