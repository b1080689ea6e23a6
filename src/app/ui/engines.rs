//! The Engines section: every engine's answer for the pair on screen, one row each (its verdict,
//! depth, normal, number of points, distance and time per query), red only for a real
//! disagreement with its size; a difference by design is a grey line with its reason; an engine
//! not built in is listed with the command that builds it. Clicking a row draws that engine's
//! points and normal in the scene beside satbox's.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{AppCommand, Command};
use crate::app::dim::{Dim, Vector};
use crate::app::frame::EngineRow;
use crate::app::settings::Settings;
use crate::app::theme;
use crate::engines::Reply;
use crate::sat::fmt_num;

/// The section, collapsed at first unless an engine disagrees.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let rows = &model.frame.engines;
    let wrong: Vec<&EngineRow> = rows
        .iter()
        .filter(|r| !r.disagreements().is_empty())
        .collect();
    let answered = rows.iter().filter(|r| r.answer().is_some()).count();
    let title = match wrong.len() {
        0 => format!("Engines: {answered} answer, none disagrees"),
        1 => format!("Engines: {} disagrees", wrong[0].title()),
        n => format!("Engines: {n} disagree"),
    };
    let color = if wrong.is_empty() {
        theme::TEXT
    } else {
        theme::HIT
    };
    let picked = model.settings.engine.is_some();
    let shown = egui::CollapsingHeader::new(RichText::new(title).strong().color(color.egui()))
        .id_salt("engines")
        .default_open(!wrong.is_empty() || picked)
        .show(ui, |ui| {
            dim(
                ui,
                "each engine's own answer for this pair, beside satbox's; click a row to draw its points in the scene",
            );
            table(ui, rows, model.settings, D::Vec::DIM, commands);
            for row in rows {
                details(ui, row);
            }
        });
    // an engine picked at start (--engine) brings the section into view once
    let scrolled = egui::Id::new("engines-in-view");
    if picked
        && !ui
            .ctx()
            .data(|d| d.get_temp::<bool>(scrolled).unwrap_or(false))
    {
        shown.header_response.scroll_to_me(Some(egui::Align::Min));
        ui.ctx().data_mut(|d| d.insert_temp(scrolled, true));
    }
}

/// One row per engine: verdict, depth, normal, points, distance, time.
fn table(
    ui: &mut Ui,
    rows: &[EngineRow],
    settings: &Settings,
    dims: usize,
    commands: &mut Vec<Command>,
) {
    egui::Grid::new("engines-table")
        .num_columns(7)
        .spacing([10.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for head in [
                "engine", "verdict", "depth", "normal", "points", "distance", "µs",
            ] {
                dim(ui, head);
            }
            ui.end_row();
            for row in rows {
                let shown = settings.engine == Some(row.name) && row.also.is_none();
                let wrong = !row.disagreements().is_empty();
                let color = if wrong { theme::HIT } else { theme::TEXT };
                let name = RichText::new(row.title()).color(color.egui()).strong();
                // another algorithm's row is a label: a click draws the engine's main answer
                if row.also.is_some() {
                    ui.label(name);
                } else if ui.selectable_label(shown, name).clicked() {
                    let engine = (!shown).then_some(row.name);
                    commands.push(
                        AppCommand::Settings(Settings {
                            engine,
                            ..*settings
                        })
                        .into(),
                    );
                }
                match (&row.reply, row.answer()) {
                    (_, Some(a)) => {
                        let verdict = if a.intersect {
                            "intersecting"
                        } else {
                            "separated"
                        };
                        ui.label(RichText::new(verdict).color(color.egui()));
                        ui.label(a.depth.map_or("–".into(), fmt_num));
                        ui.label(
                            a.normal
                                .map_or("–".into(), |n| vector(&n.to_array()[..dims])),
                        );
                        let above = a.points.iter().filter(|p| p.separation > 0.0).count();
                        ui.label(match above {
                            0 => a.points.len().to_string(),
                            n => format!("{} +{n} above", a.points.len() - n),
                        });
                        ui.label(a.distance.map_or("–".into(), fmt_num));
                        ui.label(row.micros.map_or("–".into(), |m| format!("{m:.1}")));
                    }
                    (Reply::NotAsked(_), None) => {
                        dim(ui, "not asked");
                    }
                    (Reply::Missing(_), None) => {
                        dim(ui, "not built in");
                    }
                    (Reply::Answered(_), None) => unreachable!("an answered row has its answer"),
                }
                ui.end_row();
            }
        });
}

/// What follows a row: its disagreements in red with their sizes, its differences by design,
/// why it was not asked, or the command that builds it in.
fn details(ui: &mut Ui, row: &EngineRow) {
    let name = row.title();
    match &row.reply {
        Reply::NotAsked(why) => dim(ui, format!("{name}: not asked ({why})")),
        Reply::Missing(how) => dim(ui, format!("{name}: not built in · {how}")),
        Reply::Answered(_) => {
            for d in row.disagreements() {
                let text = format!("{name}: {}", d.description);
                ui.label(RichText::new(text).color(theme::HIT.egui()));
            }
            for why in row.comparison.iter().flat_map(|c| &c.by_design) {
                dim(ui, format!("{name} differs by design: {why}"));
            }
            if let (Some(about), None) = (&row.about, row.also) {
                let settings: Vec<String> = about
                    .settings
                    .iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect();
                dim(
                    ui,
                    format!("{name} {}: {}", about.version, settings.join(" · ")),
                );
            }
        }
    }
}

fn vector(v: &[f32]) -> String {
    let parts: Vec<String> = v.iter().map(|x| fmt_num(*x)).collect();
    format!("({})", parts.join(", "))
}
