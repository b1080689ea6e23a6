//! parry's answers for a satbox pair (parry3d and parry2d 0.31), and where they differ from
//! satbox's, as plain data.
//!
//! For a validated [`Pair`], [`answer`] asks parry three questions about the same two cuboids and
//! poses:
//!
//! * `query::intersection_test`: do they intersect (for two cuboids parry runs its own SAT);
//! * `query::contact` with a prediction of 0: the penetration depth, the normal from A to B and a
//!   point on each shape, or nothing when they are apart;
//! * `query::contact_manifolds::contact_manifold_cuboid_cuboid` with a prediction of 0: the contact
//!   manifold a physics engine would use (up to 4 points in 3D, 2 in 2D), each with its separation
//!   and the two features (vertex, edge, face) that meet there.
//!
//! [`compare`] lists each [`Disagreement`] with satbox's report and its size: the verdict (unless
//! satbox calls the pair touching, where either answer is right), the depth, and the normal when
//! parry's normal is not an equally short way out.
//!
//! # A known finding: parry3d's depth
//!
//! parry3d's cuboid–cuboid `contact` goes through GJK and EPA rather than SAT, and on a few pairs
//! in a thousand EPA stops at a face inside the Minkowski difference: the depth it returns is too
//! shallow, and moving B by it along its normal leaves the boxes overlapping. In satbox's benchmark
//! ([`PARRY3D_SHALLOW_DEPTH`]) that was 9 of 9,334 intersecting pairs, up to 0.126 short (1.738
//! where the true depth is 1.864). A depth disagreement of that kind in 3D carries that sentence.
//! parry2d's `contact` agreed with the reference on every pair.
//!
//! parry keeps its own copy of glam; boxes cross that boundary as plain arrays.

use glam::{Vec2, Vec3};
use parry2d::math as p2;
use parry3d::math as p3;

use crate::sat::{dim2, dim3, Obb2, Obb3};
use crate::scene::number::unsigned_zero;
use crate::scene::Pair;

/// What is known about parry3d's depth, with the benchmark's numbers.
pub const PARRY3D_SHALLOW_DEPTH: &str = "parry3d 0.31's cuboid-cuboid contact goes through GJK/EPA and returns too shallow a depth on a few pairs in a thousand (9 of 9,334 intersecting pairs in satbox's benchmark, up to 0.126 short): moving B by it leaves the boxes overlapping";

/// Angle between satbox's and parry's normals below which they are the same normal.
pub const NORMAL_TOLERANCE_DEGREES: f32 = 1.0;

/// parry's contact for the pair (`query::contact`, prediction 0), in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct ParryContact {
    /// Penetration depth, `−dist` (0 when touching).
    pub depth: f32,
    /// Unit normal from A towards B (parry's `normal1`).
    pub normal: Vec<f32>,
    /// parry's `point1`, on A.
    pub point_a: Vec<f32>,
    /// parry's `point2`, on B.
    pub point_b: Vec<f32>,
}

/// One point of parry's contact manifold, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct ParryPoint {
    /// Midway between parry's point on A and its point on B.
    pub point: Vec<f32>,
    /// parry's `dist`: negative when penetrating.
    pub separation: f32,
    /// The feature of A: `"face 2"`, `"edge 5"`, `"vertex 3"`.
    pub feature_a: String,
    /// The feature of B.
    pub feature_b: String,
}

/// parry's contact manifold for the pair (`contact_manifold_cuboid_cuboid`, prediction 0).
#[derive(Clone, Debug, PartialEq)]
pub struct ParryManifold {
    /// Unit normal from A towards B, in world coordinates.
    pub normal: Vec<f32>,
    /// Its points (at most 4 in 3D, 2 in 2D).
    pub points: Vec<ParryPoint>,
}

/// Everything parry says about the pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ParryAnswer {
    /// `query::intersection_test`.
    pub intersect: bool,
    /// `query::contact` with prediction 0; `None` when parry finds them apart.
    pub contact: Option<ParryContact>,
    /// The contact manifold; `None` when it has no points.
    pub manifold: Option<ParryManifold>,
}

fn vec3(v: p3::Vector) -> Vec<f32> {
    v.to_array().map(unsigned_zero).to_vec()
}

fn vec2(v: p2::Vector) -> Vec<f32> {
    v.to_array().map(unsigned_zero).to_vec()
}

fn feature(id: parry3d::shape::FeatureId) -> String {
    use parry3d::shape::FeatureId;
    match id {
        FeatureId::Vertex(k) => format!("vertex {k}"),
        FeatureId::Edge(k) => format!("edge {k}"),
        FeatureId::Face(k) => format!("face {k}"),
        FeatureId::Unknown => "unknown".into(),
    }
}

fn feature2(id: parry2d::shape::FeatureId) -> String {
    use parry2d::shape::FeatureId;
    match id {
        FeatureId::Vertex(k) => format!("vertex {k}"),
        FeatureId::Face(k) => format!("face {k}"),
        FeatureId::Unknown => "unknown".into(),
    }
}

/// The parry3d pose and cuboid of a box (through plain arrays: parry has its own glam).
pub fn to_parry3(o: &Obb3) -> (p3::Pose, parry3d::shape::Cuboid) {
    let [x, y, z, w] = o.rotation.to_array();
    (
        p3::Pose::from_parts(
            p3::Vector::from_array(o.center.to_array()),
            p3::Rotation::from_xyzw(x, y, z, w),
        ),
        parry3d::shape::Cuboid::new(p3::Vector::from_array(o.half_extents.to_array())),
    )
}

/// The parry2d pose and cuboid of a rectangle.
pub fn to_parry2(o: &Obb2) -> (p2::Pose, parry2d::shape::Cuboid) {
    (
        p2::Pose::new(p2::Vector::from_array(o.center.to_array()), o.angle),
        parry2d::shape::Cuboid::new(p2::Vector::from_array(o.half_extents.to_array())),
    )
}

fn answer3(a: &Obb3, b: &Obb3) -> ParryAnswer {
    use parry3d::query;
    let ((pa, ca), (pb, cb)) = (to_parry3(a), to_parry3(b));
    // cuboids are supported by every query: an unsupported answer would be a parry bug, and is
    // shown as "no contact" rather than a panic
    let intersect = query::intersection_test(&pa, &ca, &pb, &cb)
        .map(|i| i.intersecting)
        .unwrap_or(false);
    let contact = query::contact(&pa, &ca, &pb, &cb, 0.0)
        .ok()
        .flatten()
        .map(|c| ParryContact {
            depth: unsigned_zero(-c.dist),
            normal: vec3(c.normal1),
            point_a: vec3(c.point1),
            point_b: vec3(c.point2),
        });
    let pos12 = pa.inv_mul(&pb);
    let mut m = query::ContactManifold::<(), ()>::new();
    query::details::contact_manifold_cuboid_cuboid(&pos12, &ca, &cb, 0.0, &mut m);
    let manifold = (!m.points.is_empty()).then(|| ParryManifold {
        normal: vec3(pa.rotation * m.local_n1),
        points: m
            .points
            .iter()
            .map(|p| ParryPoint {
                point: vec3(
                    (pa.transform_point(p.local_p1) + pb.transform_point(p.local_p2)) * 0.5,
                ),
                separation: unsigned_zero(p.dist),
                feature_a: feature(p.fid1.unpack()),
                feature_b: feature(p.fid2.unpack()),
            })
            .collect(),
    });
    ParryAnswer {
        intersect,
        contact,
        manifold,
    }
}

fn answer2(a: &Obb2, b: &Obb2) -> ParryAnswer {
    use parry2d::query;
    let ((pa, ca), (pb, cb)) = (to_parry2(a), to_parry2(b));
    let intersect = query::intersection_test(&pa, &ca, &pb, &cb)
        .map(|i| i.intersecting)
        .unwrap_or(false);
    let contact = query::contact(&pa, &ca, &pb, &cb, 0.0)
        .ok()
        .flatten()
        .map(|c| ParryContact {
            depth: unsigned_zero(-c.dist),
            normal: vec2(c.normal1),
            point_a: vec2(c.point1),
            point_b: vec2(c.point2),
        });
    let pos12 = pa.inv_mul(&pb);
    let mut m = query::ContactManifold::<(), ()>::new();
    query::details::contact_manifold_cuboid_cuboid(&pos12, &ca, &cb, 0.0, &mut m);
    let manifold = (!m.points.is_empty()).then(|| ParryManifold {
        normal: vec2(pa.rotation.transform_vector(m.local_n1)),
        points: m
            .points
            .iter()
            .map(|p| ParryPoint {
                point: vec2(
                    (pa.transform_point(p.local_p1) + pb.transform_point(p.local_p2)) * 0.5,
                ),
                separation: unsigned_zero(p.dist),
                feature_a: feature2(p.fid1.unpack()),
                feature_b: feature2(p.fid2.unpack()),
            })
            .collect(),
    });
    ParryAnswer {
        intersect,
        contact,
        manifold,
    }
}

/// parry's answer for a validated pair.
pub fn answer(pair: &Pair) -> ParryAnswer {
    match pair {
        Pair::Three(a, b) => answer3(a, b),
        Pair::Two(a, b) => answer2(a, b),
    }
}

/// One way parry's answer differs from satbox's, with its size.
#[derive(Clone, Debug, PartialEq)]
pub enum Disagreement {
    /// Intersecting or not. Never reported when satbox calls the pair touching.
    Verdict {
        /// satbox's verdict.
        satbox: bool,
        /// parry's `intersection_test`.
        parry: bool,
        /// How far from touching satbox finds the pair: the largest separating gap, or the depth.
        margin: f32,
    },
    /// Both intersect, with depths further apart than [`depth_tolerance`].
    Depth {
        /// satbox's depth (the least overlap over the candidate axes: the true depth).
        satbox: f32,
        /// parry's `contact` depth.
        parry: f32,
        /// The boxes are 3D and parry's depth is the shallower: the known GJK/EPA case.
        known_shallow: bool,
    },
    /// parry's normal is more than [`NORMAL_TOLERANCE_DEGREES`] from satbox's and is not an
    /// equally short way out: the boxes overlap by more than satbox's depth along it.
    Normal {
        /// The angle between the two normals.
        degrees: f32,
        /// How deep the boxes overlap along parry's normal.
        overlap_along_parry: f32,
        /// satbox's depth, along satbox's normal.
        satbox_depth: f32,
    },
    /// The contact manifolds have different numbers of points (compared once satbox computes its
    /// own manifold; see [`compare_manifold_points`]).
    ManifoldPoints {
        /// satbox's point count.
        satbox: usize,
        /// parry's point count.
        parry: usize,
    },
}

impl Disagreement {
    /// `"verdict"`, `"depth"`, `"normal"` or `"manifold_points"`.
    pub fn what(&self) -> &'static str {
        match self {
            Disagreement::Verdict { .. } => "verdict",
            Disagreement::Depth { .. } => "depth",
            Disagreement::Normal { .. } => "normal",
            Disagreement::ManifoldPoints { .. } => "manifold_points",
        }
    }

    /// How big it is: the margin of a verdict, the difference of the depths, the angle between
    /// the normals in degrees, the difference of the point counts.
    pub fn size(&self) -> f32 {
        match self {
            Disagreement::Verdict { margin, .. } => *margin,
            Disagreement::Depth { satbox, parry, .. } => (satbox - parry).abs(),
            Disagreement::Normal { degrees, .. } => *degrees,
            Disagreement::ManifoldPoints { satbox, parry } => satbox.abs_diff(*parry) as f32,
        }
    }

    /// A known cause, when there is one ([`PARRY3D_SHALLOW_DEPTH`]).
    pub fn known_cause(&self) -> Option<&'static str> {
        match self {
            Disagreement::Depth {
                known_shallow: true,
                ..
            } => Some(PARRY3D_SHALLOW_DEPTH),
            _ => None,
        }
    }

    /// One sentence for the window.
    pub fn describe(&self) -> String {
        use crate::sat::fmt_num;
        let word = |i: bool| if i { "intersecting" } else { "separated" };
        match self {
            Disagreement::Verdict {
                satbox,
                parry,
                margin,
            } => format!(
                "verdict: satbox says {}, parry says {} ({} from touching)",
                word(*satbox),
                word(*parry),
                fmt_num(*margin)
            ),
            Disagreement::Depth { satbox, parry, .. } => format!(
                "depth: satbox {}, parry {} ({} {})",
                fmt_num(*satbox),
                fmt_num(*parry),
                fmt_num((satbox - parry).abs()),
                if parry < satbox { "short" } else { "deeper" }
            ),
            Disagreement::Normal {
                degrees,
                overlap_along_parry,
                satbox_depth,
            } => format!(
                "normal: {}° apart; along parry's normal the boxes overlap by {}, satbox's way out is {}",
                fmt_num(*degrees),
                fmt_num(*overlap_along_parry),
                fmt_num(*satbox_depth)
            ),
            Disagreement::ManifoldPoints { satbox, parry } => {
                format!("contact manifold: satbox has {satbox} points, parry {parry}")
            }
        }
    }
}

/// The size of the pair: `|T| + Σ e_A + Σ e_B`.
fn scale(pair: &Pair) -> f32 {
    match pair {
        Pair::Three(a, b) => {
            (b.center - a.center).length()
                + a.half_extents.element_sum()
                + b.half_extents.element_sum()
        }
        Pair::Two(a, b) => {
            (b.center - a.center).length()
                + a.half_extents.element_sum()
                + b.half_extents.element_sum()
        }
    }
}

/// How far apart two depths may be and still agree: `1e-4 · (1 + size of the pair)`, where the size
/// is `|T| + Σ e_A + Σ e_B` (parry2d agreed with the f64 reference to 1.6e-5 on pairs of size
/// about 10).
pub fn depth_tolerance(pair: &Pair) -> f32 {
    1e-4 * (1.0 + scale(pair))
}

/// What satbox finds, in the terms of a comparison.
struct Satbox {
    intersect: bool,
    touching: bool,
    margin: f32,
    depth: Option<(f32, Vec<f32>)>,
}

fn satbox_of(pair: &Pair) -> Satbox {
    fn of<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
        r: &crate::sat::SatReport<V, N>,
        to_vec: impl Fn(V) -> Vec<f32>,
    ) -> Satbox {
        let margin = match &r.penetration {
            Some(p) => p.depth,
            None => r
                .axes
                .iter()
                .filter(|a| a.is_separating())
                .map(|a| a.gap())
                .fold(0.0, f32::max),
        };
        Satbox {
            intersect: r.intersect,
            touching: r.touching(),
            margin,
            depth: r.penetration.map(|p| (p.depth, to_vec(p.normal))),
        }
    }
    match pair {
        Pair::Three(a, b) => of(&dim3::report(a, b), |v| v.to_array().to_vec()),
        Pair::Two(a, b) => of(&dim2::report(a, b), |v| v.to_array().to_vec()),
    }
}

/// How deep the boxes overlap along a unit direction: `ra + rb − |T·n|`.
fn overlap_along(pair: &Pair, n: &[f32]) -> f32 {
    match pair {
        Pair::Three(a, b) => {
            let n = Vec3::from_slice(n);
            a.projected_radius(n) + b.projected_radius(n) - (b.center - a.center).dot(n).abs()
        }
        Pair::Two(a, b) => {
            let n = Vec2::from_slice(n);
            a.projected_radius(n) + b.projected_radius(n) - (b.center - a.center).dot(n).abs()
        }
    }
}

fn degrees_between(u: &[f32], v: &[f32]) -> f32 {
    let dot: f32 = u.iter().zip(v).map(|(a, b)| a * b).sum();
    dot.clamp(-1.0, 1.0).acos().to_degrees()
}

/// Each way parry's answer differs from satbox's report of the same pair, in the order verdict,
/// depth, normal. Empty when they agree.
pub fn compare(pair: &Pair, parry: &ParryAnswer) -> Vec<Disagreement> {
    let s = satbox_of(pair);
    let mut out = Vec::new();
    if !s.touching && s.intersect != parry.intersect {
        out.push(Disagreement::Verdict {
            satbox: s.intersect,
            parry: parry.intersect,
            margin: s.margin,
        });
    }
    if let (Some((depth, normal)), Some(c)) = (&s.depth, &parry.contact) {
        let tol = depth_tolerance(pair);
        if (depth - c.depth).abs() > tol {
            out.push(Disagreement::Depth {
                satbox: *depth,
                parry: c.depth,
                known_shallow: pair.mode() == crate::scene::Mode::Three && c.depth < *depth,
            });
        }
        let degrees = degrees_between(normal, &c.normal);
        let along = overlap_along(pair, &c.normal);
        if degrees > NORMAL_TOLERANCE_DEGREES && along - depth > tol {
            out.push(Disagreement::Normal {
                degrees,
                overlap_along_parry: along,
                satbox_depth: *depth,
            });
        }
    }
    out
}

/// The manifold comparison: a disagreement when satbox's contact manifold of `pair` (computed
/// elsewhere) has `satbox_points` points and parry's has another number. `check --compare parry`
/// adds it to [`compare`]'s list once satbox's own manifold is part of its answer. Points on one
/// side and none on the other are not a disagreement when satbox calls the pair touching: within
/// rounding of zero gap, either answer is right (as for the verdict).
pub fn compare_manifold_points(
    pair: &Pair,
    satbox_points: usize,
    parry: &ParryAnswer,
) -> Option<Disagreement> {
    let parry_points = parry.manifold.as_ref().map_or(0, |m| m.points.len());
    if satbox_points == parry_points
        || (satbox_points.min(parry_points) == 0 && satbox_of(pair).touching)
    {
        return None;
    }
    Some(Disagreement::ManifoldPoints {
        satbox: satbox_points,
        parry: parry_points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Quat;

    fn cube(center: Vec3, half: f32, rotation: Quat) -> Obb3 {
        Obb3::new(center, Vec3::splat(half), rotation).unwrap()
    }

    #[test]
    fn parry_agrees_on_a_face_face_overlap_with_four_manifold_points() {
        let pair = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(0.2, 1.9, -0.1), 1.0, Quat::IDENTITY),
        );
        let p = answer(&pair);
        assert!(p.intersect);
        let c = p.contact.as_ref().unwrap();
        assert!((c.depth - 0.1).abs() < 1e-5, "{c:?}");
        assert_eq!(c.normal, vec![0.0, 1.0, 0.0]);
        let m = p.manifold.as_ref().unwrap();
        assert_eq!(m.points.len(), 4);
        assert!(m.points.iter().all(|q| (q.separation + 0.1).abs() < 1e-5));
        // points lie midway, at y = 0.95
        assert!(
            m.points.iter().all(|q| (q.point[1] - 0.95).abs() < 1e-5),
            "{m:?}"
        );
        assert_eq!(compare(&pair, &p), vec![]);
        assert_eq!(compare_manifold_points(&pair, 4, &p), None);
        assert_eq!(
            compare_manifold_points(&pair, 2, &p),
            Some(Disagreement::ManifoldPoints {
                satbox: 2,
                parry: 4
            })
        );
    }

    #[test]
    fn parry_agrees_on_separated_and_2d_pairs() {
        let apart = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(3.0, 0.0, 0.0), 1.0, Quat::from_rotation_z(0.3)),
        );
        let p = answer(&apart);
        assert!(!p.intersect && p.contact.is_none() && p.manifold.is_none());
        assert_eq!(compare(&apart, &p), vec![]);
        let two = Pair::Two(
            Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap(),
            Obb2::new(Vec2::new(1.5, 0.25), Vec2::ONE, 0.0).unwrap(),
        );
        let p = answer(&two);
        assert!(p.intersect);
        assert!((p.contact.as_ref().unwrap().depth - 0.5).abs() < 1e-5);
        assert_eq!(p.manifold.as_ref().unwrap().points.len(), 2);
        assert_eq!(compare(&two, &p), vec![]);
    }

    /// A pair on which parry3d's EPA stops 0.157 short (found by scanning seeded random
    /// overlapping pairs, as the benchmark does).
    const SHALLOW_CASE: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1.518946,0.9340308,0.25878918],"rotation":[0.77224326,0.46140754,0.32082605,-0.29633445]},"b":{"center":[0.7212764,-0.71368563,0.14598837],"half_extents":[0.84906733,0.5522,1.5770404],"rotation":[-0.12507834,0.17065175,-0.96883315,0.12882482]}}"#;

    fn shallow_pair() -> Pair {
        crate::scene::pair_from_json(SHALLOW_CASE).unwrap()
    }

    #[test]
    fn parry3d_shallow_depth_is_reported_with_its_size_and_known_cause() {
        let pair = shallow_pair();
        let p = answer(&pair);
        let found = compare(&pair, &p);
        let depth = found
            .iter()
            .find(|d| d.what() == "depth")
            .unwrap_or_else(|| panic!("no depth disagreement in {found:?}"));
        assert!(depth.size() > 0.01, "{depth:?}");
        assert_eq!(depth.known_cause(), Some(PARRY3D_SHALLOW_DEPTH));
        assert!(depth.describe().contains("short"), "{}", depth.describe());
    }

    #[test]
    fn a_touching_pair_is_never_a_verdict_disagreement() {
        let pair = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(2.0, 0.5, 0.0), 1.0, Quat::IDENTITY),
        );
        let p = answer(&pair);
        assert!(compare(&pair, &p).iter().all(|d| d.what() != "verdict"));
    }

    #[test]
    fn a_pair_touching_within_rounding_may_have_points_on_one_side_and_none_on_the_other() {
        // aligned boxes whose gap rounds to 4.8e-7 on satbox's side and -3.6e-7 on parry's
        let q = Quat::from_xyzw(0.5500392, -0.4739184, -0.6335752, 0.26728418);
        let pair = Pair::Three(
            Obb3::new(
                Vec3::new(-5.1494193, -1.1534958, 7.5981445),
                Vec3::new(1.8387682, 0.31016904, 0.9787856),
                q,
            )
            .unwrap(),
            Obb3::new(
                Vec3::new(-6.044443, -4.2076817, 6.022676),
                Vec3::new(1.7124593, 0.92724025, 1.0470576),
                q,
            )
            .unwrap(),
        );
        let Pair::Three(a, b) = &pair else {
            unreachable!()
        };
        assert!(crate::sat::dim3::report(a, b).touching());
        let satbox = crate::sat::dim3::manifold(a, b).map_or(0, |m| m.len());
        let p = answer(&pair);
        let parry = p.manifold.as_ref().map_or(0, |m| m.points.len());
        assert_ne!(satbox, parry, "the two sides of rounding");
        assert_eq!(compare_manifold_points(&pair, satbox, &p), None);
        // a pair that clearly intersects still counts its points
        let deep = Pair::Three(
            *a,
            Obb3 {
                center: a.center,
                ..*b
            },
        );
        let p = answer(&deep);
        assert!(compare_manifold_points(&deep, 0, &p).is_some());
    }

    #[test]
    fn a_tie_between_two_normals_is_not_a_normal_disagreement() {
        // B inside A on the diagonal: A.u0 and A.u1 give the same way out
        let pair = Pair::Two(
            Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap(),
            Obb2::new(Vec2::new(0.5, 0.5), Vec2::splat(0.25), 0.0).unwrap(),
        );
        let p = answer(&pair);
        assert!(compare(&pair, &p).iter().all(|d| d.what() != "normal"));
    }

    #[test]
    fn a_wrong_normal_is_measured_by_how_deep_the_boxes_overlap_along_it() {
        let pair = Pair::Two(
            Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap(),
            Obb2::new(Vec2::new(1.9, 0.0), Vec2::ONE, 0.0).unwrap(),
        );
        let wrong = ParryAnswer {
            intersect: true,
            contact: Some(ParryContact {
                depth: 0.1,
                normal: vec![0.0, 1.0],
                point_a: vec![0.0, 0.0],
                point_b: vec![0.0, 0.0],
            }),
            manifold: None,
        };
        let found = compare(&pair, &wrong);
        assert_eq!(found.len(), 1, "{found:?}");
        let Disagreement::Normal {
            degrees,
            overlap_along_parry,
            ..
        } = found[0]
        else {
            panic!("{found:?}")
        };
        assert!((degrees - 90.0).abs() < 1e-3);
        assert!((overlap_along_parry - 2.0).abs() < 1e-5);
    }
}
