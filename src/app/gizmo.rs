//! The 3D transform gizmo, as pure functions of plain data: the box, the camera's projector and the
//! pointer. Picking returns which handle is under the cursor; a [`Drag`] turns later pointer rays
//! into a new box. Nothing here draws; `draw3d` draws what [`handles`] describes.

use glam::{Quat, Vec2, Vec3};
use serde::{Deserialize, Serialize};

use super::camera::{distance_to_segment, OrbitCamera, Projector, Ray, Viewport};
use crate::sat::Obb3;

/// Move or turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum GizmoMode {
    /// Arrows and plane handles.
    #[default]
    Translate,
    /// Rings.
    Rotate,
}

/// Whether the gizmo follows the box's axes or the world's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum GizmoSpace {
    /// The box's own axes.
    #[default]
    Local,
    /// World X, Y, Z.
    World,
}

/// One grabbable part of the gizmo; the number is the axis (0 = x, 1 = y, 2 = z).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Handle {
    /// Arrow: move along the axis.
    Axis(usize),
    /// Square: move in the plane whose normal is the axis.
    Plane(usize),
    /// Ring: turn about the axis.
    Ring(usize),
}

/// Snapping while dragging.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Snap {
    /// Move in steps of this many units.
    pub translate: Option<f32>,
    /// Turn in steps of this many degrees.
    pub rotate_deg: Option<f32>,
}

/// Where the gizmo is and how big, this frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct GizmoFrame {
    /// The box centre.
    pub center: Vec3,
    /// The three handle axes (world or the box's local axes).
    pub axes: [Vec3; 3],
    /// World length of an arrow: a constant size on screen.
    pub size: f32,
}

/// Arrow length on screen, in pixels.
pub(crate) const GIZMO_PIXELS: f32 = 120.0;
/// How close the pointer must come to a handle, in pixels.
pub(crate) const PICK_PIXELS: f32 = 9.0;
/// Segments used for a ring, for drawing and picking.
pub(crate) const RING_SEGMENTS: usize = 64;

/// The gizmo for a box under a camera.
pub(crate) fn frame_for(
    obb: &Obb3,
    space: GizmoSpace,
    camera: &OrbitCamera,
    viewport: &Viewport,
) -> GizmoFrame {
    let depth = (obb.center - camera.eye()).dot(camera.forward()).max(0.1);
    GizmoFrame {
        center: obb.center,
        axes: match space {
            GizmoSpace::Local => obb.axes(),
            GizmoSpace::World => [Vec3::X, Vec3::Y, Vec3::Z],
        },
        size: GIZMO_PIXELS * camera.world_per_pixel(depth, viewport),
    }
}

/// The world geometry of the handles of one mode: arrows as segments, plane handles as quads,
/// rings as closed polylines.
pub(crate) fn handles(frame: &GizmoFrame, mode: GizmoMode) -> Vec<(Handle, Vec<Vec3>)> {
    let (c, s) = (frame.center, frame.size);
    match mode {
        GizmoMode::Translate => {
            let mut out: Vec<(Handle, Vec<Vec3>)> = (0..3)
                .map(|k| {
                    (
                        Handle::Axis(k),
                        vec![c + frame.axes[k] * (0.18 * s), c + frame.axes[k] * s],
                    )
                })
                .collect();
            for k in 0..3 {
                let (u, v) = (frame.axes[(k + 1) % 3], frame.axes[(k + 2) % 3]);
                let (lo, hi) = (0.28 * s, 0.5 * s);
                out.push((
                    Handle::Plane(k),
                    vec![
                        c + u * lo + v * lo,
                        c + u * hi + v * lo,
                        c + u * hi + v * hi,
                        c + u * lo + v * hi,
                    ],
                ));
            }
            out
        }
        GizmoMode::Rotate => (0..3)
            .map(|k| {
                let (u, v) = (frame.axes[(k + 1) % 3], frame.axes[(k + 2) % 3]);
                let pts = (0..=RING_SEGMENTS)
                    .map(|i| {
                        let t = i as f32 / RING_SEGMENTS as f32 * std::f32::consts::TAU;
                        c + (u * t.cos() + v * t.sin()) * (0.85 * s)
                    })
                    .collect();
                (Handle::Ring(k), pts)
            })
            .collect(),
    }
}

/// Whether a pixel lies inside a convex polygon (either winding).
pub(crate) fn point_in_convex(p: Vec2, poly: &[Vec2]) -> bool {
    let mut sign = 0.0f32;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let cross = (b - a).perp_dot(p - a);
        if cross != 0.0 {
            if sign != 0.0 && cross.signum() != sign {
                return false;
            }
            sign = cross.signum();
        }
    }
    sign != 0.0
}

/// The handle under the cursor: a plane square the cursor is inside of first, else the arrow or
/// ring nearest the cursor within `reach` pixels ([`PICK_PIXELS`] for a mouse, more for a finger:
/// see [`crate::app::input::InputFrame::reach`]).
pub(crate) fn pick(
    frame: &GizmoFrame,
    mode: GizmoMode,
    projector: &Projector,
    cursor: Vec2,
    reach: f32,
) -> Option<Handle> {
    let mut best: Option<(f32, Handle)> = None;
    for (handle, pts) in handles(frame, mode) {
        let screen: Option<Vec<Vec2>> = pts.iter().map(|p| projector.project(*p)).collect();
        let Some(screen) = screen else { continue };
        let d = match handle {
            Handle::Plane(_) => {
                if point_in_convex(cursor, &screen) {
                    0.0
                } else {
                    continue;
                }
            }
            _ => screen
                .windows(2)
                .map(|w| distance_to_segment(cursor, w[0], w[1]))
                .fold(f32::INFINITY, f32::min),
        };
        if d <= reach && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, handle));
        }
    }
    best.map(|(_, h)| h)
}

/// An ongoing drag: what was grabbed and where, so that the box follows the pointer exactly
/// (no jump at the start, no drift while dragging).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Drag {
    /// The handle grabbed.
    pub handle: Handle,
    /// The box when the drag began.
    pub start: Obb3,
    frame: GizmoFrame,
    /// Axis drag: line parameter at the start. Plane/ring drag: the grabbed point.
    grab_param: f32,
    grab_point: Vec3,
    /// Ring seen edge-on: turn by screen motion along this tangent instead.
    screen_tangent: Option<(Vec2, Vec2, f32)>,
    /// Ring: the angle turned so far, accumulated so it can exceed ±180°.
    angle: f32,
    last_dir: Vec3,
}

impl Drag {
    /// Starts dragging `handle` with the pointer ray and pixel at the moment of the press.
    pub(crate) fn begin(
        handle: Handle,
        obb: &Obb3,
        frame: &GizmoFrame,
        ray: &Ray,
        cursor: Vec2,
        projector: &Projector,
    ) -> Option<Drag> {
        let mut drag = Drag {
            handle,
            start: *obb,
            frame: *frame,
            grab_param: 0.0,
            grab_point: frame.center,
            screen_tangent: None,
            angle: 0.0,
            last_dir: Vec3::ZERO,
        };
        match handle {
            Handle::Axis(k) => {
                drag.grab_param = ray.closest_on_line(frame.center, frame.axes[k])?
            }
            Handle::Plane(k) => drag.grab_point = ray.hit_plane(frame.center, frame.axes[k])?,
            Handle::Ring(k) => {
                let n = frame.axes[k];
                match ray
                    .hit_plane(frame.center, n)
                    .filter(|_| ray.dir.dot(n).abs() > 0.15)
                {
                    Some(hit) => {
                        drag.grab_point = hit;
                        drag.last_dir = (hit - frame.center).normalize_or_zero();
                    }
                    None => {
                        // edge-on ring: turning follows the pointer along the ring's screen tangent
                        let c = projector.project(frame.center)?;
                        let radial = (cursor - c).normalize_or_zero();
                        let mut tangent = Vec2::new(-radial.y, radial.x);
                        // orient so that moving along the tangent turns positively about n
                        let probe = frame.center + n.any_orthonormal_vector() * frame.size;
                        let turned =
                            frame.center + Quat::from_axis_angle(n, 0.1) * (probe - frame.center);
                        if let (Some(p0), Some(p1)) =
                            (projector.project(probe), projector.project(turned))
                        {
                            let motion = p1 - p0;
                            let r = (p0 - c).perp_dot(motion);
                            let here = radial.perp_dot(tangent);
                            if r * here < 0.0 {
                                tangent = -tangent;
                            }
                        }
                        let radius_px = (cursor - c).length().max(20.0);
                        drag.screen_tangent = Some((cursor, tangent, radius_px));
                    }
                }
            }
        }
        Some(drag)
    }

    /// The box for the current pointer. `None` leaves the box where it is (the ray missed the
    /// drag plane, e.g. pointing at the horizon).
    ///
    /// Snapping puts the centre on the grid: its coordinate along each axis it moves on becomes a
    /// multiple of the step (with world axes, the world grid), not the distance moved.
    pub(crate) fn update(&mut self, ray: &Ray, cursor: Vec2, snap: Snap) -> Option<Obb3> {
        let mut obb = self.start;
        let start = self.start.center;
        // how far to move along `u` for a pointer motion of `d` along it
        let along = |u: Vec3, d: f32| match snap.translate {
            Some(s) if s > 0.0 => {
                let p0 = start.dot(u);
                ((p0 + d) / s).round() * s - p0
            }
            _ => d,
        };
        match self.handle {
            Handle::Axis(k) => {
                let axis = self.frame.axes[k];
                let s = ray.closest_on_line(self.frame.center, axis)?;
                obb.center = start + axis * along(axis, s - self.grab_param);
            }
            Handle::Plane(k) => {
                let hit = ray.hit_plane(self.frame.center, self.frame.axes[k])?;
                let d = hit - self.grab_point;
                let (u, v) = (self.frame.axes[(k + 1) % 3], self.frame.axes[(k + 2) % 3]);
                obb.center = start + u * along(u, d.dot(u)) + v * along(v, d.dot(v));
            }
            Handle::Ring(k) => {
                let n = self.frame.axes[k];
                if let Some((start_px, tangent, radius_px)) = self.screen_tangent {
                    self.angle = (cursor - start_px).dot(tangent) / radius_px;
                } else {
                    let hit = ray.hit_plane(self.frame.center, n)?;
                    let dir = (hit - self.frame.center).normalize_or_zero();
                    if dir != Vec3::ZERO {
                        let delta = n
                            .dot(self.last_dir.cross(dir))
                            .atan2(self.last_dir.dot(dir));
                        self.angle += delta;
                        self.last_dir = dir;
                    }
                }
                let angle = self.turned(snap).to_radians();
                obb.rotation = (Quat::from_axis_angle(n, angle) * self.start.rotation).normalize();
            }
        }
        Some(obb)
    }

    /// A ring drag's turn so far in degrees, snapped as `snap` says; `None` for a move.
    pub(crate) fn turned_deg(&self, snap: Snap) -> Option<f32> {
        matches!(self.handle, Handle::Ring(_)).then(|| self.turned(snap))
    }

    fn turned(&self, snap: Snap) -> f32 {
        let deg = self.angle.to_degrees();
        match snap.rotate_deg {
            Some(s) if s > 0.0 => (deg / s).round() * s,
            _ => deg,
        }
    }
}

/// Distance along the ray to where it enters the box, or `None` if it misses (slab test in the
/// box's own frame).
pub(crate) fn ray_hits_box(ray: &Ray, obb: &Obb3) -> Option<f32> {
    let axes = obb.axes();
    let d = obb.center - ray.origin;
    let e = obb.half_extents.to_array();
    let (mut t0, mut t1) = (0.0f32, f32::INFINITY);
    for k in 0..3 {
        let (num, den) = (axes[k].dot(d), axes[k].dot(ray.dir));
        if den.abs() < 1e-9 {
            if num.abs() > e[k] {
                return None;
            }
            continue;
        }
        let (a, b) = ((num - e[k]) / den, (num + e[k]) / den);
        t0 = t0.max(a.min(b));
        t1 = t1.min(a.max(b));
        if t0 > t1 {
            return None;
        }
    }
    Some(t0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport::sized(1000.0, 700.0);

    fn setup() -> (Obb3, OrbitCamera, GizmoFrame, Projector) {
        let obb = Obb3::axis_aligned(Vec3::new(0.5, 0.0, -0.3), Vec3::ONE);
        let cam = OrbitCamera::default();
        let frame = frame_for(&obb, GizmoSpace::World, &cam, &VP);
        let proj = cam.projector(VP);
        (obb, cam, frame, proj)
    }

    #[test]
    fn gizmo_keeps_its_screen_size_at_any_distance() {
        let (obb, mut cam, _, _) = setup();
        let len = |cam: &OrbitCamera| {
            let f = frame_for(&obb, GizmoSpace::World, cam, &VP);
            let p = cam.projector(VP);
            let (a, b) = (
                p.project(f.center).unwrap(),
                p.project(f.center + cam.basis().0 * f.size).unwrap(),
            );
            (a - b).length()
        };
        let near = len(&cam);
        cam.distance *= 3.0;
        assert!(
            (len(&cam) - near).abs() < 1.0 && (near - GIZMO_PIXELS).abs() < 2.0,
            "{near}"
        );
    }

    #[test]
    fn pointer_on_the_x_arrow_tip_picks_the_x_arrow() {
        let (_, _, frame, proj) = setup();
        let tip = proj
            .project(frame.center + Vec3::X * frame.size * 0.9)
            .unwrap();
        assert_eq!(
            pick(
                &frame,
                GizmoMode::Translate,
                &proj,
                tip + Vec2::new(2.0, 3.0),
                PICK_PIXELS
            ),
            Some(Handle::Axis(0))
        );
    }

    #[test]
    fn pointer_inside_the_xz_square_picks_the_y_plane_handle() {
        let (_, _, frame, proj) = setup();
        let mid = proj
            .project(frame.center + (Vec3::X + Vec3::Z) * frame.size * 0.39)
            .unwrap();
        assert_eq!(
            pick(&frame, GizmoMode::Translate, &proj, mid, PICK_PIXELS),
            Some(Handle::Plane(1))
        );
    }

    #[test]
    fn pointer_far_from_every_handle_picks_nothing() {
        let (_, _, frame, proj) = setup();
        assert_eq!(
            pick(
                &frame,
                GizmoMode::Rotate,
                &proj,
                Vec2::new(5.0, 5.0),
                PICK_PIXELS
            ),
            None
        );
    }

    #[test]
    fn dragging_an_arrow_follows_the_cursor_without_a_jump() {
        let (obb, cam, frame, proj) = setup();
        let grab = proj
            .project(frame.center + Vec3::X * frame.size * 0.8)
            .unwrap();
        let mut drag = Drag::begin(
            Handle::Axis(0),
            &obb,
            &frame,
            &cam.ray(grab, &VP),
            grab,
            &proj,
        )
        .unwrap();
        // no motion: no change
        let same = drag
            .update(
                &cam.ray(grab, &VP),
                grab,
                Snap {
                    translate: None,
                    rotate_deg: None,
                },
            )
            .unwrap();
        assert!((same.center - obb.center).length() < 1e-4);
        // move the cursor to where the point 1.25 units further along x projects
        let target = proj
            .project(frame.center + Vec3::X * (frame.size * 0.8 + 1.25))
            .unwrap();
        let moved = drag
            .update(
                &cam.ray(target, &VP),
                target,
                Snap {
                    translate: None,
                    rotate_deg: None,
                },
            )
            .unwrap();
        assert!(
            (moved.center - (obb.center + Vec3::X * 1.25)).length() < 2e-3,
            "{}",
            moved.center
        );
    }

    #[test]
    fn dragging_a_plane_handle_moves_in_that_plane_and_snaps_the_centre_to_the_grid() {
        let (obb, cam, frame, proj) = setup();
        let grab_w = frame.center + (Vec3::X + Vec3::Z) * frame.size * 0.39;
        let grab = proj.project(grab_w).unwrap();
        let mut drag = Drag::begin(
            Handle::Plane(1),
            &obb,
            &frame,
            &cam.ray(grab, &VP),
            grab,
            &proj,
        )
        .unwrap();
        let to = proj.project(grab_w + Vec3::new(0.74, 0.0, -1.26)).unwrap();
        let snap = Snap {
            translate: Some(0.5),
            rotate_deg: None,
        };
        let moved = drag.update(&cam.ray(to, &VP), to, snap).unwrap();
        // the centre lands on the grid: x 0.5 + 0.74 → 1.0, z −0.3 − 1.26 → −1.5
        assert!(
            (moved.center - Vec3::new(1.0, 0.0, -1.5)).length() < 1e-4,
            "{}",
            moved.center
        );
    }

    #[test]
    fn dragging_a_ring_a_quarter_turn_turns_the_box_a_quarter_turn() {
        let (obb, cam, frame, proj) = setup();
        // ring about y: points c + (z cos t + x sin t) * r
        let r = 0.85 * frame.size;
        let at = |t: f32| frame.center + (Vec3::Z * t.cos() + Vec3::X * t.sin()) * r;
        let grab = proj.project(at(0.3)).unwrap();
        let mut drag = Drag::begin(
            Handle::Ring(1),
            &obb,
            &frame,
            &cam.ray(grab, &VP),
            grab,
            &proj,
        )
        .unwrap();
        let mut last = obb;
        for i in 1..=10 {
            let t = 0.3 + std::f32::consts::FRAC_PI_2 * i as f32 / 10.0;
            let px = proj.project(at(t)).unwrap();
            last = drag
                .update(
                    &cam.ray(px, &VP),
                    px,
                    Snap {
                        translate: None,
                        rotate_deg: None,
                    },
                )
                .unwrap();
        }
        let expected = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2);
        assert!(
            last.rotation.angle_between(expected) < 1e-2,
            "{:?}",
            last.rotation
        );
        // with 15° snapping a turn of 50° lands on 45°
        let mut drag = Drag::begin(
            Handle::Ring(1),
            &obb,
            &frame,
            &cam.ray(grab, &VP),
            grab,
            &proj,
        )
        .unwrap();
        let px = proj.project(at(0.3 + 50f32.to_radians())).unwrap();
        let snapped = drag
            .update(
                &cam.ray(px, &VP),
                px,
                Snap {
                    translate: None,
                    rotate_deg: Some(15.0),
                },
            )
            .unwrap();
        assert!(
            snapped
                .rotation
                .angle_between(Quat::from_rotation_y(45f32.to_radians()))
                < 1e-3
        );
    }

    #[test]
    fn ray_through_the_box_centre_hits_its_near_face() {
        let obb = Obb3::axis_aligned(Vec3::ZERO, Vec3::new(1.0, 2.0, 3.0));
        let ray = Ray {
            origin: Vec3::new(0.0, 0.0, 10.0),
            dir: -Vec3::Z,
        };
        assert!((ray_hits_box(&ray, &obb).unwrap() - 7.0).abs() < 1e-5);
        let miss = Ray {
            origin: Vec3::new(1.5, 0.0, 10.0),
            dir: -Vec3::Z,
        };
        assert_eq!(ray_hits_box(&miss, &obb), None);
    }
}
