//! The Minkowski difference `A ⊖ B` and GJK/EPA's steps as the "Minkowski difference · GJK/EPA"
//! window shows them, as plain data: the run and the faces computed once per frame while the window
//! is open ([`GjkFrame`]), which step the stepper is on, the picture's projection and picking, and
//! the window's sentences. Nothing here draws; [`super::ui::gjk`] paints it.
//!
//! Both algorithms work on `A ⊖ B` ([`crate::sat::gjk`]): the origin is inside it exactly when the
//! boxes intersect, and each of its faces lies on a candidate axis `L` at the distance `h(L)` of its
//! supporting plane, so the report's gap on `L` is `−min(h(L), h(−L))`.

use glam::{DVec3, Quat, Vec2, Vec3};

use super::camera::distance_to_segment;
use super::layout::length_inside;

use crate::sat::fmt_num;
use crate::sat::gjk::{self, GjkParams, GjkTrace, MinkowskiDifference, MinkowskiFace, Stop};
use crate::sat::Obb;

/// What the window shows of a pair: computed when the pair changes while it is open, and kept
/// from frame to frame ([`crate::app::frame::Reusable`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct GjkFrame {
    /// GJK's and EPA's steps and answer, with parry's tolerances.
    pub trace: GjkTrace,
    /// The faces of `A ⊖ B`.
    pub difference: MinkowskiDifference,
    /// Its corners, each once.
    pub vertices: Vec<DVec3>,
    /// Its edges, each once, with the faces on either side (indices into `difference.faces`;
    /// the same face twice for an edge found on one face only).
    pub edges: Vec<([DVec3; 2], [usize; 2])>,
}

impl GjkFrame {
    /// The run and the faces of `A ⊖ B` for the pair (2D boxes as flat 3D ones, `z = 0`).
    pub(crate) fn of<B: Obb>(a: &B, b: &B) -> Self {
        let (a, b) = (a.to_box64(), b.to_box64());
        let difference = MinkowskiDifference::of(&a, &b);
        Self {
            trace: gjk::trace(&a, &b, &GjkParams::PARRY),
            vertices: difference.vertices(),
            edges: Self::edges(&difference),
            difference,
        }
    }

    /// How many steps the stepper walks: GJK's, then EPA's.
    pub(crate) fn steps(&self) -> usize {
        self.trace.gjk.len() + self.trace.epa.len()
    }

    /// The edges of the faces of `A ⊖ B` (3D: the sides of its polygons), each once, with the two faces
    /// that share it (an edge is the same two corners, to the bit, on both faces).
    fn edges(d: &MinkowskiDifference) -> Vec<([DVec3; 2], [usize; 2])> {
        let key = |p: DVec3| p.to_array().map(f64::to_bits);
        let mut out: Vec<([DVec3; 2], [usize; 2])> = Vec::new();
        for (f, face) in d.faces.iter().enumerate() {
            let n = face.polygon.len();
            for k in 0..n {
                let (p, q) = (face.polygon[k], face.polygon[(k + 1) % n]);
                let same = |e: &&mut ([DVec3; 2], [usize; 2])| {
                    let [a, b] = e.0.map(key);
                    (a, b) == (key(p), key(q)) || (a, b) == (key(q), key(p))
                };
                match out.iter_mut().find(same) {
                    Some(e) => e.1[1] = f,
                    None => out.push(([p, q], [f, f])),
                }
            }
        }
        out
    }

    /// The step shown at stepper position `k` (the last one when `k` is past the end).
    pub(crate) fn step(&self, k: usize) -> Option<Step> {
        step_at(self.trace.gjk.len(), self.trace.epa.len(), k)
    }

    /// `h(u) = max (a − b)·u`: the distance of the supporting plane of `A ⊖ B` with unit normal
    /// `u` from the origin (negative when the origin is beyond it).
    pub(crate) fn support(&self, u: DVec3) -> f64 {
        self.vertices
            .iter()
            .map(|p| p.dot(u))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// The candidate axis `l` on `A ⊖ B` (a report's `f32` axis, renormalised here): the nearer
    /// of its two supporting planes, and the face on it (the face whose normal is nearest, within
    /// the rounding of an `f32` axis).
    pub(crate) fn axis_plane(&self, l: DVec3) -> AxisPlane {
        let l = l.normalize_or(DVec3::X);
        let (up, down) = (self.support(l), self.support(-l));
        let normal = if up <= down { l } else { -l };
        let face = (0..self.difference.faces.len())
            .map(|k| (k, self.difference.faces[k].normal.dot(normal)))
            .filter(|(_, c)| *c > 1.0 - 1e-6)
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(k, _)| k);
        AxisPlane {
            normal,
            offset: up.min(down),
            face,
        }
    }
}

/// The nearer supporting plane of `A ⊖ B` on a candidate axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct AxisPlane {
    /// Its outward unit normal: the axis or its opposite.
    pub normal: DVec3,
    /// `min(h(L), h(−L))`: the axis's gap is minus this.
    pub offset: f64,
    /// The face of `A ⊖ B` on it (an index into its faces), when the support set is a face.
    pub face: Option<usize>,
}

impl AxisPlane {
    /// The report's gap on the axis: `−min(h(L), h(−L))`.
    pub(crate) fn gap(&self) -> f64 {
        -self.offset
    }
}

/// One step of the stepper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// GJK's step `k` (0-based).
    Gjk(usize),
    /// EPA's step `k` (0-based).
    Epa(usize),
}

/// The step at stepper position `k` of `gjk` GJK steps followed by `epa` EPA steps; the last one
/// when `k` is past the end, none when there are no steps.
pub(crate) fn step_at(gjk: usize, epa: usize, k: usize) -> Option<Step> {
    let last = (gjk + epa).checked_sub(1)?;
    let k = k.min(last);
    Some(if k < gjk {
        Step::Gjk(k)
    } else {
        Step::Epa(k - gjk)
    })
}

/// The stepper's caption: "GJK step 2 of 4", "EPA step 1 of 7".
pub(crate) fn step_title(step: Step, gjk: usize, epa: usize) -> String {
    match step {
        Step::Gjk(k) => format!("GJK step {} of {gjk}", k + 1),
        Step::Epa(k) => format!("EPA step {} of {epa}", k + 1),
    }
}

/// The stepper position shown: `chosen` (the last step when none was chosen), within `steps`.
pub(crate) fn shown_step(chosen: Option<usize>, steps: usize) -> Option<usize> {
    let last = steps.checked_sub(1)?;
    Some(chosen.unwrap_or(last).min(last))
}

/// The picture's projection: `A ⊖ B` turned by `view` (in 2D, not turned: x right, y up) and
/// scaled into a square of pixels, orthographic. The fit is to a sphere around the points and the
/// origin, so turning the picture never rescales it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Projection {
    /// The picture's rotation.
    pub view: Quat,
    /// The world point at the picture's centre.
    pub centre: DVec3,
    /// Pixels per unit.
    pub scale: f32,
    /// The picture's centre in pixels.
    pub screen: Vec2,
}

impl Projection {
    /// Fits `points` and the origin into the disc of `radius` pixels about `screen`.
    pub(crate) fn fit(points: &[DVec3], view: Quat, screen: Vec2, radius: f32) -> Self {
        let (lo, hi) = points
            .iter()
            .fold((DVec3::ZERO, DVec3::ZERO), |(lo, hi), p| {
                (lo.min(*p), hi.max(*p))
            });
        let centre = (lo + hi) * 0.5;
        let reach = points
            .iter()
            .chain([&DVec3::ZERO])
            .map(|p| p.distance(centre))
            .fold(0.0, f64::max);
        let scale = if reach > 0.0 {
            (radius as f64 / reach) as f32
        } else {
            1.0
        };
        Self {
            view,
            centre,
            scale,
            screen,
        }
    }

    /// The point in the picture's frame: x right, y up, z towards the viewer, in units.
    fn turned(&self, p: DVec3) -> Vec3 {
        self.view * (p - self.centre).as_vec3()
    }

    /// The pixel of a point.
    pub(crate) fn pixel(&self, p: DVec3) -> Vec2 {
        let q = self.turned(p) * self.scale;
        self.screen + Vec2::new(q.x, -q.y)
    }

    /// A face with outward normal `normal` faces the viewer.
    pub(crate) fn facing(&self, normal: DVec3) -> bool {
        (self.view * normal.as_vec3()).z > 0.0
    }

    /// A direction as it appears in the picture, in pixels per unit (y down).
    pub(crate) fn on_screen(&self, d: DVec3) -> Vec2 {
        let q = self.view * d.as_vec3() * self.scale;
        Vec2::new(q.x, -q.y)
    }
}

/// The face of `A ⊖ B` under pixel `p`: of the faces facing the viewer (in 2D, of the edges: the
/// one within 6 pixels), the first whose outline holds it.
pub(crate) fn face_under(
    projection: &Projection,
    faces: &[MinkowskiFace],
    flat: bool,
    p: Vec2,
) -> Option<usize> {
    faces.iter().position(|f| {
        let px: Vec<Vec2> = f.polygon.iter().map(|q| projection.pixel(*q)).collect();
        if flat {
            px.len() == 2 && distance_to_segment(p, px[0], px[1]) <= 6.0
        } else {
            projection.facing(f.normal) && inside_convex(&px, p)
        }
    })
}

/// `p` is inside the convex polygon `poly` (either winding), edges included.
pub(crate) fn inside_convex(poly: &[Vec2], p: Vec2) -> bool {
    if poly.len() < 3 {
        return false;
    }
    let sides = (0..poly.len()).map(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        (b - a).perp_dot(p - a)
    });
    let (mut pos, mut neg) = (false, false);
    for s in sides {
        pos |= s > 0.0;
        neg |= s < 0.0;
    }
    !(pos && neg)
}

/// The convex hull of points in the picture, clockwise on the screen (Andrew's monotone chain):
/// the outline of `A ⊖ B` as seen, whatever its faces.
pub(crate) fn outline(points: &[Vec2]) -> Vec<Vec2> {
    let mut p = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup_by(|a, b| a.distance_squared(*b) < 1e-6);
    if p.len() < 3 {
        return p;
    }
    let mut hull: Vec<Vec2> = Vec::with_capacity(2 * p.len());
    for pass in [p.clone(), p.iter().rev().copied().collect()] {
        let start = hull.len();
        for q in pass {
            while hull.len() >= start + 2
                && (hull[hull.len() - 1] - hull[hull.len() - 2]).perp_dot(q - hull[hull.len() - 2])
                    <= 0.0
            {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull
}

/// A rectangle of the picture, in pixels: its corners.
pub(crate) type Spot = (Vec2, Vec2);

/// Where a label of `size` goes beside the point `at`: of eight directions around it at four
/// distances, the place inside `bounds` off the labels already `placed`, clear of the points to
/// `avoid` and of the `lines` drawn, nearest the point. Clearance from points counts up to 12
/// pixels (further is no better), so a label sits beside its point whenever there is room there; a
/// line under it costs by its length inside (the label's plate hides that much of it).
pub(crate) fn label_spot(
    at: Vec2,
    size: Vec2,
    avoid: &[Vec2],
    placed: &[Spot],
    lines: &[(Vec2, Vec2)],
    bounds: Spot,
) -> Spot {
    // right, then counter-clockwise on the screen (y down) in eighths of a turn
    const SIDES: [Vec2; 8] = [
        Vec2::new(1.0, 0.0),
        Vec2::new(1.0, -1.0),
        Vec2::new(0.0, -1.0),
        Vec2::new(-1.0, -1.0),
        Vec2::new(-1.0, 0.0),
        Vec2::new(-1.0, 1.0),
        Vec2::new(0.0, 1.0),
        Vec2::new(1.0, 1.0),
    ];
    let mut best: Option<(f32, Spot)> = None;
    for gap in [7.0f32, 14.0, 24.0, 36.0] {
        for d in SIDES {
            // the label's near edge or corner `gap` from the point, on the side `d`
            let centre = at + d * gap + d * size * 0.5;
            let spot = (centre - size * 0.5, centre + size * 0.5);
            let clear = avoid
                .iter()
                .map(|q| point_to_spot(*q, spot))
                .fold(f32::INFINITY, f32::min);
            // one label over another is never read: far worse than any line under a plate
            let on_label = placed.iter().any(|r| spot_to_spot(*r, spot) < 2.0);
            let crossed: f32 = lines.iter().map(|l| length_inside(*l, spot)).sum();
            let outside = (bounds.0 - spot.0).max(spot.1 - bounds.1).max(Vec2::ZERO);
            let score = clear.min(12.0)
                - if on_label { 1000.0 } else { 0.0 }
                - 0.15 * crossed
                - 10.0 * (outside.x + outside.y)
                - (gap - 7.0) * 0.3;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, spot));
            }
        }
    }
    best.map_or((at, at + size), |(_, s)| s)
}

/// The point of the rectangle `r` nearest `p` (`p` itself when inside): where a label's leader
/// line ends.
pub(crate) fn nearest_on_spot(p: Vec2, r: Spot) -> Vec2 {
    p.clamp(r.0, r.1)
}

/// How far a point is from a rectangle; inside, minus how deep.
fn point_to_spot(p: Vec2, r: Spot) -> f32 {
    spot_to_spot((p, p), r)
}

/// How far apart two rectangles are; when they overlap, minus the overlap's smaller side.
fn spot_to_spot(a: Spot, b: Spot) -> f32 {
    let apart = (a.0 - b.1).max(b.0 - a.1);
    if apart.x < 0.0 && apart.y < 0.0 {
        apart.max_element()
    } else {
        apart.max(Vec2::ZERO).length()
    }
}

/// Where the origin is, in words: inside `A ⊖ B` (the boxes intersect), on its boundary (they
/// touch), or outside at the distance between the boxes.
pub(crate) fn origin_words(intersect: bool, touching: bool, distance: f32) -> String {
    match (intersect, touching) {
        (_, true) => "origin on the boundary of A − B: the boxes touch".into(),
        (true, false) => "origin inside A − B: the boxes intersect".into(),
        (false, false) => format!(
            "origin outside A − B: the boxes are separated by {}",
            fmt_num(distance)
        ),
    }
}

/// Why GJK (`epa` false) or EPA stopped, in words after the stop's name, with parry's
/// tolerances.
pub(crate) fn stop_words(stop: Stop, epa: bool) -> String {
    let p = GjkParams::PARRY;
    let why = match (stop, epa) {
        (Stop::Converged, false) => {
            "no support point nearer than the simplex, or the simplex holds the origin".into()
        }
        (Stop::Converged, true) => {
            "the support point lies on the nearest facet (upper = lower)".into()
        }
        (Stop::Tolerance, false) => format!(
            "upper − lower ≤ {}% of the upper bound",
            fmt_num((p.relative * 100.0) as f32)
        ),
        (Stop::Tolerance, true) => {
            format!("upper − lower < {}", fmt_num(p.epa_tolerance as f32))
        }
        (Stop::IterationCap, _) => {
            format!("{} iterations without the bounds meeting", p.max_iterations)
        }
        (Stop::Degenerate, _) => "the polytope could not grow (no facet saw the new point, or a \
                                  new facet had no normal)"
            .into(),
    };
    format!("{}: {why}", stop.name())
}

/// The bounds on a number closing in: "0.31 ≤ distance ≤ 0.45 (apart by 0.14)". A lower bound
/// below 0 bounds nothing (the distance and the depth are never negative): it is said so, with
/// the number and why, instead of "−1.9 ≤ distance".
pub(crate) fn bounds_words(what: &str, lower: f64, upper: f64) -> String {
    if lower < 0.0 {
        let why = format!(
            "no lower bound yet: −d·w = {} is below 0 (w lies past the origin along d)",
            fmt_num(lower as f32)
        );
        return if upper.is_finite() {
            format!("{what} ≤ {} · {why}", fmt_num(upper as f32))
        } else {
            format!("{what}: no bound yet; {why}")
        };
    }
    if upper.is_finite() {
        // bounds that met up to rounding are apart by 0
        let apart = upper - lower;
        let apart = if apart.abs() <= 1e-12 * upper.abs().max(1.0) {
            0.0
        } else {
            apart
        };
        format!(
            "{} ≤ {what} ≤ {} (apart by {})",
            fmt_num(lower as f32),
            fmt_num(upper as f32),
            fmt_num(apart as f32)
        )
    } else {
        format!("{} ≤ {what} (no upper bound yet)", fmt_num(lower as f32))
    }
}

/// How far a depth falls short of SAT's: "short of SAT's by 0.012 (3.1%)", or "equal to SAT's".
pub(crate) fn short_words(depth: f64, sat: f32) -> String {
    let short = sat as f64 - depth;
    let tol = 1e-6 * (1.0 + sat.abs() as f64);
    if short.abs() <= tol {
        "equal to SAT's depth".into()
    } else {
        let pct = if sat > 0.0 {
            format!(" ({}%)", fmt_num((100.0 * short / sat as f64) as f32))
        } else {
            String::new()
        };
        let side = if short > 0.0 { "short of" } else { "beyond" };
        format!("{side} SAT's depth by {}{pct}", fmt_num(short.abs() as f32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::{Obb2, Obb3};
    use glam::Vec2 as V2;

    #[test]
    fn the_stepper_walks_gjk_then_epa_and_stays_on_the_last_step_past_the_end() {
        assert_eq!(step_at(0, 0, 0), None);
        assert_eq!(step_at(2, 3, 0), Some(Step::Gjk(0)));
        assert_eq!(step_at(2, 3, 1), Some(Step::Gjk(1)));
        assert_eq!(step_at(2, 3, 2), Some(Step::Epa(0)));
        assert_eq!(step_at(2, 3, 4), Some(Step::Epa(2)));
        assert_eq!(step_at(2, 3, 99), Some(Step::Epa(2)));
        assert_eq!(step_at(3, 0, 7), Some(Step::Gjk(2)));
        assert_eq!(step_title(Step::Gjk(1), 4, 0), "GJK step 2 of 4");
        assert_eq!(step_title(Step::Epa(0), 4, 7), "EPA step 1 of 7");
        // nothing chosen: the last step, the answer
        assert_eq!(shown_step(None, 5), Some(4));
        assert_eq!(shown_step(Some(1), 5), Some(1));
        // a step chosen for a longer run than this frame's
        assert_eq!(shown_step(Some(9), 5), Some(4));
        assert_eq!(shown_step(Some(0), 0), None);
    }

    #[test]
    fn the_projection_fits_the_origin_and_turning_it_keeps_the_scale() {
        let points = [DVec3::new(2.0, 1.0, 0.0), DVec3::new(4.0, 3.0, 1.0)];
        let p = Projection::fit(&points, Quat::IDENTITY, V2::new(100.0, 100.0), 50.0);
        for q in points.iter().chain([&DVec3::ZERO]) {
            assert!(p.pixel(*q).distance(V2::splat(100.0)) <= 50.0 + 1e-3, "{q}");
        }
        // y up in the world is up on the screen
        let up = p.pixel(DVec3::Y) - p.pixel(DVec3::ZERO);
        assert!(up.y < 0.0 && up.x.abs() < 1e-4);
        let turned = Projection::fit(&points, Quat::from_rotation_y(1.0), V2::ZERO, 50.0);
        assert_eq!(turned.scale, p.scale);
        // facing: +z faces the unturned viewer, −z does not
        assert!(p.facing(DVec3::Z) && !p.facing(-DVec3::Z));
        assert!(turned.facing(-DVec3::X) && !turned.facing(DVec3::X));
    }

    #[test]
    fn every_edge_of_the_difference_is_drawn_once_between_its_two_faces() {
        let cube = Obb3::axis_aligned(Vec3::ZERO, Vec3::splat(0.5));
        let g = GjkFrame::of(&cube, &cube);
        // A ⊖ A of a cube is a cube twice the size: 12 edges, each between two faces
        assert_eq!(g.edges.len(), 12);
        let turn = Quat::from_euler(glam::EulerRot::XYZ, 0.3, 0.5, 0.4);
        let turned = Obb3::new(Vec3::X, Vec3::new(0.5, 0.7, 0.9), turn).unwrap();
        for g in [g, GjkFrame::of(&cube, &turned)] {
            for (ends, [f, h]) in &g.edges {
                assert_ne!(f, h, "{ends:?} lies on one face only");
                for k in [f, h] {
                    let face = &g.difference.faces[*k];
                    for q in ends {
                        let off = face.normal.dot(*q) - face.offset;
                        assert!(off.abs() < 1e-9, "{q} is {off} off face {k}");
                    }
                }
            }
            // Euler: V − E + F = 2 for the closed polytope
            let (v, e, f) = (g.vertices.len(), g.edges.len(), g.difference.faces.len());
            assert_eq!(v + f, e + 2, "{v} vertices, {e} edges, {f} faces");
        }
    }

    #[test]
    fn picking_finds_the_face_under_the_pointer_and_ignores_faces_turned_away() {
        let cube = Obb3::axis_aligned(Vec3::ZERO, Vec3::splat(0.5));
        let g = GjkFrame::of(&cube, &cube);
        let p = Projection::fit(&g.vertices, Quat::IDENTITY, V2::new(100.0, 100.0), 80.0);
        // looking down −z: the face at the centre of the picture is the +z face
        let k = face_under(&p, &g.difference.faces, false, V2::new(100.0, 100.0)).unwrap();
        assert_eq!(g.difference.faces[k].normal, DVec3::Z);
        assert_eq!(
            face_under(&p, &g.difference.faces, false, V2::new(0.0, 0.0)),
            None
        );
        assert!(inside_convex(
            &[V2::ZERO, V2::new(0.0, 1.0), V2::ONE, V2::new(1.0, 0.0)],
            V2::splat(0.5)
        ));
        assert_eq!(distance_to_segment(V2::new(0.5, 1.0), V2::ZERO, V2::X), 1.0);
    }

    #[test]
    fn an_axis_gap_is_minus_the_nearer_supporting_plane_of_a_minus_b() {
        let a = Obb2::new(V2::ZERO, V2::new(1.0, 0.5), 0.0).unwrap();
        let b = Obb2::new(V2::new(3.0, 0.2), V2::new(0.5, 0.5), 0.4).unwrap();
        let g = GjkFrame::of(&a, &b);
        let r = crate::sat::dim2::report(&a, &b);
        for t in r.axes.iter() {
            let l = DVec3::new(t.axis().x as f64, t.axis().y as f64, 0.0);
            let plane = g.axis_plane(l);
            assert!((plane.gap() - t.gap() as f64).abs() < 1e-5, "{t:?}");
            let face = &g.difference.faces[plane.face.unwrap()];
            assert!((face.offset - plane.offset).abs() < 1e-6);
        }
        // the octagon's outline goes once round
        let p = Projection::fit(&g.vertices, Quat::IDENTITY, V2::ZERO, 100.0);
        let px: Vec<V2> = g.vertices.iter().map(|q| p.pixel(*q)).collect();
        assert_eq!(outline(&px).len(), 8);
        // and a square's, from its corners and a point inside
        let square = [V2::ZERO, V2::X, V2::ONE, V2::Y, V2::splat(0.5)];
        assert_eq!(outline(&square).len(), 4);
    }

    #[test]
    fn a_label_goes_beside_its_point_away_from_the_others_and_inside_the_picture() {
        let bounds = (V2::ZERO, V2::splat(200.0));
        let size = V2::new(40.0, 12.0);
        // nothing in the way: to the right
        let s = label_spot(V2::splat(100.0), size, &[], &[], &[], bounds);
        assert_eq!(s.0, V2::new(107.0, 94.0));
        // a point to the right: elsewhere, and clear of it, but still beside its own point
        let other = V2::new(120.0, 100.0);
        let s = label_spot(V2::splat(100.0), size, &[other], &[], &[], bounds);
        assert!(point_to_spot(other, s) > 10.0, "{s:?}");
        assert!(point_to_spot(V2::splat(100.0), s) < 12.0, "{s:?}");
        // at the right edge: not outside
        let s = label_spot(V2::new(195.0, 100.0), size, &[], &[], &[], bounds);
        assert!(s.1.x <= 200.0, "{s:?}");
        // a label already there is avoided too
        let first = label_spot(V2::splat(100.0), size, &[], &[], &[], bounds);
        let second = label_spot(V2::splat(100.0), size, &[], &[first], &[], bounds);
        assert!(spot_to_spot(first, second) > 0.0);
        // and a line drawn through the place on the right
        let line = (V2::new(100.0, 100.0), V2::new(200.0, 100.0));
        let s = label_spot(V2::splat(100.0), size, &[], &[], &[line], bounds);
        assert_eq!(length_inside(line, s), 0.0, "{s:?}");
    }

    #[test]
    fn the_words_say_where_the_origin_is_and_why_each_run_stopped() {
        assert_eq!(
            origin_words(true, false, 0.0),
            "origin inside A − B: the boxes intersect"
        );
        assert_eq!(
            origin_words(false, false, 0.25),
            "origin outside A − B: the boxes are separated by 0.25"
        );
        assert!(origin_words(true, true, 0.0).contains("touch"));
        assert!(stop_words(Stop::Tolerance, false).contains("0.1086%"));
        assert!(stop_words(Stop::Tolerance, true).contains("1.192e-5"));
        assert!(stop_words(Stop::IterationCap, true).starts_with("iteration_cap: 100"));
        assert_eq!(
            bounds_words("distance", 0.5, 0.75),
            "0.5 ≤ distance ≤ 0.75 (apart by 0.25)"
        );
        assert!(bounds_words("depth", 0.5, f64::INFINITY).contains("no upper"));
        assert!(bounds_words("distance", 0.4 + 1e-16, 0.4).ends_with("(apart by 0)"));
        assert_eq!(
            bounds_words("distance", -1.924, 2.5),
            "distance ≤ 2.5 · no lower bound yet: −d·w = -1.924 is below 0 (w lies past the \
             origin along d)"
        );
        assert_eq!(short_words(0.5, 0.5), "equal to SAT's depth");
        assert_eq!(short_words(0.4, 0.5), "short of SAT's depth by 0.1 (20%)");
    }

    #[test]
    fn intersecting_boxes_step_through_gjk_into_epa_and_separated_ones_do_not() {
        let a = Obb3::axis_aligned(Vec3::ZERO, Vec3::ONE);
        let b = Obb3::axis_aligned(Vec3::new(1.5, 0.2, 0.1), Vec3::ONE);
        let g = GjkFrame::of(&a, &b);
        assert!(g.difference.holds_origin());
        assert!(!g.trace.epa.is_empty());
        let last = g.step(g.steps() + 3).unwrap();
        assert_eq!(last, Step::Epa(g.trace.epa.len() - 1));
        let far = Obb3::axis_aligned(Vec3::new(3.0, 0.2, 0.1), Vec3::ONE);
        let g = GjkFrame::of(&a, &far);
        assert!(g.trace.epa.is_empty() && g.steps() > 0);
        assert!((g.trace.answer.distance.unwrap() - 1.0).abs() < 1e-9);
    }
}
