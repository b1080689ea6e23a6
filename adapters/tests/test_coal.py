"""adapters/coal.py against hand-computed truths; skipped where `coal` does not import."""

import unittest

import engine_client as ec
from engine_client import Engine, box, importable

HAVE = importable("coal")


@unittest.skipUnless(HAVE, "the coal package is not importable in this Python")
class CoalAdapterTest(ec.AdapterTest):
    adapter = "coal.py"
    name = "Coal"
    distribution = "coal"
    settings = {"margin": 0.0, "contact_patch": False}
    tol = 1e-6  # GJK/EPA stop within their tolerances

    def test_face_to_face(self):
        answer = self.face_to_face()
        self.assertEqual(len(answer["points"]), 1)  # collide's one contact

    def test_face_to_face_patch(self):
        engine = Engine(self.adapter, {"contact_patch": True})
        try:
            self.assertEqual(engine.hello["settings"], {"margin": 0.0, "contact_patch": True})
            answer = engine.ask(box([0, 0, 0]), box([0.9, 0, 0]))
            self.assertEqual(len(answer["points"]), 4)
            for p in answer["points"]:
                self.assertAlmostEqual(p["separation"], -0.1, delta=self.tol)
                self.assertAlmostEqual(p["position"][0], 0.45, delta=self.tol)
                self.assertAlmostEqual(abs(p["position"][1]), 0.5, delta=self.tol)
                self.assertAlmostEqual(abs(p["position"][2]), 0.5, delta=self.tol)
        finally:
            engine.close()

    def test_apart(self):
        answer = self.engine.ask(box([0, 0, 0]), box([1.5, 0, 0]))
        self.assertFalse(answer["intersect"])
        self.assertEqual(answer["points"], [])
        self.assertAlmostEqual(answer["distance"], 0.5, delta=self.tol)
        on_a, on_b = answer["closest_points"]
        self.assertAlmostEqual(on_a[0], 0.5, delta=self.tol)
        self.assertAlmostEqual(on_b[0], 1.0, delta=self.tol)
        self.assertVec(answer["normal"], [1, 0, 0])

    def test_normal_runs_from_a_to_b(self):
        # B on A's -y side: the normal from A to B is -y
        answer = self.engine.ask(box([0, 0, 0]), box([0, -0.9, 0]))
        self.assertVec(answer["normal"], [0, -1, 0])

    def test_turned(self):
        self.turned()

    def test_zero_half_extent_answers(self):
        # Coal takes a flat box: B a square 0.05 into A's +x face
        answer = self.engine.ask(box([0, 0, 0]), box([0.45, 0, 0], half=(0.0, 0.5, 0.5)))
        self.assertTrue(answer["intersect"])
        self.assertAlmostEqual(answer["depth"], 0.05, delta=self.tol)

    def test_rounded(self):
        # cubes 0.5 apart, each rounded by 0.1: 0.3 apart, closest points on the rounded faces
        answer = self.engine.ask(box([0, 0, 0], radius=0.1), box([1.5, 0, 0], radius=0.1))
        self.assertFalse(answer["intersect"])
        self.assertAlmostEqual(answer["distance"], 0.3, delta=self.tol)
        self.assertAlmostEqual(answer["closest_points"][0][0], 0.6, delta=self.tol)


if __name__ == "__main__":
    unittest.main()
