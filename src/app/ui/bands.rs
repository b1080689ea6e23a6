//! The Engine bands section: pick an engine (Box2D, Box3D, Jolt, PhysX, MuJoCo) and its
//! tolerance bands are drawn on the axis in focus and on each contact point; the verdict says
//! what that engine makes of the pair. Its three numbers start at the engine's defaults, each
//! with its source, and can be edited.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{Command, ModeCommand};
use crate::app::dim::Dim;
use crate::app::theme::{self, Rgba};
use crate::sat::bands::{Bands, Fate, Profile};

/// The colour of a fate, in the scene and the panel.
pub(crate) fn fate_color(fate: Fate) -> Rgba {
    match fate {
        Fate::NotMade => theme::TEXT_DIM,
        Fate::Speculative => theme::SPECULATIVE,
        Fate::WithinSlop => theme::TOUCHING,
        Fate::Pushed => theme::HIT,
    }
}

/// A fate in the panel's words.
fn fate_words(fate: Fate) -> &'static str {
    match fate {
        Fate::NotMade => "not made",
        Fate::Speculative => "speculative",
        Fate::WithinSlop => "within slop",
        Fate::Pushed => "pushed",
    }
}

/// The section, open while an engine is picked.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let chosen = model.mode.view.profile;
    let title = match chosen {
        Some(b) => format!("Engine bands: {}", b.profile.title()),
        None => "Engine bands: none".to_string(),
    };
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt("bands")
        .default_open(chosen.is_some())
        .show(ui, |ui| {
            let mut picked = chosen.map(|b| b.profile);
            egui::ComboBox::from_id_salt("bands-profile")
                .selected_text(picked.map_or("none", Profile::title))
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut picked, None, "none");
                    for p in Profile::ALL {
                        ui.selectable_value(&mut picked, Some(p), p.title());
                    }
                })
                .response
                .on_hover_text("the engine whose contact bands are drawn and judged");
            if picked != chosen.map(|b| b.profile) {
                commands.push(ModeCommand::SetProfile(picked.map(Profile::defaults)).into());
                return;
            }
            let Some(bands) = chosen else {
                dim(
                    ui,
                    "Pick an engine to see where it makes, keeps and pushes on contacts: \
                     its speculative band and its slop on the axis in focus, and each \
                     contact point's fate.",
                );
                return;
            };
            edit_bands(ui, bands, commands);
            dim(ui, format!("defaults: {}", bands.profile.source()));
            if let Some(f) = &model.frame.bands {
                let color = fate_color(bands.fate(f.separation));
                ui.label(RichText::new(&f.sentence).color(color.egui()));
                if !f.points.is_empty() {
                    let words: Vec<String> = [
                        Fate::Pushed,
                        Fate::WithinSlop,
                        Fate::Speculative,
                        Fate::NotMade,
                    ]
                    .into_iter()
                    .filter_map(|fate| {
                        let n = f.points.iter().filter(|&&p| p == fate).count();
                        (n > 0).then(|| format!("{n} {}", fate_words(fate)))
                    })
                    .collect();
                    dim(ui, format!("contact points: {}", words.join(", ")));
                }
            }
        });
}

/// The three numbers, each a drag field, and a button back to the defaults.
fn edit_bands(ui: &mut Ui, bands: Bands, commands: &mut Vec<Command>) {
    let mut edited = bands;
    egui::Grid::new("bands-grid")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for (label, hint, value) in [
                (
                    "detect",
                    "contacts are made while the surfaces are less than this apart",
                    &mut edited.detect,
                ),
                (
                    "active",
                    "below this a contact pushes; between it and detect it is speculative",
                    &mut edited.active,
                ),
                (
                    "slop",
                    "an overlap below active by no more than this is left uncorrected",
                    &mut edited.slop,
                ),
            ] {
                ui.label(label).on_hover_text(hint);
                ui.add(
                    egui::DragValue::new(value)
                        .speed(0.001)
                        .range(-10.0..=10.0)
                        .max_decimals(4),
                );
                ui.end_row();
            }
        });
    if edited != bands && edited.validate().is_ok() {
        commands.push(ModeCommand::SetProfile(Some(edited)).into());
    } else if let Err(why) = edited.validate() {
        ui.label(RichText::new(why.to_string()).color(theme::HIT.egui()));
    }
    if bands != bands.profile.defaults() && ui.button("Back to the defaults").clicked() {
        commands.push(ModeCommand::SetProfile(Some(bands.profile.defaults())).into());
    }
}
