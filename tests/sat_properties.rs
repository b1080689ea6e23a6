//! Properties of the separating-axis test over thousands of random box pairs: the fast test, the
//! full report and the f64 reference agree; swapping the boxes, moving both rigidly or growing a
//! box behaves as geometry says; the depth is the true penetration depth; 2D is 3D extruded.
//!
//! # The band
//!
//! The report works in f32 and the reference in f64 on the same f32 boxes, so the two differ only
//! by f32 rounding: every gap is a sum of a few dozen products of numbers no larger than
//! `M = |T| + Σ e_A + Σ e_B`, each rounded by at most 2⁻²⁴ ≈ 6e-8 relative, which stays below
//! ~1e-5·M in the worst case. A verdict is decided by the *deciding gap*: the largest gap over the
//! non-degenerate axes of the reference (positive: separated). Cases whose deciding gap lies within
//! `BAND = 1e-4·(1 + M)` of zero, ten times that worst case, are touching to within rounding and
//! are skipped; so are pairs with an edge cross product within 1e-5 of the degenerate threshold,
//! where f32 and f64 may flag the axis differently.
//!
//! The fast test also pads `|R_ij|` by `PARALLEL_EPSILON` and does not normalise its edge axes, so
//! an edge axis of cross length ℓ only separates there when `ℓ·gap > ε·(the four extents)`. Its
//! "separated" verdict is checked when that padded, unnormalised margin clears 1e-5·(1 + M).

mod common;

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use common::{axes64, cross_lengths, obb2, obb3, scale2, scale3};
use glam::{DVec3, Quat, Vec2, Vec3};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{FileFailurePersistence, TestRunner};
use satbox::sat::reference::{self, ReferenceReport};
use satbox::sat::{
    dim2, dim3, AxisKind, Obb2, Obb3, Report3, DEGENERATE_THRESHOLD, PARALLEL_EPSILON,
};

const CASES: u32 = 10_000;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        max_global_rejects: 4 * CASES,
        // failing seeds go to tests/sat_properties.proptest-regressions, replayed first
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

/// A float in `[lo, hi)` on a grid of 2²⁴ steps. (Built from an integer: proptest's own f32
/// range sampler trips a debug assertion once in a few million draws.)
fn float_in(lo: f32, hi: f32) -> impl Strategy<Value = f32> + Clone {
    (0u32..1 << 24).prop_map(move |k| lo + (hi - lo) * (k as f32 / (1u32 << 24) as f32))
}

/// Mostly in [0.05, 3], one time in ten exactly 0 (a flat box).
fn extent() -> impl Strategy<Value = f32> {
    prop_oneof![9 => float_in(0.05, 3.0), 1 => Just(0.0f32)]
}

/// A uniformly distributed unit quaternion (Shoemake's method).
fn unit_quat() -> impl Strategy<Value = Quat> {
    (float_in(0.0, 1.0), float_in(0.0, TAU), float_in(0.0, TAU)).prop_map(|(u, a, b)| {
        let (s, t) = ((1.0 - u).sqrt(), u.sqrt());
        Quat::from_xyzw(s * a.sin(), s * a.cos(), t * b.sin(), t * b.cos()).normalize()
    })
}

fn box3() -> impl Strategy<Value = Obb3> {
    (
        prop::array::uniform3(float_in(-5.0, 5.0)),
        prop::array::uniform3(extent()),
        unit_quat(),
    )
        .prop_map(|(c, e, q)| obb3(Vec3::from(c), Vec3::from(e), q))
}

/// Two random boxes, centres in ±5. In two cases out of five B's rotation is tied to A's: the
/// same rotation turned by at most 2e-3 rad (edges parallel to within twice the degenerate
/// threshold), or that plus a quarter turn (other pairs of edges parallel). Random rotations
/// alone almost never make parallel edges, and those are where the degenerate axes and the padding
/// matter. Half the pairs have B's centre within ±2.5 of A's, so that both verdicts are common.
fn pair3() -> impl Strategy<Value = (Obb3, Obb3)> {
    (any::<bool>(), tied_pair3()).prop_map(|(near, (a, mut b))| {
        if near {
            b.center = a.center + b.center * 0.5;
        }
        (a, b)
    })
}

/// Like [`pair3`] with B's centre always within ±2.5 of A's: about two pairs in three overlap.
fn near_pair3() -> impl Strategy<Value = (Obb3, Obb3)> {
    tied_pair3().prop_map(|(a, mut b)| {
        b.center = a.center + b.center * 0.5;
        (a, b)
    })
}

fn tied_pair3() -> impl Strategy<Value = (Obb3, Obb3)> {
    (box3(), box3(), 0u8..5, unit_quat(), float_in(0.0, 2e-3)).prop_map(
        |(a, mut b, kind, q, tiny)| {
            let small = Quat::from_axis_angle(q * Vec3::X, tiny);
            match kind {
                0 => b.rotation = (a.rotation * small).normalize(),
                1 => {
                    b.rotation = (a.rotation * Quat::from_rotation_y(FRAC_PI_2) * small).normalize()
                }
                _ => {}
            }
            (a, b)
        },
    )
}

fn box2() -> impl Strategy<Value = Obb2> {
    (any::<bool>(), far_box2()).prop_map(|(near, mut o)| {
        if near {
            o.center *= 0.5;
        }
        o
    })
}

fn far_box2() -> impl Strategy<Value = Obb2> {
    (
        prop::array::uniform2(float_in(-5.0, 5.0)),
        prop::array::uniform2(extent()),
        float_in(-PI, PI),
    )
        .prop_map(|(c, e, angle)| obb2(Vec2::from(c), Vec2::from(e), angle))
}

// ---------------------------------------------------------------------------------------------
// Oracles
// ---------------------------------------------------------------------------------------------

fn ref3(a: &Obb3, b: &Obb3) -> ReferenceReport {
    reference::report3(a, b, DEGENERATE_THRESHOLD as f64)
}

/// The largest gap over the non-degenerate axes: positive exactly when the pair is separated.
fn deciding_gap(r: &ReferenceReport) -> f64 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

fn band(scale: f64) -> f64 {
    1e-4 * (1.0 + scale)
}

/// An edge cross product so close to the threshold that f32 and f64 may disagree on the flag.
fn near_threshold(a: &Obb3, b: &Obb3) -> bool {
    cross_lengths(a, b)
        .iter()
        .any(|l| (l - DEGENERATE_THRESHOLD as f64).abs() < 1e-5)
}

/// What the fast test sees, in f64: on each non-degenerate axis the unnormalised gap `ℓ·gap`
/// minus the padding `ε·Σ e` its `|R_ij| + ε` terms add. Its maximum is positive when the padded
/// test finds a separating axis.
fn fast_margin3(a: &Obb3, b: &Obb3, r: &ReferenceReport) -> f64 {
    let (ea, eb) = (a.half_extents.as_dvec3(), b.half_extents.as_dvec3());
    let lengths = cross_lengths(a, b);
    let eps = PARALLEL_EPSILON as f64;
    r.axes
        .iter()
        .enumerate()
        .filter(|(_, ax)| !ax.degenerate)
        .map(|(k, ax)| {
            let pad = match ax.kind {
                AxisKind::FaceA(_) => eb.element_sum(),
                AxisKind::FaceB(_) => ea.element_sum(),
                AxisKind::Edge(i, j) => {
                    ea[(i + 1) % 3] + ea[(i + 2) % 3] + eb[(j + 1) % 3] + eb[(j + 2) % 3]
                }
            };
            lengths[k] * ax.gap - eps * pad
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The first separating axis is well defined when no axis up to it is within the band of 0.
fn first_separating_is_clear(r: &ReferenceReport, band: f64) -> bool {
    let last = r.first_separating.unwrap_or(r.axes.len() - 1);
    r.axes[..=last]
        .iter()
        .all(|a| a.degenerate || a.gap.abs() >= band)
}

fn max_gap3(r: &Report3) -> f32 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate())
        .map(|a| a.gap())
        .fold(f32::NEG_INFINITY, f32::max)
}

/// Index of the same axis once A and B trade places: faces of A and B swap, `A.u_i × B.u_j`
/// becomes `B.u_j × A.u_i`, the same line.
fn swapped_index3(k: usize) -> usize {
    match dim3::axis_kind(k) {
        AxisKind::FaceA(i) => 3 + i,
        AxisKind::FaceB(j) => j,
        AxisKind::Edge(i, j) => 6 + 3 * j + i,
    }
}

/// Whether `normal` is, to within `angle_tol`, one of the axes of `r` whose overlap is within `tol`
/// of the least, oriented from A to B (either way when `T·L` is within `tol` of 0). Near-ties
/// between different axes are decided by rounding, so any of them is an acceptable normal.
fn is_a_least_overlap_normal<V>(r: &satbox::sat::SatReport<V, 15>, normal: Vec3, tol: f32) -> bool
where
    V: Copy + Into<Vec3>,
{
    let depth = r.penetration.map(|p| p.depth).unwrap_or(f32::NAN);
    r.axes.iter().any(|ax| {
        let l: Vec3 = ax.axis().into();
        !ax.degenerate()
            && ax.overlap() <= depth + tol
            && ((ax.signed_distance() >= -tol && (l - normal).length() < 1e-3)
                || (ax.signed_distance() <= tol && (l + normal).length() < 1e-3))
    })
}

fn is_a_least_overlap_normal2(r: &satbox::sat::Report2, normal: Vec2, tol: f32) -> bool {
    let depth = r.penetration.map(|p| p.depth).unwrap_or(f32::NAN);
    r.axes.iter().any(|ax| {
        ax.overlap() <= depth + tol
            && ((ax.signed_distance() >= -tol && (ax.axis() - normal).length() < 1e-3)
                || (ax.signed_distance() <= tol && (ax.axis() + normal).length() < 1e-3))
    })
}

fn moved3(o: &Obb3, rotation: Quat, translation: Vec3) -> Obb3 {
    obb3(
        rotation * o.center + translation,
        o.half_extents,
        (rotation * o.rotation).normalize(),
    )
}

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config())]

    /// Fast test, report and f64 reference agree on the verdict, the first separating axis and
    /// the depth, outside the band.
    #[test]
    fn fast_test_report_and_reference_agree_in_3d((a, b) in pair3()) {
        let reference = ref3(&a, &b);
        let scale = scale3(&a, &b);
        let band = band(scale);
        let deciding = deciding_gap(&reference);
        prop_assume!(deciding.abs() >= band && !near_threshold(&a, &b));

        let r = dim3::report(&a, &b);
        prop_assert_eq!(reference.intersect, deciding <= 0.0);
        prop_assert_eq!(r.intersect, reference.intersect, "{}", r.verdict());
        if first_separating_is_clear(&reference, band) {
            prop_assert_eq!(r.first_separating, reference.first_separating);
        }
        let fast = dim3::intersects(&a, &b);
        if deciding < 0.0 {
            prop_assert!(fast, "fast test separates an intersecting pair");
            let p = r.penetration.unwrap();
            let depth = reference.depth.unwrap();
            prop_assert!((p.depth as f64 - depth).abs() <= band, "{} vs {}", p.depth, depth);
            // the report's axis is (one of) the reference's least-overlap axes
            prop_assert!(-reference.axes[p.axis_index].gap - depth <= band);
        } else if fast_margin3(&a, &b, &reference) > 1e-5 * (1.0 + scale) {
            prop_assert!(!fast, "fast test misses a separating axis");
        }
    }

    #[test]
    fn fast_test_report_and_reference_agree_in_2d(a in box2(), b in box2()) {
        let reference = reference::report2(&a, &b);
        let band = band(scale2(&a, &b));
        let deciding = deciding_gap(&reference);
        prop_assume!(deciding.abs() >= band);

        let r = dim2::report(&a, &b);
        prop_assert_eq!(r.intersect, deciding <= 0.0);
        prop_assert_eq!(dim2::intersects(&a, &b), deciding <= 0.0);
        if first_separating_is_clear(&reference, band) {
            prop_assert_eq!(r.first_separating, reference.first_separating);
        }
        if let (Some(p), Some(depth)) = (r.penetration, reference.depth) {
            prop_assert!((p.depth as f64 - depth).abs() <= band);
        }
    }

    /// Swapping A and B tests the same 15 lines in another order (faces of A and B trade places,
    /// `A.u_i × B.u_j` becomes `B.u_j × A.u_i = −(A.u_i × B.u_j)`) with T reversed, so each gap is
    /// the same number computed the same way; the verdict and depth are the same, and the normal,
    /// still pointing from the first box to the second, flips.
    #[test]
    fn swapping_a_and_b_keeps_the_verdict_and_flips_the_normal_3d((a, b) in pair3()) {
        let (r, s) = (dim3::report(&a, &b), dim3::report(&b, &a));
        let tol = 1e-6 * (1.0 + scale3(&a, &b) as f32);
        for k in 0..15 {
            let (x, y) = (&r.axes[k], &s.axes[swapped_index3(k)]);
            prop_assert_eq!(x.degenerate(), y.degenerate());
            prop_assert!((x.gap() - y.gap()).abs() <= tol, "axis {}: {} vs {}", k, x.gap(), y.gap());
        }
        let reference = ref3(&a, &b);
        let band = band(scale3(&a, &b));
        if deciding_gap(&reference).abs() >= band && !near_threshold(&a, &b) {
            prop_assert_eq!(r.intersect, s.intersect);
            prop_assert_eq!(dim3::intersects(&a, &b), dim3::intersects(&b, &a));
        }
        if let (Some(p), Some(q)) = (r.penetration, s.penetration) {
            prop_assert!((p.depth - q.depth).abs() <= tol);
            prop_assert!(is_a_least_overlap_normal(&r, -q.normal, 1e-4),
                "{} is not minus one of the least-overlap normals of {}", q.normal, p.normal);
        }
    }

    #[test]
    fn swapping_a_and_b_keeps_the_verdict_and_flips_the_normal_2d(a in box2(), b in box2()) {
        let (r, s) = (dim2::report(&a, &b), dim2::report(&b, &a));
        let tol = 1e-6 * (1.0 + scale2(&a, &b) as f32);
        for k in 0..4 {
            prop_assert!((r.axes[k].gap() - s.axes[(k + 2) % 4].gap()).abs() <= tol);
        }
        if deciding_gap(&reference::report2(&a, &b)).abs() >= band(scale2(&a, &b)) {
            prop_assert_eq!(r.intersect, s.intersect);
            prop_assert_eq!(dim2::intersects(&a, &b), dim2::intersects(&b, &a));
        }
        if let (Some(p), Some(q)) = (r.penetration, s.penetration) {
            prop_assert!((p.depth - q.depth).abs() <= tol);
            prop_assert!(is_a_least_overlap_normal2(&r, -q.normal, 1e-4));
        }
    }

    /// Rotating and translating both boxes together changes nothing but rounding.
    #[test]
    fn a_common_rigid_motion_changes_neither_verdict_nor_depth_3d(
        (a, b) in pair3(),
        rotation in unit_quat(),
        translation in prop::array::uniform3(float_in(-20.0, 20.0)),
    ) {
        let translation = Vec3::from(translation);
        let reference = ref3(&a, &b);
        let band = band(scale3(&a, &b));
        prop_assume!(deciding_gap(&reference).abs() >= band && !near_threshold(&a, &b));
        let (ma, mb) = (moved3(&a, rotation, translation), moved3(&b, rotation, translation));
        prop_assume!(!near_threshold(&ma, &mb));

        let (r, m) = (dim3::report(&a, &b), dim3::report(&ma, &mb));
        prop_assert_eq!(m.intersect, r.intersect);
        prop_assert_eq!(dim3::intersects(&ma, &mb), dim3::intersects(&a, &b));
        if let (Some(p), Some(q)) = (r.penetration, m.penetration) {
            prop_assert!((p.depth - q.depth).abs() as f64 <= band, "{} vs {}", p.depth, q.depth);
            prop_assert!(is_a_least_overlap_normal(&m, rotation * p.normal, band as f32),
                "the rotated normal {} is not among the least-overlap axes after the motion ({})",
                rotation * p.normal, q.normal);
        }
    }

    #[test]
    fn a_common_rigid_motion_changes_neither_verdict_nor_depth_2d(
        a in box2(),
        b in box2(),
        angle in float_in(-PI, PI),
        translation in prop::array::uniform2(float_in(-20.0, 20.0)),
    ) {
        let reference = reference::report2(&a, &b);
        let band = band(scale2(&a, &b));
        prop_assume!(deciding_gap(&reference).abs() >= band);
        let rot = Vec2::from_angle(angle);
        let mv = |o: &Obb2| obb2(rot.rotate(o.center) + Vec2::from(translation), o.half_extents, o.angle + angle);
        let (ma, mb) = (mv(&a), mv(&b));
        let (r, m) = (dim2::report(&a, &b), dim2::report(&ma, &mb));
        prop_assert_eq!(m.intersect, r.intersect);
        prop_assert_eq!(dim2::intersects(&ma, &mb), dim2::intersects(&a, &b));
        if let (Some(p), Some(q)) = (r.penetration, m.penetration) {
            prop_assert!((p.depth - q.depth).abs() as f64 <= band);
            prop_assert!(is_a_least_overlap_normal2(&m, rot.rotate(p.normal), band as f32));
        }
    }

    /// Growing a box can only lengthen its shadows: an overlap never becomes a separation. This
    /// holds exactly, without a band: each radius is a sum of non-negative products, and f32
    /// rounding is monotone.
    #[test]
    fn growing_an_extent_never_turns_overlap_into_separation(
        (a, b) in pair3(),
        grow_b in any::<bool>(),
        axis in 0usize..3,
        by in float_in(0.0, 2.0),
        (a2, b2) in (box2(), box2()),
    ) {
        let mut grown = if grow_b { (a, b) } else { (b, a) };
        grown.1.half_extents[axis] += by;
        let (before, after) = ((a, b), if grow_b { grown } else { (grown.1, grown.0) });
        if dim3::report(&before.0, &before.1).intersect {
            prop_assert!(dim3::report(&after.0, &after.1).intersect);
        }
        if dim3::intersects(&before.0, &before.1) {
            prop_assert!(dim3::intersects(&after.0, &after.1));
        }

        let mut g2 = b2;
        g2.half_extents[axis % 2] += by;
        if dim2::report(&a2, &b2).intersect {
            prop_assert!(dim2::report(&a2, &g2).intersect);
            prop_assert!(dim2::report(&g2, &a2).intersect);
        }
        if dim2::intersects(&a2, &b2) {
            prop_assert!(dim2::intersects(&a2, &g2));
        }
    }

    /// Moving B by depth·normal leaves the boxes touching: the least-penetration axis's gap goes
    /// to ~0 and no axis overlaps by more than the tolerance, i.e. the new depth is ~0; a little
    /// further and that axis separates them. The depth is the reference's.
    #[test]
    fn moving_b_by_depth_along_the_normal_leaves_the_boxes_just_touching((a, b) in near_pair3()) {
        let reference = ref3(&a, &b);
        let band = band(scale3(&a, &b));
        prop_assume!(deciding_gap(&reference) <= -band && !near_threshold(&a, &b));
        let r = dim3::report(&a, &b);
        let p = r.penetration.unwrap();
        prop_assert!((p.depth as f64 - reference.depth.unwrap()).abs() <= band);

        let tol = band as f32;
        let touching = obb3(b.center + p.normal * p.depth, b.half_extents, b.rotation);
        let t = dim3::report(&a, &touching);
        prop_assert!(t.axes[p.axis_index].gap().abs() <= tol, "gap {}", t.axes[p.axis_index].gap());
        prop_assert!(max_gap3(&t).abs() <= tol, "max gap {}", max_gap3(&t));
        if let Some(q) = t.penetration {
            prop_assert!(q.depth <= tol, "still {} deep", q.depth);
        }

        let apart = obb3(b.center + p.normal * (p.depth + 2.0 * tol), b.half_extents, b.rotation);
        let s = dim3::report(&a, &apart);
        prop_assert!(!s.intersect);
        prop_assert!(s.axes[p.axis_index].is_separating());
        // the fast test agrees unless that axis is an edge axis, whose unnormalised, padded gap
        // ℓ·2·tol may not beat the ε·Σe padding
        prop_assert!(!dim3::intersects(&a, &apart) || s.axes[p.axis_index].kind().name() == "edge");
    }

    /// A rectangle pair and the same rectangles extruded along z (half height 1, rotated about
    /// z): same verdict, depth min(2D depth, 2) (the z slab overlaps by exactly 2), and each 2D
    /// axis gap is the gap of the matching 3D face axis (A.u0, A.u1, B.u0, B.u1 = 0, 1, 3, 4).
    #[test]
    fn a_2d_pair_agrees_with_the_same_boxes_extruded_along_z(a in box2(), b in box2()) {
        let extrude = |o: &Obb2| obb3(
            o.center.extend(0.0),
            o.half_extents.extend(1.0),
            Quat::from_rotation_z(o.angle),
        );
        let (a3, b3) = (extrude(&a), extrude(&b));
        let scale = scale2(&a, &b) + 2.0;
        let band = band(scale);
        // the 3D axes come from a quaternion, the 2D ones from sin/cos: rounding apart, no more
        let tol = 1e-5 * (1.0 + scale as f32);
        let deciding = deciding_gap(&reference::report2(&a, &b));
        let (r2, r3) = (dim2::report(&a, &b), dim3::report(&a3, &b3));

        for (k2, k3) in [(0, 0), (1, 1), (2, 3), (3, 4)] {
            prop_assert!((r2.axes[k2].gap() - r3.axes[k3].gap()).abs() <= tol,
                "2D axis {} gap {} vs 3D axis {} gap {}", k2, r2.axes[k2].gap(), k3, r3.axes[k3].gap());
        }
        prop_assert!(r3.axes[14].degenerate(), "A.u2 ∥ B.u2 = z");
        prop_assert_eq!(r3.axes[2].gap(), -2.0);
        if deciding.abs() >= band {
            prop_assert_eq!(r3.intersect, r2.intersect);
            prop_assert_eq!(dim3::intersects(&a3, &b3), dim2::intersects(&a, &b));
            if let (Some(p2), Some(p3)) = (r2.penetration, r3.penetration) {
                prop_assert!((p3.depth - p2.depth.min(2.0)).abs() as f64 <= band,
                    "3D depth {} vs 2D depth {}", p3.depth, p2.depth);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Why depth is compared on unit axes
// ---------------------------------------------------------------------------------------------

/// Seed 004 picks the axis with the smallest `DN = overlap / (r_A + r_B)`. That ratio measures how
/// deep the shadows overlap relative to their size, not how far B must move, so on random
/// overlapping pairs it often names an axis along which the push-out is longer than needed. The
/// report's least overlap on unit axes is the reference's, every time.
#[test]
fn seed_004_ratio_rule_picks_a_longer_push_than_the_true_least_overlap() {
    let mut runner = TestRunner::deterministic();
    let strategy = near_pair3();
    let (mut overlapping, mut ratio_wrong, mut report_wrong) = (0usize, 0usize, 0usize);
    let mut excess = 0.0f64;
    while overlapping < 3000 {
        let (a, b) = strategy.new_tree(&mut runner).unwrap().current();
        let reference = ref3(&a, &b);
        let band = band(scale3(&a, &b));
        if deciding_gap(&reference) > -band || near_threshold(&a, &b) {
            continue;
        }
        overlapping += 1;
        let depth = reference.depth.unwrap();
        let r = dim3::report(&a, &b);

        // the 15-axis table: smallest overlap / (r_A + r_B), first one on ties
        let ratio_axis = r
            .axes
            .iter()
            .filter(|ax| !ax.degenerate() && ax.ra() + ax.rb() > 0.0)
            .min_by(|x, y| {
                let rx = x.overlap() / (x.ra() + x.rb());
                let ry = y.overlap() / (y.ra() + y.rb());
                rx.partial_cmp(&ry).unwrap()
            })
            .unwrap()
            .index();
        let ratio_push = -reference.axes[ratio_axis].gap;
        if ratio_push > depth + band {
            ratio_wrong += 1;
            excess += ratio_push / depth.max(1e-9);
        }

        let ours = r.penetration.unwrap();
        if (-reference.axes[ours.axis_index].gap - depth).abs() > band {
            report_wrong += 1;
        }
    }
    let fraction = ratio_wrong as f64 / overlapping as f64;
    println!(
        "ratio rule wrong on {ratio_wrong}/{overlapping} overlapping pairs ({:.1}%), pushing on \
         average {:.2}× the true depth there",
        100.0 * fraction,
        excess / ratio_wrong.max(1) as f64
    );
    assert!(
        fraction > 0.2,
        "the ratio rule should be wrong often, was {fraction}"
    );
    assert_eq!(report_wrong, 0);
}

/// The true depth is the shortest push out over *all* directions: along any of a set of other
/// unit directions the boxes still overlap by at least the depth (checked with the f64 corner
/// projection, independent of the report).
#[test]
fn no_direction_has_less_overlap_than_the_reported_depth() {
    let mut runner = TestRunner::deterministic();
    let strategy = near_pair3();
    let directions = prop::array::uniform3(float_in(-1.0, 1.0));
    let mut checked = 0;
    while checked < 1000 {
        let (a, b) = strategy.new_tree(&mut runner).unwrap().current();
        let reference = ref3(&a, &b);
        let band = band(scale3(&a, &b));
        if deciding_gap(&reference) > -band {
            continue;
        }
        checked += 1;
        let depth = dim3::report(&a, &b).penetration.unwrap().depth as f64;
        let corners = |o: &Obb3| {
            let u = axes64(o);
            let e = o.half_extents.as_dvec3();
            (0..8)
                .map(|k| {
                    let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
                    o.center.as_dvec3()
                        + u[0] * (s(0) * e.x)
                        + u[1] * (s(1) * e.y)
                        + u[2] * (s(2) * e.z)
                })
                .collect::<Vec<DVec3>>()
        };
        let (ca, cb) = (corners(&a), corners(&b));
        for _ in 0..50 {
            let d = Vec3::from(directions.new_tree(&mut runner).unwrap().current()).as_dvec3();
            if d.length() < 0.1 {
                continue;
            }
            let l = d.normalize();
            let shadow = |c: &[DVec3]| {
                c.iter()
                    .map(|p| p.dot(l))
                    .fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)))
            };
            let ((a0, a1), (b0, b1)) = (shadow(&ca), shadow(&cb));
            // the shorter of the two pushes that separate the shadows along ±l
            let overlap = (a1 - b0).min(b1 - a0);
            assert!(
                overlap >= depth - band,
                "direction {l} overlaps {overlap} < depth {depth}"
            );
        }
    }
}
