"""satbox's side of the engine protocol, for the adapters' tests: starts an adapter with this
Python, writes the hello and requests, reads the answers. Standard library only."""

import json
import math
import os
import subprocess
import sys
import unittest

ADAPTERS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def adapter_path(name):
    return os.path.join(ADAPTERS, name)


def importable(module):
    """Whether `module` imports in this Python (its own messages on stdout are let through)."""
    import importlib
    try:
        importlib.import_module(module)
        return True
    except Exception:
        return False


def package_version(distribution):
    from importlib import metadata
    return metadata.version(distribution)


def box(center, half=(0.5, 0.5, 0.5), rotation=(0.0, 0.0, 0.0, 1.0), radius=None):
    b = {"center": list(center), "half_extents": list(half), "rotation": list(rotation)}
    if radius is not None:
        b["radius"] = radius
    return b


def turn_z(degrees):
    """The quaternion (x, y, z, w) of a turn about z."""
    h = math.radians(degrees) / 2.0
    return (0.0, 0.0, math.sin(h), math.cos(h))


def run_once(adapter, lines, timeout=600):
    """Runs the adapter on these input lines to the end: (exit status, stdout lines, stderr)."""
    proc = subprocess.run([sys.executable, adapter_path(adapter)],
                          input="".join(line + "\n" for line in lines).encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return proc.returncode, proc.stdout.decode().splitlines(), proc.stderr.decode()


class Engine:
    """One adapter process, kept for many requests."""

    def __init__(self, adapter, settings=None):
        self.proc = subprocess.Popen([sys.executable, adapter_path(adapter)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.next_id = 1
        self.write({"satbox_engine": 1, "settings": settings or {}})
        self.hello = self.read()

    def write(self, obj):
        self.proc.stdin.write((json.dumps(obj) + "\n").encode())
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            self.proc.stdin.close()
            err = self.proc.stderr.read().decode()
            raise AssertionError("the adapter ended without answering: %s" % err[-2000:])
        return json.loads(line)

    def ask_many(self, pairs):
        """Writes every request before reading any answer; returns (ids, answers)."""
        ids = []
        for a, b in pairs:
            ids.append(self.next_id)
            self.write({"id": self.next_id, "a": a, "b": b})
            self.next_id += 1
        return ids, [self.read() for _ in ids]

    def ask(self, a, b):
        ids, answers = self.ask_many([(a, b)])
        assert answers[0]["id"] == ids[0], answers[0]
        return answers[0]

    def close(self):
        self.proc.stdin.close()
        rest = self.proc.stdout.read()
        self.proc.wait(timeout=60)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return self.proc.returncode, rest


FIELDS = ["id", "intersect", "depth", "normal", "points", "distance", "closest_points", "notes"]


class AdapterTest(unittest.TestCase):
    """Checks shared by every adapter's test: the adapter under test is `adapter`, its hello's
    `name`, `distribution` (whose version the hello must report) and `settings`."""

    adapter = None
    name = None
    distribution = None
    settings = {}
    tol = 1e-5  # float32 engines

    @classmethod
    def setUpClass(cls):
        cls.engine = Engine(cls.adapter, cls.settings)

    @classmethod
    def tearDownClass(cls):
        rc, rest = cls.engine.close()
        assert rc == 0 and rest == b"", (rc, rest)

    # helpers

    def assertVec(self, got, want, tol=None):
        tol = self.tol if tol is None else tol
        self.assertEqual(len(got), len(want), got)
        for g, w in zip(got, want):
            self.assertAlmostEqual(g, w, delta=tol, msg="%r != %r" % (got, want))

    def assertAnswer(self, answer):
        for field in FIELDS:
            self.assertIn(field, answer)
        self.assertNotIn("error", answer)

    # shared checks

    def test_hello(self):
        hello = self.engine.hello
        self.assertEqual(hello["satbox_engine"], 1)
        self.assertEqual(hello["name"], self.name)
        self.assertEqual(hello["version"], package_version(self.distribution))
        self.assertEqual(hello["dims"], [3])
        for key, value in self.settings.items():
            self.assertEqual(hello["settings"][key], value)

    def test_pipelined_ids_in_order(self):
        offsets = [0.8, 0.9, 1.2, 0.85, 1.5, 0.95]
        pairs = [(box([0, 0, 0]), box([x, 0, 0])) for x in offsets]
        ids, answers = self.engine.ask_many(pairs)
        self.assertEqual([a["id"] for a in answers], ids)
        self.assertEqual([a["intersect"] for a in answers], [x < 1.0 for x in offsets])

    def test_unknown_setting_exits_2(self):
        rc, out, err = run_once(self.adapter, ['{"satbox_engine": 1, "settings": {"no_such": 1}}'])
        self.assertEqual(rc, 2)
        self.assertEqual(out, [])
        self.assertIn("no_such", err.strip().splitlines()[-1])

    def test_bad_setting_value_exits_2(self):
        rc, out, err = run_once(self.adapter, ['{"satbox_engine": 1, "settings": {"margin": -1}}'])
        self.assertEqual(rc, 2)
        self.assertEqual(out, [])
        self.assertIn("margin", err.strip().splitlines()[-1])

    def test_wrong_protocol_exits_2(self):
        rc, out, err = run_once(self.adapter, ['{"satbox_engine": 2, "settings": {}}'])
        self.assertEqual(rc, 2)
        self.assertIn("protocol", err)

    def test_bad_requests(self):
        a = self.engine.ask({"center": [0, 0, 0], "half_extents": [1, 1]}, box([0, 0, 0]))
        self.assertIn("half_extents", a["error"])
        a = self.engine.ask(box([0, 0, 0]), box([0, 0, float("nan")]))
        self.assertIn("error", a)
        self.engine.write({"id": 77, "a": 1})
        a = self.engine.read()
        self.assertEqual(a["id"], 77)
        self.assertIn("box a", a["error"])

    def test_request_without_id_exits_2(self):
        rc, out, err = run_once(self.adapter, ['{"satbox_engine": 1, "settings": {}}', 'not json'])
        self.assertEqual(rc, 2)
        self.assertEqual(len(out), 1)  # the hello only: no traceback on stdout
        self.assertNotIn("Traceback", err)

    def test_2d_pair_is_an_error(self):
        a = self.engine.ask({"center": [0, 0], "half_extents": [0.5, 0.5], "angle": 0},
                            {"center": [0.9, 0], "half_extents": [0.5, 0.5], "angle": 0})
        self.assertIn("3D", a["error"])

    def face_to_face(self):
        """Unit cubes face to face, overlapping 0.1 along x."""
        answer = self.engine.ask(box([0, 0, 0]), box([0.9, 0, 0]))
        self.assertAnswer(answer)
        self.assertTrue(answer["intersect"])
        self.assertAlmostEqual(answer["depth"], 0.1, delta=self.tol)
        self.assertVec(answer["normal"], [1, 0, 0])
        for p in answer["points"]:
            self.assertAlmostEqual(p["separation"], -0.1, delta=self.tol)
            self.assertAlmostEqual(p["position"][0], 0.45, delta=self.tol)  # midway
        return answer

    def turned(self):
        """B turned 30 degrees about z, its vertical edge 1/12 into A's +x face: the truth is
        depth 0.5 - (1.1 - 0.5 (cos 30 + sin 30)) and normal +x, at the edge's two ends."""
        answer = self.engine.ask(box([0, 0, 0]), box([1.1, 0, 0], rotation=turn_z(30)))
        self.assertAnswer(answer)
        c, s = math.cos(math.radians(30)), math.sin(math.radians(30))
        depth = 0.5 - (1.1 - 0.5 * (c + s))
        self.assertTrue(answer["intersect"])
        self.assertAlmostEqual(answer["depth"], depth, delta=self.tol)
        self.assertVec(answer["normal"], [1, 0, 0])
        edge_y = 0.5 * c - 0.5 * s  # the edge of B nearest A: B's corner (-0.5, 0.5) turned
        for p in answer["points"]:
            self.assertAlmostEqual(p["position"][0], 0.5 - depth / 2, delta=self.tol)
            self.assertAlmostEqual(p["position"][1], edge_y, delta=self.tol)
        return answer

    def zero_half_extent_refused(self):
        answer = self.engine.ask(box([0, 0, 0]), box([0.9, 0, 0], half=(0.5, 0.0, 0.5)))
        self.assertIn("size 1 must be positive", answer["error"])
        self.assertEqual(sorted(answer), ["error", "id"])
