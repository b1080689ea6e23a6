//! The user's choices that hold for both modes: the gizmo, snapping, the parallel-edge knobs, how
//! Resolve pushes, and what the window shows around the scene.

use serde::{Deserialize, Serialize};

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
    /// The panel's sheet under the scene is open (narrow windows and phones: its bar, or key P).
    /// It starts closed, so that a phone shows the scene first.
    pub sheet_open: bool,
    /// The colour key over the scene is shown (key H).
    pub legend: bool,
    /// The sphere of directions is shown (key D).
    pub sphere: bool,
    /// The Minkowski difference · GJK/EPA window is shown (key G).
    pub gjk: bool,
    /// The first-run hint over the scene ("drag B's arrows · S steps · D sphere"), until the
    /// first drag.
    pub hint: bool,
    /// The pointer is a finger (a touch screen was touched): the hint speaks of fingers. Not
    /// kept: it is found again on the first touch.
    pub touch: bool,
    /// The engine whose answer the scene draws beside satbox's (picked in the Engines section).
    pub engine: Option<crate::engines::EngineId>,
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
            sheet_open: false,
            legend: true,
            sphere: false,
            gjk: false,
            hint: true,
            touch: false,
            engine: None,
        }
    }
}

/// What of the settings the last state keeps from one start to the next (the parallel-edge knobs
/// are an experiment of the lab and start fresh). Fields missing from the file keep the default.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct LastingSettings {
    /// See [`Settings::gizmo_mode`].
    pub gizmo_mode: GizmoMode,
    /// See [`Settings::gizmo_space`].
    pub gizmo_space: GizmoSpace,
    /// See [`Settings::snap`].
    pub snap: bool,
    /// See [`Settings::snap_step`].
    pub snap_step: f32,
    /// See [`Settings::resolve_mode`].
    pub resolve_mode: ResolveMode,
    /// See [`Settings::panel_open`].
    pub panel_open: bool,
    /// See [`Settings::sheet_open`].
    pub sheet_open: bool,
    /// See [`Settings::legend`].
    pub legend: bool,
    /// See [`Settings::sphere`].
    pub sphere: bool,
    /// See [`Settings::gjk`].
    pub gjk: bool,
    /// See [`Settings::hint`].
    pub hint: bool,
}

impl Default for LastingSettings {
    fn default() -> Self {
        Settings::default().kept()
    }
}

impl Settings {
    /// The part kept in the last state.
    pub(crate) fn kept(&self) -> LastingSettings {
        LastingSettings {
            gizmo_mode: self.gizmo_mode,
            gizmo_space: self.gizmo_space,
            snap: self.snap,
            snap_step: self.snap_step,
            resolve_mode: self.resolve_mode,
            panel_open: self.panel_open,
            sheet_open: self.sheet_open,
            legend: self.legend,
            sphere: self.sphere,
            gjk: self.gjk,
            hint: self.hint,
        }
    }

    /// These settings with the part kept in the last state put back (a snap step that is not a
    /// positive finite number keeps the default).
    pub(crate) fn with_kept(self, k: LastingSettings) -> Self {
        let snap_step = if k.snap_step.is_finite() && k.snap_step > 0.0 {
            k.snap_step
        } else {
            self.snap_step
        };
        Self {
            gizmo_mode: k.gizmo_mode,
            gizmo_space: k.gizmo_space,
            snap: k.snap,
            snap_step,
            resolve_mode: k.resolve_mode,
            panel_open: k.panel_open,
            sheet_open: k.sheet_open,
            legend: k.legend,
            sphere: k.sphere,
            gjk: k.gjk,
            hint: k.hint,
            ..self
        }
    }

    /// The snapping that applies now: the panel's switch, or Ctrl (grid) and Shift (15°).
    pub(crate) fn snap_now(&self, input: &InputFrame) -> Snap {
        Snap {
            translate: (self.snap || input.ctrl).then_some(self.snap_step),
            rotate_deg: (self.snap || input.shift).then_some(15.0),
        }
    }
}
