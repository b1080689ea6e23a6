//! Panel views for the verdict and the reasoning tools: the verdict box, the frame time, the live
//! cross-check, penetration and Resolve, the step-through and the parallel-edge lab.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::analysis::{ResolveMode, StepVerdict};
use crate::app::command::{AppCommand, Command, ModeCommand, SceneCommand, StepCommand};
use crate::app::dim::Dim;
use crate::app::theme;
use crate::sat::agreement::Agreement;
use crate::sat::{fmt_num, Obb, Report, SatParams, DEGENERATE_THRESHOLD, PARALLEL_EPSILON};

/// The verdict in a frame of its colour, with a second line that is always there (so the panel
/// below keeps its place when the verdict flips).
pub(crate) fn verdict<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let frame = model.frame;
    let (heading, detail, intersect) = frame.verdict();
    let color = if frame.touching() {
        theme::TOUCHING
    } else if intersect {
        theme::HIT
    } else {
        theme::FIRST_SEPARATING
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

/// satbox's answer, the fast test and the f64 reference side by side, with a warning when they
/// disagree.
pub(crate) fn cross_check(ui: &mut Ui, check: &Agreement, commands: &mut Vec<Command>) {
    egui::CollapsingHeader::new("Live cross-check: satbox · fast test · f64 reference")
        .default_open(true)
        .show(ui, |ui| {
            let word = |b: bool| if b { "intersecting" } else { "separated" };
            ui.horizontal_wrapped(|ui| {
                ui.label(format!("satbox: {}", word(check.answer)));
                ui.separator();
                match check.fast {
                    Some(fast) => ui.label(format!("fast test: {}", word(fast))),
                    None => ui.label("fast test: sharp boxes only").on_hover_text(
                        "the early-out boolean test answers sharp boxes; these are rounded",
                    ),
                };
                ui.separator();
                ui.label(format!("f64 reference: {}", word(check.reference)));
            });
            match cross_check_words(check) {
                CrossCheck::Disagree(msg, detail) => {
                    ui.label(RichText::new(msg).color(theme::HIT.egui()).strong());
                    dim(ui, detail);
                }
                CrossCheck::Rounding(words) => dim(ui, words),
                CrossCheck::Agree(words) => {
                    ui.label(RichText::new(words).color(theme::FIRST_SEPARATING.egui()));
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

/// What the cross-check says, in words.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum CrossCheck {
    /// A disagreement, with the numbers behind it.
    Disagree(String, String),
    /// Near touching, where the verdicts may fall either side: why.
    Rounding(String),
    /// All agree.
    Agree(String),
}

/// The cross-check's sentence: a disagreement, the verdicts within rounding of touching (the
/// answer's own touching, or the reference within the rounding band), or agreement.
pub(crate) fn cross_check_words(check: &Agreement) -> CrossCheck {
    let word = |b: bool| if b { "intersecting" } else { "separated" };
    if let Some(msg) = check.disagreement() {
        let axis = |a: Option<usize>| a.map_or("none".into(), |i| format!("axis {i}"));
        return CrossCheck::Disagree(
            format!("⚠ DISAGREEMENT: {msg}"),
            format!(
                "reference {} (rounding band ±{}); first separating: satbox {}, reference {}",
                reference_words(check.margin),
                fmt_num(check.band as f32),
                axis(check.answer_first),
                axis(check.reference_first)
            ),
        );
    }
    if check.touching {
        return CrossCheck::Rounding(
            "touching: the gap is 0 within rounding, where either verdict is right".into(),
        );
    }
    if check.answer != check.reference {
        return CrossCheck::Rounding(format!(
            "the reference finds them {} ({} from touching): within the rounding band ±{}, f32 and f64 may fall either side",
            word(check.reference),
            fmt_num(check.margin.abs() as f32),
            fmt_num(check.band as f32)
        ));
    }
    CrossCheck::Agree(format!("✔ all agree: {}", word(check.answer)))
}

/// The reference's signed distance in words: "apart by 0.12", "overlapping by 0.05".
fn reference_words(margin: f64) -> String {
    if margin > 0.0 {
        format!("apart by {}", fmt_num(margin as f32))
    } else {
        format!("overlapping by {}", fmt_num(-margin as f32))
    }
}

/// Depth, normal, feature pair and the Resolve buttons, at the same height whether or not the
/// boxes overlap, so the panel below never jumps while an edit flips the verdict.
pub(crate) fn penetration<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let frame = model.frame;
    let answer = &frame.answer;
    let title = RichText::new("Penetration and push-out");
    let title = if answer.intersect {
        title.color(theme::LEAST.egui())
    } else {
        title
    };
    egui::CollapsingHeader::new(title)
        .id_salt("penetration")
        .default_open(true)
        .show(ui, |ui| {
            let dash = || RichText::new("–").color(theme::TEXT_DIM.egui());
            let deep = answer.depth.zip(answer.normal);
            egui::Grid::new("penetration")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label("along");
                    match (deep, answer.axis) {
                        (Some(_), Some(k)) => {
                            let text = format!("axis {k}: {}", D::Obb::axis_kind(k).label());
                            ui.label(RichText::new(text).color(theme::LEAST.egui()).strong())
                        }
                        (Some(_), None) => ui.label(
                            RichText::new("the line between the cores' closest points")
                                .color(theme::LEAST.egui()),
                        ),
                        (None, _) => ui.label(dash()),
                    };
                    ui.end_row();
                    ui.label("depth");
                    match deep {
                        Some(_) if frame.touching() => ui.label("0 (touching)"),
                        Some((d, _)) => ui.label(RichText::new(fmt_num(d)).monospace()),
                        None => ui.label(dash()),
                    };
                    ui.end_row();
                    ui.label("normal, A to B");
                    match deep {
                        Some((_, n)) => ui.label(RichText::new(super::vector_words(n)).monospace()),
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
            resolve_row(ui, model, deep.is_some() && !frame.touching(), commands);
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
