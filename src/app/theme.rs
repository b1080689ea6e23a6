//! The one palette of the window: the scene and the panel take every colour from here, so box A is
//! the same blue in a shadow bar, a table strip and a contact marker.

use egui_macroquad::egui::Color32;
use macroquad::prelude::Color;

/// A colour as 8-bit RGBA, convertible to macroquad's and egui's types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    /// For macroquad's draw calls.
    pub(crate) fn mq(self) -> Color {
        Color::from_rgba(self.0, self.1, self.2, self.3)
    }

    /// For egui widgets.
    pub(crate) fn egui(self) -> Color32 {
        Color32::from_rgba_unmultiplied(self.0, self.1, self.2, self.3)
    }

    /// The same colour with opacity `a` (0..1).
    pub(crate) fn alpha(self, a: f32) -> Rgba {
        Rgba(
            self.0,
            self.1,
            self.2,
            (a.clamp(0.0, 1.0) * 255.0).round() as u8,
        )
    }

    /// Mixed `k` (0..1) of the way towards white.
    pub(crate) fn lighten(self, k: f32) -> Rgba {
        let up = |c: u8| (c as f32 + (255.0 - c as f32) * k).round() as u8;
        Rgba(up(self.0), up(self.1), up(self.2), self.3)
    }
}

/// Box A.
pub(crate) const A: Rgba = Rgba(69, 140, 255, 255);
/// Box B.
pub(crate) const B: Rgba = Rgba(255, 148, 41, 255);
/// The window behind the scene.
pub(crate) const BACKGROUND: Rgba = Rgba(27, 29, 34, 255);
/// Grid lines.
pub(crate) const GRID: Rgba = Rgba(61, 66, 77, 255);
/// The first separating axis, and "separated" verdicts.
pub(crate) const FIRST_SEPARATING: Rgba = Rgba(64, 242, 115, 255);
/// Other separating axes.
pub(crate) const SEPARATING: Rgba = Rgba(140, 199, 148, 217);
/// Axes whose shadows overlap.
pub(crate) const OVERLAPPING: Rgba = Rgba(158, 163, 179, 140);
/// The axis of least penetration, the push-out and the contact normal.
pub(crate) const LEAST: Rgba = Rgba(255, 77, 191, 255);
/// The probe: a direction the user points at on the sphere of directions.
pub(crate) const PROBE: Rgba = Rgba(120, 220, 255, 255);
/// Where two shadows overlap.
pub(crate) const OVERLAP: Rgba = Rgba(255, 64, 64, 140);
/// Text.
pub(crate) const TEXT: Rgba = Rgba(235, 237, 242, 255);
/// Secondary text.
pub(crate) const TEXT_DIM: Rgba = Rgba(150, 153, 163, 255);
/// An axis not tested yet while stepping.
pub(crate) const UNTESTED: Rgba = Rgba(90, 92, 100, 255);
/// Hover and selection glow.
pub(crate) const HIGHLIGHT: Rgba = Rgba(255, 255, 255, 230);
/// "Intersecting" verdicts and errors.
pub(crate) const HIT: Rgba = Rgba(242, 69, 77, 255);
/// "Touching" verdicts: the gap is 0 within rounding.
pub(crate) const TOUCHING: Rgba = Rgba(255, 200, 90, 255);
/// The gizmo handle under the pointer or being dragged.
pub(crate) const HOT: Rgba = Rgba(255, 235, 51, 255);
/// World and gizmo axes x, y, z.
pub(crate) const AXIS_XYZ: [Rgba; 3] = [
    Rgba(242, 77, 77, 255),
    Rgba(89, 230, 89, 255),
    Rgba(89, 140, 255, 255),
];
/// Plates behind labels and banners.
pub(crate) const PLATE: Rgba = Rgba(15, 17, 20, 210);
/// The panel's framed boxes.
pub(crate) const PANEL_FRAME: Rgba = Rgba(22, 24, 30, 255);
/// The engine picked in the Engines section, drawn beside satbox's contact (hollow squares).
pub(crate) const ENGINE: Rgba = Rgba(120, 230, 255, 255);
/// An engine's speculative band and contact (made, but pushing only once they overlap).
pub(crate) const SPECULATIVE: Rgba = Rgba(90, 200, 200, 255);
/// The segment between the closest points of separated boxes: the true distance.
pub(crate) const DISTANCE: Rgba = Rgba(200, 160, 255, 255);
/// The panel's table: the selected row.
pub(crate) const ROW_HIGHLIGHT: Rgba = Rgba(52, 72, 110, 255);
/// The panel's table: the row under the pointer.
pub(crate) const ROW_HOVER: Rgba = Rgba(48, 52, 62, 255);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scene_and_the_panel_get_the_same_colour_for_a_box() {
        let c = A.mq();
        let e = A.egui();
        assert_eq!(
            [c.r, c.g, c.b].map(|x| (x * 255.0).round() as u8),
            [e.r(), e.g(), e.b()]
        );
    }

    #[test]
    fn lightening_moves_towards_white_and_keeps_alpha() {
        assert_eq!(
            Rgba(0, 100, 255, 128).lighten(0.5),
            Rgba(128, 178, 255, 128)
        );
        assert_eq!(B.alpha(0.5).3, 128);
    }
}
