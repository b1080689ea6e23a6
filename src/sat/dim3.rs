//! Oriented boxes in 3D and their 15 candidate axes.
//!
//! Test order (seeds 000, 002, 004): `0..3` are A's face normals `A.u0, A.u1, A.u2`; `3..6` are B's
//! `B.u0, B.u1, B.u2`; `6 + 3i + j` is the edge axis `A.u_i × B.u_j`.

use glam::{Mat3, Quat, Vec3};

use super::manifold::{self as build, Manifold3, ManifoldParams, ManifoldTrace3};
use super::manifold::{NoTrace, TraceRecorder};
use super::{
    validate_center_and_extents, AxisKind, AxisTest, Interval, ObbError, Report3, SatParams,
    SatReport,
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
    pub fn new(center: Vec3, half_extents: Vec3, rotation: Quat) -> Result<Self, ObbError> {
        let mut b = Self {
            center,
            half_extents,
            rotation,
        };
        b.rotation = normalize_rotation(rotation)?;
        b.validate()?;
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
    pub fn axes(&self) -> [Vec3; 3] {
        let m = Mat3::from_quat(self.rotation);
        [m.x_axis, m.y_axis, m.z_axis]
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

    /// Point containment: `|(p − c)·u_k| ≤ e_k` for every k (seed 002, `containsV`).
    pub fn contains_point(&self, p: Vec3) -> bool {
        let d = p - self.center;
        let e = self.half_extents.to_array();
        self.axes().iter().zip(e).all(|(u, e)| d.dot(*u).abs() <= e)
    }
}

/// Normalises a quaternion, rejecting NaN and (near-)zero length.
///
/// The quaternion is first divided by its largest component: `|q|²` of a finite quaternion with a
/// component beyond about 1.8e19 overflows `f32`, and such a quaternion is still a rotation.
pub fn normalize_rotation(q: Quat) -> Result<Quat, ObbError> {
    if !q.is_finite() {
        return Err(ObbError::NonFiniteRotation);
    }
    let largest = q.x.abs().max(q.y.abs()).max(q.z.abs()).max(q.w.abs());
    if largest == 0.0 {
        return Err(ObbError::ZeroRotation);
    }
    let scaled = q / largest;
    // 1 ≤ |scaled| ≤ 2, so this is |q| without the overflow
    let len = scaled.length();
    if largest * len <= 1e-6 {
        return Err(ObbError::ZeroRotation);
    }
    Ok(scaled / len)
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

/// [`axis_kind`] of every index, for the report's inner loop.
const KINDS: [AxisKind; AXIS_COUNT] = {
    let mut kinds = [AxisKind::FaceA(0); AXIS_COUNT];
    let mut index = 0;
    while index < AXIS_COUNT {
        kinds[index] = axis_kind(index);
        index += 1;
    }
    kinds
};

/// The full 15-axis report with the default [`SatParams`].
pub fn report(a: &Obb3, b: &Obb3) -> Report3 {
    report_with(a, b, &SatParams::default())
}

/// The full 15-axis report: every axis normalised, with its radii, distance, gap and intervals;
/// then the verdict, first separating axis and, when the boxes intersect, the axis of least
/// penetration with the true depth.
///
/// Everything is computed relative to A's centre (`T = B.center − A.center`) so that boxes far from
/// the origin keep their precision; only the drawn intervals use absolute positions. An edge axis
/// whose cross product is shorter than `params.degenerate_threshold` is measured *before*
/// normalisation and flagged degenerate.
///
/// The axes are held as three arrays of coordinates while they are projected, so the same
/// operation runs on four axes at a time; every number is the plain `Σ e_k |u_k·L|`, `T·L` of the
/// definition, summed in the same order as [`Obb3::projected_radius`].
pub fn report_with(a: &Obb3, b: &Obb3, params: &SatParams) -> Report3 {
    // 16 lanes: the 15 axes and one zero lane, a whole number of 4-wide vectors.
    const LANES: usize = 16;
    let ua = a.axes();
    let ub = b.axes();
    let t = b.center - a.center;
    let origin = a.center;

    // Candidate axes, one coordinate per array.
    let (mut lx, mut ly, mut lz) = ([0.0f32; LANES], [0.0f32; LANES], [0.0f32; LANES]);
    for (k, u) in ua.iter().chain(&ub).enumerate() {
        (lx[k], ly[k], lz[k]) = (u.x, u.y, u.z);
    }
    // Edge axes A.u_i × B.u_j, normalised unless shorter than the threshold (then zero).
    let mut degenerate = [false; LANES];
    {
        let (mut cx, mut cy, mut cz) = ([0.0f32; 12], [0.0f32; 12], [0.0f32; 12]);
        for i in 0..3 {
            for j in 0..3 {
                let c = ua[i].cross(ub[j]);
                (cx[3 * i + j], cy[3 * i + j], cz[3 * i + j]) = (c.x, c.y, c.z);
            }
        }
        let mut len = [0.0f32; 12];
        for e in 0..12 {
            len[e] = (cx[e] * cx[e] + cy[e] * cy[e] + cz[e] * cz[e]).sqrt();
        }
        for e in 0..12 {
            let divisor = if len[e] < params.degenerate_threshold {
                f32::INFINITY
            } else {
                len[e]
            };
            // x / ∞ = 0: a degenerate axis becomes the zero vector without a branch.
            cx[e] /= divisor;
            cy[e] /= divisor;
            cz[e] /= divisor;
        }
        for e in 0..9 {
            degenerate[6 + e] = len[e] < params.degenerate_threshold;
            (lx[6 + e], ly[6 + e], lz[6 + e]) = (cx[e], cy[e], cz[e]);
        }
    }

    // Projections, four axes at a time.
    let dot = |v: Vec3, k: usize| v.x * lx[k] + v.y * ly[k] + v.z * lz[k];
    let (ea, eb) = (a.half_extents, b.half_extents);
    let (mut ra, mut rb) = ([0.0f32; LANES], [0.0f32; LANES]);
    let (mut sd, mut ca) = ([0.0f32; LANES], [0.0f32; LANES]);
    for k in 0..LANES {
        ra[k] =
            ea.x * dot(ua[0], k).abs() + ea.y * dot(ua[1], k).abs() + ea.z * dot(ua[2], k).abs();
        rb[k] =
            eb.x * dot(ub[0], k).abs() + eb.y * dot(ub[1], k).abs() + eb.z * dot(ub[2], k).abs();
        sd[k] = dot(t, k);
        ca[k] = dot(origin, k);
    }
    // Distances, gaps and the drawn intervals, still four axes at a time.
    let (mut distance, mut gap) = ([0.0f32; LANES], [0.0f32; LANES]);
    let (mut a_min, mut a_max) = ([0.0f32; LANES], [0.0f32; LANES]);
    let (mut b_min, mut b_max) = ([0.0f32; LANES], [0.0f32; LANES]);
    for k in 0..LANES {
        distance[k] = sd[k].abs();
        gap[k] = distance[k] - (ra[k] + rb[k]);
        let ia = Interval::around(ca[k], ra[k]);
        let ib = Interval::around(ca[k] + sd[k], rb[k]);
        (a_min[k], a_max[k], b_min[k], b_max[k]) = (ia.min, ia.max, ib.min, ib.max);
    }

    let axes = std::array::from_fn(|index| AxisTest {
        index,
        kind: KINDS[index],
        axis: Vec3::new(lx[index], ly[index], lz[index]),
        degenerate: degenerate[index],
        ra: ra[index],
        rb: rb[index],
        distance: distance[index],
        gap: gap[index],
        interval_a: Interval {
            min: a_min[index],
            max: a_max[index],
        },
        interval_b: Interval {
            min: b_min[index],
            max: b_max[index],
        },
        signed_distance: sd[index],
    });
    SatReport::from_axes(axes)
}

/// Early-out boolean test with the default [`PARALLEL_EPSILON`](super::PARALLEL_EPSILON).
#[inline]
pub fn intersects(a: &Obb3, b: &Obb3) -> bool {
    intersects_padded(a, b, super::PARALLEL_EPSILON)
}

/// The fast early-out boolean test, written for speed: the axes are never normalised, B is expressed
/// in A's frame through `R_ij = A.u_i · B.u_j` (the matrix of the relative rotation `A⁻¹B`, one
/// quaternion product), and `|R_ij|` is padded by `epsilon` so that nearly parallel edges cannot
/// separate (seed 002 and Ericson, *Real-Time Collision Detection*, §4.4.1, whose table of the 15
/// `(r_A, r_B, |T·L|)` rows seed 004 reproduces). A bounding-sphere test without square roots
/// rejects far pairs first (seed 002).
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
    let a_inv = a.rotation.conjugate();
    let r = Mat3::from_quat(a_inv * b.rotation);
    let t = a_inv * tw;
    // Column j of the product is B.u_j in A's frame, so R_ij = cols[j][i].
    let cols = [
        r.x_axis.to_array(),
        r.y_axis.to_array(),
        r.z_axis.to_array(),
    ];
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
                let expected = match test.kind {
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
                assert_eq!(test.axis, expected, "axis {}", test.index);
                assert_eq!(test.degenerate, expected == Vec3::ZERO);
                assert_eq!(test.ra, a.projected_radius(test.axis));
                assert_eq!(test.rb, b.projected_radius(test.axis));
                assert_eq!(test.signed_distance, t.dot(test.axis));
                assert_eq!(test.gap, test.distance - (test.ra + test.rb));
                assert_eq!(test.kind, axis_kind(test.index));
            }
        }
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
