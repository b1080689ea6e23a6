#!/usr/bin/env bash
# A Python virtual environment for one external engine (docs: adapters/README.md), and the
# engines-file entry that asks it through its adapter.
#
#   scripts/engine-venv.sh SPEC DIR [NAME]
#
#   SPEC  one package pinned to an exact version, one of:
#           mujoco==V        adapters/mujoco.py       (MuJoCo, C library through its bindings)
#           mujoco-warp==V   adapters/mujoco_warp.py  (MuJoCo Warp, on Warp's CPU device)
#           mujoco-mjx==V    adapters/mjx.py          (MJX, on JAX's CPU backend)
#           coal==V          adapters/coal.py         (Coal, hpp-fcl's successor)
#         Verified: mujoco 3.11.0, 3.17.0 and 4.0.0; mujoco-warp 4.0.0; mujoco-mjx 3.17.0;
#         coal 3.0.3. mujoco-warp and mujoco-mjx ask only for a mujoco at or above some version,
#         and pip would take the newest: this script pins the mujoco of their own version
#         beside them (mujoco-warp 3.10.0.3 gets mujoco 3.10.0).
#   DIR   where the environment goes (made when missing; an environment already there that holds
#         the same package and version is reused, so a second run only prints the entry)
#   NAME  the engine's name in the engines file (default: the package and version, such as
#         mujoco-3.11.0); lowercase letters, digits, '-', '_' and '.', and no built-in name
#
# PYTHON (default python3) is the Python the environment is made from.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
  exit 2
}
fail() {
  echo "engine-venv.sh: $*" >&2
  exit 1
}

[ $# -ge 2 ] && [ $# -le 3 ] || usage
spec=$1
dir=$2
python=${PYTHON:-python3}

case "$spec" in
  *==*) ;;
  *) fail "'$spec' is not pinned: give the package and an exact version, such as mujoco==3.17.0" ;;
esac
package=${spec%%==*}
version=${spec#*==}
package=$(printf '%s' "$package" | tr 'A-Z_' 'a-z-')
[[ "$version" =~ ^[0-9][0-9A-Za-z.+!-]*$ ]] || fail "'$version' is not a version number"

# mujoco-warp and mujoco-mjx run on the mujoco of the same version (its first three numbers)
companion=
case "$package" in
  mujoco-warp | mujoco-mjx)
    companion="mujoco==$(printf '%s' "$version" | cut -d. -f1-3)" ;;
esac

case "$package" in
  mujoco) adapter=mujoco.py module=mujoco settings='{ margin = 0.0 }' timeout= ;;
  # Warp compiles its kernels on the first pair (15 to 25 s on a CPU), JAX jits MJX's (3 s)
  mujoco-warp) adapter=mujoco_warp.py module=mujoco_warp
    settings='{ collider = "ccd", margin = 0.0, device = "auto" }' timeout='timeout_s = 120' ;;
  mujoco-mjx) adapter=mjx.py module=mujoco.mjx settings='{ margin = 0.0 }' timeout='timeout_s = 60' ;;
  coal) adapter=coal.py module=coal settings='{ margin = 0.0, contact_patch = false }' timeout= ;;
  *) fail "no adapter for the package '$package': one of mujoco, mujoco-warp, mujoco-mjx, coal" ;;
esac

name=${3:-$package-$version}
[[ "$name" =~ ^[a-z0-9][a-z0-9._-]*$ ]] ||
  fail "the name '$name' has a character other than lowercase letters, digits, '-', '_' and '.'"
case "$name" in
  mujoco | parry | box2d | box3d | jolt | bullet | ode | satbox | all)
    fail "'$name' is the name of an engine built into satbox: give another NAME" ;;
esac

root=$(cd "$(dirname "$0")/.." && pwd)
adapter_path="$root/adapters/$adapter"
[ -f "$adapter_path" ] || fail "$adapter_path is missing"
command -v "$python" >/dev/null || fail "no $python: set PYTHON to a Python 3.10 or later"

# the version of the package installed in the environment, or nothing
installed() {
  "$dir/bin/python" - "$package" <<'PY' 2>/dev/null || true
import sys
from importlib import metadata
try:
    print(metadata.version(sys.argv[1]))
except metadata.PackageNotFoundError:
    pass
PY
}

if [ -x "$dir/bin/python" ]; then
  have=$(installed)
  if [ -n "$have" ] && [ "$have" != "$version" ]; then
    fail "$dir already holds $package $have, not $version: give another DIR or remove that one"
  fi
else
  if [ -e "$dir" ] && [ -n "$(ls -A "$dir" 2>/dev/null)" ]; then
    fail "$dir exists and is not a virtual environment: give an empty or new DIR"
  fi
  "$python" -m venv "$dir" || fail "'$python -m venv $dir' failed (on Debian: apt-get install python3-venv)"
  have=
fi

if [ -z "$have" ]; then
  echo "installing $package==$version into $dir" >&2
  "$dir/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: \
    "$package==$version" $companion ||
    fail "pip could not install $package==$version $companion into $dir (is that version on PyPI, with a wheel for this Python and platform?)"
else
  echo "$dir already holds $package $have: reused" >&2
fi

# the engine must import, and report the version asked for (the engine's own messages while it
# imports go to stderr: the last line printed is the version)
found=$("$dir/bin/python" -c "
import importlib.metadata as m, os, sys
out = os.dup(1); os.dup2(2, 1)
import $module
os.dup2(out, 1)
print(m.version('$package'))" | tail -n 1) ||
  fail "$package $version is installed in $dir but 'import $module' fails (above)"
[ -n "$found" ] || fail "$package $version is installed in $dir but 'import $module' fails (above)"
[ "$found" = "$version" ] || fail "$dir holds $package $found after installing $version"

dir_abs=$(cd "$dir" && pwd)
cat <<EOF
[engines."$name"]
command = ["$dir_abs/bin/python", "$adapter_path"]
settings = $settings
${timeout:+$timeout
}
EOF
