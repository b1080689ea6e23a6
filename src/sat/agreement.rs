//! The live cross-check as a rule: the fast early-out test, the full report and the `f64`
//! reference for one pair, side by side, and whether they disagree outside the rounding band of
//! touching. The window shows it every frame; `tests/regressions.rs` replays saved cases with it.
//!
//! Near touching, `f32` cannot decide: a pair whose reference margin (its largest gap over the
//! non-degenerate axes) is within `2e-5 · (1 + scale)` of zero may get different verdicts from
//! tests that round differently, and that is not a disagreement. Outside that band every verdict
//! must match the reference, and an intersecting pair's depth must match it to ten bands.

use super::reference::ReferenceReport;
use super::SatReport;

/// The three answers for one pair, side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    /// The fast early-out boolean test's verdict (with whatever padding it was run with).
    pub fast: bool,
    /// The full report's verdict.
    pub report: bool,
    /// The f64 reference's verdict.
    pub reference: bool,
    /// The reference's largest gap over the non-degenerate axes: how far from touching the pair is.
    pub margin: f64,
    /// The band around touching inside which the verdicts may differ by rounding.
    pub band: f64,
    /// Report depth, when intersecting.
    pub report_depth: Option<f32>,
    /// Reference depth, when intersecting.
    pub reference_depth: Option<f64>,
    /// The report's first separating axis.
    pub report_first: Option<usize>,
    /// The reference's first separating axis.
    pub reference_first: Option<usize>,
}

/// What a report concluded: the part of it the cross-check compares.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Verdict {
    /// No axis separates.
    pub intersect: bool,
    /// Lowest separating axis.
    pub first_separating: Option<usize>,
    /// Depth of the axis of least penetration, when intersecting.
    pub depth: Option<f32>,
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
    /// The three answers for one pair: its report, its reference, the fast test's verdict, and the
    /// pair's `scale` for the rounding band (see [`rounding_band`]).
    pub fn of<V, const N: usize>(
        report: &SatReport<V, N>,
        reference: &ReferenceReport,
        fast: bool,
        scale: f32,
    ) -> Self {
        let verdict = Verdict {
            intersect: report.intersect,
            first_separating: report.first_separating,
            depth: report.penetration.as_ref().map(|p| p.depth),
        };
        Self::from_verdict(verdict, reference, fast, scale)
    }

    /// The same from the report's verdict alone.
    pub fn from_verdict(
        report: Verdict,
        reference: &ReferenceReport,
        fast: bool,
        scale: f32,
    ) -> Self {
        let margin = reference
            .axes
            .iter()
            .filter(|a| !a.degenerate)
            .map(|a| a.gap)
            .fold(f64::NEG_INFINITY, f64::max);
        Agreement {
            fast,
            report: report.intersect,
            reference: reference.intersect,
            margin,
            band: rounding_band(scale),
            report_depth: report.depth,
            reference_depth: reference.depth,
            report_first: report.first_separating,
            reference_first: reference.first_separating,
        }
    }

    /// A sentence naming what disagrees, or `None` when all agree (up to the rounding band).
    pub fn disagreement(&self) -> Option<String> {
        if self.margin.abs() <= self.band {
            return None;
        }
        let mut problems = Vec::new();
        if self.fast != self.reference {
            problems.push(format!(
                "fast test says {}, reference says {}",
                word(self.fast),
                word(self.reference)
            ));
        }
        if self.report != self.reference {
            problems.push(format!(
                "report says {}, reference says {}",
                word(self.report),
                word(self.reference)
            ));
        }
        if let (Some(d), Some(r)) = (self.report_depth, self.reference_depth) {
            if (d as f64 - r).abs() > self.band * 10.0 {
                problems.push(format!("report depth {d} vs reference depth {r:.7}"));
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
///   manifold within `1e-4 · (1 + scale)`, or differs only where the reference was that close to
///   a decision ([`super::reference::compare_manifolds`]) or the smaller box is no larger than
///   that tolerance (for an edge contact, the tolerance over the sine of the edges' angle); it
///   has at most 4 points (2 in 2D), each finite and no farther apart than the
///   tolerance (no margin is used); the manifold in world coordinates is the same moved back, to
///   within the rounding of the largest coordinate;
/// - the exact distance matches the `f64` one within the same tolerance.
///
/// A verdict that turns on the degenerate-axis rule (nearly parallel edges, see
/// [`super::DEGENERATE_THRESHOLD`]), or a fast "intersecting" that its padding of nearly parallel
/// edges' axes explains, is not a disagreement.
pub fn audit3(a: &super::Obb3, b: &super::Obb3) -> Vec<String> {
    use super::{dim3, distance, reference, ManifoldParams, DEGENERATE_THRESHOLD};
    let scale = scale_of(
        (b.center - a.center).length(),
        a.half_extents
            .to_array()
            .iter()
            .chain(&b.half_extents.to_array())
            .sum(),
    );
    let report = dim3::report(a, b);
    let reference = reference::report3(a, b, DEGENERATE_THRESHOLD as f64);
    let fast = dim3::intersects(a, b);
    let mut problems = report_problems(&report, &reference, fast, scale);
    if !problems.is_empty()
        && (turns_on_the_degenerate_rule(a, b, &reference, scale)
            || fast && padding_explains(a, b, &reference, scale))
    {
        problems.clear();
    }
    // the construction, compared where A's centre is the origin (in world coordinates far from
    // it, every f32 point carries the rounding of its coordinates' size)...
    let shift = |o: &super::Obb3| super::Obb3 {
        center: o.center - a.center,
        ..*o
    };
    let (sa, sb) = (shift(a), shift(b));
    let manifold = dim3::manifold(&sa, &sb);
    let reference_manifold = reference::manifold3(&sa, &sb, &ManifoldParams::default());
    let smaller = a.half_extents.length().min(b.half_extents.length()) * 2.0;
    // where two edges cross at a small angle θ, rounding moves the crossing along them by
    // rounding / sin θ: an edge contact's points are compared to the tolerance over sin θ
    let condition = [
        manifold.as_ref().map(|m| m.kind()),
        reference_manifold.as_ref().map(|r| r.kind),
    ]
    .into_iter()
    .flatten()
    .filter_map(|k| match k {
        super::AxisKind::Edge(i, j) => Some(sa.axes()[i].cross(sb.axes()[j]).length()),
        _ => None,
    })
    .fold(1.0f32, |c, sin| {
        c.max(1.0 / sin.max(super::DEGENERATE_THRESHOLD))
    });
    problems.extend(manifold_problems(
        manifold.as_ref(),
        reference_manifold.as_ref(),
        4,
        scale,
        smaller,
        condition,
    ));
    // ...and the world's manifold is that one moved back, to that rounding, unless the pair
    // touches: which points lie within its band of touching is rounding of where it is
    if !report.touching() {
        problems.extend(moved_problems(
            dim3::manifold(a, b).as_ref(),
            manifold.as_ref(),
            a.center.to_array().iter().chain(&b.center.to_array()),
            a.center.as_dvec3(),
            scale,
        ));
    }
    let (d, d64) = (distance::separation3(a, b), distance::separation3_f64(a, b));
    problems.extend(distance_problems(d.distance, d64.distance, scale));
    problems
}

/// [`audit3`] for two rectangles.
pub fn audit2(a: &super::Obb2, b: &super::Obb2) -> Vec<String> {
    use super::{dim2, distance, reference, ManifoldParams};
    let scale = scale_of(
        (b.center - a.center).length(),
        a.half_extents
            .to_array()
            .iter()
            .chain(&b.half_extents.to_array())
            .sum(),
    );
    let report = dim2::report(a, b);
    let reference = reference::report2(a, b);
    let fast = dim2::intersects(a, b);
    let mut problems = report_problems(&report, &reference, fast, scale);
    // as in `audit3`: the construction where A's centre is the origin, then the world's
    let shift = |o: &super::Obb2| super::Obb2 {
        center: o.center - a.center,
        ..*o
    };
    let (sa, sb) = (shift(a), shift(b));
    let manifold = dim2::manifold(&sa, &sb);
    let reference_manifold = reference::manifold2(&sa, &sb, &ManifoldParams::default());
    let smaller = a.half_extents.length().min(b.half_extents.length()) * 2.0;
    problems.extend(manifold_problems(
        manifold.as_ref(),
        reference_manifold.as_ref(),
        2,
        scale,
        smaller,
        1.0,
    ));
    if !report.touching() {
        problems.extend(moved_problems(
            dim2::manifold(a, b).as_ref(),
            manifold.as_ref(),
            a.center.to_array().iter().chain(&b.center.to_array()),
            a.center.as_dvec2().extend(0.0),
            scale,
        ));
    }
    let (d, d64) = (distance::separation2(a, b), distance::separation2_f64(a, b));
    problems.extend(distance_problems(d.distance, d64.distance, scale));
    problems
}

/// Whether the verdict turns on the degenerate-axis rule: the reference that keeps every edge
/// axis longer than `1e-12` (not [`super::DEGENERATE_THRESHOLD`]) decides otherwise, or is within
/// the rounding band of touching. Nearly parallel edges' axes amplify rounding by the inverse of
/// their cross product's length, and the fast test pads such axes instead of skipping them, so
/// there its verdict may go either way.
fn turns_on_the_degenerate_rule(
    a: &super::Obb3,
    b: &super::Obb3,
    reference: &ReferenceReport,
    scale: f32,
) -> bool {
    let exact = super::reference::report3(a, b, 1e-12);
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
fn padding_explains(
    a: &super::Obb3,
    b: &super::Obb3,
    reference: &ReferenceReport,
    scale: f32,
) -> bool {
    use super::AxisKind;
    let widening =
        super::PARALLEL_EPSILON as f64 * (a.half_extents + b.half_extents).element_sum() as f64;
    let band = rounding_band(scale);
    let (ua, ub) = (a.axes(), b.axes());
    reference
        .axes
        .iter()
        .filter(|x| x.is_separating())
        .all(|x| {
            let sin = match x.kind {
                AxisKind::Edge(i, j) => ua[i].cross(ub[j]).length() as f64,
                _ => 1.0,
            };
            x.gap <= band + widening / sin.max(f64::MIN_POSITIVE)
        })
}

/// `|T|` plus every half extent: the size of the pair for the rounding band.
fn scale_of(centre_distance: f32, extents: f32) -> f32 {
    centre_distance + extents
}

/// The length tolerance of [`audit3`]: `1e-4 · (1 + scale)`.
fn tolerance(scale: f32) -> f64 {
    1e-4 * (1.0 + scale as f64)
}

fn report_problems<V: Copy, const N: usize>(
    report: &SatReport<V, N>,
    reference: &ReferenceReport,
    fast: bool,
    scale: f32,
) -> Vec<String> {
    let mut problems = Vec::new();
    for axis in &report.axes {
        let numbers = [axis.ra(), axis.rb(), axis.distance()];
        if !axis.degenerate() && numbers.iter().any(|x| !x.is_finite()) {
            problems.push(format!(
                "axis {} has a non-finite number: {numbers:?}",
                axis.index()
            ));
        }
    }
    if let Some(p) = &report.penetration {
        if !p.depth.is_finite() {
            problems.push(format!("the depth is {}", p.depth));
        }
    }
    if let Some(d) = Agreement::of(report, reference, fast, scale).disagreement() {
        problems.push(d);
    }
    problems
}

fn manifold_problems<V: super::reference::ToDVec3>(
    manifold: Option<&super::Manifold<V>>,
    reference: Option<&super::reference::ReferenceManifold>,
    most: usize,
    scale: f32,
    smaller: f32,
    condition: f32,
) -> Vec<String> {
    use super::reference::{compare_manifolds as compare, ManifoldAgreement};
    let tol = tolerance(scale);
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
    // a box no larger than the rounding of the pair has no features f32 can tell apart: which
    // of its corners are kept is rounding
    let resolvable = smaller as f64 > tol;
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
/// from the origin, and the points kept within it are rounding of where the pair is.
fn moved_problems<'c, V: super::reference::ToDVec3>(
    world: Option<&super::Manifold<V>>,
    centred: Option<&super::Manifold<V>>,
    coordinates: impl Iterator<Item = &'c f32>,
    offset: glam::DVec3,
    scale: f32,
) -> Vec<String> {
    let largest = coordinates.fold(0.0f32, |m, c| m.max(c.abs())) as f64;
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
            // moving the boxes may round a decision within the tolerance the other way
            let near = c.or(w).is_some_and(|m| (m.choice.gap as f64).abs() <= tol);
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
