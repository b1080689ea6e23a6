"""adapters/mujoco.py against hand-computed truths; skipped where `mujoco` does not import."""

import unittest

import engine_client as ec
from engine_client import box, importable

HAVE = importable("mujoco")


@unittest.skipUnless(HAVE, "the mujoco package is not importable in this Python")
class MujocoAdapterTest(ec.AdapterTest):
    adapter = "mujoco.py"
    name = "MuJoCo"
    distribution = "mujoco"
    settings = {"margin": 0.0}
    tol = 1e-9  # double precision

    def test_face_to_face(self):
        answer = self.face_to_face()
        self.assertEqual(len(answer["points"]), 4)
        corners = sorted((round(p["position"][1], 9), round(p["position"][2], 9))
                         for p in answer["points"])
        self.assertEqual(corners, [(-0.5, -0.5), (-0.5, 0.5), (0.5, -0.5), (0.5, 0.5)])
        self.assertIsNone(answer["distance"])

    def test_apart(self):
        answer = self.engine.ask(box([0, 0, 0]), box([1.5, 0, 0]))
        self.assertFalse(answer["intersect"])
        self.assertEqual(answer["points"], [])
        self.assertIsNone(answer["depth"])
        self.assertAlmostEqual(answer["distance"], 0.5, delta=self.tol)
        on_a, on_b = answer["closest_points"]
        self.assertAlmostEqual(on_a[0], 0.5, delta=self.tol)
        self.assertAlmostEqual(on_b[0], 1.0, delta=self.tol)
        self.assertVec([on_b[1] - on_a[1], on_b[2] - on_a[2]], [0, 0])
        self.assertVec(answer["normal"], [1, 0, 0])

    def test_turned(self):
        answer = self.turned()
        self.assertEqual(len(answer["points"]), 2)
        self.assertEqual(sorted(round(p["position"][2], 9) for p in answer["points"]), [-0.5, 0.5])

    def test_zero_half_extent(self):
        self.zero_half_extent_refused()

    def test_rounded_is_an_error(self):
        answer = self.engine.ask(box([0, 0, 0], radius=0.1), box([0.9, 0, 0]))
        self.assertIn("rounded", answer["error"])

    def test_margin(self):
        from engine_client import Engine
        engine = Engine(self.adapter, {"margin": 0.2})
        try:
            self.assertEqual(engine.hello["settings"], {"margin": 0.2})
            answer = engine.ask(box([0, 0, 0]), box([1.1, 0, 0]))  # 0.1 apart, within 0.2
            self.assertFalse(answer["intersect"])
            self.assertEqual(len(answer["points"]), 4)
            for p in answer["points"]:
                self.assertAlmostEqual(p["separation"], 0.1, delta=self.tol)
            self.assertAlmostEqual(answer["distance"], 0.1, delta=self.tol)
        finally:
            engine.close()


if __name__ == "__main__":
    unittest.main()
