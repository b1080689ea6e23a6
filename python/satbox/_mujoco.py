"""``satbox.compare_mujoco``: MuJoCo's contacts between box geoms held to satbox's answer.

Only numbers are read here (the geoms' poses and sizes, ``data.contact``); the answer and the
comparison are the library's, the one ``satbox check --compare`` uses.
"""

from __future__ import annotations

import json
from typing import Any, Dict, List

import numpy as np

from . import _satbox


def _filtered(model, b1: int, b2: int) -> bool:
    """MuJoCo never collides these two bodies: the same weld body, or (unless the filterparent
    flag is disabled) a weld body and its parent's, the world aside."""
    weld = model.body_weldid
    w1, w2 = int(weld[b1]), int(weld[b2])
    if w1 == w2:
        return True
    try:
        import mujoco

        disabled = model.opt.disableflags & int(mujoco.mjtDisableBit.mjDSBL_FILTERPARENT)
    except Exception:  # pragma: no cover (a model without the flag)
        disabled = 0
    p1 = int(weld[model.body_parentid[w1]])
    p2 = int(weld[model.body_parentid[w2]])
    return bool(not disabled and w1 != 0 and w2 != 0 and (w1 == p2 or w2 == p1))


def _mat_to_wxyz(mat: np.ndarray) -> np.ndarray:
    """Rotation matrices (K, 9), row-major as MuJoCo's ``geom_xmat``, to quaternions [w, x, y, z]
    (MuJoCo's ``mju_mat2Quat``)."""
    import mujoco

    out = np.empty((len(mat), 4))
    for k, m in enumerate(mat):
        mujoco.mju_mat2Quat(out[k], np.ascontiguousarray(m, dtype=np.float64))
    return out


def compare_mujoco(model, data) -> List[Dict[str, Any]]:
    """One record per pair of box geoms that MuJoCo may collide and whose bounding spheres
    overlap (grown by the pair's margin), in geom order.

    Each record: ``geom1``, ``geom2`` (geom ids; A is ``geom1``), ``satbox`` (``satbox check``'s
    compact answer for the two boxes as posed in ``data``), ``mujoco`` (MuJoCo's contacts for
    the pair in ``data.contact``: ``points`` with ``point``, ``separation`` (``dist``) and its
    contact index, and ``normal`` from geom1 to geom2), ``disagreements`` (each ``what``,
    ``size``, ``description``, as ``check --compare``) and ``by_design``. A simulation that
    MuJoCo collides right gives records whose ``disagreements`` are all empty.

    Call it after ``mujoco.mj_forward`` (or a step), so that ``data.contact`` and the poses are
    of the same state. Pairs MuJoCo filters (the same body, a body and its parent, contype and
    conaffinity that do not match, an ``<exclude>``) are left out.
    """
    import mujoco

    box = int(mujoco.mjtGeom.mjGEOM_BOX)
    geoms = np.flatnonzero(np.asarray(model.geom_type) == box)
    xpos = np.asarray(data.geom_xpos)
    rbound = np.asarray(model.geom_rbound)
    margin = np.asarray(model.geom_margin)
    body = np.asarray(model.geom_bodyid)
    contype = np.asarray(model.geom_contype)
    conaffinity = np.asarray(model.geom_conaffinity)
    # the body pairs an <exclude> names (MuJoCo's signature: the smaller body id in the high bits)
    excluded = {int(x) for x in np.asarray(getattr(model, "exclude_signature", []))}
    pairs = []
    for k, g1 in enumerate(geoms):
        for g2 in geoms[k + 1 :]:
            if not ((contype[g1] & conaffinity[g2]) or (contype[g2] & conaffinity[g1])):
                continue
            b1, b2 = sorted((int(body[g1]), int(body[g2])))
            if _filtered(model, b1, b2) or (b1 << 16) + b2 in excluded:
                continue
            m = max(margin[g1], margin[g2])
            if np.linalg.norm(xpos[g2] - xpos[g1]) > rbound[g1] + rbound[g2] + m:
                continue
            pairs.append((int(g1), int(g2), float(m)))
    if not pairs:
        return []

    # MuJoCo's contacts, by pair
    contacts: Dict[tuple, list] = {}
    for i in range(data.ncon):
        c = data.contact[i]
        g1, g2 = int(c.geom1), int(c.geom2)
        normal = np.array(c.frame[:3], dtype=np.float64)
        key = (g1, g2) if g1 < g2 else (g2, g1)
        if g1 > g2:
            normal = -normal
        contacts.setdefault(key, []).append((i, np.array(c.pos, dtype=np.float64), float(c.dist), normal))

    g1s = np.array([p[0] for p in pairs])
    g2s = np.array([p[1] for p in pairs])
    size = np.asarray(model.geom_size, dtype=np.float64)
    xmat = np.asarray(data.geom_xmat, dtype=np.float64)
    counts, points, separations, normals = [], [], [], []
    for g1, g2, _ in pairs:
        found = contacts.get((g1, g2), [])
        counts.append(len(found))
        for _, pos, dist, _ in found:
            points.append(pos)
            separations.append(dist)
        normals.append(found[0][3] if found else np.full(3, np.nan))
    texts = _satbox.compare_mujoco3(
        len(pairs),
        np.ascontiguousarray(xpos[g1s]).reshape(-1),
        np.ascontiguousarray(size[g1s]).reshape(-1),
        _mat_to_wxyz(xmat[g1s]).reshape(-1),
        np.ascontiguousarray(xpos[g2s]).reshape(-1),
        np.ascontiguousarray(size[g2s]).reshape(-1),
        _mat_to_wxyz(xmat[g2s]).reshape(-1),
        np.array(counts, dtype=np.int64),
        np.array(points, dtype=np.float64).reshape(-1),
        np.array(separations, dtype=np.float64),
        np.array(normals, dtype=np.float64).reshape(-1),
        np.array([p[2] for p in pairs], dtype=np.float64),
        f"MuJoCo {mujoco.__version__}",
    )
    out = []
    for (g1, g2, _), text in zip(pairs, texts):
        r = json.loads(text)
        r["satbox"].pop("line", None)
        found = contacts.get((g1, g2), [])
        out.append(
            {
                "geom1": g1,
                "geom2": g2,
                "satbox": r["satbox"],
                "mujoco": {
                    "normal": found[0][3].tolist() if found else None,
                    "points": [
                        {"contact": i, "point": pos.tolist(), "separation": dist}
                        for i, pos, dist, _ in found
                    ],
                },
                "disagreements": r["disagreements"],
                "by_design": r["by_design"],
            }
        )
    return out
