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
