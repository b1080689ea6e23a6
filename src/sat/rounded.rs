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
//! [`Answer::rounded`](super::answer::Answer::rounded) computes it, as part of the one answer for
//! a pair as given ([`super::answer`]).
//!
//! # Why the 15 candidate axes are no longer enough
//!
//! Sharp boxes are separated exactly when a candidate axis separates them. Rounded ones are
//! separated when the cores are more than `r` apart, and the cores' distance is attained along
//! the segment between their closest features, which for an edge and an edge, or a vertex and a
//! face not facing it, runs along a direction that is none of the candidates: the best candidate
//! gap less `r` ([`Cores::candidate_gap`](super::answer::Cores::candidate_gap)) then falls short of the true distance, and can
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
use super::obb::Obb;

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

/// The contact manifold of two rounded boxes: the cores' manifold with a margin of both radii
/// (plus `params.margin`), each point's separation less `ra + rb` and moved by `(ra − rb) / 2`
/// along the normal, midway between the rounded surfaces (Box2D v3, `manifold.c`); points
/// further apart than `params.margin` are dropped. `None` when no point is left. Its axis choice
/// gives the gaps of the shadows grown by the radii ([`super::manifold::AxisChoice::grown`]).
pub fn rounded_manifold<B: Obb>(
    a: &B,
    ra: f32,
    b: &B,
    rb: f32,
    params: &ManifoldParams,
) -> Option<Manifold<B::Vec>> {
    let r = ra + rb;
    if r == 0.0 {
        // radius 0 is the sharp box: its own manifold, to the bit
        return B::manifold(a, b, params);
    }
    let cores = B::manifold(a, b, &params.with_margin(params.margin + r))?;
    let n = cores.normal;
    let mut out = Manifold::new(n, cores.choice.grown(r));
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

#[cfg(test)]
mod tests {
    use glam::{Quat, Vec3};

    use super::*;
    use crate::sat::Obb3;

    fn cube(at: Vec3, turn: Quat) -> Obb3 {
        Obb3::new(at, Vec3::ONE, turn).unwrap()
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
