//! The 2D gizmo, as pure functions of plain data: the box, the 2D camera, the viewport and the
//! pointer. [`pick`] says which handle is under the cursor; a [`Drag2`] turns later pointer
//! positions into a new box. Nothing here draws; `draw2d` draws what [`handles`] describes.
//!
//! The handles of the selected box:
//! - the **body** (anywhere inside the box) and the **centre** dot: move the box;
//! - the **rotation knob** on a stick beyond the `+u1` face: turn the box about its centre;
//! - the 4 **corners**: change both half extents; the 4 **edge** midpoints: change one.
//!
//! Resizing keeps the **opposite corner (or edge) fixed**: the grabbed corner follows the pointer
//! and the centre moves by half as much, as in drawing programs. Dragging a corner past the
//! opposite one flattens the box to zero width instead of flipping it.
//!
//! Every drag remembers where the pointer grabbed the handle, so the handle keeps that offset to
//! the pointer: no jump when the drag starts, no drift while it goes on.
//!
//! Snapping (see [`Snap`]): moving snaps the **centre to the grid** (multiples of the step),
//! turning snaps the **angle** to multiples of 15°, resizing snaps the **full width and height**
//! (twice the half extents) to multiples of the step, so a box with a corner on the grid keeps its
//! corners on the grid.

use glam::Vec2;

use super::camera::{distance_to_segment, Camera2, Viewport};
use super::gizmo::Snap;
use crate::sat::Obb2;

/// One grabbable part of the 2D gizmo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Handle2 {
    /// Inside the box: move it.
    Body,
    /// The centre dot: move the box.
    Center,
    /// The knob on the stick: turn the box.
    Rotate,
    /// Corner `i` in [`Obb2::corners`] order (counter-clockwise from `−u0 − u1`): resize both ways.
    Corner(usize),
    /// Edge `i`, from corner `i` to corner `i + 1`: 0 = `−u1` face, 1 = `+u0`, 2 = `+u1`,
    /// 3 = `−u0`. Resizes one way.
    Edge(usize),
}

impl Handle2 {
    /// The handle's position in the box frame as signs of `(u0, u1)`: `(±1, ±1)` for a corner,
    /// one zero for an edge, `(0, 0)` for the centre and body. `None` for the rotation knob.
    pub(crate) fn signs(&self) -> Option<Vec2> {
        const CORNERS: [Vec2; 4] = [
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ];
        const EDGES: [Vec2; 4] = [
            Vec2::new(0.0, -1.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.0, 1.0),
            Vec2::new(-1.0, 0.0),
        ];
        match self {
            Handle2::Body | Handle2::Center => Some(Vec2::ZERO),
            Handle2::Rotate => None,
            Handle2::Corner(i) => Some(CORNERS[i % 4]),
            Handle2::Edge(i) => Some(EDGES[i % 4]),
        }
    }
}

/// Length in pixels of the stick from the `+u1` face to the rotation knob.
pub(crate) const STICK_PIXELS: f32 = 38.0;
/// How close the pointer must come to a handle, in pixels.
pub(crate) const PICK_PIXELS: f32 = 9.0;

/// Where the handles of a box are, in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Handles2 {
    /// The centre dot.
    pub center: Vec2,
    /// Where the stick leaves the box (middle of the `+u1` face).
    pub stick_base: Vec2,
    /// The rotation knob.
    pub rotate: Vec2,
    /// The corners, in [`Obb2::corners`] order.
    pub corners: [Vec2; 4],
    /// The edge midpoints, edge `i` between corners `i` and `i + 1`.
    pub edges: [Vec2; 4],
}

/// The handles of `obb` seen at `zoom` pixels per unit (the stick keeps its length on screen).
pub(crate) fn handles(obb: &Obb2, zoom: f32) -> Handles2 {
    let [_, u1] = obb.axes();
    let corners = obb.corners();
    let edges = std::array::from_fn(|i| 0.5 * (corners[i] + corners[(i + 1) % 4]));
    let stick_base = obb.center + u1 * obb.half_extents.y;
    Handles2 {
        center: obb.center,
        stick_base,
        rotate: stick_base + u1 * (STICK_PIXELS / zoom.max(1e-3)),
        corners,
        edges,
    }
}

/// The handle under the cursor (pixels): the rotation knob first, then corners, edges and the
/// centre dot within `reach` pixels ([`PICK_PIXELS`] for a mouse, more for a finger; nearest wins
/// within a kind), then the rest of the rotation stick, then the body when the cursor is inside
/// the box.
pub(crate) fn pick(
    obb: &Obb2,
    camera: &Camera2,
    viewport: &Viewport,
    cursor: Vec2,
    reach: f32,
) -> Option<Handle2> {
    let h = handles(obb, camera.zoom);
    let px = |p: Vec2| camera.to_screen(p, viewport);
    let near = |p: Vec2| px(p).distance(cursor);
    if near(h.rotate) <= reach + 2.0 {
        return Some(Handle2::Rotate);
    }
    let nearest = |pts: &[Vec2; 4]| {
        (0..4)
            .map(|i| (near(pts[i]), i))
            .filter(|(d, _)| *d <= reach)
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, i)| i)
    };
    if let Some(i) = nearest(&h.corners) {
        return Some(Handle2::Corner(i));
    }
    if let Some(i) = nearest(&h.edges) {
        return Some(Handle2::Edge(i));
    }
    if near(h.center) <= reach {
        return Some(Handle2::Center);
    }
    // the whole stick turns the box too, not only its knob (the edge handle at its base wins)
    if on_stick(obb, camera, viewport, cursor) {
        return Some(Handle2::Rotate);
    }
    if obb.contains_point(camera.to_world(cursor, viewport)) {
        return Some(Handle2::Body);
    }
    None
}

/// Whether the cursor (pixels) is on the stick or knob of the rotation handle.
pub(crate) fn on_stick(obb: &Obb2, camera: &Camera2, viewport: &Viewport, cursor: Vec2) -> bool {
    let h = handles(obb, camera.zoom);
    let (a, b) = (
        camera.to_screen(h.stick_base, viewport),
        camera.to_screen(h.rotate, viewport),
    );
    distance_to_segment(cursor, a, b) <= 4.0
}

/// `x` rounded to a multiple of `step` when snapping, else `x`.
fn step(x: f32, s: Option<f32>) -> f32 {
    match s {
        Some(s) if s > 0.0 => (x / s).round() * s,
        _ => x,
    }
}

/// An ongoing drag in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Drag2 {
    /// The handle grabbed.
    pub handle: Handle2,
    /// The box when the drag began.
    pub start: Obb2,
    /// The pointer (world) at the press.
    grab: Vec2,
    /// Rotation: the pointer's direction from the centre last frame, and the angle turned so far
    /// (accumulated, so that several turns add up).
    last_dir: Vec2,
    turned: f32,
}

impl Drag2 {
    /// Starts dragging `handle` of `obb` with the pointer at world point `grab`.
    pub(crate) fn begin(handle: Handle2, obb: &Obb2, grab: Vec2) -> Drag2 {
        Drag2 {
            handle,
            start: *obb,
            grab,
            last_dir: (grab - obb.center).normalize_or_zero(),
            turned: 0.0,
        }
    }

    /// The box for the pointer at world point `cursor`.
    pub(crate) fn update(&mut self, cursor: Vec2, snap: Snap) -> Obb2 {
        let s = self.start;
        let mut obb = s;
        match self.handle {
            Handle2::Body | Handle2::Center => {
                let c = s.center + (cursor - self.grab);
                obb.center = Vec2::new(step(c.x, snap.translate), step(c.y, snap.translate));
            }
            Handle2::Rotate => {
                let dir = (cursor - s.center).normalize_or_zero();
                if dir != Vec2::ZERO {
                    if self.last_dir != Vec2::ZERO {
                        self.turned += self.last_dir.perp_dot(dir).atan2(self.last_dir.dot(dir));
                    }
                    self.last_dir = dir;
                }
                let a = s.angle + self.turned;
                obb.angle = match snap.rotate_deg {
                    Some(d) if d > 0.0 => step(a.to_degrees(), Some(d)).to_radians(),
                    _ => a,
                };
            }
            Handle2::Corner(_) | Handle2::Edge(_) => {
                let sign = self.handle.signs().unwrap_or(Vec2::ZERO);
                let [u0, u1] = s.axes();
                let e = s.half_extents;
                let offset = u0 * (sign.x * e.x) + u1 * (sign.y * e.y);
                // the opposite corner or edge stays where it is
                let anchor = s.center - offset;
                // the handle keeps its offset to the pointer from the press
                let handle_now = s.center + offset + (cursor - self.grab);
                let d = handle_now - anchor;
                let mut half = e;
                let mut center = anchor;
                for (k, u) in [u0, u1].into_iter().enumerate() {
                    if sign[k] == 0.0 {
                        continue;
                    }
                    let full = step(sign[k] * d.dot(u), snap.translate).max(0.0);
                    half[k] = 0.5 * full;
                    center += u * (sign[k] * half[k]);
                }
                obb.half_extents = half;
                obb.center = center;
            }
        }
        obb
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport::sized(1000.0, 700.0);

    const FREE: Snap = Snap {
        translate: None,
        rotate_deg: None,
    };

    fn obb() -> Obb2 {
        Obb2 {
            center: Vec2::new(1.0, -0.5),
            half_extents: Vec2::new(1.5, 0.75),
            angle: 30f32.to_radians(),
        }
    }

    fn cam() -> Camera2 {
        Camera2 {
            center: [0.5, 0.0],
            zoom: 80.0,
        }
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-4
    }

    #[test]
    fn the_knob_on_the_stick_picks_the_rotation_handle() {
        let (b, c) = (obb(), cam());
        let h = handles(&b, c.zoom);
        let knob = c.to_screen(h.rotate, &VP);
        // the knob sits STICK_PIXELS beyond the +u1 face on screen
        let base = c.to_screen(h.stick_base, &VP);
        assert!((knob.distance(base) - STICK_PIXELS).abs() < 1e-3);
        assert_eq!(
            pick(&b, &c, &VP, knob + Vec2::new(3.0, -2.0), PICK_PIXELS),
            Some(Handle2::Rotate)
        );
        assert!(on_stick(&b, &c, &VP, (knob + base) * 0.5));
        assert_eq!(
            pick(&b, &c, &VP, (knob + base) * 0.5, PICK_PIXELS),
            Some(Handle2::Rotate),
            "the middle of the stick turns the box too"
        );
    }

    #[test]
    fn handles_win_over_the_body_and_empty_space_picks_nothing() {
        let (b, c) = (obb(), cam());
        let h = handles(&b, c.zoom);
        let px = |p: Vec2| c.to_screen(p, &VP);
        assert_eq!(
            pick(&b, &c, &VP, px(h.corners[2]), PICK_PIXELS),
            Some(Handle2::Corner(2))
        );
        assert_eq!(
            pick(
                &b,
                &c,
                &VP,
                px(h.edges[3]) + Vec2::new(2.0, 2.0),
                PICK_PIXELS
            ),
            Some(Handle2::Edge(3))
        );
        assert_eq!(
            pick(&b, &c, &VP, px(h.center), PICK_PIXELS),
            Some(Handle2::Center)
        );
        let inside = b.center + b.axes()[0] * 0.8;
        assert_eq!(
            pick(&b, &c, &VP, px(inside), PICK_PIXELS),
            Some(Handle2::Body)
        );
        assert_eq!(pick(&b, &c, &VP, Vec2::new(5.0, 5.0), PICK_PIXELS), None);
    }

    #[test]
    fn a_finger_beside_a_corner_picks_it_where_a_mouse_would_miss() {
        let (b, c) = (obb(), cam());
        let h = handles(&b, c.zoom);
        // 16 pixels out from the corner, away from the box
        let corner = c.to_screen(h.corners[2], &VP);
        let out = (corner - c.to_screen(b.center, &VP)).normalize() * 16.0;
        assert_ne!(
            pick(&b, &c, &VP, corner + out, PICK_PIXELS),
            Some(Handle2::Corner(2))
        );
        assert_eq!(
            pick(&b, &c, &VP, corner + out, crate::app::input::FINGER_PIXELS),
            Some(Handle2::Corner(2))
        );
    }

    #[test]
    fn dragging_the_body_follows_the_cursor_without_a_jump() {
        let b = obb();
        // grab off-centre: the box must not jump to put its centre under the pointer
        let grab = b.center + Vec2::new(0.4, 0.2);
        let mut d = Drag2::begin(Handle2::Body, &b, grab);
        assert!(close(d.update(grab, FREE).center, b.center));
        let moved = d.update(grab + Vec2::new(1.25, -0.5), FREE);
        assert!(close(moved.center, b.center + Vec2::new(1.25, -0.5)));
        assert_eq!(moved.angle, b.angle);
        assert_eq!(moved.half_extents, b.half_extents);
        // back where it started: back where it was (no drift)
        assert!(close(d.update(grab, FREE).center, b.center));
    }

    #[test]
    fn ctrl_snaps_the_moved_centre_to_the_grid() {
        let b = obb();
        let mut d = Drag2::begin(Handle2::Center, &b, b.center);
        let snap = Snap {
            translate: Some(0.25),
            rotate_deg: None,
        };
        let moved = d.update(b.center + Vec2::new(0.61, 0.2), snap);
        // 1.61 → 1.5, −0.3 → −0.25
        assert!(
            close(moved.center, Vec2::new(1.5, -0.25)),
            "{}",
            moved.center
        );
    }

    #[test]
    fn turning_the_knob_follows_the_pointer_and_shift_snaps_to_15_degrees() {
        let b = obb();
        let h = handles(&b, 80.0);
        let r = h.rotate.distance(b.center);
        let at = |deg: f32| b.center + Vec2::from_angle(deg.to_radians()) * r;
        let start_deg = (h.rotate - b.center).to_angle().to_degrees();
        // grab a little off the knob's centre: still no jump
        let grab = at(start_deg + 2.0);
        let mut d = Drag2::begin(Handle2::Rotate, &b, grab);
        assert!((d.update(grab, FREE).angle - b.angle).abs() < 1e-5);
        // a full turn and a quarter in small steps adds up to 450°
        let mut last = b;
        for i in 1..=90 {
            last = d.update(at(start_deg + 2.0 + 5.0 * i as f32), FREE);
        }
        assert!(
            (last.angle - (b.angle + 450f32.to_radians())).abs() < 1e-3,
            "{}",
            last.angle.to_degrees()
        );
        // 30° + 22° = 52° snaps to 45°
        let mut d = Drag2::begin(Handle2::Rotate, &b, grab);
        let snapped = d.update(
            at(start_deg + 24.0),
            Snap {
                translate: None,
                rotate_deg: Some(15.0),
            },
        );
        assert!(
            (snapped.angle.to_degrees() - 45.0).abs() < 1e-3,
            "{}",
            snapped.angle.to_degrees()
        );
        assert_eq!(snapped.center, b.center);
    }

    #[test]
    fn dragging_a_corner_resizes_exactly_and_keeps_the_opposite_corner_fixed() {
        let b = obb();
        let [u0, u1] = b.axes();
        let corners = b.corners();
        // grab corner 2 (+u0 +u1) slightly inside it
        let grab = corners[2] - u0 * 0.05;
        let mut d = Drag2::begin(Handle2::Corner(2), &b, grab);
        let same = d.update(grab, FREE);
        assert!(close(same.center, b.center) && close(same.half_extents, b.half_extents));
        // move the pointer 0.5 along u0 and 0.3 along u1: width grows 0.5, height 0.3
        let to = grab + u0 * 0.5 + u1 * 0.3;
        let r = d.update(to, FREE);
        assert!(close(
            r.half_extents,
            b.half_extents + Vec2::new(0.25, 0.15)
        ));
        assert!(close(r.corners()[0], corners[0]), "opposite corner moved");
        assert!(close(r.corners()[2], corners[2] + u0 * 0.5 + u1 * 0.3));
        assert_eq!(r.angle, b.angle);
    }

    #[test]
    fn dragging_an_edge_changes_one_extent_and_keeps_the_opposite_edge() {
        let b = obb();
        let [u0, u1] = b.axes();
        let h = handles(&b, 80.0);
        // edge 3 is the −u0 face; pull it 0.4 further out (and sideways, which it ignores)
        let mut d = Drag2::begin(Handle2::Edge(3), &b, h.edges[3]);
        let r = d.update(h.edges[3] - u0 * 0.4 + u1 * 0.7, FREE);
        assert!(close(
            r.half_extents,
            Vec2::new(b.half_extents.x + 0.2, b.half_extents.y)
        ));
        assert!(close(handles(&r, 80.0).edges[1], h.edges[1]));
    }

    #[test]
    fn resizing_snaps_the_full_size_to_the_grid_and_never_goes_negative() {
        let b = Obb2 {
            center: Vec2::ZERO,
            half_extents: Vec2::new(1.0, 0.5),
            angle: 0.0,
        };
        let snap = Snap {
            translate: Some(0.25),
            rotate_deg: None,
        };
        // corner 1 (+u0 −u1) from (1, −0.5) to (1.37, −0.62): width 2.37 → 2.25, height 1.12 → 1
        let mut d = Drag2::begin(Handle2::Corner(1), &b, Vec2::new(1.0, -0.5));
        let r = d.update(Vec2::new(1.37, -0.62), snap);
        assert!(
            close(r.half_extents, Vec2::new(1.125, 0.5)),
            "{}",
            r.half_extents
        );
        assert!(close(r.corners()[3], Vec2::new(-1.0, 0.5)));
        // dragged past the opposite corner: flat, not flipped
        let r = d.update(Vec2::new(-3.0, 2.0), FREE);
        assert_eq!(r.half_extents, Vec2::ZERO);
        assert!(close(r.center, Vec2::new(-1.0, 0.5)));
    }
}
