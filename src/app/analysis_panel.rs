//! Panel views for the reasoning tools: penetration and resolve, step-through, live cross-check
//! and the parallel-edge lab. One small function per view; they edit the state and read reports.

use egui_macroquad::egui::{self, RichText, Ui};

use super::analysis::{step_words, CrossCheck, ResolveMode, StepThrough, StepVerdict};
use super::panel::colors;
use crate::sat::{fmt_num, SatParams, SatReport, DEGENERATE_THRESHOLD, PARALLEL_EPSILON};

/// Requests from these views to the app.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AnalysisActions {
    /// Push the boxes apart now.
    pub resolve: bool,
    /// Save the current pair as a regression scene.
    pub save_regression: bool,
    /// Start stepping, or stop (key S).
    pub step_toggle: bool,
    /// Next axis (key →).
    pub step_next: bool,
    /// Previous axis (key ←).
    pub step_back: bool,
    /// Play or pause (Space).
    pub step_play: bool,
}

/// Depth, normal, feature pair and the Resolve buttons. Shown at the same height whether or not
/// the boxes overlap, so the panel below never jumps while an edit flips the verdict.
pub fn penetration<V: Copy + std::ops::Mul<f32, Output = V> + std::fmt::Debug, const N: usize>(
    ui: &mut Ui,
    report: &SatReport<V, N>,
    features: Option<&str>,
    mode: &mut ResolveMode,
    out: &mut AnalysisActions,
) {
    let dash = || RichText::new("–").color(colors::DIM);
    egui::Grid::new("penetration")
        .num_columns(2)
        .show(ui, |ui| {
            let p = report.penetration;
            ui.label("least penetration");
            match p {
                Some(p) => {
                    let t = &report.axes[p.axis_index];
                    ui.label(
                        RichText::new(format!("axis {}: {}", t.index, t.kind.label()))
                            .color(colors::LEAST)
                            .strong(),
                    )
                }
                None => ui.label(RichText::new("none: the boxes are separated").color(colors::DIM)),
            };
            ui.end_row();
            ui.label("depth");
            match p {
                Some(p) => ui.label(RichText::new(fmt_num(p.depth)).monospace()),
                None => ui.label(dash()),
            };
            ui.end_row();
            ui.label("normal, A to B");
            match p {
                // "(x, y, z)" rather than the debug form "Vec3(x, y, z)"
                Some(p) => {
                    let text = format!("{:.4?}", p.normal);
                    let text = text.trim_start_matches(|c: char| c.is_alphanumeric());
                    ui.label(RichText::new(text).monospace())
                }
                None => ui.label(dash()),
            };
            ui.end_row();
            ui.label("in contact");
            match features {
                Some(f) => ui.label(f),
                None => ui.label(dash()),
            };
            ui.end_row();
        });
    ui.horizontal(|ui| {
        ui.selectable_value(mode, ResolveMode::Split, "each box half way");
        ui.selectable_value(mode, ResolveMode::MoveB, "move B only");
        let resolve = ui
            .add_enabled(
                report.penetration.is_some(),
                egui::Button::new(RichText::new("Resolve").strong()),
            )
            .on_hover_text("Push the boxes apart by depth · normal so that they touch (undoable)");
        if resolve.clicked() {
            out.resolve = true;
        }
    });
}

/// The step-through controls and the axis under test.
pub fn step_through<V: Copy + std::ops::Mul<f32, Output = V>, const N: usize>(
    ui: &mut Ui,
    step: &mut StepThrough,
    report: &SatReport<V, N>,
) {
    let separating = |i: usize| report.axes[i].is_separating();
    ui.horizontal(|ui| {
        if !step.active {
            if ui.button("▶ Step through the axes (S)").clicked() {
                step.start();
            }
            return;
        }
        if ui.button("■ Stop").clicked() {
            step.stop();
        }
        if ui.button("⏮").on_hover_text("Restart at axis 0").clicked() {
            step.start();
        }
        if ui.button("◀").on_hover_text("Back one axis").clicked() {
            step.back();
        }
        if ui.button("▶").on_hover_text("Next axis").clicked() {
            step.step(separating, N);
        }
        let play = if step.playing {
            "⏸ Pause"
        } else {
            "⏵ Play"
        };
        if ui.button(play).clicked() {
            step.playing = !step.playing;
        }
    });
    if !step.active {
        return;
    }
    ui.label(
        RichText::new("keys: Left / Right arrow step, Space play or pause, S stop")
            .color(colors::DIM),
    );
    ui.horizontal(|ui| {
        ui.add(
            egui::Slider::new(&mut step.speed, 0.25..=8.0)
                .logarithmic(true)
                .text("axes/s"),
        );
        ui.checkbox(&mut step.through_all, "go on past a separating axis");
    });
    let (title, numbers, verdict, kind) = step_words(step, report);
    let color = match kind {
        StepVerdict::Separates => colors::SEPARATING,
        StepVerdict::Intersects => colors::HIT,
        StepVerdict::Neutral => colors::DIM,
    };
    ui.label(RichText::new(title).strong());
    ui.label(RichText::new(numbers).monospace());
    ui.label(RichText::new(verdict).color(color).strong());
}

/// The three verdicts side by side, with a warning when they disagree.
pub fn cross_check(ui: &mut Ui, check: &CrossCheck, out: &mut AnalysisActions) {
    let word = |b: bool| if b { "intersect" } else { "separated" };
    ui.horizontal(|ui| {
        ui.label(format!("fast test: {}", word(check.fast)));
        ui.separator();
        ui.label(format!("report: {}", word(check.report)));
        ui.separator();
        ui.label(format!("f64 reference: {}", word(check.reference)));
    });
    match check.disagreement() {
        Some(msg) => {
            ui.label(
                RichText::new(format!("⚠ DISAGREEMENT: {msg}"))
                    .color(colors::HIT)
                    .strong(),
            );
            ui.label(
                RichText::new(format!(
                    "reference margin {:.3e} (band ±{:.1e}); first separating: report {}, reference {}",
                    check.margin,
                    check.band,
                    axis_or_none(check.report_first),
                    axis_or_none(check.reference_first)
                ))
                .monospace()
                .color(colors::DIM),
            );
        }
        None if check.margin.abs() <= check.band => {
            ui.label(
                RichText::new(format!(
                    "touching to within rounding (margin {:.2e}): verdicts may differ",
                    check.margin
                ))
                .color(colors::DIM),
            );
        }
        None => {
            ui.label(RichText::new("✔ all three agree").color(colors::SEPARATING));
        }
    }
    if ui
        .button("Save this case as a regression scene")
        .on_hover_text("Writes the pair to your scenes folder; tests/regressions/ takes such files")
        .clicked()
    {
        out.save_regression = true;
    }
}

/// "axis 3" or "none".
fn axis_or_none(axis: Option<usize>) -> String {
    axis.map_or_else(|| "none".to_string(), |i| format!("axis {i}"))
}

/// The two knobs of the parallel-edge problem.
pub fn parallel_lab(ui: &mut Ui, params: &mut SatParams, degenerate_count: usize) {
    ui.horizontal(|ui| {
        ui.label("degenerate below |A.u_i × B.u_j| <");
        ui.add(
            egui::DragValue::new(&mut params.degenerate_threshold)
                .speed(0.0001)
                .range(0.0..=0.5)
                .custom_formatter(|v, _| format!("{v:.1e}")),
        );
    });
    ui.horizontal(|ui| {
        ui.label("fast test pads |R_ij| by");
        ui.add(
            egui::DragValue::new(&mut params.parallel_epsilon)
                .speed(0.0001)
                .range(0.0..=0.5)
                .custom_formatter(|v, _| format!("{v:.1e}")),
        );
    });
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(format!("{degenerate_count} degenerate edge axes now"))
                .color(colors::DIM),
        );
        if ui.button("Defaults").clicked() {
            *params = SatParams::default();
        }
        ui.label(
            RichText::new(format!(
                "({DEGENERATE_THRESHOLD:.0e}, {PARALLEL_EPSILON:.0e})"
            ))
            .color(colors::DIM),
        );
    });
}
