"""Bad input: a ValueError naming the argument and the first bad index, never a crash."""

import numpy as np
import pytest

import satbox

N = 6


def good3():
    return {
        "a_center": np.zeros((N, 3)),
        "a_half_extents": np.ones((N, 3)),
        "a_rotation": np.tile([0.0, 0.0, 0.0, 1.0], (N, 1)),
        "b_center": np.tile([1.5, 0.0, 0.0], (N, 1)),
        "b_half_extents": np.ones((N, 3)),
        "b_rotation": np.tile([0.0, 0.0, 0.0, 1.0], (N, 1)),
    }


def good2():
    return {
        "a_center": np.zeros((N, 2)),
        "a_half_extents": np.ones((N, 2)),
        "a_angle": np.zeros(N),
        "b_center": np.tile([1.5, 0.0], (N, 1)),
        "b_half_extents": np.ones((N, 2)),
        "b_angle": np.zeros(N),
    }


FUNCTIONS_3D = [satbox.check, satbox.intersects]
FUNCTIONS_2D = [satbox.check2d, satbox.intersects2d]


def call(f, args, **kw):
    names = list(args)
    return f(*[args[k] for k in names], **kw)


def test_good_input_is_answered():
    for f in FUNCTIONS_3D:
        call(f, good3())
    for f in FUNCTIONS_2D:
        call(f, good2())


@pytest.mark.parametrize("f", FUNCTIONS_3D)
@pytest.mark.parametrize(
    "arg,bad,words",
    [
        ("a_center", np.zeros((N, 2)), ["a_center", "shape"]),
        ("b_rotation", np.zeros((N, 3)), ["b_rotation", "shape"]),
        ("a_half_extents", np.ones((N, 3, 1)), ["a_half_extents", "shape"]),
        ("b_center", np.zeros((N + 1, 3)), ["b_center", "mismatch"]),
        ("a_center", np.array([["x", "y", "z"]] * N), ["a_center", "numbers"]),
    ],
)
def test_wrong_shape_or_length(f, arg, bad, words):
    args = good3()
    args[arg] = bad
    with pytest.raises(ValueError) as e:
        call(f, args)
    for w in words:
        assert w in str(e.value)


@pytest.mark.parametrize("f", FUNCTIONS_3D)
@pytest.mark.parametrize("arg", list(good3()))
@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
def test_nan_and_infinity_name_the_argument_and_index(f, arg, value):
    args = good3()
    args[arg] = args[arg].copy()
    args[arg][4, 1] = value
    args[arg][5, 0] = value
    with pytest.raises(ValueError, match=rf"^{arg}\[4, 1\] is .*finite"):
        call(f, args)


@pytest.mark.parametrize("f", FUNCTIONS_3D)
def test_negative_half_extent(f):
    args = good3()
    args["b_half_extents"][3, 2] = -0.5
    with pytest.raises(ValueError, match=r"^b_half_extents\[3, 2\] is -0.5"):
        call(f, args)
    # zero is a flat box, answered
    args = good3()
    args["b_half_extents"][3, 2] = 0.0
    call(f, args)


@pytest.mark.parametrize("f", FUNCTIONS_3D)
def test_zero_quaternion(f):
    args = good3()
    args["a_rotation"][2] = 0.0
    with pytest.raises(ValueError, match=r"^a_rotation\[2\] is the zero quaternion"):
        call(f, args)
    with pytest.raises(ValueError, match=r"^a_rotation\[2\] is the zero quaternion"):
        call(f, args, quaternion="wxyz")


@pytest.mark.parametrize("f", FUNCTIONS_3D)
def test_what_the_reader_refuses_is_refused_too(f):
    # beyond the range a centre may have in f32 (check refuses the same line)
    args = good3()
    args["b_center"][1, 0] = 1e9
    with pytest.raises(ValueError, match=r"^b_center\[1\]: box b: center\[0\]"):
        call(f, args)
    args = good3()
    args["a_half_extents"][1, 0] = 1e30
    with pytest.raises(ValueError, match=r"^a_half_extents\[1\]"):
        call(f, args)


@pytest.mark.parametrize("f", FUNCTIONS_3D)
def test_bad_radius(f):
    args = good3()
    with pytest.raises(ValueError, match=r"^a_radius\[3\]: .*radius"):
        call(f, args, a_radius=np.array([0, 0, 0, -1.0, 0, 0]))
    with pytest.raises(ValueError, match=r"^b_radius\[0\] is NaN"):
        call(f, args, b_radius=np.nan)
    with pytest.raises(ValueError, match=r"^b_radius: 2 radii for 6 pairs"):
        call(f, args, b_radius=[0.1, 0.2])


@pytest.mark.parametrize("f", FUNCTIONS_3D)
def test_quaternion_order_is_named(f):
    with pytest.raises(ValueError, match="quaternion"):
        call(f, good3(), quaternion="zyxw")


def test_the_first_bad_pair_is_named_on_many_threads():
    n = 50000
    args = {k: np.repeat(v[:1], n, axis=0) for k, v in good3().items()}
    args["a_center"][40000, 2] = np.nan
    args["b_half_extents"][30001, 0] = -1
    for f in FUNCTIONS_3D:
        with pytest.raises(ValueError, match=r"^b_half_extents\[30001, 0\]"):
            call(f, args)


@pytest.mark.parametrize("f", FUNCTIONS_2D)
def test_2d_bad_input(f):
    args = good2()
    args["b_angle"] = args["b_angle"].copy()
    args["b_angle"][3] = np.nan
    with pytest.raises(ValueError, match=r"^b_angle\[3\] is NaN"):
        call(f, args)
    args = good2()
    args["a_half_extents"][2, 1] = -2
    with pytest.raises(ValueError, match=r"^a_half_extents\[2, 1\] is -2"):
        call(f, args)
    args = good2()
    args["a_angle"] = np.zeros((N, 2))
    with pytest.raises(ValueError, match=r"^a_angle: expected shape \(N,\)"):
        call(f, args)
    args = good2()
    args["b_center"] = np.zeros((N, 3))
    with pytest.raises(ValueError, match=r"^b_center: expected shape \(N, 2\)"):
        call(f, args)


def test_check_lines_answers_bad_lines_in_their_place():
    out = satbox.check_lines(['{"a": 1}', "", '{"a": {"center": [0,0]}, "b": 2}'])
    assert [d["line"] for d in out] == [1, 3]
    assert all("error" in d for d in out)
