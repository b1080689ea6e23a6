"""MuJoCo (the `mujoco` package: the C library through its Python bindings), as a satbox engine.

    python adapters/mujoco.py        (satbox starts it; it speaks satbox's engine protocol)

Works with whatever mujoco the Python has (3.x and 4.x; measured on 3.11.0, 3.17.0 and 4.0.0).
The model is the one satbox's built-in MuJoCo uses: two free bodies, one box geom each, no
gravity. Per pair: each geom's size is set to the half extents, its bounding sphere and box
(geom_rbound, geom_aabb) to follow, or the broadphase would skip large boxes; the poses go into
qpos (quaternions w first); mj_forward runs MuJoCo's collision. When no contact is at or below
0, mj_geomDistance gives the distance and the closest points.

Settings: margin (default 0): the pair's contact margin, so contacts up to `margin` apart come
too (each a point with a positive separation). It is put in box A's geom_margin, box B's staying
0: MuJoCo 3.x adds the two geoms' margins (older versions took the larger), and either way the
pair's margin is then `margin`.
"""

import math

import engine_protocol as ep

ep.take_stdout()
ep.leave_folder(__file__)  # or this file would be imported as the mujoco package

import mujoco  # noqa: E402
import numpy as np  # noqa: E402

NAME = "MuJoCo"

read_settings = ep.settings_reader(NAME, {"margin": (0.0, ep.non_negative_number)})


class Scene:
    def __init__(self, settings):
        self.model = mujoco.MjModel.from_xml_string(ep.MUJOCO_PAIR_MODEL)
        self.data = mujoco.MjData(self.model)
        self.a = mujoco.mj_name2id(self.model, mujoco.mjtObj.mjOBJ_GEOM, "A")
        self.b = mujoco.mj_name2id(self.model, mujoco.mjtObj.mjOBJ_GEOM, "B")
        self.margin = settings["margin"]
        self.model.geom_margin[self.a] = self.margin  # the pair's: A's plus B's (0)
        self.model.geom_margin[self.b] = 0.0
        self.has_distance = hasattr(mujoco, "mj_geomDistance")
        self.fromto = np.zeros(6)


def ask(scene, a, b):
    ep.refuse_what_mujoco_refuses(NAME, a, b)
    m, d = scene.model, scene.data
    for geom, box in ((scene.a, a), (scene.b, b)):
        half = np.array(box.half_extents, dtype=float)
        m.geom_size[geom] = half
        m.geom_rbound[geom] = float(np.linalg.norm(half))
        m.geom_aabb[geom] = [0.0, 0.0, 0.0, half[0], half[1], half[2]]
    d.qpos[0:7] = list(a.center) + a.quat_wxyz
    d.qpos[7:14] = list(b.center) + b.quat_wxyz
    mujoco.mj_forward(m, d)

    points, normal = [], None
    for i in range(d.ncon):
        c = d.contact[i]
        n = np.array(c.frame[0:3], dtype=float)
        if int(c.geom1) != scene.a:
            n = -n
        if normal is None:
            normal = ep.unit(n)
        points.append(ep.point(c.pos, c.dist, "contact %d" % i))
    result = ep.answer(points, normal if points else None)
    if not result["intersect"]:
        if scene.has_distance:
            distance(scene, a, b, result)
        else:
            result["notes"].append("this MuJoCo (%s) has no mj_geomDistance: no distance"
                                   % mujoco.__version__)
    return result


def distance(scene, a, b, result):
    # no two boxes are further apart than their centres: a cap a little above that is never the
    # answer
    cap = math.dist(a.center, b.center) * (1.0 + 1e-6) + 1e-9
    fromto = scene.fromto
    fromto[:] = 0.0
    dist = mujoco.mj_geomDistance(scene.model, scene.data, scene.a, scene.b, cap, fromto)
    if not (0.0 <= dist < cap):
        if dist < 0.0:
            result["notes"].append("mj_geomDistance found them %.9g apart (penetrating) while "
                                   "mj_collision made no contact at or below 0" % dist)
            result["geom_distance"] = float(dist)
        return
    result["distance"] = float(dist)
    result["closest_points"] = [[float(v) for v in fromto[0:3]], [float(v) for v in fromto[3:6]]]
    if result["normal"] is None and dist > 0.0:
        result["normal"] = ep.unit(fromto[3:6] - fromto[0:3])


def main():
    ep.serve(NAME, mujoco.__version__, [3], read_settings, Scene, ask)


if __name__ == "__main__":
    main()
