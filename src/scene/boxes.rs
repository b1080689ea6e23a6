//! Boxes as JSON: every encoding satbox reads, wherever a box is read (check lines, scene files,
//! pasted text, links, recordings), and the one form it writes.
//!
//! # Reading
//!
//! A box is an object with a `center` and exactly one field of each pair:
//!
//! | what | 3D | 2D |
//! |---|---|---|
//! | extents | `half_extents` `[x, y, z]` or `size` (full extents) | `half_extents` `[x, y]` or `size` |
//! | rotation | `rotation` `[x, y, z, w]`, `rotation_wxyz` `[w, x, y, z]`, `basis` or `euler` | `angle` (radians) or `angle_deg` |
//!
//! * `basis`: the rotation matrix as three rows, `[[r00, r01, r02], [r10, r11, r12], [r20, r21,
//!   r22]]`; its columns are the box's axes `u0, u1, u2`. It must be orthonormal within
//!   [`UNIT_TOLERANCE`]: a scaled basis is refused with the scale found and the extents it belongs
//!   in. A left-handed one is accepted with a note (negating an axis leaves the same box).
//! * `euler`: `{"order": "YXZ", "degrees": [x, y, z]}` or `{"order": …, "radians": [x, y, z]}`:
//!   the angles about X, Y and Z, always in that order; `order` names the turns as matrices
//!   multiplied left to right (see [`EulerOrder`]): `"YXZ"` is `R_Y(y) · R_X(x) · R_Z(z)`, the
//!   order of Unity's `eulerAngles` and Godot's default `rotation`.
//!
//! Both fields of a pair, or neither, is an error naming them. Extents are `≥ 0` (zero is a flat
//! box); centre coordinates and half extents beyond ±[`MAX_COORDINATE`] are refused, each message
//! naming the field and what it is. Unknown fields (`"mass"`) are ignored with a [`Note`]; so is a
//! quaternion that is not of length 1 (it is used normalised, and the note gives its length).
//!
//! # Writing
//!
//! Boxes are written as `center`, `half_extents` and `rotation` `[x, y, z, w]` (3D) or `angle`
//! (2D), each number as the shortest text that reads back as the same `f32`. Every quaternion read
//! is made a fixed point of normalisation ([`stable_rotation`]), so what is written reads back bit
//! for bit.

use std::fmt;

use glam::{DVec3, Quat, Vec2, Vec3};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use super::number::{f32_json, f32_text, f32s_json, f64_text, list_text};
use super::rotation::{
    length_note, quat_from_columns, squares_near_one, EulerOrder, UNIT_TOLERANCE,
};
use super::{Mode, Pair, PairBox, PairQuestion, SceneError};
use crate::sat::dim3::{is_unit_rotation, normalize_rotation};
use crate::sat::{Obb2, Obb3, Which, MAX_COORDINATE};

/// The fields of a 3D box that choose its rotation: exactly one is given.
pub const ROTATION_FIELDS_3D: [&str; 4] = ["rotation", "rotation_wxyz", "basis", "euler"];
/// The fields of a 2D box that choose its angle: exactly one is given.
pub const ROTATION_FIELDS_2D: [&str; 2] = ["angle", "angle_deg"];
/// The fields that choose a box's extents: exactly one is given.
pub const EXTENT_FIELDS: [&str; 2] = ["half_extents", "size"];
/// The fields of a case around its boxes that are read (or kept) rather than noted as unknown:
/// `mode` is checked against the boxes, `description` and `view` belong to scene files, `t`,
/// `label` and `engine` (an engine's own contact, [`super::recording::RecordedContact`]) to
/// recordings, `filed` (where a pose was filed as a bug: the issue or test, its engine and fix)
/// to the audit's filed bugs.
pub const CASE_FIELDS: [&str; 10] = [
    "a",
    "b",
    "mode",
    "description",
    "view",
    "t",
    "label",
    "motion",
    "engine",
    "filed",
];

/// Something the reader noticed and did not refuse: an unknown field, a quaternion that was not
/// of length 1, a left-handed basis, an engine's convention. Notes travel with the pair as plain
/// data; `check` prints them and the window shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The box it is about, or `None` for the case as a whole.
    pub which: Option<Which>,
    /// What was noticed, naming the field.
    pub message: String,
}

impl Note {
    /// A note about one box.
    pub fn about(which: Which, message: impl Into<String>) -> Self {
        Self {
            which: Some(which),
            message: message.into(),
        }
    }

    /// A note about the case as a whole.
    pub fn about_case(message: impl Into<String>) -> Self {
        Self {
            which: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.which {
            Some(w) => write!(f, "box {}: {}", box_name(w), self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A validated pair and what the reader noticed on the way.
#[derive(Clone, Debug, PartialEq)]
pub struct NotedPair {
    /// The boxes.
    pub pair: Pair,
    /// In reading order; empty when nothing was noticed.
    pub notes: Vec<Note>,
    /// Each box's convex radius (`"radius"`, 0 when absent): the box is its core grown by it
    /// ([`crate::sat::rounded`]).
    pub radii: [f32; 2],
}

impl NotedPair {
    /// Either box is rounded.
    pub fn rounded(&self) -> bool {
        self.radii.iter().any(|r| *r > 0.0)
    }
}

/// A box's `"radius"`: absent is 0; present, a finite number `≥ 0` (a convex radius, as Jolt's
/// `mConvexRadius`, Box2D v3's and Box3D's hull radius), else the error names the box.
pub fn radius_of(which: Which, v: &Value) -> Result<f32, SceneError> {
    let Some(r) = v.get("radius") else {
        return Ok(0.0);
    };
    match r.as_f64() {
        Some(x) => radius_from_number(which, x),
        None => Err(bad(
            which,
            format!("\"radius\" must be a number ≥ 0 (a convex radius), not {r}"),
        )),
    }
}

/// `"a"` or `"b"`: how files and messages name the boxes.
pub fn box_name(which: Which) -> &'static str {
    match which {
        Which::A => "a",
        Which::B => "b",
    }
}

fn bad(which: Which, message: impl fmt::Display) -> SceneError {
    SceneError::Shape(format!("box {}: {message}", box_name(which)))
}

/// Which dimension a box object is, from its rotation field or else its centre's length; without
/// a rotation field, a centre of neither 2 nor 3 numbers, or of another length than the extents,
/// is an error naming both counts.
pub fn box_mode(which: Which, v: &Value) -> Result<Mode, SceneError> {
    let name = box_name(which);
    let obj = v
        .as_object()
        .ok_or_else(|| SceneError::Shape(format!("box {name} must be an object")))?;
    let three = ROTATION_FIELDS_3D.iter().find(|k| obj.contains_key(**k));
    let two = ROTATION_FIELDS_2D.iter().find(|k| obj.contains_key(**k));
    let center = obj.get("center").and_then(Value::as_array);
    if let (None, None, Some(center)) = (three, two, center) {
        if let Some(e) = unlike_lengths(which, obj, center) {
            return Err(e);
        }
    }
    match (three, two, center.map(Vec::len)) {
        (Some(k3), Some(k2), _) => Err(SceneError::Shape(format!(
            "box {name} has both \"{k3}\" (3D) and \"{k2}\" (2D)"
        ))),
        (Some(_), None, _) | (None, None, Some(3)) => Ok(Mode::Three),
        (None, Some(_), _) | (None, None, Some(2)) => Ok(Mode::Two),
        _ => Err(SceneError::Shape(format!(
            "box {name} needs \"center\", \"half_extents\" (or \"size\") and a rotation: \"rotation\" [x,y,z,w] (or \"rotation_wxyz\", \"basis\", \"euler\") in 3D, \"angle\" (or \"angle_deg\") in 2D"
        ))),
    }
}

/// For a box without a rotation field (its dimension told only by its lengths), a `center`
/// that no box of either dimension has (`"center" has 4 numbers`), or one whose length is not
/// its extents' (`"center" has 2 numbers but "half_extents" has 3`): the error naming both
/// counts. `None` when the lengths fit a box.
fn unlike_lengths(which: Which, obj: &Map<String, Value>, center: &[Value]) -> Option<SceneError> {
    let extents = EXTENT_FIELDS
        .iter()
        .find_map(|k| Some((*k, obj.get(*k)?.as_array()?)));
    let n = center.len();
    match (n, extents) {
        (2 | 3, Some((field, e))) if e.len() != n && matches!(e.len(), 2 | 3) => Some(bad(
            which,
            format!(
                "\"center\" has {} but \"{field}\" has {}; a box's centre and extents have as many numbers: 3 in 3D, 2 in 2D",
                count(center),
                e.len()
            ),
        )),
        (2 | 3, _) => None,
        (_, Some((field, e))) if matches!(e.len(), 2 | 3) => Some(bad(
            which,
            format!(
                "\"center\" has {}; a {}D centre takes {} numbers {} (as \"{field}\" has {})",
                count(center),
                e.len(),
                e.len(),
                labels(e.len()),
                e.len()
            ),
        )),
        _ => Some(bad(
            which,
            format!(
                "\"center\" has {}; a centre takes 3 numbers [x, y, z] in 3D, 2 [x, y] in 2D",
                count(center)
            ),
        )),
    }
}

/// `"4 numbers"` for an array of numbers, `"4 items"` when any is not a number.
fn count(items: &[Value]) -> String {
    let n = items.len();
    let noun = match (n, items.iter().all(Value::is_number)) {
        (1, true) => "number",
        (_, true) => "numbers",
        (1, false) => "item",
        (_, false) => "items",
    };
    format!("{n} {noun}")
}

/// The one field of `fields` that `obj` has, `None` when it has none; both is an error naming
/// them.
fn one_of(
    which: Which,
    obj: &Map<String, Value>,
    fields: &[&'static str],
) -> Result<Option<&'static str>, SceneError> {
    let present: Vec<&'static str> = fields
        .iter()
        .copied()
        .filter(|k| obj.contains_key(*k))
        .collect();
    match present.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one)),
        [first, second, ..] => Err(bad(
            which,
            format!(
                "has both \"{first}\" and \"{second}\"; give exactly one of {}",
                quoted(fields)
            ),
        )),
    }
}

fn quoted(fields: &[&str]) -> String {
    let q: Vec<String> = fields.iter().map(|f| format!("\"{f}\"")).collect();
    match q.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => q.join(""),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The `N` numbers of field `field`, as `f64`; `labels` reads like `[x, y, z]`.
fn numbers<const N: usize>(
    which: Which,
    field: &str,
    v: &Value,
    labels: &str,
) -> Result<[f64; N], SceneError> {
    let items = v.as_array().ok_or_else(|| {
        bad(
            which,
            format!(
                "\"{field}\" must be an array of {N} numbers {labels}, not {}",
                kind_of(v)
            ),
        )
    })?;
    if items.len() != N {
        return Err(bad(
            which,
            format!(
                "\"{field}\" has {} items; it needs {N} numbers {labels}",
                items.len()
            ),
        ));
    }
    let mut out = [0.0; N];
    for (k, item) in items.iter().enumerate() {
        out[k] = item.as_f64().ok_or_else(|| {
            bad(
                which,
                format!("{field}[{k}] must be a number, not {}", kind_of(item)),
            )
        })?;
    }
    Ok(out)
}

fn number(which: Which, field: &str, v: &Value) -> Result<f64, SceneError> {
    v.as_f64().ok_or_else(|| {
        bad(
            which,
            format!("\"{field}\" must be a number, not {}", kind_of(v)),
        )
    })
}

fn labels(n: usize) -> &'static str {
    if n == 2 {
        "[x, y]"
    } else {
        "[x, y, z]"
    }
}

fn required<'v>(
    which: Which,
    obj: &'v Map<String, Value>,
    field: &'static str,
) -> Result<&'v Value, SceneError> {
    obj.get(field).ok_or_else(|| {
        let guess = misspelt(obj, &[field]).unwrap_or_default();
        bad(which, format!("missing \"{field}\"{guess}"))
    })
}

/// Every field a box may have, in either dimension: a key outside these is unknown.
const BOX_FIELDS: [&str; 10] = [
    "center",
    "radius",
    "half_extents",
    "size",
    "rotation",
    "rotation_wxyz",
    "basis",
    "euler",
    "angle",
    "angle_deg",
];

/// When `obj` lacks every one of `wanted`: an unknown key of `obj` that looks like a misspelling
/// of one of them, as `; unknown field "half_extent"; did you mean "half_extents"?`.
fn misspelt(obj: &Map<String, Value>, wanted: &[&'static str]) -> Option<String> {
    obj.keys()
        .filter(|k| !BOX_FIELDS.contains(&k.as_str()))
        .flat_map(|k| wanted.iter().map(move |w| (edit_distance(k, w), k, w)))
        .filter(|(d, k, w)| *d <= 2 && *d < k.len().min(w.len()))
        .min_by_key(|(d, ..)| *d)
        .map(|(_, k, w)| format!("; unknown field \"{k}\"; did you mean \"{w}\"?"))
}

/// The number of single-character insertions, deletions and substitutions that turn `a` into `b`
/// (Levenshtein), ignoring case.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (
        a.to_lowercase().chars().collect(),
        b.to_lowercase().chars().collect(),
    );
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// A centre coordinate as `f32`, within ±[`MAX_COORDINATE`].
#[inline]
fn coordinate(which: Which, field: &str, k: usize, x: f64) -> Result<f32, SceneError> {
    let single = x as f32;
    if single.is_finite() && single.abs() <= MAX_COORDINATE {
        Ok(single)
    } else {
        Err(coordinate_beyond(which, field, k, x))
    }
}

#[cold]
#[inline(never)]
fn coordinate_beyond(which: Which, field: &str, k: usize, x: f64) -> SceneError {
    bad(
        which,
        format!(
            "{field}[{k}] = {} is beyond the supported range of +/-1e7 for a centre coordinate (f32 cannot place a box that far out to within one unit)",
            f64_text(x)
        ),
    )
}

/// A half extent as `f32`, from a half extent or (`full`) a full size: `≥ 0` and within
/// ±[`MAX_COORDINATE`].
#[inline]
fn extent(which: Which, field: &str, k: usize, x: f64, full: bool) -> Result<f32, SceneError> {
    let single = x as f32;
    let half = if full { single * 0.5 } else { single };
    if x >= 0.0 && half.is_finite() && half <= MAX_COORDINATE {
        Ok(half)
    } else {
        Err(extent_refused(which, field, k, x, full))
    }
}

#[cold]
#[inline(never)]
fn extent_refused(which: Which, field: &str, k: usize, x: f64, full: bool) -> SceneError {
    let what = if full { "sizes" } else { "half extents" };
    if x < 0.0 {
        return bad(
            which,
            format!(
                "{field}[{k}] is {}; {what} must be >= 0 (0 is a flat box)",
                f64_text(x)
            ),
        );
    }
    let beyond = "beyond the supported range of +/-1e7 for a half extent";
    bad(
        which,
        if full {
            format!(
                "{field}[{k}] = {} is a half extent of {}, {beyond}",
                f64_text(x),
                f64_text(x / 2.0)
            )
        } else {
            format!("{field}[{k}] = {} is {beyond}", f64_text(x))
        },
    )
}

/// A rotation component or angle as `f32`; `field` names it in the message (only built for one).
#[inline]
fn single(which: Which, field: impl FnOnce() -> String, x: f64) -> Result<f32, SceneError> {
    let s = x as f32;
    if s.is_finite() {
        Ok(s)
    } else {
        Err(too_large(which, field(), x))
    }
}

#[cold]
#[inline(never)]
fn too_large(which: Which, field: String, x: f64) -> SceneError {
    bad(
        which,
        format!("{field} = {} is too large for a 32-bit float", f64_text(x)),
    )
}

fn center<const N: usize>(which: Which, obj: &Map<String, Value>) -> Result<[f32; N], SceneError> {
    let raw = numbers::<N>(which, "center", required(which, obj, "center")?, labels(N))?;
    center_from(which, raw)
}

/// The centre's coordinates as `f32`, each checked.
#[inline]
pub(super) fn center_from<const N: usize>(
    which: Which,
    raw: [f64; N],
) -> Result<[f32; N], SceneError> {
    let mut out = [0.0f32; N];
    for k in 0..N {
        out[k] = coordinate(which, "center", k, raw[k])?;
    }
    Ok(out)
}

/// The half extents, and the field and numbers they were given as (for messages about scale).
fn extents<const N: usize>(
    which: Which,
    obj: &Map<String, Value>,
) -> Result<([f32; N], &'static str, [f64; N]), SceneError> {
    let field = one_of(which, obj, &EXTENT_FIELDS)?.ok_or_else(|| {
        bad(
            which,
            format!(
                "needs its extents: \"half_extents\" {} or \"size\" (full extents){}",
                labels(N),
                misspelt(obj, &EXTENT_FIELDS).unwrap_or_default()
            ),
        )
    })?;
    let raw = numbers::<N>(which, field, &obj[field], labels(N))?;
    Ok((half_from(which, field, raw)?, field, raw))
}

/// The half extents as `f32` from the numbers of `field` (`"half_extents"` or `"size"`), each
/// checked.
#[inline]
pub(super) fn half_from<const N: usize>(
    which: Which,
    field: &str,
    raw: [f64; N],
) -> Result<[f32; N], SceneError> {
    let mut half = [0.0f32; N];
    for k in 0..N {
        half[k] = extent(which, field, k, raw[k], field == "size")?;
    }
    Ok(half)
}

/// The quaternion of the `rotation` or `rotation_wxyz` field, noted when not of length 1.
fn quaternion(
    which: Which,
    field: &str,
    v: &Value,
    notes: &mut Vec<Note>,
) -> Result<Quat, SceneError> {
    let labels = if field == "rotation_wxyz" {
        "[w, x, y, z]"
    } else {
        "[x, y, z, w]"
    };
    let raw = numbers::<4>(which, field, v, labels).map_err(|e| match v.as_array() {
        Some(items) if items.len() == 3 => bad(
            which,
            format!(
                "\"{field}\" has 3 items; a quaternion needs 4 numbers {labels} (Euler angles go in \"euler\": {{\"order\": \"XYZ\", \"degrees\": [x, y, z]}})"
            ),
        ),
        _ => e,
    })?;
    quaternion_from(which, field, raw, notes)
}

/// The quaternion of the numbers of `field` (`"rotation"` or `"rotation_wxyz"`), noted when not
/// of length 1.
#[inline]
pub(super) fn quaternion_from(
    which: Which,
    field: &str,
    raw: [f64; 4],
    notes: &mut Vec<Note>,
) -> Result<Quat, SceneError> {
    let order = if field == "rotation_wxyz" {
        [1, 2, 3, 0]
    } else {
        [0, 1, 2, 3]
    };
    let mut c = [0.0f32; 4];
    for k in 0..4 {
        c[k] = single(which, || format!("{field}[{k}]"), raw[k])?;
    }
    if let Some(n) = length_note(&raw) {
        let shown: Vec<f32> = raw.iter().map(|x| *x as f32).collect();
        notes.push(Note::about(
            which,
            format!("\"{field}\" {} {n}", list_text(&shown)),
        ));
    }
    let [x, y, z, w] = order.map(|k| c[k]);
    Ok(Quat::from_xyzw(x, y, z, w))
}

/// The rotation of a `basis` (rows; columns are the axes), refused with the scale found when it
/// carries one.
fn basis(
    which: Which,
    v: &Value,
    extents: (&str, &[f64]),
    notes: &mut Vec<Note>,
) -> Result<Quat, SceneError> {
    let rows_text = "[[r00, r01, r02], [r10, r11, r12], [r20, r21, r22]] (rows; the columns are the box's axes u0, u1, u2)";
    let rows = v.as_array().filter(|r| r.len() == 3).ok_or_else(|| {
        bad(
            which,
            format!("\"basis\" must be 3 rows of 3 numbers, {rows_text}"),
        )
    })?;
    let mut m = [[0.0f64; 3]; 3];
    for (i, row) in rows.iter().enumerate() {
        m[i] = numbers::<3>(which, &format!("basis[{i}]"), row, "[r_i0, r_i1, r_i2]")?;
    }
    basis_from(which, m, extents, notes)
}

/// The rotation of a basis given as its rows' numbers (see [`basis`]).
pub(super) fn basis_from(
    which: Which,
    m: [[f64; 3]; 3],
    extents: (&str, &[f64]),
    notes: &mut Vec<Note>,
) -> Result<Quat, SceneError> {
    let columns = [0, 1, 2].map(|j| DVec3::new(m[0][j], m[1][j], m[2][j]));
    match quat_from_columns(columns) {
        Ok((q, note)) => {
            if let Some(n) = note {
                notes.push(Note::about(which, format!("\"basis\" {n}")));
            }
            Ok(q)
        }
        Err(e) => {
            let mut message = format!("\"basis\" {e}; a basis must be a pure rotation (orthonormal within {UNIT_TOLERANCE:e})");
            if let Some(scale) = e.scale() {
                let (field, given) = extents;
                let scaled: Vec<f32> = given
                    .iter()
                    .zip(scale)
                    .map(|(e, s)| (e * s) as f32)
                    .collect();
                let given: Vec<f32> = given.iter().map(|x| *x as f32).collect();
                message += &format!(
                    ": move the scale into the extents (\"{field}\" {} becomes {}) and divide each column by its length",
                    list_text(&given),
                    list_text(&scaled)
                );
            }
            Err(bad(which, message))
        }
    }
}

/// The rotation of an `euler` object.
fn euler(which: Which, v: &Value, notes: &mut Vec<Note>) -> Result<Quat, SceneError> {
    let shape = "\"euler\" must be an object {\"order\": \"XYZ\", \"degrees\": [x, y, z]} (or \"radians\"): the angles about X, Y and Z, and the order of the turns";
    let obj = v.as_object().ok_or_else(|| bad(which, shape))?;
    let orders: Vec<&str> = EulerOrder::ALL.iter().map(|o| o.name()).collect();
    let order = match obj.get("order") {
        None => {
            return Err(bad(
                which,
                format!("\"euler\" needs an \"order\", one of {}", orders.join(", ")),
            ))
        }
        Some(o) => {
            let text = o.as_str().unwrap_or_default();
            EulerOrder::parse(text).ok_or_else(|| {
                bad(
                    which,
                    format!(
                        "euler order {o} is not one of {} (the turns, as matrices multiplied left to right)",
                        orders.join(", ")
                    ),
                )
            })?
        }
    };
    let unit = match (obj.get("degrees"), obj.get("radians")) {
        (Some(_), Some(_)) => {
            return Err(bad(
                which,
                "\"euler\" has both \"degrees\" and \"radians\"; give exactly one",
            ))
        }
        (Some(d), None) => ("degrees", d),
        (None, Some(r)) => ("radians", r),
        (None, None) => {
            return Err(bad(
                which,
                "\"euler\" needs its angles: \"degrees\" [x, y, z] or \"radians\" [x, y, z]",
            ))
        }
    };
    let angles = numbers::<3>(
        which,
        &format!("euler.{}", unit.0),
        unit.1,
        "[about X, about Y, about Z]",
    )?;
    for key in obj.keys() {
        if !["order", "degrees", "radians"].contains(&key.as_str()) {
            notes.push(Note::about(
                which,
                format!("field \"euler.{key}\" is not read; ignored"),
            ));
        }
    }
    Ok(euler_from(order, unit.0 == "degrees", angles))
}

/// The rotation of Euler angles about X, Y and Z (in degrees when `degrees`, else radians),
/// turned in `order`.
pub(super) fn euler_from(order: EulerOrder, degrees: bool, angles: [f64; 3]) -> Quat {
    let radians = if degrees {
        angles.map(f64::to_radians)
    } else {
        angles
    };
    order.quat(radians).as_quat()
}

fn note_unknown(which: Which, obj: &Map<String, Value>, mode: Mode, notes: &mut Vec<Note>) {
    let rotation: &[&str] = match mode {
        Mode::Three => &ROTATION_FIELDS_3D,
        Mode::Two => &ROTATION_FIELDS_2D,
    };
    for key in obj.keys() {
        let known = key == "center"
            || key == "radius"
            || EXTENT_FIELDS.contains(&key.as_str())
            || rotation.contains(&key.as_str());
        if !known {
            notes.push(Note::about(
                which,
                format!("field \"{key}\" is not a box field; ignored"),
            ));
        }
    }
}

/// The one quaternion satbox keeps for the rotation of `q`: the quaternion that repeated
/// normalisation settles on.
///
/// Dividing by a length of `1 ± ε` can flip the last bit, so normalising once is not always the
/// end: normalising again may move a bit again, and for about one rotation in a hundred the
/// quaternion then alternates between two neighbours for ever. This follows the normalisations
/// until a quaternion repeats and returns the smallest (by bits) of the quaternions that repeat:
/// for most rotations the fixed point of normalisation, for the rest one fixed member of the
/// pair. Reading it back (normalised, then this) gives it again, bit for bit. A zero or
/// non-finite `q` is returned unchanged.
#[inline]
pub fn stable_rotation(q: Quat) -> Quat {
    // most quaternions are their own normalisation already: the loop below would return them
    if normalize_rotation(q)
        .is_ok_and(|n| n.to_array().map(f32::to_bits) == q.to_array().map(f32::to_bits))
    {
        return q;
    }
    const STEPS: usize = 16;
    let key = |q: Quat| q.to_array().map(f32::to_bits);
    let mut seen = [Quat::IDENTITY; STEPS];
    let mut current = q;
    for step in 0..STEPS {
        let Ok(next) = normalize_rotation(current) else {
            return q;
        };
        if let Some(start) = seen[..step].iter().position(|s| key(*s) == key(next)) {
            return seen[start..step]
                .iter()
                .copied()
                .min_by_key(|s| key(*s))
                .unwrap_or(next);
        }
        seen[step] = next;
        current = next;
    }
    current
}

/// The JSON object of box `which`.
fn box_object(which: Which, v: &Value) -> Result<&serde_json::Map<String, Value>, SceneError> {
    v.as_object()
        .ok_or_else(|| SceneError::Shape(format!("box {} must be an object", box_name(which))))
}

/// The 3D box of checked numbers, its rotation the one satbox keeps ([`stable_rotation`]).
#[inline]
pub(super) fn box3_from(
    which: Which,
    c: [f32; 3],
    half: [f32; 3],
    q: Quat,
) -> Result<Obb3, SceneError> {
    let mut o = Obb3::new(Vec3::from(c), Vec3::from(half), q).map_err(|error| SceneError::Box {
        name: box_name(which),
        error,
    })?;
    o.rotation = stable_rotation(o.rotation);
    Ok(o)
}

/// The angle in radians as `f32` from the number of `field` (`"angle"` or `"angle_deg"`).
#[inline]
pub(super) fn angle_from(which: Which, field: &str, raw: f64) -> Result<f32, SceneError> {
    let radians = if field == "angle_deg" {
        raw.to_radians()
    } else {
        raw
    };
    single(which, || field.to_string(), radians).map_err(|_| {
        bad(
            which,
            format!(
                "{field} = {} is too large for a 32-bit float",
                f64_text(raw)
            ),
        )
    })
}

/// The 2D box of checked numbers.
#[inline]
pub(super) fn box2_from(
    which: Which,
    c: [f32; 2],
    half: [f32; 2],
    angle: f32,
) -> Result<Obb2, SceneError> {
    Obb2::new(Vec2::from(c), Vec2::from(half), angle).map_err(|error| SceneError::Box {
        name: box_name(which),
        error,
    })
}

/// Reads the two boxes `a` and `b` of a JSON object (a `check` line, a scene, a recorded frame),
/// deciding 2D or 3D from their fields and validating every number. `expected` forces a mode
/// (scenes name theirs); a `"mode"` field in the object is checked against the boxes too.
pub fn read_pair(v: &Value, expected: Option<Mode>) -> Result<NotedPair, SceneError> {
    let obj = v.as_object().ok_or_else(|| {
        SceneError::Shape("expected a JSON object with boxes \"a\" and \"b\"".into())
    })?;
    let get = |name: &'static str| {
        obj.get(name)
            .ok_or_else(|| SceneError::Shape(format!("missing box \"{name}\"")))
    };
    let (va, vb) = (get("a")?, get("b")?);
    let (da, db) = (box_mode(Which::A, va)?, box_mode(Which::B, vb)?);
    if da != db {
        return Err(SceneError::Shape(format!(
            "mixed dimensions: box a is {da} but box b is {db}"
        )));
    }
    let named = match obj.get("mode") {
        None => None,
        Some(m) => Some(Mode::parse(m).ok_or_else(|| {
            SceneError::Shape(format!("\"mode\" must be \"2d\" or \"3d\", not {m}"))
        })?),
    };
    for m in [expected, named].into_iter().flatten() {
        if m != da {
            return Err(SceneError::Shape(format!(
                "the scene says mode {m} but its boxes are {da}"
            )));
        }
    }
    let mut notes = Vec::new();
    for key in obj.keys() {
        if !CASE_FIELDS.contains(&key.as_str()) {
            notes.push(Note::about_case(format!(
                "field \"{key}\" is not read (a case has \"a\", \"b\" and optionally \"mode\", \"description\", \"view\", \"t\", \"label\", \"motion\", \"engine\", \"filed\"); ignored"
            )));
        }
    }
    let pair = match da {
        Mode::Three => read_boxes::<Obb3>(va, vb, &mut notes)?,
        Mode::Two => read_boxes::<Obb2>(va, vb, &mut notes)?,
    };
    let radii = [radius_of(Which::A, va)?, radius_of(Which::B, vb)?];
    Ok(NotedPair { pair, notes, radii })
}

/// Boxes `a` and `b` of one dimension, read and validated, as a pair.
pub fn read_boxes<B: PairBox>(
    a: &Value,
    b: &Value,
    notes: &mut Vec<Note>,
) -> Result<Pair, SceneError> {
    let a = B::read(Which::A, a, notes)?;
    let b = B::read(Which::B, b, notes)?;
    Ok(B::pair(a, b))
}

/// A 3D box as most `check` lines write it (read by [`super::plain`]): these three fields.
pub(super) struct PlainBox3 {
    pub(super) center: [f64; 3],
    pub(super) half_extents: [f64; 3],
    pub(super) rotation: [f64; 4],
}

/// A 2D box as most `check` lines write it (read by [`super::plain`]): these three fields.
pub(super) struct PlainBox2 {
    pub(super) center: [f64; 2],
    pub(super) half_extents: [f64; 2],
    pub(super) angle: f64,
}

impl PlainBox3 {
    /// The box, through the same checks as [`read_pair`]'s.
    #[inline]
    pub(super) fn read(&self, which: Which, notes: &mut Vec<Note>) -> Result<Obb3, SceneError> {
        let c = center_from(which, self.center)?;
        let half = half_from(which, "half_extents", self.half_extents)?;
        let q = quaternion_from(which, "rotation", self.rotation, notes)?;
        box3_from(which, c, half, q)
    }
}

impl PlainBox2 {
    /// The rectangle, through the same checks as [`read_pair`]'s.
    #[inline]
    pub(super) fn read(&self, which: Which) -> Result<Obb2, SceneError> {
        let c = center_from(which, self.center)?;
        let half = half_from(which, "half_extents", self.half_extents)?;
        box2_from(which, c, half, angle_from(which, "angle", self.angle)?)
    }
}

/// A 3D box from the numbers a `check` line gives as `"center"`, `"half_extents"` and
/// `"rotation"` (`[x, y, z, w]`), as `f64`: through the same checks and roundings as `check`'s
/// reader, so the box is the one a line with these numbers is answered for, to the bit (its
/// quaternion normalised and then [`stable_rotation`]). A quaternion not of length 1 is noted in
/// `notes`, as `check` notes it. The error names the box (`which`) and the bad number.
///
/// Callers that hold boxes as arrays of numbers rather than JSON (the Python package) build
/// their boxes here.
#[inline]
pub fn box3_from_numbers(
    which: Which,
    center: [f64; 3],
    half_extents: [f64; 3],
    rotation: [f64; 4],
    notes: &mut Vec<Note>,
) -> Result<Obb3, SceneError> {
    PlainBox3 {
        center,
        half_extents,
        rotation,
    }
    .read(which, notes)
}

/// [`box3_from_numbers`]'s common case, without its messages: `Some` of the very box it builds,
/// bit for bit, when every number passes its checks and the quaternion is of length 1 to within
/// rounding (nothing to note, nothing to normalise: the box keeps the quaternion's `f32`
/// components as they are); `None` otherwise, and [`box3_from_numbers`] then says what is wrong,
/// notes the length or normalises.
///
/// The same checks as [`box3_from_numbers`]'s, gathered: each centre coordinate's `f32` within
/// ±[`MAX_COORDINATE`] (a NaN or an infinity fails the comparison), each half extent `≥ 0` with
/// its `f32` at most [`MAX_COORDINATE`], each quaternion component finite as `f32`, the
/// quaternion's `f64` sum of squares within 9e-5 of 1 ([`squares_near_one`]: no note) and its
/// `f32` length 1 to within rounding ([`is_unit_rotation`]: normalising, and [`stable_rotation`],
/// keep it). For callers that read many boxes (the Python package): the general path's checks
/// one by one, its note and its normalisations cost several times the test of the pair.
#[inline]
pub fn box3_from_unit_numbers(
    center: [f64; 3],
    half_extents: [f64; 3],
    rotation: [f64; 4],
) -> Option<Obb3> {
    let c = center.map(|x| x as f32);
    let h = half_extents.map(|x| x as f32);
    let q = rotation.map(|x| x as f32);
    let centre_ok = c
        .iter()
        .fold(true, |ok, x| ok & (x.abs() <= MAX_COORDINATE));
    let half_ok = half_extents
        .iter()
        .zip(&h)
        .fold(true, |ok, (x, s)| ok & (*x >= 0.0) & (*s <= MAX_COORDINATE));
    let rotation_ok = q.iter().fold(true, |ok, x| ok & x.is_finite());
    if !(centre_ok & half_ok & rotation_ok) || !squares_near_one(&rotation) {
        return None;
    }
    let q = Quat::from_array(q);
    is_unit_rotation(q).then(|| Obb3 {
        center: Vec3::from(c),
        half_extents: Vec3::from(h),
        rotation: q,
    })
}

/// A 2D box from the numbers a `check` line gives as `"center"`, `"half_extents"` and `"angle"`
/// (radians), as `f64`: through the same checks and roundings as `check`'s reader (see
/// [`box3_from_numbers`]).
#[inline]
pub fn box2_from_numbers(
    which: Which,
    center: [f64; 2],
    half_extents: [f64; 2],
    angle: f64,
) -> Result<Obb2, SceneError> {
    PlainBox2 {
        center,
        half_extents,
        angle,
    }
    .read(which)
}

/// A box's `"radius"` from its number as `f64`, as `check` reads it: a finite number `≥ 0` as
/// `f32`, else the error names the box (`which`).
#[inline]
pub fn radius_from_number(which: Which, radius: f64) -> Result<f32, SceneError> {
    let r = radius as f32;
    crate::sat::rounded::validate_radius(r)
        .map(|()| r)
        .map_err(|e| bad(which, format!("\"radius\": {e} (a convex radius is ≥ 0)")))
}

/// Parses one JSON text holding a case (a `check` line, or a whole scene file); a key given twice
/// in any of its objects is an error naming it ([`super::unique`]).
pub fn noted_pair_from_json(text: &str) -> Result<NotedPair, SceneError> {
    let v = super::unique::value_of_case(text, 1)?;
    read_pair(&v, None)
}

/// Reads one `check` line, without its notes.
pub fn pair_from_json(line: &str) -> Result<Pair, SceneError> {
    noted_pair_from_json(line).map(|p| p.pair)
}

/// A 3D box as satbox writes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxSpec3 {
    /// `[x, y, z]`.
    pub center: [f32; 3],
    /// `[x, y, z]`, each `≥ 0`.
    pub half_extents: [f32; 3],
    /// Quaternion `[x, y, z, w]`, of length 1.
    pub rotation: [f32; 4],
}

/// A 2D box as satbox writes it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxSpec2 {
    /// `[x, y]`.
    pub center: [f32; 2],
    /// `[x, y]`, each `≥ 0`.
    pub half_extents: [f32; 2],
    /// Radians, counter-clockwise.
    pub angle: f32,
}

impl BoxSpec3 {
    /// Validates into a box (the quaternion normalised).
    pub fn to_obb(&self) -> Result<Obb3, crate::sat::ObbError> {
        Obb3::new(
            Vec3::from(self.center),
            Vec3::from(self.half_extents),
            Quat::from_array(self.rotation),
        )
    }

    /// The JSON object, every number as its shortest text.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("center".into(), f32s_json(&self.center));
        m.insert("half_extents".into(), f32s_json(&self.half_extents));
        m.insert("rotation".into(), f32s_json(&self.rotation));
        Value::Object(m)
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
    pub fn to_obb(&self) -> Result<Obb2, crate::sat::ObbError> {
        Obb2::new(
            Vec2::from(self.center),
            Vec2::from(self.half_extents),
            self.angle,
        )
    }

    /// The JSON object, every number as its shortest text.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert("center".into(), f32s_json(&self.center));
        m.insert("half_extents".into(), f32s_json(&self.half_extents));
        m.insert("angle".into(), f32_json(self.angle));
        Value::Object(m)
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

/// The pair as satbox reads it back, and as it reads back again: every quaternion a fixed point
/// of normalisation ([`stable_rotation`]). 2D boxes are unchanged.
pub fn canonical(pair: &Pair) -> Pair {
    struct Canonical;
    impl PairQuestion for Canonical {
        type Answer = Pair;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Pair {
            B::pair(a.canonical(), b.canonical())
        }
    }
    pair.ask(Canonical)
}

/// The boxes of a pair as JSON values, in the written form (after [`canonical`]).
pub fn box_values(pair: &Pair) -> (Value, Value) {
    struct Values;
    impl PairQuestion for Values {
        type Answer = (Value, Value);
        fn ask<B: PairBox>(self, a: &B, b: &B) -> (Value, Value) {
            (a.canonical().to_value(), b.canonical().to_value())
        }
    }
    pair.ask(Values)
}

/// The order in which a box's fields are written: the centre, the extents, the rotation; any
/// other field after them.
pub const BOX_FIELD_ORDER: [&str; 9] = [
    "center",
    "half_extents",
    "size",
    "rotation",
    "rotation_wxyz",
    "basis",
    "euler",
    "angle",
    "angle_deg",
];

/// Writes a box object with its fields in [`BOX_FIELD_ORDER`] (a JSON object value alone would be
/// written in alphabetical order, `angle` first); anything else is written as it is.
pub fn serialize_box<S: Serializer>(v: &Value, serializer: S) -> Result<S::Ok, S::Error> {
    let Value::Object(obj) = v else {
        return v.serialize(serializer);
    };
    let mut map = serializer.serialize_map(Some(obj.len()))?;
    for key in BOX_FIELD_ORDER {
        if let Some(value) = obj.get(key) {
            map.serialize_entry(key, value)?;
        }
    }
    for (key, value) in obj {
        if !BOX_FIELD_ORDER.contains(&key.as_str()) {
            map.serialize_entry(key, value)?;
        }
    }
    map.end()
}

/// A pair of box objects written as `{"a": {…}, "b": {…}}`, each with [`serialize_box`].
#[derive(Serialize)]
struct LineOfBoxes<'v> {
    #[serde(serialize_with = "serialize_box")]
    a: &'v Value,
    #[serde(serialize_with = "serialize_box")]
    b: &'v Value,
}

/// One `check` input line for the pair: `{"a": {…}, "b": {…}}`, numbers as their shortest text.
pub fn check_line(pair: &Pair) -> String {
    let (a, b) = box_values(pair);
    serde_json::to_string(&LineOfBoxes { a: &a, b: &b }).unwrap_or_default()
}

impl PairBox for Obb3 {
    const MODE: Mode = Mode::Three;

    fn pair(a: Self, b: Self) -> Pair {
        Pair::Three(a, b)
    }
    fn of_pair(pair: &Pair) -> Option<(Self, Self)> {
        match pair {
            Pair::Three(a, b) => Some((*a, *b)),
            _ => None,
        }
    }
    /// Unknown fields, non-unit quaternions and a missing rotation go to `notes`.
    fn read(which: Which, v: &Value, notes: &mut Vec<Note>) -> Result<Self, SceneError> {
        let obj = box_object(which, v)?;
        let c = center::<3>(which, obj)?;
        let (half, extent_field, given) = extents::<3>(which, obj)?;
        // no rotation is no turn, as every engine assumes: read so, and said
        let q = match one_of(which, obj, &ROTATION_FIELDS_3D)? {
            None => {
                let guess = misspelt(obj, &ROTATION_FIELDS_3D).unwrap_or_default();
                notes.push(Note::about(
                    which,
                    format!("no rotation given: read as none (\"rotation\": [0, 0, 0, 1]){guess}"),
                ));
                Quat::IDENTITY
            }
            Some("basis") => basis(which, &obj["basis"], (extent_field, &given), notes)?,
            Some("euler") => euler(which, &obj["euler"], notes)?,
            Some(field) => quaternion(which, field, &obj[field], notes)?,
        };
        note_unknown(which, obj, Mode::Three, notes);
        box3_from(which, c, half, q)
    }
    fn canonical(&self) -> Self {
        Obb3 {
            rotation: stable_rotation(self.rotation),
            ..*self
        }
    }
    fn to_value(&self) -> Value {
        BoxSpec3::from(self).to_value()
    }
    /// `center [0, 1, 0], half extents [1, 1, 1], rotation [x, y, z, w] [0, 0, 0, 1]`.
    fn describe(&self) -> String {
        format!(
            "center {}, half extents {}, rotation [x, y, z, w] {}",
            list_text(&self.center.to_array()),
            list_text(&self.half_extents.to_array()),
            list_text(&self.rotation.to_array())
        )
    }
    /// A struct literal: its quaternion is the one satbox keeps, bit for bit (`Obb3::new` would
    /// normalise it once more).
    fn rust_expr(&self) -> String {
        format!(
            "Obb3 {{\n        center: Vec3::new({}),\n        half_extents: Vec3::new({}),\n        rotation: Quat::from_xyzw({}),\n    }}",
            rust_floats(&self.center.to_array()),
            rust_floats(&self.half_extents.to_array()),
            rust_floats(&self.rotation.to_array()),
        )
    }
    fn rust_module() -> (&'static str, &'static str) {
        (
            "    use glam::{Quat, Vec3};\n    use satbox::sat::{dim3, Obb3};\n",
            "dim3",
        )
    }
    fn rust_lets(a: &Self, b: &Self) -> String {
        format!(
            "    // each rotation is the quaternion satbox keeps, bit for bit (Obb3::new would\n    // normalise it once more)\n    let a = {};\n    let b = {};\n    a.validate().unwrap();\n    b.validate().unwrap();\n",
            a.rust_expr(),
            b.rust_expr()
        )
    }
}

impl PairBox for Obb2 {
    const MODE: Mode = Mode::Two;

    fn pair(a: Self, b: Self) -> Pair {
        Pair::Two(a, b)
    }
    fn of_pair(pair: &Pair) -> Option<(Self, Self)> {
        match pair {
            Pair::Two(a, b) => Some((*a, *b)),
            _ => None,
        }
    }
    /// Unknown fields and a missing angle go to `notes`.
    fn read(which: Which, v: &Value, notes: &mut Vec<Note>) -> Result<Self, SceneError> {
        let obj = box_object(which, v)?;
        let c = center::<2>(which, obj)?;
        let (half, _, _) = extents::<2>(which, obj)?;
        let angle = match one_of(which, obj, &ROTATION_FIELDS_2D)? {
            None => {
                let guess = misspelt(obj, &ROTATION_FIELDS_2D).unwrap_or_default();
                notes.push(Note::about(
                    which,
                    format!("no angle given: read as none (\"angle\": 0){guess}"),
                ));
                0.0
            }
            Some(field) => angle_from(which, field, number(which, field, &obj[field])?)?,
        };
        note_unknown(which, obj, Mode::Two, notes);
        box2_from(which, c, half, angle)
    }
    fn canonical(&self) -> Self {
        *self
    }
    fn to_value(&self) -> Value {
        BoxSpec2::from(self).to_value()
    }
    /// `center [0, 1], half extents [1, 1], angle 0.5 rad (28.65°)`.
    fn describe(&self) -> String {
        format!(
            "center {}, half extents {}, angle {} rad ({}°)",
            list_text(&self.center.to_array()),
            list_text(&self.half_extents.to_array()),
            f32_text(self.angle),
            f32_text(self.angle.to_degrees())
        )
    }
    fn rust_expr(&self) -> String {
        format!(
            "Obb2::new(Vec2::new({}), Vec2::new({}), {:?}).unwrap()",
            rust_floats(&self.center.to_array()),
            rust_floats(&self.half_extents.to_array()),
            self.angle,
        )
    }
    fn rust_module() -> (&'static str, &'static str) {
        (
            "    use glam::Vec2;\n    use satbox::sat::{dim2, Obb2};\n",
            "dim2",
        )
    }
}

/// Floats as Rust writes them (`{:?}`: the shortest text that reads back the same `f32`).
pub fn rust_floats(v: &[f32]) -> String {
    v.iter()
        .map(|x| format!("{x:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<NotedPair, SceneError> {
        noted_pair_from_json(text)
    }

    use crate::scene::pair_bits as bits;

    fn message(text: &str) -> String {
        read(text).unwrap_err().to_string()
    }

    const B3: &str = r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;
    const B2: &str = r#"{"center":[3,0],"half_extents":[1,1],"angle":0}"#;

    fn with_a(a: &str) -> String {
        let two = a.contains("angle") || a.contains(r#""center":[0,0],"#);
        let b = if two { B2 } else { B3 };
        format!(r#"{{"a":{a},"b":{b}}}"#)
    }

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
        let e = message(&format!(r#"{{"a":{B2},"b":{B3}}}"#));
        assert!(
            e.contains("mixed dimensions: box a is 2D but box b is 3D"),
            "{e}"
        );
    }

    #[test]
    fn an_unknown_field_is_ignored_with_a_note_naming_it() {
        let p = read(&with_a(
            r#"{"center":[0,0],"half_extents":[1,1],"angle":0,"mass":2.5}"#,
        ))
        .unwrap();
        let notes: Vec<String> = p.notes.iter().map(ToString::to_string).collect();
        assert_eq!(notes, ["box a: field \"mass\" is not a box field; ignored"]);
        let p = read(&format!(r#"{{"a":{B3},"b":{B3},"id":7}}"#)).unwrap();
        assert_eq!(p.notes.len(), 1);
        assert!(p.notes[0].which.is_none());
        assert!(p.notes[0].message.starts_with("field \"id\" is not read"));
    }

    #[test]
    fn a_unity_box_of_full_size_with_a_w_first_quaternion_gives_its_half_extent_twins_report() {
        let q = Quat::from_euler(glam::EulerRot::YXZ, 0.4, -0.3, 1.2);
        let [x, y, z, w] = q.to_array();
        let twin = read(&format!(
            r#"{{"a":{{"center":[0.5,0,0],"half_extents":[1.5,0.25,2],"rotation":[{x},{y},{z},{w}]}},"b":{B3}}}"#
        ))
        .unwrap();
        let full = read(&format!(
            r#"{{"a":{{"center":[0.5,0,0],"size":[3,0.5,4],"rotation_wxyz":[{w},{x},{y},{z}]}},"b":{B3}}}"#
        ))
        .unwrap();
        assert_eq!(bits(&full.pair), bits(&twin.pair));
        let (Pair::Three(a, b), Pair::Three(ta, tb)) = (full.pair, twin.pair) else {
            panic!("3D")
        };
        assert_eq!(
            crate::sat::dim3::report(&a, &b),
            crate::sat::dim3::report(&ta, &tb)
        );
        assert!(full.notes.is_empty());
    }

    #[test]
    fn a_box_without_a_rotation_or_angle_is_not_turned_and_the_reading_says_so() {
        let read = noted_pair_from_json(
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}}"#,
        )
        .unwrap();
        let Pair::Three(a, _) = read.pair else {
            panic!("3D")
        };
        assert_eq!(a.rotation, Quat::IDENTITY);
        assert_eq!(read.notes.len(), 1);
        assert!(read.notes[0]
            .to_string()
            .starts_with("box a: no rotation given"));
        let read = noted_pair_from_json(
            r#"{"a":{"center":[0,0],"half_extents":[1,1]},"b":{"center":[3,0],"half_extents":[1,1],"angle":0.5}}"#,
        )
        .unwrap();
        assert!(matches!(read.pair, Pair::Two(a, _) if a.angle == 0.0));
        assert!(read.notes[0]
            .to_string()
            .starts_with("box a: no angle given"));
    }

    #[test]
    fn both_fields_of_a_pair_or_neither_is_an_error_naming_the_fields() {
        let cases = [
            (
                r#"{"center":[0,0,0],"half_extents":[1,1,1],"size":[2,2,2],"rotation":[0,0,0,1]}"#,
                "box a: has both \"half_extents\" and \"size\"; give exactly one of \"half_extents\" or \"size\"",
            ),
            (
                r#"{"center":[0,0,0],"rotation":[0,0,0,1]}"#,
                "box a: needs its extents: \"half_extents\" [x, y, z] or \"size\" (full extents)",
            ),
            (
                r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"basis":[[1,0,0],[0,1,0],[0,0,1]]}"#,
                "box a: has both \"rotation\" and \"basis\"; give exactly one of \"rotation\", \"rotation_wxyz\", \"basis\" or \"euler\"",
            ),
            (
                r#"{"center":[0,0],"half_extents":[1,1],"angle":0,"angle_deg":0}"#,
                "box a: has both \"angle\" and \"angle_deg\"",
            ),

            (
                r#"{"center":[0,0,0],"half_extents":[1,1,1],"euler":{"order":"XYZ","degrees":[0,0,0],"radians":[0,0,0]}}"#,
                "box a: \"euler\" has both \"degrees\" and \"radians\"",
            ),
        ];
        for (a, expected) in cases {
            let e = message(&with_a(a));
            assert!(
                e.starts_with(expected),
                "{a}\n  gave {e}\n  not   {expected}"
            );
        }
    }

    #[test]
    fn a_scaled_basis_is_refused_with_the_scale_and_the_extents_it_belongs_in() {
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,2,3],"basis":[[2,0,0],[0,1,0],[0,0,0.5]]}"#,
        ));
        assert_eq!(
            e,
            "box a: \"basis\" is scaled: its columns (the box's axes) have lengths 2, 1, 0.5, not 1; a basis must be a pure rotation (orthonormal within 1e-4): move the scale into the extents (\"half_extents\" [1, 2, 3] becomes [2, 2, 1.5]) and divide each column by its length"
        );
        let e = message(&with_a(
            r#"{"center":[0,0,0],"size":[2,2,2],"basis":[[0,3,0],[-3,0,0],[0,0,3]]}"#,
        ));
        assert!(
            e.contains("lengths 3, 3, 3") && e.contains("\"size\" [2, 2, 2] becomes [6, 6, 6]"),
            "{e}"
        );
        let e = message(&with_a(
            r#"{"center":[0,0,0],"size":[2,2,2],"basis":[[1,0.2,0],[0,1,0],[0,0,1]]}"#,
        ));
        assert!(e.contains("u0 and u1 are not perpendicular"), "{e}");
    }

    #[test]
    fn a_basis_and_euler_angles_give_the_box_of_the_same_rotation() {
        let q = crate::scene::rotation::EulerOrder::Yxz
            .quat([30f64.to_radians(), 45f64.to_radians(), 10f64.to_radians()])
            .as_quat();
        let m = glam::Mat3::from_quat(q);
        let rows = [0, 1, 2].map(|i| m.row(i).to_array());
        let from_basis = read(&with_a(&format!(
            r#"{{"center":[0,0,0],"half_extents":[1,2,3],"basis":{}}}"#,
            serde_json::to_string(&rows).unwrap()
        )))
        .unwrap();
        let from_euler = read(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,2,3],"euler":{"order":"YXZ","degrees":[30,45,10]}}"#,
        ))
        .unwrap();
        let (Pair::Three(a1, _), Pair::Three(a2, _)) = (from_basis.pair, from_euler.pair) else {
            panic!("3D")
        };
        for (u, v) in a1.axes().iter().zip(a2.axes()) {
            assert!((*u - v).length() < 1e-6, "{u} vs {v}");
        }
        assert!(a2.rotation.dot(q).abs() > 1.0 - 1e-6);
    }

    #[test]
    fn euler_angles_need_a_known_order_and_an_object() {
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1],"euler":{"order":"xyz","degrees":[1,2,3]}}"#,
        ));
        assert!(
            e.contains("euler order \"xyz\" is not one of XYZ, XZY, YXZ, YZX, ZXY, ZYX"),
            "{e}"
        );
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1],"euler":[1,2,3]}"#,
        ));
        assert!(e.contains("\"euler\" must be an object"), "{e}");
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[10,20,30]}"#,
        ));
        assert!(
            e.contains("a quaternion needs 4 numbers [x, y, z, w] (Euler angles go in \"euler\""),
            "{e}"
        );
    }

    #[test]
    fn a_non_unit_quaternion_loads_normalised_with_a_note_giving_its_length() {
        let p = read(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,2]}"#,
        ))
        .unwrap();
        let Pair::Three(a, _) = p.pair else {
            panic!("3D")
        };
        assert_eq!(a.rotation, Quat::IDENTITY);
        assert_eq!(
            p.notes[0].to_string(),
            "box a: \"rotation\" [0, 0, 0, 2] has length 2, not 1; it was normalised"
        );
        // five decimals, as Unity prints them: rounding, no note
        let p = read(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1],"rotation_wxyz":[0.70711,0,0.70711,0]}"#,
        ))
        .unwrap();
        assert!(p.notes.is_empty(), "{:?}", p.notes);
    }

    #[test]
    fn negative_extents_are_errors_naming_the_field_and_zero_is_a_flat_box() {
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,-1,1],"rotation":[0,0,0,1]}"#,
        ));
        assert_eq!(
            e,
            "box a: half_extents[1] is -1; half extents must be >= 0 (0 is a flat box)"
        );
        let e = message(&with_a(r#"{"center":[0,0],"size":[-2,1],"angle":0}"#));
        assert_eq!(
            e,
            "box a: size[0] is -2; sizes must be >= 0 (0 is a flat box)"
        );
        assert!(read(&with_a(r#"{"center":[0,0],"size":[0,1],"angle":0}"#)).is_ok());
    }

    #[test]
    fn values_beyond_1e7_are_refused_naming_what_they_are() {
        let e = message(&with_a(
            r#"{"center":[0,2e7,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#,
        ));
        assert!(
            e.starts_with("box a: center[1] = 20000000 is beyond the supported range of +/-1e7 for a centre coordinate"),
            "{e}"
        );
        let e = message(&with_a(
            r#"{"center":[0,0,0],"half_extents":[1,1,1e39],"rotation":[0,0,0,1]}"#,
        ));
        assert_eq!(
            e,
            "box a: half_extents[2] = 1e39 is beyond the supported range of +/-1e7 for a half extent"
        );
        let e = message(&with_a(r#"{"center":[0,0],"size":[3e7,1],"angle":0}"#));
        assert_eq!(
            e,
            "box a: size[0] = 30000000 is a half extent of 15000000, beyond the supported range of +/-1e7 for a half extent"
        );
        // exactly 1e7 is in range
        assert!(read(&with_a(r#"{"center":[1e7,0],"size":[2e7,1],"angle":0}"#)).is_ok());
    }

    #[test]
    fn angle_deg_is_the_angle_in_degrees() {
        let p = read(&with_a(
            r#"{"center":[0,0],"half_extents":[1,1],"angle_deg":90}"#,
        ))
        .unwrap();
        let Pair::Two(a, _) = p.pair else {
            panic!("2D")
        };
        assert_eq!(a.angle, std::f32::consts::FRAC_PI_2);
    }

    #[test]
    fn a_case_naming_the_wrong_mode_is_refused() {
        let e = message(&format!(r#"{{"mode":"2d","a":{B3},"b":{B3}}}"#));
        assert!(
            e.contains("the scene says mode 2D but its boxes are 3D"),
            "{e}"
        );
        let e = message(&format!(r#"{{"mode":"4d","a":{B3},"b":{B3}}}"#));
        assert!(e.contains("\"mode\" must be \"2d\" or \"3d\""), "{e}");
    }

    #[test]
    fn what_is_read_in_any_encoding_is_written_and_read_back_bit_for_bit() {
        let inputs = [
            r#"{"a":{"center":[0.1,-0.2,1e-7],"size":[1.2,0.3333333,2.5],"euler":{"order":"ZYX","degrees":[12.5,-33,71]}},
                "b":{"center":[0.7,0.15,-0.4],"half_extents":[0.5,0.5,0.5],"rotation_wxyz":[0.9,0.1,0.2,0.3]}}"#,
            r#"{"a":{"center":[12345.678,-9876.5,3],"half_extents":[1,1,1],"basis":[[0,-1,0],[1,0,0],[0,0,1]]},
                "b":{"center":[12347.9,-9876.5,3],"half_extents":[1,1,1],"rotation":[0.1,0.2,0.3,0.9]}}"#,
            r#"{"a":{"center":[-0.3,0.1],"size":[3.2,1.8],"angle_deg":20},
                "b":{"center":[1.1,0.6],"half_extents":[1.1,0.7],"angle":-0.61086524}}"#,
        ];
        for text in inputs {
            let first = pair_from_json(text).unwrap();
            let line = check_line(&first);
            let again = pair_from_json(&line).unwrap();
            assert_eq!(bits(&again), bits(&first), "{line}");
            assert_eq!(check_line(&again), line);
            assert!(!line.contains("00000"), "shortest numbers: {line}");
        }
    }

    #[test]
    fn describing_a_box_shows_its_numbers() {
        let o = Obb2::new(Vec2::new(1.0, 0.5), Vec2::ONE, std::f32::consts::FRAC_PI_2).unwrap();
        assert_eq!(
            o.describe(),
            "center [1, 0.5], half extents [1, 1], angle 1.5707964 rad (90°)"
        );
    }

    /// Numbers at the reader's edges: zeros, the limits of f32 and of the 1e7 centre, non-finite
    /// numbers, and lengths a few units in the last place from 1.
    const EDGES: [f64; 36] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1e-300,
        -1e-300,
        f64::MIN_POSITIVE,
        1e7,
        -1e7,
        1e7 + 0.4,
        1e7 + 1.0,
        -1e7 - 0.6,
        1.0000001e7,
        f32::MAX as f64,
        f32::MAX as f64 * 1.0000001,
        3.5e38,
        1e300,
        -1e300,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        1.0 + f32::EPSILON as f64,
        1.0 - f32::EPSILON as f64,
        1.0 + 2.0 * f32::EPSILON as f64,
        1.0 + 3e-7,
        1.0 - 3e-7,
        1.0 + 1e-6,
        std::f64::consts::FRAC_1_SQRT_2,
        std::f32::consts::FRAC_1_SQRT_2 as f64,
        0.70710677,
        0.5000001,
        0.4999999,
        1e-20,
        f32::MIN_POSITIVE as f64 / 4.0,
    ];

    /// The quick path holds to the general one: wherever it answers, it answers the box
    /// `box3_from_numbers` builds, to the bit, with no note; it declines every input the general
    /// path refuses, notes or normalises; and it answers for the unit quaternions callers give.
    #[test]
    fn box3_from_unit_numbers_is_box3_from_numbers_to_the_bit() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut quick, mut refused, mut noted) = (0usize, 0usize, 0usize);
        let mut unit_given = 0usize;
        let total = 400_000;
        for n in 0..total {
            let r = |next: &mut dyn FnMut() -> u64| (next() >> 11) as f64 / (1u64 << 53) as f64;
            let pick = |next: &mut dyn FnMut() -> u64, scale: f64| -> f64 {
                if next().is_multiple_of(8) {
                    EDGES[(next() % EDGES.len() as u64) as usize]
                } else {
                    (2.0 * r(next) - 1.0) * scale
                }
            };
            let center = [0; 3].map(|_| pick(&mut next, 100.0));
            let mut half = [0; 3].map(|_| pick(&mut next, 10.0).abs());
            if next().is_multiple_of(16) {
                half[(next() % 3) as usize] = -pick(&mut next, 1.0);
            }
            let mut q = [0; 4].map(|_| 2.0 * r(&mut next) - 1.0);
            match n % 4 {
                // normalised in f64 as a caller does (numpy), most of the inputs
                0 | 1 => {
                    let l = q.iter().map(|x| x * x).sum::<f64>().sqrt();
                    q = q.map(|x| x / l);
                    unit_given += 1;
                }
                // normalised, then moved by a few units in the last place of f32 or f64
                2 => {
                    let l = q.iter().map(|x| x * x).sum::<f64>().sqrt();
                    let k = (next() % 4) as usize;
                    let ulps = (next() % 41) as f64 - 20.0;
                    let unit = if next().is_multiple_of(2) {
                        f32::EPSILON as f64
                    } else {
                        f64::EPSILON
                    };
                    q = q.map(|x| x / l);
                    q[k] *= 1.0 + ulps * unit;
                }
                // anything: not unit, zero, edges
                _ => {
                    if next().is_multiple_of(2) {
                        let k = (next() % 4) as usize;
                        q[k] = EDGES[(next() % EDGES.len() as u64) as usize];
                    }
                    if next().is_multiple_of(16) {
                        q = [0.0; 4];
                    }
                }
            }
            let mut notes = Vec::new();
            let general = box3_from_numbers(Which::A, center, half, q, &mut notes);
            match box3_from_unit_numbers(center, half, q) {
                Some(o) => {
                    quick += 1;
                    let g = general.unwrap_or_else(|e| panic!("{center:?} {half:?} {q:?}: {e}"));
                    let bits = |o: &Obb3| {
                        let mut v = o.center.to_array().map(f32::to_bits).to_vec();
                        v.extend(o.half_extents.to_array().map(f32::to_bits));
                        v.extend(o.rotation.to_array().map(f32::to_bits));
                        v
                    };
                    assert_eq!(bits(&o), bits(&g), "{center:?} {half:?} {q:?}");
                    assert!(notes.is_empty(), "{center:?} {half:?} {q:?}");
                }
                None if general.is_err() => refused += 1,
                None if !notes.is_empty() => noted += 1,
                None => {}
            }
        }
        // the common case takes the quick path: most of the unit quaternions given
        assert!(quick * 10 >= unit_given * 8, "{quick} of {unit_given}");
        assert!(
            quick < total && refused > total / 50 && noted > total / 50,
            "{quick} {refused} {noted}"
        );
    }
}
