//! The Engines section: every engine's answer for the pair on screen, one row each (its verdict,
//! depth, normal, number of points, distance and time per query), red only for a real
//! disagreement with its size; a difference by design is a grey line with its reason; an engine
//! not built in is listed with the command that builds it. Clicking a row draws that engine's
//! points and normal in the scene beside satbox's; on the desktop, its menu (right-click) has
//! *Export repro…*, which writes the engine's own repro of the pair ([`crate::engines::repro`]) and
//! says where. Each engine was asked about the boxes as given
//! (with their radii) and compared with satbox's answer by the one comparison
//! ([`crate::engines::ask`]).

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{AppCommand, Command};
use crate::app::dim::{Dim, Vector};
use crate::app::numbers;
use crate::app::settings::Settings;
use crate::app::theme;
use crate::engines::ask::Asked;
use crate::engines::compare::Comparison;
use crate::engines::{About, EngineAnswer, EngineId, Reply};
use crate::sat::fmt_num;

/// One row of the table: an engine's main answer, or one of its other algorithms'.
struct Row<'a> {
    engine: EngineId,
    /// `None` for the main answer, else the other algorithm's title (`"GJK/EPA"`).
    also: Option<&'static str>,
    about: Option<&'a About>,
    reply: RowReply<'a>,
    comparison: Option<&'a Comparison>,
    micros: Option<f32>,
}

impl Row<'_> {
    fn title(&self) -> String {
        match self.also {
            None => self.engine.title().to_string(),
            Some(also) => format!("{} {also}", self.engine.title()),
        }
    }

    fn wrong(&self) -> bool {
        self.comparison.is_some_and(|c| !c.disagreements.is_empty())
    }
}

/// What a row shows of the engine's reply.
enum RowReply<'a> {
    /// Its answer.
    Answer(&'a EngineAnswer),
    /// No answer: why (not asked, not built in, failed).
    Not(&'a Reply),
    /// An external engine asked whose reply has not come yet.
    Asking,
}

/// Every row: each engine's main answer, followed by its other algorithms' answers.
fn rows<'a>(asked: &'a [Asked], asking: &[EngineId]) -> Vec<Row<'a>> {
    let mut rows = Vec::new();
    for a in asked {
        rows.push(Row {
            engine: a.engine,
            also: None,
            about: a.about.as_ref(),
            reply: a.answer().map_or(RowReply::Not(&a.reply), RowReply::Answer),
            comparison: a.comparison.as_ref(),
            micros: a.micros,
        });
        rows.extend(a.also.iter().map(|x| Row {
            engine: a.engine,
            also: Some(x.title),
            about: Some(&x.about),
            reply: RowReply::Answer(&x.answer),
            comparison: Some(&x.comparison),
            micros: a.micros,
        }));
    }
    rows.extend(asking.iter().map(|&engine| Row {
        engine,
        also: None,
        about: None,
        reply: RowReply::Asking,
        comparison: None,
        micros: None,
    }));
    // in the engines' order, whichever answered first (a stable sort keeps each engine's own
    // rows together)
    let order = EngineId::all();
    rows.sort_by_key(|r| order.iter().position(|e| *e == r.engine));
    rows
}

/// The section's title: how many engines answer and which disagree (and how many are still
/// asked).
pub(crate) fn title(asked: &[Asked], asking: usize) -> String {
    let answered = asked.iter().filter(|a| a.answer().is_some()).count();
    let wrong: Vec<&Asked> = asked.iter().filter(|a| a.disagrees()).collect();
    let failed = asked
        .iter()
        .filter(|a| matches!(a.reply, Reply::Failed { .. }))
        .count();
    // "1 engine answers", "2 engines answer": each count with its noun, the verb agreeing
    let engines = |n: usize| if n == 1 { "engine" } else { "engines" };
    let mut title = match wrong.len() {
        0 => format!(
            "Engines: {answered} {} {}; none disagrees",
            engines(answered),
            if answered == 1 { "answers" } else { "answer" }
        ),
        1 => format!("Engines: {} disagrees", wrong[0].engine.title()),
        n => format!("Engines: {n} engines disagree"),
    };
    if failed > 0 {
        title += &format!("; {failed} {} failed", engines(failed));
    }
    if asking > 0 {
        title += &format!("; asking {asking} {}…", engines(asking));
    }
    title
}

/// The section, collapsed at first unless an engine disagrees.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let asked = &model.frame.engines;
    let asking = &model.frame.asking;
    let wrong = asked
        .iter()
        .any(|a| a.disagrees() || matches!(a.reply, Reply::Failed { .. }));
    let color = if wrong { theme::HIT } else { theme::TEXT };
    let picked = model.settings.engine.is_some();
    let shown = egui::CollapsingHeader::new(
        RichText::new(title(asked, asking.len()))
            .strong()
            .color(color.egui()),
    )
    .id_salt("engines")
    .default_open(wrong || picked)
    .show(ui, |ui| {
        let words = if model.frame.answer.cores.is_some() {
            "each engine's own answer for these rounded boxes, beside satbox's; an engine without rounded boxes is not asked; click a row to draw its points in the scene"
        } else {
            "each engine's own answer for this pair, beside satbox's; click a row to draw its points in the scene"
        };
        // (the browser build writes no repros)
        let export = if cfg!(target_arch = "wasm32") {
            ""
        } else {
            "; right-click it for Export repro… (the pair as the engine's own program)"
        };
        dim(ui, format!("{words}{export}"));
        let rows = rows(asked, asking);
        table(ui, &rows, model.settings, D::Vec::DIM, commands);
        for row in &rows {
            details(ui, row);
        }
    });
    // an engine picked at start (--engine) brings the section's title to the top, on its first
    // frames only: the grids above it size themselves on their first frame and move it after
    const FRAMES_TO_SETTLE: u8 = 3;
    let scrolled = egui::Id::new("engines-in-view");
    let frames = ui.ctx().data(|d| d.get_temp::<u8>(scrolled).unwrap_or(0));
    if picked && frames < FRAMES_TO_SETTLE {
        shown.header_response.scroll_to_me(Some(egui::Align::Min));
        ui.ctx().data_mut(|d| d.insert_temp(scrolled, frames + 1));
    }
}

/// One row per answer: verdict, depth, normal, points, distance, time; each column as wide as
/// its widest number, so that nothing prints over its neighbour.
fn table(ui: &mut Ui, rows: &[Row], settings: &Settings, dims: usize, commands: &mut Vec<Command>) {
    egui::Grid::new("engines-table")
        .num_columns(7)
        .spacing([12.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for head in [
                "engine", "verdict", "depth", "normal", "points", "distance", "time",
            ] {
                dim(ui, head);
            }
            ui.end_row();
            for row in rows {
                let shown = settings.engine == Some(row.engine) && row.also.is_none();
                let color = if row.wrong() { theme::HIT } else { theme::TEXT };
                let name = RichText::new(row.title()).color(color.egui()).strong();
                // another algorithm's row is a label: a click draws the engine's main answer
                let first = if row.also.is_some() {
                    ui.label(name)
                } else {
                    ui.selectable_label(shown, name)
                };
                // the desktop writes an engine's repro from its row's menu (right-click)
                #[cfg(not(target_arch = "wasm32"))]
                if row.also.is_none() && matches!(row.reply, RowReply::Answer(_)) {
                    first.context_menu(|ui| {
                        if ui.button("Export repro…").clicked() {
                            use crate::app::command::SceneCommand::ExportRepro;
                            commands.push(ExportRepro(row.engine).into());
                            ui.close_menu();
                        }
                    });
                }
                let mut cells = vec![first.rect];
                if row.also.is_none() && first.clicked() {
                    let engine = (!shown).then_some(row.engine);
                    commands.push(
                        AppCommand::Settings(Settings {
                            engine,
                            ..*settings
                        })
                        .into(),
                    );
                }
                match row.reply {
                    RowReply::Answer(a) => {
                        let verdict = if a.intersect {
                            "intersecting"
                        } else {
                            "separated"
                        };
                        cells.push(ui.label(RichText::new(verdict).color(color.egui())).rect);
                        cells.push(mono(ui, a.depth.map_or("–".into(), fmt_num)));
                        cells.push(mono(
                            ui,
                            a.normal
                                .map_or("–".into(), |n| vector(&n.to_array()[..dims])),
                        ));
                        let above = a.points.iter().filter(|p| p.separation > 0.0).count();
                        let points = ui.label(match above {
                            0 => a.points.len().to_string(),
                            n => format!("{} +{n} above", a.points.len() - n),
                        });
                        cells.push(points.rect);
                        cells.push(mono(ui, a.distance.map_or("–".into(), fmt_num)));
                        cells.push(mono(ui, row.micros.map_or("–".into(), time)));
                    }
                    RowReply::Asking => {
                        dim(ui, "asking…");
                    }
                    RowReply::Not(Reply::NotAsked(_)) => {
                        dim(ui, "not asked");
                    }
                    RowReply::Not(Reply::Missing(_)) => {
                        dim(ui, "not built in");
                    }
                    RowReply::Not(Reply::Failed { .. }) => {
                        ui.label(RichText::new("failed").color(theme::HIT.egui()));
                    }
                    RowReply::Not(Reply::Answered(_)) => {
                        unreachable!("an answered row has its answer")
                    }
                }
                ui.end_row();
                super::settle_row(ui, &cells);
            }
        });
}

/// How long an engine took, in the unit that reads best: `45.2 µs`, `12.3 ms`, `1.16 s` (an
/// external engine's first answer includes starting its process).
fn time(micros: f32) -> String {
    if micros < 1e3 {
        format!("{micros:.1} µs")
    } else if micros < 1e6 {
        format!("{:.1} ms", micros / 1e3)
    } else {
        format!("{:.2} s", micros / 1e6)
    }
}

/// A number in the table, in the monospace font: its column is as wide as its widest text.
/// Returns where it was placed.
fn mono(ui: &mut Ui, text: String) -> egui::Rect {
    ui.label(RichText::new(text).monospace()).rect
}

/// What follows a row: its disagreements in red with their sizes, its differences by design,
/// why it was not asked, or the command that builds it in.
fn details(ui: &mut Ui, row: &Row) {
    let name = row.title();
    match row.reply {
        RowReply::Asking => dim(ui, format!("{name}: asking…")),
        RowReply::Not(Reply::NotAsked(why)) => dim(ui, format!("{name}: not asked ({why})")),
        RowReply::Not(Reply::Missing(how)) => dim(ui, format!("{name}: not built in · {how}")),
        RowReply::Not(Reply::Failed { why, stderr }) => {
            ui.label(RichText::new(format!("{name} failed: {why}")).color(theme::HIT.egui()));
            if !stderr.is_empty() {
                dim(ui, format!("its standard error:\n{stderr}"));
            }
        }
        RowReply::Not(Reply::Answered(_)) => {}
        RowReply::Answer(answer) => {
            for d in row.comparison.iter().flat_map(|c| &c.disagreements) {
                let text = format!("{name}: {}", d.description);
                ui.label(RichText::new(text).color(theme::HIT.egui()));
                if let Some(known) = d.known {
                    dim(ui, format!("known: {known}"));
                }
            }
            for why in row.comparison.iter().flat_map(|c| &c.by_design) {
                dim(ui, format!("{name} differs by design: {why}"));
            }
            if let (Some(about), None) = (row.about, row.also) {
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
            if !answer.extra.is_empty() {
                let extra = serde_json::Value::Object(answer.extra.clone());
                dim(ui, format!("{name} also says: {extra}"));
            }
        }
    }
}

/// A unit normal to three decimals (a number that rounds to zero is written 0): short enough
/// that the column holds it.
fn vector(v: &[f32]) -> String {
    numbers::coords(v, |x| numbers::trimmed(x, 3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::compare::{Finding, Kind};
    use crate::engines::EngineName;

    /// An engine asked, with `reply`; disagreeing when `disagrees`.
    fn asked(engine: EngineName, reply: Reply, disagrees: bool) -> Asked {
        let comparison = matches!(reply, Reply::Answered(_)).then(|| Comparison {
            disagreements: if disagrees {
                vec![Finding {
                    kind: Kind::Verdict,
                    size: 1.0,
                    description: "the verdict differs".into(),
                    known: None,
                }]
            } else {
                Vec::new()
            },
            by_design: Vec::new(),
        });
        Asked {
            engine: engine.into(),
            about: None,
            reply,
            comparison,
            also: Vec::new(),
            micros: None,
        }
    }

    fn answered(engine: EngineName, disagrees: bool) -> Asked {
        asked(engine, Reply::Answered(Box::default()), disagrees)
    }

    fn failed(engine: EngineName) -> Asked {
        let reply = Reply::Failed {
            why: "it crashed".into(),
            stderr: String::new(),
        };
        asked(engine, reply, false)
    }

    #[test]
    fn the_engines_title_says_engines_after_every_count() {
        use EngineName::*;
        let two = [answered(Parry, false), answered(Bullet, false)];
        assert_eq!(title(&two, 0), "Engines: 2 engines answer; none disagrees");
        let one = [answered(Parry, false)];
        assert_eq!(title(&one, 0), "Engines: 1 engine answers; none disagrees");
        let wrong = [answered(Parry, true), answered(Bullet, true)];
        assert_eq!(title(&wrong, 0), "Engines: 2 engines disagree");
        let some_failed = [answered(Parry, false), failed(Ode), failed(Bullet)];
        assert_eq!(
            title(&some_failed, 1),
            "Engines: 1 engine answers; none disagrees; 2 engines failed; asking 1 engine…"
        );
        assert_eq!(
            title(&[failed(Ode)], 3),
            "Engines: 0 engines answer; none disagrees; 1 engine failed; asking 3 engines…"
        );
    }

    #[test]
    fn a_normal_is_three_decimals_and_never_a_negative_zero() {
        assert_eq!(vector(&[0.0, 1.0, -4.3e-8]), "(0, 1, 0)");
        assert_eq!(vector(&[-0.6, 0.8]), "(-0.6, 0.8)");
    }
}
