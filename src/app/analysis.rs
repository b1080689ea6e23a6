//! The reasoning tools, as plain logic: resolving a penetration, stepping through the axes in test
//! order, and the live cross-check of the fast test, the full report and the f64 reference.

use serde::{Deserialize, Serialize};

use super::dim::Dim;
use crate::sat::manifold::{ManifoldTrace, Stage};
use crate::sat::{fmt_num, Answer, AxisKind, Obb, Report, Vector};

/// How "Resolve" separates intersecting boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ResolveMode {
    /// Each box moves half the depth, apart along the normal (the 15-axis table's response).
    #[default]
    Split,
    /// Only B moves, the whole depth.
    MoveB,
}

/// The boxes moved apart by `depth · normal` (the push-out), as `mode` says, so that they touch
/// along the axis of least penetration.
pub(crate) fn resolve<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    push: D::Vec,
    mode: ResolveMode,
) -> (D::Obb, D::Obb) {
    match mode {
        ResolveMode::Split => (
            D::Obb::moved(a, -(push * 0.5)),
            D::Obb::moved(b, push * 0.5),
        ),
        ResolveMode::MoveB => (*a, D::Obb::moved(b, push)),
    }
}

/// How many of `axes` are perpendicular to `normal` (to within about 0.06°): the dimension of the
/// feature a box meets the contact plane with (0 a corner, 1 an edge, 2 a face).
fn perpendicular_count<V: Vector>(axes: &[V], normal: V) -> usize {
    axes.iter().filter(|u| u.dot(normal).abs() < 1e-3).count()
}

/// A feature of a box by its dimension, with its article: "a corner", "an edge", "a face".
const FEATURES: [&str; 3] = ["a corner", "an edge", "a face"];

/// The feature pair in contact along the answer's normal: "face of A against an edge of B",
/// "edge of A against edge of B" in 3D; "edge of B against a corner of A" in 2D, where a side is
/// the reference feature; for rounded boxes whose cores are apart, the cores' features that face
/// each other across the gap.
pub(crate) fn contact_features<B: Obb>(a: &B, b: &B, answer: &Answer<B::Vec>) -> Option<String> {
    let normal = answer.normal?;
    let feature = |o: &B| FEATURES[perpendicular_count(&o.axis_vectors(), normal).min(2)];
    let Some(axis) = answer.axis else {
        return Some(format!(
            "the rounded surfaces over {} of A's core and {} of B's",
            feature(a),
            feature(b)
        ));
    };
    // the reference feature is a face of the box: a side in 2D
    let face = ["corner", "edge", "face"][B::Vec::DIM - 1];
    Some(match B::axis_kind(axis) {
        AxisKind::FaceA(_) => format!("{face} of A against {} of B", feature(b)),
        AxisKind::FaceB(_) => format!("{face} of B against {} of A", feature(a)),
        AxisKind::Edge(..) => "edge of A against edge of B".to_string(),
    })
}

/// Walking the axes in test order, as an early-out test does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct StepThrough {
    /// Stepping is on: the scene shows only the axes tested so far.
    pub active: bool,
    /// The axis under test.
    pub current: usize,
    /// Advancing by itself.
    pub playing: bool,
    /// Axes per second when playing.
    pub speed: f32,
    /// Go on past a separating axis instead of stopping there.
    pub through_all: bool,
    /// Time since the last automatic step.
    pub(crate) elapsed: f32,
}

impl Default for StepThrough {
    fn default() -> Self {
        Self {
            active: false,
            current: 0,
            playing: false,
            speed: 1.5,
            through_all: false,
            elapsed: 0.0,
        }
    }
}

/// Where a step-through stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepState {
    /// Testing this axis; later axes still to come.
    Testing(usize),
    /// This axis separates and an early-out test stops here.
    EarlyOut(usize),
    /// Every axis was tested (the last one is this).
    Done(usize),
}

impl StepThrough {
    /// Starts at axis 0.
    pub(crate) fn start(&mut self) {
        *self = Self {
            active: true,
            current: 0,
            elapsed: 0.0,
            ..*self
        };
    }

    /// Leaves step-through.
    pub(crate) fn stop(&mut self) {
        self.active = false;
        self.playing = false;
    }

    /// Where it stands, given which axes separate and how many there are.
    pub(crate) fn state(&self, separating: impl Fn(usize) -> bool, count: usize) -> StepState {
        if separating(self.current) && !self.through_all {
            StepState::EarlyOut(self.current)
        } else if self.current + 1 >= count {
            StepState::Done(self.current)
        } else {
            StepState::Testing(self.current)
        }
    }

    /// Advances one axis unless the test stops here. Returns whether it moved.
    pub(crate) fn step(&mut self, separating: impl Fn(usize) -> bool, count: usize) -> bool {
        match self.state(separating, count) {
            StepState::Testing(i) => {
                self.current = i + 1;
                true
            }
            StepState::EarlyOut(_) | StepState::Done(_) => {
                self.playing = false;
                false
            }
        }
    }

    /// Goes back one axis.
    pub(crate) fn back(&mut self) {
        self.current = self.current.saturating_sub(1);
    }

    /// Advances with time when playing; `dt` in seconds.
    pub(crate) fn tick(&mut self, dt: f32, separating: impl Fn(usize) -> bool, count: usize) {
        if !(self.active && self.playing) {
            return;
        }
        self.elapsed += dt;
        let period = 1.0 / self.speed.max(0.05);
        while self.elapsed >= period {
            self.elapsed -= period;
            if !self.step(&separating, count) {
                self.elapsed = 0.0;
                break;
            }
        }
    }

    /// Whether axis `index` has been tested yet.
    pub(crate) fn tested(&self, index: usize) -> bool {
        !self.active || index <= self.current
    }
}

/// A number of a line whose largest number is `scale`, at that line's precision: what rounding
/// leaves of a zero (`1.8e-7` beside `2.4`) reads `0`.
pub(crate) fn fmt_at(x: f32, scale: f32) -> String {
    if x.abs() <= scale.abs() * 4e-6 {
        "0".into()
    } else {
        fmt_num(x)
    }
}

/// The words of a step, shared by the panel and the caption over the scene.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct StepWords {
    /// "Step 7 of 15 · axis 6: A.u0 × B.u0".
    pub title: String,
    /// "|T·L| = … ra + rb = … gap = …".
    pub numbers: String,
    /// What the test does next.
    pub verdict: String,
    /// Its tone.
    pub tone: StepVerdict,
}

/// The stages of the contact's construction the step-through walks after the axes: none when the
/// boxes have no contact manifold (separated beyond the margin).
pub(crate) fn contact_stages<V>(trace: &ManifoldTrace<V>) -> Vec<Stage> {
    if trace.manifold.is_some() {
        trace.stages()
    } else {
        Vec::new()
    }
}

/// How many steps the step-through has: the axes, then the contact's stages.
pub(crate) fn step_count<V>(report: &impl Report<V>, trace: &ManifoldTrace<V>) -> usize {
    report.axes().len() + contact_stages(trace).len()
}

/// The name of a contact stage in the step caption.
fn stage_name(stage: Stage) -> String {
    match stage {
        Stage::Separated => "separated".into(),
        Stage::Axis => "the contact axis".into(),
        Stage::ReferenceFace => "the reference face".into(),
        Stage::IncidentFace => "the incident face".into(),
        Stage::Clip(i) => format!("clip {}", i + 1),
        Stage::Below => "below the reference face".into(),
        Stage::Reduction => "reduction".into(),
        Stage::Edges => "the supporting edges".into(),
        Stage::Closest => "the closest points".into(),
        Stage::Points => "the contact points".into(),
    }
}

/// The step's words: an axis under test with its numbers (each shadow grown by its box's radius,
/// as the axis tests the boxes as given), or a stage of the contact; the last axis's words say
/// what the `answer` is.
pub(crate) fn step_words<V: Vector>(
    step: &StepThrough,
    report: &impl Report<V>,
    answer: &Answer<V>,
    trace: &ManifoldTrace<V>,
) -> StepWords {
    let n = report.axes().len();
    let stages = contact_stages(trace);
    let total = n + stages.len();
    match step
        .current
        .checked_sub(n)
        .and_then(|k| stages.get(k).map(|s| (k, *s)))
    {
        Some((k, stage)) => StepWords {
            title: format!(
                "Step {} of {total} · contact {} of {}: {}",
                step.current + 1,
                k + 1,
                stages.len(),
                stage_name(stage)
            ),
            numbers: trace.caption(stage),
            verdict: if k + 1 == stages.len() {
                "The contact manifold: the points an engine pushes at.".into()
            } else {
                "Next: the following stage of the contact.".into()
            },
            tone: StepVerdict::Neutral,
        },
        None => axis_words(step, report, answer, total),
    }
}

/// The axis under test with its numbers, and what happens next; `total` counts the contact's
/// stages after the axes.
fn axis_words<V: Vector>(
    step: &StepThrough,
    report: &impl Report<V>,
    answer: &Answer<V>,
    total: usize,
) -> StepWords {
    let [ra, rb] = answer.radii;
    let axes: Vec<_> = report.axes().iter().map(|t| t.grown(ra, rb)).collect();
    let n = axes.len();
    let t = &axes[step.current.min(n - 1)];
    let title = format!(
        "Step {} of {total} · axis {}: {}",
        t.index() + 1,
        t.index(),
        t.kind().label()
    );
    let numbers = if t.degenerate() {
        "parallel edges: the cross product vanishes, nothing to test".to_string()
    } else {
        let scale = t.distance().max(t.ra() + t.rb());
        format!(
            "|T·L| = {}   ra + rb = {} + {} = {}   gap = {}",
            fmt_at(t.distance(), scale),
            fmt_at(t.ra(), scale),
            fmt_at(t.rb(), scale),
            fmt_at(t.ra() + t.rb(), scale),
            fmt_at(t.gap(), scale)
        )
    };
    let separating = |i: usize| i < n && axes[i].is_separating();
    let last_axis = t.index() + 1 == n;
    let (verdict, tone) = match step.state(separating, total) {
        StepState::EarlyOut(_) => (
            "|T·L| > ra + rb: SEPARATED. An early-out test stops here.",
            StepVerdict::Separates,
        ),
        StepState::Done(_) if answer.intersect => (
            "No axis separates: the boxes INTERSECT.",
            StepVerdict::Intersects,
        ),
        StepState::Done(_) if answer.first_separating.is_none() => (
            "No axis separates, yet these rounded boxes are apart: their cores' closest features meet along no candidate.",
            StepVerdict::Separates,
        ),
        StepState::Done(_) => ("Last axis tested.", StepVerdict::Neutral),
        StepState::Testing(_) if last_axis && answer.intersect => (
            "No axis separates: the boxes INTERSECT. Next: where they touch.",
            StepVerdict::Intersects,
        ),
        StepState::Testing(_) if t.degenerate() => (
            "Skipped: parallel edges cannot separate.",
            StepVerdict::Neutral,
        ),
        StepState::Testing(_) if t.is_separating() => {
            ("Separates too (going on past it).", StepVerdict::Separates)
        }
        StepState::Testing(_) if last_axis => (
            "Last axis tested. Next: the contact points within the margin.",
            StepVerdict::Neutral,
        ),
        StepState::Testing(_) => (
            "|T·L| <= ra + rb: shadows overlap, test the next axis.",
            StepVerdict::Neutral,
        ),
    };
    StepWords {
        title,
        numbers,
        verdict: verdict.to_string(),
        tone,
    }
}

/// The tone of a step's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepVerdict {
    /// This axis separates.
    Separates,
    /// All tested, none separates.
    Intersects,
    /// Go on.
    Neutral,
}
