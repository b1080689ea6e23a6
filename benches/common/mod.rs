//! What the benches share: seeded pairs of boxes, parry conversions and criterion's estimates.
//!
//! Included by each bench with `mod common;`; not every bench uses every item.
#![allow(dead_code)]

use std::path::PathBuf;
use std::time::SystemTime;

use glam::{Quat, Vec2, Vec3};
use satbox::sat::{Obb2, Obb3};

/// Pairs per set.
pub const PAIRS: usize = 4096;

/// splitmix64: small, fast, seeded.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform random rotation (Shoemake).
    pub fn quat(&mut self) -> Quat {
        let (u1, u2, u3) = (self.unit(), self.unit(), self.unit());
        let tau = std::f32::consts::TAU;
        let (a, b) = ((1.0 - u1).sqrt(), u1.sqrt());
        Quat::from_xyzw(
            a * (tau * u2).sin(),
            a * (tau * u2).cos(),
            b * (tau * u3).sin(),
            b * (tau * u3).cos(),
        )
        .normalize()
    }

    /// Uniform direction on the unit sphere.
    pub fn dir3(&mut self) -> Vec3 {
        let z = self.range(-1.0, 1.0);
        let phi = self.range(0.0, std::f32::consts::TAU);
        let r = (1.0 - z * z).max(0.0).sqrt();
        Vec3::new(r * phi.cos(), r * phi.sin(), z)
    }

    /// A small angle, log-uniform in `[1e-6, 1e-2]` radians, random sign.
    pub fn tiny_angle(&mut self) -> f32 {
        let a = 10f32.powf(self.range(-6.0, -2.0));
        if self.unit() < 0.5 {
            -a
        } else {
            a
        }
    }
}

/// How B's orientation relates to A's. One pair in eight is exactly aligned (every edge of A
/// parallel to one of B: stacked crates), one in eight nearly aligned (a rotation of 1e-6..1e-2
/// rad); the rest are independent uniform rotations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Aligned,
    NearlyAligned,
    Random,
}

impl Class {
    pub const ALL: [Class; 3] = [Class::Aligned, Class::NearlyAligned, Class::Random];

    pub fn of(index: usize) -> Self {
        match index % 8 {
            0 => Class::Aligned,
            1 => Class::NearlyAligned,
            _ => Class::Random,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Aligned => "aligned",
            Class::NearlyAligned => "nearly aligned",
            Class::Random => "random",
        }
    }
}

/// A set: the centre distance is `k · (|e_A| + |e_B|)` with `k` uniform in `range3` (3D) or
/// `range2` (2D); `|e_A| + |e_B|` is the sum of the bounding-circle radii, so `k > 1` is always
/// separated.
#[derive(Clone, Copy)]
pub struct SetSpec {
    pub name: &'static str,
    pub range3: (f32, f32),
    pub range2: (f32, f32),
    pub seed: u64,
}

pub const SETS: [SetSpec; 3] = [
    SetSpec {
        name: "separated",
        range3: (0.6, 1.2),
        range2: (0.7, 1.2),
        seed: 0x5a7b_0001,
    },
    SetSpec {
        name: "mixed",
        range3: (0.35, 0.95),
        range2: (0.45, 1.0),
        seed: 0x5a7b_0002,
    },
    SetSpec {
        name: "overlapping",
        range3: (0.0, 0.45),
        range2: (0.0, 0.5),
        seed: 0x5a7b_0003,
    },
];

pub fn pairs3(spec: &SetSpec) -> Vec<(Obb3, Obb3)> {
    pairs3_n(spec, PAIRS)
}

pub fn pairs3_n(spec: &SetSpec, n: usize) -> Vec<(Obb3, Obb3)> {
    let mut rng = Rng(spec.seed);
    (0..n)
        .map(|i| {
            let ea = Vec3::new(
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
            );
            let eb = Vec3::new(
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
                rng.range(0.2, 2.0),
            );
            let qa = rng.quat();
            let qb = match Class::of(i) {
                Class::Aligned => qa,
                Class::NearlyAligned => {
                    (qa * Quat::from_axis_angle(rng.dir3(), rng.tiny_angle())).normalize()
                }
                Class::Random => rng.quat(),
            };
            let ca = Vec3::new(
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
                rng.range(-10.0, 10.0),
            );
            let k = rng.range(spec.range3.0, spec.range3.1);
            let cb = ca + rng.dir3() * (k * (ea.length() + eb.length()));
            let a = Obb3::new(ca, ea, qa).expect("valid box");
            let b = Obb3::new(cb, eb, qb).expect("valid box");
            (a, b)
        })
        .collect()
}

pub fn pairs2(spec: &SetSpec) -> Vec<(Obb2, Obb2)> {
    let mut rng = Rng(spec.seed ^ 0x2d00);
    let pi = std::f32::consts::PI;
    (0..PAIRS)
        .map(|i| {
            let ea = Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let eb = Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let aa = rng.range(-pi, pi);
            let ab = match Class::of(i) {
                Class::Aligned => aa,
                Class::NearlyAligned => aa + rng.tiny_angle(),
                Class::Random => rng.range(-pi, pi),
            };
            let ca = Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let k = rng.range(spec.range2.0, spec.range2.1);
            let phi = rng.range(0.0, std::f32::consts::TAU);
            let cb = ca + Vec2::new(phi.cos(), phi.sin()) * (k * (ea.length() + eb.length()));
            let a = Obb2::new(ca, ea, aa).expect("valid box");
            let b = Obb2::new(cb, eb, ab).expect("valid box");
            (a, b)
        })
        .collect()
}

// parry, converted once through plain arrays (parry has its own glam).

pub type P3 = (parry3d::math::Pose, parry3d::shape::Cuboid);
pub type P2 = (parry2d::math::Pose, parry2d::shape::Cuboid);

pub fn to_parry3(o: &Obb3) -> P3 {
    use parry3d::math::{Pose, Rotation, Vector};
    let [x, y, z, w] = o.rotation.to_array();
    (
        Pose::from_parts(
            Vector::from_array(o.center.to_array()),
            Rotation::from_xyzw(x, y, z, w),
        ),
        parry3d::shape::Cuboid::new(Vector::from_array(o.half_extents.to_array())),
    )
}

pub fn to_parry2(o: &Obb2) -> P2 {
    use parry2d::math::{Pose, Vector};
    (
        Pose::new(Vector::from_array(o.center.to_array()), o.angle),
        parry2d::shape::Cuboid::new(Vector::from_array(o.half_extents.to_array())),
    )
}

// Summary from criterion's estimates

pub fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        return PathBuf::from(target).join("criterion");
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/criterion")
}

/// Time of one iteration (the whole set) in ns, if measured by this run.
pub fn estimate_ns(group: &str, name: &str, since: SystemTime) -> Option<f64> {
    let path = criterion_dir()
        .join(group)
        .join(name)
        .join("new/estimates.json");
    let fresh = std::fs::metadata(&path).ok()?.modified().ok()? >= since;
    if !fresh {
        return None;
    }
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    // criterion's headline figure: the slope of the linear fit when it has one, else the mean
    v["slope"]["point_estimate"]
        .as_f64()
        .or_else(|| v["mean"]["point_estimate"].as_f64())
}

/// The estimates of every method in `names` in `group`, or `None` when this run measured none.
pub fn estimates(group: &str, names: &[&str], since: SystemTime) -> Option<Vec<Option<f64>>> {
    let t: Vec<Option<f64>> = names.iter().map(|n| estimate_ns(group, n, since)).collect();
    t.iter().any(Option::is_some).then_some(t)
}

/// `slow / fast` as `2.5×`, or `-` when either is missing.
pub fn ratio(fast: Option<f64>, slow: Option<f64>) -> String {
    match (fast, slow) {
        (Some(f), Some(s)) => format!("{:.1}×", s / f),
        _ => "-".to_string(),
    }
}

/// ns per pair of one method on a set of `n` pairs, or `-`.
pub fn per_pair(t: Option<f64>, n: usize) -> String {
    t.map_or("-".to_string(), |ns| format!("{:.1}", ns / n as f64))
}
