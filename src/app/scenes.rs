//! Scenes in the window: the presets compiled into the binary, the user's scene folder, the last
//! state restored on the next start, undo and redo, and the panel views for them (one small struct
//! per view: the scene section, "Open", "Save as" and "Copy as test").
//!
//! The user's folder is [`crate::scene::user_data_dir`] (`$SATBOX_DATA_DIR`, else
//! `$XDG_DATA_HOME/satbox`, else `~/.local/share/satbox`); scenes live in its `scenes/` folder and the last state in
//! `last-state.json` beside it. Every write is atomic ([`write_atomic`]); nothing here ever writes
//! to a file the user saved except "Save" on the scene that was opened from it, or "Save as" after
//! the user confirmed replacing it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use egui_macroquad::egui::{self, RichText, Ui};
use serde::{Deserialize, Serialize};

use super::history::{History, Snapshot};
use super::panel::colors;
use super::state::{AppState, Transient};
use crate::scene::presets::{presets, Preset};
use crate::scene::{write_atomic, Mode, Pair, Scene, SceneError};

/// Where the user's scenes are kept.
pub fn scenes_dir(data: &Path) -> PathBuf {
    data.join("scenes")
}

/// Where the last state is kept.
pub fn last_state_path(data: &Path) -> PathBuf {
    data.join("last-state.json")
}

/// A scene file in the user's folder.
#[derive(Clone, Debug, PartialEq)]
pub struct UserScene {
    /// The file.
    pub path: PathBuf,
    /// Its mode and description, or why it cannot be read.
    pub summary: Result<(Mode, String), String>,
}

/// The `*.json` scenes in `dir`, sorted by name; a missing folder is an empty list.
pub fn list_scenes(dir: &Path) -> Vec<UserScene> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<UserScene> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .map(|path| {
            let summary = Scene::load(&path)
                .map(|(s, _)| (s.mode, s.description))
                .map_err(|e| e.to_string());
            UserScene { path, summary }
        })
        .collect();
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// The path "Save as" writes for what the user typed: a bare name goes into the scenes folder,
/// `.json` is added when there is no extension, `~/` is the home folder.
pub fn resolve_save_path(input: &str, scenes: &Path, home: Option<&Path>) -> Option<PathBuf> {
    let input = input.trim();
    if input.is_empty() || input.ends_with('/') {
        return None;
    }
    let mut path = match (input.strip_prefix("~/"), home) {
        (Some(rest), Some(h)) => h.join(rest),
        _ if !input.contains('/') => scenes.join(input),
        _ => PathBuf::from(input),
    };
    if path.extension().is_none() {
        path.set_extension("json");
    }
    Some(path)
}

/// The scene of one mode of the state: its boxes and view.
pub fn scene_of(state: &AppState, mode: Mode, description: &str) -> Scene {
    let (pair, view) = match mode {
        Mode::Three => (
            // written so that reading the file back gives the same bits
            crate::cli::testcase::canonical(&Pair::Three(state.three.a, state.three.b)),
            &state.three.view,
        ),
        Mode::Two => (Pair::Two(state.two.a, state.two.b), &state.two.view),
    };
    let view = serde_json::to_value(view).unwrap_or_default();
    Scene::new(&pair, description, view)
}

/// Where the scene shown in a mode came from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Source {
    /// The file "Save" writes to; `None` for a preset or a new scene.
    #[serde(default)]
    pub path: Option<PathBuf>,
    /// The preset it was loaded from.
    #[serde(default)]
    pub preset: Option<String>,
    /// Its description.
    #[serde(default)]
    pub description: String,
}

impl Source {
    /// A short name for the panel.
    pub fn title(&self) -> String {
        if let Some(p) = &self.path {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string())
        } else if let Some(p) = &self.preset {
            format!("{p} (preset)")
        } else {
            "unsaved".into()
        }
    }
}

/// Both modes' scenes and which mode was shown: written on exit and after edits, read on start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastState {
    /// The mode shown.
    pub mode: Mode,
    /// The 3D scene.
    pub three: Scene,
    /// The 2D scene.
    pub two: Scene,
    /// Where each came from: `[3D, 2D]`.
    #[serde(default)]
    pub sources: [Source; 2],
}

impl LastState {
    /// The state's scenes.
    pub fn of(state: &AppState, sources: &[Source; 2]) -> Self {
        Self {
            mode: state.mode,
            three: scene_of(state, Mode::Three, &sources[0].description),
            two: scene_of(state, Mode::Two, &sources[1].description),
            sources: sources.clone(),
        }
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Parses and validates both scenes.
    pub fn from_json(text: &str) -> Result<Self, SceneError> {
        let last: LastState =
            serde_json::from_str(text).map_err(|e| SceneError::Json(e.to_string()))?;
        let three = last.three.pair()?;
        let two = last.two.pair()?;
        if three.mode() != Mode::Three || two.mode() != Mode::Two {
            return Err(SceneError::Shape("the 3D and 2D scenes are swapped".into()));
        }
        Ok(last)
    }

    /// Puts both scenes and the mode into a state.
    pub fn apply(&self, state: &mut AppState) {
        for scene in [&self.three, &self.two] {
            if let Ok(pair) = scene.pair() {
                super::apply_scene(state, scene, &pair);
            }
        }
        state.mode = self.mode;
    }
}

fn mode_index(mode: Mode) -> usize {
    match mode {
        Mode::Three => 0,
        Mode::Two => 1,
    }
}

/// The "Open" window: a path field and the user's scenes.
#[derive(Clone, Debug, Default)]
pub struct OpenWindow {
    /// Shown.
    pub open: bool,
    /// What the user typed.
    pub path: String,
}

/// The "Save as" window: a path field, and a confirmation before replacing a file.
#[derive(Clone, Debug, Default)]
pub struct SaveAsWindow {
    /// Shown.
    pub open: bool,
    /// What the user typed.
    pub path: String,
    /// The existing file the user was asked about.
    pub confirm_replace: Option<PathBuf>,
}

/// The "Copy as test" window: the generated test, also put on the clipboard.
#[derive(Clone, Debug, Default)]
pub struct CopyTestWindow {
    /// The text shown, when open.
    pub text: Option<String>,
}

/// What the scene views keep across frames, with the undo history and the last-state writer.
#[derive(Debug)]
pub struct ScenesUi {
    /// Undo and redo.
    pub history: History,
    /// Where each mode's scene came from: `[3D, 2D]`.
    pub sources: [Source; 2],
    /// The per-user folder; `None` when no home folder is known.
    pub data: Option<PathBuf>,
    /// Whether the last state is read and written (not in screenshot mode).
    pub persist: bool,
    presets: Vec<Preset>,
    user_scenes: Vec<UserScene>,
    open: OpenWindow,
    save_as: SaveAsWindow,
    copy_test: CopyTestWindow,
    last_written: Option<String>,
    last_save_at: Instant,
    edit_pending: bool,
    message_at: Option<(Instant, String)>,
}

/// How often the last state is written while something changes.
const AUTOSAVE_EVERY: Duration = Duration::from_secs(2);

impl ScenesUi {
    /// The views, over the state as it is now. `persist`: read and write the last state.
    pub fn new(state: &AppState, persist: bool) -> Self {
        let data = Some(crate::scene::user_data_dir());
        let user_scenes = data
            .as_deref()
            .map(|d| list_scenes(&scenes_dir(d)))
            .unwrap_or_default();
        Self {
            history: History::new(Snapshot::of(state)),
            sources: Default::default(),
            data,
            persist,
            presets: presets(),
            user_scenes,
            open: OpenWindow::default(),
            save_as: SaveAsWindow::default(),
            copy_test: CopyTestWindow::default(),
            last_written: None,
            last_save_at: Instant::now(),
            edit_pending: false,
            message_at: None,
        }
    }

    fn say(&mut self, transient: &mut Transient, text: String, is_error: bool) {
        self.message_at = Some((Instant::now(), text.clone()));
        transient.message = Some((text, is_error));
    }

    /// Restores the last state, if there is one. A file that cannot be read or validated is
    /// reported, moved aside (never deleted) and ignored.
    pub fn restore_last_state(&mut self, state: &mut AppState, transient: &mut Transient) {
        let Some(path) = self.data.as_deref().map(last_state_path) else {
            return;
        };
        if !self.persist || !path.exists() {
            return;
        }
        let read = std::fs::read_to_string(&path)
            .map_err(|e| SceneError::Io(e.to_string()))
            .and_then(|t| LastState::from_json(&t).map(|l| (l, t)));
        match read {
            Ok((last, text)) => {
                last.apply(state);
                self.sources = last.sources.clone();
                self.last_written = Some(text);
            }
            Err(e) => {
                let stamp = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs())
                    .unwrap_or(0);
                let aside = path.with_file_name(format!("last-state.corrupt-{stamp}.json"));
                let kept = std::fs::rename(&path, &aside).is_ok();
                let msg = format!(
                    "the last state {} was not restored: {e}{}",
                    path.display(),
                    if kept {
                        format!(" (kept as {})", aside.display())
                    } else {
                        String::new()
                    }
                );
                self.say(transient, msg, true);
            }
        }
        self.history = History::new(Snapshot::of(state));
    }

    /// The state now shows a scene from `source`: one undo step, and "Save" targets its file.
    fn loaded(&mut self, state: &AppState, mode: Mode, source: Source) {
        self.sources[mode_index(mode)] = source;
        self.history.commit(Snapshot::of(state));
    }

    /// Records that `--scene PATH` was opened at start.
    pub fn opened_at_start(&mut self, state: &AppState, scene: &Scene, path: &Path) {
        self.sources[mode_index(scene.mode)] = Source {
            path: Some(path.to_path_buf()),
            preset: None,
            description: scene.description.clone(),
        };
        self.history = History::new(Snapshot::of(state));
    }

    /// Opens a scene file; a bad file is reported and changes nothing.
    pub fn open_path(&mut self, state: &mut AppState, transient: &mut Transient, path: &Path) {
        match Scene::load(path) {
            Ok((scene, pair)) => {
                super::apply_scene(state, &scene, &pair);
                let source = Source {
                    path: Some(path.to_path_buf()),
                    preset: None,
                    description: scene.description.clone(),
                };
                self.loaded(state, scene.mode, source);
                self.say(transient, format!("opened {}", path.display()), false);
                self.open.open = false;
            }
            Err(e) => self.say(transient, e.to_string(), true),
        }
    }

    fn open_preset(&mut self, state: &mut AppState, transient: &mut Transient, k: usize) {
        let Some(p) = self.presets.get(k).cloned() else {
            return;
        };
        super::apply_scene(state, &p.scene, &p.pair);
        let source = Source {
            path: None,
            preset: Some(p.name.clone()),
            description: p.scene.description.clone(),
        };
        self.loaded(state, p.scene.mode, source);
        self.say(transient, format!("preset {}", p.name), false);
    }

    fn write_scene(&mut self, state: &AppState, transient: &mut Transient, path: &Path) -> bool {
        let i = mode_index(state.mode);
        let scene = scene_of(state, state.mode, &self.sources[i].description);
        match scene.save(path) {
            Ok(()) => {
                self.sources[i].path = Some(path.to_path_buf());
                self.sources[i].preset = None;
                self.say(transient, format!("saved {}", path.display()), false);
                self.refresh();
                true
            }
            Err(e) => {
                self.say(transient, e.to_string(), true);
                false
            }
        }
    }

    /// "Save": to the file the scene came from, else asks for a path.
    pub fn save(&mut self, state: &AppState, transient: &mut Transient) {
        match self.sources[mode_index(state.mode)].path.clone() {
            Some(path) => {
                self.write_scene(state, transient, &path);
            }
            None => self.show_save_as(state),
        }
    }

    fn show_save_as(&mut self, state: &AppState) {
        let src = &self.sources[mode_index(state.mode)];
        let name = src
            .preset
            .clone()
            .or_else(|| {
                src.path
                    .as_ref()
                    .and_then(|p| p.file_stem())
                    .map(|s| s.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| format!("my-{}-scene", state.mode.to_string().to_lowercase()));
        self.save_as = SaveAsWindow {
            open: true,
            path: name,
            confirm_replace: None,
        };
    }

    fn refresh(&mut self) {
        self.user_scenes = self
            .data
            .as_deref()
            .map(|d| list_scenes(&scenes_dir(d)))
            .unwrap_or_default();
    }

    /// Undo one step.
    pub fn undo(&mut self, state: &mut AppState) {
        if let Some(s) = self.history.undo(Snapshot::of(state)) {
            s.restore(state);
        }
    }

    /// Redo one step.
    pub fn redo(&mut self, state: &mut AppState) {
        if let Some(s) = self.history.redo(Snapshot::of(state)) {
            s.restore(state);
        }
    }

    fn copy_as_test(&mut self, state: &AppState) {
        let pair = match state.mode {
            Mode::Three => Pair::Three(state.three.a, state.three.b),
            Mode::Two => Pair::Two(state.two.a, state.two.b),
        };
        let src = &self.sources[mode_index(state.mode)];
        let stem = src
            .preset
            .clone()
            .or_else(|| {
                src.path
                    .as_ref()
                    .and_then(|p| p.file_stem())
                    .map(|s| s.to_string_lossy().into_owned())
            })
            .unwrap_or_else(|| "case".into());
        let name: String = format!("satbox_{stem}")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        let text = crate::cli::testcase::rust_test(&pair, &name);
        macroquad::miniquad::window::clipboard_set(&text);
        self.copy_test.text = Some(text);
    }

    /// Keyboard shortcuts: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+S save, Ctrl+Shift+S
    /// save as, Ctrl+O open. Call only when egui does not want the keyboard.
    pub fn shortcuts(&mut self, state: &mut AppState, transient: &mut Transient) {
        use macroquad::input::{is_key_down, is_key_pressed, KeyCode};
        let ctrl = is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl);
        let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
        if !ctrl {
            return;
        }
        if is_key_pressed(KeyCode::Z) {
            if shift {
                self.redo(state);
            } else {
                self.undo(state);
            }
        }
        if is_key_pressed(KeyCode::Y) {
            self.redo(state);
        }
        if is_key_pressed(KeyCode::S) {
            if shift {
                self.show_save_as(state);
            } else {
                self.save(state, transient);
            }
        }
        if is_key_pressed(KeyCode::O) {
            self.refresh();
            self.open.open = true;
        }
    }

    /// After a frame: records a completed edit as one undo step (a gizmo drag that ended, or a
    /// panel edit once the pointer is released), writes the last state now and then, and clears
    /// old messages.
    pub fn end_frame(
        &mut self,
        state: &AppState,
        transient: &mut Transient,
        drag_ended: bool,
        panel_edited: bool,
        pointer_down: bool,
    ) {
        self.edit_pending |= panel_edited;
        if drag_ended || !pointer_down {
            // also catches edits that announce nothing (keyboard, the 2D view)
            self.history.commit(Snapshot::of(state));
            self.edit_pending = false;
        }
        if self.last_save_at.elapsed() >= AUTOSAVE_EVERY && !pointer_down {
            self.last_save_at = Instant::now();
            self.save_last_state(state, transient);
        }
        if let Some((at, text)) = &self.message_at {
            let current = transient.message.as_ref();
            if current.map(|(m, _)| m) != Some(text) {
                self.message_at = None;
            } else if at.elapsed() > Duration::from_secs(10) {
                transient.message = None;
                self.message_at = None;
            }
        }
    }

    /// Writes the last state if it changed. What is written is read back first: a state that
    /// would not load again is never written.
    pub fn save_last_state(&mut self, state: &AppState, transient: &mut Transient) {
        let (true, Some(data)) = (self.persist, self.data.as_deref()) else {
            return;
        };
        let text = LastState::of(state, &self.sources).to_json();
        if self.last_written.as_deref() == Some(text.as_str()) {
            return;
        }
        if let Err(e) = LastState::from_json(&text) {
            self.say(transient, format!("the state was not saved: {e}"), true);
            self.last_written = Some(text);
            return;
        }
        match write_atomic(&last_state_path(data), text.as_bytes()) {
            Ok(()) => self.last_written = Some(text),
            Err(e) => {
                self.say(transient, format!("the state was not saved: {e}"), true);
                self.last_written = Some(text);
            }
        }
    }

    /// The "Scene" section at the top of the panel.
    pub fn section(&mut self, ui: &mut Ui, state: &mut AppState, transient: &mut Transient) {
        let i = mode_index(state.mode);
        let title = format!("Scene: {}", self.sources[i].title());
        egui::CollapsingHeader::new(RichText::new(title).strong())
            .id_salt("scene-section")
            .default_open(true)
            .show(ui, |ui| {
                let description = &self.sources[i].description;
                if !description.is_empty() {
                    ui.label(RichText::new(description).color(colors::DIM));
                }
                ui.horizontal_wrapped(|ui| {
                    if ui.button("Open…").on_hover_text("Ctrl+O").clicked() {
                        self.refresh();
                        self.open.open = true;
                    }
                    if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                        self.save(state, transient);
                    }
                    if ui
                        .button("Save as…")
                        .on_hover_text("Ctrl+Shift+S")
                        .clicked()
                    {
                        self.show_save_as(state);
                    }
                    ui.separator();
                    let undo = ui
                        .add_enabled(
                            self.history.undo_len() > 0
                                || self.history.current() != &Snapshot::of(state),
                            egui::Button::new("Undo"),
                        )
                        .on_hover_text("Ctrl+Z");
                    if undo.clicked() {
                        self.undo(state);
                    }
                    let redo = ui
                        .add_enabled(self.history.redo_len() > 0, egui::Button::new("Redo"))
                        .on_hover_text("Ctrl+Shift+Z");
                    if redo.clicked() {
                        self.redo(state);
                    }
                    ui.separator();
                    if ui
                        .button("Copy as test")
                        .on_hover_text("A Rust #[test] and a `satbox check` line for these boxes")
                        .clicked()
                    {
                        self.copy_as_test(state);
                    }
                });
                self.preset_list(ui, state, transient);
                self.user_list(ui, state, transient);
            });
    }

    fn preset_list(&mut self, ui: &mut Ui, state: &mut AppState, transient: &mut Transient) {
        let mut chosen = None;
        egui::CollapsingHeader::new(format!("Presets ({})", self.presets.len()))
            .id_salt("scene-presets")
            .default_open(false)
            .show(ui, |ui| {
                for (k, p) in self.presets.iter().enumerate() {
                    let current = self.sources[mode_index(p.scene.mode)].preset.as_deref()
                        == Some(p.name.as_str());
                    ui.horizontal_wrapped(|ui| {
                        if ui.selectable_label(current, &p.name).clicked() {
                            chosen = Some(k);
                        }
                        ui.label(RichText::new(&p.scene.description).color(colors::DIM));
                    });
                }
            });
        if let Some(k) = chosen {
            self.open_preset(state, transient, k);
        }
    }

    fn user_list(&mut self, ui: &mut Ui, state: &mut AppState, transient: &mut Transient) {
        let mut chosen = None;
        let folder = self
            .data
            .as_deref()
            .map(|d| scenes_dir(d).display().to_string())
            .unwrap_or_else(|| "no home folder".into());
        egui::CollapsingHeader::new(format!("My scenes ({})", self.user_scenes.len()))
            .id_salt("scene-user")
            .default_open(false)
            .show(ui, |ui| {
                ui.label(RichText::new(&folder).color(colors::DIM).monospace());
                if self.user_scenes.is_empty() {
                    ui.label(RichText::new("none yet: Save as… puts them here").color(colors::DIM));
                }
                for s in &self.user_scenes {
                    let name = s
                        .path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    ui.horizontal_wrapped(|ui| match &s.summary {
                        Ok((mode, description)) => {
                            if ui.button(&name).clicked() {
                                chosen = Some(s.path.clone());
                            }
                            ui.label(
                                RichText::new(format!("{mode} · {description}")).color(colors::DIM),
                            );
                        }
                        Err(e) => {
                            ui.label(RichText::new(&name).color(colors::HIT));
                            ui.label(RichText::new(e).color(colors::DIM));
                        }
                    });
                }
                if ui.small_button("Refresh").clicked() {
                    self.refresh();
                }
            });
        if let Some(path) = chosen {
            self.open_path(state, transient, &path);
        }
    }

    /// The "Open", "Save as" and "Copy as test" windows.
    pub fn windows(
        &mut self,
        ctx: &egui::Context,
        state: &mut AppState,
        transient: &mut Transient,
    ) {
        self.open_window(ctx, state, transient);
        self.save_as_window(ctx, state, transient);
        self.copy_test_window(ctx);
    }

    fn open_window(
        &mut self,
        ctx: &egui::Context,
        state: &mut AppState,
        transient: &mut Transient,
    ) {
        if !self.open.open {
            return;
        }
        let mut open = true;
        let mut go = None;
        egui::Window::new("Open scene")
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.label("Path of a scene file (.json):");
                let resp = ui.add(
                    egui::TextEdit::singleline(&mut self.open.path)
                        .desired_width(f32::INFINITY)
                        .hint_text("/path/to/scene.json"),
                );
                let enter = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if ui.button("Open").clicked() || enter {
                    go = Some(PathBuf::from(self.open.path.trim()));
                }
                ui.separator();
                ui.label(RichText::new("My scenes").strong());
                if self.user_scenes.is_empty() {
                    ui.label(RichText::new("none yet").color(colors::DIM));
                }
                for s in &self.user_scenes {
                    let label = match &s.summary {
                        Ok((mode, d)) => format!("{} — {mode} {d}", s.path.display()),
                        Err(e) => format!("{} — {e}", s.path.display()),
                    };
                    if ui.selectable_label(false, label).clicked() {
                        self.open.path = s.path.display().to_string();
                        go = Some(s.path.clone());
                    }
                }
            });
        self.open.open &= open;
        if let Some(path) = go {
            self.open_path(state, transient, &path);
        }
    }

    fn save_as_window(
        &mut self,
        ctx: &egui::Context,
        state: &mut AppState,
        transient: &mut Transient,
    ) {
        if !self.save_as.open {
            return;
        }
        let scenes = self.data.as_deref().map(scenes_dir);
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let mut open = true;
        let mut write = None;
        egui::Window::new("Save scene as")
            .open(&mut open)
            .collapsible(false)
            .default_width(460.0)
            .show(ctx, |ui| {
                ui.label("A name (saved in your scenes folder) or a path:");
                let resp = ui.add(
                    egui::TextEdit::singleline(&mut self.save_as.path).desired_width(f32::INFINITY),
                );
                ui.label(RichText::new("Description (one line):").color(colors::DIM));
                let i = mode_index(state.mode);
                ui.add(
                    egui::TextEdit::singleline(&mut self.sources[i].description)
                        .desired_width(f32::INFINITY),
                );
                let target = scenes
                    .as_deref()
                    .and_then(|dir| resolve_save_path(&self.save_as.path, dir, home.as_deref()));
                match &target {
                    Some(p) => ui.label(RichText::new(format!("→ {}", p.display())).monospace()),
                    None => ui.label(RichText::new("type a name").color(colors::DIM)),
                };
                let enter = resp.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let confirming = target.is_some() && self.save_as.confirm_replace == target;
                if confirming {
                    ui.label(RichText::new("That file exists. Replace it?").color(colors::HIT));
                }
                let button = if confirming { "Replace" } else { "Save" };
                if (ui.button(button).clicked() || enter) && target.is_some() {
                    let p = target.clone().unwrap_or_default();
                    if p.exists() && !confirming {
                        self.save_as.confirm_replace = Some(p);
                    } else {
                        write = Some(p);
                    }
                }
            });
        self.save_as.open &= open;
        if let Some(p) = write {
            if self.write_scene(state, transient, &p) {
                self.save_as.open = false;
            }
        }
    }

    fn copy_test_window(&mut self, ctx: &egui::Context) {
        let Some(text) = self.copy_test.text.clone() else {
            return;
        };
        let mut open = true;
        egui::Window::new("Copy as test")
            .open(&mut open)
            .default_width(620.0)
            .show(ctx, |ui| {
                ui.label("Copied to the clipboard: paste it into a file under tests/.");
                if ui.button("Copy again").clicked() {
                    macroquad::miniquad::window::clipboard_set(&text);
                }
                egui::ScrollArea::vertical()
                    .max_height(420.0)
                    .show(ui, |ui| {
                        ui.add(
                            egui::TextEdit::multiline(&mut text.as_str())
                                .code_editor()
                                .desired_width(f32::INFINITY),
                        );
                    });
            });
        if !open {
            self.copy_test.text = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn save_as_puts_a_bare_name_in_the_scenes_folder() {
        let dir = Path::new("/d/scenes");
        let home = Some(Path::new("/home/u"));
        assert_eq!(
            resolve_save_path("mine", dir, home),
            Some(PathBuf::from("/d/scenes/mine.json"))
        );
        assert_eq!(
            resolve_save_path("/tmp/x.json", dir, home),
            Some(PathBuf::from("/tmp/x.json"))
        );
        assert_eq!(
            resolve_save_path("~/a/b", dir, home),
            Some(PathBuf::from("/home/u/a/b.json"))
        );
        assert_eq!(resolve_save_path("  ", dir, home), None);
        assert_eq!(resolve_save_path("/tmp/", dir, home), None);
    }

    #[test]
    fn the_last_state_round_trips_both_modes_and_the_mode_shown() {
        let mut state = AppState {
            mode: Mode::Two,
            ..Default::default()
        };
        state.two.b.center.x += 0.5;
        state.three.a.half_extents.y = 0.25;
        state.three.view.selected_axis = Some(7);
        let sources = [
            Source {
                path: Some("/x/a.json".into()),
                preset: None,
                description: "d".into(),
            },
            Source::default(),
        ];
        let text = LastState::of(&state, &sources).to_json();
        let back = LastState::from_json(&text).unwrap();
        let mut fresh = AppState::default();
        back.apply(&mut fresh);
        assert_eq!(fresh.mode, Mode::Two);
        let Pair::Three(a, b) =
            crate::cli::testcase::canonical(&Pair::Three(state.three.a, state.three.b))
        else {
            unreachable!()
        };
        (state.three.a, state.three.b) = (a, b);
        assert_eq!(Snapshot::of(&fresh), Snapshot::of(&state));
        assert_eq!(fresh.three.view.selected_axis, Some(7));
        assert_eq!(back.sources, sources);
    }

    #[test]
    fn a_corrupt_last_state_is_an_error_not_a_panic() {
        assert!(LastState::from_json("{\"mode\": \"3d\", \"three\": ").is_err());
        let mut v: serde_json::Value = serde_json::from_str(
            &LastState::of(&AppState::default(), &Default::default()).to_json(),
        )
        .unwrap();
        v["three"]["a"]["half_extents"][0] = serde_json::json!(-1.0);
        let e = LastState::from_json(&v.to_string()).unwrap_err();
        assert!(e.to_string().contains("half_extents"), "{e}");
    }

    #[test]
    fn user_scenes_are_listed_with_their_descriptions_and_bad_files_named() {
        let dir = std::env::temp_dir().join(format!("satbox-list-{}", std::process::id()));
        let state = AppState::default();
        scene_of(&state, Mode::Three, "mine")
            .save(&dir.join("b.json"))
            .unwrap();
        std::fs::write(dir.join("a.json"), "{ not json").unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        let list = list_scenes(&dir);
        assert_eq!(list.len(), 2);
        assert!(list[0].summary.is_err());
        assert_eq!(list[1].summary, Ok((Mode::Three, "mine".into())));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
