"""satbox's engine protocol, version 1: the loop every adapter in this folder shares.

An adapter imports its engine, then calls `serve` with the engine's name and version, the
dimensions it answers, its settings and a function that answers one pair. `serve` reads the
hello from standard input, applies the settings (an unknown setting or a bad value: one sentence
on standard error, exit status 2), writes the hello's answer, then answers every request in the
order asked, one JSON line each, flushed, until standard input ends (exit 0).

The protocol (adapters/README.md):

    satbox:  {"satbox_engine": 1, "settings": {...}}
    engine:  {"satbox_engine": 1, "name": ..., "version": ..., "dims": [3], "settings": {...}}
    satbox:  {"id": N, "a": BOX, "b": BOX}
    engine:  {"id": N, "intersect": ..., "depth": ..., "normal": ..., "points": [...],
              "distance": ..., "closest_points": ..., "notes": [...]}
         or  {"id": N, "error": "why"}

Only the standard library is used here.
"""

import json
import math
import os
import re
import sys
import traceback

PROTOCOL = 1

# the stream the protocol is written to (see take_stdout)
_protocol_out = None


def take_stdout():
    """Keeps standard output for the protocol alone: the real stdout is kept aside for the
    answers, and file descriptor 1 and sys.stdout go to stderr from here on, so an engine's own
    messages (Warp's banner and kernel timings, MJX's "Failed to import warp") cannot break a
    line of JSON. The adapters call this before importing their engine."""
    global _protocol_out
    if _protocol_out is None:
        sys.stdout.flush()
        _protocol_out = os.fdopen(os.dup(1), "wb")
        os.dup2(2, 1)
        sys.stdout = sys.stderr
    return _protocol_out


def leave_folder(script):
    """Takes the adapters' folder off sys.path: `python adapters/mujoco.py` puts it first, where
    adapters/mujoco.py would be imported as the `mujoco` package. Call after importing this
    module and before importing the engine."""
    here = os.path.dirname(os.path.abspath(script))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]


class Refused(Exception):
    """The engine will not answer this pair; the message is the answer's "error"."""


class SettingError(Exception):
    """An unknown setting or a bad value; the message is the sentence written to stderr."""


# ---------------------------------------------------------------------------------------------
# MuJoCo's family (MuJoCo, MuJoCo Warp, MJX): one model, and what its compiler refuses

MUJOCO_PAIR_MODEL = """<mujoco model="satbox pair">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="A"><freejoint/><geom name="A" type="box" size="1 1 1"/></body>
    <body name="B"><freejoint/><geom name="B" type="box" size="1 1 1"/></body>
  </worldbody>
</mujoco>"""
"""Two free bodies with one box geom each (A, then B); each pair sets their sizes and poses."""


def refuse_what_mujoco_refuses(engine, a, b):
    """MuJoCo's compiler refuses a box geom with a zero size, and a box geom has no radius: an
    engine of MuJoCo's family (named `engine` in the message) is not asked about either."""
    for name, box in (("a", a), ("b", b)):
        for i, h in enumerate(box.half_extents):
            if h <= 0.0:
                raise Refused("box %s: half extent %d is 0, and MuJoCo's compiler refuses such "
                              "a box geom: size %d must be positive" % (name, i, i))
    if a.radius > 0 or b.radius > 0:
        raise Refused("%s has no rounded box (a box geom with a radius)" % engine)


# ---------------------------------------------------------------------------------------------
# boxes


class Box3:
    """A 3D box: centre, half extents, unit quaternion (x, y, z, w) and rounding radius."""

    dim = 3

    def __init__(self, center, half_extents, rotation, radius):
        self.center = center
        self.half_extents = half_extents
        self.rotation = rotation
        self.radius = radius

    @property
    def quat_wxyz(self):
        """The rotation w first, as MuJoCo and Eigen's constructor take it."""
        x, y, z, w = self.rotation
        return [w, x, y, z]

    def matrix(self):
        """The rotation as a 3x3 matrix (rows), its columns the box's axes."""
        return quat_to_matrix(self.rotation)

    def __repr__(self):
        return "Box3(center=%r, half_extents=%r, rotation=%r, radius=%r)" % (
            self.center, self.half_extents, self.rotation, self.radius)


class Box2:
    """A 2D box: centre, half extents, angle (radians) and rounding radius."""

    dim = 2

    def __init__(self, center, half_extents, angle, radius):
        self.center = center
        self.half_extents = half_extents
        self.angle = angle
        self.radius = radius


def quat_to_matrix(q):
    """The rotation matrix (rows) of a unit quaternion (x, y, z, w)."""
    x, y, z, w = q
    return [
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]


def _number(value, where):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("%s is %s, not a number" % (where, json.dumps(value)))
    value = float(value)
    if not math.isfinite(value):
        raise ValueError("%s is not finite" % where)
    return value


def _vector(value, n, where):
    if not isinstance(value, list) or len(value) != n:
        raise ValueError("%s must be %d numbers, not %s" % (where, n, _short(value)))
    return [_number(v, "%s[%d]" % (where, i)) for i, v in enumerate(value)]


def _short(value):
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_box(value, name):
    """Box3 or Box2 from a request's "a" or "b"; ValueError names the field that is wrong."""
    if not isinstance(value, dict):
        raise ValueError("box %s is %s, not an object" % (name, _short(value)))
    center = value.get("center")
    if not isinstance(center, list) or len(center) not in (2, 3):
        raise ValueError("box %s: center must be 2 or 3 numbers, not %s" % (name, _short(center)))
    dim = len(center)
    # fields it does not know are ignored: a later satbox may send more (docs/engine-protocol.md)
    center = _vector(center, dim, "box %s: center" % name)
    half = _vector(value.get("half_extents"), dim, "box %s: half_extents" % name)
    for i, h in enumerate(half):
        if h < 0:
            raise ValueError("box %s: half_extents[%d] is %r, below 0" % (name, i, h))
    radius = _number(value.get("radius", 0.0), "box %s: radius" % name)
    if radius < 0:
        raise ValueError("box %s: radius is %r, below 0" % (name, radius))
    if dim == 2:
        return Box2(center, half, _number(value.get("angle", 0.0), "box %s: angle" % name), radius)
    q = _vector(value.get("rotation", [0.0, 0.0, 0.0, 1.0]), 4, "box %s: rotation" % name)
    n = math.sqrt(sum(c * c for c in q))
    if n == 0.0:
        raise ValueError("box %s: rotation is all zero" % name)
    return Box3(center, half, [c / n for c in q], radius)


# ---------------------------------------------------------------------------------------------
# answers


def answer(points=(), normal=None, depth=None, distance=None, closest_points=None, notes=(),
           **extra):
    """An answer's fields from an engine's points (or its depth), by the protocol's rules.

    points: dicts with "position", "separation" and "feature". depth: only for an engine that
    answers with a penetration depth instead of points. intersect is some point at or below 0,
    or a depth >= 0; depth is -min(separation) over the points at or below 0.
    """
    points = list(points)
    touching = [p["separation"] for p in points if p["separation"] <= 0.0]
    if depth is None and touching:
        depth = -min(touching)
    intersect = bool(touching) or (depth is not None and depth >= 0.0)
    out = {
        "intersect": intersect,
        "depth": depth,
        "normal": normal,
        "points": points,
        "distance": distance,
        "closest_points": closest_points,
        "notes": list(notes),
    }
    out.update(extra)
    return out


def point(position, separation, feature=None):
    return {"position": [float(c) for c in position], "separation": float(separation),
            "feature": feature}


def unit(v):
    """v / |v|, or None for a zero or non-finite vector."""
    v = [float(c) for c in v]
    n = math.sqrt(sum(c * c for c in v))
    if not math.isfinite(n) or n == 0.0:
        return None
    return [c / n for c in v]


def _finite(value):
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_finite(v) for v in value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    return True


def _non_finite_fields(result):
    return [k for k, v in result.items() if not _finite(v)]


# ---------------------------------------------------------------------------------------------
# settings


def settings_reader(engine, known):
    """A function that applies a hello's settings: `known` maps each setting's name to
    (default, check), where check(value) returns the value applied or raises ValueError with
    what is wrong. Unknown names and bad values raise SettingError with one sentence."""

    def read(given):
        if not isinstance(given, dict):
            raise SettingError("%s's settings must be an object, not %s" % (engine, _short(given)))
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(sorted(known)) or "none"
            raise SettingError("%s has no setting %r (its settings: %s)" % (engine, unknown[0], names))
        applied = {}
        for name, (default, check) in known.items():
            if name in given:
                try:
                    applied[name] = check(given[name])
                except ValueError as e:
                    raise SettingError("%s's setting %s is %s: %s" % (
                        engine, name, _short(given[name]), e)) from None
            else:
                applied[name] = default
        return applied

    return read


def non_negative_number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError("it must be a finite number")
    if value < 0:
        raise ValueError("it must be 0 or more")
    return float(value)


def one_of(*choices):
    def check(value):
        if value not in choices:
            raise ValueError("it must be one of %s" % ", ".join(json.dumps(c) for c in choices))
        return value
    return check


# ---------------------------------------------------------------------------------------------
# the loop


def _write(out, obj):
    out.write(json.dumps(obj, allow_nan=False, separators=(",", ":")).encode("utf-8") + b"\n")
    out.flush()


def _die(sentence):
    sys.stderr.write(sentence.rstrip() + "\n")
    sys.stderr.flush()
    sys.exit(2)


_ID = re.compile(rb'"id"\s*:\s*(-?\d+)\s*[,}]')


def serve(name, version, dims, read_settings, configure, ask, stdin=None, stdout=None):
    """Runs the protocol on stdin and stdout until stdin ends.

    read_settings(dict) -> applied dict (raises SettingError); configure(applied) -> an object
    (or None) passed to ask; ask(state, a, b) -> answer dict (raises Refused for a pair the
    engine will not answer). `ask` is only given pairs of a dimension in `dims`.
    """
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or _protocol_out or sys.stdout.buffer
    try:
        _serve(name, version, dims, read_settings, configure, ask, stdin, stdout)
    except BrokenPipeError:
        # satbox stopped reading: nothing more to say
        try:
            sys.stdout = None
        finally:
            sys.exit(0)
    except KeyboardInterrupt:
        sys.exit(130)


def _serve(name, version, dims, read_settings, configure, ask, stdin, stdout):
    first = stdin.readline()
    while first and not first.strip():
        first = stdin.readline()
    if not first:
        return  # no hello: nothing asked
    try:
        hello = json.loads(first)
    except ValueError:
        _die("the first line is not JSON: satbox's hello {\"satbox_engine\": 1, ...} was expected")
    if not isinstance(hello, dict) or "satbox_engine" not in hello:
        _die("the first line is not satbox's hello {\"satbox_engine\": 1, \"settings\": {...}}")
    if hello["satbox_engine"] != PROTOCOL:
        _die("this adapter speaks engine protocol %d, and satbox asked for %s" % (
            PROTOCOL, _short(hello["satbox_engine"])))
    try:
        applied = read_settings(hello.get("settings") or {})
        state = configure(applied)
    except SettingError as e:
        _die(str(e))
    _write(stdout, {"satbox_engine": PROTOCOL, "name": name, "version": version,
                    "dims": sorted(dims), "settings": applied})

    while True:
        line = stdin.readline()
        if not line:
            return
        if not line.strip():
            continue
        _write(stdout, _one(line, name, dims, ask, state))


def _one(line, name, dims, ask, state):
    try:
        request = json.loads(line)
    except ValueError as e:
        found = _ID.search(line)
        if found:
            return {"id": int(found.group(1)), "error": "the request is not JSON: %s" % e}
        _die("a request is not JSON and has no id to answer: %s" % _short(line.decode("utf-8", "replace").strip()))
    if not isinstance(request, dict) or "id" not in request:
        _die("a request has no id: %s" % _short(request))
    rid = request["id"]
    if isinstance(rid, bool) or not isinstance(rid, int):
        _die("a request's id is %s, not an integer" % _short(rid))
    try:
        a = read_box(request.get("a"), "a")
        b = read_box(request.get("b"), "b")
        if a.dim != b.dim:
            raise ValueError("box a is %dD and box b is %dD" % (a.dim, b.dim))
    except ValueError as e:
        return {"id": rid, "error": str(e)}
    if a.dim not in dims:
        return {"id": rid, "error": "%s answers %s pairs only, and this pair is %dD" % (
            name, " and ".join("%dD" % d for d in sorted(dims)), a.dim)}
    try:
        result = ask(state, a, b)
    except Refused as e:
        return {"id": rid, "error": str(e)}
    except Exception as e:  # the engine failed on this pair: say so, keep serving
        sys.stderr.write(traceback.format_exc())
        sys.stderr.flush()
        return {"id": rid, "error": "%s failed on this pair: %s: %s" % (name, type(e).__name__, e)}
    bad = _non_finite_fields(result)
    if bad:
        return {"id": rid, "error": "%s returned a value that is not finite in %s" % (
            name, ", ".join(bad))}
    out = {"id": rid}
    out.update(result)
    return out

