//! One mode of the window, written once for 2D and 3D: its two boxes, its view, the selection, the
//! pointer's gestures and the step-through, and how a [`ModeCommand`] changes them.

use super::analysis::{self, step_count, StepThrough};
use super::camera::Viewport;
use super::command::{ModeCommand, StepCommand};
use super::dim::{pick, Dim, Vector};
use super::history::History;
use super::input::InputFrame;
use super::layout::AxisLine;
use super::settings::Settings;
use super::source::Source;
use super::view::View;
use crate::sat::manifold::ManifoldTrace;
use crate::sat::{ManifoldParams, Which};
use crate::sat::{Obb, Report};
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

/// What one undo step puts back: both boxes and where the scene came from (undoing an Open
/// returns to the scene before it, with its file).
pub(crate) type Edit<D> = (<D as Dim>::Obb, <D as Dim>::Obb, Source);

/// The report and the traced contact of a mode's boxes: what the step-through counts and the
/// frame shows, computed once per frame after the edits.
pub(crate) struct Analysis<D: Dim> {
    /// The full report.
    pub report: D::Report,
    /// The contact manifold, traced stage by stage.
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
            history: History::new((a, b, source.clone())),
            source,
        }
    }

    /// The boxes and source as an undo step.
    fn edit(&self) -> Edit<D> {
        (self.a, self.b, self.source.clone())
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
        let Some((a, b, source)) = target else {
            return Some(format!("nothing to {}", if undo { "undo" } else { "redo" }));
        };
        (self.a, self.b, self.source) = (a, b, source);
        None
    }

    /// Whether the boxes differ from the scene as opened or last saved.
    pub(crate) fn modified(&self) -> bool {
        self.source.modified(&D::Obb::pair(self.a, self.b))
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
        let new = Source {
            path: Some(path.to_path_buf()),
            description: description.to_string(),
            saved: Some(D::Obb::pair(self.a, self.b)),
            ..Source::default()
        };
        self.history.amend_all(|(_, _, s)| {
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
        }
        (self.a, self.b, self.source) = (a, b, source);
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

    /// The report of the boxes as they are now.
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

    /// The report and the traced contact of the boxes as they are now.
    pub(crate) fn analysis(&self, settings: &Settings) -> Analysis<D> {
        Analysis {
            report: self.report(settings),
            contact: D::Obb::manifold_trace(&self.a, &self.b, &self.manifold_params(settings)),
        }
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
        self.a = a;
        self.b = b;
        self.source = source;
        self.commit();
        self.view = View {
            camera: camera.unwrap_or_else(|| D::framing(&a, &b, viewport)),
            ..view
        };
        self.step.stop();
        true
    }

    /// This mode's boxes and view as a scene.
    pub(crate) fn scene(&self, description: &str) -> Scene {
        // written so that reading the file back gives the same bits
        let pair = crate::scene::canonical(&D::Obb::pair(self.a, self.b));
        Scene::new(&pair, description, self.view.to_json())
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
            ModeCommand::ResetView => self.view.camera = D::framing(&self.a, &self.b, viewport),
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
            ModeCommand::PinProbe(dir) => self.pinned_probe = dir.map(D::Vec::from_coords),
            ModeCommand::ResetBox(which, part) => {
                let obb = D::reset(self.get(*which), *part);
                self.set(*which, obb);
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

    /// Pushes intersecting boxes apart so that they touch, as the settings say.
    fn resolve(&mut self, settings: &Settings) {
        if let Some(pen) = self.report(settings).penetration() {
            (self.a, self.b) =
                analysis::resolve::<D>(&self.a, &self.b, &pen, settings.resolve_mode);
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
