"""An engine that speaks the engine protocol until it misbehaves, for satbox's tests.

    python3 misbehaving.py KIND [K]

Every answer is the same plain one (the boxes' verdict from their bounding spheres), and the K-th
request this process reads (1-based, default 3) gets the misbehaviour KIND:

    crash      exits with status 3 after writing "boom" to standard error
    hang       never answers (sleeps)
    garbage    writes a line that is not JSON
    wrong-id   answers with the id of another request
    nan        answers with a depth of NaN (not JSON)
    no-hello   reads the hello and never answers it
    bad-hello  answers the hello with a version satbox does not speak
    slow       answers every request after K/10 seconds, otherwise well
    good       never misbehaves
    flipped    answers well, with the normal pointing from B to A (a fault engine-test finds)
    wxyz       reads the rotation as [w, x, y, z] (a fault engine-test finds)
"""

import json
import math
import sys
import time

kind = sys.argv[1]
k = int(sys.argv[2]) if len(sys.argv) > 2 else 3


def rotate(q, v):
    x, y, z, w = q
    # v + 2 w (q × v) + 2 q × (q × v)
    cx, cy, cz = y * v[2] - z * v[1], z * v[0] - x * v[2], x * v[1] - y * v[0]
    dx, dy, dz = y * cz - z * cy, z * cx - x * cz, x * cy - y * cx
    return [v[0] + 2 * (w * cx + dx), v[1] + 2 * (w * cy + dy), v[2] + 2 * (w * cz + dz)]


def axes(box):
    if "angle" in box:
        c, s = math.cos(box["angle"]), math.sin(box["angle"])
        return [[c, s, 0.0], [-s, c, 0.0]]
    q = box.get("rotation", [0.0, 0.0, 0.0, 1.0])
    if kind == "wxyz":
        q = [q[1], q[2], q[3], q[0]]
    return [rotate(q, e) for e in ([1, 0, 0], [0, 1, 0], [0, 0, 1])]


def answer(req):
    """The separating axis test on the boxes' face axes (enough for a plain answer)."""
    a, b = req["a"], req["b"]
    dim = len(a["center"])
    ca = a["center"] + [0.0] * (3 - dim)
    cb = b["center"] + [0.0] * (3 - dim)
    d = [cb[i] - ca[i] for i in range(3)]
    ra = a.get("radius", 0.0) + b.get("radius", 0.0)
    best = None
    for axis in axes(a) + axes(b):
        reach = sum(h * abs(sum(u[i] * axis[i] for i in range(3)))
                    for box in (a, b) for h, u in zip(box["half_extents"], axes(box)))
        along = sum(d[i] * axis[i] for i in range(3))
        gap = abs(along) - reach - ra
        if best is None or gap > best[0]:
            best = (gap, [x if along >= 0 else -x for x in axis])
    gap, n = best
    if kind == "flipped":
        n = [-x for x in n]
    n = n[:dim]
    if gap > 0:
        return {"intersect": False, "depth": None, "normal": None, "points": [],
                "distance": None, "closest_points": None, "notes": []}
    return {"intersect": True, "depth": -gap, "normal": n, "points": [], "distance": None,
            "closest_points": None, "notes": []}


hello = json.loads(sys.stdin.readline())
if kind == "no-hello":
    time.sleep(3600)
if kind == "bad-hello":
    print(json.dumps({"satbox_engine": 9, "name": "Misbehaving", "version": "0", "dims": [3]}),
          flush=True)
    time.sleep(3600)
print(json.dumps({"satbox_engine": 1, "name": "Misbehaving", "version": kind, "dims": [2, 3],
                  "settings": hello.get("settings", {})}), flush=True)
n = 0
for line in sys.stdin:
    if not line.strip():
        continue
    req = json.loads(line)
    n += 1
    out = {"id": req["id"]}
    out.update(answer(req))
    if n == k:
        if kind == "crash":
            print("boom: request %d" % req["id"], file=sys.stderr, flush=True)
            sys.exit(3)
        if kind == "hang":
            time.sleep(3600)
        if kind == "garbage":
            print("hello, world", flush=True)
            continue
        if kind == "wrong-id":
            out["id"] = req["id"] + 1
        if kind == "nan":
            out["depth"] = float("nan")  # json.dumps writes NaN, which is not JSON
    if kind == "slow":
        time.sleep(k / 10)
    print(json.dumps(out), flush=True)
