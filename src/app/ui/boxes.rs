//! The box editors (one generic editor over [`Dim::editor_rows`]) and the gizmo, snapping and view
//! controls.
//!
//! A number field commits on Enter or when it loses focus, never on each keystroke: typing
//! `11.2659` is one edit (one undo step), and a refused value (`1e30`, `-5` for a half extent,
//! `nan`) is never applied, not even on the way. Clicking into a field shows the stored value in
//! full (the shortest text that reads back as the same `f32`), selected.

use std::cell::RefCell;

use egui_macroquad::egui::{self, text, RichText, TextEdit, Ui};

use super::{dim, PanelModel};
use crate::app::command::{AppCommand, Command, ModeCommand};
use crate::app::dim::{Dim, EditorRow, Field, Reset};
use crate::app::gizmo::{GizmoMode, GizmoSpace};
use crate::app::numbers;
use crate::app::settings::Settings;
use crate::app::theme::{self, Rgba};
use crate::app::view::{AxisFilter, Overlays};
use crate::sat::{Which, MAX_COORDINATE};
use crate::scene::Mode;

/// Reads a typed number: `−` is a minus sign, spaces are ignored. NaN and infinities are refused.
pub(crate) fn parse_number(text: &str) -> Result<f64, String> {
    let cleaned = text.trim().replace('−', "-");
    match cleaned.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!("{:?} is not a finite number", text.trim())),
        Err(_) => Err(format!("{:?} is not a number", text.trim())),
    }
}

/// The text a field shows while it is edited: the shortest that reads back as the same `f32`
/// (zero is `0`, never `-0`).
fn full_text(v: f64) -> String {
    let v = v as f32;
    if v == 0.0 {
        "0".into()
    } else {
        format!("{v}")
    }
}

/// One number of a box. `check` is the same validation the edit command applies; a value it
/// refuses is reported through `refused` and not applied. Returns the committed value, if any.
/// Under a `finger` the field is [`finger_number`]'s.
pub(crate) fn number(
    ui: &mut Ui,
    value: f64,
    (row, name, finger): (&EditorRow, &str, bool),
    check: impl Fn(f64) -> Result<(), String>,
    refused: &RefCell<Option<String>>,
) -> Option<f64> {
    if finger {
        return finger_number(ui, value, row).filter(|v| match check(*v) {
            Ok(()) => true,
            Err(why) => {
                *refused.borrow_mut() = Some(why);
                false
            }
        });
    }
    let id = ui.next_auto_id();
    let editing = ui.memory(|m| m.has_focus(id));
    let decimals = row.decimals;
    let mut v = value;
    let response = ui.add(
        egui::DragValue::new(&mut v)
            .speed(row.speed)
            .suffix(row.suffix)
            .range(row.min.max(-(MAX_COORDINATE as f64))..=MAX_COORDINATE as f64)
            .update_while_editing(false)
            .custom_formatter(move |x, _| {
                if editing {
                    full_text(x)
                } else {
                    numbers::fixed(x, decimals)
                }
            })
            .custom_parser(|text| {
                // a number that does not read is named by its field, as a refused value is
                let read = parse_number(text).map_err(|why| format!("{} {name}: {why}", row.label));
                match read.and_then(|x| check(x).map(|_| x)) {
                    Ok(x) => Some(x),
                    Err(why) => {
                        *refused.borrow_mut() = Some(why);
                        None
                    }
                }
            }),
    );
    if response.clicked() {
        // the field opens on the full value: select all of it, not just the short display
        let mut state = TextEdit::load_state(ui.ctx(), response.id).unwrap_or_default();
        let len = full_text(value).chars().count();
        state.cursor.set_char_range(Some(text::CCursorRange::two(
            text::CCursor::default(),
            text::CCursor::new(len),
        )));
        state.store(ui.ctx(), response.id);
    }
    (response.changed() && v != value).then_some(v)
}

/// How far a finger moves on a number field before its drag is known to be a change (across)
/// or a scroll (up or down), in points.
const FINGER_AXIS_POINTS: f32 = 6.0;

/// One number of a box under a finger: a drag across changes it as a mouse's drag does, a drag up
/// or down scrolls the panel instead (a swipe over the fields must not change the boxes), and a
/// tap does nothing, since a browser gives a canvas no on-screen keyboard to type with.
fn finger_number(ui: &mut Ui, value: f64, row: &EditorRow) -> Option<f64> {
    let text = format!("{}{}", numbers::fixed(value, row.decimals), row.suffix);
    let response = ui.add(egui::Button::new(text).sense(egui::Sense::drag()));
    let id = response.id.with("finger-axis");
    // the frame a finger lands, egui's drag is its jump from where the last one lifted: skipped
    if response.drag_started() {
        ui.data_mut(|d| d.remove::<(egui::Vec2, Option<bool>)>(id));
        return None;
    }
    if !response.dragged() {
        return None;
    }
    let delta = response.drag_delta();
    let (moved, across) = ui
        .data(|d| d.get_temp::<(egui::Vec2, Option<bool>)>(id))
        .unwrap_or_default();
    let moved = moved + delta;
    let across = across
        .or_else(|| (moved.length() > FINGER_AXIS_POINTS).then_some(moved.x.abs() > moved.y.abs()));
    ui.data_mut(|d| d.insert_temp(id, (moved, across)));
    match across {
        Some(true) => {
            let lowest = row.min.max(-(MAX_COORDINATE as f64));
            let v = (value + delta.x as f64 * row.speed).clamp(lowest, MAX_COORDINATE as f64);
            (v != value).then_some(v)
        }
        Some(false) => {
            ui.scroll_with_delta(egui::vec2(0.0, delta.y));
            None
        }
        None => None,
    }
}

/// Both boxes' editors.
pub(crate) fn editors<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    for (which, color) in [(Which::A, theme::A), (Which::B, theme::B)] {
        editor::<D>(ui, model, which, color, commands);
    }
}

fn editor<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    which: Which,
    color: Rgba,
    commands: &mut Vec<Command>,
) {
    let obb = model.mode.get(which);
    let selected = model.mode.selected_box == Some(which);
    let title = format!("Box {which}{}", if selected { "  (selected)" } else { "" });
    let refused = RefCell::new(None);
    egui::CollapsingHeader::new(RichText::new(title).color(color.egui()).strong())
        .id_salt(("box", which.to_string()))
        .default_open(true)
        .show(ui, |ui| {
            let rows = D::editor_rows(obb);
            let cols = rows.iter().map(|r| r.values.len()).max().unwrap_or(1);
            ui.spacing_mut().interact_size.x = 44.0;
            egui::Grid::new(("box-grid", which.to_string()))
                .num_columns(1 + 2 * cols)
                .spacing([4.0, 4.0])
                .min_col_width(8.0)
                .show(ui, |ui| {
                    for (r, row) in rows.iter().enumerate() {
                        ui.label(row.label).on_hover_text(row.hint);
                        for (c, (name, value)) in row.values.iter().enumerate() {
                            ui.label(*name);
                            let field = Field { row: r, col: c };
                            let check = |x: f64| D::edit(obb, field, x).map(|_| ());
                            let place = (row, *name, model.settings.touch);
                            if let Some(v) = number(ui, *value, place, check, &refused) {
                                commands.push(Command::from(ModeCommand::Edit {
                                    which,
                                    field,
                                    value: v,
                                }));
                            }
                        }
                        ui.end_row();
                    }
                    radius_row(ui, model, which, &refused, commands);
                });
            ui.horizontal(|ui| {
                let turn = if D::MODE == Mode::Three {
                    "Reset rotation"
                } else {
                    "Reset angle"
                };
                for (label, part) in [
                    (turn, Reset::Turn),
                    ("Reset size", Reset::Size),
                    ("Reset position", Reset::Position),
                ] {
                    if ui.button(label).clicked() {
                        commands.push(ModeCommand::ResetBox(which, part).into());
                    }
                }
            });
        });
    if let Some(why) = refused.into_inner() {
        commands.push(AppCommand::Message(format!("Box {which}: {why}"), true).into());
    }
}

/// The box's convex radius, in the editor's grid: 0 is a sharp box, more grows the box shown
/// and answered from its core by that much in every direction.
fn radius_row<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    which: Which,
    refused: &RefCell<Option<String>>,
    commands: &mut Vec<Command>,
) {
    let row = EditorRow {
        label: "radius",
        hint: "convex radius: the box is its core (the numbers above) grown by this in every \
               direction, as Jolt's mConvexRadius and Box2D's and Box3D's hull radius; 0 is a \
               sharp box",
        values: vec![(
            "r",
            f64::from(model.mode.radii[usize::from(which == Which::B)]),
        )],
        speed: 0.005,
        suffix: "",
        decimals: 3,
        min: 0.0,
    };
    ui.label(row.label).on_hover_text(row.hint);
    ui.label(row.values[0].0);
    let check = |x: f64| crate::sat::rounded::validate_radius(x as f32).map_err(|e| e.to_string());
    let place = (&row, "r", model.settings.touch);
    if let Some(v) = number(ui, row.values[0].1, place, check, refused) {
        commands.push(ModeCommand::SetRadius(which, v).into());
    }
    ui.end_row();
}

/// Gizmo (3D), snapping and view controls.
pub(crate) fn controls<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let mut settings = *model.settings;
    if D::MODE == Mode::Three {
        ui.horizontal(|ui| {
            ui.label("Gizmo");
            let s = &mut settings;
            ui.selectable_value(&mut s.gizmo_mode, GizmoMode::Translate, "Move (W)");
            ui.selectable_value(&mut s.gizmo_mode, GizmoMode::Rotate, "Rotate (E)");
            ui.separator();
            ui.selectable_value(&mut s.gizmo_space, GizmoSpace::Local, "Local");
            ui.selectable_value(&mut s.gizmo_space, GizmoSpace::World, "World");
            ui.label(RichText::new("(L)").color(theme::TEXT_DIM.egui()));
        });
    }
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut settings.snap, "Snap");
        ui.label("grid");
        ui.add(
            egui::DragValue::new(&mut settings.snap_step)
                .speed(0.01)
                .range(0.01..=10.0),
        );
        dim(ui, "angles 15° · hold Ctrl: grid, Shift: 15°");
        if D::MODE == Mode::Three && settings.gizmo_space == GizmoSpace::Local {
            dim(
                ui,
                "· Local: the grid runs along the box's own axes (World: the world's)",
            );
        }
    });
    let view = model.mode.view;
    let (mut filter, mut overlays) = (view.filter, view.overlays);
    ui.horizontal_wrapped(|ui| {
        ui.label("Show");
        for f in AxisFilter::ALL {
            ui.selectable_value(&mut filter, f, f.label());
        }
    });
    overlay_boxes(ui, &mut overlays, &mut settings);
    if (filter, overlays) != (view.filter, view.overlays) {
        commands.push(ModeCommand::SetView(filter, overlays).into());
    }
    if settings != *model.settings {
        commands.push(AppCommand::Settings(settings).into());
    }
    ui.horizontal(|ui| {
        if ui.button("Reset view (F)").clicked() {
            commands.push(ModeCommand::ResetView.into());
        }
        if D::MODE == Mode::Three {
            let selected = view.selected_axis;
            let resp = ui
                .add_enabled(
                    selected.is_some(),
                    egui::Button::new("Look along selected axis (V)"),
                )
                .on_disabled_hover_text("Select an axis in the table or the scene first");
            if let (true, Some(i)) = (resp.clicked(), selected) {
                commands.push(ModeCommand::LookAlong(Some(i)).into());
            }
        }
    });
}

/// The overlays' check boxes, the colour key and the sphere of directions.
fn overlay_boxes(ui: &mut Ui, o: &mut Overlays, settings: &mut Settings) {
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut o.axes, "axes");
        ui.checkbox(&mut o.labels, "labels");
        ui.checkbox(&mut o.projection_lines, "projection lines");
        ui.checkbox(&mut o.grid, "grid");
        ui.checkbox(&mut o.push_out, "push-out");
        ui.checkbox(&mut o.contact, "contact");
        ui.checkbox(&mut o.distance, "distance").on_hover_text(
            "separated boxes: the closest points and the true distance between them",
        );
        ui.checkbox(&mut settings.legend, "colour key (H)");
        ui.checkbox(&mut settings.sphere, "sphere of directions (D)")
            .on_hover_text(
                "s(n) over every direction: why the candidate axes decide, and what the gap is not",
            );
        ui.checkbox(&mut settings.gjk, "GJK / EPA (G)")
            .on_hover_text(
            "the Minkowski difference A − B, its faces on the candidate axes, and GJK's and EPA's \
             steps beside SAT's answer",
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_nan_infinity_and_words_are_refused_with_a_reason() {
        for text in ["nan", "inf", "-inf", "1e400"] {
            let e = parse_number(text).unwrap_err();
            assert!(e.contains("not a finite number"), "{text}: {e}");
        }
        assert!(parse_number("1e").unwrap_err().contains("not a number"));
        assert_eq!(parse_number(" −2.5 "), Ok(-2.5));
        assert_eq!(parse_number("1e7"), Ok(1e7));
    }

    #[test]
    fn a_field_opens_on_the_shortest_text_of_the_stored_f32() {
        assert_eq!(full_text(1.2f32 as f64), "1.2");
        assert_eq!(full_text(11.2659f32 as f64), "11.2659");
        assert_eq!(full_text(0.1f32 as f64 + 0.0), "0.1");
    }
}
