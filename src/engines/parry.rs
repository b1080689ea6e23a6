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

use crate::sat::manifold::ManifoldTrace;
use crate::sat::{AxisKind, Obb, Obb2, Obb3, Report, Vector};
use crate::scene::motion::MotionSpec;
use crate::scene::number::unsigned_zero;
use crate::scene::{pair_scale, Mode, Pair, PairBox, PairQuestion};

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

/// A box parry can be asked about: the same cuboid and pose in parry's types, and parry's answer
/// for a pair of them. Implemented for [`Obb3`] (parry3d) and [`Obb2`] (parry2d) by the one source
/// below.
pub trait ParryBox: Obb + ToParry {
    /// parry's answer for the pair `a`, `b`.
    fn parry_answer(a: &Self, b: &Self) -> ParryAnswer;
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

/// How far apart satbox's and parry's times of impact may be and still agree: `1e-4` of the step,
/// plus the time the pair takes to close the length tolerance at its relative speed.
pub fn time_tolerance(pair: &Pair, motion: &MotionSpec) -> f32 {
    let speed = |m: &crate::scene::motion::BoxMotion| {
        Vec3::from(m.velocity).length() + Vec3::from(m.angular_velocity).length() * pair_scale(pair)
    };
    let closing = speed(&motion.a) + speed(&motion.b);
    let by_length = if closing > 0.0 {
        tolerance(pair) / closing
    } else {
        0.0
    };
    1e-4 * motion.dt + by_length
}

/// The disagreement of the two times of impact, if any: one side hits and the other does not, or
/// both hit more than [`time_tolerance`] apart.
pub fn compare_casts(
    pair: &Pair,
    motion: &MotionSpec,
    satbox: Option<f32>,
    parry: Option<&ParryCast>,
) -> Option<Disagreement> {
    let parry = parry.map(|c| c.t);
    let size = match (satbox, parry) {
        (Some(s), Some(p)) => (s - p).abs(),
        (None, None) => return None,
        _ => motion.dt,
    };
    (satbox.is_none() || parry.is_none() || size > time_tolerance(pair, motion)).then_some(
        Disagreement::TimeOfImpact {
            satbox,
            parry,
            size,
        },
    )
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
            fn parry_answer(a: &Self, b: &Self) -> ParryAnswer {
                use $parry::query;
                let coords = |v: $parry::math::Vector| v.to_array().map(unsigned_zero).to_vec();
                let ((pa, ca), (pb, cb)) = (a.to_parry(), b.to_parry());
                // cuboids are supported by every query: an unsupported answer would be a parry
                // bug, and is shown as "no contact" rather than a panic
                let intersect = query::intersection_test(&pa, &ca, &pb, &cb)
                    .map(|i| i.intersecting)
                    .unwrap_or(false);
                let contact = query::contact(&pa, &ca, &pb, &cb, 0.0)
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
                query::details::contact_manifold_cuboid_cuboid(&pos12, &ca, &cb, 0.0, &mut m);
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
                ParryAnswer {
                    intersect,
                    contact,
                    manifold,
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

/// parry's answer for a validated pair.
pub fn answer(pair: &Pair) -> ParryAnswer {
    struct Answer;
    impl ParryQuestion for Answer {
        type Answer = ParryAnswer;
        fn ask<B: ParryBox>(self, a: &B, b: &B) -> ParryAnswer {
            B::parry_answer(a, b)
        }
    }
    ask_parry(pair, Answer)
}

/// parry as an engine of the layer ([`super::Engine`]): its `contact`, contact manifold and casts
/// in the layer's terms.
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
                    "contact",
                    "query::contact, prediction 0 (GJK/EPA in 3D)".into(),
                ),
                (
                    "manifold",
                    "contact_manifold_cuboid_cuboid, prediction 0".into(),
                ),
            ],
            speculative: None,
            manifold: true,
            slop: None,
            impact: super::ImpactQuery::Turning,
            convex_radius: 0.0,
        }
    }

    fn refuse(&self, _pair: &Pair, _motion: Option<&MotionSpec>) -> Option<String> {
        None
    }

    fn answer(&self, pair: &Pair, motion: Option<&MotionSpec>) -> super::Answer {
        let p = answer(pair);
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
        super::Answer {
            intersect: p.intersect,
            depth: p.contact.as_ref().filter(|_| p.intersect).map(|c| c.depth),
            normal: p.contact.as_ref().map(|c| lift(&c.normal)),
            points,
            impact: motion.and_then(|m| cast(pair, m)).map(|c| super::Impact {
                t: c.t,
                normal: Some(lift(&c.normal)),
            }),
            ..super::Answer::default()
        }
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
    /// Both intersect, with depths further apart than the length tolerance (`sat::tolerance` of the pair).
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
    /// parry's contact manifold has a point at or below the surface where satbox has no contact:
    /// farther than the tolerance from satbox's contact region, in the contact plane (see
    /// [`compare_manifolds`]).
    ContactPoint {
        /// parry's point.
        point: Vec<f32>,
        /// Its separation.
        separation: f32,
        /// How far it lies from satbox's contact region.
        distance: f32,
    },
    /// One side has contact points and the other none, and satbox does not call the pair
    /// touching.
    Contact {
        /// satbox's point count.
        satbox: usize,
        /// parry's point count.
        parry: usize,
    },
    /// The times of impact differ beyond [`time_tolerance`], or one side finds none.
    TimeOfImpact {
        /// satbox's time (`None`: no impact in the step).
        satbox: Option<f32>,
        /// parry's time.
        parry: Option<f32>,
        /// The difference (the step's length when one side finds none).
        size: f32,
    },
}

impl Disagreement {
    /// `"verdict"`, `"depth"`, `"normal"`, `"contact_point"` or `"contact"`.
    pub fn what(&self) -> &'static str {
        match self {
            Disagreement::Verdict { .. } => "verdict",
            Disagreement::Depth { .. } => "depth",
            Disagreement::Normal { .. } => "normal",
            Disagreement::ContactPoint { .. } => "contact_point",
            Disagreement::Contact { .. } => "contact",
            Disagreement::TimeOfImpact { .. } => "time_of_impact",
        }
    }

    /// How big it is: the margin of a verdict, the difference of the depths, the angle between
    /// the normals in degrees, how far parry's point lies from satbox's contact, the difference
    /// of the point counts.
    pub fn size(&self) -> f32 {
        match self {
            Disagreement::Verdict { margin, .. } => *margin,
            Disagreement::Depth { satbox, parry, .. } => (satbox - parry).abs(),
            Disagreement::Normal { degrees, .. } => *degrees,
            Disagreement::ContactPoint { distance, .. } => *distance,
            Disagreement::Contact { satbox, parry } => satbox.abs_diff(*parry) as f32,
            Disagreement::TimeOfImpact { size, .. } => *size,
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
            Disagreement::ContactPoint {
                point,
                separation,
                distance,
            } => format!(
                "contact point: parry has one at ({}) with separation {}, {} from any contact \
                 of satbox's",
                point
                    .iter()
                    .map(|x| fmt_num(*x))
                    .collect::<Vec<_>>()
                    .join(", "),
                fmt_num(*separation),
                fmt_num(*distance)
            ),
            Disagreement::Contact { satbox, parry } => format!(
                "contact: satbox has {satbox} point{}, parry {parry}",
                plural(*satbox)
            ),
            Disagreement::TimeOfImpact { satbox, parry, .. } => {
                let t = |x: &Option<f32>| x.map_or("no impact".to_string(), |t| format!("t = {}", fmt_num(t)));
                format!("time of impact: satbox {}, parry {}", t(satbox), t(parry))
            }
        }
    }
}

/// How far apart two lengths of parry's and satbox's may be and still agree:
/// [`crate::sat::tolerance`] of the pair's size (parry2d agreed with the f64 reference to 1.6e-5 on
/// pairs of size about 10).
fn tolerance(pair: &Pair) -> f32 {
    crate::sat::tolerance(pair_scale(pair))
}

/// What satbox finds, in the terms of a comparison.
struct Satbox {
    intersect: bool,
    touching: bool,
    margin: f32,
    depth: Option<(f32, Vec<f32>)>,
}

/// The question whose answer is [`Satbox`].
struct SatboxSays;

impl PairQuestion for SatboxSays {
    type Answer = Satbox;
    fn ask<B: PairBox>(self, a: &B, b: &B) -> Satbox {
        let r = B::report(a, b, &Default::default());
        let margin = r.margin();
        Satbox {
            intersect: r.intersect(),
            touching: r.touching(),
            margin,
            depth: r.penetration().map(|p| (p.depth, p.normal.coords())),
        }
    }
}

fn satbox_of(pair: &Pair) -> Satbox {
    pair.ask(SatboxSays)
}

/// How deep the boxes overlap along a unit direction `n`: `ra + rb − |T·n|`.
fn overlap_along(pair: &Pair, n: &[f32]) -> f32 {
    struct Along<'a>(&'a [f32]);
    impl PairQuestion for Along<'_> {
        type Answer = f32;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> f32 {
            let n = B::Vec::from_coords(lift(self.0).to_array());
            a.projected_radius(n) + b.projected_radius(n) - (b.center() - a.center()).dot(n).abs()
        }
    }
    pair.ask(Along(n))
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
        let tol = tolerance(pair);
        if (depth - c.depth).abs() > tol {
            out.push(Disagreement::Depth {
                satbox: *depth,
                parry: c.depth,
                known_shallow: pair.mode() == Mode::Three && c.depth < *depth,
            });
        }
        // touching, every direction of the contact's normal cone is a way out: parry's normal
        // there (its closest points' direction) is as right as satbox's axis
        let degrees = degrees_between(normal, &c.normal);
        let along = overlap_along(pair, &c.normal);
        if !s.touching && degrees > NORMAL_TOLERANCE_DEGREES && along - depth > tol {
            out.push(Disagreement::Normal {
                degrees,
                overlap_along_parry: along,
                satbox_depth: *depth,
            });
        }
    }
    out
}

/// satbox's contact manifold as the comparison reads it: its normal, its points and the region
/// they were chosen from (for a face contact every point kept below the reference face before the
/// reduction to four; otherwise the points themselves), all in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub struct SatboxContact {
    /// Unit normal from A to B (2D: `z = 0`).
    pub normal: Vec3,
    /// The manifold's points.
    pub points: usize,
    /// Where satbox finds the boxes in contact: the candidates before the reduction (2D: `z = 0`).
    pub region: Vec<Vec3>,
    /// An edge contact: one point where two edges cross.
    pub edge: bool,
    /// The overlap along the normal: how far apart the two faces' pictures of the contact may
    /// lie (0 when touching).
    pub depth: f32,
}

impl SatboxContact {
    /// satbox's contact from its traced manifold; `None` when it has no points.
    pub fn of<V: crate::sat::Vector>(trace: &ManifoldTrace<V>) -> Option<Self> {
        let m = trace.manifold.as_ref()?;
        let at = |v: V| v.to_dvec3().as_vec3();
        let region = match &trace.face {
            Some(f) if !f.below.is_empty() => f.below.iter().map(|p| at(p.point)).collect(),
            _ => m.points().iter().map(|p| at(p.point)).collect(),
        };
        Some(Self {
            normal: at(m.normal),
            points: m.len(),
            region,
            edge: matches!(m.kind(), AxisKind::Edge(..)),
            depth: m.choice.depth().max(0.0),
        })
    }
}

/// How parry's contact manifold relates to satbox's: the real disagreements, and the differences
/// that follow from the two constructions' rules, each as a sentence with its reason.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ManifoldComparison {
    /// A point parry puts where satbox has no contact, or contact on one side only.
    pub disagreements: Vec<Disagreement>,
    /// Differences by design: parry keeps points above the surface, does not reduce to four, or
    /// keeps fewer points on the same contact.
    pub by_design: Vec<String>,
}

/// Compares the contact manifolds of `pair` point by point (satbox's built without a margin, as
/// parry's is asked with no prediction).
///
/// parry's points above the surface (a positive separation, beyond rounding) are kept by design,
/// and so is a
/// manifold built on another axis (another reference face).
/// Each of its other points must lie on satbox's contact, seen along satbox's normal: within the
/// tolerance plus satbox's depth of the region satbox's points were chosen from (parry may clip
/// the other box's face, whose picture of a deep contact lies up to the depth away). On an edge
/// contact satbox keeps one point where the edges cross and parry clips a face against the
/// other's: one of parry's points must be that crossing. A point that is not on satbox's contact
/// is a [`Disagreement::ContactPoint`]; points on one side and none on the other are a
/// [`Disagreement::Contact`] unless satbox calls the pair touching (within rounding of zero gap
/// either answer is right).
pub fn compare_manifolds(
    pair: &Pair,
    satbox: Option<&SatboxContact>,
    parry: &ParryAnswer,
) -> ManifoldComparison {
    let tol = tolerance(pair);
    let mut out = ManifoldComparison::default();
    let parry_points: &[ParryPoint] = parry.manifold.as_ref().map_or(&[], |m| &m.points);
    // at or below the surface, to within the rounding of the pair's numbers
    let surface = 8.0 * f32::EPSILON * (1.0 + pair_scale(pair));
    let below: Vec<&ParryPoint> = parry_points
        .iter()
        .filter(|q| q.separation <= surface)
        .collect();
    let above = parry_points.len() - below.len();
    let touching = || satbox_of(pair).touching;
    let s = match satbox {
        Some(s) if !parry_points.is_empty() => s,
        _ => {
            let counts = (satbox.map_or(0, |s| s.points), parry_points.len());
            if (counts.0 > 0 || !below.is_empty()) && !touching() {
                out.disagreements.push(Disagreement::Contact {
                    satbox: counts.0,
                    parry: counts.1,
                });
            }
            return out;
        }
    };
    if above > 0 {
        out.by_design.push(format!(
            "parry keeps {above} point{} above the surface (separation > 0); satbox keeps only \
             points at or below it",
            plural(above)
        ));
    }
    // built on another axis, the two manifolds clip other faces: no point-by-point comparison
    let parry_normal = parry
        .manifold
        .as_ref()
        .map_or(Vec3::ZERO, |m| lift(&m.normal));
    let apart = parry_normal.angle_between(s.normal).to_degrees();
    if apart > NORMAL_TOLERANCE_DEGREES {
        out.by_design.push(format!(
            "parry builds its contact manifold on another axis, {}° from satbox's (its own \
             choice of reference face): the points are not compared",
            crate::sat::fmt_num(apart)
        ));
        return out;
    }
    let plane = ContactPlane::new(s.normal, &s.region, pair.mode() == Mode::Two);
    let off = |q: &ParryPoint| plane.distance(&q.point);
    if s.edge {
        let nearest = below.iter().map(|q| off(q)).fold(f32::INFINITY, f32::min);
        match below.iter().min_by(|p, q| off(p).total_cmp(&off(q))) {
            Some(q) if nearest > tol => out.disagreements.push(Disagreement::ContactPoint {
                point: q.point.clone(),
                separation: q.separation,
                distance: nearest,
            }),
            _ if below.len() > 1 => out.by_design.push(format!(
                "on this edge contact satbox keeps one point, where the two edges cross; parry \
                 clips a face against the other's and keeps {} at or below the surface, that \
                 crossing among them",
                below.len()
            )),
            _ => {}
        }
        return out;
    }
    for q in &below {
        let distance = off(q);
        if distance > tol + s.depth {
            out.disagreements.push(Disagreement::ContactPoint {
                point: q.point.clone(),
                separation: q.separation,
                distance,
            });
        }
    }
    if out.disagreements.is_empty() {
        out.by_design.extend(count_difference(&below, s, tol));
    }
    out
}

/// Why parry keeps another number of points on the same contact, when it does.
fn count_difference(below: &[&ParryPoint], s: &SatboxContact, tol: f32) -> Option<String> {
    let n = below.len();
    if n == s.points {
        return None;
    }
    // the places parry's points are at: a point reached from each box's face is listed twice
    let mut places: Vec<Vec3> = Vec::new();
    for q in below {
        let p = lift(&q.point);
        if places.iter().all(|x| x.distance(p) > tol) {
            places.push(p);
        }
    }
    Some(if places.len() < n && places.len() <= s.points {
        format!(
            "parry lists {n} points at {} places (a corner of each box reached from the other's \
             face, both kept); satbox keeps each place once",
            places.len()
        )
    } else if n > s.points && s.region.len() > s.points {
        format!(
            "parry keeps all {n} points it clips on the contact; satbox reduces its {} to the {} \
             that span the largest area",
            s.region.len(),
            s.points
        )
    } else {
        format!(
            "parry keeps {n} point{} where satbox keeps {}, each on satbox's contact",
            plural(n),
            s.points
        )
    })
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// satbox's contact region seen along its normal: the region's points in two coordinates of the
/// contact plane (one in 2D), for the distance of another point from their convex hull.
struct ContactPlane {
    /// Two unit directions spanning the plane (the second zero in 2D).
    basis: [Vec3; 2],
    /// The region's points in the plane.
    points: Vec<Vec2>,
}

impl ContactPlane {
    fn new(normal: Vec3, region: &[Vec3], planar: bool) -> Self {
        let n = normal.normalize_or_zero();
        // in 2D the contact "plane" is the line across the normal
        let (u, v) = if planar {
            (Vec3::new(-n.y, n.x, 0.0), Vec3::ZERO)
        } else {
            let u = n.any_orthonormal_vector();
            (u, n.cross(u))
        };
        let points = region
            .iter()
            .map(|p| Vec2::new(p.dot(u), p.dot(v)))
            .collect();
        Self {
            basis: [u, v],
            points,
        }
    }

    /// How far `p`, seen along the normal, lies from the convex hull of the region.
    fn distance(&self, p: &[f32]) -> f32 {
        let p = lift(p);
        let q = Vec2::new(p.dot(self.basis[0]), p.dot(self.basis[1]));
        distance_to_hull(q, &self.points)
    }
}

/// A 2D or 3D point as a 3D one.
fn lift(v: &[f32]) -> Vec3 {
    Vec3::new(v[0], v[1], v.get(2).copied().unwrap_or(0.0))
}

/// The distance from `q` to the convex hull of `points` (0 inside; infinite when there are none).
fn distance_to_hull(q: Vec2, points: &[Vec2]) -> f32 {
    let segment = |a: Vec2, b: Vec2| {
        let d = b - a;
        let t = if d.length_squared() > 0.0 {
            ((q - a).dot(d) / d.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (a + d * t - q).length()
    };
    let hull = convex_hull(points);
    match hull.len() {
        0 => f32::INFINITY,
        1 => (hull[0] - q).length(),
        n => {
            let edges = (0..n).map(|k| (hull[k], hull[(k + 1) % n]));
            // inside a counter-clockwise polygon: left of every edge
            let inside = n > 2 && edges.clone().all(|(a, b)| (b - a).perp_dot(q - a) >= 0.0);
            if inside {
                0.0
            } else {
                edges
                    .map(|(a, b)| segment(a, b))
                    .fold(f32::INFINITY, f32::min)
            }
        }
    }
}

/// The convex hull of a few points, counter-clockwise (Andrew's monotone chain).
fn convex_hull(points: &[Vec2]) -> Vec<Vec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return p;
    }
    let turn = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut hull: Vec<Vec2> = Vec::with_capacity(2 * p.len());
    for pass in [p.clone(), p.iter().rev().copied().collect()] {
        let start = hull.len();
        for q in pass {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0.0
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
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
        let m = compare_manifolds(&pair, satbox_contact(&pair).as_ref(), &p);
        assert_eq!(m, ManifoldComparison::default());
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

    fn satbox_contact(pair: &Pair) -> Option<SatboxContact> {
        struct Contact;
        impl PairQuestion for Contact {
            type Answer = Option<SatboxContact>;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer {
                SatboxContact::of(&B::manifold_trace(a, b, &Default::default()))
            }
        }
        pair.ask(Contact)
    }

    /// parry's answer with its manifold's points moved by `offset` (a made-up disagreement).
    fn moved(p: &ParryAnswer, offset: [f32; 3]) -> ParryAnswer {
        let mut p = p.clone();
        for q in p.manifold.iter_mut().flat_map(|m| m.points.iter_mut()) {
            for (x, d) in q.point.iter_mut().zip(offset) {
                *x += d;
            }
        }
        p
    }

    #[test]
    fn two_cubes_face_to_face_differ_by_design_not_by_disagreement() {
        // parry lists each of the four corners twice (from each box's face); satbox once
        let pair = Pair::Three(
            cube(Vec3::ZERO, 0.5, Quat::IDENTITY),
            cube(Vec3::new(0.0, 1.0, 0.0), 0.5, Quat::IDENTITY),
        );
        let p = answer(&pair);
        assert_eq!(p.manifold.as_ref().unwrap().points.len(), 8);
        assert_eq!(compare(&pair, &p), vec![]);
        let m = compare_manifolds(&pair, satbox_contact(&pair).as_ref(), &p);
        assert_eq!(m.disagreements, vec![]);
        assert_eq!(m.by_design.len(), 1, "{m:?}");
        assert!(m.by_design[0].contains("8 points at 4 places"), "{m:?}");
    }

    #[test]
    fn a_parry_point_off_satbox_s_contact_is_a_disagreement_with_its_distance() {
        let pair = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(0.2, 1.9, -0.1), 1.0, Quat::IDENTITY),
        );
        let satbox = satbox_contact(&pair);
        // along the normal a point may move: it is still on the contact
        let p = moved(&answer(&pair), [0.0, 0.05, 0.0]);
        assert_eq!(
            compare_manifolds(&pair, satbox.as_ref(), &p).disagreements,
            vec![]
        );
        // across it by 2.4: the overlap of the faces is z ∈ [−1, 0.9], so the four points lie
        // 0.5 and 2.4 beyond satbox's contact
        let p = moved(&answer(&pair), [0.0, 0.0, 2.4]);
        let found = compare_manifolds(&pair, satbox.as_ref(), &p).disagreements;
        assert_eq!(found.len(), 4, "{found:?}");
        assert!(
            found.iter().all(|d| d.what() == "contact_point"),
            "{found:?}"
        );
        let mut far: Vec<f32> = found.iter().map(Disagreement::size).collect();
        far.sort_by(f32::total_cmp);
        assert!(
            (far[0] - 0.5).abs() < 1e-4 && (far[3] - 2.4).abs() < 1e-4,
            "{far:?}"
        );
    }

    #[test]
    fn contact_on_one_side_only_is_a_disagreement_unless_the_pair_touches() {
        let deep = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(0.2, 1.5, -0.1), 1.0, Quat::IDENTITY),
        );
        let p = answer(&deep);
        let found = compare_manifolds(&deep, None, &p).disagreements;
        assert_eq!(
            found,
            vec![Disagreement::Contact {
                satbox: 0,
                parry: 4
            }]
        );
        let touching = Pair::Three(
            cube(Vec3::ZERO, 1.0, Quat::IDENTITY),
            cube(Vec3::new(0.2, 2.0, -0.1), 1.0, Quat::IDENTITY),
        );
        let p = answer(&touching);
        assert_eq!(compare_manifolds(&touching, None, &p).disagreements, vec![]);
    }

    #[test]
    fn on_an_edge_contact_parry_s_clipped_face_is_by_design_when_it_holds_the_crossing() {
        // two cubes turned 45° about crossing axes: their edges cross 0.05 deep
        let h = 0.5 * 2f32.sqrt();
        let pair = Pair::Three(
            cube(
                Vec3::ZERO,
                0.5,
                Quat::from_rotation_x(std::f32::consts::FRAC_PI_4),
            ),
            cube(
                Vec3::new(0.0, 2.0 * h - 0.05, 0.0),
                0.5,
                Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
            ),
        );
        let satbox = satbox_contact(&pair).unwrap();
        assert!(satbox.edge && satbox.points == 1);
        let p = answer(&pair);
        let m = compare_manifolds(&pair, Some(&satbox), &p);
        assert_eq!(m.disagreements, vec![], "{m:?}");
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
