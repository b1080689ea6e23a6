//! Recordings: a JSON Lines file of successive pairs (recorded from an engine, or any list of
//! cases) read as a timeline.
//!
//! Each line (or pretty multi-line object, as in [`super::cases`]) is one frame: a case with boxes
//! `a` and `b` in any encoding of [`super::boxes`], and optionally `"t"` (its time in seconds) and
//! `"label"` (a word for the timeline). A line that cannot be read stays in the timeline as an
//! error with its line number; it never stops the rest from loading. The recording's mode is the
//! mode of its first good frame; a frame of the other mode is an error frame too.
//!
//! A frame recorded from a simulation (`satbox record`) may carry `"engine"`: the engine's own
//! contact for that step ([`RecordedContact`]), shown beside satbox's on the timeline.

use std::io::BufRead;
use std::path::Path;

use glam::Vec3;
use serde_json::{Map, Value};

use super::cases::Cases;
use super::number::{f32_json, f32s_json, unsigned_zero};
use super::{read_pair, Mode, NotedPair, SceneError};

/// A contact point as an engine built it during a simulation step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RecordedPoint {
    /// Where it is, in world coordinates.
    pub point: Vec3,
    /// The engine's separation there: negative when the boxes overlap.
    pub separation: f32,
    /// The engine's own id of the point (Box3D's feature id).
    pub id: u32,
    /// The engine matched the point with one of the step before (its warm start survived).
    pub persisted: bool,
}

/// An engine's own contact between the frame's two boxes, as a simulation built it from the
/// frame's poses (the `"engine"` of a frame):
/// `{"name": "Box3D 3.1", "normal": [x, y, z], "points": [{"point": [x, y, z], "separation": s,
/// "id": n, "persisted": true}]}`, the normal from box a to box b. No points: the engine had no
/// contact between them in that step.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedContact {
    /// The engine, with its version.
    pub name: String,
    /// The contact's normal, from a to b (zero when there are no points).
    pub normal: Vec3,
    /// Its points, in the engine's order.
    pub points: Vec<RecordedPoint>,
}

impl RecordedContact {
    /// The JSON object, every number as its shortest text.
    pub fn to_value(&self) -> Value {
        let points = self
            .points
            .iter()
            .map(|p| {
                let mut m = Map::new();
                m.insert(
                    "point".into(),
                    f32s_json(&p.point.to_array().map(unsigned_zero)),
                );
                m.insert("separation".into(), f32_json(unsigned_zero(p.separation)));
                m.insert("id".into(), p.id.into());
                m.insert("persisted".into(), p.persisted.into());
                Value::Object(m)
            })
            .collect();
        let mut m = Map::new();
        m.insert("name".into(), self.name.clone().into());
        m.insert(
            "normal".into(),
            f32s_json(&self.normal.to_array().map(unsigned_zero)),
        );
        m.insert("points".into(), Value::Array(points));
        Value::Object(m)
    }

    /// Reads the `"engine"` of a frame; the error names what is wrong.
    pub fn from_value(v: &Value) -> Result<Self, String> {
        let vec3 = |v: Option<&Value>, what: &str| -> Result<Vec3, String> {
            let xs: Option<Vec<f32>> = v
                .and_then(Value::as_array)
                .filter(|a| a.len() == 3)
                .and_then(|a| a.iter().map(|x| x.as_f64().map(|x| x as f32)).collect());
            xs.filter(|xs| xs.iter().all(|x| x.is_finite()))
                .map(|xs| Vec3::new(xs[0], xs[1], xs[2]))
                .ok_or_else(|| format!("\"engine\": {what} must be three finite numbers"))
        };
        let name = v
            .get("name")
            .and_then(Value::as_str)
            .ok_or("\"engine\" needs a \"name\" (text)")?
            .to_string();
        let normal = vec3(v.get("normal"), "\"normal\"")?;
        let points = v
            .get("points")
            .and_then(Value::as_array)
            .ok_or("\"engine\" needs \"points\" (a list, empty when there is no contact)")?
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let at = |key: &str| format!("point {} \"{key}\"", k + 1);
                Ok(RecordedPoint {
                    point: vec3(p.get("point"), &at("point"))?,
                    separation: p
                        .get("separation")
                        .and_then(Value::as_f64)
                        .map(|s| s as f32)
                        .filter(|s| s.is_finite())
                        .ok_or_else(|| {
                            format!("\"engine\": {} must be a number", at("separation"))
                        })?,
                    id: p
                        .get("id")
                        .and_then(Value::as_u64)
                        .and_then(|n| u32::try_from(n).ok())
                        .ok_or_else(|| {
                            format!("\"engine\": {} must be a whole number", at("id"))
                        })?,
                    persisted: p.get("persisted").and_then(Value::as_bool).unwrap_or(false),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Self {
            name,
            normal,
            points,
        })
    }

    /// The share of its points the engine kept from the step before (1 with no points).
    pub fn persisted_share(&self) -> f32 {
        if self.points.is_empty() {
            return 1.0;
        }
        self.points.iter().filter(|p| p.persisted).count() as f32 / self.points.len() as f32
    }

    /// Its deepest point's separation (the most negative), if it has points.
    pub fn deepest(&self) -> Option<f32> {
        self.points.iter().map(|p| p.separation).reduce(f32::min)
    }
}

/// One frame of a recording.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedFrame {
    /// 1-based line number in the file (the first line of a multi-line frame).
    pub line: usize,
    /// Its `"t"`, when it has one.
    pub t: Option<f64>,
    /// Its `"label"`, when it has one.
    pub label: Option<String>,
    /// The pair and its notes, or what is wrong with the frame.
    pub case: Result<NotedPair, SceneError>,
    /// The engine's own contact, in a frame recorded from a simulation.
    pub engine: Option<RecordedContact>,
}

/// Every frame of a recording, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    /// In file order, error frames included.
    pub frames: Vec<RecordedFrame>,
}

fn frame(line: usize, text: Result<String, String>) -> RecordedFrame {
    let mut f = RecordedFrame {
        line,
        t: None,
        label: None,
        case: Err(SceneError::Shape(String::new())),
        engine: None,
    };
    let text = match text {
        Err(e) => {
            f.case = Err(SceneError::Shape(e));
            return f;
        }
        Ok(text) => text,
    };
    let value = match serde_json::from_str::<Value>(&text) {
        Err(e) => {
            f.case = Err(SceneError::json_in(&text, &e, line));
            return f;
        }
        Ok(v) => v,
    };
    match value.get("t") {
        None => {}
        Some(t) => match t.as_f64() {
            Some(t) => f.t = Some(t),
            None => {
                f.case = Err(SceneError::Shape(format!(
                    "\"t\" must be a number (seconds), not {t}"
                )));
                return f;
            }
        },
    }
    f.label = value
        .get("label")
        .and_then(Value::as_str)
        .map(str::to_string);
    if let Some(e) = value.get("engine") {
        match RecordedContact::from_value(e) {
            Ok(e) => f.engine = Some(e),
            Err(e) => {
                f.case = Err(SceneError::Shape(e));
                return f;
            }
        }
    }
    f.case = read_pair(&value, None);
    f
}

impl Recording {
    /// Reads a recording; only an I/O error is fatal, bad frames are kept as errors.
    pub fn from_reader<R: BufRead>(reader: R) -> Result<Recording, SceneError> {
        let mut frames = Vec::new();
        for case in Cases::new(reader) {
            let case =
                case.map_err(|e| SceneError::Io(format!("cannot read the recording: {e}")))?;
            frames.push(frame(case.line, case.text));
        }
        let mut recording = Recording { frames };
        recording.refuse_other_mode();
        Ok(recording)
    }

    /// Reads a recording from text.
    pub fn from_text(text: &str) -> Recording {
        // reading from memory cannot fail
        Self::from_reader(text.as_bytes()).unwrap_or_default()
    }

    /// Reads a recording file.
    pub fn load(path: &Path) -> Result<Recording, SceneError> {
        let file = std::fs::File::open(path)
            .map_err(|e| SceneError::Io(format!("cannot read {}: {e}", path.display())))?;
        Self::from_reader(std::io::BufReader::new(file))
    }

    /// The mode of the first good frame; `None` when no frame is good.
    pub fn mode(&self) -> Option<Mode> {
        self.frames
            .iter()
            .find_map(|f| f.case.as_ref().ok().map(|c| c.pair.mode()))
    }

    /// The frames that read, with their index in [`Recording::frames`].
    pub fn good_frames(&self) -> impl Iterator<Item = (usize, &RecordedFrame, &NotedPair)> {
        self.frames
            .iter()
            .enumerate()
            .filter_map(|(k, f)| f.case.as_ref().ok().map(|c| (k, f, c)))
    }

    /// How many frames are errors.
    pub fn error_count(&self) -> usize {
        self.frames.iter().filter(|f| f.case.is_err()).count()
    }

    fn refuse_other_mode(&mut self) {
        let Some(mode) = self.mode() else { return };
        let first = self
            .frames
            .iter()
            .find(|f| f.case.is_ok())
            .map_or(0, |f| f.line);
        for f in &mut self.frames {
            if let Ok(c) = &f.case {
                if c.pair.mode() != mode {
                    f.case = Err(SceneError::Shape(format!(
                        "this frame is {} but the recording is {mode} (from line {first})",
                        c.pair.mode()
                    )));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const F3: &str = r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;

    #[test]
    fn frames_come_in_order_with_their_time_and_label_and_bad_lines_stay_as_errors() {
        let text = format!(
            "{F3},\"t\":0.0,\"label\":\"start\"}}\nnot json\n\n{F3},\"t\":\"soon\"}}\n{F3},\"t\":0.5}}\n"
        );
        let r = Recording::from_text(&text);
        assert_eq!(r.frames.len(), 4);
        assert_eq!(r.frames[0].t, Some(0.0));
        assert_eq!(r.frames[0].label.as_deref(), Some("start"));
        assert_eq!(r.frames[1].line, 2);
        assert!(matches!(r.frames[1].case, Err(SceneError::Json(_))));
        assert_eq!(r.frames[2].line, 4);
        assert_eq!(
            r.frames[2].case.as_ref().unwrap_err().to_string(),
            "\"t\" must be a number (seconds), not \"soon\""
        );
        assert_eq!(r.frames[3].t, Some(0.5));
        assert_eq!(r.error_count(), 2);
        assert_eq!(
            r.good_frames().map(|(k, _, _)| k).collect::<Vec<_>>(),
            [0, 3]
        );
        assert_eq!(r.mode(), Some(Mode::Three));
    }

    #[test]
    fn a_frame_of_the_other_dimension_is_an_error_frame() {
        let two = r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":{"center":[3,0],"half_extents":[1,1],"angle":0}}"#;
        let r = Recording::from_text(&format!("bad\n{F3}}}\n{two}\n"));
        assert_eq!(r.mode(), Some(Mode::Three));
        assert_eq!(
            r.frames[2].case.as_ref().unwrap_err().to_string(),
            "this frame is 2D but the recording is 3D (from line 2)"
        );
    }

    #[test]
    fn an_engines_contact_reads_back_as_written_and_a_bad_one_names_its_field() {
        let contact = RecordedContact {
            name: "Box3D 3.1".into(),
            normal: Vec3::new(0.0, 1.0, 0.0),
            points: vec![RecordedPoint {
                point: Vec3::new(0.25, 0.1, -0.5),
                separation: -0.004,
                id: 65793,
                persisted: true,
            }],
        };
        let line = format!("{F3},\"engine\":{}}}", contact.to_value());
        let r = Recording::from_text(&line);
        assert!(r.frames[0].case.is_ok());
        assert!(r.frames[0].case.as_ref().unwrap().notes.is_empty());
        assert_eq!(r.frames[0].engine.as_ref(), Some(&contact));
        let bad = format!("{F3},\"engine\":{{\"name\":\"x\",\"normal\":[0,1],\"points\":[]}}}}");
        assert_eq!(
            Recording::from_text(&bad).frames[0]
                .case
                .as_ref()
                .unwrap_err()
                .to_string(),
            "\"engine\": \"normal\" must be three finite numbers"
        );
    }

    #[test]
    fn a_missing_file_is_an_error_and_an_empty_one_is_an_empty_timeline() {
        assert!(Recording::load(Path::new("/nonexistent/satbox.jsonl")).is_err());
        let r = Recording::from_text("\n\n");
        assert!(r.frames.is_empty() && r.mode().is_none());
    }
}
