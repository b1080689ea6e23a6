"""adapters/mjx.py against hand-computed truths; skipped where `mujoco.mjx` does not import.
The first pair compiles MJX's collision (seconds)."""

import unittest

import engine_client as ec
from engine_client import box, importable

HAVE = importable("mujoco.mjx")


@unittest.skipUnless(HAVE, "the mujoco-mjx package is not importable in this Python")
class MjxAdapterTest(ec.AdapterTest):
    adapter = "mjx.py"
    name = "MJX"
    distribution = "mujoco-mjx"
    settings = {"margin": 0.0}

    def test_face_to_face(self):
        answer = self.face_to_face()
        self.assertEqual(len(answer["points"]), 4)
        self.assertIsNone(answer["distance"])

    def test_apart(self):
        answer = self.engine.ask(box([0, 0, 0]), box([1.5, 0, 0]))
        self.assertFalse(answer["intersect"])
        self.assertEqual(answer["points"], [])
        self.assertIsNone(answer["distance"])  # no distance query

    def test_turned(self):
        answer = self.turned()
        self.assertGreaterEqual(len(answer["points"]), 1)

    def test_zero_half_extent(self):
        self.zero_half_extent_refused()


if __name__ == "__main__":
    unittest.main()
