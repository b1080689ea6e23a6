//! The little geometry the generic window code needs from both `Vec2` and `Vec3`: vector
//! operations, and projecting world points to pixels.

use std::fmt::Debug;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use glam::{Vec2, Vec3};

use super::camera::Viewport;

/// The vector operations the generic code needs, for `Vec2` and `Vec3`.
pub(crate) trait Vector:
    Copy
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
}

impl Vector for Vec2 {
    fn dot(self, other: Self) -> f32 {
        Vec2::dot(self, other)
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
}

impl Vector for Vec3 {
    fn dot(self, other: Self) -> f32 {
        Vec3::dot(self, other)
    }
    fn coords(self) -> Vec<f32> {
        self.to_array().to_vec()
    }
}

/// World to pixels for one frame; `None` for a point behind the eye.
pub(crate) trait Project<V> {
    /// The pixel of a world point.
    fn px(&self, p: V) -> Option<Vec2>;
    /// A world segment on screen, clipped to what is in front of the eye.
    fn segment(&self, a: V, b: V) -> Option<(Vec2, Vec2)>;
    /// Where the scene is drawn.
    fn viewport(&self) -> Viewport;
}
