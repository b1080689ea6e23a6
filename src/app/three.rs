//! The 3D mode: [`Dim`] for boxes with 15 axes, an orbit camera and the translate/rotate gizmo.
//!
//! Pointer, left button: press on a gizmo handle of the selected box to drag it; click a box to
//! select it, empty space to deselect; click an axis line to select the axis; drag empty space to
//! orbit. Right or middle drag pans, the wheel zooms towards the cursor.

use glam::{EulerRot, Quat, Vec2, Vec3};

use super::camera::{OrbitCamera, Projector, Viewport};
use super::dim::{check_length, pick, Dim, EditorRow, Field, Project, Reset};
use super::gizmo::{self, Drag, GizmoFrame, Handle};
use super::input::InputFrame;
use super::layout::{self, pair_sphere, AxisLine, Shadows};
use super::mode::{Gestures, ModeState, PointerOutcome};
use super::settings::Settings;
use super::sphere::SphereMesh;
use crate::sat::{dim3, AxisKind, Obb3, Report3, Which, MAX_COORDINATE};

/// How far (pixels) the pointer may move between press and release for a click.
const CLICK_PIXELS: f32 = 4.0;
/// How close (pixels) the pointer must come to an axis line to hover it.
const AXIS_PICK_PIXELS: f32 = 7.0;

/// The 3D mode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Three;

/// The sphere of directions the view samples: an icosphere of 2562 directions, made once.
pub(crate) fn sphere_mesh() -> &'static SphereMesh {
    static MESH: std::sync::OnceLock<SphereMesh> = std::sync::OnceLock::new();
    MESH.get_or_init(|| SphereMesh::icosphere(4))
}

impl Project<Vec3> for Projector {
    fn px(&self, p: Vec3) -> Option<Vec2> {
        self.project(p)
    }
    fn segment(&self, a: Vec3, b: Vec3) -> Option<(Vec2, Vec2)> {
        Projector::segment(self, a, b)
    }
}

/// What the pointer is doing in the 3D scene, across frames.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pointer3 {
    /// A gizmo drag in progress.
    pub drag: Option<Drag>,
    /// The gizmo handle under the pointer.
    pub hovered_handle: Option<Handle>,
    /// Orbiting with the left button.
    orbiting: bool,
    /// Where the left button went down.
    press_at: Option<Vec2>,
}

/// The gizmo of the selected box, if a box is selected.
pub(crate) fn gizmo_frame(
    mode: &ModeState<Three>,
    settings: &Settings,
    viewport: &Viewport,
) -> Option<(Which, GizmoFrame)> {
    let w = mode.selected_box?;
    let f = gizmo::frame_for(
        mode.get(w),
        settings.gizmo_space,
        &mode.view.camera,
        viewport,
    );
    Some((w, f))
}

/// The box the pointer ray meets first.
fn pick_box(mode: &ModeState<Three>, cursor: Vec2, viewport: &Viewport) -> Option<Which> {
    let ray = mode.view.camera.ray(cursor, viewport);
    let ta = gizmo::ray_hits_box(&ray, &mode.a);
    let tb = gizmo::ray_hits_box(&ray, &mode.b);
    match (ta, tb) {
        (Some(a), Some(b)) => Some(if a <= b { Which::A } else { Which::B }),
        (Some(_), None) => Some(Which::A),
        (None, Some(_)) => Some(Which::B),
        (None, None) => None,
    }
}

/// A camera that frames both boxes and the axis lines beside them, turned so that the axis that
/// matters (first separating, else least penetration) is seen across, not end-on.
pub(crate) fn framing_camera(a: &Obb3, b: &Obb3, viewport: &Viewport) -> OrbitCamera {
    let (mid, radius) = pair_sphere(
        a.corners().into_iter().chain(b.corners()),
        0.5 * (a.center + b.center),
    );
    let base = OrbitCamera::framing(mid, radius, 0.42, viewport.aspect());
    let report = dim3::report(a, b);
    let focus = report
        .first_separating
        .or(report.penetration.map(|p| p.axis_index));
    let Some(i) = focus else {
        return base;
    };
    let axis = report.axes[i].axis();
    let mut best = (f32::MAX, base);
    for yaw_step in 0..24 {
        for pitch_deg in [-22.0f32, -32.0, -45.0] {
            let yaw = (35.0 + 15.0 * yaw_step as f32).to_radians();
            let q = Quat::from_rotation_y(yaw) * Quat::from_rotation_x(pitch_deg.to_radians());
            let candidate = OrbitCamera {
                orientation: q.to_array(),
                ..base
            };
            // end-on-ness, plus a small preference for the usual view
            let score =
                candidate.forward().dot(axis).abs() + 0.002 * yaw_step.min(24 - yaw_step) as f32;
            if score < best.0 {
                best = (score, candidate);
            }
        }
    }
    best.1
}

/// Keeps a dragged box valid: half extents never negative.
fn clamp_box(mut obb: Obb3) -> Obb3 {
    obb.half_extents = obb.half_extents.max(Vec3::ZERO);
    obb
}

const XYZ: [&str; 3] = ["x", "y", "z"];

impl Dim for Three {
    const CAMERA_KEY: &'static str = "camera3";
    const DETAIL_ON_ALL_AXES: bool = false;
    const FULL_LABELS: bool = false;

    type Vec = Vec3;
    type Obb = Obb3;
    type Report = Report3;
    type Camera = OrbitCamera;
    type Projector = Projector;
    type Pointer = Pointer3;

    fn default_pair() -> (Obb3, Obb3) {
        crate::scene::presets::default_pair3()
    }

    fn framing(a: &Obb3, b: &Obb3, viewport: &Viewport) -> OrbitCamera {
        framing_camera(a, b, viewport)
    }
    fn projector(camera: &OrbitCamera, viewport: Viewport) -> Projector {
        camera.projector(viewport)
    }
    fn layout(
        a: &Obb3,
        b: &Obb3,
        camera: &OrbitCamera,
        items: &[Shadows<Vec3>],
        anchor: Option<usize>,
    ) -> Vec<AxisLine<Vec3>> {
        let up = camera.basis().1;
        layout::layout_in_space(items, a, b, camera.forward(), up, anchor)
    }
    fn direction_samples() -> &'static [Vec3] {
        &sphere_mesh().dirs
    }

    /// Turns the camera so that the axis runs left to right across the screen and the view looks
    /// perpendicular to it: the boxes' silhouettes then span exactly their shadows on the axis. For
    /// an edge axis the view looks along A's edge, so both edges and the separating plane show
    /// edge-on.
    fn look_along(cam: &mut OrbitCamera, a: &Obb3, b: &Obb3, report: &Report3, index: usize) {
        let t = &report.axes[index];
        let forward = match t.kind() {
            AxisKind::Edge(i, _) => a.axes()[i],
            _ => {
                let f = cam.forward();
                let f = f - t.axis() * f.dot(t.axis());
                if f.length_squared() > 1e-4 {
                    f.normalize()
                } else {
                    t.axis().any_orthonormal_vector()
                }
            }
        };
        cam.target = (0.5 * (a.center + b.center)).to_array();
        cam.look(forward, t.axis());
    }

    fn editor_rows(o: &Obb3) -> Vec<EditorRow> {
        let v3 = |v: Vec3| -> Vec<(&'static str, f64)> {
            XYZ.iter()
                .zip(v.to_array())
                .map(|(n, x)| (*n, x as f64))
                .collect()
        };
        let q = o.rotation;
        let (ex, ey, ez) = q.to_euler(EulerRot::XYZ);
        // + 0.0 turns -0.0 into 0.0 for display
        let euler = Vec3::new(ex, ey, ez) * (180.0 / std::f32::consts::PI) + Vec3::ZERO;
        vec![
            EditorRow {
                label: "centre",
                hint: "world coordinates",
                values: v3(o.center),
                speed: 0.02,
                suffix: "",
                decimals: 3,
                min: -MAX_COORDINATE as f64,
            },
            EditorRow {
                label: "half extents",
                hint: "half the size along u0, u1, u2; 0 is a flat box, negative is refused",
                values: v3(o.half_extents),
                speed: 0.01,
                suffix: "",
                decimals: 3,
                min: 0.0,
            },
            EditorRow {
                label: "quaternion",
                hint: "rotation as a unit quaternion x, y, z, w (renormalised after each edit)",
                values: ["x", "y", "z", "w"]
                    .iter()
                    .zip(q.to_array())
                    .map(|(n, x)| (*n, x as f64))
                    .collect(),
                speed: 0.002,
                suffix: "",
                decimals: 3,
                min: -1.0,
            },
            EditorRow {
                label: "Euler XYZ",
                hint:
                    "intrinsic rotations in degrees about x, then y, then z (glam's EulerRot::XYZ: \
                       R = Rx · Ry · Rz)",
                values: v3(euler),
                speed: 0.5,
                suffix: "°",
                decimals: 1,
                min: f64::NEG_INFINITY,
            },
        ]
    }

    fn edit(o: &Obb3, field: Field, value: f64) -> Result<Obb3, String> {
        let mut out = *o;
        let axis = XYZ.get(field.col).copied().unwrap_or("?");
        match field.row {
            0 => out.center[field.col] = check_length(value, &format!("centre {axis}"), false)?,
            1 => {
                out.half_extents[field.col] =
                    check_length(value, &format!("half extent {axis}"), true)?
            }
            2 => {
                if !value.is_finite() {
                    return Err(format!("quaternion: {value} is not a finite number"));
                }
                let mut q = o.rotation.to_array();
                q[field.col] = value as f32;
                out.rotation = dim3::normalize_rotation(Quat::from_array(q))
                    .map_err(|_| "quaternion refused: it would have zero length".to_string())?;
            }
            _ => {
                if !value.is_finite() {
                    return Err(format!("Euler angle: {value} is not a finite number"));
                }
                let (x, y, z) = o.rotation.to_euler(EulerRot::XYZ);
                let mut e = [x, y, z];
                e[field.col] = (value as f32).to_radians();
                out.rotation = Quat::from_euler(EulerRot::XYZ, e[0], e[1], e[2]).normalize();
            }
        }
        out.validate().map_err(|e| e.to_string())?;
        Ok(out)
    }

    fn reset(o: &Obb3, part: Reset) -> Obb3 {
        match part {
            Reset::Turn => Obb3 {
                rotation: Quat::IDENTITY,
                ..*o
            },
            Reset::Size => Obb3 {
                half_extents: Vec3::ONE,
                ..*o
            },
            Reset::Position => Obb3 {
                center: Vec3::ZERO,
                ..*o
            },
        }
    }
}

impl Gestures for Three {
    fn pointer(
        mode: &mut ModeState<Self>,
        settings: &Settings,
        input: &InputFrame,
        viewport: &Viewport,
        lines: &[AxisLine<Vec3>],
    ) -> PointerOutcome {
        if mode.pointer.drag.is_some() {
            return drag(mode, settings, input, viewport);
        }
        camera_gestures(mode, input, viewport);
        if !input.pointer_in_scene {
            mode.pointer.hovered_handle = None;
            return PointerOutcome::default();
        }
        let frame = gizmo_frame(mode, settings, viewport);
        let projector = mode.view.camera.projector(*viewport);
        let p = &mut mode.pointer;
        let reach = input.reach(gizmo::PICK_PIXELS);
        p.hovered_handle = frame.and_then(|(_, f)| {
            gizmo::pick(&f, settings.gizmo_mode, &projector, input.mouse, reach)
        });
        let hovered_line = if p.hovered_handle.is_none() && !p.orbiting {
            layout::pick(
                lines,
                &projector,
                input.mouse,
                input.reach(AXIS_PICK_PIXELS),
            )
        } else {
            None
        };
        // while orbiting the hovered axis stays, unless a line comes under the pointer
        let hovered_axis = (hovered_line.is_some() || !p.orbiting).then_some(hovered_line);
        if input.left_pressed {
            press(mode, frame, input, viewport);
        }
        let clicked = if input.left_released {
            release(mode, hovered_line, input, viewport)
        } else {
            PointerOutcome::default()
        };
        PointerOutcome {
            hovered_axis,
            ..clicked
        }
    }
}

/// An ongoing gizmo drag owns the pointer until release, wherever the pointer goes.
fn drag(
    mode: &mut ModeState<Three>,
    settings: &Settings,
    input: &InputFrame,
    viewport: &Viewport,
) -> PointerOutcome {
    let ray = mode.view.camera.ray(input.mouse, viewport);
    let snap = settings.snap_now(input);
    let moved = mode
        .pointer
        .drag
        .as_mut()
        .and_then(|d| d.update(&ray, input.mouse, snap));
    if let (Some(obb), Some(w)) = (moved, mode.selected_box) {
        match w {
            Which::A => mode.a = clamp_box(obb),
            Which::B => mode.b = clamp_box(obb),
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

/// Orbit (left drag on empty space, or one finger), pan (right or middle drag), zoom (wheel),
/// zoom and pan with two fingers.
fn camera_gestures(mode: &mut ModeState<Three>, input: &InputFrame, viewport: &Viewport) {
    let cam = &mut mode.view.camera;
    if mode.pointer.orbiting {
        if input.left_down {
            cam.orbit(input.mouse_delta.x * 0.008, input.mouse_delta.y * 0.008);
        } else {
            mode.pointer.orbiting = false;
        }
    }
    if input.pan_down && (input.pointer_in_scene || input.mouse_delta != Vec2::ZERO) {
        cam.pan(input.mouse_delta, viewport);
    }
    if input.pointer_in_scene && input.wheel != 0.0 {
        cam.zoom_at(0.88f32.powf(input.wheel), input.mouse, viewport);
    }
    // two fingers: the distance shrinks as they spread, about their midpoint, which pans
    if let Some(p) = input.pinch {
        cam.pan(p.pan, viewport);
        cam.zoom_at(1.0 / p.spread, p.center, viewport);
    }
}

fn press(
    mode: &mut ModeState<Three>,
    frame: Option<(Which, GizmoFrame)>,
    input: &InputFrame,
    viewport: &Viewport,
) {
    let cam = mode.view.camera;
    mode.pointer.press_at = Some(input.mouse);
    if let (Some(handle), Some((w, f))) = (mode.pointer.hovered_handle, frame) {
        let ray = cam.ray(input.mouse, viewport);
        let projector = cam.projector(*viewport);
        let obb = *pick(w, &mode.a, &mode.b);
        mode.pointer.drag = Drag::begin(handle, &obb, &f, &ray, input.mouse, &projector);
    }
    if mode.pointer.drag.is_none() {
        mode.pointer.orbiting = true;
    }
}

fn release(
    mode: &mut ModeState<Three>,
    hovered_line: Option<usize>,
    input: &InputFrame,
    viewport: &Viewport,
) -> PointerOutcome {
    let clicked = mode
        .pointer
        .press_at
        .is_some_and(|p| p.distance(input.mouse) <= CLICK_PIXELS);
    mode.pointer.press_at = None;
    mode.pointer.orbiting = false;
    if !clicked {
        return PointerOutcome::default();
    }
    match hovered_line {
        Some(axis) => PointerOutcome {
            clicked_axis: Some(axis),
            ..Default::default()
        },
        None => PointerOutcome {
            clicked_box: Some(pick_box(mode, input.mouse, viewport)),
            ..Default::default()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::gizmo::{GizmoMode, GizmoSpace};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    fn frame_input(mouse: Vec2, prev: Vec2) -> InputFrame {
        InputFrame::pointer_at(mouse, prev)
    }

    fn click(mode: &mut ModeState<Three>, settings: &Settings, at: Vec2) {
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..frame_input(at, at)
        };
        mode.pointer(settings, &press, &VP, &[]);
        let release = InputFrame {
            left_released: true,
            ..frame_input(at, at)
        };
        mode.pointer(settings, &release, &VP, &[]);
    }

    #[test]
    fn clicking_box_a_selects_it_and_clicking_empty_space_deselects() {
        let mut mode = ModeState::<Three>::new(&VP);
        let settings = Settings::default();
        mode.selected_box = None;
        mode.b.center = Vec3::new(30.0, 0.0, 0.0); // out of the way
        let a_px = mode
            .view
            .camera
            .projector(VP)
            .project(mode.a.center)
            .unwrap();
        click(&mut mode, &settings, a_px);
        assert_eq!(mode.selected_box, Some(Which::A));
        click(&mut mode, &settings, Vec2::new(5.0, 5.0));
        assert_eq!(mode.selected_box, None);
    }

    #[test]
    fn dragging_the_gizmo_moves_the_selected_box_and_not_the_camera() {
        let mut mode = ModeState::<Three>::new(&VP);
        let settings = Settings {
            gizmo_mode: GizmoMode::Translate,
            gizmo_space: GizmoSpace::World,
            ..Default::default()
        };
        let cam_before = mode.view.camera;
        let (_, f) = gizmo_frame(&mode, &settings, &VP).unwrap();
        let proj = cam_before.projector(VP);
        let grab_w = f.center + Vec3::Y * f.size * 0.8;
        let grab = proj.project(grab_w).unwrap();
        let start = mode.b.center;
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..frame_input(grab, grab)
        };
        mode.pointer(&settings, &press, &VP, &[]);
        assert!(
            mode.pointer.drag.is_some(),
            "press on the y arrow starts a drag"
        );
        let to = proj.project(grab_w + Vec3::Y * 0.75).unwrap();
        let moving = InputFrame {
            left_down: true,
            ..frame_input(to, grab)
        };
        mode.pointer(&settings, &moving, &VP, &[]);
        let release = InputFrame {
            left_released: true,
            ..frame_input(to, to)
        };
        assert!(
            mode.pointer(&settings, &release, &VP, &[]).drag_ended,
            "the drag ended"
        );
        assert!((mode.b.center - (start + Vec3::Y * 0.75)).length() < 5e-3);
        assert_eq!(mode.view.camera, cam_before);
    }

    #[test]
    fn ctrl_drag_of_a_world_arrow_puts_the_centre_on_the_grid() {
        let mut mode = ModeState::<Three>::new(&VP);
        let settings = Settings {
            gizmo_space: GizmoSpace::World,
            ..Default::default()
        };
        let (_, f) = gizmo_frame(&mode, &settings, &VP).unwrap();
        let proj = mode.view.camera.projector(VP);
        let grab_w = f.center + Vec3::X * f.size * 0.8;
        let grab = proj.project(grab_w).unwrap();
        let to = proj.project(grab_w + Vec3::X * 0.9).unwrap();
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ctrl: true,
            ..frame_input(grab, grab)
        };
        mode.pointer(&settings, &press, &VP, &[]);
        let moving = InputFrame {
            left_down: true,
            ctrl: true,
            ..frame_input(to, grab)
        };
        mode.pointer(&settings, &moving, &VP, &[]);
        let x = mode.b.center.x;
        let step = settings.snap_step;
        assert!(((x / step).round() * step - x).abs() < 1e-4, "x = {x}");
    }

    #[test]
    fn the_camera_ignores_the_pointer_over_the_panel() {
        let mut mode = ModeState::<Three>::new(&VP);
        let settings = Settings::default();
        let before = mode.view.camera;
        let p = Vec2::new(300.0, 300.0);
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            pointer_in_scene: false,
            mouse: p,
            ..Default::default()
        };
        mode.pointer(&settings, &press, &VP, &[]);
        let wheel = InputFrame {
            wheel: 3.0,
            pointer_in_scene: false,
            mouse: p,
            ..Default::default()
        };
        mode.pointer(&settings, &wheel, &VP, &[]);
        assert_eq!(mode.view.camera, before);
    }

    #[test]
    fn editing_an_euler_angle_turns_the_box_about_that_axis_only() {
        let o = Obb3::default();
        let turned = Three::edit(&o, Field { row: 3, col: 2 }, 30.0).unwrap();
        let expected = Quat::from_rotation_z(30f32.to_radians());
        assert!(
            turned.rotation.dot(expected).abs() > 1.0 - 1e-6,
            "{:?}",
            turned.rotation
        );
    }

    #[test]
    fn a_quaternion_edit_is_renormalised_and_a_zero_one_refused() {
        let o = Obb3::default();
        let q = Three::edit(&o, Field { row: 2, col: 2 }, 1.0)
            .unwrap()
            .rotation;
        assert!((q.length() - 1.0).abs() < 1e-6);
        let expected = Quat::from_rotation_z(std::f32::consts::FRAC_PI_2);
        assert!(q.dot(expected).abs() > 1.0 - 1e-6, "{q:?}");
        let flat = Obb3 {
            rotation: Quat::from_xyzw(0.0, 0.0, 0.0, 1.0),
            ..o
        };
        let e = Three::edit(&flat, Field { row: 2, col: 3 }, 0.0).unwrap_err();
        assert!(e.contains("zero length"), "{e}");
    }

    #[test]
    fn a_huge_half_extent_is_refused_with_words_about_half_extents() {
        let e = Three::edit(&Obb3::default(), Field { row: 1, col: 0 }, 1e30).unwrap_err();
        assert!(e.starts_with("half extent x"), "{e}");
        let e = Three::edit(&Obb3::default(), Field { row: 0, col: 0 }, 1e30).unwrap_err();
        assert!(e.starts_with("centre x"), "{e}");
        assert!(
            e.contains("1e30 refused"),
            "quoted as typed, not in 31 digits: {e}"
        );
    }
}
