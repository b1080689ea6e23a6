//! The contact manifold in the panel: how the axis was chosen (the strict minimum and, when the
//! face bias moved it, both and why), the points with their separations and feature pairs, the
//! f64 reference's verdict on them, and the speculative margin.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{Command, ModeCommand};
use crate::app::dim::{Dim, Vector};
use crate::app::numbers;
use crate::app::theme;
use crate::sat::fmt_num;
use crate::sat::reference::ManifoldAgreement;
use crate::sat::Report;

/// The Contact manifold section.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let trace = &model.frame.contact;
    let title = match &trace.manifold {
        Some(m) => format!(
            "Contact manifold: {} point{}",
            m.len(),
            if m.len() == 1 { "" } else { "s" }
        ),
        None => "Contact manifold: none".to_string(),
    };
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt("contact")
        .default_open(true)
        .show(ui, |ui| {
            match (&trace.manifold, &trace.choice) {
                (Some(m), Some(choice)) => {
                    let kind = m.kind().name().replace('_', " ");
                    ui.label(format!(
                        "{kind} contact, normal from A to B ({})",
                        coords(m.normal)
                    ));
                    let mut text = choice.explain();
                    // the answer's axis of least penetration, when the manifold's own gaps
                    // (measured in A's frame) put another axis first within rounding
                    let least = model.frame.answer.axis;
                    // (a forced feature says so itself)
                    let auto = choice.forced == crate::sat::manifold::FeatureChoice::Auto;
                    let other = least.filter(|&k| k != choice.chosen && auto);
                    if let (None, Some(k)) = (choice.bias, other) {
                        let label = model.frame.report.axes()[k].kind().label();
                        text = format!(
                            "{text} (tied within rounding with the report's axis of least \
                             penetration, axis {k}, {label})"
                        );
                    }
                    let color = if choice.bias.is_some() {
                        theme::TOUCHING
                    } else {
                        theme::TEXT_DIM
                    };
                    ui.label(RichText::new(text).color(color.egui()));
                    points(ui, model);
                }
                _ => dim(ui, trace.caption(crate::sat::manifold::Stage::Separated)),
            }
            reference_check(ui, &model.frame.contact_check);
            feature(ui, model, commands);
            margin(ui, model, commands);
        });
}

/// The coordinates of a point or normal to four decimals, without their parentheses.
fn coords<V: Vector>(v: V) -> String {
    let text = numbers::coords(&v.coords(), |x| numbers::fixed(x, 4));
    text[1..text.len() - 1].to_string()
}

/// The points: how deep, where, and (on a line of its own, so that it wraps in a narrow panel)
/// which features meet there.
fn points<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let Some(m) = &model.frame.contact.manifold else {
        return;
    };
    for (k, p) in m.points().iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("{}", k + 1)).strong());
            ui.label(RichText::new(format!("sep {}", fmt_num(p.separation))).monospace());
            ui.label(RichText::new(format!("at ({})", coords(p.point))).monospace());
        });
        ui.indent(("contact-point", k), |ui| {
            ui.label(RichText::new(p.id.name()).color(theme::TEXT_DIM.egui()))
                .on_hover_text(format!("id {} (hover the point in the scene)", p.id.key()));
        });
    }
}

/// The f64 reference manifold's verdict on this one.
fn reference_check(ui: &mut Ui, check: &ManifoldAgreement) {
    let (text, color) = match check {
        ManifoldAgreement::Agree => ("✔ the f64 reference builds the same points".to_string(), theme::FIRST_SEPARATING),
        ManifoldAgreement::NearTie => (
            "the f64 reference was within rounding of another choice: a difference here is rounding".to_string(),
            theme::TEXT_DIM,
        ),
        ManifoldAgreement::Disagree(what) => (format!("⚠ DISAGREEMENT with the f64 reference: {what}"), theme::HIT),
    };
    ui.label(RichText::new(text).color(color.egui()));
}

/// Force the feature (Box3D's Hull vs Hull sample: auto, face A, face B, edge pair): one row per
/// choice with what it would give (its axis, gap, points and the deepest one's separation), the
/// one in use selected; a click builds the manifold on that feature. Each number has a column of
/// its own, as wide as its widest number.
fn feature<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let current = model.mode.view.manifold.feature;
    ui.label(RichText::new("Build the points on").strong())
        .on_hover_text(
            "auto is satbox's choice (the axis of least penetration, with the face preference); \
             the others force a face of A, a face of B or an edge pair (kept with the scene; \
             check reads it from the view, or --feature)",
        );
    let mono = |ui: &mut Ui, text: String| ui.label(RichText::new(text).monospace()).rect;
    egui::Grid::new("feature-choices")
        .num_columns(5)
        .spacing([10.0, 3.0])
        .striped(true)
        .show(ui, |ui| {
            for head in ["", "axis", "gap", "points", "deepest"] {
                dim(ui, head);
            }
            ui.end_row();
            for (choice, m) in &model.frame.alternatives {
                let picked = ui.selectable_label(*choice == current, choice.label());
                if picked.clicked() && *choice != current {
                    let params = model.mode.view.manifold.with_feature(*choice);
                    commands.push(ModeCommand::SetManifold(params).into());
                }
                let mut cells = vec![picked.rect];
                match m {
                    Some(m) => {
                        let axis = format!("{} ({})", m.choice.chosen, m.kind().label());
                        cells.push(mono(ui, axis));
                        cells.push(mono(ui, fmt_num(m.choice.gap)));
                        cells.push(mono(ui, m.len().to_string()));
                        let deepest = m.deepest().map_or(0.0, |p| p.separation);
                        cells.push(mono(ui, fmt_num(deepest)));
                    }
                    None => {
                        let none = RichText::new("no contact").color(theme::TEXT_DIM.egui());
                        cells.push(ui.label(none).rect);
                    }
                }
                ui.end_row();
                super::settle_row(ui, &cells);
            }
        });
}

/// The speculative margin: pairs separated by less still get points, with positive separation.
fn margin<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let mut params = model.mode.view.manifold;
    ui.horizontal(|ui| {
        ui.label("speculative margin");
        ui.add(
            egui::DragValue::new(&mut params.margin)
                .speed(0.001)
                .range(0.0..=10.0),
        )
        .on_hover_text(
            "boxes separated by at most this still get contact points (kept with the scene)",
        );
    });
    if params != model.mode.view.manifold {
        commands.push(ModeCommand::SetManifold(params).into());
    }
}

/// The edge bias in the parallel-edge lab: how much an edge axis must beat the best face axis.
pub(crate) fn edge_bias<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let mut params = model.mode.view.manifold;
    ui.horizontal_wrapped(|ui| {
        ui.label("contact: an edge axis wins only if its gap beats the best face's by");
        ui.add(
            egui::DragValue::new(&mut params.edge_relative)
                .speed(0.001)
                .range(0.0..=1.0),
        )
        .on_hover_text("relative part (ODE's dBoxBox: 0.05)");
        ui.label("× |face gap| +");
        ui.add(
            egui::DragValue::new(&mut params.edge_absolute)
                .speed(0.0001)
                .range(0.0..=1.0),
        )
        .on_hover_text("absolute part, in length units (Box3D: 0.1 × linear slop = 0.0005)");
        if ui
            .small_button("strict")
            .on_hover_text("no bias: the axis of least penetration")
            .clicked()
        {
            params = crate::sat::ManifoldParams {
                margin: params.margin,
                ..crate::sat::ManifoldParams::strict()
            };
        }
        if ui.small_button("engine default").clicked() {
            params = crate::sat::ManifoldParams {
                margin: params.margin,
                ..Default::default()
            };
        }
    });
    if params != model.mode.view.manifold {
        commands.push(ModeCommand::SetManifold(params).into());
    }
}
