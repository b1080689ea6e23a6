//! MJX's repro, for an engine of the engines file whose hello names it `MJX` (satbox's adapter,
//! `adapters/mjx.py`): `repro.py` on MJX's own API (`from mujoco import mjx`, JAX on the CPU in
//! float32), asking it as the adapter does, with the numbers of satbox's request and the margin
//! the adapter applied: satbox's MuJoCo pair model put once, sizes, bounding spheres, margins and
//! poses set, `mjx.kinematics` then `mjx.collision`, each point at or below zero moved midway
//! between the surfaces as the adapter moves it.

use serde_json::{Map, Value};

use super::{AdapterScript, Program};
use crate::engines::Question;

/// The script around the inputs.
const SCRIPT: AdapterScript = AdapterScript {
    engine: "MJX",
    header: HEADER,
    rest: REST,
};

/// The program: `repro.py` and `run.sh`, for the adapter's settings `settings`.
pub fn program(settings: &Map<String, Value>, question: &Question) -> Result<Program, String> {
    let settings = format!(
        "# the adapter's margin, as it applied it (box A's geom_margin; B's 0)\nMARGIN = {:?}\n",
        AdapterScript::margin(settings),
    );
    Ok(Program {
        files: SCRIPT.files(question, &settings)?,
        install: "MJX at the version named (`pip install mujoco-mjx=={version}`, which brings JAX and MuJoCo); `PYTHON` picks the interpreter (default `python3`). It runs on JAX's CPU backend; compiling the collision takes seconds.".into(),
        asks: "`mjx.kinematics` then `mjx.collision` (MJX's JAX implementation, float32, on the CPU) on satbox's MuJoCo pair model with the boxes' sizes, bounding spheres, margins and poses set, as satbox's adapter `adapters/mjx.py` asks it.".into(),
    })
}

const HEADER: &str = r#""""MJX asked about one pair of boxes, as satbox's adapter (adapters/mjx.py) asks it:
mjx.kinematics then mjx.collision on two free boxes, JAX on the CPU in float32. The last line
printed is MJX's answer in satbox's engine protocol's form, one JSON object."""
import json
import math
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import mujoco  # noqa: E402
import numpy as np  # noqa: E402
from jax import numpy as jp  # noqa: E402
from mujoco import mjx  # noqa: E402
"#;

const REST: &str = r#"MODEL = """<mujoco model="satbox pair">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="A"><freejoint/><geom name="A" type="box" size="1 1 1"/></body>
    <body name="B"><freejoint/><geom name="B" type="box" size="1 1 1"/></body>
  </worldbody>
</mujoco>"""


def unit_quat(b):
    q = [float(c) for c in b["rotation"]]
    n = math.sqrt(sum(c * c for c in q))
    return [c / n for c in q]


def matrix(b):
    x, y, z, w = unit_quat(b)
    return [
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]


def unit(v):
    v = [float(c) for c in v]
    n = math.sqrt(sum(c * c for c in v))
    if not math.isfinite(n) or n == 0.0:
        return None
    return [c / n for c in v]


def reach(b, n):
    """How far the box reaches from its centre along the unit vector n."""
    axes = np.array(matrix(b))  # columns: the box's axes
    return float(sum(float(h) * abs(axes[:, k] @ n) for k, h in enumerate(b["half_extents"])))


def midway(p, dist, n):
    """The point midway between the surfaces for a point MJX put on the reference face."""
    top_a = float(np.dot([float(c) for c in A["center"]], n)) + reach(A, n)
    bottom_b = float(np.dot([float(c) for c in B["center"]], n)) - reach(B, n)
    s = float(p @ n)
    on_a = abs(s - top_a) <= abs(s - bottom_b)
    return p + (0.5 * dist if on_a else -0.5 * dist) * n


def collide(m, d, size, rbound, margin, qpos):
    m = m.replace(geom_size=size, geom_rbound=rbound, geom_margin=margin)
    d = d.replace(qpos=qpos)
    d = mjx.kinematics(m, d)
    d = mjx.collision(m, d)
    c = d._impl.contact if hasattr(d, "_impl") else d.contact
    return c.dist, c.pos, c.frame, c.geom


mjm = mujoco.MjModel.from_xml_string(MODEL)
ga = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "A")
gb = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "B")
mjd = mujoco.MjData(mjm)
try:
    m = mjx.put_model(mjm, impl="jax")
    d = mjx.put_data(mjm, mjd, impl="jax")
except TypeError:  # an MJX from before the impl argument
    m = mjx.put_model(mjm)
    d = mjx.put_data(mjm, mjd)
margins = np.zeros(mjm.ngeom, dtype=np.float32)
margins[ga] = MARGIN
size = np.zeros((2, 3), dtype=np.float32)
size[ga] = [float(h) for h in A["half_extents"]]
size[gb] = [float(h) for h in B["half_extents"]]
rbound = np.linalg.norm(size.astype(np.float64), axis=1).astype(np.float32)
wxyz = lambda b: [unit_quat(b)[3]] + unit_quat(b)[:3]  # noqa: E731
qpos = np.array([float(c) for c in A["center"]] + wxyz(A) + [float(c) for c in B["center"]] + wxyz(B), dtype=np.float32)
dist, pos, frame, geom = jax.device_get(jax.jit(collide)(m, d, size, rbound, jp.array(margins), qpos))
print("MJX: contact slots dist", [float(x) for x in dist])
points, normal = [], None
for i in range(len(dist)):
    if not dist[i] <= 0.0:
        continue
    nrm = np.array(frame[i][0], dtype=np.float64)
    if int(geom[i][0]) != ga:
        nrm = -nrm
    n = unit(nrm)
    if n is None:
        continue
    if normal is None:
        normal = n
    at = midway(np.array(pos[i], dtype=np.float64), float(dist[i]), np.array(n))
    points.append({"position": [float(c) for c in at], "separation": float(dist[i]), "feature": "contact %d" % i})
touching = [p["separation"] for p in points if p["separation"] <= 0.0]
answer = {
    "id": 1,
    "intersect": bool(touching),
    "depth": -min(touching) if touching else None,
    "normal": normal if points else None,
    "points": points,
    "distance": None,
    "closest_points": None,
    "notes": [],
}
print(json.dumps(answer, separators=(",", ":")))
"#;
