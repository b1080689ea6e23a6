//! The plain method, in `f64`: project every corner of both boxes onto every normalised candidate
//! axis and compare the resulting min/max intervals (the vertex-projection post: "依次将多边形 A 和 B 的所有顶点 …
//! 投影到这个分离轴上 … 记录最小值和最大值").
//!
//! It shares no arithmetic with [`super::dim2::report`] or
//! [`super::dim3::report`] beyond the choice of candidate axes, which makes it the
//! oracle for the tests and for the app's live cross-check. Slow on purpose: 16 projections per axis.
//!
//! [`manifold`] builds the contact manifold in `f64` the same way by another route.

use glam::{DMat3, DQuat, DVec2, DVec3};

use super::{dim2, dim3, AxisKind, Obb2, Obb3};

pub mod manifold;

pub use manifold::{
    compare as compare_manifolds, manifold2, manifold3, Box64, ManifoldAgreement, ReferenceContact,
    ReferenceManifold,
};

/// One axis as the reference sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReferenceAxis {
    /// What the axis is made of (same order as the fast reports).
    pub kind: AxisKind,
    /// The unit axis in `f64` (2D axes have `z = 0`); zero when degenerate.
    pub axis: DVec3,
    /// The cross product was shorter than the threshold.
    pub degenerate: bool,
    /// A's shadow `[min, max]` over its corners.
    pub a: (f64, f64),
    /// B's shadow `[min, max]` over its corners.
    pub b: (f64, f64),
    /// Distance between the shadows: positive when disjoint, minus the overlap otherwise.
    pub gap: f64,
}

impl ReferenceAxis {
    /// Positive gap on a non-degenerate axis.
    pub fn is_separating(&self) -> bool {
        !self.degenerate && self.gap > 0.0
    }
}

/// The reference verdict for one pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ReferenceReport {
    /// Every candidate axis in test order.
    pub axes: Vec<ReferenceAxis>,
    /// No axis separates.
    pub intersect: bool,
    /// Lowest index with a positive gap.
    pub first_separating: Option<usize>,
    /// When intersecting: the non-degenerate axis of least overlap (ties: lowest index).
    pub min_axis: Option<usize>,
    /// When intersecting: the overlap on `min_axis`.
    pub depth: Option<f64>,
    /// When intersecting: `min_axis` oriented from A's centre towards B's.
    pub normal: Option<DVec3>,
}

/// Reference report of a 2D pair.
pub fn report2(a: &Obb2, b: &Obb2) -> ReferenceReport {
    let corners = |o: &Obb2| -> Vec<DVec3> {
        let c = DVec2::new(o.center.x as f64, o.center.y as f64);
        let (s, co) = (o.angle as f64).sin_cos();
        let (u0, u1) = (DVec2::new(co, s), DVec2::new(-s, co));
        let (ex, ey) = (o.half_extents.x as f64, o.half_extents.y as f64);
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .iter()
            .map(|(sx, sy)| (c + u0 * (sx * ex) + u1 * (sy * ey)).extend(0.0))
            .collect()
    };
    let axes_of = |o: &Obb2| {
        let (s, c) = (o.angle as f64).sin_cos();
        [DVec3::new(c, s, 0.0), DVec3::new(-s, c, 0.0)]
    };
    let (ua, ub) = (axes_of(a), axes_of(b));
    let axes: Vec<(AxisKind, DVec3, bool)> = (0..dim2::AXIS_COUNT)
        .map(|i| {
            let kind = dim2::axis_kind(i);
            let axis = match kind {
                AxisKind::FaceA(k) => ua[k],
                _ => ub[i - 2],
            };
            (kind, axis, false)
        })
        .collect();
    let center = |o: &Obb2| DVec3::new(o.center.x as f64, o.center.y as f64, 0.0);
    project_all(&corners(a), &corners(b), center(b) - center(a), &axes)
}

/// Reference report of a 3D pair, with edge axes shorter than `degenerate_threshold` (before
/// normalisation) flagged degenerate.
pub fn report3(a: &Obb3, b: &Obb3, degenerate_threshold: f64) -> ReferenceReport {
    let axes_of = |o: &Obb3| {
        let q = o.rotation;
        let m = DMat3::from_quat(
            DQuat::from_xyzw(q.x as f64, q.y as f64, q.z as f64, q.w as f64).normalize(),
        );
        [m.x_axis, m.y_axis, m.z_axis]
    };
    let (ua, ub) = (axes_of(a), axes_of(b));
    let corners = |o: &Obb3, u: &[DVec3; 3]| -> Vec<DVec3> {
        let c = o.center.as_dvec3();
        let e = o.half_extents.as_dvec3();
        (0..8)
            .map(|k| {
                let s = |bit: usize| if k & (1 << bit) != 0 { 1.0 } else { -1.0 };
                c + u[0] * (s(0) * e.x) + u[1] * (s(1) * e.y) + u[2] * (s(2) * e.z)
            })
            .collect()
    };
    let axes: Vec<(AxisKind, DVec3, bool)> = (0..dim3::AXIS_COUNT)
        .map(|i| {
            let kind = dim3::axis_kind(i);
            match kind {
                AxisKind::FaceA(k) => (kind, ua[k], false),
                AxisKind::FaceB(k) => (kind, ub[k], false),
                AxisKind::Edge(i, j) => {
                    let c = ua[i].cross(ub[j]);
                    let len = c.length();
                    if len < degenerate_threshold {
                        (kind, DVec3::ZERO, true)
                    } else {
                        (kind, c / len, false)
                    }
                }
            }
        })
        .collect();
    project_all(
        &corners(a, &ua),
        &corners(b, &ub),
        b.center.as_dvec3() - a.center.as_dvec3(),
        &axes,
    )
}

/// Projects both corner sets on every axis and draws the verdicts.
fn project_all(
    corners_a: &[DVec3],
    corners_b: &[DVec3],
    t: DVec3,
    axes: &[(AxisKind, DVec3, bool)],
) -> ReferenceReport {
    let shadow = |corners: &[DVec3], axis: DVec3| {
        corners
            .iter()
            .map(|c| c.dot(axis))
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                (lo.min(p), hi.max(p))
            })
    };
    let axes: Vec<ReferenceAxis> = axes
        .iter()
        .map(|&(kind, axis, degenerate)| {
            let a = shadow(corners_a, axis);
            let b = shadow(corners_b, axis);
            ReferenceAxis {
                kind,
                axis,
                degenerate,
                a,
                b,
                gap: (b.0 - a.1).max(a.0 - b.1),
            }
        })
        .collect();
    let first_separating = axes.iter().position(|a| a.is_separating());
    let intersect = first_separating.is_none();
    let min_axis = if intersect {
        axes.iter()
            .enumerate()
            .filter(|(_, a)| !a.degenerate)
            .fold(None::<(usize, f64)>, |best, (i, a)| match best {
                Some((_, g)) if g >= a.gap => best,
                _ => Some((i, a.gap)),
            })
            .map(|(i, _)| i)
    } else {
        None
    };
    // the least overlap is the largest (least negative) gap
    let depth = min_axis.map(|i| -axes[i].gap);
    let normal = min_axis.map(|i| {
        let l = axes[i].axis;
        if t.dot(l) < 0.0 {
            -l
        } else {
            l
        }
    });
    ReferenceReport {
        axes,
        intersect,
        first_separating,
        min_axis,
        depth,
        normal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{Vec2, Vec3};

    #[test]
    fn unit_squares_two_apart_on_x_touch() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(2.0, 0.0),
            ..Default::default()
        };
        let r = report2(&a, &b);
        assert!(r.intersect);
        assert_eq!(r.axes[0].gap, 0.0);
        assert_eq!(r.depth, Some(0.0));
    }

    #[test]
    fn aligned_cubes_flag_the_three_parallel_edge_pairs() {
        let a = Obb3::default();
        let b = Obb3::axis_aligned(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE);
        let r = report3(&a, &b, 1e-3);
        let degenerate: Vec<usize> = (0..15).filter(|&i| r.axes[i].degenerate).collect();
        assert_eq!(degenerate, vec![6, 10, 14]);
        assert_eq!(r.first_separating, Some(0));
        assert!((r.axes[0].gap - 1.0).abs() < 1e-12);
    }
}
