//! The contact manifold's parameters as a scene or a `check` line keeps them, in its free-form
//! `"view"` object: `"view": {"manifold": {"margin": 0.02, "edge_relative": 0.05,
//! "edge_absolute": 0.0005, "feature": "face_b"}}`. Every key is optional (a missing one keeps
//! the default of [`ManifoldParams`]); unknown keys are ignored.

use serde_json::{Map, Value};

use super::SceneError;
use crate::sat::manifold::FeatureChoice;
use crate::sat::ManifoldParams;

/// The keys read, in the order they are written.
const KEYS: [&str; 3] = ["margin", "edge_relative", "edge_absolute"];

/// The manifold parameters of a `"view"` object (`null` or without `"manifold"`: the defaults).
/// A value that is not a finite number `≥ 0` is an error naming its key; `"feature"` forces the
/// feature the points are built on (`"auto"`, `"face_a"`, `"face_b"` or `"edge"`).
pub fn params_from_view(view: &Value) -> Result<ManifoldParams, SceneError> {
    let mut p = ManifoldParams::default();
    let Some(m) = view.get("manifold") else {
        return Ok(p);
    };
    let obj = m
        .as_object()
        .ok_or_else(|| SceneError::Shape("view.manifold must be an object".into()))?;
    for key in KEYS {
        let Some(v) = obj.get(key) else { continue };
        let x = v.as_f64().and_then(manifold_number).ok_or_else(|| {
            SceneError::Shape(format!(
                "view.manifold.{key} is {v}; it must be a finite number >= 0"
            ))
        })?;
        set_param(&mut p, key, x);
    }
    if let Some(v) = obj.get("feature") {
        p.feature = v.as_str().and_then(FeatureChoice::parse).ok_or_else(|| {
            SceneError::Shape(format!(
                "view.manifold.feature is {v}; it must be \"auto\", \"face_a\", \"face_b\" or \"edge\""
            ))
        })?;
    }
    Ok(p)
}

/// A number of `view.manifold` as `f32`: `None` unless finite, `≥ 0` and within `f32`'s range.
#[inline]
pub(super) fn manifold_number(x: f64) -> Option<f32> {
    (x.is_finite() && x >= 0.0 && x <= f32::MAX as f64).then_some(x as f32)
}

/// Sets the parameter `key` (one of `"margin"`, `"edge_relative"`, `"edge_absolute"`) of `p`.
pub(super) fn set_param(p: &mut ManifoldParams, key: &str, x: f32) {
    match key {
        "margin" => p.margin = x,
        "edge_relative" => p.edge_relative = x,
        _ => p.edge_absolute = x,
    }
}

/// The `"manifold"` object to keep in a `"view"` for these parameters: only the keys that differ
/// from the defaults (an empty object for the defaults).
pub fn params_to_view(p: &ManifoldParams) -> Value {
    let d = ManifoldParams::default();
    let mut obj = Map::new();
    for (key, value, default) in [
        (KEYS[0], p.margin, d.margin),
        (KEYS[1], p.edge_relative, d.edge_relative),
        (KEYS[2], p.edge_absolute, d.edge_absolute),
    ] {
        if value != default {
            obj.insert(key.into(), Value::from(value as f64));
        }
    }
    if p.feature != FeatureChoice::Auto && FeatureChoice::CHOICES.contains(&p.feature) {
        obj.insert("feature".into(), Value::from(p.feature.name()));
    }
    Value::Object(obj)
}

/// A case's engine bands: `view.profile`, either a profile's name (`"jolt"`) or an object naming
/// one and editing its bands (`{"engine": "mujoco", "detect": 0.02, "active": 0.01}`); `None`
/// without one.
pub fn bands_from_view(view: &Value) -> Result<Option<crate::sat::bands::Bands>, SceneError> {
    use crate::sat::bands::Profile;
    let Some(p) = view.get("profile") else {
        return Ok(None);
    };
    let names = || {
        Profile::ALL
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let profile = |v: Option<&Value>| {
        v.and_then(Value::as_str)
            .and_then(Profile::parse)
            .ok_or_else(|| {
                SceneError::Shape(format!(
                    "view.profile is {p}; it must name an engine ({}) or be an object with \"engine\"",
                    names()
                ))
            })
    };
    let bands = match p {
        Value::String(_) => profile(Some(p))?.defaults(),
        Value::Object(obj) => {
            let mut b = profile(obj.get("engine"))?.defaults();
            for (key, slot) in [
                ("detect", &mut b.detect),
                ("active", &mut b.active),
                ("slop", &mut b.slop),
            ] {
                if let Some(v) = obj.get(key) {
                    *slot = v.as_f64().filter(|x| x.is_finite()).ok_or_else(|| {
                        SceneError::Shape(format!("view.profile.{key} is {v}; it must be a number"))
                    })? as f32;
                }
            }
            b
        }
        _ => profile(None)?.defaults(),
    };
    bands
        .validate()
        .map_err(|e| SceneError::Shape(format!("view.profile: {e}")))?;
    Ok(Some(bands))
}

/// `view.profile` as [`bands_from_view`] reads it back: the engine's name when its bands are the
/// defaults, else an object with the engine and the three bands.
pub fn bands_to_view(bands: &crate::sat::bands::Bands) -> Value {
    if *bands == bands.profile.defaults() {
        return Value::String(bands.profile.name().into());
    }
    let mut map = serde_json::Map::new();
    map.insert("engine".into(), bands.profile.name().into());
    for (key, x) in [
        ("detect", bands.detect),
        ("active", bands.active),
        ("slop", bands.slop),
    ] {
        map.insert(key.into(), crate::scene::number::f32_json(x));
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_view_without_manifold_settings_gives_the_defaults() {
        assert_eq!(
            params_from_view(&Value::Null),
            Ok(ManifoldParams::default())
        );
        assert_eq!(
            params_from_view(&json!({"selected_axis": 3})),
            Ok(ManifoldParams::default())
        );
    }

    #[test]
    fn a_margin_and_the_edge_bias_are_read_and_written_back() {
        let p = params_from_view(&json!({"manifold": {"margin": 0.02, "edge_relative": 0.0,
            "edge_absolute": 0.001, "future_key": true}}))
        .unwrap();
        assert_eq!(p.margin, 0.02);
        assert_eq!(p.edge_relative, 0.0);
        assert_eq!(p.edge_absolute, 0.001);
        let view = json!({ "manifold": params_to_view(&p) });
        assert_eq!(params_from_view(&view), Ok(p));
        assert_eq!(params_to_view(&ManifoldParams::default()), json!({}));
    }

    #[test]
    fn a_negative_or_non_numeric_value_is_an_error_naming_its_key() {
        for (view, key) in [
            (json!({"manifold": {"margin": -0.1}}), "margin"),
            (
                json!({"manifold": {"edge_absolute": "a lot"}}),
                "edge_absolute",
            ),
            (
                json!({"manifold": {"edge_relative": 1e300}}),
                "edge_relative",
            ),
        ] {
            let e = params_from_view(&view).unwrap_err().to_string();
            assert!(e.contains(key), "{e}");
        }
        assert!(params_from_view(&json!({"manifold": 3})).is_err());
    }
}
