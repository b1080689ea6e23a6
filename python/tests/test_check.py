"""`satbox.check` against `satbox.check_lines` and the `satbox check` command on the same
numbers: the same answers, bit for bit."""

import numpy as np
import pytest

import satbox
from satbox import _satbox

from conftest import lines2, lines3, random_pairs2, random_pairs3

N = 2000


def bits(x):
    """float32 numbers as their bits (NaN where JSON has null), so that equality is exact."""
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def f32(v, shape=()):
    """A JSON number (or null) as float32, null as NaN of `shape`."""
    if v is None:
        return np.full(shape, np.nan, dtype=np.float32)
    return np.asarray(v, dtype=np.float32)


def same(x, y):
    """Bit-identical float32 arrays (NaN where both are NaN)."""
    x = np.asarray(x, dtype=np.float32)
    y = np.asarray(y, dtype=np.float32)
    assert x.shape == y.shape
    both_nan = np.isnan(x) & np.isnan(y)
    return bool(np.all((bits(x) == bits(y)) | both_nan))


def assert_matches(r, dicts, dim):
    """Every array of `r` holds what the dicts `satbox check` prints say, bit for bit."""
    assert len(r) == len(dicts)
    offsets = r.manifold_offsets
    for i, d in enumerate(dicts):
        assert "error" not in d, d
        assert r.intersect[i] == d["intersect"], i
        assert r.touching[i] == d["touching"], i
        fsa = d["first_separating_axis"]
        assert r.first_separating_axis[i] == (-1 if fsa is None else fsa), i
        assert r.min_axis[i] == (-1 if d["min_axis"] is None else d["min_axis"]), i
        assert same(r.depth[i], f32(d["depth"])), (i, r.depth[i], d["depth"])
        assert same(r.normal[i], f32(d["normal"], (dim,))), i
        assert same(r.separation_distance[i], f32(d["separation_distance"])), i
        assert same(r.closest_points[i], f32(d["closest_points"], (2, dim))), i
        m = d["manifold"]
        points = [] if m is None else m["points"]
        assert r.manifold_counts[i] == len(points), i
        s = slice(offsets[i], offsets[i + 1])
        if points:
            assert same(r.manifold_points[s], [p["point"] for p in points]), i
            assert same(r.manifold_separations[s], [p["separation"] for p in points]), i
            assert list(r.manifold_ids[s]) == [p["id"] for p in points], i


@pytest.mark.parametrize("seed", [1, 2])
def test_check_3d_is_check_lines_bit_for_bit(seed):
    pairs = random_pairs3(seed, N)
    r = satbox.check(*pairs)
    dicts = satbox.check_lines(lines3(*pairs))
    assert_matches(r, dicts, 3)
    # every kind of answer was met
    assert r.intersect.any() and (~r.intersect).any() and r.touching.any()
    assert set(np.unique(r.manifold_counts)) >= {0, 1, 2, 4}


def test_check_2d_is_check_lines_bit_for_bit():
    pairs = random_pairs2(3, N)
    r = satbox.check2d(*pairs)
    assert r.normal.shape == (N, 2) and r.closest_points.shape == (N, 2, 2)
    assert_matches(r, satbox.check_lines(lines2(*pairs)), 2)
    assert r.intersect.any() and (~r.intersect).any() and r.touching.any()


def test_rounded_boxes_3d_and_2d():
    rng = np.random.default_rng(4)
    pairs = random_pairs3(4, N)
    ra = rng.uniform(0, 0.3, size=N)
    rb = rng.uniform(0, 0.3, size=N)
    ra[::5] = 0.0
    r = satbox.check(*pairs, a_radius=ra, b_radius=rb)
    assert_matches(r, satbox.check_lines(lines3(*pairs, ra, rb)), 3)
    p2 = random_pairs2(5, N)
    r2 = satbox.check2d(*p2, a_radius=ra, b_radius=rb)
    assert_matches(r2, satbox.check_lines(lines2(*p2, ra, rb)), 2)
    # one number for every pair
    one = satbox.check(*pairs, a_radius=0.1)
    assert_matches(one, satbox.check_lines(lines3(*pairs, np.full(N, 0.1), None)), 3)


def test_check_lines_is_the_command(satbox_cli):
    pairs3 = random_pairs3(6, N)
    pairs2 = random_pairs2(7, 500)
    rng = np.random.default_rng(8)
    ra = rng.uniform(0, 0.2, size=N)
    lines = (
        lines3(*pairs3)
        + lines2(*pairs2)
        + lines3(*pairs3, ra, None)[:300]
        + ["", "not json", '{"a": {"center": [0, 0, 0]}}']
    )
    text = "\n".join(lines)
    ours, ok = _satbox.check_text(text)
    assert not ok
    theirs = satbox_cli(lines)
    # the very same text, line for line
    assert ours == theirs
    # and check() on the same numbers says what the command says
    r = satbox.check(*pairs3)
    assert_matches(r, satbox.check_lines(lines3(*pairs3)), 3)


def test_float32_and_strided_input_read_as_the_same_numbers():
    pairs = random_pairs3(9, 500)
    as32 = [np.asarray(p, dtype=np.float32) for p in pairs]
    r32 = satbox.check(*as32)
    # float32 numbers read as check reads them from the same (float32) numbers
    dicts = satbox.check_lines(lines3(*[p.astype(np.float64) for p in as32]))
    assert_matches(r32, dicts, 3)
    # strided views (every other row of a bigger array, Fortran order)
    big = [np.repeat(p, 2, axis=0)[::2] for p in pairs]
    assert not big[0].flags["C_CONTIGUOUS"] or big[0].strides[0] != 24
    fortran = [np.asfortranarray(p) for p in pairs]
    ref = satbox.check(*pairs)
    for other in (satbox.check(*big), satbox.check(*fortran)):
        for field in ("depth", "normal", "separation_distance", "closest_points", "manifold_points"):
            assert same(getattr(other, field), getattr(ref, field)), field
    # lists and one pair alone
    one = satbox.check([0, 0, 0], [1, 1, 1], [0, 0, 0, 1], [1.5, 0, 0], [1, 1, 1], [0, 0, 0, 1])
    assert one.depth.tolist() == [0.5] and one.manifold_counts.tolist() == [4]


def test_wxyz_is_the_same_rotation():
    ac, ah, ar, bc, bh, br = random_pairs3(10, 500)
    ref = satbox.check(ac, ah, ar, bc, bh, br)
    roll = lambda q: np.roll(q, 1, axis=1)  # noqa: E731 ([x, y, z, w] to [w, x, y, z])
    r = satbox.check(ac, ah, roll(ar), bc, bh, roll(br), quaternion="wxyz")
    for field in satbox.Check.__slots__:
        x, y = getattr(r, field), getattr(ref, field)
        assert same(x, y) if x.dtype.kind == "f" else (x == y).all(), field


def test_intersects_is_the_verdict_away_from_touching():
    pairs = random_pairs3(11, 20000)
    r = satbox.check(*pairs)
    v = satbox.intersects(*pairs)
    assert v.dtype == np.bool_ and v.shape == (20000,)
    # the batch's early-out test pads nearly parallel edges: it may call a pair within a thin
    # band of touching intersecting
    clear = np.where(r.intersect, r.depth, r.separation_distance) > 1e-3
    assert (v[clear] == r.intersect[clear]).all()
    assert (v[r.intersect] == True).all()  # noqa: E712
    p2 = random_pairs2(12, 20000)
    r2 = satbox.check2d(*p2)
    v2 = satbox.intersects2d(*p2)
    clear2 = np.where(r2.intersect, r2.depth, r2.separation_distance) > 1e-3
    assert (v2[clear2] == r2.intersect[clear2]).all()


def test_intersects_rounded_takes_the_rounded_answer():
    pairs = random_pairs3(13, 3000)
    r = satbox.check(*pairs, a_radius=0.2, b_radius=0.05)
    v = satbox.intersects(*pairs, a_radius=0.2, b_radius=0.05)
    assert (v == r.intersect).all()


def test_many_pairs_on_many_threads_are_in_order():
    # more than one piece of work: the pieces are joined in order
    pairs = random_pairs3(14, 30000)
    r = satbox.check(*pairs)
    head = satbox.check(*[p[:100] for p in pairs])
    tail = satbox.check(*[p[-100:] for p in pairs])
    assert same(r.depth[:100], head.depth) and same(r.depth[-100:], tail.depth)
    last = r.manifold_offsets[-101]
    assert same(r.manifold_points[last:], tail.manifold_points)
    v = satbox.intersects(*pairs)
    assert (v[-100:] == satbox.intersects(*[p[-100:] for p in pairs])).all()


def test_no_pairs_and_one_pair_s_manifold():
    e3, e4 = np.zeros((0, 3)), np.zeros((0, 4))
    r = satbox.check(e3, e3, e4, e3, e3, e4)
    assert len(r) == 0 and r.normal.shape == (0, 3) and r.closest_points.shape == (0, 2, 3)
    assert r.manifold_points.shape == (0, 3) and r.manifold_offsets.tolist() == [0]
    assert satbox.intersects(e3, e3, e4, e3, e3, e4).shape == (0,)
    e2 = np.zeros((0, 2))
    assert len(satbox.check2d(e2, e2, [], e2, e2, [])) == 0
    assert satbox.check_lines([]) == []
    r = satbox.check(*random_pairs3(15, 50))
    k = int(np.argmax(r.manifold_counts))
    m = r.manifold(k)
    assert m["points"].shape == (r.manifold_counts[k], 3)
    assert m["separations"].shape == m["ids"].shape == (r.manifold_counts[k],)
