//! The 2D mode's own drawing, as in the classic SAT diagram: the grid with labelled world axes,
//! both rectangles with their own axes, the separating line of the first separating axis, the
//! handles of the selected rectangle and the cursor's read-out. Computes no SAT numbers: every
//! interval, gap and verdict comes from the frame's report.

use glam::Vec2;

use crate::app::draw::{self, Anchor, Fonts, Paint, PendingLabel};
use crate::app::frame::Shown;
use crate::app::gizmo2d::{self, Handle2};
use crate::app::mode::ModeState;
use crate::app::numbers;
use crate::app::settings::Settings;
use crate::app::theme::{self, Rgba};
use crate::app::two::Two;
use crate::sat::{fmt_num, Obb2, Which};

impl Paint for Two {
    const HINT: &'static str = "drag B's handles (the knob turns it) · S steps through the 4 axes · D the plot of directions · P the panel";
    const TOUCH_HINT: &'static str = "drag B's handles (the knob turns it) · one finger pans, two zoom · the Panel bar below steps through the 4 axes";

    /// The grid, the separating line and both rectangles.
    fn under(frame: &Shown<Two>, mode: &ModeState<Two>, fonts: &Fonts) -> Vec<PendingLabel> {
        let ov = mode.view.overlays;
        if ov.grid {
            grid(frame, mode, fonts);
        }
        let labels = if ov.axes {
            separating_lines(frame, mode, fonts)
        } else {
            Vec::new()
        };
        boxes(frame, mode, fonts);
        labels
    }

    /// The handles of the selected rectangle and the cursor's read-out.
    fn over(frame: &Shown<Two>, mode: &ModeState<Two>, settings: &Settings, fonts: &Fonts) {
        if let Some(w) = mode.selected_box {
            let p = &mode.pointer;
            let active = p.drag.map(|(_, d)| d.handle).or(p.hovered_handle);
            // under a finger the handles are drawn larger, as they are picked from further
            let size = if settings.touch { 1.5 } else { 1.0 };
            gizmo(frame, mode.get(w), active, size);
        }
        cursor_readout(frame, mode, fonts);
    }

    /// The rotation stick and knob (the other handles lie on the box's outline).
    fn gizmo_rect(
        frame: &Shown<Two>,
        mode: &ModeState<Two>,
        _settings: &Settings,
    ) -> Option<(Vec2, Vec2)> {
        let obb = mode.get(mode.selected_box?);
        let h = gizmo2d::handles(obb, frame.projector.camera.zoom);
        draw::bounds([px(frame, h.stick_base), px(frame, h.rotate)], 10.0)
    }
}

/// World to pixels.
fn px(frame: &Shown<Two>, p: Vec2) -> Vec2 {
    frame.projector.camera.to_screen(p, &frame.viewport)
}

/// The grid step in world units: the smallest of 1, 2, 5 × 10^k that is at least `min_px` pixels
/// apart at `zoom` pixels per unit.
pub(crate) fn grid_step(zoom: f32, min_px: f32) -> f32 {
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
    numbers::trimmed(v, decimals)
}

fn grid(frame: &Shown<Two>, mode: &ModeState<Two>, fonts: &Fonts) {
    let vp = frame.viewport;
    let cam = &mode.view.camera;
    let lo = cam.to_world(Vec2::new(vp.x, vp.y + vp.h), &vp);
    let hi = cam.to_world(Vec2::new(vp.x + vp.w, vp.y), &vp);
    let minor = grid_step(cam.zoom, 36.0);
    let label_step = grid_step(cam.zoom, 64.0);
    let major = minor * 5.0;
    let is_multiple = |v: f32, s: f32| ((v / s).round() * s - v).abs() < s * 1e-3;
    let faint = theme::GRID.alpha(0.55);
    let (x_axis, y_axis) = (theme::AXIS_XYZ[0].alpha(0.9), theme::AXIS_XYZ[1].alpha(0.9));
    let origin = px(frame, Vec2::ZERO);
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
        let p = px(frame, Vec2::new(x, 0.0)).x;
        if x != 0.0 {
            let c = if is_multiple(x, major) {
                theme::GRID
            } else {
                faint
            };
            draw::line(Vec2::new(p, vp.y), Vec2::new(p, vp.y + vp.h), 1.0, c);
        }
        if is_multiple(x, label_step) && x.abs() > minor * 1e-3 {
            let text = grid_label(x, label_step);
            let at = Vec2::new(p, label_y);
            draw::label(fonts, &text, at, 12, theme::TEXT_DIM, Anchor::Center);
        }
        i += 1;
    }
    let mut j = (lo.y / minor).floor() as i64;
    while (j as f32) * minor <= hi.y {
        let y = j as f32 * minor;
        let p = px(frame, Vec2::new(0.0, y)).y;
        if y != 0.0 {
            let c = if is_multiple(y, major) {
                theme::GRID
            } else {
                faint
            };
            draw::line(Vec2::new(vp.x, p), Vec2::new(vp.x + vp.w, p), 1.0, c);
        }
        if is_multiple(y, label_step) && y.abs() > minor * 1e-3 {
            let text = grid_label(y, label_step);
            let at = Vec2::new(label_x, p);
            draw::label(fonts, &text, at, 12, theme::TEXT_DIM, Anchor::Right);
        }
        j += 1;
    }
    // world axes
    let (x0, x1) = (Vec2::new(vp.x, origin.y), Vec2::new(vp.x + vp.w, origin.y));
    draw::line(x0, x1, 1.6, x_axis.alpha(0.55));
    let (y0, y1) = (Vec2::new(origin.x, vp.y), Vec2::new(origin.x, vp.y + vp.h));
    draw::line(y0, y1, 1.6, y_axis.alpha(0.55));
    if vp.contains(origin) {
        let at = origin + Vec2::new(-6.0, 12.0);
        draw::label(fonts, "0", at, 12, theme::TEXT_DIM, Anchor::Right);
    }
    let x_at = Vec2::new(
        vp.x + vp.w - 14.0,
        origin.y.clamp(vp.y + 64.0, vp.y + vp.h - 20.0) - 12.0,
    );
    draw::label(fonts, "x", x_at, 14, x_axis, Anchor::Center);
    let y_at = Vec2::new(
        origin.x.clamp(vp.x + 8.0, vp.x + vp.w - 40.0) + 14.0,
        vp.y + 72.0,
    );
    draw::label(fonts, "y", y_at, 14, y_axis, Anchor::Center);
}

fn boxes(frame: &Shown<Two>, mode: &ModeState<Two>, fonts: &Fonts) {
    let cursor = mode.pointer.cursor;
    for (w, obb, color) in [(Which::A, &mode.a, theme::A), (Which::B, &mode.b, theme::B)] {
        let inside = cursor.is_some_and(|p| obb.contains_point(p));
        let core: Vec<Vec2> = obb.corners().iter().map(|c| px(frame, *c)).collect();
        let radius = mode.radii[usize::from(w == Which::B)];
        // a rounded box: its surface drawn, its core dashed inside
        let pts: Vec<Vec2> = if radius > 0.0 {
            for k in 0..4 {
                draw::dashed(core[k], core[(k + 1) % 4], 1.2, 5.0, color.alpha(0.6));
            }
            rounded_outline(obb, radius)
                .into_iter()
                .map(|c| px(frame, c))
                .collect()
        } else {
            core
        };
        draw::polygon(&pts, color.alpha(if inside { 0.34 } else { 0.16 }));
        let (width, edge) = match (mode.selected_box == Some(w), inside) {
            (true, _) => (3.2, color.lighten(0.35)),
            (false, true) => (3.0, color.lighten(0.2)),
            (false, false) => (2.2, color),
        };
        draw::outline(&pts, width, edge);
        // the box's own axes, from the centre to its faces: the half extents
        let c = px(frame, obb.center);
        let [u0, u1] = obb.axes();
        let e = obb.half_extents;
        for (k, (u, len)) in [(u0, e.x), (u1, e.y)].into_iter().enumerate() {
            let tip = px(frame, obb.center + u * len);
            if tip.distance(c) <= 18.0 {
                continue;
            }
            draw::arrow(c, tip, 1.4, 8.0, color.alpha(0.8));
            if mode.view.overlays.labels {
                let d = (tip - c).normalize_or_zero();
                let at = tip - d * 18.0 + d.perp() * 10.0;
                let c = color.lighten(0.3).alpha(0.9);
                draw::label(fonts, &format!("u{k}"), at, 11, c, Anchor::Center);
            }
        }
        // the name sits in the box's −u0 −u1 quarter, clear of the axes and the centre handle
        let at = px(frame, obb.center - (u0 * e.x + u1 * e.y) * 0.45);
        let at = if at.distance(c) < 16.0 {
            c + Vec2::new(-16.0, 16.0)
        } else {
            at
        };
        draw::label(
            fonts,
            &w.to_string(),
            at,
            20,
            color.lighten(0.25),
            Anchor::Center,
        );
    }
}

/// The outline of a box grown by `radius`: its sides pushed out by it, joined by quarter circles
/// around the corners (counter-clockwise, as [`Obb2::corners`]).
pub(crate) fn rounded_outline(obb: &Obb2, radius: f32) -> Vec<Vec2> {
    const STEPS: usize = 8;
    let [u0, u1] = obb.axes();
    let e = obb.half_extents;
    // the corners in counter-clockwise order from (+, +), each with the quarter it rounds
    [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .into_iter()
        .enumerate()
        .flat_map(|(q, (sx, sy))| {
            let corner = obb.center + u0 * (sx * e.x) + u1 * (sy * e.y);
            (0..=STEPS).map(move |k| {
                let angle = (q as f32 + k as f32 / STEPS as f32) * std::f32::consts::FRAC_PI_2;
                let (sin, cos) = angle.sin_cos();
                corner + (u0 * cos + u1 * sin) * radius
            })
        })
        .collect()
}

/// The line that separates the boxes on each separating axis the scene shows: perpendicular to
/// the axis, at the middle of the gap between the shadows. The first separating axis's line is
/// solid, the others' (shown when they are the focus) dashed. Its label continues the line beyond
/// one of its ends, or sits beside it, wherever it covers fewest axis lines.
fn separating_lines(frame: &Shown<Two>, mode: &ModeState<Two>, fonts: &Fonts) -> Vec<PendingLabel> {
    let mut labels = Vec::new();
    for line in &frame.lines {
        let Some(t) = frame.axis(line.index) else {
            continue;
        };
        let first = frame.answer.first_separating == Some(t.index());
        if !t.is_separating() || !(first || frame.focus == Some(t.index())) {
            continue;
        }
        let (ia, ib) = (t.interval_a(), t.interval_b());
        let s = if ia.max < ib.min {
            0.5 * (ia.max + ib.min)
        } else {
            0.5 * (ib.max + ia.min)
        };
        // from beyond the boxes on one side to beyond them on the other, along the line's normal
        let n = line.side;
        let (lo, hi) = mode
            .a
            .corners()
            .into_iter()
            .chain(mode.b.corners())
            .map(|c| c.dot(n))
            .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)));
        let pad = 28.0 / mode.view.camera.zoom;
        let p = px(frame, t.axis() * s + n * (lo - pad));
        let q = px(frame, t.axis() * s + n * (hi + pad));
        let c = theme::FIRST_SEPARATING;
        if first {
            draw::line(p, q, 6.0, c.alpha(0.18));
            draw::line(p, q, 2.0, c.alpha(0.9));
        } else {
            draw::dashed(p, q, 1.6, 7.0, theme::SEPARATING.alpha(0.8));
        }
        if mode.view.overlays.labels {
            let text = format!("separating line (axis {})", t.index());
            let (at, anchor) = clearest_place(frame, fonts, &text, p, q);
            labels.push(PendingLabel {
                text,
                at,
                size: 12,
                color: c.alpha(0.95),
                anchor,
                important: true,
            });
        }
    }
    labels
}

/// Of the places beyond either end of the segment `p`–`q` or beside it near an end, the one
/// whose label covers fewest axis lines (the first such in that order).
fn clearest_place(
    frame: &Shown<Two>,
    fonts: &Fonts,
    text: &str,
    p: Vec2,
    q: Vec2,
) -> (Vec2, Anchor) {
    let bars: Vec<(Vec2, Vec2)> = frame
        .lines
        .iter()
        .map(|l| (px(frame, l.point(l.lo)), px(frame, l.point(l.hi))))
        .collect();
    let normal = (q - p).perp().normalize_or_zero();
    let beside = |at: Vec2| {
        let side = if normal.x >= 0.0 { normal } else { -normal };
        (at + side * 10.0, Anchor::Left)
    };
    let mut places = vec![label_beyond(p, q), label_beyond(q, p)];
    for k in 1..=4 {
        let t = k as f32 * 0.08;
        places.push(beside(p.lerp(q, t)));
        places.push(beside(q.lerp(p, t)));
    }
    let hits = |&(at, anchor): &(Vec2, Anchor)| {
        let rect = draw::label_rect(fonts, text, at, 12, anchor);
        bars.iter()
            .filter(|(a, b)| draw::segment_meets_rect(*a, *b, rect, 4.0))
            .count()
    };
    places
        .iter()
        .min_by_key(|place| hits(place))
        .copied()
        .unwrap_or_else(|| label_beyond(p, q))
}

/// Where a label stands beyond the end `p` of the segment from `q`, and how it is anchored, so that
/// it continues the segment without covering it.
fn label_beyond(p: Vec2, q: Vec2) -> (Vec2, Anchor) {
    let d = (p - q).normalize_or_zero();
    if d.x > 0.35 {
        (p + d * 8.0, Anchor::Left)
    } else if d.x < -0.35 {
        (p + d * 8.0, Anchor::Right)
    } else {
        (p + d * 16.0, Anchor::Center)
    }
}

/// The selected rectangle's handles, `size` times their size for a mouse.
fn gizmo(frame: &Shown<Two>, obb: &Obb2, active: Option<Handle2>, size: f32) {
    let h = gizmo2d::handles(obb, frame.projector.camera.zoom);
    let dark = Rgba(20, 23, 28, 255);
    let pick = |handle: Handle2| {
        if active == Some(handle) {
            theme::HOT
        } else {
            theme::HIGHLIGHT
        }
    };
    // rotation stick and knob
    let (s0, s1) = (px(frame, h.stick_base), px(frame, h.rotate));
    let rc = pick(Handle2::Rotate);
    draw::line(s0, s1, 2.0, rc);
    draw::dot(s1, 8.0 * size, dark);
    draw::dot(s1, 6.5 * size, rc);
    draw::dot(s1, 2.5 * size, dark);
    // edges: small round handles; corners: squares
    for (i, e) in h.edges.iter().enumerate() {
        let p = px(frame, *e);
        draw::dot(p, 5.5 * size, dark);
        draw::dot(p, 4.0 * size, pick(Handle2::Edge(i)));
    }
    for (i, c) in h.corners.iter().enumerate() {
        let p = px(frame, *c);
        let sq = |r: f32| {
            [
                p + Vec2::new(-r, -r),
                p + Vec2::new(r, -r),
                p + Vec2::new(r, r),
                p + Vec2::new(-r, r),
            ]
        };
        draw::polygon(&sq(6.5 * size), dark);
        draw::polygon(&sq(5.0 * size), pick(Handle2::Corner(i)));
    }
    let c = px(frame, h.center);
    let moving = matches!(active, Some(Handle2::Center | Handle2::Body));
    draw::dot(c, 7.0 * size, dark);
    draw::dot(
        c,
        5.5 * size,
        if moving { theme::HOT } else { theme::HIGHLIGHT },
    );
    draw::dot(c, 2.0 * size, dark);
}

/// The cursor's world position and which boxes contain it, at the bottom right of the scene.
fn cursor_readout(frame: &Shown<Two>, mode: &ModeState<Two>, fonts: &Fonts) {
    let Some(p) = mode.pointer.cursor else {
        return;
    };
    let inside: Vec<&str> = [("A", &mode.a), ("B", &mode.b)]
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
    let vp = frame.viewport;
    let color = if inside.is_empty() {
        theme::TEXT_DIM
    } else {
        theme::TEXT
    };
    let at = Vec2::new(vp.x + vp.w - 16.0, vp.y + vp.h - 24.0);
    draw::label(fonts, &text, at, 14, color, Anchor::Right);
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
