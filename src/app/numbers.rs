//! Numbers as the window writes them, in the panel and in the scene's labels alike: one place, so
//! that no view writes a negative zero ("-0.0000", "-0.0°") where `check` writes 0. A value
//! that rounds to zero at the precision shown is written without a sign, whatever its own sign.

/// Drops the minus sign of a written number that is all zeros (`-0.0000`, `-0`).
fn unsigned_zero(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|c| c == b'0' || c == b'.') => rest.to_string(),
        _ => text,
    }
}

/// `x` to `decimals` decimals (`-1.2500`, `0.0000`); a value that rounds to zero is written
/// without a sign.
pub(crate) fn fixed(x: impl Into<f64>, decimals: usize) -> String {
    unsigned_zero(format!("{:.decimals$}", x.into()))
}

/// `x` to `decimals` decimals with its sign always written (`+12.5`, `-3.0`), as a change is;
/// a value that rounds to zero is written `0.0`, without a sign.
pub(crate) fn signed(x: impl Into<f64>, decimals: usize) -> String {
    let text = fixed(x, decimals);
    if text.starts_with('-') || text.bytes().all(|c| c == b'0' || c == b'.') {
        text
    } else {
        format!("+{text}")
    }
}

/// `x` to at most `decimals` decimals, its trailing zeros dropped (`0.25`, `2`, `-1.5`); a value
/// that rounds to zero is `0`.
pub(crate) fn trimmed(x: impl Into<f64>, decimals: usize) -> String {
    let text = fixed(x, decimals);
    if text.contains('.') {
        let text = text.trim_end_matches('0').trim_end_matches('.').to_string();
        unsigned_zero(text)
    } else {
        text
    }
}

/// Coordinates as `(x, y, z)` (or `(x, y)`), each written by `each` (say `|x| fixed(x, 4)`).
pub(crate) fn coords(v: &[f32], each: impl Fn(f32) -> String) -> String {
    let parts: Vec<String> = v.iter().map(|x| each(*x)).collect();
    format!("({})", parts.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_that_rounds_to_zero_is_written_without_a_minus_sign() {
        assert_eq!(fixed(-0.0f32, 4), "0.0000");
        assert_eq!(fixed(-4.3e-8f32, 4), "0.0000");
        assert_eq!(fixed(-0.04f32, 1), "0.0");
        assert_eq!(fixed(-0.0f64, 0), "0");
        assert_eq!(signed(-0.04f32, 1), "0.0");
        assert_eq!(signed(0.0f32, 1), "0.0");
        assert_eq!(trimmed(-0.0001f32, 3), "0");
        assert_eq!(trimmed(-0.0f32, 2), "0");
        assert_eq!(
            coords(&[-0.0, 1.0, -1e-9], |x| fixed(x, 4)),
            "(0.0000, 1.0000, 0.0000)"
        );
    }

    #[test]
    fn other_values_keep_their_sign_and_digits() {
        assert_eq!(fixed(-1.25f32, 4), "-1.2500");
        assert_eq!(fixed(0.00005f64, 4), "0.0001");
        assert_eq!(fixed(-0.06f64, 1), "-0.1");
        assert_eq!(signed(12.5f32, 1), "+12.5");
        assert_eq!(signed(-3.0f32, 1), "-3.0");
        assert_eq!(trimmed(0.25f32, 3), "0.25");
        assert_eq!(trimmed(-1.5f32, 3), "-1.5");
        assert_eq!(trimmed(20.0f32, 0), "20");
        assert_eq!(coords(&[0.5, -2.0], |x| trimmed(x, 3)), "(0.5, -2)");
    }
}
