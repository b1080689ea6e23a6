//! One mode of the window, written once for 2D and 3D: its two boxes, its view, the selection, the
//! pointer's gestures and the step-through, and how a [`ModeCommand`] changes them.

use super::analysis::{self, step_count, StepThrough};
use super::camera::Viewport;
use super::command::{ModeCommand, StepCommand};
use super::dim::{pick, Dim, Vector};
use super::geom::Project;
use super::history::History;
use super::input::InputFrame;
use super::layout::AxisLine;
use super::motion::{self, MotionField};
use super::settings::Settings;
use super::source::Source;
use super::view::View;
use crate::sat::manifold::ManifoldTrace;
use crate::sat::{Answer, ManifoldParams, Which};
use crate::sat::{Obb, Report};
use crate::scene::motion::MotionSpec;
use crate::scene::PairBox;
use crate::scene::{Pair, Scene};

/// What the pointer did in the scene this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PointerOutcome {
    /// A gizmo drag ended: an edit is complete (one undo step).
    pub drag_ended: bool,
    /// The axis line under the pointer, when the pointer looked for one (`Some(None)`: none);
    /// `None` leaves the hovered axis as it was.
    pub hovered_axis: Option<Option<usize>>,
    /// An axis line was clicked: select it.
    pub clicked_axis: Option<usize>,
    /// A box was clicked (`Some(None)`: empty space, deselect).
    pub clicked_box: Option<Option<Which>>,
}

/// The pointer's gestures in the scene, which differ between the modes (orbit and a 3D gizmo, pan
/// and 2D handles).
pub(crate) trait Gestures: Dim {
    /// Camera, gizmo and picking for one frame. Axis lines are picked from `lines`, the lines
    /// drawn last frame (what the user sees).
    fn pointer(
        mode: &mut ModeState<Self>,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
        lines: &[AxisLine<Self::Vec>],
    ) -> PointerOutcome;
}

/// What one undo step puts back: both boxes (at the start of their motion), where the scene came
/// from with its saved state (undoing an Open returns to the scene before it, with its file,
/// unmodified if it was), the motion, and what was seen of it: the time shown and the view.
///
/// Two steps are the same edit when their scenes are the same: the time and the view come along
/// with a step (undo shows the scene as it was seen) but moving the slider or the camera is not an
/// edit of its own.
#[derive(Clone, Debug)]
pub(crate) struct Edit<D: Dim> {
    /// Box A at the start of its motion.
    pub a: D::Obb,
    /// Box B at the start of its motion.
    pub b: D::Obb,
    /// Where the scene came from, and its boxes and motion as opened or saved.
    pub source: Source,
    /// How the boxes move.
    pub motion: Option<MotionSpec>,
    /// Each box's convex radius (0: sharp).
    pub radii: [f32; 2],
    /// The time shown.
    pub time: f32,
    /// The view.
    pub view: View<D>,
}

impl<D: Dim> PartialEq for Edit<D> {
    fn eq(&self, other: &Self) -> bool {
        (self.a, self.b, &self.source, self.motion, self.radii)
            == (other.a, other.b, &other.source, other.motion, other.radii)
    }
}

/// The answer, the report and the traced contact of a mode's boxes: what the step-through counts
/// and the frame shows, computed once per frame after the edits.
pub(crate) struct Analysis<D: Dim> {
    /// The answer for the boxes as given (with their radii): the one truth every section reads.
    pub answer: Answer<D::Vec>,
    /// The cores' full report: the candidate axes that explain the answer.
    pub report: D::Report,
    /// The contact manifold, traced stage by stage (on the cores; for rounded boxes its points
    /// are the answer's).
    pub contact: ManifoldTrace<D::Vec>,
}

impl<D: Dim> Analysis<D> {
    /// How many steps the step-through has: the axes, then the contact's stages.
    pub(crate) fn step_count(&self) -> usize {
        step_count(&self.report, &self.contact)
    }

    /// Whether step `index` is an axis that separates.
    pub(crate) fn separates(&self, index: usize) -> bool {
        let axes = self.report.axes();
        index < axes.len() && axes[index].is_separating()
    }
}

/// The answer, the cores' report (with `sat`) and the traced contact (with `params`) of boxes `a`
/// and `b` with `radii`. Rounded boxes' contact is traced on the cores with the radii added to
/// the margin, and its points are the answer's
/// ([`rounded_manifold`](crate::sat::rounded::rounded_manifold)): each moved out midway between
/// the rounded surfaces, its separation less both radii.
pub(crate) fn analyse<D: Dim>(
    a: &D::Obb,
    b: &D::Obb,
    radii: [f32; 2],
    sat: &crate::sat::SatParams,
    params: &ManifoldParams,
) -> Analysis<D> {
    let report = D::Obb::report(a, b, sat);
    if radii == [0.0; 2] {
        let contact = D::Obb::manifold_trace(a, b, params);
        let answer = Answer::sharp(a, b, &report.to_verdicts(), contact.manifold);
        return Analysis {
            answer,
            report,
            contact,
        };
    }
    let answer = Answer::rounded(a, b, radii, params);
    let r = radii[0] + radii[1];
    let mut contact = D::Obb::manifold_trace(a, b, &params.with_margin(params.margin + r)).grown(r);
    contact.manifold = answer.manifold;
    Analysis {
        answer,
        report,
        contact,
    }
}

/// The state of one mode that lasts across frames.
#[derive(Debug)]
pub(crate) struct ModeState<D: Dim> {
    /// Box A.
    pub a: D::Obb,
    /// Box B.
    pub b: D::Obb,
    /// What a scene keeps of the view.
    pub view: View<D>,
    /// The box with the gizmo.
    pub selected_box: Option<Which>,
    /// The pointer's gestures in progress.
    pub pointer: D::Pointer,
    /// Walking the axes in test order.
    pub step: StepThrough,
    /// A direction on the sphere of directions kept by a click: the scene shows the shadows on
    /// it after the pointer leaves the sphere.
    pub pinned_probe: Option<D::Vec>,
    /// The pointer's pixel while it is over the scene.
    pub cursor_px: Option<glam::Vec2>,
    /// Where the scene came from (Save writes there; modified while the boxes differ).
    pub source: Source,
    /// This mode's undo and redo: Ctrl+Z in 3D undoes 3D edits only.
    pub history: History<Edit<D>>,
    /// How the boxes move over one step (`None`: at rest, everything as without motion).
    pub motion: Option<MotionSpec>,
    /// Each box's convex radius: the box shown and answered is its core (`a`, `b`) grown by it
    /// (0: a sharp box, as without radii).
    pub radii: [f32; 2],
    /// The time slider, in `[0, dt]`: `a` and `b` are the boxes at this time.
    pub time: f32,
    /// The boxes at t = 0 while `time > 0` (else `a` and `b` are).
    start: (D::Obb, D::Obb),
    /// The boxes as last posed at `time`: an edit of them is carried back to `start`.
    posed: (D::Obb, D::Obb),
    /// A velocity handle being dragged.
    pub velocity_drag: Option<Which>,
}

impl<D: Dim> ModeState<D> {
    /// The start-up scene, framed for `viewport`.
    pub(crate) fn new(viewport: &Viewport) -> Self {
        let (a, b) = D::default_pair();
        let view = View {
            camera: D::framing(&a, &b, viewport),
            ..View::default()
        };
        // the start-up scene counts as saved: unmodified until edited
        let source = Source {
            saved: Some(D::Obb::pair(a, b)),
            ..Source::default()
        };
        Self {
            a,
            b,
            view,
            selected_box: Some(Which::B),
            pointer: D::Pointer::default(),
            step: StepThrough::default(),
            pinned_probe: None,
            cursor_px: None,
            history: History::new(Edit {
                a,
                b,
                source: source.clone(),
                motion: None,
                radii: [0.0; 2],
                time: 0.0,
                view,
            }),
            source,
            motion: None,
            radii: [0.0; 2],
            time: 0.0,
            start: (a, b),
            posed: (a, b),
            velocity_drag: None,
        }
    }

    /// The scene and what is seen of it, as an undo step.
    fn edit(&self) -> Edit<D> {
        let (a, b) = self.starts();
        Edit {
            a,
            b,
            source: self.source.clone(),
            motion: self.motion,
            radii: self.radii,
            time: self.time,
            view: self.view,
        }
    }

    /// The boxes at the start of their motion (the scene's boxes).
    pub(crate) fn starts(&self) -> (D::Obb, D::Obb) {
        if self.time > 0.0 && self.motion.is_some() {
            self.start
        } else {
            (self.a, self.b)
        }
    }

    /// Puts the boxes at their start poses `start` shown at `time` (clamped to the step).
    fn pose(&mut self, start: (D::Obb, D::Obb), time: f32) {
        let Some(spec) = self.motion else {
            (self.a, self.b, self.time) = (start.0, start.1, 0.0);
            return;
        };
        let time = if time.is_finite() {
            time.clamp(0.0, spec.dt)
        } else {
            0.0
        };
        let shown = motion::poses(&start, &spec.for_boxes::<D::Vec>(), time);
        (self.a, self.b) = shown;
        (self.start, self.posed, self.time) = (start, shown, time);
    }

    /// After the edits of a frame at `time > 0`: a box edited where it is shown moves its start
    /// by the inverse motion.
    pub(crate) fn carry_edits_back(&mut self) {
        let Some(spec) = self.motion.filter(|_| self.time > 0.0) else {
            return;
        };
        if (self.a, self.b) == self.posed {
            return;
        }
        let m = spec.for_boxes::<D::Vec>();
        let t = self.time;
        let start = (
            if self.a == self.posed.0 {
                self.start.0
            } else {
                motion::unpose(&self.a, &m.a, t)
            },
            if self.b == self.posed.1 {
                self.start.1
            } else {
                motion::unpose(&self.b, &m.b, t)
            },
        );
        (self.start, self.posed) = (start, (self.a, self.b));
    }

    /// A camera that frames both boxes, and with motion the whole step: the two of the boxes at
    /// the start and the end that lie farthest apart.
    fn framing(&self, viewport: &Viewport) -> D::Camera {
        let Some(spec) = self.motion else {
            return D::framing(&self.a, &self.b, viewport);
        };
        let start = self.starts();
        let end = motion::poses(&start, &spec.for_boxes::<D::Vec>(), spec.dt);
        let all = [start.0, start.1, end.0, end.1];
        let reach = |p: &D::Obb, q: &D::Obb| {
            (p.center() - q.center()).length()
                + p.half_extents().length()
                + q.half_extents().length()
        };
        let mut best = (self.a, self.b);
        for (i, p) in all.iter().enumerate() {
            for q in &all[i + 1..] {
                if reach(p, q) > reach(&best.0, &best.1) {
                    best = (*p, *q);
                }
            }
        }
        D::framing(&best.0, &best.1, viewport)
    }

    /// Sets the motion (or none), keeping the start poses and the time within the step.
    fn set_motion(&mut self, spec: Option<MotionSpec>) {
        let start = self.starts();
        self.motion = spec;
        self.pose(start, self.time);
    }

    /// Applies a change of the motion: its presence, one number, the time.
    fn motion_command(&mut self, command: &ModeCommand) -> Option<(String, bool)> {
        match command {
            ModeCommand::SetMotion(spec) => self.set_motion(*spec),
            ModeCommand::EditMotion(field, value) => {
                let spec = self.motion?;
                match motion::edit_motion(&spec, *field, *value) {
                    Ok(spec) => self.set_motion(Some(spec)),
                    Err(why) => {
                        return Some((format!("Motion {}: {why}", field_name(*field)), true))
                    }
                }
            }
            ModeCommand::SetTime(t) => self.pose(self.starts(), *t),
            _ => {}
        }
        None
    }

    /// Records the boxes as they are as one undo step (once a drag or a field edit is complete);
    /// nothing when they did not change.
    pub(crate) fn commit(&mut self) {
        self.history.commit(self.edit());
    }

    /// Starts a new history at the boxes shown (after the last state was restored).
    pub(crate) fn forget_history(&mut self) {
        self.history = History::new(self.edit());
    }

    /// Whether Undo has a step to take (an uncommitted edit counts).
    pub(crate) fn can_undo(&self) -> bool {
        self.history.can_undo(&self.edit())
    }

    /// Whether Redo has a step to take.
    pub(crate) fn can_redo(&self) -> bool {
        self.history.redo_len() > 0
    }

    /// Steps back (`undo`) or forward; a message when there is nothing to do.
    fn undo_redo(&mut self, undo: bool) -> Option<String> {
        let now = self.edit();
        let target = if undo {
            self.history.undo(now)
        } else {
            self.history.redo(now)
        };
        let Some(step) = target else {
            return Some(format!("nothing to {}", if undo { "undo" } else { "redo" }));
        };
        // a step into another scene shows it as it was seen, camera and all; within a scene the
        // view stays as the user has it now
        if !self.source.same_scene(&step.source) {
            self.view = step.view;
        }
        self.source = step.source;
        self.motion = step.motion;
        self.radii = step.radii;
        self.pose((step.a, step.b), step.time);
        None
    }

    /// Whether the boxes differ from the scene as opened or last saved.
    pub(crate) fn modified(&self) -> bool {
        let (a, b) = self.starts();
        self.source
            .modified(&D::Obb::pair(a, b), self.motion.as_ref(), self.radii)
    }

    /// Records that the scene was written to `path` with `description`: it is the source now and
    /// unmodified. Not an undo step: the steps of the same scene before the save now belong to the
    /// file (undoing them shows the file's scene modified).
    pub(crate) fn saved(&mut self, path: &std::path::Path, description: &str) {
        self.commit();
        let old = (
            self.source.path.clone(),
            self.source.preset.clone(),
            self.source.origin.clone(),
        );
        let (a, b) = self.starts();
        let new = Source {
            path: Some(path.to_path_buf()),
            description: description.to_string(),
            saved: Some(D::Obb::pair(a, b)),
            saved_motion: self.motion,
            saved_radii: self.radii,
            ..Source::default()
        };
        self.history.amend_all(|step| {
            let s = &mut step.source;
            if (&s.path, &s.preset, &s.origin) == (&old.0, &old.1, &old.2) {
                *s = new.clone();
            }
        });
        self.source = new;
    }

    /// Shows boxes that came from elsewhere (a recording's frame) with their source; the scene
    /// before them stays an undo step away.
    pub(crate) fn show(&mut self, a: D::Obb, b: D::Obb, source: Source) {
        if source.origin != self.source.origin {
            self.commit();
            // the view settings of the scene shown before (a preset's filter) stay with it: the
            // recording starts from the default view, and keeps what is chosen while it plays
            self.view = View {
                camera: self.view.camera,
                ..View::default()
            };
        }
        (self.a, self.b, self.source, self.time) = (a, b, source, 0.0);
        // a recording's frame is at rest unless it tunnels (`show_moving`), and its boxes sharp
        self.motion = None;
        self.radii = [0.0; 2];
    }

    /// Shows a pair of a recording's frames as a motion from the first to the second.
    pub(crate) fn show_moving(
        &mut self,
        a: D::Obb,
        b: D::Obb,
        mut source: Source,
        spec: MotionSpec,
    ) {
        source.saved_motion = Some(spec);
        self.show(a, b, source);
        self.motion = Some(spec);
        self.pose((a, b), 0.0);
    }

    /// The box named.
    pub(crate) fn get(&self, which: Which) -> &D::Obb {
        pick(which, &self.a, &self.b)
    }

    /// Both boxes.
    #[cfg(test)]
    pub(crate) fn boxes(&self) -> (D::Obb, D::Obb) {
        (self.a, self.b)
    }

    /// The cores' report as they are now: the candidate axes (seen with the radii, each shadow
    /// grows by its box's radius: [`AxisTest::grown`](crate::sat::AxisTest::grown)).
    pub(crate) fn report(&self, settings: &Settings) -> D::Report {
        D::Obb::report(&self.a, &self.b, &settings.params)
    }

    /// The contact manifold's parameters: the view's margin and edge bias, the lab's threshold of
    /// degenerate edge axes.
    pub(crate) fn manifold_params(&self, settings: &Settings) -> ManifoldParams {
        ManifoldParams {
            degenerate_threshold: settings.params.degenerate_threshold,
            ..self.view.manifold
        }
    }

    /// The answer, the report and the traced contact of the boxes as they are now ([`analyse`]).
    pub(crate) fn analysis(&self, settings: &Settings) -> Analysis<D> {
        let params = self.manifold_params(settings);
        analyse(&self.a, &self.b, self.radii, &settings.params, &params)
    }

    /// Takes a loaded scene if it is of this mode: its boxes, view and `source` (a scene without a
    /// camera of this mode is framed for `viewport`), as one undo step. Returns whether it did.
    pub(crate) fn load(
        &mut self,
        scene: &Scene,
        pair: &Pair,
        viewport: &Viewport,
        source: Source,
    ) -> bool {
        let Some((a, b)) = D::Obb::of_pair(pair) else {
            return false;
        };
        let (view, camera) = View::<D>::from_json(&scene.view);
        self.commit();
        self.source = source;
        self.motion = scene.motion().ok().flatten();
        self.source.saved_motion = self.motion;
        self.radii = scene.noted_pair().map_or([0.0; 2], |p| p.radii);
        self.source.saved_radii = self.radii;
        self.pose((a, b), view.time);
        self.view = View {
            camera: camera.unwrap_or_else(|| self.framing(viewport)),
            ..view
        };
        self.commit();
        self.step.stop();
        true
    }

    /// This mode's boxes and view as a scene.
    pub(crate) fn scene(&self, description: &str) -> Scene {
        // written so that reading the file back gives the same bits
        let (a, b) = self.starts();
        let pair = crate::scene::canonical(&D::Obb::pair(a, b));
        let view = View {
            time: self.time,
            ..self.view
        };
        Scene::new(&pair, description, view.to_json())
            .with_motion(self.motion.as_ref())
            .with_radii(self.radii)
    }

    /// Applies a command of this mode. Returns a message for the user, if any (`true`: an error).
    pub(crate) fn apply(
        &mut self,
        command: &ModeCommand,
        settings: &Settings,
        viewport: &Viewport,
    ) -> Option<(String, bool)> {
        match command {
            ModeCommand::Undo => return self.undo_redo(true).map(|m| (m, false)),
            ModeCommand::Redo => return self.undo_redo(false).map(|m| (m, false)),
            ModeCommand::SelectBox(w) => self.selected_box = *w,
            ModeCommand::SelectAxis(i) => self.view.selected_axis = *i,
            ModeCommand::ClearSelection => {
                self.selected_box = None;
                self.view.selected_axis = None;
            }
            ModeCommand::LookAlong(axis) => return self.look_along(*axis, settings),
            ModeCommand::ResetView => self.view.camera = self.framing(viewport),
            ModeCommand::CycleFilter => self.view.filter = self.view.filter.next(),
            ModeCommand::SetView(filter, overlays) => {
                self.view.filter = *filter;
                self.view.overlays = *overlays;
            }
            ModeCommand::Step(s) => return self.step_command(*s, settings).map(|m| (m, true)),
            ModeCommand::Resolve => self.resolve(settings),
            ModeCommand::Edit {
                which,
                field,
                value,
            } => match D::edit(self.get(*which), *field, *value) {
                Ok(obb) => self.set(*which, obb),
                Err(why) => return Some((format!("Box {which}: {why}"), true)),
            },
            ModeCommand::SetManifold(params) => self.view.manifold = *params,
            ModeCommand::SetRadius(which, r) => {
                let r = *r as f32;
                if let Err(why) = crate::sat::rounded::validate_radius(r) {
                    return Some((format!("Box {which}: {why}"), true));
                }
                self.radii[usize::from(*which == Which::B)] = r;
            }
            ModeCommand::SetProfile(bands) => {
                if let Some(Err(why)) = bands.map(|b| b.validate()) {
                    return Some((format!("Engine bands: {why}"), true));
                }
                self.view.profile = *bands;
            }
            ModeCommand::PinProbe(dir) => self.pinned_probe = dir.map(D::Vec::from_coords),
            ModeCommand::ResetBox(which, part) => {
                let obb = D::reset(self.get(*which), *part);
                self.set(*which, obb);
            }
            ModeCommand::SetMotion(_) | ModeCommand::EditMotion(..) | ModeCommand::SetTime(_) => {
                return self.motion_command(command)
            }
        }
        None
    }

    /// Turns the camera to look across `axis`, or the selected one; a message when there is no
    /// axis to look along.
    fn look_along(&mut self, axis: Option<usize>, settings: &Settings) -> Option<(String, bool)> {
        let Some(i) = axis.or(self.view.selected_axis) else {
            return Some((
                "select an axis first (in the table or the scene)".into(),
                false,
            ));
        };
        // the boxes may have changed earlier in this frame's edits: their report as they are now
        let report = self.report(settings);
        if report.axes().get(i).is_none_or(|t| t.degenerate()) {
            return Some(("parallel edges: this axis has no direction".into(), true));
        }
        self.view.selected_axis = Some(i);
        D::look_along(&mut self.view.camera, &self.a, &self.b, &report, i);
        None
    }

    /// Pushes intersecting boxes apart so that they touch (by the answer's depth along its
    /// normal), as the settings say.
    fn resolve(&mut self, settings: &Settings) {
        let answer = self.analysis(settings).answer;
        if let (Some(depth), Some(normal)) = (answer.depth, answer.normal) {
            (self.a, self.b) =
                analysis::resolve::<D>(&self.a, &self.b, normal * depth, settings.resolve_mode);
        }
    }

    fn set(&mut self, which: Which, obb: D::Obb) {
        match which {
            Which::A => self.a = obb,
            Which::B => self.b = obb,
        }
    }

    /// Applies a step-through command; returns a message when `GoTo` asked for a step past the
    /// last. Moving while the step-through is off does nothing.
    fn step_command(&mut self, command: StepCommand, settings: &Settings) -> Option<String> {
        match (command, self.step.active) {
            (StepCommand::Toggle, true) => self.step.stop(),
            (StepCommand::Toggle | StepCommand::Restart, _) => self.step.start(),
            (StepCommand::Next, true) => self.step_next(settings),
            (StepCommand::Back, true) => self.step.back(),
            (StepCommand::PlayPause, true) => self.step.playing = !self.step.playing,
            (StepCommand::Next | StepCommand::Back | StepCommand::PlayPause, false) => {}
            (StepCommand::Speed(s), _) => self.step.speed = s,
            (StepCommand::ThroughAll(on), _) => self.step.through_all = on,
            (StepCommand::GoTo(index), _) => return self.go_to_step(index, settings),
        }
        None
    }

    /// Advances one step unless the test stops here, through the steps of the boxes as they are
    /// now (an edit earlier in the frame may have changed them).
    fn step_next(&mut self, settings: &Settings) {
        let analysis = self.analysis(settings);
        self.step
            .step(|i| analysis.separates(i), analysis.step_count());
    }

    /// Starts the step-through (if need be) at step `index`; a message when the scene has fewer
    /// steps.
    fn go_to_step(&mut self, index: usize, settings: &Settings) -> Option<String> {
        let count = self.analysis(settings).step_count();
        if !self.step.active {
            self.step.start();
        }
        self.step.current = index.min(count - 1);
        (index >= count).then(|| {
            format!(
                "step {index}: this scene has steps 0 to {} (the axes, then the contact); showing {}",
                count - 1,
                count - 1
            )
        })
    }

    /// Advances a playing step-through by `dt` seconds, through the steps of this frame's
    /// `analysis`.
    pub(crate) fn tick(&mut self, dt: f32, analysis: &Analysis<D>) {
        if !(self.step.active && self.step.playing) {
            return;
        }
        self.step
            .tick(dt, |i| analysis.separates(i), analysis.step_count());
    }

    /// The velocity handles' drag: a press on a handle grabs it, moving the pointer sets that
    /// box's velocity so that the handle follows it, the release ends the edit. `None` when the
    /// pointer is not on a handle (the other gestures then have it).
    fn drag_velocity(&mut self, input: &InputFrame, viewport: &Viewport) -> Option<PointerOutcome> {
        let spec = self.motion?;
        let projector = D::projector(&self.view.camera, *viewport);
        let handle = |w: Which| {
            let m = motion::box_motion(&spec, w);
            let c = self.get(w).center();
            motion::handle(c, D::Vec::from_coords(m.velocity), spec.dt)
        };
        let Some(w) = self.velocity_drag else {
            if !(input.left_pressed && input.pointer_in_scene) {
                return None;
            }
            let handles: Vec<(Which, glam::Vec2)> = [Which::A, Which::B]
                .into_iter()
                .filter_map(|w| {
                    Some((
                        w,
                        projector.px(self.get(w).center())?,
                        projector.px(handle(w))?,
                    ))
                })
                .filter(|(_, c, h)| motion::grabbable(*c, *h))
                .map(|(w, _, h)| (w, h))
                .collect();
            let w = motion::pick_handle(
                &handles,
                input.mouse,
                input.reach(motion::HANDLE_PICK_PIXELS),
            )?;
            self.velocity_drag = Some(w);
            return Some(PointerOutcome::default());
        };
        if !input.left_down {
            self.velocity_drag = None;
            return Some(PointerOutcome {
                drag_ended: true,
                ..PointerOutcome::default()
            });
        }
        let at = handle(w);
        let pixels = input.mouse - projector.px(at)?;
        let step = 1e-3 * (1.0 + self.get(w).half_extents().length());
        let shift = motion::world_shift(&projector, at, pixels, step)?;
        let mut spec = spec;
        let dt = spec.dt;
        let m = motion::box_motion_mut(&mut spec, w);
        let v = D::Vec::from_coords(m.velocity) + shift * (1.0 / dt);
        m.velocity = v.to_coords();
        self.set_motion(Some(spec));
        Some(PointerOutcome::default())
    }

    /// Pointer gestures in the scene, picking from `lines` (the axis lines drawn last frame); a
    /// click selects. Returns what the pointer did.
    pub(crate) fn pointer(
        &mut self,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
        lines: &[AxisLine<D::Vec>],
    ) -> PointerOutcome
    where
        D: Gestures,
    {
        self.cursor_px = input.pointer_in_scene.then_some(input.mouse);
        if let Some(out) = self.drag_velocity(input, viewport) {
            return out;
        }
        let out = D::pointer(self, settings, input, viewport, lines);
        if let Some(i) = out.clicked_axis {
            self.view.selected_axis = Some(i);
        }
        if let Some(w) = out.clicked_box {
            self.selected_box = w;
        }
        out
    }
}

/// How a motion field is named in a message.
fn field_name(field: MotionField) -> String {
    const XYZ: [&str; 3] = ["x", "y", "z"];
    match field {
        MotionField::Velocity(w, k) => format!("{w} velocity {}", XYZ[k]),
        MotionField::Turn(w, k) => format!("{w} angular velocity {}", XYZ[k]),
        MotionField::Dt => "dt".into(),
    }
}
