//! The user's choices that hold for both modes: the gizmo, snapping, the parallel-edge knobs, how
//! Resolve pushes, and what the window shows around the scene.

use super::analysis::ResolveMode;
use super::gizmo::{GizmoMode, GizmoSpace, Snap};
use super::input::InputFrame;
use crate::sat::SatParams;

/// Choices shared by the 2D and the 3D mode.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settings {
    /// Gizmo: move or turn.
    pub gizmo_mode: GizmoMode,
    /// Gizmo: the box's axes or the world's.
    pub gizmo_space: GizmoSpace,
    /// Snap always (not only with the modifier keys).
    pub snap: bool,
    /// Grid step for snapping, in units.
    pub snap_step: f32,
    /// Parallel-edge tuning.
    pub params: SatParams,
    /// How Resolve pushes the boxes apart.
    pub resolve_mode: ResolveMode,
    /// The side panel is open (key P).
    pub panel_open: bool,
    /// The colour key over the scene is shown (key H).
    pub legend: bool,
    /// The sphere of directions is shown (key D).
    pub sphere: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            gizmo_mode: GizmoMode::Translate,
            gizmo_space: GizmoSpace::Local,
            snap: false,
            snap_step: 0.25,
            params: SatParams::default(),
            resolve_mode: ResolveMode::default(),
            panel_open: true,
            legend: true,
            sphere: false,
        }
    }
}

impl Settings {
    /// The snapping that applies now: the panel's switch, or Ctrl (grid) and Shift (15°).
    pub(crate) fn snap_now(&self, input: &InputFrame) -> Snap {
        Snap {
            translate: (self.snap || input.ctrl).then_some(self.snap_step),
            rotate_deg: (self.snap || input.shift).then_some(15.0),
        }
    }
}
