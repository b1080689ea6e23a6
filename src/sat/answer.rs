//! The answer for a pair of boxes as given: one truth, computed once, that every reader of a pair
//! reads (`check`'s top-level fields, the window's headline and sections, the engines'
//! comparison, the bands, the cross-check).
//!
//! Every box is a core plus a radius, as Box2D v3 treats every shape (`b2Polygon`'s `radius`): the
//! core is the box given by its centre, half extents and rotation, and the box's surface is the
//! core grown by a sphere of its radius. Radius 0 is the sharp box, and then the answer is the
//! SAT report's conclusions to the bit ([`Answer::sharp`]). With a radius the answer comes from
//! the cores' exact distance and SAT depth ([`super::rounded`], [`Answer::rounded`]).
//!
//! The SAT report ([`Obb::report`]) stays what it is: the cores' candidate axes, which explain
//! the answer. Seen with the radii, each axis's shadows grow by each box's radius
//! ([`AxisTest::grown`](super::AxisTest::grown)); an axis whose grown shadows are apart separates
//! the boxes as given ([`Answer::first_separating`]). Where the answer needs more than the
//! candidates (rounded boxes whose cores are apart) [`Answer::cores`] says what the cores are.

use super::distance::Separation;
use super::manifold::{Manifold, ManifoldParams};
use super::obb::{Obb, Report};
use super::reference::ReferenceManifold;
use super::vector::Vector;
use super::{AxisTest, SatParams, SatVerdicts};

/// The answer for two boxes as given, each a core plus a radius (0: sharp).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Answer<V> {
    /// Box A's and box B's radius.
    pub radii: [f32; 2],
    /// The boxes overlap or touch: no candidate axis separates them and, with radii, their
    /// cores are no further apart than both radii.
    pub intersect: bool,
    /// Their surfaces meet, the gap zero to within the rounding of `f32` at their size.
    pub touching: bool,
    /// The lowest candidate axis whose shadows, each grown by its box's radius, are apart: where
    /// an early-out test of the boxes as given stops.
    pub first_separating: Option<usize>,
    /// Bit `k` set when candidate axis `k` separates the boxes as given.
    pub separating_mask: u16,
    /// How deep they overlap, when they intersect.
    pub depth: Option<f32>,
    /// The way out, from A towards B, when they intersect.
    pub normal: Option<V>,
    /// The candidate axis the depth is measured along (the cores' axis of least penetration);
    /// `None` where the depth lies along no candidate (rounded boxes whose cores are apart: along
    /// the cores' closest points).
    pub axis: Option<usize>,
    /// The exact distance between the surfaces: 0 when they intersect or touch.
    pub distance: f32,
    /// The closest points of the surfaces, on A and on B, when they are apart.
    pub closest_points: Option<[V; 2]>,
    /// The contact manifold (points midway between the surfaces); `None` when they are apart
    /// beyond the margin.
    pub manifold: Option<Manifold<V>>,
    /// For rounded boxes, what their cores are: how the answer follows from them.
    pub cores: Option<Cores>,
}

/// What the sharp cores of two rounded boxes are, which their answer follows from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cores {
    /// The cores overlap (the depth is then their SAT depth plus both radii).
    pub overlap: bool,
    /// The cores' exact distance (0 when they overlap).
    pub distance: f32,
    /// The cores' SAT depth, when they overlap.
    pub depth: Option<f32>,
    /// The best candidate axis's gap less both radii: what the candidate axes alone say of the
    /// rounded boxes. At most the distance, and short of it whenever the cores' closest features
    /// meet along no candidate ([`super::rounded`]).
    pub candidate_gap: f32,
}

impl<V: Vector> Answer<V> {
    /// The answer for `a` and `b` with radii `radii` (0: sharp), its contact built with `params`.
    pub fn of<B: Obb<Vec = V>>(a: &B, b: &B, radii: [f32; 2], params: &ManifoldParams) -> Self {
        if radii == [0.0; 2] {
            Self::of_verdicts(a, b, &B::verdicts(a, b, &SatParams::default()), params)
        } else {
            Self::rounded(a, b, radii, params)
        }
    }

    /// The answer for sharp boxes `a` and `b` from the report's conclusions, their manifold built
    /// with `params` only where the verdicts do not already say the boxes do not meet (the one
    /// rule of meeting, [`SatVerdicts::meets`]).
    pub fn of_verdicts<B: Obb<Vec = V>>(
        a: &B,
        b: &B,
        v: &SatVerdicts<V>,
        params: &ManifoldParams,
    ) -> Self {
        let manifold = match v.meets(params.margin) {
            Some(false) => None,
            _ => B::manifold(a, b, params),
        };
        Self::sharp(a, b, v, manifold)
    }

    /// The answer for sharp boxes `a` and `b` from the report's conclusions and their contact
    /// manifold (each computed once by the caller): the same numbers to the bit. Their exact
    /// distance is searched only where the verdicts call them apart.
    pub fn sharp<B: Obb<Vec = V>>(
        a: &B,
        b: &B,
        v: &SatVerdicts<V>,
        manifold: Option<Manifold<V>>,
    ) -> Self {
        let separation = if v.intersect {
            Separation::intersecting()
        } else {
            B::separation_apart(a, b)
        };
        Self {
            radii: [0.0; 2],
            intersect: v.intersect,
            touching: v.touching,
            first_separating: v.first_separating,
            separating_mask: v.separating_mask,
            depth: v.penetration.map(|p| p.depth),
            normal: v.penetration.map(|p| p.normal),
            axis: v.penetration.map(|p| p.axis_index),
            distance: if v.touching { 0.0 } else { separation.distance },
            closest_points: separation.closest_points,
            manifold,
            cores: None,
        }
    }

    /// The answer for rounded boxes: the cores `a` and `b` grown by `ra` and `rb`.
    ///
    /// With `r = ra + rb` and the cores' exact distance `d`: they intersect when no candidate
    /// separates their grown shadows and the cores overlap or `d ≤ r`; apart, their distance is
    /// `d − r` along the cores' closest points, each moved out by its radius; overlapping, the
    /// depth is the cores' SAT depth `+ r` along the cores' normal when the cores overlap, else
    /// `r − d` along the cores' closest points. Touching: that signed distance within
    /// [`rounded_band`].
    pub fn rounded<B: Obb<Vec = V>>(
        a: &B,
        b: &B,
        [ra, rb]: [f32; 2],
        params: &ManifoldParams,
    ) -> Self {
        let r = ra + rb;
        let report = B::report(a, b, &SatParams::default());
        let live = || report.axes().iter().filter(|t| !t.degenerate());
        let separating_mask = live()
            .filter(|t| t.gap() > r)
            .fold(0u16, |m, t| m | 1 << t.index());
        let first_separating =
            (separating_mask != 0).then(|| separating_mask.trailing_zeros() as usize);
        let candidate_gap = live().map(|t| t.gap()).fold(f32::NEG_INFINITY, f32::max) - r;
        let band = rounded_band(a, b, r);
        let manifold = super::rounded::rounded_manifold(a, ra, b, rb, params);
        if let Some(p) = report.penetration() {
            let depth = p.depth + r;
            return Self {
                radii: [ra, rb],
                intersect: true,
                touching: depth <= band,
                first_separating: None,
                separating_mask: 0,
                depth: Some(depth),
                normal: Some(p.normal),
                axis: Some(p.axis_index),
                distance: 0.0,
                closest_points: None,
                manifold,
                cores: Some(Cores {
                    overlap: true,
                    distance: 0.0,
                    depth: Some(p.depth),
                    candidate_gap,
                }),
            };
        }
        // (the report calls the cores apart here)
        let cores = B::separation_apart(a, b);
        let d = cores.distance;
        let across = cores
            .closest_points
            .and_then(|[p, q]| unit(q - p))
            .or_else(|| first_separating.map(|k| oriented(&report, k, a, b)));
        let intersect = first_separating.is_none() && d <= r;
        let gap = d - r;
        let touching = gap.abs() <= band;
        Self {
            radii: [ra, rb],
            intersect,
            touching,
            first_separating,
            separating_mask,
            depth: intersect.then_some((r - d).max(0.0)),
            normal: if intersect { across } else { None },
            axis: None,
            distance: if intersect || touching {
                0.0
            } else {
                gap.max(0.0)
            },
            closest_points: match (intersect, cores.closest_points, across) {
                (false, Some([p, q]), Some(n)) => Some([p + n * ra, q - n * rb]),
                _ => None,
            },
            manifold,
            cores: Some(Cores {
                overlap: false,
                distance: d,
                depth: None,
                candidate_gap,
            }),
        }
    }

    /// The signed distance between the surfaces: the distance when apart, minus the depth when
    /// they intersect.
    pub fn separation(&self) -> f32 {
        self.depth.map_or(self.distance, |d| -d)
    }

    /// Both radii together.
    pub fn radius(&self) -> f32 {
        self.radii[0] + self.radii[1]
    }

    /// Whether candidate axis `index` separates the boxes as given.
    pub fn separates(&self, index: usize) -> bool {
        self.separating_mask & (1 << index) != 0
    }

    /// One sentence, given the cores' candidate `axes` ([`Obb::report`]): "Separated by axis 7:
    /// A.u0 × B.u1, gap 0.083", "Intersecting, depth 0.41 along B.u2", "Touching along A.u1 (gap
    /// 0 within rounding)"; for rounded boxes whose answer lies along no candidate, "Separated,
    /// distance 0.046" or "Intersecting, depth 0.02". For sharp boxes it is
    /// [`super::SatReport::verdict`] to the letter.
    pub fn verdict(&self, axes: &[AxisTest<V>]) -> String {
        let label = |k: usize| axes[k].kind().label();
        let [ra, rb] = self.radii;
        if self.touching {
            return match self.axis.or(self.first_separating) {
                Some(k) => format!("Touching along {} (gap 0 within rounding)", label(k)),
                None => "Touching (gap 0 within rounding)".to_string(),
            };
        }
        match (self.first_separating, self.axis, self.depth) {
            (Some(k), _, _) => format!(
                "Separated by axis {k}: {}, gap {}",
                label(k),
                super::fmt_num(axes[k].grown(ra, rb).gap())
            ),
            (None, Some(k), Some(d)) => {
                format!(
                    "Intersecting, depth {} along {}",
                    super::fmt_num(d),
                    label(k)
                )
            }
            (None, None, Some(d)) => format!("Intersecting, depth {}", super::fmt_num(d)),
            _ if self.intersect => "Intersecting".to_string(),
            _ => format!("Separated, distance {}", super::fmt_num(self.distance)),
        }
    }
}

/// The contact manifold of `a` and `b` with radii `radii` under `params`: the sharp boxes' for
/// radii 0, else the rounded boxes' ([`super::rounded::rounded_manifold`]). What the manifold
/// would be on another feature or margin, for views that try them.
pub fn manifold<B: Obb>(
    a: &B,
    b: &B,
    [ra, rb]: [f32; 2],
    params: &ManifoldParams,
) -> Option<Manifold<B::Vec>> {
    super::rounded::rounded_manifold(a, ra, b, rb, params)
}

/// The `f64` reference's answer for the boxes as given: the vertex-projection report of the cores
/// ([`Obb::reference`]), their exact distance in `f64` ([`Obb::distance_f64`]) and the radii.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reference {
    /// The boxes overlap or touch.
    pub intersect: bool,
    /// The signed distance between the surfaces: how far apart they are, or minus how deep they
    /// overlap (for sharp boxes apart: the largest gap of a non-degenerate candidate axis, the
    /// reference's deciding gap).
    pub separation: f64,
    /// How deep they overlap, when they do.
    pub depth: Option<f64>,
    /// The lowest candidate axis whose shadows, grown by the radii, are apart.
    pub first_separating: Option<usize>,
}

/// The `f64` reference's answer for `a` and `b` with radii `radii`, edge axes shorter than
/// `degenerate_threshold` degenerate.
pub fn reference<B: Obb>(a: &B, b: &B, [ra, rb]: [f32; 2], degenerate_threshold: f64) -> Reference {
    let cores = B::reference(a, b, degenerate_threshold);
    let r = ra as f64 + rb as f64;
    let live = || cores.axes.iter().enumerate().filter(|(_, x)| !x.degenerate);
    let first_separating = live().find(|(_, x)| x.gap > r).map(|(k, _)| k);
    let deciding = live().map(|(_, x)| x.gap).fold(f64::NEG_INFINITY, f64::max);
    if let Some(depth) = cores.depth {
        return Reference {
            intersect: true,
            separation: -(depth + r),
            depth: Some(depth + r),
            first_separating: None,
        };
    }
    if r == 0.0 {
        return Reference {
            intersect: false,
            separation: deciding,
            depth: None,
            first_separating,
        };
    }
    let gap = B::distance_f64(a, b) - r;
    let intersect = first_separating.is_none() && gap <= 0.0;
    Reference {
        intersect,
        separation: gap,
        depth: intersect.then_some(-gap),
        first_separating,
    }
}

/// The `f64` reference's contact manifold of `a` and `b` with radii `radii`: the cores'
/// ([`Obb::reference_manifold`]) built with a margin of both radii, each point's separation less
/// them and the point moved midway between the rounded surfaces, as
/// [`super::rounded::rounded_manifold`] does in `f32`.
pub fn reference_manifold<B: Obb>(
    a: &B,
    b: &B,
    [ra, rb]: [f32; 2],
    params: &ManifoldParams,
) -> Option<ReferenceManifold> {
    let r = ra + rb;
    if r == 0.0 {
        return B::reference_manifold(a, b, params);
    }
    let mut m = B::reference_manifold(a, b, &params.with_margin(params.margin + r))?;
    let (r, shift) = (r as f64, 0.5 * (ra as f64 - rb as f64));
    let n = m.normal;
    let push = |points: &mut Vec<super::reference::ReferenceContact>| {
        for p in points.iter_mut() {
            p.separation -= r;
            p.point += n * shift;
        }
        points.retain(|p| p.separation <= params.margin as f64);
    };
    push(&mut m.points);
    push(&mut m.candidates);
    m.depth += r;
    (!m.points.is_empty()).then_some(m)
}

/// The band inside which two rounded boxes' signed distance is zero as far as `f32` can tell:
/// the report's band of touching ([`super::SatReport::touching_band`]) with the pair's size
/// ([`super::scale`]) plus both radii `r` as the magnitude summed.
pub fn rounded_band<B: Obb>(a: &B, b: &B, r: f32) -> f32 {
    super::touching_band(
        super::scale(a, b) + r,
        0.0,
        0.0,
        a.center().length() + b.center().length(),
    )
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

    fn cube(at: Vec3) -> Obb3 {
        Obb3::new(at, Vec3::ONE, Quat::IDENTITY).unwrap()
    }

    fn answer(a: &Obb3, b: &Obb3, radii: [f32; 2]) -> Answer<Vec3> {
        Answer::of(a, b, radii, &ManifoldParams::default())
    }

    #[test]
    fn sharp_boxes_answer_the_reports_conclusions_to_the_bit() {
        let (a, b) = (
            cube(Vec3::ZERO),
            Obb3::new(
                Vec3::new(1.9, 0.3, 0.1),
                Vec3::ONE,
                Quat::from_rotation_x(0.3),
            )
            .unwrap(),
        );
        let r = crate::sat::dim3::report(&a, &b);
        let x = answer(&a, &b, [0.0; 2]);
        let p = r.penetration.unwrap();
        assert_eq!(
            (x.depth, x.normal, x.axis),
            (Some(p.depth), Some(p.normal), Some(p.axis_index))
        );
        assert_eq!(x.manifold, crate::sat::dim3::manifold(&a, &b));
        assert_eq!(x.cores, None);
    }

    #[test]
    fn face_to_face_cubes_with_radii_are_apart_by_the_gap_less_both_radii() {
        let x = answer(&cube(Vec3::ZERO), &cube(Vec3::X * 3.0), [0.1, 0.2]);
        assert!(!x.intersect && x.depth.is_none() && x.manifold.is_none());
        assert!((x.distance - 0.7).abs() < 1e-6, "{x:?}");
        let [p, q] = x.closest_points.unwrap();
        assert!(
            (p.x - 1.1).abs() < 1e-6 && (q.x - 1.8).abs() < 1e-6,
            "{p} {q}"
        );
        assert_eq!(x.first_separating, Some(0));
    }

    #[test]
    fn cores_apart_by_less_than_both_radii_overlap_by_the_difference_along_no_candidate() {
        // the pasted Jolt pair: cores 0.08 apart, radii 0.05 each
        let x = answer(&cube(Vec3::ZERO), &cube(Vec3::Y * 2.08), [0.05, 0.05]);
        assert!(x.intersect && !x.touching);
        assert!((x.depth.unwrap() - 0.02).abs() < 1e-5, "{x:?}");
        assert!((x.normal.unwrap() - Vec3::Y).length() < 1e-6);
        assert_eq!((x.axis, x.first_separating, x.distance), (None, None, 0.0));
        // every point of its contact is as deep as the answer
        let m = x.manifold.unwrap();
        assert_eq!(m.len(), 4);
        assert!(m
            .points()
            .iter()
            .all(|p| (p.separation + 0.02).abs() < 1e-5));
        let cores = x.cores.unwrap();
        assert!(!cores.overlap && (cores.distance - 0.08).abs() < 1e-5);
    }

    #[test]
    fn overlapping_cores_add_both_radii_to_the_sat_depth_on_the_same_axis() {
        let x = answer(&cube(Vec3::ZERO), &cube(Vec3::X * 1.5), [0.05, 0.05]);
        assert!(x.intersect && x.cores.unwrap().overlap);
        assert!((x.depth.unwrap() - 0.6).abs() < 1e-6, "{x:?}");
        assert_eq!(x.axis, Some(0));
    }

    #[test]
    fn corner_to_corner_no_candidate_separates_rounded_boxes_that_are_apart() {
        let x = answer(&cube(Vec3::ZERO), &cube(Vec3::splat(3.0)), [0.6, 0.6]);
        assert!(!x.intersect && x.first_separating.is_none(), "{x:?}");
        assert!((x.distance - (3f32.sqrt() - 1.2)).abs() < 1e-5, "{x:?}");
        assert!((x.cores.unwrap().candidate_gap + 0.2).abs() < 1e-5, "{x:?}");
    }

    #[test]
    fn rounded_boxes_whose_surfaces_just_meet_read_touching() {
        let x = answer(&cube(Vec3::ZERO), &cube(Vec3::X * 2.1), [0.05, 0.05]);
        assert!(x.touching, "{x:?}");
        assert_eq!(x.distance, 0.0);
    }

    #[test]
    fn rounded_rectangles_apart_by_the_gap_less_both_radii() {
        let a = Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap();
        let b = Obb2::new(Vec2::new(3.0, 0.5), Vec2::ONE, 0.0).unwrap();
        let x = Answer::of(&a, &b, [0.25, 0.25], &ManifoldParams::default());
        assert!(!x.intersect);
        assert!((x.distance - 0.5).abs() < 1e-6, "{x:?}");
    }
}
