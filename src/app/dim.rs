//! What differs between the 2D and the 3D mode, in one trait: the box, vector, camera, gizmo and
//! report types, and the operations that have a 2D and a 3D version (the report, the reference,
//! the fast test, support points, axis layout, framing, the gizmo, the box editor's fields).
//!
//! Everything else in the window is written once over [`Dim`]: the mode ([`super::mode`]), the
//! frame's report ([`super::frame`]), the panel ([`super::ui`]) and the shared drawing
//! ([`super::draw::scene`]). [`super::two`] and [`super::three`] implement it, with the pointer's
//! gestures ([`super::mode::Gestures`]); [`super::draw::two`] and [`super::draw::three`] paint
//! what is particular to each ([`super::draw::Paint`]).

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::camera::Viewport;
pub(crate) use super::geom::{Project, Vector};
use super::layout::{AxisLine, Shadows};
use crate::sat::{Report, Which, MAX_COORDINATE};
use crate::scene::{Mode, PairBox};

/// One number of a box that the panel edits: a row (centre, extents, rotation…) and a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Field {
    /// Row index in [`Dim::editor_rows`].
    pub row: usize,
    /// Column within the row.
    pub col: usize,
}

/// A row of the box editor: a label, the names and values of its numbers, how they are shown.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct EditorRow {
    /// "centre", "half extents", …
    pub label: &'static str,
    /// Hover text: units, conventions.
    pub hint: &'static str,
    /// Column names and the values now.
    pub values: Vec<(&'static str, f64)>,
    /// Drag speed per pixel.
    pub speed: f64,
    /// Shown with this suffix ("°").
    pub suffix: &'static str,
    /// Decimals shown when not editing.
    pub decimals: usize,
    /// Dragging stops at this value (typing below it is refused by [`Dim::edit`]).
    pub min: f64,
}

/// A value typed for a centre coordinate or a half extent, checked against the rules of
/// [`ObbError`](crate::sat::ObbError) with words that name what it is.
pub(crate) fn check_length(value: f64, what: &str, extent: bool) -> Result<f32, String> {
    let value = Typed(value);
    if !value.0.is_finite() {
        return Err(format!("{what}: {value} is not a finite number"));
    }
    if extent && value.0 < 0.0 {
        return Err(format!(
            "{what} {value} refused: half extents must be >= 0 (0 makes a flat box)"
        ));
    }
    if value.0.abs() > MAX_COORDINATE as f64 {
        return Err(format!(
            "{what} {value} refused: beyond the supported range of ±{MAX_COORDINATE:e}"
        ));
    }
    Ok(value.0 as f32)
}

/// A typed number as a message quotes it: in exponent form when very large or very small
/// (`1e30`, not thirty-one digits).
struct Typed(f64);

impl std::fmt::Display for Typed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0;
        if v != 0.0 && v.is_finite() && !(1e-4..1e7).contains(&v.abs()) {
            write!(f, "{v:e}")
        } else {
            write!(f, "{v}")
        }
    }
}

/// What a reset button of the box editor puts back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reset {
    /// The rotation (or angle) to none.
    Turn,
    /// The half extents to 1.
    Size,
    /// The centre to the origin.
    Position,
}

/// The 2D or the 3D mode's geometry and its view.
pub(crate) trait Dim: Copy + Default + Debug + PartialEq + 'static {
    /// Which scene mode this is.
    const MODE: Mode = <Self::Obb as PairBox>::MODE;
    /// Key of this mode's camera in a scene's `view` object.
    const CAMERA_KEY: &'static str;
    /// Projection lines and the `|T·L|` bracket on every axis (2D: 4 lines) or only on the focused
    /// one (3D: 15 lines would be a thicket).
    const DETAIL_ON_ALL_AXES: bool;
    /// Every axis line gets its full label (2D) or only its number (3D).
    const FULL_LABELS: bool;

    /// `Vec2` or `Vec3`.
    type Vec: Vector;
    /// `Obb2` or `Obb3`: every question of the pair is its ([`crate::sat::Obb`]), and so are
    /// its scene formats ([`PairBox`]).
    type Obb: PairBox<Vec = Self::Vec, Report = Self::Report>;
    /// `Report2` or `Report3`.
    type Report: Report<Self::Vec>;
    /// The camera kept with a scene.
    type Camera: Copy + Debug + PartialEq + Default + Serialize + DeserializeOwned;
    /// World to pixels for one frame.
    type Projector: Project<Self::Vec>;
    /// What the pointer is doing across frames: gizmo drags and camera gestures.
    type Pointer: Default + Debug;

    /// The start-up boxes.
    fn default_pair() -> (Self::Obb, Self::Obb);

    /// A camera that frames both boxes and the axis lines beside them.
    fn framing(a: &Self::Obb, b: &Self::Obb, viewport: &Viewport) -> Self::Camera;
    /// This frame's projector.
    fn projector(camera: &Self::Camera, viewport: Viewport) -> Self::Projector;
    /// Where the lines of `items` are drawn, seen by `camera`. `anchor` goes nearest the boxes.
    fn layout(
        a: &Self::Obb,
        b: &Self::Obb,
        camera: &Self::Camera,
        items: &[Shadows<Self::Vec>],
        anchor: Option<usize>,
    ) -> Vec<AxisLine<Self::Vec>>;
    /// The unit directions the sphere of directions (3D) or the plot over the angle (2D) samples.
    fn direction_samples() -> &'static [Self::Vec];
    /// Turns the camera so that `axis` reads as a 1D picture, if the mode can.
    fn look_along(
        camera: &mut Self::Camera,
        a: &Self::Obb,
        b: &Self::Obb,
        report: &Self::Report,
        axis: usize,
    );
    /// The box editor's rows for a box.
    fn editor_rows(o: &Self::Obb) -> Vec<EditorRow>;
    /// The box with one number changed, or why not.
    fn edit(o: &Self::Obb, field: Field, value: f64) -> Result<Self::Obb, String>;
    /// The box with a part put back.
    fn reset(o: &Self::Obb, part: Reset) -> Self::Obb;
}

/// The box named, of a pair.
pub(crate) fn pick<T>(which: Which, a: T, b: T) -> T {
    match which {
        Which::A => a,
        Which::B => b,
    }
}
