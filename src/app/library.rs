//! The scene library, with no window in it: the presets compiled into the binary, the user's scene
//! folder and the last state restored on the next start (each mode keeps where its own scene came
//! from, [`Source`]). The panel's scene views ([`super::ui::scenes`]) only display it and
//! send commands.
//!
//! The user's folder is [`crate::scene::user_data_dir`] (`$SATBOX_DATA_DIR`, else
//! `$XDG_DATA_HOME/satbox`, else `~/.local/share/satbox`); scenes live in its `scenes/` folder and
//! the last state in `last-state.json` beside it. Every write is atomic ([`write_atomic`]); nothing
//! here ever writes to a file the user saved except Save on the scene that was opened from it, or
//! Save as after the user confirmed replacing it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::mode::ModeState;
use super::platform;
use super::settings::{LastingSettings, Settings};
use super::source::Source;
use super::three::Three;
use super::two::Two;
use crate::scene::boxes::noted_pair_from_json;
use crate::scene::cases::{Case, Cases};
use crate::scene::presets::{presets, Preset};
use crate::scene::{write_atomic, Mode, Pair, Scene, SceneError};

/// Where the user's scenes are kept.
pub(crate) fn scenes_dir(data: &Path) -> PathBuf {
    data.join("scenes")
}

/// Where the last state is kept.
pub(crate) fn last_state_path(data: &Path) -> PathBuf {
    data.join("last-state.json")
}

/// A scene file in the user's folder.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct UserScene {
    /// The file.
    pub path: PathBuf,
    /// Its mode and description, or why it cannot be read.
    pub summary: Result<(Mode, String), String>,
}

/// The `*.json` scenes in `dir`, sorted by name; a missing folder is an empty list.
pub(crate) fn list_scenes(dir: &Path) -> Vec<UserScene> {
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
pub(crate) fn resolve_save_path(
    input: &str,
    scenes: &Path,
    home: Option<&Path>,
) -> Option<PathBuf> {
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

/// Both modes' scenes and which mode was shown: written on exit and after edits, read on start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LastState {
    /// The mode shown.
    pub mode: Mode,
    /// The 3D scene.
    pub three: Scene,
    /// The 2D scene.
    pub two: Scene,
    /// Where each came from: `[3D, 2D]`.
    #[serde(default)]
    pub sources: [Source; 2],
    /// The window's settings (the gizmo, snapping, what is shown around the scene).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<LastingSettings>,
}

impl LastState {
    /// Pretty JSON.
    pub(crate) fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Parses and validates both scenes.
    pub(crate) fn from_json(text: &str) -> Result<Self, SceneError> {
        let last: LastState =
            serde_json::from_str(text).map_err(|e| SceneError::Json(e.to_string()))?;
        let three = last.three.pair()?;
        let two = last.two.pair()?;
        if three.mode() != Mode::Three || two.mode() != Mode::Two {
            return Err(SceneError::Shape("the 3D and 2D scenes are swapped".into()));
        }
        Ok(last)
    }
}

/// A scene read from a file, checked, ready to be shown.
#[derive(Clone, Debug)]
pub(crate) struct Loaded {
    /// The scene as written.
    pub scene: Scene,
    /// Its validated boxes.
    pub pair: Pair,
    /// Where it came from.
    pub source: Source,
}

impl Loaded {
    /// A scene as read, from the file at `path` if it may be saved back there.
    pub(crate) fn new(scene: Scene, pair: Pair, path: Option<&Path>) -> Self {
        Loaded {
            source: Source {
                path: path.map(Path::to_path_buf),
                description: scene.description.clone(),
                saved: Some(pair),
                ..Source::default()
            },
            scene,
            pair,
        }
    }
}

/// A pair's convex radii in words: `radius 0.05 on box a`, `radii 0.05 and 0.1`.
fn radii_words([ra, rb]: [f32; 2]) -> String {
    use crate::sat::fmt_num;
    match (ra > 0.0, rb > 0.0) {
        (true, true) => format!("radii {} (a) and {} (b)", fmt_num(ra), fmt_num(rb)),
        (true, false) => format!("radius {} on box a", fmt_num(ra)),
        _ => format!("radius {} on box b", fmt_num(rb)),
    }
}

/// The last part of a path, for messages and titles (the whole path when it has none).
pub(crate) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A scene from the text of a file named `path`: a scene file, or else one `check` line (the first
/// case of a JSON Lines file), whose boxes become a scene described after the file.
pub(crate) fn read_text(path: &Path, text: &str) -> Result<Loaded, SceneError> {
    let name = file_name(path);
    let as_scene = match Scene::from_json_with_notes(text) {
        // a rounded box keeps its radius: the window draws, answers and saves it
        Ok((scene, noted)) => return Ok(Loaded::new(scene, noted.pair, Some(path))),
        Err(e) => e,
    };
    // read as `check` reads it, so that a broken file gets `check`'s words (an object over several
    // lines not closed when the input ends, say); `//` lines are notes
    let cases: Vec<Case> = Cases::new(text.as_bytes())
        .map_while(Result::ok)
        .filter(|c| {
            !c.text
                .as_ref()
                .is_ok_and(|t| t.trim_start().starts_with("//"))
        })
        .collect();
    let Some(first) = cases.first() else {
        return Err(SceneError::Shape(format!("{name}: the file is empty")));
    };
    let line = first
        .text
        .as_ref()
        .map_err(|e| SceneError::Shape(format!("{name}: {e}")))?;
    let noted = noted_pair_from_json(line).map_err(|as_line| {
        // a whole-file object with a mode was meant as a scene
        let scene_like =
            serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.get("mode").is_some());
        let e = if scene_like { as_scene } else { as_line };
        SceneError::Shape(format!("{name}: {e}"))
    })?;
    let pair = noted.pair;
    let mut description = match cases.len() {
        1 => format!("the check line of {name}"),
        all => format!("line {} of {name} (the first of {all} cases)", first.line),
    };
    if noted.rounded() {
        description += &format!(", {}", radii_words(noted.radii));
    }
    // a line's motion is read as check reads it: a bad one is refused with its field's name
    let motion = serde_json::from_str::<serde_json::Value>(line)
        .map_err(|e| SceneError::Shape(format!("{name}: {e}")))
        .and_then(|v| crate::scene::motion::motion_of_case(&v, pair.mode()))
        .map_err(|e| SceneError::Shape(format!("{name}: {e}")))?;
    // no path: Save asks where, so a JSON Lines file is never replaced by a scene
    let scene = Scene::new(&pair, description.clone(), serde_json::Value::Null)
        .with_motion(motion.as_ref())
        .with_radii(noted.radii);
    Ok(Loaded {
        source: Source::read_from(&name, description, pair),
        scene,
        pair,
    })
}

/// The browser's local storage key of the last state (the desktop's is a file, [`last_state_path`]).
pub(crate) const LAST_STATE_KEY: &str = "satbox.last-state";

/// How often the last state is written while something changes, in seconds. The browser writes
/// every change (a few kilobytes into local storage), since a page can be reloaded or closed at any
/// moment with no chance to write on the way out.
const AUTOSAVE_EVERY: f64 = if platform::WEB { 0.0 } else { 2.0 };

/// The presets, the user's folder and the last-state writer.
#[derive(Debug)]
pub(crate) struct Library {
    /// The per-user folder; `None` when no folder is to be used.
    pub data: Option<PathBuf>,
    /// Whether the last state is read and written (not in screenshot mode).
    pub persist: bool,
    /// The compiled presets.
    pub presets: Vec<Preset>,
    /// The user's scenes, as last listed.
    pub user_scenes: Vec<UserScene>,
    last_written: Option<String>,
    last_save_at: f64,
}

impl Library {
    /// The library over the user's folder. `persist`: read and write the last state.
    pub(crate) fn new(data: Option<PathBuf>, persist: bool) -> Self {
        let mut lib = Self {
            data,
            persist,
            presets: presets(),
            user_scenes: Vec::new(),
            last_written: None,
            last_save_at: 0.0,
        };
        lib.refresh();
        lib
    }

    /// Lists the user's folder again.
    pub(crate) fn refresh(&mut self) {
        self.user_scenes = self
            .data
            .as_deref()
            .map(|d| list_scenes(&scenes_dir(d)))
            .unwrap_or_default();
    }

    /// The preset named, as a scene ready to show.
    pub(crate) fn preset(&self, name: &str) -> Option<Loaded> {
        let p = self.presets.iter().find(|p| p.name == name)?;
        Some(Loaded {
            scene: p.scene.clone(),
            pair: p.pair,
            source: Source {
                preset: Some(p.name.clone()),
                description: p.scene.description.clone(),
                saved: Some(p.pair),
                ..Source::default()
            },
        })
    }

    /// The pair of a scene link, as a scene described by the notes its reading made; a link that
    /// names one of the presets (`preset=NAME`) is that preset's scene, modified when its boxes
    /// differ from the preset's.
    pub(crate) fn link(&self, link: &str) -> Result<Loaded, SceneError> {
        let (noted, motion) = crate::scene::link::decode_moving(link)?;
        let named = crate::scene::link::preset_of(link);
        if let Some(preset) = named.as_deref().and_then(|name| self.preset(name)) {
            let description = preset.source.description.clone();
            let scene = Scene::new(&noted.pair, description, serde_json::Value::Null)
                .with_motion(motion.as_ref())
                .with_radii(noted.radii);
            return Ok(Loaded {
                scene,
                pair: noted.pair,
                source: preset.source,
            });
        }
        let mut notes: Vec<String> = noted.notes.iter().map(|n| n.to_string()).collect();
        if let Some(name) = named {
            notes.push(format!(
                "made from a preset \"{name}\" this satbox does not have"
            ));
        }
        let description = match notes.is_empty() {
            true => "opened from a link".to_string(),
            false => format!("opened from a link ({})", notes.join("; ")),
        };
        let scene = Scene::new(&noted.pair, description, serde_json::Value::Null)
            .with_motion(motion.as_ref())
            .with_radii(noted.radii);
        Ok(Loaded::new(scene, noted.pair, None))
    }

    /// Reads a scene file (or a file of check lines: its first case).
    pub(crate) fn read(&self, path: &Path) -> Result<Loaded, SceneError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SceneError::Io(format!("cannot read {}: {e}", path.display())))?;
        read_text(path, &text)
    }

    /// Writes `scene` to `path` (atomically) and lists the folder again; in the browser, offers it
    /// as a download named after `path`.
    pub(crate) fn write(&mut self, scene: &Scene, path: &Path) -> Result<(), SceneError> {
        if self.data.is_none() && platform::WEB {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            platform::download(&name, &scene.to_json());
            return Ok(());
        }
        scene.save(path)?;
        self.refresh();
        Ok(())
    }

    /// Restores the last state, if there is one, into both modes (each with a fresh undo history);
    /// returns the mode shown. A state that cannot be read or validated is set aside (never
    /// deleted) and reported as the error.
    pub(crate) fn restore(
        &mut self,
        three: &mut ModeState<Three>,
        two: &mut ModeState<Two>,
        settings: &mut Settings,
        viewport: &super::camera::Viewport,
    ) -> Result<Option<Mode>, String> {
        let Some(read) = self.read_last_state() else {
            return Ok(None);
        };
        match read.and_then(|t| LastState::from_json(&t).map(|l| (l, t))) {
            Ok((last, text)) => {
                for (k, scene) in [&last.three, &last.two].into_iter().enumerate() {
                    if let Ok(pair) = scene.pair() {
                        let source = Source {
                            // unsaved changes at exit are still unsaved
                            saved: (!last.sources[k].edited).then_some(pair),
                            edited: false,
                            ..last.sources[k].clone()
                        };
                        three.load(scene, &pair, viewport, source.clone());
                        two.load(scene, &pair, viewport, source);
                    }
                }
                three.forget_history();
                two.forget_history();
                if let Some(kept) = last.settings {
                    *settings = settings.with_kept(kept);
                }
                self.last_written = Some(text);
                Ok(Some(last.mode))
            }
            Err(e) => Err(format!(
                "the last state {} was not restored: {e}{}",
                self.last_state_place(),
                self.set_last_state_aside()
            )),
        }
    }

    /// Where the last state is kept, for messages.
    fn last_state_place(&self) -> String {
        match &self.data {
            Some(data) => last_state_path(data).display().to_string(),
            None => format!("(the browser's local storage, {LAST_STATE_KEY})"),
        }
    }

    /// The last state's text, `None` when there is none to restore.
    fn read_last_state(&self) -> Option<Result<String, SceneError>> {
        if !self.persist {
            return None;
        }
        if let Some(data) = &self.data {
            let path = last_state_path(data);
            return path.exists().then(|| {
                std::fs::read_to_string(&path).map_err(|e| SceneError::Io(e.to_string()))
            });
        }
        platform::storage_get(LAST_STATE_KEY).map(Ok)
    }

    /// Moves a last state that could not be restored aside, under a name with the time; returns
    /// where it went, for the message.
    fn set_last_state_aside(&self) -> String {
        let stamp = macroquad::miniquad::date::now() as u64;
        match &self.data {
            Some(data) => {
                let path = last_state_path(data);
                let aside = path.with_file_name(format!("last-state.corrupt-{stamp}.json"));
                match std::fs::rename(&path, &aside) {
                    Ok(()) => format!(" (kept as {})", aside.display()),
                    Err(_) => String::new(),
                }
            }
            None => {
                let key = format!("{LAST_STATE_KEY}.corrupt-{stamp}");
                let kept = platform::storage_get(LAST_STATE_KEY)
                    .is_some_and(|text| platform::storage_set(&key, &text));
                if kept {
                    format!(" (kept under {key})")
                } else {
                    String::new()
                }
            }
        }
    }

    /// The last state of both modes.
    pub(crate) fn last_state(
        &self,
        mode: Mode,
        three: &ModeState<Three>,
        two: &ModeState<Two>,
        settings: &Settings,
    ) -> LastState {
        let sources = [
            Source {
                edited: three.modified(),
                ..three.source.clone()
            },
            Source {
                edited: two.modified(),
                ..two.source.clone()
            },
        ];
        LastState {
            mode,
            three: three.scene(&three.source.description),
            two: two.scene(&two.source.description),
            sources,
            settings: Some(settings.kept()),
        }
    }

    /// Writes the last state if it changed and `force` or the autosave period has passed (`now`
    /// in seconds). What is written is read back first: a state that would not load again is never
    /// written. Returns an error for the user.
    pub(crate) fn save_last_state(
        &mut self,
        last: &LastState,
        now: f64,
        force: bool,
    ) -> Result<(), String> {
        if !self.persist || (self.data.is_none() && !platform::WEB) {
            return Ok(());
        }
        if !force && now - self.last_save_at < AUTOSAVE_EVERY {
            return Ok(());
        }
        self.last_save_at = now;
        let text = last.to_json();
        if self.last_written.as_deref() == Some(text.as_str()) {
            return Ok(());
        }
        // remembered even when it fails, so that the same failure is not reported every 2 s
        self.last_written = Some(text.clone());
        LastState::from_json(&text).map_err(|e| format!("the state was not saved: {e}"))?;
        match &self.data {
            Some(data) => write_atomic(&last_state_path(data), text.as_bytes())
                .map_err(|e| format!("the state was not saved: {e}")),
            None if platform::storage_set(LAST_STATE_KEY, &text) => Ok(()),
            None => Err("the state was not saved: the browser refused its local storage".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Viewport;

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    #[test]
    fn a_scene_of_rounded_boxes_opens_rounded_and_saves_back_with_its_radius() {
        use crate::app::command::ModeCommand;
        use crate::app::settings::Settings;
        use crate::sat::Which;
        let text = r#"{"mode":"3d","a":{"center":[0,0,0],"half_extents":[1,1,1],"radius":0.3},"b":{"center":[2.2,2.2,2.2],"half_extents":[1,1,1]}}"#;
        let path = Path::new("/somewhere/rounded.json");
        let loaded = read_text(path, text).unwrap();
        assert_eq!(loaded.source.path.as_deref(), Some(path));
        let mut three = ModeState::<Three>::new(&VP);
        assert!(three.load(&loaded.scene, &loaded.pair, &VP, loaded.source));
        assert_eq!(three.radii, [0.3, 0.0]);
        assert!(!three.modified(), "opened as saved");
        let saved: serde_json::Value = serde_json::from_str(&three.scene("s").to_json()).unwrap();
        assert_eq!(saved["a"]["radius"], serde_json::json!(0.3), "{saved}");
        assert!(
            saved["b"].get("radius").is_none(),
            "a sharp box writes no radius: {saved}"
        );
        // its link carries the radius, and opens rounded
        let link =
            crate::scene::link::with_radii(crate::scene::link::encode(&loaded.pair), three.radii);
        let opened = Library::new(None, false).link(&link).unwrap();
        assert_eq!(opened.scene.noted_pair().unwrap().radii, [0.3, 0.0]);
        // a radius edited is an edit: modified, and undone by Undo
        let settings = Settings::default();
        three.apply(&ModeCommand::SetRadius(Which::B, 0.1), &settings, &VP);
        three.commit();
        assert_eq!(three.radii, [0.3, 0.1]);
        assert!(three.modified());
        three.apply(&ModeCommand::Undo, &settings, &VP);
        assert_eq!(three.radii, [0.3, 0.0]);
        assert!(!three.modified());
        // a radius the box cannot have is refused with its words
        let refused = three.apply(&ModeCommand::SetRadius(Which::A, -1.0), &settings, &VP);
        assert!(
            refused
                .as_ref()
                .is_some_and(|(m, bad)| *bad && m.contains("below 0")),
            "{refused:?}"
        );
        assert_eq!(three.radii, [0.3, 0.0]);
    }

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("satbox-library-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_check_line_file_keeps_its_motion_and_a_bad_motion_is_refused_by_its_field() {
        let path = Path::new("/x/moving.jsonl");
        let line = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1]},"motion":{"b":{"velocity":[-2,0,0]},"dt":1}}"#;
        let loaded = read_text(path, line).unwrap();
        let motion = loaded
            .scene
            .motion()
            .unwrap()
            .expect("the line's motion is kept");
        assert_eq!(motion.b.velocity, [-2.0, 0.0, 0.0]);
        let bad = line.replace("[-2,0,0]", "[-2,0]");
        let error = read_text(path, &bad)
            .expect_err("a bad motion is refused")
            .to_string();
        assert!(error.contains("motion.b.velocity is [-2,0]"), "{error}");
    }

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
        let data = temp("last");
        let (mut three, mut two) = (ModeState::<Three>::new(&VP), ModeState::<Two>::new(&VP));
        two.b.center.x += 0.5;
        three.a.half_extents.y = 0.25;
        three.view.selected_axis = Some(7);
        let mut lib = Library::new(Some(data.clone()), true);
        three.source.path = Some("/x/a.json".into());
        three.source.description = "d".into();
        three.source.saved = None;
        let settings = Settings {
            legend: false,
            snap_step: 0.5,
            gizmo_mode: crate::app::gizmo::GizmoMode::Rotate,
            ..Settings::default()
        };
        let last = lib.last_state(Mode::Two, &three, &two, &settings);
        lib.save_last_state(&last, 0.0, true).unwrap();

        let (mut f3, mut f2) = (ModeState::<Three>::new(&VP), ModeState::<Two>::new(&VP));
        let mut fresh = Library::new(Some(data.clone()), true);
        let mut restored = Settings::default();
        let got = fresh.restore(&mut f3, &mut f2, &mut restored, &VP);
        assert_eq!(got, Ok(Some(Mode::Two)));
        assert_eq!(
            restored, settings,
            "the gizmo, the snap step and the legend are kept"
        );
        let Pair::Three(a, b) = crate::scene::canonical(&Pair::Three(three.a, three.b)) else {
            unreachable!()
        };
        (three.a, three.b) = (a, b);
        assert_eq!((f3.boxes(), f2.boxes()), (three.boxes(), two.boxes()));
        assert_eq!(f3.view.selected_axis, Some(7));
        assert_eq!(f3.source.path, Some("/x/a.json".into()));
        assert_eq!(f3.source.description, "d");
        // the 3D scene had unsaved changes (no saved boxes at all): still modified after restart
        assert!(f3.modified());
        assert!(!f3.can_undo(), "a restored state starts a new history");
        std::fs::remove_dir_all(data).unwrap();
    }

    #[test]
    fn a_corrupt_last_state_is_an_error_not_a_panic() {
        assert!(LastState::from_json("{\"mode\": \"3d\", \"three\": ").is_err());
        let (three, two) = (ModeState::<Three>::new(&VP), ModeState::<Two>::new(&VP));
        let lib = Library::new(None, false);
        let mut v: serde_json::Value = serde_json::from_str(
            &lib.last_state(Mode::Three, &three, &two, &Settings::default())
                .to_json(),
        )
        .unwrap();
        v["three"]["a"]["half_extents"][0] = serde_json::json!(-1.0);
        let e = LastState::from_json(&v.to_string()).unwrap_err();
        assert!(e.to_string().contains("half_extents"), "{e}");
    }

    #[test]
    fn a_corrupt_last_state_file_is_kept_aside_and_reported() {
        let data = temp("corrupt");
        std::fs::write(last_state_path(&data), "{ not json").unwrap();
        let (mut three, mut two) = (ModeState::<Three>::new(&VP), ModeState::<Two>::new(&VP));
        let mut lib = Library::new(Some(data.clone()), true);
        let e = lib
            .restore(&mut three, &mut two, &mut Settings::default(), &VP)
            .unwrap_err();
        assert!(
            e.contains("was not restored") && e.contains("kept as"),
            "{e}"
        );
        let kept = std::fs::read_dir(&data)
            .unwrap()
            .filter_map(|e| e.ok())
            .any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("last-state.corrupt-")
            });
        assert!(kept);
        std::fs::remove_dir_all(data).unwrap();
    }

    #[test]
    fn user_scenes_are_listed_with_their_descriptions_and_bad_files_named() {
        let dir = temp("list");
        let three = ModeState::<Three>::new(&VP);
        three.scene("mine").save(&dir.join("b.json")).unwrap();
        std::fs::write(dir.join("a.json"), "{ not json").unwrap();
        std::fs::write(dir.join("notes.txt"), "x").unwrap();
        let list = list_scenes(&dir);
        assert_eq!(list.len(), 2);
        assert!(list[0].summary.is_err());
        assert_eq!(list[1].summary, Ok((Mode::Three, "mine".into())));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_scene_is_modified_until_its_boxes_are_back_to_the_saved_ones() {
        let data = temp("modified");
        let mut three = ModeState::<Three>::new(&VP);
        let mut lib = Library::new(Some(data.clone()), false);
        let path = scenes_dir(&data).join("s.json");
        lib.write(&three.scene("x"), &path).unwrap();
        three.saved(&path, "x");
        assert!(!three.modified());
        let before = three.a;
        three.a.center.x += 1.0;
        assert!(three.modified());
        three.a = before; // as an undo does
        assert!(!three.modified());
        assert_eq!(
            lib.user_scenes.len(),
            1,
            "the list is refreshed after a save"
        );
        std::fs::remove_dir_all(data).unwrap();
    }

    #[test]
    fn a_check_line_file_opens_its_first_case_and_is_never_saved_over() {
        let lib = Library::new(None, false);
        let first = lib.preset("3d-deep-overlap").unwrap().pair;
        let second = lib.preset("2d-separated").unwrap().pair;
        let lines = format!(
            "\n{}\n{}\n",
            crate::scene::boxes::check_line(&first),
            crate::scene::boxes::check_line(&second)
        );
        let loaded = read_text(Path::new("run.jsonl"), &lines).unwrap();
        assert_eq!(loaded.pair, first);
        assert_eq!(
            loaded.source.description,
            "line 2 of run.jsonl (the first of 2 cases)"
        );
        // Save asks where: the JSON Lines file is not replaced by a scene
        assert_eq!(loaded.source.path, None);
    }

    #[test]
    fn a_scene_file_keeps_its_path_and_a_broken_one_is_reported_as_a_scene() {
        let lib = Library::new(None, false);
        let scene = lib.preset("2d-separated").unwrap().scene;
        let loaded = read_text(Path::new("s.json"), &scene.to_json()).unwrap();
        assert_eq!(loaded.source.path, Some(PathBuf::from("s.json")));
        let broken = scene.to_json().replace("\"2d\"", "\"4d\"");
        let e = read_text(Path::new("s.json"), &broken)
            .unwrap_err()
            .to_string();
        assert!(e.contains("s.json") && e.contains("\"mode\""), "{e}");
        let e = read_text(Path::new("empty.jsonl"), "\n  \n").unwrap_err();
        assert!(e.to_string().contains("empty"), "{e}");
        // cut off: the words `check` has for it
        let json = scene.to_json();
        let cut: String = json.lines().take(12).collect::<Vec<_>>().join("\n");
        let e = read_text(Path::new("crate.json"), &cut)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "crate.json: the object opened on line 1 is not closed when the input ends (line 12)"
        );
    }

    #[test]
    fn a_scene_link_opens_its_pair_bit_for_bit_with_its_notes_in_the_description() {
        let lib = Library::new(None, false);
        let pair = lib.preset("3d-contact-edge-edge").unwrap().pair;
        let link = crate::scene::link::link(&pair, crate::scene::link::BASE_URL);
        let loaded = lib.link(&link).unwrap();
        assert_eq!(loaded.pair, pair);
        assert_eq!(loaded.source.path, None);
        let long = "satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,1,1&a.rotation=0,0,0,2\
                    &b.center=3,0,0&b.half_extents=1,1,1&b.rotation=0,0,0,1";
        let noted = lib.link(long).unwrap();
        assert!(
            noted.scene.description.contains("opened from a link ("),
            "{}",
            noted.scene.description
        );
        assert!(lib.link("satbox=9&mode=3d").is_err());
    }
}
