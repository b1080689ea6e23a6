//! Oriented rectangles in 2D and their 4 candidate axes.
//!
//! Test order (the OBB–OBB post and the 2D OBB post): `0, 1` are A's axes `A.u0, A.u1`; `2, 3` are B's `B.u0, B.u1`.

use glam::Vec2;

use super::manifold::{self as build, Manifold2, ManifoldParams, ManifoldTrace2};
use super::manifold::{NoTrace, TraceRecorder};
use super::{
    validate_center_and_extents, AxisKind, AxisTest, ObbError, Report2, SatParams, SatReport,
    Verdicts2,
};

/// Number of candidate axes in 2D.
pub const AXIS_COUNT: usize = 4;

/// An oriented rectangle.
///
/// `u0 = (cos θ, sin θ)`, `u1 = (−sin θ, cos θ)` with `θ = angle` in radians, counter-clockwise
/// (the 2D OBB post, `updateAngle`); the box is every point `center + s0 u0 + s1 u1` with
/// `|s_k| ≤ half_extents[k]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb2 {
    /// Centre in world coordinates.
    pub center: Vec2,
    /// Half width and half height, `≥ 0`.
    pub half_extents: Vec2,
    /// Rotation in radians, counter-clockwise.
    pub angle: f32,
}

impl Default for Obb2 {
    fn default() -> Self {
        Self {
            center: Vec2::ZERO,
            half_extents: Vec2::ONE,
            angle: 0.0,
        }
    }
}

impl Obb2 {
    /// A validated rectangle: finite numbers, extents `≥ 0`.
    pub fn new(center: Vec2, half_extents: Vec2, angle: f32) -> Result<Self, ObbError> {
        let b = Self {
            center,
            half_extents,
            angle,
        };
        b.validate()?;
        Ok(b)
    }

    /// Checks the rules of [`ObbError`] on a rectangle built field by field.
    pub fn validate(&self) -> Result<(), ObbError> {
        validate_center_and_extents(&self.center.to_array(), &self.half_extents.to_array())?;
        if !self.angle.is_finite() {
            return Err(ObbError::NonFiniteAngle);
        }
        Ok(())
    }

    /// The local axes `[u0, u1]` (unit vectors).
    pub fn axes(&self) -> [Vec2; 2] {
        let (s, c) = self.angle.sin_cos();
        [Vec2::new(c, s), Vec2::new(-s, c)]
    }

    /// The 4 corners, counter-clockwise from `−u0 − u1`.
    pub fn corners(&self) -> [Vec2; 4] {
        let [u0, u1] = self.axes();
        let (x, y) = (u0 * self.half_extents.x, u1 * self.half_extents.y);
        let c = self.center;
        [c - x - y, c + x - y, c + x + y, c - x + y]
    }

    /// Projected radius on a unit axis: `e0 |u0·L| + e1 |u1·L|`.
    pub fn projected_radius(&self, axis: Vec2) -> f32 {
        let [u0, u1] = self.axes();
        self.half_extents.x * u0.dot(axis).abs() + self.half_extents.y * u1.dot(axis).abs()
    }

    /// Point containment: `|(p − c)·u_k| ≤ e_k` for both k (the OBB demo post, `containsV`, in 2D).
    pub fn contains_point(&self, p: Vec2) -> bool {
        let d = p - self.center;
        let [u0, u1] = self.axes();
        d.dot(u0).abs() <= self.half_extents.x && d.dot(u1).abs() <= self.half_extents.y
    }
}

/// The kind of the axis at `index` in the 2D test order.
pub fn axis_kind(index: usize) -> AxisKind {
    match index {
        0 | 1 => AxisKind::FaceA(index),
        _ => AxisKind::FaceB(index - 2),
    }
}

/// The full 4-axis report with the default [`SatParams`].
pub fn report(a: &Obb2, b: &Obb2) -> Report2 {
    report_with(a, b, &SatParams::default())
}

/// The full 4-axis report: per axis the radii, centre distance, gap and both intervals; then the
/// verdict, first separating axis and, when the rectangles intersect, the axis of least
/// penetration. Computed relative to A's centre. `params` is accepted for symmetry with 3D; no 2D
/// axis can be degenerate.
pub fn report_with(a: &Obb2, b: &Obb2, _params: &SatParams) -> Report2 {
    report_of(&Posed::of_box(a), &Posed::of_box(b))
}

/// What the tests read of one rectangle: its centre, half extents and axes.
#[derive(Clone, Copy)]
struct Posed {
    center: Vec2,
    half_extents: Vec2,
    u: [Vec2; 2],
}

impl Posed {
    #[inline(always)]
    fn of_box(b: &Obb2) -> Self {
        Self {
            center: b.center,
            half_extents: b.half_extents,
            u: b.axes(),
        }
    }

    #[inline(always)]
    fn of_frame(f: &Obb2Frame) -> Self {
        Self {
            center: Vec2::from(f.center),
            half_extents: Vec2::from(f.half_extents),
            u: f.axes(),
        }
    }
}

/// The 4-axis report of two rectangles as the tests read them.
#[inline(always)]
fn report_of(a: &Posed, b: &Posed) -> Report2 {
    let (ua, ub) = (a.u, b.u);
    let t = b.center - a.center;
    let origin = a.center;
    // (an array written out: `array::from_fn` compiled to a call per axis through `Try` in some
    // builds, four times slower)
    let test = |index: usize| {
        let kind = axis_kind(index);
        let axis = match kind {
            AxisKind::FaceA(k) => ua[k],
            _ => ub[index - 2],
        };
        let ra =
            a.half_extents.x * ua[0].dot(axis).abs() + a.half_extents.y * ua[1].dot(axis).abs();
        let rb =
            b.half_extents.x * ub[0].dot(axis).abs() + b.half_extents.y * ub[1].dot(axis).abs();
        let signed_distance = t.dot(axis);
        let center_a = origin.dot(axis);
        AxisTest::new(index, kind, axis, false, ra, rb, signed_distance, center_a)
    };
    SatReport::from_axes([test(0), test(1), test(2), test(3)])
}

/// The report's conclusions with the default [`SatParams`] (see [`verdicts_with`]).
pub fn verdicts(a: &Obb2, b: &Obb2) -> Verdicts2 {
    verdicts_with(a, b, &SatParams::default())
}

/// What [`report_with`] concludes, as [`dim3::verdicts_with`](super::dim3::verdicts_with) in 3D.
/// In 2D the four records cost little, so this is the report's own conclusions.
pub fn verdicts_with(a: &Obb2, b: &Obb2, params: &SatParams) -> Verdicts2 {
    report_with(a, b, params).to_verdicts()
}

/// The fast early-out boolean test: B in A's frame through `R_ij = A.u_i · B.u_j`, four
/// comparisons `|T·L| > r_A + r_B` (the OBB–OBB post, cases 1–4; the 2D OBB post, `isCollision`). Returns `true`
/// when no axis separates; touching counts as intersecting.
#[inline]
pub fn intersects(a: &Obb2, b: &Obb2) -> bool {
    posed_intersect(&Posed::of_box(a), &Posed::of_box(b))
}

/// [`intersects`] of two rectangles as the tests read them.
#[inline(always)]
fn posed_intersect(a: &Posed, b: &Posed) -> bool {
    let [a0, a1] = a.u;
    let [b0, b1] = b.u;
    let (ea, eb) = (a.half_extents, b.half_extents);
    let t = b.center - a.center;
    let (r00, r01, r10, r11) = (a0.dot(b0), a0.dot(b1), a1.dot(b0), a1.dot(b1));
    let (ar00, ar01, ar10, ar11) = (r00.abs(), r01.abs(), r10.abs(), r11.abs());
    let (ta0, ta1) = (t.dot(a0), t.dot(a1));
    !(ta0.abs() > ea.x + eb.x * ar00 + eb.y * ar01
        || ta1.abs() > ea.y + eb.x * ar10 + eb.y * ar11
        || (ta0 * r00 + ta1 * r10).abs() > eb.x + ea.x * ar00 + ea.y * ar10
        || (ta0 * r01 + ta1 * r11).abs() > eb.y + ea.x * ar01 + ea.y * ar11)
}

/// An [`Obb2`] with its axes written out, for hot loops: [`Obb2`] stores an angle, so every test
/// of a pair first takes its sine and cosine (`sin_cos`, tens of operations per rectangle); a frame
/// is made once per rectangle ([`Obb2Frame::new`]) and holds the centre, the half extents and
/// `u0 = (cos θ, sin θ)` (`u1 = (−sin θ, cos θ)` follows). It answers the boolean test and the
/// report's conclusions with the same numbers, to the bit, as [`intersects`] and [`verdicts`] of
/// the rectangles it was made from, and the batch test
/// ([`intersects_many2`](super::batch2::intersects_many2)) reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obb2Frame {
    pub(crate) center: [f32; 2],
    pub(crate) half_extents: [f32; 2],
    /// `u0`; `u1 = (−u0.y, u0.x)`.
    pub(crate) u0: [f32; 2],
}

impl Obb2Frame {
    /// The frame of a rectangle: its axes from its angle, once.
    pub fn new(b: &Obb2) -> Self {
        let [u0, _] = b.axes();
        Self {
            center: b.center.to_array(),
            half_extents: b.half_extents.to_array(),
            u0: u0.to_array(),
        }
    }

    /// Centre in world coordinates.
    pub fn center(&self) -> Vec2 {
        Vec2::from(self.center)
    }

    /// Half width and half height.
    pub fn half_extents(&self) -> Vec2 {
        Vec2::from(self.half_extents)
    }

    /// The local axes `[u0, u1]`, exactly [`Obb2::axes`] of the rectangle it was made from.
    pub fn axes(&self) -> [Vec2; 2] {
        let [c, s] = self.u0;
        [Vec2::new(c, s), Vec2::new(-s, c)]
    }

    /// The boolean test against `other`: [`intersects`] of the two rectangles, to the bit.
    #[inline]
    pub fn intersects(&self, other: &Obb2Frame) -> bool {
        posed_intersect(&Posed::of_frame(self), &Posed::of_frame(other))
    }

    /// What the report of the two rectangles concludes: [`verdicts`] of the rectangles, to the
    /// bit.
    #[inline]
    pub fn verdicts(&self, other: &Obb2Frame) -> Verdicts2 {
        report_of(&Posed::of_frame(self), &Posed::of_frame(other)).to_verdicts()
    }
}

impl From<&Obb2> for Obb2Frame {
    fn from(b: &Obb2) -> Self {
        Self::new(b)
    }
}

/// The contact manifold with the default [`ManifoldParams`] (no margin): `None` when the
/// rectangles are separated, else the normal from A to B and 1 or 2 points midway between the
/// sides (Box2D v3's `b2ClipPolygons`). See [`manifold`](super::manifold).
#[inline]
pub fn manifold(a: &Obb2, b: &Obb2) -> Option<Manifold2> {
    manifold_with(a, b, &ManifoldParams::default())
}

/// The contact manifold: `None` when some axis separates the rectangles by more than
/// `params.margin`, else the reference side, the normal from A to B and 1 or 2 points with their
/// separations and feature ids. Fixed-size storage, no allocation.
#[inline]
pub fn manifold_with(a: &Obb2, b: &Obb2, params: &ManifoldParams) -> Option<Manifold2> {
    build::manifold2(a, b, params, &mut NoTrace)
}

/// [`manifold_with`] with every stage recorded for the picture: the same code, so
/// `trace.manifold` is exactly what [`manifold_with`] returns.
pub fn manifold_trace(a: &Obb2, b: &Obb2, params: &ManifoldParams) -> ManifoldTrace2 {
    let mut rec = TraceRecorder::new(*params);
    let m = build::manifold2(a, b, params, &mut rec);
    rec.trace.manifold = m;
    rec.trace
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_turn_counter_clockwise_with_the_angle() {
        let b = Obb2 {
            angle: std::f32::consts::FRAC_PI_2,
            ..Default::default()
        };
        let [u0, u1] = b.axes();
        assert!((u0 - Vec2::Y).length() < 1e-6);
        assert!((u1 + Vec2::X).length() < 1e-6);
    }

    #[test]
    fn infinite_angle_is_rejected() {
        assert_eq!(
            Obb2::new(Vec2::ZERO, Vec2::ONE, f32::INFINITY),
            Err(ObbError::NonFiniteAngle)
        );
    }

    #[test]
    fn corners_go_counter_clockwise() {
        let c = Obb2::default().corners();
        assert_eq!(
            c,
            [
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.0, -1.0),
                Vec2::ONE,
                Vec2::new(-1.0, 1.0)
            ]
        );
    }
}
