//! Scene links: a pair of boxes in a URL, so that a bug report can carry a link that opens that
//! exact pair.
//!
//! The scene goes in the fragment (after `#`; a query after `?` is read the same way), as
//! `key=value` pairs joined by `&`:
//!
//! ```text
//! https://satbox.example/#satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,1,1&a.rotation=0,0,0,1&b.center=2.5,0,0&b.half_extents=1,1,1&b.rotation=0,0,0.38268346,0.9238795
//! ```
//!
//! * `satbox=1` is the version of this encoding; a link of another version is refused by name.
//! * `mode=2d` or `mode=3d`.
//! * `a.FIELD` and `b.FIELD` are the box fields of [`super::boxes`], lists of numbers joined by
//!   commas: `center`, `half_extents` or `size`, and `rotation` (`x,y,z,w`), `rotation_wxyz`,
//!   `basis` (nine numbers, row by row), `euler.order` with `euler.degrees` or `euler.radians`, or
//!   in 2D `angle` or `angle_deg`. Links satbox writes use `center`, `half_extents` and `rotation` /
//!   `angle`.
//! * `a.radius=R`, `b.radius=R`, optional: the box's convex radius (written when it is above 0, see
//!   [`with_radii`]).
//! * `preset=NAME`, optional: the preset the boxes were made from (see [`with_preset`]). The window
//!   shows that preset's name and description, and whether the boxes differ from it; the pair
//!   itself is always the link's own boxes.
//!
//! Every number is the shortest text that reads back as the same `f32`, and every quaternion a
//! fixed point of normalisation, so a link opens the pair bit for bit. The characters used (digits,
//! letters, `. , - = & _`) need no escaping in a URL; percent-escapes are decoded, for links that
//! went through a mail program. Decoding never panics: any text gives a pair or a message.

use serde_json::{Map, Number, Value};

use super::boxes::{canonical, read_pair, Note, NotedPair};
use super::motion::{motion_of_case, MotionSpec};
use super::number::f32_text;
use super::{Mode, Pair, SceneError};

/// The address links are written under unless another is given (`satbox link --base`): a
/// placeholder, to be replaced by wherever satbox's web viewer lives.
pub const BASE_URL: &str = "https://satbox.example/#";

/// The version of the encoding this satbox writes and reads.
pub const VERSION: &str = "1";

/// The box fields a link may carry, and whether each is one number (the rest are lists).
const FIELDS: [(&str, bool); 12] = [
    ("center", false),
    ("half_extents", false),
    ("size", false),
    ("rotation", false),
    ("rotation_wxyz", false),
    ("basis", false),
    ("euler.degrees", false),
    ("euler.radians", false),
    ("euler.order", false),
    ("angle", true),
    ("angle_deg", true),
    ("radius", true),
];

fn numbers(xs: &[f32]) -> String {
    xs.iter()
        .map(|x| f32_text(*x))
        .collect::<Vec<_>>()
        .join(",")
}

/// The fragment of a pair (without the `#`).
pub fn encode(pair: &Pair) -> String {
    let mut parts = vec![format!("satbox={VERSION}")];
    match canonical(pair) {
        Pair::Three(a, b) => {
            parts.push("mode=3d".into());
            for (name, o) in [("a", a), ("b", b)] {
                parts.push(format!("{name}.center={}", numbers(&o.center.to_array())));
                parts.push(format!(
                    "{name}.half_extents={}",
                    numbers(&o.half_extents.to_array())
                ));
                parts.push(format!(
                    "{name}.rotation={}",
                    numbers(&o.rotation.to_array())
                ));
            }
        }
        Pair::Two(a, b) => {
            parts.push("mode=2d".into());
            for (name, o) in [("a", a), ("b", b)] {
                parts.push(format!("{name}.center={}", numbers(&o.center.to_array())));
                parts.push(format!(
                    "{name}.half_extents={}",
                    numbers(&o.half_extents.to_array())
                ));
                parts.push(format!("{name}.angle={}", f32_text(o.angle)));
            }
        }
    }
    parts.join("&")
}

/// The whole link: `base` (by default [`BASE_URL`]) followed by the fragment; a `#` is put
/// between them unless `base` already ends with `#` or `?`.
pub fn link(pair: &Pair, base: &str) -> String {
    let sep = if base.ends_with('#') || base.ends_with('?') {
        ""
    } else {
        "#"
    };
    format!("{base}{sep}{}", encode(pair))
}

fn bad(message: impl Into<String>) -> SceneError {
    SceneError::Shape(format!("link: {}", message.into()))
}

/// Decodes `%XX` escapes (and `+` as a space, as forms write it).
fn percent_decode(text: &str) -> Result<String, SceneError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        match bytes[k] {
            b'%' => {
                let hex = bytes
                    .get(k + 1..k + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| {
                        bad(format!(
                            "\"%\" at character {} of {text:?} is not followed by two hexadecimal digits",
                            k + 1
                        ))
                    })?;
                out.push(hex);
                k += 3;
            }
            b'+' => {
                out.push(b' ');
                k += 1;
            }
            b => {
                out.push(b);
                k += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| bad("its escapes do not decode to UTF-8 text"))
}

/// The part of `input` that holds the scene: after the first `#`, else after the first `?`,
/// else all of it.
fn fragment(input: &str) -> &str {
    let input = input.trim();
    if let Some((_, f)) = input.split_once('#') {
        f
    } else if let Some((_, q)) = input.split_once('?') {
        q
    } else {
        input
    }
}

fn value_of(key: &str, field: &str, text: &str, single: bool) -> Result<Value, SceneError> {
    if field == "euler.order" {
        return Ok(Value::String(text.to_string()));
    }
    let mut items = Vec::new();
    for (k, item) in text.split(',').enumerate() {
        let x: f64 = item
            .trim()
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite())
            .ok_or_else(|| bad(format!("{key}: item {} ({item:?}) is not a number", k + 1)))?;
        items.push(Value::Number(
            Number::from_f64(x).unwrap_or_else(|| 0.into()),
        ));
    }
    if single {
        return match items.as_slice() {
            [one] => Ok(one.clone()),
            _ => Err(bad(format!("{key} is one number, not {}", items.len()))),
        };
    }
    if field == "basis" {
        if items.len() != 9 {
            return Err(bad(format!(
                "{key} is the rotation matrix, nine numbers row by row, not {}",
                items.len()
            )));
        }
        let rows: Vec<Value> = items.chunks(3).map(|r| Value::Array(r.to_vec())).collect();
        return Ok(Value::Array(rows));
    }
    Ok(Value::Array(items))
}

/// Reads a link (a whole URL, or just its fragment) into a validated pair, with notes on parts it
/// does not read. Every problem is a message; no input panics.
pub fn decode(input: &str) -> Result<NotedPair, SceneError> {
    let text = fragment(input);
    if text.is_empty() {
        return Err(bad("it is empty; a satbox link ends in #satbox=1&mode=…"));
    }
    let mut boxes = [Map::new(), Map::new()];
    let (mut version, mut mode) = (None, None);
    let mut notes = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for part in text.split('&').filter(|p| !p.is_empty()) {
        let (raw_key, raw_value) = part
            .split_once('=')
            .ok_or_else(|| bad(format!("\"{part}\" is not key=value")))?;
        let key = percent_decode(raw_key)?;
        let value = percent_decode(raw_value)?;
        if !seen.insert(key.clone()) {
            return Err(bad(format!("\"{key}\" is given twice")));
        }
        match key.as_str() {
            "satbox" => version = Some(value),
            "mode" => mode = Some(value),
            // the story of the boxes, not the boxes: read by `preset_of`
            "preset" => {}
            _ => {
                let target = match key.split_once('.') {
                    Some(("a", field)) => Some((0, field)),
                    Some(("b", field)) => Some((1, field)),
                    _ => None,
                };
                let known = target.and_then(|(k, field)| {
                    FIELDS
                        .iter()
                        .find(|(f, _)| *f == field)
                        .map(|(f, single)| (k, *f, *single))
                });
                match known {
                    Some((k, field, single)) => {
                        let v = value_of(&key, field, &value, single)?;
                        match field.split_once('.') {
                            Some((outer, inner)) => {
                                let slot = boxes[k]
                                    .entry(outer.to_string())
                                    .or_insert_with(|| Value::Object(Map::new()));
                                if let Value::Object(m) = slot {
                                    m.insert(inner.to_string(), v);
                                }
                            }
                            None => {
                                boxes[k].insert(field.to_string(), v);
                            }
                        }
                    }
                    None => notes.push(Note::about_case(format!(
                        "link field \"{key}\" is not read; ignored"
                    ))),
                }
            }
        }
    }
    match version.as_deref() {
        None => {
            return Err(bad(
                "it has no \"satbox=1\": not a satbox scene link (or cut short)",
            ))
        }
        Some(VERSION) => {}
        Some(v) => {
            return Err(bad(format!(
                "it is version {v:?}; this satbox reads version {VERSION}"
            )))
        }
    }
    let mode = match mode.as_deref() {
        Some("3d") => Mode::Three,
        Some("2d") => Mode::Two,
        Some(m) => return Err(bad(format!("mode is {m:?}, not 2d or 3d"))),
        None => return Err(bad("it has no mode=2d or mode=3d")),
    };
    let [a, b] = boxes;
    for (name, m) in [("a", &a), ("b", &b)] {
        if m.is_empty() {
            return Err(bad(format!(
                "it has no box {name} ({name}.center=…&{name}.half_extents=…)"
            )));
        }
    }
    let mut case = Map::new();
    case.insert("a".into(), Value::Object(a));
    case.insert("b".into(), Value::Object(b));
    let mut read = read_pair(&Value::Object(case), Some(mode))
        .map_err(|e| SceneError::Shape(format!("link: {e}")))?;
    notes.append(&mut read.notes);
    read.notes = notes;
    Ok(read)
}

/// The keys of a moving pair's motion in a link: each box's velocity and angular velocity (lists
/// joined by commas; a 2D turn is one number), and the step's `dt`.
const MOTION_KEYS: [&str; 5] = [
    "a.velocity",
    "a.angular_velocity",
    "b.velocity",
    "b.angular_velocity",
    "dt",
];

/// The fragment of a pair moving by `motion` (without the `#`): [`encode`]'s, then
/// `a.velocity=…&a.angular_velocity=…&b.velocity=…&b.angular_velocity=…&dt=…`. Without motion it
/// is exactly [`encode`]'s.
pub fn encode_moving(pair: &Pair, motion: Option<&MotionSpec>) -> String {
    let mut text = encode(pair);
    let Some(m) = motion else {
        return text;
    };
    let n = if pair.mode() == Mode::Two { 2 } else { 3 };
    for (name, b) in [("a", &m.a), ("b", &m.b)] {
        text += &format!("&{name}.velocity={}", numbers(&b.velocity[..n]));
        let turn = if n == 2 {
            f32_text(b.angular_velocity[2])
        } else {
            numbers(&b.angular_velocity)
        };
        text += &format!("&{name}.angular_velocity={turn}");
    }
    text + &format!("&dt={}", f32_text(m.dt))
}

/// `fragment` (a link's, as [`encode_moving`] writes it) with the name of the preset its boxes were
/// made from, so that the link keeps its story: opened, it says "preset NAME", modified or not.
/// Preset names are letters, digits, `-` and `_`, which need no escaping; another name is left
/// out.
pub fn with_preset(fragment: String, preset: Option<&str>) -> String {
    match preset {
        Some(name) if is_preset_name(name) => format!("{fragment}&preset={name}"),
        _ => fragment,
    }
}

/// `fragment` with each box's convex radius above 0 (`a.radius=…`, `b.radius=…`): a link of
/// sharp boxes is left as it is.
pub fn with_radii(mut fragment: String, radii: [f32; 2]) -> String {
    for (name, r) in [("a", radii[0]), ("b", radii[1])] {
        if r > 0.0 {
            fragment += &format!("&{name}.radius={}", f32_text(r));
        }
    }
    fragment
}

/// Whether `name` can be a preset's name in a link: letters, digits, `-` and `_`, at most 64.
fn is_preset_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// The preset a link says its boxes were made from (`preset=NAME`), if it names one as
/// [`with_preset`] writes it.
pub fn preset_of(input: &str) -> Option<String> {
    fragment(input)
        .split('&')
        .filter_map(|part| part.split_once('='))
        .find(|(k, _)| *k == "preset")
        .and_then(|(_, v)| percent_decode(v).ok())
        .filter(|name| is_preset_name(name))
}

/// The whole link of a moving pair, as [`link`] writes it.
pub fn link_moving(pair: &Pair, motion: Option<&MotionSpec>, base: &str) -> String {
    let sep = if base.ends_with('#') || base.ends_with('?') {
        ""
    } else {
        "#"
    };
    format!("{base}{sep}{}", encode_moving(pair, motion))
}

/// Reads a link as [`decode`] does, with the boxes' motion when it has one (any of
/// `a.velocity`, `a.angular_velocity`, `b.velocity`, `b.angular_velocity`, `dt`; `dt` is then
/// required, as in a scene file).
pub fn decode_moving(input: &str) -> Result<(NotedPair, Option<MotionSpec>), SceneError> {
    let mut rest = Vec::new();
    let mut boxes = [Map::new(), Map::new()];
    let mut motion = Map::new();
    let mut any = false;
    for part in fragment(input).split('&').filter(|p| !p.is_empty()) {
        let key = part
            .split_once('=')
            .map(|(k, _)| percent_decode(k))
            .transpose()?;
        let Some(key) = key.filter(|k| MOTION_KEYS.contains(&k.as_str())) else {
            rest.push(part);
            continue;
        };
        let value = percent_decode(part.split_once('=').map_or("", |(_, v)| v))?;
        any = true;
        match key.split_once('.') {
            Some((name, field)) => {
                let k = usize::from(name == "b");
                // the mode is not known yet: a one-number turn is kept as one number
                let single = field == "angular_velocity" && !value.contains(',');
                boxes[k].insert(field.into(), value_of(&key, field, &value, single)?);
            }
            None => {
                motion.insert(key.clone(), value_of(&key, &key, &value, true)?);
            }
        }
    }
    let noted = decode(&rest.join("&"))?;
    if !any {
        return Ok((noted, None));
    }
    for (name, m) in ["a", "b"].into_iter().zip(boxes) {
        if !m.is_empty() {
            motion.insert(name.into(), Value::Object(m));
        }
    }
    let case = serde_json::json!({ "motion": Value::Object(motion) });
    let spec = motion_of_case(&case, noted.pair.mode())
        .map_err(|e| SceneError::Shape(format!("link: {e}")))?;
    Ok((noted, spec))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_link_made_from_a_preset_names_it_and_still_opens_its_own_boxes() {
        let pair = Pair::Three(
            Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap(),
            Obb3::new(Vec3::X * 1.5, Vec3::ONE, Quat::IDENTITY).unwrap(),
        );
        let text = with_preset(encode(&pair), Some("3d-contact-face-face"));
        assert!(text.ends_with("&preset=3d-contact-face-face"));
        assert_eq!(preset_of(&text).as_deref(), Some("3d-contact-face-face"));
        let read = decode(&text).unwrap();
        assert_eq!(canonical(&read.pair), canonical(&pair));
        assert!(read.notes.is_empty(), "{:?}", read.notes);
        // no preset, or a name that is not one: nothing is added, nothing is read
        assert_eq!(with_preset(encode(&pair), None), encode(&pair));
        assert_eq!(with_preset(encode(&pair), Some("a b&c")), encode(&pair));
        assert_eq!(preset_of(&encode(&pair)), None);
        assert_eq!(preset_of("#satbox=1&preset=%3Cscript%3E"), None);
    }

    use super::*;
    use crate::sat::{Obb2, Obb3};
    use glam::{Quat, Vec2, Vec3};

    fn bits(p: &Pair) -> String {
        match p {
            Pair::Three(a, b) => format!(
                "{:?}",
                [a, b].map(|o| (
                    o.center.to_array().map(f32::to_bits),
                    o.half_extents.to_array().map(f32::to_bits),
                    o.rotation.to_array().map(f32::to_bits)
                ))
            ),
            Pair::Two(a, b) => format!(
                "{:?}",
                [a, b].map(|o| (
                    o.center.to_array().map(f32::to_bits),
                    o.half_extents.to_array().map(f32::to_bits),
                    o.angle.to_bits()
                ))
            ),
        }
    }

    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        fn f(&mut self, lo: f32, hi: f32) -> f32 {
            lo + (hi - lo) * ((self.next() >> 40) as f32 / (1u64 << 24) as f32)
        }
    }

    #[test]
    fn a_link_reads_like_its_boxes() {
        let pair = Pair::Three(
            Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE),
            Obb3::new(
                Vec3::new(2.5, 0.0, 0.0),
                Vec3::ONE,
                Quat::from_rotation_z(0.25 * std::f32::consts::PI),
            )
            .unwrap(),
        );
        assert_eq!(
            link(&pair, BASE_URL),
            "https://satbox.example/#satbox=1&mode=3d&a.center=0,0,0&a.half_extents=1,1,1&a.rotation=0,0,0,1&b.center=2.5,0,0&b.half_extents=1,1,1&b.rotation=0,0,0.38268346,0.9238795"
        );
        assert_eq!(
            link(&pair, "http://x/viewer"),
            format!("http://x/viewer#{}", encode(&pair))
        );
    }

    #[test]
    fn random_pairs_round_trip_through_their_links_bit_for_bit() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for _ in 0..2000 {
            let q = Quat::from_xyzw(
                rng.f(-1.0, 1.0),
                rng.f(-1.0, 1.0),
                rng.f(-1.0, 1.0),
                rng.f(-1.0, 1.0),
            );
            let scale = 10f32.powf(rng.f(-6.0, 6.0));
            let o3 = |rng: &mut Rng| {
                Obb3::new(
                    Vec3::new(rng.f(-1.0, 1.0), rng.f(-1.0, 1.0), rng.f(-1.0, 1.0)) * scale,
                    Vec3::new(rng.f(0.0, 1.0), rng.f(0.0, 1.0), rng.f(0.0, 1.0)) * scale,
                    q,
                )
                .unwrap()
            };
            let pair = Pair::Three(o3(&mut rng), o3(&mut rng));
            let back = decode(&link(&pair, BASE_URL)).unwrap();
            assert_eq!(bits(&back.pair), bits(&canonical(&pair)));
            assert!(back.notes.is_empty());
            let o2 = |rng: &mut Rng| {
                Obb2::new(
                    Vec2::new(rng.f(-1.0, 1.0), rng.f(-1.0, 1.0)) * scale,
                    Vec2::new(rng.f(0.0, 1.0), rng.f(0.0, 1.0)) * scale,
                    rng.f(-10.0, 10.0),
                )
                .unwrap()
            };
            let pair = Pair::Two(o2(&mut rng), o2(&mut rng));
            let back = decode(&encode(&pair)).unwrap();
            assert_eq!(bits(&back.pair), bits(&pair));
        }
    }

    #[test]
    fn a_link_accepts_the_other_encodings_escapes_and_a_query() {
        let text = "https://x/?satbox=1&mode=3d&a.center=0%2C0%2C0&a.size=2,2,2&a.euler.order=XYZ&a.euler.degrees=0,0,90&b.center=3,0,0&b.half_extents=1,1,1&b.basis=1,0,0,0,1,0,0,0,1&b.colour=red";
        let read = decode(text).unwrap();
        let Pair::Three(a, _) = read.pair else {
            panic!("3D")
        };
        assert_eq!(a.half_extents, Vec3::ONE);
        assert!((a.axes()[0] - Vec3::Y).length() < 1e-6);
        assert_eq!(read.notes.len(), 1);
        assert_eq!(
            read.notes[0].message,
            "link field \"b.colour\" is not read; ignored"
        );
    }

    #[test]
    fn bad_links_are_clear_messages() {
        let good = "satbox=1&mode=2d&a.center=0,0&a.half_extents=1,1&a.angle=0&b.center=3,0&b.half_extents=1,1&b.angle=0";
        assert!(decode(good).is_ok());
        let cases = [
            ("", "link: it is empty"),
            ("https://satbox.example/#", "link: it is empty"),
            ("mode=2d&a.center=0,0", "link: it has no \"satbox=1\""),
            (
                "satbox=2&mode=2d",
                "link: it is version \"2\"; this satbox reads version 1",
            ),
            ("satbox=1&mode=4d&a.center=1", "link: mode is \"4d\""),
            ("satbox=1&mode=2d", "link: it has no box a"),
            (
                "satbox=1&mode=2d&a.center=0,x",
                "link: a.center: item 2 (\"x\") is not a number",
            ),
            ("satbox=1&mode=2d&a.center=0,inf", "is not a number"),
            (
                "satbox=1&mode=2d&a.angle=1,2",
                "link: a.angle is one number, not 2",
            ),
            ("satbox=1&satbox=1", "link: \"satbox\" is given twice"),
            ("satbox=1&mode", "link: \"mode\" is not key=value"),
            (
                "satbox=1&mode=2d&a.center=%zz",
                "link: \"%\" at character 1",
            ),
            (
                "satbox=1&mode=3d&a.basis=1,0,0",
                "nine numbers row by row, not 3",
            ),
            (
                &good.replace("a.half_extents=1,1", "a.half_extents=1,-1"),
                "link: box a: half_extents[1] is -1",
            ),
            (
                &good.replace("mode=2d", "mode=3d"),
                "link: the scene says mode 3D but its boxes are 2D",
            ),
        ];
        for (text, expected) in cases {
            let e = decode(text).unwrap_err().to_string();
            assert!(
                e.contains(expected),
                "{text:?}\n  gave {e}\n  not   {expected}"
            );
        }
    }

    #[test]
    fn no_text_makes_decoding_panic() {
        let mut rng = Rng(99);
        let alphabet: Vec<char> =
            "satbox=1&mode=3d2d.abcenterhalf_extentsrotation,%0123456789-+eE#?éx\u{0}"
                .chars()
                .collect();
        for _ in 0..20_000 {
            let len = (rng.next() % 80) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(rng.next() % alphabet.len() as u64) as usize])
                .collect();
            let _ = decode(&text);
        }
    }

    #[test]
    fn a_moving_pair_s_link_carries_its_motion_and_one_at_rest_is_unchanged() {
        use crate::scene::motion::BoxMotion;
        let pair = Pair::Three(
            Obb3::default(),
            Obb3::axis_aligned(Vec3::X * 3.0, Vec3::ONE),
        );
        assert_eq!(encode_moving(&pair, None), encode(&pair));
        let spec = MotionSpec {
            a: BoxMotion::default(),
            b: BoxMotion {
                velocity: [-60.0, 0.1, 0.0],
                angular_velocity: [0.0, 0.0, 1.5],
            },
            dt: 0.1,
        };
        let text = encode_moving(&pair, Some(&spec));
        assert!(
            text.ends_with("&b.velocity=-60,0.1,0&b.angular_velocity=0,0,1.5&dt=0.1"),
            "{text}"
        );
        let (back, motion) = decode_moving(&text).unwrap();
        assert_eq!((back.pair, motion), (pair, Some(spec)));
        assert!(back.notes.is_empty(), "{:?}", back.notes);
        // 2D: the turn is one number
        let two = Pair::Two(Obb2::default(), Obb2::default());
        let text = encode_moving(&two, Some(&spec));
        assert!(
            text.contains("b.velocity=-60,0.1&b.angular_velocity=1.5"),
            "{text}"
        );
        assert_eq!(decode_moving(&text).unwrap().1, Some(spec));
        // a motion without its dt is refused by name
        let e = decode_moving(&format!("{}&b.velocity=1,0,0", encode(&pair))).unwrap_err();
        assert!(e.to_string().contains("motion.dt"), "{e}");
    }

    #[test]
    fn a_rounded_pair_s_link_carries_each_radius_and_a_sharp_one_none() {
        let a = crate::sat::Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::IDENTITY).unwrap();
        let b = crate::sat::Obb3::new(Vec3::splat(3.0), Vec3::ONE, Quat::IDENTITY).unwrap();
        let pair = Pair::Three(a, b);
        let sharp = with_radii(encode(&pair), [0.0, 0.0]);
        assert_eq!(sharp, encode(&pair));
        let rounded = with_radii(encode(&pair), [0.6, 0.25]);
        assert!(
            rounded.ends_with("&a.radius=0.6&b.radius=0.25"),
            "{rounded}"
        );
        let read = decode(&rounded).unwrap();
        assert_eq!(read.radii, [0.6, 0.25]);
        assert_eq!(read.pair, pair);
        assert!(read.notes.is_empty(), "{:?}", read.notes);
        let bad = decode(&rounded.replace("a.radius=0.6", "a.radius=-1")).unwrap_err();
        assert!(bad.to_string().contains("radius"), "{bad}");
    }
}
