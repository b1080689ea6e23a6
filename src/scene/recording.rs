//! Recordings: a JSON Lines file of successive pairs (recorded from an engine, or any list of
//! cases) read as a timeline.
//!
//! Each line (or pretty multi-line object, as in [`super::cases`]) is one frame: a case with boxes
//! `a` and `b` in any encoding of [`super::boxes`], and optionally `"t"` (its time in seconds) and
//! `"label"` (a word for the timeline). A line that cannot be read stays in the timeline as an
//! error with its line number; it never stops the rest from loading. The recording's mode is the
//! mode of its first good frame; a frame of the other mode is an error frame too.

use std::io::BufRead;
use std::path::Path;

use serde_json::Value;

use super::cases::Cases;
use super::{read_pair, Mode, NotedPair, SceneError};

/// One frame of a recording.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// 1-based line number in the file (the first line of a multi-line frame).
    pub line: usize,
    /// Its `"t"`, when it has one.
    pub t: Option<f64>,
    /// Its `"label"`, when it has one.
    pub label: Option<String>,
    /// The pair and its notes, or what is wrong with the frame.
    pub case: Result<NotedPair, SceneError>,
}

/// Every frame of a recording, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recording {
    /// In file order, error frames included.
    pub frames: Vec<Frame>,
}

fn frame(line: usize, text: Result<String, String>) -> Frame {
    let mut f = Frame {
        line,
        t: None,
        label: None,
        case: Err(SceneError::Shape(String::new())),
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
    pub fn good_frames(&self) -> impl Iterator<Item = (usize, &Frame, &NotedPair)> {
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
    fn a_missing_file_is_an_error_and_an_empty_one_is_an_empty_timeline() {
        assert!(Recording::load(Path::new("/nonexistent/satbox.jsonl")).is_err());
        let r = Recording::from_text("\n\n");
        assert!(r.frames.is_empty() && r.mode().is_none());
    }
}
