#!/usr/bin/env bash
# satbox in the browser.
#   scripts/web.sh build   builds the app for wasm32-unknown-unknown and writes a complete static
#                          site to target/web/ (cargo's target folder: CARGO_TARGET_DIR when set):
#                          index.html and satbox.js from web/, the wasm (shrunk by wasm-opt when
#                          binaryen is installed), and the JS loaders that miniquad, sapp-jsutils
#                          and quad-url ship in their crates, taken from the crates this build used
#                          (never copied into the repository)
#   scripts/web.sh serve [PORT]   serves target/web/ on http://127.0.0.1:PORT/ (default 8080)
#   scripts/web.sh test    builds, then runs the browser test (web/test/, headless Chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=wasm32-unknown-unknown
# cargo's target folder (CARGO_TARGET_DIR when set); the site goes in its web/
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
OUT="$TARGET_DIR/web"

# the folder of a crate in this build's dependency graph, from cargo's own metadata
crate_dir() {
  cargo metadata --format-version 1 --filter-platform "$TARGET" \
    | python3 -c '
import json, os, sys
name = sys.argv[1]
meta = json.load(sys.stdin)
paths = [p["manifest_path"] for p in meta["packages"] if p["name"] == name]
if len(paths) != 1:
    sys.exit(f"expected one {name} in the dependency graph, found {len(paths)}")
print(os.path.dirname(paths[0]))' "$1"
}

build() {
  if ! rustup target list --installed 2>/dev/null | grep -qx "$TARGET"; then
    rustup target add "$TARGET"
  fi
  cargo build --profile web --target "$TARGET" --bin satbox
  rm -rf "$OUT"
  mkdir -p "$OUT"
  cp web/index.html web/satbox.js "$OUT/"
  cp "$(crate_dir miniquad)/js/gl.js" "$OUT/gl.js"
  cp "$(crate_dir sapp-jsutils)/js/sapp_jsutils.js" "$OUT/sapp_jsutils.js"
  # egui-macroquad opens hyperlinks through quad-url
  cp "$(crate_dir quad-url)/js/quad-url.js" "$OUT/quad-url.js"
  local wasm="$TARGET_DIR/$TARGET/web/satbox.wasm"
  if command -v wasm-opt >/dev/null; then
    # the size-first optimisation of binaryen; the features rustc's wasm32 target emits by default
    wasm-opt -Oz --strip-debug --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-reference-types --enable-multivalue \
      "$wasm" -o "$OUT/satbox.wasm"
  else
    echo "wasm-opt not found (apt-get install binaryen): the wasm is not shrunk" >&2
    cp "$wasm" "$OUT/satbox.wasm"
  fi
  echo "wrote $OUT/: satbox.wasm $(du -k "$OUT/satbox.wasm" | cut -f1) KiB" \
    "($(gzip -9 -c "$OUT/satbox.wasm" | wc -c | awk '{printf "%d", $1/1024}') KiB gzipped," \
    "$(du -k "$wasm" | cut -f1) KiB before wasm-opt)"
}

serve() {
  local port=${1:-8080}
  [ -f "$OUT/index.html" ] || build
  echo "satbox on http://127.0.0.1:$port/"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$OUT"
}

case "${1:-}" in
  build) build ;;
  serve) serve "${2:-8080}" ;;
  test)
    build
    (cd web/test && npm ci --no-audit --no-fund --silent && SATBOX_WEB_DIR="$OUT" node browser.mjs)
    ;;
  *)
    echo "usage: scripts/web.sh build | serve [PORT] | test" >&2
    exit 2
    ;;
esac
