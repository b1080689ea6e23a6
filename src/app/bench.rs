//! One frame of the window's own work without a screen, for `benches/window.rs`: the frame
//! computed from the one before (keeping what the app keeps), the panel and its windows laid out
//! by egui and tessellated into triangles. The scene's own drawing (macroquad's, which needs a
//! screen) is left out: no window changes it.

use egui_macroquad::egui;

use super::camera::Viewport;
use super::frame::{Pointing, Reusable, Shown};
use super::library::Library;
use super::mode::ModeState;
use super::settings::Settings;
use super::three::Three;
use super::ui::{self, FrameTimes, KeysNow, PanelModel, UiState};

/// The window's work on the start-up 3D scene, frame after frame.
pub struct PanelFrame {
    mode: ModeState<Three>,
    settings: Settings,
    library: Library,
    kept: Option<Reusable<Three>>,
    ctx: egui::Context,
    state: UiState,
    screen: egui::Rect,
}

impl PanelFrame {
    /// The start-up 3D scene in a 1600 × 1000 window, with the GJK/EPA window open (`gjk`) or
    /// not, every other section as the app opens it.
    pub fn new(gjk: bool) -> Self {
        let viewport = Viewport::sized(1040.0, 1000.0);
        Self {
            mode: ModeState::new(&viewport),
            settings: Settings {
                gjk,
                ..Settings::default()
            },
            library: Library::new(None, false),
            kept: None,
            ctx: egui::Context::default(),
            state: UiState::default(),
            screen: egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0)),
        }
    }

    /// One frame: the report and the rest of the frame, the panel and windows, their triangles.
    /// Returns how many triangles' vertices were made (the work, seen).
    pub fn run(&mut self) -> usize {
        let viewport = Viewport::sized(1040.0, 1000.0);
        let mut frame = Shown::compute_keeping(
            &self.mode,
            self.mode.analysis(&self.settings),
            Pointing::default(),
            &self.settings,
            viewport,
            self.kept.take().unwrap_or_default(),
        );
        let model = PanelModel {
            mode: &self.mode,
            frame: &frame,
            settings: &self.settings,
            library: &self.library,
            modified: false,
            can_undo: false,
            can_redo: false,
            frame_ms: FrameTimes::default(),
            timeline: None,
        };
        let raw = egui::RawInput {
            screen_rect: Some(self.screen),
            ..Default::default()
        };
        let state = &mut self.state;
        let output = self.ctx.run(raw, |ctx| {
            ui::show(ctx, &model, state, &KeysNow::default());
        });
        let meshes = self.ctx.tessellate(output.shapes, output.pixels_per_point);
        self.kept = Some(frame.kept(&self.mode));
        meshes
            .iter()
            .map(|m| match &m.primitive {
                egui::epaint::Primitive::Mesh(mesh) => mesh.vertices.len(),
                egui::epaint::Primitive::Callback(_) => 0,
            })
            .sum()
    }
}
