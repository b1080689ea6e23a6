//! One frame of pointer and keyboard input as plain data, so that interaction code is a pure
//! function of it and can be tested without a window. [`gather`] is the only place that reads
//! macroquad's input state.
//!
//! A finger is a pointer too: macroquad turns the first finger into the left button, so one finger
//! drags, orbits and pans as the mouse does. Two fingers are a [`Pinch`] (zoom and pan), during
//! which the button is held back, and [`InputFrame::reach`] makes handles finger-sized.

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
    /// The pointer is a finger (a touch screen was touched): handles are picked within
    /// [`FINGER_PIXELS`].
    pub touch: bool,
    /// Two fingers on the scene this frame: zoom and pan.
    pub pinch: Option<Pinch>,
}

/// How far from a handle a finger still picks it, in logical pixels: half of the 44-point
/// target that touch guidelines ask for.
pub(crate) const FINGER_PIXELS: f32 = 22.0;

/// Two fingers moving on the scene in one frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Pinch {
    /// Midway between the fingers, in pixels.
    pub center: Vec2,
    /// How far the midpoint moved since the last frame: the scene pans with it.
    pub pan: Vec2,
    /// The fingers' distance over last frame's: above 1 they spread (zoom in).
    pub spread: f32,
}

/// The two fingers of a pinch as they were: each touch's id and position.
pub(crate) type FingerPair = [(u64, Vec2); 2];

/// The pinch between last frame's two fingers and this frame's (`now`: the fingers on the
/// screen), when the same two are still down; `None` for fewer than two, or when a finger changed.
pub(crate) fn pinch(last: Option<FingerPair>, now: &[(u64, Vec2)]) -> Option<Pinch> {
    let [(i, p), (j, q)] = last?;
    let find = |id: u64| now.iter().find(|(k, _)| *k == id).map(|(_, at)| *at);
    let (p2, q2) = (find(i)?, find(j)?);
    let before = p.distance(q);
    Some(Pinch {
        center: (p2 + q2) * 0.5,
        pan: (p2 + q2) * 0.5 - (p + q) * 0.5,
        spread: if before > 1.0 {
            p2.distance(q2) / before
        } else {
            1.0
        },
    })
}

impl InputFrame {
    /// How far from a handle the pointer still picks it: `mouse_pixels` for a mouse, at least
    /// [`FINGER_PIXELS`] for a finger.
    pub(crate) fn reach(&self, mouse_pixels: f32) -> f32 {
        if self.touch {
            mouse_pixels.max(FINGER_PIXELS)
        } else {
            mouse_pixels
        }
    }

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

/// What the input keeps across frames: the pointer's last position, the keyboard log, and the
/// fingers.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct InputState {
    /// The pointer's position last frame.
    pub last_mouse: Vec2,
    /// The keyboard log.
    pub keys: KeyLogState,
    /// A touch screen has been touched: the pointer is a finger from then on.
    pub touch: bool,
    /// Last frame's two fingers, while two are down.
    fingers: Option<FingerPair>,
    /// Two or more fingers have been down since the screen was last free: until every finger is
    /// lifted, the left button (which macroquad makes of the fingers) is held back.
    multi_touch: bool,
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

/// Where the pointer is, for [`gather`]: whether it belongs to the scene (not over the panel, a
/// window, or outside the scene's rectangle) as last frame's panel saw it (`over_ui`, which keeps
/// a mouse's drag out of the panel), and as the panel's areas lie (`scene_at`): a finger that
/// lands is not where the pointer last was.
pub(crate) struct PointerPlace<F: Fn(Vec2) -> bool> {
    /// The panel or a window had the pointer last frame.
    pub over_ui: bool,
    /// Whether a pixel is the scene's, neither the panel's nor a window's.
    pub scene_at: F,
}

/// Reads this frame's input and updates `state`; `keyboard_free` is false while egui or a dialog
/// has the keyboard (typing in a field).
pub(crate) fn gather<F: Fn(Vec2) -> bool>(
    state: &mut InputState,
    place: PointerPlace<F>,
    keyboard_free: bool,
) -> (InputFrame, KeyFrame) {
    use macroquad::input::utils::{register_input_subscriber, repeat_all_miniquad_input};
    let mouse = Vec2::from(mouse_position());
    let wheel = mouse_wheel().1;
    let shift = is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift);
    let ctrl = ctrl_down();
    let fingers = Fingers::read();
    state.touch |= fingers.any;
    let left_pressed = is_mouse_button_pressed(MouseButton::Left);
    // a finger that lands is not where the pointer last was (as a mouse is): where it lands
    // decides, not whether the panel had the pointer last frame
    let landed = fingers.any && left_pressed;
    let pointer = fingers.apply(
        state,
        InputFrame {
            mouse,
            mouse_delta: mouse - state.last_mouse,
            left_pressed,
            left_down: is_mouse_button_down(MouseButton::Left),
            left_released: is_mouse_button_released(MouseButton::Left),
            pan_down: is_mouse_button_down(MouseButton::Right)
                || is_mouse_button_down(MouseButton::Middle),
            wheel: if wheel == 0.0 { 0.0 } else { wheel.signum() },
            shift,
            ctrl,
            pointer_in_scene: if landed {
                (place.scene_at)(mouse)
            } else {
                !place.over_ui && (place.scene_at)(mouse)
            },
            touch: state.touch,
            pinch: None,
        },
        &place.scene_at,
    );
    state.last_mouse = mouse;
    let keys = &mut state.keys;
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

/// The fingers on the screen this frame.
struct Fingers {
    /// Any finger is on the screen, or left it this frame.
    any: bool,
    /// The fingers still down (not lifted this frame), each with its id.
    down: Vec<(u64, Vec2)>,
    /// How many touches the frame saw, lifted ones included.
    seen: usize,
}

impl Fingers {
    fn read() -> Self {
        use macroquad::input::TouchPhase;
        let touches = macroquad::input::touches();
        // touches are in physical pixels; the pointer, and everything else, in logical ones
        let ratio = macroquad::window::screen_dpi_scale().max(1e-3);
        let mut down: Vec<(u64, Vec2)> = touches
            .iter()
            .filter(|t| !matches!(t.phase, TouchPhase::Ended | TouchPhase::Cancelled))
            .map(|t| (t.id, t.position / ratio))
            .collect();
        down.sort_by_key(|(id, _)| *id);
        Self {
            any: !touches.is_empty(),
            down,
            seen: touches.len(),
        }
    }

    /// `frame` with two fingers read as a pinch: the left button macroquad made of the fingers is
    /// held back from the second finger's landing until every finger is lifted, so that neither
    /// finger orbits, drags or clicks.
    fn apply(
        &self,
        state: &mut InputState,
        mut frame: InputFrame,
        scene_at: &impl Fn(Vec2) -> bool,
    ) -> InputFrame {
        if self.seen >= 2 {
            state.multi_touch = true;
        } else if !self.any {
            state.multi_touch = false;
        }
        let two = (self.down.len() >= 2).then(|| [self.down[0], self.down[1]]);
        // a pinch belongs to the scene when it started there
        frame.pinch = pinch(state.fingers, &self.down).filter(|p| scene_at(p.center - p.pan));
        state.fingers = two;
        if state.multi_touch {
            frame.left_pressed = false;
            frame.left_down = false;
            frame.left_released = false;
            frame.mouse_delta = Vec2::ZERO;
        }
        frame
    }
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
    fn two_fingers_spreading_apart_zoom_in_about_their_midpoint_and_pan_with_it() {
        let last = [(1, Vec2::new(100.0, 100.0)), (2, Vec2::new(200.0, 100.0))];
        let now = [(1, Vec2::new(60.0, 110.0)), (2, Vec2::new(260.0, 110.0))];
        let p = pinch(Some(last), &now).unwrap();
        assert_eq!(p.center, Vec2::new(160.0, 110.0));
        assert_eq!(p.pan, Vec2::new(10.0, 10.0));
        assert!((p.spread - 2.0).abs() < 1e-6);
        // the fingers listed the other way round are the same pinch
        let swapped = [now[1], now[0]];
        assert_eq!(pinch(Some(last), &swapped), Some(p));
    }

    #[test]
    fn a_pinch_needs_the_same_two_fingers_in_both_frames() {
        let last = [(1, Vec2::ZERO), (2, Vec2::new(100.0, 0.0))];
        assert_eq!(pinch(None, &[(1, Vec2::ZERO), (2, Vec2::X)]), None);
        assert_eq!(pinch(Some(last), &[(1, Vec2::ZERO)]), None);
        assert_eq!(pinch(Some(last), &[(1, Vec2::ZERO), (3, Vec2::X)]), None);
        // fingers on one spot: no spread to divide by
        let same = [(1, Vec2::ZERO), (2, Vec2::ZERO)];
        assert_eq!(pinch(Some(same), &same).unwrap().spread, 1.0);
    }

    #[test]
    fn a_finger_picks_handles_from_further_than_a_mouse() {
        let mouse = InputFrame::default();
        let finger = InputFrame {
            touch: true,
            ..Default::default()
        };
        assert_eq!(mouse.reach(9.0), 9.0);
        assert_eq!(finger.reach(9.0), FINGER_PIXELS);
        assert_eq!(finger.reach(40.0), 40.0);
    }

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
