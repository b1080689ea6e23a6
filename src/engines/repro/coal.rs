//! Coal's repro, for an engine of the engines file whose hello names it `Coal` (satbox's adapter,
//! `adapters/coal.py`): `repro.py` on Coal's own Python API, asking it as the adapter does, with
//! the numbers of satbox's request and the settings the adapter applied (its hello's): each box a
//! `coal.Box` of full sizes placed by a `coal.Transform3s` (the quaternion normalised and turned
//! into a matrix as the adapter does), `coal.collide` (or its contact patch), and `coal.distance`
//! when no point is at or below zero.

use serde_json::{Map, Value};

use super::{AdapterScript, Program};
use crate::engines::Question;

/// The script around the inputs.
const SCRIPT: AdapterScript = AdapterScript {
    engine: "Coal",
    header: HEADER,
    rest: REST,
};

/// The program: `repro.py` and `run.sh`, for the adapter's settings `settings`.
pub fn program(settings: &Map<String, Value>, question: &Question) -> Result<Program, String> {
    let patch = settings.get("contact_patch").and_then(Value::as_bool) == Some(true);
    let settings = format!(
        "# the adapter's settings, as it applied them\nMARGIN = {:?}\nCONTACT_PATCH = {}\n",
        AdapterScript::margin(settings),
        if patch { "True" } else { "False" },
    );
    Ok(Program {
        files: SCRIPT.files(question, &settings)?,
        install: "Coal's Python bindings at the version named (`pip install coal=={version}`, with numpy); `PYTHON` picks the interpreter (default `python3`).".into(),
        asks: "`coal.collide` on two `coal.Box`es (contacts on, up to 16, the margin as `security_margin`; the contact patch when asked), and `coal.distance` when no point is at or below zero, as satbox's adapter `adapters/coal.py` asks it.".into(),
    })
}

const HEADER: &str = r#""""Coal asked about one pair of boxes, as satbox's adapter (adapters/coal.py) asks it:
coal.collide, then coal.distance when no point is at or below zero. The last line printed is
Coal's answer in satbox's engine protocol's form, one JSON object."""
import json
import math

import coal
import numpy as np
"#;

const REST: &str = r#"

def box(b):
    """The box's coal.Box (full sizes) and coal.Transform3s, its quaternion normalised."""
    q = [float(c) for c in b["rotation"]]
    n = math.sqrt(sum(c * c for c in q))
    x, y, z, w = [c / n for c in q]
    matrix = [
        [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
        [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
        [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]
    shape = coal.Box(*[2.0 * float(h) for h in b["half_extents"]])
    radius = float(b.get("radius", 0.0))
    if radius > 0:
        shape.setSweptSphereRadius(radius)
    center = [float(c) for c in b["center"]]
    return shape, coal.Transform3s(np.array(matrix, dtype=float), np.array(center, dtype=float))


def vec(v):
    return [float(x) for x in np.asarray(v).reshape(3)]


def unit(v):
    v = [float(c) for c in v]
    n = math.sqrt(sum(c * c for c in v))
    if not math.isfinite(n) or n == 0.0:
        return None
    return [c / n for c in v]


def point(position, separation, feature):
    return {"position": [float(c) for c in position], "separation": float(separation),
            "feature": feature}


print("Coal", getattr(coal, "__version__", ""))
s1, t1 = box(A)
s2, t2 = box(B)
request = coal.CollisionRequest()
request.enable_contact = True
request.num_max_contacts = 16
request.security_margin = MARGIN
result = coal.CollisionResult()
coal.collide(s1, t1, s2, t2, request, result)
contacts = list(result.getContacts())
print("coal.collide:", len(contacts), "contacts")
points, normal = [], None
if contacts and CONTACT_PATCH:
    patch_request = coal.ContactPatchRequest()
    patches = coal.ContactPatchResult(patch_request)
    coal.computeContactPatch(s1, t1, s2, t2, result, patch_request, patches)
    for k in range(patches.numContactPatches()):
        patch = patches.getContactPatch(k)
        n = np.asarray(patch.getNormal(), dtype=float)
        if normal is None:
            normal = unit(n)
        for i in range(patch.size()):
            p1 = np.asarray(patch.getPointShape1(i), dtype=float)
            p2 = np.asarray(patch.getPointShape2(i), dtype=float)
            points.append(point((p1 + p2) / 2.0, float(np.dot(p2 - p1, n)), "patch %d point %d" % (k, i)))
else:
    for i, c in enumerate(contacts):
        print("contact %d: pos %r normal %r penetration_depth %r" % (i, vec(c.pos), vec(c.normal), float(c.penetration_depth)))
        if normal is None:
            normal = unit(vec(c.normal))
        points.append(point(vec(c.pos), float(c.penetration_depth), "contact %d" % i))
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
if not answer["intersect"]:
    d_request = coal.DistanceRequest()
    d_result = coal.DistanceResult()
    distance = coal.distance(s1, t1, s2, t2, d_request, d_result)
    print("coal.distance:", repr(float(distance)))
    if distance >= 0.0:
        answer["distance"] = float(distance)
        answer["closest_points"] = [vec(d_result.getNearestPoint1()), vec(d_result.getNearestPoint2())]
        if answer["normal"] is None:
            answer["normal"] = unit(vec(d_result.normal))
print(json.dumps(answer, separators=(",", ":")))
"#;
