#!/usr/bin/env bash
# libmujoco 3.17.0 for the `mujoco` feature (the engine MuJoCo beside satbox; mujoco-rs 7 binds
# exactly this version). MuJoCo's own wheel on PyPI ships the library for Linux x86-64: pip
# downloads the wheel (pinned by its hash, no install), and libmujoco.so.3.17.0 is taken out of it.
#
#   scripts/mujoco.sh [DIR]   puts libmujoco.so.3.17.0 and its unversioned link libmujoco.so in
#                             DIR/lib (default target/mujoco/lib, where .cargo/config.toml points
#                             MUJOCO_DYNAMIC_LINK_DIR), then prints the variable to export for
#                             another DIR
#
# Then `cargo build --features mujoco`; the binaries find the library through a run path that
# build.rs adds (no LD_LIBRARY_PATH). `cargo clean` removes target/: run this again after it.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=3.17.0
WHEEL_SHA256=d66928d86a2d1b601bbaa4dc11db50214d17d5301bb8afd84721313b67ff0874
dir=${1:-target/mujoco}
lib="$dir/lib"

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "scripts/mujoco.sh takes MuJoCo's Linux x86-64 library; on $(uname -s)-$(uname -m) install MuJoCo $VERSION and set MUJOCO_DYNAMIC_LINK_DIR to its lib folder" >&2
  exit 1
fi

if [ ! -f "$lib/libmujoco.so.$VERSION" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  echo "mujoco==$VERSION --hash=sha256:$WHEEL_SHA256" >"$work/requirements.txt"
  # the wheel for CPython 3.11 on glibc 2.28 or later: the library inside is the same for every
  # Python version, and needs only libc, libm, libdl, libpthread and librt
  python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --platform manylinux_2_28_x86_64 --python-version 3.11 --require-hashes \
    -r "$work/requirements.txt" -d "$work"
  mkdir -p "$lib"
  python3 - "$work" "$lib/libmujoco.so.$VERSION" "mujoco/libmujoco.so.$VERSION" <<'PY'
import glob, sys, zipfile
work, dest, member = sys.argv[1:]
(wheel,) = glob.glob(f"{work}/mujoco-*.whl")
with zipfile.ZipFile(wheel) as z, open(dest + ".part", "wb") as out:
    out.write(z.read(member))
PY
  mv "$lib/libmujoco.so.$VERSION.part" "$lib/libmujoco.so.$VERSION"
  chmod 755 "$lib/libmujoco.so.$VERSION"
fi
ln -sfn "libmujoco.so.$VERSION" "$lib/libmujoco.so"
echo "libmujoco $VERSION is in $lib"
echo "export MUJOCO_DYNAMIC_LINK_DIR=$(cd "$lib" && pwd)"
