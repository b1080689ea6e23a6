//! Generated pair sets, seeded and repeatable: where engines' box–box bugs live, for the audit
//! (`satbox audit`) and the tests.
//!
//! * [`resting3`] / [`resting2`]: resting pairs after the recipe of a peer engine's box–box fuzz
//!   test (MuJoCo's `CanonicalOrientationsAndPerturbations`), with generators and seeds of
//!   satbox's own: box B in each of the 24 rotations of the cube, turned further by nothing, a
//!   tiny angle (1e-7 to 1e-3 rad, where edge axes are nearly degenerate) or a large one (up to
//!   45°) about one of five axes, set on A's top face at lateral fractions of A's size up to and
//!   past its rim (exactly 0, ±½, ±1, and random ones to ±1.3), at depth fractions of the pair's
//!   size around zero (exactly 0, ±1e-7 to ±1e-4). The boxes are cubes, thin slabs, needles and
//!   unequal boxes; one pair in four is carried to a random pose away from the origin.
//! * [`random3`] / [`random2`]: random poses and sizes, half of them overlapping.
//! * [`scaled`]: a pair of either set scaled by a power of ten from 1e-3 to 1e3.
//! * [`far`]: a pair carried 1e4 from the origin.
//! * [`mirrors`]: a pair's two mirrors: A and B swapped, and the whole scene turned.

use glam::{DQuat, DVec2, DVec3, Quat};

use super::{Pair, PairBox, PairQuestion};
use crate::sat::{Obb2, Obb3, Vector};

/// Random numbers from a splitmix64 stream.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn bits(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.bits() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }

    /// One of `items`.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[(self.bits() % items.len() as u64) as usize]
    }

    /// +1 or −1.
    pub fn sign(&mut self) -> f64 {
        if self.bits() & 1 == 0 {
            1.0
        } else {
            -1.0
        }
    }

    /// A uniformly random rotation.
    pub fn quat(&mut self) -> DQuat {
        let (u, a, b) = (self.unit(), self.range(0.0, 6.3), self.range(0.0, 6.3));
        let (s, t) = ((1.0 - u).sqrt(), u.sqrt());
        DQuat::from_xyzw(s * a.sin(), s * a.cos(), t * b.sin(), t * b.cos()).normalize()
    }
}

/// The 24 rotations of the cube: the 6 directions +x, −x, +y, −y, +z, −z for the box's `u2`, each
/// with 4 quarter turns about it.
pub fn cube_rotations() -> Vec<DQuat> {
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
    match rng.bits() % 4 {
        0 => rng.pick(&[0.0, 0.5, -0.5, 1.0, -1.0]),
        1 => rng.sign() * rng.range(0.95, 1.05),
        _ => rng.range(-1.3, 1.3),
    }
}

/// A depth fraction of the pair's size: exactly 0, or ±1e-7 to ±1e-4 (positive: overlapping).
fn depth_fraction(rng: &mut Rng) -> f64 {
    match rng.bits() % 3 {
        0 => 0.0,
        _ => rng.sign() * 10f64.powf(rng.range(-7.0, -4.0)),
    }
}

/// B resting on A's `+u2` face: A with half extents `ea` at the origin, unrotated; B with `eb` and
/// rotation `qb`, its lowest point along `z` at A's top minus `depth`, its centre at
/// `(fx·ea.x, fy·ea.y)` laterally. Then both carried by the rigid motion `(q, t)`. All in `f64`,
/// rounded to `f32` at the end.
#[allow(clippy::too_many_arguments)]
pub fn resting_pair(
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
pub fn resting3(rng: &mut Rng, k: usize, rotations: &[DQuat]) -> (Obb3, Obb3) {
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
pub fn resting2(rng: &mut Rng, k: usize) -> (Obb2, Obb2) {
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

/// A random 3D pair: half extents 0.1 to 2, B's centre at 0.3 to 1.5 times the sum of the
/// bounding radii from A's in a random direction (about half overlap), random rotations.
pub fn random3(rng: &mut Rng) -> (Obb3, Obb3) {
    let e = |rng: &mut Rng| {
        DVec3::new(
            rng.range(0.1, 2.0),
            rng.range(0.1, 2.0),
            rng.range(0.1, 2.0),
        )
    };
    let (ea, eb) = (e(rng), e(rng));
    let direction = (rng.quat() * DVec3::X).normalize();
    let reach = (ea.length() + eb.length()) * rng.range(0.3, 1.5);
    let a = obb3(DVec3::ZERO, ea, rng.quat());
    let b = obb3(direction * reach, eb, rng.quat());
    (a, b)
}

/// A random 2D pair, as [`random3`].
pub fn random2(rng: &mut Rng) -> (Obb2, Obb2) {
    let e = |rng: &mut Rng| DVec2::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0));
    let (ea, eb) = (e(rng), e(rng));
    let direction = DVec2::from_angle(rng.range(0.0, std::f64::consts::TAU));
    let reach = (ea.length() + eb.length()) * rng.range(0.3, 1.5);
    let rect = |c: DVec2, e: DVec2, angle: f64| Obb2 {
        center: c.as_vec2(),
        half_extents: e.as_vec2(),
        angle: angle as f32,
    };
    (
        rect(DVec2::ZERO, ea, rng.range(-3.2, 3.2)),
        rect(direction * reach, eb, rng.range(-3.2, 3.2)),
    )
}

fn obb3(c: DVec3, e: DVec3, q: DQuat) -> Obb3 {
    let q = q.normalize();
    Obb3 {
        center: c.as_vec3(),
        half_extents: e.as_vec3(),
        rotation: Quat::from_xyzw(q.x as f32, q.y as f32, q.z as f32, q.w as f32).normalize(),
    }
}

/// `pair` scaled about the origin by `factor` (a power of ten from 1e-3 to 1e3 in the audit).
pub fn scaled(pair: &Pair, factor: f32) -> Pair {
    struct Scaled(f32);
    impl PairQuestion for Scaled {
        type Answer = Pair;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Pair {
            B::pair(a.scaled(self.0), b.scaled(self.0))
        }
    }
    pair.ask(Scaled(factor))
}

/// `pair` carried by `offset` along every axis (1e4 in the audit).
pub fn far(pair: &Pair, offset: f32) -> Pair {
    struct Far(f32);
    impl PairQuestion for Far {
        type Answer = Pair;
        fn ask<B: PairBox>(self, a: &B, b: &B) -> Pair {
            let by = B::Vec::from_coords([self.0; 3]);
            B::pair(a.moved(by), b.moved(by))
        }
    }
    pair.ask(Far(offset))
}

/// A pair's two mirrors: A and B swapped, and the whole scene turned about the origin by a fixed
/// rotation (0.7 rad about (1, 2, 3) in 3D, 0.7 rad in 2D). A correct engine answers each as the
/// pair itself, swapped or turned.
pub fn mirrors(pair: &Pair) -> [Pair; 2] {
    struct Mirrors;
    impl PairQuestion for Mirrors {
        type Answer = [Pair; 2];
        fn ask<B: PairBox>(self, a: &B, b: &B) -> [Pair; 2] {
            let axis = glam::Vec3::new(1.0, 2.0, 3.0).normalize();
            let turn = |o: &B| o.turned_about_origin(axis, 0.7);
            [B::pair(*b, *a), B::pair(turn(a), turn(b))]
        }
    }
    pair.ask(Mirrors)
}
