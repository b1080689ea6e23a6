//! One mode of the window, written once for 2D and 3D: its two boxes, its view, the selection, the
//! pointer's gestures and the step-through, and how a [`Command`] changes them.

use super::analysis::{self, StepThrough};
use super::camera::Viewport;
use super::command::{Command, StepCommand};
use super::dim::{pick, AxisReport, Dim, Vector};
use super::input::InputFrame;
use super::layout::AxisLine;
use super::settings::Settings;
use super::view::View;
use crate::sat::Which;
use crate::scene::{Pair, Scene};

/// Whether a pointer gesture in the scene finished an edit this frame (one undo step).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct PointerOutcome {
    /// A gizmo drag ended.
    pub drag_ended: bool,
    /// An axis line was clicked: select it.
    pub clicked_axis: Option<usize>,
    /// A box was clicked (`Some(None)`: empty space, deselect).
    pub clicked_box: Option<Option<Which>>,
}

/// The pointer's gestures in the scene, which differ between the modes (orbit and a 3D gizmo, pan
/// and 2D handles).
pub(crate) trait Gestures: Dim {
    /// Camera, gizmo and picking for one frame. Axis lines are picked from `mode.lines`, the lines
    /// drawn last frame (what the user sees).
    fn pointer(
        mode: &mut ModeState<Self>,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
    ) -> PointerOutcome;
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
    /// The axis under the pointer, in the scene or the panel's table.
    pub hovered_axis: Option<usize>,
    /// The axis lines as drawn last frame: what the pointer can pick.
    pub lines: Vec<AxisLine<D::Vec>>,
    /// A direction pointed at on the sphere of directions: the scene shows the shadows on it.
    pub probe: Option<D::Vec>,
    /// The probe stays when the pointer leaves the sphere.
    pub probe_pinned: bool,
}

impl<D: Dim> ModeState<D> {
    /// The start-up scene, framed for `viewport`.
    pub(crate) fn new(viewport: &Viewport) -> Self {
        let (a, b) = D::default_pair();
        let view = View {
            camera: D::framing(&a, &b, viewport),
            ..View::default()
        };
        Self {
            a,
            b,
            view,
            selected_box: Some(Which::B),
            pointer: D::Pointer::default(),
            step: StepThrough::default(),
            hovered_axis: None,
            lines: Vec::new(),
            probe: None,
            probe_pinned: false,
        }
    }

    /// The box named.
    pub(crate) fn get(&self, which: Which) -> &D::Obb {
        pick(which, &self.a, &self.b)
    }

    /// Both boxes.
    pub(crate) fn boxes(&self) -> (D::Obb, D::Obb) {
        (self.a, self.b)
    }

    /// This frame's report of the boxes.
    pub(crate) fn report(&self, settings: &Settings) -> D::Report {
        D::report(&self.a, &self.b, &settings.params)
    }

    /// Takes a loaded scene if it is of this mode: its boxes and view (a scene without a camera of
    /// this mode is framed for `viewport`). Returns whether it did.
    pub(crate) fn load(&mut self, scene: &Scene, pair: &Pair, viewport: &Viewport) -> bool {
        let Some((a, b)) = D::boxes_of(pair) else {
            return false;
        };
        let (view, camera) = View::<D>::from_json(&scene.view);
        self.a = a;
        self.b = b;
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
        let pair = crate::cli::testcase::canonical(&D::pair(&self.a, &self.b));
        Scene::new(&pair, description, self.view.to_json())
    }

    /// Puts boxes back (undo, redo) without touching the view.
    pub(crate) fn set_boxes(&mut self, (a, b): (D::Obb, D::Obb)) {
        self.a = a;
        self.b = b;
    }

    /// Applies a command that concerns this mode. Returns a message for the user, if any (`true`:
    /// an error), and ignores commands that are not this mode's.
    pub(crate) fn apply(
        &mut self,
        command: &Command,
        settings: &Settings,
        viewport: &Viewport,
    ) -> Option<(String, bool)> {
        match command {
            Command::SelectBox(w) => self.selected_box = *w,
            Command::SelectAxis(i) => self.view.selected_axis = *i,
            Command::ClearSelection => {
                self.selected_box = None;
                self.view.selected_axis = None;
            }
            Command::LookAlong(i) => {
                let report = self.report(settings);
                if report.axes().get(*i).is_some_and(|t| t.degenerate()) {
                    return Some(("parallel edges: this axis has no direction".into(), true));
                }
                self.view.selected_axis = Some(*i);
                D::look_along(&mut self.view.camera, &self.a, &self.b, &report, *i);
            }
            Command::ResetView => self.view.camera = D::framing(&self.a, &self.b, viewport),
            Command::CycleFilter => self.view.filter = self.view.filter.next(),
            Command::SetView(filter, overlays) => {
                self.view.filter = *filter;
                self.view.overlays = *overlays;
            }
            Command::Step(s) => self.step_command(*s, settings),
            Command::Resolve => {
                let report = self.report(settings);
                let pen = report.penetration()?;
                (self.a, self.b) =
                    analysis::resolve::<D>(&self.a, &self.b, &pen, settings.resolve_mode);
            }
            Command::Edit {
                which,
                field,
                value,
            } => match D::edit(self.get(*which), *field, *value) {
                Ok(obb) => self.set(*which, obb),
                Err(why) => return Some((format!("Box {which}: {why}"), true)),
            },
            Command::PinProbe(dir) => {
                self.probe_pinned = dir.is_some();
                self.probe = dir.map(D::Vec::from_coords);
            }
            Command::ResetBox(which, part) => {
                let obb = D::reset(self.get(*which), *part);
                self.set(*which, obb);
            }
            _ => {}
        }
        None
    }

    fn set(&mut self, which: Which, obb: D::Obb) {
        match which {
            Which::A => self.a = obb,
            Which::B => self.b = obb,
        }
    }

    fn step_command(&mut self, command: StepCommand, settings: &Settings) {
        let report = self.report(settings);
        let axes = report.axes();
        let separating = |i: usize| axes[i].is_separating();
        let step = &mut self.step;
        match command {
            StepCommand::Toggle if step.active => step.stop(),
            StepCommand::Toggle | StepCommand::Restart => step.start(),
            StepCommand::Next if step.active => {
                step.step(separating, axes.len());
            }
            StepCommand::Back if step.active => step.back(),
            StepCommand::PlayPause if step.active => step.playing = !step.playing,
            StepCommand::Speed(s) => step.speed = s,
            StepCommand::ThroughAll(on) => step.through_all = on,
            _ => {}
        }
    }

    /// Advances a playing step-through by `dt` seconds.
    pub(crate) fn tick(&mut self, dt: f32, settings: &Settings) {
        if !(self.step.active && self.step.playing) {
            return;
        }
        let report = self.report(settings);
        let axes = report.axes();
        self.step.tick(dt, |i| axes[i].is_separating(), axes.len());
    }

    /// Pointer gestures in the scene; returns whether an edit (a gizmo drag) ended this frame.
    pub(crate) fn pointer(
        &mut self,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
    ) -> bool
    where
        D: Gestures,
    {
        let out = D::pointer(self, settings, input, viewport);
        if let Some(i) = out.clicked_axis {
            self.view.selected_axis = Some(i);
        }
        if let Some(w) = out.clicked_box {
            self.selected_box = w;
        }
        out.drag_ended
    }
}
