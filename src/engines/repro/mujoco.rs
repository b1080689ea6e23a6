//! MuJoCo's repro: `model.xml` (two free bodies with one box geom each, margin 0, the pair's poses
//! as a keyframe's `qpos`) and `repro.py` on MuJoCo's Python bindings, as `src/engines/mujoco.rs`
//! asks it: `mj_forward`'s contacts, and `mj_geomDistance` (capped at the centres' distance) when
//! they find none touching; each contact's normal turned to run from A to B.

use super::{nums, Program, RUN_HEADER};
use crate::engines::Question;
use crate::scene::Pair;

/// The program: `model.xml`, `repro.py` and `run.sh`.
pub fn program(question: &Question) -> Result<Program, String> {
    if question.rounded() {
        return Err(
            "MuJoCo is asked about sharp boxes only: this pair's boxes have a radius".into(),
        );
    }
    let Pair::Three(a, b) = question.pair else {
        return Err("MuJoCo answers no 2D pairs".into());
    };
    let mut qpos = Vec::new();
    for o in [&a, &b] {
        let c = o.center.as_dvec3();
        let q = o.rotation.as_dquat().normalize();
        qpos.extend([c.x, c.y, c.z, q.w, q.x, q.y, q.z]);
    }
    let size = |o: &crate::sat::Obb3| nums(&o.half_extents.as_dvec3().to_array(), " ");
    // the cap satbox gives mj_geomDistance: the centres' distance (their difference in f32), a
    // little more
    let cap = (b.center - a.center).as_dvec3().length() * (1.0 + 1e-6) + 1e-9;
    let model = format!(
        r#"<mujoco model="satbox pair">
  <!-- two free boxes, A and B, without gravity; margin 0 (MuJoCo's default), as satbox asks -->
  <option gravity="0 0 0"/>
  <worldbody>
    <body name="A"><freejoint/><geom name="A" type="box" size="{}" margin="0"/></body>
    <body name="B"><freejoint/><geom name="B" type="box" size="{}" margin="0"/></body>
  </worldbody>
  <keyframe>
    <!-- A's centre and quaternion (w first), then B's: each number the double satbox gave -->
    <key name="pair" qpos="{}"/>
  </keyframe>
</mujoco>
"#,
        size(&a),
        size(&b),
        nums(&qpos, " ")
    );
    Ok(Program {
        files: vec![
            ("model.xml", model),
            ("repro.py", PYTHON.replace("CAP_VALUE", &super::num(cap))),
            ("run.sh", format!("{RUN_HEADER}\"${{PYTHON:-python3}}\" repro.py\n")),
        ],
        install: "MuJoCo's Python bindings at the version named (`pip install mujoco=={version}`, which brings numpy); `PYTHON` picks the interpreter (default `python3`).".into(),
        asks: "`mj_forward` on `model.xml` at its keyframe (the contacts of MuJoCo's box-box collider), and `mj_geomDistance` capped at the centres' distance when no contact is at or below zero.".into(),
    })
}

/// `repro.py`, its cap written in for `CAP_VALUE`.
const PYTHON: &str = r#""""MuJoCo asked about one pair of boxes, as satbox asks it: mj_forward on model.xml at its
keyframe, then mj_geomDistance when no contact is at or below zero. The last line printed is
MuJoCo's answer as satbox reads it (each normal from A to B), one JSON object."""
import json
import math

import mujoco
import numpy as np

# satbox's cap for mj_geomDistance: the centres' distance, a little more
CAP = CAP_VALUE

model = mujoco.MjModel.from_xml_path("model.xml")
data = mujoco.MjData(model)
mujoco.mj_resetDataKeyframe(model, data, 0)
mujoco.mj_forward(model, data)
A = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_GEOM, "A")
B = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_GEOM, "B")
print("MuJoCo", mujoco.mj_versionString(), ":", data.ncon, "contacts")


def f32(x):
    return np.float32(x)


def normalize_or_zero(v):
    """glam's normalize_or_zero, in v's own precision: v times the reciprocal of its length."""
    kind = type(v[0])
    rcp = kind(1) / np.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
    if math.isfinite(rcp) and rcp > 0:
        return [x * rcp for x in v]
    return [kind(0)] * 3


points, normal = [], None
for i in range(data.ncon):
    c = data.contact[i]
    print(f"contact {i}: geom1 {c.geom1} geom2 {c.geom2} dist {float(c.dist)!r} pos {[float(x) for x in c.pos]} normal {[float(x) for x in c.frame[:3]]}")
    n = [float(x) for x in c.frame[:3]]
    if c.geom1 != A:
        n = [-x for x in n]
    if normal is None:
        normal = [f32(x) for x in normalize_or_zero(n)]
    points.append({"position": [f32(x) for x in c.pos], "separation": f32(c.dist), "feature": f"contact {i}"})

deepest = min((p["separation"] for p in points), default=np.float32(math.inf))
intersect = bool(deepest <= 0)
answer = {
    "id": 1,
    "intersect": intersect,
    "depth": -min(deepest, np.float32(0)) if intersect else None,
    "normal": normal if points else None,
    "points": points,
    "distance": None,
    "closest_points": None,
    "notes": [],
}
if not intersect:
    fromto = np.zeros(6)
    d = mujoco.mj_geomDistance(model, data, A, B, CAP, fromto)
    print(f"mj_geomDistance: {float(d)!r} fromto {[float(x) for x in fromto]}")
    if 0 <= d < CAP:
        on_a, on_b = [f32(x) for x in fromto[:3]], [f32(x) for x in fromto[3:]]
        answer["distance"] = f32(d)
        answer["closest_points"] = [on_a, on_b]
        if answer["normal"] is None and d > 0:
            n = normalize_or_zero([q - p for p, q in zip(on_a, on_b)])
            if any(x != 0 for x in n):
                answer["normal"] = n


def text(v):
    """JSON, each float32 as the shortest text that reads back to it."""
    if isinstance(v, np.float32):
        return "0.0" if v == 0 else str(v)
    if isinstance(v, list):
        return "[" + ",".join(text(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(json.dumps(k) + ":" + text(x) for k, x in v.items()) + "}"
    return json.dumps(v)


print(text(answer))
"#;
