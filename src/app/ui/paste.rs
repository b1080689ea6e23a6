//! The Paste from engine window: the user picks the engine, pastes the numbers as that engine
//! prints them, sees the two boxes read from them (or why they cannot be read) and applies them to
//! the mode shown. The reading is `crate::scene::paste`; this view only shows it.

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, WindowLayout};
use crate::app::command::{AppCommand, Command, OpenCommand};
use crate::app::dim::Dim;
use crate::app::theme;
use crate::scene::boxes::NotedPair;
use crate::scene::paste::{flat_boxes, paste, Engine};
use crate::scene::{Pair, SceneError};
use crate::scene::{PairBox, PairQuestion};

/// The window's state.
#[derive(Clone, Debug)]
pub(crate) struct PasteWindow {
    /// Shown.
    pub open: bool,
    /// The engine whose conventions read the numbers.
    pub engine: Engine,
    /// What the user pasted.
    pub text: String,
    /// The text field takes the keyboard in the next pass.
    pub focus: bool,
}

impl Default for PasteWindow {
    fn default() -> Self {
        Self {
            open: false,
            engine: Engine::Unity,
            text: String::new(),
            focus: false,
        }
    }
}

/// The two boxes as one line each.
fn describe(pair: &Pair) -> [String; 2] {
    struct Describe;
    impl PairQuestion for Describe {
        type Answer = [String; 2];
        fn ask<B: PairBox>(self, a: &B, b: &B) -> [String; 2] {
            [a.describe(), b.describe()]
        }
    }
    pair.ask(Describe)
}

/// The Paste from engine window, for the mode `D` shown: it opens at the bottom left of the
/// scene, clear of the verdict banner (top left) and the colour key (top right).
pub(crate) fn window<D: Dim>(
    ctx: &egui::Context,
    layout: &WindowLayout,
    w: &mut PasteWindow,
    commands: &mut Vec<Command>,
) {
    if !w.open {
        return;
    }
    let mut open = true;
    egui::Window::new(format!("Paste from engine ({})", D::MODE))
        .open(&mut open)
        .collapsible(false)
        .pivot(egui::Align2::LEFT_BOTTOM)
        .default_pos(layout.scene.left_bottom() + egui::vec2(12.0, -12.0))
        .default_width(560.0)
        .show(ctx, |ui| {
            egui::ComboBox::from_label("engine")
                .selected_text(w.engine.name())
                .show_ui(ui, |ui| {
                    for e in Engine::ALL {
                        ui.selectable_value(&mut w.engine, e, e.name());
                    }
                });
            dim(ui, w.engine.statement());
            let Some(order) = w.engine.number_order(D::MODE) else {
                let no = format!("{} has no {} boxes", w.engine.name(), D::MODE);
                ui.label(RichText::new(no).color(theme::HIT.egui()));
                return;
            };
            ui.label(format!(
                "Box A's numbers, then box B's, each in this order: {order}"
            ));
            let hint = w.engine.example(D::MODE).unwrap_or_default();
            let field = ui.add(
                egui::TextEdit::multiline(&mut w.text)
                    .code_editor()
                    .desired_rows(6)
                    .desired_width(f32::INFINITY)
                    .hint_text(hint),
            );
            if std::mem::take(&mut w.focus) {
                field.request_focus();
            }
            if w.text.trim().is_empty() {
                dim(
                    ui,
                    "paste the two boxes' numbers above (the grey text is an example)",
                );
                return;
            }
            if let Some(c) = preview(ui, w.engine, D::MODE, &w.text) {
                commands.push(c);
            }
        });
    w.open &= open;
}

/// The boxes read from the text, or why not, and the button that applies them.
fn preview(ui: &mut Ui, engine: Engine, mode: crate::scene::Mode, text: &str) -> Option<Command> {
    let read: Result<NotedPair, SceneError> = paste(engine, mode, text);
    match read {
        Ok(noted) => {
            let [a, b] = describe(&noted.pair);
            ui.label(RichText::new(format!("A: {a}")).color(theme::A.egui()));
            ui.label(RichText::new(format!("B: {b}")).color(theme::B.egui()));
            for n in &noted.notes {
                ui.label(RichText::new(n.to_string()).color(theme::TOUCHING.egui()));
            }
            let flat = flat_boxes(&noted.pair);
            for f in &flat {
                ui.label(RichText::new(f).color(theme::HIT.egui()).strong());
            }
            let apply = if flat.is_empty() {
                "Apply these boxes"
            } else {
                "Apply these boxes, flat as they are"
            };
            ui.button(apply).clicked().then(|| {
                Command::from(AppCommand::Open(OpenCommand::Pasted {
                    description: format!("pasted from {}", engine.name()),
                    pair: noted.pair,
                    radii: noted.radii,
                }))
            })
        }
        Err(e) => {
            ui.label(RichText::new(e.to_string()).color(theme::HIT.egui()));
            None
        }
    }
}
