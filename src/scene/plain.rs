//! The fast path of `satbox check`: a case in the plain shape most lines have, read straight from
//! its bytes into numbers, without building any JSON value or string on the way.
//!
//! The shape is `{"a": BOX, "b": BOX}` with each box `{"center", "half_extents", "rotation"}` (3D,
//! `[x, y, z, w]`) or `{"center", "half_extents", "angle"}` (2D), in any order, with JSON's
//! whitespace anywhere, and nothing else. A number is read with serde_json's own arithmetic (its
//! digits as one integer, times or divided by a power of ten) where that arithmetic rounds once:
//! the integer below 2^53 and the exponent of its last digit within ±22. Anything else (another field, a string escape, a longer number, a repeated field, an
//! error) is not read here: [`read_plain_pair`] returns `None` and the general reader takes the
//! case, with its notes and its error messages.

use super::boxes::{PlainBox2, PlainBox3};
use super::{NotedPair, Pair};
use crate::sat::Which;

/// The case of a `check` line in the plain shape (see the module's documentation), read straight
/// into numbers. The numbers go through the same checks as [`read_pair`](super::read_pair)'s, so
/// the boxes are the same to the bit. `None` for any other shape, and for a case that does not
/// validate or has a note (a quaternion not of length 1): the general reader then reads it and
/// says what it found.
pub fn read_plain_pair(text: &str) -> Option<NotedPair> {
    let mut r = Reader {
        b: text.as_bytes(),
        at: 0,
    };
    let (a, b) = r.case()?;
    let mut notes = Vec::new();
    let pair = match (a, b) {
        (Plain::Three(a), Plain::Three(b)) => Pair::Three(
            a.read(Which::A, &mut notes).ok()?,
            b.read(Which::B, &mut notes).ok()?,
        ),
        (Plain::Two(a), Plain::Two(b)) => Pair::Two(a.read(Which::A).ok()?, b.read(Which::B).ok()?),
        _ => return None,
    };
    notes.is_empty().then_some(NotedPair {
        pair,
        notes,
        radii: [0.0; 2],
    })
}

/// One box as read: its dimension follows from its fields.
enum Plain {
    Three(PlainBox3),
    Two(PlainBox2),
}

/// The exact powers of ten an `f64` holds.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// A cursor over the case's bytes.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The whole text: one object with boxes `a` and `b`, then only whitespace.
    fn case(&mut self) -> Option<(Plain, Plain)> {
        let (mut a, mut b) = (None, None);
        self.object(|r, key| {
            let slot = match key {
                b"a" => &mut a,
                b"b" => &mut b,
                _ => return None,
            };
            if slot.is_some() {
                return None;
            }
            *slot = Some(r.plain_box()?);
            Some(())
        })?;
        self.space();
        (self.at == self.b.len()).then_some(())?;
        Some((a?, b?))
    }

    /// One box: `center`, `half_extents` and `rotation` or `angle`, each once.
    fn plain_box(&mut self) -> Option<Plain> {
        let mut center = [0.0; 3];
        let mut half = [0.0; 3];
        let mut rotation = [0.0; 4];
        let (mut centre_len, mut half_len) = (None, None);
        let (mut rotated, mut angle) = (false, None);
        self.object(|r, key| {
            match key {
                b"center" if centre_len.is_none() => centre_len = Some(r.numbers(&mut center)?),
                b"half_extents" if half_len.is_none() => half_len = Some(r.numbers(&mut half)?),
                b"rotation" if !rotated => {
                    (r.numbers(&mut rotation)? == 4).then_some(())?;
                    rotated = true;
                }
                b"angle" if angle.is_none() => angle = Some(r.number()?),
                _ => return None,
            }
            Some(())
        })?;
        match (centre_len?, half_len?, rotated, angle) {
            (3, 3, true, None) => Some(Plain::Three(PlainBox3 {
                center,
                half_extents: half,
                rotation,
            })),
            (2, 2, false, Some(angle)) => Some(Plain::Two(PlainBox2 {
                center: [center[0], center[1]],
                half_extents: [half[0], half[1]],
                angle,
            })),
            _ => None,
        }
    }

    /// An object whose every member `field` reads (given its key), and nothing else.
    fn object(&mut self, mut field: impl FnMut(&mut Self, &[u8]) -> Option<()>) -> Option<()> {
        self.space();
        self.expect(b'{')?;
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Some(());
        }
        loop {
            let key = self.key()?;
            self.space();
            self.expect(b':')?;
            self.space();
            field(self, key)?;
            self.space();
            match self.next()? {
                b',' => self.space(),
                b'}' => return Some(()),
                _ => return None,
            }
        }
    }

    /// A key without escapes.
    fn key(&mut self) -> Option<&'a [u8]> {
        self.expect(b'"')?;
        // the keys a plain case has are recognised whole, closing quote included, a few
        // comparisons of whole words instead of a test per byte
        const KNOWN: [&[u8]; 6] = [
            b"center\"",
            b"half_extents\"",
            b"rotation\"",
            b"a\"",
            b"b\"",
            b"angle\"",
        ];
        let rest = &self.b[self.at..];
        if let Some(known) = KNOWN.iter().find(|k| rest.starts_with(k)) {
            self.at += known.len();
            return Some(&known[..known.len() - 1]);
        }
        let start = self.at;
        loop {
            match self.next()? {
                b'"' => return Some(&self.b[start..self.at - 1]),
                b'\\' | 0..0x20 => return None,
                _ => {}
            }
        }
    }

    /// An array of at most `out.len()` numbers; how many.
    fn numbers(&mut self, out: &mut [f64]) -> Option<usize> {
        self.expect(b'[')?;
        self.space();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Some(0);
        }
        let mut n = 0;
        loop {
            *out.get_mut(n)? = self.number()?;
            n += 1;
            self.space();
            match self.next()? {
                b',' => self.space(),
                b']' => return Some(n),
                _ => return None,
            }
        }
    }

    /// A JSON number, read to the `f64` serde_json reads (see the module's documentation).
    #[inline(always)]
    fn number(&mut self) -> Option<f64> {
        let negative = self.peek() == Some(b'-');
        self.at += usize::from(negative);
        // the digits as one integer (wrapping past 19 digits: refused below), and where the
        // decimal point is
        let first = self.at;
        let (mut s, mut point) = (0u64, None);
        while let Some(&c) = self.b.get(self.at) {
            let d = c.wrapping_sub(b'0');
            if d < 10 {
                s = s.wrapping_mul(10).wrapping_add(u64::from(d));
            } else if c == b'.' && point.is_none() {
                point = Some(self.at);
            } else {
                break;
            }
            self.at += 1;
        }
        let whole = point.unwrap_or(self.at) - first;
        let fraction = point.map_or(0, |p| self.at - p - 1);
        // JSON: digits before the point and after it, no leading zero before more digits
        if whole == 0 || point.is_some() && fraction == 0 || whole > 1 && self.b[first] == b'0' {
            return None;
        }
        let mut exponent = 0i32;
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            let sign = match self.peek() {
                Some(b'-') => -1,
                Some(b'+') => 1,
                _ => 0,
            };
            self.at += usize::from(sign != 0);
            let from = self.at;
            while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
                exponent = 10 * exponent + i32::from(d - b'0');
                self.at += 1;
                if self.at - from > 3 {
                    return None;
                }
            }
            if self.at == from {
                return None;
            }
            if sign < 0 {
                exponent = -exponent;
            }
        }
        // serde_json reads the digits as one integer `s` and the exponent `e` of the last digit,
        // then `s as f64` times or divided by `10^|e|`: the same arithmetic here, where `s` is
        // exact as an `f64` and `10^|e|` too, so there is one rounding
        let e = exponent - fraction as i32;
        if whole + fraction > 19 || s >= 1 << 53 || !(-22..=22).contains(&e) {
            return None;
        }
        // (below 2^53 the integer converts exactly through i64, in one instruction)
        let s = s as i64 as f64;
        let magnitude = if e >= 0 {
            s * POW10[e as usize]
        } else {
            s / POW10[(-e) as usize]
        };
        Some(if negative { -magnitude } else { magnitude })
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        (self.next()? == c).then_some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::noted_pair_from_json;

    fn bits(p: &Pair) -> Vec<u32> {
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

    const B3: &str = r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;

    #[test]
    fn a_plain_line_reads_on_the_fast_path_to_the_same_boxes_bit_for_bit() {
        let lines = [
            r#"{"a":{"center":[0.1,-0.2,1e-7],"half_extents":[1.2,0.3333333,2.5],"rotation":[0.1,0.2,0.3,0.9273618]},
                "b":{"center":[0.7,0.15,-0.4],"half_extents":[0,0.5,0.5],"rotation":[0,0,0,1]}}"#,
            r#"{"b":{"rotation":[0,0,0.70710677,0.70710677],"half_extents":[3,1,1],"center":[-9999999,0,5]},
                "a":{"half_extents":[1,1,1],"center":[1,2,3],"rotation":[0,0,0,1]}}"#,
            r#"{"a":{"center":[-0.3,0.1],"half_extents":[1.6,0.9],"angle":0.34906584},
                "b":{"center":[1.1,0.6],"half_extents":[1.1,0.7],"angle":-0.61086524}}"#,
        ];
        for text in lines {
            let fast = read_plain_pair(text).expect(text);
            let general = noted_pair_from_json(text).unwrap();
            assert_eq!(bits(&fast.pair), bits(&general.pair), "{text}");
            assert!(fast.notes.is_empty() && general.notes.is_empty());
        }
    }

    #[test]
    fn any_line_the_fast_path_would_read_differently_goes_to_the_general_reader() {
        let lines = [
            // a quaternion not of length 1 carries a note
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,2]},"b":B3}"#,
            // another field, another encoding, a mode, a note field
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"mass":2},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"size":[2,2,2],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"mode":"3d","a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            // values the checks refuse
            r#"{"a":{"center":[0,0,0],"half_extents":[-1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[1e9,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,0]},"b":B3}"#,
            // mixed dimensions, a repeated field, not JSON
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"center":[1,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":"#,
        ];
        for line in lines {
            let text = line.replace("B3", B3);
            assert!(read_plain_pair(&text).is_none(), "{text}");
        }
    }

    /// Numbers written every way JSON allows: each one the fast reader takes is the `f64` serde_json
    /// reads, so the boxes are the same to the bit.
    #[test]
    fn every_number_the_fast_reader_takes_is_serde_json_s_to_the_bit() {
        let mut unit = crate::sat::splitmix_units(0x0091_a17e);
        let mut taken = 0;
        for k in 0..20_000 {
            let x = (unit() - 0.5) * 10f32.powi((unit() * 14.0) as i32 - 7);
            let text = match k % 6 {
                0 => format!("{x}"),
                1 => format!("{x:e}"),
                2 => format!("{x:.3}"),
                3 => format!("{:.17}", x as f64),
                4 => format!("{}E+{}", x, k % 3),
                _ => format!("{}e-{}", (x * 1e6).round(), 6 + k % 20),
            };
            let line = format!(
                r#"{{"a":{{"center":[{text},0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"b":{B3}}}"#
            );
            let Ok(general) = noted_pair_from_json(&line) else {
                continue;
            };
            if let Some(fast) = read_plain_pair(&line) {
                assert_eq!(bits(&fast.pair), bits(&general.pair), "{text}");
                taken += 1;
            }
        }
        assert!(taken > 15_000, "the fast reader took {taken} of 20,000");
    }
}
