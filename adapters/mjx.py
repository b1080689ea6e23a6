"""MJX (the `mujoco-mjx` package, `from mujoco import mjx`), as a satbox engine.

    python adapters/mjx.py           (satbox starts it; it speaks satbox's engine protocol)

MJX's JAX implementation on JAX's CPU backend (JAX_PLATFORMS=cpu is set before JAX is
imported), in JAX's default float32. The model is satbox's MuJoCo pair (two free bodies, one box
geom each, no gravity), put once; one jitted function sets the geoms' sizes, bounding spheres and
margins and the poses (qpos, quaternions w first), then runs kinematics and collision. It is
compiled on the first pair (that answer takes seconds) and reused for every later one.

MJX's box-box collider (collision_convex.box_box: a separating-axis test, then clipping the
incident face against the reference face) always returns 4 contact slots; a slot it leaves empty
has dist 1, and a point it keeps is always penetrating (dist <= 0). The answer's points are the
slots at or below 0. MJX puts each point on the reference face (A's or B's, whichever the test
chose); the adapter moves it midway between the surfaces along the normal, as the protocol asks
(the face it lies on is told apart by the two boxes' support planes along the normal).

Settings: margin (default 0): the pair's contact margin, put in box A's geom_margin (B's stays 0;
the pair's is the sum). MJX's box_box ignores it (it reports
penetrating points only); it only changes which contacts MJX's solver would make active.
MJX has no distance query for a pair apart: distance and closest_points stay null.
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import engine_protocol as ep  # noqa: E402

ep.take_stdout()
ep.leave_folder(__file__)

import time  # noqa: E402

import jax  # noqa: E402
import mujoco  # noqa: E402
import numpy as np  # noqa: E402
from jax import numpy as jp  # noqa: E402
from mujoco import mjx  # noqa: E402

NAME = "MJX"

read_settings = ep.settings_reader(NAME, {"margin": (0.0, ep.non_negative_number)})


def _collide(m, d, size, rbound, margin, qpos):
    m = m.replace(geom_size=size, geom_rbound=rbound, geom_margin=margin)
    d = d.replace(qpos=qpos)
    d = mjx.kinematics(m, d)
    d = mjx.collision(m, d)
    c = d._impl.contact if hasattr(d, "_impl") else d.contact
    return c.dist, c.pos, c.frame, c.geom


class Scene:
    def __init__(self, settings):
        mjm = mujoco.MjModel.from_xml_string(ep.MUJOCO_PAIR_MODEL)
        self.a = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "A")
        self.b = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "B")
        mjd = mujoco.MjData(mjm)
        try:
            self.m = mjx.put_model(mjm, impl="jax")
            self.d = mjx.put_data(mjm, mjd, impl="jax")
        except TypeError:  # an MJX from before the impl argument
            self.m = mjx.put_model(mjm)
            self.d = mjx.put_data(mjm, mjd)
        self.margin = settings["margin"]
        margins = np.zeros(mjm.ngeom, dtype=np.float32)
        margins[self.a] = self.margin  # the pair's margin: A's plus B's (0)
        self.margins = jp.array(margins)
        self.collide = jax.jit(_collide)
        self.compile_seconds = None


def ask(scene, a, b):
    ep.refuse_what_mujoco_refuses(NAME, a, b)
    size = np.zeros((2, 3), dtype=np.float32)
    size[scene.a] = a.half_extents
    size[scene.b] = b.half_extents
    rbound = np.linalg.norm(size.astype(np.float64), axis=1).astype(np.float32)
    qpos = np.array(list(a.center) + a.quat_wxyz + list(b.center) + b.quat_wxyz, dtype=np.float32)
    start = time.perf_counter()
    dist, pos, frame, geom = jax.device_get(
        scene.collide(scene.m, scene.d, size, rbound, scene.margins, qpos))
    notes = []
    if scene.compile_seconds is None:
        scene.compile_seconds = time.perf_counter() - start
        notes.append("the first pair compiled MJX's collision: %.2f s" % scene.compile_seconds)
    points, normal = [], None
    for i in range(len(dist)):
        if not dist[i] <= 0.0:
            continue
        nrm = np.array(frame[i][0], dtype=np.float64)
        if int(geom[i][0]) != scene.a:
            nrm = -nrm
        n = ep.unit(nrm)
        if n is None:
            continue
        if normal is None:
            normal = n
        points.append(ep.point(midway(a, b, np.array(pos[i], dtype=np.float64), float(dist[i]),
                                      np.array(n)), dist[i], "contact %d" % i))
    return ep.answer(points, normal if points else None, notes=notes)


def _reach(box, n):
    """How far the box reaches from its centre along the unit vector n."""
    axes = np.array(box.matrix())  # columns: the box's axes
    return float(sum(h * abs(axes[:, k] @ n) for k, h in enumerate(box.half_extents)))


def midway(a, b, p, dist, n):
    """The point midway between the surfaces for a point MJX put on the reference face: on A's
    face (A's furthest plane along n) it moves by dist/2 along n, on B's by dist/2 against it."""
    top_a = float(np.dot(a.center, n)) + _reach(a, n)
    bottom_b = float(np.dot(b.center, n)) - _reach(b, n)
    s = float(p @ n)
    on_a = abs(s - top_a) <= abs(s - bottom_b)
    return p + (0.5 * dist if on_a else -0.5 * dist) * n


def main():
    import importlib.metadata
    try:
        version = importlib.metadata.version("mujoco-mjx")
    except importlib.metadata.PackageNotFoundError:
        version = mujoco.__version__
    ep.serve(NAME, version, [3], read_settings, Scene, ask)


if __name__ == "__main__":
    main()
