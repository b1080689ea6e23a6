//! Pointer interaction in the 3D scene: orbit, pan, zoom, selecting a box, dragging the gizmo and
//! hovering or clicking an axis line. A pure function of [`InputFrame`] and the state.

use glam::Vec2;

use super::axes3d::{self, AxisLine};
use super::camera::Viewport;
use super::gizmo::{self, Drag, GizmoFrame, Handle, Snap};
use super::input::InputFrame;
use super::state::{AppState, SelectedBox, Transient};
use crate::sat::{Obb3, Which};

/// How far (pixels) the pointer may move between press and release for a click.
const CLICK_PIXELS: f32 = 4.0;

/// What the pointer is doing in the 3D scene, across frames.
#[derive(Clone, Debug, Default)]
pub struct Interaction3 {
    /// A gizmo drag in progress.
    pub drag: Option<Drag>,
    /// Orbiting with the left button.
    orbiting: bool,
    /// Where the left button went down.
    press_at: Option<Vec2>,
    /// The gizmo handle under the pointer.
    pub hovered_handle: Option<Handle>,
}

/// The snapping that applies now: the panel's "snap" switch, or Ctrl (grid) and Shift (15°).
pub fn snap_now(state: &AppState, input: &InputFrame) -> Snap {
    Snap {
        translate: (state.snap || input.ctrl).then_some(state.snap_step),
        rotate_deg: (state.snap || input.shift).then_some(15.0),
    }
}

/// The gizmo frame of the selected box, if a box is selected.
pub fn gizmo_frame(state: &AppState, viewport: &Viewport) -> Option<(Which, GizmoFrame)> {
    let w: Which = state.three.view.selected_box?.into();
    let obb = state.three.get(w);
    Some((
        w,
        gizmo::frame_for(obb, state.gizmo_space, &state.three.view.camera3, viewport),
    ))
}

/// The box the pointer ray meets first.
pub fn pick_box(state: &AppState, cursor: Vec2, viewport: &Viewport) -> Option<Which> {
    let ray = state.three.view.camera3.ray(cursor, viewport);
    let ta = gizmo::ray_hits_box(&ray, &state.three.a);
    let tb = gizmo::ray_hits_box(&ray, &state.three.b);
    match (ta, tb) {
        (Some(a), Some(b)) => Some(if a <= b { Which::A } else { Which::B }),
        (Some(_), None) => Some(Which::A),
        (None, Some(_)) => Some(Which::B),
        (None, None) => None,
    }
}

/// Handles one frame. Returns the box edited by a gizmo drag this frame, if any, and `true` when a
/// drag ended (one undo step).
pub fn update(
    state: &mut AppState,
    transient: &mut Transient,
    it: &mut Interaction3,
    input: &InputFrame,
    viewport: &Viewport,
    lines: &[AxisLine],
) -> bool {
    let cam = state.three.view.camera3;
    let projector = cam.projector(*viewport);
    let mut drag_ended = false;

    // an ongoing gizmo drag owns the pointer until release, wherever the pointer goes
    if let Some(drag) = &mut it.drag {
        let ray = cam.ray(input.mouse, viewport);
        if let Some(obb) = drag.update(&ray, input.mouse, snap_now(state, input)) {
            if let Some(sel) = state.three.view.selected_box {
                *state.three.get_mut(sel.into()) = clamp_box(obb);
            }
        }
        if !input.left_down {
            it.drag = None;
            drag_ended = true;
        }
        return drag_ended;
    }

    if it.orbiting {
        if input.left_down {
            state
                .three
                .view
                .camera3
                .orbit(input.mouse_delta.x * 0.008, input.mouse_delta.y * 0.008);
        } else {
            it.orbiting = false;
        }
    }
    if input.pan_down && (input.pointer_in_scene || input.mouse_delta != Vec2::ZERO) {
        state.three.view.camera3.pan(input.mouse_delta, viewport);
    }
    if !input.pointer_in_scene {
        it.hovered_handle = None;
        return false;
    }
    if input.wheel != 0.0 {
        state
            .three
            .view
            .camera3
            .zoom_at(0.88f32.powf(input.wheel), input.mouse, viewport);
    }

    let frame = gizmo_frame(state, viewport);
    it.hovered_handle =
        frame.and_then(|(_, f)| gizmo::pick(&f, state.gizmo_mode, &projector, input.mouse));
    let hovered_line = if it.hovered_handle.is_none() && !it.orbiting {
        axes3d::pick(lines, &projector, input.mouse, 7.0)
    } else {
        None
    };
    if hovered_line.is_some() || !it.orbiting {
        transient.hovered_axis = hovered_line;
    }

    if input.left_pressed {
        it.press_at = Some(input.mouse);
        if let (Some(handle), Some((w, f))) = (it.hovered_handle, frame) {
            let ray = cam.ray(input.mouse, viewport);
            it.drag = Drag::begin(
                handle,
                state.three.get(w),
                &f,
                &ray,
                input.mouse,
                &projector,
            );
        }
        if it.drag.is_none() {
            it.orbiting = true;
        }
    }
    if input.left_released {
        let clicked = it
            .press_at
            .is_some_and(|p| p.distance(input.mouse) <= CLICK_PIXELS);
        if clicked {
            if let Some(axis) = hovered_line {
                let view = &mut state.three.view;
                view.selected_axis = if view.selected_axis == Some(axis) {
                    None
                } else {
                    Some(axis)
                };
            } else {
                state.three.view.selected_box =
                    pick_box(state, input.mouse, viewport).map(|w| match w {
                        Which::A => SelectedBox::A,
                        Which::B => SelectedBox::B,
                    });
            }
        }
        it.press_at = None;
        it.orbiting = false;
    }
    drag_ended
}

/// Keeps edited boxes valid: half extents never negative.
fn clamp_box(mut obb: Obb3) -> Obb3 {
    obb.half_extents = obb.half_extents.max(glam::Vec3::ZERO);
    obb
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::gizmo::GizmoMode;

    const VP: Viewport = Viewport {
        x: 0.0,
        y: 0.0,
        w: 1200.0,
        h: 800.0,
    };

    fn frame_input(mouse: Vec2, prev: Vec2) -> InputFrame {
        InputFrame::pointer_at(mouse, prev)
    }

    #[test]
    fn clicking_box_a_selects_it_and_clicking_empty_space_deselects() {
        let mut state = AppState::default();
        let (mut tr, mut it) = (Transient::default(), Interaction3::default());
        state.three.view.selected_box = None;
        state.three.b.center = glam::Vec3::new(30.0, 0.0, 0.0); // out of the way
        let a_px = state
            .three
            .view
            .camera3
            .projector(VP)
            .project(state.three.a.center)
            .unwrap();
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..frame_input(a_px, a_px)
        };
        update(&mut state, &mut tr, &mut it, &press, &VP, &[]);
        let release = InputFrame {
            left_released: true,
            ..frame_input(a_px, a_px)
        };
        update(&mut state, &mut tr, &mut it, &release, &VP, &[]);
        assert_eq!(state.three.view.selected_box, Some(SelectedBox::A));
        let empty = Vec2::new(5.0, 5.0);
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..frame_input(empty, empty)
        };
        update(&mut state, &mut tr, &mut it, &press, &VP, &[]);
        let release = InputFrame {
            left_released: true,
            ..frame_input(empty, empty)
        };
        update(&mut state, &mut tr, &mut it, &release, &VP, &[]);
        assert_eq!(state.three.view.selected_box, None);
    }

    #[test]
    fn dragging_the_gizmo_moves_the_selected_box_and_not_the_camera() {
        let mut state = AppState {
            gizmo_mode: GizmoMode::Translate,
            gizmo_space: gizmo::GizmoSpace::World,
            ..Default::default()
        };
        let (mut tr, mut it) = (Transient::default(), Interaction3::default());
        let cam_before = state.three.view.camera3;
        let (_, f) = gizmo_frame(&state, &VP).unwrap();
        let proj = cam_before.projector(VP);
        let grab_w = f.center + glam::Vec3::Y * f.size * 0.8;
        let grab = proj.project(grab_w).unwrap();
        let start = state.three.b.center;
        let mut prev = grab;
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..frame_input(grab, prev)
        };
        update(&mut state, &mut tr, &mut it, &press, &VP, &[]);
        assert!(it.drag.is_some(), "press on the y arrow starts a drag");
        let to = proj.project(grab_w + glam::Vec3::Y * 0.75).unwrap();
        let moving = InputFrame {
            left_down: true,
            ..frame_input(to, prev)
        };
        update(&mut state, &mut tr, &mut it, &moving, &VP, &[]);
        prev = to;
        let release = InputFrame {
            left_released: true,
            ..frame_input(to, prev)
        };
        assert!(update(&mut state, &mut tr, &mut it, &release, &VP, &[]));
        assert!((state.three.b.center - (start + glam::Vec3::Y * 0.75)).length() < 5e-3);
        assert_eq!(state.three.view.camera3, cam_before);
    }

    #[test]
    fn the_camera_ignores_the_pointer_over_the_panel() {
        let mut state = AppState::default();
        let (mut tr, mut it) = (Transient::default(), Interaction3::default());
        let before = state.three.view.camera3;
        let p = Vec2::new(300.0, 300.0);
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            pointer_in_scene: false,
            mouse: p,
            ..Default::default()
        };
        update(&mut state, &mut tr, &mut it, &press, &VP, &[]);
        let wheel = InputFrame {
            wheel: 3.0,
            pointer_in_scene: false,
            mouse: p,
            ..Default::default()
        };
        update(&mut state, &mut tr, &mut it, &wheel, &VP, &[]);
        assert_eq!(state.three.view.camera3, before);
    }
}
