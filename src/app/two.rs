//! The 2D mode: [`Dim`] for rectangles with 4 axes, a top-down camera and the 2D handles.
//!
//! Pointer, left button: press on a handle of the selected box to drag it; press on a box to select
//! it and drag its body; press on an axis line and release to select the axis; press on empty space
//! and drag to pan, or release at once to deselect the box. Right or middle drag pans, the wheel
//! zooms about the cursor.

use glam::Vec2;

use super::camera::{Camera2, Viewport};
use super::dim::{check_length, Dim, EditorRow, Field, Project, Reset};
use super::gizmo2d::{self, Drag2, Handle2};
use super::input::InputFrame;
use super::layout::{self, pair_sphere, AxisLine, Shadows};
use super::mode::{Gestures, ModeState, PointerOutcome};
use super::settings::Settings;
use crate::sat::{Obb2, Report2, Which, MAX_COORDINATE};

/// How far (pixels) the pointer may move between press and release for a click.
const CLICK_PIXELS: f32 = 4.0;
/// How close (pixels) the pointer must come to an axis line to hover it.
const AXIS_PICK_PIXELS: f32 = 7.0;

/// The 2D mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Two;

/// Directions the plot of `s(θ)` samples over the full turn.
const ANGLE_SAMPLES: usize = 720;

/// World to pixels in the top-down view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Projector2 {
    /// The camera.
    pub camera: Camera2,
    /// Where the scene is drawn.
    pub viewport: Viewport,
}

impl Project<Vec2> for Projector2 {
    fn px(&self, p: Vec2) -> Option<Vec2> {
        Some(self.camera.to_screen(p, &self.viewport))
    }
    fn segment(&self, a: Vec2, b: Vec2) -> Option<(Vec2, Vec2)> {
        Some((self.px(a)?, self.px(b)?))
    }
}

/// What the pointer is doing in the 2D scene, across frames.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pointer2 {
    /// A drag in progress, on that box.
    pub drag: Option<(Which, Drag2)>,
    /// The handle of the selected box under the pointer.
    pub hovered_handle: Option<Handle2>,
    /// The cursor in world coordinates, while over the scene.
    pub cursor: Option<Vec2>,
    /// Panning with the left button (pressed on empty space).
    panning_left: bool,
    /// Panning with the right or middle button (pressed over the scene).
    panning: bool,
    /// Where the left button went down.
    press_at: Option<Vec2>,
}

/// The box under a world point: the selected one first, then B (drawn on top), then A.
fn pick_box(mode: &ModeState<Two>, p: Vec2) -> Option<Which> {
    mode.selected_box
        .into_iter()
        .chain([Which::B, Which::A])
        .find(|w| mode.get(*w).contains_point(p))
}

/// The 2D camera that frames both rectangles with room for the axis lines beside them.
pub(crate) fn framing_camera(a: &Obb2, b: &Obb2, viewport: &Viewport) -> Camera2 {
    let (mid, radius) = pair_sphere(
        a.corners().into_iter().chain(b.corners()),
        0.5 * (a.center + b.center),
    );
    Camera2::framing(mid, radius * 1.9, 0.9, viewport)
}

impl Dim for Two {
    const CAMERA_KEY: &'static str = "camera2";
    const DETAIL_ON_ALL_AXES: bool = true;
    const FULL_LABELS: bool = true;

    type Vec = Vec2;
    type Obb = Obb2;
    type Report = Report2;
    type Camera = Camera2;
    type Projector = Projector2;
    type Pointer = Pointer2;

    fn default_pair() -> (Obb2, Obb2) {
        crate::scene::presets::default_pair2()
    }

    fn framing(a: &Obb2, b: &Obb2, viewport: &Viewport) -> Camera2 {
        framing_camera(a, b, viewport)
    }
    fn projector(camera: &Camera2, viewport: Viewport) -> Projector2 {
        Projector2 {
            camera: *camera,
            viewport,
        }
    }
    fn layout(
        a: &Obb2,
        b: &Obb2,
        camera: &Camera2,
        items: &[Shadows<Vec2>],
        _anchor: Option<usize>,
    ) -> Vec<AxisLine<Vec2>> {
        layout::layout_in_plane(items, a, b, camera.zoom)
    }
    fn direction_samples() -> &'static [Vec2] {
        static SAMPLES: std::sync::OnceLock<Vec<Vec2>> = std::sync::OnceLock::new();
        SAMPLES.get_or_init(|| {
            (0..ANGLE_SAMPLES)
                .map(|k| Vec2::from_angle(k as f32 / ANGLE_SAMPLES as f32 * std::f32::consts::TAU))
                .collect()
        })
    }
    /// The top-down view already shows every axis across: nothing to turn.
    fn look_along(_: &mut Camera2, _: &Obb2, _: &Obb2, _: &Report2, _: usize) {}

    fn editor_rows(o: &Obb2) -> Vec<EditorRow> {
        let v2 = |v: Vec2| vec![("x", v.x as f64), ("y", v.y as f64)];
        vec![
            EditorRow {
                label: "centre",
                hint: "world coordinates",
                values: v2(o.center),
                speed: 0.02,
                suffix: "",
                decimals: 3,
                min: -MAX_COORDINATE as f64,
            },
            EditorRow {
                label: "half extents",
                hint:
                    "half the width and height along u0, u1; 0 is a flat box, negative is refused",
                values: v2(o.half_extents),
                speed: 0.01,
                suffix: "",
                decimals: 3,
                min: 0.0,
            },
            EditorRow {
                label: "angle",
                hint: "counter-clockwise, in degrees (files store radians)",
                values: vec![("", o.angle.to_degrees() as f64)],
                speed: 0.5,
                suffix: "°",
                decimals: 2,
                min: f64::NEG_INFINITY,
            },
        ]
    }

    fn edit(o: &Obb2, field: Field, value: f64) -> Result<Obb2, String> {
        let mut out = *o;
        let axis = ["x", "y"].get(field.col).copied().unwrap_or("?");
        match field.row {
            0 => out.center[field.col] = check_length(value, &format!("centre {axis}"), false)?,
            1 => {
                out.half_extents[field.col] =
                    check_length(value, &format!("half extent {axis}"), true)?
            }
            _ => {
                if !value.is_finite() {
                    return Err(format!("angle: {value} is not a finite number"));
                }
                out.angle = (value as f32).to_radians();
            }
        }
        out.validate().map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn reset(o: &Obb2, part: Reset) -> Obb2 {
        match part {
            Reset::Turn => Obb2 { angle: 0.0, ..*o },
            Reset::Size => Obb2 {
                half_extents: Vec2::ONE,
                ..*o
            },
            Reset::Position => Obb2 {
                center: Vec2::ZERO,
                ..*o
            },
        }
    }
}

impl Gestures for Two {
    fn pointer(
        mode: &mut ModeState<Self>,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
        lines: &[AxisLine<Vec2>],
    ) -> PointerOutcome {
        let cursor = mode.view.camera.to_world(input.mouse, viewport);
        mode.pointer.cursor = input.pointer_in_scene.then_some(cursor);
        if mode.pointer.drag.is_some() {
            return drag(mode, settings, input, cursor);
        }
        pan_and_zoom(mode, input, viewport);
        if !input.pointer_in_scene {
            mode.pointer.hovered_handle = None;
            if !input.left_down {
                mode.pointer.press_at = None;
            }
            return PointerOutcome::default();
        }
        let cam = mode.view.camera;
        let p = &mode.pointer;
        let hovered_handle = if p.panning_left || p.panning {
            None
        } else {
            mode.selected_box.and_then(|w| {
                let reach = input.reach(gizmo2d::PICK_PIXELS);
                gizmo2d::pick(mode.get(w), &cam, viewport, input.mouse, reach)
            })
        };
        let hovered_line = if hovered_handle.is_none() && !p.panning_left {
            let projector = Two::projector(&cam, *viewport);
            layout::pick(
                lines,
                &projector,
                input.mouse,
                input.reach(AXIS_PICK_PIXELS),
            )
        } else {
            None
        };
        mode.pointer.hovered_handle = hovered_handle;
        if input.left_pressed {
            press(mode, hovered_line, input, viewport);
        }
        let clicked = if input.left_released {
            release(mode, hovered_line, input, viewport)
        } else {
            PointerOutcome::default()
        };
        PointerOutcome {
            hovered_axis: Some(hovered_line),
            ..clicked
        }
    }
}

/// An ongoing drag owns the pointer until release, wherever the pointer goes.
fn drag(
    mode: &mut ModeState<Two>,
    settings: &Settings,
    input: &InputFrame,
    cursor: Vec2,
) -> PointerOutcome {
    if let Some((w, d)) = &mut mode.pointer.drag {
        let obb = d.update(cursor, settings.snap_now(input));
        match w {
            Which::A => mode.a = obb,
            Which::B => mode.b = obb,
        }
    }
    let ended = !input.left_down;
    if ended {
        mode.pointer.drag = None;
    }
    PointerOutcome {
        drag_ended: ended,
        ..Default::default()
    }
}

fn pan_and_zoom(mode: &mut ModeState<Two>, input: &InputFrame, viewport: &Viewport) {
    let p = &mut mode.pointer;
    let cam = &mut mode.view.camera;
    if p.panning_left {
        if input.left_down {
            cam.pan(input.mouse_delta);
        } else {
            p.panning_left = false;
        }
    }
    p.panning = input.pan_down && (p.panning || input.pointer_in_scene);
    if p.panning {
        cam.pan(input.mouse_delta);
    }
    if input.pointer_in_scene && input.wheel != 0.0 {
        cam.zoom_at(1.15f32.powf(input.wheel), input.mouse, viewport);
    }
    // two fingers: the scale grows as they spread, about their midpoint, which pans
    if let Some(p) = input.pinch {
        cam.pan(p.pan);
        cam.zoom_at(p.spread, p.center, viewport);
    }
}

fn press(
    mode: &mut ModeState<Two>,
    hovered_line: Option<usize>,
    input: &InputFrame,
    viewport: &Viewport,
) {
    mode.pointer.press_at = Some(input.mouse);
    let cursor = mode.view.camera.to_world(input.mouse, viewport);
    if let (Some(h), Some(w)) = (mode.pointer.hovered_handle, mode.selected_box) {
        mode.pointer.drag = Some((w, Drag2::begin(h, mode.get(w), cursor)));
    } else if hovered_line.is_none() {
        match pick_box(mode, cursor) {
            Some(w) => {
                mode.selected_box = Some(w);
                mode.pointer.drag = Some((w, Drag2::begin(Handle2::Body, mode.get(w), cursor)));
                mode.pointer.hovered_handle = Some(Handle2::Body);
            }
            None => mode.pointer.panning_left = true,
        }
    }
}

fn release(
    mode: &mut ModeState<Two>,
    hovered_line: Option<usize>,
    input: &InputFrame,
    viewport: &Viewport,
) -> PointerOutcome {
    let clicked = mode
        .pointer
        .press_at
        .is_some_and(|p| p.distance(input.mouse) <= CLICK_PIXELS);
    mode.pointer.press_at = None;
    mode.pointer.panning_left = false;
    if !clicked {
        return PointerOutcome::default();
    }
    let on_box = pick_box(mode, mode.view.camera.to_world(input.mouse, viewport));
    match (hovered_line, on_box) {
        (Some(axis), _) => PointerOutcome {
            clicked_axis: Some(axis),
            ..Default::default()
        },
        (None, None) => PointerOutcome {
            clicked_box: Some(None),
            ..Default::default()
        },
        (None, Some(_)) => PointerOutcome::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::frame::{Pointing, Shown};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    fn at(mouse: Vec2, prev: Vec2) -> InputFrame {
        InputFrame::pointer_at(mouse, prev)
    }

    fn new_mode() -> ModeState<Two> {
        let mut m = ModeState::<Two>::new(&VP);
        // the camera the tests were written against
        m.view.camera = Camera2::default();
        m
    }

    #[test]
    fn two_fingers_spreading_to_twice_apart_double_the_zoom_about_their_midpoint() {
        let mut mode = new_mode();
        let mid = Vec2::new(700.0, 300.0);
        let under = mode.view.camera.to_world(mid, &VP);
        let zoom = mode.view.camera.zoom;
        let pinch = InputFrame {
            touch: true,
            pinch: Some(crate::app::input::Pinch {
                center: mid,
                pan: Vec2::ZERO,
                spread: 2.0,
            }),
            ..at(mid, mid)
        };
        mode.pointer(&Settings::default(), &pinch, &VP, &[]);
        let cam = mode.view.camera;
        assert!((cam.zoom - 2.0 * zoom).abs() < 1e-3);
        assert!(cam.to_world(mid, &VP).distance(under) < 1e-4);
    }

    /// Press at `from`, move to `to` in `steps`, release there.
    fn drag_through(mode: &mut ModeState<Two>, from: Vec2, to: Vec2, steps: usize, ctrl: bool) {
        let s = Settings::default();
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ctrl,
            ..at(from, from)
        };
        mode.pointer(&s, &press, &VP, &[]);
        let mut prev = from;
        for i in 1..=steps {
            let p = from.lerp(to, i as f32 / steps as f32);
            let f = InputFrame {
                left_down: true,
                ctrl,
                ..at(p, prev)
            };
            mode.pointer(&s, &f, &VP, &[]);
            prev = p;
        }
        let release = InputFrame {
            left_released: true,
            ctrl,
            ..at(to, prev)
        };
        mode.pointer(&s, &release, &VP, &[]);
    }

    #[test]
    fn the_pointer_on_a_line_hovers_that_axis_and_a_click_selects_it() {
        let mut m = new_mode();
        let s = Settings::default();
        let lines = Shown::compute(&m, m.analysis(&s), Pointing::default(), &s, VP).lines;
        let l = lines[2];
        let px = m.view.camera.to_screen(l.point(0.5 * (l.lo + l.hi)), &VP);
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..at(px, px)
        };
        let out = m.pointer(&s, &press, &VP, &lines);
        assert_eq!(out.hovered_axis, Some(Some(l.index)));
        let release = InputFrame {
            left_released: true,
            ..at(px, px)
        };
        m.pointer(&s, &release, &VP, &lines);
        assert_eq!(m.view.selected_axis, Some(l.index));
        assert_eq!(m.view.camera, Camera2::default());
    }

    #[test]
    fn clicking_a_box_selects_it_and_clicking_empty_space_deselects() {
        let mut m = new_mode();
        m.selected_box = None;
        let a_px = m.view.camera.to_screen(m.a.center, &VP);
        let a0 = m.a;
        drag_through(&mut m, a_px, a_px, 0, false);
        assert_eq!(m.selected_box, Some(Which::A));
        assert_eq!(m.a, a0, "a click does not move");
        let empty = Vec2::new(5.0, 790.0);
        drag_through(&mut m, empty, empty, 0, false);
        assert_eq!(m.selected_box, None);
    }

    #[test]
    fn dragging_an_unselected_box_selects_it_and_moves_it_with_the_cursor() {
        let mut m = new_mode();
        m.selected_box = None;
        let cam = m.view.camera;
        let start = m.a.center;
        let grab_w = start + Vec2::new(-0.6, 0.1);
        let grab = cam.to_screen(grab_w, &VP);
        let to = cam.to_screen(grab_w + Vec2::new(-1.0, 0.5), &VP);
        drag_through(&mut m, grab, to, 7, false);
        assert_eq!(m.selected_box, Some(Which::A));
        assert!((m.a.center - (start + Vec2::new(-1.0, 0.5))).length() < 1e-4);
        assert_eq!(m.view.camera, cam, "the view stays put");
    }

    #[test]
    fn dragging_empty_space_pans_and_the_wheel_zooms_about_the_cursor() {
        let mut m = new_mode();
        let before = (m.a, m.b, m.view.camera);
        let (from, to) = (Vec2::new(20.0, 780.0), Vec2::new(120.0, 730.0));
        let world = m.view.camera.to_world(from, &VP);
        drag_through(&mut m, from, to, 5, false);
        assert!((m.view.camera.to_screen(world, &VP) - to).length() < 1e-3);
        assert_eq!((m.a, m.b), (before.0, before.1));
        let under = m.view.camera.to_world(to, &VP);
        let wheel = InputFrame {
            wheel: 2.0,
            ..at(to, to)
        };
        m.pointer(&Settings::default(), &wheel, &VP, &[]);
        assert!(m.view.camera.zoom > before.2.zoom);
        assert!((m.view.camera.to_world(to, &VP) - under).length() < 1e-4);
        assert_eq!(m.pointer.cursor, Some(under));
    }

    #[test]
    fn ctrl_drag_of_the_centre_handle_lands_on_the_grid() {
        let mut m = new_mode();
        m.selected_box = Some(Which::B);
        let c = m.view.camera.to_screen(m.b.center, &VP);
        drag_through(&mut m, c, c + Vec2::new(37.0, 11.0), 4, true);
        let step = Settings::default().snap_step;
        for v in m.b.center.to_array() {
            assert!(((v / step).round() * step - v).abs() < 1e-5, "{v}");
        }
    }

    #[test]
    fn a_negative_typed_extent_is_refused_and_zero_accepted() {
        let o = Obb2::default();
        let e = Two::edit(&o, Field { row: 1, col: 0 }, -5.0).unwrap_err();
        assert!(e.contains("half extents must be >= 0"), "{e}");
        assert_eq!(
            Two::edit(&o, Field { row: 1, col: 0 }, 0.0)
                .unwrap()
                .half_extents
                .x,
            0.0
        );
    }

    #[test]
    fn the_pointer_on_a_2d_line_picks_that_axis() {
        let (a, b) = Two::default_pair();
        let r = crate::sat::dim2::report(&a, &b);
        let cam = Camera2::default();
        let lines =
            layout::layout_in_plane(&layout::axes_to_place(&r.axes, &|_| true), &a, &b, cam.zoom);
        let l = lines[2];
        let proj = Projector2 {
            camera: cam,
            viewport: VP,
        };
        let px = proj.px(l.point(0.5 * (l.lo + l.hi))).unwrap();
        assert_eq!(layout::pick(&lines, &proj, px, 7.0), Some(l.index));
    }
}
