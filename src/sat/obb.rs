//! One trait for a box of either dimension, [`Obb`], implemented by [`Obb2`] and
//! [`Obb3`]: every question satbox asks of a pair (the report, its conclusions, the
//! contact manifold and its trace, the exact distance, the `f64` references) written once over it,
//! as parry's `query/sat` is one source for both dimensions. [`Report`] reads a report of either
//! dimension; [`scale`] and [`tolerance`] are the one size of a pair and the one length tolerance
//! that every comparison uses.
//!
//! The per-dimension functions ([`dim3::report`],
//! [`dim2::manifold`], …) stay the fast, direct calls for a caller that
//! knows its dimension; the trait is how code written once reaches them.

use std::fmt::Debug;

use glam::{Quat, Vec2, Vec3};

use super::distance::{self, Separation};
use super::manifold::{
    Manifold, Manifold2, Manifold3, ManifoldParams, ManifoldTrace, ManifoldTrace2, ManifoldTrace3,
};
use super::reference::{self, Box64, ReferenceManifold, ReferenceReport};
use super::vector::Vector;
use super::{dim2, dim3, Obb2, Obb3, Report2, Report3, Verdicts2, Verdicts3};
use super::{AxisKind, AxisTest, ObbError, Penetration, SatParams, SatReport, SatVerdicts};

/// Read access to a [`SatReport`] of either dimension (its axis count is a const generic).
pub trait Report<V>: Clone + Debug + PartialEq {
    /// Every axis in test order.
    fn axes(&self) -> &[AxisTest<V>];
    /// No axis separates.
    fn intersect(&self) -> bool;
    /// Lowest separating index.
    fn first_separating(&self) -> Option<usize>;
    /// The axis of least penetration, when intersecting.
    fn penetration(&self) -> Option<Penetration<V>>;
    /// The one-sentence verdict ([`SatReport::verdict`]).
    fn verdict(&self) -> String;
    /// The gap is zero within rounding ([`SatReport::touching`]).
    fn touching(&self) -> bool;
    /// The boxes meet within `margin` ([`SatReport::meets`]): the one rule of meeting.
    fn meets(&self, margin: f32) -> bool;
    /// The conclusions alone ([`SatReport::to_verdicts`]).
    fn to_verdicts(&self) -> SatVerdicts<V>;
    /// How far the boxes are from touching: the depth when they intersect, else the largest
    /// separating gap (0 when no axis separates by more than nothing).
    fn margin(&self) -> f32 {
        match self.penetration() {
            Some(p) => p.depth,
            None => self
                .axes()
                .iter()
                .filter(|a| a.is_separating())
                .map(|a| a.gap())
                .fold(0.0, f32::max),
        }
    }
}

impl<V: Vector, const N: usize> Report<V> for SatReport<V, N> {
    fn axes(&self) -> &[AxisTest<V>] {
        &self.axes
    }
    fn intersect(&self) -> bool {
        self.intersect
    }
    fn first_separating(&self) -> Option<usize> {
        self.first_separating
    }
    fn penetration(&self) -> Option<Penetration<V>> {
        self.penetration
    }
    fn verdict(&self) -> String {
        SatReport::verdict(self)
    }
    fn touching(&self) -> bool {
        SatReport::touching(self)
    }
    fn meets(&self, margin: f32) -> bool {
        SatReport::meets(self, margin)
    }
    fn to_verdicts(&self) -> SatVerdicts<V> {
        SatReport::to_verdicts(self)
    }
}

/// An oriented box of either dimension, and every question of a pair of them.
///
/// Which function is for whom:
///
/// * the window and a test that explains: [`Obb::report`] (every axis with its numbers),
///   [`Obb::manifold_trace`] (the contact, stage by stage), [`Obb::separation`] (the exact
///   distance);
/// * a physics step: [`Obb::verdicts`] (the report's conclusions without its records),
///   [`Obb::manifold`];
/// * an oracle: [`Obb::reference`] and [`Obb::reference_manifold`], in `f64` by other routes.
///
/// A hot loop that knows its dimension calls the per-dimension functions directly, and a batch of
/// 3D pairs goes to [`intersects_many`](super::intersects_many).
pub trait Obb: Copy + Debug + PartialEq + Default + Send + Sync + 'static {
    /// `Vec2` or `Vec3`.
    type Vec: Vector;
    /// `Report2` or `Report3`.
    type Report: Report<Self::Vec>;
    /// The number of candidate axes: 4 or 15.
    const AXES: usize;

    /// The centre.
    fn center(&self) -> Self::Vec;
    /// The half extents, one per local axis.
    fn half_extents(&self) -> Self::Vec;
    /// The unit local axes `u_k`, as many as the dimension.
    fn axis_vectors(&self) -> arrayvec::ArrayVec<Self::Vec, 3>;
    /// The corners (2D: counter-clockwise; 3D: bit `k` of the index set means `+e_k`).
    fn corner_points(&self) -> Vec<Self::Vec>;
    /// The edges, as pairs of indices into [`Obb::corner_points`].
    fn edges() -> &'static [(usize, usize)];
    /// The same box moved by `by`.
    fn moved(&self, by: Self::Vec) -> Self;
    /// The box scaled about the origin by `factor` (its centre and half extents).
    fn scaled(&self, factor: f32) -> Self;
    /// The box with each half extent less `by`, at least 0: the core of a box whose convex
    /// radius `by` lies inside its half extents.
    fn shrunk(&self, by: f32) -> Self;
    /// The box turned about the origin by `angle` about the unit `axis` (2D: about z), its
    /// centre with it.
    fn turned_about_origin(&self, axis: Vec3, angle: f32) -> Self;
    /// The same box turned about its centre by the angular velocity `omega` (rad/s, in world
    /// coordinates; 2D turns by `omega.z`) for `t` seconds, after its own rotation.
    fn turned(&self, omega: Vec3, t: f32) -> Self;
    /// `Σ e_k |u_k·L|`: the half width of the box's shadow on the unit axis `L`.
    fn projected_radius(&self, axis: Self::Vec) -> f32;
    /// The support point in direction `d`: the corner with the largest projection on `d`
    /// (`center + Σ e_k sign(u_k·d) u_k`), the question GJK asks of a shape.
    fn support(&self, d: Self::Vec) -> Self::Vec;
    /// What is wrong with the box, if anything (see [`ObbError`]).
    fn validate(&self) -> Result<(), ObbError>;
    /// What candidate axis `index` is made of.
    fn axis_kind(index: usize) -> AxisKind;

    /// The full report: every axis in test order, the verdict, the axis of least penetration.
    fn report(a: &Self, b: &Self, params: &SatParams) -> Self::Report;
    /// The report's conclusions, to the bit, without its records.
    fn verdicts(a: &Self, b: &Self, params: &SatParams) -> SatVerdicts<Self::Vec>;
    /// The early-out boolean test, with the parallel-edge padding of `params`.
    fn intersects(a: &Self, b: &Self, params: &SatParams) -> bool;
    /// The contact manifold, or `None` when the boxes do not meet within the margin.
    fn manifold(a: &Self, b: &Self, params: &ManifoldParams) -> Option<Manifold<Self::Vec>>;
    /// The contact manifold with every stage of its construction.
    fn manifold_trace(a: &Self, b: &Self, params: &ManifoldParams) -> ManifoldTrace<Self::Vec>;
    /// The exact distance and the closest points.
    fn separation(a: &Self, b: &Self) -> Separation<Self::Vec>;
    /// [`Obb::separation`] of boxes the caller's SAT verdicts call apart: the feature search
    /// without a second intersection test.
    fn separation_apart(a: &Self, b: &Self) -> Separation<Self::Vec>;
    /// The exact distance in `f64`, the intersection decided by the reference.
    fn distance_f64(a: &Self, b: &Self) -> f64;
    /// The vertex-projection report in `f64`, edge axes shorter than `degenerate_threshold`
    /// degenerate (2D has none).
    fn reference(a: &Self, b: &Self, degenerate_threshold: f64) -> ReferenceReport;
    /// The contact manifold in `f64` by another route.
    fn reference_manifold(a: &Self, b: &Self, params: &ManifoldParams)
        -> Option<ReferenceManifold>;
    /// The box in `f64` (2D: `z = 0`), for the oracles.
    fn to_box64(&self) -> Box64;
}

/// The size of a pair: `|T| + Σ e_A + Σ e_B`, the magnitude of every number its tests add up.
/// Tolerances and rounding bands scale with it.
pub fn scale<B: Obb>(a: &B, b: &B) -> f32 {
    let sum = |o: &B| (0..B::Vec::DIM).map(|k| o.half_extents()[k]).sum::<f32>();
    (b.center() - a.center()).length() + sum(a) + sum(b)
}

/// The length tolerance of every comparison between two answers for a pair of size `scale`
/// ([`scale`]): `1e-4 · (1 + scale)`. `f32` carries about seven digits; a comparison that
/// crosses several rounded steps keeps four.
pub fn tolerance(scale: f32) -> f32 {
    1e-4 * (1.0 + scale)
}

impl Obb for Obb3 {
    type Vec = Vec3;
    type Report = Report3;
    const AXES: usize = dim3::AXIS_COUNT;

    fn center(&self) -> Vec3 {
        self.center
    }
    fn half_extents(&self) -> Vec3 {
        self.half_extents
    }
    fn axis_vectors(&self) -> arrayvec::ArrayVec<Vec3, 3> {
        self.axes().into()
    }
    fn corner_points(&self) -> Vec<Vec3> {
        self.corners().to_vec()
    }
    fn edges() -> &'static [(usize, usize)] {
        // corner k has +e_i along u_i when bit i is set: edges join corners one bit apart
        &[
            (0, 1),
            (2, 3),
            (4, 5),
            (6, 7),
            (0, 2),
            (1, 3),
            (4, 6),
            (5, 7),
            (0, 4),
            (1, 5),
            (2, 6),
            (3, 7),
        ]
    }
    fn moved(&self, by: Vec3) -> Self {
        Self {
            center: self.center + by,
            ..*self
        }
    }
    fn scaled(&self, factor: f32) -> Self {
        Self {
            center: self.center * factor,
            half_extents: self.half_extents * factor,
            ..*self
        }
    }
    fn shrunk(&self, by: f32) -> Self {
        Self {
            half_extents: (self.half_extents - Vec3::splat(by)).max(Vec3::ZERO),
            ..*self
        }
    }
    fn turned_about_origin(&self, axis: Vec3, angle: f32) -> Self {
        let q = Quat::from_axis_angle(axis, angle);
        Self {
            center: q * self.center,
            rotation: (q * self.rotation).normalize(),
            ..*self
        }
    }
    fn turned(&self, omega: Vec3, t: f32) -> Self {
        Self {
            rotation: (Quat::from_scaled_axis(omega * t) * self.rotation).normalize(),
            ..*self
        }
    }
    fn projected_radius(&self, axis: Vec3) -> f32 {
        Obb3::projected_radius(self, axis)
    }
    fn support(&self, d: Vec3) -> Vec3 {
        let e = self.half_extents.to_array();
        self.axes()
            .iter()
            .zip(e)
            .fold(self.center, |p, (u, e)| p + *u * (e * u.dot(d).signum()))
    }
    fn validate(&self) -> Result<(), ObbError> {
        Obb3::validate(self)
    }
    fn axis_kind(index: usize) -> AxisKind {
        dim3::axis_kind(index)
    }
    fn report(a: &Self, b: &Self, params: &SatParams) -> Report3 {
        dim3::report_with(a, b, params)
    }
    fn verdicts(a: &Self, b: &Self, params: &SatParams) -> Verdicts3 {
        dim3::verdicts_with(a, b, params)
    }
    fn intersects(a: &Self, b: &Self, params: &SatParams) -> bool {
        dim3::intersects_padded(a, b, params.parallel_epsilon)
    }
    fn manifold(a: &Self, b: &Self, params: &ManifoldParams) -> Option<Manifold3> {
        dim3::manifold_with(a, b, params)
    }
    fn manifold_trace(a: &Self, b: &Self, params: &ManifoldParams) -> ManifoldTrace3 {
        dim3::manifold_trace(a, b, params)
    }
    fn separation(a: &Self, b: &Self) -> Separation<Vec3> {
        distance::separation3(a, b)
    }
    fn separation_apart(a: &Self, b: &Self) -> Separation<Vec3> {
        distance::separation3_apart(a, b)
    }
    fn distance_f64(a: &Self, b: &Self) -> f64 {
        distance::separation3_f64(a, b).distance
    }
    fn reference(a: &Self, b: &Self, degenerate_threshold: f64) -> ReferenceReport {
        reference::report3(a, b, degenerate_threshold)
    }
    fn reference_manifold(
        a: &Self,
        b: &Self,
        params: &ManifoldParams,
    ) -> Option<ReferenceManifold> {
        reference::manifold3(a, b, params)
    }
    fn to_box64(&self) -> Box64 {
        Box64::from(self)
    }
}

impl Obb for Obb2 {
    type Vec = Vec2;
    type Report = Report2;
    const AXES: usize = dim2::AXIS_COUNT;

    fn center(&self) -> Vec2 {
        self.center
    }
    fn half_extents(&self) -> Vec2 {
        self.half_extents
    }
    fn axis_vectors(&self) -> arrayvec::ArrayVec<Vec2, 3> {
        self.axes().into_iter().collect()
    }
    fn corner_points(&self) -> Vec<Vec2> {
        self.corners().to_vec()
    }
    fn edges() -> &'static [(usize, usize)] {
        &[(0, 1), (1, 2), (2, 3), (3, 0)]
    }
    fn moved(&self, by: Vec2) -> Self {
        Self {
            center: self.center + by,
            ..*self
        }
    }
    fn scaled(&self, factor: f32) -> Self {
        Self {
            center: self.center * factor,
            half_extents: self.half_extents * factor,
            ..*self
        }
    }
    fn shrunk(&self, by: f32) -> Self {
        Self {
            half_extents: (self.half_extents - Vec2::splat(by)).max(Vec2::ZERO),
            ..*self
        }
    }
    fn turned_about_origin(&self, _axis: Vec3, angle: f32) -> Self {
        Self {
            center: Vec2::from_angle(angle).rotate(self.center),
            angle: self.angle + angle,
            ..*self
        }
    }
    fn turned(&self, omega: Vec3, t: f32) -> Self {
        Self {
            angle: self.angle + omega.z * t,
            ..*self
        }
    }
    fn projected_radius(&self, axis: Vec2) -> f32 {
        Obb2::projected_radius(self, axis)
    }
    fn support(&self, d: Vec2) -> Vec2 {
        let [u0, u1] = self.axes();
        self.center
            + u0 * (self.half_extents.x * u0.dot(d).signum())
            + u1 * (self.half_extents.y * u1.dot(d).signum())
    }
    fn validate(&self) -> Result<(), ObbError> {
        Obb2::validate(self)
    }
    fn axis_kind(index: usize) -> AxisKind {
        dim2::axis_kind(index)
    }
    fn report(a: &Self, b: &Self, params: &SatParams) -> Report2 {
        dim2::report_with(a, b, params)
    }
    fn verdicts(a: &Self, b: &Self, params: &SatParams) -> Verdicts2 {
        dim2::verdicts_with(a, b, params)
    }
    fn intersects(a: &Self, b: &Self, _params: &SatParams) -> bool {
        dim2::intersects(a, b)
    }
    fn manifold(a: &Self, b: &Self, params: &ManifoldParams) -> Option<Manifold2> {
        dim2::manifold_with(a, b, params)
    }
    fn manifold_trace(a: &Self, b: &Self, params: &ManifoldParams) -> ManifoldTrace2 {
        dim2::manifold_trace(a, b, params)
    }
    fn separation(a: &Self, b: &Self) -> Separation<Vec2> {
        distance::separation2(a, b)
    }
    fn separation_apart(a: &Self, b: &Self) -> Separation<Vec2> {
        distance::separation2_apart(a, b)
    }
    fn distance_f64(a: &Self, b: &Self) -> f64 {
        distance::separation2_f64(a, b).distance
    }
    fn reference(a: &Self, b: &Self, _degenerate_threshold: f64) -> ReferenceReport {
        reference::report2(a, b)
    }
    fn reference_manifold(
        a: &Self,
        b: &Self,
        params: &ManifoldParams,
    ) -> Option<ReferenceManifold> {
        reference::manifold2(a, b, params)
    }
    fn to_box64(&self) -> Box64 {
        Box64::from(self)
    }
}
