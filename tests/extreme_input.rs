//! Extreme but valid input stays finite and decided; invalid input is refused with a message.
//!
//! A sweep over pairs no hand-picked case covers: extents from 1e-6 to 1e6 in one pair, centres
//! at ±1e7 (the largest coordinate satbox accepts), quaternions of length 1e-30 and 1e30, boxes
//! flat in one or two dimensions, each checked with `sat::agreement::audit` (the fast
//! test, the report, the manifold and the distance against each other and the `f64` reference).
//! Then NaN and ±infinity in every field position, of a box and of a `check` line.

use glam::{Quat, Vec2, Vec3};
use satbox::cli::check::{answer_text, Options};
use satbox::sat::agreement::audit;
use satbox::sat::{dim3, Obb2, Obb3};

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[((self.unit() * from.len() as f32) as usize).min(from.len() - 1)]
    }
    fn dir3(&mut self) -> Vec3 {
        let z = self.range(-1.0, 1.0);
        let phi = self.range(0.0, std::f32::consts::TAU);
        let r = (1.0 - z * z).max(0.0).sqrt();
        Vec3::new(r * phi.cos(), r * phi.sin(), z)
    }
    /// A rotation whose quaternion has length 1e-30, 1, or 1e30: the box must not care.
    fn quat(&mut self) -> Quat {
        let q = Quat::from_xyzw(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        )
        .normalize();
        q * self.pick(&[1e-30, 1.0, 1e30])
    }
    /// Half extents of one size class, with zero, one or two of them 0 (flat boxes).
    fn extents(&mut self, size: f32) -> Vec3 {
        let mut e = Vec3::new(
            size * self.range(0.5, 1.0),
            size * self.range(0.5, 1.0),
            size * self.range(0.5, 1.0),
        );
        let flat = self.pick(&[0, 0, 1, 2]);
        for k in 0..flat {
            e[(k + self.pick(&[0, 1, 2])) % 3] = 0.0;
        }
        e
    }
}

const SIZES: [f32; 5] = [1e-6, 1e-3, 1.0, 1e3, 1e6];

#[test]
fn tiny_huge_flat_far_and_oddly_scaled_pairs_stay_finite_and_decided() {
    let mut rng = Rng(17);
    let mut checked = 0;
    for &size_a in &SIZES {
        for &size_b in &SIZES {
            for i in 0..200 {
                let (ea, eb) = (rng.extents(size_a), rng.extents(size_b));
                // near the origin, or at the coordinate limit in every axis
                let far = rng.pick(&[0.0, 1e7 - 2e6]);
                let ca = Vec3::new(
                    rng.pick(&[-far, far]),
                    rng.pick(&[-far, far]),
                    rng.pick(&[-far, far]),
                );
                // B at a multiple of the pair's size from A: apart, touching-ish, inside
                let reach = (ea.length() + eb.length()) * rng.range(0.0, 1.5);
                let cb = (ca + rng.dir3() * reach).clamp(Vec3::splat(-1e7), Vec3::splat(1e7));
                let a = Obb3::new(ca, ea, rng.quat()).expect("valid box A");
                let b = Obb3::new(cb, eb, rng.quat()).expect("valid box B");
                for q in [a.rotation, b.rotation] {
                    assert!((q.length() - 1.0).abs() < 1e-6, "{q}");
                }
                let problems = audit(&a, &b);
                assert!(problems.is_empty(), "pair {i}: {a:?} {b:?}: {problems:?}");

                let a2 = Obb2::new(ca.truncate(), ea.truncate(), rng.range(-7.0, 7.0)).unwrap();
                let b2 = Obb2::new(cb.truncate(), eb.truncate(), rng.range(-7.0, 7.0)).unwrap();
                let problems = audit(&a2, &b2);
                assert!(problems.is_empty(), "pair {i}: {a2:?} {b2:?}: {problems:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 5000);
}

#[test]
fn boxes_at_the_coordinate_limit_are_accepted_and_beyond_it_refused() {
    let at = Obb3::new(Vec3::splat(1e7), Vec3::splat(1e7), Quat::IDENTITY).unwrap();
    let near = Obb3::new(Vec3::splat(-1e7), Vec3::ONE, Quat::IDENTITY).unwrap();
    assert!(audit(&at, &near).is_empty());
    assert!(dim3::intersects(&at, &at));
    let beyond = Obb3::new(Vec3::new(1.1e7, 0.0, 0.0), Vec3::ONE, Quat::IDENTITY);
    assert!(beyond.unwrap_err().to_string().contains("beyond"));
}

/// The 10 numbers of a box in field order (centre, half extents, quaternion x y z w) with one of
/// them replaced.
fn box_with(position: usize, value: f32) -> Result<Obb3, String> {
    let mut v = [0.5, -1.0, 2.0, 1.0, 0.5, 0.25, 0.0, 0.0, 0.0, 1.0];
    v[position] = value;
    Obb3::new(
        Vec3::new(v[0], v[1], v[2]),
        Vec3::new(v[3], v[4], v[5]),
        Quat::from_xyzw(v[6], v[7], v[8], v[9]),
    )
    .map_err(|e| e.to_string())
}

#[test]
fn nan_and_infinity_in_any_field_of_a_box_are_refused_with_a_message() {
    for position in 0..10 {
        for value in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let message = box_with(position, value).expect_err("refused");
            assert!(
                message.contains("NaN or infinite"),
                "field {position} = {value}: {message}"
            );
        }
    }
    for position in 0..5 {
        for value in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            let mut v = [0.5f32, -1.0, 1.0, 0.5, 0.3];
            v[position] = value;
            let b = Obb2::new(Vec2::new(v[0], v[1]), Vec2::new(v[2], v[3]), v[4]);
            assert!(b.is_err(), "field {position} = {value}");
        }
    }
}

#[test]
fn a_zero_quaternion_is_refused_but_one_of_length_1e_minus_30_is_a_rotation() {
    let zero = box_with(9, 0.0).expect_err("refused");
    assert!(zero.contains("zero length"), "{zero}");
    let tiny = Obb3::new(
        Vec3::ZERO,
        Vec3::ONE,
        Quat::from_xyzw(0.0, 1e-30, 0.0, 1e-30),
    )
    .unwrap();
    let huge = Obb3::new(Vec3::ZERO, Vec3::ONE, Quat::from_xyzw(0.0, 1e30, 0.0, 1e30)).unwrap();
    assert_eq!(tiny.rotation, huge.rotation);
    assert!((tiny.axes()[0] - Vec3::new(0.0, 0.0, -1.0)).length() < 1e-6);
}

#[test]
fn nan_infinity_and_overflow_in_any_number_of_a_check_line_give_an_error_line() {
    // every number of a valid 3D line replaced in turn by what JSON can carry of NaN and
    // infinity: a string, a number too large for f32, one too large for f64
    let numbers = [
        "0.5", "-1", "2", "1", "0.5", "0.25", "0", "0", "0", "1", "3", "0", "0", "1", "1", "1",
        "0", "0", "0", "1",
    ];
    let line = |values: &[&str]| {
        format!(
            r#"{{"a":{{"center":[{},{},{}],"half_extents":[{},{},{}],"rotation":[{},{},{},{}]}},"b":{{"center":[{},{},{}],"half_extents":[{},{},{}],"rotation":[{},{},{},{}]}}}}"#,
            values[0],
            values[1],
            values[2],
            values[3],
            values[4],
            values[5],
            values[6],
            values[7],
            values[8],
            values[9],
            values[10],
            values[11],
            values[12],
            values[13],
            values[14],
            values[15],
            values[16],
            values[17],
            values[18],
            values[19]
        )
    };
    assert!(answer_text(1, &line(&numbers), &Options::default()).is_ok());
    for position in 0..numbers.len() {
        for bad in ["\"NaN\"", "\"inf\"", "1e39", "-1e39", "1e400", "null"] {
            let mut v = numbers;
            v[position] = bad;
            let error = answer_text(1, &line(&v), &Options::default())
                .expect_err(&format!("number {position} = {bad} is refused"));
            let parsed: serde_json::Value = serde_json::from_str(&error).unwrap();
            assert!(
                parsed["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{error}"
            );
        }
    }
}
