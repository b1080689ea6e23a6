//! Oriented boxes in 3D and their 15 candidate axes.
//!
//! Test order (the OBB–OBB post, the OBB demo post, the 15-axis table; docs/sources.md): `0..3` are A's face normals `A.u0, A.u1, A.u2`; `3..6` are B's
//! `B.u0, B.u1, B.u2`; `6 + 3i + j` is the edge axis `A.u_i × B.u_j`.

use glam::{Quat, Vec3};

use super::manifold::{self as build, Manifold3, ManifoldParams, ManifoldTrace3};
use super::manifold::{NoTrace, TraceRecorder};
use super::rotation::{lanes, rotation_in_a};
use super::{
    validate_center_and_extents, AxisKind, AxisTest, Interval, ObbError, Penetration, Report3,
    SatParams, SatReport, SatVerdicts, Verdicts3,
};

/// Number of candidate axes in 3D.
pub const AXIS_COUNT: usize = 15;

/// An oriented box in 3D.
///
/// Its local axes are the columns of its rotation matrix: `u0 = rotation * X`,
/// `u1 = rotation * Y`, `u2 = rotation * Z`; the box is every point
/// `center + Σ s_k u_k` with `|s_k| ≤ half_extents[k]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb3 {
    /// Centre in world coordinates.
    pub center: Vec3,
    /// Half the size along each local axis, `≥ 0`.
    pub half_extents: Vec3,
    /// Orientation, a unit quaternion.
    pub rotation: Quat,
}

impl Default for Obb3 {
    fn default() -> Self {
        Self {
            center: Vec3::ZERO,
            half_extents: Vec3::ONE,
            rotation: Quat::IDENTITY,
        }
    }
}

impl Obb3 {
    /// A validated box: finite numbers, extents `≥ 0`, the quaternion normalised.
    #[inline]
    pub fn new(center: Vec3, half_extents: Vec3, rotation: Quat) -> Result<Self, ObbError> {
        let mut b = Self {
            center,
            half_extents,
            rotation,
        };
        b.rotation = normalize_rotation(rotation)?;
        // the rotation is normalised: the rest of `validate`
        validate_center_and_extents(&b.center.to_array(), &b.half_extents.to_array())?;
        Ok(b)
    }

    /// An axis-aligned box.
    pub fn axis_aligned(center: Vec3, half_extents: Vec3) -> Self {
        Self {
            center,
            half_extents,
            rotation: Quat::IDENTITY,
        }
    }

    /// Checks the rules of [`ObbError`] on a box built field by field.
    pub fn validate(&self) -> Result<(), ObbError> {
        validate_center_and_extents(&self.center.to_array(), &self.half_extents.to_array())?;
        normalize_rotation(self.rotation).map(|_| ())
    }

    /// The local axes `[u0, u1, u2]` (unit vectors).
    #[inline]
    pub fn axes(&self) -> [Vec3; 3] {
        let [c0, c1, c2] = lanes::matrix(self.rotation);
        [
            Vec3::new(c0[0], c0[1], c0[2]),
            Vec3::new(c1[0], c1[1], c1[2]),
            Vec3::new(c2[0], c2[1], c2[2]),
        ]
    }

    /// The 8 corners; corner `k` takes `+e_i` along `u_i` when bit `i` of `k` is set.
    pub fn corners(&self) -> [Vec3; 8] {
        let [u0, u1, u2] = self.axes();
        let e = self.half_extents;
        std::array::from_fn(|k| {
            let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
            self.center + u0 * (s(0) * e.x) + u1 * (s(1) * e.y) + u2 * (s(2) * e.z)
        })
    }

    /// Projected radius on a unit axis: `Σ e_k |u_k·L|`.
    pub fn projected_radius(&self, axis: Vec3) -> f32 {
        let [u0, u1, u2] = self.axes();
        projected_radius(&[u0, u1, u2], self.half_extents, axis)
    }

    /// Point containment: `|(p − c)·u_k| ≤ e_k` for every k (the OBB demo post, `containsV`).
    pub fn contains_point(&self, p: Vec3) -> bool {
        let d = p - self.center;
        let e = self.half_extents.to_array();
        self.axes().iter().zip(e).all(|(u, e)| d.dot(*u).abs() <= e)
    }
}

/// An [`Obb3`] with its rotation written out as a matrix, for hot loops.
///
/// [`Obb3`] stores a quaternion, so every test of a pair first turns it into a matrix
/// ([`glam::Mat3::from_quat`], about 30 operations per box): in a loop that tests each box against
/// many others that work is repeated for every pair. A frame is made once per box
/// ([`Obb3Frame::new`]) and holds what the 15-axis test reads, laid out for 4-lane registers: the
/// centre with the radius of the bounding sphere, the half extents, and the rows of the rotation
/// matrix (row `k` holds coordinate `k` of the three axes `u0, u1, u2`).
///
/// What it costs the API: a frame is read-only (its fields are private, so that its matrix stays
/// the rotation of a validated box: make a new frame from a changed [`Obb3`]), it takes 80 bytes
/// where an [`Obb3`] takes 40, and it answers only the boolean test ([`Obb3Frame::intersects`],
/// [`intersects_many`](super::batch::intersects_many)) and the report's conclusions
/// ([`Obb3Frame::verdicts`]): the full reports and the manifolds take [`Obb3`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(16))]
pub struct Obb3Frame {
    /// `(c.x, c.y, c.z, ρ)`: the centre and the bounding radius.
    pub(crate) center: [f32; 4],
    /// `(e.x, e.y, e.z, 0)`.
    pub(crate) half_extents: [f32; 4],
    /// `rows[k] = (u0[k], u1[k], u2[k], 0)`.
    pub(crate) rows: [[f32; 4]; 3],
}

impl Obb3Frame {
    /// The frame of a box: its matrix from its quaternion, once.
    #[inline]
    pub fn new(b: &Obb3) -> Self {
        let [u0, u1, u2] = b.axes();
        let c = b.center;
        let e = b.half_extents;
        Self {
            center: [c.x, c.y, c.z, bounding_radius(e)],
            half_extents: [e.x, e.y, e.z, 0.0],
            rows: [
                [u0.x, u1.x, u2.x, 0.0],
                [u0.y, u1.y, u2.y, 0.0],
                [u0.z, u1.z, u2.z, 0.0],
            ],
        }
    }

    /// Centre in world coordinates.
    pub fn center(&self) -> Vec3 {
        Vec3::from_slice(&self.center)
    }

    /// Half the size along each local axis.
    pub fn half_extents(&self) -> Vec3 {
        Vec3::from_slice(&self.half_extents)
    }

    /// The local axes `[u0, u1, u2]`, exactly [`Obb3::axes`] of the box it was made from.
    pub fn axes(&self) -> [Vec3; 3] {
        let r = &self.rows;
        std::array::from_fn(|i| Vec3::new(r[0][i], r[1][i], r[2][i]))
    }

    /// Radius of the bounding sphere: `|half_extents|`, rounded up by a few units in the last
    /// place so that rounding never makes it shorter than the farthest corner.
    pub fn radius(&self) -> f32 {
        self.center[3]
    }

    /// What the report of the two boxes concludes, with the default [`SatParams`]: the same, to
    /// the bit, as [`verdicts`] of the boxes the frames were made from, without turning their
    /// quaternions into matrices again.
    pub fn verdicts(&self, other: &Obb3Frame) -> Verdicts3 {
        lane_verdicts(self, other, SatParams::default().degenerate_threshold)
    }

    /// The boolean test against `other` with the default
    /// [`PARALLEL_EPSILON`](super::PARALLEL_EPSILON): `true` when no axis separates them.
    ///
    /// Ericson, *Real-Time Collision Detection*, §4.4.1: `R_ij = A.u_i · B.u_j` and
    /// `t = (T·A.u_0, T·A.u_1, T·A.u_2)`, `|R_ij|` padded by the epsilon, then the 15 comparisons
    /// `|T·L| > r_A + r_B` of that section, each summed in the order written there. A
    /// bounding-sphere test comes first (`|T|² > (ρ_A + ρ_B)²`, ρ = [`Self::radius`]).
    ///
    /// With the `simd` feature the arithmetic runs three numbers at a time in 4-lane registers:
    /// the columns of `R` and `t` as sums of A's matrix rows, A's three face axes in one
    /// comparison, B's in another, the edge axes `A.u_i × B.u_j` in three (one per `j`, `i`
    /// across the lanes), with one branch after each group. Without it the same numbers are
    /// computed one at a time. Either way every number is the one
    /// [`intersects_many`](super::batch::intersects_many) computes in its lanes, with the same
    /// operations in the same order (no fused multiply-add), so the two give the same verdict on
    /// every pair. Against [`intersects`] (which goes through quaternions) and [`report`] it
    /// agrees outside the band of touching described there.
    #[inline]
    pub fn intersects(&self, other: &Obb3Frame) -> bool {
        frames_intersect(self, other, super::PARALLEL_EPSILON)
    }
}

impl From<&Obb3> for Obb3Frame {
    fn from(b: &Obb3) -> Self {
        Self::new(b)
    }
}

/// `|e|` rounded up: the relative rounding error of the three squares, their sum and the square
/// root is below `3·2⁻²⁴`, so `1 + 4ε` covers it.
#[inline]
pub(crate) fn bounding_radius(e: Vec3) -> f32 {
    e.length() * (1.0 + 4.0 * f32::EPSILON)
}

/// `|T|² > (ρ_A + ρ_B)²`: the bounding spheres are apart.
#[inline]
fn spheres_apart(a: &Obb3Frame, b: &Obb3Frame) -> bool {
    let (ca, cb) = (&a.center, &b.center);
    let (dx, dy, dz) = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]);
    let reach = ca[3] + cb[3];
    dx * dx + dy * dy + dz * dz > reach * reach
}

/// The 15-axis test of two frames in 4-lane registers (see [`Obb3Frame::intersects`]).
#[cfg(feature = "simd")]
#[inline]
pub(crate) fn frames_intersect(a: &Obb3Frame, b: &Obb3Frame, epsilon: f32) -> bool {
    use wide::f32x4;
    if spheres_apart(a, b) {
        return false;
    }
    let s = f32x4::splat;
    let (ca, cb) = (&a.center, &b.center);
    let (tw0, tw1, tw2) = (cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]);
    let [ra0, ra1, ra2] = a.rows.map(f32x4::from);
    let rb = &b.rows;
    // column j of R: Σ_k B.u_j[k] · (row k of A); lane i is A.u_i · B.u_j
    let col = |j: usize| ra0 * s(rb[0][j]) + ra1 * s(rb[1][j]) + ra2 * s(rb[2][j]);
    let (c0, c1, c2) = (col(0), col(1), col(2));
    let t = ra0 * s(tw0) + ra1 * s(tw1) + ra2 * s(tw2);
    let eps = s(epsilon);
    let (q0, q1, q2) = (c0.abs() + eps, c1.abs() + eps, c2.abs() + eps);
    let (ea, eb) = (&a.half_extents, &b.half_extents);
    let (eav, ebv) = (f32x4::from(*ea), f32x4::from(*eb));
    // the fourth lane is 0 in t and R and never separates; it is masked out all the same
    const XYZ: u32 = 0b111;

    // L = A.u_i, i across the lanes
    let rb_ = q0 * s(eb[0]) + q1 * s(eb[1]) + q2 * s(eb[2]);
    if t.abs().simd_gt(eav + rb_).to_bitmask() & XYZ != 0 {
        return false;
    }
    // L = B.u_j, j across the lanes: the rows of R
    let zero = f32x4::ZERO;
    let [r0, r1, r2, _] = f32x4::transpose([c0, c1, c2, zero]);
    let [p0, p1, p2, _] = f32x4::transpose([q0, q1, q2, zero]);
    let [t0, t1, t2, _] = t.to_array();
    let tl = r0 * s(t0) + r1 * s(t1) + r2 * s(t2);
    let ra_ = p0 * s(ea[0]) + p1 * s(ea[1]) + p2 * s(ea[2]);
    if tl.abs().simd_gt(ra_ + ebv).to_bitmask() & XYZ != 0 {
        return false;
    }
    // L = A.u_i × B.u_j, i across the lanes, one j at a time; (i1, i2) = (i + 1, i + 2) mod 3:
    // |t_i2 R_i1j − t_i1 R_i2j| > (a_i1 Q_i2j + a_i2 Q_i1j) + (b_j1 Q_ij2 + b_j2 Q_ij1)
    let yzx = |v: f32x4| {
        let [x, y, z, w] = v.to_array();
        f32x4::new([y, z, x, w])
    };
    let zxy = |v: f32x4| {
        let [x, y, z, w] = v.to_array();
        f32x4::new([z, x, y, w])
    };
    let (ea1, ea2) = (yzx(eav), zxy(eav));
    let (t1, t2) = (yzx(t), zxy(t));
    let edge = |c: f32x4, q: f32x4, eb1: f32, qj2: f32x4, eb2: f32, qj1: f32x4| {
        let tl = t2 * yzx(c) - t1 * zxy(c);
        let ra = ea1 * zxy(q) + ea2 * yzx(q);
        let rb = qj2 * s(eb1) + qj1 * s(eb2);
        tl.abs().simd_gt(ra + rb)
    };
    let separated = edge(c0, q0, eb[1], q2, eb[2], q1)
        | edge(c1, q1, eb[2], q0, eb[0], q2)
        | edge(c2, q2, eb[0], q1, eb[1], q0);
    separated.to_bitmask() & XYZ == 0
}

/// The 15-axis test of two frames, one number at a time: the same numbers as the 4-lane version.
#[cfg(not(feature = "simd"))]
#[inline]
pub(crate) fn frames_intersect(a: &Obb3Frame, b: &Obb3Frame, epsilon: f32) -> bool {
    if spheres_apart(a, b) {
        return false;
    }
    frame_axes_intersect(a, b, epsilon)
}

/// The 15 comparisons one number at a time, in the order and with the roundings of the 4-lane
/// test and of the batch's lanes (no sphere test: the callers make it).
#[allow(clippy::needless_range_loop)]
#[cfg_attr(all(feature = "simd", not(test)), allow(dead_code))]
#[inline]
pub(crate) fn frame_axes_intersect(a: &Obb3Frame, b: &Obb3Frame, epsilon: f32) -> bool {
    let (ca, cb) = (&a.center, &b.center);
    let tw = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
    let (ma, mb) = (&a.rows, &b.rows);
    let (ea, eb) = (&a.half_extents, &b.half_extents);
    // r[i][j] = A.u_i · B.u_j, summed over k in order; t[i] = T · A.u_i
    let mut r = [[0.0f32; 3]; 3];
    let mut t = [0.0f32; 3];
    for i in 0..3 {
        for j in 0..3 {
            r[i][j] = ma[0][i] * mb[0][j] + ma[1][i] * mb[1][j] + ma[2][i] * mb[2][j];
        }
        t[i] = ma[0][i] * tw[0] + ma[1][i] * tw[1] + ma[2][i] * tw[2];
    }
    let q = r.map(|row| row.map(|x| x.abs() + epsilon));
    for i in 0..3 {
        let rb = q[i][0] * eb[0] + q[i][1] * eb[1] + q[i][2] * eb[2];
        if t[i].abs() > ea[i] + rb {
            return false;
        }
    }
    for j in 0..3 {
        let tl = r[0][j] * t[0] + r[1][j] * t[1] + r[2][j] * t[2];
        let ra = q[0][j] * ea[0] + q[1][j] * ea[1] + q[2][j] * ea[2];
        if tl.abs() > ra + eb[j] {
            return false;
        }
    }
    for j in 0..3 {
        let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
        for i in 0..3 {
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let tl = t[i2] * r[i1][j] - t[i1] * r[i2][j];
            let ra = ea[i1] * q[i2][j] + ea[i2] * q[i1][j];
            let rb = q[i][j2] * eb[j1] + q[i][j1] * eb[j2];
            if tl.abs() > ra + rb {
                return false;
            }
        }
    }
    true
}

/// `q` is of length 1 to within rounding (`||q|² − 1| ≤ 4ε`): [`normalize_rotation`] keeps a
/// finite `q` as it is, bit for bit.
#[inline]
pub fn is_unit_rotation(q: Quat) -> bool {
    (q.length_squared() - 1.0).abs() <= 4.0 * f32::EPSILON
}

/// Normalises a quaternion, rejecting NaN, infinity and zero length (every component 0).
///
/// The quaternion is first divided by its largest component: `|q|²` of a finite quaternion with a
/// component beyond about 1.8e19 overflows `f32`, and such a quaternion is still a rotation.
#[inline]
pub fn normalize_rotation(q: Quat) -> Result<Quat, ObbError> {
    if !q.is_finite() {
        return Err(ObbError::NonFiniteRotation);
    }
    let largest = q.x.abs().max(q.y.abs()).max(q.z.abs()).max(q.w.abs());
    if largest == 0.0 {
        return Err(ObbError::ZeroRotation);
    }
    // already unit to within rounding: kept as it is, so that normalising is idempotent and a
    // scene written and read back has the very same bits
    if is_unit_rotation(q) {
        return Ok(q);
    }
    // dividing by the largest component first keeps 1 ≤ |scaled| ≤ 2: a quaternion of length
    // 1e-30 or 1e30 (or with subnormal components) normalises without underflow or overflow
    let scaled = q / largest;
    Ok(scaled / scaled.length())
}

fn projected_radius(u: &[Vec3; 3], e: Vec3, axis: Vec3) -> f32 {
    e.x * u[0].dot(axis).abs() + e.y * u[1].dot(axis).abs() + e.z * u[2].dot(axis).abs()
}

/// The kind of the axis at `index` in the 3D test order.
pub const fn axis_kind(index: usize) -> AxisKind {
    match index {
        0..=2 => AxisKind::FaceA(index),
        3..=5 => AxisKind::FaceB(index - 3),
        _ => AxisKind::Edge((index - 6) / 3, (index - 6) % 3),
    }
}

/// Where the report keeps axis `k` while it computes: (group, lane), see [`report_with`].
const LANE_OF: [(usize, usize); AXIS_COUNT] = {
    let mut lanes = [(0, 0); AXIS_COUNT];
    let mut k = 0;
    while k < AXIS_COUNT {
        lanes[k] = match axis_kind(k) {
            AxisKind::FaceA(i) => (3, i),
            AxisKind::FaceB(j) => (4, j),
            AxisKind::Edge(i, j) => (i, j),
        };
        k += 1;
    }
    lanes
};

/// The full 15-axis report with the default [`SatParams`].
pub fn report(a: &Obb3, b: &Obb3) -> Report3 {
    report_with(a, b, &SatParams::default())
}

/// The full 15-axis report: every axis normalised, with its radii and signed distance (the gap,
/// distance and drawn intervals follow from them, see [`AxisTest`]);
/// then the verdict, first separating axis and, when the boxes intersect, the axis of least
/// penetration with the true depth.
///
/// Everything is computed relative to A's centre (`T = B.center − A.center`) so that boxes far from
/// the origin keep their precision; only the drawn intervals use absolute positions. An edge axis
/// whose cross product is shorter than `params.degenerate_threshold` is measured *before*
/// normalisation and flagged degenerate.
///
/// The axes are held in groups of four lanes, one coordinate per array, so that each operation
/// runs on four axes at a time (in 4-lane registers with the `simd` feature): group `i < 3` holds
/// the edge axes `A.u_i × B.u_j` with `j` across the lanes, group 3 A's face axes and group 4 B's
/// (the fourth lane of each is unused: the face groups need no square root or division, so they
/// are projected while the edge axes are still being normalised, which measured faster than
/// filling the spare lanes). Every number is the plain `Σ e_k |u_k·L|`, `T·L` of the
/// definition, summed in the same order as [`Obb3::projected_radius`], so it is the same to the
/// bit (pinned by the tests below).
pub fn report_with(a: &Obb3, b: &Obb3, params: &SatParams) -> Report3 {
    #[cfg(all(feature = "simd", target_arch = "x86_64"))]
    if let Some(v4) = lanes16::v4() {
        return lanes16::report(v4, a, b, params.degenerate_threshold);
    }
    let (a, b) = (Posed::of_box(a), Posed::of_box(b));
    let lanes = report_lanes::<true>(&a, &b, params.degenerate_threshold);
    report_of(|k| lanes.axis(k))
}

/// The report of the 15 axes' records.
#[inline(always)]
fn report_of(axis: impl Fn(usize) -> AxisTest<Vec3>) -> Report3 {
    // The verdicts are drawn from the lanes before the records are written straight into the
    // report that is returned (collected in an array first, the 15 records were copied once or
    // twice more).
    let verdicts = Report3::verdicts(&axis);
    report_from(axis, verdicts)
}

/// The report of the 15 axes' records and its verdicts: the first separating axis, or the
/// penetration.
#[inline(always)]
fn report_from(
    axis: impl Fn(usize) -> AxisTest<Vec3>,
    (first_separating, penetration): (Option<usize>, Option<Penetration<Vec3>>),
) -> Report3 {
    SatReport {
        #[rustfmt::skip]
        axes: [
            axis(0), axis(1), axis(2), axis(3), axis(4), axis(5), axis(6), axis(7), axis(8),
            axis(9), axis(10), axis(11), axis(12), axis(13), axis(14),
        ],
        intersect: first_separating.is_none(),
        first_separating,
        penetration,
    }
}

/// The report's numbers while it computes, in five groups of four axes (see [`LANE_OF`]): the
/// unit axis, both radii, `T·L` and `A.center·L`, and which edge axes are degenerate.
struct ReportLanes {
    x: [[f32; 4]; 5],
    y: [[f32; 4]; 5],
    z: [[f32; 4]; 5],
    ra: [[f32; 4]; 5],
    rb: [[f32; 4]; 5],
    sd: [[f32; 4]; 5],
    ca: [[f32; 4]; 5],
    /// Bit `j` of group `g`: lane `j` is degenerate.
    degenerate: [u8; 5],
}

impl ReportLanes {
    /// The groups in test order, with where their bits start in a mask of the 15 axes.
    const GROUP_BITS: [(usize, u32); 5] = [(3, 0), (4, 3), (0, 6), (1, 9), (2, 12)];

    /// Bit `k` set in the first mask when axis `k` separates ([`AxisTest::is_separating`]), in the
    /// second when its gap is within its [`SatReport::touching_band`] (`gap <= band`, so a NaN is
    /// not): the same numbers and sums as the records', all five groups at once.
    #[cfg(feature = "simd")]
    #[inline(always)]
    fn separation(&self) -> (u16, u16) {
        use wide::f32x4;
        let s = f32x4::splat;
        let centres = s(super::TOUCHING_CENTER_ULPS * self.centre_distances());
        let (mut separating, mut within_band) = (0u16, 0u16);
        for (g, shift) in Self::GROUP_BITS {
            let (ra, rb) = (f32x4::new(self.ra[g]), f32x4::new(self.rb[g]));
            let distance = f32x4::new(self.sd[g]).abs();
            let gap = distance - (ra + rb);
            // touching_band's sum, lane by lane
            let band =
                s(f32::EPSILON) * (s(super::TOUCHING_AXIS_ULPS) * (ra + rb + distance) + centres);
            let apart =
                gap.simd_gt(f32x4::ZERO).to_bitmask() as u16 & !u16::from(self.degenerate[g]);
            separating |= (apart & 0b111) << shift;
            within_band |= (gap.simd_le(band).to_bitmask() as u16 & 0b111) << shift;
        }
        (separating, within_band)
    }

    /// [`ReportLanes::separation`] one axis at a time.
    #[cfg(not(feature = "simd"))]
    #[inline(always)]
    fn separation(&self) -> (u16, u16) {
        let centres = self.centre_distances();
        let (mut separating, mut within_band) = (0u16, 0u16);
        for (g, shift) in Self::GROUP_BITS {
            for j in 0..3 {
                let (ra, rb, distance) = (self.ra[g][j], self.rb[g][j], self.sd[g][j].abs());
                let gap = distance - (ra + rb);
                let apart = self.degenerate[g] & (1 << j) == 0 && gap > 0.0;
                separating |= u16::from(apart) << (shift + j as u32);
                let within = gap <= super::touching_band(ra, rb, distance, centres);
                within_band |= u16::from(within) << (shift + j as u32);
            }
        }
        (separating, within_band)
    }

    /// For each pattern of degenerate lanes, the lanes that may be the axis of least penetration
    /// (all bits set) and those that may not (0): the degenerate ones and the spare lane.
    #[cfg(feature = "simd")]
    const KEPT: [[f32; 4]; 8] = {
        let mut kept = [[0.0; 4]; 8];
        let mut pattern = 0;
        while pattern < 8 {
            let mut j = 0;
            while j < 3 {
                if pattern & (1 << j) == 0 {
                    kept[pattern][j] = f32::from_bits(u32::MAX);
                }
                j += 1;
            }
            pattern += 1;
        }
        kept
    };

    /// When no axis separates: the axis of least penetration by [`SatReport::verdicts`]' rule
    /// (the smallest overlap `−gap` of a non-degenerate axis, ties to the lowest index), all five
    /// groups at once. `None` when a gap is NaN, whose order that rule alone defines.
    #[cfg(feature = "simd")]
    #[inline(always)]
    fn least_penetration(&self) -> Option<usize> {
        use wide::f32x4;
        let lowest = f32x4::splat(f32::NEG_INFINITY);
        let mut gaps = [lowest; 5];
        let mut largest = lowest;
        for (g, gap) in gaps.iter_mut().enumerate() {
            let distance = f32x4::new(self.sd[g]).abs();
            let g_gap = distance - (f32x4::new(self.ra[g]) + f32x4::new(self.rb[g]));
            if g_gap.is_nan().any() {
                return None;
            }
            // the spare lane and degenerate axes are never the answer
            let kept = f32x4::new(Self::KEPT[usize::from(self.degenerate[g] & 0b111)]);
            *gap = kept.bitselect(g_gap, lowest);
            largest = largest.fast_max(*gap);
        }
        let [l0, l1, l2, l3] = largest.to_array();
        let largest = f32x4::splat(l0.max(l1).max(l2).max(l3));
        let mut equal = 0u16;
        for (g, shift) in Self::GROUP_BITS {
            equal |= (gaps[g].simd_eq(largest).to_bitmask() as u16 & 0b111) << shift;
        }
        Some(equal.trailing_zeros() as usize)
    }

    /// `|A.center| + |B.center|` as the report reads it (`centre_distances`): each centre from
    /// its shadows on its own face axes.
    #[inline(always)]
    fn centre_distances(&self) -> f32 {
        let centre = |c: f32, r: f32| Interval::around(c, r).center();
        let (mut a2, mut b2) = (0.0f32, 0.0f32);
        for j in 0..3 {
            let ca = centre(self.ca[3][j], self.ra[3][j]);
            let cb = centre(self.ca[4][j] + self.sd[4][j], self.rb[4][j]);
            (a2, b2) = (a2 + ca * ca, b2 + cb * cb);
        }
        a2.sqrt() + b2.sqrt()
    }

    /// Axis `k`'s record.
    #[inline(always)]
    fn axis(&self, k: usize) -> AxisTest<Vec3> {
        let (g, j) = LANE_OF[k];
        let l = Vec3::new(self.x[g][j], self.y[g][j], self.z[g][j]);
        let (r, s, d, c) = (self.ra[g][j], self.rb[g][j], self.sd[g][j], self.ca[g][j]);
        let degenerate = self.degenerate[g] & (1 << j) != 0;
        AxisTest::new(k, axis_kind(k), l, degenerate, r, s, d, c)
    }
}

/// The report's conclusions with the default [`SatParams`] (see [`verdicts_with`]).
pub fn verdicts(a: &Obb3, b: &Obb3) -> Verdicts3 {
    verdicts_with(a, b, &SatParams::default())
}

/// What [`report_with`] concludes (the verdict, every separating axis, touching, the axis of least
/// penetration and its depth), from the same numbers, to the bit:
/// `report_with(a, b, params).to_verdicts()` without writing the 15 records.
pub fn verdicts_with(a: &Obb3, b: &Obb3, params: &SatParams) -> Verdicts3 {
    lane_verdicts(a, b, params.degenerate_threshold)
}

/// [`verdicts_with`] of two boxes or frames as the lanes read them.
#[inline(always)]
fn lane_verdicts<P: Pose>(a: &P, b: &P, threshold: f32) -> Verdicts3 {
    #[cfg(all(feature = "simd", target_arch = "x86_64"))]
    if let Some(v4) = lanes16::v4() {
        return lanes16::verdicts(v4, a, b, threshold);
    }
    lane_verdicts_4(&a.posed(), &b.posed(), threshold)
}

/// [`lane_verdicts`] from the 4-lane groups.
#[inline(always)]
fn lane_verdicts_4(a: &Posed, b: &Posed, threshold: f32) -> Verdicts3 {
    // (A's centre on the edge axes places only the drawn intervals: not needed here)
    let lanes = report_lanes::<false>(a, b, threshold);
    let (separating, within_band) = lanes.separation();
    if separating != 0 {
        // the report's rule (SatVerdicts::from_axes): every separating axis within its band
        let touching = separating & !within_band == 0;
        debug_assert_eq!(
            SatVerdicts::from_axes::<AXIS_COUNT>(separating, |k| lanes.axis(k)).touching,
            touching
        );
        return SatVerdicts::separated(separating, touching);
    }
    #[cfg(feature = "simd")]
    if let Some(k) = lanes.least_penetration() {
        let verdicts = SatVerdicts::intersecting(&lanes.axis(k), lanes.centre_distances());
        debug_assert_eq!(
            SatVerdicts::from_axes::<AXIS_COUNT>(0, |k| lanes.axis(k)),
            verdicts
        );
        return verdicts;
    }
    SatVerdicts::from_axes::<AXIS_COUNT>(separating, |k| lanes.axis(k))
}

/// What the report's numbers read of one box: its axes, the same across the lanes (`rows[c]` is
/// coordinate `c` of `u0, u1, u2`, then 0), its centre and its half extents.
struct Posed {
    u: [Vec3; 3],
    // (one axis at a time, without the `simd` feature, the numbers read only `u`)
    #[cfg_attr(not(feature = "simd"), allow(dead_code))]
    rows: [[f32; 4]; 3],
    center: Vec3,
    half_extents: Vec3,
}

impl Posed {
    /// A box's axes from its quaternion.
    #[inline(always)]
    fn of_box(b: &Obb3) -> Self {
        let u = b.axes();
        Self {
            u,
            rows: [
                [u[0].x, u[1].x, u[2].x, 0.0],
                [u[0].y, u[1].y, u[2].y, 0.0],
                [u[0].z, u[1].z, u[2].z, 0.0],
            ],
            center: b.center,
            half_extents: b.half_extents,
        }
    }

    /// A frame's axes as it holds them: the same numbers as [`Posed::of_box`] of its box.
    #[inline(always)]
    fn of_frame(f: &Obb3Frame) -> Self {
        let (r, c, e) = (&f.rows, &f.center, &f.half_extents);
        Self {
            u: [
                Vec3::new(r[0][0], r[1][0], r[2][0]),
                Vec3::new(r[0][1], r[1][1], r[2][1]),
                Vec3::new(r[0][2], r[1][2], r[2][2]),
            ],
            rows: f.rows,
            center: Vec3::new(c[0], c[1], c[2]),
            half_extents: Vec3::new(e[0], e[1], e[2]),
        }
    }
}

/// What the report's numbers read a box's pose from: a box (its axes made from its quaternion) or
/// a frame (its axes held). The AVX-512 path asks for the pose in the function that computes the
/// lanes, so that the axes go from the quaternion to the lanes in registers.
trait Pose {
    /// The pose as the numbers read it.
    fn posed(&self) -> Posed;
}

impl Pose for Obb3 {
    #[inline(always)]
    fn posed(&self) -> Posed {
        Posed::of_box(self)
    }
}

impl Pose for Obb3Frame {
    #[inline(always)]
    fn posed(&self) -> Posed {
        Posed::of_frame(self)
    }
}

/// [`report_with`]'s numbers in 4-lane registers: the edge axes `A.u_i × B.u_j` from `A.u_i`
/// broadcast and B's axes across the lanes (as [`Vec3::cross`]), normalised unless shorter than
/// the threshold (then zero: `x / ∞`), and each group projected with the sums of
/// [`Obb3::projected_radius`] in its order. `A.center·L` is left 0 on the edge axes unless
/// `EDGE_CENTRES`.
#[cfg(feature = "simd")]
#[inline(always)]
fn report_lanes<const EDGE_CENTRES: bool>(a: &Posed, b: &Posed, threshold: f32) -> ReportLanes {
    use wide::f32x4;
    let s = f32x4::splat;
    let (ua, ub) = (a.u, b.u);
    let (bx, by, bz) = (
        f32x4::new(b.rows[0]),
        f32x4::new(b.rows[1]),
        f32x4::new(b.rows[2]),
    );
    let zero = f32x4::ZERO;
    let mut x = [zero, zero, zero, f32x4::new(a.rows[0]), bx];
    let mut y = [zero, zero, zero, f32x4::new(a.rows[1]), by];
    let mut z = [zero, zero, zero, f32x4::new(a.rows[2]), bz];
    let mut degenerate = [0u8; 5];
    for (i, u) in ua.iter().enumerate() {
        let cx = s(u.y) * bz - by * s(u.z);
        let cy = s(u.z) * bx - bz * s(u.x);
        let cz = s(u.x) * by - bx * s(u.y);
        let len = (cx * cx + cy * cy + cz * cz).sqrt();
        let short = len.simd_lt(s(threshold));
        let divisor = short.bitselect(s(f32::INFINITY), len);
        (x[i], y[i], z[i]) = (cx / divisor, cy / divisor, cz / divisor);
        degenerate[i] = short.to_bitmask() as u8;
    }
    let (t, origin) = (b.center - a.center, a.center);
    let (ea, eb) = (a.half_extents, b.half_extents);
    // (written out, not `array::map`, which some builds compile to a call per group)
    let arrays = |v: [f32x4; 5]| {
        [
            v[0].to_array(),
            v[1].to_array(),
            v[2].to_array(),
            v[3].to_array(),
            v[4].to_array(),
        ]
    };
    let mut lanes = ReportLanes {
        x: arrays(x),
        y: arrays(y),
        z: arrays(z),
        ra: [[0.0; 4]; 5],
        rb: [[0.0; 4]; 5],
        sd: [[0.0; 4]; 5],
        ca: [[0.0; 4]; 5],
        degenerate,
    };
    for g in 0..5 {
        let dot = |v: Vec3| s(v.x) * x[g] + s(v.y) * y[g] + s(v.z) * z[g];
        let radius = |u: &[Vec3; 3], e: Vec3| {
            s(e.x) * dot(u[0]).abs() + s(e.y) * dot(u[1]).abs() + s(e.z) * dot(u[2]).abs()
        };
        lanes.ra[g] = radius(&ua, ea).to_array();
        lanes.rb[g] = radius(&ub, eb).to_array();
        lanes.sd[g] = dot(t).to_array();
        if EDGE_CENTRES || g >= 3 {
            lanes.ca[g] = dot(origin).to_array();
        }
    }
    lanes
}

/// [`report_with`]'s numbers one at a time, from their definitions: the same operations in the
/// same order as the 4-lane version, so the same numbers to the bit.
#[cfg(any(test, not(feature = "simd")))]
fn report_lanes_plain(a: &Posed, b: &Posed, threshold: f32) -> ReportLanes {
    let (ua, ub) = (a.u, b.u);
    let mut l = ReportLanes {
        x: [[0.0; 4]; 5],
        y: [[0.0; 4]; 5],
        z: [[0.0; 4]; 5],
        ra: [[0.0; 4]; 5],
        rb: [[0.0; 4]; 5],
        sd: [[0.0; 4]; 5],
        ca: [[0.0; 4]; 5],
        degenerate: [0; 5],
    };
    for k in 0..3 {
        (l.x[3][k], l.y[3][k], l.z[3][k]) = (ua[k].x, ua[k].y, ua[k].z);
        (l.x[4][k], l.y[4][k], l.z[4][k]) = (ub[k].x, ub[k].y, ub[k].z);
    }
    for (i, u) in ua.iter().enumerate() {
        for (j, v) in ub.iter().enumerate() {
            let c = u.cross(*v);
            let len = c.length();
            let degenerate = len < threshold;
            l.degenerate[i] |= u8::from(degenerate) << j;
            let c = c / if degenerate { f32::INFINITY } else { len };
            (l.x[i][j], l.y[i][j], l.z[i][j]) = (c.x, c.y, c.z);
        }
    }
    let (t, origin) = (b.center - a.center, a.center);
    for g in 0..5 {
        for k in 0..4 {
            let axis = Vec3::new(l.x[g][k], l.y[g][k], l.z[g][k]);
            l.ra[g][k] = projected_radius(&ua, a.half_extents, axis);
            l.rb[g][k] = projected_radius(&ub, b.half_extents, axis);
            l.sd[g][k] = t.dot(axis);
            l.ca[g][k] = origin.dot(axis);
        }
    }
    l
}

/// [`report_with`]'s numbers without the `simd` feature.
#[cfg(not(feature = "simd"))]
#[inline(always)]
fn report_lanes<const EDGE_CENTRES: bool>(a: &Posed, b: &Posed, threshold: f32) -> ReportLanes {
    report_lanes_plain(a, b, threshold)
}

/// The report's numbers with AVX-512: all 15 axes in one 16-lane register, lane `k` axis `k`
/// (lane 15 spare), each lane doing the same operations in the same order as the 4-lane groups
/// ([`report_lanes`]) and the definitions ([`report_lanes_plain`]), so the numbers are the same to
/// the bit; a quarter of the vector operations. Chosen at run time when the CPU has AVX-512
/// (pulp's `x86-v4`).
#[cfg(all(feature = "simd", target_arch = "x86_64"))]
mod lanes16 {
    use core::arch::x86_64::{__m512, __m512i};

    use glam::Vec3;
    use pulp::x86::V4;
    use pulp::{cast, f32x16};

    use super::{
        axis_kind, AxisTest, Interval, Penetration, Pose, Posed, Report3, SatReport, SatVerdicts,
        AXIS_COUNT,
    };

    /// AVX-512, detected once.
    pub(super) fn v4() -> Option<V4> {
        static V4_TOKEN: std::sync::OnceLock<Option<V4>> = std::sync::OnceLock::new();
        *V4_TOKEN.get_or_init(V4::try_new)
    }

    /// The 15 axes' lanes.
    const AXES: u16 = (1 << AXIS_COUNT) - 1;
    /// The edge axes' lanes, 6 to 14.
    const EDGES: u16 = AXES & !0b11_1111;
    /// For each lane, which of `[A.u0, A.u1, A.u2, B.u0, B.u1, B.u2]` it reads as its own axis
    /// (face lanes) or as the edge of A it crosses (edge lanes: `A.u_i` for `6 + 3i + j`)...
    const PICK_A: [i32; 16] = [0, 1, 2, 3, 4, 5, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0];
    /// ...and as the edge of B it crosses (`B.u_j`).
    const PICK_B: [i32; 16] = [0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 3, 4, 5, 3];

    /// The report's numbers of the 15 axes, lane `k` axis `k`, and what the verdicts read of them.
    pub(super) struct Lanes16 {
        x: [f32; 16],
        y: [f32; 16],
        z: [f32; 16],
        ra: [f32; 16],
        rb: [f32; 16],
        sd: [f32; 16],
        ca: [f32; 16],
        /// Bit `k`: axis `k` is degenerate.
        degenerate: u16,
        /// Bit `k`: axis `k` separates ([`AxisTest::is_separating`]).
        pub separating: u16,
        /// Bit `k`: axis `k`'s gap is within its touching band.
        pub within_band: u16,
        /// `|A.center| + |B.center|` as the report reads it.
        pub centres: f32,
        /// The axis of least penetration by the report's rule, when no gap is NaN.
        pub least: Option<usize>,
    }

    impl Lanes16 {
        /// Axis `k`'s record.
        #[inline(always)]
        pub fn axis(&self, k: usize) -> AxisTest<Vec3> {
            let l = Vec3::new(self.x[k], self.y[k], self.z[k]);
            let degenerate = self.degenerate & (1 << k) != 0;
            AxisTest::new(
                k,
                axis_kind(k),
                l,
                degenerate,
                self.ra[k],
                self.rb[k],
                self.sd[k],
                self.ca[k],
            )
        }

        /// The conclusions, as [`super::lane_verdicts`] draws them from the 4-lane groups.
        #[inline(always)]
        pub fn verdicts(&self) -> SatVerdicts<Vec3> {
            if self.separating != 0 {
                let touching = self.separating & !self.within_band == 0;
                return SatVerdicts::separated(self.separating, touching);
            }
            match self.least {
                Some(k) => SatVerdicts::intersecting(&self.axis(k), self.centres),
                None => SatVerdicts::from_axes::<AXIS_COUNT>(0, |k| self.axis(k)),
            }
        }
    }

    /// The two boxes (or frames) and the threshold, for a function that enables AVX-512.
    struct Kernel<'a, P> {
        v4: V4,
        a: &'a P,
        b: &'a P,
        threshold: f32,
    }

    impl<P: Pose> Kernel<'_, P> {
        /// The 15 axes' numbers, the poses made here (in registers, with AVX-512 enabled).
        #[inline(always)]
        fn lanes(&self) -> Lanes16 {
            let (a, b) = (self.a.posed(), self.b.posed());
            numbers(self.v4, &a, &b, self.threshold)
        }
    }

    #[cfg(test)]
    impl<P: Pose> pulp::NullaryFnOnce for Kernel<'_, P> {
        type Output = Lanes16;

        #[inline(always)]
        fn call(self) -> Lanes16 {
            self.lanes()
        }
    }

    /// The 15 axes' numbers of `a` and `b` with AVX-512 (the tests read them lane by lane).
    #[cfg(test)]
    pub(super) fn report_lanes<P: Pose>(v4: V4, a: &P, b: &P, threshold: f32) -> Lanes16 {
        v4.vectorize(Kernel {
            v4,
            a,
            b,
            threshold,
        })
    }

    struct VerdictsKernel<'a, P>(Kernel<'a, P>);

    impl<P: Pose> pulp::NullaryFnOnce for VerdictsKernel<'_, P> {
        type Output = SatVerdicts<Vec3>;

        #[inline(always)]
        fn call(self) -> SatVerdicts<Vec3> {
            // drawn in the function that computed the lanes: they are never copied out
            self.0.lanes().verdicts()
        }
    }

    /// The conclusions of `a` and `b` with AVX-512 ([`Lanes16::verdicts`] of their lanes).
    pub(super) fn verdicts<P: Pose>(v4: V4, a: &P, b: &P, threshold: f32) -> SatVerdicts<Vec3> {
        v4.vectorize(VerdictsKernel(Kernel {
            v4,
            a,
            b,
            threshold,
        }))
    }

    struct ReportKernel<'a, P>(Kernel<'a, P>);

    impl<P: Pose> pulp::NullaryFnOnce for ReportKernel<'_, P> {
        type Output = Report3;

        #[inline(always)]
        fn call(self) -> Report3 {
            let lanes = self.0.lanes();
            let axes = records(self.0.v4, &lanes);
            // the verdicts from the masks the lanes already hold (the same rule, tested to the
            // bit against the records' own)
            let (first_separating, penetration) = match (lanes.separating, lanes.least) {
                (0, Some(k)) => (None, Some(Penetration::along(&axes[k]))),
                (0, None) => Report3::verdicts(|k| axes[k]),
                (separating, _) => (Some(separating.trailing_zeros() as usize), None),
            };
            // built here, in the function returning it: nothing is copied on the way out
            SatReport {
                axes,
                intersect: first_separating.is_none(),
                first_separating,
                penetration,
            }
        }
    }

    /// The whole report of `a` and `b` with AVX-512: their lanes, the 15 records written from
    /// them at once, and the verdicts.
    pub(super) fn report<P: Pose>(v4: V4, a: &P, b: &P, threshold: f32) -> Report3 {
        v4.vectorize(ReportKernel(Kernel {
            v4,
            a,
            b,
            threshold,
        }))
    }

    /// Lane `k`: the last word of axis `k`'s record when it is not degenerate
    /// ([`AxisTest::index_word`]).
    const INDEX_WORDS: [u32; 16] = {
        let mut words = [0; 16];
        let mut k = 0;
        while k < AXIS_COUNT {
            words[k] = AxisTest::index_word(k);
            k += 1;
        }
        words
    };

    /// The 15 records, as [`Lanes16::axis`] makes them one by one, from the eight vectors whose
    /// lane `k` holds record `k`'s eight words ([`AxisTest::from_words`]), by a transpose: in
    /// each 128-bit quarter the 4 × 4 blocks are turned by unpacking and shuffling (quarter `q`
    /// of vector `m` then holds words 0–3 of record `4q + m`, of vector `4 + m` its words 4–7),
    /// and the halves of each record are put side by side.
    #[inline(always)]
    fn records(v4: V4, l: &Lanes16) -> [AxisTest<Vec3>; AXIS_COUNT] {
        let f = v4.avx512f;
        let degenerate = INDEX_WORDS.map(|w| w | 1 << 16);
        let last = v4.select_u32x16(pulp::b16(l.degenerate), cast(degenerate), cast(INDEX_WORDS));
        let w: [__m512; 8] = [
            cast(l.x),
            cast(l.y),
            cast(l.z),
            cast(l.ra),
            cast(l.rb),
            cast(l.sd),
            cast(l.ca),
            cast(last),
        ];
        let mut q = w;
        for h in [0, 4] {
            let t0 = f._mm512_unpacklo_ps(w[h], w[h + 1]);
            let t1 = f._mm512_unpackhi_ps(w[h], w[h + 1]);
            let t2 = f._mm512_unpacklo_ps(w[h + 2], w[h + 3]);
            let t3 = f._mm512_unpackhi_ps(w[h + 2], w[h + 3]);
            q[h] = f._mm512_shuffle_ps::<0x44>(t0, t2);
            q[h + 1] = f._mm512_shuffle_ps::<0xEE>(t0, t2);
            q[h + 2] = f._mm512_shuffle_ps::<0x44>(t1, t3);
            q[h + 3] = f._mm512_shuffle_ps::<0xEE>(t1, t3);
        }
        let mut words = [[0u32; 8]; AXIS_COUNT];
        for m in 0..4 {
            // quarters 0, 1 (then 2, 3) of both vectors, reordered as records m, 4 + m
            // (then 8 + m, 12 + m), each record's words 0–3 then 4–7
            let low = f._mm512_shuffle_f32x4::<0x44>(q[m], q[4 + m]);
            let high = f._mm512_shuffle_f32x4::<0xEE>(q[m], q[4 + m]);
            let [r0, r1]: [[u32; 8]; 2] = cast(f._mm512_shuffle_f32x4::<0xD8>(low, low));
            let [r2, r3]: [[u32; 8]; 2] = cast(f._mm512_shuffle_f32x4::<0xD8>(high, high));
            (words[m], words[4 + m], words[8 + m]) = (r0, r1, r2);
            if m < 3 {
                words[12 + m] = r3;
            }
        }
        // SAFETY: the last words are INDEX_WORDS with bit 16 or nothing added
        unsafe { AxisTest::from_words(words) }
    }

    // Direct calls and `#[inline(always)]` functions only, no closures: the vector instructions
    // must be inlined into the function that enables AVX-512.

    /// Lanes picked from `v` by `index`.
    #[inline(always)]
    fn pick(v4: V4, index: &[i32; 16], v: f32x16) -> f32x16 {
        let index: __m512i = cast(*index);
        let v: __m512 = cast(v);
        cast(v4.avx512f._mm512_permutexvar_ps(index, v))
    }

    /// `(v.x·x + v.y·y) + v.z·z`, lane by lane.
    #[inline(always)]
    fn dot(v4: V4, v: Vec3, x: f32x16, y: f32x16, z: f32x16) -> f32x16 {
        let xx = v4.mul_f32x16(v4.splat_f32x16(v.x), x);
        let yy = v4.mul_f32x16(v4.splat_f32x16(v.y), y);
        let zz = v4.mul_f32x16(v4.splat_f32x16(v.z), z);
        v4.add_f32x16(v4.add_f32x16(xx, yy), zz)
    }

    /// `(e.x·|u0·L| + e.y·|u1·L|) + e.z·|u2·L|`, lane by lane.
    #[inline(always)]
    fn radius(v4: V4, u: &[Vec3; 3], e: Vec3, x: f32x16, y: f32x16, z: f32x16) -> f32x16 {
        let r0 = v4.abs_f32x16(dot(v4, u[0], x, y, z));
        let r1 = v4.abs_f32x16(dot(v4, u[1], x, y, z));
        let r2 = v4.abs_f32x16(dot(v4, u[2], x, y, z));
        let first = v4.add_f32x16(
            v4.mul_f32x16(v4.splat_f32x16(e.x), r0),
            v4.mul_f32x16(v4.splat_f32x16(e.y), r1),
        );
        v4.add_f32x16(first, v4.mul_f32x16(v4.splat_f32x16(e.z), r2))
    }

    /// `p·q − r·s`, lane by lane.
    #[inline(always)]
    fn cross_term(v4: V4, p: f32x16, q: f32x16, r: f32x16, s: f32x16) -> f32x16 {
        v4.sub_f32x16(v4.mul_f32x16(p, q), v4.mul_f32x16(r, s))
    }

    /// Coordinate `c` of `[A.u0, A.u1, A.u2, B.u0, B.u1, B.u2]`.
    #[inline(always)]
    fn source(a: &Posed, b: &Posed, c: usize) -> f32x16 {
        let mut v = [0.0f32; 16];
        v[..3].copy_from_slice(&a.rows[c][..3]);
        v[3..6].copy_from_slice(&b.rows[c][..3]);
        cast(v)
    }

    #[inline(always)]
    fn numbers(v4: V4, a: &Posed, b: &Posed, threshold: f32) -> Lanes16 {
        let (sx, sy, sz) = (source(a, b, 0), source(a, b, 1), source(a, b, 2));
        let (ax, ay, az) = (
            pick(v4, &PICK_A, sx),
            pick(v4, &PICK_A, sy),
            pick(v4, &PICK_A, sz),
        );
        let (bx, by, bz) = (
            pick(v4, &PICK_B, sx),
            pick(v4, &PICK_B, sy),
            pick(v4, &PICK_B, sz),
        );
        // the edge axes A.u_i × B.u_j as Vec3::cross, normalised unless shorter than the
        // threshold (then zero: x / ∞)
        let cx = cross_term(v4, ay, bz, by, az);
        let cy = cross_term(v4, az, bx, bz, ax);
        let cz = cross_term(v4, ax, by, bx, ay);
        let squares = v4.add_f32x16(
            v4.add_f32x16(v4.mul_f32x16(cx, cx), v4.mul_f32x16(cy, cy)),
            v4.mul_f32x16(cz, cz),
        );
        let len = v4.sqrt_f32x16(squares);
        let short = v4.cmp_lt_f32x16(len, v4.splat_f32x16(threshold)).0;
        let divisor = v4.select_f32x16(pulp::b16(short), v4.splat_f32x16(f32::INFINITY), len);
        let (edge, axes, zero) = (pulp::b16(EDGES), pulp::b16(AXES), v4.splat_f32x16(0.0));
        let x = v4.select_f32x16(edge, v4.div_f32x16(cx, divisor), ax);
        let y = v4.select_f32x16(edge, v4.div_f32x16(cy, divisor), ay);
        let z = v4.select_f32x16(edge, v4.div_f32x16(cz, divisor), az);
        let (x, y, z) = (
            v4.select_f32x16(axes, x, zero),
            v4.select_f32x16(axes, y, zero),
            v4.select_f32x16(axes, z, zero),
        );
        let ra = radius(v4, &a.u, a.half_extents, x, y, z);
        let rb = radius(v4, &b.u, b.half_extents, x, y, z);
        let sd = dot(v4, b.center - a.center, x, y, z);
        let ca = dot(v4, a.center, x, y, z);
        let mut out = Lanes16 {
            x: cast(x),
            y: cast(y),
            z: cast(z),
            ra: cast(ra),
            rb: cast(rb),
            sd: cast(sd),
            ca: cast(ca),
            degenerate: short & EDGES,
            separating: 0,
            within_band: 0,
            centres: 0.0,
            least: None,
        };
        out.centres = centre_distances(&out);
        // the separating axes and the touching bands, as ReportLanes::separation
        let distance = v4.abs_f32x16(sd);
        let reach = v4.add_f32x16(ra, rb);
        let gap = v4.sub_f32x16(distance, reach);
        let centres = v4.splat_f32x16(super::super::TOUCHING_CENTER_ULPS * out.centres);
        let ulps = v4.splat_f32x16(super::super::TOUCHING_AXIS_ULPS);
        let band = v4.mul_f32x16(
            v4.splat_f32x16(f32::EPSILON),
            v4.add_f32x16(v4.mul_f32x16(ulps, v4.add_f32x16(reach, distance)), centres),
        );
        out.separating = v4.cmp_gt_f32x16(gap, zero).0 & AXES & !out.degenerate;
        out.within_band = v4.cmp_le_f32x16(gap, band).0 & AXES;
        // the axis of least penetration: the largest gap of a kept axis, the lowest of equals
        if v4.is_nan_f32x16(gap).0 & AXES == 0 {
            let kept = pulp::b16(AXES & !out.degenerate);
            let gaps = v4.select_f32x16(kept, gap, v4.splat_f32x16(f32::NEG_INFINITY));
            let largest = pulp::Simd::reduce_max_f32s(v4, gaps);
            let equal = v4.cmp_eq_f32x16(gaps, v4.splat_f32x16(largest)).0 & AXES;
            out.least = Some(equal.trailing_zeros() as usize);
        }
        out
    }

    /// `|A.center| + |B.center|` as the report reads it: each centre from its shadows on its own
    /// face axes.
    #[inline(always)]
    fn centre_distances(l: &Lanes16) -> f32 {
        let (mut a2, mut b2) = (0.0f32, 0.0f32);
        for j in 0..3 {
            let ca = Interval::around(l.ca[j], l.ra[j]).center();
            let cb = Interval::around(l.ca[3 + j] + l.sd[3 + j], l.rb[3 + j]).center();
            (a2, b2) = (a2 + ca * ca, b2 + cb * cb);
        }
        a2.sqrt() + b2.sqrt()
    }
}

/// Early-out boolean test with the default [`PARALLEL_EPSILON`](super::PARALLEL_EPSILON).
#[inline]
pub fn intersects(a: &Obb3, b: &Obb3) -> bool {
    intersects_padded(a, b, super::PARALLEL_EPSILON)
}

/// The fast early-out boolean test, written for speed: the axes are never normalised, B is expressed
/// in A's frame through `R_ij = A.u_i · B.u_j` (the matrix of the relative rotation `A⁻¹B`, one
/// quaternion product), and `|R_ij|` is padded by `epsilon` so that nearly parallel edges cannot
/// separate (the OBB demo post and Ericson, *Real-Time Collision Detection*, §4.4.1, whose table of the 15
/// `(r_A, r_B, |T·L|)` rows the 15-axis table reproduces). A bounding-sphere test without square roots
/// rejects far pairs first (the OBB demo post).
///
/// Returns `true` when no axis separates. It agrees with [`report`] on every pair that is not within
/// a band of touching: a rounding band on face axes, and on an edge axis whose cross product has
/// length `ℓ` a band of `epsilon · (sum of the four extents involved) / ℓ`, because the padding is
/// added to unnormalised radii. For nearly parallel edges (`ℓ` near the degenerate threshold) that
/// band reaches about `1e-3` of the boxes' size: a separation thinner than that along such an axis
/// is called intersecting, the conservative side.
pub fn intersects_padded(a: &Obb3, b: &Obb3, epsilon: f32) -> bool {
    let ea = a.half_extents;
    let eb = b.half_extents;
    let tw = b.center - a.center;

    // Bounding spheres without a square root: (|e_A| + |e_B|)² ≤ 2(|e_A|² + |e_B|²), so
    // |T|² > 2(|e_A|² + |e_B|²) implies |T| > |e_A| + |e_B| ⇒ disjoint.
    if tw.length_squared() > 2.0 * (ea.length_squared() + eb.length_squared()) {
        return false;
    }

    // r[i][j] = A.u_i · B.u_j, the rotation of B in A's frame; t = T in A's frame. Both come from
    // the relative rotation A⁻¹B, one quaternion product instead of two matrices and their product.
    let t = a.rotation.conjugate() * tw;
    // Column j of the product is B.u_j in A's frame, so R_ij = cols[j][i].
    let cols = rotation_in_a(a.rotation, b.rotation);
    let rij = |i: usize, j: usize| cols[j][i];
    let abs = |i: usize, j: usize| rij(i, j).abs() + epsilon;
    let ea = ea.to_array();
    let eb = eb.to_array();
    let t = t.to_array();

    // L = A.u_i
    for i in 0..3 {
        let rb = eb[0] * abs(i, 0) + eb[1] * abs(i, 1) + eb[2] * abs(i, 2);
        if t[i].abs() > ea[i] + rb {
            return false;
        }
    }
    // L = B.u_j
    for (j, eb_j) in eb.iter().enumerate() {
        let ra = ea[0] * abs(0, j) + ea[1] * abs(1, j) + ea[2] * abs(2, j);
        let tl = t[0] * rij(0, j) + t[1] * rij(1, j) + t[2] * rij(2, j);
        if tl.abs() > ra + eb_j {
            return false;
        }
    }
    // L = A.u_i × B.u_j: with (i1, i2) and (j1, j2) the other two indices, cyclically,
    // r_A = e_i1 |R_i2j| + e_i2 |R_i1j|, r_B = f_j1 |R_ij2| + f_j2 |R_ij1|,
    // T·L = t_i2 R_i1j − t_i1 R_i2j.
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
            let ra = ea[i1] * abs(i2, j) + ea[i2] * abs(i1, j);
            let rb = eb[j1] * abs(i, j2) + eb[j2] * abs(i, j1);
            let tl = t[i2] * rij(i1, j) - t[i1] * rij(i2, j);
            if tl.abs() > ra + rb {
                return false;
            }
        }
    }
    true
}

/// The contact manifold with the default [`ManifoldParams`] (engine-like edge bias, no margin):
/// `None` when the boxes are separated, else the normal from A to B and 1 to 4 points midway
/// between the surfaces. See [`manifold`](super::manifold) for the construction.
#[inline]
pub fn manifold(a: &Obb3, b: &Obb3) -> Option<Manifold3> {
    manifold_with(a, b, &ManifoldParams::default())
}

/// The contact manifold: `None` when some axis separates the boxes by more than `params.margin`,
/// else the chosen axis (the axis of least penetration, unless an edge axis only ties with the
/// best face axis), the normal from A to B and 1 to 4 points, each with its separation and feature
/// id. Fixed-size storage, no allocation.
#[inline]
pub fn manifold_with(a: &Obb3, b: &Obb3, params: &ManifoldParams) -> Option<Manifold3> {
    build::manifold3(a, b, params, &mut NoTrace)
}

/// [`manifold_with`] with every stage recorded for the picture: the same code, so
/// `trace.manifold` is exactly what [`manifold_with`] returns.
pub fn manifold_trace(a: &Obb3, b: &Obb3, params: &ManifoldParams) -> ManifoldTrace3 {
    let mut rec = TraceRecorder::new(*params);
    let m = build::manifold3(a, b, params, &mut rec);
    rec.trace.manifold = m;
    rec.trace
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_numbers_are_the_plain_definitions_bit_for_bit() {
        let a = Obb3::new(
            Vec3::new(0.3, -1.2, 2.0),
            Vec3::new(1.0, 0.4, 0.7),
            Quat::from_xyzw(0.3, -0.2, 0.5, 0.8),
        )
        .unwrap();
        let b = Obb3::new(
            Vec3::new(1.1, -0.4, 2.6),
            Vec3::new(0.5, 1.3, 0.2),
            Quat::from_xyzw(-0.6, 0.1, 0.2, 0.7),
        )
        .unwrap();
        // the second pair shares A's rotation: three degenerate edge axes
        for b in [
            b,
            Obb3 {
                rotation: a.rotation,
                ..b
            },
        ] {
            let r = report(&a, &b);
            let (ua, ub) = (a.axes(), b.axes());
            let t = b.center - a.center;
            for test in &r.axes {
                let expected = match test.kind() {
                    AxisKind::FaceA(k) => ua[k],
                    AxisKind::FaceB(k) => ub[k],
                    AxisKind::Edge(i, j) => {
                        let c = ua[i].cross(ub[j]);
                        let len = c.length();
                        if len < crate::sat::DEGENERATE_THRESHOLD {
                            Vec3::ZERO
                        } else {
                            c / len
                        }
                    }
                };
                assert_eq!(test.axis(), expected, "axis {}", test.index());
                assert_eq!(test.degenerate(), expected == Vec3::ZERO);
                assert_eq!(test.ra(), a.projected_radius(test.axis()));
                assert_eq!(test.rb(), b.projected_radius(test.axis()));
                assert_eq!(test.signed_distance(), t.dot(test.axis()));
                assert_eq!(test.gap(), test.distance() - (test.ra() + test.rb()));
                assert_eq!(test.kind(), axis_kind(test.index()));
            }
        }
    }

    #[test]
    fn rotations_in_4_lanes_are_glam_s_matrices_and_products_to_the_bit() {
        let mut unit = crate::sat::splitmix_units(0x9_1a4e);
        let mut range = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        let bits = |m: [[f32; 4]; 3]| m.map(|c| c.map(f32::to_bits));
        let special = [
            Quat::IDENTITY,
            Quat::from_xyzw(1.0, 0.0, 0.0, 0.0),
            Quat::from_xyzw(0.0, -1.0, 0.0, 0.0),
            Quat::from_xyzw(-0.0, 0.0, -0.0, -1.0),
            Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            Quat::from_xyzw(1e-20, -3e-39, 2e-30, 1.0),
            Quat::from_xyzw(3e18, -2e18, 1e18, 5e17),
        ];
        for k in 0..50_000 {
            let mut q = || {
                let v = [0; 4].map(|_| range(-1.0, 1.0));
                Quat::from_xyzw(v[0], v[1], v[2], v[3])
            };
            let (mut qa, mut qb) = (q(), q());
            if k % 2 == 0 {
                (qa, qb) = (qa.normalize(), qb.normalize());
            }
            if k < special.len() * special.len() {
                (qa, qb) = (special[k / special.len()], special[k % special.len()]);
            }
            let product = lanes::conjugate_times(qa, qb);
            assert_eq!(
                product.to_array().map(f32::to_bits),
                crate::sat::rotation::plain::conjugate_times(qa, qb)
                    .to_array()
                    .map(f32::to_bits),
                "{qa:?} {qb:?}"
            );
            assert_eq!(
                bits(lanes::matrix(qa)),
                bits(crate::sat::rotation::plain::matrix(qa)),
                "{qa:?}"
            );
            assert_eq!(
                bits(rotation_in_a(qa, qb)),
                bits(crate::sat::rotation::plain::matrix(
                    crate::sat::rotation::plain::conjugate_times(qa, qb)
                )),
                "{qa:?} {qb:?}"
            );
        }
    }

    #[test]
    fn the_4_lane_frame_test_and_the_one_number_at_a_time_test_agree_on_every_pair() {
        let mut unit = crate::sat::splitmix_units(0x5eed);
        let mut range = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        let mut agree = [0usize; 2];
        for k in 0..20_000 {
            let mut q = || {
                Quat::from_xyzw(
                    range(-1.0, 1.0),
                    range(-1.0, 1.0),
                    range(-1.0, 1.0),
                    range(-1.0, 1.0),
                )
            };
            let (qa, qb) = (q(), q());
            let qb = if k % 4 == 0 { qa } else { qb };
            let mut v = |lo, hi| Vec3::new(range(lo, hi), range(lo, hi), range(lo, hi));
            let a = Obb3::new(v(-2.0, 2.0), v(0.0, 2.0), qa).unwrap();
            let b = Obb3::new(v(-2.0, 2.0), v(0.0, 2.0), qb).unwrap();
            let (fa, fb) = (Obb3Frame::new(&a), Obb3Frame::new(&b));
            let one_at_a_time = !spheres_apart(&fa, &fb)
                && frame_axes_intersect(&fa, &fb, crate::sat::PARALLEL_EPSILON);
            assert_eq!(fa.intersects(&fb), one_at_a_time, "pair {k}: {a:?} {b:?}");
            agree[usize::from(one_at_a_time)] += 1;
        }
        assert!(agree[0] > 2000 && agree[1] > 2000, "{agree:?}");
    }

    #[test]
    fn the_report_numbers_in_4_lanes_and_one_axis_at_a_time_are_the_same_bits() {
        let mut unit = crate::sat::splitmix_units(0x1_a9e5);
        let mut range = |lo: f32, hi: f32| lo + (hi - lo) * unit();
        let mut degenerate_pairs = 0;
        for k in 0..20_000 {
            let mut q = || {
                let v = [0; 4].map(|_| range(-1.0, 1.0));
                Quat::from_xyzw(v[0], v[1], v[2], v[3])
            };
            let (qa, qb) = (q(), q());
            // every fourth pair aligned (three degenerate edge axes), every fourth nearly
            let nudge = Quat::from_rotation_z(range(-1e-4, 1e-4));
            let qb = [qa, qa * nudge, qb, qb][k % 4];
            // every third pair 20 000 units from the origin
            let far = Vec3::splat(if k % 3 == 0 { 20_000.0 } else { 0.0 });
            let mut v = |lo, hi| Vec3::new(range(lo, hi), range(lo, hi), range(lo, hi));
            let a = Obb3::new(far + v(-2.0, 2.0), v(0.01, 2.0), qa).unwrap();
            let b = Obb3::new(far + v(-2.0, 2.0), v(0.01, 2.0), qb).unwrap();
            let threshold = crate::sat::DEGENERATE_THRESHOLD;
            let (lanes, plain) = (
                report_lanes::<true>(&Posed::of_box(&a), &Posed::of_box(&b), threshold),
                report_lanes_plain(&Posed::of_box(&a), &Posed::of_box(&b), threshold),
            );
            let numbers = |l: &ReportLanes, g: usize, j: usize| {
                [l.x, l.y, l.z, l.ra, l.rb, l.sd, l.ca].map(|n| n[g][j].to_bits())
            };
            for (axis, &(g, j)) in LANE_OF.iter().enumerate() {
                let context = format!("pair {k}, axis {axis}: {a:?} {b:?}");
                assert_eq!(numbers(&lanes, g, j), numbers(&plain, g, j), "{context}");
                let bit = |l: &ReportLanes| l.degenerate[g] & (1 << j) != 0;
                assert_eq!(bit(&lanes), bit(&plain), "{context}");
            }
            // with AVX-512, the 15 axes in one register: the same records and conclusions
            #[cfg(all(feature = "simd", target_arch = "x86_64"))]
            if let Some(v4) = lanes16::v4() {
                let wide = lanes16::report_lanes(v4, &a, &b, threshold);
                let report = lanes16::report(v4, &a, &b, threshold);
                // the records written at once by the transpose are those made one by one
                let bits = |t: &AxisTest<Vec3>| {
                    let l = t.axis().to_array().map(f32::to_bits);
                    let n = [t.ra(), t.rb(), t.signed_distance(), t.interval_a().min];
                    (l, n.map(f32::to_bits), t.index(), t.kind(), t.degenerate())
                };
                for (axis, record) in report.axes.iter().enumerate() {
                    let context = format!("pair {k}, axis {axis}, 16 lanes: {a:?} {b:?}");
                    assert_eq!(wide.axis(axis), plain.axis(axis), "{context}");
                    assert_eq!(bits(record), bits(&plain.axis(axis)), "{context}");
                }
                let four = lane_verdicts_4(&Posed::of_box(&a), &Posed::of_box(&b), threshold);
                assert_eq!(wide.verdicts(), four, "pair {k}: {a:?} {b:?}");
                assert_eq!(report.to_verdicts(), four, "pair {k}: {a:?} {b:?}");
            }
            degenerate_pairs += usize::from(plain.degenerate.iter().any(|&d| d != 0));
        }
        assert!(degenerate_pairs >= 5_000, "{degenerate_pairs}");
    }

    #[test]
    fn axis_order_is_faces_of_a_then_b_then_edges_row_major() {
        assert_eq!(axis_kind(0), AxisKind::FaceA(0));
        assert_eq!(axis_kind(5), AxisKind::FaceB(2));
        assert_eq!(axis_kind(6), AxisKind::Edge(0, 0));
        assert_eq!(axis_kind(7), AxisKind::Edge(0, 1));
        assert_eq!(axis_kind(14), AxisKind::Edge(2, 2));
    }

    #[test]
    fn zero_quaternion_is_an_error_not_a_nan_box() {
        let e = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 0.0, 0.0, 0.0));
        assert_eq!(e, Err(ObbError::ZeroRotation));
        let e = Obb3::new(
            Vec3::ZERO,
            Vec3::ONE,
            Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0),
        );
        assert_eq!(e, Err(ObbError::NonFiniteRotation));
    }

    #[test]
    fn unnormalised_quaternion_is_normalised_on_input() {
        let b = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 0.0, 0.0, 2.0)).unwrap();
        assert_eq!(b.rotation, Quat::IDENTITY);
    }

    #[test]
    fn corners_of_a_unit_cube_are_all_sign_combinations() {
        let c = Obb3::default().corners();
        assert_eq!(c[0], Vec3::new(-1.0, -1.0, -1.0));
        assert_eq!(c[7], Vec3::ONE);
        assert_eq!(c[1], Vec3::new(1.0, -1.0, -1.0));
    }

    #[test]
    fn point_on_the_surface_is_contained() {
        let b = Obb3::default();
        assert!(b.contains_point(Vec3::new(1.0, 0.5, -1.0)));
        assert!(!b.contains_point(Vec3::new(1.001, 0.0, 0.0)));
    }
}
