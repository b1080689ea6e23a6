//! Where each candidate axis is drawn, as plain data: one [`AxisLine`] per visible axis, in 2D and
//! in 3D, and picking a line under the pointer.
//!
//! Every axis `L` becomes a line parallel to `L`, shifted sideways (away from the boxes, and in 3D
//! across the view direction) so that it stands clear of them. Because the shift is perpendicular
//! to `L`, the point of the line with axis coordinate `s` is exactly where `s` belongs: the shadows
//! drawn on it are the true intervals of the report, and projection lines from the corners meet it
//! at right angles.

use glam::{Vec2, Vec3};

use super::camera::{distance_to_segment, Viewport};
use super::geom::{Project, Vector};
use crate::sat::{AxisTest, Interval, Obb, Obb2, Obb3};

/// The index of the probe's line: a direction the user points at on the sphere of directions.
pub(crate) const PROBE: usize = usize::MAX;

/// Both boxes' shadows on one direction: what a drawn line shows. Every candidate axis of a report
/// is one; so is the probe.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Shadows<V> {
    /// The axis's index in test order, or [`PROBE`].
    pub index: usize,
    /// The unit direction.
    pub dir: V,
    /// Projected radius of A.
    pub ra: f32,
    /// Projected radius of B.
    pub rb: f32,
    /// `|T·n|`.
    pub distance: f32,
    /// `distance − (ra + rb)`: the separation `s(n)`.
    pub gap: f32,
    /// A's shadow.
    pub interval_a: Interval,
    /// B's shadow.
    pub interval_b: Interval,
    /// The direction separates (a degenerate axis never does).
    pub separating: bool,
}

impl<V: Copy> From<&AxisTest<V>> for Shadows<V> {
    fn from(t: &AxisTest<V>) -> Self {
        Self {
            index: t.index(),
            dir: t.axis(),
            ra: t.ra(),
            rb: t.rb(),
            distance: t.distance(),
            gap: t.gap(),
            interval_a: t.interval_a(),
            interval_b: t.interval_b(),
            separating: t.is_separating(),
        }
    }
}

impl<V> Shadows<V> {
    /// The shadows of two rounded boxes whose cores cast these: A's grown by `ra`, B's by `rb`.
    pub(crate) fn grown(self, ra: f32, rb: f32) -> Self {
        let (ra, rb) = (self.ra + ra, self.rb + rb);
        let gap = self.distance - (ra + rb);
        Self {
            ra,
            rb,
            gap,
            interval_a: Interval::around(self.interval_a.center(), ra),
            interval_b: Interval::around(self.interval_b.center(), rb),
            separating: gap > 0.0,
            ..self
        }
    }

    /// The axis coordinates from the lower end of both shadows to the upper.
    fn span(&self) -> (f32, f32) {
        (
            self.interval_a.min.min(self.interval_b.min),
            self.interval_a.max.max(self.interval_b.max),
        )
    }
}

/// Both boxes' shadows on a unit direction `dir`: its separation `s(n)` and what makes it
/// (computed relative to A, as the reports do).
pub(crate) fn shadows_on<B: Obb>(a: &B, b: &B, dir: B::Vec) -> Shadows<B::Vec> {
    let (ra, rb) = (a.projected_radius(dir), b.projected_radius(dir));
    let signed = (b.center() - a.center()).dot(dir);
    let center_a = a.center().dot(dir);
    let distance = signed.abs();
    let gap = distance - (ra + rb);
    Shadows {
        index: PROBE,
        dir,
        ra,
        rb,
        distance,
        gap,
        interval_a: Interval::around(center_a, ra),
        interval_b: Interval::around(center_a + signed, rb),
        separating: gap > 0.0,
    }
}

/// Placing order: the anchor nearest the boxes, then the separating axes, then the rest in test
/// order; the probe last, outermost.
fn placing_order<V>(items: &[Shadows<V>], anchor: Option<usize>) -> Vec<&Shadows<V>> {
    let mut order: Vec<&Shadows<V>> = items.iter().collect();
    order.sort_by_key(|t| {
        (
            t.index == PROBE,
            anchor != Some(t.index),
            !t.separating,
            t.index,
        )
    });
    order
}

/// One axis placed in the scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AxisLine<V> {
    /// Index in the test order.
    pub index: usize,
    /// A point of the line whose axis coordinate is `base`.
    pub origin: V,
    /// The unit axis.
    pub dir: V,
    /// Axis coordinate of `origin`.
    pub base: f32,
    /// Axis coordinates of the two ends of the drawn line.
    pub lo: f32,
    /// See `lo`.
    pub hi: f32,
    /// Unit vector from the boxes towards the line, perpendicular to `dir`.
    pub side: V,
    /// Where each shadow's ends come from: A min, A max, B min, B max.
    pub support: [V; 4],
}

impl<V: Vector> AxisLine<V> {
    /// The world point of the line with axis coordinate `s`.
    pub(crate) fn point(&self, s: f32) -> V {
        self.origin + self.dir * (s - self.base)
    }
}

/// The axis line nearest the pointer within `max_px` pixels.
pub(crate) fn pick<V: Vector>(
    lines: &[AxisLine<V>],
    projector: &dyn Project<V>,
    cursor: Vec2,
    max_px: f32,
) -> Option<usize> {
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

/// The support points of both boxes at both ends of `dir`: A's at `−dir` and `+dir`, then B's.
fn supports<B: Obb>(a: &B, b: &B, dir: B::Vec) -> [B::Vec; 4] {
    [
        a.support(-dir),
        a.support(dir),
        b.support(-dir),
        b.support(dir),
    ]
}

/// The midpoint of two boxes' centres and the radius around it that holds every corner of both
/// (at least 0.5, so that tiny boxes still get a usable view).
pub(crate) fn pair_sphere<V: Vector>(corners: impl Iterator<Item = V>, mid: V) -> (V, f32) {
    let radius = corners.map(|c| (c - mid).length()).fold(0.5f32, f32::max);
    (mid, radius)
}

/// Places the 3D lines of `items`, given the camera's forward and up vectors: `anchor` nearest
/// the boxes, then the separating axes, then the rest in test order, the probe last. A line takes
/// the first slot (side, level) holding no line within 30° of its direction on screen, so
/// near-parallel lines stack outwards while crossing lines share a ring.
pub(crate) fn layout_in_space(
    items: &[Shadows<Vec3>],
    a: &Obb3,
    b: &Obb3,
    forward: Vec3,
    up: Vec3,
    anchor: Option<usize>,
) -> Vec<AxisLine<Vec3>> {
    let corners = a.corners().into_iter().chain(b.corners());
    let (mid, radius) = pair_sphere(corners, 0.5 * (a.center + b.center));
    let right = up.cross(-forward).normalize_or(Vec3::X);
    let mut taken: Vec<(i32, usize, Vec3)> = Vec::new();
    placing_order(items, anchor)
        .into_iter()
        .map(|t| {
            let dir = t.dir;
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
            let side = side * sign as f32;
            let (lo, hi) = t.span();
            AxisLine {
                index: t.index,
                origin: mid + side * (radius * (1.05 + 0.25 * level as f32)),
                dir,
                base: mid.dot(dir),
                lo: lo - 0.15 * radius,
                hi: hi + 0.15 * radius,
                side,
                support: supports(a, b, dir),
            }
        })
        .collect()
}

/// Gap (pixels) between the rectangles and the nearest 2D axis line.
pub(crate) const LINE_MARGIN_PX: f32 = 46.0;
/// Gap (pixels) between two 2D axis lines stacked on the same side.
const LINE_SPACING_PX: f32 = 44.0;
/// How far (pixels) a 2D line runs beyond the shadows at each end.
const LINE_OVERHANG_PX: f32 = 22.0;

/// Places the 2D lines of `items` at `zoom` pixels per unit.
///
/// Each line goes beyond both rectangles along its normal, so no line crosses a box. In test order
/// the lines alternate sides; a line whose side is already taken by a nearly parallel line at the
/// same distance moves to the other side or one step further out. The placement does not depend on
/// hover or selection, so lines never jump while the pointer moves; the probe goes last.
pub(crate) fn layout_in_plane(
    items: &[Shadows<Vec2>],
    a: &Obb2,
    b: &Obb2,
    zoom: f32,
) -> Vec<AxisLine<Vec2>> {
    let per_px = 1.0 / zoom.max(1e-3);
    let corners: Vec<Vec2> = a.corners().into_iter().chain(b.corners()).collect();
    let mut placed: Vec<(Vec2, usize)> = Vec::new();
    let parallel = 40f32.to_radians().cos();
    let mut order: Vec<&Shadows<Vec2>> = items.iter().collect();
    order.sort_by_key(|t| (t.index == PROBE, t.index));
    order
        .into_iter()
        .enumerate()
        .map(|(rank, t)| {
            let dir = t.dir;
            let n = dir.perp();
            let preferred = if rank % 2 == 0 { 1.0 } else { -1.0 };
            let (normal, level) = (0usize..)
                .flat_map(|level| [(n * preferred, level), (-n * preferred, level)])
                .find(|(m, level)| {
                    !placed
                        .iter()
                        .any(|(o, l)| l == level && o.dot(*m) > parallel)
                })
                .unwrap_or((n, 0));
            placed.push((normal, level));
            let beyond = corners
                .iter()
                .map(|c| c.dot(normal))
                .fold(f32::MIN, f32::max);
            let offset = beyond + (LINE_MARGIN_PX + LINE_SPACING_PX * level as f32) * per_px;
            let overhang = LINE_OVERHANG_PX * per_px;
            let (lo, hi) = t.span();
            AxisLine {
                index: t.index,
                origin: normal * offset,
                dir,
                base: 0.0,
                lo: lo - overhang,
                hi: hi + overhang,
                side: normal,
                support: supports(a, b, dir),
            }
        })
        .collect()
}

/// The non-degenerate axes of a report whose index passes `visible`, as lines to place.
pub(crate) fn axes_to_place<V: Copy>(
    axes: &[AxisTest<V>],
    visible: &dyn Fn(usize) -> bool,
) -> Vec<Shadows<V>> {
    axes.iter()
        .filter(|t| !t.degenerate() && visible(t.index()))
        .map(Shadows::from)
        .collect()
}

/// A rectangle on screen: its top-left and bottom-right pixels.
pub(crate) type ScreenRect = (Vec2, Vec2);

/// How much of the segment `(p, q)` lies inside `rect`, in pixels (Liang–Barsky clipping).
pub(crate) fn length_inside((p, q): (Vec2, Vec2), rect: ScreenRect) -> f32 {
    let d = q - p;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (step, room) in [
        (-d.x, p.x - rect.0.x),
        (d.x, rect.1.x - p.x),
        (-d.y, p.y - rect.0.y),
        (d.y, rect.1.y - p.y),
    ] {
        if step == 0.0 {
            if room < 0.0 {
                return 0.0;
            }
        } else {
            let t = room / step;
            if step < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    (t1 - t0).max(0.0) * d.length()
}

/// The colour key's shapes: its size in one column (tall and narrow), two and three (short and
/// wide).
pub(crate) type KeyShapes = [Vec2; 3];

/// A place the colour key may take: its rectangle, and in how many columns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct KeyPlace {
    /// Where it goes.
    pub rect: ScreenRect,
    /// 1 or 2.
    pub columns: usize,
}

/// Where the colour key may go in the scene `vp`, in order of preference: in one column at the
/// top right under the verdict banner's line (its usual place), at the bottom right above the line
/// the 2D scene writes the cursor's position on, then in two or three columns (short and wide) at
/// the bottom right and the top right, then at the top left under the banner and the hint
/// (`left_top`: where they end) and at the bottom left above the message line. A shape wider
/// than the scene is left out.
pub(crate) fn key_places(vp: &Viewport, shapes: KeyShapes, left_top: f32) -> Vec<KeyPlace> {
    let (right, left) = (vp.x + vp.w - 12.0, vp.x + 12.0);
    let (top, bottom) = (vp.y + 62.0, vp.y + vp.h - 40.0);
    let place = |columns: usize, on_right: bool, at_top: bool| {
        let size = shapes[columns - 1];
        let x = if on_right { right - size.x } else { left };
        let y = match (at_top, on_right) {
            (true, true) => top,
            (true, false) => left_top.max(top) + 10.0,
            (false, _) => bottom - size.y,
        };
        KeyPlace {
            rect: (Vec2::new(x, y), Vec2::new(x, y) + size),
            columns,
        }
    };
    [
        place(1, true, true),
        place(1, true, false),
        place(2, true, false),
        place(2, true, true),
        place(3, true, false),
        place(3, true, true),
        place(1, false, true),
        place(1, false, false),
        place(2, false, false),
        place(2, false, true),
    ]
    .into_iter()
    .filter(|p| p.rect.0.x >= left && p.rect.1.y <= bottom)
    .collect()
}

/// How far (pixels) from its line an axis's shadows and ticks are drawn: a rectangle over the
/// scene covers a line that runs this close to it.
pub(crate) const BARS_PX: f32 = 12.0;

/// Of the `places` a rectangle may take, the one that covers the least of the `drawn` segments
/// and of the shadow bars along them (the first of equals): where a key or a window hides the
/// least of the scene.
pub(crate) fn least_covered(places: &[ScreenRect], drawn: &[(Vec2, Vec2)]) -> usize {
    let covered = |r: &ScreenRect| -> f32 {
        let grown = (r.0 - Vec2::splat(BARS_PX), r.1 + Vec2::splat(BARS_PX));
        drawn.iter().map(|s| length_inside(*s, grown)).sum()
    };
    let mut best = (0, f32::INFINITY);
    for (k, r) in places.iter().enumerate() {
        let c = covered(r);
        if c < best.1 {
            best = (k, c);
        }
    }
    best.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_place_that_covers_the_least_of_the_lines_is_chosen() {
        let square = |x: f32, y: f32| (Vec2::new(x, y), Vec2::new(x + 10.0, y + 10.0));
        let across = (Vec2::new(-5.0, 5.0), Vec2::new(25.0, 5.0));
        assert!((length_inside(across, square(0.0, 0.0)) - 10.0).abs() < 1e-4);
        assert_eq!(length_inside(across, square(0.0, 20.0)), 0.0);
        let diagonal = (Vec2::new(0.0, 0.0), Vec2::new(40.0, 40.0));
        assert!((length_inside(diagonal, square(0.0, 0.0)) - 200f32.sqrt()).abs() < 1e-4);
        // the first place is crossed, the second clear
        let places = [square(0.0, 0.0), square(0.0, 40.0)];
        assert_eq!(least_covered(&places, &[across]), 1);
        // a line that misses a place by less than its bars' width covers it
        let near = (Vec2::new(-5.0, 15.0), Vec2::new(25.0, 15.0));
        assert_eq!(
            least_covered(&[square(0.0, 0.0), square(0.0, 40.0)], &[near]),
            1
        );
        assert_eq!(least_covered(&places, &[]), 0, "equals: the first");
    }
    use crate::app::camera::{OrbitCamera, Viewport};
    use crate::sat::{dim2, dim3};
    use glam::Quat;

    const VP: Viewport = Viewport::sized(1000.0, 800.0);

    fn pair() -> (Obb3, Obb3) {
        let a = Obb3::default();
        let b = Obb3 {
            center: Vec3::new(2.2, 0.5, 0.3),
            half_extents: Vec3::new(0.8, 1.0, 0.6),
            rotation: Quat::from_euler(glam::EulerRot::XYZ, 0.4, 0.7, 0.2),
        };
        (a, b)
    }

    fn all(_: usize) -> bool {
        true
    }

    #[test]
    fn a_point_on_an_axis_line_projects_to_its_own_value() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let cam = OrbitCamera::default();
        for line in layout_in_space(
            &axes_to_place(&r.axes, &all),
            &a,
            &b,
            cam.forward(),
            Vec3::Y,
            None,
        ) {
            let t = &r.axes[line.index];
            let p = line.point(t.interval_a().max);
            assert!((p.dot(line.dir) - t.interval_a().max).abs() < 1e-4);
        }
    }

    #[test]
    fn no_two_axis_lines_share_an_anchor() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let forward = OrbitCamera::default().forward();
        let lines = layout_in_space(
            &axes_to_place(&r.axes, &all),
            &a,
            &b,
            forward,
            Vec3::Y,
            None,
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
        let proj = cam.projector(VP);
        let centre_px = proj.project(0.5 * (a.center + b.center)).unwrap();
        for l in layout_in_space(
            &axes_to_place(&r.axes, &all),
            &a,
            &b,
            cam.forward(),
            Vec3::Y,
            None,
        ) {
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
        let proj = cam.projector(VP);
        let visible = |i: usize| i == 4 || i == 9;
        let lines = layout_in_space(
            &axes_to_place(&r.axes, &visible),
            &a,
            &b,
            cam.forward(),
            Vec3::Y,
            None,
        );
        let l = *lines.iter().find(|l| l.index == 9).unwrap();
        let px = proj.project(l.point(0.5 * (l.lo + l.hi))).unwrap();
        assert_eq!(pick(&lines, &proj, px, 6.0), Some(9));
    }

    #[test]
    fn the_anchor_axis_is_placed_nearest_the_boxes() {
        let (a, b) = pair();
        let r = dim3::report(&a, &b);
        let forward = OrbitCamera::default().forward();
        let lines = layout_in_space(
            &axes_to_place(&r.axes, &all),
            &a,
            &b,
            forward,
            Vec3::Y,
            Some(11),
        );
        let mid = 0.5 * (a.center + b.center);
        let d = |l: &AxisLine<Vec3>| l.origin.distance(mid);
        let focus = lines.iter().find(|l| l.index == 11).unwrap();
        assert!(lines.iter().all(|l| d(focus) <= d(l) + 1e-4));
    }

    #[test]
    fn degenerate_axes_are_not_placed() {
        let a = Obb3::default();
        let b = Obb3::axis_aligned(Vec3::new(3.0, 0.0, 0.0), Vec3::ONE);
        let r = dim3::report(&a, &b);
        let lines = layout_in_space(
            &axes_to_place(&r.axes, &all),
            &a,
            &b,
            -Vec3::Z,
            Vec3::Y,
            None,
        );
        assert_eq!(lines.len(), 12);
    }

    fn pair2() -> (Obb2, Obb2) {
        crate::scene::presets::default_pair2()
    }

    #[test]
    fn lines_2d_are_parallel_to_their_axes_and_stand_clear_of_both_boxes() {
        let (a, b) = pair2();
        let r = dim2::report(&a, &b);
        let lines = layout_in_plane(&axes_to_place(&r.axes, &all), &a, &b, 70.0);
        assert_eq!(lines.len(), 4);
        for l in &lines {
            let t = &r.axes[l.index];
            // a point with axis value s projects to s
            assert!((l.point(t.interval_b().max).dot(t.axis()) - t.interval_b().max).abs() < 1e-4);
            // every corner is at least the margin short of the line
            for c in a.corners().iter().chain(b.corners().iter()) {
                assert!(l.origin.dot(l.side) - c.dot(l.side) >= LINE_MARGIN_PX / 70.0 - 1e-4);
            }
            // the line covers both shadows
            assert!(l.lo < t.interval_a().min.min(t.interval_b().min));
            assert!(l.hi > t.interval_a().max.max(t.interval_b().max));
        }
    }

    #[test]
    fn parallel_2d_axes_go_to_different_sides_or_distances() {
        // B turned by 5°: its axes nearly coincide with A's
        let a = Obb2::default();
        let b = Obb2 {
            center: Vec2::new(3.0, 0.5),
            angle: 5f32.to_radians(),
            ..Default::default()
        };
        let r = dim2::report(&a, &b);
        let lines = layout_in_plane(&axes_to_place(&r.axes, &all), &a, &b, 70.0);
        for (i, l) in lines.iter().enumerate() {
            for m in &lines[i + 1..] {
                let offset = |x: &AxisLine<Vec2>| x.origin.dot(x.side);
                let same_place =
                    l.side.dot(m.side) > 0.9 && (offset(l) - offset(m)).abs() < 20.0 / 70.0;
                assert!(!same_place, "axes {} and {} overlap", l.index, m.index);
            }
        }
    }
}
