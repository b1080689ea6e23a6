//! `satbox._satbox`: the Python package's native module. It reads numpy arrays of box pairs,
//! builds each box exactly as `satbox check` reads one ([`satbox::scene::box3_from_numbers`]),
//! asks the library, and hands back flat arrays that `satbox/__init__.py` shapes. It adds no
//! maths of its own.
//!
//! Every function here takes contiguous `float64` arrays (the Python layer converts and checks
//! shapes) and releases the GIL while it works; many pairs are answered on rayon's pool.

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

use satbox::sat::{
    intersects_many, intersects_many2, Answer, ManifoldParams, Obb2, Obb2Batch, Obb3, Obb3Batch,
    Obb3Frame, Vector, Which,
};
use satbox::scene::number::unsigned_zero;
use satbox::scene::{
    box2_from_numbers, box3_from_numbers, box3_from_unit_numbers, radius_from_number, Note,
};

/// Pairs per piece of work: below twice this, one thread answers them all.
const CHUNK: usize = 4096;
/// Pairs per batch within a piece of [`verdicts3`]: its two batches (64 bytes a box) stay in
/// the nearest cache between the reading and the test.
const BLOCK: usize = 256;

/// A bad number: what is wrong, the message naming the argument and the pair.
struct Bad {
    message: String,
}

type Built<T> = Result<T, Bad>;

/// The arguments of one side (`a` or `b`) of 3D pairs, as flat `f64` slices.
#[derive(Clone, Copy)]
struct Side3<'a> {
    which: Which,
    center: &'a [f64],
    half: &'a [f64],
    rotation: &'a [f64],
    /// Quaternions given `[w, x, y, z]` (MuJoCo's order).
    wxyz: bool,
    radius: Option<&'a [f64]>,
}

/// The arguments of one side of 2D pairs.
#[derive(Clone, Copy)]
struct Side2<'a> {
    which: Which,
    center: &'a [f64],
    half: &'a [f64],
    angle: &'a [f64],
    radius: Option<&'a [f64]>,
}

fn name(which: Which) -> &'static str {
    match which {
        Which::A => "a",
        Which::B => "b",
    }
}

/// The first number of `values` (pair `i`'s `field`) that is not finite.
fn not_finite(which: Which, field: &str, i: usize, values: &[f64]) -> Built<()> {
    match values.iter().position(|x| !x.is_finite()) {
        None => Ok(()),
        Some(k) => Err(Bad {
            message: format!(
                "{}_{field}[{i}, {k}] is {} (every number must be finite)",
                name(which),
                values[k]
            ),
        }),
    }
}

/// The library's refusal of pair `i`'s box, naming the argument it came from.
fn refused(which: Which, i: usize, error: impl std::fmt::Display) -> Bad {
    let text = error.to_string();
    // the library's message names the field it refused: name the argument it came from
    let field = ["half_extents", "rotation", "angle", "radius", "center"]
        .into_iter()
        .find(|f| text.contains(f))
        .unwrap_or("half_extents");
    Bad {
        message: format!("{}_{field}[{i}]: {text}", name(which)),
    }
}

#[inline]
fn radius_of(which: Which, radius: Option<&[f64]>, i: usize) -> Built<f32> {
    let Some(r) = radius else { return Ok(0.0) };
    let x = r[i];
    if !x.is_finite() {
        return Err(Bad {
            message: format!(
                "{}_radius[{i}] is {x} (every number must be finite)",
                name(which)
            ),
        });
    }
    radius_from_number(which, x).map_err(|e| refused(which, i, e))
}

impl Side3<'_> {
    /// Pair `i`'s box and radius, as `check` reads a line with these numbers.
    // inlined where it is called: a box handed back through memory stalls the loads that read
    // it (the stores that wrote it are narrower)
    #[inline(always)]
    fn build(&self, i: usize, notes: &mut Vec<Note>) -> Built<(Obb3, f32)> {
        let w = self.which;
        let c: [f64; 3] = self.center[3 * i..3 * i + 3].try_into().unwrap();
        let h: [f64; 3] = self.half[3 * i..3 * i + 3].try_into().unwrap();
        let q: [f64; 4] = self.rotation[4 * i..4 * i + 4].try_into().unwrap();
        let xyzw = if self.wxyz {
            [q[1], q[2], q[3], q[0]]
        } else {
            q
        };
        // the common case, the same box to the bit; anything it declines (a bad number, a
        // quaternion to note or normalise) goes the general way below, which says what is wrong
        if let Some(o) = box3_from_unit_numbers(c, h, xyzw) {
            let r = match self.radius {
                None => 0.0,
                Some(_) => radius_of(w, self.radius, i)?,
            };
            return Ok((o, r));
        }
        self.build_checked(i, c, h, q, xyzw, notes)
    }

    /// Pair `i`'s box when it is sharp (no radii given) and [`box3_from_unit_numbers`] takes its
    /// numbers: the box [`Self::build`] gives, to the bit.
    #[inline(always)]
    fn quick(&self, i: usize) -> Option<Obb3> {
        if self.radius.is_some() {
            return None;
        }
        let c: [f64; 3] = self.center[3 * i..3 * i + 3].try_into().unwrap();
        let h: [f64; 3] = self.half[3 * i..3 * i + 3].try_into().unwrap();
        let q: [f64; 4] = self.rotation[4 * i..4 * i + 4].try_into().unwrap();
        let xyzw = if self.wxyz {
            [q[1], q[2], q[3], q[0]]
        } else {
            q
        };
        box3_from_unit_numbers(c, h, xyzw)
    }

    /// [`Self::build`]'s general way: every number checked, the error naming it.
    #[cold]
    #[inline(never)]
    fn build_checked(
        &self,
        i: usize,
        c: [f64; 3],
        h: [f64; 3],
        q: [f64; 4],
        xyzw: [f64; 4],
        notes: &mut Vec<Note>,
    ) -> Built<(Obb3, f32)> {
        let w = self.which;
        not_finite(w, "center", i, &c)?;
        not_finite(w, "half_extents", i, &h)?;
        if let Some(k) = h.iter().position(|x| *x < 0.0) {
            return Err(Bad {
                message: format!(
                    "{}_half_extents[{i}, {k}] is {} (half extents must be >= 0; 0 is a flat box)",
                    name(w),
                    h[k]
                ),
            });
        }
        not_finite(w, "rotation", i, &q)?;
        if q.iter().all(|x| *x == 0.0) {
            return Err(Bad {
                message: format!(
                    "{}_rotation[{i}] is the zero quaternion (it is no rotation)",
                    name(w)
                ),
            });
        }
        let o = box3_from_numbers(w, c, h, xyzw, notes).map_err(|e| refused(w, i, e))?;
        notes.clear();
        Ok((o, radius_of(w, self.radius, i)?))
    }
}

impl Side2<'_> {
    /// Pair `i`'s rectangle and radius, as `check` reads a line with these numbers.
    fn build(&self, i: usize) -> Built<(Obb2, f32)> {
        let w = self.which;
        let c = &self.center[2 * i..2 * i + 2];
        let h = &self.half[2 * i..2 * i + 2];
        let angle = self.angle[i];
        not_finite(w, "center", i, c)?;
        not_finite(w, "half_extents", i, h)?;
        if let Some(k) = h.iter().position(|x| *x < 0.0) {
            return Err(Bad {
                message: format!(
                    "{}_half_extents[{i}, {k}] is {} (half extents must be >= 0; 0 is a flat box)",
                    name(w),
                    h[k]
                ),
            });
        }
        if !angle.is_finite() {
            return Err(Bad {
                message: format!(
                    "{}_angle[{i}] is {angle} (every number must be finite)",
                    name(w)
                ),
            });
        }
        let o = box2_from_numbers(w, [c[0], c[1]], [h[0], h[1]], angle)
            .map_err(|e| refused(w, i, e))?;
        Ok((o, radius_of(w, self.radius, i)?))
    }
}

/// The answers of some pairs, flat, in pair order (vectors of `dim` numbers each).
#[derive(Default)]
struct Answers {
    intersect: Vec<bool>,
    touching: Vec<bool>,
    depth: Vec<f32>,
    normal: Vec<f32>,
    first_separating_axis: Vec<i64>,
    min_axis: Vec<i64>,
    separation_distance: Vec<f32>,
    closest_points: Vec<f32>,
    manifold_counts: Vec<i64>,
    manifold_points: Vec<f32>,
    manifold_separations: Vec<f32>,
    manifold_ids: Vec<u32>,
}

impl Answers {
    fn with_capacity(n: usize, dim: usize) -> Self {
        Answers {
            intersect: Vec::with_capacity(n),
            touching: Vec::with_capacity(n),
            depth: Vec::with_capacity(n),
            normal: Vec::with_capacity(n * dim),
            first_separating_axis: Vec::with_capacity(n),
            min_axis: Vec::with_capacity(n),
            separation_distance: Vec::with_capacity(n),
            closest_points: Vec::with_capacity(2 * n * dim),
            manifold_counts: Vec::with_capacity(n),
            manifold_points: Vec::with_capacity(2 * n * dim),
            manifold_separations: Vec::with_capacity(2 * n),
            manifold_ids: Vec::with_capacity(2 * n),
        }
    }

    /// Adds one pair's answer, each number as `check` writes it (`-0` as `0`), `None` as NaN.
    fn push<V: Vector>(&mut self, a: &Answer<V>) {
        let dim = V::DIM;
        let coords = |v: V, out: &mut Vec<f32>| {
            out.extend(v.to_coords()[..dim].iter().map(|x| unsigned_zero(*x)));
        };
        self.intersect.push(a.intersect);
        self.touching.push(a.touching);
        self.depth.push(a.depth.map_or(f32::NAN, unsigned_zero));
        match a.normal {
            Some(n) => coords(n, &mut self.normal),
            None => self.normal.extend(std::iter::repeat_n(f32::NAN, dim)),
        }
        self.first_separating_axis
            .push(a.first_separating.map_or(-1, |k| k as i64));
        self.min_axis.push(a.axis.map_or(-1, |k| k as i64));
        self.separation_distance.push(a.distance);
        match a.closest_points {
            Some([p, q]) => {
                coords(p, &mut self.closest_points);
                coords(q, &mut self.closest_points);
            }
            None => self
                .closest_points
                .extend(std::iter::repeat_n(f32::NAN, 2 * dim)),
        }
        let points = a.manifold.as_ref().map_or(&[][..], |m| m.points());
        self.manifold_counts.push(points.len() as i64);
        for p in points {
            coords(p.point, &mut self.manifold_points);
            self.manifold_separations.push(unsigned_zero(p.separation));
            self.manifold_ids.push(p.id.key());
        }
    }

    fn extend(&mut self, other: Answers) {
        self.intersect.extend(other.intersect);
        self.touching.extend(other.touching);
        self.depth.extend(other.depth);
        self.normal.extend(other.normal);
        self.first_separating_axis
            .extend(other.first_separating_axis);
        self.min_axis.extend(other.min_axis);
        self.separation_distance.extend(other.separation_distance);
        self.closest_points.extend(other.closest_points);
        self.manifold_counts.extend(other.manifold_counts);
        self.manifold_points.extend(other.manifold_points);
        self.manifold_separations.extend(other.manifold_separations);
        self.manifold_ids.extend(other.manifold_ids);
    }

    fn into_dict(self, py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("intersect", PyArray1::from_vec(py, self.intersect))?;
        d.set_item("touching", PyArray1::from_vec(py, self.touching))?;
        d.set_item("depth", PyArray1::from_vec(py, self.depth))?;
        d.set_item("normal", PyArray1::from_vec(py, self.normal))?;
        d.set_item(
            "first_separating_axis",
            PyArray1::from_vec(py, self.first_separating_axis),
        )?;
        d.set_item("min_axis", PyArray1::from_vec(py, self.min_axis))?;
        d.set_item(
            "separation_distance",
            PyArray1::from_vec(py, self.separation_distance),
        )?;
        d.set_item(
            "closest_points",
            PyArray1::from_vec(py, self.closest_points),
        )?;
        d.set_item(
            "manifold_counts",
            PyArray1::from_vec(py, self.manifold_counts),
        )?;
        d.set_item(
            "manifold_points",
            PyArray1::from_vec(py, self.manifold_points),
        )?;
        d.set_item(
            "manifold_separations",
            PyArray1::from_vec(py, self.manifold_separations),
        )?;
        d.set_item("manifold_ids", PyArray1::from_vec(py, self.manifold_ids))?;
        Ok(d)
    }
}

/// `0..n` in pieces of work, each answered by `f`, the results in order; the first error (by
/// pair) wins.
fn in_pieces<T: Send>(n: usize, f: impl Fn(usize, usize) -> Built<T> + Sync) -> Built<Vec<T>> {
    if n < 2 * CHUNK {
        return f(0, n).map(|t| vec![t]);
    }
    let starts: Vec<usize> = (0..n).step_by(CHUNK).collect();
    starts
        .into_par_iter()
        .map(|s| f(s, (s + CHUNK).min(n)))
        .collect()
}

fn value_error(bad: Bad) -> PyErr {
    PyValueError::new_err(bad.message)
}

/// The answers for 3D pairs `from..to`.
fn answers3(a: &Side3, b: &Side3, from: usize, to: usize) -> Built<Answers> {
    let params = ManifoldParams::default();
    let mut out = Answers::with_capacity(to - from, 3);
    let mut notes = Vec::new();
    for i in from..to {
        let (oa, ra) = a.build(i, &mut notes)?;
        let (ob, rb) = b.build(i, &mut notes)?;
        out.push(&Answer::of(&oa, &ob, [ra, rb], &params));
    }
    Ok(out)
}

/// The answers for 2D pairs `from..to`.
fn answers2(a: &Side2, b: &Side2, from: usize, to: usize) -> Built<Answers> {
    let params = ManifoldParams::default();
    let mut out = Answers::with_capacity(to - from, 2);
    for i in from..to {
        let (oa, ra) = a.build(i)?;
        let (ob, rb) = b.build(i)?;
        out.push(&Answer::of(&oa, &ob, [ra, rb], &params));
    }
    Ok(out)
}

/// The pieces' answers in one, each array allocated once at its full length (grown piece by
/// piece, the arrays were reallocated and copied about twice over).
fn joined(pieces: Vec<Answers>, n: usize, dim: usize) -> Answers {
    if pieces.len() == 1 {
        return pieces.into_iter().next().unwrap_or_default();
    }
    let mut all = Answers::with_capacity(n, dim);
    let points: usize = pieces.iter().map(|p| p.manifold_ids.len()).sum();
    all.manifold_points.reserve_exact(points * dim);
    all.manifold_separations.reserve_exact(points);
    all.manifold_ids.reserve_exact(points);
    for p in pieces {
        all.extend(p);
    }
    all
}

fn slice<'a>(a: &'a PyReadonlyArray1<'_, f64>) -> PyResult<&'a [f64]> {
    a.as_slice()
        .map_err(|e| PyValueError::new_err(format!("expected a contiguous array: {e}")))
}

/// The full answers for N 3D pairs (flat arrays; see `satbox.check`).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_rotation, b_center, b_half, b_rotation, a_radius, b_radius, wxyz))]
#[allow(clippy::too_many_arguments)]
fn check3<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_rotation: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_rotation: PyReadonlyArray1<'py, f64>,
    a_radius: Option<PyReadonlyArray1<'py, f64>>,
    b_radius: Option<PyReadonlyArray1<'py, f64>>,
    wxyz: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let (a, b) = sides3(
        n,
        [&a_center, &a_half, &a_rotation],
        [&b_center, &b_half, &b_rotation],
        [a_radius.as_ref(), b_radius.as_ref()],
        wxyz,
    )?;
    let answers = py
        .detach(|| in_pieces(n, |from, to| answers3(&a, &b, from, to)))
        .map_err(value_error)?;
    joined(answers, n, 3).into_dict(py)
}

/// The full answers for N 2D pairs (flat arrays; see `satbox.check2d`).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_angle, b_center, b_half, b_angle, a_radius, b_radius))]
#[allow(clippy::too_many_arguments)]
fn check2<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_angle: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_angle: PyReadonlyArray1<'py, f64>,
    a_radius: Option<PyReadonlyArray1<'py, f64>>,
    b_radius: Option<PyReadonlyArray1<'py, f64>>,
) -> PyResult<Bound<'py, PyDict>> {
    let (a, b) = sides2(
        n,
        [&a_center, &a_half, &a_angle],
        [&b_center, &b_half, &b_angle],
        [a_radius.as_ref(), b_radius.as_ref()],
    )?;
    let answers = py
        .detach(|| in_pieces(n, |from, to| answers2(&a, &b, from, to)))
        .map_err(value_error)?;
    joined(answers, n, 2).into_dict(py)
}

type Arrays<'a, 'py> = [&'a PyReadonlyArray1<'py, f64>; 3];
type Radii<'a, 'py> = [Option<&'a PyReadonlyArray1<'py, f64>>; 2];

fn lengths(n: usize, got: &[(&str, usize, usize)]) -> PyResult<()> {
    for (what, len, per) in got {
        if *len != n * per {
            return Err(PyValueError::new_err(format!(
                "{what}: {len} numbers for {n} pairs (expected {})",
                n * per
            )));
        }
    }
    Ok(())
}

/// One side's arrays as flat slices: centres, half extents, the turn (quaternions or angles) and
/// the radii.
struct Slices<'a> {
    center: &'a [f64],
    half: &'a [f64],
    turn: &'a [f64],
    radius: Option<&'a [f64]>,
}

/// Side `which`'s arrays as slices, each as long as `n` pairs of dimension `dim` need (`turn`
/// named `turn_name`, `turn_len` numbers a pair), or the error naming the first that is not.
fn slices<'a>(
    n: usize,
    which: Which,
    [c, h, t]: Arrays<'a, '_>,
    radius: Option<&'a PyReadonlyArray1<'_, f64>>,
    dim: usize,
    (turn_name, turn_len): (&str, usize),
) -> PyResult<Slices<'a>> {
    let s = Slices {
        center: slice(c)?,
        half: slice(h)?,
        turn: slice(t)?,
        radius: radius.map(slice).transpose()?,
    };
    let p = name(which);
    lengths(
        n,
        &[
            (&format!("{p}_center"), s.center.len(), dim),
            (&format!("{p}_half_extents"), s.half.len(), dim),
            (&format!("{p}_{turn_name}"), s.turn.len(), turn_len),
            (&format!("{p}_radius"), s.radius.map_or(n, <[f64]>::len), 1),
        ],
    )?;
    Ok(s)
}

fn sides3<'a>(
    n: usize,
    a: Arrays<'a, '_>,
    b: Arrays<'a, '_>,
    [ra, rb]: Radii<'a, '_>,
    wxyz: bool,
) -> PyResult<(Side3<'a>, Side3<'a>)> {
    let side = |which, arrays, radius| -> PyResult<Side3<'a>> {
        let s = slices(n, which, arrays, radius, 3, ("rotation", 4))?;
        Ok(Side3 {
            which,
            center: s.center,
            half: s.half,
            rotation: s.turn,
            wxyz,
            radius: s.radius,
        })
    };
    Ok((side(Which::A, a, ra)?, side(Which::B, b, rb)?))
}

fn sides2<'a>(
    n: usize,
    a: Arrays<'a, '_>,
    b: Arrays<'a, '_>,
    [ra, rb]: Radii<'a, '_>,
) -> PyResult<(Side2<'a>, Side2<'a>)> {
    let side = |which, arrays, radius| -> PyResult<Side2<'a>> {
        let s = slices(n, which, arrays, radius, 2, ("angle", 1))?;
        Ok(Side2 {
            which,
            center: s.center,
            half: s.half,
            angle: s.turn,
            radius: s.radius,
        })
    };
    Ok((side(Which::A, a, ra)?, side(Which::B, b, rb)?))
}

/// Pairs `from..to`'s verdicts into `out`: on the batch path where both radii are 0, else the
/// rounded boxes' answer.
fn verdicts3(a: &Side3, b: &Side3, from: usize, out: &mut [bool]) -> Built<()> {
    let size = BLOCK.min(out.len());
    let (mut ba, mut bb) = (
        Obb3Batch::with_capacity(size),
        Obb3Batch::with_capacity(size),
    );
    let (mut fa, mut fb) = (Vec::with_capacity(size), Vec::with_capacity(size));
    let mut rounded = Vec::new();
    let mut notes = Vec::new();
    for (k, block) in out.chunks_mut(BLOCK).enumerate() {
        let start = from + k * BLOCK;
        fa.clear();
        fb.clear();
        for i in start..start + block.len() {
            // sharp boxes of plain numbers straight into the block's frames (no box handed back
            // through memory), the rest through `build`, which says what is wrong
            if let (Some(oa), Some(ob)) = (a.quick(i), b.quick(i)) {
                fa.push(Obb3Frame::new(&oa));
                fb.push(Obb3Frame::new(&ob));
                continue;
            }
            let (oa, ra) = a.build(i, &mut notes)?;
            let (ob, rb) = b.build(i, &mut notes)?;
            fa.push(Obb3Frame::new(&oa));
            fb.push(Obb3Frame::new(&ob));
            if ra != 0.0 || rb != 0.0 {
                rounded.push((i - from, oa, ob, [ra, rb]));
            }
        }
        ba.clear();
        bb.clear();
        ba.extend(&fa);
        bb.extend(&fb);
        intersects_many(&ba, &bb, block);
    }
    let params = ManifoldParams::default();
    for (k, oa, ob, radii) in rounded {
        out[k] = Answer::rounded(&oa, &ob, radii, &params).intersect;
    }
    Ok(())
}

/// [`verdicts3`] in 2D.
fn verdicts2(a: &Side2, b: &Side2, from: usize, out: &mut [bool]) -> Built<()> {
    let n = out.len();
    let (mut ba, mut bb) = (Obb2Batch::with_capacity(n), Obb2Batch::with_capacity(n));
    let mut rounded = Vec::new();
    for i in from..from + n {
        let (oa, ra) = a.build(i)?;
        let (ob, rb) = b.build(i)?;
        ba.push_box(&oa);
        bb.push_box(&ob);
        if ra != 0.0 || rb != 0.0 {
            rounded.push((i - from, oa, ob, [ra, rb]));
        }
    }
    intersects_many2(&ba, &bb, out);
    let params = ManifoldParams::default();
    for (k, oa, ob, radii) in rounded {
        out[k] = Answer::rounded(&oa, &ob, radii, &params).intersect;
    }
    Ok(())
}

/// Verdicts for `n` pairs, piece by piece, on every core for many pairs.
fn all_verdicts(n: usize, f: impl Fn(usize, &mut [bool]) -> Built<()> + Sync) -> Built<Vec<bool>> {
    let mut out = vec![false; n];
    if n < 2 * CHUNK {
        f(0, &mut out)?;
        return Ok(out);
    }
    let results: Vec<Built<()>> = out
        .par_chunks_mut(CHUNK)
        .enumerate()
        .map(|(k, piece)| f(k * CHUNK, piece))
        .collect();
    results.into_iter().collect::<Built<Vec<()>>>()?;
    Ok(out)
}

/// The verdicts alone for N 3D pairs, on the batch path (see `satbox.intersects`).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_rotation, b_center, b_half, b_rotation, a_radius, b_radius, wxyz))]
#[allow(clippy::too_many_arguments)]
fn intersects3<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_rotation: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_rotation: PyReadonlyArray1<'py, f64>,
    a_radius: Option<PyReadonlyArray1<'py, f64>>,
    b_radius: Option<PyReadonlyArray1<'py, f64>>,
    wxyz: bool,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let (a, b) = sides3(
        n,
        [&a_center, &a_half, &a_rotation],
        [&b_center, &b_half, &b_rotation],
        [a_radius.as_ref(), b_radius.as_ref()],
        wxyz,
    )?;
    let out = py
        .detach(|| all_verdicts(n, |from, out| verdicts3(&a, &b, from, out)))
        .map_err(value_error)?;
    Ok(PyArray1::from_vec(py, out))
}

/// The verdicts alone for N 2D pairs, on the batch path (see `satbox.intersects2d`).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_angle, b_center, b_half, b_angle, a_radius, b_radius))]
#[allow(clippy::too_many_arguments)]
fn intersects2<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_angle: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_angle: PyReadonlyArray1<'py, f64>,
    a_radius: Option<PyReadonlyArray1<'py, f64>>,
    b_radius: Option<PyReadonlyArray1<'py, f64>>,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    let (a, b) = sides2(
        n,
        [&a_center, &a_half, &a_angle],
        [&b_center, &b_half, &b_angle],
        [a_radius.as_ref(), b_radius.as_ref()],
    )?;
    let out = py
        .detach(|| all_verdicts(n, |from, out| verdicts2(&a, &b, from, out)))
        .map_err(value_error)?;
    Ok(PyArray1::from_vec(py, out))
}

/// `satbox check`'s output for `text` (JSON Lines), one JSON text per case, and whether every
/// case was answered.
#[pyfunction]
fn check_text(py: Python<'_>, text: String) -> (Vec<String>, bool) {
    py.detach(|| {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let options = satbox::cli::check::Options::default();
        let status =
            satbox::cli::check::run_on(text.as_bytes(), "lines", &options, &mut out, &mut err);
        let out = String::from_utf8_lossy(&out);
        let lines = out.lines().map(str::to_string).collect();
        (lines, status == satbox::cli::check::EXIT_OK)
    })
}

/// MuJoCo's contacts for N pairs of box geoms beside satbox's answer, through the comparison
/// `check --compare` uses ([`satbox::engines::compare::compare`]); one JSON text per pair:
/// `{"satbox": check's compact answer, "disagreements": [...], "by_design": [...]}`.
///
/// Pair `i`'s boxes are given as [`check3`]'s (quaternions `[w, x, y, z]`); its contacts are
/// `counts[i]` rows of `points` (M×3, midway between the surfaces, as MuJoCo's `pos`) and
/// `separations` (M, MuJoCo's `dist`), their normal (from A to B) row `i` of `normals`; `margin[i]`
/// is MuJoCo's margin for the pair (points up to it above the surface are by design).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_rotation, b_center, b_half, b_rotation, counts, points, separations, normals, margin, version))]
#[allow(clippy::too_many_arguments)]
fn compare_mujoco3<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_rotation: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_rotation: PyReadonlyArray1<'py, f64>,
    counts: PyReadonlyArray1<'py, i64>,
    points: PyReadonlyArray1<'py, f64>,
    separations: PyReadonlyArray1<'py, f64>,
    normals: PyReadonlyArray1<'py, f64>,
    margin: PyReadonlyArray1<'py, f64>,
    version: String,
) -> PyResult<Vec<String>> {
    use satbox::cli::json::WriteJson;
    use satbox::engines::compare::{compare, Truth};
    use satbox::engines::{About, EngineAnswer, EngineName, Point, Question};
    use satbox::scene::{NotedPair, Pair};

    let (a, b) = sides3(
        n,
        [&a_center, &a_half, &a_rotation],
        [&b_center, &b_half, &b_rotation],
        [None, None],
        true,
    )?;
    let counts = counts
        .as_slice()
        .map_err(|e| PyValueError::new_err(format!("counts: {e}")))?;
    let (points, separations) = (slice(&points)?, slice(&separations)?);
    let (normals, margin) = (slice(&normals)?, slice(&margin)?);
    let total: i64 = counts.iter().sum();
    if counts.len() != n
        || counts.iter().any(|c| *c < 0)
        || points.len() as i64 != 3 * total
        || separations.len() as i64 != total
        || normals.len() != 3 * n
        || margin.len() != n
    {
        return Err(PyValueError::new_err(
            "compare_mujoco3: the contacts' arrays do not agree in length",
        ));
    }
    let out = py.detach(|| -> Built<Vec<String>> {
        let title = EngineName::Mujoco.title();
        let params = ManifoldParams::default();
        let options = satbox::cli::check::Options {
            compact: true,
            ..Default::default()
        };
        let mut notes = Vec::new();
        let mut at = 0usize;
        let mut texts = Vec::with_capacity(n);
        for i in 0..n {
            let (oa, _) = a.build(i, &mut notes)?;
            let (ob, _) = b.build(i, &mut notes)?;
            let k = counts[i] as usize;
            let v3 = |s: &[f64], j: usize| {
                glam::DVec3::new(s[3 * j], s[3 * j + 1], s[3 * j + 2]).as_vec3()
            };
            let contacts: Vec<Point> = (at..at + k)
                .map(|j| Point {
                    point: v3(points, j),
                    separation: separations[j] as f32,
                    feature: format!("contact {}", j - at),
                })
                .collect();
            at += k;
            let normal = (k > 0).then(|| v3(normals, i).normalize_or_zero());
            let engine = EngineAnswer::from_points(contacts, normal);
            let about = About {
                speculative: (margin[i] > 0.0).then_some(margin[i] as f32),
                ..About::manifold_of_sharp_boxes(version.clone(), Vec::new())
            };
            let pair = Pair::Three(oa, ob);
            let truth = Truth::of_question(&Question::of(pair));
            let c = compare(title, &about, &engine, &truth, None);
            let case = NotedPair {
                pair,
                notes: Vec::new(),
                radii: [0.0; 2],
            };
            let mut answer = Vec::new();
            satbox::cli::check::answer(1, &case, &params, &options).write_json(&mut answer);
            let disagreements: Vec<serde_json::Value> = c
                .disagreements
                .iter()
                .map(|d| {
                    let mut o = serde_json::json!({
                        "what": d.kind.name(),
                        "size": unsigned_zero(d.size),
                        "description": d.description,
                    });
                    if let Some(known) = d.known {
                        o["known"] = known.into();
                    }
                    o
                })
                .collect();
            let text = format!(
                "{{\"satbox\":{},\"disagreements\":{},\"by_design\":{}}}",
                String::from_utf8_lossy(&answer),
                serde_json::Value::from(disagreements),
                serde_json::Value::from(c.by_design.clone()),
            );
            texts.push(text);
        }
        Ok(texts)
    });
    out.map_err(value_error)
}

/// For `python/benches/`: the seconds the Rust batch takes on N 3D pairs (given as to
/// [`intersects3`]) on this thread, best of `repeats`, measured beside the Python call's in one
/// run: `intersects_many` alone on batches built beforehand, and with each box read from the
/// numbers as `check` reads it first, in pieces of [`CHUNK`] pairs (what `satbox.intersects`
/// runs, without Python around it).
#[pyfunction]
#[pyo3(signature = (n, a_center, a_half, a_rotation, b_center, b_half, b_rotation, repeats))]
#[allow(clippy::too_many_arguments)]
fn bench_batch3<'py>(
    py: Python<'py>,
    n: usize,
    a_center: PyReadonlyArray1<'py, f64>,
    a_half: PyReadonlyArray1<'py, f64>,
    a_rotation: PyReadonlyArray1<'py, f64>,
    b_center: PyReadonlyArray1<'py, f64>,
    b_half: PyReadonlyArray1<'py, f64>,
    b_rotation: PyReadonlyArray1<'py, f64>,
    repeats: usize,
) -> PyResult<(f64, f64)> {
    let (a, b) = sides3(
        n,
        [&a_center, &a_half, &a_rotation],
        [&b_center, &b_half, &b_rotation],
        [None, None],
        false,
    )?;
    py.detach(|| -> Built<(f64, f64)> {
        let (mut ba, mut bb) = (Obb3Batch::with_capacity(n), Obb3Batch::with_capacity(n));
        let mut notes = Vec::new();
        for i in 0..n {
            ba.push_box(&a.build(i, &mut notes)?.0);
            bb.push_box(&b.build(i, &mut notes)?.0);
        }
        let mut out = vec![false; n];
        let (mut alone, mut built) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..repeats.max(1) {
            let start = std::time::Instant::now();
            intersects_many(&ba, &bb, &mut out);
            alone = alone.min(start.elapsed().as_secs_f64());
            std::hint::black_box(&out);
            // what `satbox.intersects` runs, piece by piece, without Python around it
            let start = std::time::Instant::now();
            for (k, piece) in out.chunks_mut(CHUNK).enumerate() {
                verdicts3(&a, &b, k * CHUNK, piece)?;
            }
            built = built.min(start.elapsed().as_secs_f64());
            std::hint::black_box(&out);
        }
        Ok((alone, built))
    })
    .map_err(value_error)
}

/// The native part of the `satbox` package.
#[pymodule]
fn _satbox(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check3, m)?)?;
    m.add_function(wrap_pyfunction!(check2, m)?)?;
    m.add_function(wrap_pyfunction!(intersects3, m)?)?;
    m.add_function(wrap_pyfunction!(intersects2, m)?)?;
    m.add_function(wrap_pyfunction!(check_text, m)?)?;
    m.add_function(wrap_pyfunction!(compare_mujoco3, m)?)?;
    m.add_function(wrap_pyfunction!(bench_batch3, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
