//! `satbox check`'s reader: a case in any encoding `check` accepts, read straight from its bytes
//! into numbers, without building a JSON value or a string on the way.
//!
//! Every encoding of a box ([`super::boxes`]: `half_extents` or `size`; `rotation`,
//! `rotation_wxyz`, `basis` or `euler`; `angle` or `angle_deg`; `radius`), and around the boxes
//! `mode`, `motion`, `view` (its `manifold` and `profile`; its other keys skipped) and the fields
//! kept for others (`description`, `t`, `label`, `engine`, `filed`: skipped), in any order, with
//! JSON's whitespace anywhere. The numbers then go through the general reader's own checks
//! ([`super::boxes`]'s `*_from` stages, [`super::motion`]'s and [`super::manifold`]'s), so the
//! case is the same to the bit.
//!
//! A number is the `f64` serde_json reads (with its `float_roundtrip` parser: correctly rounded,
//! whatever its length). The reader gathers its digits as one integer (a fraction's eight at a
//! time where eight are there, and the fewer after them in one step; a whole part one at a
//! time) and the power of ten of its last digit. Where both are exact as `f64`s (the
//! integer below 2^53, the power at most 22), one division or product rounds it (Clinger's fast
//! path: most numbers of ten bytes or fewer); any other of at most 19 significant digits
//! (Python's 17, a large exponent) goes to lexical's Eisel–Lemire step; the rare number that
//! step cannot decide (within rounding of halfway between two doubles) and any of more than 19
//! digits is parsed in full by `lexical-core` in JSON's number grammar. So both readers read the
//! same `f64`.
//!
//! A case this reader would not read exactly as the general one does is left to it:
//! [`read_case_fast`] returns `None` for anything that is an error or carries a note (an unknown
//! field, a quaternion not of length 1, no rotation, a left-handed basis), a key given twice at
//! any depth, an escape in a key or a name, a `null` for a field; the general reader then reads
//! the case and words what it found.

use arrayvec::ArrayVec;

use super::boxes::{
    angle_from, basis_from, box2_from, box3_from, center_from, euler_from, half_from,
    quaternion_from, radius_from_number,
};
use super::boxes::{box3_from_unit_numbers, read_pair};
use super::manifold::{bands_from_view, manifold_number, params_from_view, set_param};
use super::motion::{motion_number, motion_of_case, BoxMotion, MotionSpec};
use super::rotation::EulerOrder;
use super::unique::value_of_case;
use super::{Mode, Note, NotedPair, Pair, SceneError};
use crate::sat::bands::{Bands, Profile};
use crate::sat::manifold::FeatureChoice;
use crate::sat::{ManifoldParams, Obb2, Obb3, Which};

/// A case as `check` answers it: the boxes (with their radii), the motion, the manifold's
/// parameters and the engine bands of its `view`.
#[derive(Clone, Debug)]
pub struct ReadCase {
    /// The boxes and their radii (without notes: a case with one is the general reader's).
    pub case: NotedPair,
    /// `"motion"`, when given.
    pub motion: Option<MotionSpec>,
    /// `view.manifold`'s parameters (the defaults without one).
    pub params: ManifoldParams,
    /// `view.profile`'s bands, when given.
    pub bands: Option<Bands>,
}

/// The case of one `check` line in any encoding, read straight into numbers (see the module's
/// documentation): what the general reader ([`read_case_general`]: [`read_pair`] and the readers of
/// `motion` and `view`) reads, to the bit; `None` for a case that is an error or carries a note,
/// which the general reader then reads and words.
pub fn read_case_fast(text: &str) -> Option<ReadCase> {
    let mut r = Reader {
        b: text.as_bytes(),
        at: 0,
    };
    let mut case = CaseIn::default();
    r.case(&mut case)?;
    r.space();
    (r.at == r.b.len()).then_some(())?;
    case.read()
}

/// The case of one `check` line as `check` reads it: [`read_case_fast`] where it reads the
/// case, else [`read_case_general`], with its notes and its messages.
pub fn read_case(text: &str, first_line: usize) -> Result<ReadCase, SceneError> {
    read_case_fast(text).map_or_else(|| read_case_general(text, first_line), Ok)
}

/// The case of one `check` line read by the general reader: the text as a JSON value (a key
/// given twice refused, [`value_of_case`]; `first_line` numbers the lines of its syntax errors),
/// its boxes ([`read_pair`]), its `motion` ([`motion_of_case`]) and its `view`'s bands and
/// manifold parameters ([`bands_from_view`], [`params_from_view`]), each error naming what is
/// wrong.
pub fn read_case_general(text: &str, first_line: usize) -> Result<ReadCase, SceneError> {
    let v = value_of_case(text, first_line)?;
    let case = read_pair(&v, None)?;
    let motion = motion_of_case(&v, case.pair.mode())?;
    let view = v.get("view");
    let bands = view.map_or(Ok(None), bands_from_view)?;
    let params = view.map_or(Ok(ManifoldParams::default()), params_from_view)?;
    Ok(ReadCase {
        case,
        motion,
        params,
        bands,
    })
}

/// Up to three numbers (a centre, extents, a velocity: 2 in 2D, 3 in 3D).
#[derive(Clone, Copy, Default)]
struct Coords {
    len: usize,
    x: [f64; 3],
}

impl Coords {
    /// The numbers when there are exactly `N`.
    fn exactly<const N: usize>(&self) -> Option<[f64; N]> {
        self.x[..self.len].try_into().ok()
    }
}

/// The case around its boxes, as read.
#[derive(Default)]
struct CaseIn<'a> {
    a: Option<BoxIn<'a>>,
    b: Option<BoxIn<'a>>,
    mode: Option<&'a str>,
    motion: Option<MotionIn>,
    view: Option<ViewIn>,
}

impl CaseIn<'_> {
    /// The case, through the general reader's checks; `None` where it would error or note.
    fn read(&self) -> Option<ReadCase> {
        let (a, b) = (self.a.as_ref()?, self.b.as_ref()?);
        let mut notes = Vec::new();
        let pair = match (a.mode()?, b.mode()?) {
            (Mode::Three, Mode::Three) => {
                Pair::Three(a.box3(Which::A, &mut notes)?, b.box3(Which::B, &mut notes)?)
            }
            (Mode::Two, Mode::Two) => Pair::Two(a.box2(Which::A)?, b.box2(Which::B)?),
            _ => return None,
        };
        let mode = pair.mode();
        let named = |m: &str| matches!((m, mode), ("3d", Mode::Three) | ("2d", Mode::Two));
        if self.mode.is_some_and(|m| !named(m)) || !notes.is_empty() {
            return None;
        }
        let radii = [a.radius(Which::A)?, b.radius(Which::B)?];
        let motion = match &self.motion {
            Some(m) => Some(m.read(mode)?),
            None => None,
        };
        let view = self.view.unwrap_or_default();
        if let Some(bands) = &view.bands {
            bands.validate().ok()?;
        }
        Some(ReadCase {
            case: NotedPair { pair, notes, radii },
            motion,
            params: view.params,
            bands: view.bands,
        })
    }
}

/// One box as read, every encoding's field optional.
#[derive(Default)]
struct BoxIn<'a> {
    center: Option<Coords>,
    half_extents: Option<Coords>,
    size: Option<Coords>,
    rotation: Option<[f64; 4]>,
    rotation_wxyz: Option<[f64; 4]>,
    basis: Option<[[f64; 3]; 3]>,
    // (rare: boxed, to keep the box small to clear)
    euler: Option<Box<EulerIn<'a>>>,
    angle: Option<f64>,
    angle_deg: Option<f64>,
    radius: Option<f64>,
}

/// An `euler` object: its order and its angles in one unit.
#[derive(Default)]
struct EulerIn<'a> {
    order: Option<&'a str>,
    degrees: Option<[f64; 3]>,
    radians: Option<[f64; 3]>,
}

/// The one field of a pair that is given, with its name: `None` when none or both are.
fn one<T>(
    first: (&'static str, Option<T>),
    second: (&'static str, Option<T>),
) -> Option<(&'static str, T)> {
    match (first.1, second.1) {
        (Some(x), None) => Some((first.0, x)),
        (None, Some(y)) => Some((second.0, y)),
        _ => None,
    }
}

impl BoxIn<'_> {
    /// The dimension its rotation field says; `None` without one (the general reader notes it)
    /// or with fields of both dimensions.
    fn mode(&self) -> Option<Mode> {
        let three = self.rotation.is_some()
            || self.rotation_wxyz.is_some()
            || self.basis.is_some()
            || self.euler.is_some();
        let two = self.angle.is_some() || self.angle_deg.is_some();
        match (three, two) {
            (true, false) => Some(Mode::Three),
            (false, true) => Some(Mode::Two),
            _ => None,
        }
    }

    /// The centre's and the extents' `N` numbers, and the extents' field.
    fn numbers<const N: usize>(&self) -> Option<([f64; N], &'static str, [f64; N])> {
        let center = self.center?.exactly()?;
        let (field, extents) = one(("half_extents", self.half_extents), ("size", self.size))?;
        Some((center, field, extents.exactly()?))
    }

    fn box3(&self, which: Which, notes: &mut Vec<Note>) -> Option<Obb3> {
        let (center, field, extents) = self.numbers::<3>()?;
        // one rotation, given one way (the general reader words any other): a quaternion's
        // numbers as given, or the quaternion a basis or Euler angles make
        let ways = [
            self.rotation.is_some(),
            self.rotation_wxyz.is_some(),
            self.basis.is_some(),
            self.euler.is_some(),
        ];
        if ways.iter().filter(|&&given| given).count() != 1 {
            return None;
        }
        let (given, made) = match (&self.basis, &self.euler) {
            (Some(rows), _) => (
                None,
                basis_from(which, *rows, (field, &extents), notes).ok(),
            ),
            (_, Some(euler)) => (None, euler.rotation()),
            _ => (
                one(
                    ("rotation", self.rotation),
                    ("rotation_wxyz", self.rotation_wxyz),
                ),
                None,
            ),
        };
        // the common case, its checks gathered into one pass: the very box the stages below
        // build, bit for bit ([`box3_from_unit_numbers`]), or none, and then the stages
        let xyzw = match (given, made) {
            (Some(("rotation_wxyz", [w, x, y, z])), _) => [x, y, z, w],
            (Some((_, q)), _) => q,
            (None, Some(q)) => q.to_array().map(f64::from),
            (None, None) => return None,
        };
        if field == "half_extents" {
            if let Some(b) = box3_from_unit_numbers(center, extents, xyzw) {
                return Some(b);
            }
        }
        let c = center_from(which, center).ok()?;
        let half = half_from(which, field, extents).ok()?;
        let q = match (given, made) {
            (Some((field, q)), _) => quaternion_from(which, field, q, notes).ok()?,
            (None, q) => q?,
        };
        box3_from(which, c, half, q).ok()
    }

    fn box2(&self, which: Which) -> Option<Obb2> {
        let (center, field, extents) = self.numbers::<2>()?;
        let c = center_from(which, center).ok()?;
        let half = half_from(which, field, extents).ok()?;
        let (field, raw) = one(("angle", self.angle), ("angle_deg", self.angle_deg))?;
        box2_from(which, c, half, angle_from(which, field, raw).ok()?).ok()
    }

    fn radius(&self, which: Which) -> Option<f32> {
        self.radius
            .map_or(Some(0.0), |r| radius_from_number(which, r).ok())
    }
}

impl EulerIn<'_> {
    fn rotation(&self) -> Option<glam::Quat> {
        let order = EulerOrder::parse(self.order?)?;
        let (unit, angles) = one(("degrees", self.degrees), ("radians", self.radians))?;
        Some(euler_from(order, unit == "degrees", angles))
    }
}

/// A case's `"motion"`, as read.
#[derive(Default)]
struct MotionIn {
    a: Option<BoxMotionIn>,
    b: Option<BoxMotionIn>,
    dt: Option<f64>,
}

/// One box's motion, as read.
#[derive(Clone, Copy, Default)]
struct BoxMotionIn {
    velocity: Option<Coords>,
    angular_velocity: Option<Turn>,
}

/// An angular velocity: one number (2D, the turn about z) or an array (3D).
#[derive(Clone, Copy)]
enum Turn {
    About(f64),
    Axis(Coords),
}

impl MotionIn {
    /// The motion as [`motion_of_case`](super::motion::motion_of_case) reads it.
    fn read(&self, mode: Mode) -> Option<MotionSpec> {
        let dt = motion_number(self.dt?).filter(|dt| *dt > 0.0)?;
        let one = |m: &Option<BoxMotionIn>| m.map_or(Some(BoxMotion::default()), |m| m.read(mode));
        Some(MotionSpec {
            a: one(&self.a)?,
            b: one(&self.b)?,
            dt,
        })
    }
}

impl BoxMotionIn {
    fn read(&self, mode: Mode) -> Option<BoxMotion> {
        let mut out = BoxMotion::default();
        if let Some(v) = &self.velocity {
            (v.len == mode.dim()).then_some(())?;
            for (slot, x) in out.velocity.iter_mut().zip(&v.x[..v.len]) {
                *slot = motion_number(*x)?;
            }
        }
        match (self.angular_velocity, mode) {
            (None, _) => {}
            (Some(Turn::About(w)), Mode::Two) => out.angular_velocity[2] = motion_number(w)?,
            (Some(Turn::Axis(w)), Mode::Three) if w.len == 3 => {
                for (slot, x) in out.angular_velocity.iter_mut().zip(w.x) {
                    *slot = motion_number(x)?;
                }
            }
            _ => return None,
        }
        Some(out)
    }
}

/// A case's `"view"` as `check` reads it: the manifold's parameters and the engine bands (not yet
/// validated).
#[derive(Clone, Copy, Default)]
struct ViewIn {
    params: ManifoldParams,
    bands: Option<Bands>,
}

/// The exact powers of ten an `f64` holds.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// How deep skipped values may nest (serde_json's own limit is 128).
const MAX_DEPTH: usize = 100;

/// How many keys the objects a skipped value is in may have together (more: the general
/// reader's case).
const KEYS: usize = 128;

/// A cursor over the case's bytes.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The whole case: one object with boxes `a` and `b` and the fields around them.
    fn case(&mut self, c: &mut CaseIn<'a>) -> Option<()> {
        // the fields kept for others that were given, one bit each
        let mut kept = 0u8;
        self.object(|r, key| {
            match key {
                b"a" if c.a.is_none() => r.box_in(c.a.insert(BoxIn::default()))?,
                b"b" if c.b.is_none() => r.box_in(c.b.insert(BoxIn::default()))?,
                b"mode" if c.mode.is_none() => c.mode = Some(r.string()?),
                b"motion" if c.motion.is_none() => c.motion = Some(r.motion()?),
                b"view" if c.view.is_none() => c.view = Some(r.view()?),
                _ => {
                    let bit = match key {
                        b"description" => 1,
                        b"t" => 2,
                        b"label" => 4,
                        b"engine" => 8,
                        b"filed" => 16,
                        _ => return None,
                    };
                    (kept & bit == 0).then_some(())?;
                    kept |= bit;
                    r.skip(1)?;
                }
            }
            Some(())
        })
    }

    /// One box: its fields, each once.
    fn box_in(&mut self, o: &mut BoxIn<'a>) -> Option<()> {
        self.object(|r, key| {
            match key {
                b"center" if o.center.is_none() => o.center = Some(r.coords()?),
                b"half_extents" if o.half_extents.is_none() => o.half_extents = Some(r.coords()?),
                b"rotation" if o.rotation.is_none() => o.rotation = Some(r.exactly()?),
                b"size" if o.size.is_none() => o.size = Some(r.coords()?),
                b"rotation_wxyz" if o.rotation_wxyz.is_none() => {
                    o.rotation_wxyz = Some(r.exactly()?)
                }
                b"angle" if o.angle.is_none() => o.angle = Some(r.number()?),
                b"radius" if o.radius.is_none() => o.radius = Some(r.number()?),
                b"angle_deg" if o.angle_deg.is_none() => o.angle_deg = Some(r.number()?),
                b"basis" if o.basis.is_none() => o.basis = Some(r.rows()?),
                b"euler" if o.euler.is_none() => o.euler = Some(Box::new(r.euler()?)),
                _ => return None,
            }
            Some(())
        })
    }

    fn euler(&mut self) -> Option<EulerIn<'a>> {
        let mut e = EulerIn::default();
        self.object(|r, key| {
            match key {
                b"order" if e.order.is_none() => e.order = Some(r.string()?),
                b"degrees" if e.degrees.is_none() => e.degrees = Some(r.exactly()?),
                b"radians" if e.radians.is_none() => e.radians = Some(r.exactly()?),
                _ => return None,
            }
            Some(())
        })?;
        Some(e)
    }

    fn motion(&mut self) -> Option<MotionIn> {
        let mut m = MotionIn::default();
        self.object(|r, key| {
            match key {
                b"a" if m.a.is_none() => m.a = Some(r.box_motion()?),
                b"b" if m.b.is_none() => m.b = Some(r.box_motion()?),
                b"dt" if m.dt.is_none() => m.dt = Some(r.number()?),
                _ => return None,
            }
            Some(())
        })?;
        Some(m)
    }

    fn box_motion(&mut self) -> Option<BoxMotionIn> {
        let mut m = BoxMotionIn::default();
        self.object(|r, key| {
            match key {
                b"velocity" if m.velocity.is_none() => m.velocity = Some(r.coords()?),
                b"angular_velocity" if m.angular_velocity.is_none() => {
                    m.angular_velocity = Some(if r.peek() == Some(b'[') {
                        Turn::Axis(r.coords()?)
                    } else {
                        Turn::About(r.number()?)
                    })
                }
                _ => return None,
            }
            Some(())
        })?;
        Some(m)
    }

    /// `view`: `manifold` and `profile` read as [`params_from_view`] and [`bands_from_view`]
    /// read them, every other key skipped.
    ///
    /// [`params_from_view`]: super::manifold::params_from_view
    /// [`bands_from_view`]: super::manifold::bands_from_view
    fn view(&mut self) -> Option<ViewIn> {
        let mut v = ViewIn::default();
        self.object_once(|r, key| {
            match key {
                b"manifold" => v.params = r.manifold()?,
                b"profile" => v.bands = Some(r.profile()?),
                _ => r.skip(2)?,
            }
            Some(())
        })?;
        Some(v)
    }

    fn manifold(&mut self) -> Option<ManifoldParams> {
        let mut p = ManifoldParams::default();
        self.object_once(|r, key| {
            match key {
                b"margin" => set_param(&mut p, "margin", manifold_number(r.number()?)?),
                b"edge_relative" => {
                    set_param(&mut p, "edge_relative", manifold_number(r.number()?)?)
                }
                b"edge_absolute" => {
                    set_param(&mut p, "edge_absolute", manifold_number(r.number()?)?)
                }
                b"feature" => p.feature = FeatureChoice::parse(r.string()?)?,
                _ => r.skip(3)?,
            }
            Some(())
        })?;
        Some(p)
    }

    /// `view.profile`: an engine's name, or an object naming one and editing its bands.
    fn profile(&mut self) -> Option<Bands> {
        if self.peek() == Some(b'"') {
            return Some(Profile::parse(self.string()?)?.defaults());
        }
        let mut engine = None;
        let mut edits = ArrayVec::<(u8, f32), 3>::new();
        self.object_once(|r, key| {
            match key {
                b"engine" => engine = Some(r.string()?),
                b"detect" | b"active" | b"slop" => {
                    let x = r.number()?;
                    edits.push((key[0], x.is_finite().then_some(x as f32)?));
                }
                _ => r.skip(3)?,
            }
            Some(())
        })?;
        let mut bands = Profile::parse(engine?)?.defaults();
        for (key, x) in edits {
            match key {
                b'd' => bands.detect = x,
                b'a' => bands.active = x,
                _ => bands.slop = x,
            }
        }
        Some(bands)
    }

    /// An object whose every member `field` reads (given its key): for objects whose keys are
    /// all known, where `field` refuses a key given twice.
    fn object(&mut self, field: impl FnMut(&mut Self, &'a [u8]) -> Option<()>) -> Option<()> {
        self.members(Self::key, field)
    }

    /// [`Reader::object`] with its keys read by `key`.
    fn members(
        &mut self,
        mut key: impl FnMut(&mut Self) -> Option<&'a [u8]>,
        mut field: impl FnMut(&mut Self, &'a [u8]) -> Option<()>,
    ) -> Option<()> {
        self.space();
        self.expect(b'{')?;
        self.space();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Some(());
        }
        loop {
            let key = key(self)?;
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

    /// [`Reader::object`] for objects with keys skipped or read once by name: each key once (a
    /// key given twice is the general reader's error).
    fn object_once(&mut self, field: impl FnMut(&mut Self, &'a [u8]) -> Option<()>) -> Option<()> {
        self.members_once(Self::key, field)
    }

    /// [`Reader::object_once`] with its keys read by `key`.
    fn members_once(
        &mut self,
        key: impl FnMut(&mut Self) -> Option<&'a [u8]>,
        mut field: impl FnMut(&mut Self, &'a [u8]) -> Option<()>,
    ) -> Option<()> {
        let mut seen = ArrayVec::<&'a [u8], 16>::new();
        self.members(key, |r, key| {
            if seen.contains(&key) {
                return None;
            }
            seen.try_push(key).ok()?;
            field(r, key)
        })
    }

    /// A key without escapes.
    #[inline]
    fn key(&mut self) -> Option<&'a [u8]> {
        self.expect(b'"')?;
        self.plain_string()
    }

    /// A string without escapes, after its opening quote ([`plain_end`]).
    #[inline]
    fn plain_string(&mut self) -> Option<&'a [u8]> {
        let start = self.at;
        let end = plain_end(self.b, start)?;
        self.at = end + 1;
        Some(&self.b[start..end])
    }

    /// A string without escapes (a name: a mode, an order, an engine).
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        // the text is a `str` and the quotes are ASCII: the bytes between are UTF-8
        std::str::from_utf8(self.plain_string()?).ok()
    }

    /// Any JSON value, read and dropped, `depth` levels down: strings with their escapes
    /// checked, objects with each key once. One loop over the bytes, the arrays and objects it is
    /// in kept on a stack of bits (a call per value cost more than most values).
    fn skip(&mut self, depth: usize) -> Option<()> {
        let b = self.b;
        let mut at = self.at;
        // the open arrays and objects, the innermost in the lowest bit (1: an object), and how
        // many (a value inside is `levels` deeper than `depth`); the keys of the open objects,
        // the innermost's from `this`, each outer one's from where `starts` says
        let (mut open, mut levels) = (0u128, 0usize);
        let mut keys = ArrayVec::<&'a [u8], KEYS>::new();
        let mut starts = ArrayVec::<usize, MAX_DEPTH>::new();
        let mut this = 0;
        'value: loop {
            let c = *b.get(at)?;
            at += 1;
            match c {
                b'{' | b'[' => {
                    let object = c == b'{';
                    at = space_at(b, at);
                    if b.get(at) == Some(if object { &b'}' } else { &b']' }) {
                        at += 1;
                    } else {
                        open = open << 1 | u128::from(object);
                        levels += 1;
                        (depth + levels < MAX_DEPTH).then_some(())?;
                        if object {
                            starts.try_push(this).ok()?;
                            this = keys.len();
                            at = skipped_key(b, at, &mut keys, this)?;
                        }
                        continue 'value;
                    }
                }
                b'"' => at = string_end(b, at)?,
                b't' => at = word_end(b, at, b"rue")?,
                b'f' => at = word_end(b, at, b"alse")?,
                b'n' => at = word_end(b, at, b"ull")?,
                // (whitespace before a value is met here, where it is rare)
                b' ' | b'\t' | b'\n' | b'\r' => continue 'value,
                // a number, its value read only where it might be beyond `f64`'s range
                _ => {
                    at = match plain_number_end(b, at - 1) {
                        Some(end) => end,
                        None => {
                            self.at = at - 1;
                            self.skip_number()?;
                            self.at
                        }
                    }
                }
            }
            // after a value: the next one in its array or object, or their ends
            loop {
                if levels == 0 {
                    self.at = at;
                    return Some(());
                }
                let object = open & 1 == 1;
                match (*b.get(at)?, object) {
                    (b',', false) => {
                        at += 1;
                        continue 'value;
                    }
                    (b',', true) => {
                        at = skipped_key(b, space_at(b, at + 1), &mut keys, this)?;
                        continue 'value;
                    }
                    (b'}', true) => {
                        keys.truncate(this);
                        this = starts.pop()?;
                    }
                    (b']', false) => {}
                    (b' ' | b'\t' | b'\n' | b'\r', _) => {
                        at = space_at(b, at);
                        continue;
                    }
                    _ => return None,
                }
                at += 1;
                (open, levels) = (open >> 1, levels - 1);
            }
        }
    }

    /// A number [`plain_number_end`] does not take: one with an exponent or 300 digits before its
    /// point, read to its value (serde_json refuses one beyond `f64`'s range), or one not JSON's,
    /// refused.
    fn skip_number(&mut self) -> Option<()> {
        self.number().map(drop)
    }

    /// An array of at most three numbers.
    fn coords(&mut self) -> Option<Coords> {
        let mut c = Coords::default();
        c.len = self.numbers(&mut c.x)?;
        Some(c)
    }

    /// An array of exactly `N` numbers.
    fn exactly<const N: usize>(&mut self) -> Option<[f64; N]> {
        let mut out = [0.0; N];
        (self.numbers(&mut out)? == N).then_some(out)
    }

    /// A basis: three rows of three numbers.
    fn rows(&mut self) -> Option<[[f64; 3]; 3]> {
        let mut rows = [[0.0; 3]; 3];
        self.expect(b'[')?;
        for (i, row) in rows.iter_mut().enumerate() {
            self.space();
            self.expect(b'[')?;
            // (its three numbers read here: a call per row cost a third of its numbers)
            for (j, x) in row.iter_mut().enumerate() {
                self.space();
                *x = self.number()?;
                self.space();
                self.expect(if j < 2 { b',' } else { b']' })?;
            }
            self.space();
            self.expect(if i < 2 { b',' } else { b']' })?;
        }
        Some(rows)
    }

    /// An array of at most `out.len()` numbers; how many.
    #[inline(never)]
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
        let start = self.at;
        match self.short_number()? {
            x if x.is_nan() => self.long_number(start),
            x => Some(x),
        }
    }

    /// A JSON number as [`Reader::number`] reads it from its digits: one exact rounding where its
    /// digits as one integer are below 2^53 and the power of ten at most 22 (Clinger's fast
    /// path), else Eisel and Lemire's step; NaN (which no JSON number is) where neither decides
    /// (more than 19 significant digits, a tie the step cannot settle), then parsed in full.
    #[inline(always)]
    fn short_number(&mut self) -> Option<f64> {
        let negative = self.peek() == Some(b'-');
        self.at += usize::from(negative);
        // the digits as one integer (wrapping past 19 digits: parsed in full below): the whole
        // part's, then the fraction's after the point
        let first = self.at;
        let mut s = 0u64;
        // a whole part of 0, the most common, is one digit: JSON allows no digit after it; any
        // other is most often one or two digits, read one at a time
        let whole = if self.peek() == Some(b'0') {
            self.at += 1;
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return None;
            }
            1
        } else {
            self.digits_one_at_a_time(first, 0, &mut s) - first
        };
        let fraction = if self.peek() == Some(b'.') {
            self.at += 1;
            Some(self.digits(&mut s))
        } else {
            None
        };
        // JSON: digits before the point and after it
        if whole == 0 || fraction == Some(0) {
            return None;
        }
        let fraction = fraction.unwrap_or(0);
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
                exponent = exponent
                    .saturating_mul(10)
                    .saturating_add(i32::from(d - b'0'));
                self.at += 1;
            }
            if self.at == from {
                return None;
            }
            if sign < 0 {
                exponent = -exponent;
            }
        }
        // the digits `s` times ten to the exponent of the last digit `e`: one rounding when `s`
        // and `10^|e|` are exact as `f64`s (Clinger's fast path), else the full algorithm
        let e = exponent.saturating_sub(fraction as i32);
        if whole + fraction > 19 && significant_digits(&self.b[first..self.at]) > 19 {
            return Some(f64::NAN);
        }
        if s >= 1 << 53 || !(-22..=22).contains(&e) {
            // (past `f64`'s range: serde_json's error, the general reader's to word)
            let magnitude = Some(eisel_lemire(s, e)).filter(|x| !x.is_infinite())?;
            return Some(if negative { -magnitude } else { magnitude });
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

    /// The number from `start` (and past it), parsed in full by lexical in JSON's grammar
    /// (Eisel and Lemire's algorithm with an exact fallback: correctly rounded); `None` where it
    /// is not JSON's or is beyond the range of `f64` (serde_json's error too).
    #[cold]
    #[inline(never)]
    fn long_number(&mut self, start: usize) -> Option<f64> {
        const JSON: u128 = lexical_core::format::JSON;
        const OPTIONS: lexical_core::ParseFloatOptions = lexical_core::ParseFloatOptions::new();
        let rest = &self.b[start..];
        let (x, n) = lexical_core::parse_partial_with_options::<f64, JSON>(rest, &OPTIONS).ok()?;
        self.at = start + n;
        x.is_finite().then_some(x)
    }

    /// The run of digits from here, appended to `s` (wrapping past 19 digits), and its length:
    /// eight at a time while eight are there (Lemire's SWAR test and conversion, as fast_float
    /// reads them), then the fewer before the first byte that is not a digit in one step, the
    /// same conversion of those digits alone; one at a time in the last eight bytes.
    #[inline(always)]
    fn digits(&mut self, s: &mut u64) -> usize {
        const ZEROS: u64 = 0x3030_3030_3030_3030;
        let (b, from) = (self.b, self.at);
        let (mut at, mut value) = (from, *s);
        while let Some(eight) = b.get(at..at + 8) {
            let v = u64::from_le_bytes(eight.try_into().unwrap_or_default());
            let d = v.wrapping_sub(ZEROS);
            if (d.wrapping_add(0x7676_7676_7676_7676) | d) & 0x8080_8080_8080_8080 == 0 {
                value = value
                    .wrapping_mul(100_000_000)
                    .wrapping_add(eight_digits(d));
                at += 8;
                continue;
            }
            let n = leading_digits(v);
            if n > 0 {
                // the `n` digits alone, moved to the top bytes: the zeros below them are leading
                // zeros of the same number (a borrow from the bytes after the digits runs
                // upward only, into the bytes dropped)
                let run = d << (64 - 8 * n);
                value = value
                    .wrapping_mul(POW10_U64[n])
                    .wrapping_add(eight_digits(run));
                at += n;
            }
            (self.at, *s) = (at, value);
            return at - from;
        }
        self.digits_one_at_a_time(at, value, s) - from
    }

    /// The run of digits from `at`, appended to `value`, one at a time; where it ends, with the
    /// value in `s`.
    #[inline(always)]
    fn digits_one_at_a_time(&mut self, mut at: usize, mut value: u64, s: &mut u64) -> usize {
        while let Some(&c) = self.b.get(at) {
            let d = c.wrapping_sub(b'0');
            if d >= 10 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(d));
            at += 1;
        }
        (self.at, *s) = (at, value);
        at
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

/// After whitespace from `at`.
#[inline(always)]
fn space_at(b: &[u8], mut at: usize) -> usize {
    while matches!(b.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// The first byte from `at` of a string that ends a plain run (a quote, backslash or control
/// character), eight bytes at a time while eight are there; the bytes after are then read one
/// at a time. (Of the bytes each test flags, the first is one of those: a borrow can flag a
/// byte above it, never below.)
#[inline(always)]
fn plain_run(b: &[u8], mut at: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let below = |v: u64, n: u64| v.wrapping_sub(ONES * n) & !v & HIGH;
    while let Some(eight) = b.get(at..at + 8) {
        let v = u64::from_le_bytes(eight.try_into().unwrap_or_default());
        let quote = below(v ^ (ONES * u64::from(b'"')), 1);
        let backslash = below(v ^ (ONES * u64::from(b'\\')), 1);
        let ends = quote | backslash | below(v, 0x20);
        if ends != 0 {
            return at + (ends.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    at
}

/// Where the string without escapes whose first byte after its opening quote is at `at` closes:
/// its closing quote (most often found in one step of [`plain_run`]: a key is most often shorter
/// than eight bytes); `None` at an escape or a control character.
#[inline(always)]
fn plain_end(b: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = plain_run(b, at);
        match *b.get(at)? {
            b'"' => return Some(at),
            b'\\' | 0..0x20 => return None,
            _ => at += 1,
        }
    }
}

/// After the string whose first byte after its opening quote is at `at`, JSON's escapes
/// checked; `None` where it is not JSON's.
fn string_end(b: &[u8], mut at: usize) -> Option<usize> {
    loop {
        at = plain_run(b, at);
        let c = *b.get(at)?;
        at += 1;
        match c {
            b'"' => return Some(at),
            b'\\' => {
                match *b.get(at)? {
                    b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                    // (a lone surrogate is serde_json's error: such a string is left to it)
                    b'u' => {
                        let hex = b.get(at + 1..at + 5)?;
                        let code = u16::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                        (!(0xd800..0xe000).contains(&code)).then_some(())?;
                        at += 4;
                    }
                    _ => return None,
                }
                at += 1;
            }
            0..0x20 => return None,
            _ => {}
        }
    }
}

/// After `rest` of a literal (`true`, `false`, `null`), which must be at `at`.
fn word_end(b: &[u8], at: usize, rest: &[u8]) -> Option<usize> {
    (b.get(at..at + rest.len())? == rest).then_some(at + rest.len())
}

/// After a key of an object [`Reader::skip`] skips and its colon, the key's opening quote at
/// `at`: `None` for a key with an escape or that the object has already (the keys of the open
/// objects in `keys`, the object's own from `this`).
#[inline(always)]
fn skipped_key<'a>(
    b: &'a [u8],
    at: usize,
    keys: &mut ArrayVec<&'a [u8], KEYS>,
    this: usize,
) -> Option<usize> {
    (b.get(at) == Some(&b'"')).then_some(())?;
    let end = plain_end(b, at + 1)?;
    let key = &b[at + 1..end];
    if keys[this..].contains(&key) {
        return None;
    }
    keys.try_push(key).ok()?;
    if b.get(end + 1) == Some(&b':') {
        return Some(end + 2);
    }
    let at = space_at(b, end + 1);
    (b.get(at) == Some(&b':')).then_some(())?;
    Some(at + 1)
}

/// After the number from `start`, its grammar checked without its value, where it has no
/// exponent and fewer than 300 digits before its point (below `1e300`: surely within `f64`'s
/// range); `None` for any other, which [`Reader::skip_number`] reads or refuses.
#[inline(always)]
fn plain_number_end(b: &[u8], start: usize) -> Option<usize> {
    let first = start + usize::from(b.get(start) == Some(&b'-'));
    // (a whole part of 0 ends at the 0, the one digit JSON allows before the point: a digit after
    // it is then refused where a comma or a bracket is expected)
    let whole = match b.get(first) {
        Some(b'0') => 1,
        _ => digit_run(b, first),
    };
    if whole == 0 || whole >= 300 {
        return None;
    }
    let mut at = first + whole;
    if b.get(at) == Some(&b'.') {
        let fraction = digit_run(b, at + 1);
        (fraction > 0).then_some(())?;
        at += 1 + fraction;
    }
    (!matches!(b.get(at), Some(b'e' | b'E'))).then_some(at)
}

/// How many digits there are from `at`: eight bytes at a time while eight are there
/// ([`leading_digits`]), then one at a time.
#[inline(always)]
fn digit_run(b: &[u8], from: usize) -> usize {
    let mut at = from;
    while let Some(eight) = b.get(at..at + 8) {
        let n = leading_digits(u64::from_le_bytes(eight.try_into().unwrap_or_default()));
        at += n;
        if n < 8 {
            return at - from;
        }
    }
    at + b[at..].iter().take_while(|c| c.is_ascii_digit()).count() - from
}

/// `10^n` for the up to eight digits [`Reader::digits`] takes at a time.
const POW10_U64: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// How many of the eight bytes of `v` (the first in its lowest byte) are ASCII digits before the
/// first that is not: each byte's top bit marks it not a digit (above 0x7f, or its low seven
/// bits at least `'9' + 1` or below `'0'`, each test an addition that cannot carry out of its
/// byte).
#[inline(always)]
fn leading_digits(v: u64) -> usize {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low = v & LOW7;
    let above_nine = low + 0x4646_4646_4646_4646;
    let from_zero = low + 0x5050_5050_5050_5050;
    let not_digit = (v | above_nine | !from_zero) & HIGH;
    (not_digit.trailing_zeros() / 8) as usize
}

/// The value of eight digits, each byte `0..=9` and the first the most significant (in the lowest
/// byte): pairs, then fours, then the eight (Lemire's conversion, as fast_float writes it).
#[inline(always)]
fn eight_digits(v: u64) -> u64 {
    const LOW: u64 = 0x0000_00FF_0000_00FF;
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    (v & LOW)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & LOW).wrapping_mul(1 + (10_000 << 32)))
        >> 32
}

/// How many significant digits the digits of a number hold (its leading zeros and point not
/// counted): the digits of more than 19 wrap in a `u64`.
#[cold]
fn significant_digits(digits: &[u8]) -> usize {
    let first = digits.iter().position(|&c| matches!(c, b'1'..=b'9'));
    let rest = first.map_or(&[][..], |k| &digits[k..]);
    rest.iter().filter(|c| c.is_ascii_digit()).count()
}

/// `s · 10^e` correctly rounded, by Eisel and Lemire's algorithm as lexical implements it (the
/// step its JSON parser takes after reading the digits: Lemire, *Number Parsing at a Gigabyte
/// per Second*, 2021, §5–6); NaN where that algorithm cannot decide the rounding (a number within
/// rounding of halfway between two `f64`s), which is then parsed in full. Infinity past `f64`'s
/// range.
fn eisel_lemire(s: u64, e: i32) -> f64 {
    use lexical_parse_float::{float::extended_to_float, lemire::compute_float};
    let x = compute_float::<f64>(i64::from(e), s, false);
    if x.exp < 0 {
        f64::NAN
    } else {
        extended_to_float::<f64>(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The case as the general reader reads it.
    fn general(text: &str) -> Option<ReadCase> {
        read_case_general(text, 1).ok()
    }

    /// Everything a read case holds, numbers as bits.
    fn bits(r: &ReadCase) -> String {
        let mut v = crate::scene::pair_bits(&r.case.pair);
        v.extend(r.case.radii.map(f32::to_bits));
        format!(
            "{:?} {:?} {:?} {:?} {:?}",
            r.case.pair.mode(),
            v,
            r.motion,
            r.params,
            r.bands
        )
    }

    const B3: &str = r#"{"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#;

    /// Box a of a 3D case written each way a box may be.
    const ENCODINGS_3D: [&str; 9] = [
        r#""center":[0.1,-0.2,1e-7],"half_extents":[1.2,0.3333333,2.5],"rotation":[0.1,0.2,0.3,0.9273618]"#,
        r#""center":[0.1,-0.2,1e-7],"size":[2.4,0.6666666,5],"rotation":[0.1,0.2,0.3,0.9273618]"#,
        r#""center":[0.1,-0.2,1e-7],"half_extents":[1.2,0.3333333,2.5],"rotation_wxyz":[0.9273618,0.1,0.2,0.3]"#,
        r#""center":[1,2,3],"half_extents":[1,1,1],"basis":[[0,-1,0],[1,0,0],[0,0,1]]"#,
        r#""center":[1,2,3],"half_extents":[1,1,1],"basis":[[0,0,1],[0,1,0],[-1,0,0]]"#,
        r#""center":[1,2,3],"size":[1,2,3],"euler":{"order":"YXZ","degrees":[10,20,30]}"#,
        r#""center":[1,2,3],"half_extents":[1,1,1],"euler":{"radians":[0.1,0.2,0.3],"order":"XYZ"}"#,
        r#""radius":0.05,"center":[0.10000000149011612,-0.20000000298023224,1.0000000116860974e-7],"half_extents":[1.2000000476837158,0.3333333134651184,2.5],"rotation":[0.10000000149011612,0.20000000298023224,0.30000001192092896,0.9273617863655090]"#,
        r#""center":[-9999999,0,5E0],"half_extents":[3,1,1.0e+0],"rotation":[0,0,0.70710677,0.70710677]"#,
    ];

    #[test]
    fn every_encoding_reads_on_the_fast_path_to_the_general_reader_s_case_bit_for_bit() {
        let mut lines: Vec<String> = ENCODINGS_3D
            .iter()
            .map(|a| format!(r#"{{"a":{{{a}}},"b":{B3}}}"#))
            .collect();
        let around = [
            r#""mode":"3d""#,
            r#""b":{"radius":0.02,"center":[3,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}"#,
            r#""motion":{"a":{"velocity":[1,0,0],"angular_velocity":[0,0,2]},"b":{"velocity":[-1,0.5,0]},"dt":0.25}"#,
            r#""view":{"camera":{"yaw":0.3,"yaw2":[1,2]},"manifold":{"margin":0.02,"feature":"face_b","edge_absolute":0.001},"profile":"jolt"}"#,
            r#""view":{"profile":{"engine":"mujoco","detect":0.02,"active":0.01,"other":[{}]}}"#,
            r#""t":0.016,"label":"frame 3","engine":{"name":"box3d","points":[[0,1,2]],"nested":{"x":null}},"description":"a \"quoted\" description","filed":{"issue":"x"}"#,
        ];
        for extra in around {
            let b = if extra.starts_with(r#""b""#) { "" } else { B3 };
            let b = if b.is_empty() {
                String::new()
            } else {
                format!(r#","b":{b}"#)
            };
            lines.push(format!(r#"{{"a":{{{}}}{b},{extra}}}"#, ENCODINGS_3D[0]));
        }
        lines.extend([
            r#"{"a":{"center":[-0.3,0.1],"half_extents":[1.6,0.9],"angle":0.34906584},
                "b":{"center":[1.1,0.6],"size":[2.2,1.4],"angle_deg":-35,"radius":0.1},
                "motion":{"b":{"velocity":[1,0],"angular_velocity":2},"dt":1},"mode":"2d"}"#
                .to_string(),
            "\t{ \"b\" : {\"center\":[3,0,0],\"half_extents\":[1,1,1],\"rotation\":[0,0,0,1]} ,\n \"a\":{\"rotation\":[0,0,0,1],\"center\":[0,0,0],\"half_extents\":[1,1,1]}}  "
                .to_string(),
        ]);
        for text in &lines {
            let fast = read_case_fast(text).unwrap_or_else(|| panic!("not read fast: {text}"));
            let general = general(text).unwrap();
            assert_eq!(bits(&fast), bits(&general), "{text}");
        }
    }

    #[test]
    fn any_case_the_fast_path_would_read_differently_goes_to_the_general_reader() {
        let lines = [
            // notes: a quaternion not of length 1, no rotation, an unknown field
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,2]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"mass":2},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"colour":1}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"euler":{"order":"XYZ","degrees":[1,2,3],"x":1}},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"basis":[[1,0,0],[0,1,0],[0,0,-1]]},"b":B3}"#,
            // errors: values the checks refuse, fields of both kinds, a wrong mode
            r#"{"a":{"center":[0,0,0],"half_extents":[-1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[1e9,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,0]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"size":[2,2,2],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"euler":{"order":"XYZ","degrees":[1,2,3]}},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"rotation_wxyz":[1,0,0,0],"euler":{"order":"XYZ","degrees":[1,2,3]}},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation_wxyz":[1,0,0,0],"basis":[[1,0,0],[0,1,0],[0,0,1]]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"angle":0},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"mode":"2d"}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"mode":{"3d":null}}"#,
            r#"{"a":{"center":[0,0],"half_extents":[1,1],"angle":0},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1],"radius":-1},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":null},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"motion":{"dt":0}}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"motion":{"a":{"angular_velocity":2},"dt":1}}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"view":{"manifold":{"margin":-1}}}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"view":{"profile":"havok"}}"#,
            // arrays where objects are read (serde's derive would read them by position)
            r#"[{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},B3]"#,
            r#"{"a":[[0,0,0],[1,1,1]],"b":B3}"#,
            // a key given twice, at any depth
            r#"{"a":{"center":[0,0,0],"center":[1,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"view":{"camera":1,"camera":2}}"#,
            r#"{"a":{"center":[0,0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]},"b":B3,"engine":{"p":[{"x":1,"x":2}]}}"#,
            // not JSON
            r#"{"a":"#,
        ];
        for line in lines {
            let text = line.replace("B3", B3);
            assert!(read_case_fast(&text).is_none(), "{text}");
        }
    }

    /// Both readers read `text` to the same case, bit for bit, or both refuse it.
    fn read_alike(text: &str) {
        match (read_case_fast(text), general(text)) {
            (Some(fast), Some(general)) => assert_eq!(bits(&fast), bits(&general), "{text}"),
            (None, None) => {}
            (fast, general) => panic!(
                "fast reads: {}, general reads: {}: {text}",
                fast.is_some(),
                general.is_some()
            ),
        }
    }

    /// A number whose whole part is 0 (read as one digit) is read as the general reader reads
    /// it, and one with more digits after a leading 0 is refused as it refuses it.
    #[test]
    fn a_run_of_digits_ends_at_the_first_byte_of_any_value_that_is_not_a_digit() {
        for end in 0..8 {
            for byte in 0..=255u8 {
                let mut eight = *b"31415926";
                eight[end] = byte;
                let v = u64::from_le_bytes(eight);
                let run = eight.iter().position(|c| !c.is_ascii_digit()).unwrap_or(8);
                assert_eq!(super::leading_digits(v), run, "{eight:?}");
                let text = std::str::from_utf8(&eight[..run]).unwrap();
                let mut r = Reader { b: &eight, at: 0 };
                let mut value = 7;
                assert_eq!(r.digits(&mut value), run);
                let expected = format!("7{text}").parse::<u64>().unwrap();
                assert_eq!((value, r.at), (expected, run), "{eight:?}");
            }
        }
    }

    #[test]
    fn a_leading_zero_is_one_digit_and_more_digits_after_it_are_refused() {
        let numbers = [
            "0", "-0", "0.5", "-0.0", "0e5", "0E-2", "0.000001", "01", "-01", "00.5", "00", "0x1",
            "0.", "-", "-.5", "0.1e", "10", "100.25",
        ];
        for x in numbers {
            let text = format!(
                r#"{{"a":{{"center":[{x},0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"b":{B3}}}"#
            );
            read_alike(&text);
        }
    }

    /// Values skipped (a recording frame's `engine`, a `label`) are checked as the general reader
    /// checks them: numbers of every form (beyond `f64`'s range refused), strings with escapes
    /// and long runs, a quote, backslash, control or non-ASCII character at every place of a
    /// word read eight bytes at a time.
    #[test]
    fn skipped_values_are_refused_exactly_where_the_general_reader_refuses_them() {
        let mut values: Vec<String> = [
            "0",
            "-0",
            "12",
            "-0.01",
            "16973840",
            "1.5e3",
            "2E-2",
            "1e400",
            "-1e400",
            "1e-400",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "1e+",
            "-a",
            "true",
            "null",
            "nul",
            "[0,1,2]",
            "[]",
            "{}",
            r#"{"x":[{"y":-2.5e-3}]}"#,
            r#""Box3D 0.1.0""#,
            r#""a \"quoted\" name""#,
            r#""tab\tand\u00e9""#,
            r#""\ud800""#,
            r#""été × −""#,
            r#""bad \x escape""#,
            // the skipper's structure: whitespace anywhere, empty and nested containers, keys
            // given twice in one object (refused) or in different ones (read), and what JSON
            // does not allow between values
            " [ 1 , { } , [ ] , { \"x\" : [ 2 ] , \"y\" :\n{\"x\":3}\t} ] ",
            "[{},[],[[]],{\"x\":{}}]",
            r#"{"x":1,"y":{"x":2,"y":[{"x":3}]},"z":{"x":{"x":{}}}}"#,
            r#"{"x":1,"y":2,"x":3}"#,
            r#"{"x":{"y":1,"y":2}}"#,
            r#"{"x":{"y":1},"x":2}"#,
            r#"{"x":[{"y":1},{"y":2,"y":3}]}"#,
            r#"{"x":[{"y":1}],"y":{"x":1},"x":0}"#,
            "[,1]",
            "[1,]",
            "[1 2]",
            "{,}",
            r#"{"x":1,}"#,
            r#"{"x" 1}"#,
            r#"{"x":}"#,
            r#"{"x":1"y":2}"#,
            "[1}",
            r#"{"x":1]"#,
            "[",
            "{",
            r#"{"x""#,
        ]
        .map(String::from)
        .into();
        values.extend([
            "9".repeat(299),
            "9".repeat(300),
            "9".repeat(309),
            format!("-{}.5", "1".repeat(320)),
        ]);
        for len in 1..20 {
            for at in 0..len {
                for c in ['"', '\\', '\t', '\n', 'é', '\u{7f}'] {
                    let mut word: Vec<char> = vec!['a'; len];
                    word[at] = c;
                    values.push(format!("\"{}\"", word.into_iter().collect::<String>()));
                }
            }
        }
        let a = ENCODINGS_3D[0];
        for v in &values {
            let text = format!(
                r#"{{"a":{{{a}}},"b":{B3},"label":{v},"engine":{{"name":{v},"points":[{v},{{"p":{v}}}]}}}}"#
            );
            read_alike(&text);
        }
        // nested within serde_json's depth and this reader's (both read), and past both (both
        // refuse)
        for depth in (90..=97).chain(127..=130) {
            for v in [
                format!("{}{}", "[".repeat(depth), "]".repeat(depth)),
                format!("{}1{}", r#"{"x":"#.repeat(depth), "}".repeat(depth)),
            ] {
                read_alike(&format!(r#"{{"a":{{{a}}},"b":{B3},"label":{v}}}"#));
            }
        }
    }

    /// Every encoding's case, broken a byte at a time (a byte dropped, doubled or replaced by
    /// one of JSON's): wherever the fast path still reads it, the general reader reads the same
    /// case to the bit; it never reads what the general reader refuses.
    #[test]
    fn a_case_broken_anywhere_is_read_fast_only_as_the_general_reader_reads_it() {
        let mut unit = crate::sat::splitmix_units(0xb10c);
        let mut cases: Vec<String> = ENCODINGS_3D
            .iter()
            .map(|a| format!(r#"{{"a":{{{a}}},"b":{B3},"mode":"3d","t":1,"view":{{"profile":{{"engine":"jolt","slop":0.01}},"manifold":{{"margin":0.02}}}}}}"#))
            .collect();
        cases.push(
            r#"{"a":{"center":[-0.3,0.1],"size":[1.6,0.9],"angle_deg":20,"radius":0.1},"b":{"center":[1.1,0.6],"half_extents":[1.1,0.7],"angle":-0.6},"motion":{"a":{"velocity":[1,0],"angular_velocity":2},"dt":0.5}}"#
                .into(),
        );
        let bytes = b"{}[],:\"0-.e9 nul";
        let (mut fast, mut total) = (0, 0);
        for case in &cases {
            for _ in 0..3_000 {
                let mut b = case.as_bytes().to_vec();
                let at = (unit() * b.len() as f32) as usize % b.len();
                let with = bytes[(unit() * bytes.len() as f32) as usize % bytes.len()];
                match (unit() * 3.0) as usize {
                    0 => drop(b.remove(at)),
                    1 => b.insert(at, b[at]),
                    _ => b[at] = with,
                }
                let Ok(text) = String::from_utf8(b) else {
                    continue;
                };
                total += 1;
                if let Some(read) = read_case_fast(&text) {
                    fast += 1;
                    let general = general(&text).unwrap_or_else(|| panic!("refused: {text}"));
                    assert_eq!(bits(&read), bits(&general), "{text}");
                }
            }
        }
        assert!(fast > total / 10 && fast < total, "{fast} of {total}");
    }

    /// Numbers as Python, numpy, JavaScript and Rust's `f64` write them (17 digits, exponents)
    /// and every other way JSON allows: the fast path reads the `f64` the general reader reads,
    /// correctly rounded, so the boxes are the same to the bit.
    #[test]
    fn numbers_of_any_length_read_to_the_general_reader_s_bits() {
        let mut unit = crate::sat::splitmix_units(0x0091_a17e);
        let mut taken = 0;
        for k in 0..20_000 {
            let x = (unit() as f64 - 0.5) * 10f64.powi((unit() * 14.0) as i32 - 7);
            let x = x + unit() as f64 * 1e-9 * x;
            let text = match k % 7 {
                0 => format!("{x}"),
                1 => format!("{x:e}"),
                2 => format!("{x:.3}"),
                3 => format!("{x:.17}"),
                4 => format!("{}E+{}", x as f32, k % 3),
                5 => format!("{:.0}e-{}", (x * 1e6).round(), 6 + k % 20),
                _ => format!("{x:.25e}"),
            };
            let line = format!(
                r#"{{"a":{{"center":[{text},0,0],"half_extents":[1,1,1],"rotation":[0,0,0,1]}},"b":{B3}}}"#
            );
            let Some(general) = general(&line) else {
                continue;
            };
            let fast = read_case_fast(&line).unwrap_or_else(|| panic!("{line}"));
            assert_eq!(bits(&fast), bits(&general), "{text}");
            taken += 1;
        }
        assert!(taken > 19_000, "read {taken} of 20,000");
    }

    /// The reader's own `f64` for a number written any way is the correctly rounded one, to the
    /// bit: the shortest text of random doubles of every magnitude (Python's and JavaScript's
    /// 17 digits), longer and shorter texts, leading zeros, 19 and 20 significant digits, and
    /// the numbers nearest halfway between two doubles, where Eisel and Lemire's step cannot
    /// decide and the full parse does.
    #[test]
    fn the_reader_s_number_is_the_correctly_rounded_double_for_every_writing() {
        let read = |text: &str| {
            let mut r = Reader {
                b: text.as_bytes(),
                at: 0,
            };
            let x = r.number();
            (x, r.at)
        };
        let check = |text: &str| {
            let (x, at) = read(text);
            let want: f64 = text.parse().unwrap();
            assert_eq!(x.map(f64::to_bits), Some(want.to_bits()), "{text}");
            assert_eq!(at, text.len(), "{text}");
        };
        for text in [
            "9007199254740993",
            "9007199254740992.5",
            "-0.0",
            "0.1000000000000000055511151231257827",
            "0.1000000000000000055511151231257828",
            "2.2250738585072011e-308",
            "2.2250738585072014e-308",
            "4.9406564584124654e-324",
            "1.7976931348623157e308",
            "0.00012345678901234567",
            "1234567890123456789",
            "12345678901234567890",
            "1.234567890123456789e-5",
            "7.8125e-3",
            "123456789.123456789",
            "-1.5e22",
            "1e23",
            "8.98846567431158e307",
        ] {
            check(text);
        }
        let mut unit = crate::sat::splitmix_units(0x00e1_5e1e);
        for k in 0..100_000 {
            let x = f64::from_bits(
                ((unit() as f64 * 2046.0) as u64 + 1) << 52
                    | (unit() as f64 * (1u64 << 52) as f64) as u64,
            );
            let x = if k % 3 == 0 { -x } else { x };
            let text = match k % 5 {
                0 => format!("{x:e}"),
                1 => format!("{:.17e}", x),
                2 => format!("{:e}", x as f32),
                3 => format!("{}", (x * 1e-300).clamp(-1e9, 1e9)),
                _ => format!("{}", x as f32),
            };
            if text.contains("inf") {
                continue;
            }
            check(&text);
        }
        // numbers past `f64`'s range are serde_json's error, and so not read here
        for text in ["1e309", "-1.8e308", "17976931348623159e292"] {
            assert_eq!(read(text).0, None, "{text}");
        }
    }

    /// The `f64` serde_json reads is the correctly rounded one (its `float_roundtrip`), whatever
    /// the number's length: Rust's own parser agrees on every number.
    #[test]
    fn a_number_of_seventeen_digits_or_more_is_read_correctly_rounded() {
        let mut unit = crate::sat::splitmix_units(0x5eed);
        for k in 0..20_000 {
            let x = f64::from_bits(
                ((unit() as f64 * 2046.0) as u64 + 1) << 52
                    | (unit() as f64 * (1u64 << 52) as f64) as u64,
            );
            let text = if k % 2 == 0 {
                format!("{x:.20e}")
            } else {
                format!("{x:e}")
            };
            let read: f64 = serde_json::from_str(&text).unwrap();
            assert_eq!(
                read.to_bits(),
                text.parse::<f64>().unwrap().to_bits(),
                "{text}"
            );
        }
    }
}
