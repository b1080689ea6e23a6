//! Scene files: the mode, a one-line description, the two boxes and the view state, as pretty
//! JSON. Reading validates everything (see [`SceneError`]) and keeps the boxes as written (any
//! encoding of [`super::boxes`]); writing uses the one written form, every number as its shortest
//! text, and goes to a temporary file that is then renamed over the target, so a crash never leaves
//! half a scene.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::boxes::{box_values, read_pair, serialize_box, NotedPair};
use super::motion::{motion_of_case, MotionSpec};
use super::number::shorten_f32_numbers;
use super::{Mode, Pair, SceneError};

/// A scene file: the mode, a one-line description, the two boxes in the `check` format and the
/// view state (camera, selected axis, filters, overlays) as the app wrote it.
///
/// Unknown fields are ignored ([`Scene::from_json_with_notes`] notes them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    /// `"2d"` or `"3d"`.
    pub mode: Mode,
    /// One line shown in the scene menu.
    #[serde(default)]
    pub description: String,
    /// Box A, as written.
    #[serde(serialize_with = "serialize_box")]
    pub a: Value,
    /// Box B, as written.
    #[serde(serialize_with = "serialize_box")]
    pub b: Value,
    /// View state; an unreadable view falls back to defaults, it never blocks the boxes.
    #[serde(default)]
    pub view: Value,
    /// How the boxes move over one step, as [`MotionSpec::to_value`] writes it; absent in a scene
    /// without motion (its file is then exactly as before motion existed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motion: Option<Value>,
}

impl Scene {
    /// A scene of a validated pair. The boxes are written in the one written form and every `f32`
    /// in them and in `view` as its shortest text, so the file reads back bit for bit.
    pub fn new(pair: &Pair, description: impl Into<String>, view: Value) -> Self {
        let (a, b) = box_values(pair);
        let mut view = view;
        shorten_f32_numbers(&mut view);
        Self {
            mode: pair.mode(),
            description: description.into(),
            a,
            b,
            view,
            motion: None,
        }
    }

    /// The same scene with the boxes moving by `motion` (or at rest: `None`), its numbers as
    /// their shortest text.
    pub fn with_motion(mut self, motion: Option<&MotionSpec>) -> Self {
        self.motion = motion.map(|m| {
            let mut v = m.to_value(self.mode);
            shorten_f32_numbers(&mut v);
            v
        });
        self
    }

    /// The same scene with each box's convex radius (`"radius"` on the box, written only when it
    /// is above 0, as its shortest text).
    pub fn with_radii(mut self, radii: [f32; 2]) -> Self {
        for (v, r) in [(&mut self.a, radii[0]), (&mut self.b, radii[1])] {
            if let Value::Object(map) = v {
                if r > 0.0 {
                    map.insert("radius".into(), crate::scene::number::f32_json(r));
                } else {
                    map.remove("radius");
                }
            }
        }
        self
    }

    /// The boxes' motion, validated (`None`: at rest).
    pub fn motion(&self) -> Result<Option<MotionSpec>, SceneError> {
        match &self.motion {
            None => Ok(None),
            Some(m) => motion_of_case(&serde_json::json!({ "motion": m }), self.mode),
        }
    }

    /// The validated boxes.
    pub fn pair(&self) -> Result<Pair, SceneError> {
        self.noted_pair().map(|p| p.pair)
    }

    /// The validated boxes and what reading them noticed.
    pub fn noted_pair(&self) -> Result<NotedPair, SceneError> {
        let mut obj = Map::new();
        obj.insert("a".into(), self.a.clone());
        obj.insert("b".into(), self.b.clone());
        read_pair(&Value::Object(obj), Some(self.mode))
    }

    /// Parses and validates a scene from JSON text.
    pub fn from_json(text: &str) -> Result<(Scene, Pair), SceneError> {
        Self::from_json_with_notes(text).map(|(scene, p)| (scene, p.pair))
    }

    /// Parses and validates a scene from JSON text, with the notes on its boxes and on fields it
    /// does not read.
    pub fn from_json_with_notes(text: &str) -> Result<(Scene, NotedPair), SceneError> {
        let v: Value = serde_json::from_str(text).map_err(|e| SceneError::json_in(text, &e, 1))?;
        let obj = v.as_object().ok_or_else(|| {
            SceneError::Shape("a scene must be a JSON object with \"mode\", \"a\" and \"b\"".into())
        })?;
        let mode = match obj.get("mode") {
            None => {
                return Err(SceneError::Shape(
                    "a scene needs \"mode\": \"2d\" or \"3d\"".into(),
                ))
            }
            Some(m) => Mode::parse(m).ok_or_else(|| {
                SceneError::Shape(format!("\"mode\" must be \"2d\" or \"3d\", not {m}"))
            })?,
        };
        let description = match obj.get("description") {
            None => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                return Err(SceneError::Shape(format!(
                    "\"description\" must be a string, not {other}"
                )))
            }
        };
        let noted = read_pair(&v, Some(mode))?;
        motion_of_case(&v, mode)?;
        let scene = Scene {
            mode,
            description,
            a: obj["a"].clone(),
            b: obj["b"].clone(),
            view: obj.get("view").cloned().unwrap_or(Value::Null),
            motion: obj.get("motion").cloned(),
        };
        Ok((scene, noted))
    }

    /// Reads and validates a scene file.
    pub fn load(path: &Path) -> Result<(Scene, Pair), SceneError> {
        Self::load_with_notes(path).map(|(scene, p)| (scene, p.pair))
    }

    /// Reads and validates a scene file, with its notes.
    pub fn load_with_notes(path: &Path) -> Result<(Scene, NotedPair), SceneError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SceneError::Io(format!("cannot read {}: {e}", path.display())))?;
        Self::from_json_with_notes(&text).map_err(|e| match e {
            SceneError::Io(_) => e,
            other => SceneError::Shape(format!("{}: {other}", path.display())),
        })
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Writes the scene atomically.
    pub fn save(&self, path: &Path) -> Result<(), SceneError> {
        write_atomic(path, self.to_json().as_bytes())
    }
}

/// The per-user data folder: `$SATBOX_DATA_DIR`, else `$XDG_DATA_HOME/satbox`, else
/// `~/.local/share/satbox`, else `./satbox-data`.
pub fn user_data_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = env("SATBOX_DATA_DIR") {
        return dir;
    }
    if let Some(dir) = env("XDG_DATA_HOME") {
        return dir.join("satbox");
    }
    if let Some(home) = env("HOME") {
        return home.join(".local").join("share").join("satbox");
    }
    PathBuf::from("satbox-data")
}

/// The folder of the user's own scenes, inside [`user_data_dir`].
pub fn user_scenes_dir() -> PathBuf {
    user_data_dir().join("scenes")
}

/// Writes `contents` to `path` atomically: a temporary file beside it, flushed, then renamed.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), SceneError> {
    use std::io::Write;
    let io = |what: &str, e: std::io::Error| {
        SceneError::Io(format!("cannot {what} {}: {e}", path.display()))
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| io("create the folder for", e))?;
    }
    let mut tmp = PathBuf::from(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "scene".into());
    tmp.set_file_name(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(io("write", e));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::pair_from_json;

    fn bits(p: &Pair) -> String {
        format!("{p:?}")
            + &match p {
                Pair::Three(a, b) => format!(
                    "{:?}",
                    [a, b].map(|o| (
                        o.center.to_array().map(f32::to_bits),
                        o.half_extents.to_array().map(f32::to_bits),
                        o.rotation.to_array().map(f32::to_bits)
                    ))
                ),
                Pair::Two(a, b) => format!(
                    "{:?}",
                    [a, b].map(|o| (
                        o.center.to_array().map(f32::to_bits),
                        o.half_extents.to_array().map(f32::to_bits),
                        o.angle.to_bits()
                    ))
                ),
            }
    }

    fn sample() -> Pair {
        pair_from_json(
            r#"{"a":{"center":[0.1,0,0],"half_extents":[1.2,2,3],"rotation":[0,0.6,0,0.8]},
                "b":{"center":[3,0,1e-7],"half_extents":[1,1,0],"rotation":[0.1,0.2,0.3,0.9]}}"#,
        )
        .unwrap()
    }

    #[test]
    fn a_scene_round_trips_through_its_file_format_bit_for_bit() {
        let pair = sample();
        let view = serde_json::json!({"selected_axis": 3, "camera3": {"distance": 7.3f32 as f64}});
        let scene = Scene::new(&pair, "two boxes", view);
        let text = scene.to_json();
        let (back, back_pair) = Scene::from_json(&text).unwrap();
        assert_eq!(back, scene);
        assert_eq!(bits(&back_pair), bits(&pair));
        // written again, the same text
        assert_eq!(
            Scene::new(&back_pair, "two boxes", back.view.clone()).to_json(),
            text
        );
    }

    #[test]
    fn a_saved_scene_writes_1_2_not_1_2000000476837158() {
        let scene = Scene::new(
            &sample(),
            "",
            serde_json::json!({"camera3": {"distance": 1.2f32 as f64}}),
        );
        let text = scene.to_json();
        assert!(text.contains("1.2,") || text.contains("1.2\n"), "{text}");
        assert!(!text.contains("0000000"), "{text}");
    }

    #[test]
    fn a_scene_inside_another_file_round_trips_through_serde_as_the_last_state_does() {
        // the window's last-state file embeds scenes through serde
        let scene = Scene::new(&sample(), "d", serde_json::json!({"zoom": 0.3f32 as f64}));
        let text = serde_json::to_string_pretty(&serde_json::json!({ "three": scene })).unwrap();
        #[derive(Deserialize)]
        struct Holder {
            three: Scene,
        }
        let back: Holder = serde_json::from_str(&text).unwrap();
        assert_eq!(back.three, scene);
        assert_eq!(bits(&back.three.pair().unwrap()), bits(&sample()));
        assert_eq!(back.three.view["zoom"].as_f64().unwrap() as f32, 0.3f32);
    }

    #[test]
    fn a_scene_keeps_its_motion_and_one_without_is_written_as_before() {
        use crate::scene::motion::BoxMotion;
        let plain = Scene::new(&sample(), "d", Value::Null);
        assert!(!plain.to_json().contains("motion"));
        assert_eq!(plain.clone().with_motion(None).to_json(), plain.to_json());
        let spec = MotionSpec {
            a: BoxMotion::default(),
            b: BoxMotion {
                velocity: [-3.1, 0.0, 0.2],
                angular_velocity: [0.0, 1.5, 0.0],
            },
            dt: 0.1,
        };
        let moving = plain.with_motion(Some(&spec));
        let text = moving.to_json();
        assert!(text.contains("-3.1") && !text.contains("0000000"), "{text}");
        let (back, _) = Scene::from_json(&text).unwrap();
        assert_eq!(back.motion().unwrap(), Some(spec));
        assert_eq!(back.to_json(), text);
        // a bad motion is refused with its field's name
        let bad = text.replace("\"dt\": 0.1", "\"dt\": -1");
        let e = Scene::from_json(&bad).unwrap_err();
        assert!(e.to_string().contains("motion.dt"), "{e}");
    }

    #[test]
    fn a_scene_whose_mode_contradicts_its_boxes_is_rejected() {
        let text = r#"{"mode":"2d","a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},
                       "b":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
        let e = Scene::from_json(text).unwrap_err();
        assert!(e.to_string().contains("mode 2D"), "{e}");
    }

    #[test]
    fn box_fields_are_written_centre_extents_rotation_whatever_they_were_read_as() {
        let two = pair_from_json(
            r#"{"a":{"angle":0.5,"half_extents":[1,1],"center":[0,0]},"b":{"center":[3,0],"size":[2,2],"angle_deg":90}}"#,
        )
        .unwrap();
        let text = Scene::new(&two, "", Value::Null).to_json();
        let (c, h, a) = (
            text.find("\"center\"").unwrap(),
            text.find("\"half_extents\"").unwrap(),
            text.find("\"angle\"").unwrap(),
        );
        assert!(c < h && h < a, "{text}");
        assert!(crate::scene::check_line(&two)
            .starts_with(r#"{"a":{"center":[0.0,0.0],"half_extents":[1.0,1.0],"angle":0.5}"#));
    }

    #[test]
    fn a_scene_without_a_mode_says_it_needs_one() {
        let text = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[0,0],"half_extents":[1,1],"angle":0}}"#;
        let e = Scene::from_json(text).unwrap_err();
        assert_eq!(e.to_string(), "a scene needs \"mode\": \"2d\" or \"3d\"");
    }

    #[test]
    fn a_scene_keeps_its_boxes_as_written_and_notes_unknown_fields() {
        let text = r#"{"mode":"3d","author":"me",
            "a":{"center":[0,0,0],"size":[2,2,2],"euler":{"order":"XYZ","degrees":[0,0,90]}},
            "b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"mass":1}}"#;
        let (scene, noted) = Scene::from_json_with_notes(text).unwrap();
        assert_eq!(scene.a["size"][0], 2);
        let notes: Vec<String> = noted.notes.iter().map(ToString::to_string).collect();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(notes[0].starts_with("field \"author\" is not read"));
        assert_eq!(
            notes[1],
            "box b: field \"mass\" is not a box field; ignored"
        );
    }

    #[test]
    fn atomic_write_replaces_the_whole_file() {
        let dir = std::env::temp_dir().join(format!("satbox-scene-test-{}", std::process::id()));
        let path = dir.join("s.json");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
