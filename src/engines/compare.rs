//! An engine's answer beside satbox's: each real disagreement with its kind and size, and each
//! difference by design with its reason.
//!
//! satbox's side is its report (verdict, touching, depth, normal), its contact manifold and its
//! exact distance; lengths agree within [`crate::sat::tolerance`] of the pair's size. The kinds:
//!
//! * `verdict`: intersecting or not, outside the touching band (size: the margin from touching);
//! * `depth`: both intersect, depths further apart than the tolerance (size: the difference);
//! * `normal`: more than 1° from satbox's and not an equally short way out (size: degrees);
//! * `normal_flipped`: the normal points from B to A (size: degrees from satbox's);
//! * `missing_contact`: satbox's boxes meet beyond rounding and the engine has no point;
//! * `phantom_point`: a point deeper than the true depth (size: how much deeper);
//! * `point_outside`: a point further outside A or B than half its separation allows (size: how
//!   far);
//! * `distance`: apart, distances further apart than the tolerance;
//! * `time_of_impact`: times of impact further apart than the step's tolerance, or one side
//!   finds none (an engine without a time of impact for the motion is not compared:
//!   [`super::ImpactQuery`]).
//!
//! By design, and so not disagreements: points above the surface within the engine's
//! speculative distance, one deepest point where satbox builds a manifold, another number of
//! points on the same contact (another reduction), a normal that is an equally short way out
//! (another reference face), a time of impact that stops at the engine's slop short of touching.

use glam::{DVec3, Vec3};

use super::{About, EngineAnswer, Point, Question};
use crate::sat::reference::Box64;
use crate::sat::{fmt_num, Answer, ManifoldParams, Vector};
use crate::scene::motion::MotionSpec;
use crate::scene::{pair_scale, Pair, PairBox, PairQuestion};

/// Angle between two normals below which they are the same normal.
const SAME_NORMAL_DEGREES: f32 = 1.0;

/// The kinds of disagreement, as `check` and the audit name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Intersecting or not.
    Verdict,
    /// The depth.
    Depth,
    /// The normal, not an equally short way out.
    Normal,
    /// The normal points from B to A.
    NormalFlipped,
    /// No contact where the boxes meet.
    MissingContact,
    /// A point deeper than the true depth.
    PhantomPoint,
    /// A point outside either box.
    PointOutside,
    /// The distance of a separated pair.
    Distance,
    /// The time of impact.
    TimeOfImpact,
}

impl Kind {
    /// Every kind, in the audit's order.
    pub const ALL: [Kind; 9] = [
        Kind::Verdict,
        Kind::Depth,
        Kind::Normal,
        Kind::NormalFlipped,
        Kind::MissingContact,
        Kind::PhantomPoint,
        Kind::PointOutside,
        Kind::Distance,
        Kind::TimeOfImpact,
    ];

    /// `"verdict"`, `"depth"`, …, `"time_of_impact"`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Verdict => "verdict",
            Kind::Depth => "depth",
            Kind::Normal => "normal",
            Kind::NormalFlipped => "normal_flipped",
            Kind::MissingContact => "missing_contact",
            Kind::PhantomPoint => "phantom_point",
            Kind::PointOutside => "point_outside",
            Kind::Distance => "distance",
            Kind::TimeOfImpact => "time_of_impact",
        }
    }
}

/// One disagreement: its kind, its size and a sentence with both answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    /// What differs.
    pub kind: Kind,
    /// How much (see [`Kind`]).
    pub size: f32,
    /// One sentence.
    pub description: String,
    /// A known cause of it in the engine, when there is one ([`About::shallow_depth`]).
    pub known: Option<&'static str>,
}

/// The whole comparison of one engine's answer with satbox's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// Real disagreements.
    pub disagreements: Vec<Finding>,
    /// Differences by design, each a sentence with its reason.
    pub by_design: Vec<String>,
}

/// satbox's answer for the boxes an engine was asked about, as the comparison reads it (2D in
/// three coordinates, `z = 0`): made once from [`Answer`] by the caller and never recomputed
/// here.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    /// The boxes overlap or touch.
    pub intersect: bool,
    /// The gap is zero within rounding.
    pub touching: bool,
    /// How far from touching: the depth, or the distance.
    pub margin: f32,
    /// The depth and the unit normal from A to B, when intersecting.
    pub depth: Option<(f32, Vec3)>,
    /// The number of points of satbox's contact manifold.
    pub points: usize,
    /// satbox's contact manifold's normal and its deepest point's penetration (the face
    /// preference may build it on a face axis deeper than an edge axis's depth).
    pub contact: Option<(Vec3, f32)>,
    /// The exact distance (0 when they meet).
    pub distance: f32,
    /// The length tolerance of the pair: [`crate::sat::tolerance`] of its size, plus 8 units in
    /// the last place of its centres (far from the origin `f32` keeps a position to that unit).
    pub tolerance: f32,
    /// The band around touching inside which a verdict is rounding's
    /// ([`crate::sat::agreement::rounding_band`] of the pair's size): two answers that round
    /// differently may fall either side of it.
    pub band: f32,
    /// satbox's time of impact, for a moving pair (`None`: none in the step, or no motion).
    pub impact: Option<f32>,
    /// The boxes' cores, each with its radius.
    pub pair: Pair,
    /// Box A's and box B's radius.
    pub radii: [f32; 2],
    /// The cores in `f64`, for the comparison's geometry.
    boxes: [Box64; 2],
}

/// The tolerance of a pair of `scale` whose centres lie `reach` from the origin.
fn tolerance_of(scale: f32, reach: f32) -> f32 {
    crate::sat::tolerance(scale) + 8.0 * f32::EPSILON * reach
}

impl Truth {
    /// The truth of satbox's `answer` for the cores `a` and `b` (with the answer's radii).
    pub fn of<B: PairBox>(a: &B, b: &B, answer: &Answer<B::Vec>) -> Self {
        let lift = |v: B::Vec| v.to_dvec3().as_vec3();
        let r = answer.radius();
        let reach = a.center().length() + b.center().length();
        Truth {
            intersect: answer.intersect,
            touching: answer.touching,
            margin: answer.separation().abs(),
            depth: answer.depth.zip(answer.normal).map(|(d, n)| (d, lift(n))),
            points: answer.manifold.as_ref().map_or(0, |m| m.len()),
            contact: answer.manifold.as_ref().map(|m| {
                let deepest = m
                    .points()
                    .iter()
                    .map(|p| p.separation)
                    .fold(f32::INFINITY, f32::min);
                (lift(m.normal), -deepest)
            }),
            distance: answer.distance,
            tolerance: tolerance_of(crate::sat::scale(a, b) + r, reach),
            band: crate::sat::agreement::rounding_band(crate::sat::scale(a, b) + r) as f32,
            impact: None,
            pair: B::pair(*a, *b),
            radii: answer.radii,
            boxes: [a.to_box64(), b.to_box64()],
        }
    }

    /// satbox's answer for a question, computed here (its contact with the default parameters),
    /// with its time of impact when it moves: for a caller that has no answer of its own yet.
    pub fn of_question(question: &Question) -> Self {
        struct Of<'a>(&'a Question);
        impl PairQuestion for Of<'_> {
            type Answer = Truth;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Truth {
                let q = self.0;
                let answer = Answer::of(a, b, q.radii, &ManifoldParams::default());
                let mut truth = Truth::of(a, b, &answer);
                truth.impact = q.motion.and_then(|m| {
                    crate::sat::motion::time_of_impact(a, b, &m.for_boxes::<B::Vec>())
                        .map(|t| t.t as f32)
                });
                truth
            }
        }
        question.pair.ask(Of(question))
    }

    /// satbox's answer for `pair` made as an engine makes boxes with convex radius `r` inside
    /// their half extents (Jolt's `BoxShape`): cores shrunk by `r`, grown back by a sphere of `r`,
    /// so that each box keeps its half extents and its edges and corners are rounded.
    pub fn rounded_inside(pair: &Pair, r: f32) -> Self {
        Self::of_question(&Question {
            pair: pair.shrunk(r),
            radii: [r, r],
            motion: None,
        })
    }

    /// How deep the boxes overlap along the unit direction `n`: `ra + rb − |T·n|`, each box's
    /// shadow grown by its radius.
    fn overlap_along(&self, n: Vec3) -> f32 {
        let n = n.as_dvec3();
        let [a, b] = &self.boxes;
        let grown = (self.radii[0] + self.radii[1]) as f64;
        (a.radius(n) + b.radius(n) + grown - (b.center - a.center).dot(n).abs()) as f32
    }

    /// B's centre less A's.
    fn centre_offset(&self) -> Vec3 {
        (self.boxes[1].center - self.boxes[0].center).as_vec3()
    }

    /// How far `p` lies outside A and outside B (0 inside), the larger of the two.
    fn outside(&self, p: Vec3) -> f32 {
        let q: DVec3 = p.as_dvec3();
        let out = |k: usize| (self.boxes[k].outside(q) - self.radii[k] as f64).max(0.0);
        out(0).max(out(1)) as f32
    }
}

fn degrees(u: Vec3, v: Vec3) -> f32 {
    u.normalize_or_zero()
        .dot(v.normalize_or_zero())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

/// Compares the answer `answer` of the engine titled `title` (with `about`) with satbox's answer
/// for the boxes it was asked about (`truth`), and its time of impact when they move by `motion`.
pub fn compare(
    title: &str,
    about: &About,
    answer: &EngineAnswer,
    truth: &Truth,
    motion: Option<&MotionSpec>,
) -> Comparison {
    let mut out = Comparison::default();
    let mut by_design = Vec::new();
    if about.convex_radius > 0.0 {
        by_design.push(format!(
            "compared with satbox's answer for the rounded boxes: each box's half extents with \
             edges and corners rounded by the convex radius {} (its core is the half extents \
             less the radius, grown back by a sphere of it)",
            fmt_num(about.convex_radius)
        ));
    }
    compare_verdict(title, answer, truth, &mut out.disagreements, &mut by_design);
    if let (Some((depth, normal)), true) = (truth.depth, answer.intersect) {
        let tally = (&mut out.disagreements, &mut by_design);
        compare_depth(title, about, answer, truth, (depth, normal), tally);
    }
    compare_points(
        title,
        about,
        answer,
        truth,
        &mut out.disagreements,
        &mut by_design,
    );
    compare_distance(title, answer, truth, &mut out.disagreements);
    if let Some(m) = motion {
        compare_impacts(
            title,
            about,
            answer,
            truth,
            m,
            &mut out.disagreements,
            &mut by_design,
        );
    }
    within_slop(title, about, &mut out.disagreements, &mut by_design);
    within_rounding(title, about, &mut out.disagreements, &mut by_design);
    out.by_design.extend(by_design);
    out
}

fn finding(kind: Kind, size: f32, description: String) -> Finding {
    Finding {
        kind,
        size,
        description,
        known: None,
    }
}

/// Intersecting or not: a disagreement when satbox's answer is further from touching than the
/// rounding band; within it, by design.
fn compare_verdict(
    title: &str,
    answer: &EngineAnswer,
    truth: &Truth,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    if truth.touching || truth.intersect == answer.intersect {
        return;
    }
    let word = |i: bool| if i { "intersecting" } else { "separated" };
    let sentence = format!(
        "verdict: satbox says {}, {title} says {} ({} from touching)",
        word(truth.intersect),
        word(answer.intersect),
        fmt_num(truth.margin)
    );
    if truth.margin <= truth.band {
        by_design.push(format!(
            "{sentence}: within rounding of touching (±{}), where either verdict is as right",
            fmt_num(truth.band)
        ));
    } else {
        disagreements.push(finding(Kind::Verdict, truth.margin, sentence));
    }
}

/// The distance of a pair both find apart.
fn compare_distance(
    title: &str,
    answer: &EngineAnswer,
    truth: &Truth,
    disagreements: &mut Vec<Finding>,
) {
    let Some(d) = answer.distance else {
        return;
    };
    if truth.intersect || truth.touching || (d - truth.distance).abs() <= truth.tolerance {
        return;
    }
    disagreements.push(finding(
        Kind::Distance,
        (d - truth.distance).abs(),
        format!(
            "distance: satbox {}, {title} {}",
            fmt_num(truth.distance),
            fmt_num(d)
        ),
    ));
}

/// The kinds of disagreement whose size is a length.
const LENGTHS: [Kind; 6] = [
    Kind::Verdict,
    Kind::Depth,
    Kind::MissingContact,
    Kind::PhantomPoint,
    Kind::PointOutside,
    Kind::Distance,
];

/// Moves the length disagreements no larger than twice the engine's convex radius to the
/// differences by design. The comparison holds such an engine to the rounded boxes
/// ([`Truth::rounded_inside`]); Jolt collides them so only while the cores are apart (GJK on the cores,
/// plus the radius) and runs EPA on the sharp boxes once the cores overlap, up to about the
/// radius deeper.
fn within_rounding(
    title: &str,
    about: &About,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    let band = 2.0 * about.convex_radius;
    if band <= 0.0 {
        return;
    }
    disagreements.retain(|d| {
        let small = LENGTHS.contains(&d.kind) && d.size <= band;
        if small {
            by_design.push(format!(
                "{title}'s {} differs from the rounded boxes' by {}, within twice its convex radius {} (Jolt's PenetrationDepth: GJK on the cores grown by the radius while the cores are apart, EPA on the boxes with their sharp corners once they overlap): {}",
                d.kind.name(),
                fmt_num(d.size),
                fmt_num(about.convex_radius),
                d.description
            ));
        }
        !small
    });
}

/// Moves the disagreements no larger than the engine's absolute tolerance (its linear slop) to
/// the differences by design: the engine decides within that length by its own rule.
fn within_slop(
    title: &str,
    about: &About,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    let Some(slop) = about.slop else {
        return;
    };
    disagreements.retain(|d| {
        let small = LENGTHS.contains(&d.kind) && d.size <= slop;
        if small {
            by_design.push(format!(
                "{title}'s {} differs by {}, within its linear slop {} (an absolute tolerance, in its length unit): {}",
                d.kind.name(),
                fmt_num(d.size),
                fmt_num(slop),
                d.description
            ));
        }
        !small
    });
}

/// The depth and the normal of an intersecting pair. An engine that answers with contact points
/// builds them as satbox's manifold does, on a face axis where an edge axis beats it by less than
/// a bias (the face preference), and clips off a corner beyond the reference face: its deepest
/// point and its normal then match satbox's manifold rather than the least overlap, by design.
fn compare_depth(
    title: &str,
    about: &About,
    answer: &EngineAnswer,
    truth: &Truth,
    (depth, normal): (f32, Vec3),
    (disagreements, by_design): (&mut Vec<Finding>, &mut Vec<String>),
) {
    let tol = truth.tolerance;
    let contact = truth.contact.filter(|_| about.manifold);
    if let Some(d) = answer.depth.filter(|d| (d - depth).abs() > tol) {
        match contact {
            Some((_, deepest)) if (d - deepest).abs() <= tol => by_design.push(format!(
                "{title}'s deepest point is {} deep, as satbox's contact manifold's; the depth {} is the least overlap (the manifold's axis is another, by the face preference, or its deepest corner is clipped off)",
                fmt_num(d),
                fmt_num(depth)
            )),
            _ => disagreements.push(Finding {
                kind: Kind::Depth,
                size: (d - depth).abs(),
                description: format!(
                    "depth: satbox {}, {title} {} ({} {})",
                    fmt_num(depth),
                    fmt_num(d),
                    fmt_num((d - depth).abs()),
                    if d < depth { "short" } else { "deeper" }
                ),
                known: about
                    .shallow_depth
                    .filter(|_| d < depth && truth.pair.mode() == crate::scene::Mode::Three),
            }),
        }
    }
    let Some(n) = answer.normal.filter(|n| *n != Vec3::ZERO) else {
        return;
    };
    let tally = (disagreements, by_design);
    compare_normal(title, about, truth, (depth, normal), n, tally);
}

/// The engine's normal `n` against satbox's least overlap (`depth` along `normal`): flipped, as
/// satbox's contact manifold's, within the engine's slop or convex radius, or another way out.
fn compare_normal(
    title: &str,
    about: &About,
    truth: &Truth,
    (depth, normal): (f32, Vec3),
    n: Vec3,
    (disagreements, by_design): (&mut Vec<Finding>, &mut Vec<String>),
) {
    let tol = truth.tolerance;
    let contact = truth.contact.filter(|_| about.manifold);
    let signed = degrees(n, normal);
    if signed <= SAME_NORMAL_DEGREES || truth.touching {
        return;
    }
    // a normal is flipped when it points from B to A by the centres' offset along it; where
    // that offset is within rounding of 0 both ways out are as short, and the sign is no error
    let offset = truth.centre_offset().dot(n.normalize());
    let flipped = signed > 90.0 && offset < -tol;
    let apart = if signed > 90.0 && !flipped {
        180.0 - signed
    } else {
        signed
    };
    if apart <= SAME_NORMAL_DEGREES {
        return;
    }
    let along = truth.overlap_along(n.normalize());
    let as_manifold = contact.is_some_and(|(m, _)| {
        degrees(n, m) <= SAME_NORMAL_DEGREES || (!flipped && degrees(n, -m) <= SAME_NORMAL_DEGREES)
    });
    if flipped || apart > 90.0 {
        disagreements.push(finding(
            Kind::NormalFlipped,
            apart,
            format!(
                "normal: {title}'s points from B to A, {}° from satbox's",
                fmt_num(apart)
            ),
        ));
    } else if as_manifold {
        by_design.push(format!(
            "{title}'s normal is satbox's contact manifold's, {}° from the axis of least overlap (the face preference)",
            fmt_num(apart)
        ));
    } else if about.slop.is_some_and(|slop| along - depth <= slop) && along - depth > tol {
        by_design.push(format!(
            "{title}'s normal is {}° from satbox's; along it the boxes overlap by {}, {} more than the depth, within its linear slop {} (an absolute tolerance)",
            fmt_num(apart),
            fmt_num(along),
            fmt_num(along - depth),
            fmt_num(about.slop.unwrap_or_default())
        ));
    } else if along - depth > tol && along - depth <= 2.0 * about.convex_radius {
        by_design.push(format!(
            "{title}'s normal is {}° from satbox's; along it the boxes overlap by {}, {} more than the depth, within twice its convex radius {} (rounded edges and corners turn the normal)",
            fmt_num(apart),
            fmt_num(along),
            fmt_num(along - depth),
            fmt_num(about.convex_radius)
        ));
    } else if along - depth > tol {
        disagreements.push(finding(
            Kind::Normal,
            apart,
            format!(
                "normal: {}° apart; along {title}'s normal the boxes overlap by {}, satbox's way out is {}",
                fmt_num(apart),
                fmt_num(along),
                fmt_num(depth)
            ),
        ));
    } else {
        by_design.push(format!(
            "{title}'s normal is {}° from satbox's, an equally short way out (another reference face)",
            fmt_num(apart)
        ));
    }
}

/// The engine's contact points against satbox's contact: missing, phantom, outside; the
/// differences by design in their number and height.
fn compare_points(
    title: &str,
    about: &About,
    answer: &EngineAnswer,
    truth: &Truth,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    let surface = 8.0 * f32::EPSILON * (1.0 + pair_scale(&truth.pair));
    let below: Vec<&Point> = answer
        .points
        .iter()
        .filter(|p| p.separation <= surface)
        .collect();
    by_design.extend(above_the_surface(
        title,
        about,
        answer,
        below.len(),
        truth.tolerance,
    ));
    let meet = truth.intersect && !truth.touching && truth.margin > truth.band;
    if truth.points > 0 && below.is_empty() && answer.depth.is_none() && meet {
        disagreements.push(finding(
            Kind::MissingContact,
            truth.margin,
            format!(
                "contact: satbox has {} point{}, {title} none where the boxes meet",
                truth.points,
                plural(truth.points)
            ),
        ));
        return;
    }
    let wrong = misplaced_points(title, answer, truth, &below, disagreements);
    // another number of points is by design only when nothing else is wrong with them
    if wrong
        || !disagreements.is_empty()
        || below.is_empty()
        || truth.points == 0
        || below.len() == truth.points
    {
        return;
    }
    by_design.push(if !about.manifold {
        format!(
            "{title} answers with one deepest point pair, not a contact manifold; satbox keeps {}",
            truth.points
        )
    } else {
        format!(
            "{title} keeps {} point{} where satbox keeps {}, each on the contact (another reduction)",
            below.len(),
            plural(below.len()),
            truth.points
        )
    });
}

/// The sentence for the engine's points above the surface, when it keeps any.
fn above_the_surface(
    title: &str,
    about: &About,
    answer: &EngineAnswer,
    below: usize,
    tol: f32,
) -> Option<String> {
    let above = answer.points.len() - below;
    if above == 0 {
        return None;
    }
    let highest = answer
        .points
        .iter()
        .map(|p| p.separation)
        .fold(f32::NEG_INFINITY, f32::max);
    let reach = match about.speculative {
        Some(s) if highest <= s + tol => {
            format!(", within its speculative distance {}", fmt_num(s))
        }
        Some(s) => format!(
            ", up to {} (beyond its speculative distance {}: a solver does not push at them)",
            fmt_num(highest),
            fmt_num(s)
        ),
        None => format!(", up to {}", fmt_num(highest)),
    };
    Some(format!(
        "{title} keeps {above} point{} above the surface{reach}; satbox keeps only points at or below it",
        plural(above)
    ))
}

/// The points at or below the surface that cannot be: deeper than the boxes overlap along the
/// engine's own normal, or outside a box. Returns whether there was one.
fn misplaced_points(
    title: &str,
    answer: &EngineAnswer,
    truth: &Truth,
    below: &[&Point],
    disagreements: &mut Vec<Finding>,
) -> bool {
    let tol = truth.tolerance;
    let depth = match answer.normal.filter(|n| *n != Vec3::ZERO) {
        Some(n) => truth.overlap_along(n.normalize()).max(0.0),
        None => truth.depth.map_or(0.0, |(d, _)| d),
    };
    let mut wrong = false;
    for p in below {
        let excess = -p.separation - depth;
        if excess > tol {
            wrong = true;
            disagreements.push(finding(
                Kind::PhantomPoint,
                excess,
                format!(
                    "contact point: {title} has one {} deep at ({}), {} deeper than the boxes overlap along its normal",
                    fmt_num(-p.separation),
                    coords(p.point),
                    fmt_num(excess)
                ),
            ));
        }
        let out = truth.outside(p.point) - 0.5 * p.separation.abs();
        if out > tol {
            wrong = true;
            disagreements.push(finding(
                Kind::PointOutside,
                out,
                format!(
                    "contact point: {title}'s point ({}) lies {} outside a box",
                    coords(p.point),
                    fmt_num(out)
                ),
            ));
        }
    }
    wrong
}

/// The times of impact: the same within the step's tolerance, or the engine's by design.
fn compare_impacts(
    title: &str,
    about: &About,
    answer: &EngineAnswer,
    truth: &Truth,
    motion: &MotionSpec,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    let (pair, satbox_t) = (&truth.pair, truth.impact);
    if !about.impact.covers(motion) {
        by_design.push(match about.impact {
            super::ImpactQuery::Translating => format!(
                "{title} has no time of impact for turning boxes: its shape cast translates only"
            ),
            _ => format!("{title} has no time-of-impact query"),
        });
        return;
    }
    let engine_t = answer.impact.as_ref().map(|i| i.t);
    let tol = time_tolerance(pair, motion);
    let size = match (satbox_t, engine_t) {
        (Some(s), Some(e)) => (s - e).abs(),
        (None, None) => return,
        _ => motion.dt,
    };
    if size <= tol {
        return;
    }
    // stopped short of touching by the engine's slop: the boxes there are that far apart
    if let (Some(slop), Some(e), Some(s)) = (about.slop, engine_t, satbox_t) {
        let apart = distance_at(pair, motion, e);
        if e <= s + tol && apart <= slop + 2.0 * crate::sat::tolerance(pair_scale(pair)) {
            by_design.push(format!(
                "{title}'s time of impact stops {} short of touching (its linear slop {}): t = {}, satbox's {}",
                fmt_num(apart),
                fmt_num(slop),
                fmt_num(e),
                fmt_num(s)
            ));
            return;
        }
    }
    let t = |x: Option<f32>| x.map_or("no impact".to_string(), |t| format!("t = {}", fmt_num(t)));
    disagreements.push(finding(
        Kind::TimeOfImpact,
        size,
        format!(
            "time of impact: satbox {}, {title} {}",
            t(satbox_t),
            t(engine_t)
        ),
    ));
}

/// How far apart satbox's and an engine's times of impact may be and still agree: `1e-4` of the
/// step, plus the time the pair takes to close the length tolerance at its relative speed.
pub fn time_tolerance(pair: &Pair, motion: &MotionSpec) -> f32 {
    let speed = |m: &crate::scene::motion::BoxMotion| {
        Vec3::from(m.velocity).length() + Vec3::from(m.angular_velocity).length() * pair_scale(pair)
    };
    let closing = speed(&motion.a) + speed(&motion.b);
    let by_length = if closing > 0.0 {
        crate::sat::tolerance(pair_scale(pair)) / closing
    } else {
        0.0
    };
    1e-4 * motion.dt + by_length
}

/// The exact distance between the boxes at time `t` of `motion`.
fn distance_at(pair: &Pair, motion: &MotionSpec, t: f32) -> f32 {
    struct At<'a>(&'a MotionSpec, f32);
    impl PairQuestion for At<'_> {
        type Answer = f32;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> f32 {
            let m = self.0.for_boxes::<B::Vec>();
            let (pa, pb) = (
                crate::sat::motion::pose_at(a, &m.a, self.1),
                crate::sat::motion::pose_at(b, &m.b, self.1),
            );
            B::separation(&pa, &pb).distance
        }
    }
    pair.ask(At(motion, t))
}

fn coords(p: Vec3) -> String {
    [p.x, p.y, p.z]
        .iter()
        .map(|x| fmt_num(*x))
        .collect::<Vec<_>>()
        .join(", ")
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
