//! The vector operations written once for `Vec2` and `Vec3`: what the code that serves both
//! dimensions (the contact manifold's construction, the window's drawing) asks of a vector.

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Index, IndexMut, Mul, Neg, Sub, SubAssign};

use glam::{DVec3, Vec2, Vec3};

/// A vector of either dimension.
pub trait Vector:
    'static
    + Copy
    + Debug
    + PartialEq
    + Default
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<f32, Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + Index<usize, Output = f32>
    + IndexMut<usize>
{
    /// 2 or 3.
    const DIM: usize;
    /// The last coordinate's index.
    const LAST: usize = Self::DIM - 1;

    /// Dot product.
    fn dot(self, other: Self) -> f32;
    /// Euclidean length.
    #[inline]
    fn length(self) -> f32 {
        self.dot(self).sqrt()
    }
    /// The unit vector along coordinate `k`.
    fn unit(k: usize) -> Self;
    /// The coordinates turned (cyclically) so that coordinate `k` comes last: coordinate `n` of
    /// the result is coordinate `(k + 1 + n) mod D` of `self`.
    fn turn(self, k: usize) -> Self;
    /// Twice the signed area of the triangle (0, a, b) seen along the last axis: `(a × b)·e_z`
    /// in 3D; 0 in 2D, where a face is a segment and encloses no area.
    fn area(a: Self, b: Self) -> f32;
    /// The coordinates, for text.
    fn coords(self) -> Vec<f32>;
    /// The vector of the first coordinates of `c` (a 2D vector drops `z`).
    fn from_coords(c: [f32; 3]) -> Self;
    /// The coordinates padded to three (`z = 0` in 2D).
    fn to_coords(self) -> [f32; 3];
    /// The vector in `f64`, padded to three (`z = 0` in 2D).
    #[inline]
    fn to_dvec3(self) -> DVec3 {
        let [x, y, z] = self.to_coords();
        DVec3::new(x as f64, y as f64, z as f64)
    }
}

impl Vector for Vec2 {
    const DIM: usize = 2;

    #[inline]
    fn dot(self, other: Self) -> f32 {
        Vec2::dot(self, other)
    }
    #[inline]
    fn unit(k: usize) -> Self {
        Vec2::AXES[k]
    }
    #[inline]
    fn turn(self, k: usize) -> Self {
        match k {
            0 => Vec2::new(self.y, self.x),
            _ => self,
        }
    }
    #[inline]
    fn area(_a: Self, _b: Self) -> f32 {
        0.0
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
    fn from_coords(c: [f32; 3]) -> Self {
        Vec2::new(c[0], c[1])
    }
    #[inline]
    fn to_coords(self) -> [f32; 3] {
        [self.x, self.y, 0.0]
    }
}

impl Vector for Vec3 {
    const DIM: usize = 3;

    #[inline]
    fn dot(self, other: Self) -> f32 {
        Vec3::dot(self, other)
    }
    #[inline]
    fn unit(k: usize) -> Self {
        Vec3::AXES[k]
    }
    #[inline]
    fn turn(self, k: usize) -> Self {
        match k {
            0 => Vec3::new(self.y, self.z, self.x),
            1 => Vec3::new(self.z, self.x, self.y),
            _ => self,
        }
    }
    #[inline]
    fn area(a: Self, b: Self) -> f32 {
        a.x * b.y - a.y * b.x
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
    fn from_coords(c: [f32; 3]) -> Self {
        Vec3::from(c)
    }
    #[inline]
    fn to_coords(self) -> [f32; 3] {
        self.to_array()
    }
}
