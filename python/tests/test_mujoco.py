"""`satbox.compare_mujoco` on MuJoCo's own simulation: stacked boxes it collides right, and the
filed pose where MuJoCo before 3.12 makes a phantom deep contact (assets/audit/filed-bugs.jsonl,
line 29)."""

import json
from pathlib import Path

import numpy as np
import pytest

import satbox

mujoco = pytest.importorskip("mujoco")

ROOT = Path(__file__).resolve().parents[2]

STACK = """
<mujoco>
  <option timestep="0.002"/>
  <worldbody>
    <geom name="floor" type="box" size="2 2 0.1" pos="0 0 -0.1"/>
    <body name="b1" pos="0 0 0.1"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body name="b2" pos="0.02 0.01 0.3"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body name="b3" pos="-0.01 0.02 0.5"><freejoint/><geom type="box" size="0.1 0.15 0.1"/></body>
  </worldbody>
</mujoco>
"""


def version():
    return tuple(int(x) for x in mujoco.__version__.split(".")[:2])


def test_stacked_boxes_agree_while_they_settle():
    model = mujoco.MjModel.from_xml_string(STACK)
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    seen_contacts = 0
    for step in range(400):
        mujoco.mj_step(model, data)
        if step % 20:
            continue
        records = satbox.compare_mujoco(model, data)
        # the floor and each box, and each box and the one above (bounding spheres overlap)
        assert {(r["geom1"], r["geom2"]) for r in records} >= {(0, 1), (1, 2), (2, 3)}
        for r in records:
            assert r["disagreements"] == [], (step, r)
            seen_contacts += len(r["mujoco"]["points"])
            assert set(r) == {"geom1", "geom2", "satbox", "mujoco", "disagreements", "by_design"}
            assert "intersect" in r["satbox"] and "manifold" in r["satbox"]
    # resting contacts were compared, four a face
    assert seen_contacts >= 3 * 4 * 10


def test_a_contact_made_up_is_a_disagreement():
    """The comparison sees what it is given: MuJoCo's contacts moved a box's width deep."""
    model = mujoco.MjModel.from_xml_string(STACK)
    data = mujoco.MjData(model)
    for _ in range(200):
        mujoco.mj_step(model, data)
    base = satbox.compare_mujoco(model, data)
    assert all(r["disagreements"] == [] for r in base)
    data.contact.dist[:] -= 0.15
    kinds = {d["what"] for r in satbox.compare_mujoco(model, data) for d in r["disagreements"]}
    assert "phantom_point" in kinds or "depth" in kinds


def test_far_and_filtered_pairs_are_left_out():
    xml = """
    <mujoco><worldbody>
      <body><freejoint/><geom type="box" size="0.1 0.1 0.1"/>
        <geom type="box" size="0.1 0.1 0.1" pos="0.15 0 0"/></body>
      <body pos="5 0 0"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
      <body pos="0 0 0.15"><freejoint/><geom type="sphere" size="0.1"/></body>
      <body name="p" pos="0 3 0"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
      <body name="q" pos="0 3.15 0"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
      <body pos="0 -3 0"><freejoint/><geom type="box" size="0.1 0.1 0.1" contype="2" conaffinity="2"/></body>
      <body pos="0 -3.15 0"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
    </worldbody>
    <contact><exclude body1="q" body2="p"/></contact>
    </mujoco>
    """
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    mujoco.mj_forward(model, data)
    assert satbox.compare_mujoco(model, data) == []


def filed_pose():
    lines = (ROOT / "assets" / "audit" / "filed-bugs.jsonl").read_text().splitlines()
    return json.loads(lines[28])


def test_the_filed_thin_plates():
    """Line 29 of the filed bugs: MuJoCo before 3.12 makes a contact a box's width deep (a
    phantom point), later versions do not."""
    case = filed_pose()
    margin = case["filed"]["margin"] / 2
    a, b = case["a"], case["b"]
    hx, hy, hz = a["half_extents"]
    xml = f"""
    <mujoco><option gravity="0 0 0"/><worldbody>
      <body><freejoint/><geom type="box" size="{hx} {hy} {hz}" margin="{margin}"/></body>
      <body><freejoint/><geom type="box" size="{hx} {hy} {hz}" margin="{margin}"/></body>
    </worldbody></mujoco>
    """
    model = mujoco.MjModel.from_xml_string(xml)
    data = mujoco.MjData(model)
    for k, box in enumerate((a, b)):
        x, y, z, w = box["rotation"]
        data.qpos[7 * k : 7 * k + 7] = [*box["center"], w, x, y, z]
    mujoco.mj_forward(model, data)
    (record,) = satbox.compare_mujoco(model, data)
    assert record["satbox"]["intersect"] is False
    kinds = [d["what"] for d in record["disagreements"]]
    if version() < (3, 12):
        assert "phantom_point" in kinds, record
    else:
        assert kinds == [], record
