//! One frame of pointer and keyboard input as plain data, so that interaction code is a pure
//! function of it and can be tested without a window. [`gather`] is the only place that reads
//! macroquad's input state.

use glam::Vec2;
use macroquad::input::{
    get_char_pressed, get_keys_pressed, is_key_down, is_mouse_button_down, is_mouse_button_pressed,
    is_mouse_button_released, mouse_position, mouse_wheel, KeyCode, MouseButton,
};

/// The pointer and modifier keys this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct InputFrame {
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
    /// Ctrl (or the command key) held.
    pub ctrl: bool,
    /// The pointer is over the scene, not the panel or a window.
    pub pointer_in_scene: bool,
}

impl InputFrame {
    /// The pointer at `mouse` over the scene, having come from `prev`; no buttons, no keys.
    #[cfg(test)]
    pub(crate) fn pointer_at(mouse: Vec2, prev: Vec2) -> Self {
        Self {
            mouse,
            mouse_delta: mouse - prev,
            pointer_in_scene: true,
            ..Default::default()
        }
    }
}

/// The keys pressed this frame, with the modifiers held; empty while a text field has the keyboard.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct KeyFrame {
    /// Keys that went down this frame.
    pub pressed: Vec<KeyCode>,
    /// Ctrl or the command key held.
    pub ctrl: bool,
    /// Shift held.
    pub shift: bool,
    /// The characters typed this frame, in order (for text fields; see `ui::repair_modifiers`).
    pub chars: Vec<char>,
}

/// Ctrl on Linux and Windows, the command key on macOS: one idea of "Ctrl" for every shortcut.
fn ctrl_down() -> bool {
    [
        KeyCode::LeftControl,
        KeyCode::RightControl,
        KeyCode::LeftSuper,
        KeyCode::RightSuper,
    ]
    .into_iter()
    .any(is_key_down)
}

/// Reads this frame's input. `last_mouse` is updated; `pointer_in_scene` says whether the pointer
/// belongs to the scene (not over the panel, a window, or outside the scene's rectangle);
/// `keyboard_free` is false while egui has the keyboard (typing in a field).
pub(crate) fn gather(
    last_mouse: &mut Vec2,
    pointer_in_scene: impl Fn(Vec2) -> bool,
    keyboard_free: bool,
) -> (InputFrame, KeyFrame) {
    let mouse = Vec2::from(mouse_position());
    let wheel = mouse_wheel().1;
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    let ctrl = ctrl_down();
    let pointer = InputFrame {
        mouse,
        mouse_delta: mouse - *last_mouse,
        left_pressed: is_mouse_button_pressed(MouseButton::Left),
        left_down: is_mouse_button_down(MouseButton::Left),
        left_released: is_mouse_button_released(MouseButton::Left),
        pan_down: is_mouse_button_down(MouseButton::Right)
            || is_mouse_button_down(MouseButton::Middle),
        wheel: if wheel == 0.0 { 0.0 } else { wheel.signum() },
        shift,
        ctrl,
        pointer_in_scene: pointer_in_scene(mouse),
    };
    *last_mouse = mouse;
    let mut pressed: Vec<KeyCode> = if keyboard_free {
        get_keys_pressed().into_iter().collect()
    } else {
        Vec::new()
    };
    pressed.sort_by_key(|k| *k as u16);
    let chars = std::iter::from_fn(get_char_pressed).collect();
    (
        pointer,
        KeyFrame {
            pressed,
            ctrl,
            shift,
            chars,
        },
    )
}
