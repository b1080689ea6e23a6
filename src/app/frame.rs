//! The frame's report: everything the panel and the scene show about the pair, computed once per
//! frame after the edits and passed down by reference. Nothing after this phase recomputes
//! geometry that is here. Its inputs are the mode's state, the boxes' [`Analysis`] and what the
//! user points at ([`Pointing`]).

use super::analysis::{contact_stages, step_words, StepWords};
use super::camera::Viewport;
use super::dim::Dim;
use super::dim::Vector;
use super::geom::Project;
use super::layout::AxisLine;
use super::layout::{axes_to_place, Shadows, PROBE};
use super::mode::{Analysis, ModeState};
use super::settings::Settings;
use super::sphere::extreme;
use crate::engines::ask::{ask_all, Asked};
use crate::engines::compare::Truth;
use crate::engines::{EngineId, Question};
use crate::sat::agreement::{Agreement, Verdict};
use crate::sat::answer::{reference, reference_manifold};
use crate::sat::bands::{Bands, Fate};
use crate::sat::fmt_num;
use crate::sat::manifold::{FeatureChoice, Manifold, ManifoldTrace, Stage};
use crate::sat::reference::{compare_manifolds, ManifoldAgreement};
use crate::sat::{Answer, AxisTest, Obb, Report, SatParams};
use crate::scene::PairBox;

/// What the user points at, as a frame reads it: the axis under the pointer (in the scene this
/// frame, or in the panel's table last frame) and the probe's direction.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Pointing<V> {
    /// The axis under the pointer, in the scene or the panel's table.
    pub hovered_axis: Option<usize>,
    /// A direction pointed at on the sphere of directions, or kept there by a click: the scene
    /// shows the shadows on it.
    pub probe: Option<V>,
}

/// What this frame shows.
pub(crate) struct Shown<D: Dim> {
    /// Where the scene is drawn.
    pub viewport: Viewport,
    /// World to pixels.
    pub projector: D::Projector,
    /// The answer for the boxes as given: the one truth the headline and every section read.
    pub answer: Answer<D::Vec>,
    /// The cores' full report: the candidate axes, which explain the answer (shown with each
    /// shadow grown by its box's radius: [`Shown::axis`]).
    pub report: D::Report,
    /// The answer, the fast test and the f64 reference side by side.
    pub check: Agreement,
    /// The axis under the pointer, in the scene or the panel's table.
    pub hovered_axis: Option<usize>,
    /// The axis in the spotlight: the axis under test while stepping, else the hovered, selected,
    /// first separating or least-penetration axis.
    pub focus: Option<usize>,
    /// The placed axis lines.
    pub lines: Vec<AxisLine<D::Vec>>,
    /// The feature pair in contact, when intersecting.
    pub features: Option<String>,
    /// The step-through's words, while stepping.
    pub step: Option<StepWords>,
    /// The probe's shadows, when the user points at a direction.
    pub probe: Option<Shadows<D::Vec>>,
    /// `s(n)` over all directions, while the sphere of directions is shown.
    pub directions: Option<Directions<D::Vec>>,
    /// `A ⊖ B` and GJK/EPA's steps, while their window is shown.
    pub gjk: Option<super::gjk::GjkFrame>,
    /// The contact manifold, traced stage by stage.
    pub contact: ManifoldTrace<D::Vec>,
    /// The contact manifold beside its f64 reference (of the boxes as given).
    pub contact_check: ManifoldAgreement,
    /// The manifold each feature a person can force would give (auto, face of A, face of B and,
    /// in 3D, edge pair), with the mode's other contact parameters.
    pub alternatives: Vec<(FeatureChoice, Option<Manifold<D::Vec>>)>,
    /// While the step-through walks the contact's construction: the stage shown.
    pub stage: Option<Stage>,
    /// Every engine asked about the pair, each answer compared with satbox's (kept while the
    /// boxes stay).
    pub engines: Vec<Asked>,
    /// The external engines asked about the pair whose replies have not come yet.
    pub asking: Vec<EngineId>,
    /// The boxes' motion over the step, when they move.
    pub motion: Option<super::motion::MotionFrame<D>>,
    /// The engine's tolerance bands chosen in the panel, and what they make of this pair.
    pub bands: Option<BandsFrame>,
}

/// What an engine's tolerance bands make of the pair shown and of each contact point.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct BandsFrame {
    /// The bands.
    pub bands: Bands,
    /// How far apart the surfaces are (negative: how deep they overlap).
    pub separation: f32,
    /// The pair's fate in one sentence ("Jolt would make a speculative contact here, …").
    pub sentence: String,
    /// Each contact point's fate, in the manifold's order.
    pub points: Vec<Fate>,
}

impl BandsFrame {
    /// The bands' fate of a pair whose answer is `answer` (its contact points traced in
    /// `contact`).
    fn of_answer<V: Vector>(bands: Bands, answer: &Answer<V>, contact: &ManifoldTrace<V>) -> Self {
        let points = contact.manifold.iter().flat_map(|m| m.points());
        Self::of(bands, answer.separation(), points.map(|p| p.separation))
    }

    /// The fate of a pair whose surfaces are `separation` apart, with its contact points'
    /// separations.
    fn of(bands: Bands, separation: f32, points: impl Iterator<Item = f32>) -> Self {
        Self {
            bands,
            separation,
            sentence: bands.verdict(separation),
            points: points.map(|s| bands.fate(s)).collect(),
        }
    }
}

/// The lines of the scene on screen, as a key or a window placed over it would hide them: every
/// axis line, and the edges of the boxes as shown and at the ends of their motion.
pub(crate) fn drawn_segments<D: Dim>(
    frame: &Shown<D>,
    boxes: (&D::Obb, &D::Obb),
) -> Vec<(glam::Vec2, glam::Vec2)> {
    let p = &frame.projector;
    let mut shown = vec![*boxes.0, *boxes.1];
    if let Some(m) = &frame.motion {
        shown.extend([m.start.0, m.start.1, m.end.0, m.end.1]);
    }
    let edges = shown.iter().flat_map(|o| {
        let corners = o.corner_points();
        D::Obb::edges()
            .iter()
            .filter_map(move |&(i, j)| p.segment(corners[i], corners[j]))
    });
    frame
        .lines
        .iter()
        .filter_map(|l| p.segment(l.point(l.lo), l.point(l.hi)))
        .chain(edges)
        .collect()
}

/// The separation `s(n)` over every sampled direction, and its largest value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Directions<V> {
    /// `s` at each of [`Dim::direction_samples`].
    pub values: Vec<f32>,
    /// The largest `s` over all directions, and where: for separated boxes the distance between
    /// them; for intersecting boxes minus the least overlap of any direction, `−depth`.
    pub max: (V, f32),
}

impl<V: Vector> Directions<V> {
    /// `s(n)` of a pair over the mode's samples, with both extremes refined between samples;
    /// rounded boxes' supports reach `r` (both radii together) further in every direction.
    fn of<D: Dim<Vec = V>>(a: &D::Obb, b: &D::Obb, r: f32) -> Self {
        let dirs = D::direction_samples();
        let s = |n: V| super::layout::shadows_on(a, b, n).gap - r;
        let values: Vec<f32> = dirs.iter().map(|&n| s(n)).collect();
        let max = refine_extreme::<D>(dirs, &values, 1.0, &s);
        Self { values, max }
    }
}

/// The extreme sample of `s` (`sign` 1: largest, −1: smallest), refined by a shrinking search.
fn refine_extreme<D: Dim>(
    dirs: &[D::Vec],
    values: &[f32],
    sign: f32,
    s: &dyn Fn(D::Vec) -> f32,
) -> (D::Vec, f32) {
    let coords: Vec<glam::Vec3> = dirs
        .iter()
        .map(|d| glam::Vec3::from(d.to_coords()))
        .collect();
    let planar = coords.iter().all(|c| c.z == 0.0);
    let lift = |n: glam::Vec3| {
        // in 2D the search stays in the plane
        let n = if planar {
            glam::Vec3::new(n.x, n.y, 0.0).normalize_or(glam::Vec3::X)
        } else {
            n
        };
        D::Vec::from_coords(n.to_array())
    };
    let (n, value) = extreme(&coords, values, sign, |n| s(lift(n)));
    (lift(n), value)
}

/// The live cross-check of a pair whose answer is `answer`: the fast test (sharp boxes only)
/// and the f64 reference for the boxes as given beside it.
pub(crate) fn cross_check<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    answer: &Answer<D::Vec>,
    params: &SatParams,
) -> Agreement {
    let reference = reference(a, b, answer.radii, params.degenerate_threshold as f64);
    let fast = (answer.radii == [0.0; 2]).then(|| D::Obb::intersects(a, b, params));
    Agreement::from_verdict(
        Verdict::from(answer),
        &reference,
        fast,
        crate::sat::scale(a, b) + answer.radius(),
    )
}

/// The manifold each feature a person can force would give (auto, face of A, face of B and, in
/// 3D, edge pair), of the boxes as given (with their `radii`).
fn alternatives<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    radii: [f32; 2],
    params: &crate::sat::ManifoldParams,
) -> Vec<(FeatureChoice, Option<Manifold<D::Vec>>)> {
    FeatureChoice::CHOICES
        .into_iter()
        .filter(|c| <D::Vec as crate::sat::Vector>::DIM == 3 || *c != FeatureChoice::EdgePair)
        .map(|c| {
            let m = crate::sat::answer::manifold(a, b, radii, &params.with_feature(c));
            (c, m)
        })
        .collect()
}

/// The contact stage at step `current`, when the step-through is past the axes.
fn contact_stage<V>(
    current: usize,
    report: &impl Report<V>,
    trace: &ManifoldTrace<V>,
) -> Option<Stage> {
    let k = current.checked_sub(report.axes().len())?;
    contact_stages(trace).get(k).copied()
}

/// The axis that deserves the spotlight, in this order: the axis under test while stepping (the
/// contact's axis once the step-through is past the axes), the `hovered` one, the selected one,
/// the first separating one, the axis of least penetration.
pub(crate) fn focus_axis<D: Dim>(
    mode: &ModeState<D>,
    analysis: &Analysis<D>,
    hovered: Option<usize>,
) -> Option<usize> {
    let (report, contact) = (&analysis.report, &analysis.contact);
    if mode.step.active {
        let n = report.axes().len();
        return if mode.step.current < n {
            Some(mode.step.current)
        } else {
            contact.choice.as_ref().map(|c| c.chosen)
        };
    }
    hovered
        .or(mode.view.selected_axis)
        .or(analysis.answer.first_separating)
        .or(analysis.answer.axis)
}

/// Whether axis `index` is drawn: while stepping, the axes tested so far; else the filter's say
/// (an axis that separates the boxes as given, `answer`, counts as separating).
pub(crate) fn shows<D: Dim>(mode: &ModeState<D>, answer: &Answer<D::Vec>, index: usize) -> bool {
    if mode.step.active {
        mode.step.tested(index)
    } else {
        mode.view
            .filter
            .shows(index, answer.separates(index), mode.view.selected_axis)
    }
}

/// What a frame computed that the next can keep while the boxes stay as they are: the GJK
/// window's picture (the Minkowski difference and GJK/EPA's trace) and the engines' answers, each
/// with the boxes it is of.
pub(crate) struct Reusable<D: Dim> {
    gjk: Option<KeptGjk<D>>,
    engines: Option<KeptEngines<D>>,
}

/// The engines' answers, the external engines still asked, and the boxes (and radii) they are of.
type KeptEngines<D> = (
    (<D as Dim>::Obb, <D as Dim>::Obb, [f32; 2]),
    Vec<Asked>,
    Vec<EngineId>,
);

/// Every built-in engine that answers the pair's dimension, built in or not, asked about the boxes
/// as given and compared with their `answer` by the one comparison; the external engines are
/// asked off the frame ([`super::asking`]) and listed as still asked.
fn ask_engines<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    answer: &Answer<D::Vec>,
) -> (Vec<Asked>, Vec<EngineId>) {
    let question = question_of::<D>(a, b, answer);
    let mode = question.pair.mode();
    let (built, external): (Vec<EngineId>, Vec<EngineId>) = EngineId::all()
        .into_iter()
        .filter(|e| e.answers(mode))
        .partition(|e| matches!(e, EngineId::Built(_)));
    let truth = Truth::of(a, b, answer);
    let asked = ask_all(&question, &truth, &built);
    if !external.is_empty() {
        super::asking::ask(question, truth, &external);
    }
    (asked, external)
}

/// The question the engines are asked about the pair shown.
fn question_of<D: Dim>(a: &D::Obb, b: &D::Obb, answer: &Answer<D::Vec>) -> Question {
    Question {
        pair: D::Obb::pair(*a, *b),
        radii: answer.radii,
        motion: None,
    }
}

/// The external engines' replies for the pair shown, as they come: `asked` with those that came
/// added, and the engines still asked.
fn replies_so_far<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    answer: &Answer<D::Vec>,
    (mut asked, asking): (Vec<Asked>, Vec<EngineId>),
) -> (Vec<Asked>, Vec<EngineId>) {
    if asking.is_empty() {
        return (asked, asking);
    }
    let came = super::asking::take(&question_of::<D>(a, b, answer));
    let still: Vec<EngineId> = asking
        .into_iter()
        .filter(|e| !came.iter().any(|c| c.engine == *e))
        .collect();
    asked.extend(came);
    (asked, still)
}

/// The GJK window's picture and the boxes it is of.
type KeptGjk<D> = ((<D as Dim>::Obb, <D as Dim>::Obb), super::gjk::GjkFrame);

#[cfg(test)]
impl<D: Dim> Reusable<D> {
    /// Marks the kept picture (its vertices emptied) and returns it as marked.
    pub(crate) fn mark_gjk_for_test(&mut self) -> super::gjk::GjkFrame {
        let (_, g) = self.gjk.as_mut().expect("a picture is kept");
        g.vertices.clear();
        g.clone()
    }
}

impl<D: Dim> Default for Reusable<D> {
    fn default() -> Self {
        Self {
            gjk: None,
            engines: None,
        }
    }
}

impl<D: Dim> Shown<D> {
    /// The frame's report of a mode's boxes as they are after this frame's edits, from their
    /// `analysis`, with what the user points at, computing everything afresh.
    #[cfg(test)]
    pub(crate) fn compute(
        mode: &ModeState<D>,
        analysis: Analysis<D>,
        pointing: Pointing<D::Vec>,
        settings: &Settings,
        viewport: Viewport,
    ) -> Self {
        Self::compute_keeping(
            mode,
            analysis,
            pointing,
            settings,
            viewport,
            Reusable::default(),
        )
    }

    /// What this frame hands to the next ([`Reusable`]).
    pub(crate) fn kept(&mut self, mode: &ModeState<D>) -> Reusable<D> {
        Reusable {
            gjk: self.gjk.take().map(|g| ((mode.a, mode.b), g)),
            engines: Some((
                (mode.a, mode.b, mode.radii),
                std::mem::take(&mut self.engines),
                std::mem::take(&mut self.asking),
            )),
        }
    }

    /// [`Shown::compute`], reusing what the last frame computed of the same boxes (`kept`).
    pub(crate) fn compute_keeping(
        mode: &ModeState<D>,
        analysis: Analysis<D>,
        pointing: Pointing<D::Vec>,
        settings: &Settings,
        viewport: Viewport,
        kept: Reusable<D>,
    ) -> Self {
        let (a, b) = (&mode.a, &mode.b);
        let params = &settings.params;
        let [ra, rb] = mode.radii;
        let focus = focus_axis(mode, &analysis, pointing.hovered_axis);
        let Analysis {
            answer,
            report,
            contact,
        } = analysis;
        let check = cross_check::<D>(a, b, &answer, params);
        let manifold_params = mode.manifold_params(settings);
        let contact_check = compare_manifolds(
            answer.manifold.as_ref(),
            reference_manifold(a, b, mode.radii, &manifold_params).as_ref(),
            manifold_params.margin,
            1e-4 * (1.0 + (crate::sat::scale(a, b) + answer.radius()) as f64),
        );
        // lines are placed without the hovered axis, so that they do not move under the pointer
        let anchor = if mode.step.active {
            focus
        } else {
            mode.view
                .selected_axis
                .or(answer.first_separating)
                .or(answer.axis)
        };
        let probe = pointing
            .probe
            .map(|n| super::layout::shadows_on(a, b, n).grown(ra, rb));
        let lines = if mode.view.overlays.axes || probe.is_some() {
            let visible = |i| mode.view.overlays.axes && shows(mode, &answer, i);
            let grown: Vec<AxisTest<D::Vec>> =
                report.axes().iter().map(|t| t.grown(ra, rb)).collect();
            let mut items = axes_to_place(&grown, &visible);
            items.extend(probe);
            D::layout(a, b, &mode.view.camera, &items, anchor)
        } else {
            Vec::new()
        };
        let bands = mode
            .view
            .profile
            .map(|bands| BandsFrame::of_answer(bands, &answer, &contact));
        let (engines, asking) = match kept.engines {
            Some((pair, rows, asking)) if pair == (*a, *b, mode.radii) => {
                replies_so_far::<D>(a, b, &answer, (rows, asking))
            }
            _ => ask_engines::<D>(a, b, &answer),
        };
        Self {
            viewport,
            projector: D::projector(&mode.view.camera, viewport),
            features: super::analysis::contact_features::<D::Obb>(a, b, &answer),
            step: mode
                .step
                .active
                .then(|| step_words(&mode.step, &report, &answer, &contact)),
            stage: mode
                .step
                .active
                .then(|| contact_stage(mode.step.current, &report, &contact))
                .flatten(),
            engines,
            asking,
            contact,
            contact_check,
            alternatives: alternatives::<D>(a, b, mode.radii, &manifold_params),
            bands,
            directions: settings.sphere.then(|| Directions::of::<D>(a, b, ra + rb)),
            gjk: settings.gjk.then(|| match kept.gjk {
                Some((pair, gjk)) if pair == (*a, *b) => gjk,
                _ => super::gjk::GjkFrame::of(a, b),
            }),
            motion: mode
                .motion
                .map(|spec| super::motion::MotionFrame::of(&spec, mode.starts(), mode.time)),
            check,
            hovered_axis: pointing.hovered_axis,
            focus,
            lines,
            probe,
            answer,
            report,
        }
    }

    /// The verdict: its heading, its second line (what the candidate axes and, for rounded boxes,
    /// the cores say of it, in one sentence) and whether the boxes intersect.
    pub(crate) fn verdict(&self) -> (String, String, bool) {
        let a = &self.answer;
        let heading = a.verdict(self.report.axes());
        let n = self.report.axes().len();
        let r = a.radius();
        let detail = match (a.first_separating, a.cores, &self.features) {
            (Some(k), Some(_), _) => format!(
                "an early-out test stops here: {} of {n} axes tested, each shadow grown by its box's radius",
                k + 1
            ),
            (Some(k), None, _) => {
                format!("an early-out test stops here: {} of {n} axes tested", k + 1)
            }
            (None, Some(c), _) if c.overlap => format!(
                "the cores overlap by {}: the depth is theirs plus both radii {}",
                fmt_num(c.depth.unwrap_or(0.0)),
                fmt_num(r)
            ),
            (None, Some(c), _) if a.intersect => format!(
                "the cores are {} apart, within both radii {}: the rounded surfaces overlap along the line between the cores' closest points",
                fmt_num(c.distance),
                fmt_num(r)
            ),
            (None, Some(c), _) => format!(
                "no one of the {n} candidate axes separates these rounded boxes (best gap {}): the cores' distance {} less both radii does",
                fmt_num(c.candidate_gap),
                fmt_num(c.distance)
            ),
            (None, None, _) if a.touching => "touching: the gap is 0 within rounding".to_string(),
            (None, None, Some(f)) => format!("in contact: {f}"),
            (None, None, None) => "in contact".to_string(),
        };
        (heading, detail, a.intersect)
    }

    /// Candidate axis `index` as it tests the boxes as given: the cores' axis with each shadow
    /// grown by its box's radius.
    pub(crate) fn axis(&self, index: usize) -> Option<AxisTest<D::Vec>> {
        let [ra, rb] = self.answer.radii;
        self.report.axes().get(index).map(|t| t.grown(ra, rb))
    }

    /// The shadows a placed line shows: its axis's (grown by the radii), or the probe's.
    pub(crate) fn shadows(&self, index: usize) -> Option<Shadows<D::Vec>> {
        if index == PROBE {
            self.probe
        } else {
            self.axis(index).as_ref().map(Shadows::from)
        }
    }

    /// The boxes touch: the gap is 0 within the rounding of f32 at this pair's size (after
    /// Resolve, or two faces exactly flush).
    pub(crate) fn touching(&self) -> bool {
        self.answer.touching
    }

    /// The unit direction from A's closest point to B's, when the boxes are apart.
    pub(crate) fn closest_direction(&self) -> Option<D::Vec> {
        let [p, q] = self.answer.closest_points?;
        let (d, l) = (q - p, (q - p).length());
        (l > 0.0 && l.is_finite()).then(|| d * (1.0 / l))
    }

    /// The first axis that separates the boxes as given, and the axis the depth lies along.
    pub(crate) fn first_and_least(&self) -> (Option<usize>, Option<usize>) {
        (self.answer.first_separating, self.answer.axis)
    }
}
