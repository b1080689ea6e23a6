//! The little geometry the generic window code needs from both `Vec2` and `Vec3`: vector
//! operations, and projecting world points to pixels.

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use glam::{Vec2, Vec3};

/// The vector operations the generic code needs, for `Vec2` and `Vec3`.
pub(crate) trait Vector:
    'static
    + Copy
    + Debug
    + PartialEq
    + Default
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<f32, Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
{
    /// Dot product.
    fn dot(self, other: Self) -> f32;
    /// Euclidean length.
    fn length(self) -> f32 {
        self.dot(self).sqrt()
    }
    /// The coordinates, for text.
    fn coords(self) -> Vec<f32>;
    /// The vector of the first coordinates of `c` (a 2D vector drops `z`).
    fn from_coords(c: [f32; 3]) -> Self;
    /// The coordinates padded to three (`z = 0` in 2D).
    fn to_coords(self) -> [f32; 3];
}

impl Vector for Vec2 {
    fn dot(self, other: Self) -> f32 {
        Vec2::dot(self, other)
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
    fn from_coords(c: [f32; 3]) -> Self {
        Vec2::new(c[0], c[1])
    }
    fn to_coords(self) -> [f32; 3] {
        [self.x, self.y, 0.0]
    }
}

impl Vector for Vec3 {
    fn dot(self, other: Self) -> f32 {
        Vec3::dot(self, other)
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
    fn from_coords(c: [f32; 3]) -> Self {
        Vec3::from(c)
    }
    fn to_coords(self) -> [f32; 3] {
        self.to_array()
    }
}

/// World to pixels for one frame; `None` for a point behind the eye.
pub(crate) trait Project<V> {
    /// The pixel of a world point.
    fn px(&self, p: V) -> Option<Vec2>;
    /// A world segment on screen, clipped to what is in front of the eye.
    fn segment(&self, a: V, b: V) -> Option<(Vec2, Vec2)>;
}
