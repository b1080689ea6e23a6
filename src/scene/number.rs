//! Numbers as text: every `f32` satbox writes is the shortest text that reads back as the same
//! `f32`, so scenes, the last-state file, check lines and links round-trip bit for bit.
//!
//! `serde_json::to_value` widens an `f32` to the `f64` of the same value, and that `f64` is then
//! written in full: `1.2f32` becomes `1.2000000476837158`. [`f32_json`] instead stores the `f64`
//! nearest to the `f32`'s shortest text (`1.2`), which is written as `1.2` and reads back, through
//! `f64`, as the same `f32`.

use serde_json::Value;

/// The shortest text that reads back as the same `f32`: `1.2`, `-0.5`, `1e-7`, `3e20`, `0`, `-0`.
/// Whole numbers have no `.0`. This is the text of links and of messages.
pub fn f32_text(x: f32) -> String {
    let s = format!("{x:?}");
    match s.strip_suffix(".0") {
        Some(whole) => whole.to_string(),
        None => s,
    }
}

/// Shows an `f64` read from a file in messages: whole numbers without `.0`, very large or very
/// small ones with an exponent (`1e30`).
pub fn f64_text(x: f64) -> String {
    let a = x.abs();
    if a != 0.0 && !(1e-5..1e16).contains(&a) {
        format!("{x:?}")
    } else {
        format!("{x}")
    }
}

/// A list of numbers for messages: `[0, 0.5, 1e-7]`.
pub fn list_text(xs: &[f32]) -> String {
    let items: Vec<String> = xs.iter().map(|x| f32_text(*x)).collect();
    format!("[{}]", items.join(", "))
}

/// The JSON number of an `f32`, written as its shortest text (`1.2`, not `1.2000000476837158`).
/// A NaN or an infinity, which validation keeps out of every box, becomes `null`.
pub fn f32_json(x: f32) -> Value {
    format!("{x:?}")
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map_or(Value::Null, Value::Number)
}

/// A JSON array of `f32`s, each written as its shortest text.
pub fn f32s_json(xs: &[f32]) -> Value {
    Value::Array(xs.iter().map(|x| f32_json(*x)).collect())
}

/// Rewrites, everywhere in `v`, each floating-point number that is exactly an `f32` as that `f32`'s
/// shortest text: the view state the window stores as JSON is made of `f32`s widened to `f64`.
/// Integers and numbers that are not `f32`s (`0.1` read from a file as `f64`) are left alone.
pub fn shorten_f32_numbers(v: &mut Value) {
    match v {
        Value::Number(n) if n.is_f64() => {
            if let Some(x) = n.as_f64() {
                let single = x as f32;
                if single as f64 == x {
                    *v = f32_json(single);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(shorten_f32_numbers),
        Value::Object(map) => map.values_mut().for_each(shorten_f32_numbers),
        _ => {}
    }
}

/// `x` with a negative zero made positive: answers never print `-0.0` (a depth of `−0` is the
/// overlap `−gap` of a gap of exactly `0`).
pub fn unsigned_zero(x: f32) -> f32 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes `x` as `f32_json` does, then reads it back the way every reader does (JSON → f64 →
    /// f32).
    fn through_json(x: f32) -> f32 {
        let text = serde_json::to_string(&f32_json(x)).unwrap();
        let back: Value = serde_json::from_str(&text).unwrap();
        back.as_f64().unwrap() as f32
    }

    #[test]
    fn an_f32_is_written_as_its_shortest_text() {
        assert_eq!(serde_json::to_string(&f32_json(1.2)).unwrap(), "1.2");
        assert_eq!(serde_json::to_string(&f32_json(1.0)).unwrap(), "1.0");
        assert_eq!(serde_json::to_string(&f32_json(1e-7)).unwrap(), "1e-7");
        assert_eq!(serde_json::to_string(&f32_json(-0.0)).unwrap(), "-0.0");
        // what serde_json::to_value does instead
        let wide = serde_json::to_value(1.2f32).unwrap();
        assert_eq!(serde_json::to_string(&wide).unwrap(), "1.2000000476837158");
        assert_eq!(f32_text(1.0), "1");
        assert_eq!(f32_text(-0.0), "-0");
        assert_eq!(f32_text(0.1), "0.1");
        assert_eq!(f32_text(3e20), "3e20");
    }

    #[test]
    fn a_million_random_f32s_round_trip_through_json_bit_for_bit() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut checked = 0;
        while checked < 1_000_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let x = f32::from_bits((state >> 32) as u32);
            if !x.is_finite() {
                continue;
            }
            assert_eq!(through_json(x).to_bits(), x.to_bits(), "{x:?}");
            let text = f32_text(x);
            assert_eq!(
                text.parse::<f32>().unwrap().to_bits(),
                x.to_bits(),
                "{text}"
            );
            checked += 1;
        }
    }

    #[test]
    fn edge_f32s_round_trip_through_json_bit_for_bit() {
        let edges = [
            0.0,
            -0.0,
            f32::MIN_POSITIVE,
            f32::MIN_POSITIVE / 3.0,
            f32::from_bits(1),
            f32::MAX,
            f32::MIN,
            f32::EPSILON,
            1.0 - f32::EPSILON / 2.0,
            16_777_217.0,
            1e7,
            -1e7,
            0.1,
            1.0 / 3.0,
        ];
        for x in edges {
            assert_eq!(through_json(x).to_bits(), x.to_bits(), "{x:?}");
        }
    }

    #[test]
    fn widened_f32s_in_a_view_are_shortened_and_other_numbers_kept() {
        let mut v = serde_json::json!({
            "camera": {"distance": 1.2f32 as f64, "yaw": [0.3f32 as f64, 2]},
            "selected_axis": 3,
            "exact_f64": 0.1f64,
        });
        shorten_f32_numbers(&mut v);
        assert_eq!(
            v.to_string(),
            r#"{"camera":{"distance":1.2,"yaw":[0.3,2]},"exact_f64":0.1,"selected_axis":3}"#
        );
        assert_eq!(v["camera"]["distance"].as_f64().unwrap() as f32, 1.2f32);
    }

    #[test]
    fn negative_zero_is_made_positive_and_nothing_else_changes() {
        assert_eq!(unsigned_zero(-0.0).to_bits(), 0.0f32.to_bits());
        assert_eq!(unsigned_zero(-1e-30), -1e-30);
        assert_eq!(serde_json::to_string(&unsigned_zero(-0.0)).unwrap(), "0.0");
    }
}
