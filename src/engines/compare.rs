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

use glam::Vec3;

use super::{About, Answer, EngineName, Point};
use crate::sat::{fmt_num, Obb2, Obb3, Report, Vector};
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
}

/// The whole comparison of one engine's answer with satbox's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    /// Real disagreements.
    pub disagreements: Vec<Finding>,
    /// Differences by design, each a sentence with its reason.
    pub by_design: Vec<String>,
}

/// What satbox says of the pair, as the comparison reads it.
#[derive(Clone, Debug)]
pub struct Satbox {
    /// No axis separates.
    pub intersect: bool,
    /// The gap is zero within rounding.
    pub touching: bool,
    /// How far from touching: the depth, or the largest separating gap.
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
}

/// The tolerance of a pair of `scale` whose centres lie `reach` from the origin.
fn tolerance_of(scale: f32, reach: f32) -> f32 {
    crate::sat::tolerance(scale) + 8.0 * f32::EPSILON * reach
}

/// How far the two boxes' centres lie from the origin, together.
fn reach<B: PairBox>(a: &B, b: &B) -> f32 {
    a.center().length() + b.center().length()
}

impl Satbox {
    /// satbox's answers for `pair`.
    pub fn of(pair: &Pair) -> Self {
        struct Says;
        impl PairQuestion for Says {
            type Answer = Satbox;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Satbox {
                let r = B::report(a, b, &Default::default());
                let margin = r.margin();
                let lift = |v: B::Vec| v.to_dvec3().as_vec3();
                let m = B::manifold(a, b, &Default::default());
                let deepest = |m: &crate::sat::Manifold<B::Vec>| {
                    -m.points()
                        .iter()
                        .map(|p| p.separation)
                        .fold(f32::INFINITY, f32::min)
                };
                Satbox {
                    intersect: r.intersect(),
                    touching: r.touching(),
                    margin,
                    depth: r.penetration().map(|p| (p.depth, lift(p.normal))),
                    points: m.as_ref().map_or(0, |m| m.len()),
                    contact: m.as_ref().map(|m| (lift(m.normal), deepest(m))),
                    distance: B::separation(a, b).distance,
                    tolerance: tolerance_of(crate::sat::scale(a, b), reach(a, b)),
                }
            }
        }
        pair.ask(Says)
    }
}

impl Satbox {
    /// satbox's answers for `pair` made as an engine makes boxes with convex radius `r` inside
    /// their half extents (Jolt's `BoxShape`): cores shrunk by `r`, grown back by a sphere of `r`
    /// ([`crate::sat::rounded`]), so that the box keeps its half extents and its edges and corners
    /// are rounded.
    pub fn rounded(pair: &Pair, r: f32) -> Self {
        match *pair {
            Pair::Three(a, b) => {
                let core = |o: Obb3| Obb3 {
                    half_extents: (o.half_extents - Vec3::splat(r)).max(Vec3::ZERO),
                    ..o
                };
                Self::of_rounded(&core(a), &core(b), r)
            }
            Pair::Two(a, b) => {
                let core = |o: Obb2| Obb2 {
                    half_extents: (o.half_extents - glam::Vec2::splat(r)).max(glam::Vec2::ZERO),
                    ..o
                };
                Self::of_rounded(&core(a), &core(b), r)
            }
        }
    }

    /// satbox's answers for two cores `a` and `b`, each grown by `r`.
    fn of_rounded<B: PairBox>(a: &B, b: &B, r: f32) -> Self {
        let lift = |v: B::Vec| v.to_dvec3().as_vec3();
        let answer = crate::sat::rounded::rounded(a, r, b, r);
        let m = crate::sat::rounded::rounded_manifold(a, r, b, r, &Default::default());
        let tolerance = tolerance_of(crate::sat::scale(a, b), reach(a, b));
        let margin = answer.depth.unwrap_or(answer.distance);
        Satbox {
            intersect: answer.intersect,
            touching: margin <= tolerance,
            margin,
            depth: answer.depth.zip(answer.normal).map(|(d, n)| (d, lift(n))),
            points: m.as_ref().map_or(0, |m| m.len()),
            contact: m.as_ref().map(|m| {
                let deepest = m
                    .points()
                    .iter()
                    .map(|p| p.separation)
                    .fold(f32::INFINITY, f32::min);
                (lift(m.normal), -deepest)
            }),
            distance: answer.distance,
            tolerance,
        }
    }

    /// satbox's `f64` reference for `pair` (vertex projection, the reference manifold, the
    /// distance in `f64`): the truth the audit holds engines to. A pair whose reference margin
    /// lies within the rounding band of its size counts as touching, where either verdict is right.
    pub fn reference(pair: &Pair) -> Self {
        struct Reference;
        impl PairQuestion for Reference {
            type Answer = Satbox;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Satbox {
                let r = B::reference(a, b, crate::sat::DEGENERATE_THRESHOLD as f64);
                let margin = r
                    .axes
                    .iter()
                    .filter(|x| !x.degenerate)
                    .map(|x| x.gap)
                    .fold(f64::NEG_INFINITY, f64::max);
                let scale = crate::sat::scale(a, b);
                let band = crate::sat::agreement::rounding_band(scale);
                let m = B::reference_manifold(a, b, &Default::default());
                Satbox {
                    intersect: r.intersect,
                    touching: margin.abs() <= band,
                    margin: margin.abs() as f32,
                    depth: r.depth.zip(r.normal).map(|(d, n)| (d as f32, n.as_vec3())),
                    points: m.as_ref().map_or(0, |m| m.points.len()),
                    contact: m.as_ref().map(|m| {
                        let deepest = m
                            .points
                            .iter()
                            .map(|p| p.separation)
                            .fold(f64::INFINITY, f64::min);
                        (m.normal.as_vec3(), -deepest as f32)
                    }),
                    distance: B::distance_f64(a, b) as f32,
                    tolerance: tolerance_of(scale, reach(a, b)),
                }
            }
        }
        pair.ask(Reference)
    }
}

/// How deep the boxes overlap along the unit direction `n`: `ra + rb − |T·n|`.
fn overlap_along(pair: &Pair, n: Vec3) -> f32 {
    struct Along(Vec3);
    impl PairQuestion for Along {
        type Answer = f32;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> f32 {
            let n = B::Vec::from_coords(self.0.to_array());
            a.projected_radius(n) + b.projected_radius(n) - (b.center() - a.center()).dot(n).abs()
        }
    }
    pair.ask(Along(n))
}

/// B's centre less A's.
fn centre_offset(pair: &Pair) -> Vec3 {
    struct Offset;
    impl PairQuestion for Offset {
        type Answer = Vec3;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Vec3 {
            Vec3::from_array((b.center() - a.center()).to_coords())
        }
    }
    pair.ask(Offset)
}

/// How far `p` lies outside A and outside B (0 inside), the larger of the two.
fn outside(pair: &Pair, p: Vec3) -> f32 {
    struct Outside(Vec3);
    impl PairQuestion for Outside {
        type Answer = f32;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> f32 {
            let q = self.0.as_dvec3();
            (a.to_box64().outside(q).max(b.to_box64().outside(q))) as f32
        }
    }
    pair.ask(Outside(p))
}

fn degrees(u: Vec3, v: Vec3) -> f32 {
    u.normalize_or_zero()
        .dot(v.normalize_or_zero())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

/// What an engine's answer for rounded boxes ([`super::ask_rounded`]) is held to: the boxes as
/// it was given them (`cores` each grown by `radius`), its settings at that radius, and satbox's
/// answer for the rounded boxes. `None` when the engine is not built in.
pub fn rounded_terms(
    cores: &Pair,
    engine: EngineName,
    radius: f32,
) -> Option<(Pair, About, Satbox)> {
    let about = About {
        convex_radius: radius,
        ..engine.engine()?.about()
    };
    let grown = super::grown(cores, radius);
    let satbox = Satbox::rounded(&grown, radius);
    Some((grown, about, satbox))
}

/// Compares `engine`'s `answer` with satbox's `satbox` for `pair` (moving by `motion`, when
/// satbox's time of impact is `satbox_impact`).
pub fn compare(
    pair: &Pair,
    engine: EngineName,
    about: &About,
    answer: &Answer,
    satbox: &Satbox,
    motion: Option<(&MotionSpec, Option<f32>)>,
) -> Comparison {
    let mut out = Comparison::default();
    // an engine whose boxes are rounded inside their half extents answers for the rounded boxes:
    // held to satbox's answer for those
    let rounded;
    let satbox = if about.convex_radius > 0.0 {
        rounded = Satbox::rounded(pair, about.convex_radius);
        out.by_design.push(format!(
            "compared with satbox's answer for the rounded boxes: each box's half extents with \
             edges and corners rounded by the convex radius {} (its core is the half extents \
             less the radius, grown back by a sphere of it)",
            fmt_num(about.convex_radius)
        ));
        &rounded
    } else {
        satbox
    };
    let title = engine.title();
    let tol = satbox.tolerance;
    let mut disagree = |kind, size: f32, description: String| {
        out.disagreements.push(Finding {
            kind,
            size,
            description,
        })
    };
    // the verdict
    if !satbox.touching && satbox.intersect != answer.intersect {
        let word = |i: bool| if i { "intersecting" } else { "separated" };
        disagree(
            Kind::Verdict,
            satbox.margin,
            format!(
                "verdict: satbox says {}, {title} says {} ({} from touching)",
                word(satbox.intersect),
                word(answer.intersect),
                fmt_num(satbox.margin)
            ),
        );
    }
    let mut by_design = Vec::new();
    if let (Some((depth, normal)), true) = (satbox.depth, answer.intersect) {
        let tally = (&mut out.disagreements, &mut by_design);
        compare_depth(pair, title, about, answer, satbox, (depth, normal), tally);
    }
    compare_points(
        pair,
        title,
        about,
        answer,
        satbox,
        &mut out.disagreements,
        &mut by_design,
    );
    if let (false, Some(d)) = (satbox.intersect || satbox.touching, answer.distance) {
        if (d - satbox.distance).abs() > tol {
            out.disagreements.push(Finding {
                kind: Kind::Distance,
                size: (d - satbox.distance).abs(),
                description: format!(
                    "distance: satbox {}, {title} {}",
                    fmt_num(satbox.distance),
                    fmt_num(d)
                ),
            });
        }
    }
    if let Some((m, satbox_t)) = motion {
        compare_impacts(
            pair,
            title,
            about,
            answer,
            m,
            satbox_t,
            &mut out.disagreements,
            &mut by_design,
        );
    }
    within_slop(title, about, &mut out.disagreements, &mut by_design);
    within_rounding(title, about, &mut out.disagreements, &mut by_design);
    out.by_design.extend(by_design);
    out
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
/// ([`Satbox::rounded`]); Jolt collides them so only while the cores are apart (GJK on the cores,
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
    pair: &Pair,
    title: &str,
    about: &About,
    answer: &Answer,
    satbox: &Satbox,
    (depth, normal): (f32, Vec3),
    (disagreements, by_design): (&mut Vec<Finding>, &mut Vec<String>),
) {
    let tol = satbox.tolerance;
    let contact = satbox.contact.filter(|_| about.manifold);
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
            }),
        }
    }
    let Some(n) = answer.normal.filter(|n| *n != Vec3::ZERO) else {
        return;
    };
    let tally = (disagreements, by_design);
    compare_normal(pair, title, about, satbox, (depth, normal), n, tally);
}

/// The engine's normal `n` against satbox's least overlap (`depth` along `normal`): flipped, as
/// satbox's contact manifold's, within the engine's slop or convex radius, or another way out.
fn compare_normal(
    pair: &Pair,
    title: &str,
    about: &About,
    satbox: &Satbox,
    (depth, normal): (f32, Vec3),
    n: Vec3,
    (disagreements, by_design): (&mut Vec<Finding>, &mut Vec<String>),
) {
    let tol = satbox.tolerance;
    let contact = satbox.contact.filter(|_| about.manifold);
    let signed = degrees(n, normal);
    if signed <= SAME_NORMAL_DEGREES || satbox.touching {
        return;
    }
    // a normal is flipped when it points from B to A by the centres' offset along it; where
    // that offset is within rounding of 0 both ways out are as short, and the sign is no error
    let offset = centre_offset(pair).dot(n.normalize());
    let flipped = signed > 90.0 && offset < -tol;
    let apart = if signed > 90.0 && !flipped {
        180.0 - signed
    } else {
        signed
    };
    if apart <= SAME_NORMAL_DEGREES {
        return;
    }
    let along = overlap_along(pair, n.normalize());
    let as_manifold = contact.is_some_and(|(m, _)| {
        degrees(n, m) <= SAME_NORMAL_DEGREES || (!flipped && degrees(n, -m) <= SAME_NORMAL_DEGREES)
    });
    if flipped || apart > 90.0 {
        disagreements.push(Finding {
            kind: Kind::NormalFlipped,
            size: apart,
            description: format!(
                "normal: {title}'s points from B to A, {}° from satbox's",
                fmt_num(apart)
            ),
        });
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
        disagreements.push(Finding {
            kind: Kind::Normal,
            size: apart,
            description: format!(
                "normal: {}° apart; along {title}'s normal the boxes overlap by {}, satbox's way out is {}",
                fmt_num(apart),
                fmt_num(along),
                fmt_num(depth)
            ),
        });
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
    pair: &Pair,
    title: &str,
    about: &About,
    answer: &Answer,
    satbox: &Satbox,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
    let surface = 8.0 * f32::EPSILON * (1.0 + pair_scale(pair));
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
        satbox.tolerance,
    ));
    if satbox.points > 0 && below.is_empty() && answer.depth.is_none() && !satbox.touching {
        disagreements.push(Finding {
            kind: Kind::MissingContact,
            size: satbox.margin,
            description: format!(
                "contact: satbox has {} point{}, {title} none where the boxes meet",
                satbox.points,
                plural(satbox.points)
            ),
        });
        return;
    }
    let wrong = misplaced_points(pair, title, answer, satbox, &below, disagreements);
    // another number of points is by design only when nothing else is wrong with them
    if wrong
        || !disagreements.is_empty()
        || below.is_empty()
        || satbox.points == 0
        || below.len() == satbox.points
    {
        return;
    }
    by_design.push(if !about.manifold {
        format!(
            "{title} answers with one deepest point pair, not a contact manifold; satbox keeps {}",
            satbox.points
        )
    } else {
        format!(
            "{title} keeps {} point{} where satbox keeps {}, each on the contact (another reduction)",
            below.len(),
            plural(below.len()),
            satbox.points
        )
    });
}

/// The sentence for the engine's points above the surface, when it keeps any.
fn above_the_surface(
    title: &str,
    about: &About,
    answer: &Answer,
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
    pair: &Pair,
    title: &str,
    answer: &Answer,
    satbox: &Satbox,
    below: &[&Point],
    disagreements: &mut Vec<Finding>,
) -> bool {
    let tol = satbox.tolerance;
    let depth = match answer.normal.filter(|n| *n != Vec3::ZERO) {
        Some(n) => overlap_along(pair, n.normalize()).max(0.0),
        None => satbox.depth.map_or(0.0, |(d, _)| d),
    };
    let mut wrong = false;
    for p in below {
        let excess = -p.separation - depth;
        if excess > tol {
            wrong = true;
            disagreements.push(Finding {
                kind: Kind::PhantomPoint,
                size: excess,
                description: format!(
                    "contact point: {title} has one {} deep at ({}), {} deeper than the boxes overlap along its normal",
                    fmt_num(-p.separation),
                    coords(p.point),
                    fmt_num(excess)
                ),
            });
        }
        let out = outside(pair, p.point) - 0.5 * p.separation.abs();
        if out > tol {
            wrong = true;
            disagreements.push(Finding {
                kind: Kind::PointOutside,
                size: out,
                description: format!(
                    "contact point: {title}'s point ({}) lies {} outside a box",
                    coords(p.point),
                    fmt_num(out)
                ),
            });
        }
    }
    wrong
}

/// The times of impact: the same within the step's tolerance, or the engine's by design.
#[allow(clippy::too_many_arguments)]
fn compare_impacts(
    pair: &Pair,
    title: &str,
    about: &About,
    answer: &Answer,
    motion: &MotionSpec,
    satbox_t: Option<f32>,
    disagreements: &mut Vec<Finding>,
    by_design: &mut Vec<String>,
) {
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
    let tol = super::parry::time_tolerance(pair, motion);
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
    disagreements.push(Finding {
        kind: Kind::TimeOfImpact,
        size,
        description: format!(
            "time of impact: satbox {}, {title} {}",
            t(satbox_t),
            t(engine_t)
        ),
    });
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
