//! parry beside satbox in the panel: what parry3d / parry2d 0.31 answer for the same pair
//! (`intersection_test`, `contact`'s depth, normal and points, its contact manifold), and every
//! disagreement with satbox in colour with its size. The scene draws parry's answer hollow (the
//! *parry* overlay).

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::dim::Dim;
use crate::app::theme;
use crate::sat::fmt_num;

fn coords(c: &[f32]) -> String {
    let parts: Vec<String> = c.iter().map(|x| fmt_num(*x)).collect();
    format!("({})", parts.join(", "))
}

/// The parry section: red only for a real disagreement (verdict, depth or normal beyond the
/// tolerance, a contact point parry puts where satbox has none); a difference by design is a
/// neutral line with its reason.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let beside = &model.frame.parry;
    let n = beside.disagreements.len();
    let (title, color) = match (n, beside.by_design.is_empty()) {
        (0, true) => ("parry beside satbox: agrees".to_string(), theme::TEXT),
        (0, false) => (
            "parry beside satbox: agrees (differs by design)".to_string(),
            theme::TEXT,
        ),
        (1, _) => (
            "parry beside satbox: 1 disagreement".to_string(),
            theme::HIT,
        ),
        (n, _) => (
            format!("parry beside satbox: {n} disagreements"),
            theme::HIT,
        ),
    };
    egui::CollapsingHeader::new(RichText::new(title).strong().color(color.egui()))
        .id_salt("parry")
        .default_open(n > 0)
        .show(ui, |ui| {
            answer(ui, model);
            for d in &beside.disagreements {
                ui.label(RichText::new(d.describe()).color(theme::HIT.egui()));
                if let Some(cause) = d.known_cause() {
                    ui.label(
                        RichText::new(format!("Known: {cause}.")).color(theme::TOUCHING.egui()),
                    );
                }
            }
            for why in &beside.by_design {
                dim(ui, format!("differs by design: {why}"));
            }
            if n == 0 {
                let ok = "✔ the verdict, the depth, the normal and the contact points agree";
                ui.label(RichText::new(ok).color(theme::FIRST_SEPARATING.egui()));
            }
            dim(
                ui,
                "The parry overlay (Show, below) draws this answer hollow in the scene.",
            );
        });
}

/// parry's numbers, one row each.
fn answer<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let a = &model.frame.parry.answer;
    let yes_no = |b: bool| if b { "intersecting" } else { "separated" };
    egui::Grid::new("parry-answer")
        .num_columns(2)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            dim(ui, "intersection_test");
            ui.label(yes_no(a.intersect));
            ui.end_row();
            dim(ui, "contact depth");
            ui.label(a.contact.as_ref().map_or("–".into(), |c| fmt_num(c.depth)));
            ui.end_row();
            if let Some(c) = &a.contact {
                dim(ui, "normal, A to B");
                ui.label(coords(&c.normal));
                ui.end_row();
                dim(ui, "points on A, B");
                ui.label(format!("{} {}", coords(&c.point_a), coords(&c.point_b)));
                ui.end_row();
            }
            dim(ui, "manifold");
            match &a.manifold {
                Some(m) => ui.label(format!(
                    "{} point{}, normal {}",
                    m.points.len(),
                    if m.points.len() == 1 { "" } else { "s" },
                    coords(&m.normal)
                )),
                None => ui.label("none"),
            };
            ui.end_row();
            for (k, q) in a.manifold.iter().flat_map(|m| m.points.iter()).enumerate() {
                dim(ui, format!("  {}", k + 1));
                ui.label(format!(
                    "{} sep {} · A {} × B {}",
                    coords(&q.point),
                    fmt_num(q.separation),
                    q.feature_a,
                    q.feature_b
                ));
                ui.end_row();
            }
        });
}
