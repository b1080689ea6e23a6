//! Oriented boxes in 3D and their 15 candidate axes.
//!
//! Test order (seeds 000, 002, 004): `0..3` are A's face normals `A.u0, A.u1, A.u2`; `3..6` are B's
//! `B.u0, B.u1, B.u2`; `6 + 3i + j` is the edge axis `A.u_i × B.u_j`.

use glam::{Mat3, Quat, Vec3};

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
pub fn axis_kind(index: usize) -> AxisKind {
    match index {
        0..=2 => AxisKind::FaceA(index),
        3..=5 => AxisKind::FaceB(index - 3),
        _ => AxisKind::Edge((index - 6) / 3, (index - 6) % 3),
    }
}

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
pub fn report_with(a: &Obb3, b: &Obb3, params: &SatParams) -> Report3 {
    let ua = a.axes();
    let ub = b.axes();
    let t = b.center - a.center;
    let origin = a.center;
    let mut axes = [AxisTest {
        index: 0,
        kind: AxisKind::FaceA(0),
        axis: Vec3::ZERO,
        degenerate: false,
        ra: 0.0,
        rb: 0.0,
        distance: 0.0,
        gap: 0.0,
        interval_a: Interval { min: 0.0, max: 0.0 },
        interval_b: Interval { min: 0.0, max: 0.0 },
        signed_distance: 0.0,
    }; AXIS_COUNT];
    for (index, test) in axes.iter_mut().enumerate() {
        let kind = axis_kind(index);
        let (axis, degenerate) = match kind {
            AxisKind::FaceA(k) => (ua[k], false),
            AxisKind::FaceB(k) => (ub[k], false),
            AxisKind::Edge(i, j) => {
                let c = ua[i].cross(ub[j]);
                let len = c.length();
                if len < params.degenerate_threshold {
                    (Vec3::ZERO, true)
                } else {
                    (c / len, false)
                }
            }
        };
        let ra = projected_radius(&ua, a.half_extents, axis);
        let rb = projected_radius(&ub, b.half_extents, axis);
        let signed_distance = t.dot(axis);
        let distance = signed_distance.abs();
        let center_a = origin.dot(axis);
        *test = AxisTest {
            index,
            kind,
            axis,
            degenerate,
            ra,
            rb,
            distance,
            gap: distance - (ra + rb),
            interval_a: Interval::around(center_a, ra),
            interval_b: Interval::around(center_a + signed_distance, rb),
            signed_distance,
        };
    }
    SatReport::from_axes(axes)
}

/// Early-out boolean test with the default [`PARALLEL_EPSILON`](super::PARALLEL_EPSILON).
#[inline]
pub fn intersects(a: &Obb3, b: &Obb3) -> bool {
    intersects_padded(a, b, super::PARALLEL_EPSILON)
}

/// The fast early-out boolean test, written for speed: the axes are never normalised, B is expressed
/// in A's frame through `R_ij = A.u_i · B.u_j`, and `|R_ij|` is padded by `epsilon` so that nearly
/// parallel edges cannot separate (seed 002 and Ericson, *Real-Time Collision Detection*, §4.4.1,
/// whose table of the 15 `(r_A, r_B, |T·L|)` rows seed 004 reproduces). A bounding-sphere test
/// rejects far pairs first (seed 002).
///
/// Returns `true` when no axis separates. It agrees with [`report`] on every pair that is not within
/// a rounding band of touching.
pub fn intersects_padded(a: &Obb3, b: &Obb3, epsilon: f32) -> bool {
    let ea = a.half_extents;
    let eb = b.half_extents;
    let tw = b.center - a.center;

    // Bounding spheres: |T| > |e_A| + |e_B| ⇒ disjoint.
    let rs = ea.length() + eb.length();
    if tw.length_squared() > rs * rs {
        return false;
    }

    let ma = Mat3::from_quat(a.rotation);
    let mb = Mat3::from_quat(b.rotation);
    // r[i][j] = A.u_i · B.u_j, the rotation of B in A's frame; t = T in A's frame.
    let r = ma.transpose() * mb;
    let t = ma.transpose() * tw;
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

#[cfg(test)]
mod tests {
    use super::*;

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
