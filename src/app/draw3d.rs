//! Draws the 3D scene from the state and the sat report: grid, boxes, the axis lines with both
//! shadows, the separating plane, the push-out arrow and the gizmo. Computes no SAT numbers: every
//! interval, gap and verdict comes from the report.

use glam::{Vec2, Vec3};
use macroquad::prelude::Color;

use super::axes3d::AxisLine;
use super::camera::{Projector, Viewport};
use super::draw::{self, palette, Anchor, Fonts};
use super::gizmo::{self, GizmoFrame, GizmoMode, Handle};
use super::state::{AppState, Transient};
use crate::sat::{fmt_num, Obb3, Report3, Which};

/// Everything the 3D scene drawing reads.
pub struct Scene3<'a> {
    /// The state.
    pub state: &'a AppState,
    /// This frame's report.
    pub report: &'a Report3,
    /// Hover etc.
    pub transient: &'a Transient,
    /// World → pixel.
    pub projector: Projector,
    /// The placed axis lines.
    pub lines: &'a [AxisLine],
    /// The gizmo of the selected box, with the hovered or dragged handle.
    pub gizmo: Option<(GizmoFrame, Option<Handle>)>,
    /// The axis in the spotlight (see [`focus_axis`]; the axis under test while stepping).
    pub focus: Option<usize>,
}

/// Draws the scene.
pub fn draw(scene: &Scene3, fonts: &Fonts) {
    let ov = scene.state.three.view.overlays;
    if ov.grid {
        grid(&scene.projector, fonts);
    }
    boxes(scene, fonts);
    if ov.axes {
        separating_plane(scene);
        let labels = scene
            .lines
            .iter()
            .filter_map(|line| axis_line(scene, line, fonts))
            .collect();
        draw::labels_without_overlap(fonts, labels);
    }
    if ov.push_out {
        push_out(scene, fonts);
    }
    if let Some((frame, active)) = scene.gizmo {
        gizmo_handles(&scene.projector, &frame, scene.state.gizmo_mode, active);
    }
    if ov.labels {
        let degenerate: Vec<String> = scene
            .report
            .axes
            .iter()
            .filter(|t| t.degenerate)
            .map(|t| t.index.to_string())
            .collect();
        let extra = if degenerate.is_empty() {
            Vec::new()
        } else {
            vec![
                format!("parallel edges, not drawn: {}", degenerate.join(", ")),
                "(degenerate: cannot separate)".to_string(),
            ]
        };
        let vp = scene.projector.viewport;
        draw::legend(fonts, Vec2::new(vp.x + vp.w - 12.0, vp.y + 62.0), &extra);
    }
}

fn seg(p: &Projector, a: Vec3, b: Vec3, width: f32, color: Color) {
    if let Some((a, b)) = p.segment(a, b) {
        draw::line(a, b, width, color);
    }
}

fn grid(p: &Projector, fonts: &Fonts) {
    let n = 10;
    for i in -n..=n {
        let f = i as f32;
        let c = if i == 0 {
            palette::with_alpha(palette::GRID, 0.0)
        } else {
            palette::GRID
        };
        seg(
            p,
            Vec3::new(f, 0.0, -n as f32),
            Vec3::new(f, 0.0, n as f32),
            1.0,
            c,
        );
        seg(
            p,
            Vec3::new(-n as f32, 0.0, f),
            Vec3::new(n as f32, 0.0, f),
            1.0,
            c,
        );
    }
    let axes = [
        (Vec3::X, Color::new(0.85, 0.3, 0.3, 0.9), "x"),
        (Vec3::Y, Color::new(0.35, 0.8, 0.35, 0.9), "y"),
        (Vec3::Z, Color::new(0.35, 0.5, 0.95, 0.9), "z"),
    ];
    for (d, c, name) in axes {
        let len = if d == Vec3::Y { 1.5 } else { n as f32 };
        seg(p, Vec3::ZERO, d * len, 2.0, c);
        if d != Vec3::Y {
            seg(p, Vec3::ZERO, -d * len, 1.0, palette::with_alpha(c, 0.45));
        }
        if let Some(px) = p.project(d * len) {
            draw::label(fonts, name, px + Vec2::new(4.0, 0.0), 14, c, Anchor::Left);
        }
    }
}

/// Face `k` of a box: the 4 corner indices (bit k fixed), counter-clockwise seen from outside.
fn face(k: usize, positive: bool) -> [usize; 4] {
    let bit = 1 << k;
    let (u, v) = (1 << ((k + 1) % 3), 1 << ((k + 2) % 3));
    let base = if positive { bit } else { 0 };
    if positive {
        [base, base | u, base | u | v, base | v]
    } else {
        [base, base | v, base | u | v, base | u]
    }
}

fn boxes(scene: &Scene3, fonts: &Fonts) {
    let p = &scene.projector;
    let st = &scene.state.three;
    let selected: Option<Which> = st.view.selected_box.map(Into::into);
    let mut faces: Vec<(f32, [Vec2; 4], Color)> = Vec::new();
    for (which, obb, color) in [(Which::A, &st.a, palette::A), (Which::B, &st.b, palette::B)] {
        let corners = obb.corners();
        let axes = obb.axes();
        let e = obb.half_extents.to_array();
        for k in 0..3 {
            for positive in [false, true] {
                let n = if positive { axes[k] } else { -axes[k] };
                let center = obb.center + n * e[k];
                let front = n.dot(p.eye - center) > 0.0;
                let idx = face(k, positive);
                let Some(pts) = idx
                    .iter()
                    .map(|&i| p.project(corners[i]))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let alpha = if front { 0.20 } else { 0.07 }
                    + if selected == Some(which) { 0.05 } else { 0.0 };
                faces.push((
                    p.depth(center),
                    [pts[0], pts[1], pts[2], pts[3]],
                    palette::with_alpha(color, alpha),
                ));
            }
        }
    }
    faces.sort_by(|x, y| y.0.total_cmp(&x.0));
    for (_, quad, color) in &faces {
        draw::polygon(quad, *color);
    }
    for (which, obb, color) in [(Which::A, &st.a, palette::A), (Which::B, &st.b, palette::B)] {
        box_edges(p, obb, color, selected == Some(which));
        let top = obb.center + Vec3::Y * (obb.projected_radius(Vec3::Y) + 0.25);
        if let Some(px) = p.project(top) {
            let name = match which {
                Which::A => "A",
                Which::B => "B",
            };
            draw::label(fonts, name, px, 20, color, Anchor::Center);
        }
    }
}

fn box_edges(p: &Projector, obb: &Obb3, color: Color, selected: bool) {
    let corners = obb.corners();
    let axes = obb.axes();
    let e = obb.half_extents.to_array();
    // a face is front-facing when the eye is on its outer side
    let front = |k: usize, positive: bool| {
        let n = if positive { axes[k] } else { -axes[k] };
        n.dot(p.eye - (obb.center + n * e[k])) > 0.0
    };
    for i in 0..8usize {
        for k in 0..3 {
            let j = i | (1 << k);
            if j == i {
                continue;
            }
            // the edge runs along axis k; its two faces are the other two axes at i's signs
            let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
            let visible = front(k1, i & (1 << k1) != 0) || front(k2, i & (1 << k2) != 0);
            let (width, c) = match (visible, selected) {
                (true, true) => (
                    3.2,
                    Color::new(
                        color.r * 0.6 + 0.4,
                        color.g * 0.6 + 0.4,
                        color.b * 0.6 + 0.4,
                        1.0,
                    ),
                ),
                (true, false) => (2.2, color),
                (false, _) => (1.0, palette::with_alpha(color, 0.45)),
            };
            if let Some((a, b)) = p.segment(corners[i], corners[j]) {
                if visible {
                    draw::line(a, b, width, c);
                } else {
                    draw::dashed(a, b, width, 5.0, c);
                }
            }
        }
    }
}

/// The axis that deserves the spotlight: hovered, else selected, else the first separating one,
/// else the axis of least penetration.
pub fn focus_axis(
    state_selected: Option<usize>,
    transient: &Transient,
    report: &Report3,
) -> Option<usize> {
    transient
        .hovered_axis
        .or(state_selected)
        .or(report.first_separating)
        .or(report.penetration.map(|p| p.axis_index))
}

/// Draws one axis line with its shadows; returns its label, drawn later with the others so that
/// labels never pile up.
fn axis_line(scene: &Scene3, line: &AxisLine, fonts: &Fonts) -> Option<draw::PendingLabel> {
    let p = &scene.projector;
    let r = scene.report;
    let t = &r.axes[line.index];
    let least = r.penetration.map(|x| x.axis_index);
    let (color, width) = draw::axis_style(t, r.first_separating, least);
    let (a, b) = p.segment(line.point(line.lo), line.point(line.hi))?;
    let focus = scene.focus == Some(line.index);
    let hovered = scene.transient.hovered_axis == Some(line.index)
        || scene.state.three.view.selected_axis == Some(line.index);
    if hovered {
        draw::line(
            a,
            b,
            width + 6.0,
            palette::with_alpha(palette::HIGHLIGHT, 0.35),
        );
    }
    draw::line(a, b, width, color);
    let dir = (b - a).normalize_or_zero();
    let normal = Vec2::new(-dir.y, dir.x);
    let on = |s: f32, offset: f32| p.project(line.point(s)).map(|q| q + normal * offset);
    // the two shadows, side by side so their overlap reads at a glance
    let bar = |lo: f32, hi: f32, offset: f32, w: f32, c: Color| {
        if let (Some(x), Some(y)) = (on(lo, offset), on(hi, offset)) {
            draw::line(x, y, w, c);
        }
    };
    let bw = if focus { 6.0 } else { 4.0 };
    bar(
        t.interval_a.min,
        t.interval_a.max,
        -bw * 0.75,
        bw,
        palette::A,
    );
    bar(
        t.interval_b.min,
        t.interval_b.max,
        bw * 0.75,
        bw,
        palette::B,
    );
    let (lo, hi) = (
        t.interval_a.min.max(t.interval_b.min),
        t.interval_a.max.min(t.interval_b.max),
    );
    if lo <= hi {
        bar(lo, hi, 0.0, bw * 2.6, palette::OVERLAP);
    } else {
        // the gap between the shadows
        bar(
            hi,
            lo,
            0.0,
            bw * 2.0,
            palette::with_alpha(palette::FIRST_SEPARATING, 0.45),
        );
    }
    // projected centres
    let (ca, cb) = (t.interval_a.center(), t.interval_b.center());
    for (s, c, off) in [(ca, palette::A, -bw * 1.1), (cb, palette::B, bw * 1.1)] {
        if let Some(q) = on(s, off) {
            draw::dot(q, if focus { 4.5 } else { 3.0 }, c);
        }
    }
    let ov = scene.state.three.view.overlays;
    if focus {
        // the centre distance |T·L| as a bracket beside the shadows
        let off = bw * 0.75 + 14.0;
        if let (Some(x), Some(y)) = (on(ca, off), on(cb, off)) {
            draw::line(x, y, 1.5, palette::TEXT_DIM);
            draw::line(x - normal * 4.0, x + normal * 4.0, 1.5, palette::TEXT_DIM);
            draw::line(y - normal * 4.0, y + normal * 4.0, 1.5, palette::TEXT_DIM);
            if ov.labels {
                let mid = (x + y) * 0.5 + normal * 12.0;
                draw::label(
                    fonts,
                    &format!("|T·L| {}", fmt_num(t.distance)),
                    mid,
                    13,
                    palette::TEXT_DIM,
                    Anchor::Center,
                );
            }
        }
        if ov.projection_lines {
            let ends = [
                t.interval_a.min,
                t.interval_a.max,
                t.interval_b.min,
                t.interval_b.max,
            ];
            for (k, (support, s)) in line.support.iter().zip(ends).enumerate() {
                let c = if k < 2 { palette::A } else { palette::B };
                if let Some((x, y)) = p.segment(*support, line.point(s)) {
                    draw::dashed(x, y, 1.0, 4.0, palette::with_alpha(c, 0.55));
                }
            }
        }
    }
    if ov.labels {
        let text = if focus {
            let verdict = if t.is_separating() { "gap" } else { "overlap" };
            let value = if t.is_separating() {
                t.gap
            } else {
                t.overlap()
            };
            format!(
                "{}  {}  {verdict} {}",
                t.index,
                t.kind.label(),
                fmt_num(value)
            )
        } else {
            t.index.to_string()
        };
        let c = if t.is_separating() || focus {
            color
        } else {
            palette::TEXT_DIM
        };
        let size = if focus { 15 } else { 12 };
        let (end, anchor) = label_place(a, b, &text, size, fonts, &p.viewport);
        return Some(draw::PendingLabel {
            text,
            at: end,
            size,
            color: palette::with_alpha(c, 1.0),
            anchor,
            important: focus,
        });
    }
    None
}

/// Where an axis label goes: just past the line's far end, or past the near end when that would
/// leave the viewport, and never outside it.
fn label_place(
    a: Vec2,
    b: Vec2,
    text: &str,
    size: u16,
    fonts: &Fonts,
    vp: &Viewport,
) -> (Vec2, Anchor) {
    let width = macroquad::text::measure_text(text, Some(&fonts.mono), size, 1.0).width + 8.0;
    let dir = (b - a).normalize_or(Vec2::X);
    let place = |end: Vec2, d: Vec2| {
        let anchor = if d.x >= 0.0 {
            Anchor::Left
        } else {
            Anchor::Right
        };
        let (lo, hi) = match anchor {
            Anchor::Left => (end.x, end.x + width),
            _ => (end.x - width, end.x),
        };
        let inside =
            lo >= vp.x && hi <= vp.x + vp.w && end.y >= vp.y + 40.0 && end.y <= vp.y + vp.h - 10.0;
        (end, anchor, inside)
    };
    let far = place(b + dir * 8.0, dir);
    let near = place(a - dir * 8.0, -dir);
    let (end, anchor) = match (far.2, near.2) {
        (true, _) => (far.0, far.1),
        (false, true) => (near.0, near.1),
        _ => (far.0, far.1),
    };
    let x = match anchor {
        Anchor::Left => end
            .x
            .clamp(vp.x + 4.0, (vp.x + vp.w - width).max(vp.x + 4.0)),
        _ => end
            .x
            .clamp((vp.x + width).min(vp.x + vp.w), vp.x + vp.w - 4.0),
    };
    (
        Vec2::new(x, end.y.clamp(vp.y + 44.0, vp.y + vp.h - 12.0)),
        anchor,
    )
}

/// A translucent square in the plane that separates the boxes, at the middle of the gap on the
/// first separating axis.
fn separating_plane(scene: &Scene3) {
    let r = scene.report;
    let Some(t) = r.first_separating_axis() else {
        return;
    };
    if !scene.lines.iter().any(|l| l.index == t.index) {
        return;
    }
    let st = &scene.state.three;
    let (lo_box, hi_box) = if t.interval_a.max < t.interval_b.min {
        (t.interval_a, t.interval_b)
    } else {
        (t.interval_b, t.interval_a)
    };
    let s = 0.5 * (lo_box.max + hi_box.min);
    let mid = 0.5 * (st.a.center + st.b.center);
    let center = mid + t.axis * (s - mid.dot(t.axis));
    let u = t.axis.any_orthonormal_vector();
    let v = t.axis.cross(u);
    let size = 0.4 * (st.a.half_extents.length() + st.b.half_extents.length());
    let quad = [
        center + (u + v) * size,
        center + (u - v) * size,
        center - (u + v) * size,
        center - (u - v) * size,
    ];
    let p = &scene.projector;
    if let Some(pts) = quad
        .iter()
        .map(|q| p.project(*q))
        .collect::<Option<Vec<_>>>()
    {
        draw::polygon(&pts, palette::with_alpha(palette::FIRST_SEPARATING, 0.10));
        for i in 0..4 {
            draw::line(
                pts[i],
                pts[(i + 1) % 4],
                1.2,
                palette::with_alpha(palette::FIRST_SEPARATING, 0.5),
            );
        }
    }
}

/// The push-out vector, drawn from B's centre: moving B by it makes the boxes touch.
fn push_out(scene: &Scene3, fonts: &Fonts) {
    let Some(pen) = scene.report.penetration else {
        return;
    };
    let st = &scene.state.three;
    let p = &scene.projector;
    let from = st.b.center;
    let to = from + pen.normal * pen.depth;
    if let (Some(a), Some(b)) = (p.project(from), p.project(to)) {
        let b = if a.distance(b) < 24.0 {
            a + (b - a).normalize_or(Vec2::X) * 24.0
        } else {
            b
        };
        draw::arrow(a, b, 3.5, 14.0, palette::LEAST_PENETRATION);
        draw::label(
            fonts,
            &format!("push-out {}", fmt_num(pen.depth)),
            b + Vec2::new(8.0, -10.0),
            14,
            palette::LEAST_PENETRATION,
            Anchor::Left,
        );
    }
}

fn gizmo_handles(p: &Projector, frame: &GizmoFrame, mode: GizmoMode, active: Option<Handle>) {
    let colors = [
        Color::new(0.95, 0.3, 0.3, 1.0),
        Color::new(0.35, 0.9, 0.35, 1.0),
        Color::new(0.35, 0.55, 1.0, 1.0),
    ];
    let hot = Color::new(1.0, 0.92, 0.2, 1.0);
    for (handle, pts) in gizmo::handles(frame, mode) {
        let k = match handle {
            Handle::Axis(k) | Handle::Plane(k) | Handle::Ring(k) => k,
        };
        let c = if active == Some(handle) {
            hot
        } else {
            colors[k]
        };
        let Some(screen) = pts
            .iter()
            .map(|q| p.project(*q))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        match handle {
            Handle::Axis(_) => draw::arrow(screen[0], screen[1], 3.0, 13.0, c),
            Handle::Plane(_) => {
                draw::polygon(&screen, palette::with_alpha(c, 0.35));
                for i in 0..4 {
                    draw::line(screen[i], screen[(i + 1) % 4], 1.5, c);
                }
            }
            Handle::Ring(_) => {
                for w in screen.windows(2) {
                    draw::line(
                        w[0],
                        w[1],
                        if active == Some(handle) { 3.5 } else { 2.5 },
                        c,
                    );
                }
            }
        }
    }
    if let Some(c) = p.project(frame.center) {
        draw::dot(c, 4.0, palette::HIGHLIGHT);
    }
}
