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

/// One key that went down, with the modifiers held at that moment (not at the frame's end: a
/// fast Ctrl+Z is over before the frame reads the keys).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct KeyDown {
    /// The key.
    pub key: KeyCode,
    /// Ctrl (or the command key) was held.
    pub ctrl: bool,
    /// Shift was held.
    pub shift: bool,
}

impl KeyDown {
    /// A key pressed with no modifier.
    #[cfg(test)]
    pub(crate) fn plain(key: KeyCode) -> Self {
        Self {
            key,
            ctrl: false,
            shift: false,
        }
    }
}

/// The keys pressed this frame, each with its modifiers; empty while a text field has the
/// keyboard.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct KeyFrame {
    /// Keys that went down this frame, in order (repeats left out).
    pub pressed: Vec<KeyDown>,
    /// Ctrl or the command key held when the frame reads the keys.
    pub ctrl: bool,
    /// Shift held when the frame reads the keys.
    pub shift: bool,
    /// The first character typed without Ctrl that egui's own input dropped (see
    /// `ui::repair_modifiers`): the first key typed after a Ctrl shortcut.
    pub lost_char: Option<char>,
}

/// What the keyboard log keeps across frames: which events are ours, and what egui's own
/// input believes about Ctrl.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct KeyLogState {
    /// The log's place in macroquad's input queue, once registered.
    subscriber: Option<usize>,
    /// Ctrl as egui-miniquad holds it: the modifiers of the last key event it saw (X11 reports
    /// a modifier's own release with that modifier still set).
    egui_ctrl: bool,
}

/// The frame's key events in order, read as egui-miniquad reads them.
#[derive(Default)]
struct KeyLog {
    pressed: Vec<KeyDown>,
    lost_char: Option<char>,
    egui_ctrl: bool,
}

impl macroquad::miniquad::EventHandler for KeyLog {
    fn update(&mut self) {}
    fn draw(&mut self) {}

    fn key_down_event(&mut self, key: KeyCode, mods: macroquad::miniquad::KeyMods, repeat: bool) {
        self.egui_ctrl = mods.ctrl;
        if !repeat {
            self.pressed.push(KeyDown {
                key,
                ctrl: mods.ctrl || mods.logo,
                shift: mods.shift,
            });
        }
    }

    fn key_up_event(&mut self, _key: KeyCode, mods: macroquad::miniquad::KeyMods) {
        self.egui_ctrl = mods.ctrl;
    }

    fn char_event(&mut self, c: char, mods: macroquad::miniquad::KeyMods, _repeat: bool) {
        // egui-miniquad drops a character while its Ctrl is set: typed without Ctrl, it is lost
        if self.egui_ctrl && !mods.ctrl && !c.is_control() {
            self.lost_char.get_or_insert(c);
        }
    }
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

/// Reads this frame's input. `last_mouse` is updated, and the keyboard log's `keys` state;
/// `pointer_in_scene` says whether the pointer belongs to the scene (not over the panel, a window,
/// or outside the scene's rectangle); `keyboard_free` is false while egui or a dialog has the
/// keyboard (typing in a field).
pub(crate) fn gather(
    last_mouse: &mut Vec2,
    keys: &mut KeyLogState,
    pointer_in_scene: impl Fn(Vec2) -> bool,
    keyboard_free: bool,
) -> (InputFrame, KeyFrame) {
    use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
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
    let subscriber = *keys
        .subscriber
        .get_or_insert_with(register_input_subscriber);
    let mut log = KeyLog {
        egui_ctrl: keys.egui_ctrl,
        ..KeyLog::default()
    };
    repeat_all_miniquad_input(&mut log, subscriber);
    keys.egui_ctrl = log.egui_ctrl;
    // macroquad's own queues are read too, so that they do not grow
    let _ = (
        get_keys_pressed(),
        std::iter::from_fn(get_char_pressed).count(),
    );
    (
        pointer,
        KeyFrame {
            pressed: if keyboard_free {
                log.pressed
            } else {
                Vec::new()
            },
            ctrl,
            shift,
            lost_char: log.lost_char,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use macroquad::miniquad::{EventHandler, KeyMods};

    const NONE: KeyMods = KeyMods {
        shift: false,
        ctrl: false,
        alt: false,
        logo: false,
    };
    const CTRL: KeyMods = KeyMods { ctrl: true, ..NONE };

    #[test]
    fn the_letter_typed_right_after_ctrl_a_is_found_lost_and_the_chord_keeps_its_ctrl() {
        // X11, in one frame: Ctrl+A, Ctrl released (reported with Ctrl still set), then "un"
        let mut log = KeyLog::default();
        log.key_down_event(KeyCode::LeftControl, NONE, false);
        log.char_event('a', CTRL, false);
        log.key_down_event(KeyCode::A, CTRL, false);
        log.key_up_event(KeyCode::A, CTRL);
        log.key_up_event(KeyCode::LeftControl, CTRL);
        log.char_event('u', NONE, false);
        log.key_down_event(KeyCode::U, NONE, false);
        log.char_event('n', NONE, false);
        log.key_down_event(KeyCode::N, NONE, false);
        assert_eq!(log.lost_char, Some('u'));
        assert!(!log.egui_ctrl);
        let a = log.pressed.iter().find(|k| k.key == KeyCode::A).unwrap();
        assert!(a.ctrl && !a.shift);
        // typing with nothing before it loses nothing
        let mut log = KeyLog::default();
        log.char_event('u', NONE, false);
        log.key_down_event(KeyCode::U, NONE, false);
        assert_eq!(log.lost_char, None);
    }
}
