//! Properties of the contact manifold over thousands of random box pairs: how many points, where
//! they lie, their separations, what swapping the boxes, moving both or nudging one does to them,
//! the traced variant against the fast one, and the f32 construction against the f64 reference.
//!
//! # Tolerances and near-decisions
//!
//! Positions and separations are compared to `1e-4 · (1 + M)`, `M = |T| + Σ e_A + Σ e_B` (the band
//! of `sat_properties.rs`). A manifold is a chain of decisions (which axis, which incident face,
//! which clipped points lie below the reference face, which features they are on, which four
//! survive the reduction); where one of them is within rounding of going the other way, `f32` may
//! legitimately take the other branch. The f64 reference measures that distance
//! ([`ReferenceManifold::closeness`]), and the comparisons that depend on every decision skip pairs
//! closer than the tolerance. The properties that hold whatever the decisions (counts, where points
//! lie, separation bounds) are checked on every pair.

mod common;

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use common::{axes64, obb2, obb3, scale2, scale3};
use glam::{DVec2, DVec3, Quat, Vec2, Vec3};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{FileFailurePersistence, TestRunner};
use satbox::sat::manifold::{FaceBiasReason, Manifold};
use satbox::sat::reference::{self, ManifoldAgreement, ReferenceManifold};
use satbox::sat::{dim2, dim3, AxisKind, ManifoldParams, Obb2, Obb3, DEGENERATE_THRESHOLD};

const CASES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        max_global_rejects: 8 * CASES,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

/// A float in `[lo, hi)` on a grid of 2²⁴ steps.
fn float_in(lo: f32, hi: f32) -> impl Strategy<Value = f32> + Clone {
    (0u32..1 << 24).prop_map(move |k| lo + (hi - lo) * (k as f32 / (1u32 << 24) as f32))
}

/// Mostly in [0.05, 3], one time in ten exactly 0 (a flat box).
fn extent() -> impl Strategy<Value = f32> {
    prop_oneof![9 => float_in(0.05, 3.0), 1 => Just(0.0f32)]
}

fn unit_quat() -> impl Strategy<Value = Quat> {
    (float_in(0.0, 1.0), float_in(0.0, TAU), float_in(0.0, TAU)).prop_map(|(u, a, b)| {
        let (s, t) = ((1.0 - u).sqrt(), u.sqrt());
        Quat::from_xyzw(s * a.sin(), s * a.cos(), t * b.sin(), t * b.cos()).normalize()
    })
}

/// Two boxes with centres at most 2.5 apart on each axis, so that most pairs touch. In three
/// cases out of five B's rotation is tied to A's: the same (stacked crates: faces parallel, every
/// depth tied), the same turned by at most 2e-3 rad, or a quarter turn away; the rest are random.
fn pair3() -> impl Strategy<Value = (Obb3, Obb3)> {
    (
        prop::array::uniform3(float_in(-5.0, 5.0)),
        prop::array::uniform3(float_in(-2.5, 2.5)),
        prop::array::uniform3(extent()),
        prop::array::uniform3(extent()),
        unit_quat(),
        unit_quat(),
        0u8..5,
        unit_quat(),
        float_in(0.0, 2e-3),
    )
        .prop_map(|(ca, d, ea, eb, qa, qb, tie, axis, tiny)| {
            let small = Quat::from_axis_angle(axis * Vec3::X, tiny);
            let qb = match tie {
                0 => qa,
                1 => (qa * small).normalize(),
                2 => (qa * Quat::from_rotation_y(FRAC_PI_2)).normalize(),
                _ => qb,
            };
            let ca = Vec3::from(ca);
            (
                obb3(ca, Vec3::from(ea), qa),
                obb3(ca + Vec3::from(d), Vec3::from(eb), qb),
            )
        })
}

fn pair2() -> impl Strategy<Value = (Obb2, Obb2)> {
    (
        prop::array::uniform2(float_in(-5.0, 5.0)),
        prop::array::uniform2(float_in(-2.5, 2.5)),
        prop::array::uniform2(extent()),
        prop::array::uniform2(extent()),
        float_in(-PI, PI),
        float_in(-PI, PI),
        0u8..5,
        float_in(-2e-3, 2e-3),
    )
        .prop_map(|(ca, d, ea, eb, aa, ab, tie, tiny)| {
            let ab = match tie {
                0 => aa,
                1 => aa + tiny,
                2 => aa + FRAC_PI_2,
                _ => ab,
            };
            let ca = Vec2::from(ca);
            (
                obb2(ca, Vec2::from(ea), aa),
                obb2(ca + Vec2::from(d), Vec2::from(eb), ab),
            )
        })
}

fn params() -> impl Strategy<Value = ManifoldParams> {
    prop_oneof![
        2 => Just(ManifoldParams::default()),
        1 => Just(ManifoldParams::strict()),
        1 => float_in(0.0, 0.3).prop_map(|m| ManifoldParams::default().with_margin(m)),
    ]
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn tol(scale: f64) -> f64 {
    1e-4 * (1.0 + scale)
}

/// How far `p` lies outside the box (0 inside), in f64.
fn outside3(o: &Obb3, p: DVec3) -> f64 {
    let d = p - o.center.as_dvec3();
    let e = o.half_extents.as_dvec3().to_array();
    let u = axes64(o);
    (0..3)
        .map(|k| (d.dot(u[k]).abs() - e[k]).max(0.0).powi(2))
        .sum::<f64>()
        .sqrt()
}

fn outside2(o: &Obb2, p: DVec2) -> f64 {
    let d = p - o.center.as_dvec2();
    let (s, c) = (o.angle as f64).sin_cos();
    let u = [DVec2::new(c, s), DVec2::new(-s, c)];
    let e = o.half_extents.as_dvec2().to_array();
    (0..2)
        .map(|k| (d.dot(u[k]).abs() - e[k]).max(0.0).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// The largest gap over the non-degenerate axes of the f64 report: positive when separated.
fn deciding_gap(r: &reference::ReferenceReport) -> f64 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The f64 gap that decides the verdict is more than `tol` from `margin`: a pair separated
/// beyond the margin has no reference manifold to tell how close it is to getting points, and one
/// that touches (within rounding of the margin) gets its points however the rounding fell.
fn far_from_touching(a: &Obb3, b: &Obb3, margin: f32, tol: f64) -> bool {
    let g = deciding_gap(&reference::report3(a, b, DEGENERATE_THRESHOLD as f64));
    (g - margin as f64).abs() > tol
}

/// [`far_from_touching`] in 2D.
fn far_from_touching2(a: &Obb2, b: &Obb2, margin: f32, tol: f64) -> bool {
    (deciding_gap(&reference::report2(a, b)) - margin as f64).abs() > tol
}

/// An edge cross product within rounding of the degenerate threshold.
fn near_threshold(a: &Obb3, b: &Obb3) -> bool {
    common::cross_lengths(a, b)
        .iter()
        .any(|l| (l - DEGENERATE_THRESHOLD as f64).abs() < 1e-5)
}

/// The smallest closeness to a decision of the reference manifolds given (infinite for none).
fn closeness(rs: &[Option<ReferenceManifold>]) -> f64 {
    rs.iter()
        .map(|r| r.as_ref().map_or(f64::INFINITY, |r| r.closeness))
        .fold(f64::INFINITY, f64::min)
}

/// Each point of `m` has a point of `n` with the same (or swapped) id, at `map(point)` and the
/// same separation, within `tol`; and they have as many points.
fn same_points<V: Copy + Into<DVec3Of>, W: Copy + Into<DVec3Of>>(
    m: &Manifold<V>,
    n: &Manifold<W>,
    map: impl Fn(DVec3) -> DVec3,
    swapped: bool,
    tol: f64,
) -> Result<(), String> {
    if m.len() != n.len() {
        return Err(format!("{} points against {}", m.len(), n.len()));
    }
    for p in m.points() {
        let id = if swapped { p.id.swapped() } else { p.id };
        let q = n
            .points()
            .iter()
            .find(|q| q.id == id)
            .ok_or_else(|| format!("no point {id}"))?;
        let (pp, qq) = (map(d3(p.point)), d3(q.point));
        if (pp - qq).length() > tol || (p.separation - q.separation).abs() as f64 > tol {
            return Err(format!(
                "{id}: {pp:?} sep {} against {qq:?} sep {}",
                p.separation, q.separation
            ));
        }
    }
    Ok(())
}

/// A point as `f64` (2D: `z = 0`), for the comparisons.
#[derive(Clone, Copy)]
struct DVec3Of(DVec3);

fn d3<V: Into<DVec3Of>>(v: V) -> DVec3 {
    v.into().0
}

impl From<Vec3> for DVec3Of {
    fn from(v: Vec3) -> Self {
        DVec3Of(v.as_dvec3())
    }
}

impl From<Vec2> for DVec3Of {
    fn from(v: Vec2) -> Self {
        DVec3Of(v.as_dvec2().extend(0.0))
    }
}

fn moved3(o: &Obb3, q: Quat, t: Vec3) -> Obb3 {
    obb3(
        q * o.center + t,
        o.half_extents,
        (q * o.rotation).normalize(),
    )
}

/// The same axis once A and B trade places.
fn swapped_index3(k: usize) -> usize {
    match dim3::axis_kind(k) {
        AxisKind::FaceA(i) => 3 + i,
        AxisKind::FaceB(j) => j,
        AxisKind::Edge(i, j) => 6 + 3 * j + i,
    }
}

/// On a face contact: whether the incident box's deepest corner lies inside every side plane of
/// the reference face by more than `tol` (then it survives the clipping). From the trace.
fn deepest_corner_inside<V: Copy + Into<DVec3Of>>(
    t: &satbox::sat::manifold::ManifoldTrace<V>,
    tol: f64,
) -> Option<bool> {
    let f = t.face.as_ref()?;
    let n = d3(f.reference.normal);
    let deepest = f
        .start
        .iter()
        .map(|p| d3(p.point))
        .min_by(|p, q| p.dot(n).total_cmp(&q.dot(n)))?;
    Some(
        f.side_planes
            .iter()
            .all(|s| (deepest - d3(s.point)).dot(d3(s.normal)) < -tol),
    )
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// A pair that clearly intersects always gets 1 to 4 points; one clearly separated (with no
    /// margin) gets none.
    #[test]
    fn an_intersecting_pair_always_has_one_to_four_points_and_a_separated_one_none(
        (a, b) in pair3()
    ) {
        let g = deciding_gap(&reference::report3(&a, &b, DEGENERATE_THRESHOLD as f64));
        let t = tol(scale3(&a, &b));
        prop_assume!(g.abs() > t && !near_threshold(&a, &b));
        let m = dim3::manifold(&a, &b);
        if g < 0.0 {
            let m = m.expect("intersecting: a manifold");
            prop_assert!((1..=4).contains(&m.len()), "{} points", m.len());
        } else {
            prop_assert!(m.is_none());
        }
    }

    /// Every pair the report calls intersecting or touching has a manifold, however the rounding
    /// fell: B pushed out by `depth · normal` touches A to within rounding, and still gets points.
    #[test]
    fn a_pair_pushed_out_to_touching_still_has_its_points((a, b) in pair3()) {
        let r = dim3::report(&a, &b);
        let Some(p) = r.penetration else { return Ok(()) };
        let out = Obb3 { center: b.center + p.normal * p.depth, ..b };
        for (a, b) in [(a, b), (a, out)] {
            let r = dim3::report(&a, &b);
            if r.intersect || r.touching() {
                prop_assert!(dim3::manifold(&a, &b).is_some(), "{a:?} {b:?}");
            }
        }
    }

    /// The same in 2D.
    #[test]
    fn a_2d_pair_pushed_out_to_touching_still_has_its_points((a, b) in pair2()) {
        let r = dim2::report(&a, &b);
        let Some(p) = r.penetration else { return Ok(()) };
        let out = Obb2 { center: b.center + p.normal * p.depth, ..b };
        for (a, b) in [(a, b), (a, out)] {
            let r = dim2::report(&a, &b);
            if r.intersect || r.touching() {
                prop_assert!(dim2::manifold(&a, &b).is_some(), "{a:?} {b:?}");
            }
        }
    }

    /// The same in 2D, with 1 or 2 points.
    #[test]
    fn an_intersecting_2d_pair_always_has_one_or_two_points_and_a_separated_one_none(
        (a, b) in pair2()
    ) {
        let g = deciding_gap(&reference::report2(&a, &b));
        prop_assume!(g.abs() > tol(scale2(&a, &b)));
        let m = dim2::manifold(&a, &b);
        if g < 0.0 {
            let m = m.expect("intersecting: a manifold");
            prop_assert!((1..=2).contains(&m.len()), "{} points", m.len());
        } else {
            prop_assert!(m.is_none());
        }
    }

    /// Every point lies between the two surfaces: its distances outside A and outside B add up to
    /// at most |separation| (for any parameters, speculative points included).
    #[test]
    fn every_point_lies_between_the_two_surfaces((a, b) in pair3(), p in params()) {
        let t = tol(scale3(&a, &b));
        if let Some(m) = dim3::manifold_with(&a, &b, &p) {
            for q in m.points() {
                let x = q.point.as_dvec3();
                let sum = outside3(&a, x) + outside3(&b, x);
                prop_assert!(sum <= (q.separation as f64).abs() + t,
                    "{}: outside A {} + outside B {} > |{}|", q.id, outside3(&a, x),
                    outside3(&b, x), q.separation);
            }
        }
    }

    #[test]
    fn every_2d_point_lies_between_the_two_sides((a, b) in pair2(), p in params()) {
        let t = tol(scale2(&a, &b));
        if let Some(m) = dim2::manifold_with(&a, &b, &p) {
            for q in m.points() {
                let x = q.point.as_dvec2();
                let sum = outside2(&a, x) + outside2(&b, x);
                prop_assert!(sum <= (q.separation as f64).abs() + t, "{}: {sum}", q.id);
            }
        }
    }

    /// Without a margin every separation lies in [−depth, 0], the depth being the chosen axis's
    /// overlap; without the bias that is the report's depth. With the bias, the chosen face axis
    /// overlaps at most (edge depth + edge_absolute) / (1 − edge_relative).
    #[test]
    fn every_separation_lies_between_minus_the_depth_and_zero((a, b) in pair3()) {
        let t = tol(scale3(&a, &b)) as f32;
        let r = dim3::report(&a, &b);
        prop_assume!(!near_threshold(&a, &b));
        for p in [ManifoldParams::default(), ManifoldParams::strict()] {
            let Some(m) = dim3::manifold_with(&a, &b, &p) else { continue };
            let depth = m.choice.depth();
            for q in m.points() {
                prop_assert!(q.separation >= -depth - t && q.separation <= t,
                    "separation {} outside [-{depth}, 0]", q.separation);
            }
            if let (Some(pen), true) = (r.penetration, p == ManifoldParams::strict()) {
                if m.choice.bias.is_none() {
                    prop_assert!((depth - pen.depth).abs() <= t, "{depth} vs report {}", pen.depth);
                }
            }
            if let Some(bias) = m.choice.bias {
                if bias.reason == FaceBiasReason::WithinBias {
                    let bound = (-bias.edge_gap + p.edge_absolute) / (1.0 - p.edge_relative);
                    prop_assert!(-bias.face_gap <= bound + t);
                }
            }
        }
    }

    /// With a margin, every separation lies between the chosen axis's gap and the margin; a pair
    /// that meets beside the reference face has one point whose separation is the boxes' exact
    /// distance (at least the gap, and possibly beyond the margin: the margin is measured on the
    /// candidate axes, as the report measures it).
    #[test]
    fn speculative_separations_lie_between_the_gap_and_the_margin(
        (a, b) in pair3(), margin in float_in(0.0, 0.5)
    ) {
        let t = tol(scale3(&a, &b)) as f32;
        let p = ManifoldParams::default().with_margin(margin);
        let trace = dim3::manifold_trace(&a, &b, &p);
        if let Some(m) = trace.manifold {
            prop_assert!(m.choice.gap <= margin + t);
            if trace.closest.is_some() {
                let d = satbox::sat::distance::separation3_f64(&a, &b).distance as f32;
                prop_assert!((m.points()[0].separation - d).abs() <= t && d >= m.choice.gap - t);
                return Ok(());
            }
            for q in m.points() {
                prop_assert!(q.separation >= m.choice.gap - t && q.separation <= margin + t);
            }
        }
    }

    /// On a face contact, the deepest point's separation is minus the depth whenever the incident
    /// box's deepest corner lies within the reference face's side planes (it is then a point of
    /// the manifold). When that corner lies outside them (outside the reference box), the deepest
    /// point is a clipped one, shallower.
    #[test]
    fn on_a_face_contact_the_deepest_point_is_minus_the_depth_when_the_deepest_corner_is_inside(
        (a, b) in pair3()
    ) {
        let scale = scale3(&a, &b);
        let tr = dim3::manifold_trace(&a, &b, &ManifoldParams::default());
        let Some(m) = tr.manifold else { return Ok(()) };
        let Some(inside) = deepest_corner_inside(&tr, tol(scale)) else { return Ok(()) };
        let deepest = m.deepest().unwrap().separation as f64;
        let depth = m.choice.depth() as f64;
        // the reduction may prefer a point within its tie tolerance (1e-4 of the size)
        let t = tol(scale) + 2e-4 * scale;
        if inside {
            prop_assert!((deepest + depth).abs() <= t, "deepest {deepest}, depth {depth}");
        } else {
            prop_assert!(deepest >= -depth - t);
        }
    }

    /// In 2D too.
    #[test]
    fn on_a_2d_face_contact_the_deepest_point_is_minus_the_depth_when_the_deepest_corner_is_inside(
        (a, b) in pair2()
    ) {
        let scale = scale2(&a, &b);
        let tr = dim2::manifold_trace(&a, &b, &ManifoldParams::default());
        let Some(m) = tr.manifold else { return Ok(()) };
        let Some(inside) = deepest_corner_inside(&tr, tol(scale)) else { return Ok(()) };
        let (deepest, depth) = (m.deepest().unwrap().separation as f64, m.choice.depth() as f64);
        if inside {
            prop_assert!((deepest + depth).abs() <= tol(scale));
        }
    }

    /// Swapping A and B keeps every point and separation, swaps the halves of every id and flips
    /// the normal.
    #[test]
    fn swapping_a_and_b_keeps_the_points_and_flips_the_normal((a, b) in pair3(), p in params()) {
        let t = tol(scale3(&a, &b));
        let (m, s) = (dim3::manifold_with(&a, &b, &p), dim3::manifold_with(&b, &a, &p));
        let close = closeness(&[reference::manifold3(&a, &b, &p), reference::manifold3(&b, &a, &p)]);
        prop_assume!(close > t && !near_threshold(&a, &b) && far_from_touching(&a, &b, p.margin, t));
        match (m, s) {
            (None, None) => {}
            (Some(m), Some(s)) => {
                prop_assert!((m.normal + s.normal).length() as f64 <= t);
                // the axis of least penetration is the same line (or, for parallel faces of A
                // and B that tie, another with the same gap)
                let same_line = swapped_index3(m.choice.strict) == s.choice.strict;
                prop_assert!(same_line || (m.choice.strict_gap - s.choice.strict_gap).abs() as f64 <= t);
                if let Err(e) = same_points(&m, &s, |x| x, true, t) {
                    prop_assert!(false, "{}", e);
                }
            }
            (m, s) => prop_assert!(false, "{m:?} against {s:?}"),
        }
    }

    /// In 2D too.
    #[test]
    fn swapping_two_rectangles_keeps_the_points_and_flips_the_normal((a, b) in pair2()) {
        let t = tol(scale2(&a, &b));
        let p = ManifoldParams::default();
        let (m, s) = (dim2::manifold_with(&a, &b, &p), dim2::manifold_with(&b, &a, &p));
        let close = closeness(&[reference::manifold2(&a, &b, &p), reference::manifold2(&b, &a, &p)]);
        prop_assume!(close > t && far_from_touching2(&a, &b, p.margin, t));
        match (m, s) {
            (None, None) => {}
            (Some(m), Some(s)) => {
                prop_assert!((m.normal + s.normal).length() as f64 <= t);
                if let Err(e) = same_points(&m, &s, |x| x, true, t) {
                    prop_assert!(false, "{}", e);
                }
            }
            (m, s) => prop_assert!(false, "{m:?} against {s:?}"),
        }
    }

    /// Moving both boxes by one rotation and translation moves every point with them and changes
    /// no separation and no id.
    #[test]
    fn a_common_rigid_motion_moves_the_points_with_it(
        (a, b) in pair3(), q in unit_quat(), shift in prop::array::uniform3(float_in(-20.0, 20.0))
    ) {
        let shift = Vec3::from(shift);
        let (a2, b2) = (moved3(&a, q, shift), moved3(&b, q, shift));
        let t = tol(scale3(&a, &b));
        let p = ManifoldParams::default();
        let close = closeness(&[reference::manifold3(&a, &b, &p), reference::manifold3(&a2, &b2, &p)]);
        prop_assume!(close > t && !near_threshold(&a, &b) && !near_threshold(&a2, &b2));
        prop_assume!(far_from_touching(&a, &b, 0.0, t) && far_from_touching(&a2, &b2, 0.0, t));
        let q64 = q.as_dquat();
        match (dim3::manifold_with(&a, &b, &p), dim3::manifold_with(&a2, &b2, &p)) {
            (None, None) => {}
            (Some(m), Some(n)) => {
                prop_assert!(((q * m.normal) - n.normal).length() as f64 <= t);
                let map = |x: DVec3| q64 * x + shift.as_dvec3();
                if let Err(e) = same_points(&m, &n, map, false, t) {
                    prop_assert!(false, "{}", e);
                }
            }
            (m, n) => prop_assert!(false, "{m:?} against {n:?}"),
        }
    }

    /// Moving B by 1e-4 in any direction, when that changes no feature (no decision of the
    /// manifold is within 1e-3 of flipping, before or after), keeps every id.
    #[test]
    fn ids_are_unchanged_by_a_1e_4_nudge_that_changes_no_feature(
        (a, b) in pair3(), dir in prop::array::uniform3(float_in(-1.0, 1.0))
    ) {
        let dir = Vec3::from(dir);
        prop_assume!(dir.length() > 0.1);
        let b2 = obb3(b.center + dir.normalize() * 1e-4, b.half_extents, b.rotation);
        let p = ManifoldParams::default();
        let close = closeness(&[reference::manifold3(&a, &b, &p), reference::manifold3(&a, &b2, &p)]);
        prop_assume!(close > 1e-3 && far_from_touching(&a, &b, 0.0, 1e-3) && far_from_touching(&a, &b2, 0.0, 1e-3));
        prop_assume!(!near_threshold(&a, &b));
        let keys = |m: Option<Manifold<Vec3>>| {
            let mut k: Vec<u32> = m.map_or(vec![], |m| m.points().iter().map(|p| p.id.key()).collect());
            k.sort_unstable();
            k
        };
        prop_assert_eq!(keys(dim3::manifold_with(&a, &b, &p)), keys(dim3::manifold_with(&a, &b2, &p)));
    }

    /// Every point has its own feature pair.
    #[test]
    fn no_two_points_share_an_id((a, b) in pair3(), p in params()) {
        if let Some(m) = dim3::manifold_with(&a, &b, &p) {
            let mut k: Vec<u32> = m.points().iter().map(|p| p.id.key()).collect();
            k.sort_unstable();
            k.dedup();
            prop_assert_eq!(k.len(), m.len());
        }
    }

    /// The traced variant runs the same code: its answer is the fast one, bit for bit, and its
    /// stages are consistent with it.
    #[test]
    fn the_traced_manifold_is_the_fast_manifold((a, b) in pair3(), p in params()) {
        let fast = dim3::manifold_with(&a, &b, &p);
        let t = dim3::manifold_trace(&a, &b, &p);
        prop_assert_eq!(&t.manifold, &fast);
        match &fast {
            None => prop_assert!(t.separated_by.is_some() || t.face.is_some()),
            Some(m) => {
                prop_assert_eq!(t.choice, Some(m.choice));
                match m.kind() {
                    AxisKind::Edge(..) => prop_assert!(t.edge.is_some() && t.face.is_none()),
                    _ => {
                        let f = t.face.as_ref().unwrap();
                        prop_assert_eq!(f.side_planes.len(), 4);
                        prop_assert_eq!(f.clipped.len(), 4);
                        if let Some([pa, pb]) = t.closest {
                            // nothing over the reference face: one point between the closest
                            prop_assert!(f.below.is_empty() && m.len() == 1);
                            prop_assert_eq!(m.points()[0].point, (pa + pb) * 0.5);
                            return Ok(());
                        }
                        prop_assert!(f.below.len() >= m.len());
                        prop_assert_eq!(!f.reduction.is_empty(), f.below.len() > 4);
                        // the kept points, named by their place (their ids may be lowered)
                        for q in m.points() {
                            prop_assert!(f.below.iter().any(|b| b.point == q.point && b.separation == q.separation));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_traced_2d_manifold_is_the_fast_manifold((a, b) in pair2(), p in params()) {
        let fast = dim2::manifold_with(&a, &b, &p);
        let t = dim2::manifold_trace(&a, &b, &p);
        prop_assert_eq!(&t.manifold, &fast);
        if let Some(f) = &t.face {
            prop_assert_eq!(f.side_planes.len(), 2);
            prop_assert!(f.reduction.is_empty());
        }
    }

    /// A 2D manifold is the 3D manifold of the same rectangles extruded along z (deep enough that
    /// the z faces never overlap least): the same normal, and every 2D point is the xy of a 3D
    /// point at each end of the extrusion, with the same separation.
    #[test]
    fn a_2d_manifold_is_the_3d_manifold_of_the_rectangles_extruded_along_z((a, b) in pair2()) {
        let h = 10.0;
        let ext = |o: &Obb2| obb3(o.center.extend(0.0), o.half_extents.extend(h), Quat::from_rotation_z(o.angle));
        let (a3, b3) = (ext(&a), ext(&b));
        let t = tol(scale2(&a, &b));
        let p = ManifoldParams::default();
        let close = closeness(&[reference::manifold2(&a, &b, &p), reference::manifold3(&a3, &b3, &p)]);
        prop_assume!(close > t && !near_threshold(&a3, &b3) && far_from_touching2(&a, &b, 0.0, t));
        match (dim2::manifold_with(&a, &b, &p), dim3::manifold_with(&a3, &b3, &p)) {
            (None, None) => {}
            (Some(m), Some(n)) => {
                prop_assert!((m.normal.extend(0.0) - n.normal).length() as f64 <= t);
                prop_assert_eq!(2 * m.len(), n.len());
                for q in m.points() {
                    for z in [-h, h] {
                        let x = q.point.extend(z);
                        prop_assert!(n.points().iter().any(|r| (r.point - x).length() as f64 <= t
                            && (r.separation - q.separation).abs() as f64 <= t),
                            "{x} not among {:?}", n.points());
                    }
                }
            }
            (m, n) => prop_assert!(false, "{m:?} against {n:?}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Against the f64 reference, counted
// ---------------------------------------------------------------------------------------------

/// Over 20 000 pairs per dimension (with the engine defaults, without the bias, and with a margin)
/// the f32 manifold and the f64 reference agree on the normal, the points, their separations and
/// their ids on every pair that is not within rounding of a decision, and such pairs are rare.
#[test]
fn the_f64_reference_manifold_agrees_with_the_f32_one_on_20000_pairs() {
    let mut runner = TestRunner::deterministic();
    let (s3, s2, sp) = (pair3(), pair2(), params());
    let mut count = [[0usize; 3]; 2];
    for _ in 0..20_000 {
        let p = sp.new_tree(&mut runner).unwrap().current();
        let (a, b) = s3.new_tree(&mut runner).unwrap().current();
        let f = dim3::manifold_with(&a, &b, &p);
        let r = reference::manifold3(&a, &b, &p);
        let verdict =
            reference::compare_manifolds(f.as_ref(), r.as_ref(), p.margin, tol(scale3(&a, &b)));
        let (c, d) = s2.new_tree(&mut runner).unwrap().current();
        let f2 = dim2::manifold_with(&c, &d, &p);
        let r2 = reference::manifold2(&c, &d, &p);
        let verdict2 =
            reference::compare_manifolds(f2.as_ref(), r2.as_ref(), p.margin, tol(scale2(&c, &d)));
        for (dim, v) in [(0, verdict), (1, verdict2)] {
            match v {
                ManifoldAgreement::Agree => count[dim][0] += 1,
                ManifoldAgreement::NearTie => count[dim][1] += 1,
                ManifoldAgreement::Disagree(what) => {
                    count[dim][2] += 1;
                    eprintln!("disagreement ({}D): {what}", 3 - dim);
                }
            }
        }
    }
    println!(
        "3D agree/near-tie/disagree: {:?}; 2D: {:?}",
        count[0], count[1]
    );
    assert_eq!(count[0][2] + count[1][2], 0);
    for c in count {
        assert!(c[1] * 50 < c[0], "near-ties should be rare: {c:?}");
    }
}
