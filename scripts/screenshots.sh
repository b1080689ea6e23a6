#!/usr/bin/env bash
# Regenerates screenshots/ with the app's own screenshot mode: builds the release binary, then
# renders the default scene and each listed preset (under a virtual X server when there is no
# DISPLAY). Usage: scripts/screenshots.sh [WxH]
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${1:-1400x900}
OUT=screenshots
# name of the PNG = name of the preset in assets/scenes/
PRESETS=(
  3d-separated-edge-edge   # separated only by an edge x edge axis
  3d-deep-overlap          # intersecting: least penetration and the push-out arrow
  3d-contact-face-face     # face contact
  3d-contact-edge-edge     # edge-edge contact
  3d-manifold-rotated-face-face  # 8 clipped points reduced to 4
  2d-separated
  2d-intersecting
)

cargo build --release --quiet
BIN=target/release/satbox
mkdir -p "$OUT"

# the screenshot mode never reads or writes the user's last state; keep its folder aside anyway
DATA=$(mktemp -d)
trap 'rm -rf "$DATA"' EXIT

render() {
  export SATBOX_DATA_DIR="$DATA"
  "$BIN" --screenshot "$OUT/3d-default.png" --size "$SIZE"
  echo "$OUT/3d-default.png"
  # the default scene with the step-through stopped where an early-out test stops
  "$BIN" --step 6 --screenshot "$OUT/3d-step-through.png" --size "$SIZE"
  echo "$OUT/3d-step-through.png"
  # the contact's construction, stopped at the third clip plane
  "$BIN" --scene assets/scenes/3d-manifold-rotated-face-face.json --step 20 --screenshot "$OUT/3d-contact-clip.png" --size "$SIZE"
  echo "$OUT/3d-contact-clip.png"
  # the sphere of directions beside the default scene, and the 2D plot
  "$BIN" --sphere --screenshot "$OUT/3d-sphere.png" --size "$SIZE"
  echo "$OUT/3d-sphere.png"
  "$BIN" --sphere --scene assets/scenes/2d-intersecting.json --screenshot "$OUT/2d-sphere.png" --size "$SIZE"
  echo "$OUT/2d-sphere.png"
  # the Minkowski difference A − B and GJK's last step (separated boxes), then EPA's (2D, intersecting)
  "$BIN" --gjk-answer --scene assets/scenes/3d-separated-edge-edge.json --screenshot "$OUT/gjk-3d.png" --size "$SIZE"
  echo "$OUT/gjk-3d.png"
  "$BIN" --gjk-answer --scene assets/scenes/2d-intersecting.json --screenshot "$OUT/gjk-2d.png" --size "$SIZE"
  echo "$OUT/gjk-2d.png"
  # corner to corner: the exact distance along no candidate, beside the best gap
  "$BIN" --sphere --scene assets/scenes/3d-corner-to-corner.json --screenshot "$OUT/3d-corner-to-corner-sphere.png" --size "$SIZE"
  echo "$OUT/3d-corner-to-corner-sphere.png"
  # moving boxes, shown at a time of the step: the scene's view keeps the time slider ("time")
  # the plate thrown through the wall, at its time of impact (the manifold there)
  sed 's/"filter": "Selected",/"filter": "Selected", "time": 0.0475,/' \
    assets/scenes/3d-motion-plate-through-wall.json > "$DATA/plate.json"
  "$BIN" --scene "$DATA/plate.json" --screenshot "$OUT/motion-3d.png" --size "$SIZE"
  echo "$OUT/motion-3d.png"
  # the rod turning into the cube: conservative advancement at its second step
  sed 's/"view": {/"view": { "time": 0.0715/' \
    assets/scenes/3d-motion-rod-spinning-past-corner.json > "$DATA/rod.json"
  "$BIN" --scene "$DATA/rod.json" --screenshot "$OUT/motion-3d-advancement.png" --size "$SIZE"
  echo "$OUT/motion-3d-advancement.png"
  # 2D: B thrown back at A, at t = 0 with every axis's interval of time
  sed 's/"velocity": \[3.0, 1.0\]/"velocity": [-2.4, -0.6]/; s/"description": "[^"]*"/"description": "2D motion: B thrown at A; axis 0 decides at t = 0.1685"/' \
    assets/scenes/2d-motion-sliding-apart.json > "$DATA/two.json"
  "$BIN" --scene "$DATA/two.json" --screenshot "$OUT/motion-2d.png" --size "$SIZE"
  echo "$OUT/motion-2d.png"
  "$BIN" --scene assets/recordings/stack-jitter.jsonl --frame 76 --screenshot "$OUT/timeline-lanes.png" --size "$SIZE"
  echo "$OUT/timeline-lanes.png"
  # recordings made in Box3D's world (satbox record): the box at rest on the plate, the cube
  # sliding down the slope (its points kept by id, lost by position)
  "$BIN" --scene assets/recordings/box3d-settle.jsonl --frame 180 --screenshot "$OUT/simulated-settle.png" --size "$SIZE"
  echo "$OUT/simulated-settle.png"
  "$BIN" --scene assets/recordings/box3d-slope.jsonl --frame 30 --screenshot "$OUT/simulated-slope.png" --size "$SIZE"
  echo "$OUT/simulated-slope.png"
  # rounded cubes apart while no candidate separates their grown shadows; Jolt's bands on a near pair
  "$BIN" --scene assets/scenes/3d-rounded-corner-to-corner.json --screenshot "$OUT/rounded-corner-to-corner.png" --size "$SIZE"
  echo "$OUT/rounded-corner-to-corner.png"
  "$BIN" --scene assets/scenes/3d-rounded-corner-to-corner.json --sphere --screenshot "$OUT/rounded-sphere.png" --size "$SIZE"
  echo "$OUT/rounded-sphere.png"
  "$BIN" --scene assets/scenes/3d-bands-jolt-near-pair.json --screenshot "$OUT/bands-jolt.png" --size "$SIZE"
  echo "$OUT/bands-jolt.png"
  for p in "${PRESETS[@]}"; do
    "$BIN" --scene "assets/scenes/$p.json" --screenshot "$OUT/$p.png" --size "$SIZE"
    echo "$OUT/$p.png"
  done
}

if [ -n "${DISPLAY:-}" ]; then
  render
else
  command -v xvfb-run >/dev/null || { echo "no DISPLAY and no xvfb-run (apt-get install xvfb)" >&2; exit 1; }
  [ -z "${SATBOX_SCREENSHOTS_NESTED:-}" ] || { echo "xvfb-run gave no DISPLAY" >&2; exit 1; }
  # run this script again inside a virtual X server (the build above is then a no-op)
  SATBOX_SCREENSHOTS_NESTED=1 xvfb-run -a -n $((100 + $$ % 800)) -s "-screen 0 1920x1200x24" "$0" "$SIZE"
fi
