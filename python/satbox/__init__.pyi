"""Type stubs for satbox: the Separating Axis Theorem's answers for box pairs on numpy arrays."""

from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

ArrayLike = Union[npt.ArrayLike, Sequence[float]]
Radius = Union[None, float, npt.ArrayLike]

class Check:
    """The answers for N pairs (D = 3, or 2 for check2d); M contact points in all."""

    intersect: npt.NDArray[np.bool_]  # (N,)
    touching: npt.NDArray[np.bool_]  # (N,)
    depth: npt.NDArray[np.float32]  # (N,), NaN where none
    normal: npt.NDArray[np.float32]  # (N, D), NaN where none
    first_separating_axis: npt.NDArray[np.int64]  # (N,), -1 where none
    min_axis: npt.NDArray[np.int64]  # (N,), -1 where none
    separation_distance: npt.NDArray[np.float32]  # (N,)
    closest_points: npt.NDArray[np.float32]  # (N, 2, D), NaN where they intersect
    manifold_counts: npt.NDArray[np.int64]  # (N,)
    manifold_points: npt.NDArray[np.float32]  # (M, D)
    manifold_separations: npt.NDArray[np.float32]  # (M,)
    manifold_ids: npt.NDArray[np.uint32]  # (M,)
    def __len__(self) -> int: ...
    @property
    def manifold_offsets(self) -> npt.NDArray[np.int64]: ...
    def manifold(self, i: int) -> Dict[str, np.ndarray]: ...

def check(
    a_center: ArrayLike,
    a_half_extents: ArrayLike,
    a_rotation: ArrayLike,
    b_center: ArrayLike,
    b_half_extents: ArrayLike,
    b_rotation: ArrayLike,
    *,
    a_radius: Radius = None,
    b_radius: Radius = None,
    quaternion: str = "xyzw",
) -> Check: ...
def intersects(
    a_center: ArrayLike,
    a_half_extents: ArrayLike,
    a_rotation: ArrayLike,
    b_center: ArrayLike,
    b_half_extents: ArrayLike,
    b_rotation: ArrayLike,
    *,
    a_radius: Radius = None,
    b_radius: Radius = None,
    quaternion: str = "xyzw",
) -> npt.NDArray[np.bool_]: ...
def check2d(
    a_center: ArrayLike,
    a_half_extents: ArrayLike,
    a_angle: ArrayLike,
    b_center: ArrayLike,
    b_half_extents: ArrayLike,
    b_angle: ArrayLike,
    *,
    a_radius: Radius = None,
    b_radius: Radius = None,
) -> Check: ...
def intersects2d(
    a_center: ArrayLike,
    a_half_extents: ArrayLike,
    a_angle: ArrayLike,
    b_center: ArrayLike,
    b_half_extents: ArrayLike,
    b_angle: ArrayLike,
    *,
    a_radius: Radius = None,
    b_radius: Radius = None,
) -> npt.NDArray[np.bool_]: ...
def check_lines(lines: Union[str, Iterable[str]]) -> List[Dict[str, Any]]: ...
def compare_mujoco(model: Any, data: Any) -> List[Dict[str, Any]]: ...
