//! Rounded boxes: a core box grown by a sphere of radius `r`, the shape engines really collide
//! (Jolt's `BoxShape` convex radius, Box2D v3's rounded polygons, Box3D's hull radius).
//!
//! # The answer, from the cores
//!
//! The Minkowski difference of two rounded boxes is that of their cores grown by a sphere of
//! radius `r = rA + rB`. So, with the cores' exact distance `d` ([`Obb::separation`]) and, when
//! the cores overlap, their SAT depth and normal ([`Obb::report`]):
//!
//! * the rounded boxes intersect exactly when `d < r` (or the cores overlap);
//! * apart, their distance is `d − r`, along the cores' closest points' direction `n`, and the
//!   closest points are the cores' moved out by each radius (`p + rA·n`, `q − rB·n`);
//! * overlapping, the depth is the cores' SAT depth `+ r` when the cores overlap, else `r − d`,
//!   with the normal of the cores' least overlap, or `n`.
//!
//! # Why the 15 candidate axes are no longer enough
//!
//! Sharp boxes are separated exactly when a candidate axis separates them. Rounded ones are
//! separated when the cores are more than `r` apart, and the cores' distance is attained along
//! the segment between their closest features, which for an edge and an edge, or a vertex and a
//! face not facing it, runs along a direction that is none of the candidates: the best candidate
//! gap less `r` ([`RoundedAnswer::candidate_gap`]) then falls short of the true distance, and can
//! call rounded boxes that are apart overlapping (two aligned cubes corner to corner: the cores
//! are `√3` apart, the best candidate gap is 1). Engines use GJK on the cores for rounded shapes
//! for that reason.
//!
//! # The contact
//!
//! The cores' manifold, built with a speculative margin of `r` so that cores up to `r` apart get
//! their points, pushed out by the radii as Box2D v3 does for rounded polygons (`manifold.c`,
//! `b2ClipPolygons`: each point's separation less `rA + rB`, the point moved by `(rA − rB) / 2`
//! along the normal to stay midway between the two rounded surfaces). Points whose rounded
//! separation is positive are dropped unless the caller's margin keeps them.

use super::manifold::{ContactPoint, Manifold, ManifoldParams};
use super::obb::{Obb, Report};
use super::vector::Vector;

/// Why a convex radius was refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RadiusError {
    /// NaN or infinite.
    NotFinite,
    /// Below zero.
    Negative(f32),
}

impl std::fmt::Display for RadiusError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RadiusError::NotFinite => write!(f, "radius is not a finite number"),
            RadiusError::Negative(r) => write!(f, "radius {r} is below 0"),
        }
    }
}

impl std::error::Error for RadiusError {}

/// Checks a convex radius: finite and `≥ 0`. A radius larger than the smallest half extent is
/// accepted (the box then grows past its half extents, towards a capsule or a sphere); engines
/// that shrink the core instead (Jolt keeps the radius inside the half extents) clamp it first.
pub fn validate_radius(radius: f32) -> Result<(), RadiusError> {
    if !radius.is_finite() {
        Err(RadiusError::NotFinite)
    } else if radius < 0.0 {
        Err(RadiusError::Negative(radius))
    } else {
        Ok(())
    }
}

/// The answer for two rounded boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RoundedAnswer<V> {
    /// The rounded boxes overlap or touch.
    pub intersect: bool,
    /// The distance between the rounded surfaces; 0 when they intersect.
    pub distance: f32,
    /// The closest points of the rounded surfaces, on A and on B, when apart.
    pub closest_points: Option<[V; 2]>,
    /// How deep they overlap, when they do.
    pub depth: Option<f32>,
    /// Unit normal from A to B: the way out when they overlap, the way across when apart.
    pub normal: Option<V>,
    /// The best candidate axis's gap less both radii: what the 15 (or 4) candidate axes alone
    /// say. It is at most the distance, and short of it whenever the cores' closest features
    /// meet along a direction that is no candidate.
    pub candidate_gap: f32,
    /// The cores overlap (the depth then comes from the cores' SAT depth).
    pub cores_overlap: bool,
}

/// Two rounded boxes: `a` and `b` are the cores, `ra` and `rb` their radii (checked with
/// [`validate_radius`] by the caller).
pub fn rounded<B: Obb>(a: &B, ra: f32, b: &B, rb: f32) -> RoundedAnswer<B::Vec> {
    let r = ra + rb;
    let report = B::report(a, b, &Default::default());
    let candidate_gap = report
        .axes()
        .iter()
        .filter(|t| !t.degenerate())
        .map(|t| t.gap())
        .fold(f32::NEG_INFINITY, f32::max)
        - r;
    if let Some(p) = report.penetration() {
        return RoundedAnswer {
            intersect: true,
            distance: 0.0,
            closest_points: None,
            depth: Some(p.depth + r),
            normal: Some(p.normal),
            candidate_gap,
            cores_overlap: true,
        };
    }
    let cores = B::separation(a, b);
    let d = cores.distance;
    let direction = cores
        .closest_points
        .and_then(|[p, q]| unit(q - p))
        .or_else(|| {
            report
                .first_separating()
                .map(|k| oriented(&report, k, a, b))
        });
    let intersect = d <= r;
    RoundedAnswer {
        intersect,
        distance: (d - r).max(0.0),
        closest_points: match (intersect, cores.closest_points, direction) {
            (false, Some([p, q]), Some(n)) => Some([p + n * ra, q - n * rb]),
            _ => None,
        },
        depth: intersect.then_some(r - d),
        normal: direction,
        candidate_gap,
        cores_overlap: false,
    }
}

/// The contact manifold of two rounded boxes: the cores' manifold with a margin of both radii
/// (plus `params.margin`), each point's separation less `ra + rb` and moved by `(ra − rb) / 2`
/// along the normal, midway between the rounded surfaces (Box2D v3, `manifold.c`); points
/// further apart than `params.margin` are dropped. `None` when no point is left.
pub fn rounded_manifold<B: Obb>(
    a: &B,
    ra: f32,
    b: &B,
    rb: f32,
    params: &ManifoldParams,
) -> Option<Manifold<B::Vec>> {
    let r = ra + rb;
    let cores = B::manifold(a, b, &params.with_margin(params.margin + r))?;
    let n = cores.normal;
    let mut out = Manifold::new(n, cores.choice);
    for p in cores.points() {
        let separation = p.separation - r;
        if separation <= params.margin {
            out.push(ContactPoint {
                point: p.point + n * (0.5 * (ra - rb)),
                separation,
                id: p.id,
            });
        }
    }
    (!out.points().is_empty()).then_some(out)
}

/// The unit vector along `v`, or `None` for a zero one.
fn unit<V: Vector>(v: V) -> Option<V> {
    let l = v.length();
    (l > 0.0 && l.is_finite()).then(|| v * (1.0 / l))
}

/// Axis `k` of the report, oriented from A to B (by the centres' offset along it).
fn oriented<B: Obb>(report: &B::Report, k: usize, a: &B, b: &B) -> B::Vec {
    let axis = report.axes()[k].axis();
    if (b.center() - a.center()).dot(axis) < 0.0 {
        -axis
    } else {
        axis
    }
}

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec2, Vec3};

    use super::*;
    use crate::sat::{Obb2, Obb3};

    fn cube(at: Vec3, turn: Quat) -> Obb3 {
        Obb3::new(at, Vec3::ONE, turn).unwrap()
    }

    #[test]
    fn face_to_face_cubes_with_radii_are_apart_by_the_gap_less_both_radii() {
        let (a, b) = (
            cube(Vec3::ZERO, Quat::IDENTITY),
            cube(Vec3::X * 3.0, Quat::IDENTITY),
        );
        let r = rounded(&a, 0.1, &b, 0.2);
        assert!(!r.intersect);
        assert!((r.distance - 0.7).abs() < 1e-6, "{r:?}");
        let [p, q] = r.closest_points.unwrap();
        assert!(
            (p.x - 1.1).abs() < 1e-6 && (q.x - 1.8).abs() < 1e-6,
            "{p} {q}"
        );
        // face to face, a candidate axis is the way across: no shortfall
        assert!((r.candidate_gap - r.distance).abs() < 1e-6);
    }

    #[test]
    fn cores_apart_by_less_than_both_radii_overlap_by_the_difference() {
        let (a, b) = (
            cube(Vec3::ZERO, Quat::IDENTITY),
            cube(Vec3::X * 2.1, Quat::IDENTITY),
        );
        let r = rounded(&a, 0.1, &b, 0.1);
        assert!(r.intersect && !r.cores_overlap);
        assert!((r.depth.unwrap() - 0.1).abs() < 1e-5, "{r:?}");
        assert!((r.normal.unwrap() - Vec3::X).length() < 1e-6);
        assert_eq!(r.distance, 0.0);
    }

    #[test]
    fn overlapping_cores_add_both_radii_to_the_sat_depth() {
        let (a, b) = (
            cube(Vec3::ZERO, Quat::IDENTITY),
            cube(Vec3::X * 1.5, Quat::IDENTITY),
        );
        let r = rounded(&a, 0.05, &b, 0.05);
        assert!(r.intersect && r.cores_overlap);
        assert!((r.depth.unwrap() - 0.6).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn corner_to_corner_the_candidates_call_rounded_boxes_that_are_apart_overlapping() {
        // aligned cubes corner to corner along the diagonal: the cores are √3 apart along
        // (1, 1, 1), which is no candidate; the best candidate gap is 1 (a face axis)
        let (a, b) = (
            cube(Vec3::ZERO, Quat::IDENTITY),
            cube(Vec3::splat(3.0), Quat::IDENTITY),
        );
        let r = rounded(&a, 0.6, &b, 0.6);
        assert!(!r.intersect, "{r:?}");
        assert!((r.distance - (3f32.sqrt() - 1.2)).abs() < 1e-5, "{r:?}");
        assert!((r.candidate_gap + 0.2).abs() < 1e-5, "{r:?}");
        let n = r.normal.unwrap();
        assert!((n - Vec3::splat(1.0 / 3f32.sqrt())).length() < 1e-5, "{n}");
    }

    #[test]
    fn rounded_rectangles_apart_by_the_gap_less_both_radii() {
        let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap();
        let b = Obb2::new(Vec2::new(3.0, 0.5), Vec2::ONE, 0.0).unwrap();
        let r = rounded(&a, 0.25, &b, 0.25);
        assert!(!r.intersect);
        assert!((r.distance - 0.5).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn the_rounded_manifold_is_the_cores_pushed_out_by_the_radii() {
        // a unit cube resting 0.05 above another's top face, both of radius 0.05: the cores are
        // 0.05 apart, the rounded surfaces overlap by 0.05
        let a = cube(Vec3::ZERO, Quat::IDENTITY);
        let b = cube(Vec3::Y * 2.05, Quat::IDENTITY);
        let m = rounded_manifold(&a, 0.05, &b, 0.05, &ManifoldParams::default()).unwrap();
        assert_eq!(m.points().len(), 4);
        for p in m.points() {
            assert!((p.separation + 0.05).abs() < 1e-5, "{p:?}");
            // midway between A's rounded top (1.05) and B's rounded bottom (1.0)
            assert!((p.point.y - 1.025).abs() < 1e-5, "{p:?}");
        }
        // sharp boxes 0.05 apart have none
        assert!(rounded_manifold(&a, 0.0, &b, 0.0, &ManifoldParams::default()).is_none());
    }

    #[test]
    fn a_radius_is_finite_and_not_negative() {
        assert!(validate_radius(0.0).is_ok() && validate_radius(2.0).is_ok());
        assert_eq!(validate_radius(-0.1), Err(RadiusError::Negative(-0.1)));
        assert_eq!(validate_radius(f32::NAN), Err(RadiusError::NotFinite));
    }
}
