//! The egui side panel: one small function per view (mode switch, verdict, boxes, gizmo, view,
//! axis table). It edits the state and reads the report; it never draws the scene.

use egui_macroquad::egui::{self, Color32, RichText, Ui};
use glam::{EulerRot, Quat, Vec2, Vec3};

use super::analysis_panel::{self as analysis, AnalysisActions};
use super::gizmo::{GizmoMode, GizmoSpace};
use super::state::{AppState, AxisFilter, SelectedBox, Transient};
use crate::sat::{fmt_num, AxisTest, Obb2, Obb3, SatReport, Which};
use crate::scene::Mode;

/// Colours of the panel, matching the scene.
pub mod colors {
    use egui_macroquad::egui::Color32;
    /// Box A.
    pub const A: Color32 = Color32::from_rgb(69, 140, 255);
    /// Box B.
    pub const B: Color32 = Color32::from_rgb(255, 148, 41);
    /// Separating.
    pub const SEPARATING: Color32 = Color32::from_rgb(64, 242, 115);
    /// Intersecting.
    pub const HIT: Color32 = Color32::from_rgb(242, 69, 77);
    /// Least penetration.
    pub const LEAST: Color32 = Color32::from_rgb(255, 77, 191);
    /// Dim.
    pub const DIM: Color32 = Color32::from_rgb(150, 152, 160);
}

/// The panel's width when the window opens (the user can drag its edge).
pub const DEFAULT_WIDTH: f32 = 590.0;

/// What the panel asks the app to do beyond editing the state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PanelActions {
    /// Reset the camera of the current mode.
    pub reset_view: bool,
    /// Turn the camera so that the selected axis reads as a 1D picture.
    pub look_along: Option<usize>,
    /// The boxes were edited (one undo step when the edit ends).
    pub edited: bool,
    /// Resolve, save a regression case.
    pub analysis: AnalysisActions,
}

/// Shows the panel. Returns the actions and the panel's width in points.
pub fn show(
    ctx: &egui::Context,
    state: &mut AppState,
    transient: &mut Transient,
    scenes: &mut super::scenes::ScenesUi,
) -> (PanelActions, f32) {
    let mut actions = PanelActions::default();
    scenes.windows(ctx, state, transient);
    let panel = egui::SidePanel::right("satbox-panel")
        .resizable(true)
        .default_width(DEFAULT_WIDTH)
        // the scene always keeps at least 40% of a small window
        .min_width(340.0f32.min(ctx.screen_rect().width() * 0.6))
        .max_width((ctx.screen_rect().width() * 0.6).max(200.0))
        .show(ctx, |ui| {
            egui::ScrollArea::both()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    mode_switch(ui, state);
                    scenes.section(ui, state, transient);
                    ui.separator();
                    match state.mode {
                        Mode::Three => {
                            let report = state.report3();
                            verdict(ui, &report, contact_now(state));
                            frame_time(ui, transient);
                            checks_and_penetration(ui, &report, state, transient, &mut actions);
                            ui.separator();
                            box3_editor(
                                ui,
                                "A",
                                colors::A,
                                &mut state.three.a,
                                &mut actions,
                                Which::A,
                                state.three.view.selected_box,
                            );
                            box3_editor(
                                ui,
                                "B",
                                colors::B,
                                &mut state.three.b,
                                &mut actions,
                                Which::B,
                                state.three.view.selected_box,
                            );
                            gizmo_controls(ui, state);
                            view_controls(ui, state, &mut actions);
                            ui.separator();
                            axis_table(ui, &report, state, transient, &mut actions);
                            step_and_lab(ui, &report, state);
                        }
                        Mode::Two => {
                            let report = state.report2();
                            verdict(ui, &report, contact_now(state));
                            frame_time(ui, transient);
                            checks_and_penetration(ui, &report, state, transient, &mut actions);
                            ui.separator();
                            let sel = state.two.view.selected_box;
                            let is = |w: SelectedBox| sel == Some(w);
                            let (a_sel, b_sel) = (is(SelectedBox::A), is(SelectedBox::B));
                            box2_editor(ui, "A", colors::A, &mut state.two.a, &mut actions, a_sel);
                            box2_editor(ui, "B", colors::B, &mut state.two.b, &mut actions, b_sel);
                            snap_controls(ui, state);
                            view_controls(ui, state, &mut actions);
                            ui.separator();
                            axis_table(ui, &report, state, transient, &mut actions);
                            step_and_lab(ui, &report, state);
                        }
                    }
                });
        });
    (actions, panel.response.rect.width())
}

/// The live cross-check and, when the boxes overlap, the penetration with its Resolve buttons.
fn checks_and_penetration<V, const N: usize>(
    ui: &mut Ui,
    report: &SatReport<V, N>,
    state: &mut AppState,
    transient: &Transient,
    actions: &mut PanelActions,
) where
    V: Copy + std::ops::Mul<f32, Output = V> + std::fmt::Debug,
{
    egui::CollapsingHeader::new("Live cross-check: fast test · report · f64 reference")
        .default_open(true)
        .show(ui, |ui| {
            if let Some(check) = &transient.cross_check {
                analysis::cross_check(ui, check, &mut actions.analysis);
            }
        });
    let features = contact_now(state);
    let title = RichText::new("Penetration and push-out");
    let title = if report.intersect {
        title.color(colors::LEAST)
    } else {
        title
    };
    egui::CollapsingHeader::new(title)
        .id_salt("penetration")
        .default_open(true)
        .show(ui, |ui| {
            analysis::penetration(
                ui,
                report,
                features.as_deref(),
                &mut state.resolve_mode,
                &mut actions.analysis,
            );
        });
}

/// Step-through and, in 3D, the parallel-edge lab.
fn step_and_lab<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    ui: &mut Ui,
    report: &SatReport<V, N>,
    state: &mut AppState,
) {
    ui.separator();
    egui::CollapsingHeader::new("Step through the test, axis by axis")
        .default_open(true)
        .show(ui, |ui| analysis::step_through(ui, &mut state.step, report));
    if N == crate::sat::dim3::AXIS_COUNT {
        egui::CollapsingHeader::new("Parallel-edge lab")
            .default_open(false)
            .show(ui, |ui| {
                let degenerate = report.axes.iter().filter(|a| a.degenerate).count();
                analysis::parallel_lab(ui, &mut state.params, degenerate);
            });
    }
}

fn mode_switch(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        ui.heading("satbox");
        ui.add_space(12.0);
        for (mode, text) in [(Mode::Two, "2D · 4 axes"), (Mode::Three, "3D · 15 axes")] {
            if ui
                .selectable_label(state.mode == mode, RichText::new(text).strong())
                .clicked()
            {
                state.mode = mode;
            }
        }
        ui.label(RichText::new("(M)").color(colors::DIM));
    });
}

/// The feature pair in contact in the current mode, when the boxes overlap.
fn contact_now(state: &AppState) -> Option<String> {
    match state.mode {
        Mode::Three => {
            super::analysis::contact_features3(&state.three.a, &state.three.b, &state.report3())
        }
        Mode::Two => {
            super::analysis::contact_features2(&state.two.a, &state.two.b, &state.report2())
        }
    }
}

fn verdict<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    ui: &mut Ui,
    report: &SatReport<V, N>,
    contact: Option<String>,
) {
    let (color, text) = if report.intersect {
        (colors::HIT, report.verdict())
    } else {
        (colors::SEPARATING, report.verdict())
    };
    egui::Frame::new()
        .fill(Color32::from_rgb(22, 24, 30))
        .stroke(egui::Stroke::new(2.0, color))
        .inner_margin(8.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(text).color(color).size(16.0).strong());
            // always a second line, so the panel below keeps its place when the verdict flips
            let detail = match (report.first_separating, &contact) {
                (Some(k), _) => {
                    format!("an early-out test stops here: {} of {N} axes tested", k + 1)
                }
                (None, Some(c)) => format!("in contact: {c}"),
                (None, None) => "in contact".to_string(),
            };
            ui.label(RichText::new(detail).color(colors::DIM));
        });
}

fn frame_time(ui: &mut Ui, transient: &Transient) {
    ui.label(
        RichText::new(format!(
            "frame {:.1} ms (worst {:.1} ms) · {:.0} fps",
            transient.frame_ms,
            transient.frame_ms_max,
            1000.0 / transient.frame_ms.max(0.01)
        ))
        .color(colors::DIM)
        .monospace(),
    );
}

thread_local! {
    /// Why the last typed value was refused, for the message under the scene.
    static REFUSED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Reads a value typed into a box field. NaN, infinities and magnitudes beyond
/// [`MAX_COORDINATE`](crate::sat::MAX_COORDINATE) are refused (the field keeps its value) rather
/// than clamped, and the reason is kept for [`take_refusal`].
pub fn parse_box_value(text: &str) -> Option<f64> {
    let cleaned = text.trim().replace('−', "-");
    let refuse = |why: String| {
        REFUSED.with(|r| *r.borrow_mut() = Some(why));
        None
    };
    match cleaned.parse::<f64>() {
        Ok(v) if !v.is_finite() => {
            refuse(format!("Refused {:?}: not a finite number", text.trim()))
        }
        Ok(v) if v.abs() > crate::sat::MAX_COORDINATE as f64 => refuse(format!(
            "Refused {}: beyond the supported range of ±{:e}",
            text.trim(),
            crate::sat::MAX_COORDINATE
        )),
        Ok(v) => Some(v),
        // half-typed text ("1e", "-") is not an error: the field just waits for more
        Err(_) => None,
    }
}

/// The reason the panel last refused a typed value, once.
pub fn take_refusal() -> Option<String> {
    REFUSED.with(|r| r.borrow_mut().take())
}

/// A drag value for a box's number: typed text goes through [`parse_box_value`].
fn box_value(value: &mut f32) -> egui::DragValue<'_> {
    egui::DragValue::new(value).custom_parser(parse_box_value)
}

fn drag3(ui: &mut Ui, v: &mut Vec3, speed: f64, min: f32) -> bool {
    let mut changed = false;
    for (k, name) in ["x", "y", "z"].iter().enumerate() {
        ui.label(*name);
        changed |= ui
            .add(
                box_value(&mut v[k])
                    .speed(speed)
                    .range(min..=1e7)
                    .max_decimals(4),
            )
            .changed();
    }
    changed
}

fn box3_editor(
    ui: &mut Ui,
    name: &str,
    color: Color32,
    obb: &mut Obb3,
    actions: &mut PanelActions,
    which: Which,
    selected: Option<SelectedBox>,
) {
    let is_selected = selected.map(Which::from) == Some(which);
    egui::CollapsingHeader::new(box_title(name, color, is_selected))
        .id_salt(name)
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new(format!("box3-{name}"))
                .num_columns(7)
                .spacing([6.0, 4.0])
                .show(ui, |ui| {
                    ui.label("centre");
                    actions.edited |= drag3(ui, &mut obb.center, 0.02, -1e7);
                    ui.end_row();
                    ui.label("half extents");
                    actions.edited |= drag3(ui, &mut obb.half_extents, 0.01, 0.0);
                    ui.end_row();
                    ui.label("rotation °");
                    let (x, y, z) = obb.rotation.to_euler(EulerRot::XYZ);
                    // + 0.0 turns -0.0 into 0.0 for display
                    let mut e = Vec3::new(x, y, z) * (180.0 / std::f32::consts::PI) + Vec3::ZERO;
                    let before = e;
                    let mut changed = false;
                    for (k, axis) in ["x", "y", "z"].iter().enumerate() {
                        ui.label(*axis);
                        changed |= ui
                            .add(box_value(&mut e[k]).speed(0.5).suffix("°").max_decimals(2))
                            .changed();
                    }
                    if changed && e != before {
                        let r = e * (std::f32::consts::PI / 180.0);
                        obb.rotation = Quat::from_euler(EulerRot::XYZ, r.x, r.y, r.z).normalize();
                        actions.edited = true;
                    }
                    ui.end_row();
                });
            let reset = reset_row(ui, "Reset rotation");
            actions.edited |= reset.is_some();
            match reset {
                Some(Reset::Turn) => obb.rotation = Quat::IDENTITY,
                Some(Reset::Size) => obb.half_extents = Vec3::ONE,
                Some(Reset::Position) => obb.center = Vec3::ZERO,
                None => {}
            }
        });
    obb.half_extents = obb.half_extents.max(Vec3::ZERO);
}

/// What a box editor's reset buttons put back.
enum Reset {
    Turn,
    Size,
    Position,
}

/// The row of reset buttons under a box editor; `turn` names the rotation button.
fn reset_row(ui: &mut Ui, turn: &str) -> Option<Reset> {
    ui.horizontal(|ui| {
        let mut clicked = None;
        for (label, reset) in [
            (turn, Reset::Turn),
            ("Reset size", Reset::Size),
            ("Reset position", Reset::Position),
        ] {
            if ui.button(label).clicked() {
                clicked = Some(reset);
            }
        }
        clicked
    })
    .inner
}

/// "Box A" in the box's colour, marked when it is the selected one.
fn box_title(name: &str, color: Color32, selected: bool) -> RichText {
    let title = format!("Box {name}{}", if selected { "  (selected)" } else { "" });
    RichText::new(title).color(color).strong()
}

fn box2_editor(
    ui: &mut Ui,
    name: &str,
    color: Color32,
    obb: &mut Obb2,
    actions: &mut PanelActions,
    selected: bool,
) {
    egui::CollapsingHeader::new(box_title(name, color, selected))
        .id_salt(name)
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new(format!("box2-{name}"))
                .num_columns(5)
                .spacing([6.0, 4.0])
                .show(ui, |ui| {
                    let mut row = |ui: &mut Ui, label: &str, v: &mut Vec2, speed: f64, min: f32| {
                        ui.label(label);
                        for (k, n) in ["x", "y"].iter().enumerate() {
                            ui.label(*n);
                            actions.edited |= ui
                                .add(
                                    box_value(&mut v[k])
                                        .speed(speed)
                                        .range(min..=1e7)
                                        .max_decimals(4),
                                )
                                .changed();
                        }
                        ui.end_row();
                    };
                    row(ui, "centre", &mut obb.center, 0.02, -1e7);
                    row(ui, "half extents", &mut obb.half_extents, 0.01, 0.0);
                    ui.label("angle");
                    let mut deg = obb.angle.to_degrees();
                    if ui
                        .add(box_value(&mut deg).speed(0.5).suffix("°").max_decimals(2))
                        .changed()
                    {
                        obb.angle = deg.to_radians();
                        actions.edited = true;
                    }
                    ui.end_row();
                });
            let reset = reset_row(ui, "Reset angle");
            actions.edited |= reset.is_some();
            match reset {
                Some(Reset::Turn) => obb.angle = 0.0,
                Some(Reset::Size) => obb.half_extents = Vec2::ONE,
                Some(Reset::Position) => obb.center = Vec2::ZERO,
                None => {}
            }
        });
    obb.half_extents = obb.half_extents.max(Vec2::ZERO);
}

fn gizmo_controls(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        ui.label("Gizmo");
        ui.selectable_value(&mut state.gizmo_mode, GizmoMode::Translate, "Move (W)");
        ui.selectable_value(&mut state.gizmo_mode, GizmoMode::Rotate, "Rotate (E)");
        ui.separator();
        ui.selectable_value(&mut state.gizmo_space, GizmoSpace::Local, "Local");
        ui.selectable_value(&mut state.gizmo_space, GizmoSpace::World, "World");
        ui.label(RichText::new("(L)").color(colors::DIM));
    });
    snap_controls(ui, state);
}

fn snap_controls(ui: &mut Ui, state: &mut AppState) {
    ui.horizontal(|ui| {
        ui.checkbox(&mut state.snap, "Snap");
        ui.label("grid");
        ui.add(
            egui::DragValue::new(&mut state.snap_step)
                .speed(0.01)
                .range(0.01..=10.0),
        );
        ui.label(RichText::new("angles 15° · hold Ctrl: grid, Shift: 15°").color(colors::DIM));
    });
}

fn view_controls(ui: &mut Ui, state: &mut AppState, actions: &mut PanelActions) {
    let mode = state.mode;
    let view = state.view_mut();
    ui.horizontal(|ui| {
        ui.label("Show");
        for f in AxisFilter::ALL {
            ui.selectable_value(&mut view.filter, f, f.label());
        }
    });
    ui.horizontal_wrapped(|ui| {
        let o = &mut view.overlays;
        ui.checkbox(&mut o.axes, "axes");
        ui.checkbox(&mut o.labels, "labels");
        ui.checkbox(&mut o.projection_lines, "projection lines");
        ui.checkbox(&mut o.grid, "grid");
        ui.checkbox(&mut o.push_out, "push-out");
    });
    ui.horizontal(|ui| {
        if ui.button("Reset view (F)").clicked() {
            actions.reset_view = true;
        }
        if mode == Mode::Three {
            let enabled = view.selected_axis.is_some();
            let resp = ui
                .add_enabled(enabled, egui::Button::new("Look along selected axis (V)"))
                .on_disabled_hover_text("Select an axis in the table or the scene first");
            if resp.clicked() {
                actions.look_along = view.selected_axis;
            }
        }
    });
}

/// A number line with both shadows: A above, B below, the overlap in red.
fn strip<V>(ui: &mut Ui, t: &AxisTest<V>) -> egui::Response {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(130.0, 16.0), egui::Sense::click());
    let painter = ui.painter_at(rect);
    let lo = t.interval_a.min.min(t.interval_b.min);
    let hi = t.interval_a.max.max(t.interval_b.max);
    let span = (hi - lo).max(1e-6);
    let x = |s: f32| rect.left() + 4.0 + (s - lo) / span * (rect.width() - 8.0);
    painter.rect_filled(rect, 2.0, Color32::from_rgb(30, 32, 40));
    let (top, mid, bottom) = (rect.top() + 4.0, rect.center().y, rect.bottom() - 4.0);
    let ov_lo = t.interval_a.min.max(t.interval_b.min);
    let ov_hi = t.interval_a.max.min(t.interval_b.max);
    if ov_lo <= ov_hi {
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x(ov_lo), rect.top() + 1.0),
                egui::pos2(x(ov_hi).max(x(ov_lo) + 1.0), rect.bottom() - 1.0),
            ),
            0.0,
            Color32::from_rgba_unmultiplied(242, 64, 64, 110),
        );
    }
    painter.line_segment(
        [
            egui::pos2(x(t.interval_a.min), top),
            egui::pos2(x(t.interval_a.max), top),
        ],
        egui::Stroke::new(4.0, colors::A),
    );
    painter.line_segment(
        [
            egui::pos2(x(t.interval_b.min), bottom),
            egui::pos2(x(t.interval_b.max), bottom),
        ],
        egui::Stroke::new(4.0, colors::B),
    );
    painter.line_segment(
        [
            egui::pos2(x(t.interval_a.center()), mid),
            egui::pos2(x(t.interval_b.center()), mid),
        ],
        egui::Stroke::new(1.0, colors::DIM),
    );
    resp
}

fn axis_table<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    ui: &mut Ui,
    report: &SatReport<V, N>,
    state: &mut AppState,
    transient: &mut Transient,
    actions: &mut PanelActions,
) {
    ui.label(RichText::new("Candidate axes, in test order").strong());
    ui.label(
        RichText::new("gap = |T·L| − (ra + rb): > 0 separates · click a row to select it")
            .color(colors::DIM),
    );
    let least = report.penetration.map(|p| p.axis_index);
    let mut hovered = None;
    let step = state.step;
    let view = state.view_mut();
    egui::Grid::new("axis-table")
        .striped(true)
        .spacing([8.0, 3.0])
        .show(ui, |ui| {
            for h in [
                "#", "axis", "kind", "ra", "rb", "|T·L|", "gap", "verdict", "shadows",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for t in &report.axes {
                let (color, verdict) = if !step.tested(t.index) {
                    (Color32::from_rgb(90, 92, 100), "not yet")
                } else if t.degenerate {
                    (colors::DIM, "parallel")
                } else if report.first_separating == Some(t.index) {
                    (colors::SEPARATING, "FIRST SEP")
                } else if t.is_separating() {
                    (colors::SEPARATING, "separates")
                } else if least == Some(t.index) {
                    (colors::LEAST, "least pen.")
                } else {
                    (Color32::from_rgb(200, 200, 205), "overlaps")
                };
                let selected = view.selected_axis == Some(t.index);
                let highlighted = selected || transient.hovered_axis == Some(t.index);
                let txt = |s: String| {
                    let r = RichText::new(s).monospace().color(color);
                    if highlighted {
                        r.background_color(Color32::from_rgb(55, 60, 75))
                    } else {
                        r
                    }
                };
                let mut responses = vec![ui.selectable_label(selected, txt(t.index.to_string()))];
                responses.push(ui.label(txt(t.kind.label())));
                responses.push(ui.label(txt(t.kind.name().to_string())));
                for v in [t.ra, t.rb, t.distance, t.gap] {
                    responses.push(ui.label(txt(if t.degenerate {
                        "–".into()
                    } else {
                        fmt_num(v)
                    })));
                }
                responses.push(ui.label(txt(verdict.to_string())));
                if !t.degenerate {
                    responses.push(strip(ui, t));
                } else {
                    responses.push(ui.label(""));
                }
                ui.end_row();
                if responses.iter().any(|r| r.hovered()) {
                    hovered = Some(t.index);
                }
                if responses.iter().any(|r| r.clicked()) {
                    view.selected_axis = if selected { None } else { Some(t.index) };
                }
                if responses.iter().any(|r| r.double_clicked()) && state_mode_is_3d(N) {
                    actions.look_along = Some(t.index);
                }
            }
        });
    if hovered.is_some() {
        transient.hovered_axis = hovered;
    }
}

fn state_mode_is_3d(n: usize) -> bool {
    n == 15
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_nan_infinity_and_huge_values_are_refused_with_a_reason() {
        for text in ["nan", "inf", "-1e30"] {
            assert_eq!(parse_box_value(text), None, "{text}");
            assert!(
                take_refusal().is_some_and(|m| m.starts_with("Refused")),
                "{text}"
            );
        }
        // half-typed text is ignored quietly
        assert_eq!(parse_box_value("1e"), None);
        assert_eq!(take_refusal(), None);
        assert_eq!(parse_box_value(" −2.5 "), Some(-2.5));
        assert_eq!(parse_box_value("1e7"), Some(1e7));
        assert_eq!(take_refusal(), None);
    }
}
