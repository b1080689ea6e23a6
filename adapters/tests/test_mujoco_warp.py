"""adapters/mujoco_warp.py against hand-computed truths; skipped where `mujoco_warp` does not
import. The first pair compiles Warp's kernels on the CPU (tens of seconds; cached after)."""

import unittest

import engine_client as ec
from engine_client import Engine, box, importable

HAVE = importable("mujoco_warp")


class _WarpChecks(ec.AdapterTest):
    adapter = "mujoco_warp.py"
    name = "MuJoCo Warp"
    distribution = "mujoco-warp"

    def test_face_to_face(self):
        answer = self.face_to_face()
        self.assertEqual(len(answer["points"]), 4)
        self.assertIsNone(answer["distance"])

    def test_apart(self):
        answer = self.engine.ask(box([0, 0, 0]), box([1.5, 0, 0]))
        self.assertFalse(answer["intersect"])
        self.assertEqual(answer["points"], [])
        self.assertIsNone(answer["depth"])
        self.assertIsNone(answer["distance"])  # no distance query

    def test_turned(self):
        answer = self.turned()
        self.assertGreaterEqual(len(answer["points"]), 1)

    def test_zero_half_extent(self):
        self.zero_half_extent_refused()

    def test_device_applied(self):
        self.assertIn(self.engine.hello["settings"]["device"].split(":")[0], ("cpu", "cuda"))


@unittest.skipUnless(HAVE, "the mujoco_warp package is not importable in this Python")
class WarpAnalyticTest(_WarpChecks):
    settings = {"collider": "analytic", "margin": 0.0}

    def test_bad_collider_exits_2(self):
        from engine_client import run_once
        rc, out, err = run_once(self.adapter, ['{"satbox_engine":1,"settings":{"collider":"gjk"}}'])
        self.assertEqual(rc, 2)
        self.assertIn("collider", err)


@unittest.skipUnless(HAVE, "the mujoco_warp package is not importable in this Python")
class WarpCcdTest(_WarpChecks):
    settings = {"collider": "ccd", "margin": 0.0}


del _WarpChecks

if __name__ == "__main__":
    unittest.main()
