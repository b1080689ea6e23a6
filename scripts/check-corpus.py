#!/usr/bin/env python3
"""The same pairs written every way `satbox check` reads them, for scripts/check-instructions.sh.

Usage: scripts/check-corpus.py DIR < plain.jsonl

Reads check lines in satbox's own form (examples/random_cases.rs: `center`, `half_extents`,
`rotation`, each number the shortest text of its f32) and writes DIR/NAME.jsonl for each name
below: the same pairs in each encoding a box may have, and as other programs write numbers.
Python's own `json` module writes the files; the writers' number styles are Python's, numpy's,
JavaScript's and Rust's (serde_json) for the same f64 values, so only the text differs.

  plain          satbox's own form, as read
  python         json.dumps of the f32 values as Python floats, as numpy's float32 `tolist()`
                 gives them (up to 17 significant digits, `1e-07`, ", " and ": ")
  python-f64     json.dumps of f64 state: each centre moved by 1e-9 of its size and each
                 quaternion normalised again in f64 (17 digits on every number)
  javascript     JSON.stringify's text of the same f64 values (shortest, `1e-7`, no spaces)
  rust-f64       serde_json's text of the same f64 values (shortest, `1e-7`, `1.0`)
  size           "size": full extents instead of "half_extents"
  rotation_wxyz  MuJoCo's quaternion order
  basis          the rotation matrix's rows
  euler          {"order": "XYZ", "degrees": [...]}
  radius         "radius": 0.05 on each box (rounded boxes)
  motion         "motion": velocities, angular velocities and dt
  view           "view": the manifold's margin and Jolt's bands
  recording      "t", "label" and an "engine" contact, as a recording's frame
  2d             rectangles: "angle" in radians
  2d-angle_deg   rectangles: "angle_deg"
  2d-size        rectangles: "size"
"""

import json
import math
import os
import struct
import sys

# the rotation matrix of a quaternion, as the engine adapters build it
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "adapters"))
from engine_protocol import quat_to_matrix  # noqa: E402


def f32(x):
    """x rounded to the nearest f32, as a Python float."""
    return struct.unpack("f", struct.pack("f", x))[0]


def short32(x):
    """The shortest text that reads back as the f32 of x (what satbox writes)."""
    x = f32(x)
    for digits in range(1, 10):
        text = "%.*g" % (digits, x)
        if f32(float(text)) == x:
            break
    v = float(text)
    if v == int(v) and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if "e" not in text else text.replace("e+0", "e").replace("e-0", "e-")


def dumps_with(number, obj):
    """Compact JSON whose numbers are written by `number`."""
    if isinstance(obj, dict):
        return "{" + ",".join(json.dumps(k) + ":" + dumps_with(number, v) for k, v in obj.items()) + "}"
    if isinstance(obj, list):
        return "[" + ",".join(dumps_with(number, v) for v in obj) + "]"
    if isinstance(obj, float):
        return number(obj)
    return json.dumps(obj)


def javascript(x):
    """JSON.stringify's number: the shortest round trip, exponents as 1e-7 and 1e+21."""
    if x == int(x) and abs(x) < 1e21:
        return str(int(x))
    text = repr(x)
    if "e" in text:
        mantissa, exponent = text.split("e")
        return mantissa + "e" + ("+" if int(exponent) > 0 else "-") + str(abs(int(exponent)))
    return text


def rust(x):
    """serde_json's f64 (ryu): the shortest round trip, 1.0 for integers, 1e-7 for exponents."""
    text = repr(x)
    if "e" in text:
        mantissa, exponent = text.split("e")
        return mantissa + "e" + str(int(exponent))
    return text


def euler_xyz_degrees(q):
    """Angles about X, Y, Z (degrees) with R = R_X(x) R_Y(y) R_Z(z)."""
    m = quat_to_matrix(q)
    y = math.asin(max(-1.0, min(1.0, m[0][2])))
    x = math.atan2(-m[1][2], m[2][2])
    z = math.atan2(-m[0][1], m[0][0])
    return [math.degrees(a) for a in (x, y, z)]


def boxes(case):
    return case["a"], case["b"]


def encodings(case, k):
    """Each encoding's case for one plain case (numbers as f32 values)."""
    a, b = boxes(case)
    out = {}
    out["plain"] = case

    def each(f):
        return {"a": f(a), "b": f(b)}

    out["size"] = each(lambda o: {"center": o["center"], "size": [2 * h for h in o["half_extents"]], "rotation": o["rotation"]})
    out["rotation_wxyz"] = each(lambda o: {"center": o["center"], "half_extents": o["half_extents"], "rotation_wxyz": o["rotation"][3:] + o["rotation"][:3]})
    out["basis"] = each(lambda o: {"center": o["center"], "half_extents": o["half_extents"], "basis": quat_to_matrix(o["rotation"])})
    out["euler"] = each(lambda o: {"center": o["center"], "half_extents": o["half_extents"], "euler": {"order": "XYZ", "degrees": euler_xyz_degrees(o["rotation"])}})
    out["radius"] = each(lambda o: dict(o, radius=0.05))
    out["motion"] = dict(case, motion={"a": {"velocity": [1.0, 0.0, 0.5], "angular_velocity": [0.0, 0.0, 1.0]}, "b": {"velocity": [-1.0, 0.25, 0.0]}, "dt": 1 / 60})
    out["view"] = dict(case, view={"manifold": {"margin": 0.01}, "profile": "jolt"})
    out["recording"] = dict(case, t=k / 60, label="frame %d" % k, engine={"name": "Box3D 0.1.0", "normal": [0.0, 1.0, 0.0], "points": [{"id": 16973840 + k, "persisted": k % 2 == 1, "point": [0.5, 0.25, 0.0], "separation": -0.01}]})
    flat = lambda o: {"center": o["center"][:2], "half_extents": o["half_extents"][:2]}
    angle = lambda o: 2 * math.atan2(o["rotation"][2], o["rotation"][3])
    out["2d"] = each(lambda o: dict(flat(o), angle=angle(o)))
    out["2d-angle_deg"] = each(lambda o: dict(flat(o), angle_deg=math.degrees(angle(o))))
    out["2d-size"] = each(lambda o: {"center": o["center"][:2], "size": [2 * h for h in o["half_extents"][:2]], "angle": angle(o)})
    return out


def as_f32_floats(obj):
    """Every number the f32 of its value (integers as floats: Python's float32 `tolist()`)."""
    if isinstance(obj, dict):
        return {k: as_f32_floats(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [as_f32_floats(v) for v in obj]
    if isinstance(obj, (int, float)) and not isinstance(obj, bool):
        return f32(float(obj))
    return obj


def f64_state(case):
    """The pair as f64 state: centres moved by 1e-9 of their size, quaternions normalised in f64."""
    out = {}
    for key, o in case.items():
        if key not in ("a", "b"):
            out[key] = o
            continue
        q = [float(c) for c in o["rotation"]]
        n = math.sqrt(sum(c * c for c in q))
        out[key] = {
            "center": [float(c) * (1 + 1e-9) + 1e-9 for c in o["center"]],
            "half_extents": [float(h) * (1 + 1e-9) for h in o["half_extents"]],
            "rotation": [c / n for c in q],
        }
    return out


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    files = {}

    def write(name, text):
        if name not in files:
            files[name] = open(os.path.join(directory, name + ".jsonl"), "w")
        files[name].write(text + "\n")

    for k, line in enumerate(sys.stdin):
        case = as_f32_floats(json.loads(line))
        for name, encoded in encodings(case, k).items():
            write(name, dumps_with(short32, encoded) if name != "plain" else line.rstrip("\n"))
        write("python", json.dumps(case))
        write("javascript", dumps_with(javascript, case))
        write("rust-f64", dumps_with(rust, case))
        write("python-f64", json.dumps(f64_state(case)))
    for f in files.values():
        f.close()


if __name__ == "__main__":
    main()
