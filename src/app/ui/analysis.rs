//! Panel views for the verdict and the reasoning tools: the verdict box, the frame time, the live
//! cross-check, penetration and Resolve, the step-through and the parallel-edge lab.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::analysis::{ResolveMode, StepVerdict};
use crate::app::command::{AppCommand, Command, ModeCommand, SceneCommand, StepCommand};
use crate::app::dim::{Dim, Vector};
use crate::app::theme;
use crate::sat::agreement::Agreement;
use crate::sat::Report;
use crate::sat::{fmt_num, SatParams, DEGENERATE_THRESHOLD, PARALLEL_EPSILON};

/// The verdict in a frame of its colour, with a second line that is always there (so the panel
/// below keeps its place when the verdict flips).
pub(crate) fn verdict<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let frame = model.frame;
    let r = &frame.report;
    let color = if frame.touching() {
        theme::TOUCHING
    } else if r.intersect() {
        theme::HIT
    } else {
        theme::FIRST_SEPARATING
    };
    let n = r.axes().len();
    let detail = match (r.first_separating(), &frame.features) {
        (Some(k), _) => format!("an early-out test stops here: {} of {n} axes tested", k + 1),
        (None, _) if frame.touching() => "touching: the gap is 0 within rounding".to_string(),
        (None, Some(c)) => format!("in contact: {c}"),
        (None, None) => "in contact".to_string(),
    };
    let (heading, detail, color) = match frame.rounded_verdict() {
        Some((heading, detail, intersect)) => (
            heading,
            detail,
            if intersect {
                theme::HIT
            } else {
                theme::FIRST_SEPARATING
            },
        ),
        None => (r.verdict(), detail, color),
    };
    egui::Frame::new()
        .fill(theme::PANEL_FRAME.egui())
        .stroke(egui::Stroke::new(2.0, color.egui()))
        .inner_margin(8.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            // as tall whatever the verdict, so that the panel below does not move when the boxes
            // start or stop touching: room for the heading on two lines where it may wrap
            let rows = if ui.available_width() < VERDICT_ONE_LINE_WIDTH {
                2.0
            } else {
                1.0
            };
            ui.set_min_height(rows * 22.0 + 18.0);
            ui.label(
                RichText::new(heading)
                    .color(color.egui())
                    .size(16.0)
                    .strong(),
            );
            dim(ui, detail);
            if let Some(b) = &frame.bands {
                let color = super::bands::fate_color(b.bands.fate(b.separation));
                ui.label(RichText::new(&b.sentence).color(color.egui()));
            }
        });
}

/// The width (points) from which the verdict's heading fits one line, its longest included
/// ("Intersecting, depth 0.0003943 along A.u0 × B.u0").
const VERDICT_ONE_LINE_WIDTH: f32 = 420.0;

/// satbox's own time per frame (smoothed, and the worst recent one) and the frame rate shown.
pub(crate) fn frame_time(ui: &mut Ui, t: super::FrameTimes) {
    ui.label(
        RichText::new(frame_words(t))
            .color(theme::TEXT_DIM.egui())
            .monospace(),
    )
    .on_hover_text(
        "satbox's work: its own time per frame (input, report, panel, draw calls) and the worst \
         of late; the screen shows: the frames per second actually shown, which also count the \
         rendering and the wait for the display",
    );
}

/// The frame line: satbox's own time per frame and the frames the screen shows, each named.
pub(crate) fn frame_words(t: super::FrameTimes) -> String {
    format!(
        "satbox's work {:.1} ms a frame (worst {:.1}) · the screen shows {:.0} frames/s",
        t.work,
        t.worst,
        1000.0 / t.interval.max(0.01)
    )
}

/// The three verdicts side by side, with a warning when they disagree.
pub(crate) fn cross_check(ui: &mut Ui, check: &Agreement, commands: &mut Vec<Command>) {
    egui::CollapsingHeader::new("Live cross-check: fast test · report · f64 reference")
        .default_open(true)
        .show(ui, |ui| {
            let word = |b: bool| if b { "intersect" } else { "separated" };
            ui.horizontal_wrapped(|ui| {
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
                            .color(theme::HIT.egui())
                            .strong(),
                    );
                    let axis = |a: Option<usize>| a.map_or("none".into(), |i| format!("axis {i}"));
                    dim(
                        ui,
                        format!(
                            "reference margin {:.3e} (band ±{:.1e}); first separating: report {}, reference {}",
                            check.margin,
                            check.band,
                            axis(check.report_first),
                            axis(check.reference_first)
                        ),
                    );
                }
                None if check.margin.abs() <= check.band => dim(
                    ui,
                    format!(
                        "touching to within rounding (margin {:.2e}): verdicts may differ",
                        check.margin
                    ),
                ),
                None => {
                    ui.label(RichText::new("✔ all three agree").color(theme::FIRST_SEPARATING.egui()));
                }
            }
            if ui
                .button("Save this case as a regression scene")
                .on_hover_text(
                    "Writes the pair as a scene into tests/regressions/ when satbox runs from its \
                     source checkout (`cargo test --test regressions` replays every file there \
                     against the f64 reference), else into your scenes folder (My scenes).",
                )
                .clicked()
            {
                commands.push(SceneCommand::SaveRegression.into());
            }
        });
}

/// Depth, normal, feature pair and the Resolve buttons, at the same height whether or not the
/// boxes overlap, so the panel below never jumps while an edit flips the verdict.
pub(crate) fn penetration<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let frame = model.frame;
    let r = &frame.report;
    let title = RichText::new("Penetration and push-out");
    let title = if r.intersect() {
        title.color(theme::LEAST.egui())
    } else {
        title
    };
    egui::CollapsingHeader::new(title)
        .id_salt("penetration")
        .default_open(true)
        .show(ui, |ui| {
            if frame.rounded.is_some_and(|x| !x.cores_overlap) && r.intersect() {
                dim(
                    ui,
                    "the candidate axes' least overlap of the grown shadows; the rounded boxes' \
                     own answer is the verdict's (from the cores' distance)",
                );
            }
            let dash = || RichText::new("–").color(theme::TEXT_DIM.egui());
            let p = r.penetration();
            egui::Grid::new("penetration")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("least penetration");
                    match p {
                        Some(p) => {
                            let t = &r.axes()[p.axis_index];
                            let text = format!("axis {}: {}", t.index(), t.kind().label());
                            ui.label(RichText::new(text).color(theme::LEAST.egui()).strong())
                        }
                        None => ui.label(dash()),
                    };
                    ui.end_row();
                    ui.label("depth");
                    match p {
                        Some(_) if frame.touching() => ui.label("0 (touching)"),
                        Some(p) => ui.label(RichText::new(fmt_num(p.depth)).monospace()),
                        None => ui.label(dash()),
                    };
                    ui.end_row();
                    ui.label("normal, A to B");
                    match p {
                        Some(p) => {
                            let c: Vec<String> = p
                                .normal
                                .coords()
                                .iter()
                                .map(|x| format!("{x:.4}"))
                                .collect();
                            ui.label(RichText::new(format!("({})", c.join(", "))).monospace())
                        }
                        None => ui.label(dash()),
                    };
                    ui.end_row();
                    ui.label("in contact");
                    match &frame.features {
                        Some(f) => ui.label(f),
                        None => ui.label(dash()),
                    };
                    ui.end_row();
                });
            resolve_row(ui, model, p.is_some() && !frame.touching(), commands);
        });
}

fn resolve_row<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    enabled: bool,
    commands: &mut Vec<Command>,
) {
    ui.horizontal(|ui| {
        let mut settings = *model.settings;
        ui.selectable_value(
            &mut settings.resolve_mode,
            ResolveMode::Split,
            "each box half way",
        );
        ui.selectable_value(
            &mut settings.resolve_mode,
            ResolveMode::MoveB,
            "move B only",
        );
        if settings != *model.settings {
            commands.push(AppCommand::Settings(settings).into());
        }
        let resolve = ui
            .add_enabled(
                enabled,
                egui::Button::new(RichText::new("Resolve").strong()),
            )
            .on_hover_text("Push the boxes apart by depth · normal so that they touch (undoable)");
        if resolve.clicked() {
            commands.push(ModeCommand::Resolve.into());
        }
    });
}

/// The step-through controls and the axis under test.
pub(crate) fn step_through<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    commands: &mut Vec<Command>,
) {
    egui::CollapsingHeader::new("Step through the test, axis by axis")
        .default_open(true)
        .show(ui, |ui| {
            let step = &model.mode.step;
            let mut push = |c: StepCommand| commands.push(ModeCommand::Step(c).into());
            if !step.active {
                if ui.button("▶ Step through the axes (S)").clicked() {
                    push(StepCommand::Toggle);
                }
                return;
            }
            ui.horizontal(|ui| {
                let buttons = [
                    ("■ Stop", "Leave the step-through (S)", StepCommand::Toggle),
                    ("⏮", "Restart at axis 0", StepCommand::Restart),
                    ("◀", "Back one axis (Left arrow key)", StepCommand::Back),
                    ("▶", "Next axis (Right arrow key)", StepCommand::Next),
                ];
                for (text, hint, c) in buttons {
                    if ui.button(text).on_hover_text(hint).clicked() {
                        push(c);
                    }
                }
                let play = if step.playing {
                    "⏸ Pause"
                } else {
                    "⏵ Play"
                };
                if ui.button(play).on_hover_text("Space").clicked() {
                    push(StepCommand::PlayPause);
                }
            });
            ui.horizontal(|ui| {
                let mut speed = step.speed;
                let slider = egui::Slider::new(&mut speed, 0.25..=8.0)
                    .logarithmic(true)
                    .text("axes/s");
                if ui.add(slider).changed() {
                    push(StepCommand::Speed(speed));
                }
                let mut all = step.through_all;
                if ui
                    .checkbox(&mut all, "go on past a separating axis")
                    .changed()
                {
                    push(StepCommand::ThroughAll(all));
                }
            });
            if let Some(w) = &model.frame.step {
                let color = match w.tone {
                    StepVerdict::Separates => theme::FIRST_SEPARATING,
                    StepVerdict::Intersects => theme::HIT,
                    StepVerdict::Neutral => theme::TEXT_DIM,
                };
                ui.label(RichText::new(&w.title).strong());
                ui.label(RichText::new(&w.numbers).monospace());
                ui.label(RichText::new(&w.verdict).color(color.egui()).strong());
            }
        });
}

/// The two knobs of the parallel-edge problem.
pub(crate) fn parallel_lab<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    commands: &mut Vec<Command>,
) {
    egui::CollapsingHeader::new("Parallel-edge lab")
        .default_open(false)
        .show(ui, |ui| {
            let mut settings = *model.settings;
            let p = &mut settings.params;
            let sci = |v: f64, _| format!("{v:.1e}");
            ui.horizontal(|ui| {
                ui.label("degenerate below |A.u_i × B.u_j| <");
                ui.add(
                    egui::DragValue::new(&mut p.degenerate_threshold)
                        .speed(0.0001)
                        .range(0.0..=0.5)
                        .custom_formatter(sci),
                );
            });
            ui.horizontal(|ui| {
                ui.label("fast test pads |R_ij| by");
                ui.add(
                    egui::DragValue::new(&mut p.parallel_epsilon)
                        .speed(0.0001)
                        .range(0.0..=0.5)
                        .custom_formatter(sci),
                );
            });
            let degenerate = model
                .frame
                .report
                .axes()
                .iter()
                .filter(|a| a.degenerate())
                .count();
            ui.horizontal(|ui| {
                dim(ui, format!("{degenerate} degenerate edge axes now"));
                if ui.button("Defaults").clicked() {
                    settings.params = SatParams::default();
                }
                dim(
                    ui,
                    format!("({DEGENERATE_THRESHOLD:.0e}, {PARALLEL_EPSILON:.0e})"),
                );
            });
            if settings != *model.settings {
                commands.push(AppCommand::Settings(settings).into());
            }
            super::contact::edge_bias(ui, model, commands);
        });
}
