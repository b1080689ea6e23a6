//! A case's motion, as a `check` line or a scene keeps it: `"motion": {"a": {"velocity": [..],
//! "angular_velocity": ..}, "b": {...}, "dt": s}`. In 3D a velocity and an angular velocity are
//! three numbers each; in 2D a velocity is two numbers and the angular velocity one (the turn about
//! z, rad/s). A box without motion, or a missing velocity, is at rest; `dt` is required and > 0.

use serde_json::{Map, Value};

use super::{Mode, SceneError};
use crate::sat::motion::{Motion, PairMotion};
use crate::sat::{Vector, MAX_COORDINATE};

/// One box's motion in plain coordinates (2D: `z` of the velocity is 0, the turn is `z` of the
/// angular velocity).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoxMotion {
    /// Linear velocity.
    pub velocity: [f32; 3],
    /// Angular velocity (rad/s, world coordinates).
    pub angular_velocity: [f32; 3],
}

/// A pair's motion over one step, in plain coordinates for either dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MotionSpec {
    /// A's motion.
    pub a: BoxMotion,
    /// B's motion.
    pub b: BoxMotion,
    /// The step's length in seconds.
    pub dt: f32,
}

impl MotionSpec {
    /// The motion for boxes whose vector is `V`.
    pub fn for_boxes<V: Vector>(&self) -> PairMotion<V> {
        let one = |m: &BoxMotion| Motion {
            velocity: V::from_coords(m.velocity),
            angular_velocity: m.angular_velocity.into(),
        };
        PairMotion {
            a: one(&self.a),
            b: one(&self.b),
            dt: self.dt,
        }
    }

    /// The `"motion"` object for this motion in `mode`.
    pub fn to_value(&self, mode: Mode) -> Value {
        let one = |m: &BoxMotion| {
            let n = if mode == Mode::Two { 2 } else { 3 };
            let velocity: Vec<f64> = m.velocity[..n].iter().map(|x| *x as f64).collect();
            let turn = match mode {
                Mode::Two => Value::from(m.angular_velocity[2] as f64),
                Mode::Three => Value::from(m.angular_velocity.map(f64::from).to_vec()),
            };
            serde_json::json!({"velocity": velocity, "angular_velocity": turn})
        };
        serde_json::json!({"a": one(&self.a), "b": one(&self.b), "dt": self.dt as f64})
    }
}

/// The `"motion"` of a case in `mode`: `None` when it has none; an error naming the field when a
/// value is missing, of the wrong shape or out of range.
pub fn motion_of_case(case: &Value, mode: Mode) -> Result<Option<MotionSpec>, SceneError> {
    let Some(m) = case.get("motion") else {
        return Ok(None);
    };
    let obj = object(m, "motion")?;
    unknown_keys(obj, "motion", &["a", "b", "dt"])?;
    let dt = obj.get("dt").ok_or_else(|| {
        shape("motion.dt is missing: the step's length in seconds, a number > 0".into())
    })?;
    let dt = number(dt, "motion.dt")?;
    if dt <= 0.0 {
        return Err(shape(format!("motion.dt is {dt}; it must be > 0")));
    }
    let box_motion = |key: &str| -> Result<BoxMotion, SceneError> {
        obj.get(key)
            .map_or(Ok(BoxMotion::default()), |v| read_box(v, key, mode))
    };
    Ok(Some(MotionSpec {
        a: box_motion("a")?,
        b: box_motion("b")?,
        dt,
    }))
}

/// One box's `{"velocity": .., "angular_velocity": ..}`.
fn read_box(v: &Value, key: &str, mode: Mode) -> Result<BoxMotion, SceneError> {
    let path = format!("motion.{key}");
    let obj = object(v, &path)?;
    unknown_keys(obj, &path, &["velocity", "angular_velocity"])?;
    let n = if mode == Mode::Two { 2 } else { 3 };
    let mut out = BoxMotion::default();
    if let Some(v) = obj.get("velocity") {
        let velocity = numbers(v, &format!("{path}.velocity"), n)?;
        out.velocity[..n].copy_from_slice(&velocity);
    }
    if let Some(w) = obj.get("angular_velocity") {
        let what = format!("{path}.angular_velocity");
        match mode {
            Mode::Two if w.is_array() => {
                return Err(shape(format!(
                    "{what} is {w}; in 2D it is one number, the turn about z in rad/s"
                )))
            }
            Mode::Two => out.angular_velocity[2] = number(w, &what)?,
            Mode::Three => out.angular_velocity.copy_from_slice(&numbers(w, &what, 3)?),
        }
    }
    Ok(out)
}

fn shape(message: String) -> SceneError {
    SceneError::Shape(message)
}

fn object<'v>(v: &'v Value, what: &str) -> Result<&'v Map<String, Value>, SceneError> {
    v.as_object()
        .ok_or_else(|| shape(format!("{what} is {v}; it must be an object")))
}

fn unknown_keys(obj: &Map<String, Value>, what: &str, known: &[&str]) -> Result<(), SceneError> {
    match obj.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(shape(format!(
            "{what}.{k} is not a field of {what} (it has {})",
            known.join(", ")
        ))),
        None => Ok(()),
    }
}

/// A motion's number as `f32`: `None` unless finite and within ±[`MAX_COORDINATE`].
#[inline]
pub(super) fn motion_number(x: f64) -> Option<f32> {
    (x.is_finite() && x.abs() <= MAX_COORDINATE as f64).then_some(x as f32)
}

/// A finite number within the supported range.
fn number(v: &Value, what: &str) -> Result<f32, SceneError> {
    v.as_f64().and_then(motion_number).ok_or_else(|| {
        shape(format!(
            "{what} is {v}; it must be a finite number within ±{MAX_COORDINATE:e}"
        ))
    })
}

/// Exactly `n` numbers.
fn numbers(v: &Value, what: &str, n: usize) -> Result<Vec<f32>, SceneError> {
    let items = v
        .as_array()
        .filter(|a| a.len() == n)
        .ok_or_else(|| shape(format!("{what} is {v}; it must be {n} numbers")))?;
    items
        .iter()
        .enumerate()
        .map(|(k, x)| number(x, &format!("{what}[{k}]")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, mode: Mode) -> Result<Option<MotionSpec>, String> {
        let v: Value = serde_json::from_str(text).unwrap();
        motion_of_case(&v, mode).map_err(|e| e.to_string())
    }

    #[test]
    fn a_3d_motion_reads_and_a_missing_box_is_at_rest() {
        let m = read(
            r#"{"motion": {"b": {"velocity": [1, 2, 3], "angular_velocity": [0, 0, 4]}, "dt": 0.5}}"#,
            Mode::Three,
        )
        .unwrap()
        .unwrap();
        assert_eq!(m.a, BoxMotion::default());
        assert_eq!(m.b.velocity, [1.0, 2.0, 3.0]);
        assert_eq!(m.b.angular_velocity, [0.0, 0.0, 4.0]);
        assert_eq!(m.dt, 0.5);
        assert_eq!(read("{}", Mode::Three).unwrap(), None);
    }

    #[test]
    fn a_2d_motion_turns_by_one_number_about_z() {
        let m = read(
            r#"{"motion": {"a": {"velocity": [1, 0], "angular_velocity": 2}, "dt": 1}}"#,
            Mode::Two,
        )
        .unwrap()
        .unwrap();
        assert_eq!(m.a.velocity, [1.0, 0.0, 0.0]);
        assert_eq!(m.a.angular_velocity, [0.0, 0.0, 2.0]);
        let back = m.to_value(Mode::Two);
        assert_eq!(back["a"]["angular_velocity"], 2.0);
        let again = motion_of_case(&serde_json::json!({ "motion": back }), Mode::Two);
        assert_eq!(again.unwrap(), Some(m));
    }

    #[test]
    fn bad_motion_is_an_error_that_names_its_field() {
        let cases = [
            (r#"{"motion": {"dt": -1}}"#, Mode::Three, "motion.dt is -1"),
            (r#"{"motion": {}}"#, Mode::Three, "motion.dt is missing"),
            (
                r#"{"motion": {"dt": "1"}}"#,
                Mode::Three,
                "motion.dt is \"1\"",
            ),
            (
                r#"{"motion": {"a": {"velocity": [1, 2]}, "dt": 1}}"#,
                Mode::Three,
                "motion.a.velocity is [1,2]; it must be 3 numbers",
            ),
            (
                r#"{"motion": {"a": {"angular_velocity": [0, 0, 1]}, "dt": 1}}"#,
                Mode::Two,
                "in 2D it is one number",
            ),
            (
                r#"{"motion": {"b": {"velocity": [1, 1e30, 0]}, "dt": 1}}"#,
                Mode::Three,
                "motion.b.velocity[1] is 1e+30",
            ),
            (
                r#"{"motion": {"dt": 1, "c": 2}}"#,
                Mode::Three,
                "motion.c is not a field",
            ),
            (
                r#"{"motion": [1]}"#,
                Mode::Three,
                "motion is [1]; it must be an object",
            ),
        ];
        for (text, mode, expected) in cases {
            let error = read(text, mode).unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
        }
    }
}
