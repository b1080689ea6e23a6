//! The live cross-check as a rule: the fast early-out test, the full report and the `f64`
//! reference for one pair, side by side, and whether they disagree outside the rounding band of
//! touching. The window shows it every frame; `tests/regressions.rs` replays saved cases with it.
//!
//! Near touching, `f32` cannot decide: a pair whose reference margin (its largest gap over the
//! non-degenerate axes) is within `2e-5 · (1 + scale)` of zero may get different verdicts from
//! tests that round differently, and that is not a disagreement. Outside that band every verdict
//! must match the reference, and an intersecting pair's depth must match it to ten bands.

use super::reference::{Box64, ReferenceReport};
use super::{Obb, Report, Vector};

/// The answers for one pair, side by side: satbox's answer, the fast early-out test (sharp boxes
/// only) and the `f64` reference.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    /// The fast early-out boolean test's verdict (with whatever padding it was run with); `None`
    /// for rounded boxes, which it does not test.
    pub fast: Option<bool>,
    /// satbox's answer's verdict ([`super::Answer`], or the report's for sharp boxes).
    pub answer: bool,
    /// The answer reads touching: its gap is 0 within the rounding of `f32`
    /// ([`super::SatReport::touching`]): either verdict is then right.
    pub touching: bool,
    /// The f64 reference's verdict.
    pub reference: bool,
    /// The reference's signed distance between the surfaces (for sharp boxes apart, its largest
    /// gap over the non-degenerate axes): how far from touching the pair is.
    pub margin: f64,
    /// The band around touching inside which `f32` and `f64` may round to different verdicts.
    pub band: f64,
    /// The answer's depth, when intersecting.
    pub answer_depth: Option<f32>,
    /// Reference depth, when intersecting.
    pub reference_depth: Option<f64>,
    /// The answer's first separating axis.
    pub answer_first: Option<usize>,
    /// The reference's first separating axis.
    pub reference_first: Option<usize>,
}

/// What a report concluded: the part of it the cross-check compares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// No axis separates.
    pub intersect: bool,
    /// The gap is zero within rounding.
    pub touching: bool,
    /// Lowest separating axis.
    pub first_separating: Option<usize>,
    /// Depth of the axis of least penetration, when intersecting.
    pub depth: Option<f32>,
}

impl<V> From<&super::Answer<V>> for Verdict {
    fn from(a: &super::Answer<V>) -> Self {
        Verdict {
            intersect: a.intersect,
            touching: a.touching,
            first_separating: a.first_separating,
            depth: a.depth,
        }
    }
}

/// The rounding band of a pair whose numbers are about `scale` in size (`|T|` plus both boxes'
/// extents): f32 carries about 7 significant digits.
pub fn rounding_band(scale: f32) -> f64 {
    2e-5 * (1.0 + scale as f64)
}

fn word(intersect: bool) -> &'static str {
    if intersect {
        "intersecting"
    } else {
        "separated"
    }
}

impl Agreement {
    /// The answers for one pair of sharp boxes: its report, its reference, the fast test's
    /// verdict, and the pair's `scale` for the rounding band (see [`rounding_band`]).
    pub fn of<V>(
        report: &impl Report<V>,
        reference: &ReferenceReport,
        fast: bool,
        scale: f32,
    ) -> Self {
        let verdict = Verdict {
            intersect: report.intersect(),
            touching: report.touching(),
            first_separating: report.first_separating(),
            depth: report.penetration().map(|p| p.depth),
        };
        let reference = super::answer::Reference {
            intersect: reference.intersect,
            separation: reference.depth.map_or(deciding_gap(reference), |d| -d),
            depth: reference.depth,
            first_separating: reference.first_separating,
        };
        Self::from_verdict(verdict, &reference, Some(fast), scale)
    }

    /// The same from the answer's verdict, the reference's answer ([`super::answer::reference`])
    /// and the fast test's verdict (`None` for rounded boxes).
    pub fn from_verdict(
        answer: Verdict,
        reference: &super::answer::Reference,
        fast: Option<bool>,
        scale: f32,
    ) -> Self {
        Agreement {
            fast,
            answer: answer.intersect,
            touching: answer.touching,
            reference: reference.intersect,
            margin: reference.separation,
            band: rounding_band(scale),
            answer_depth: answer.depth,
            reference_depth: reference.depth,
            answer_first: answer.first_separating,
            reference_first: reference.first_separating,
        }
    }

    /// The verdicts may differ by rounding: the answer reads touching, or the reference is
    /// within the rounding band of touching.
    pub fn near_touching(&self) -> bool {
        self.touching || self.margin.abs() <= self.band
    }

    /// A sentence naming what disagrees, or `None` when all agree (up to the rounding band).
    pub fn disagreement(&self) -> Option<String> {
        if self.near_touching() {
            return None;
        }
        let mut problems = Vec::new();
        if let Some(fast) = self.fast.filter(|f| *f != self.reference) {
            problems.push(format!(
                "fast test says {}, reference says {}",
                word(fast),
                word(self.reference)
            ));
        }
        if self.answer != self.reference {
            problems.push(format!(
                "satbox says {}, reference says {}",
                word(self.answer),
                word(self.reference)
            ));
        }
        if let (Some(d), Some(r)) = (self.answer_depth, self.reference_depth) {
            if (d as f64 - r).abs() > self.band * 10.0 {
                problems.push(format!(
                    "depth {} against the reference's {}",
                    super::fmt_num(d),
                    super::fmt_num(r as f32)
                ));
            }
        }
        (!problems.is_empty()).then(|| problems.join("; "))
    }
}

/// Every answer satbox gives for one pair of boxes, checked against each other and the `f64`
/// reference: what the differential fuzz target and the extreme-input sweep assert. Empty when
/// all is well; otherwise one sentence per problem.
///
/// - every number of the report is finite (or, for a degenerate axis, marked so);
/// - the fast test, the report and the reference agree outside the rounding band ([`Agreement`]);
/// - the contact manifold, built with A's centre at the origin, matches the `f64` reference
///   manifold within `1e-4 · (1 + scale)` ([`super::tolerance`]), or differs only where the
///   reference was that close to a decision ([`super::reference::compare_manifolds`]) or a box is
///   thinner than that tolerance (for an edge contact, the tolerance over the sine of the edges'
///   angle); it has at most 4 points (2 in 2D), each finite and no farther apart than the
///   tolerance (no margin is used); the manifold in world coordinates is the same moved back, to
///   within the rounding of the largest coordinate;
/// - the manifold keeps the invariants of [`contact_problems`] (one rule of meeting, no phantom
///   depth, the face preference);
/// - the exact distance matches the `f64` one within the same tolerance.
///
/// A 3D verdict that turns on the degenerate-axis rule (nearly parallel edges, see
/// [`super::DEGENERATE_THRESHOLD`]), or a fast "intersecting" that its padding of nearly parallel
/// edges' axes explains, is not a disagreement.
pub fn audit<B: Obb>(a: &B, b: &B) -> Vec<String> {
    use super::{ManifoldParams, SatParams, DEGENERATE_THRESHOLD};
    let scale = super::scale(a, b);
    let sat = SatParams::default();
    let report = B::report(a, b, &sat);
    let reference = B::reference(a, b, DEGENERATE_THRESHOLD as f64);
    let fast = B::intersects(a, b, &sat);
    let mut problems = report_problems(&report, &reference, fast, scale);
    let (a64, b64) = (a.to_box64(), b.to_box64());
    if has_edges::<B>()
        && !problems.is_empty()
        && (turns_on_the_degenerate_rule(a, b, &reference, scale)
            || fast && padding_explains(&a64, &b64, &reference, scale))
    {
        problems.clear();
    }
    // the construction, compared where A's centre is the origin (in world coordinates far from
    // it, every f32 point carries the rounding of its coordinates' size)...
    let (sa, sb) = (a.moved(-a.center()), b.moved(-a.center()));
    let params = ManifoldParams::default();
    let manifold = B::manifold(&sa, &sb, &params);
    let reference_manifold = B::reference_manifold(&sa, &sb, &params);
    let kinds = [
        manifold.as_ref().map(|m| m.kind()),
        reference_manifold.as_ref().map(|r| r.kind),
    ];
    let limits = ManifoldLimits {
        most: super::manifold::max_points(B::Vec::DIM),
        scale,
        thinnest: thinnest(&a64, &b64),
        condition: edge_condition(kinds, &a64, &b64),
    };
    problems.extend(manifold_problems(
        manifold.as_ref(),
        reference_manifold.as_ref(),
        &limits,
    ));
    // ...and the world's manifold is that one moved back, to that rounding, unless the pair
    // touches: which points lie within its band of touching is rounding of where it is
    if !report.touching() {
        problems.extend(moved_problems(
            B::manifold(a, b, &params).as_ref(),
            manifold.as_ref(),
            a64.center.abs().max(b64.center.abs()).max_element(),
            a64.center,
            scale,
            deciding_gap(&reference),
        ));
    }
    problems.extend(contact_problems(a, b, &params));
    let (d, d64) = (B::separation(a, b).distance, B::distance_f64(a, b));
    problems.extend(distance_problems(d, d64, scale));
    problems
}

/// Whether boxes of this kind have edge axes (3D: 15 axes, 6 of them faces).
fn has_edges<B: Obb>() -> bool {
    B::AXES > 2 * B::Vec::DIM
}

/// Where two edges cross at a small angle θ, rounding moves the crossing along them by
/// rounding / sin θ: an edge contact's points are compared to the tolerance over sin θ. The
/// factor `1 / sin θ` of the edge contacts among `kinds` (1 for none).
fn edge_condition(kinds: [Option<super::AxisKind>; 2], a: &Box64, b: &Box64) -> f32 {
    kinds
        .into_iter()
        .flatten()
        .filter_map(|k| match k {
            super::AxisKind::Edge(i, j) => Some(a.axes[i].cross(b.axes[j]).length() as f32),
            _ => None,
        })
        .fold(1.0f32, |c, sin| {
            c.max(1.0 / sin.max(super::DEGENERATE_THRESHOLD))
        })
}

/// The invariants of the contact manifold of one pair under `params`, checked in `f64`: what the
/// resting-contact property test (`tests/resting_contacts.rs`) and the differential fuzz target
/// (through [`audit`]) assert. Empty when all hold; otherwise one sentence per problem.
///
/// 1. One rule of meeting: a manifold exists exactly when the report says the boxes meet within
///    the margin ([`SatReport::meets`](crate::sat::SatReport::meets)), and then it has 1 to 4 points and a unit normal.
/// 2. No phantom depth: no point is deeper than the boxes' shadows overlap along the manifold's
///    own normal; and every point lies within `|separation|` of both boxes.
/// 3. The face preference: an edge contact only where the edge axis beats every face axis by the
///    bias ([`super::ManifoldParams`]); a face contact where an edge axis beats them all by more
///    than the bias only when its supporting edges do not cross.
/// 4. Separated beyond the margin (in `f64`, by more than the tolerance): no manifold; within it
///    by more than the tolerance: a manifold.
///
/// Lengths are compared to `1e-4 · (1 + scale)` plus the rounding of the largest coordinate.
pub fn contact_problems<B: Obb>(a: &B, b: &B, params: &super::ManifoldParams) -> Vec<String> {
    let sat = super::SatParams {
        degenerate_threshold: params.degenerate_threshold,
        ..super::SatParams::default()
    };
    let report = B::report(a, b, &sat);
    let (a64, b64) = (a.to_box64(), b.to_box64());
    let pair = ContactPair {
        a: a64,
        b: b64,
        reference: B::reference(a, b, params.degenerate_threshold as f64),
        coordinates: a64.center.abs().max(b64.center.abs()).max_element(),
    };
    let most = super::manifold::max_points(B::Vec::DIM);
    pair.problems(&report, B::manifold(a, b, params).as_ref(), params, most)
}

/// One pair in `f64`, for [`contact_problems`].
struct ContactPair {
    a: super::reference::Box64,
    b: super::reference::Box64,
    reference: ReferenceReport,
    coordinates: f64,
}

impl ContactPair {
    fn problems<V>(
        &self,
        report: &impl Report<V>,
        manifold: Option<&super::Manifold<V>>,
        params: &super::ManifoldParams,
        most: usize,
    ) -> Vec<String>
    where
        V: Vector,
    {
        let scale = self.a.scale() + self.b.scale() + (self.b.center - self.a.center).length();
        let t = tolerance(scale as f32) + 8.0 * f32::EPSILON as f64 * self.coordinates;
        let margin = params.margin as f64;
        let gap = deciding_gap(&self.reference);
        let mut problems = Vec::new();
        // 4. separated beyond the margin, or within it
        if gap > margin + t && manifold.is_some() {
            problems.push(format!(
                "separated by {gap} beyond the margin {margin}, yet a manifold"
            ));
        }
        if gap < margin - t && manifold.is_none() {
            problems.push(format!(
                "the gap {gap} is within the margin {margin}, yet no manifold"
            ));
        }
        // 1. one rule of meeting
        let meets = report.meets(params.margin);
        let Some(m) = manifold else {
            if meets {
                problems.push(format!(
                    "the report says the boxes meet ({}), and there is no manifold",
                    report.verdict()
                ));
            }
            return problems;
        };
        if !meets {
            problems.push(format!(
                "a manifold where the report says the boxes do not meet ({})",
                report.verdict()
            ));
        }
        if !(1..=most).contains(&m.len()) {
            problems.push(format!("the manifold has {} points", m.len()));
        }
        let n = m.normal.to_dvec3();
        if (n.length() - 1.0).abs() > 1e-5 {
            problems.push(format!("the normal {n} is not a unit vector"));
        }
        // 2. no phantom depth; every point between the surfaces
        let overlap =
            self.a.radius(n) + self.b.radius(n) - (self.b.center - self.a.center).dot(n).abs();
        for p in m.points() {
            let sep = p.separation as f64;
            if -sep > overlap + t {
                problems.push(format!(
                    "{}: separation {sep} is deeper than the overlap {overlap} along the normal",
                    p.id
                ));
            }
            let x = p.point.to_dvec3();
            let (oa, ob) = (self.a.outside(x), self.b.outside(x));
            if oa.max(ob) > sep.abs() + t {
                problems.push(format!(
                    "{}: {oa} outside A and {ob} outside B, farther than |{sep}|",
                    p.id
                ));
            }
        }
        // 3. the face preference, on the f64 gaps (edges near the degenerate threshold may be
        // flagged either way by rounding, and are left out)
        problems.extend(self.face_preference(m, params, t));
        problems
    }

    fn face_preference<V>(
        &self,
        m: &super::Manifold<V>,
        params: &super::ManifoldParams,
        t: f64,
    ) -> Option<String> {
        use super::manifold::FaceBiasReason;
        use super::AxisKind;
        let axes = &self.reference.axes;
        let faces = if self.a.dim == 3 { 6 } else { 4 };
        let face = axes[..faces]
            .iter()
            .map(|x| x.gap)
            .fold(f64::NEG_INFINITY, f64::max);
        let bias = face + params.edge_relative as f64 * face.abs() + params.edge_absolute as f64;
        let clear = |k: usize| match axes[k].kind {
            AxisKind::Edge(i, j) => {
                let len = self.a.axes[i].cross(self.b.axes[j]).length();
                !axes[k].degenerate && len >= 2.0 * params.degenerate_threshold as f64
            }
            _ => false,
        };
        match m.kind() {
            AxisKind::Edge(..) => {
                let (k, g) = (m.choice.chosen, axes[m.choice.chosen].gap);
                (clear(k) && g <= bias - t).then(|| {
                    format!("an edge contact on axis {k} (gap {g}) that does not beat the faces ({face}) by the bias")
                })
            }
            _ => {
                let edge = (faces..axes.len())
                    .filter(|&k| clear(k))
                    .map(|k| axes[k].gap)
                    .fold(f64::NEG_INFINITY, f64::max);
                let crossing =
                    m.choice.bias.map(|b| b.reason) != Some(FaceBiasReason::EdgesDoNotCross);
                (crossing && edge > bias + t).then(|| {
                    format!("a face contact where an edge axis (gap {edge}) beats the faces ({face}) by more than the bias")
                })
            }
        }
    }
}

/// The largest gap of the `f64` report over its non-degenerate axes: positive when separated.
fn deciding_gap(reference: &ReferenceReport) -> f64 {
    reference
        .axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Whether the verdict turns on the degenerate-axis rule: the reference that keeps every edge
/// axis longer than `1e-12` (not [`super::DEGENERATE_THRESHOLD`]) decides otherwise, or is within
/// the rounding band of touching. Nearly parallel edges' axes amplify rounding by the inverse of
/// their cross product's length, and the fast test pads such axes instead of skipping them, so
/// there its verdict may go either way.
fn turns_on_the_degenerate_rule<B: Obb>(
    a: &B,
    b: &B,
    reference: &ReferenceReport,
    scale: f32,
) -> bool {
    let exact = B::reference(a, b, 1e-12);
    let margin = exact
        .axes
        .iter()
        .filter(|x| !x.degenerate)
        .map(|x| x.gap)
        .fold(f64::NEG_INFINITY, f64::max);
    exact.intersect != reference.intersect || margin.abs() <= rounding_band(scale)
}

/// Whether the fast test's padding explains its "intersecting" for a separated pair: it adds
/// [`super::PARALLEL_EPSILON`] to every `|R_ij|` (Ericson's guard for parallel edges), which
/// widens the shadows by up to `ε · (Σ e_A + Σ e_B)` on a face axis and that over
/// `|A_i × B_j|` on the edge axis `A_i × B_j`; every axis on which the reference separates does
/// so by less than that plus the rounding band.
fn padding_explains(a: &Box64, b: &Box64, reference: &ReferenceReport, scale: f32) -> bool {
    use super::AxisKind;
    let widening = super::PARALLEL_EPSILON as f64 * (a.scale() + b.scale());
    let band = rounding_band(scale);
    let (ua, ub) = (a.axes, b.axes);
    reference
        .axes
        .iter()
        .filter(|x| x.is_separating())
        .all(|x| {
            let sin = match x.kind {
                AxisKind::Edge(i, j) => ua[i].cross(ub[j]).length(),
                _ => 1.0,
            };
            x.gap <= band + widening / sin.max(f64::MIN_POSITIVE)
        })
}

/// The smallest full extent of either box, leaving out flat ones (a zero extent is one face, which
/// the manifold writes once): a box thinner than the tolerance somewhere has corners there that
/// `f32` cannot tell apart, and which of them are kept or welded is rounding.
fn thinnest(a: &Box64, b: &Box64) -> f64 {
    let own = |o: &Box64| o.half[..o.dim].to_vec();
    own(a)
        .into_iter()
        .chain(own(b))
        .filter(|&e| e > 0.0)
        .fold(f64::INFINITY, |m, e| m.min(2.0 * e))
}

/// [`super::tolerance`] in `f64`, for comparisons with the `f64` answers.
fn tolerance(scale: f32) -> f64 {
    super::tolerance(scale) as f64
}

fn report_problems<V: Copy>(
    report: &impl Report<V>,
    reference: &ReferenceReport,
    fast: bool,
    scale: f32,
) -> Vec<String> {
    let mut problems = Vec::new();
    for axis in report.axes() {
        let numbers = [axis.ra(), axis.rb(), axis.distance()];
        if !axis.degenerate() && numbers.iter().any(|x| !x.is_finite()) {
            problems.push(format!(
                "axis {} has a non-finite number: {numbers:?}",
                axis.index()
            ));
        }
    }
    if let Some(p) = &report.penetration() {
        if !p.depth.is_finite() {
            problems.push(format!("the depth is {}", p.depth));
        }
    }
    if let Some(d) = Agreement::of(report, reference, fast, scale).disagreement() {
        problems.push(d);
    }
    problems
}

/// What [`manifold_problems`] allows: the most points, the pair's size, its thinnest extent and
/// the edge contact's condition (see [`edge_condition`]).
struct ManifoldLimits {
    most: usize,
    scale: f32,
    thinnest: f64,
    condition: f32,
}

fn manifold_problems<V: Vector>(
    manifold: Option<&super::Manifold<V>>,
    reference: Option<&super::reference::ReferenceManifold>,
    limits: &ManifoldLimits,
) -> Vec<String> {
    use super::reference::{compare_manifolds as compare, ManifoldAgreement};
    let (most, condition) = (limits.most, limits.condition);
    let tol = tolerance(limits.scale);
    let mut problems = Vec::new();
    if let Some(m) = manifold {
        if m.len() > most {
            problems.push(format!(
                "the manifold has {} points, more than {most}",
                m.len()
            ));
        }
        for p in m.points() {
            let at = p.point.to_dvec3();
            if !at.is_finite() || !p.separation.is_finite() {
                problems.push(format!(
                    "a manifold point is not finite: {at} {}",
                    p.separation
                ));
            } else if p.separation as f64 > tol {
                problems.push(format!("a manifold point is {} apart", p.separation));
            }
        }
    }
    // a box thinner than the rounding of the pair somewhere has features there that f32 cannot
    // tell apart: which of its corners are kept is rounding
    let resolvable = limits.thinnest > tol;
    if let ManifoldAgreement::Disagree(what) =
        compare(manifold, reference, 0.0, tol * condition as f64)
    {
        if resolvable {
            problems.push(format!("manifold against the f64 reference: {what}"));
        }
    }
    problems
}

/// The world's manifold against the one built around A's centre, moved back by `offset`: the
/// same points (in any order), each to within the tolerance plus the rounding of the largest
/// coordinate. Not asked of a pair that touches: its band of touching grows with the distance
/// from the origin, and the points kept within it are rounding of where the pair is. Whether
/// there is a manifold at all is the report's decision, which moving the boxes may round the
/// other way when the `f64` reference's deciding gap (`gap`) is within the tolerance of zero.
fn moved_problems<V: Vector>(
    world: Option<&super::Manifold<V>>,
    centred: Option<&super::Manifold<V>>,
    largest: f64,
    offset: glam::DVec3,
    scale: f32,
    gap: f64,
) -> Vec<String> {
    let tol = tolerance(scale) + 8.0 * f32::EPSILON as f64 * largest;
    match (world, centred) {
        (None, None) => Vec::new(),
        (Some(w), Some(c)) if w.len() == c.len() => w
            .points()
            .iter()
            .map(|p| p.point.to_dvec3())
            .filter(|p| {
                let moved = |q: &super::ContactPoint<V>| q.point.to_dvec3() + offset;
                c.points().iter().all(|q| (*p - moved(q)).length() > tol)
            })
            .map(|p| format!("the world's manifold point {p} is not among the centred one's"))
            .collect(),
        (w, c) => {
            let count = |m: Option<&super::Manifold<V>>| m.map_or(0, |m| m.len());
            // moving the boxes may round a decision within the tolerance the other way: whether
            // they meet, or which points are kept
            let near =
                gap.abs() <= tol || c.or(w).is_some_and(|m| (m.choice.gap as f64).abs() <= tol);
            (!near)
                .then(|| {
                    format!(
                        "the world's manifold has {} points, the centred one {}",
                        count(w),
                        count(c)
                    )
                })
                .into_iter()
                .collect()
        }
    }
}

fn distance_problems(distance: f32, reference: f64, scale: f32) -> Vec<String> {
    let tol = tolerance(scale);
    if !distance.is_finite() {
        return vec![format!("the distance is {distance}")];
    }
    if (distance as f64 - reference).abs() > tol {
        return vec![format!(
            "the distance is {distance}, the f64 distance {reference:.7}"
        )];
    }
    Vec::new()
}
