//! Boxes in and out: scenes, the box encodings every reader accepts, pasted engine output, links,
//! recordings. Pure data and parsing on glam, serde and serde_json; nothing here draws.
//!
//! * [`boxes`]: the one box format (`half_extents` or `size`; a quaternion either way round, a
//!   basis or Euler angles; `angle` or `angle_deg`), its [`Note`]s and the one form satbox writes.
//! * [`file`](mod@file): scene files ([`Scene`]): the two boxes of one mode plus the view state worth
//!   keeping, as pretty JSON, written atomically.
//! * [`number`]: every `f32` written as the shortest text that reads back the same.
//! * [`cases`]: JSON Lines read one case at a time, a pretty multi-line object as one case.
//! * [`paste`]: numbers pasted from an engine, read in that engine's order and conventions.
//! * [`link`]: a scene as a URL fragment, exact and versioned.
//! * [`recording`]: a JSON Lines file of successive pairs as a timeline.
//! * [`presets`]: the scenes compiled in from `assets/scenes/`.
//! * [`unique`]: JSON read as serde_json reads it, a key given twice refused.
//! * [`fast`]: `check`'s reader, every encoding straight into numbers.
//!
//! The same box objects are the input of `satbox check`, so a scene's `a` and `b` can be pasted
//! into a check line and back.

use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::sat::{Obb, Obb2, Obb3, ObbError, Vector, Which};

pub mod boxes;
pub mod cases;
#[cfg(feature = "cli")]
pub mod fast;
pub mod file;
pub mod link;
pub mod manifold;
pub mod motion;
pub mod number;
pub mod paste;
pub mod presets;
pub mod recording;
pub mod rotation;
pub mod sets;
pub mod testcase;
pub mod unique;

pub use boxes::{
    box2_from_numbers, box3_from_numbers, box3_from_unit_numbers, box_values, canonical,
    check_line, noted_pair_from_json, pair_from_json, radius_from_number, read_pair,
    stable_rotation, BoxSpec2, BoxSpec3, Note, NotedPair,
};
#[cfg(feature = "cli")]
pub use fast::{read_case, read_case_fast, read_case_general, ReadCase};
pub use file::{user_data_dir, user_scenes_dir, write_atomic, Scene};

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

impl Mode {
    /// 2 or 3.
    pub fn dim(self) -> usize {
        match self {
            Mode::Two => 2,
            Mode::Three => 3,
        }
    }

    /// `"2d"` or `"3d"`, as files write it.
    pub fn parse(v: &Value) -> Option<Mode> {
        match v.as_str()? {
            "2d" => Some(Mode::Two),
            "3d" => Some(Mode::Three),
            _ => None,
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Two => "2D",
            Mode::Three => "3D",
        })
    }
}

/// Every number of a pair's boxes as bits, for tests that hold two readers to the bit.
#[cfg(test)]
pub(crate) fn pair_bits(p: &Pair) -> Vec<u32> {
    let mut v = Vec::new();
    match p {
        Pair::Three(a, b) => {
            for o in [a, b] {
                v.extend(o.center.to_array().map(f32::to_bits));
                v.extend(o.half_extents.to_array().map(f32::to_bits));
                v.extend(o.rotation.to_array().map(f32::to_bits));
            }
        }
        Pair::Two(a, b) => {
            for o in [a, b] {
                v.extend(o.center.to_array().map(f32::to_bits));
                v.extend(o.half_extents.to_array().map(f32::to_bits));
                v.push(o.angle.to_bits());
            }
        }
    }
    v
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

    /// Asks `question` of the two boxes, whichever their dimension: the one place a pair is
    /// taken apart (a question is written once, over [`PairBox`]).
    pub fn ask<Q: PairQuestion>(&self, question: Q) -> Q::Answer {
        match self {
            Pair::Two(a, b) => question.ask(a, b),
            Pair::Three(a, b) => question.ask(a, b),
        }
    }
}

/// A box of either dimension as scenes hold it: into a [`Pair`] and out of one, read from a box
/// object in every encoding satbox accepts, written in the one form it writes. Implemented by
/// [`Obb2`] and [`Obb3`] (in [`boxes`]).
pub trait PairBox: Obb {
    /// The mode of a pair of these.
    const MODE: Mode;
    /// The pair of `a` and `b`.
    fn pair(a: Self, b: Self) -> Pair;
    /// The boxes of `pair`, when it is of this dimension.
    fn of_pair(pair: &Pair) -> Option<(Self, Self)>;
    /// Reads and validates box `which` from its JSON object; what it notices (unknown fields, a
    /// quaternion not of length 1, a missing rotation) goes to `notes`.
    fn read(which: Which, v: &Value, notes: &mut Vec<Note>) -> Result<Self, SceneError>;
    /// The box as it reads back from what satbox writes (each quaternion a fixed point of
    /// normalisation: [`stable_rotation`]).
    fn canonical(&self) -> Self;
    /// The box object as satbox writes it: `center`, `half_extents`, then `rotation` or `angle`,
    /// each number its shortest text.
    fn to_value(&self) -> Value;
    /// One line for messages: `center [0, 1, 0], half extents [1, 1, 1], rotation …`.
    fn describe(&self) -> String;
    /// The box as a Rust expression that builds it bit for bit (for a generated test).
    fn rust_expr(&self) -> String;
    /// The `use` lines and the module (`dim2`, `dim3`) of such an expression.
    fn rust_module() -> (&'static str, &'static str);
    /// The statements `let a = …; let b = …;` that build the pair bit for bit.
    fn rust_lets(a: &Self, b: &Self) -> String {
        format!(
            "    let a = {};\n    let b = {};\n",
            a.rust_expr(),
            b.rust_expr()
        )
    }
}

impl Pair {
    /// What is wrong with either box, if anything: checked again where a box may have been built
    /// field by field, skipping the constructors' checks.
    pub fn validate(&self) -> Result<(), ObbError> {
        struct Validate;
        impl PairQuestion for Validate {
            type Answer = Result<(), ObbError>;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer {
                a.validate().and(b.validate())
            }
        }
        self.ask(Validate)
    }

    /// Every half extent of both boxes, A's then B's.
    pub fn half_extents(&self) -> arrayvec::ArrayVec<f32, 6> {
        struct Extents;
        impl PairQuestion for Extents {
            type Answer = arrayvec::ArrayVec<f32, 6>;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer {
                let dim = B::Vec::DIM;
                let mut out = arrayvec::ArrayVec::new();
                for o in [a, b] {
                    out.extend(o.half_extents().to_coords()[..dim].iter().copied());
                }
                out
            }
        }
        self.ask(Extents)
    }

    /// Both boxes with each half extent less `shrink` (at least 0): the cores of boxes whose
    /// convex radius `shrink` lies inside their half extents (Jolt's).
    pub fn shrunk(&self, shrink: f32) -> Pair {
        struct Shrunk(f32);
        impl PairQuestion for Shrunk {
            type Answer = Pair;
            fn ask<B: PairBox>(self, a: &B, b: &B) -> Pair {
                B::pair(a.shrunk(self.0), b.shrunk(self.0))
            }
        }
        self.ask(Shrunk(shrink))
    }
}

/// The size of a pair ([`crate::sat::scale`]), whichever its dimension.
pub fn pair_scale(pair: &Pair) -> f32 {
    struct Scale;
    impl PairQuestion for Scale {
        type Answer = f32;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> f32 {
            crate::sat::scale(a, b)
        }
    }
    pair.ask(Scale)
}

/// A question asked of a pair of either dimension, written once over [`PairBox`] and asked with
/// [`Pair::ask`].
pub trait PairQuestion {
    /// What the question returns.
    type Answer;
    /// The answer for the boxes `a` and `b`.
    fn ask<B: PairBox>(self, a: &B, b: &B) -> Self::Answer;
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

impl SceneError {
    /// JSON `text` that does not parse: serde_json's `error` in words, at the line of the file
    /// (`first_line` is the file's line where `text` starts, so a record's error points at its own
    /// line, not "line 1"). A NaN or an infinity is named: JSON has no such numbers.
    pub fn json_in(text: &str, error: &serde_json::Error, first_line: usize) -> SceneError {
        let (line, column) = (error.line(), error.column());
        let at = format!("at line {}, column {column}", first_line + line.max(1) - 1);
        let words = match non_number_at(text, line, column) {
            Some(word) => format!(
                "{word} is not a JSON number (JSON has no NaN or Infinity: write a finite number)"
            ),
            None => without_position(&error.to_string()),
        };
        SceneError::Json(format!("{words} {at}"))
    }
}

/// serde_json's message without the " at line L column C" it ends with.
fn without_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(k) => message[..k].to_string(),
        None => message.to_string(),
    }
}

/// The word at `line` and `column` (1-based, as serde_json counts) of `text`, with a sign before
/// it, when it is one of the non-numbers other languages write: `NaN`, `Infinity`, `inf`.
fn non_number_at(text: &str, line: usize, column: usize) -> Option<String> {
    let row = text.lines().nth(line.checked_sub(1)?)?;
    // (a column inside a character of several bytes counts from that character's start)
    let mut start = column.saturating_sub(1).min(row.len());
    while !row.is_char_boundary(start) {
        start -= 1;
    }
    // serde_json stops at the sign or at the letter after it
    let from = row[..start]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphabetic() || *c == '-' || *c == '+'))
        .map_or(0, |(k, c)| k + c.len_utf8());
    let word: String = row[from..]
        .chars()
        .take_while(|c| c.is_ascii_alphabetic() || *c == '-' || *c == '+')
        .collect();
    let bare = word.trim_start_matches(['-', '+']).to_ascii_lowercase();
    matches!(bare.as_str(), "nan" | "infinity" | "inf").then_some(word)
}

#[cfg(test)]
mod tests {
    use super::non_number_at;

    /// The parser's column can fall inside a letter of several bytes (`Ť` is two): the word is
    /// read from that letter's start, never sliced through it.
    #[test]
    fn a_column_inside_a_letter_of_several_bytes_is_read_from_the_letter() {
        assert_eq!(non_number_at("[0,\u{164}1]", 1, 5), None);
        assert_eq!(
            non_number_at("[0,\u{164}-inf]", 1, 6).as_deref(),
            Some("-inf")
        );
        assert!(non_number_at("[0,-Infinity]", 1, 5)
            .unwrap()
            .contains("Infinity"));
    }
}
