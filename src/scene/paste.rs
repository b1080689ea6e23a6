//! Boxes pasted from an engine: the numbers an engine prints, read in that engine's order and
//! conventions, into a validated pair and the notes to show before it is applied.
//!
//! The window's paste dialog has one preset per [`Engine`]; each states its conventions
//! ([`Engine::statement`]) and the order of the numbers it expects for box A and then box B
//! ([`Engine::fields`], [`Engine::number_order`]). [`paste`] takes every number in the text in
//! order ([`numbers_in`]: words, labels, brackets and separators are skipped, and so are digits
//! inside names such as `Vector3` or `b2Rot`) and reads them field by field. A wrong count is an
//! error saying how many numbers were found and expected and in which field they run out; a value
//! an engine would not accept (a negative size, a scaled basis, a convex radius larger than the box)
//! is an error naming the field; a convention that looks mistaken (a quaternion that reads as the
//! identity in the other order) is a note.

use glam::{DQuat, DVec2, DVec3};
use serde_json::{json, Value};

use super::boxes::{box_name, read_boxes, Note, NotedPair};
use super::number::f64_text;
use super::rotation::{angle_from_columns, length_note, robust_length};
use super::{Mode, Pair, PairBox, PairQuestion, SceneError};
use crate::sat::{Obb2, Obb3, Vector, Which};

/// An engine whose printed boxes can be pasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Unity: `BoxCollider` (full size, local centre offset) on a transform with `lossyScale`.
    Unity,
    /// Godot 4: `BoxShape3D` / `RectangleShape2D` (full size) and the global transform's basis.
    Godot,
    /// Jolt: `BoxShape` (half extents including the convex radius).
    Jolt,
    /// parry / rapier on nalgebra: `Cuboid` (half extents); `Quaternion::new(w, i, j, k)`.
    Parry,
    /// parry 0.31 / glam: `Cuboid` (half extents); `Rotation::from_xyzw(x, y, z, w)`.
    ParryGlam,
    /// MuJoCo: box geom `size` (half), `pos`, `quat` (w first).
    MuJoCo,
    /// bepuphysics2: `Box(width, height, length)` (full), `RigidPose`.
    Bepu,
    /// Box2D (2D, `b2Rot` as cosine and sine) and Box3D (3D, `b3Quat`): half extents.
    Box2D3D,
}

/// One field of an engine's printed box: what it is and how many numbers it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// Its name as the engine calls it.
    pub name: &'static str,
    /// How many numbers.
    pub count: usize,
    /// The order of its numbers: `"x, y, z"`, `"w, x, y, z"`, `"degrees"`.
    pub order: &'static str,
    /// The words that label it in a printout, in lower case without spaces or underscores
    /// (`"lossyscale"`, `"halfextent"`, which read `lossyScale` and `half_extent` too); empty
    /// when the engine's printout does not label it (a constructor's arguments, Godot's `X:`). A
    /// label of at most 3 letters (`"pos"`) is read only as a word of its own, not inside another
    /// (`"position"` is its own label).
    pub labels: &'static [&'static str],
}

const fn field(name: &'static str, count: usize, order: &'static str) -> Field {
    Field {
        name,
        count,
        order,
        labels: &[],
    }
}

const fn labelled(
    name: &'static str,
    count: usize,
    order: &'static str,
    labels: &'static [&'static str],
) -> Field {
    Field {
        name,
        count,
        order,
        labels,
    }
}

const UNITY3: [Field; 5] = [
    labelled(
        "BoxCollider.center (local offset)",
        3,
        "x, y, z",
        &["center"],
    ),
    labelled("BoxCollider.size (full, local)", 3, "x, y, z", &["size"]),
    labelled("transform.lossyScale", 3, "x, y, z", &["lossyscale"]),
    labelled("transform.position", 3, "x, y, z", &["position"]),
    labelled("transform.rotation", 4, "x, y, z, w", &["rotation"]),
];
const UNITY2: [Field; 5] = [
    labelled("BoxCollider2D.offset (local)", 2, "x, y", &["offset"]),
    labelled("BoxCollider2D.size (full, local)", 2, "x, y", &["size"]),
    labelled("transform.lossyScale", 2, "x, y", &["lossyscale"]),
    labelled("transform.position", 2, "x, y", &["position"]),
    labelled("transform.eulerAngles.z", 1, "degrees", &["eulerangles"]),
];
const GODOT3: [Field; 5] = [
    field("BoxShape3D.size (full)", 3, "x, y, z"),
    field("global_transform.basis.x (column X:)", 3, "x, y, z"),
    field("global_transform.basis.y (column Y:)", 3, "x, y, z"),
    field("global_transform.basis.z (column Z:)", 3, "x, y, z"),
    field("global_transform.origin (O:)", 3, "x, y, z"),
];
const GODOT2: [Field; 4] = [
    field("RectangleShape2D.size (full)", 2, "x, y"),
    field("global_transform.x (column X:)", 2, "x, y"),
    field("global_transform.y (column Y:)", 2, "x, y"),
    field("global_transform.origin (O:)", 2, "x, y"),
];
const JOLT3: [Field; 4] = [
    labelled("BoxShape half extent", 3, "x, y, z", &["halfextent"]),
    labelled(
        "BoxShape convex radius",
        1,
        "r",
        &["convexradius", "radius"],
    ),
    labelled("position", 3, "x, y, z", &["position", "pos"]),
    labelled("rotation (Quat)", 4, "x, y, z, w", &["rotation", "rot"]),
];
const PARRY3: [Field; 3] = [
    field("Cuboid half extents", 3, "x, y, z"),
    field("translation", 3, "x, y, z"),
    field("rotation, Quaternion::new", 4, "w, x, y, z"),
];
const PARRY_GLAM3: [Field; 3] = [
    field("Cuboid half extents", 3, "x, y, z"),
    field("translation", 3, "x, y, z"),
    field("rotation, Rotation::from_xyzw", 4, "x, y, z, w"),
];
const PARRY2: [Field; 3] = [
    field("Cuboid half extents", 2, "x, y"),
    field("translation", 2, "x, y"),
    field("rotation angle", 1, "radians"),
];
const MUJOCO3: [Field; 3] = [
    labelled("geom size (half)", 3, "x, y, z", &["size="]),
    labelled("pos", 3, "x, y, z", &["pos="]),
    labelled("quat", 4, "w, x, y, z", &["quat="]),
];
const BEPU3: [Field; 3] = [
    field("Box width, height, length (full)", 3, "x, y, z"),
    field("RigidPose.Position", 3, "x, y, z"),
    field("RigidPose.Orientation", 4, "x, y, z, w"),
];
const BOX2D2: [Field; 3] = [
    field("b2MakeBox half width, half height", 2, "x, y"),
    field("position", 2, "x, y"),
    field("b2Rot", 2, "c, s"),
];
const BOX3D3: [Field; 3] = [
    field("b3MakeBox half extents", 3, "x, y, z"),
    field("position", 3, "x, y, z"),
    field("b3Quat (v, s)", 4, "x, y, z, w"),
];

impl Engine {
    /// Every engine, in the order the dialog lists them.
    pub const ALL: [Engine; 8] = [
        Engine::Unity,
        Engine::Godot,
        Engine::Jolt,
        Engine::Parry,
        Engine::ParryGlam,
        Engine::MuJoCo,
        Engine::Bepu,
        Engine::Box2D3D,
    ];

    /// The name in the dialog.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Unity => "Unity",
            Engine::Godot => "Godot 4",
            Engine::Jolt => "Jolt",
            Engine::Parry => "parry / rapier (nalgebra)",
            Engine::ParryGlam => "parry 0.31 (glam)",
            Engine::MuJoCo => "MuJoCo",
            Engine::Bepu => "bepuphysics2",
            Engine::Box2D3D => "Box2D / Box3D",
        }
    }

    /// One paragraph stating the engine's conventions, for the dialog.
    pub fn statement(self) -> &'static str {
        match self {
            Engine::Unity => "Unity: a BoxCollider's size is the full size in the object's local space, scaled by the transform's lossyScale (a negative scale mirrors the box; under a rotated parent with non-uniform scale lossyScale is only approximate), and its center is a local offset, turned and scaled with the object. Quaternions print x, y, z, w. Per box: BoxCollider.center, BoxCollider.size, transform.lossyScale, transform.position, transform.rotation (2D: BoxCollider2D.offset, size, lossyScale x y, position x y, eulerAngles.z in degrees). Vector3.ToString() prints 2 decimals: ToString(\"F6\") keeps the numbers.",
            Engine::Godot => "Godot 4: BoxShape3D.size (RectangleShape2D.size in 2D) is the full size. The global transform prints as [X: (…), Y: (…), Z: (…), O: (…)]: the basis columns, which are the box's axes, then the origin. A scaled basis is refused with the scale found: move the scale into the size. Per box: size, then the transform as printed.",
            Engine::Jolt => "Jolt: a BoxShape takes half extents, and its convex radius (0.05 by default) is inside them: Jolt's box is the given half extents with edges and corners rounded by that radius; satbox reads it as that rounded box (a core of the half extents less the radius, grown by it) and says how far the sharp box's corners would reach beyond it. Quaternions are x, y, z, w. Per box: half extent, convex radius, position, rotation. No 2D boxes.",
            Engine::Parry => "parry / rapier on nalgebra: Cuboid::new takes half extents; an Isometry is a translation and a UnitQuaternion, and nalgebra's Quaternion::new(w, i, j, k) takes w first. Per box: half extents, translation, rotation w, x, y, z (2D: half extents, translation, angle in radians).",
            Engine::ParryGlam => "parry 0.31 on glam: Cuboid::new takes half extents; a Pose is a translation and a glam quaternion, built with Rotation::from_xyzw(x, y, z, w): w last. Per box: half extents, translation, rotation x, y, z, w (2D: half extents, translation, angle in radians).",
            Engine::MuJoCo => "MuJoCo: a box geom's size is its half sizes; pos is its centre and quat its orientation, w first (the default quat=\"1 0 0 0\"). Per box: size, pos, quat w, x, y, z, as in <geom type=\"box\" size=\"…\" pos=\"…\" quat=\"…\"/>. No 2D boxes.",
            Engine::Bepu => "bepuphysics2: new Box(width, height, length) takes the full sizes along x, y, z; a RigidPose is a Position and an Orientation, a System.Numerics.Quaternion printed x, y, z, w. Per box: width, height, length, position, orientation. No 2D boxes.",
            Engine::Box2D3D => "Box2D (2D) and Box3D (3D): b2MakeBox / b3MakeBox take half extents. Box2D's rotation is a b2Rot, the cosine and sine of the angle (c, s), not an angle; Box3D's is a b3Quat {v, s}: x, y, z, then w. Per box: half extents, position, rotation (c, s in 2D; x, y, z, w in 3D).",
        }
    }

    /// The fields of one box, in the order the numbers are read; `None` when the engine has no
    /// boxes of that dimension.
    pub fn fields(self, mode: Mode) -> Option<&'static [Field]> {
        Some(match (self, mode) {
            (Engine::Unity, Mode::Three) => &UNITY3,
            (Engine::Unity, Mode::Two) => &UNITY2,
            (Engine::Godot, Mode::Three) => &GODOT3,
            (Engine::Godot, Mode::Two) => &GODOT2,
            (Engine::Jolt, Mode::Three) => &JOLT3,
            (Engine::Parry, Mode::Three) => &PARRY3,
            (Engine::ParryGlam, Mode::Three) => &PARRY_GLAM3,
            (Engine::Parry | Engine::ParryGlam, Mode::Two) => &PARRY2,
            (Engine::MuJoCo, Mode::Three) => &MUJOCO3,
            (Engine::Bepu, Mode::Three) => &BEPU3,
            (Engine::Box2D3D, Mode::Three) => &BOX3D3,
            (Engine::Box2D3D, Mode::Two) => &BOX2D2,
            (Engine::Jolt | Engine::MuJoCo | Engine::Bepu, Mode::Two) => return None,
        })
    }

    /// How many numbers one box takes.
    pub fn numbers_per_box(self, mode: Mode) -> Option<usize> {
        self.fields(mode).map(|f| f.iter().map(|f| f.count).sum())
    }

    /// The order of the numbers of one box, for the dialog: `"BoxCollider.center (x, y, z),
    /// BoxCollider.size (x, y, z), …"`.
    pub fn number_order(self, mode: Mode) -> Option<String> {
        self.fields(mode).map(|fields| {
            fields
                .iter()
                .map(|f| format!("{} ({})", f.name, f.order))
                .collect::<Vec<_>>()
                .join(", ")
        })
    }

    /// What a paste looks like, as the engine prints it (the dialog's placeholder): a box resting
    /// on another.
    pub fn example(self, mode: Mode) -> Option<&'static str> {
        Some(match (self, mode) {
            (Engine::Unity, Mode::Three) => "A: center (0.0, 0.0, 0.0) size (4.0, 1.0, 4.0) lossyScale (1.0, 1.0, 1.0) position (0.0, 0.0, 0.0) rotation (0.00000, 0.00000, 0.00000, 1.00000)\nB: center (0.0, 0.0, 0.0) size (1.0, 1.0, 1.0) lossyScale (1.0, 1.0, 1.0) position (0.2, 0.95, 0.0) rotation (0.00000, 0.38268, 0.00000, 0.92388)",
            (Engine::Unity, Mode::Two) => "A: offset (0.0, 0.0) size (4.0, 1.0) lossyScale (1.0, 1.0) position (0.0, 0.0) eulerAngles.z 0\nB: offset (0.0, 0.0) size (1.0, 1.0) lossyScale (1.0, 1.0) position (0.2, 1.03) eulerAngles.z 10",
            (Engine::Godot, Mode::Three) => "A: size (4, 1, 4) [X: (1, 0, 0), Y: (0, 1, 0), Z: (0, 0, 1), O: (0, 0, 0)]\nB: size (1, 1, 1) [X: (0.707107, 0, -0.707107), Y: (0, 1, 0), Z: (0.707107, 0, 0.707107), O: (0.2, 0.95, 0)]",
            (Engine::Godot, Mode::Two) => "A: size (4, 1) [X: (1, 0), Y: (0, 1), O: (0, 0)]\nB: size (1, 1) [X: (0.984808, 0.173648), Y: (-0.173648, 0.984808), O: (0.2, 1.03)]",
            (Engine::Jolt, Mode::Three) => "A: BoxShape(Vec3(2.0f, 0.5f, 2.0f), 0.05f) position RVec3(0, 0, 0) rotation Quat(0, 0, 0, 1)\nB: BoxShape(Vec3(0.5f, 0.5f, 0.5f), 0.05f) position RVec3(0.2, 0.95, 0) rotation Quat(0, 0.382683, 0, 0.92388)",
            (Engine::Parry, Mode::Three) => "A: Cuboid::new(Vector3::new(2.0, 0.5, 2.0)), Isometry3::from_parts(Translation3::new(0.0, 0.0, 0.0), UnitQuaternion::from_quaternion(Quaternion::new(1.0, 0.0, 0.0, 0.0)))\nB: Cuboid::new(Vector3::new(0.5, 0.5, 0.5)), Isometry3::from_parts(Translation3::new(0.2, 0.95, 0.0), UnitQuaternion::from_quaternion(Quaternion::new(0.92388, 0.0, 0.382683, 0.0)))",
            (Engine::ParryGlam, Mode::Three) => "A: Cuboid::new(Vector::new(2.0, 0.5, 2.0)), Pose::from_parts(Vector::new(0.0, 0.0, 0.0), Rotation::from_xyzw(0.0, 0.0, 0.0, 1.0))\nB: Cuboid::new(Vector::new(0.5, 0.5, 0.5)), Pose::from_parts(Vector::new(0.2, 0.95, 0.0), Rotation::from_xyzw(0.0, 0.382683, 0.0, 0.92388))",
            (Engine::Parry | Engine::ParryGlam, Mode::Two) => "A: Cuboid::new(Vector2::new(2.0, 0.5)), Isometry2::new(Vector2::new(0.0, 0.0), 0.0)\nB: Cuboid::new(Vector2::new(0.5, 0.5)), Isometry2::new(Vector2::new(0.2, 1.03), 0.174533)",
            (Engine::MuJoCo, Mode::Three) => "<geom name=\"a\" type=\"box\" size=\"2 0.5 2\" pos=\"0 0 0\" quat=\"1 0 0 0\"/>\n<geom name=\"b\" type=\"box\" size=\"0.5 0.5 0.5\" pos=\"0.2 0.95 0\" quat=\"0.92388 0 0.382683 0\"/>",
            (Engine::Bepu, Mode::Three) => "A: new Box(4, 1, 4) new RigidPose(new Vector3(0, 0, 0), new Quaternion(0, 0, 0, 1))\nB: new Box(1, 1, 1) new RigidPose(new Vector3(0.2f, 0.95f, 0), new Quaternion(0, 0.382683f, 0, 0.92388f))",
            (Engine::Box2D3D, Mode::Three) => "A: b3MakeBox(2.0f, 0.5f, 2.0f) p {0, 0, 0} q {{0, 0, 0}, 1}\nB: b3MakeBox(0.5f, 0.5f, 0.5f) p {0.2f, 0.95f, 0} q {{0, 0.382683f, 0}, 0.92388f}",
            (Engine::Box2D3D, Mode::Two) => "A: b2MakeBox(2.0f, 0.5f) p {0, 0} q {1, 0}\nB: b2MakeBox(0.5f, 0.5f) p {0.2f, 1.03f} q {0.984808f, 0.173648f}",
            (Engine::Jolt | Engine::MuJoCo | Engine::Bepu, Mode::Two) => return None,
        })
    }
}

/// Every number in `text`, in order: an optional sign, digits with an optional decimal point, an
/// optional exponent, and an optional float suffix (`f`, `f32`, `f64`, `_f32`…). A number that
/// touches a letter, a digit or an underscore before it, or a letter after it, is part of a name
/// (`Vector3`, `b2Rot`, `3D`) and is skipped; so is a body's number (`Body 1:`, `body #2`,
/// `BodyID 3`), which names a body, not a box's value.
pub fn numbers_in(text: &str) -> Vec<f64> {
    numbers_at(text).into_iter().map(|(_, x)| x).collect()
}

/// [`numbers_in`], each number with the byte offset where it starts.
fn numbers_at(text: &str) -> Vec<(usize, f64)> {
    let b = text.as_bytes();
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        let starts_number = b[k].is_ascii_digit()
            || (b[k] == b'.' && b.get(k + 1).is_some_and(u8::is_ascii_digit))
            || (matches!(b[k], b'-' | b'+')
                && (b.get(k + 1).is_some_and(u8::is_ascii_digit)
                    || (b.get(k + 1) == Some(&b'.')
                        && b.get(k + 2).is_some_and(u8::is_ascii_digit))));
        let joined = k > 0 && (word(b[k - 1]) || b[k - 1] == b'.');
        if !starts_number || joined {
            // skip the whole word so that digits inside it are not read
            k += 1;
            while k < b.len() && word(b[k]) && word(b[k - 1]) {
                k += 1;
            }
            continue;
        }
        let start = k;
        if matches!(b[k], b'-' | b'+') {
            k += 1;
        }
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k < b.len() && b[k] == b'.' {
            k += 1;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
        }
        if k < b.len() && matches!(b[k], b'e' | b'E') {
            let mut e = k + 1;
            if e < b.len() && matches!(b[e], b'-' | b'+') {
                e += 1;
            }
            if e < b.len() && b[e].is_ascii_digit() {
                while e < b.len() && b[e].is_ascii_digit() {
                    e += 1;
                }
                k = e;
            }
        }
        let end = k;
        // a float suffix: f, F, f32, f64, _f32, _f64
        let rest = &text[k..];
        for suffix in ["_f32", "_f64", "f32", "f64", "f", "F"] {
            if rest.starts_with(suffix) {
                k += suffix.len();
                break;
            }
        }
        if k < b.len() && word(b[k]) {
            // `2d`, `3x`: part of a word
            while k < b.len() && word(b[k]) {
                k += 1;
            }
            continue;
        }
        if body_number(&text[..start]) {
            continue;
        }
        if let Ok(x) = text[start..end].parse::<f64>() {
            if x.is_finite() {
                out.push((start, x));
            }
        }
    }
    out
}

/// Whether a number after `before` is a body's number: `before` ends with the word `body`,
/// `bodyid` or `body_id` (any case), then spaces, `#` or `(`.
fn body_number(before: &str) -> bool {
    let word = before
        .trim_end_matches([' ', '\t', '#', '('])
        .as_bytes()
        .rsplit(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    [&b"body"[..], b"bodyid", b"body_id"]
        .iter()
        .any(|w| word.ends_with(w))
}

/// Number `at` (a byte offset where [`numbers_at`] found one) as `text` writes it, and the words
/// around it on its line: `"0.000000" in "rot=(0.000000, 0.000000, …"`.
fn number_in_context(text: &str, at: usize) -> String {
    let own = text[at..]
        .split(|c: char| !(c.is_ascii_digit() || matches!(c, '+' | '-' | '.' | 'e' | 'E')))
        .next()
        .unwrap_or_default();
    let line_start = text[..at].rfind('\n').map_or(0, |k| k + 1);
    let line_end = text[at..].find('\n').map_or(text.len(), |k| at + k);
    // up to 16 characters either side, within the line
    let from = text[line_start..at]
        .char_indices()
        .rev()
        .nth(15)
        .map_or(line_start, |(k, _)| line_start + k);
    let to = text[at + own.len()..line_end]
        .char_indices()
        .nth(16)
        .map_or(line_end, |(k, _)| at + own.len() + k);
    let cut_before = if from > line_start { "…" } else { "" };
    let cut_after = if to < line_end { "…" } else { "" };
    format!(
        "\"{own}\" in \"{cut_before}{}{cut_after}\"",
        text[from..to].trim()
    )
}

fn bad(which: Which, message: impl Into<String>) -> SceneError {
    SceneError::Shape(format!("box {}: {}", box_name(which), message.into()))
}

fn list(xs: &[f64]) -> String {
    format!(
        "({})",
        xs.iter()
            .map(|x| f64_text(*x))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// A note when a quaternion slot reads as the identity in the other order: `(0, 0, 0, 1)` read
/// w first is a half turn, and `(1, 0, 0, 0)` read w last is one too.
fn order_note(which: Which, q: &[f64], w_first: bool) -> Option<Note> {
    let near = |x: f64, y: f64| (x - y).abs() < 1e-6;
    let [a, b, c, d] = [q[0], q[1], q[2], q[3]];
    let other_identity = if w_first {
        near(a, 0.0) && near(b, 0.0) && near(c, 0.0) && near(d.abs(), 1.0)
    } else {
        near(a.abs(), 1.0) && near(b, 0.0) && near(c, 0.0) && near(d, 0.0)
    };
    other_identity.then(|| {
        let (read, other, axis) = if w_first {
            ("w, x, y, z", "x, y, z, w", "z")
        } else {
            ("x, y, z, w", "w, x, y, z", "x")
        };
        Note::about(
            which,
            format!(
                "the rotation {} read as {read} is a half turn about {axis}; if it was meant as {other} (no rotation), choose a preset that reads {other}",
                list(q)
            ),
        )
    })
}

fn nonnegative(which: Which, what: &str, xs: &[f64]) -> Result<(), SceneError> {
    match xs.iter().position(|x| *x < 0.0) {
        Some(k) => Err(bad(
            which,
            format!(
                "{what}[{k}] is {}; it must be >= 0 (0 is a flat box)",
                f64_text(xs[k])
            ),
        )),
        None => Ok(()),
    }
}

/// A unit quaternion in `f64` from x, y, z, w (identity when zero: the reader refuses that).
fn unit_quat(xyzw: [f64; 4]) -> DQuat {
    let len = robust_length(&xyzw);
    if len > 0.0 && len.is_finite() {
        DQuat::from_xyzw(xyzw[0], xyzw[1], xyzw[2], xyzw[3]) / len
    } else {
        DQuat::IDENTITY
    }
}

/// One box's numbers, read as `engine` writes them, into satbox's box object and notes.
fn box_value(
    engine: Engine,
    mode: Mode,
    which: Which,
    n: &[f64],
    notes: &mut Vec<Note>,
) -> Result<Value, SceneError> {
    match (engine, mode) {
        (Engine::Unity, Mode::Three) => unity_box_collider(which, n, notes),
        (Engine::Unity, Mode::Two) => unity_box_collider_2d(which, n, notes),
        (Engine::Godot, Mode::Three) => godot_box_shape_3d(which, n),
        (Engine::Godot, Mode::Two) => godot_rectangle_shape_2d(which, n, notes),
        (Engine::Jolt, _) => jolt_box_shape(which, n, notes),
        (Engine::Parry, Mode::Three) => half_extents_wxyz(which, "Cuboid half extents", n, notes),
        (Engine::MuJoCo, _) => half_extents_wxyz(which, "size", n, notes),
        (Engine::ParryGlam, Mode::Three) | (Engine::Box2D3D, Mode::Three) => {
            half_extents_xyzw(which, n, notes)
        }
        (Engine::Parry | Engine::ParryGlam, Mode::Two) => parry_cuboid_2d(which, n),
        (Engine::Bepu, _) => bepu_box(which, n, notes),
        (Engine::Box2D3D, Mode::Two) => box2d_make_box(which, n, notes),
    }
}

/// Unity 3D: a `BoxCollider`'s local centre and size, scaled by `lossyScale`, on the transform.
fn unity_box_collider(which: Which, n: &[f64], notes: &mut Vec<Note>) -> Result<Value, SceneError> {
    let (center, size, scale, position, q) = (
        &n[0..3],
        &n[3..6],
        &n[6..9],
        &n[9..12],
        [n[12], n[13], n[14], n[15]],
    );
    nonnegative(which, "BoxCollider.size", size)?;
    notes.extend(order_note(which, &q, false));
    let world_size: Vec<f64> = size.iter().zip(scale).map(|(s, k)| s * k.abs()).collect();
    let offset = DVec3::from_slice(center) * DVec3::from_slice(scale);
    let world_center = DVec3::from_slice(position) + unit_quat(q) * offset;
    if scale.iter().any(|k| *k < 0.0) {
        notes.push(Note::about(
            which,
            format!(
                "lossyScale {} is negative on an axis: a mirrored box, sized by the absolute scale",
                list(scale)
            ),
        ));
    }
    if scale.iter().any(|k| *k != 1.0) || offset != DVec3::ZERO {
        notes.push(Note::about(which, format!(
            "world size = size × |lossyScale| = {}, world centre = position + rotation × (center × lossyScale) = {}",
            list(&world_size),
            list(&world_center.to_array())
        )));
    }
    Ok(json!({"center": world_center.to_array(), "size": world_size, "rotation": q}))
}

/// Unity 2D: a `BoxCollider2D`'s local offset and size, scaled by `lossyScale`, on the transform.
fn unity_box_collider_2d(
    which: Which,
    n: &[f64],
    notes: &mut Vec<Note>,
) -> Result<Value, SceneError> {
    let (offset, size, scale, position, degrees) = (&n[0..2], &n[2..4], &n[4..6], &n[6..8], n[8]);
    nonnegative(which, "BoxCollider2D.size", size)?;
    let world_size: Vec<f64> = size.iter().zip(scale).map(|(s, k)| s * k.abs()).collect();
    let local = DVec2::from_slice(offset) * DVec2::from_slice(scale);
    let turned = DVec2::from_angle(degrees.to_radians()).rotate(local);
    let world_center = DVec2::from_slice(position) + turned;
    if scale.iter().any(|k| *k != 1.0) || local != DVec2::ZERO {
        notes.push(Note::about(which, format!(
            "world size = size × |lossyScale| = {}, world centre = position + rotation × (offset × lossyScale) = {}",
            list(&world_size),
            list(&world_center.to_array())
        )));
    }
    Ok(json!({"center": world_center.to_array(), "size": world_size, "angle_deg": degrees}))
}

/// Godot 3D: a `BoxShape3D`'s full size and the global transform's basis columns and origin.
fn godot_box_shape_3d(which: Which, n: &[f64]) -> Result<Value, SceneError> {
    nonnegative(which, "BoxShape3D.size", &n[0..3])?;
    let rows: Vec<[f64; 3]> = (0..3).map(|i| [n[3 + i], n[6 + i], n[9 + i]]).collect();
    Ok(json!({"center": &n[12..15], "size": &n[0..3], "basis": rows}))
}

/// Godot 2D: a `RectangleShape2D`'s full size and the global `Transform2D`, a pure rotation.
fn godot_rectangle_shape_2d(
    which: Which,
    n: &[f64],
    notes: &mut Vec<Note>,
) -> Result<Value, SceneError> {
    let size = &n[0..2];
    nonnegative(which, "RectangleShape2D.size", size)?;
    let (x, y) = (DVec2::new(n[2], n[3]), DVec2::new(n[4], n[5]));
    let (angle, note) = angle_from_columns(x, y).map_err(|e| {
        let mut m = format!("the Transform2D {e}; satbox takes a pure rotation");
        if let Some(scale) = e.scale() {
            let scaled: Vec<f64> = size.iter().zip(scale).map(|(s, k)| s * k).collect();
            m += &format!(
                ": move the scale into RectangleShape2D.size ({} becomes {}) and divide each column by its length",
                list(size),
                list(&scaled)
            );
        }
        bad(which, m)
    })?;
    if let Some(note) = note {
        notes.push(Note::about(which, format!("the Transform2D {note}")));
    }
    Ok(json!({"center": &n[6..8], "size": size, "angle": angle}))
}

/// Jolt: a `BoxShape`'s half extents (its convex radius included), position and `Quat`.
fn jolt_box_shape(which: Which, n: &[f64], notes: &mut Vec<Note>) -> Result<Value, SceneError> {
    let (half, radius, position, q) = (&n[0..3], n[3], &n[4..7], &n[7..11]);
    nonnegative(which, "BoxShape half extent", half)?;
    let smallest = half.iter().fold(f64::INFINITY, |m, x| m.min(*x));
    if radius < 0.0 || radius > smallest {
        return Err(bad(which, format!(
            "the convex radius {} must be between 0 and the smallest half extent {} (Jolt's half extents include it)",
            f64_text(radius),
            f64_text(smallest)
        )));
    }
    notes.extend(order_note(which, q, false));
    if radius == 0.0 {
        return Ok(json!({"center": position, "half_extents": half, "rotation": q}));
    }
    // Jolt's shape: the half extents less the radius, rounded by it
    let r = radius;
    let core: Vec<f64> = half.iter().map(|h| h - r).collect();
    notes.push(Note::about(which, format!(
        "Jolt's half extents include its convex radius {}: read as Jolt collides it, a core of half extents {} rounded by {} (set the radius to 0 for the sharp box, whose edges reach {} and corners {} beyond it)",
        f64_text(r),
        core.iter().map(|x| f64_text(*x)).collect::<Vec<_>>().join(", "),
        f64_text(r),
        f64_text(round4(r * (2f64.sqrt() - 1.0))),
        f64_text(round4(r * (3f64.sqrt() - 1.0)))
    )));
    Ok(json!({"center": position, "half_extents": core, "rotation": q, "radius": r}))
}

/// parry on nalgebra (3D) and MuJoCo: half extents called `what`, position, quaternion w first.
fn half_extents_wxyz(
    which: Which,
    what: &str,
    n: &[f64],
    notes: &mut Vec<Note>,
) -> Result<Value, SceneError> {
    let (half, position, q) = (&n[0..3], &n[3..6], &n[6..10]);
    nonnegative(which, what, half)?;
    notes.extend(order_note(which, q, true));
    Ok(json!({"center": position, "half_extents": half, "rotation_wxyz": q}))
}

/// parry on glam and Box3D: half extents, position, quaternion w last.
fn half_extents_xyzw(which: Which, n: &[f64], notes: &mut Vec<Note>) -> Result<Value, SceneError> {
    let (half, position, q) = (&n[0..3], &n[3..6], &n[6..10]);
    nonnegative(which, "half extents", half)?;
    notes.extend(order_note(which, q, false));
    Ok(json!({"center": position, "half_extents": half, "rotation": q}))
}

/// parry 2D: a `Cuboid`'s half extents, translation and angle in radians.
fn parry_cuboid_2d(which: Which, n: &[f64]) -> Result<Value, SceneError> {
    nonnegative(which, "Cuboid half extents", &n[0..2])?;
    Ok(json!({"center": &n[2..4], "half_extents": &n[0..2], "angle": n[4]}))
}

/// bepuphysics2: a `Box`'s full width, height and length, and its `RigidPose`.
fn bepu_box(which: Which, n: &[f64], notes: &mut Vec<Note>) -> Result<Value, SceneError> {
    let (size, position, q) = (&n[0..3], &n[3..6], &n[6..10]);
    nonnegative(which, "Box width, height, length", size)?;
    notes.extend(order_note(which, q, false));
    Ok(json!({"center": position, "size": size, "rotation": q}))
}

/// Box2D: `b2MakeBox` half extents, position and a `b2Rot` as cosine and sine.
fn box2d_make_box(which: Which, n: &[f64], notes: &mut Vec<Note>) -> Result<Value, SceneError> {
    let (half, position, (c, s)) = (&n[0..2], &n[2..4], (n[4], n[5]));
    nonnegative(which, "b2MakeBox half extents", half)?;
    if robust_length(&[c, s]) == 0.0 {
        return Err(bad(
            which,
            "b2Rot (0, 0) is not a rotation: a b2Rot is (cos, sin) of the angle",
        ));
    }
    if let Some(n) = length_note(&[c, s]) {
        notes.push(Note::about(
            which,
            format!(
                "b2Rot {} {n}: a b2Rot is (cos, sin) of the angle, of length 1",
                list(&[c, s])
            ),
        ));
    }
    Ok(json!({"center": position, "half_extents": half, "angle": s.atan2(c)}))
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// Where the numbers run out: the box, field and position in it of number `index` (0-based).
fn field_at(
    fields: &'static [Field],
    per_box: usize,
    index: usize,
) -> (char, &'static Field, usize) {
    let which = if index < per_box { 'a' } else { 'b' };
    let mut k = index % per_box;
    for f in fields {
        if k < f.count {
            return (which, f, k);
        }
        k -= f.count;
    }
    (which, &fields[fields.len() - 1], 0)
}

/// Where a field's label stands in a printout: its byte range and which field of the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LabelAt {
    start: usize,
    end: usize,
    field: usize,
}

/// `text` in lower case without spaces, tabs and underscores (`"Half Extent"` and
/// `"half_extent"` both become `"halfextent"`), with the byte offset in `text` where each of its
/// bytes came from and where that character ends.
fn squeezed(text: &str) -> (String, Vec<(usize, usize)>) {
    let mut out = String::new();
    let mut from = Vec::new();
    for (k, c) in text.char_indices() {
        if matches!(c, ' ' | '\t' | '_') {
            continue;
        }
        let lower = c.to_ascii_lowercase();
        out.push(lower);
        from.extend(std::iter::repeat_n((k, k + c.len_utf8()), lower.len_utf8()));
    }
    (out, from)
}

/// Every label of `fields` in `text`, in order: where two labels overlap the longer is kept
/// (`convex radius`, not its `radius`), and a field labelled again before any number (`GetRotation()
/// = Quat(…)` naming the rotation twice) counts once. `None` when a field has no label to look for.
fn labels_in(text: &str, fields: &[Field]) -> Option<Vec<LabelAt>> {
    if fields.iter().any(|f| f.labels.is_empty()) {
        return None;
    }
    let (flat, from) = squeezed(text);
    let mut found: Vec<LabelAt> = Vec::new();
    for (k, f) in fields.iter().enumerate() {
        for label in f.labels {
            for (i, _) in flat.match_indices(label) {
                let (start, end) = (from[i].0, from[i + label.len() - 1].1);
                let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
                let inside_a_word =
                    letter(text[..start].chars().next_back()) || letter(text[end..].chars().next());
                if label.len() <= 3 && inside_a_word {
                    continue;
                }
                found.push(LabelAt {
                    start,
                    end,
                    field: k,
                });
            }
        }
    }
    found.sort_by_key(|l| (l.start, std::cmp::Reverse(l.end)));
    let numbers: Vec<usize> = numbers_at(text).into_iter().map(|(at, _)| at).collect();
    let mut kept: Vec<LabelAt> = Vec::new();
    for l in found {
        let Some(last) = kept.last() else {
            kept.push(l);
            continue;
        };
        let between = numbers.iter().any(|&n| n >= last.end && n < l.start);
        if l.start < last.end || (l.field == last.field && !between) {
            continue;
        }
        kept.push(l);
    }
    Some(kept)
}

/// The numbers of a paste read by its labels, in the order the engine's fields are read, and the
/// notes on how they were read.
type Labelled = (Vec<f64>, Vec<Note>);

/// The numbers of a paste whose fields are labelled, whatever their order: box A's fields then
/// box B's, in the order the engine's fields are read, and a note when the printout had them in
/// another order. `Ok(None)` when the text does not label every field of each box exactly once
/// (it is then read by position); an error when a label is followed by the wrong count of numbers.
fn by_labels(text: &str, fields: &[Field]) -> Result<Option<Labelled>, SceneError> {
    let Some(labels) = labels_in(text, fields) else {
        return Ok(None);
    };
    let n = fields.len();
    let each_once = |part: &[LabelAt]| {
        let mut seen: Vec<usize> = part.iter().map(|l| l.field).collect();
        seen.sort_unstable();
        seen == (0..n).collect::<Vec<_>>()
    };
    if labels.len() != 2 * n || !each_once(&labels[..n]) || !each_once(&labels[n..]) {
        return Ok(None);
    }
    let numbers = numbers_at(text);
    let mut ordered = vec![0.0; 2 * fields.iter().map(|f| f.count).sum::<usize>()];
    for (k, l) in labels.iter().enumerate() {
        let until = labels.get(k + 1).map_or(text.len(), |next| next.start);
        let own: Vec<f64> = numbers
            .iter()
            .filter(|(at, _)| *at >= l.end && *at < until)
            .map(|(_, x)| *x)
            .collect();
        let f = &fields[l.field];
        let which = if k < n { Which::A } else { Which::B };
        if own.len() != f.count {
            return Err(bad(
                which,
                format!(
                    "its {} ({}) is labelled \"{}\" and followed by {} number(s); it takes {}",
                    f.name,
                    f.order,
                    text[l.start..l.end].trim(),
                    own.len(),
                    f.count
                ),
            ));
        }
        let offset = usize::from(which == Which::B) * (ordered.len() / 2)
            + fields[..l.field].iter().map(|f| f.count).sum::<usize>();
        ordered[offset..offset + f.count].copy_from_slice(&own);
    }
    let mut notes = Vec::new();
    let skipped: Vec<f64> = numbers
        .iter()
        .filter(|(at, _)| *at < labels[0].start)
        .map(|(_, x)| *x)
        .collect();
    if !skipped.is_empty() {
        notes.push(Note::about_case(format!(
            "the numbers before the first label, {}, are not read",
            list(&skipped)
        )));
    }
    let usual: Vec<usize> = (0..n).collect();
    let order = |part: &[LabelAt]| part.iter().map(|l| l.field).collect::<Vec<_>>();
    if order(&labels[..n]) != usual || order(&labels[n..]) != usual {
        let names = |part: &[LabelAt]| {
            part.iter()
                .map(|l| text[l.start..l.end].trim().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        notes.push(Note::about_case(format!(
            "read by the labels, in the order printed: box a {}; box b {}",
            names(&labels[..n]),
            names(&labels[n..])
        )));
    }
    Ok(Some((ordered, notes)))
}

/// When the text labels its fields (`A: center (…) size (…) …`) and a box lacks one that the
/// other box has: which box lacks which field, as a sentence. The text is split into the two boxes at the second
/// label of the field labelled first; `None` when the labels do not tell.
fn missing_labels(text: &str, fields: &[Field]) -> Option<String> {
    let labels = labels_in(text, fields)?;
    let first = labels.first()?.field;
    let starts: Vec<usize> = (0..labels.len())
        .filter(|&k| labels[k].field == first)
        .collect();
    let [_, second] = starts[..] else {
        return None;
    };
    // a field the text never labels is printed some other way (a constructor's argument)
    let used = |k: usize| labels.iter().any(|l| l.field == k);
    let mut gaps = Vec::new();
    for (part, which) in [(&labels[..second], 'a'), (&labels[second..], 'b')] {
        for (k, f) in fields.iter().enumerate() {
            if used(k) && !part.iter().any(|l| l.field == k) {
                gaps.push(format!("box {which} has no {}", f.name));
            }
        }
    }
    (!gaps.is_empty()).then(|| {
        let needs: Vec<&str> = fields.iter().map(|f| f.name).collect();
        format!(
            "{} (each box needs {})",
            gaps.join(" and "),
            needs.join(", ")
        )
    })
}

/// What else a count of numbers would fit: the other dimension of this engine, or another
/// engine in this dimension.
fn count_hint(engine: Engine, mode: Mode, found: usize) -> String {
    let other = match mode {
        Mode::Three => Mode::Two,
        Mode::Two => Mode::Three,
    };
    if engine.numbers_per_box(other).map(|n| 2 * n) == Some(found) {
        return format!(
            " {found} is what {} takes in {other}: is the mode right?",
            engine.name()
        );
    }
    let fits: Vec<&str> = Engine::ALL
        .iter()
        .filter(|e| **e != engine && e.numbers_per_box(mode).map(|n| 2 * n) == Some(found))
        .map(|e| e.name())
        .collect();
    if fits.is_empty() {
        String::new()
    } else {
        format!(
            " {found} is what {} takes: is the engine right?",
            fits.join(" and ")
        )
    }
}

/// A sentence for each pasted box that came out flat ("box a came out flat: its half extents
/// [0, 0, 0] make a point"). A zero extent is a valid box, but from a paste it more often means a
/// field was read from the wrong numbers, so it is said before the boxes are applied. Empty when
/// neither box is flat.
pub fn flat_boxes(pair: &Pair) -> Vec<String> {
    struct Flat;
    impl PairQuestion for Flat {
        type Answer = Vec<String>;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Vec<String> {
            [(Which::A, a), (Which::B, b)]
                .into_iter()
                .filter_map(|(which, o)| {
                    let half = o.half_extents().coords();
                    let kept = half.iter().filter(|x| **x != 0.0).count();
                    let shape = match kept {
                        _ if kept == half.len() => return None,
                        0 => "a point",
                        1 => "a segment",
                        _ => "a flat rectangle",
                    };
                    Some(format!(
                        "box {} came out flat: its half extents {} make {shape}; check that each field was read from its own numbers",
                        box_name(which),
                        list(&half.iter().map(|x| *x as f64).collect::<Vec<_>>())
                    ))
                })
                .collect()
        }
    }
    pair.ask(Flat)
}

/// The numbers of `text` after the first `expected`, each by its own text where it stands
/// (`number 23, "0.5" in "…pos=(0.5, 1, 2)"`): the first three, and how many more.
fn left_over(text: &str, expected: usize) -> String {
    let numbers = numbers_at(text);
    let extra = &numbers[expected.min(numbers.len())..];
    let mut named: Vec<String> = extra
        .iter()
        .take(3)
        .enumerate()
        .map(|(k, (at, _))| {
            format!(
                "number {}, {}",
                expected + k + 1,
                number_in_context(text, *at)
            )
        })
        .collect();
    if extra.len() > 3 {
        named.push(format!("{} more after them", extra.len() - 3));
    }
    named.join("; ")
}

/// Reads pasted text as `engine` prints boxes of dimension `mode`: every number, in order, box A's
/// fields then box B's ([`Engine::fields`]), into a validated pair with the notes to show before
/// it is applied. Errors say how many numbers were found and expected and which field is wrong.
pub fn paste(engine: Engine, mode: Mode, text: &str) -> Result<NotedPair, SceneError> {
    let Some(fields) = engine.fields(mode) else {
        return Err(SceneError::Shape(format!(
            "{} has no {mode} boxes; choose {} or another engine",
            engine.name(),
            match mode {
                Mode::Two => "3D",
                Mode::Three => "2D",
            }
        )));
    };
    let per_box: usize = fields.iter().map(|f| f.count).sum();
    let (numbers, mut notes) = match by_labels(text, fields)? {
        Some(read) => read,
        None => (numbers_in(text), Vec::new()),
    };
    let expected = 2 * per_box;
    let layout = engine.number_order(mode).unwrap_or_default();
    if numbers.len() < expected {
        // the labels the text carries say which field is missing; else where the numbers end
        let missing = missing_labels(text, fields).unwrap_or_else(|| {
            let (which, f, have) = field_at(fields, per_box, numbers.len());
            format!(
                "they run out in box {which}'s {} ({}), {have} of its {} there",
                f.name, f.order, f.count
            )
        });
        return Err(SceneError::Shape(format!(
            "{} {mode}: found {} numbers, expected {expected} ({per_box} per box: {layout}); {missing}.{}",
            engine.name(),
            numbers.len(),
            count_hint(engine, mode, numbers.len())
        )));
    }
    if numbers.len() > expected {
        return Err(SceneError::Shape(format!(
            "{} {mode}: found {} numbers, expected {expected} ({per_box} per box: {layout}); {} more than two boxes take: {}.{}",
            engine.name(),
            numbers.len(),
            numbers.len() - expected,
            left_over(text, expected),
            count_hint(engine, mode, numbers.len())
        )));
    }
    let mut boxes = Vec::new();
    for (which, slice) in [
        (Which::A, &numbers[..per_box]),
        (Which::B, &numbers[per_box..]),
    ] {
        let value = box_value(engine, mode, which, slice, &mut notes)?;
        boxes.push(value);
    }
    let pair = match mode {
        Mode::Three => read_boxes::<Obb3>(&boxes[0], &boxes[1], &mut notes)?,
        Mode::Two => read_boxes::<Obb2>(&boxes[0], &boxes[1], &mut notes)?,
    };
    // a convex radius the printout carries (Jolt's), on each box
    let radius = |v: &Value| v.get("radius").and_then(Value::as_f64).unwrap_or(0.0) as f32;
    Ok(NotedPair {
        pair,
        notes,
        radii: [radius(&boxes[0]), radius(&boxes[1])],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{dim2, dim3, Obb2, Obb3};
    use crate::scene::Pair;
    use glam::{EulerRot, Mat3, Quat, Vec2, Vec3};

    /// The reference 3D pair, as satbox reads it (half extents, x y z w quaternions).
    fn reference3() -> (Obb3, Obb3) {
        let pair = crate::scene::pair_from_json(&format!(
            r#"{{"a":{{"center":[0.1,-0.2,0.3],"half_extents":[1.5,0.5,1.25],"rotation":{:?}}},
                "b":{{"center":[0.8,0.75,-0.1],"half_extents":[0.5,0.75,0.375],"rotation":{:?}}}}}"#,
            Quat::from_euler(EulerRot::XYZ, 0.2, -0.4, 0.1).to_array(),
            Quat::from_euler(EulerRot::ZYX, 0.9, 0.3, -0.5).to_array(),
        ))
        .unwrap();
        let Pair::Three(a, b) = pair else {
            unreachable!()
        };
        (a, b)
    }

    fn reference2() -> (Obb2, Obb2) {
        (
            Obb2::new(Vec2::new(0.1, -0.2), Vec2::new(1.5, 0.5), 0.3).unwrap(),
            Obb2::new(Vec2::new(1.2, 0.6), Vec2::new(0.5, 0.75), -0.7).unwrap(),
        )
    }

    /// A list of numbers as an engine prints them: `(x, y, z)`.
    fn v(xs: &[f32]) -> String {
        format!(
            "({})",
            xs.iter()
                .map(|x| format!("{x:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    fn bits3(o: &Obb3) -> Vec<u32> {
        [
            &o.center.to_array()[..],
            &o.half_extents.to_array(),
            &o.rotation.to_array(),
        ]
        .concat()
        .iter()
        .map(|x| x.to_bits())
        .collect()
    }

    /// Same verdict, first separating axis or axis of least penetration, and gaps within 1e-5.
    fn assert_same_report3(pasted: &Pair, reference: (Obb3, Obb3)) {
        let Pair::Three(a, b) = pasted else {
            panic!("3D expected")
        };
        let (r, t) = (dim3::report(a, b), dim3::report(&reference.0, &reference.1));
        assert_eq!(r.intersect, t.intersect);
        assert_eq!(r.first_separating, t.first_separating);
        assert_eq!(
            r.penetration.map(|p| p.axis_index),
            t.penetration.map(|p| p.axis_index)
        );
        for (x, y) in r.axes.iter().zip(&t.axes) {
            assert!(
                (x.gap() - y.gap()).abs() < 1e-5,
                "axis {}: {} vs {}",
                x.index(),
                x.gap(),
                y.gap()
            );
        }
    }

    fn assert_same_report2(pasted: &Pair, reference: (Obb2, Obb2)) {
        let Pair::Two(a, b) = pasted else {
            panic!("2D expected")
        };
        let (r, t) = (dim2::report(a, b), dim2::report(&reference.0, &reference.1));
        assert_eq!(r.first_separating, t.first_separating);
        assert_eq!(
            r.penetration.map(|p| p.axis_index),
            t.penetration.map(|p| p.axis_index)
        );
        for (x, y) in r.axes.iter().zip(&t.axes) {
            assert!(
                (x.gap() - y.gap()).abs() < 1e-5,
                "axis {}: {} vs {}",
                x.index(),
                x.gap(),
                y.gap()
            );
        }
    }

    fn wxyz(q: Quat) -> [f32; 4] {
        [q.w, q.x, q.y, q.z]
    }

    #[test]
    fn a_unity_paste_without_box_a_s_lossy_scale_names_that_field_of_box_a() {
        let text = "A: center (0.0, 0.0, 0.0) size (4.0, 1.0, 4.0) position (0.0, 0.0, 0.0) rotation (0, 0, 0, 1)\nB: center (0.0, 0.0, 0.0) size (1.0, 1.0, 1.0) lossyScale (1.0, 1.0, 1.0) position (0.2, 0.95, 0.0) rotation (0, 0.38268, 0, 0.92388)";
        let e = paste(Engine::Unity, Mode::Three, text)
            .unwrap_err()
            .to_string();
        assert!(e.contains("box a has no transform.lossyScale"), "{e}");
        assert!(!e.contains("box b"), "{e}");
    }

    /// The Unity printout of the reference pair with its fields in the order `order`, one a line.
    fn unity_lines(order: [&str; 5]) -> String {
        let (a, b) = reference3();
        let field = |o: &Obb3, name: &str| match name {
            "center" => format!("center {}", v(&[0.0, 0.0, 0.0])),
            "size" => format!("size {}", v(&(o.half_extents * 2.0).to_array())),
            "lossyScale" => format!("lossyScale {}", v(&[1.0, 1.0, 1.0])),
            "position" => format!("position {}", v(&o.center.to_array())),
            _ => format!("rotation {}", v(&o.rotation.to_array())),
        };
        [("A", a), ("B", b)]
            .map(|(name, o)| {
                let lines: Vec<String> = order.iter().map(|f| field(&o, f)).collect();
                format!("{name}\n{}", lines.join("\n"))
            })
            .join("\n")
    }

    #[test]
    fn a_unity_paste_is_read_by_its_labels_whatever_the_order_of_its_fields() {
        let usual = unity_lines(["center", "size", "lossyScale", "position", "rotation"]);
        let reordered = unity_lines(["position", "rotation", "lossyScale", "center", "size"]);
        let read = paste(Engine::Unity, Mode::Three, &reordered).unwrap();
        let same = paste(Engine::Unity, Mode::Three, &usual).unwrap();
        assert_eq!(read.pair, same.pair);
        assert_same_report3(&read.pair, reference3());
        assert!(same.notes.is_empty(), "{:?}", same.notes);
        // the order read is said
        assert_eq!(read.notes.len(), 1, "{:?}", read.notes);
        assert_eq!(
            read.notes[0].message,
            "read by the labels, in the order printed: box a position, rotation, lossyScale, \
             center, size; box b position, rotation, lossyScale, center, size"
        );
    }

    #[test]
    fn a_jolt_paste_in_the_order_position_rotation_half_extent_radius_reads_by_its_labels() {
        let (a, b) = reference3();
        let jolt = |o: &Obb3| {
            format!(
                "GetPosition() = {}, GetRotation() = {}, half extent = {}, convex radius = 0.05",
                v(&o.center.to_array()),
                v(&o.rotation.to_array()),
                v(&o.half_extents.to_array()),
            )
        };
        let read = paste(
            Engine::Jolt,
            Mode::Three,
            &format!("A: {}\nB: {}", jolt(&a), jolt(&b)),
        )
        .unwrap();
        let Pair::Three(pa, pb) = read.pair else {
            unreachable!()
        };
        // Jolt's half extents include the radius: the core is 0.05 smaller, rounded by 0.05
        assert_eq!(read.radii, [0.05, 0.05]);
        for (p, o) in [(pa, a), (pb, b)] {
            assert_eq!((p.center, p.rotation), (o.center, o.rotation));
            assert!(
                (p.half_extents + Vec3::splat(0.05) - o.half_extents)
                    .abs()
                    .max_element()
                    < 1e-6
            );
        }
    }

    #[test]
    fn a_unity_box_of_full_size_with_an_offset_and_a_scale_gives_its_half_extent_twins_report() {
        let (a, b) = reference3();
        // A: plain; B: size in local units, scaled by (2, 0.5, 1) and offset from its pivot
        let scale = Vec3::new(2.0, 0.5, 1.0);
        let offset = Vec3::new(0.25, -0.5, 0.0);
        let local_size = b.half_extents * 2.0 / scale;
        let position = b.center - b.rotation * (offset * scale);
        let text = format!(
            "A: center {} size {} lossyScale {} position {} rotation {}\nB: center {} size {} lossyScale {} position {} rotation {}",
            v(&[0.0, 0.0, 0.0]),
            v(&(a.half_extents * 2.0).to_array()),
            v(&[1.0, 1.0, 1.0]),
            v(&a.center.to_array()),
            v(&a.rotation.to_array()),
            v(&offset.to_array()),
            v(&local_size.to_array()),
            v(&scale.to_array()),
            v(&position.to_array()),
            v(&b.rotation.to_array()),
        );
        let read = paste(Engine::Unity, Mode::Three, &text).unwrap();
        assert_same_report3(&read.pair, (a, b));
        let Pair::Three(pa, _) = read.pair else {
            unreachable!()
        };
        assert_eq!(
            bits3(&pa),
            bits3(&a),
            "no scale, no offset: the very same box"
        );
        assert_eq!(read.notes.len(), 1, "{:?}", read.notes);
        assert!(read.notes[0]
            .to_string()
            .starts_with("box b: world size = size × |lossyScale|"));
    }

    #[test]
    fn a_godot_basis_and_full_size_give_the_half_extent_twins_report() {
        let (a, b) = reference3();
        let godot = |o: &Obb3| {
            let m = Mat3::from_quat(o.rotation);
            format!(
                "size {} [X: {}, Y: {}, Z: {}, O: {}]",
                v(&(o.half_extents * 2.0).to_array()),
                v(&m.x_axis.to_array()),
                v(&m.y_axis.to_array()),
                v(&m.z_axis.to_array()),
                v(&o.center.to_array())
            )
        };
        let text = format!("{}\n{}", godot(&a), godot(&b));
        let read = paste(Engine::Godot, Mode::Three, &text).unwrap();
        assert_same_report3(&read.pair, (a, b));
        assert!(read.notes.is_empty(), "{:?}", read.notes);
    }

    #[test]
    fn a_scaled_godot_basis_is_refused_with_the_size_it_belongs_in() {
        let text = "size (1, 1, 1) [X: (2, 0, 0), Y: (0, 2, 0), Z: (0, 0, 2), O: (0, 0, 0)]\nsize (1, 1, 1) [X: (1, 0, 0), Y: (0, 1, 0), Z: (0, 0, 1), O: (3, 0, 0)]";
        let e = paste(Engine::Godot, Mode::Three, text)
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(
                "box a: \"basis\" is scaled: its columns (the box's axes) have lengths 2, 2, 2"
            ),
            "{e}"
        );
        assert!(e.contains("\"size\" [1, 1, 1] becomes [2, 2, 2]"), "{e}");
        let text2 = "size (1, 1) [X: (3, 0), Y: (0, 3), O: (0, 0)]\nsize (1, 1) [X: (1, 0), Y: (0, 1), O: (3, 0)]";
        let e = paste(Engine::Godot, Mode::Two, text2)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("RectangleShape2D.size ((1, 1) becomes (3, 3))"),
            "{e}"
        );
    }

    #[test]
    fn jolt_half_extents_with_a_convex_radius_give_its_rounded_box_a_core_smaller_by_the_radius() {
        let (a, b) = reference3();
        let jolt = |o: &Obb3| {
            format!(
                "BoxShape(Vec3{}, 0.05f) position RVec3{} rotation Quat{}",
                v(&o.half_extents.to_array()),
                v(&o.center.to_array()),
                v(&o.rotation.to_array())
            )
        };
        let read = paste(
            Engine::Jolt,
            Mode::Three,
            &format!("{}\n{}", jolt(&a), jolt(&b)),
        )
        .unwrap();
        let Pair::Three(pa, pb) = read.pair else {
            unreachable!()
        };
        assert_eq!(read.radii, [0.05, 0.05]);
        for (p, o) in [(pa, a), (pb, b)] {
            assert_eq!((p.center, p.rotation), (o.center, o.rotation));
            let core = o.half_extents - Vec3::splat(0.05);
            assert!((p.half_extents - core).abs().max_element() < 1e-6);
        }
        assert_eq!(read.notes.len(), 2);
        assert!(
            read.notes[0].message.contains("corners 0.0366 beyond it"),
            "{}",
            read.notes[0]
        );
        let too_round = "BoxShape(Vec3(1, 0.1, 1), 0.5f) RVec3(0,0,0) Quat(0,0,0,1)\nBoxShape(Vec3(1, 1, 1), 0.05f) RVec3(3,0,0) Quat(0,0,0,1)";
        let e = paste(Engine::Jolt, Mode::Three, too_round)
            .unwrap_err()
            .to_string();
        assert_eq!(e, "box a: the convex radius 0.5 must be between 0 and the smallest half extent 0.1 (Jolt's half extents include it)");
    }

    #[test]
    fn parry_nalgebra_and_mujoco_read_w_first_and_give_the_x_y_z_w_twin_bit_for_bit() {
        let (a, b) = reference3();
        let nalgebra = |o: &Obb3| {
            format!(
                "Cuboid::new(Vector3::new{}), Isometry3::from_parts(Translation3::new{}, UnitQuaternion::from_quaternion(Quaternion::new{}))",
                v(&o.half_extents.to_array()),
                v(&o.center.to_array()),
                v(&wxyz(o.rotation))
            )
        };
        let read = paste(
            Engine::Parry,
            Mode::Three,
            &format!("{}\n{}", nalgebra(&a), nalgebra(&b)),
        )
        .unwrap();
        let Pair::Three(pa, pb) = read.pair else {
            unreachable!()
        };
        assert_eq!((bits3(&pa), bits3(&pb)), (bits3(&a), bits3(&b)));
        let mujoco = |o: &Obb3| {
            let join = |xs: &[f32]| {
                xs.iter()
                    .map(|x| format!("{x:?}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!(
                "<geom type=\"box\" size=\"{}\" pos=\"{}\" quat=\"{}\"/>",
                join(&o.half_extents.to_array()),
                join(&o.center.to_array()),
                join(&wxyz(o.rotation))
            )
        };
        let read = paste(
            Engine::MuJoCo,
            Mode::Three,
            &format!("{}\n{}", mujoco(&a), mujoco(&b)),
        )
        .unwrap();
        let Pair::Three(pa, pb) = read.pair else {
            unreachable!()
        };
        assert_eq!((bits3(&pa), bits3(&pb)), (bits3(&a), bits3(&b)));
        assert!(read.notes.is_empty());
    }

    #[test]
    fn parry_glam_bepu_and_box3d_read_x_y_z_w_and_give_the_same_boxes() {
        let (a, b) = reference3();
        let glam_text = |o: &Obb3| {
            format!(
                "Cuboid::new(Vector::new{}), Pose::from_parts(Vector::new{}, Rotation::from_xyzw{})",
                v(&o.half_extents.to_array()),
                v(&o.center.to_array()),
                v(&o.rotation.to_array())
            )
        };
        let bepu = |o: &Obb3| {
            format!(
                "new Box{} new RigidPose(new Vector3{}, new Quaternion{})",
                v(&(o.half_extents * 2.0).to_array()),
                v(&o.center.to_array()),
                v(&o.rotation.to_array())
            )
        };
        let box3d = |o: &Obb3| {
            let [x, y, z, w] = o.rotation.to_array();
            format!(
                "b3MakeBox{} p {} q {{ {}, {w:?} }}",
                v(&o.half_extents.to_array()),
                v(&o.center.to_array()),
                v(&[x, y, z])
            )
        };
        for (engine, f) in [
            (Engine::ParryGlam, &glam_text as &dyn Fn(&Obb3) -> String),
            (Engine::Bepu, &bepu),
            (Engine::Box2D3D, &box3d),
        ] {
            let read = paste(engine, Mode::Three, &format!("{}\n{}", f(&a), f(&b))).unwrap();
            let Pair::Three(pa, pb) = read.pair else {
                unreachable!()
            };
            assert_eq!(
                (bits3(&pa), bits3(&pb)),
                (bits3(&a), bits3(&b)),
                "{}",
                engine.name()
            );
        }
    }

    #[test]
    fn each_2d_preset_gives_the_reference_rectangles_report() {
        let (a, b) = reference2();
        let r = |o: &Obb2| o.angle;
        let texts = [
            (Engine::Box2D3D, [a, b].map(|o| format!("b2MakeBox{} p {} q {}", v(&o.half_extents.to_array()), v(&o.center.to_array()), v(&[r(&o).cos(), r(&o).sin()]))).join("\n")),
            (Engine::Parry, [a, b].map(|o| format!("Cuboid::new(Vector2::new{}), Isometry2::new(Vector2::new{}, {:?})", v(&o.half_extents.to_array()), v(&o.center.to_array()), o.angle)).join("\n")),
            (Engine::Godot, [a, b].map(|o| { let [u0, u1] = o.axes(); format!("size {} [X: {}, Y: {}, O: {}]", v(&(o.half_extents * 2.0).to_array()), v(&u0.to_array()), v(&u1.to_array()), v(&o.center.to_array())) }).join("\n")),
            (Engine::Unity, [a, b].map(|o| format!("offset (0, 0) size {} lossyScale (1, 1) position {} eulerAngles.z {:?}", v(&(o.half_extents * 2.0).to_array()), v(&o.center.to_array()), o.angle.to_degrees())).join("\n")),
        ];
        for (engine, text) in texts {
            let read = paste(engine, Mode::Two, &text)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", engine.name()));
            assert_same_report2(&read.pair, (a, b));
        }
    }

    #[test]
    fn every_engine_states_its_conventions_and_its_example_pastes() {
        for engine in Engine::ALL {
            assert!(engine.statement().len() > 100, "{}", engine.name());
            for mode in [Mode::Three, Mode::Two] {
                let Some(example) = engine.example(mode) else {
                    assert!(engine.fields(mode).is_none());
                    let e = paste(engine, mode, "1 2 3").unwrap_err().to_string();
                    assert!(e.contains(&format!("has no {mode} boxes")), "{e}");
                    continue;
                };
                let read = paste(engine, mode, example)
                    .unwrap_or_else(|e| panic!("{} {mode}: {e}", engine.name()));
                // (a rounded box, as Jolt's, by the answer for the boxes as given)
                let params = crate::sat::ManifoldParams::default();
                let touching = match read.pair {
                    Pair::Three(a, b) => crate::sat::Answer::of(&a, &b, read.radii, &params).depth,
                    Pair::Two(a, b) => crate::sat::Answer::of(&a, &b, read.radii, &params).depth,
                };
                // B rests on A, sunk a little
                let depth = touching.unwrap_or_else(|| panic!("{} {mode}: apart", engine.name()));
                assert!(depth < 0.1, "{} {mode}: depth {depth}", engine.name());
                let order = engine.number_order(mode).unwrap();
                for f in engine.fields(mode).unwrap() {
                    assert!(
                        order.contains(&format!("{} ({})", f.name, f.order)),
                        "{order}"
                    );
                }
                let counted: usize = engine.fields(mode).unwrap().iter().map(|f| f.count).sum();
                assert_eq!(Some(counted), engine.numbers_per_box(mode));
            }
        }
    }

    #[test]
    fn numbers_are_read_in_order_and_digits_inside_names_are_not() {
        let text = "Vector3(1.5f, -2, .5) b2Rot {0.5e1, +3} Transform3D 2D x1 1e-3 7_f32 -0.25 3x";
        assert_eq!(
            numbers_in(text),
            [1.5, -2.0, 0.5, 5.0, 3.0, 0.001, 7.0, -0.25]
        );
        assert_eq!(
            numbers_in("[X: (1, 0, 0), O: (0.2, -1.0e+2, 3)]"),
            [1.0, 0.0, 0.0, 0.2, -100.0, 3.0]
        );
        assert_eq!(numbers_in("size=\"2 0.5 2\" - 4"), [2.0, 0.5, 2.0, 4.0]);
    }

    #[test]
    fn a_wrong_count_says_how_many_were_found_and_expected_and_where_they_run_out() {
        let e = paste(
            Engine::MuJoCo,
            Mode::Three,
            "1 1 1 0 0 0 1 0 0 0 1 1 1 3 0 0 1 0 0",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "MuJoCo 3D: found 19 numbers, expected 20 (10 per box: geom size (half) (x, y, z), pos (x, y, z), quat (w, x, y, z)); they run out in box b's quat (w, x, y, z), 3 of its 4 there."
        );
        let e = paste(Engine::Box2D3D, Mode::Three, "1 1 0 0 1 0 1 1 3 0 1 0")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("found 12 numbers, expected 20")
                && e.contains("12 is what Box2D / Box3D takes in 2D: is the mode right?"),
            "{e}"
        );
        let e = paste(Engine::Unity, Mode::Three, &"1 ".repeat(33))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("1 more than two boxes take: number 33, \"1\" in \"…1 1 1 1 1 1 1 1 1\""),
            "{e}"
        );
    }

    /// Jolt printed as people write it: `Body N:` before each box, its members camelCase
    /// (`halfExtent`, `convexRadius`) and short (`pos`, `rot`). The body numbers are not a box's,
    /// and the labels read the fields.
    #[test]
    fn a_jolt_printout_with_body_numbers_and_camel_case_labels_reads_by_its_labels() {
        let printout = "Body 1: BoxShape halfExtent=(2.000000, 0.100000, 2.000000) convexRadius=0.050000 pos=(0.000000, 0.000000, 0.000000) rot=(0.000000, 0.000000, 0.000000, 1.000000)\n\
                        Body 2: BoxShape halfExtent=(0.500000, 0.500000, 0.500000) convexRadius=0.050000 pos=(0.200000, 0.550000, 0.000000) rot=(0.000000, 0.382683, 0.000000, 0.923880)";
        let read = paste(Engine::Jolt, Mode::Three, printout).unwrap();
        let plain = "2 0.1 2 0.05 0 0 0 0 0 0 1\n0.5 0.5 0.5 0.05 0.2 0.55 0 0 0.382683 0 0.92388";
        let by_position = paste(Engine::Jolt, Mode::Three, plain).unwrap();
        assert_eq!(read, by_position);
        assert_eq!(read.radii, [0.05, 0.05]);
        // in another order, read by the labels too; `pos` inside a word is no label
        let reordered = "Body #1 rot=(0, 0, 0, 1) pos=(0, 0, 0) halfExtent=(2, 0.1, 2) convexRadius=0.05\n\
                         Body #2 rot=(0, 0.382683, 0, 0.92388) pos=(0.2, 0.55, 0) halfExtent=(0.5, 0.5, 0.5) convexRadius=0.05";
        let read = paste(Engine::Jolt, Mode::Three, reordered).unwrap();
        assert_eq!(read.pair, by_position.pair);
        assert_eq!(numbers_in("BodyID 7 body(3) Body 12: posterior 2"), [2.0]);
    }

    /// Numbers beyond what two boxes take are named by their own text, where they stand.
    #[test]
    fn numbers_left_over_are_named_by_their_own_text() {
        let e = paste(
            Engine::MuJoCo,
            Mode::Three,
            "1 1 1 0 0 0 1 0 0 0\n1 1 1 3 0 0 1 0 0 0 steps 42",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "MuJoCo 3D: found 21 numbers, expected 20 (10 per box: geom size (half) (x, y, z), pos (x, y, z), quat (w, x, y, z)); 1 more than two boxes take: number 21, \"42\" in \"…0 1 0 0 0 steps 42\"."
        );
        let e = paste(Engine::Unity, Mode::Three, &"1.0 ".repeat(37))
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("; 5 more than two boxes take: number 33, \"1.0\" in \"…1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0…\"; number 34, \"1.0\" in \"…1.0 1.0 1.0 1.0 1.0 1.0 1.0 1.0\"; number 35, \"1.0\" in \"…1.0 1.0 1.0 1.0 1.0 1.0 1.0\"; 2 more after them."),
            "{e}"
        );
    }

    #[test]
    fn bad_values_and_doubtful_conventions_get_clear_messages() {
        let e = paste(
            Engine::Unity,
            Mode::Three,
            "0 0 0  2 -1 2  1 1 1  0 0 0  0 0 0 1\n0 0 0 1 1 1 1 1 1 3 0 0 0 0 0 1",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "box a: BoxCollider.size[1] is -1; it must be >= 0 (0 is a flat box)"
        );
        // an x, y, z, w identity pasted where w comes first
        let read = paste(
            Engine::MuJoCo,
            Mode::Three,
            "1 1 1 0 0 0 0 0 0 1\n1 1 1 3 0 0 1 0 0 0",
        )
        .unwrap();
        assert_eq!(read.notes.len(), 1);
        assert_eq!(
            read.notes[0].to_string(),
            "box a: the rotation (0, 0, 0, 1) read as w, x, y, z is a half turn about z; if it was meant as x, y, z, w (no rotation), choose a preset that reads x, y, z, w"
        );
        let read = paste(Engine::Box2D3D, Mode::Two, "1 1 0 0 2 0\n1 1 3 0 1 0").unwrap();
        assert!(
            read.notes[0]
                .message
                .starts_with("b2Rot (2, 0) has length 2, not 1"),
            "{:?}",
            read.notes
        );
        let e = paste(Engine::Box2D3D, Mode::Two, "1 1 0 0 0 0\n1 1 3 0 1 0")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("box a: b2Rot (0, 0) is not a rotation"),
            "{e}"
        );
        let e = paste(
            Engine::ParryGlam,
            Mode::Three,
            "1 1 1 0 0 0 0 0 0 0\n1 1 1 3 0 0 0 0 0 1",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("box a") && e.contains("zero length"), "{e}");
    }
}
