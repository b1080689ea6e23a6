//! Draws the 2D scene from the state and the sat report, as in the classic SAT diagram: the grid,
//! both boxes, each candidate axis as a line beside them with both shadows, the projection lines
//! from the corners, the centre distance |T·L|, the separating line, the push-out arrow and the
//! gizmo. Computes no SAT numbers: every interval, gap and verdict comes from the report.

use glam::Vec2;
use macroquad::prelude::{measure_text, Color};

use super::camera::{Camera2, Viewport};
use super::draw::{self, palette, Anchor, Fonts};
use super::gizmo2d::{self, Handle2};
use super::mode2d::AxisLine2;
use super::state::{AppState, Transient};
use crate::sat::{fmt_num, Obb2, Report2, Which};

/// Everything the 2D scene drawing reads.
pub struct Scene2<'a> {
    /// The state.
    pub state: &'a AppState,
    /// This frame's report.
    pub report: &'a Report2,
    /// Hover, cursor.
    pub transient: &'a Transient,
    /// Where the scene is drawn.
    pub viewport: Viewport,
    /// The placed axis lines.
    pub lines: &'a [AxisLine2],
    /// The selected box, with the hovered or dragged handle.
    pub gizmo: Option<(Which, Option<Handle2>)>,
}

impl Scene2<'_> {
    fn cam(&self) -> &Camera2 {
        &self.state.two.view.camera2
    }

    /// World → pixel.
    fn px(&self, p: Vec2) -> Vec2 {
        self.cam().to_screen(p, &self.viewport)
    }

    /// A world direction on screen (y flipped).
    fn screen_dir(v: Vec2) -> Vec2 {
        Vec2::new(v.x, -v.y)
    }

    fn focus(&self) -> Option<usize> {
        focus_axis(
            self.state.two.view.selected_axis,
            self.transient,
            self.report,
        )
    }
}

/// The axis that deserves the spotlight: hovered, else selected, else the first separating one,
/// else the axis of least penetration.
pub fn focus_axis(
    selected: Option<usize>,
    transient: &Transient,
    report: &Report2,
) -> Option<usize> {
    transient
        .hovered_axis
        .or(selected)
        .or(report.first_separating)
        .or(report.penetration.map(|p| p.axis_index))
}

/// Draws the scene.
pub fn draw(scene: &Scene2, fonts: &Fonts) {
    let ov = scene.state.two.view.overlays;
    if ov.grid {
        grid(scene, fonts);
    }
    if ov.axes {
        separating_lines(scene, fonts);
        if ov.projection_lines {
            for line in scene.lines {
                projection_lines(scene, line);
            }
        }
    }
    boxes(scene, fonts);
    if ov.axes {
        // the focus axis last, on top
        let focus = scene.focus();
        for line in scene.lines.iter().filter(|l| Some(l.index) != focus) {
            axis_line(scene, line, fonts);
        }
        for line in scene.lines.iter().filter(|l| Some(l.index) == focus) {
            axis_line(scene, line, fonts);
        }
    }
    if ov.push_out {
        push_out(scene, fonts);
    }
    if let Some((w, active)) = scene.gizmo {
        gizmo(scene, scene.state.two.get(w), active);
    }
    cursor_readout(scene, fonts);
}

/// The grid step in world units: the smallest of 1, 2, 5 × 10^k that is at least `min_px` pixels
/// apart at `zoom` pixels per unit.
pub fn grid_step(zoom: f32, min_px: f32) -> f32 {
    let raw = min_px / zoom.max(1e-6);
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let mut p = 10f32.powf(raw.log10().floor());
    loop {
        for m in [1.0, 2.0, 5.0] {
            if m * p >= raw * 0.999 {
                return m * p;
            }
        }
        p *= 10.0;
    }
}

/// A grid coordinate as a label: no trailing zeros, no "-0".
fn grid_label(v: f32, step: f32) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize + 1
    };
    let s = format!("{v:.decimals$}");
    let s = if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    };
    if s == "-0" {
        "0".into()
    } else {
        s
    }
}

fn grid(scene: &Scene2, fonts: &Fonts) {
    let vp = scene.viewport;
    let cam = scene.cam();
    let lo = cam.to_world(Vec2::new(vp.x, vp.y + vp.h), &vp);
    let hi = cam.to_world(Vec2::new(vp.x + vp.w, vp.y), &vp);
    let minor = grid_step(cam.zoom, 36.0);
    let label_step = grid_step(cam.zoom, 64.0);
    let major = minor * 5.0;
    let is_multiple = |v: f32, s: f32| ((v / s).round() * s - v).abs() < s * 1e-3;
    let faint = palette::with_alpha(palette::GRID, 0.55);
    let x_axis = Color::new(0.85, 0.3, 0.3, 0.9);
    let y_axis = Color::new(0.35, 0.8, 0.35, 0.9);
    let origin = scene.px(Vec2::ZERO);
    // labels sit beside the world axes, kept inside the viewport when the axes scroll away
    let label_y = origin.y.clamp(vp.y + 64.0, vp.y + vp.h - 20.0) + 12.0;
    let label_x = origin.x.clamp(vp.x + 8.0, vp.x + vp.w - 40.0) - 6.0;
    // a view this far out or this zoomed has no useful grid: never loop over millions of lines
    let lines = ((hi - lo) / minor).max_element();
    if !(lines.is_finite() && lines < 4000.0) {
        return;
    }
    let mut i = (lo.x / minor).floor() as i64;
    while (i as f32) * minor <= hi.x {
        let x = i as f32 * minor;
        let p = scene.px(Vec2::new(x, 0.0)).x;
        let major_line = is_multiple(x, major);
        if x != 0.0 {
            draw::line(
                Vec2::new(p, vp.y),
                Vec2::new(p, vp.y + vp.h),
                1.0,
                if major_line { palette::GRID } else { faint },
            );
        }
        if is_multiple(x, label_step) && x.abs() > minor * 1e-3 {
            draw::label(
                fonts,
                &grid_label(x, label_step),
                Vec2::new(p, label_y),
                12,
                palette::TEXT_DIM,
                Anchor::Center,
            );
        }
        i += 1;
    }
    let mut j = (lo.y / minor).floor() as i64;
    while (j as f32) * minor <= hi.y {
        let y = j as f32 * minor;
        let p = scene.px(Vec2::new(0.0, y)).y;
        let major_line = is_multiple(y, major);
        if y != 0.0 {
            draw::line(
                Vec2::new(vp.x, p),
                Vec2::new(vp.x + vp.w, p),
                1.0,
                if major_line { palette::GRID } else { faint },
            );
        }
        if is_multiple(y, label_step) && y.abs() > minor * 1e-3 {
            draw::label(
                fonts,
                &grid_label(y, label_step),
                Vec2::new(label_x, p),
                12,
                palette::TEXT_DIM,
                Anchor::Right,
            );
        }
        j += 1;
    }
    // world axes
    draw::line(
        Vec2::new(vp.x, origin.y),
        Vec2::new(vp.x + vp.w, origin.y),
        1.6,
        palette::with_alpha(x_axis, 0.55),
    );
    draw::line(
        Vec2::new(origin.x, vp.y),
        Vec2::new(origin.x, vp.y + vp.h),
        1.6,
        palette::with_alpha(y_axis, 0.55),
    );
    if vp.contains(origin) {
        draw::label(
            fonts,
            "0",
            origin + Vec2::new(-6.0, 12.0),
            12,
            palette::TEXT_DIM,
            Anchor::Right,
        );
    }
    draw::label(
        fonts,
        "x",
        Vec2::new(
            vp.x + vp.w - 14.0,
            origin.y.clamp(vp.y + 64.0, vp.y + vp.h - 20.0) - 12.0,
        ),
        14,
        x_axis,
        Anchor::Center,
    );
    draw::label(
        fonts,
        "y",
        Vec2::new(
            origin.x.clamp(vp.x + 8.0, vp.x + vp.w - 40.0) + 14.0,
            vp.y + 72.0,
        ),
        14,
        y_axis,
        Anchor::Center,
    );
}

/// A label moved as little as needed to stay inside the viewport (below the verdict banner).
fn fit_label(
    fonts: &Fonts,
    text: &str,
    at: Vec2,
    size: u16,
    color: Color,
    anchor: Anchor,
    vp: &Viewport,
) {
    let w = measure_text(text, Some(&fonts.mono), size, 1.0).width;
    let left = match anchor {
        Anchor::Left => at.x,
        Anchor::Center => at.x - w / 2.0,
        Anchor::Right => at.x - w,
    };
    let x = left.clamp(vp.x + 8.0, (vp.x + vp.w - 8.0 - w).max(vp.x + 8.0));
    let y = at.y.clamp(vp.y + 64.0, vp.y + vp.h - 12.0);
    draw::label(fonts, text, Vec2::new(x, y), size, color, Anchor::Left);
}

fn box_color(w: Which) -> Color {
    match w {
        Which::A => palette::A,
        Which::B => palette::B,
    }
}

fn lighten(c: Color, k: f32) -> Color {
    Color::new(
        c.r + (1.0 - c.r) * k,
        c.g + (1.0 - c.g) * k,
        c.b + (1.0 - c.b) * k,
        c.a,
    )
}

fn boxes(scene: &Scene2, fonts: &Fonts) {
    let st = &scene.state.two;
    let selected: Option<Which> = st.view.selected_box.map(Into::into);
    for (w, obb) in [(Which::A, &st.a), (Which::B, &st.b)] {
        let color = box_color(w);
        let inside = scene
            .transient
            .cursor2
            .is_some_and(|p| obb.contains_point(p));
        let pts: Vec<Vec2> = obb.corners().iter().map(|c| scene.px(*c)).collect();
        let fill = if inside { 0.34 } else { 0.16 };
        draw::polygon(&pts, palette::with_alpha(color, fill));
        let (width, edge) = match (selected == Some(w), inside) {
            (true, _) => (3.2, lighten(color, 0.35)),
            (false, true) => (3.0, lighten(color, 0.2)),
            (false, false) => (2.2, color),
        };
        for i in 0..4 {
            draw::line(pts[i], pts[(i + 1) % 4], width, edge);
        }
        // the box's own axes, from the centre to its faces: the half extents
        let c = scene.px(obb.center);
        let [u0, u1] = obb.axes();
        let e = obb.half_extents;
        for (k, (u, len)) in [(u0, e.x), (u1, e.y)].into_iter().enumerate() {
            let tip = scene.px(obb.center + u * len);
            if tip.distance(c) > 18.0 {
                draw::arrow(c, tip, 1.4, 8.0, palette::with_alpha(color, 0.8));
                if st.view.overlays.labels {
                    let d = (tip - c).normalize_or_zero();
                    draw::label(
                        fonts,
                        &format!("u{k}"),
                        tip - d * 18.0 + d.perp() * 10.0,
                        11,
                        palette::with_alpha(lighten(color, 0.3), 0.9),
                        Anchor::Center,
                    );
                }
            }
        }
        let name = match w {
            Which::A => "A",
            Which::B => "B",
        };
        // the name sits in the box's −u0 −u1 quarter, clear of the axes and the centre handle
        let at = scene.px(obb.center - (u0 * e.x + u1 * e.y) * 0.45);
        let at = if at.distance(c) < 16.0 {
            c + Vec2::new(-16.0, 16.0)
        } else {
            at
        };
        draw::label(fonts, name, at, 20, lighten(color, 0.25), Anchor::Center);
    }
}

/// The dashed lines from each support corner to its shadow's end, perpendicular to the axis.
fn projection_lines(scene: &Scene2, line: &AxisLine2) {
    let t = &scene.report.axes[line.index];
    let focus = scene.focus() == Some(line.index);
    let alpha = if focus { 0.6 } else { 0.22 };
    let ends = [
        t.interval_a.min,
        t.interval_a.max,
        t.interval_b.min,
        t.interval_b.max,
    ];
    for (k, (corner, s)) in line.support.iter().zip(ends).enumerate() {
        let c = if k < 2 { palette::A } else { palette::B };
        draw::dashed(
            scene.px(*corner),
            scene.px(line.point(s)),
            1.0,
            if focus { 5.0 } else { 3.0 },
            palette::with_alpha(c, alpha),
        );
    }
}

fn axis_line(scene: &Scene2, line: &AxisLine2, fonts: &Fonts) {
    let r = scene.report;
    let t = &r.axes[line.index];
    let least = r.penetration.map(|p| p.axis_index);
    let (color, width) = draw::axis_style(t, r.first_separating, least);
    let focus = scene.focus() == Some(line.index);
    let (a, b) = (scene.px(line.point(line.lo)), scene.px(line.point(line.hi)));
    let view = &scene.state.two.view;
    let lit =
        scene.transient.hovered_axis == Some(line.index) || view.selected_axis == Some(line.index);
    if lit {
        draw::line(
            a,
            b,
            width + 8.0,
            palette::with_alpha(palette::HIGHLIGHT, 0.28),
        );
    }
    let dir = (b - a).normalize_or_zero();
    // screen normal pointing away from the boxes
    let out = Scene2::screen_dir(line.normal);
    draw::line(a, b, width, color);
    draw::arrow(b - dir * 2.0, b + dir * 10.0, width, 9.0 + width, color);
    let on = |s: f32, off: f32| scene.px(line.point(s)) + out * off;
    let bw = if focus { 6.0 } else { 4.5 };
    // the two shadows, A on the side of the boxes, B outside, so their overlap reads at a glance
    let bar = |lo: f32, hi: f32, off: f32, w: f32, c: Color| {
        draw::line(on(lo, off), on(hi, off), w, c);
    };
    let (ia, ib) = (t.interval_a, t.interval_b);
    let (ov_lo, ov_hi) = (ia.min.max(ib.min), ia.max.min(ib.max));
    if ov_lo > ov_hi {
        bar(
            ov_hi,
            ov_lo,
            0.0,
            bw * 2.2,
            palette::with_alpha(palette::FIRST_SEPARATING, 0.40),
        );
    }
    bar(ia.min, ia.max, -bw * 0.7, bw, palette::A);
    bar(ib.min, ib.max, bw * 0.7, bw, palette::B);
    if ov_lo <= ov_hi {
        // the overlap as a red band over both shadows
        bar(ov_lo, ov_hi, 0.0, bw * 3.0, palette::OVERLAP);
    }
    for (s, off, c) in [
        (ia.min, -bw * 0.7, palette::A),
        (ia.max, -bw * 0.7, palette::A),
        (ib.min, bw * 0.7, palette::B),
        (ib.max, bw * 0.7, palette::B),
    ] {
        let p = on(s, off);
        draw::line(p - out * (bw * 0.9), p + out * (bw * 0.9), 1.5, c);
    }
    // projected centres and the centre distance |T·L| as a bracket on the boxes' side
    let (ca, cb) = (ia.center(), ib.center());
    for (s, off, c) in [(ca, -bw * 0.7, palette::A), (cb, bw * 0.7, palette::B)] {
        draw::dot(on(s, off), if focus { 4.0 } else { 3.0 }, lighten(c, 0.4));
    }
    let off = -(bw * 0.7 + 12.0);
    let (x, y) = (on(ca, off), on(cb, off));
    let dim = if focus {
        palette::TEXT
    } else {
        palette::with_alpha(palette::TEXT_DIM, 0.7)
    };
    draw::line(x, y, 1.2, dim);
    draw::line(x - out * 4.0, x + out * 4.0, 1.2, dim);
    draw::line(y - out * 4.0, y + out * 4.0, 1.2, dim);
    if !view.overlays.labels {
        return;
    }
    // name and verdict beside the middle of the line, on the side away from the boxes
    let (verdict, value) = if t.is_separating() {
        ("gap", t.gap)
    } else {
        ("overlap", t.overlap())
    };
    let mut text = vec![format!(
        "{} {}  {verdict} {}",
        t.index,
        t.kind.label(),
        fmt_num(value)
    )];
    if focus {
        text.push(format!(
            "|T·L| {}  ra {}  rb {}",
            fmt_num(t.distance),
            fmt_num(t.ra),
            fmt_num(t.rb)
        ));
    }
    let c = if t.is_separating() || focus || least == Some(t.index) {
        palette::with_alpha(color, 1.0)
    } else {
        palette::TEXT_DIM
    };
    let size = if focus { 15 } else { 13 };
    let mid = 0.5 * (ia.min.min(ib.min) + ia.max.max(ib.max));
    let clear = bw * 1.2 + 14.0;
    let (mut at, anchor) = if out.x > 0.4 {
        (on(mid, clear), Anchor::Left)
    } else if out.x < -0.4 {
        (on(mid, clear), Anchor::Right)
    } else {
        (on(mid, clear + 6.0), Anchor::Center)
    };
    // stack further lines away from the axis line
    let step = if out.y >= 0.0 { 20.0 } else { -20.0 };
    for (k, line_text) in text.iter().enumerate() {
        let (col, sz) = if k == 0 {
            (c, size)
        } else {
            (palette::TEXT, 13)
        };
        fit_label(fonts, line_text, at, sz, col, anchor, &scene.viewport);
        at.y += step;
    }
}

/// The line that separates the boxes on each separating axis the scene shows: perpendicular to
/// the axis, at the middle of the gap between the shadows. The first separating axis's line is
/// solid, the others' (shown when they are the focus) dashed.
fn separating_lines(scene: &Scene2, fonts: &Fonts) {
    let r = scene.report;
    let focus = scene.focus();
    let st = &scene.state.two;
    for line in scene.lines {
        let t = &r.axes[line.index];
        let first = r.first_separating == Some(t.index);
        if !t.is_separating() || !(first || focus == Some(t.index)) {
            continue;
        }
        let (ia, ib) = (t.interval_a, t.interval_b);
        let s = if ia.max < ib.min {
            0.5 * (ia.max + ib.min)
        } else {
            0.5 * (ib.max + ia.min)
        };
        // from beyond the boxes on one side to beyond them on the other, along the line's normal
        let n = line.normal;
        let corners = st.a.corners().into_iter().chain(st.b.corners());
        let (lo, hi) = corners
            .map(|c| c.dot(n))
            .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let pad = 28.0 / scene.cam().zoom;
        let p = scene.px(t.axis * s + n * (lo - pad));
        let q = scene.px(t.axis * s + n * (hi + pad));
        let c = palette::FIRST_SEPARATING;
        if first {
            draw::line(p, q, 6.0, palette::with_alpha(c, 0.18));
            draw::line(p, q, 2.0, palette::with_alpha(c, 0.9));
        } else {
            draw::dashed(
                p,
                q,
                1.6,
                7.0,
                palette::with_alpha(palette::SEPARATING, 0.8),
            );
        }
        if st.view.overlays.labels {
            let d = (p - q).normalize_or_zero();
            fit_label(
                fonts,
                &format!("separating line of axis {}", t.index),
                p + d * 12.0,
                12,
                palette::with_alpha(c, 0.95),
                Anchor::Center,
                &scene.viewport,
            );
        }
    }
}

/// The push-out vector from B's centre: moving B by it makes the boxes touch. B's outline at that
/// place is drawn dashed.
fn push_out(scene: &Scene2, fonts: &Fonts) {
    let Some(pen) = scene.report.penetration else {
        return;
    };
    let b = &scene.state.two.b;
    let moved = Obb2 {
        center: b.center + pen.normal * pen.depth,
        ..*b
    };
    let ghost: Vec<Vec2> = moved.corners().iter().map(|c| scene.px(*c)).collect();
    for i in 0..4 {
        draw::dashed(
            ghost[i],
            ghost[(i + 1) % 4],
            1.4,
            6.0,
            palette::with_alpha(palette::B, 0.6),
        );
    }
    let from = scene.px(b.center);
    let to = scene.px(moved.center);
    let to = if from.distance(to) < 26.0 {
        from + (to - from).normalize_or(Vec2::X) * 26.0
    } else {
        to
    };
    draw::arrow(from, to, 3.5, 14.0, palette::LEAST_PENETRATION);
    if scene.state.two.view.overlays.labels {
        // beside the arrow, not past its tip: the tip often points at B's rotation handle
        let d = (to - from).normalize_or(Vec2::X);
        let side = if d.perp().x >= 0.0 {
            d.perp()
        } else {
            -d.perp()
        };
        let anchor = if side.x > 0.3 {
            Anchor::Left
        } else {
            Anchor::Center
        };
        fit_label(
            fonts,
            &format!("push-out {}", fmt_num(pen.depth)),
            (from + to) * 0.5 + side * 16.0,
            14,
            palette::LEAST_PENETRATION,
            anchor,
            &scene.viewport,
        );
    }
}

fn gizmo(scene: &Scene2, obb: &Obb2, active: Option<Handle2>) {
    let h = gizmo2d::handles(obb, scene.cam().zoom);
    let hot = Color::new(1.0, 0.92, 0.2, 1.0);
    let base = palette::HIGHLIGHT;
    let dark = Color::new(0.08, 0.09, 0.11, 1.0);
    let pick = |handle: Handle2| if active == Some(handle) { hot } else { base };
    // rotation stick and knob
    let (s0, s1) = (scene.px(h.stick_base), scene.px(h.rotate));
    let rc = pick(Handle2::Rotate);
    draw::line(s0, s1, 2.0, rc);
    draw::dot(s1, 8.0, dark);
    draw::dot(s1, 6.5, rc);
    draw::dot(s1, 2.5, dark);
    // edges: small round handles; corners: squares
    for (i, e) in h.edges.iter().enumerate() {
        let p = scene.px(*e);
        draw::dot(p, 5.5, dark);
        draw::dot(p, 4.0, pick(Handle2::Edge(i)));
    }
    for (i, c) in h.corners.iter().enumerate() {
        let p = scene.px(*c);
        let sq = |r: f32| {
            [
                p + Vec2::new(-r, -r),
                p + Vec2::new(r, -r),
                p + Vec2::new(r, r),
                p + Vec2::new(-r, r),
            ]
        };
        draw::polygon(&sq(6.5), dark);
        draw::polygon(&sq(5.0), pick(Handle2::Corner(i)));
    }
    let c = scene.px(h.center);
    let moving = matches!(active, Some(Handle2::Center | Handle2::Body));
    let cc = if moving { hot } else { base };
    draw::dot(c, 7.0, dark);
    draw::dot(c, 5.5, cc);
    draw::dot(c, 2.0, dark);
}

/// The cursor's world position and which boxes contain it, at the bottom right of the scene.
fn cursor_readout(scene: &Scene2, fonts: &Fonts) {
    let Some(p) = scene.transient.cursor2 else {
        return;
    };
    let st = &scene.state.two;
    let inside: Vec<&str> = [("A", &st.a), ("B", &st.b)]
        .iter()
        .filter(|(_, b)| b.contains_point(p))
        .map(|(n, _)| *n)
        .collect();
    let where_ = match inside.as_slice() {
        [] => "outside both boxes".to_string(),
        [one] => format!("inside {one}"),
        _ => "inside A and B".to_string(),
    };
    let text = format!("cursor ({}, {})  {where_}", fmt_num(p.x), fmt_num(p.y));
    let vp = scene.viewport;
    draw::label(
        fonts,
        &text,
        Vec2::new(vp.x + vp.w - 16.0, vp.y + vp.h - 24.0),
        14,
        if inside.is_empty() {
            palette::TEXT_DIM
        } else {
            palette::TEXT
        },
        Anchor::Right,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_steps_are_1_2_5_and_never_closer_than_asked() {
        let close = |a: f32, b: f32| (a - b).abs() < b * 1e-5;
        assert!(close(grid_step(70.0, 28.0), 0.5));
        assert!(close(grid_step(70.0, 64.0), 1.0));
        assert!(close(grid_step(20.0, 64.0), 5.0));
        assert!(close(grid_step(1000.0, 28.0), 0.05));
        for zoom in [2.0, 13.0, 70.0, 333.0, 5000.0] {
            let s = grid_step(zoom, 30.0);
            assert!(
                s * zoom >= 30.0 * 0.999 && s * zoom < 30.0 * 2.6,
                "{zoom}: {s}"
            );
        }
    }

    #[test]
    fn grid_labels_have_no_trailing_zeros_or_negative_zero() {
        assert_eq!(grid_label(2.0, 1.0), "2");
        assert_eq!(grid_label(-0.0, 0.5), "0");
        assert_eq!(grid_label(0.25, 0.05), "0.25");
        assert_eq!(grid_label(-1.5, 0.5), "-1.5");
    }
}
