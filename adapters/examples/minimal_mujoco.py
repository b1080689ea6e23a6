"""A whole engine adapter in 40 lines: MuJoCo's box-box contacts over satbox's engine protocol."""
import json, sys
import mujoco

XML = """<mujoco><option gravity="0 0 0"/><worldbody>
  <body><freejoint/><geom name="a" type="box" size="1 1 1"/></body>
  <body><freejoint/><geom name="b" type="box" size="1 1 1"/></body>
</worldbody></mujoco>"""
model = mujoco.MjModel.from_xml_string(XML)
data = mujoco.MjData(model)

def answer(req):
    a, b = req["a"], req["b"]
    if a.get("radius", 0) > 0 or b.get("radius", 0) > 0:
        return {"error": "MuJoCo has no rounded box"}
    for g, box in enumerate((a, b)):
        model.geom_size[g] = box["half_extents"]
        model.geom_rbound[g] = sum(h * h for h in box["half_extents"]) ** 0.5
        model.geom_aabb[g] = [0, 0, 0] + box["half_extents"]
        x, y, z, w = box["rotation"]  # satbox: [x, y, z, w]; MuJoCo: [w, x, y, z]
        data.qpos[7 * g:7 * g + 7] = box["center"] + [w, x, y, z]
    mujoco.mj_forward(model, data)
    contacts = data.contact[:data.ncon]
    points = [{"position": c.pos.tolist(), "separation": float(c.dist), "feature": None}
              for c in contacts]
    normal = None
    if points:  # MuJoCo's normal points from geom1 to geom2
        n = contacts[0].frame[:3].tolist()
        normal = n if contacts[0].geom1 == 0 else [-v for v in n]
    depth = max([-p["separation"] for p in points], default=None)
    return {"intersect": bool(points), "depth": depth, "normal": normal, "points": points,
            "distance": None, "closest_points": None, "notes": []}

hello = json.loads(sys.stdin.readline())
print(json.dumps({"satbox_engine": 1, "name": "MuJoCo", "version": mujoco.__version__,
                  "dims": [3], "settings": {}}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    print(json.dumps({"id": req["id"], **answer(req)}), flush=True)
