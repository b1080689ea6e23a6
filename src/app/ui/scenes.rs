//! Panel views of the scene library: the Scene section (title with the modified mark, the file
//! buttons, undo and redo, presets, the user's scenes) and the Open, Save as and Copy as test
//! windows. They read [`crate::app::library::Library`] and send commands; the library does the
//! reading and writing.

use std::path::PathBuf;

use egui_macroquad::egui::{self, RichText, Ui};

use super::{dim, PanelModel};
use crate::app::command::{AppCommand, Command, ModeCommand, OpenCommand, SceneCommand};
use crate::app::dim::Dim;
use crate::app::library::{resolve_save_path, scenes_dir};
use crate::app::{platform, theme};

/// The Open window.
#[derive(Clone, Debug, Default)]
pub(crate) struct OpenWindow {
    /// Shown.
    pub open: bool,
    /// What the user typed.
    pub path: String,
    /// The path field takes the keyboard in the next pass (set when the window is shown, so
    /// that typing goes into it and not to the scene's keys).
    pub focus: bool,
}

/// The Save as window, with a confirmation before replacing a file.
#[derive(Clone, Debug, Default)]
pub(crate) struct SaveAsWindow {
    /// Shown.
    pub open: bool,
    /// What the user typed.
    pub path: String,
    /// The scene's one-line description.
    pub description: String,
    /// The existing file the user was asked about.
    pub confirm_replace: Option<PathBuf>,
    /// The path field takes the keyboard in the next pass.
    pub focus: bool,
}

/// The windows' state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Windows {
    /// Open.
    pub open: OpenWindow,
    /// Save as.
    pub save_as: SaveAsWindow,
    /// The generated test, while its window is shown.
    pub copy_test: Option<String>,
}

/// The Scene section at the top of the panel.
pub(crate) fn section<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let source = &model.mode.source;
    let mark = if model.modified { "  • modified" } else { "" };
    let title = format!("Scene: {}{mark}", source.title());
    egui::CollapsingHeader::new(RichText::new(title).strong())
        .id_salt("scene-section")
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal_wrapped(|ui| buttons(ui, model, commands));
            presets(ui, model, commands);
            if !platform::WEB {
                user_scenes(ui, model, commands);
            }
            // the description last, under the lists: a click on a preset changes it, and the
            // open presets list above it stays where it is, under the pointer
            if !source.description.is_empty() {
                let text = if model.modified {
                    format!("{} (before your edits)", source.description)
                } else {
                    source.description.clone()
                };
                dim(ui, text);
            }
        });
}

fn buttons<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let mut button = |ui: &mut Ui, enabled: bool, text: &str, hint: &str, c: Command| {
        if ui
            .add_enabled(enabled, egui::Button::new(text))
            .on_hover_text(hint)
            .clicked()
        {
            commands.push(c);
        }
    };
    button(ui, true, "Open…", "Ctrl+O", AppCommand::ShowOpen.into());
    button(ui, true, "Save", "Ctrl+S", SceneCommand::Save.into());
    button(
        ui,
        true,
        "Save as…",
        "Ctrl+Shift+S",
        SceneCommand::ShowSaveAs.into(),
    );
    ui.separator();
    button(
        ui,
        model.can_undo,
        "Undo",
        "Ctrl+Z",
        ModeCommand::Undo.into(),
    );
    button(
        ui,
        model.can_redo,
        "Redo",
        "Ctrl+Shift+Z",
        ModeCommand::Redo.into(),
    );
    ui.separator();
    let hint = "A Rust #[test] and a `satbox check` line for these boxes, on the clipboard";
    button(
        ui,
        true,
        "Copy as test",
        hint,
        SceneCommand::CopyAsTest.into(),
    );
    let hint = "A link that opens these boxes in satbox (the browser, or satbox --scene-url)";
    button(ui, true, "Copy link", hint, SceneCommand::CopyLink.into());
    let hint = "Boxes as Unity, Godot, Jolt, parry, MuJoCo, bepu or Box2D/Box3D print them";
    button(
        ui,
        true,
        "Paste from engine…",
        hint,
        AppCommand::ShowPaste.into(),
    );
}

fn presets<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let lib = model.library;
    egui::CollapsingHeader::new(format!("Presets ({})", lib.presets.len()))
        .id_salt("scene-presets")
        .default_open(false)
        .show(ui, |ui| {
            for p in &lib.presets {
                let current = p.scene.mode == D::MODE
                    && model.mode.source.preset.as_deref() == Some(p.name.as_str());
                let row = ui.horizontal_wrapped(|ui| {
                    let _ = ui.selectable_label(current, &p.name);
                    dim(ui, &p.scene.description);
                });
                // the whole row opens it, the description too (a finger aims at the words)
                let id = ui.id().with(("preset-row", &p.name));
                let click = ui.interact(row.response.rect, id, egui::Sense::click());
                if click.hovered() {
                    ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
                }
                if click.clicked() {
                    commands.push(AppCommand::Open(OpenCommand::Preset(p.name.clone())).into());
                }
            }
        });
}

fn user_scenes<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, commands: &mut Vec<Command>) {
    let lib = model.library;
    let folder = lib
        .data
        .as_deref()
        .map(|d| scenes_dir(d).display().to_string())
        .unwrap_or_else(|| "no user folder".into());
    egui::CollapsingHeader::new(format!("My scenes ({})", lib.user_scenes.len()))
        .id_salt("scene-user")
        .default_open(false)
        .show(ui, |ui| {
            ui.label(
                RichText::new(&folder)
                    .color(theme::TEXT_DIM.egui())
                    .monospace(),
            );
            if lib.user_scenes.is_empty() {
                dim(ui, "none yet: Save as… puts them here");
            }
            for s in &lib.user_scenes {
                let name = s
                    .path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                ui.horizontal_wrapped(|ui| match &s.summary {
                    Ok((mode, description)) => {
                        if ui.button(&name).clicked() {
                            commands
                                .push(AppCommand::Open(OpenCommand::File(s.path.clone())).into());
                        }
                        dim(ui, format!("{mode} · {description}"));
                    }
                    Err(e) => {
                        ui.label(RichText::new(&name).color(theme::HIT.egui()));
                        dim(ui, e);
                    }
                });
            }
        });
}

/// The Open, Save as and Copy as test windows.
pub(crate) fn windows<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    w: &mut Windows,
    commands: &mut Vec<Command>,
) {
    open_window(ctx, model, &mut w.open, commands);
    save_as_window(ctx, model, &mut w.save_as, commands);
    copy_test_window(ctx, &mut w.copy_test);
}

/// Enter pressed in the field that just lost focus.
fn entered(ui: &Ui, resp: &egui::Response) -> bool {
    resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter))
}

fn open_window<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    w: &mut OpenWindow,
    commands: &mut Vec<Command>,
) {
    if !w.open {
        return;
    }
    let mut open = true;
    egui::Window::new("Open scene")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            if platform::WEB {
                browser_open(ui, commands);
            } else {
                path_open(ui, model, w, commands);
            }
        });
    w.open &= open;
}

/// What each kind of file opens as (as `App::open` and `App::open_recording` read them).
pub(crate) const OPENS_AS: [&str; 2] = [
    "a scene (.json) opens as that scene",
    "a recording or a file of check lines (.jsonl): two or more cases open as a timeline, one \
     frame a line; a single case opens as a new unsaved scene (Save asks where)",
];

/// What each kind of file opens as, one dim line each.
fn opens_as(ui: &mut Ui) {
    for line in OPENS_AS {
        dim(ui, format!("· {line}"));
    }
}

/// Selects all of a text field's text, so that typing replaces it.
pub(crate) fn select_all(ctx: &egui::Context, id: egui::Id, text: &str) {
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    state
        .cursor
        .set_char_range(Some(egui::text::CCursorRange::two(
            egui::text::CCursor::default(),
            egui::text::CCursor::new(text.chars().count()),
        )));
    state.store(ctx, id);
}

/// A one-line path field that takes the keyboard when `focus` is set (once) and selects its
/// whole text whenever it gains the keyboard, so that a new path typed replaces the old one.
fn path_field(ui: &mut Ui, path: &mut String, focus: &mut bool, hint: &str) -> egui::Response {
    let resp = ui.add(
        egui::TextEdit::singleline(path)
            .desired_width(f32::INFINITY)
            .hint_text(hint),
    );
    if std::mem::take(focus) {
        resp.request_focus();
        select_all(ui.ctx(), resp.id, path);
    } else if resp.gained_focus() {
        select_all(ui.ctx(), resp.id, path);
    }
    resp
}

/// The browser's Open: its file picker, or a file dropped on the page.
fn browser_open(ui: &mut Ui, commands: &mut Vec<Command>) {
    ui.label("A file to open:");
    opens_as(ui);
    if ui.button("Choose a file…").clicked() {
        commands.push(AppCommand::ChooseFile.into());
    }
    dim(ui, "or drop the file anywhere on the page");
}

/// The desktop's Open: a path, or one of the user's scenes.
fn path_open<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    w: &mut OpenWindow,
    commands: &mut Vec<Command>,
) {
    ui.label("Path of a file to open:");
    opens_as(ui);
    let resp = path_field(ui, &mut w.path, &mut w.focus, "/path/to/scene.json");
    if ui.button("Open").clicked() || entered(ui, &resp) {
        commands.push(AppCommand::Open(OpenCommand::File(PathBuf::from(w.path.trim()))).into());
    }
    ui.separator();
    ui.label(RichText::new("My scenes").strong());
    if model.library.user_scenes.is_empty() {
        dim(ui, "none yet");
    }
    for s in &model.library.user_scenes {
        let label = match &s.summary {
            Ok((mode, d)) => format!("{} — {mode} {d}", s.path.display()),
            Err(e) => format!("{} — {e}", s.path.display()),
        };
        if ui.selectable_label(false, label).clicked() {
            w.path = s.path.display().to_string();
            commands.push(AppCommand::Open(OpenCommand::File(s.path.clone())).into());
        }
    }
}

fn save_as_window<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    w: &mut SaveAsWindow,
    commands: &mut Vec<Command>,
) {
    if !w.open {
        return;
    }
    // the browser downloads the file: a bare name, resolved against no folder
    let scenes = match platform::WEB {
        true => Some(PathBuf::new()),
        false => model.library.data.as_deref().map(scenes_dir),
    };
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let mut open = true;
    egui::Window::new("Save scene as")
        .open(&mut open)
        .collapsible(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.label(match platform::WEB {
                true => "A file name (the browser downloads it):",
                false => "A name (saved in your scenes folder) or a path:",
            });
            let resp = path_field(ui, &mut w.path, &mut w.focus, "");
            dim(ui, "Description (one line):");
            ui.add(egui::TextEdit::singleline(&mut w.description).desired_width(f32::INFINITY));
            let target = scenes
                .as_deref()
                .and_then(|dir| resolve_save_path(&w.path, dir, home.as_deref()));
            match &target {
                Some(p) => ui.label(
                    RichText::new(format!("will be written to {}", p.display())).monospace(),
                ),
                None => ui.label(RichText::new("type a name").color(theme::TEXT_DIM.egui())),
            };
            let confirming = target.is_some() && w.confirm_replace == target;
            if confirming {
                ui.label(RichText::new("That file exists. Replace it?").color(theme::HIT.egui()));
            }
            let button = if confirming { "Replace" } else { "Save" };
            let go = ui.button(button).clicked() || entered(ui, &resp);
            if let (true, Some(p)) = (go, target) {
                if p.exists() && !confirming {
                    w.confirm_replace = Some(p);
                } else {
                    commands.push(Command::from(SceneCommand::SaveAs {
                        path: p,
                        description: w.description.trim().to_string(),
                    }));
                }
            }
        });
    w.open &= open;
}

fn copy_test_window(ctx: &egui::Context, text: &mut Option<String>) {
    let Some(t) = text.clone() else {
        return;
    };
    let mut open = true;
    egui::Window::new("Copy as test")
        .open(&mut open)
        .default_width(620.0)
        .show(ctx, |ui| {
            ui.label("Copied to the clipboard: paste it into a file under tests/.");
            if ui.button("Copy again").clicked() {
                platform::copy_text(ui.ctx(), t.clone());
            }
            egui::ScrollArea::vertical()
                .max_height(420.0)
                .show(ui, |ui| {
                    ui.add(
                        egui::TextEdit::multiline(&mut t.as_str())
                            .code_editor()
                            .desired_width(f32::INFINITY),
                    );
                });
        });
    if !open {
        *text = None;
    }
}
