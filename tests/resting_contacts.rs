//! Resting pairs at exact and near-exact contact, where engines' box–box bugs live: every pair the
//! report calls intersecting or touching has its contact points, and no other pair has any.
//!
//! The generator follows the recipe of a peer engine's box–box fuzz test (MuJoCo's
//! `CanonicalOrientationsAndPerturbations`) with generators and seeds of satbox's own: box B in
//! each of the 24 rotations of the cube, turned further by nothing, a tiny angle (1e-7 to 1e-3 rad,
//! where edge axes are nearly degenerate) or a large one (up to 45°) about one of five axes, and
//! set on A's top face at lateral fractions of A's size up to and past its rim (exactly 0, ±½, ±1,
//! and random ones to ±1.3), at depth fractions of the pair's size around zero (exactly 0, ±1e-7
//! to ±1e-4). The boxes are cubes, thin slabs, needles and unequal boxes; one pair in four is
//! carried to a random pose away from the origin, where `f32` keeps fewer digits.
//!
//! The invariants are `sat::agreement::contact_problems`, each checked in `f64` against
//! the vertex-projection reference, which the differential fuzz target asserts too:
//!
//! 1. the manifold exists exactly when the report calls the pair intersecting or touching (one
//!    rule of "these boxes meet"), and then it has 1 to 4 points (2D: 1 or 2) and a unit normal;
//! 2. no point is deeper than the boxes overlap along the manifold's own normal (no phantom
//!    depth), and every point lies within |separation| of both boxes;
//! 3. the face preference: an edge contact only where an edge axis beats every face axis by the
//!    bias, and a face contact in place of a strict edge axis only when the edge did not (or its
//!    edges do not cross);
//! 4. a pair separated beyond the margin has no manifold; with a speculative margin every pair
//!    within it has one.
//!
//! `cargo test` runs a sample that fits CI (100,000 3D and 20,000 2D pairs, each under four sets of parameters); the full sweep
//! of every rotation, turn, offset and depth is `cargo test --release --test resting_contacts --
//! --ignored`.

mod common;

use glam::{DQuat, DVec2, DVec3, Quat, Vec3};
use satbox::sat::agreement::contact_problems;
use satbox::sat::{dim3, ManifoldParams, Obb2, Obb3};

/// Numbers in `[0, 1)` from a splitmix64 stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.next() % items.len() as u64) as usize]
    }

    fn sign(&mut self) -> f64 {
        if self.next() & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }

    fn quat(&mut self) -> DQuat {
        let (u, a, b) = (self.unit(), self.range(0.0, 6.3), self.range(0.0, 6.3));
        let (s, t) = ((1.0 - u).sqrt(), u.sqrt());
        DQuat::from_xyzw(s * a.sin(), s * a.cos(), t * b.sin(), t * b.cos()).normalize()
    }
}

/// The 24 rotations of the cube: the 6 directions +x, −x, +y, −y, +z, −z for the box's `u2`, each
/// with 4 quarter turns about it.
fn cube_rotations() -> Vec<DQuat> {
    use std::f64::consts::{FRAC_PI_2, PI};
    let ups = [
        DQuat::IDENTITY,
        DQuat::from_rotation_x(PI),
        DQuat::from_rotation_x(FRAC_PI_2),
        DQuat::from_rotation_x(-FRAC_PI_2),
        DQuat::from_rotation_y(FRAC_PI_2),
        DQuat::from_rotation_y(-FRAC_PI_2),
    ];
    ups.iter()
        .flat_map(|&up| (0..4).map(move |k| up * DQuat::from_rotation_z(k as f64 * FRAC_PI_2)))
        .collect()
}

/// The five axes of the further turn: the three coordinate axes, a face diagonal, a body diagonal.
fn turn_axes() -> [DVec3; 5] {
    [
        DVec3::X,
        DVec3::Y,
        DVec3::Z,
        DVec3::new(1.0, 1.0, 0.0).normalize(),
        DVec3::ONE.normalize(),
    ]
}

/// The shapes: a cube, a thin slab, a needle, an unequal box; scaled by 0.05 to 2.
fn shape(rng: &mut Rng, kind: usize) -> DVec3 {
    let s = 10f64.powf(rng.range(-1.3, 0.3));
    s * match kind % 4 {
        0 => DVec3::ONE,
        1 => DVec3::new(1.0, 1.0, 0.05),
        2 => DVec3::new(0.04, 0.04, 1.0),
        _ => DVec3::new(1.0, 0.6, 0.3),
    }
}

/// The further turn of B: none, tiny (nearly degenerate edge axes) or large.
fn turn_angle(rng: &mut Rng, kind: usize) -> f64 {
    match kind % 3 {
        0 => 0.0,
        1 => rng.sign() * 10f64.powf(rng.range(-7.0, -3.0)),
        _ => rng.sign() * rng.range(0.0, std::f64::consts::FRAC_PI_4),
    }
}

/// A lateral fraction of A's half extent: exactly 0, ±½, ±1 (on the rim), or random to ±1.3.
fn lateral(rng: &mut Rng) -> f64 {
    match rng.next() % 4 {
        0 => rng.pick(&[0.0, 0.5, -0.5, 1.0, -1.0]),
        1 => rng.sign() * rng.range(0.95, 1.05),
        _ => rng.range(-1.3, 1.3),
    }
}

/// A depth fraction of the pair's size: exactly 0, or ±1e-7 to ±1e-4 (positive: overlapping).
fn depth_fraction(rng: &mut Rng) -> f64 {
    match rng.next() % 3 {
        0 => 0.0,
        _ => rng.sign() * 10f64.powf(rng.range(-7.0, -4.0)),
    }
}

/// B resting on A's `+u2` face: A with half extents `ea` at the origin, unrotated; B with `eb` and
/// rotation `qb`, its lowest point along `z` at A's top minus `depth`, its centre at
/// `(fx·ea.x, fy·ea.y)` laterally. Then both carried by the rigid motion `(q, t)`. All in `f64`,
/// rounded to `f32` at the end.
#[allow(clippy::too_many_arguments)]
fn resting_pair(
    ea: DVec3,
    eb: DVec3,
    qb: DQuat,
    fx: f64,
    fy: f64,
    depth: f64,
    q: DQuat,
    t: DVec3,
) -> (Obb3, Obb3) {
    let ub = [qb * DVec3::X, qb * DVec3::Y, qb * DVec3::Z];
    let rb = (0..3).map(|k| eb[k] * ub[k].z.abs()).sum::<f64>();
    let cb = DVec3::new(fx * ea.x, fy * ea.y, ea.z + rb - depth);
    let obb = |c: DVec3, e: DVec3, r: DQuat| {
        let r = (q * r).normalize();
        Obb3 {
            center: (q * c + t).as_vec3(),
            half_extents: e.as_vec3(),
            rotation: Quat::from_xyzw(r.x as f32, r.y as f32, r.z as f32, r.w as f32).normalize(),
        }
    };
    (obb(DVec3::ZERO, ea, DQuat::IDENTITY), obb(cb, eb, qb))
}

/// The `k`-th resting pair of a sweep seeded with `seed`.
fn pair3(rng: &mut Rng, k: usize, rotations: &[DQuat]) -> (Obb3, Obb3) {
    let (ea, eb) = (shape(rng, k), shape(rng, k / 4 + 1));
    let turn = DQuat::from_axis_angle(rng.pick(&turn_axes()), turn_angle(rng, k / 16));
    let qb = turn * rotations[k % 24];
    let size = ea.element_sum() + eb.element_sum();
    let depth = depth_fraction(rng) * size;
    let (fx, fy) = (lateral(rng), lateral(rng));
    let (q, t) = if k % 4 == 3 {
        let far = rng.pick(&[2.0, 50.0, 1000.0]);
        (
            rng.quat(),
            DVec3::new(
                rng.range(-far, far),
                rng.range(-far, far),
                rng.range(-far, far),
            ),
        )
    } else {
        (DQuat::IDENTITY, DVec3::ZERO)
    };
    resting_pair(ea, eb, qb, fx, fy, depth, q, t)
}

/// A 2D resting pair: B turned by a multiple of a quarter turn plus nothing, a tiny or a large
/// angle, on A's top side at a lateral fraction and a depth fraction, the pair carried by a turn
/// and a translation one time in four.
fn pair2(rng: &mut Rng, k: usize) -> (Obb2, Obb2) {
    let e = |rng: &mut Rng, kind: usize| {
        let s = 10f64.powf(rng.range(-1.3, 0.3));
        s * [DVec2::ONE, DVec2::new(1.0, 0.05), DVec2::new(0.04, 1.0)][kind % 3]
    };
    let (ea, eb) = (e(rng, k), e(rng, k / 3 + 1));
    let angle = (k % 4) as f64 * std::f64::consts::FRAC_PI_2 + turn_angle(rng, k / 4);
    let (s, c) = angle.sin_cos();
    let rb = eb.x * s.abs() + eb.y * c.abs();
    let depth = depth_fraction(rng) * (ea.element_sum() + eb.element_sum());
    let cb = DVec2::new(lateral(rng) * ea.x, ea.y + rb - depth);
    let (turn, t) = if k % 4 == 3 {
        (
            rng.range(-3.2, 3.2),
            DVec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0)),
        )
    } else {
        (0.0, DVec2::ZERO)
    };
    let place = |c: DVec2, e: DVec2, a: f64| Obb2 {
        center: (DVec2::from_angle(turn).rotate(c) + t).as_vec2(),
        half_extents: e.as_vec2(),
        angle: (a + turn) as f32,
    };
    (place(DVec2::ZERO, ea, 0.0), place(cb, eb, angle))
}

/// Runs `count` 3D and `count / 5` 2D resting pairs from `seed` under the default, strict and
/// speculative parameters; panics with every failure's input (as a `check` line) and reason.
fn sweep(seed: u64, count: usize) {
    let rotations = cube_rotations();
    let mut rng = Rng(seed);
    let mut failures = Vec::new();
    let mut seen = [0usize; 3]; // meet with points, touching, separated
    let all = [
        ManifoldParams::default(),
        ManifoldParams::strict(),
        ManifoldParams::default().with_margin(0.0),
    ];
    for k in 0..count {
        let (a, b) = pair3(&mut rng, k, &rotations);
        let speculative = ManifoldParams::default()
            .with_margin(rng.range(0.0, 1e-3) as f32 * b.half_extents.max_element());
        for params in all.iter().chain([&speculative]) {
            for e in contact_problems(&a, &b, params) {
                failures.push(format!("{e} (margin {}): {}", params.margin, line3(&a, &b)));
            }
        }
        let r = dim3::report(&a, &b);
        seen[if r.touching() {
            1
        } else if r.intersect {
            0
        } else {
            2
        }] += 1;
    }
    for k in 0..count / 5 {
        let (a, b) = pair2(&mut rng, k);
        for params in &all {
            for e in contact_problems(&a, &b, params) {
                failures.push(format!("2D: {e}: {a:?} {b:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures of {} pairs (seen {seen:?}); the first:\n{}",
        failures.len(),
        count,
        failures[..failures.len().min(12)].join("\n")
    );
    // the sweep must reach every verdict, touching included
    assert!(seen.iter().all(|&n| n > count / 50), "{seen:?}");
}

/// A pair as a `check` line.
fn line3(a: &Obb3, b: &Obb3) -> String {
    let o = |o: &Obb3| {
        format!(
            "{{\"center\":{:?},\"half_extents\":{:?},\"rotation\":{:?}}}",
            o.center.to_array(),
            o.half_extents.to_array(),
            o.rotation.to_array()
        )
    };
    format!("{{\"a\":{},\"b\":{}}}", o(a), o(b))
}

#[test]
fn resting_boxes_at_exact_and_near_contact_have_their_points_exactly_when_the_report_meets() {
    sweep(0x5a7b_0028, 100_000);
}

#[test]
#[ignore = "the full sweep: cargo test --release --test resting_contacts -- --ignored"]
fn resting_boxes_full_sweep() {
    for seed in 0..8 {
        sweep(0x5a7b_1000 + seed, 360_000 / 8 * 2);
    }
}

/// The two pairs of the report that opened this test: `"intersect": true` and no manifold.
#[test]
fn a_thin_slab_standing_on_its_edge_on_another_slab_1e_6_deep_has_its_points() {
    let a = Obb3::new(Vec3::ZERO, Vec3::new(0.08, 0.08, 0.004), Quat::IDENTITY).unwrap();
    let b = Obb3::new(
        Vec3::new(0.0, 0.0, 0.063_998_8),
        Vec3::new(0.06, 0.06, 0.006),
        Quat::from_xyzw(0.499_749_93, 0.500_249_9, 0.499_749_93, -0.500_249_9),
    )
    .unwrap();
    let r = dim3::report(&a, &b);
    assert!(r.intersect && !r.touching(), "{}", r.verdict());
    let m = dim3::manifold(&a, &b).expect("an intersecting pair has a manifold");
    assert_eq!(m.len(), 4);
    assert_eq!(
        contact_problems(&a, &b, &ManifoldParams::default()),
        Vec::<String>::new()
    );
}

#[test]
fn a_cube_turned_45_degrees_with_its_edge_on_the_rim_of_a_top_face_touches_along_a_segment() {
    let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::splat(0.05));
    let b = Obb3::new(
        Vec3::new(-0.025, 0.05, 0.120_710_68),
        Vec3::splat(0.05),
        Quat::from_xyzw(0.923_879_56, 0.0, 0.0, -0.382_683_37),
    )
    .unwrap();
    let r = dim3::report(&a, &b);
    assert!(r.touching(), "{}", r.verdict());
    let m = dim3::manifold(&a, &b).expect("a touching pair has a manifold");
    // B's edge lies on A's rim from x = −0.05 to x = 0.025: a segment, two points
    assert_eq!(m.len(), 2);
    let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
    xs.sort_by(f32::total_cmp);
    assert!(
        (xs[0] + 0.05).abs() < 1e-6 && (xs[1] - 0.025).abs() < 1e-6,
        "{xs:?}"
    );
    assert_eq!(
        contact_problems(&a, &b, &ManifoldParams::default()),
        Vec::<String>::new()
    );
}

#[test]
fn the_generator_reaches_cube_rotations_rims_and_exact_contact() {
    // the sweep's own premise: the 24 rotations are distinct, and exact contact is exact
    let r = cube_rotations();
    for i in 0..24 {
        for j in 0..i {
            assert!(r[i].dot(r[j]).abs() < 0.99, "{i} {j}");
        }
    }
    let (a, b) = resting_pair(
        DVec3::ONE,
        DVec3::ONE,
        DQuat::IDENTITY,
        1.0,
        0.0,
        0.0,
        DQuat::IDENTITY,
        DVec3::ZERO,
    );
    assert_eq!(b.center, Vec3::new(1.0, 0.0, 2.0));
    assert!(dim3::report(&a, &b).touching());
}
