//! The view state of one mode that a scene keeps: its camera, the selected axis, which axes are
//! drawn and the overlay toggles. Read and written as the scene's free-form `view` object.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::dim::Dim;
use crate::sat::ManifoldParams;
use crate::scene::manifold::{params_from_view, params_to_view};

/// Which axes the scene draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum AxisFilter {
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
    pub(crate) const ALL: [AxisFilter; 3] = [
        AxisFilter::All,
        AxisFilter::Separating,
        AxisFilter::Selected,
    ];

    /// Label in the panel.
    pub(crate) fn label(&self) -> &'static str {
        match self {
            AxisFilter::All => "All axes",
            AxisFilter::Separating => "Separating only",
            AxisFilter::Selected => "Selected only",
        }
    }

    /// The next filter (key A).
    pub(crate) fn next(self) -> Self {
        match self {
            AxisFilter::All => AxisFilter::Separating,
            AxisFilter::Separating => AxisFilter::Selected,
            AxisFilter::Selected => AxisFilter::All,
        }
    }

    /// Whether axis `index` is drawn, given whether it separates and which axis is selected.
    pub(crate) fn shows(&self, index: usize, separating: bool, selected: Option<usize>) -> bool {
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
pub(crate) struct Overlays {
    /// The candidate axes with their shadows.
    pub axes: bool,
    /// Axis labels in the scene.
    pub labels: bool,
    /// Faint lines from the boxes to their shadows.
    pub projection_lines: bool,
    /// Ground grid and world axes.
    pub grid: bool,
    /// Push-out arrow when intersecting.
    pub push_out: bool,
    /// The contact manifold: its faces, clip planes and points.
    pub contact: bool,
    /// The closest points and the distance between them when the boxes are apart.
    pub distance: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Self {
            axes: true,
            labels: true,
            projection_lines: true,
            grid: true,
            push_out: true,
            contact: true,
            distance: true,
        }
    }
}

/// The parts of a view that are the same in both modes, as written in a scene.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Common {
    selected_axis: Option<usize>,
    filter: AxisFilter,
    overlays: Overlays,
    /// The motion's time slider (written only when not 0, so a scene without motion is as before).
    #[serde(skip_serializing_if = "is_zero")]
    time: f32,
}

fn is_zero(x: &f32) -> bool {
    *x == 0.0
}

/// One mode's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct View<D: Dim> {
    /// The camera.
    pub camera: D::Camera,
    /// The axis picked in the panel or the scene.
    pub selected_axis: Option<usize>,
    /// Which axes are drawn.
    pub filter: AxisFilter,
    /// Overlay toggles.
    pub overlays: Overlays,
    /// The contact manifold's margin and edge bias (a scene keeps them as `view.manifold`).
    pub manifold: ManifoldParams,
    /// The engine whose tolerance bands are shown (a scene keeps it as `view.profile`, as
    /// `satbox check` reads it).
    pub profile: Option<crate::sat::bands::Bands>,
    /// The motion's time slider as the scene keeps it (the mode's own is [`ModeState::time`]).
    ///
    /// [`ModeState::time`]: super::mode::ModeState::time
    pub time: f32,
}

impl<D: Dim> Default for View<D> {
    fn default() -> Self {
        Self {
            camera: D::Camera::default(),
            selected_axis: None,
            filter: AxisFilter::default(),
            overlays: Overlays::default(),
            manifold: ManifoldParams::default(),
            profile: None,
            time: 0.0,
        }
    }
}

impl<D: Dim> View<D> {
    /// The view as a scene's `view` object: the camera under this mode's key
    /// ([`Dim::CAMERA_KEY`]), the rest beside it.
    pub(crate) fn to_json(self) -> Value {
        let common = Common {
            selected_axis: self.selected_axis,
            filter: self.filter,
            overlays: self.overlays,
            time: self.time,
        };
        let mut v =
            serde_json::to_value(common).unwrap_or_else(|_| Value::Object(Default::default()));
        if let (Value::Object(map), Ok(camera)) = (&mut v, serde_json::to_value(self.camera)) {
            map.insert(D::CAMERA_KEY.into(), camera);
            let manifold = params_to_view(&self.manifold);
            if manifold.as_object().is_some_and(|m| !m.is_empty()) {
                map.insert("manifold".into(), manifold);
            }
            if let Some(bands) = &self.profile {
                map.insert(
                    "profile".into(),
                    crate::scene::manifold::bands_to_view(bands),
                );
            }
        }
        v
    }

    /// Reads a scene's `view` object. Anything missing or unreadable falls back to the default (a
    /// bad view never blocks the boxes); the camera is `None` when the scene has none of this mode.
    pub(crate) fn from_json(v: &Value) -> (Self, Option<D::Camera>) {
        let common: Common = serde_json::from_value(v.clone()).unwrap_or_default();
        let camera = v
            .get(D::CAMERA_KEY)
            .and_then(|c| serde_json::from_value(c.clone()).ok());
        let view = Self {
            camera: camera.unwrap_or_default(),
            selected_axis: common.selected_axis,
            filter: common.filter,
            overlays: common.overlays,
            manifold: params_from_view(v).unwrap_or_default(),
            profile: crate::scene::manifold::bands_from_view(v).ok().flatten(),
            time: common.time,
        };
        (view, camera)
    }
}
