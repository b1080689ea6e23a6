//! Everything the window shows, as plain data: the boxes of each mode, their views and the
//! user's choices. Saved with a scene where worth keeping; transient parts (hover, drags, timing)
//! live in [`Transient`].

use glam::{Quat, Vec2, Vec3};
use serde::{Deserialize, Serialize};

use super::analysis::{CrossCheck, ResolveMode, StepThrough};
use super::camera::{Camera2, OrbitCamera};
use super::gizmo::{GizmoMode, GizmoSpace};
use crate::sat::{dim2, dim3, Obb2, Obb3, Report2, Report3, SatParams, Which};
pub use crate::scene::presets::{default_pair2, default_pair3};
use crate::scene::Mode;

/// Which axes the scene draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AxisFilter {
    /// Every candidate axis.
    #[default]
    All,
    /// Only the axes that separate.
    Separating,
    /// Only the selected axis.
    Selected,
}

impl AxisFilter {
    /// Every filter, for the panel.
    pub const ALL: [AxisFilter; 3] = [
        AxisFilter::All,
        AxisFilter::Separating,
        AxisFilter::Selected,
    ];

    /// Label in the panel.
    pub fn label(&self) -> &'static str {
        match self {
            AxisFilter::All => "All axes",
            AxisFilter::Separating => "Separating only",
            AxisFilter::Selected => "Selected only",
        }
    }

    /// Whether axis `index` is drawn, given whether it separates and which axis is selected.
    pub fn shows(&self, index: usize, separating: bool, selected: Option<usize>) -> bool {
        match self {
            AxisFilter::All => true,
            AxisFilter::Separating => separating || selected == Some(index),
            AxisFilter::Selected => selected == Some(index),
        }
    }
}

/// What the scene overlays, beyond the boxes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Overlays {
    /// The candidate axes with their shadows.
    pub axes: bool,
    /// Axis labels in the scene.
    pub labels: bool,
    /// Faint lines from the boxes to their shadows on the highlighted axis.
    pub projection_lines: bool,
    /// Ground grid and world axes.
    pub grid: bool,
    /// Push-out arrow when intersecting.
    pub push_out: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            axes: true,
            labels: true,
            projection_lines: true,
            grid: true,
            push_out: true,
        }
    }
}

/// The view state of one mode that a scene keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct View {
    /// 3D camera.
    pub camera3: OrbitCamera,
    /// 2D camera.
    pub camera2: Camera2,
    /// The axis picked in the panel or the scene.
    pub selected_axis: Option<usize>,
    /// Which axes are drawn.
    pub filter: AxisFilter,
    /// Overlay toggles.
    pub overlays: Overlays,
    /// The box with the gizmo.
    #[serde(skip)]
    pub selected_box: Option<SelectedBox>,
}

/// A serialisable copy of [`Which`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SelectedBox {
    /// Box A.
    A,
    /// Box B.
    B,
}

impl From<SelectedBox> for Which {
    fn from(s: SelectedBox) -> Which {
        match s {
            SelectedBox::A => Which::A,
            SelectedBox::B => Which::B,
        }
    }
}

/// The midpoint of two boxes' centres and the radius around it that holds every corner of both
/// (at least 0.5, so that tiny boxes still get a usable view).
pub fn pair_sphere3(a: &Obb3, b: &Obb3) -> (Vec3, f32) {
    let mid = 0.5 * (a.center + b.center);
    let radius = a
        .corners()
        .iter()
        .chain(b.corners().iter())
        .map(|c| c.distance(mid))
        .fold(0.5f32, f32::max);
    (mid, radius)
}

/// The 2D counterpart of [`pair_sphere3`].
pub fn pair_circle2(a: &Obb2, b: &Obb2) -> (Vec2, f32) {
    let mid = 0.5 * (a.center + b.center);
    let radius = a
        .corners()
        .iter()
        .chain(b.corners().iter())
        .map(|c| c.distance(mid))
        .fold(0.5f32, f32::max);
    (mid, radius)
}

/// The 2D camera that frames both rectangles with room for the axis lines beside them.
pub fn framing_camera2(a: &Obb2, b: &Obb2, viewport: &super::camera::Viewport) -> Camera2 {
    let (mid, radius) = pair_circle2(a, b);
    Camera2::framing(mid, radius * 1.9, 0.9, viewport)
}

/// A camera that frames both boxes and room for the axis lines beside them.
pub fn framing_camera(a: &Obb3, b: &Obb3) -> OrbitCamera {
    let (mid, radius) = pair_sphere3(a, b);
    let mut camera = OrbitCamera::framing(mid, radius, 0.42);
    // turn the orbit so that the axis that matters (first separating, else least penetration) is
    // seen across, not end-on: its line and shadows then read at full length
    let report = dim3::report(a, b);
    let focus = report
        .first_separating
        .or(report.penetration.map(|p| p.axis_index));
    if let Some(i) = focus {
        let axis = report.axes[i].axis;
        let base = camera;
        let mut best = (f32::MAX, camera);
        for yaw_step in 0..24 {
            for pitch_deg in [-22.0f32, -32.0, -45.0] {
                let yaw = (35.0 + 15.0 * yaw_step as f32).to_radians();
                let q = Quat::from_rotation_y(yaw) * Quat::from_rotation_x(pitch_deg.to_radians());
                let candidate = OrbitCamera {
                    orientation: q.to_array(),
                    ..base
                };
                // end-on-ness, plus a small preference for the usual view
                let score = candidate.forward().dot(axis).abs()
                    + 0.002 * yaw_step.min(24 - yaw_step) as f32;
                if score < best.0 {
                    best = (score, candidate);
                }
            }
        }
        camera = best.1;
    }
    camera
}

/// One mode's boxes and view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeState<B> {
    /// Box A.
    pub a: B,
    /// Box B.
    pub b: B,
    /// What the view keeps.
    pub view: View,
}

impl<B> ModeState<B> {
    /// The box named.
    pub fn get(&self, w: Which) -> &B {
        match w {
            Which::A => &self.a,
            Which::B => &self.b,
        }
    }

    /// The box named, mutably.
    pub fn get_mut(&mut self, w: Which) -> &mut B {
        match w {
            Which::A => &mut self.a,
            Which::B => &mut self.b,
        }
    }
}

/// The whole state of the window that survives a frame.
#[derive(Clone, Debug, PartialEq)]
pub struct AppState {
    /// Which mode is shown.
    pub mode: Mode,
    /// The 3D mode.
    pub three: ModeState<Obb3>,
    /// The 2D mode.
    pub two: ModeState<Obb2>,
    /// Gizmo: move or turn.
    pub gizmo_mode: GizmoMode,
    /// Gizmo: local or world axes.
    pub gizmo_space: GizmoSpace,
    /// Snap always (not only with the modifier keys).
    pub snap: bool,
    /// Grid step for snapping, in units.
    pub snap_step: f32,
    /// Parallel-edge tuning.
    pub params: SatParams,
    /// How "Resolve" pushes the boxes apart.
    pub resolve_mode: ResolveMode,
    /// Walking the axes in test order.
    pub step: StepThrough,
}

impl Default for AppState {
    fn default() -> Self {
        let (a3, b3) = default_pair3();
        let (a2, b2) = default_pair2();
        let view3 = View {
            selected_box: Some(SelectedBox::B),
            camera3: framing_camera(&a3, &b3),
            ..View::default()
        };
        Self {
            mode: Mode::Three,
            three: ModeState {
                a: a3,
                b: b3,
                view: view3,
            },
            two: ModeState {
                a: a2,
                b: b2,
                view: view3,
            },
            gizmo_mode: GizmoMode::Translate,
            gizmo_space: GizmoSpace::Local,
            snap: false,
            snap_step: 0.25,
            params: SatParams::default(),
            resolve_mode: ResolveMode::default(),
            step: StepThrough::default(),
        }
    }
}

impl AppState {
    /// The view of the current mode.
    pub fn view(&self) -> &View {
        match self.mode {
            Mode::Three => &self.three.view,
            Mode::Two => &self.two.view,
        }
    }

    /// The view of the current mode, mutably.
    pub fn view_mut(&mut self) -> &mut View {
        match self.mode {
            Mode::Three => &mut self.three.view,
            Mode::Two => &mut self.two.view,
        }
    }

    /// The 3D report under the current parameters.
    pub fn report3(&self) -> Report3 {
        dim3::report_with(&self.three.a, &self.three.b, &self.params)
    }

    /// The 2D report.
    pub fn report2(&self) -> Report2 {
        dim2::report_with(&self.two.a, &self.two.b, &self.params)
    }
}

/// The four boxes as they were last known valid.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ValidBoxes {
    three: (Obb3, Obb3),
    two: (Obb2, Obb2),
}

impl ValidBoxes {
    /// The boxes of a state (assumed valid: the defaults or a validated scene).
    pub fn of(state: &AppState) -> Self {
        Self {
            three: (state.three.a, state.three.b),
            two: (state.two.a, state.two.b),
        }
    }
}

/// Puts back the last valid box wherever an edit made one invalid (a NaN or infinity typed into a
/// field, a coordinate beyond the supported range), so the math never sees it. Returns what was
/// wrong, for the user. Valid boxes pass through untouched, bit for bit.
pub fn keep_valid(state: &mut AppState, last: &mut ValidBoxes) -> Option<String> {
    let mut problem = None;
    keep_or_restore(
        &mut state.three.a,
        &mut last.three.0,
        Obb3::validate,
        "A",
        &mut problem,
    );
    keep_or_restore(
        &mut state.three.b,
        &mut last.three.1,
        Obb3::validate,
        "B",
        &mut problem,
    );
    keep_or_restore(
        &mut state.two.a,
        &mut last.two.0,
        Obb2::validate,
        "A",
        &mut problem,
    );
    keep_or_restore(
        &mut state.two.b,
        &mut last.two.1,
        Obb2::validate,
        "B",
        &mut problem,
    );
    problem
}

/// A valid box becomes the new fallback as it is (no re-normalising: normalising a unit
/// quaternion can flip its last bit, and a box that changed every frame would flicker and fill the
/// undo history); an invalid one is replaced by the fallback and the reason noted.
fn keep_or_restore<B: Copy>(
    obb: &mut B,
    good: &mut B,
    validate: impl Fn(&B) -> Result<(), crate::sat::ObbError>,
    name: &str,
    problem: &mut Option<String>,
) {
    match validate(obb) {
        Ok(()) => *good = *obb,
        Err(e) => {
            *problem = Some(format!("Ignored an invalid value for box {name}: {e}"));
            *obb = *good;
        }
    }
}

/// Per-frame state that is never saved.
#[derive(Clone, Debug, Default)]
pub struct Transient {
    /// The axis under the pointer, in the scene or the panel.
    pub hovered_axis: Option<usize>,
    /// Milliseconds the last frame took, smoothed.
    pub frame_ms: f32,
    /// Milliseconds the worst recent frame took.
    pub frame_ms_max: f32,
    /// A message for the user (errors in red).
    pub message: Option<(String, bool)>,
    /// This frame's fast test, report and reference side by side.
    pub cross_check: Option<CrossCheck>,
    /// Cursor in 2D world coordinates, when over the 2D scene.
    pub cursor2: Option<Vec2>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_3d_scene_is_close_to_touching_and_separated_by_an_edge_axis() {
        let s = AppState::default();
        let r = s.report3();
        let first = r.first_separating.expect("separated");
        assert!(
            first >= 6,
            "first separating axis {first} should be an edge axis"
        );
        assert!(r.axes[first].gap < 0.3, "gap {}", r.axes[first].gap);
    }

    #[test]
    fn the_framing_camera_sees_the_separating_axis_across_not_end_on() {
        let (a, b) = default_pair3();
        let cam = framing_camera(&a, &b);
        let r = dim3::report(&a, &b);
        let axis = r.axes[r.first_separating.unwrap()].axis;
        // this axis is vertical: the shallowest pitch tried (22°) is the best view of it
        assert!(
            cam.forward().dot(axis).abs() < 0.4,
            "{}",
            cam.forward().dot(axis)
        );
        // a pair separated along a horizontal axis is seen straight across it
        let a = Obb3::default();
        let b = Obb3::axis_aligned(Vec3::new(0.0, 0.0, 3.0), Vec3::ONE);
        let cam = framing_camera(&a, &b);
        assert!(cam.forward().dot(Vec3::Z).abs() < 0.15, "{}", cam.forward());
    }

    #[test]
    fn the_default_2d_scene_is_close_to_touching() {
        let s = AppState::default();
        let r = s.report2();
        let max_gap = r.axes.iter().map(|a| a.gap).fold(f32::MIN, f32::max);
        assert!(max_gap.abs() < 0.5, "{max_gap}");
    }

    #[test]
    fn a_nan_typed_into_a_field_is_refused_and_the_box_kept() {
        let mut s = AppState::default();
        let mut last = ValidBoxes::of(&s);
        let before = s.three.b;
        s.three.b.center.x = f32::NAN;
        let msg = keep_valid(&mut s, &mut last).expect("reported");
        assert!(msg.contains("box B") && msg.contains("NaN"), "{msg}");
        assert_eq!(s.three.b, before);
        s.two.a.angle = f32::INFINITY;
        assert!(keep_valid(&mut s, &mut last).is_some());
        assert!(s.two.a.angle.is_finite());
    }

    #[test]
    fn valid_boxes_pass_through_bit_for_bit() {
        let mut s = AppState::default();
        s.three.b.rotation = Quat::from_xyzw(0.1, 0.7, -0.3, 0.64).normalize();
        let before = s.clone();
        let mut last = ValidBoxes::of(&s);
        for _ in 0..10 {
            assert_eq!(keep_valid(&mut s, &mut last), None);
        }
        assert_eq!(s, before);
    }

    #[test]
    fn a_valid_edit_becomes_the_new_fallback() {
        let mut s = AppState::default();
        let mut last = ValidBoxes::of(&s);
        s.three.a.center.x = 4.0;
        assert_eq!(keep_valid(&mut s, &mut last), None);
        s.three.a.center.x = 1e9;
        assert!(keep_valid(&mut s, &mut last).is_some());
        assert_eq!(s.three.a.center.x, 4.0);
    }

    #[test]
    fn selected_only_filter_shows_just_the_selected_axis() {
        assert!(AxisFilter::Selected.shows(3, false, Some(3)));
        assert!(!AxisFilter::Selected.shows(4, true, Some(3)));
        assert!(AxisFilter::Separating.shows(4, true, None));
        assert!(!AxisFilter::Separating.shows(5, false, None));
    }
}
