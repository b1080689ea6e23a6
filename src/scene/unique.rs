//! JSON read into a [`Value`] as serde_json reads it, except that a key given twice in one object
//! is an error naming it. serde_json keeps the last of the two silently; in a pasted case a key
//! given twice is a paste error more often than not (two boxes `"a"`, a centre written twice), so
//! the case's readers refuse it rather than answer for a pair nobody meant.
//!
//! The work is serde_json's own (the same visitor calls, the same map insertions): telling a key
//! given twice only looks at what the insertion returns.

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

use super::SceneError;

/// The JSON `text` (a case whose first line is line `first_line` of its file) as a [`Value`]; a
/// key given twice in any object is a [`SceneError::Shape`] naming it and where it is (`box a:
/// "center" is given twice; …`); text that is not JSON is [`SceneError::json_in`].
pub fn value_of_case(text: &str, first_line: usize) -> Result<Value, SceneError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Unique { parent: None }
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    value.map_err(|e| match twice(&e) {
        Some(message) => SceneError::Shape(message),
        None => SceneError::json_in(text, &e, first_line),
    })
}

/// What every message about a key given twice starts with, so that it is told from serde_json's
/// own errors (ours are its only data errors: a [`Value`] takes any JSON).
const TWICE: &str = "given twice: ";

/// The message of a key given twice, when `e` is one.
fn twice(e: &serde_json::Error) -> Option<String> {
    if !e.is_data() {
        return None;
    }
    let message = e.to_string();
    let message = message.strip_prefix(TWICE)?;
    // serde_json appends where it was: the key's object is named instead
    let end = message.rfind(" at line ").unwrap_or(message.len());
    Some(message[..end].to_string())
}

/// The keys from the case down to an object: `["a", "euler"]` for box a's `euler`.
struct Path<'p> {
    key: &'p str,
    parent: Option<&'p Path<'p>>,
}

/// The message for `key` given twice in the object at `parent`.
fn message(parent: Option<&Path>, key: &str) -> String {
    let mut keys = Vec::new();
    let mut at = parent;
    while let Some(p) = at {
        keys.push(p.key);
        at = p.parent;
    }
    keys.reverse();
    let fix = "a key given twice is read as its last value, so give each key once";
    match keys.as_slice() {
        [] => format!("{TWICE}the case has \"{key}\" twice; {fix}"),
        [b @ ("a" | "b")] => format!("{TWICE}box {b}: \"{key}\" is given twice; {fix}"),
        [b @ ("a" | "b"), rest @ ..] => format!(
            "{TWICE}box {b}: \"{}.{key}\" is given twice; {fix}",
            rest.join(".")
        ),
        _ => format!("{TWICE}\"{}.{key}\" is given twice; {fix}", keys.join(".")),
    }
}

/// A value anywhere in the case, below the object at `parent`.
#[derive(Clone, Copy)]
struct Unique<'p> {
    parent: Option<&'p Path<'p>>,
}

impl<'de> DeserializeSeed<'de> for Unique<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut values = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = Path {
                key: &key,
                parent: self.parent,
            };
            let value = map.next_value_seed(Unique {
                parent: Some(&path),
            })?;
            match values.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
                Entry::Occupied(earlier) => {
                    return Err(A::Error::custom(message(self.parent, earlier.key())));
                }
            }
        }
        Ok(Value::Object(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_without_a_key_given_twice_reads_as_serde_json_reads_it() {
        let texts = [
            r#"{"a":{"center":[0.1,-2e-7,1e300],"half_extents":[1,1,1]},"b":null,"t":true,"n":-3,"u":18446744073709551615,"s":"\u00e9\"","e":{},"l":[]}"#,
            "  [1, 2.5, {\"x\": [ ]}]  ",
            "12345678901234567890123",
        ];
        for text in texts {
            let ours = value_of_case(text, 1).unwrap();
            let theirs: Value = serde_json::from_str(text).unwrap();
            assert_eq!(ours, theirs, "{text}");
        }
    }

    #[test]
    fn a_key_given_twice_is_named_with_its_box_or_the_case() {
        let cases = [
            (
                r#"{"a":{"center":[0,0,0]},"a":{"center":[1,0,0]}}"#,
                "the case has \"a\" twice; a key given twice is read as its last value, so give each key once",
            ),
            (
                r#"{"a":{"center":[0,0,0],"center":[1,0,0]}}"#,
                "box a: \"center\" is given twice; a key given twice is read as its last value, so give each key once",
            ),
            (
                r#"{"b":{"euler":{"order":"XYZ","order":"ZYX"}}}"#,
                "box b: \"euler.order\" is given twice; a key given twice is read as its last value, so give each key once",
            ),
            (
                r#"{"view":{"margin":1,"margin":2}}"#,
                "\"view.margin\" is given twice; a key given twice is read as its last value, so give each key once",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                value_of_case(text, 1),
                Err(SceneError::Shape(expected.into())),
                "{text}"
            );
        }
    }

    #[test]
    fn text_that_is_not_json_is_serde_json_s_error_at_the_case_s_line() {
        let e = value_of_case("{\"a\": 1} x", 7).unwrap_err().to_string();
        assert_eq!(e, "invalid JSON: trailing characters at line 7, column 10");
        let e = value_of_case("[NaN]", 1).unwrap_err().to_string();
        assert!(e.contains("NaN is not a JSON number"), "{e}");
    }
}
