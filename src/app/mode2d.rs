//! The 2D mode: where the 4 axis lines go, and pointer interaction in the top-down view (pan, zoom,
//! selecting a box, dragging the 2D gizmo, hovering or clicking an axis line). Apart from
//! [`frame2`], which also draws, everything here is a pure function of [`InputFrame`] and the
//! state.
//!
//! Pointer, left button: press on a handle of the selected box to drag it; press on a box to select
//! it and drag its body; press on an axis line and release to select the axis; press on empty space
//! and drag to pan, or release at once to deselect the box. Right or middle drag pans, the wheel
//! zooms about the cursor.

use glam::Vec2;

use super::camera::{distance_to_segment, Camera2, Viewport};
use super::draw::{self, Fonts};
use super::draw2d;
use super::gizmo2d::{self, Drag2, Handle2};
use super::input::InputFrame;
use super::mode3d::snap_now;
use super::state::{AppState, SelectedBox, Transient};
use crate::sat::{Obb2, Report2, Which};

/// How far (pixels) the pointer may move between press and release for a click.
const CLICK_PIXELS: f32 = 4.0;
/// How close (pixels) the pointer must come to an axis line to hover it.
const AXIS_PICK_PIXELS: f32 = 7.0;
/// Gap (pixels) between the boxes and the nearest axis line.
const LINE_MARGIN_PX: f32 = 46.0;
/// Gap (pixels) between two axis lines stacked on the same side.
const LINE_SPACING_PX: f32 = 44.0;
/// How far (pixels) a line runs beyond the shadows at each end.
const LINE_OVERHANG_PX: f32 = 22.0;

/// One axis placed beside the boxes, in world coordinates.
///
/// The line runs parallel to the axis `dir` at a distance `offset` along `normal` (a unit vector
/// perpendicular to `dir`, pointing away from the boxes). Because the shift is perpendicular to
/// the axis, the point of the line with axis coordinate `s` is exactly where `s` belongs: the
/// shadows drawn on it are the true intervals of the report, and the projection lines from the
/// corners meet it at right angles.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisLine2 {
    /// Index in the test order.
    pub index: usize,
    /// The unit axis `L`.
    pub dir: Vec2,
    /// Unit normal of the line, pointing away from the boxes.
    pub normal: Vec2,
    /// Coordinate of the line along `normal`.
    pub offset: f32,
    /// Axis coordinates of the two ends of the drawn line.
    pub lo: f32,
    /// See `lo`.
    pub hi: f32,
    /// The corners the shadows' ends come from: A min, A max, B min, B max.
    pub support: [Vec2; 4],
}

impl AxisLine2 {
    /// The point of the line with axis coordinate `s`.
    pub fn point(&self, s: f32) -> Vec2 {
        self.dir * s + self.normal * self.offset
    }
}

/// The corner of a box with the largest projection on `d`.
fn support(b: &Obb2, d: Vec2) -> Vec2 {
    let [u0, u1] = b.axes();
    b.center
        + u0 * (b.half_extents.x * u0.dot(d).signum())
        + u1 * (b.half_extents.y * u1.dot(d).signum())
}

/// Places the axes whose index passes `visible`, at `zoom` pixels per unit.
///
/// Each line goes beyond both boxes along its normal, so no line crosses a box. In test order the
/// lines alternate sides; a line whose side is already taken by a nearly parallel line at the same
/// distance moves to the other side or one step further out. The placement does not depend on
/// hover or selection, so lines never jump while the pointer moves.
pub fn layout(
    report: &Report2,
    a: &Obb2,
    b: &Obb2,
    zoom: f32,
    visible: impl Fn(usize) -> bool,
) -> Vec<AxisLine2> {
    let per_px = 1.0 / zoom.max(1e-3);
    let corners: Vec<Vec2> = a.corners().into_iter().chain(b.corners()).collect();
    let mut placed: Vec<(Vec2, usize)> = Vec::new();
    let parallel = 40f32.to_radians().cos();
    report
        .axes
        .iter()
        .filter(|t| !t.degenerate && visible(t.index))
        .enumerate()
        .map(|(rank, t)| {
            let dir = t.axis;
            let n = dir.perp();
            let preferred = if rank % 2 == 0 { 1.0 } else { -1.0 };
            let (normal, level) = (0usize..)
                .flat_map(|level| [(n * preferred, level), (-n * preferred, level)])
                .find(|(m, level)| {
                    !placed
                        .iter()
                        .any(|(o, l)| l == level && o.dot(*m) > parallel)
                })
                .unwrap_or((n, 0));
            placed.push((normal, level));
            let beyond = corners
                .iter()
                .map(|c| c.dot(normal))
                .fold(f32::MIN, f32::max);
            let offset = beyond + (LINE_MARGIN_PX + LINE_SPACING_PX * level as f32) * per_px;
            let overhang = LINE_OVERHANG_PX * per_px;
            AxisLine2 {
                index: t.index,
                dir,
                normal,
                offset,
                lo: t.interval_a.min.min(t.interval_b.min) - overhang,
                hi: t.interval_a.max.max(t.interval_b.max) + overhang,
                support: [
                    support(a, -dir),
                    support(a, dir),
                    support(b, -dir),
                    support(b, dir),
                ],
            }
        })
        .collect()
}

/// The axis line nearest the cursor (pixels) within `max_px`.
pub fn pick_axis(
    lines: &[AxisLine2],
    camera: &Camera2,
    viewport: &Viewport,
    cursor: Vec2,
    max_px: f32,
) -> Option<usize> {
    lines
        .iter()
        .map(|l| {
            let p = camera.to_screen(l.point(l.lo), viewport);
            let q = camera.to_screen(l.point(l.hi), viewport);
            (distance_to_segment(cursor, p, q), l.index)
        })
        .filter(|(d, _)| *d <= max_px)
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, i)| i)
}

/// The box under a world point: the selected one first, then B (drawn on top), then A.
pub fn pick_box(state: &AppState, p: Vec2) -> Option<Which> {
    let selected = state.two.view.selected_box.map(Which::from);
    selected
        .into_iter()
        .chain([Which::B, Which::A])
        .find(|w| state.two.get(*w).contains_point(p))
}

/// What the pointer is doing in the 2D scene, across frames.
#[derive(Clone, Debug, Default)]
pub struct Interaction2 {
    /// A gizmo drag in progress, on that box.
    pub drag: Option<(Which, Drag2)>,
    /// The handle of the selected box under the pointer.
    pub hovered_handle: Option<Handle2>,
    /// Panning with the left button (pressed on empty space).
    panning_left: bool,
    /// Panning with the right or middle button (pressed over the scene).
    panning: bool,
    /// Where the left button went down.
    press_at: Option<Vec2>,
}

fn selected_of(w: Which) -> SelectedBox {
    match w {
        Which::A => SelectedBox::A,
        Which::B => SelectedBox::B,
    }
}

/// Handles one frame of input. Returns `true` when a drag ended (one undo step).
pub fn update(
    state: &mut AppState,
    transient: &mut Transient,
    it: &mut Interaction2,
    input: &InputFrame,
    viewport: &Viewport,
    lines: &[AxisLine2],
) -> bool {
    let cam = state.two.view.camera2;
    let cursor = cam.to_world(input.mouse, viewport);
    transient.cursor2 = input.pointer_in_scene.then_some(cursor);

    // an ongoing drag owns the pointer until release, wherever the pointer goes
    if let Some((w, drag)) = &mut it.drag {
        let obb = drag.update(cursor, snap_now(state, input));
        *state.two.get_mut(*w) = obb;
        if !input.left_down {
            it.drag = None;
            return true;
        }
        return false;
    }

    if it.panning_left {
        if input.left_down {
            state.two.view.camera2.pan(input.mouse_delta);
        } else {
            it.panning_left = false;
        }
    }
    it.panning = input.pan_down && (it.panning || input.pointer_in_scene);
    if it.panning {
        state.two.view.camera2.pan(input.mouse_delta);
    }
    if !input.pointer_in_scene {
        it.hovered_handle = None;
        if !input.left_down {
            it.press_at = None;
        }
        return false;
    }
    if input.wheel != 0.0 {
        state
            .two
            .view
            .camera2
            .zoom_at(1.15f32.powf(input.wheel), input.mouse, viewport);
    }

    let cam = state.two.view.camera2;
    let selected = state.two.view.selected_box.map(Which::from);
    it.hovered_handle = if it.panning_left || it.panning {
        None
    } else {
        selected.and_then(|w| gizmo2d::pick(state.two.get(w), &cam, viewport, input.mouse))
    };
    let hovered_line = if it.hovered_handle.is_none() && !it.panning_left {
        pick_axis(lines, &cam, viewport, input.mouse, AXIS_PICK_PIXELS)
    } else {
        None
    };
    transient.hovered_axis = hovered_line;

    if input.left_pressed {
        it.press_at = Some(input.mouse);
        let cursor = cam.to_world(input.mouse, viewport);
        if let (Some(h), Some(w)) = (it.hovered_handle, selected) {
            it.drag = Some((w, Drag2::begin(h, state.two.get(w), cursor)));
        } else if hovered_line.is_none() {
            match pick_box(state, cursor) {
                Some(w) => {
                    state.two.view.selected_box = Some(selected_of(w));
                    it.drag = Some((w, Drag2::begin(Handle2::Body, state.two.get(w), cursor)));
                    it.hovered_handle = Some(Handle2::Body);
                }
                None => it.panning_left = true,
            }
        }
    }
    if input.left_released {
        let clicked = it
            .press_at
            .is_some_and(|p| p.distance(input.mouse) <= CLICK_PIXELS);
        if clicked {
            if let Some(axis) = hovered_line {
                let view = &mut state.two.view;
                view.selected_axis = if view.selected_axis == Some(axis) {
                    None
                } else {
                    Some(axis)
                };
            } else if pick_box(state, cam.to_world(input.mouse, viewport)).is_none() {
                state.two.view.selected_box = None;
            }
        }
        it.press_at = None;
        it.panning_left = false;
    }
    false
}

/// One frame of the 2D mode: input, then the scene and the verdict banner.
pub fn frame2(
    state: &mut AppState,
    transient: &mut Transient,
    it: &mut Interaction2,
    input: &InputFrame,
    viewport: &Viewport,
    fonts: &Fonts,
) {
    let place = |state: &AppState, report: &Report2| {
        let view = &state.two.view;
        let (filter, selected) = (view.filter, view.selected_axis);
        layout(report, &state.two.a, &state.two.b, view.camera2.zoom, |i| {
            filter.shows(i, report.axes[i].is_separating(), selected)
        })
    };
    let report = state.report2();
    let lines = place(state, &report);
    update(state, transient, it, input, viewport, &lines);
    // the boxes or the camera may have moved: measure again before drawing
    let report = state.report2();
    let lines = if state.two.view.overlays.axes {
        place(state, &report)
    } else {
        Vec::new()
    };
    let gizmo = state.two.view.selected_box.map(|s| {
        (
            Which::from(s),
            it.drag.map(|(_, d)| d.handle).or(it.hovered_handle),
        )
    });
    let scene = draw2d::Scene2 {
        state,
        report: &report,
        transient,
        viewport: *viewport,
        lines: &lines,
        gizmo,
    };
    draw2d::draw(&scene, fonts);
    draw::banner(
        fonts,
        &report.verdict(),
        Vec2::new(20.0, 16.0),
        !report.intersect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::dim2;
    use crate::scene::Mode;

    const VP: Viewport = Viewport {
        x: 0.0,
        y: 0.0,
        w: 1200.0,
        h: 800.0,
    };

    fn at(mouse: Vec2, prev: Vec2) -> InputFrame {
        InputFrame::pointer_at(mouse, prev)
    }

    /// Press at `from`, move to `to` in `steps`, release there.
    fn drag(
        state: &mut AppState,
        it: &mut Interaction2,
        from: Vec2,
        to: Vec2,
        steps: usize,
        ctrl: bool,
    ) {
        let mut tr = Transient::default();
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ctrl,
            ..at(from, from)
        };
        update(state, &mut tr, it, &press, &VP, &[]);
        let mut prev = from;
        for i in 1..=steps {
            let p = from.lerp(to, i as f32 / steps as f32);
            let f = InputFrame {
                left_down: true,
                ctrl,
                ..at(p, prev)
            };
            update(state, &mut tr, it, &f, &VP, &[]);
            prev = p;
        }
        let release = InputFrame {
            left_released: true,
            ctrl,
            ..at(to, prev)
        };
        update(state, &mut tr, it, &release, &VP, &[]);
    }

    fn two_d() -> AppState {
        AppState {
            mode: Mode::Two,
            ..Default::default()
        }
    }

    #[test]
    fn lines_are_parallel_to_their_axes_and_stand_clear_of_both_boxes() {
        let s = two_d();
        let r = s.report2();
        let lines = layout(&r, &s.two.a, &s.two.b, 70.0, |_| true);
        assert_eq!(lines.len(), 4);
        for l in &lines {
            let t = &r.axes[l.index];
            // a point with axis value s projects to s
            assert!((l.point(t.interval_b.max).dot(t.axis) - t.interval_b.max).abs() < 1e-4);
            // every corner is at least the margin short of the line
            for c in s.two.a.corners().iter().chain(s.two.b.corners().iter()) {
                assert!(l.offset - c.dot(l.normal) >= LINE_MARGIN_PX / 70.0 - 1e-4);
            }
            // the line covers both shadows
            assert!(l.lo < t.interval_a.min.min(t.interval_b.min));
            assert!(l.hi > t.interval_a.max.max(t.interval_b.max));
        }
    }

    #[test]
    fn parallel_axes_go_to_different_sides_or_distances() {
        // B turned by 5°: its axes nearly coincide with A's
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(3.0, 0.5),
            angle: 5f32.to_radians(),
            ..Default::default()
        };
        let r = dim2::report(&a, &b);
        let lines = layout(&r, &a, &b, 70.0, |_| true);
        for (i, l) in lines.iter().enumerate() {
            for m in &lines[i + 1..] {
                let same_place =
                    l.normal.dot(m.normal) > 0.9 && (l.offset - m.offset).abs() < 20.0 / 70.0;
                assert!(!same_place, "axes {} and {} overlap", l.index, m.index);
            }
        }
    }

    #[test]
    fn the_pointer_on_a_line_hovers_that_axis_and_a_click_selects_it() {
        let mut s = two_d();
        let r = s.report2();
        let lines = layout(&r, &s.two.a, &s.two.b, s.two.view.camera2.zoom, |_| true);
        let l = lines[2];
        let px = s
            .two
            .view
            .camera2
            .to_screen(l.point(0.5 * (l.lo + l.hi)), &VP);
        let (mut tr, mut it) = (Transient::default(), Interaction2::default());
        let press = InputFrame {
            left_pressed: true,
            left_down: true,
            ..at(px, px)
        };
        update(&mut s, &mut tr, &mut it, &press, &VP, &lines);
        assert_eq!(tr.hovered_axis, Some(l.index));
        let release = InputFrame {
            left_released: true,
            ..at(px, px)
        };
        update(&mut s, &mut tr, &mut it, &release, &VP, &lines);
        assert_eq!(s.two.view.selected_axis, Some(l.index));
        assert_eq!(s.two.view.camera2, AppState::default().two.view.camera2);
    }

    #[test]
    fn clicking_a_box_selects_it_and_clicking_empty_space_deselects() {
        let mut s = two_d();
        s.two.view.selected_box = None;
        let cam = s.two.view.camera2;
        let a_px = cam.to_screen(s.two.a.center, &VP);
        let mut it = Interaction2::default();
        drag(&mut s, &mut it, a_px, a_px, 0, false);
        assert_eq!(s.two.view.selected_box, Some(SelectedBox::A));
        assert_eq!(s.two.a, AppState::default().two.a, "a click does not move");
        drag(
            &mut s,
            &mut it,
            Vec2::new(5.0, 790.0),
            Vec2::new(5.0, 790.0),
            0,
            false,
        );
        assert_eq!(s.two.view.selected_box, None);
    }

    #[test]
    fn dragging_an_unselected_box_selects_it_and_moves_it_with_the_cursor() {
        let mut s = two_d();
        s.two.view.selected_box = None;
        let cam = s.two.view.camera2;
        let grab_w = s.two.a.center + Vec2::new(-0.6, 0.1);
        let grab = cam.to_screen(grab_w, &VP);
        let to = cam.to_screen(grab_w + Vec2::new(-1.0, 0.5), &VP);
        let mut it = Interaction2::default();
        drag(&mut s, &mut it, grab, to, 7, false);
        assert_eq!(s.two.view.selected_box, Some(SelectedBox::A));
        let start = AppState::default().two.a.center;
        assert!((s.two.a.center - (start + Vec2::new(-1.0, 0.5))).length() < 1e-4);
        assert_eq!(s.two.view.camera2, cam, "the view stays put");
    }

    #[test]
    fn dragging_empty_space_pans_and_the_wheel_zooms_about_the_cursor() {
        let mut s = two_d();
        let before = s.two;
        let mut it = Interaction2::default();
        let (from, to) = (Vec2::new(20.0, 780.0), Vec2::new(120.0, 730.0));
        let world = s.two.view.camera2.to_world(from, &VP);
        drag(&mut s, &mut it, from, to, 5, false);
        assert!((s.two.view.camera2.to_screen(world, &VP) - to).length() < 1e-3);
        assert_eq!((s.two.a, s.two.b), (before.a, before.b));
        let mut tr = Transient::default();
        let under = s.two.view.camera2.to_world(to, &VP);
        let wheel = InputFrame {
            wheel: 2.0,
            ..at(to, to)
        };
        update(&mut s, &mut tr, &mut it, &wheel, &VP, &[]);
        assert!(s.two.view.camera2.zoom > before.view.camera2.zoom);
        assert!((s.two.view.camera2.to_world(to, &VP) - under).length() < 1e-4);
        assert_eq!(tr.cursor2, Some(under));
    }

    #[test]
    fn ctrl_drag_of_the_centre_handle_lands_on_the_grid() {
        let mut s = two_d();
        s.two.view.selected_box = Some(SelectedBox::B);
        let cam = s.two.view.camera2;
        let c = cam.to_screen(s.two.b.center, &VP);
        let mut it = Interaction2::default();
        drag(&mut s, &mut it, c, c + Vec2::new(37.0, 11.0), 4, true);
        let step = s.snap_step;
        for v in s.two.b.center.to_array() {
            assert!(((v / step).round() * step - v).abs() < 1e-5, "{v}");
        }
    }

    #[test]
    fn each_mode_keeps_its_own_boxes_view_and_selection() {
        let mut s = two_d();
        s.two.view.selected_axis = Some(3);
        s.two.view.selected_box = Some(SelectedBox::A);
        s.two.a.center = Vec2::new(-4.0, 1.0);
        s.two.view.camera2.zoom = 123.0;
        let (two, three) = (s.two, s.three);
        s.mode = Mode::Three;
        s.view_mut().selected_axis = Some(9);
        s.view_mut().selected_box = None;
        s.mode = Mode::Two;
        assert_eq!(s.two, two);
        assert_eq!(s.view().selected_axis, Some(3));
        assert_ne!(s.three, three);
        assert_eq!(s.three.a, three.a);
    }
}
