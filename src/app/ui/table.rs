//! The table of every candidate axis, in test order, with a number line of both shadows. A click
//! anywhere in a row selects its axis (clicking it again keeps it selected: Esc clears the
//! selection); a double click also looks along it (3D). Text in the table is not selectable, so a
//! double click never selects a cell's text.

use egui_macroquad::egui::{self, Color32, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{Command, ModeCommand};
use crate::app::dim::Dim;
use crate::app::theme;
use crate::sat::Report;
use crate::sat::{fmt_num, AxisTest};
use crate::scene::Mode;

/// A number line with both shadows: A above, B below, the overlap in red.
fn strip<V>(ui: &mut Ui, t: &AxisTest<V>, width: f32) -> egui::Rect {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 16.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let lo = t.interval_a().min.min(t.interval_b().min);
    let hi = t.interval_a().max.max(t.interval_b().max);
    let span = (hi - lo).max(1e-6);
    let x = |s: f32| rect.left() + 4.0 + (s - lo) / span * (rect.width() - 8.0);
    painter.rect_filled(rect, 2.0, Color32::from_rgb(30, 32, 40));
    let (top, mid, bottom) = (rect.top() + 4.0, rect.center().y, rect.bottom() - 4.0);
    let ov_lo = t.interval_a().min.max(t.interval_b().min);
    let ov_hi = t.interval_a().max.min(t.interval_b().max);
    if ov_lo <= ov_hi {
        painter.rect_filled(
            egui::Rect::from_min_max(
                egui::pos2(x(ov_lo), rect.top() + 1.0),
                egui::pos2(x(ov_hi).max(x(ov_lo) + 1.0), rect.bottom() - 1.0),
            ),
            0.0,
            theme::OVERLAP.egui(),
        );
    }
    let seg = |a: f32, b: f32, y: f32, w: f32, c: Color32| {
        painter.line_segment(
            [egui::pos2(x(a), y), egui::pos2(x(b), y)],
            egui::Stroke::new(w, c),
        );
    };
    seg(
        t.interval_a().min,
        t.interval_a().max,
        top,
        4.0,
        theme::A.egui(),
    );
    seg(
        t.interval_b().min,
        t.interval_b().max,
        bottom,
        4.0,
        theme::B.egui(),
    );
    let centres = (t.interval_a().center(), t.interval_b().center());
    seg(centres.0, centres.1, mid, 1.0, theme::TEXT_DIM.egui());
    rect
}

/// The word and colour of an axis's row.
fn verdict<V>(
    t: &AxisTest<V>,
    tested: bool,
    first: Option<usize>,
    least: Option<usize>,
) -> (Color32, &'static str) {
    if !tested {
        (theme::UNTESTED.egui(), "not yet")
    } else if t.degenerate() {
        (theme::TEXT_DIM.egui(), "parallel")
    } else if first == Some(t.index()) {
        (theme::FIRST_SEPARATING.egui(), "FIRST")
    } else if t.is_separating() {
        (theme::FIRST_SEPARATING.egui(), "gap")
    } else if least == Some(t.index()) {
        (theme::LEAST.egui(), "least")
    } else {
        (Color32::from_rgb(200, 200, 205), "overlap")
    }
}

/// The table. Returns the axis of the row under the pointer.
pub(crate) fn axis_table<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    commands: &mut Vec<Command>,
) -> Option<usize> {
    ui.label(RichText::new("Candidate axes, in test order").strong());
    dim(
        ui,
        "gap = |T·L| − (ra + rb): > 0 separates · click a row to select it (Esc clears)",
    );
    let [a, b] = model.frame.answer.radii;
    if a > 0.0 || b > 0.0 {
        dim(
            ui,
            format!(
                "rounded boxes: each shadow is its core's grown by its box's radius (A {}, B {})",
                fmt_num(a),
                fmt_num(b)
            ),
        );
    }
    // each candidate as it tests the boxes as given: its shadows grown by the radii
    let axes: Vec<_> = (0..model.frame.report.axes().len())
        .filter_map(|k| model.frame.axis(k))
        .collect();
    let (first, least) = model.frame.first_and_least();
    let view = &model.mode.view;
    let mut hovered = None;
    // the shadows' strip takes the width the panel has left (measured on the last frame); a
    // narrow panel leaves out ra, rb and |T·L| (a row's hover shows them)
    let avail = ui.available_width();
    let compact = avail < COMPACT_BELOW;
    let width_id = ui.id().with("axis-table-strip");
    let strip_w = ui.data(|d| d.get_temp::<f32>(width_id)).unwrap_or(96.0);
    ui.scope(|ui| {
        ui.style_mut().interaction.selectable_labels = false;
        let grid = egui::Grid::new("axis-table")
            .striped(true)
            .spacing([7.0, 3.0])
            .show(ui, |ui| {
                let all = [
                    "#", "axis", "ra", "rb", "|T·L|", "gap", "verdict", "shadows",
                ];
                for h in all
                    .into_iter()
                    .filter(|h| !compact || !matches!(*h, "ra" | "rb" | "|T·L|"))
                {
                    ui.label(RichText::new(h).strong());
                }
                ui.end_row();
                for t in &axes {
                    let (color, word) = verdict(t, model.mode.step.tested(t.index()), first, least);
                    let selected = view.selected_axis == Some(t.index());
                    let lit = if selected {
                        Some(theme::ROW_HIGHLIGHT)
                    } else {
                        (model.frame.hovered_axis == Some(t.index())).then_some(theme::ROW_HOVER)
                    };
                    // the row's background goes under its cells, painted once their extent is known
                    let background = ui.painter().add(egui::Shape::Noop);
                    let row = row(ui, t, (color, word), strip_w, compact);
                    if let Some(c) = lit {
                        let fill = egui::Shape::rect_filled(row, 2.0, c.egui());
                        ui.painter().set(background, fill);
                    }
                    let resp = ui
                        .interact(
                            row,
                            ui.id().with(("axis-row", t.index())),
                            egui::Sense::click(),
                        )
                        .on_hover_text(row_hint(t));
                    if resp.hovered() {
                        hovered = Some(t.index());
                    }
                    if resp.clicked() && !selected {
                        commands.push(ModeCommand::SelectAxis(Some(t.index())).into());
                    }
                    if resp.double_clicked() && D::MODE == Mode::Three && !t.degenerate() {
                        commands.push(ModeCommand::LookAlong(Some(t.index())).into());
                    }
                }
            });
        let next = (strip_w + avail - grid.response.rect.width()).clamp(40.0, 130.0);
        if (next - strip_w).abs() > 0.5 {
            ui.data_mut(|d| d.insert_temp(width_id, next));
            ui.ctx().request_repaint();
        }
    });
    hovered
}

/// Below this width (points) the table leaves out the ra, rb and |T·L| columns.
const COMPACT_BELOW: f32 = 470.0;

/// A row's hover: its numbers and what its contact would be.
fn row_hint<V>(t: &AxisTest<V>) -> String {
    let numbers = if t.degenerate() {
        "parallel edges: a degenerate axis, never separating".to_string()
    } else {
        format!(
            "ra {} · rb {} · |T·L| {} · gap {}",
            fmt_num(t.ra()),
            fmt_num(t.rb()),
            fmt_num(t.distance()),
            fmt_num(t.gap())
        )
    };
    format!(
        "axis {} ({}): {numbers}\nwhen it is the least penetration, the contact is a {}",
        t.index(),
        t.kind().label(),
        t.kind().feature_pair()
    )
}

/// One row's cells (without ra, rb and |T·L| when `compact`); returns the rectangle they cover.
fn row<V>(
    ui: &mut Ui,
    t: &AxisTest<V>,
    (color, word): (Color32, &str),
    strip_w: f32,
    compact: bool,
) -> egui::Rect {
    let txt = |s: String| RichText::new(s).monospace().color(color);
    let mut cells = vec![
        ui.label(txt(t.index().to_string())).rect,
        ui.label(txt(t.kind().label())).rect,
    ];
    let numbers = if compact {
        vec![t.gap()]
    } else {
        vec![t.ra(), t.rb(), t.distance(), t.gap()]
    };
    for v in numbers {
        let s = if t.degenerate() {
            "–".into()
        } else {
            fmt_num(v)
        };
        cells.push(ui.label(txt(s)).rect);
    }
    cells.push(ui.label(txt(word.to_string())).rect);
    cells.push(if t.degenerate() {
        ui.label("").rect
    } else {
        strip(ui, t, strip_w)
    });
    ui.end_row();
    super::settle_row(ui, &cells);
    cells
        .into_iter()
        .reduce(|a, b| a.union(b))
        .unwrap_or(egui::Rect::NOTHING)
        .expand2(egui::vec2(4.0, 1.0))
}
