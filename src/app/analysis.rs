//! The reasoning tools, as plain logic: resolving a penetration, stepping through the axes in test
//! order, and the live cross-check of the fast test, the full report and the f64 reference.

use glam::{Vec2, Vec3};
use serde::{Deserialize, Serialize};

use crate::sat::{dim2, dim3, reference, AxisKind, Obb2, Obb3, Penetration, SatParams};

/// How "Resolve" separates intersecting boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResolveMode {
    /// Each box moves half the depth, apart along the normal (seed 004's response).
    #[default]
    Split,
    /// Only B moves, the whole depth.
    MoveB,
}

/// Moves two centres apart by `depth · normal` (the push-out), as `mode` says.
fn push_apart<V>(ca: &mut V, cb: &mut V, pen: &Penetration<V>, mode: ResolveMode)
where
    V: Copy + std::ops::Mul<f32, Output = V> + std::ops::AddAssign + std::ops::SubAssign,
{
    let push = pen.normal * pen.depth;
    match mode {
        ResolveMode::Split => {
            *ca -= push * 0.5;
            *cb += push * 0.5;
        }
        ResolveMode::MoveB => *cb += push,
    }
}

/// Moves the boxes so that they touch along the axis of least penetration.
pub fn resolve3(a: &mut Obb3, b: &mut Obb3, pen: &Penetration<Vec3>, mode: ResolveMode) {
    push_apart(&mut a.center, &mut b.center, pen, mode);
}

/// Moves the rectangles so that they touch along the axis of least penetration.
pub fn resolve2(a: &mut Obb2, b: &mut Obb2, pen: &Penetration<Vec2>, mode: ResolveMode) {
    push_apart(&mut a.center, &mut b.center, pen, mode);
}

/// How many of `axes` are perpendicular to `normal` (to within about 0.06°): 0 means the box
/// meets the contact plane with a corner, 1 with an edge, 2 with a face.
fn perpendicular_count<V: Copy>(axes: &[V], normal: V, dot: impl Fn(V, V) -> f32) -> usize {
    axes.iter()
        .filter(|u| dot(**u, normal).abs() < 1e-3)
        .count()
}

/// The feature pair in contact along the axis of least penetration, e.g. "face of A against an
/// edge of B" or "edge of A against edge of B".
pub fn contact_features3(a: &Obb3, b: &Obb3, report: &crate::sat::Report3) -> Option<String> {
    let p = report.penetration?;
    let feature = |axes: [Vec3; 3]| match perpendicular_count(&axes, p.normal, Vec3::dot) {
        0 => "a corner",
        1 => "an edge",
        _ => "a face",
    };
    Some(match report.axes[p.axis_index].kind {
        AxisKind::FaceA(_) => format!("face of A against {} of B", feature(b.axes())),
        AxisKind::FaceB(_) => format!("face of B against {} of A", feature(a.axes())),
        AxisKind::Edge(..) => "edge of A against edge of B".to_string(),
    })
}

/// The 2D counterpart of [`contact_features3`]: an edge against a corner or an edge.
pub fn contact_features2(a: &Obb2, b: &Obb2, report: &crate::sat::Report2) -> Option<String> {
    let p = report.penetration?;
    let feature = |axes: [Vec2; 2]| match perpendicular_count(&axes, p.normal, Vec2::dot) {
        0 => "a corner",
        _ => "an edge",
    };
    Some(match report.axes[p.axis_index].kind {
        AxisKind::FaceA(_) => format!("edge of A against {} of B", feature(b.axes())),
        _ => format!("edge of B against {} of A", feature(a.axes())),
    })
}

/// Walking the axes in test order, as an early-out test does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepThrough {
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
    elapsed: f32,
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
pub enum StepState {
    /// Testing this axis; later axes still to come.
    Testing(usize),
    /// This axis separates and an early-out test stops here.
    EarlyOut(usize),
    /// Every axis was tested (the last one is this).
    Done(usize),
}

impl StepThrough {
    /// Starts at axis 0.
    pub fn start(&mut self) {
        *self = Self {
            active: true,
            current: 0,
            elapsed: 0.0,
            ..*self
        };
    }

    /// Leaves step-through.
    pub fn stop(&mut self) {
        self.active = false;
        self.playing = false;
    }

    /// Where it stands, given which axes separate and how many there are.
    pub fn state(&self, separating: impl Fn(usize) -> bool, count: usize) -> StepState {
        if separating(self.current) && !self.through_all {
            StepState::EarlyOut(self.current)
        } else if self.current + 1 >= count {
            StepState::Done(self.current)
        } else {
            StepState::Testing(self.current)
        }
    }

    /// Advances one axis unless the test stops here. Returns whether it moved.
    pub fn step(&mut self, separating: impl Fn(usize) -> bool, count: usize) -> bool {
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
    pub fn back(&mut self) {
        self.current = self.current.saturating_sub(1);
    }

    /// Advances with time when playing; `dt` in seconds.
    pub fn tick(&mut self, dt: f32, separating: impl Fn(usize) -> bool, count: usize) {
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
    pub fn tested(&self, index: usize) -> bool {
        !self.active || index <= self.current
    }
}

/// The words of a step: the axis under test with its numbers, and what happens next. Shared by
/// the panel and the caption over the scene.
pub fn step_words<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    step: &StepThrough,
    report: &crate::sat::SatReport<V, N>,
) -> (String, String, String, StepVerdict) {
    let t = &report.axes[step.current.min(N - 1)];
    let title = format!(
        "Step {} of {N} · axis {}: {}",
        t.index + 1,
        t.index,
        t.kind.label()
    );
    let numbers = if t.degenerate {
        "parallel edges: the cross product vanishes, nothing to test".to_string()
    } else {
        format!(
            "|T·L| = {}   ra + rb = {} + {} = {}   gap = {}",
            crate::sat::fmt_num(t.distance),
            crate::sat::fmt_num(t.ra),
            crate::sat::fmt_num(t.rb),
            crate::sat::fmt_num(t.ra + t.rb),
            crate::sat::fmt_num(t.gap)
        )
    };
    let separating = |i: usize| report.axes[i].is_separating();
    let (verdict, kind) = match step.state(separating, N) {
        StepState::EarlyOut(_) => (
            "|T·L| > ra + rb: SEPARATED. An early-out test stops here.",
            StepVerdict::Separates,
        ),
        StepState::Done(_) if report.intersect => (
            "No axis separates: the boxes INTERSECT.",
            StepVerdict::Intersects,
        ),
        StepState::Done(_) => ("Last axis tested.", StepVerdict::Neutral),
        StepState::Testing(_) if t.degenerate => (
            "Skipped: parallel edges cannot separate.",
            StepVerdict::Neutral,
        ),
        StepState::Testing(_) if t.is_separating() => {
            ("Separates too (going on past it).", StepVerdict::Separates)
        }
        StepState::Testing(_) => (
            "|T·L| <= ra + rb: shadows overlap, test the next axis.",
            StepVerdict::Neutral,
        ),
    };
    (title, numbers, verdict.to_string(), kind)
}

/// The tone of a step's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepVerdict {
    /// This axis separates.
    Separates,
    /// All tested, none separates.
    Intersects,
    /// Go on.
    Neutral,
}

/// The three answers for one pair, side by side.
#[derive(Clone, Debug, PartialEq)]
pub struct CrossCheck {
    /// The fast early-out boolean test (with the padding of the current parameters).
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

impl CrossCheck {
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

fn word(intersect: bool) -> &'static str {
    if intersect {
        "intersecting"
    } else {
        "separated"
    }
}

fn margin_of(r: &reference::ReferenceReport) -> f64 {
    r.axes
        .iter()
        .filter(|a| !a.degenerate)
        .map(|a| a.gap)
        .fold(f64::NEG_INFINITY, f64::max)
}

/// Rounding band for a pair of this size: f32 carries about 7 digits.
fn band_for(scale: f32) -> f64 {
    2e-5 * (1.0 + scale as f64)
}

/// Runs all three on a 3D pair.
pub fn cross_check3(a: &Obb3, b: &Obb3, params: &SatParams) -> CrossCheck {
    let report = dim3::report_with(a, b, params);
    let reference = reference::report3(a, b, params.degenerate_threshold as f64);
    let scale = (b.center - a.center).length() + a.half_extents.length() + b.half_extents.length();
    CrossCheck {
        fast: dim3::intersects_padded(a, b, params.parallel_epsilon),
        report: report.intersect,
        reference: reference.intersect,
        margin: margin_of(&reference),
        band: band_for(scale),
        report_depth: report.penetration.map(|p| p.depth),
        reference_depth: reference.depth,
        report_first: report.first_separating,
        reference_first: reference.first_separating,
    }
}

/// Runs all three on a 2D pair.
pub fn cross_check2(a: &Obb2, b: &Obb2, params: &SatParams) -> CrossCheck {
    let report = dim2::report_with(a, b, params);
    let reference = reference::report2(a, b);
    let scale = (b.center - a.center).length() + a.half_extents.length() + b.half_extents.length();
    CrossCheck {
        fast: dim2::intersects(a, b),
        report: report.intersect,
        reference: reference.intersect,
        margin: margin_of(&reference),
        band: band_for(scale),
        report_depth: report.penetration.map(|p| p.depth),
        reference_depth: reference.depth,
        report_first: report.first_separating,
        reference_first: reference.first_separating,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Quat;

    fn overlapping3() -> (Obb3, Obb3) {
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(1.6, 0.3, 0.1),
            rotation: Quat::from_rotation_z(0.3),
            ..Default::default()
        };
        (a, b)
    }

    #[test]
    fn resolving_half_each_way_leaves_the_boxes_touching() {
        let (mut a, mut b) = overlapping3();
        let pen = dim3::report(&a, &b).penetration.unwrap();
        let (a0, b0) = (a.center, b.center);
        resolve3(&mut a, &mut b, &pen, ResolveMode::Split);
        let r = dim3::report(&a, &b);
        assert!(
            r.penetration.is_none_or(|p| p.depth < 1e-4),
            "{:?}",
            r.penetration
        );
        assert!(((a0 - a.center).length() - (b.center - b0).length()).abs() < 1e-6);
    }

    #[test]
    fn a_cube_resting_flat_touches_face_to_face_and_one_on_its_corner_with_a_corner() {
        let a = Obb3::default();
        let flat = Obb3::axis_aligned(Vec3::new(0.3, 1.4, 0.0), Vec3::splat(0.5));
        let r = dim3::report(&a, &flat);
        assert_eq!(
            contact_features3(&a, &flat, &r).unwrap(),
            "face of A against a face of B"
        );
        // a cube standing on a corner: its diagonal along y
        let tilt = Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)
            * Quat::from_rotation_x((1.0f32 / 2f32.sqrt()).atan());
        let corner = Obb3 {
            center: Vec3::new(0.0, 1.0 + 0.5 * 3f32.sqrt() - 0.05, 0.0),
            half_extents: Vec3::splat(0.5),
            rotation: tilt,
        };
        let r = dim3::report(&a, &corner);
        assert_eq!(r.penetration.unwrap().axis_index, 1);
        assert_eq!(
            contact_features3(&a, &corner, &r).unwrap(),
            "face of A against a corner of B"
        );
        // turned 45° about z only: an edge down
        let edge = Obb3 {
            center: Vec3::new(0.0, 1.0 + 0.5 * 2f32.sqrt() - 0.05, 0.0),
            half_extents: Vec3::splat(0.5),
            rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
        };
        let r = dim3::report(&a, &edge);
        assert_eq!(
            contact_features3(&a, &edge, &r).unwrap(),
            "face of A against an edge of B"
        );
    }

    #[test]
    fn a_turned_rectangle_pokes_a_corner_into_an_edge() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(0.0, 1.0 + 0.5 * 2f32.sqrt() - 0.1),
            half_extents: Vec2::splat(0.5),
            angle: std::f32::consts::FRAC_PI_4,
        };
        let r = dim2::report(&a, &b);
        assert_eq!(
            contact_features2(&a, &b, &r).unwrap(),
            "edge of A against a corner of B"
        );
    }

    #[test]
    fn resolving_by_moving_b_leaves_a_in_place() {
        let (mut a, mut b) = overlapping3();
        let pen = dim3::report(&a, &b).penetration.unwrap();
        let a0 = a;
        resolve3(&mut a, &mut b, &pen, ResolveMode::MoveB);
        assert_eq!(a, a0);
        assert!(dim3::report(&a, &b)
            .penetration
            .is_none_or(|p| p.depth < 1e-4));
    }

    #[test]
    fn resolving_rectangles_leaves_them_touching() {
        let mut a = Obb2::default();
        let mut b = Obb2 {
            center: Vec2::new(1.5, 0.4),
            angle: 0.5,
            ..Default::default()
        };
        let pen = dim2::report(&a, &b).penetration.unwrap();
        resolve2(&mut a, &mut b, &pen, ResolveMode::Split);
        assert!(dim2::report(&a, &b)
            .penetration
            .is_none_or(|p| p.depth < 1e-4));
    }

    #[test]
    fn stepping_stops_at_the_first_separating_axis_like_an_early_out_test() {
        let mut s = StepThrough::default();
        s.start();
        let separating = |i: usize| i == 4 || i == 9;
        while s.step(separating, 15) {}
        assert_eq!(s.current, 4);
        assert_eq!(s.state(separating, 15), StepState::EarlyOut(4));
        // going on through all of them reaches the last axis
        s.through_all = true;
        while s.step(separating, 15) {}
        assert_eq!(s.state(separating, 15), StepState::Done(14));
    }

    #[test]
    fn the_step_words_name_the_early_out_at_the_separating_axis() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(0.0, 3.0),
            ..Default::default()
        };
        let report = dim2::report(&a, &b);
        let mut s = StepThrough::default();
        s.start();
        let (_, _, v, kind) = step_words(&s, &report);
        assert_eq!(kind, StepVerdict::Neutral, "{v}");
        s.step(|i| report.axes[i].is_separating(), 4);
        let (title, numbers, v, kind) = step_words(&s, &report);
        assert_eq!(kind, StepVerdict::Separates);
        assert!(
            title.contains("axis 1: A.u1")
                && numbers.contains("gap = 1")
                && v.contains("early-out")
        );
    }

    #[test]
    fn playing_advances_at_the_chosen_speed() {
        let mut s = StepThrough {
            speed: 2.0,
            playing: true,
            ..Default::default()
        };
        s.start();
        s.tick(1.25, |_| false, 4);
        assert_eq!(s.current, 2);
        s.tick(10.0, |_| false, 4);
        assert_eq!(s.state(|_| false, 4), StepState::Done(3));
        assert!(!s.playing, "playing stops at the end");
    }

    #[test]
    fn only_tested_axes_count_as_tested_while_stepping() {
        let mut s = StepThrough::default();
        assert!(s.tested(14), "not stepping: everything shows");
        s.start();
        s.step(|_| false, 15);
        assert!(s.tested(1) && !s.tested(2));
    }

    #[test]
    fn the_three_tests_agree_on_an_ordinary_pair() {
        let (a, b) = overlapping3();
        let c = cross_check3(&a, &b, &SatParams::default());
        assert!(c.fast && c.report && c.reference);
        assert_eq!(c.disagreement(), None);
    }

    #[test]
    fn a_huge_padding_on_r_shows_up_as_a_disagreement() {
        // separated by B's diagonal face normal; padding |R| by 0.5 inflates the projected radii
        // so much that the fast test misses the separation
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(1.9, 1.9, 0.0),
            rotation: Quat::from_rotation_z(std::f32::consts::FRAC_PI_4),
            ..Default::default()
        };
        let params = SatParams {
            parallel_epsilon: 0.5,
            ..Default::default()
        };
        let c = cross_check3(&a, &b, &params);
        assert!(!c.reference);
        assert!(c.fast, "the padded test misses the separation");
        assert!(c
            .disagreement()
            .unwrap()
            .contains("fast test says intersecting"));
    }

    #[test]
    fn verdicts_within_the_rounding_band_of_touching_are_not_flagged() {
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(2.0, 0.0),
            ..Default::default()
        };
        let c = cross_check2(&a, &b, &SatParams::default());
        assert!(c.margin.abs() <= c.band);
        assert_eq!(c.disagreement(), None);
    }
}
