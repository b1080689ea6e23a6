//! The Motion section: each box's velocity and angular velocity and the step's `dt` (typed fields,
//! checked like the box editor's), the time slider, what the sweep or advancement decides, the
//! axes' intervals of time and advancement's steps. Off by default: without motion the scene is
//! as it always was.

use std::cell::RefCell;

use egui_macroquad::egui::{self, Color32, RichText, Ui};

use super::{boxes, clicked_along, dim, PanelModel};
use crate::app::command::{AppCommand, Command, ModeCommand};
use crate::app::dim::{Dim, EditorRow, Vector};
use crate::app::motion::{self, MotionField, MotionFrame};
use crate::app::numbers;
use crate::app::theme;
use crate::sat::motion::ToiMethod;
use crate::sat::{Obb, Which};
use crate::scene::motion::MotionSpec;
use crate::scene::Mode;

/// An axis's name: its index and what it is made of.
fn axis_label<D: Dim>(k: usize) -> String {
    format!("{k} ({})", D::Obb::axis_kind(k).label())
}

/// The section.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    egui::CollapsingHeader::new(RichText::new("Motion and time of impact").strong())
        .id_salt("motion")
        .default_open(true)
        .show(ui, |ui| {
            let mut on = model.mode.motion.is_some();
            let hint =
                "give the boxes velocities over one step dt: the sweep finds when they first touch";
            if ui
                .checkbox(&mut on, "Boxes move")
                .on_hover_text(hint)
                .changed()
            {
                let (a, b) = model.mode.starts();
                let spec = on
                    .then(|| motion::default_spec(a.center().to_coords(), b.center().to_coords()));
                commands.push(ModeCommand::SetMotion(spec).into());
            }
            let Some(frame) = &model.frame.motion else {
                dim(
                    ui,
                    "at rest: tick to give the boxes a velocity (drag the arrow at a centre)",
                );
                return;
            };
            fields::<D>(ui, frame, model.settings.touch, commands);
            slider(ui, frame, commands);
            decision::<D>(ui, frame, commands);
        });
}

/// The motion's numbers (under a `finger`, as [`boxes::number`] takes one).
fn fields<D: Dim>(ui: &mut Ui, frame: &MotionFrame<D>, finger: bool, commands: &mut Vec<Command>) {
    let spec = &frame.spec;
    let refused = RefCell::new(None);
    ui.spacing_mut().interact_size.x = 44.0;
    egui::Grid::new("motion-grid")
        .num_columns(7)
        .spacing([4.0, 4.0])
        .show(ui, |ui| {
            for which in [Which::A, Which::B] {
                for turn in [false, true] {
                    motion_row::<D>(ui, spec, (which, turn), finger, &refused, commands);
                }
            }
            ui.label("dt")
                .on_hover_text("the step's length in seconds (> 0)");
            ui.label("s");
            let row = EditorRow {
                label: "dt",
                hint: "",
                values: vec![],
                speed: 0.01,
                suffix: " s",
                decimals: 3,
                min: 1e-6,
            };
            let check = |x: f64| motion::edit_motion(spec, MotionField::Dt, x).map(|_| ());
            if let Some(v) =
                boxes::number(ui, spec.dt as f64, (&row, "dt", finger), check, &refused)
            {
                commands.push(ModeCommand::EditMotion(MotionField::Dt, v).into());
            }
            ui.end_row();
        });
    if let Some(why) = refused.into_inner() {
        commands.push(AppCommand::Message(format!("Motion: {why}"), true).into());
    }
}

/// One row of the motion's fields: a box's velocity (`turn` false) or its angular velocity.
fn motion_row<D: Dim>(
    ui: &mut Ui,
    spec: &MotionSpec,
    (which, turn): (Which, bool),
    finger: bool,
    refused: &RefCell<Option<String>>,
    commands: &mut Vec<Command>,
) {
    const XYZ: [&str; 3] = ["x", "y", "z"];
    let three = D::MODE == Mode::Three;
    let m = motion::box_motion(spec, which);
    let color = if which == Which::A {
        theme::A
    } else {
        theme::B
    };
    let (label, hint, cols, values) = match (turn, three) {
        (false, _) => (
            "velocity",
            "units per second; or drag the arrow's knob at the box's centre",
            if three { 0..3 } else { 0..2 },
            m.velocity,
        ),
        (true, true) => (
            "turn",
            "angular velocity, rad/s, world axes",
            0..3,
            m.angular_velocity,
        ),
        (true, false) => (
            "turn",
            "turn about z, rad/s (counter-clockwise)",
            2..3,
            m.angular_velocity,
        ),
    };
    ui.label(RichText::new(format!("{which} {label}")).color(color.egui()))
        .on_hover_text(hint);
    for k in cols {
        let field = if turn {
            MotionField::Turn(which, k)
        } else {
            MotionField::Velocity(which, k)
        };
        let name = if turn && !three { "ω" } else { XYZ[k] };
        let row = EditorRow {
            label,
            hint,
            values: vec![],
            speed: if turn { 0.05 } else { 0.1 },
            suffix: "",
            decimals: 2,
            min: f64::NEG_INFINITY,
        };
        ui.label(name);
        let check = |x: f64| motion::edit_motion(spec, field, x).map(|_| ());
        if let Some(v) = boxes::number(ui, values[k] as f64, (&row, name, finger), check, refused) {
            commands.push(ModeCommand::EditMotion(field, v).into());
        }
    }
    ui.end_row();
}

/// The time slider, 0..dt. It shows the time to four decimals but keeps it exact: egui's own
/// rounding (`fixed_decimals`) would round the value it is given every frame and report that as a
/// change, moving the boxes off the time of impact.
fn slider<D: Dim>(ui: &mut Ui, frame: &MotionFrame<D>, commands: &mut Vec<Command>) {
    let mut t = frame.time;
    ui.horizontal(|ui| {
        ui.label("t")
            .on_hover_text("the boxes are shown, tested and reported at this time");
        let s = egui::Slider::new(&mut t, 0.0..=frame.spec.dt)
            .custom_formatter(|t, _| motion::time_text(t))
            .suffix(" s");
        let slider = ui.add(s);
        if slider.changed() && t != frame.time {
            commands.push(ModeCommand::SetTime(t).into());
        } else if let Some(f) = clicked_along(ui, &slider) {
            commands.push(ModeCommand::SetTime(f * frame.spec.dt).into());
        }
        if ui.button("0").on_hover_text("back to the start").clicked() {
            commands.push(ModeCommand::SetTime(0.0).into());
        }
        if ui
            .button("dt")
            .on_hover_text("to the end of the step")
            .clicked()
        {
            commands.push(ModeCommand::SetTime(frame.spec.dt).into());
        }
    });
}

/// What the sweep or advancement decides, and its details.
fn decision<D: Dim>(ui: &mut Ui, frame: &MotionFrame<D>, commands: &mut Vec<Command>) {
    let dt = frame.spec.dt as f64;
    let label = |k: usize| axis_label::<D>(k);
    let method = match frame.toi.as_ref().map(|t| t.method) {
        _ if frame.sweep.is_some() => ToiMethod::AxisIntervals,
        _ => ToiMethod::ConservativeAdvancement,
    };
    let words = match (&frame.sweep, &frame.toi) {
        (Some(sweep), _) => motion::sweep_words(sweep, dt, &label),
        (None, Some(toi)) => format!(
            "time of impact t = {} (conservative advancement)",
            motion::time_text(toi.t)
        ),
        (None, None) => "no impact in this step (conservative advancement reached dt)".into(),
    };
    let color = if frame.toi.is_some() {
        theme::HIT
    } else {
        theme::FIRST_SEPARATING
    };
    ui.label(RichText::new(words).color(color.egui()).strong());
    dim(ui, format!("method: {}", method.name().replace('_', " ")));
    // the row is there with or without an impact, so that the panel below stays where it is
    ui.horizontal(|ui| {
        let go = ui
            .add_enabled(frame.toi.is_some(), egui::Button::new("Go to impact"))
            .on_hover_text("the boxes at the time of impact: the contact is shown as usual");
        match &frame.toi {
            Some(toi) => {
                if go.clicked() {
                    commands.push(ModeCommand::SetTime(toi.t as f32).into());
                }
                let points = toi.manifold.as_ref().map_or(0, |m| m.points().len());
                dim(ui, format!("{points} contact point(s) there"));
            }
            None => dim(ui, "no impact to go to"),
        }
    });
    if let Some(sweep) = &frame.sweep {
        let deciding = frame.toi.as_ref().and_then(|t| t.axis);
        intervals::<D>(ui, sweep, deciding, dt);
    }
    if let Some(run) = &frame.advancement {
        steps(ui, frame, run, commands);
    }
}

/// One line per axis: its interval of time clipped to the step, a time bar, whether it decides.
fn intervals<D: Dim>(
    ui: &mut Ui,
    sweep: &crate::sat::motion::Sweep,
    deciding: Option<usize>,
    dt: f64,
) {
    egui::CollapsingHeader::new("When each axis's shadows overlap")
        .id_salt("motion-intervals")
        .default_open(D::MODE == Mode::Two)
        .show(ui, |ui| {
            dim(ui, "the boxes touch when every axis overlaps: at the latest entry, if before the earliest exit");
            for i in &sweep.intervals {
                let deciding = deciding == Some(i.index);
                let color = if deciding { theme::LEAST.egui() } else { theme::TEXT.egui() };
                ui.horizontal(|ui| {
                    time_bar(ui, motion::clip(i, dt), dt, deciding);
                    let mark = if deciding { "  ◀ decides" } else { "" };
                    let text = format!("{:<16} {}{mark}", axis_label::<D>(i.index), motion::interval_words(i, dt));
                    ui.label(RichText::new(text).monospace().color(color));
                });
            }
        });
}

/// A bar over `[0, dt]` with the axis's overlap filled.
fn time_bar(ui: &mut Ui, span: Option<(f64, f64)>, dt: f64, deciding: bool) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(70.0, 12.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_rgb(30, 32, 40));
    if let Some((lo, hi)) = span {
        let x = |t: f64| rect.left() + (t / dt) as f32 * rect.width();
        let fill = if deciding {
            theme::LEAST
        } else {
            theme::OVERLAP
        };
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x(lo), rect.top() + 2.0),
                egui::pos2(x(hi).max(x(lo) + 1.5), rect.bottom() - 2.0),
            ),
            0.0,
            fill.egui(),
        );
    }
}

/// Conservative advancement's steps, each a button to show the boxes at its time.
fn steps<D: Dim>(
    ui: &mut Ui,
    frame: &MotionFrame<D>,
    run: &crate::sat::motion::Advancement,
    commands: &mut Vec<Command>,
) {
    let current = frame.current_step();
    ui.horizontal(|ui| {
        ui.label(format!("{} steps", run.steps.len()));
        let go = |k: usize| ModeCommand::SetTime(run.steps[k].t.min(frame.spec.dt as f64) as f32);
        if ui.button("◀ step").clicked() {
            if let Some(k) = current.and_then(|k| k.checked_sub(1)) {
                commands.push(go(k).into());
            }
        }
        if ui.button("step ▶").clicked() {
            let k = current.map_or(0, |k| k + 1);
            if k < run.steps.len() {
                commands.push(go(k).into());
            }
        }
    });
    dim(ui, "each step: the distance d, the fastest approach along the closest points' direction, time advances by d / bound");
    egui::ScrollArea::vertical()
        .id_salt("motion-steps")
        .max_height(160.0)
        .show(ui, |ui| {
            for (k, s) in run.steps.iter().enumerate() {
                let text = format!(
                    "{k:>3}  t {}  d {}  bound {}  advance {}",
                    numbers::fixed(s.t, 5),
                    numbers::fixed(s.distance, 5),
                    numbers::fixed(s.bound, 3),
                    motion::time_text(s.advance)
                );
                let chosen = current == Some(k);
                let color = if chosen {
                    theme::LEAST.egui()
                } else {
                    theme::TEXT.egui()
                };
                if ui
                    .selectable_label(chosen, RichText::new(text).monospace().color(color))
                    .clicked()
                {
                    commands
                        .push(ModeCommand::SetTime(s.t.min(frame.spec.dt as f64) as f32).into());
                }
            }
        });
}
