"""The project's kept cases (the filed bugs, the recordings, the preset scenes, the regression
scenes) through `satbox.check` from their numbers: what `satbox check` says of each, bit for bit."""

import json
from pathlib import Path

import numpy as np
import pytest

import satbox

from test_check import assert_matches

ROOT = Path(__file__).resolve().parents[2]


def kept_cases():
    """Every kept case whose boxes are given as centre, half extents and rotation (or angle),
    with an optional radius, and whose contact has the default margin."""
    texts = []
    for path in sorted((ROOT / "assets").rglob("*.jsonl")):
        texts += [t for t in path.read_text().splitlines() if t.strip()]
    for folder in (ROOT / "assets" / "scenes", ROOT / "tests" / "regressions"):
        texts += [p.read_text() for p in sorted(folder.glob("*.json"))]
    cases = {2: [], 3: []}
    for text in texts:
        case = json.loads(text)
        if "manifold" in case.get("view", {}):
            continue
        boxes = [case.get("a"), case.get("b")]
        if not all(isinstance(b, dict) and {"center", "half_extents"} <= set(b) for b in boxes):
            continue
        fields = set(boxes[0]) | set(boxes[1])
        if fields - {"center", "half_extents", "rotation", "angle", "radius"}:
            continue
        dim = len(boxes[0]["center"])
        if dim == 3 and all("rotation" in b for b in boxes) or dim == 2 and all("angle" in b for b in boxes):
            cases[dim].append(case)
    return cases


CASES = kept_cases()


@pytest.mark.parametrize("dim", [3, 2])
def test_kept_cases_are_answered_as_check_answers_them(dim):
    cases = CASES[dim]
    assert len(cases) >= (100 if dim == 3 else 5)
    turn = "rotation" if dim == 3 else "angle"
    arrays = [
        np.array([c[box][field] for c in cases], dtype=np.float64)
        for box in ("a", "b")
        for field in ("center", "half_extents", turn)
    ]
    radii = [np.array([c[box].get("radius", 0.0) for c in cases]) for box in ("a", "b")]
    f = satbox.check if dim == 3 else satbox.check2d
    r = f(*arrays, a_radius=radii[0], b_radius=radii[1])
    lines = [json.dumps({"a": c["a"], "b": c["b"]}) for c in cases]
    assert_matches(r, satbox.check_lines(lines), dim)
