"""Shared pieces of the package's tests: random box pairs and the `satbox` binary."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]


def cli_binary():
    """The `satbox` command: $SATBOX_BIN, else the repository's build, else the PATH's."""
    named = os.environ.get("SATBOX_BIN")
    if named:
        return named
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "satbox"
        if p.exists():
            return str(p)
    return shutil.which("satbox")


@pytest.fixture(scope="session")
def satbox_cli():
    """Runs `satbox check -` on lines and returns its output lines."""
    binary = cli_binary()
    if binary is None:
        pytest.skip("no satbox binary (set SATBOX_BIN or build it: cargo build)")

    def run(lines):
        done = subprocess.run(
            [binary, "check", "-"],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode in (0, 1), done.stderr
        return done.stdout.splitlines()

    return run


def random_quaternions(rng, n):
    """Unit quaternions (as float64, so a few are a rounding off length 1), some left
    unnormalised, some the identity."""
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    q[::7] = [0.0, 0.0, 0.0, 1.0]
    q[3::11] *= 2.5
    return q


def random_pairs3(seed, n):
    """N 3D pairs with every kind of answer: apart, overlapping, resting on each other (touching
    exactly), flat boxes; the numbers arbitrary float64."""
    rng = np.random.default_rng(seed)
    ac = rng.uniform(-2, 2, size=(n, 3))
    ah = rng.uniform(0.1, 1.5, size=(n, 3))
    ar = random_quaternions(rng, n)
    bc = ac + rng.uniform(-2.5, 2.5, size=(n, 3))
    bh = rng.uniform(0.1, 1.5, size=(n, 3))
    br = random_quaternions(rng, n)
    # stacked: B resting on A's top face, both unrotated
    s = slice(5, n, 13)
    ar[s] = br[s] = [0.0, 0.0, 0.0, 1.0]
    bc[s] = ac[s] + np.stack(
        [np.zeros(len(ac[s])), np.zeros(len(ac[s])), ah[s][:, 2] + bh[s][:, 2]], axis=1
    )
    # flat boxes
    ah[9::17, 1] = 0.0
    return ac, ah, ar, bc, bh, br


def random_pairs2(seed, n):
    """N 2D pairs, as :func:`random_pairs3`."""
    rng = np.random.default_rng(seed)
    ac = rng.uniform(-2, 2, size=(n, 2))
    ah = rng.uniform(0.1, 1.5, size=(n, 2))
    aa = rng.uniform(-4, 4, size=n)
    bc = ac + rng.uniform(-2.5, 2.5, size=(n, 2))
    bh = rng.uniform(0.1, 1.5, size=(n, 2))
    ba = rng.uniform(-4, 4, size=n)
    s = slice(5, n, 13)
    aa[s] = ba[s] = 0.0
    bc[s] = ac[s] + np.stack([np.zeros(len(ac[s])), ah[s][:, 1] + bh[s][:, 1]], axis=1)
    return ac, ah, aa, bc, bh, ba


def lines3(ac, ah, ar, bc, bh, br, ra=None, rb=None):
    """`satbox check` lines with the same numbers (each float64 written so it reads back the
    same)."""
    out = []
    for i in range(len(ac)):
        a = {"center": ac[i].tolist(), "half_extents": ah[i].tolist(), "rotation": ar[i].tolist()}
        b = {"center": bc[i].tolist(), "half_extents": bh[i].tolist(), "rotation": br[i].tolist()}
        if ra is not None:
            a["radius"] = float(ra[i])
        if rb is not None:
            b["radius"] = float(rb[i])
        out.append(json.dumps({"a": a, "b": b}))
    return out


def lines2(ac, ah, aa, bc, bh, ba, ra=None, rb=None):
    """`satbox check` lines of rectangles with the same numbers."""
    out = []
    for i in range(len(ac)):
        a = {"center": ac[i].tolist(), "half_extents": ah[i].tolist(), "angle": float(aa[i])}
        b = {"center": bc[i].tolist(), "half_extents": bh[i].tolist(), "angle": float(ba[i])}
        if ra is not None:
            a["radius"] = float(ra[i])
        if rb is not None:
            b["radius"] = float(rb[i])
        out.append(json.dumps({"a": a, "b": b}))
    return out
