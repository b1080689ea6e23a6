//! The little geometry the generic window code needs from both `Vec2` and `Vec3`: the library's
//! vector operations ([`crate::sat::Vector`]), and projecting world points to pixels.

use glam::Vec2;

pub(crate) use crate::sat::Vector;

/// World to pixels for one frame; `None` for a point behind the eye.
pub(crate) trait Project<V> {
    /// The pixel of a world point.
    fn px(&self, p: V) -> Option<Vec2>;
    /// A world segment on screen, clipped to what is in front of the eye.
    fn segment(&self, a: V, b: V) -> Option<(Vec2, Vec2)>;
}
