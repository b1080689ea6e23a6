//! Builders shared by the integration tests.
#![allow(dead_code)]

use glam::{DVec3, Mat3, Quat, Vec2, Vec3};
use satbox::sat::{dim3, Obb2, Obb3};

/// The rotation whose matrix has the columns `u0, u1, u2` (a right-handed orthonormal frame).
pub fn frame(u0: Vec3, u1: Vec3, u2: Vec3) -> Quat {
    assert!(
        (u0.cross(u1) - u2).length() < 1e-5,
        "the frame must be right-handed and orthonormal"
    );
    Quat::from_mat3(&Mat3::from_cols(u0, u1, u2)).normalize()
}

/// The columns `[c0, c1, c2]` shifted so that `c0` lands in column `k`: a cyclic relabelling of a
/// right-handed frame, which stays right-handed.
pub fn cycled(c: [Vec3; 3], k: usize) -> [Vec3; 3] {
    std::array::from_fn(|col| c[(col + 3 - k) % 3])
}

pub fn obb3(center: Vec3, half_extents: Vec3, rotation: Quat) -> Obb3 {
    Obb3 {
        center,
        half_extents,
        rotation,
    }
}

pub fn cube(center: Vec3, half: f32, rotation: Quat) -> Obb3 {
    obb3(center, Vec3::splat(half), rotation)
}

pub fn obb2(center: Vec2, half_extents: Vec2, angle: f32) -> Obb2 {
    Obb2 {
        center,
        half_extents,
        angle,
    }
}

/// The local axes of a box in `f64`, from its (normalised) quaternion.
pub fn axes64(o: &Obb3) -> [DVec3; 3] {
    let q = o.rotation.as_dquat().normalize();
    [q * DVec3::X, q * DVec3::Y, q * DVec3::Z]
}

/// A size for tolerances: `|T| + Σ e_A + Σ e_B`, the magnitude of every number the tests add up.
pub fn scale3(a: &Obb3, b: &Obb3) -> f64 {
    let t = (b.center.as_dvec3() - a.center.as_dvec3()).length();
    t + a.half_extents.as_dvec3().element_sum() + b.half_extents.as_dvec3().element_sum()
}

pub fn scale2(a: &Obb2, b: &Obb2) -> f64 {
    let t = (b.center.as_dvec2() - a.center.as_dvec2()).length();
    t + a.half_extents.as_dvec2().element_sum() + b.half_extents.as_dvec2().element_sum()
}

/// Length of the raw cross product behind each of the 15 axes, in `f64` (1 for face axes).
pub fn cross_lengths(a: &Obb3, b: &Obb3) -> [f64; 15] {
    let (ua, ub) = (axes64(a), axes64(b));
    std::array::from_fn(|k| match dim3::axis_kind(k) {
        satbox::sat::AxisKind::Edge(i, j) => ua[i].cross(ub[j]).length(),
        _ => 1.0,
    })
}

/// A small deterministic generator (splitmix64).
pub struct Rng(pub u64);

impl Rng {
    pub fn unit(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }
    /// A box anywhere in [-3, 3]³, half extents 0.1 to 1.5, turned any way.
    pub fn obb3(&mut self) -> Obb3 {
        let axis = Vec3::new(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        );
        let rotation = Quat::from_axis_angle(
            axis.try_normalize().unwrap_or(Vec3::Z),
            self.range(0.0, 6.3),
        );
        let c = Vec3::new(
            self.range(-3.0, 3.0),
            self.range(-3.0, 3.0),
            self.range(-3.0, 3.0),
        );
        let h = Vec3::new(
            self.range(0.1, 1.5),
            self.range(0.1, 1.5),
            self.range(0.1, 1.5),
        );
        obb3(c, h, rotation)
    }
    /// A rectangle anywhere in [-3, 3]², half extents 0.1 to 1.5, at any angle.
    pub fn obb2(&mut self) -> Obb2 {
        let c = Vec2::new(self.range(-3.0, 3.0), self.range(-3.0, 3.0));
        let h = Vec2::new(self.range(0.1, 1.5), self.range(0.1, 1.5));
        obb2(c, h, self.range(0.0, 6.3))
    }
}
