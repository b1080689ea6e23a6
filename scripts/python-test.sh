#!/usr/bin/env bash
# The Python package (python/, docs/python.md) as a user gets it: a fresh virtual environment,
# `pip install ./python` (maturin builds the wheel from the crate), then the package's pytest
# suite, which holds `satbox.check` to `satbox check`'s JSON on the same numbers, bit for bit
# (and `compare_mujoco` to MuJoCo's wheel, the newest and 3.11.0).
#
#   scripts/python-test.sh [SATBOX]
#
#   SATBOX  the satbox program the answers are held to (default: target/debug/satbox, built
#           with `cargo build` when missing)
#
# Needs python3 with venv and pip, and Rust. The environments go in target/python-venv*.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
satbox=${1:-$root/target/debug/satbox}
venv="$root/target/python-venv"
start=$SECONDS

if [ ! -x "$satbox" ]; then
  echo "   building $satbox"
  (cd "$root" && cargo build --quiet --bin satbox)
fi
satbox=$(cd "$(dirname "$satbox")" && pwd)/$(basename "$satbox")

rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check maturin numpy pytest mujoco
echo "   environment ready ($((SECONDS - start)) s): $("$venv/bin/python" --version), numpy $("$venv/bin/python" -c 'import numpy; print(numpy.__version__)'), mujoco $("$venv/bin/python" -c 'import mujoco; print(mujoco.__version__)')"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$root/python"
echo "   pip install ./python done ($((SECONDS - start)) s)"
(cd "$root" && SATBOX_BIN="$satbox" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests)
# the filed phantom contact (assets/audit/filed-bugs.jsonl, line 29): MuJoCo 3.11 makes it and
# compare_mujoco reports it (an environment of its own: MuJoCo 4's wheels do not downgrade in place)
old="$venv-mujoco-3.11"
rm -rf "$old"
python3 -m venv "$old"
"$old/bin/python" -m pip install --quiet --disable-pip-version-check numpy pytest mujoco==3.11.0
"$old/bin/python" -m pip install --quiet --disable-pip-version-check "$root/python"
echo "   again with mujoco $("$old/bin/python" -c 'import mujoco; print(mujoco.__version__)') ($((SECONDS - start)) s):"
(cd "$root" && "$old/bin/python" -m pytest -q -p no:cacheprovider python/tests/test_mujoco.py)
echo "   python-test: $((SECONDS - start)) s"
