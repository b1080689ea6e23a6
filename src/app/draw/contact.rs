//! The contact manifold as a picture, written once for both modes: the reference face filled, the
//! incident face outlined, the side planes as faint walls (lines in 2D), the clipped polygon before
//! reduction, and the final points as markers sized by depth (hover one for its feature pair); for
//! an edge contact, both supporting edges and the segment between their closest points (and the
//! boxes' closest points when they meet beside the reference face). While the
//! step-through walks the construction, only what the current stage has built is drawn.

use glam::Vec2;

use super::{Anchor, PendingLabel};
use crate::app::dim::{Dim, Project, Vector};
use crate::app::frame::Shown;
use crate::app::mode::ModeState;
use crate::app::theme::{self, Rgba};
use crate::sat::bands::Fate;
use crate::sat::manifold::{ContactPoint, FaceTrace, SidePlane, Stage};
use crate::sat::Obb;
use crate::sat::{fmt_num, Which};

/// How far the construction has got: the order of the stages, the finished picture last.
fn rank(stage: Option<Stage>) -> usize {
    match stage {
        Some(Stage::Separated | Stage::Axis) => 0,
        Some(Stage::ReferenceFace) => 1,
        Some(Stage::IncidentFace) => 2,
        Some(Stage::Clip(i)) => 3 + i,
        Some(Stage::Below) => 10,
        Some(Stage::Reduction) => 11,
        Some(Stage::Edges | Stage::Closest) => 12,
        Some(Stage::Points) | None => 13,
    }
}

fn owner_color(w: Which) -> Rgba {
    match w {
        Which::A => theme::A,
        Which::B => theme::B,
    }
}

/// Draws the contact; returns the points' labels (the one under the pointer names its features).
pub(crate) fn draw<D: Dim>(frame: &Shown<D>, mode: &ModeState<D>) -> Vec<PendingLabel> {
    let trace = &frame.contact;
    // while the step-through is still on the axes, the contact is not built yet
    if trace.manifold.is_none() || (mode.step.active && frame.stage.is_none()) {
        return Vec::new();
    }
    let p = &frame.projector;
    let reached = rank(frame.stage);
    if let Some(face) = &trace.face {
        faces(p, face, reached);
        side_planes(p, face, frame.stage, reached);
        clipped(p, face, frame.stage, reached);
    }
    if let (Some(e), true) = (&trace.edge, reached >= rank(Some(Stage::Edges))) {
        for (edge, c) in [(e.edge_a, theme::A), (e.edge_b, theme::B)] {
            if let Some((x, y)) = p.segment(edge[0], edge[1]) {
                super::line(x, y, 5.0, c.lighten(0.3));
            }
        }
        if let Some((x, y)) = p.segment(e.closest_a, e.closest_b) {
            super::line(x, y, 2.0, theme::LEAST);
        }
    }
    if let (Some([a, b]), true) = (trace.closest, reached >= rank(Some(Stage::Closest))) {
        if let Some((x, y)) = p.segment(a, b) {
            super::line(x, y, 2.0, theme::LEAST);
        }
    }
    // an engine's bands judge the manifold's final points
    let mut fates = frame.bands.as_ref().map(|b| b.points.as_slice());
    let points: Vec<ContactPoint<D::Vec>> = match (frame.stage, &trace.face) {
        (Some(Stage::Below | Stage::Reduction), Some(f)) => {
            fates = None;
            f.below.clone()
        }
        _ if reached >= rank(Some(Stage::Points)) => trace
            .manifold
            .as_ref()
            .map(|m| m.points().to_vec())
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    // markers no larger than a tenth of the smaller box on screen, so that they never hide it
    let size_px = [&mode.a, &mode.b]
        .map(|o| {
            let pts = D::Obb::corner_points(o).into_iter().filter_map(|c| p.px(c));
            super::bounds(pts, 0.0).map_or(0.0, |(lo, hi)| (hi - lo).length())
        })
        .into_iter()
        .fold(f32::INFINITY, f32::min);
    markers(
        p,
        &points,
        fates,
        mode.cursor_px,
        (size_px / 10.0).clamp(2.0, 9.0),
    )
}

/// The reference face filled in its box's colour, the incident face outlined in the other's.
fn faces<V: Vector>(p: &dyn Project<V>, face: &FaceTrace<V>, reached: usize) {
    let px = |pts: &[V]| pts.iter().map(|q| p.px(*q)).collect::<Option<Vec<Vec2>>>();
    if reached >= rank(Some(Stage::ReferenceFace)) {
        let r = &face.reference;
        let corners: Vec<V> = r.corners.iter().map(|c| c.point).collect();
        let c = owner_color(r.owner);
        if let Some(pts) = px(&corners) {
            if pts.len() > 2 {
                super::polygon(&pts, c.alpha(0.45));
                super::outline(&pts, 3.0, c.lighten(0.35));
            } else if let [a, b] = pts[..] {
                super::line(a, b, 6.0, c.lighten(0.35));
            }
        }
    }
    if reached >= rank(Some(Stage::IncidentFace)) {
        let i = &face.incident;
        let corners: Vec<V> = i.corners.iter().map(|c| c.point).collect();
        if let Some(pts) = px(&corners) {
            let c = owner_color(i.owner).lighten(0.2);
            for k in 0..pts.len() {
                let next = pts[(k + 1) % pts.len()];
                if pts.len() > 2 || k == 0 {
                    super::dashed(pts[k], next, 2.2, 6.0, c);
                }
            }
        }
    }
}

/// The side planes: faint walls through the reference face's edges, standing along the contact
/// normal (in 2D, lines through the reference side's ends). The plane being clipped against is
/// brighter.
fn side_planes<V: Vector>(
    p: &dyn Project<V>,
    face: &FaceTrace<V>,
    stage: Option<Stage>,
    reached: usize,
) {
    let shown = match stage {
        Some(Stage::Clip(i)) => i + 1,
        _ if reached > rank(Some(Stage::Clip(9))) => face.side_planes.len(),
        _ => 0,
    };
    let n = face.reference.normal;
    let corners: Vec<V> = face.reference.corners.iter().map(|c| c.point).collect();
    let centre =
        corners.iter().fold(V::default(), |s, c| s + *c) * (1.0 / corners.len().max(1) as f32);
    let size = corners
        .iter()
        .map(|c| (*c - centre).length())
        .fold(0.0f32, f32::max);
    for (k, plane) in face.side_planes.iter().take(shown).enumerate() {
        let current = stage == Some(Stage::Clip(k));
        let ends = plane_edge(plane, &corners);
        wall(p, ends, n * (0.6 * size), current);
    }
}

/// The reference face's corners on a side plane: the edge the plane bounds (a corner in 2D).
fn plane_edge<V: Vector>(plane: &SidePlane<V>, corners: &[V]) -> Vec<V> {
    let tol = 1e-4 * corners.iter().map(|c| c.length()).fold(1.0f32, f32::max);
    corners
        .iter()
        .copied()
        .filter(|c| (*c - plane.point).dot(plane.normal).abs() <= tol)
        .collect()
}

/// A wall through `ends` (an edge, or one point in 2D) reaching `up` above and below it; the wall
/// being clipped against is brighter.
fn wall<V: Vector>(p: &dyn Project<V>, ends: Vec<V>, up: V, current: bool) {
    let alpha = if current { 0.35 } else { 0.1 };
    match ends[..] {
        [a, b] => {
            let quad = [a - up, b - up, b + up, a + up];
            if let Some(pts) = quad.iter().map(|q| p.px(*q)).collect::<Option<Vec<Vec2>>>() {
                super::polygon(&pts, theme::HIGHLIGHT.alpha(alpha));
                if current {
                    super::outline(&pts, 1.5, theme::HIGHLIGHT.alpha(0.9));
                }
            }
        }
        [a] => {
            if let Some((x, y)) = p.segment(a - up, a + up) {
                let width = if current { 3.0 } else { 1.5 };
                super::line(x, y, width, theme::HIGHLIGHT.alpha(2.0 * alpha));
            }
        }
        _ => {}
    }
}

/// The incident face after the clips so far (while stepping), or after all of them, faint.
fn clipped<V: Vector>(
    p: &dyn Project<V>,
    face: &FaceTrace<V>,
    stage: Option<Stage>,
    reached: usize,
) {
    let (poly, strong) = match stage {
        Some(Stage::Clip(i)) => (face.clipped.get(i), true),
        _ if reached > rank(Some(Stage::Clip(9))) => (face.clipped.last(), false),
        _ => (None, false),
    };
    let Some(poly) = poly else { return };
    let pts: Vec<Vec2> = poly.iter().filter_map(|q| p.px(q.point)).collect();
    let color = if strong {
        theme::HOT
    } else {
        theme::HOT.alpha(0.35)
    };
    for k in 0..pts.len() {
        if pts.len() > 2 || k == 0 {
            super::line(
                pts[k],
                pts[(k + 1) % pts.len()],
                if strong { 2.0 } else { 1.2 },
                color,
            );
        }
        super::dot(pts[k], if strong { 3.5 } else { 2.0 }, color);
    }
}

/// The points as markers, larger the deeper (hollow when speculative, above the surface); the
/// one under the pointer gets a label with its feature pair and separation.
fn markers<V: Vector>(
    p: &dyn Project<V>,
    points: &[ContactPoint<V>],
    fates: Option<&[Fate]>,
    cursor: Option<Vec2>,
    largest: f32,
) -> Vec<PendingLabel> {
    let deepest = points.iter().map(|q| -q.separation).fold(0.0f32, f32::max);
    let mut labels = Vec::new();
    for (k, q) in points.iter().enumerate() {
        let Some(at) = p.px(q.point) else { continue };
        let depth = (-q.separation / deepest.max(1e-12)).clamp(0.0, 1.0);
        let r = largest * (0.45 + 0.55 * depth);
        if q.separation > 0.0 {
            super::dot(at, r + 2.0, theme::PLATE);
            super::outline(&circle(at, r), 2.5, theme::PROBE);
        } else {
            super::dot(at, r + 2.0, theme::PLATE);
            super::dot(at, r, theme::LEAST);
        }
        // the engine's fate of the point: a ring in its colour
        let fate = fates.and_then(|f| f.get(k)).copied();
        if let Some(fate) = fate {
            super::outline(
                &circle(at, r + 4.5),
                2.5,
                crate::app::ui::bands::fate_color(fate),
            );
        }
        let hovered = cursor.is_some_and(|c| c.distance(at) <= r + 5.0);
        let text = if hovered {
            let fate = fate.map_or(String::new(), |f| {
                format!(" · {}", f.name().replace('_', " "))
            });
            format!(
                "{} · separation {}{fate}",
                q.id.name(),
                fmt_num(q.separation)
            )
        } else {
            (k + 1).to_string()
        };
        // a small box's markers keep their numbers for the hover
        if hovered || largest >= 6.0 {
            labels.push(PendingLabel {
                text,
                at: at + Vec2::new(r + 5.0, -r - 3.0),
                size: if hovered { 14 } else { 12 },
                color: theme::LEAST.lighten(0.4),
                anchor: Anchor::Left,
                important: hovered,
            });
        }
    }
    labels
}

/// A circle as a polygon, for an outline.
fn circle(at: Vec2, r: f32) -> Vec<Vec2> {
    (0..20)
        .map(|k| at + Vec2::from_angle(k as f32 / 20.0 * std::f32::consts::TAU) * r)
        .collect()
}
