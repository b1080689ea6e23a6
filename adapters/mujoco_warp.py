"""MuJoCo Warp (the `mujoco-warp` package, `import mujoco_warp`), as a satbox engine.

    python adapters/mujoco_warp.py   (satbox starts it; it speaks satbox's engine protocol)

Runs on Warp's preferred device: a CUDA GPU when there is one, else the CPU. The model is
satbox's MuJoCo pair (two free bodies, one box geom each, no gravity), put on the device once;
per pair the geoms' sizes, bounding spheres and boxes (geom_size, geom_rbound, geom_aabb) and
the poses (qpos, quaternions w first) are written into the device's arrays, then kinematics and
collision run. MuJoCo Warp computes in float32.

Settings:
  collider  "ccd" (default, MuJoCo Warp's own default): box-box pairs go through the native
            CCD path (GJK, EPA and box multi-contact, collision_convex.py); "analytic": its
            box_box function (collision_primitive.py), which MuJoCo Warp takes for box-box when
            the model disables NATIVECCD (mjDSBL_NATIVECCD).
  margin    the pair's contact margin (default 0): box A's geom_margin, box B's staying 0
            (the pair's margin is the sum of the two).
  device    "auto" (default: Warp's preferred device), "cpu" or a CUDA device such as "cuda:0";
            the hello says which was used.
MuJoCo Warp has no distance query of its own for a pair apart: distance and closest_points
stay null.
"""

import engine_protocol as ep

ep.take_stdout()
ep.leave_folder(__file__)

import mujoco  # noqa: E402
import numpy as np  # noqa: E402
import warp as wp  # noqa: E402

wp.config.quiet = True  # no banner, no kernel-loading lines

import mujoco_warp as mjw  # noqa: E402

NAME = "MuJoCo Warp"


def _device(value):
    if not isinstance(value, str):
        raise ValueError('it must be "auto", "cpu" or a CUDA device such as "cuda:0"')
    if value == "auto":
        return value
    try:
        wp.get_device(value)
    except Exception as e:  # Warp says which devices it has
        raise ValueError("Warp has no such device (%s)" % e) from None
    return value


read_settings = ep.settings_reader(NAME, {
    "collider": ("ccd", ep.one_of("ccd", "analytic")),
    "margin": (0.0, ep.non_negative_number),
    "device": ("auto", _device),
})


class Scene:
    def __init__(self, settings):
        wp.init()
        device = wp.get_preferred_device() if settings["device"] == "auto" else wp.get_device(settings["device"])
        settings["device"] = str(device)
        self.device = device
        mjm = mujoco.MjModel.from_xml_string(ep.MUJOCO_PAIR_MODEL)
        if settings["collider"] == "analytic":
            mjm.opt.disableflags |= int(mujoco.mjtDisableBit.mjDSBL_NATIVECCD)
        else:
            mjm.opt.disableflags &= ~int(mujoco.mjtDisableBit.mjDSBL_NATIVECCD)
        mjm.geom_margin[:] = 0.0
        mjm.geom_margin[mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "A")] = settings["margin"]
        self.a = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "A")
        self.b = mujoco.mj_name2id(mjm, mujoco.mjtObj.mjOBJ_GEOM, "B")
        mjd = mujoco.MjData(mjm)
        with wp.ScopedDevice(device):
            self.m = mjw.put_model(mjm)
            self.d = mjw.put_data(mjm, mjd, nconmax=16, njmax=64)
        self.size = np.array(mjm.geom_size, dtype=np.float32)
        self.rbound = np.array(mjm.geom_rbound, dtype=np.float32)
        self.aabb = np.array(mjm.geom_aabb, dtype=np.float32).reshape(mjm.ngeom, 2, 3)
        self.qpos = np.zeros((1, mjm.nq), dtype=np.float32)
        self.first = True


def ask(scene, a, b):
    ep.refuse_what_mujoco_refuses(NAME, a, b)
    m, d = scene.m, scene.d
    for geom, box in ((scene.a, a), (scene.b, b)):
        half = np.array(box.half_extents, dtype=np.float32)
        scene.size[geom] = half
        scene.rbound[geom] = np.linalg.norm(half.astype(np.float64))
        scene.aabb[geom, 0] = 0.0
        scene.aabb[geom, 1] = half
    scene.qpos[0, 0:7] = list(a.center) + a.quat_wxyz
    scene.qpos[0, 7:14] = list(b.center) + b.quat_wxyz
    with wp.ScopedDevice(scene.device):
        m.geom_size.assign(scene.size.reshape(m.geom_size.shape + (3,)))
        m.geom_rbound.assign(scene.rbound.reshape(m.geom_rbound.shape))
        m.geom_aabb.assign(scene.aabb.reshape(m.geom_aabb.shape + (3,)))
        d.qpos.assign(scene.qpos)
        mjw.fwd_kinematics(m, d)
        mjw.collision(m, d)
        n = int(d.nacon.numpy()[0])
        dist = d.contact.dist.numpy()[:n]
        pos = d.contact.pos.numpy()[:n]
        frame = d.contact.frame.numpy()[:n]
        geom = d.contact.geom.numpy()[:n]
    points, normal = [], None
    notes = []
    if n > d.naconmax:
        notes.append("MuJoCo Warp found %d contacts, more than its buffer of %d" % (n, d.naconmax))
        n = d.naconmax
    for i in range(n):
        nrm = np.array(frame[i][0], dtype=np.float64)
        if int(geom[i][0]) != scene.a:
            nrm = -nrm
        if normal is None:
            normal = ep.unit(nrm)
        points.append(ep.point(pos[i], dist[i], "contact %d" % i))
    result = ep.answer(points, normal if points else None, notes=notes)
    return result


def main():
    import importlib.metadata
    try:
        version = importlib.metadata.version("mujoco-warp")
    except importlib.metadata.PackageNotFoundError:
        version = getattr(mjw, "__version__", "unknown")
    ep.serve(NAME, version, [3], read_settings, Scene, ask)


if __name__ == "__main__":
    main()
