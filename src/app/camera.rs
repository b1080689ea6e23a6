//! Cameras as plain data: the same matrices draw the scene and pick under the pointer, so what the
//! user clicks is what they see. No window calls here; every function is unit-tested.

use glam::{Mat4, Quat, Vec2, Vec3, Vec4Swizzles};
use serde::{Deserialize, Serialize};

/// A screen rectangle in pixels (origin top-left): the part of the window the scene occupies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Viewport {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Viewport {
    /// A viewport of `w` × `h` pixels at the window's top-left corner.
    pub(crate) const fn sized(w: f32, h: f32) -> Self {
        Self {
            x: 0.0,
            y: 0.0,
            w,
            h,
        }
    }

    /// Width over height.
    pub(crate) fn aspect(&self) -> f32 {
        self.w / self.h.max(1.0)
    }

    /// Whether a pixel lies inside.
    pub(crate) fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x <= self.x + self.w && p.y >= self.y && p.y <= self.y + self.h
    }

    /// Centre pixel.
    pub(crate) fn center(&self) -> Vec2 {
        Vec2::new(self.x + 0.5 * self.w, self.y + 0.5 * self.h)
    }

    /// Normalised device coordinates (−1..1, y up) to pixels.
    pub(crate) fn ndc_to_pixel(&self, ndc: Vec2) -> Vec2 {
        Vec2::new(
            self.x + (ndc.x + 1.0) * 0.5 * self.w,
            self.y + (1.0 - ndc.y) * 0.5 * self.h,
        )
    }

    /// Pixels to normalised device coordinates.
    pub(crate) fn pixel_to_ndc(&self, p: Vec2) -> Vec2 {
        Vec2::new(
            (p.x - self.x) / self.w * 2.0 - 1.0,
            1.0 - (p.y - self.y) / self.h * 2.0,
        )
    }
}

/// A ray from the eye through a pixel.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ray {
    /// Start (the eye).
    pub origin: Vec3,
    /// Unit direction.
    pub dir: Vec3,
}

impl Ray {
    /// The point at parameter `t`.
    pub(crate) fn at(&self, t: f32) -> Vec3 {
        self.origin + self.dir * t
    }

    /// Where the ray meets the plane through `point` with normal `normal`; `None` when parallel
    /// (within `1e-4`) or behind the eye.
    pub(crate) fn hit_plane(&self, point: Vec3, normal: Vec3) -> Option<Vec3> {
        let denom = self.dir.dot(normal);
        if denom.abs() < 1e-4 {
            return None;
        }
        let t = (point - self.origin).dot(normal) / denom;
        (t > 0.0).then(|| self.at(t))
    }

    /// Parameter `s` of the point `origin + s·dir` on the line `(origin, dir)` closest to this ray
    /// (dir unit). `None` when the line is (nearly) parallel to the ray.
    pub(crate) fn closest_on_line(&self, origin: Vec3, dir: Vec3) -> Option<f32> {
        let w = origin - self.origin;
        let b = dir.dot(self.dir);
        let denom = 1.0 - b * b;
        if denom < 1e-6 {
            return None;
        }
        let (d, e) = (dir.dot(w), self.dir.dot(w));
        Some((b * e - d) / denom)
    }
}

/// An orbit camera: it looks at `target` from `distance` away, turned by `orientation`
/// (the camera looks down its local −Z with local +Y up, as in OpenGL).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct OrbitCamera {
    /// The point orbited around.
    pub target: [f32; 3],
    /// Eye distance from the target.
    pub distance: f32,
    /// Camera orientation (x, y, z, w).
    pub orientation: [f32; 4],
    /// Vertical field of view in degrees.
    pub fov_deg: f32,
}

impl Default for OrbitCamera {
    fn default() -> Self {
        let q =
            Quat::from_rotation_y(35f32.to_radians()) * Quat::from_rotation_x(-28f32.to_radians());
        Self {
            target: [0.0, 0.4, 0.0],
            distance: 9.0,
            orientation: q.to_array(),
            fov_deg: 45.0,
        }
    }
}

/// Closest and farthest visible depths.
const Z_NEAR: f32 = 0.05;
const Z_FAR: f32 = 5000.0;

impl OrbitCamera {
    fn q(&self) -> Quat {
        let q = Quat::from_array(self.orientation);
        if q.is_finite() && q.length() > 1e-3 {
            q.normalize()
        } else {
            Quat::IDENTITY
        }
    }

    /// The default orientation looking at a sphere of `radius` around `center`, so that the sphere
    /// fills about `fill` of the viewport's height, or of its width when that is the narrower
    /// (`aspect`, width over height, below 1: a scene beside a window is often tall and narrow).
    pub(crate) fn framing(center: Vec3, radius: f32, fill: f32, aspect: f32) -> Self {
        let base = Self::default();
        let half_fov = 0.5 * base.fov_deg.to_radians();
        let narrow = aspect.clamp(0.2, 1.0);
        Self {
            target: center.to_array(),
            distance: (radius / fill.clamp(0.05, 1.0) / half_fov.tan() / narrow).clamp(1.0, 2000.0),
            ..base
        }
    }

    /// Target as a vector.
    pub(crate) fn target(&self) -> Vec3 {
        Vec3::from(self.target)
    }

    /// Camera axes in world space: (right, up, back); the camera looks along −back.
    pub(crate) fn basis(&self) -> (Vec3, Vec3, Vec3) {
        let q = self.q();
        (q * Vec3::X, q * Vec3::Y, q * Vec3::Z)
    }

    /// Eye position.
    pub(crate) fn eye(&self) -> Vec3 {
        self.target() + self.basis().2 * self.distance
    }

    /// Unit viewing direction.
    pub(crate) fn forward(&self) -> Vec3 {
        -self.basis().2
    }

    /// View matrix (world → camera).
    pub(crate) fn view(&self) -> Mat4 {
        let (_, up, _) = self.basis();
        Mat4::look_at_rh(self.eye(), self.target(), up)
    }

    /// Projection × view for a viewport of this aspect ratio.
    pub(crate) fn view_proj(&self, aspect: f32) -> Mat4 {
        Mat4::perspective_rh_gl(self.fov_deg.to_radians(), aspect, Z_NEAR, Z_FAR) * self.view()
    }

    /// Turntable orbit: `dx` radians about world up, `dy` about the camera's right axis.
    /// The pitch is clamped so the camera never flips over the pole.
    pub(crate) fn orbit(&mut self, dx: f32, dy: f32) {
        let q = self.q();
        let yawed = Quat::from_rotation_y(-dx) * q;
        let right = yawed * Vec3::X;
        let pitched = Quat::from_axis_angle(right, -dy) * yawed;
        // keep the camera's up vector above the horizon
        if (pitched * Vec3::Y).y > 0.02 || dy.abs() < 1e-9 {
            self.orientation = pitched.normalize().to_array();
        } else {
            self.orientation = yawed.normalize().to_array();
        }
    }

    /// Moves the target in the view plane by a pixel delta, so the grabbed point follows the cursor.
    pub(crate) fn pan(&mut self, delta_px: Vec2, viewport: &Viewport) {
        let (right, up, _) = self.basis();
        let world_per_px = self.world_per_pixel(self.distance, viewport);
        let t = self.target() - right * delta_px.x * world_per_px + up * delta_px.y * world_per_px;
        self.target = t.to_array();
    }

    /// World units per pixel at `depth` in front of the eye.
    pub(crate) fn world_per_pixel(&self, depth: f32, viewport: &Viewport) -> f32 {
        2.0 * depth * (0.5 * self.fov_deg.to_radians()).tan() / viewport.h.max(1.0)
    }

    /// Zooms by `factor` (< 1 moves in) keeping the world point under `cursor` fixed on screen.
    pub(crate) fn zoom_at(&mut self, factor: f32, cursor: Vec2, viewport: &Viewport) {
        let factor = factor.clamp(0.2, 5.0);
        let new_distance = (self.distance * factor).clamp(0.5, 2000.0);
        let ray = self.ray(cursor, viewport);
        // the point under the cursor on the plane through the target facing the camera
        let anchor = ray
            .hit_plane(self.target(), self.forward())
            .unwrap_or(self.target());
        let k = new_distance / self.distance;
        // scaling eye and target about the anchor keeps the anchor's pixel
        let eye = anchor + (self.eye() - anchor) * k;
        let target = eye + self.forward() * new_distance;
        self.target = target.to_array();
        self.distance = new_distance;
    }

    /// Turns the camera to look along `forward` with `right` as its screen x axis (both unit,
    /// perpendicular), keeping the target and distance.
    pub(crate) fn look(&mut self, forward: Vec3, right: Vec3) {
        let back = -forward.normalize();
        let right = (right - back * right.dot(back)).normalize();
        let up = back.cross(right);
        let q = Quat::from_mat3(&glam::Mat3::from_cols(right, up, back));
        self.orientation = q.normalize().to_array();
    }

    /// The ray through a pixel.
    pub(crate) fn ray(&self, pixel: Vec2, viewport: &Viewport) -> Ray {
        let inv = self.view_proj(viewport.aspect()).inverse();
        let ndc = viewport.pixel_to_ndc(pixel);
        let near = inv.project_point3(ndc.extend(-1.0));
        let far = inv.project_point3(ndc.extend(1.0));
        Ray {
            origin: self.eye(),
            dir: (far - near).normalize(),
        }
    }

    /// A projector for this frame.
    pub(crate) fn projector(&self, viewport: Viewport) -> Projector {
        Projector {
            view_proj: self.view_proj(viewport.aspect()),
            viewport,
            eye: self.eye(),
        }
    }
}

/// World → pixel for one frame, with clipping at the near plane.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projector {
    /// Projection × view.
    pub view_proj: Mat4,
    /// Where the scene is drawn.
    pub viewport: Viewport,
    /// Eye position.
    pub eye: Vec3,
}

/// `w` below which a point counts as behind the eye.
const W_MIN: f32 = 1e-3;

impl Projector {
    /// The pixel of a world point, or `None` behind the eye.
    pub(crate) fn project(&self, p: Vec3) -> Option<Vec2> {
        let c = self.view_proj * p.extend(1.0);
        (c.w > W_MIN).then(|| self.viewport.ndc_to_pixel(c.xy() / c.w))
    }

    /// A world segment on screen, clipped at the near plane.
    pub(crate) fn segment(&self, a: Vec3, b: Vec3) -> Option<(Vec2, Vec2)> {
        let (mut ca, mut cb) = (
            self.view_proj * a.extend(1.0),
            self.view_proj * b.extend(1.0),
        );
        if ca.w <= W_MIN && cb.w <= W_MIN {
            return None;
        }
        if ca.w <= W_MIN {
            let t = (W_MIN - ca.w) / (cb.w - ca.w);
            ca = ca.lerp(cb, t);
        } else if cb.w <= W_MIN {
            let t = (W_MIN - cb.w) / (ca.w - cb.w);
            cb = cb.lerp(ca, t);
        }
        Some((
            self.viewport.ndc_to_pixel(ca.xy() / ca.w),
            self.viewport.ndc_to_pixel(cb.xy() / cb.w),
        ))
    }

    /// Distance from the eye along the view, for painter's ordering.
    pub(crate) fn depth(&self, p: Vec3) -> f32 {
        (self.view_proj * p.extend(1.0)).w
    }
}

/// Distance in pixels from `p` to the segment `a`–`b`.
pub(crate) fn distance_to_segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let t = if ab.length_squared() > 0.0 {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    p.distance(a + ab * t)
}

/// The top-down camera of the 2D mode: world point at the viewport centre and pixels per unit.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Camera2 {
    /// World point shown at the centre of the viewport.
    pub center: [f32; 2],
    /// Pixels per world unit.
    pub zoom: f32,
}

impl Default for Camera2 {
    fn default() -> Self {
        Self {
            center: [0.0, 0.0],
            zoom: 70.0,
        }
    }
}

impl Camera2 {
    /// Centres `center` and zooms so that a circle of `radius` fills `fill` of the viewport's
    /// smaller side.
    pub(crate) fn framing(center: Vec2, radius: f32, fill: f32, viewport: &Viewport) -> Self {
        let side = viewport.w.min(viewport.h).max(1.0);
        Self {
            center: center.to_array(),
            zoom: (fill * side / (2.0 * radius.max(1e-3))).clamp(2.0, 5000.0),
        }
    }

    /// World (y up) → pixel.
    pub(crate) fn to_screen(self, p: Vec2, viewport: &Viewport) -> Vec2 {
        let c = Vec2::from(self.center);
        let d = (p - c) * self.zoom;
        viewport.center() + Vec2::new(d.x, -d.y)
    }

    /// Pixel → world.
    pub(crate) fn to_world(self, px: Vec2, viewport: &Viewport) -> Vec2 {
        let d = px - viewport.center();
        Vec2::from(self.center) + Vec2::new(d.x, -d.y) / self.zoom
    }

    /// Moves the view by a pixel delta so the grabbed point follows the cursor.
    pub(crate) fn pan(&mut self, delta_px: Vec2) {
        let c = Vec2::from(self.center) - Vec2::new(delta_px.x, -delta_px.y) / self.zoom;
        self.center = c.to_array();
    }

    /// Zooms by `factor` (> 1 magnifies) keeping the world point under `cursor` fixed.
    pub(crate) fn zoom_at(&mut self, factor: f32, cursor: Vec2, viewport: &Viewport) {
        let before = self.to_world(cursor, viewport);
        self.zoom = (self.zoom * factor).clamp(2.0, 5000.0);
        let after = self.to_world(cursor, viewport);
        let c = Vec2::from(self.center) + (before - after);
        self.center = c.to_array();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport::sized(800.0, 600.0);

    #[test]
    fn target_projects_to_the_viewport_centre() {
        let cam = OrbitCamera::default();
        let p = cam.projector(VP).project(cam.target()).unwrap();
        assert!((p - VP.center()).length() < 1e-3, "{p}");
    }

    #[test]
    fn ray_through_a_projected_point_passes_through_it() {
        let cam = OrbitCamera::default();
        let world = Vec3::new(1.0, -0.5, 2.0);
        let px = cam.projector(VP).project(world).unwrap();
        let ray = cam.ray(px, &VP);
        let t = (world - ray.origin).dot(ray.dir);
        assert!((ray.at(t) - world).length() < 1e-3);
    }

    #[test]
    fn zoom_keeps_the_point_under_the_cursor() {
        let mut cam = OrbitCamera::default();
        let cursor = Vec2::new(600.0, 150.0);
        let anchor = cam
            .ray(cursor, &VP)
            .hit_plane(cam.target(), cam.forward())
            .unwrap();
        cam.zoom_at(0.7, cursor, &VP);
        let px = cam.projector(VP).project(anchor).unwrap();
        assert!((px - cursor).length() < 0.05, "{px}");
    }

    #[test]
    fn pan_moves_the_target_point_with_the_cursor() {
        let mut cam = OrbitCamera::default();
        let t = cam.target();
        cam.pan(Vec2::new(40.0, -25.0), &VP);
        let px = cam.projector(VP).project(t).unwrap();
        assert!(
            (px - (VP.center() + Vec2::new(40.0, -25.0))).length() < 0.05,
            "{px}"
        );
    }

    #[test]
    fn orbit_never_turns_the_camera_upside_down() {
        let mut cam = OrbitCamera::default();
        for _ in 0..100 {
            cam.orbit(0.1, 0.2);
        }
        assert!(cam.basis().1.y > 0.0);
    }

    #[test]
    fn look_along_puts_the_axis_horizontal_on_screen() {
        let mut cam = OrbitCamera::default();
        let axis = Vec3::new(1.0, 2.0, -0.5).normalize();
        let forward = axis.any_orthonormal_vector();
        cam.look(forward, axis);
        let p = cam.projector(VP);
        let a = p.project(cam.target()).unwrap();
        let b = p.project(cam.target() + axis).unwrap();
        assert!((a.y - b.y).abs() < 1e-3 && b.x > a.x);
    }

    #[test]
    fn segment_behind_the_eye_is_clipped_not_mirrored() {
        let cam = OrbitCamera::default();
        let p = cam.projector(VP);
        let eye = cam.eye();
        let ahead = cam.target();
        let behind = eye - cam.forward() * 5.0;
        let (a, b) = p.segment(ahead, behind).unwrap();
        assert!(a.is_finite() && b.is_finite());
        assert!(p.segment(behind, behind + Vec3::X).is_none());
    }

    #[test]
    fn closest_point_on_a_line_to_a_ray() {
        let ray = Ray {
            origin: Vec3::new(0.0, 0.0, 5.0),
            dir: Vec3::new(0.0, 0.0, -1.0),
        };
        let s = ray
            .closest_on_line(Vec3::new(-3.0, 1.0, 0.0), Vec3::X)
            .unwrap();
        assert!((s - 3.0).abs() < 1e-5);
    }

    #[test]
    fn camera2_framing_fits_the_circle() {
        let cam = Camera2::framing(Vec2::new(3.0, -1.0), 2.0, 0.5, &VP);
        let edge = cam.to_screen(Vec2::new(5.0, -1.0), &VP);
        assert!((cam.to_screen(Vec2::new(3.0, -1.0), &VP) - VP.center()).length() < 1e-3);
        assert!(((edge.x - VP.center().x) - 0.25 * 600.0).abs() < 1e-2);
    }

    #[test]
    fn camera2_round_trips_and_zooms_about_the_cursor() {
        let mut cam = Camera2::default();
        let w = Vec2::new(1.5, -2.0);
        assert!((cam.to_world(cam.to_screen(w, &VP), &VP) - w).length() < 1e-5);
        let cursor = Vec2::new(100.0, 500.0);
        let under = cam.to_world(cursor, &VP);
        cam.zoom_at(1.7, cursor, &VP);
        assert!((cam.to_world(cursor, &VP) - under).length() < 1e-4);
    }
}
