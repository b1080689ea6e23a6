"""satbox: the Separating Axis Theorem's answers for oriented box pairs, on numpy arrays.

The numbers are those of ``satbox check``, bit for bit: each box is read from the same numbers
the same way, and asked of the same library. ``check`` gives the full answer (verdict, depth,
normal, exact distance, closest points, contact manifold), ``intersects`` the verdicts alone on
the batch path, ``check2d``/``intersects2d`` the same in 2D, ``check_lines`` the dicts
``satbox check`` prints for JSON Lines, ``compare_mujoco`` MuJoCo's contacts against satbox's.

Arrays may be float32 or float64, contiguous or not (lists too); bad input raises ``ValueError``
naming the argument and the first bad index. The GIL is released while the pairs are answered,
and many pairs are answered on every core (rayon; ``RAYON_NUM_THREADS`` limits it).
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional

import numpy as np

from . import _satbox

__all__ = [
    "Check",
    "check",
    "check2d",
    "intersects",
    "intersects2d",
    "check_lines",
    "compare_mujoco",
    "__version__",
]

__version__ = _satbox.__version__


class Check:
    """The answers for N pairs, each attribute a numpy array (D = 3, or 2 for ``check2d``).

    - ``intersect``, ``touching``: bool (N,). Touching counts as intersecting.
    - ``depth``: float32 (N,), NaN where the boxes do not intersect.
    - ``normal``: float32 (N, D), the unit normal from A to B; NaN where none.
    - ``first_separating_axis``: int64 (N,), the lowest candidate axis that separates, -1 where
      none separates (3D: 0..2 A's faces, 3..5 B's, 6 + 3i + j the edge A.u_i x B.u_j).
    - ``min_axis``: int64 (N,), the candidate axis the depth lies along, -1 where none.
    - ``separation_distance``: float32 (N,), the exact distance (0 when they intersect).
    - ``closest_points``: float32 (N, 2, D), [point on A, point on B]; NaN where they intersect.
    - ``manifold_counts``: int64 (N,), the number of contact points of each pair (0 to 4 in 3D,
      2 in 2D); ``manifold_points`` float32 (M, D), ``manifold_separations`` float32 (M,)
      (negative when penetrating), ``manifold_ids`` uint32 (M,) (the feature pair's key): pair
      i's points are rows ``offsets[i]:offsets[i + 1]`` with ``offsets`` the counts' prefix sum
      (``manifold_offsets``).
    """

    __slots__ = (
        "intersect",
        "touching",
        "depth",
        "normal",
        "first_separating_axis",
        "min_axis",
        "separation_distance",
        "closest_points",
        "manifold_counts",
        "manifold_points",
        "manifold_separations",
        "manifold_ids",
    )

    def __init__(self, raw: Dict[str, np.ndarray], n: int, dim: int) -> None:
        self.intersect = raw["intersect"]
        self.touching = raw["touching"]
        self.depth = raw["depth"]
        self.normal = raw["normal"].reshape(n, dim)
        self.first_separating_axis = raw["first_separating_axis"]
        self.min_axis = raw["min_axis"]
        self.separation_distance = raw["separation_distance"]
        self.closest_points = raw["closest_points"].reshape(n, 2, dim)
        self.manifold_counts = raw["manifold_counts"]
        self.manifold_points = raw["manifold_points"].reshape(-1, dim)
        self.manifold_separations = raw["manifold_separations"]
        self.manifold_ids = raw["manifold_ids"]

    def __len__(self) -> int:
        return len(self.intersect)

    @property
    def manifold_offsets(self) -> np.ndarray:
        """int64 (N + 1,): pair i's contact points are rows ``offsets[i]:offsets[i + 1]``."""
        return np.concatenate(([0], np.cumsum(self.manifold_counts)))

    def manifold(self, i: int) -> Dict[str, np.ndarray]:
        """Pair i's contact points: ``points`` (K, D), ``separations`` (K,), ``ids`` (K,)."""
        offsets = self.manifold_offsets
        s = slice(offsets[i], offsets[i + 1])
        return {
            "points": self.manifold_points[s],
            "separations": self.manifold_separations[s],
            "ids": self.manifold_ids[s],
        }

    def __repr__(self) -> str:
        n = len(self)
        hits = int(np.count_nonzero(self.intersect))
        return f"<satbox.Check: {n} pairs, {hits} intersecting>"


def _numbers(name: str, x: Any, width: Optional[int]) -> np.ndarray:
    """``x`` as a C-contiguous float64 array of shape (N, width) (or (N,) when ``width`` is
    None); one box's numbers alone (shape (width,), or a scalar) are one pair."""
    a = np.asarray(x)
    if a.dtype.kind not in "fiub":
        raise ValueError(f"{name}: expected numbers, got an array of {a.dtype}")
    if width is None:
        if a.ndim == 0:
            a = a.reshape(1)
        if a.ndim != 1:
            raise ValueError(f"{name}: expected shape (N,), got {a.shape}")
    else:
        if a.ndim == 1 and a.shape[0] == width:
            a = a.reshape(1, width)
        if a.ndim != 2 or a.shape[1] != width:
            raise ValueError(f"{name}: expected shape (N, {width}), got {a.shape}")
    # float32 to float64 is exact: the box is the one check reads from the same numbers
    return np.ascontiguousarray(a, dtype=np.float64).reshape(-1)


def _radius(name: str, r: Any, n: int) -> Optional[np.ndarray]:
    """A radius for every pair: None, one number for all, or (N,)."""
    if r is None:
        return None
    a = np.asarray(r)
    if a.ndim == 0:
        a = np.full(n, a, dtype=np.float64)
    out = _numbers(name, a, None)
    if len(out) != n:
        raise ValueError(f"{name}: {len(out)} radii for {n} pairs")
    return out


def _pairs(names: List[str], values: List[Any], widths: List[Optional[int]]):
    """The arrays, flat, and N, checked to agree."""
    arrays = [_numbers(nm, v, w) for nm, v, w in zip(names, values, widths)]
    counts = [len(a) // (w or 1) for a, w in zip(arrays, widths)]
    n = counts[0]
    for nm, c in zip(names, counts):
        if c != n:
            raise ValueError(f"length mismatch: {nm} has {c} pairs but {names[0]} has {n}")
    return arrays, n


_NAMES_3D = ["a_center", "a_half_extents", "a_rotation", "b_center", "b_half_extents", "b_rotation"]
_NAMES_2D = ["a_center", "a_half_extents", "a_angle", "b_center", "b_half_extents", "b_angle"]


def _quaternion_order(quaternion: str) -> bool:
    if quaternion not in ("xyzw", "wxyz"):
        raise ValueError(f'quaternion: expected "xyzw" or "wxyz", got {quaternion!r}')
    return quaternion == "wxyz"


def _args3(a_center, a_half_extents, a_rotation, b_center, b_half_extents, b_rotation, a_radius, b_radius, quaternion):
    wxyz = _quaternion_order(quaternion)
    arrays, n = _pairs(
        _NAMES_3D,
        [a_center, a_half_extents, a_rotation, b_center, b_half_extents, b_rotation],
        [3, 3, 4, 3, 3, 4],
    )
    radii = [_radius("a_radius", a_radius, n), _radius("b_radius", b_radius, n)]
    return (n, *arrays, *radii, wxyz)


def _args2(a_center, a_half_extents, a_angle, b_center, b_half_extents, b_angle, a_radius, b_radius):
    arrays, n = _pairs(
        _NAMES_2D,
        [a_center, a_half_extents, a_angle, b_center, b_half_extents, b_angle],
        [2, 2, None, 2, 2, None],
    )
    radii = [_radius("a_radius", a_radius, n), _radius("b_radius", b_radius, n)]
    return (n, *arrays, *radii)


def check(
    a_center,
    a_half_extents,
    a_rotation,
    b_center,
    b_half_extents,
    b_rotation,
    *,
    a_radius=None,
    b_radius=None,
    quaternion: str = "xyzw",
) -> Check:
    """The full answer for N pairs of 3D boxes: the numbers ``satbox check`` prints, bit for bit.

    Centres and half extents are (N, 3), rotations (N, 4) unit quaternions, ``[x, y, z, w]``
    (``quaternion="wxyz"`` for MuJoCo's ``[w, x, y, z]``; quaternions not of length 1 are
    normalised). ``a_radius``/``b_radius``: a convex radius per box (a number or (N,)); each box
    is then its core grown by it. Returns a :class:`Check` of numpy arrays.

    Raises ``ValueError`` naming the argument and the first bad pair for a wrong shape, a length
    mismatch, a NaN or infinity, a negative half extent or radius, or a zero quaternion.
    """
    args = _args3(a_center, a_half_extents, a_rotation, b_center, b_half_extents, b_rotation, a_radius, b_radius, quaternion)
    return Check(_satbox.check3(*args), args[0], 3)


def intersects(
    a_center,
    a_half_extents,
    a_rotation,
    b_center,
    b_half_extents,
    b_rotation,
    *,
    a_radius=None,
    b_radius=None,
    quaternion: str = "xyzw",
) -> np.ndarray:
    """The verdicts alone (bool, N) for N pairs of 3D boxes (arguments as :func:`check`), on
    satbox's batch path (the 15-axis early-out test, as many pairs at once as the CPU's vectors
    hold). It agrees with ``check(...).intersect`` except within a thin band of touching, where
    nearly parallel edges count as intersecting. Rounded pairs take the rounded answer."""
    args = _args3(a_center, a_half_extents, a_rotation, b_center, b_half_extents, b_rotation, a_radius, b_radius, quaternion)
    return _satbox.intersects3(*args)


def check2d(
    a_center,
    a_half_extents,
    a_angle,
    b_center,
    b_half_extents,
    b_angle,
    *,
    a_radius=None,
    b_radius=None,
) -> Check:
    """The full answer for N pairs of rectangles: centres and half extents (N, 2), angles (N,)
    in radians, counter-clockwise. As :func:`check`, with 2D vectors."""
    args = _args2(a_center, a_half_extents, a_angle, b_center, b_half_extents, b_angle, a_radius, b_radius)
    return Check(_satbox.check2(*args), args[0], 2)


def intersects2d(
    a_center,
    a_half_extents,
    a_angle,
    b_center,
    b_half_extents,
    b_angle,
    *,
    a_radius=None,
    b_radius=None,
) -> np.ndarray:
    """The verdicts alone (bool, N) for N pairs of rectangles, on the batch path (as
    :func:`intersects`)."""
    args = _args2(a_center, a_half_extents, a_angle, b_center, b_half_extents, b_angle, a_radius, b_radius)
    return _satbox.intersects2(*args)


def check_lines(lines: Iterable[str]) -> List[Dict[str, Any]]:
    """The dicts ``satbox check`` prints for these JSON Lines (one per case, in order; a bad
    line gives ``{"line": N, "error": ...}`` in its place; blank lines give nothing), exactly as
    the command prints them for the same input."""
    if isinstance(lines, str):
        text = lines
    else:
        text = "\n".join(lines)
    out, _ok = _satbox.check_text(text)
    return [json.loads(line) for line in out]


def compare_mujoco(model, data) -> List[Dict[str, Any]]:
    """MuJoCo's contacts against satbox's answer, pair by pair of box geoms (see
    docs/python.md). Needs the ``mujoco`` package."""
    from ._mujoco import compare_mujoco as _compare

    return _compare(model, data)
