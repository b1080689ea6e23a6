//! Where each of the 15 axes is drawn in 3D, as plain data.
//!
//! The design: every axis `L` becomes a "shadow wall" beside the boxes. Its line runs parallel to
//! `L`, shifted sideways, perpendicular to both `L` and the view direction, so on screen it stands
//! clear of the boxes. Because the shift is perpendicular to `L`, a point with projection `s` on the
//! line is exactly where `s` belongs: the shadows drawn on it are the true intervals of the report.
//! Axes alternate between the two sides of the boxes and step outwards, so lines never pile up
//! through one point.

use glam::{Vec2, Vec3};

use super::camera::{distance_to_segment, Projector};
use crate::sat::{Obb3, Report3};

/// One axis placed in the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisLine {
    /// Index in the test order.
    pub index: usize,
    /// A point of the line whose projection on the axis is `base`.
    pub origin: Vec3,
    /// The unit axis.
    pub dir: Vec3,
    /// Projection value at `origin`.
    pub base: f32,
    /// Projection values of the two ends of the drawn line.
    pub lo: f32,
    /// See `lo`.
    pub hi: f32,
    /// Each box's support points: where its shadow's ends come from (A min, A max, B min, B max).
    pub support: [Vec3; 4],
}

impl AxisLine {
    /// The world point of the line with projection value `s`.
    pub fn point(&self, s: f32) -> Vec3 {
        self.origin + self.dir * (s - self.base)
    }
}

/// The support point of a box in direction `d`: the corner with the largest projection.
fn support(b: &Obb3, d: Vec3) -> Vec3 {
    let e = b.half_extents.to_array();
    b.axes()
        .iter()
        .zip(e)
        .fold(b.center, |p, (u, e)| p + *u * (e * u.dot(d).signum()))
}

/// Places the axes whose index passes `visible`, given the camera's forward and up vectors.
/// `focus` (the hovered, selected or first separating axis) goes nearest the boxes, then the other
/// separating axes, then the rest in test order. Degenerate axes have no direction and are left
/// out (the panel lists them).
pub fn layout(
    report: &Report3,
    a: &Obb3,
    b: &Obb3,
    forward: Vec3,
    up: Vec3,
    focus: Option<usize>,
    visible: impl Fn(usize) -> bool,
) -> Vec<AxisLine> {
    let (mid, radius) = super::state::pair_sphere3(a, b);
    let mut order: Vec<_> = report
        .axes
        .iter()
        .filter(|t| !t.degenerate && visible(t.index))
        .collect();
    order.sort_by_key(|t| (focus != Some(t.index), !t.is_separating(), t.index));
    let right = up.cross(-forward).normalize_or(Vec3::X);
    // slots: (side, level); a line takes the first slot holding no line within 30° of its
    // direction on screen, so near-parallel lines stack outwards while crossing lines share
    let mut taken: Vec<(i32, usize, Vec3)> = Vec::new();
    order
        .into_iter()
        .map(|t| {
            let dir = t.axis;
            // the line's direction on screen, oriented to point right, decides its sides
            let mut screen = dir - forward * dir.dot(forward);
            if screen.length_squared() < 1e-6 {
                screen = up;
            }
            let screen = screen.normalize();
            let screen = if screen.dot(right) < 0.0 {
                -screen
            } else {
                screen
            };
            let side = screen.cross(forward).normalize_or(up);
            let (sign, level) = (0..)
                .map(|k: usize| (if k.is_multiple_of(2) { 1 } else { -1 }, k / 2))
                .find(|&(sg, lv)| {
                    !taken
                        .iter()
                        .any(|&(s2, l2, d2)| s2 == sg && l2 == lv && d2.dot(screen).abs() > 0.866)
                })
                .unwrap_or((1, 0));
            taken.push((sign, level, screen));
            let base = mid.dot(dir);
            let lo = t.interval_a.min.min(t.interval_b.min) - 0.15 * radius;
            let hi = t.interval_a.max.max(t.interval_b.max) + 0.15 * radius;
            AxisLine {
                index: t.index,
                origin: mid + side * (sign as f32 * radius * (1.05 + 0.25 * level as f32)),
                dir,
                base,
                lo,
                hi,
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

/// The axis line nearest the pointer within `max_px` pixels.
pub fn pick(lines: &[AxisLine], projector: &Projector, cursor: Vec2, max_px: f32) -> Option<usize> {
    lines
        .iter()
        .filter_map(|l| {
            let (p, q) = projector.segment(l.point(l.lo), l.point(l.hi))?;
            Some((distance_to_segment(cursor, p, q), l.index))
        })
        .filter(|(d, _)| *d <= max_px)
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .map(|(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::{OrbitCamera, Viewport};
    use crate::sat::dim3;
    use glam::Quat;

    fn pair() -> (Obb3, Obb3) {
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(2.2, 0.5, 0.3),
            half_extents: Vec3::new(0.8, 1.0, 0.6),
            rotation: Quat::from_euler(glam::EulerRot::XYZ, 0.4, 0.7, 0.2),
        };
        (a, b)
    }

    #[test]
    fn a_point_on_an_axis_line_projects_to_its_own_value() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let cam = OrbitCamera::default();
        for line in layout(&r, &a, &b, cam.forward(), Vec3::Y, None, |_| true) {
            let t = &r.axes[line.index];
            let p = line.point(t.interval_a.max);
            assert!((p.dot(line.dir) - t.interval_a.max).abs() < 1e-4);
        }
    }

    #[test]
    fn no_two_axis_lines_share_an_anchor() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let lines = layout(
            &r,
            &a,
            &b,
            OrbitCamera::default().forward(),
            Vec3::Y,
            None,
            |_| true,
        );
        assert_eq!(lines.len(), 15);
        for (i, l) in lines.iter().enumerate() {
            for m in &lines[i + 1..] {
                assert!(l.origin.distance(m.origin) > 0.1);
            }
        }
    }

    #[test]
    fn lines_stand_clear_of_the_boxes_on_screen() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let cam = OrbitCamera::default();
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 800.0,
        };
        let proj = cam.projector(vp);
        let centre_px = proj.project(0.5 * (a.center + b.center)).unwrap();
        for l in layout(&r, &a, &b, cam.forward(), Vec3::Y, None, |_| true) {
            let (p, q) = proj.segment(l.point(l.lo), l.point(l.hi)).unwrap();
            assert!(
                distance_to_segment(centre_px, p, q) > 40.0,
                "axis {}",
                l.index
            );
        }
    }

    #[test]
    fn the_pointer_on_a_line_picks_that_axis() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let cam = OrbitCamera::default();
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 800.0,
        };
        let proj = cam.projector(vp);
        let lines = layout(&r, &a, &b, cam.forward(), Vec3::Y, None, |i| {
            i == 4 || i == 9
        });
        let l = *lines.iter().find(|l| l.index == 9).unwrap();
        let px = proj.project(l.point(0.5 * (l.lo + l.hi))).unwrap();
        assert_eq!(pick(&lines, &proj, px, 6.0), Some(9));
    }

    #[test]
    fn the_focus_axis_is_placed_nearest_the_boxes() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let lines = layout(
            &r,
            &a,
            &b,
            OrbitCamera::default().forward(),
            Vec3::Y,
            Some(11),
            |_| true,
        );
        let mid = 0.5 * (a.center + b.center);
        let d = |l: &AxisLine| l.origin.distance(mid);
        let focus = lines.iter().find(|l| l.index == 11).unwrap();
        assert!(lines.iter().all(|l| d(focus) <= d(l) + 1e-4));
    }

    #[test]
    fn degenerate_axes_are_not_placed() {
        let a = Obb3::default();
        let b = Obb3::axis_aligned(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE);
        let r = dim3::report(&a, &b);
        let lines = layout(&r, &a, &b, -Vec3::Z, Vec3::Y, None, |_| true);
        assert_eq!(lines.len(), 12);
    }
}
