//! MuJoCo Warp's repro, for an engine of the engines file whose hello names it `MuJoCo Warp`
//! (satbox's adapter, `adapters/mujoco_warp.py`): `repro.py` on MuJoCo Warp's own API, asking it
//! as the adapter does, with the numbers of satbox's request and the settings the adapter applied
//! (the collider, the margin, the device): satbox's MuJoCo pair model put on the device, sizes,
//! bounding spheres and boxes and poses written in float32, `mjw.fwd_kinematics` then
//! `mjw.collision`.

use serde_json::{Map, Value};

use super::{AdapterScript, Program};
use crate::engines::Question;

/// The script around the inputs.
const SCRIPT: AdapterScript = AdapterScript {
    engine: "MuJoCo Warp",
    header: HEADER,
    rest: REST,
};

/// The program: `repro.py` and `run.sh`, for the adapter's settings `settings`.
pub fn program(settings: &Map<String, Value>, question: &Question) -> Result<Program, String> {
    let text = |key: &str, default: &str| {
        let value = settings.get(key).and_then(Value::as_str).unwrap_or(default);
        serde_json::to_string(value).unwrap_or_default()
    };
    let settings = format!(
        "# the adapter's settings, as it applied them\nCOLLIDER = {}\nMARGIN = {:?}\nDEVICE = {}\n",
        text("collider", "ccd"),
        AdapterScript::margin(settings),
        text("device", "cpu"),
    );
    Ok(Program {
        files: SCRIPT.files(question, &settings)?,
        install: "MuJoCo Warp at the version named (`pip install mujoco-warp=={version}`, which brings Warp and MuJoCo); `PYTHON` picks the interpreter (default `python3`). Warp compiles its kernels on the first run.".into(),
        asks: "`mjw.fwd_kinematics` then `mjw.collision` (float32, on the device the adapter used) on satbox's MuJoCo pair model with the boxes' sizes, bounding spheres and boxes and poses written in, as satbox's adapter `adapters/mujoco_warp.py` asks it.".into(),
    })
}

const HEADER: &str = r#""""MuJoCo Warp asked about one pair of boxes, as satbox's adapter (adapters/mujoco_warp.py)
asks it: mjw.fwd_kinematics then mjw.collision on two free boxes, in float32. The last line
printed is MuJoCo Warp's answer in satbox's engine protocol's form, one JSON object."""
import json
import math

import mujoco
import numpy as np
import warp as wp

wp.config.quiet = True
import mujoco_warp as mjw  # noqa: E402
"#;

const REST: &str = r#"MODEL = """<mujoco model="satbox pair">
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="A"><freejoint/><geom name="A" type="box" size="1 1 1"/></body>
    <body name="B"><freejoint/><geom name="B" type="box" size="1 1 1"/></body>
  </worldbody>
</mujoco>"""


def wxyz(b):
    q = [float(c) for c in b["rotation"]]
    n = math.sqrt(sum(c * c for c in q))
    x, y, z, w = [c / n for c in q]
    return [w, x, y, z]


def unit(v):
    v = [float(c) for c in v]
    n = math.sqrt(sum(c * c for c in v))
    if not math.isfinite(n) or n == 0.0:
        return None
    return [c / n for c in v]


wp.init()
device = wp.get_device(DEVICE)
mjm = mujoco.MjModel.from_xml_string(MODEL)
if COLLIDER == "analytic":
    mjm.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_NATIVECCD)
else:
    mjm.opt.disableflags &= ~int(mujoco.mjtDisableBit.mjDSBL_NATIVECCD)
ga = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "A")
gb = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "B")
mjm.geom_margin[:] = 0.0
mjm.geom_margin[ga] = MARGIN
mjd = mujoco.MjData(mjm)
with wp.ScopedDevice(device):
    m = mjw.put_model(mjm)
    d = mjw.put_data(mjm, mjd, nconmax=16, njmax=64)
size = np.array(mjm.geom_size, dtype=np.float32)
rbound = np.array(mjm.geom_rbound, dtype=np.float32)
aabb = np.array(mjm.geom_aabb, dtype=np.float32).reshape(mjm.ngeom, 2, 3)
qpos = np.zeros((1, mjm.nq), dtype=np.float32)
for geom, box in ((ga, A), (gb, B)):
    half = np.array([float(h) for h in box["half_extents"]], dtype=np.float32)
    size[geom] = half
    rbound[geom] = np.linalg.norm(half.astype(np.float64))
    aabb[geom, 0] = 0.0
    aabb[geom, 1] = half
qpos[0, 0:7] = [float(c) for c in A["center"]] + wxyz(A)
qpos[0, 7:14] = [float(c) for c in B["center"]] + wxyz(B)
with wp.ScopedDevice(device):
    m.geom_size.assign(size.reshape(m.geom_size.shape + (3,)))
    m.geom_rbound.assign(rbound.reshape(m.geom_rbound.shape))
    m.geom_aabb.assign(aabb.reshape(m.geom_aabb.shape + (3,)))
    d.qpos.assign(qpos)
    mjw.fwd_kinematics(m, d)
    mjw.collision(m, d)
    n = int(d.nacon.numpy()[0])
    dist = d.contact.dist.numpy()[:n]
    pos = d.contact.pos.numpy()[:n]
    frame = d.contact.frame.numpy()[:n]
    geom = d.contact.geom.numpy()[:n]
print("MuJoCo Warp on", device, ":", n, "contacts, dist", [float(x) for x in dist])
n = min(n, d.naconmax)
points, normal = [], None
for i in range(n):
    nrm = np.array(frame[i][0], dtype=np.float64)
    if int(geom[i][0]) != ga:
        nrm = -nrm
    if normal is None:
        normal = unit(nrm)
    points.append({"position": [float(c) for c in pos[i]], "separation": float(dist[i]), "feature": "contact %d" % i})
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
