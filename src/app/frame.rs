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
use crate::engines::parry::{self, Disagreement, ParryAnswer};
use crate::engines::{self, EngineName};
use crate::sat::agreement::{Agreement, Verdict};
use crate::sat::bands::{Bands, Fate};
use crate::sat::fmt_num;
use crate::sat::manifold::{FeatureChoice, Manifold, ManifoldTrace, Stage};
use crate::sat::reference::{compare_manifolds, ManifoldAgreement};
use crate::sat::rounded::{rounded, RoundedAnswer};
use crate::sat::{Obb, Report};
use crate::sat::{SatParams, Separation};
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
pub(crate) struct Frame<D: Dim> {
    /// Where the scene is drawn.
    pub viewport: Viewport,
    /// World to pixels.
    pub projector: D::Projector,
    /// The full report.
    pub report: D::Report,
    /// The fast test, the report and the f64 reference side by side.
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
    /// The contact manifold beside its f64 reference.
    pub contact_check: ManifoldAgreement,
    /// The manifold each feature a person can force would give (auto, face of A, face of B and,
    /// in 3D, edge pair), with the mode's other contact parameters.
    pub alternatives: Vec<(FeatureChoice, Option<Manifold<D::Vec>>)>,
    /// While the step-through walks the contact's construction: the stage shown.
    pub stage: Option<Stage>,
    /// The exact distance and closest points (distance 0 and none when the boxes intersect).
    pub separation: Separation<D::Vec>,
    /// parry's answer for the same pair, and where it differs from satbox's.
    pub parry: ParryBeside,
    /// Every engine's answer for the pair, one row each (kept while the boxes stay).
    pub engines: Vec<EngineRow>,
    /// The boxes' motion over the step, when they move.
    pub motion: Option<super::motion::MotionFrame<D>>,
    /// Each box's convex radius (both 0 for sharp boxes).
    pub radii: [f32; 2],
    /// The exact answer for the rounded boxes, when either has a radius: the report's axes then
    /// carry the grown shadows, and this says what they alone cannot.
    pub rounded: Option<RoundedAnswer<D::Vec>>,
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
    /// The bands' fate of a pair shown with its `report`, its rounded answer (with radii) and its
    /// contact manifold.
    fn of_pair<D: Dim>(
        bands: Bands,
        a: &D::Obb,
        b: &D::Obb,
        report: &D::Report,
        rounded: Option<&RoundedAnswer<D::Vec>>,
        contact: &ManifoldTrace<D::Vec>,
    ) -> Self {
        let separation = match rounded {
            Some(r) => r.depth.map_or(r.distance, |d| -d),
            None => match report.penetration() {
                Some(p) => -p.depth,
                None => D::Obb::separation(a, b).distance,
            },
        };
        let points = contact.manifold.iter().flat_map(|m| m.points());
        Self::of(bands, separation, points.map(|p| p.separation))
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

/// parry's answer for the pair (parry3d / parry2d 0.31: `intersection_test`, `contact` and its
/// contact manifold) and every disagreement with satbox's, with its size: three queries a frame.
pub(crate) struct ParryBeside {
    /// What parry says.
    pub answer: ParryAnswer,
    /// Where it differs from satbox.
    pub disagreements: Vec<Disagreement>,
    /// Where its contact manifold differs by design (each sentence with the reason).
    pub by_design: Vec<String>,
}

impl ParryBeside {
    /// parry beside the cores of rounded boxes: their own contact, traced again without radii.
    fn of_cores<D: Dim>(a: &D::Obb, b: &D::Obb, params: &crate::sat::ManifoldParams) -> Self {
        Self::of::<D>(a, b, &D::Obb::manifold_trace(a, b, params), params.margin)
    }

    /// parry's answer for `a` and `b` and the disagreements with satbox's, given satbox's contact
    /// built with speculative `margin`.
    pub(crate) fn of<D: Dim>(
        a: &D::Obb,
        b: &D::Obb,
        contact: &ManifoldTrace<D::Vec>,
        margin: f32,
    ) -> Self {
        let pair = D::Obb::pair(*a, *b);
        let answer = parry::answer(&pair);
        let mut disagreements = parry::compare(&pair, &answer);
        // parry's manifold is asked with no prediction: manifolds compare only without a margin
        let mut by_design = Vec::new();
        if margin == 0.0 {
            let satbox = parry::SatboxContact::of(contact);
            let m = parry::compare_manifolds(&pair, satbox.as_ref(), &answer);
            disagreements.extend(m.disagreements);
            by_design = m.by_design;
        }
        Self {
            answer,
            disagreements,
            by_design,
        }
    }
}

/// The lines of the scene on screen, as a key or a window placed over it would hide them: every
/// axis line, and the edges of the boxes as shown and at the ends of their motion.
pub(crate) fn drawn_segments<D: Dim>(
    frame: &Frame<D>,
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

/// The live cross-check of a pair whose report is `report`: the fast test and the f64 reference
/// beside it.
pub(crate) fn cross_check<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    report: &D::Report,
    params: &SatParams,
) -> Agreement {
    let verdict = Verdict {
        intersect: report.intersect(),
        first_separating: report.first_separating(),
        depth: report.penetration().map(|p| p.depth),
    };
    let reference = D::Obb::reference(a, b, params.degenerate_threshold as f64);
    Agreement::from_verdict(
        verdict,
        &reference,
        D::Obb::intersects(a, b, params),
        crate::sat::scale(a, b),
    )
}

/// The manifold each feature a person can force would give (auto, face of A, face of B and, in
/// 3D, edge pair).
fn alternatives<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    params: &crate::sat::ManifoldParams,
) -> Vec<(FeatureChoice, Option<Manifold<D::Vec>>)> {
    FeatureChoice::CHOICES
        .into_iter()
        .filter(|c| <D::Vec as crate::sat::Vector>::DIM == 3 || *c != FeatureChoice::EdgePair)
        .map(|c| (c, D::Obb::manifold(a, b, &params.with_feature(c))))
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
        .or(report.first_separating())
        .or(report.penetration().map(|p| p.axis_index))
}

/// Whether axis `index` is drawn: while stepping, the axes tested so far; else the filter's say.
pub(crate) fn shows<D: Dim>(mode: &ModeState<D>, report: &D::Report, index: usize) -> bool {
    if mode.step.active {
        mode.step.tested(index)
    } else {
        let separating = report.axes()[index].is_separating();
        mode.view
            .filter
            .shows(index, separating, mode.view.selected_axis)
    }
}

/// What a frame computed that the next can keep while the boxes stay as they are: the
/// Minkowski difference and GJK/EPA's trace (the GJK window's picture), with the pair it is of.
pub(crate) struct Kept<D: Dim> {
    gjk: Option<KeptGjk<D>>,
    engines: Option<KeptEngines<D>>,
}

/// The engines' rows and the boxes (and radii) they are of.
type KeptEngines<D> = ((<D as Dim>::Obb, <D as Dim>::Obb, [f32; 2]), Vec<EngineRow>);

/// One engine's row in the Engines section: what asking it gave, how its answer compares with
/// satbox's, and how long it took.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EngineRow {
    /// The engine.
    pub name: EngineName,
    /// The title of its other algorithm this row answers with (`"GJK/EPA"`), or `None` for
    /// its main answer.
    pub also: Option<&'static str>,
    /// Its version and settings, when built in.
    pub about: Option<engines::About>,
    /// Its answer, why it was not asked, or how to build it in.
    pub reply: engines::Reply,
    /// Where its answer differs from satbox's, when it answered.
    pub comparison: Option<engines::compare::Comparison>,
    /// How long its query took, in microseconds (`None` in the browser, where the standard
    /// library has no clock).
    pub micros: Option<f32>,
}

impl EngineRow {
    /// Every engine's row for `pair`, built in or not (an engine of the other dimension is left
    /// out), each followed by a row for each of its other algorithms' answers (Bullet's GJK/EPA)
    /// and, for boxes rounded by one radius, its answer for the rounded boxes where it has rounded
    /// boxes of its own (Box2D, Jolt).
    pub(crate) fn all(pair: &crate::scene::Pair, radii: [f32; 2]) -> Vec<EngineRow> {
        let satbox = engines::compare::Satbox::of(pair);
        let mut rows = Vec::new();
        for name in EngineName::ALL
            .into_iter()
            .filter(|e| e.answers(pair.mode()))
        {
            let (reply, micros) = timed(|| engines::ask(name, pair, None));
            let about = name.engine().map(|e| e.about());
            let compare = |about: &engines::About, a: &engines::Answer| {
                engines::compare::compare(pair, name, about, a, &satbox, None)
            };
            let comparison = match (&reply, &about) {
                (engines::Reply::Answered(a), Some(about)) => Some(compare(about, a)),
                _ => None,
            };
            let others: Vec<EngineRow> = match (&reply, &about) {
                (engines::Reply::Answered(a), Some(about)) => a
                    .also
                    .iter()
                    .map(|other| {
                        let about = about.of_also(other);
                        EngineRow {
                            name,
                            also: Some(other.title),
                            comparison: Some(compare(&about, &other.answer)),
                            about: Some(about),
                            reply: engines::Reply::Answered(Box::new(other.answer.clone())),
                            micros,
                        }
                    })
                    .collect(),
                _ => Vec::new(),
            };
            let rounded = (radii[0] == radii[1])
                .then(|| Self::rounded(pair, name, radii[0]))
                .flatten();
            rows.push(EngineRow {
                name,
                also: None,
                about,
                reply,
                comparison,
                micros,
            });
            rows.extend(others);
            rows.extend(rounded);
        }
        rows
    }

    /// `name`'s row for the rounded boxes (`pair`'s cores each grown by `radius`), compared with
    /// satbox's answer for them; `None` where it has no rounded boxes.
    fn rounded(pair: &crate::scene::Pair, name: EngineName, radius: f32) -> Option<EngineRow> {
        let (reply, micros) = timed(|| engines::ask_rounded(name, pair, radius));
        let reply = reply?;
        let (grown, about, satbox) = engines::compare::rounded_terms(pair, name, radius)?;
        let comparison = match &reply {
            engines::Reply::Answered(a) => Some(engines::compare::compare(
                &grown, name, &about, a, &satbox, None,
            )),
            _ => None,
        };
        Some(EngineRow {
            name,
            also: Some("rounded"),
            about: Some(about),
            reply,
            comparison,
            micros,
        })
    }

    /// The row's title: the engine's, and its other algorithm's after it ("Bullet GJK/EPA").
    pub(crate) fn title(&self) -> String {
        match self.also {
            None => self.name.title().to_string(),
            Some(also) => format!("{} {also}", self.name.title()),
        }
    }

    /// Its answer, when it answered.
    pub(crate) fn answer(&self) -> Option<&engines::Answer> {
        match &self.reply {
            engines::Reply::Answered(a) => Some(a),
            _ => None,
        }
    }

    /// Its real disagreements with satbox (none when it did not answer).
    pub(crate) fn disagreements(&self) -> &[engines::compare::Finding] {
        self.comparison
            .as_ref()
            .map_or(&[], |c| c.disagreements.as_slice())
    }
}

/// `f()` and how long it took in microseconds, where the platform has a clock
/// (`std::time::Instant` panics on wasm32-unknown-unknown).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Option<f32>) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let started = std::time::Instant::now();
        let value = f();
        (value, Some(started.elapsed().as_secs_f32() * 1e6))
    }
    #[cfg(target_arch = "wasm32")]
    {
        (f(), None)
    }
}

/// The GJK window's picture and the boxes it is of.
type KeptGjk<D> = ((<D as Dim>::Obb, <D as Dim>::Obb), super::gjk::GjkFrame);

#[cfg(test)]
impl<D: Dim> Kept<D> {
    /// Marks the kept picture (its vertices emptied) and returns it as marked.
    pub(crate) fn mark_gjk_for_test(&mut self) -> super::gjk::GjkFrame {
        let (_, g) = self.gjk.as_mut().expect("a picture is kept");
        g.vertices.clear();
        g.clone()
    }
}

impl<D: Dim> Default for Kept<D> {
    fn default() -> Self {
        Self {
            gjk: None,
            engines: None,
        }
    }
}

impl<D: Dim> Frame<D> {
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
            Kept::default(),
        )
    }

    /// What this frame hands to the next ([`Kept`]).
    pub(crate) fn kept(&mut self, mode: &ModeState<D>) -> Kept<D> {
        Kept {
            gjk: self.gjk.take().map(|g| ((mode.a, mode.b), g)),
            engines: Some((
                (mode.a, mode.b, mode.radii),
                std::mem::take(&mut self.engines),
            )),
        }
    }

    /// [`Frame::compute`], reusing what the last frame computed of the same boxes (`kept`).
    pub(crate) fn compute_keeping(
        mode: &ModeState<D>,
        analysis: Analysis<D>,
        pointing: Pointing<D::Vec>,
        settings: &Settings,
        viewport: Viewport,
        kept: Kept<D>,
    ) -> Self {
        let (a, b) = (&mode.a, &mode.b);
        let params = &settings.params;
        let [ra, rb] = mode.radii;
        let rounded = mode.rounded().then(|| rounded(a, ra, b, rb));
        // the cross-check, parry and the engines answer the cores (sharp boxes)
        let cores = rounded.map(|_| D::Obb::report(a, b, params));
        let check = cross_check::<D>(a, b, cores.as_ref().unwrap_or(&analysis.report), params);
        let manifold_params = mode.manifold_params(settings);
        let focus = focus_axis(mode, &analysis, pointing.hovered_axis);
        let Analysis { report, contact } = analysis;
        let contact_check = compare_manifolds(
            contact.manifold.as_ref(),
            D::Obb::reference_manifold(a, b, &manifold_params).as_ref(),
            manifold_params.margin,
            1e-4 * (1.0 + crate::sat::scale(a, b) as f64),
        );
        // lines are placed without the hovered axis, so that they do not move under the pointer
        let anchor = if mode.step.active {
            focus
        } else {
            mode.view
                .selected_axis
                .or(report.first_separating())
                .or(report.penetration().map(|p| p.axis_index))
        };
        let probe = pointing
            .probe
            .map(|n| super::layout::shadows_on(a, b, n).grown(ra, rb));
        let lines = if mode.view.overlays.axes || probe.is_some() {
            let visible = |i| mode.view.overlays.axes && shows(mode, &report, i);
            let mut items = axes_to_place(report.axes(), &visible);
            items.extend(probe);
            D::layout(a, b, &mode.view.camera, &items, anchor)
        } else {
            Vec::new()
        };
        let bands = mode.view.profile.map(|bands| {
            BandsFrame::of_pair::<D>(bands, a, b, &report, rounded.as_ref(), &contact)
        });
        Self {
            viewport,
            projector: D::projector(&mode.view.camera, viewport),
            features: super::analysis::contact_features::<D::Obb>(a, b, &report),
            step: mode
                .step
                .active
                .then(|| step_words(&mode.step, &report, &contact)),
            stage: mode
                .step
                .active
                .then(|| contact_stage(mode.step.current, &report, &contact))
                .flatten(),
            parry: match rounded {
                None => ParryBeside::of::<D>(a, b, &contact, manifold_params.margin),
                // the cores' contact
                Some(_) => ParryBeside::of_cores::<D>(a, b, &manifold_params),
            },
            engines: match kept.engines {
                Some((pair, rows)) if pair == (*a, *b, mode.radii) => rows,
                _ => EngineRow::all(&D::Obb::pair(*a, *b), mode.radii),
            },
            contact,
            contact_check,
            alternatives: alternatives::<D>(a, b, &manifold_params),
            separation: match &rounded {
                None => D::Obb::separation(a, b),
                Some(r) => Separation {
                    distance: r.distance,
                    closest_points: r.closest_points,
                },
            },
            bands,
            radii: mode.radii,
            rounded,
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
            report,
        }
    }

    /// The verdict of rounded boxes where the candidate axes alone do not give it: its heading, its
    /// second line and whether they intersect. `None` for sharp boxes, and where the axes' verdict is
    /// the rounded boxes' (an axis separates them, or their cores overlap) the heading is theirs.
    pub(crate) fn rounded_verdict(&self) -> Option<(String, String, bool)> {
        let frame = self;
        let rounded = frame.rounded?;
        let r = frame.radii[0] + frame.radii[1];
        let candidates = frame.report.axes().len();
        if let Some(k) = frame.report.first_separating() {
            return Some((
                frame.report.verdict(),
                format!(
                    "rounded boxes {} apart; axis {k} separates their grown shadows",
                    fmt_num(rounded.distance)
                ),
                false,
            ));
        }
        if rounded.cores_overlap {
            return Some((
                frame.report.verdict(),
                format!(
                    "the cores overlap: depth is the cores' depth + the radii {}",
                    fmt_num(r)
                ),
                true,
            ));
        }
        let cores = rounded.depth.map_or(rounded.distance + r, |d| r - d);
        Some(match rounded.depth {
            Some(depth) => (
                format!("Intersecting, depth {}", fmt_num(depth)),
                format!(
                    "the cores are {} apart, within the radii {}: depth {} − {}",
                    fmt_num(cores),
                    fmt_num(r),
                    fmt_num(r),
                    fmt_num(cores)
                ),
                true,
            ),
            None => (
                format!("Separated, distance {}", fmt_num(rounded.distance)),
                format!(
                    "no one of the {candidates} candidate axes separates these rounded boxes (best gap {}): the cores' distance {} less the radii does",
                    fmt_num(rounded.candidate_gap),
                    fmt_num(cores)
                ),
                false,
            ),
        })
    }

    /// The verdict's heading, and whether it says they intersect: the rounded boxes' where
    /// either box has a radius, else the report's.
    pub(crate) fn verdict(&self) -> (String, bool) {
        match self.rounded_verdict() {
            Some((heading, _, intersect)) => (heading, intersect),
            None => (self.report.verdict(), self.report.intersect()),
        }
    }

    /// The shadows a placed line shows: its axis's, or the probe's.
    pub(crate) fn shadows(&self, index: usize) -> Option<Shadows<D::Vec>> {
        if index == PROBE {
            self.probe
        } else {
            // the report's axes already carry rounded boxes' grown shadows
            self.report.axes().get(index).map(Shadows::from)
        }
    }

    /// The boxes touch: the gap is 0 within the rounding of f32 at this pair's size (after
    /// Resolve, or two faces exactly flush).
    pub(crate) fn touching(&self) -> bool {
        self.report.touching()
    }

    /// The first separating axis and the axis of least penetration.
    pub(crate) fn first_and_least(&self) -> (Option<usize>, Option<usize>) {
        (
            self.report.first_separating(),
            self.report.penetration().map(|p| p.axis_index),
        )
    }
}
