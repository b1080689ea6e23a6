//! Scenes: the two boxes of one mode plus the view state worth keeping, as pretty JSON.
//!
//! The same box objects are the input of `satbox check`, so a scene's `a` and `b` can be pasted
//! into a check line and back. Reading validates everything (see [`SceneError`]); writing goes to
//! a temporary file that is then renamed over the target, so a crash never leaves half a scene.

use std::fmt;
use std::path::{Path, PathBuf};

use glam::{Quat, Vec2, Vec3};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::sat::{Obb2, Obb3, ObbError};

pub mod manifold;
pub mod presets;

/// 2D or 3D.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Rectangles, 4 axes.
    #[serde(rename = "2d")]
    Two,
    /// Boxes, 15 axes.
    #[default]
    #[serde(rename = "3d")]
    Three,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Two => "2D",
            Mode::Three => "3D",
        })
    }
}

/// A 3D box as written in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxSpec3 {
    /// `[x, y, z]`.
    pub center: [f32; 3],
    /// `[x, y, z]`, each `≥ 0`.
    pub half_extents: [f32; 3],
    /// Quaternion `[x, y, z, w]`; normalised on reading.
    pub rotation: [f32; 4],
}

/// A 2D box as written in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxSpec2 {
    /// `[x, y]`.
    pub center: [f32; 2],
    /// `[x, y]`, each `≥ 0`.
    pub half_extents: [f32; 2],
    /// Radians, counter-clockwise.
    pub angle: f32,
}

impl BoxSpec3 {
    /// Validates into a box.
    pub fn to_obb(&self) -> Result<Obb3, ObbError> {
        Obb3::new(
            Vec3::from(self.center),
            Vec3::from(self.half_extents),
            Quat::from_array(self.rotation),
        )
    }
}

impl From<&Obb3> for BoxSpec3 {
    fn from(o: &Obb3) -> Self {
        Self {
            center: o.center.to_array(),
            half_extents: o.half_extents.to_array(),
            rotation: o.rotation.to_array(),
        }
    }
}

impl BoxSpec2 {
    /// Validates into a box.
    pub fn to_obb(&self) -> Result<Obb2, ObbError> {
        Obb2::new(
            Vec2::from(self.center),
            Vec2::from(self.half_extents),
            self.angle,
        )
    }
}

impl From<&Obb2> for BoxSpec2 {
    fn from(o: &Obb2) -> Self {
        Self {
            center: o.center.to_array(),
            half_extents: o.half_extents.to_array(),
            angle: o.angle,
        }
    }
}

/// A validated pair of boxes of either dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pair {
    /// Two rectangles.
    Two(Obb2, Obb2),
    /// Two boxes.
    Three(Obb3, Obb3),
}

impl Pair {
    /// The pair's mode.
    pub fn mode(&self) -> Mode {
        match self {
            Pair::Two(..) => Mode::Two,
            Pair::Three(..) => Mode::Three,
        }
    }
}

/// What is wrong with a case or a scene.
#[derive(Clone, Debug, PartialEq)]
pub enum SceneError {
    /// Not JSON at all.
    Json(String),
    /// JSON, but not of the expected shape.
    Shape(String),
    /// A box has a bad value.
    Box {
        /// `a` or `b`.
        name: &'static str,
        /// What is wrong.
        error: ObbError,
    },
    /// Reading or writing the file failed.
    Io(String),
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SceneError::Json(m) => write!(f, "invalid JSON: {m}"),
            SceneError::Shape(m) => f.write_str(m),
            SceneError::Box { name, error } => write!(f, "box {name}: {error}"),
            SceneError::Io(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SceneError {}

fn box_dimension(name: &str, v: &Value) -> Result<Mode, SceneError> {
    let obj = v
        .as_object()
        .ok_or_else(|| SceneError::Shape(format!("box {name} must be an object")))?;
    let center_len = obj.get("center").and_then(Value::as_array).map(Vec::len);
    match (obj.contains_key("rotation"), obj.contains_key("angle"), center_len) {
        (true, true, _) => Err(SceneError::Shape(format!(
            "box {name} has both \"rotation\" (3D) and \"angle\" (2D)"
        ))),
        (true, false, _) | (false, false, Some(3)) => Ok(Mode::Three),
        (false, true, _) | (false, false, Some(2)) => Ok(Mode::Two),
        _ => Err(SceneError::Shape(format!(
            "box {name} needs \"center\", \"half_extents\" and \"rotation\" [x,y,z,w] (3D) or \"angle\" (2D)"
        ))),
    }
}

fn parse_box<T: for<'de> Deserialize<'de>>(name: &'static str, v: &Value) -> Result<T, SceneError> {
    T::deserialize(v).map_err(|e| SceneError::Shape(format!("box {name}: {e}")))
}

/// Reads the two boxes `a` and `b` of a JSON object (a `check` line or a scene), deciding 2D or 3D
/// from their fields and validating every number. `expected` forces a mode (scenes name theirs).
pub fn pair_from_value(v: &Value, expected: Option<Mode>) -> Result<Pair, SceneError> {
    let obj = v.as_object().ok_or_else(|| {
        SceneError::Shape("expected a JSON object with boxes \"a\" and \"b\"".into())
    })?;
    let get = |name: &'static str| {
        obj.get(name)
            .ok_or_else(|| SceneError::Shape(format!("missing box \"{name}\"")))
    };
    let (va, vb) = (get("a")?, get("b")?);
    let (da, db) = (box_dimension("a", va)?, box_dimension("b", vb)?);
    if da != db {
        return Err(SceneError::Shape(format!(
            "mixed dimensions: box a is {da} but box b is {db}"
        )));
    }
    if let Some(m) = expected {
        if m != da {
            return Err(SceneError::Shape(format!(
                "the scene says mode {m} but its boxes are {da}"
            )));
        }
    }
    let err = |name| move |error| SceneError::Box { name, error };
    Ok(match da {
        Mode::Three => Pair::Three(
            parse_box::<BoxSpec3>("a", va)?.to_obb().map_err(err("a"))?,
            parse_box::<BoxSpec3>("b", vb)?.to_obb().map_err(err("b"))?,
        ),
        Mode::Two => Pair::Two(
            parse_box::<BoxSpec2>("a", va)?.to_obb().map_err(err("a"))?,
            parse_box::<BoxSpec2>("b", vb)?.to_obb().map_err(err("b"))?,
        ),
    })
}

/// Reads one `check` line.
pub fn pair_from_json(line: &str) -> Result<Pair, SceneError> {
    let v: Value = serde_json::from_str(line).map_err(|e| SceneError::Json(e.to_string()))?;
    pair_from_value(&v, None)
}

/// A scene file: the mode, a one-line description, the two boxes in the `check` format and the
/// view state (camera, selected axis, filters, overlays) as the app wrote it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// `"2d"` or `"3d"`.
    pub mode: Mode,
    /// One line shown in the scene menu.
    #[serde(default)]
    pub description: String,
    /// Box A.
    pub a: Value,
    /// Box B.
    pub b: Value,
    /// View state; an unreadable view falls back to defaults, it never blocks the boxes.
    #[serde(default)]
    pub view: Value,
}

impl Scene {
    /// A scene of a validated pair.
    pub fn new(pair: &Pair, description: impl Into<String>, view: Value) -> Self {
        let (a, b) = match pair {
            Pair::Two(a, b) => (json_of(&BoxSpec2::from(a)), json_of(&BoxSpec2::from(b))),
            Pair::Three(a, b) => (json_of(&BoxSpec3::from(a)), json_of(&BoxSpec3::from(b))),
        };
        Self {
            mode: pair.mode(),
            description: description.into(),
            a,
            b,
            view,
        }
    }

    /// The validated boxes.
    pub fn pair(&self) -> Result<Pair, SceneError> {
        let mut obj = serde_json::Map::new();
        obj.insert("a".into(), self.a.clone());
        obj.insert("b".into(), self.b.clone());
        pair_from_value(&Value::Object(obj), Some(self.mode))
    }

    /// Parses and validates a scene from JSON text.
    pub fn from_json(text: &str) -> Result<(Scene, Pair), SceneError> {
        let scene: Scene = serde_json::from_str(text).map_err(|e| {
            if e.is_syntax() || e.is_eof() {
                SceneError::Json(e.to_string())
            } else {
                SceneError::Shape(e.to_string())
            }
        })?;
        let pair = scene.pair()?;
        Ok((scene, pair))
    }

    /// Reads and validates a scene file.
    pub fn load(path: &Path) -> Result<(Scene, Pair), SceneError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SceneError::Io(format!("cannot read {}: {e}", path.display())))?;
        Self::from_json(&text).map_err(|e| match e {
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

fn json_of<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
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

    #[test]
    fn a_line_with_rotation_is_3d_and_with_angle_is_2d() {
        let p = pair_from_json(
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},
                "b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,2]}}"#,
        )
        .unwrap();
        assert_eq!(p.mode(), Mode::Three);
        let p = pair_from_json(
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},
                "b":{"center":[3,0],"half_extents":[1,1],"angle":0.5}}"#,
        )
        .unwrap();
        assert_eq!(p.mode(), Mode::Two);
    }

    #[test]
    fn mixed_dimensions_are_named_as_such() {
        let e = pair_from_json(
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},
                "b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
        )
        .unwrap_err();
        assert!(e.to_string().contains("mixed dimensions"), "{e}");
    }

    #[test]
    fn unknown_field_is_reported_with_its_box() {
        let e = pair_from_json(
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0,"colour":1},
                "b":{"center":[3,0],"half_extents":[1,1],"angle":0}}"#,
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("box a: unknown field"), "{e}");
    }

    #[test]
    fn a_scene_round_trips_through_its_file_format() {
        let pair = pair_from_json(
            r#"{"a":{"center":[0.1,0,0],"half_extents":[1,2,3],"rotation":[0,0.6,0,0.8]},
                "b":{"center":[3,0,1e-7],"half_extents":[1,1,0],"rotation":[0,0,0,1]}}"#,
        )
        .unwrap();
        let scene = Scene::new(&pair, "two boxes", serde_json::json!({"selected_axis": 3}));
        let (back, back_pair) = Scene::from_json(&scene.to_json()).unwrap();
        assert_eq!(back, scene);
        assert_eq!(back_pair, pair);
    }

    #[test]
    fn a_scene_whose_mode_contradicts_its_boxes_is_rejected() {
        let text = r#"{"mode":"2d","a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},
                       "b":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#;
        let e = Scene::from_json(text).unwrap_err();
        assert!(e.to_string().contains("mode 2D"), "{e}");
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
