//! parry's answers for a satbox pair (parry3d and parry2d 0.31), as an engine of the layer like
//! any other ([`Parry`]): its answer is compared with satbox's by the one comparison
//! ([`super::compare`]).
//!
//! For a validated pair, [`answer`] asks parry three questions about the same two cuboids and
//! poses (round cuboids, `RoundShape<Cuboid>`, for boxes with a radius):
//!
//! * `query::intersection_test`: do they intersect (for two cuboids parry runs its own SAT);
//! * `query::contact` with a prediction of 0: the penetration depth, the normal from A to B and a
//!   point on each shape, or nothing when they are apart;
//! * the contact manifold a physics engine would use, with a prediction of 0
//!   (`contact_manifold_cuboid_cuboid`, or `contact_manifold_pfm_pfm` with the border radii): up
//!   to 4 points in 3D, 2 in 2D, each with its separation and the two features (vertex, edge,
//!   face) that meet there;
//!
//! and, apart, `query::distance`.
//!
//! # A known finding: parry3d's depth
//!
//! parry3d's cuboid–cuboid `contact` goes through GJK and EPA rather than SAT, and on a few pairs
//! in a thousand EPA stops at a face inside the Minkowski difference: the depth it returns is too
//! shallow, and moving B by it along its normal leaves the boxes overlapping. In satbox's benchmark
//! ([`PARRY3D_SHALLOW_DEPTH`]) that was 9 of 9,334 intersecting pairs, up to 0.126 short (1.738
//! where the true depth is 1.864). A depth disagreement of that kind in 3D carries that sentence
//! ([`super::About::shallow_depth`]). parry2d's `contact` agreed with the reference on every pair.
//!
//! parry keeps its own copy of glam; boxes cross that boundary as plain arrays.

use glam::Vec3;
use parry2d::math as p2;
use parry3d::math as p3;

use super::{EngineAnswer, Question};
use crate::sat::{Obb, Obb2, Obb3, Vector};
use crate::scene::motion::MotionSpec;
use crate::scene::number::unsigned_zero;
use crate::scene::Pair;

/// What is known about parry3d's depth, with the benchmark's numbers.
pub const PARRY3D_SHALLOW_DEPTH: &str = "parry3d 0.31's cuboid-cuboid contact goes through GJK/EPA and returns too shallow a depth on a few pairs in a thousand (9 of 9,334 intersecting pairs in satbox's benchmark, up to 0.126 short): moving B by it leaves the boxes overlapping";

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
    /// `query::distance` when parry finds them apart.
    pub distance: Option<f32>,
}

/// A box parry can be asked about: the same cuboid and pose in parry's types, and parry's answer
/// for a pair of them. Implemented for [`Obb3`] (parry3d) and [`Obb2`] (parry2d) by the one source
/// below.
pub trait ParryBox: Obb + ToParry {
    /// parry's answer for the pair `a`, `b`, each grown by its radius (`radii`: 0 for a cuboid,
    /// else a round cuboid with that border radius).
    fn parry_answer(a: &Self, b: &Self, radii: [f32; 2]) -> ParryAnswer;
    /// parry's time of impact for the pair moving by `motion`: `query::cast_shapes` when neither
    /// box turns, else `query::cast_shapes_nonlinear` (both with penetration counted as a hit at
    /// time 0, as satbox does). `None` when parry finds no impact in the step.
    fn parry_cast(a: &Self, b: &Self, motion: &MotionSpec) -> Option<ParryCast>;
}

/// parry's time of impact for a moving pair.
#[derive(Clone, Debug, PartialEq)]
pub struct ParryCast {
    /// The time of impact in seconds.
    pub t: f32,
    /// parry's normal at the impact, on A (`normal1`), from A towards B.
    pub normal: Vec<f32>,
    /// `"cast_shapes"` or `"cast_shapes_nonlinear"`.
    pub query: &'static str,
}

/// parry's time of impact for a validated pair moving by `motion`.
pub fn cast(pair: &Pair, motion: &MotionSpec) -> Option<ParryCast> {
    struct Cast<'a>(&'a MotionSpec);
    impl ParryQuestion for Cast<'_> {
        type Answer = Option<ParryCast>;
        fn ask<B: ParryBox>(self, a: &B, b: &B) -> Self::Answer {
            B::parry_cast(a, b, self.0)
        }
    }
    ask_parry(pair, Cast(motion))
}

/// A question for parry about a pair of either dimension, written once over [`ParryBox`].
pub trait ParryQuestion {
    /// What the question returns.
    type Answer;
    /// The answer for the boxes `a` and `b`.
    fn ask<B: ParryBox>(self, a: &B, b: &B) -> Self::Answer;
}

/// Asks `question` of a validated pair: the one place parry's side takes a pair apart.
pub fn ask_parry<Q: ParryQuestion>(pair: &Pair, question: Q) -> Q::Answer {
    match pair {
        Pair::Three(a, b) => question.ask(a, b),
        Pair::Two(a, b) => question.ask(a, b),
    }
}

/// A feature of a cuboid in words: `"face 2"`, `"edge 5"`, `"vertex 3"`.
trait FeatureName {
    fn name(self) -> String;
}

impl FeatureName for parry3d::shape::FeatureId {
    fn name(self) -> String {
        use parry3d::shape::FeatureId;
        match self {
            FeatureId::Vertex(k) => format!("vertex {k}"),
            FeatureId::Edge(k) => format!("edge {k}"),
            FeatureId::Face(k) => format!("face {k}"),
            FeatureId::Unknown => "unknown".into(),
        }
    }
}

impl FeatureName for parry2d::shape::FeatureId {
    fn name(self) -> String {
        use parry2d::shape::FeatureId;
        match self {
            FeatureId::Vertex(k) => format!("vertex {k}"),
            FeatureId::Face(k) => format!("face {k}"),
            FeatureId::Unknown => "unknown".into(),
        }
    }
}

/// The pose and cuboid of a box in parry's types (through plain arrays: parry has its own glam).
pub trait ToParry {
    /// `parry3d::math::Pose` or `parry2d::math::Pose`.
    type Pose;
    /// `parry3d::shape::Cuboid` or `parry2d::shape::Cuboid`.
    type Cuboid;
    /// The box's pose (centre and rotation) and its cuboid (half extents).
    fn to_parry(&self) -> (Self::Pose, Self::Cuboid);
}

impl ToParry for Obb3 {
    type Pose = p3::Pose;
    type Cuboid = parry3d::shape::Cuboid;
    fn to_parry(&self) -> (p3::Pose, parry3d::shape::Cuboid) {
        let [x, y, z, w] = self.rotation.to_array();
        (
            p3::Pose::from_parts(
                p3::Vector::from_array(self.center.to_array()),
                p3::Rotation::from_xyzw(x, y, z, w),
            ),
            parry3d::shape::Cuboid::new(p3::Vector::from_array(self.half_extents.to_array())),
        )
    }
}

impl ToParry for Obb2 {
    type Pose = p2::Pose;
    type Cuboid = parry2d::shape::Cuboid;
    fn to_parry(&self) -> (p2::Pose, parry2d::shape::Cuboid) {
        (
            p2::Pose::new(p2::Vector::from_array(self.center.to_array()), self.angle),
            parry2d::shape::Cuboid::new(p2::Vector::from_array(self.half_extents.to_array())),
        )
    }
}

/// `ParryBox` for one dimension: the same three queries, written once for parry2d and parry3d
/// (their APIs match name for name; only the crate differs).
macro_rules! parry_box {
    ($obb:ty, $parry:ident, $angvel:expr) => {
        impl ParryBox for $obb {
            fn parry_answer(a: &Self, b: &Self, [ra, rb]: [f32; 2]) -> ParryAnswer {
                use $parry::query;
                use $parry::shape::{RoundShape, Shape};
                let coords = |v: $parry::math::Vector| v.to_array().map(unsigned_zero).to_vec();
                let ((pa, ca), (pb, cb)) = (a.to_parry(), b.to_parry());
                let round = |c, border_radius| RoundShape {
                    inner_shape: c,
                    border_radius,
                };
                let (ga, gb) = (round(ca, ra), round(cb, rb));
                let (sa, sb): (&dyn Shape, &dyn Shape) = if ra == 0.0 && rb == 0.0 {
                    (&ca, &cb)
                } else {
                    (&ga, &gb)
                };
                // cuboids are supported by every query: an unsupported answer would be a parry
                // bug, and is shown as "no contact" rather than a panic
                let intersect = query::intersection_test(&pa, sa, &pb, sb)
                    .map(|i| i.intersecting)
                    .unwrap_or(false);
                let contact = query::contact(&pa, sa, &pb, sb, 0.0)
                    .ok()
                    .flatten()
                    .map(|c| ParryContact {
                        depth: unsigned_zero(-c.dist),
                        normal: coords(c.normal1),
                        point_a: coords(c.point1),
                        point_b: coords(c.point2),
                    });
                let pos12 = pa.inv_mul(&pb);
                let mut m = query::ContactManifold::<(), ()>::new();
                if ra == 0.0 && rb == 0.0 {
                    query::details::contact_manifold_cuboid_cuboid(&pos12, &ca, &cb, 0.0, &mut m);
                } else {
                    query::details::contact_manifold_pfm_pfm(
                        &pos12, &ca, ra, None, &cb, rb, None, 0.0, &mut m,
                    );
                }
                let manifold = (!m.points.is_empty()).then(|| ParryManifold {
                    normal: coords(pa.transform_vector(m.local_n1)),
                    points: m
                        .points
                        .iter()
                        .map(|p| ParryPoint {
                            point: coords(
                                (pa.transform_point(p.local_p1) + pb.transform_point(p.local_p2))
                                    * 0.5,
                            ),
                            separation: unsigned_zero(p.dist),
                            feature_a: p.fid1.unpack().name(),
                            feature_b: p.fid2.unpack().name(),
                        })
                        .collect(),
                });
                let distance = (!intersect)
                    .then(|| query::distance(&pa, sa, &pb, sb).ok())
                    .flatten()
                    .map(|d| unsigned_zero(d.distance));
                ParryAnswer {
                    intersect,
                    contact,
                    manifold,
                    distance,
                }
            }

            fn parry_cast(a: &Self, b: &Self, motion: &MotionSpec) -> Option<ParryCast> {
                use $parry::query;
                let coords = |v: $parry::math::Vector| v.to_array().map(unsigned_zero).to_vec();
                let velocity = |m: &crate::scene::motion::BoxMotion| {
                    $parry::math::Vector::from_array(
                        <$obb as Obb>::Vec::from_coords(m.velocity).to_array(),
                    )
                };
                let ((pa, ca), (pb, cb)) = (a.to_parry(), b.to_parry());
                let turns =
                    motion.a.angular_velocity != [0.0; 3] || motion.b.angular_velocity != [0.0; 3];
                let hit = if turns {
                    let rigid = |pose, m: &crate::scene::motion::BoxMotion| {
                        query::NonlinearRigidMotion::new(
                            pose,
                            $parry::math::Vector::ZERO,
                            velocity(m),
                            $angvel(m.angular_velocity),
                        )
                    };
                    let (ma, mb) = (rigid(pa, &motion.a), rigid(pb, &motion.b));
                    query::cast_shapes_nonlinear(&ma, &ca, &mb, &cb, 0.0, motion.dt, true)
                } else {
                    let options = query::ShapeCastOptions {
                        max_time_of_impact: motion.dt,
                        stop_at_penetration: true,
                        ..Default::default()
                    };
                    query::cast_shapes(
                        &pa,
                        velocity(&motion.a),
                        &ca,
                        &pb,
                        velocity(&motion.b),
                        &cb,
                        options,
                    )
                };
                let hit = hit.ok().flatten()?;
                Some(ParryCast {
                    t: hit.time_of_impact,
                    normal: coords(hit.normal1),
                    query: if turns {
                        "cast_shapes_nonlinear"
                    } else {
                        "cast_shapes"
                    },
                })
            }
        }
    };
}

parry_box!(Obb3, parry3d, |w: [f32; 3]| p3::Vector::from_array(w));
parry_box!(Obb2, parry2d, |w: [f32; 3]| w[2]);

/// parry's answer for a validated pair whose boxes have radii `radii` (0: sharp).
pub fn answer(pair: &Pair, radii: [f32; 2]) -> ParryAnswer {
    struct AnswerOf([f32; 2]);
    impl ParryQuestion for AnswerOf {
        type Answer = ParryAnswer;
        fn ask<B: ParryBox>(self, a: &B, b: &B) -> ParryAnswer {
            B::parry_answer(a, b, self.0)
        }
    }
    ask_parry(pair, AnswerOf(radii))
}

/// parry as an engine of the layer ([`super::Engine`]): its `contact`, contact manifold, distance
/// and casts in the layer's terms.
pub struct Parry;

impl super::Engine for Parry {
    fn name(&self) -> super::EngineName {
        super::EngineName::Parry
    }

    fn about(&self) -> super::About {
        super::About {
            version: "0.31".into(),
            settings: vec![
                (
                    "contact".into(),
                    "query::contact, prediction 0 (GJK/EPA in 3D)".into(),
                ),
                (
                    "manifold".into(),
                    "contact_manifold_cuboid_cuboid, prediction 0 (contact_manifold_pfm_pfm with the border radii for round cuboids)".into(),
                ),
                ("distance".into(), "query::distance".into()),
            ],
            speculative: None,
            manifold: true,
            slop: None,
            impact: super::ImpactQuery::Turning,
            convex_radius: 0.0,
            rounded: true,
            shallow_depth: Some(PARRY3D_SHALLOW_DEPTH),
        }
    }

    fn refuse(&self, question: &Question) -> Option<String> {
        (question.rounded() && question.motion.is_some()).then(|| {
            "parry's casts are asked about sharp boxes only: a moving pair with a radius is not asked"
                .to_string()
        })
    }

    fn answer(&self, question: &Question) -> EngineAnswer {
        let pair = &question.pair;
        let p = answer(pair, question.radii);
        let points = p.manifold.as_ref().map_or_else(Vec::new, |m| {
            m.points
                .iter()
                .map(|q| super::Point {
                    point: lift(&q.point),
                    separation: q.separation,
                    feature: format!("A {} × B {}", q.feature_a, q.feature_b),
                })
                .collect()
        });
        EngineAnswer {
            intersect: p.intersect,
            depth: p.contact.as_ref().filter(|_| p.intersect).map(|c| c.depth),
            normal: p.contact.as_ref().map(|c| lift(&c.normal)),
            points,
            distance: p.distance,
            impact: question
                .motion
                .as_ref()
                .and_then(|m| cast(pair, m))
                .map(|c| super::Impact {
                    t: c.t,
                    normal: Some(lift(&c.normal)),
                }),
            ..EngineAnswer::default()
        }
    }
}

/// A 2D or 3D point as a 3D one.
fn lift(v: &[f32]) -> Vec3 {
    Vec3::new(v[0], v[1], v.get(2).copied().unwrap_or(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::ask::ask_one;
    use crate::engines::compare::{Kind, Truth};
    use crate::engines::EngineName;
    use glam::{Quat, Vec2};

    fn cube(center: Vec3, half: f32, rotation: Quat) -> Obb3 {
        Obb3::new(center, Vec3::splat(half), rotation).unwrap()
    }

    /// parry asked about `question`, compared by the one comparison.
    fn asked(question: &Question) -> crate::engines::ask::Asked {
        ask_one(EngineName::Parry, question, &Truth::of_question(question))
    }

    #[test]
    fn parry_agrees_on_a_face_face_overlap_with_four_manifold_points() {
        let pair = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(0.2, 1.9, -0.1), 1.0, Quat::IDENTITY),
        );
        let p = answer(&pair, [0.0; 2]);
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
        assert!(!asked(&Question::of(pair)).disagrees());
    }

    #[test]
    fn parry_agrees_on_separated_and_2d_pairs() {
        let apart = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(3.0, 0.0, 0.0), 1.0, Quat::from_rotation_z(0.3)),
        );
        let p = answer(&apart, [0.0; 2]);
        assert!(!p.intersect && p.contact.is_none() && p.manifold.is_none());
        assert!(p.distance.is_some_and(|d| d > 0.5), "{p:?}");
        assert!(!asked(&Question::of(apart)).disagrees());
        let two = Pair::Two(
            Obb2::new(Vec2::ZERO, Vec2::ONE, 0.0).unwrap(),
            Obb2::new(Vec2::new(1.5, 0.25), Vec2::ONE, 0.0).unwrap(),
        );
        let p = answer(&two, [0.0; 2]);
        assert!(p.intersect);
        assert!((p.contact.as_ref().unwrap().depth - 0.5).abs() < 1e-5);
        assert_eq!(p.manifold.as_ref().unwrap().points.len(), 2);
        assert!(!asked(&Question::of(two)).disagrees());
    }

    #[test]
    fn round_cuboids_whose_cores_are_apart_overlap_by_the_radii_less_the_gap() {
        // cores 0.08 apart, radius 0.05 on each: the boxes overlap by 0.02
        let question = Question {
            pair: Pair::Three(
                cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
                cube(Vec3::new(0.0, 2.08, 0.0), 1.0, Quat::IDENTITY),
            ),
            radii: [0.05, 0.05],
            motion: None,
        };
        let p = answer(&question.pair, question.radii);
        assert!(p.intersect, "{p:?}");
        assert!(
            (p.contact.as_ref().unwrap().depth - 0.02).abs() < 1e-4,
            "{p:?}"
        );
        assert!(!asked(&question).disagrees(), "{:?}", asked(&question));
    }

    /// A pair on which parry3d's EPA stops 0.157 short (found by scanning seeded random
    /// overlapping pairs, as the benchmark does).
    const SHALLOW_CASE: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1.518946,0.9340308,0.25878918],"rotation":[0.77224326,0.46140754,0.32082605,-0.29633445]},"b":{"center":[0.7212764,-0.71368563,0.14598837],"half_extents":[0.84906733,0.5522,1.5770404],"rotation":[-0.12507834,0.17065175,-0.96883315,0.12882482]}}"#;

    #[test]
    fn parry3d_shallow_depth_is_reported_with_its_size_and_known_cause() {
        let pair = crate::scene::pair_from_json(SHALLOW_CASE).unwrap();
        let found = asked(&Question::of(pair));
        let depth = found
            .comparison
            .iter()
            .flat_map(|c| &c.disagreements)
            .find(|d| d.kind == Kind::Depth)
            .unwrap_or_else(|| panic!("no depth disagreement in {found:?}"));
        assert!(depth.size > 0.01, "{depth:?}");
        assert_eq!(depth.known, Some(PARRY3D_SHALLOW_DEPTH));
        assert!(depth.description.contains("short"), "{}", depth.description);
    }

    #[test]
    fn a_touching_pair_is_never_a_verdict_disagreement() {
        let pair = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(2.0, 0.5, 0.0), 1.0, Quat::IDENTITY),
        );
        let found = asked(&Question::of(pair));
        let c = found.comparison.unwrap();
        assert!(
            c.disagreements.iter().all(|d| d.kind != Kind::Verdict),
            "{c:?}"
        );
    }
}
