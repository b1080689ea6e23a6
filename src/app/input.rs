//! One frame of pointer and keyboard input as plain data, so that interaction code is a pure
//! function of it and can be tested without a window.

use glam::Vec2;

/// The pointer and modifier keys this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct InputFrame {
    /// Pointer position in pixels.
    pub mouse: Vec2,
    /// Pointer motion since the last frame.
    pub mouse_delta: Vec2,
    /// Left button went down this frame.
    pub left_pressed: bool,
    /// Left button is held.
    pub left_down: bool,
    /// Left button went up this frame.
    pub left_released: bool,
    /// Right or middle button is held (pan).
    pub pan_down: bool,
    /// Wheel steps this frame (positive: away from the user, zoom in).
    pub wheel: f32,
    /// Shift held.
    pub shift: bool,
    /// Ctrl held.
    pub ctrl: bool,
    /// The pointer is over the scene, not the panel or a window.
    pub pointer_in_scene: bool,
}

impl InputFrame {
    /// The pointer at `mouse` over the scene, having come from `prev`; no buttons, no keys.
    pub fn pointer_at(mouse: Vec2, prev: Vec2) -> Self {
        Self {
            mouse,
            mouse_delta: mouse - prev,
            pointer_in_scene: true,
            ..Default::default()
        }
    }
}
