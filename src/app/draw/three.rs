//! The 3D mode's own drawing: the ground grid, both boxes (translucent faces back to front,
//! hidden edges dashed), the separating plane of the first separating axis, and the gizmo.
//! Computes no SAT numbers: every interval, gap and verdict comes from the frame's report.

use glam::{Vec2, Vec3};

use crate::app::camera::Projector;
use crate::app::draw::{self, Anchor, Fonts, Paint, PendingLabel};
use crate::app::frame::Shown;
use crate::app::gizmo::{self, GizmoFrame, GizmoMode, Handle, Snap};
use crate::app::mode::ModeState;
use crate::app::numbers;
use crate::app::settings::Settings;
use crate::app::theme::{self, Rgba};
use crate::app::three::{gizmo_frame, Three};
use crate::sat::{Obb3, Which};

impl Paint for Three {
    const HINT: &'static str = "drag B's arrows to move it (E: turn) · S steps through the 15 axes · D the sphere of directions · P the panel";
    const TOUCH_HINT: &'static str = "drag B's arrows to move it · one finger turns the view, two zoom · the Panel bar below steps through the 15 axes";

    /// The ground grid and both boxes.
    fn under(frame: &Shown<Three>, mode: &ModeState<Three>, fonts: &Fonts) -> Vec<PendingLabel> {
        if mode.view.overlays.grid {
            grid(&frame.projector, fonts);
        }
        boxes(frame, mode, fonts);
        Vec::new()
    }

    /// The separating plane and the gizmo, with the angle while turning.
    fn over(frame: &Shown<Three>, mode: &ModeState<Three>, settings: &Settings, fonts: &Fonts) {
        if mode.view.overlays.axes {
            separating_plane(frame, mode);
        }
        gizmo(frame, mode, settings, fonts);
    }

    fn gizmo_rect(
        frame: &Shown<Three>,
        mode: &ModeState<Three>,
        settings: &Settings,
    ) -> Option<(Vec2, Vec2)> {
        let (_, g) = gizmo_frame(mode, settings, &frame.viewport)?;
        let points = gizmo::handles(&g, settings.gizmo_mode)
            .into_iter()
            .flat_map(|(_, pts)| pts)
            .filter_map(|q| frame.projector.project(q));
        draw::bounds(points, 8.0)
    }
}

fn gizmo(frame: &Shown<Three>, mode: &ModeState<Three>, settings: &Settings, fonts: &Fonts) {
    let Some((_, gizmo)) = gizmo_frame(mode, settings, &frame.viewport) else {
        return;
    };
    let p = &mode.pointer;
    let active = p.drag.map(|d| d.handle).or(p.hovered_handle);
    gizmo_handles(&frame.projector, &gizmo, settings.gizmo_mode, active);
    // while turning, the angle turned so far (with the snap the drag uses)
    let snap = Snap {
        translate: None,
        rotate_deg: settings.snap.then_some(15.0),
    };
    if let (Some(deg), Some(c)) = (
        p.drag.and_then(|d| d.turned_deg(snap)),
        frame.projector.project(gizmo.center),
    ) {
        draw::label(
            fonts,
            &format!("{}°", numbers::signed(deg, 1)),
            c + Vec2::new(18.0, -18.0),
            16,
            theme::HOT,
            Anchor::Left,
        );
    }
}

fn seg(p: &Projector, a: Vec3, b: Vec3, width: f32, color: Rgba) {
    if let Some((a, b)) = p.segment(a, b) {
        draw::line(a, b, width, color);
    }
}

fn grid(p: &Projector, fonts: &Fonts) {
    let n = 10;
    for i in -n..=n {
        if i == 0 {
            continue;
        }
        let f = i as f32;
        seg(
            p,
            Vec3::new(f, 0.0, -n as f32),
            Vec3::new(f, 0.0, n as f32),
            1.0,
            theme::GRID,
        );
        seg(
            p,
            Vec3::new(-n as f32, 0.0, f),
            Vec3::new(n as f32, 0.0, f),
            1.0,
            theme::GRID,
        );
    }
    for (k, (d, name)) in [(Vec3::X, "x"), (Vec3::Y, "y"), (Vec3::Z, "z")]
        .into_iter()
        .enumerate()
    {
        let c = theme::AXIS_XYZ[k].alpha(0.9);
        let len = if d == Vec3::Y { 1.5 } else { n as f32 };
        seg(p, Vec3::ZERO, d * len, 2.0, c);
        if d != Vec3::Y {
            seg(p, Vec3::ZERO, -d * len, 1.0, c.alpha(0.45));
        }
        if let Some(px) = p.project(d * len) {
            draw::label(fonts, name, px + Vec2::new(4.0, 0.0), 14, c, Anchor::Left);
        }
    }
}

/// The 12 edges of a box: corner `i`, corner `j` along axis `k` from it (corner bit `k` set), and
/// the other two axes, whose faces at `i`'s signs meet along the edge.
fn edges() -> impl Iterator<Item = (usize, usize, [usize; 2])> {
    (0..8usize).flat_map(|i| {
        (0..3)
            .filter(move |k| i & (1 << k) == 0)
            .map(move |k| (i, i | (1 << k), [(k + 1) % 3, (k + 2) % 3]))
    })
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

fn boxes(frame: &Shown<Three>, mode: &ModeState<Three>, fonts: &Fonts) {
    let p = &frame.projector;
    let both = [(Which::A, &mode.a, theme::A), (Which::B, &mode.b, theme::B)];
    // translucent faces of both boxes, back to front
    let mut faces: Vec<(f32, [Vec2; 4], Rgba)> = Vec::new();
    for (which, obb, color) in both {
        let corners = obb.corners();
        let axes = obb.axes();
        let e = obb.half_extents.to_array();
        for k in 0..3 {
            for positive in [false, true] {
                let n = if positive { axes[k] } else { -axes[k] };
                let center = obb.center + n * e[k];
                let front = n.dot(p.eye - center) > 0.0;
                let Some(pts) = face(k, positive)
                    .iter()
                    .map(|&i| p.project(corners[i]))
                    .collect::<Option<Vec<_>>>()
                else {
                    continue;
                };
                let alpha = if front { 0.20 } else { 0.07 }
                    + if mode.selected_box == Some(which) {
                        0.05
                    } else {
                        0.0
                    };
                faces.push((
                    p.depth(center),
                    [pts[0], pts[1], pts[2], pts[3]],
                    color.alpha(alpha),
                ));
            }
        }
    }
    faces.sort_by(|x, y| y.0.total_cmp(&x.0));
    for (_, quad, color) in &faces {
        draw::polygon(quad, *color);
    }
    for (which, obb, color) in both {
        let radius = mode.radii[usize::from(which == Which::B)];
        if radius > 0.0 {
            rounded_shell(p, obb, radius, color);
        }
        box_edges(p, obb, color, mode.selected_box == Some(which));
        let top = obb.center + Vec3::Y * (obb.projected_radius(Vec3::Y) + 0.25);
        if let Some(px) = p.project(top) {
            draw::label(fonts, &which.to_string(), px, 20, color, Anchor::Center);
        }
    }
}

/// The 12 edges: visible ones solid (brighter and thicker when selected), hidden ones dashed.
fn box_edges(p: &Projector, obb: &Obb3, color: Rgba, selected: bool) {
    let corners = obb.corners();
    let axes = obb.axes();
    let e = obb.half_extents.to_array();
    // a face is front-facing when the eye is on its outer side
    let front = |k: usize, positive: bool| {
        let n = if positive { axes[k] } else { -axes[k] };
        n.dot(p.eye - (obb.center + n * e[k])) > 0.0
    };
    for (i, j, [k1, k2]) in edges() {
        // the edge's two faces are the other two axes at i's signs
        let visible = front(k1, i & (1 << k1) != 0) || front(k2, i & (1 << k2) != 0);
        let (width, c) = match (visible, selected) {
            (true, true) => (3.2, color.lighten(0.4)),
            (true, false) => (2.2, color),
            (false, _) => (1.0, color.alpha(0.45)),
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

/// The surface of a box grown by `radius` around its drawn core: each face pushed out by it, and
/// at each end of each edge the quarter circle that joins its two faces. What faces the eye is
/// solid, the rest dashed and faint.
fn rounded_shell(p: &Projector, obb: &Obb3, radius: f32, color: Rgba) {
    const STEPS: usize = 6;
    let corners = obb.corners();
    let axes = obb.axes();
    let e = obb.half_extents.to_array();
    let normal = |k: usize, positive: bool| if positive { axes[k] } else { -axes[k] };
    let front = |n: Vec3, at: Vec3| n.dot(p.eye - at) > 0.0;
    let stroke = |a: Vec3, b: Vec3, visible: bool| {
        if let Some((x, y)) = p.segment(a, b) {
            if visible {
                draw::line(x, y, 1.6, color.alpha(0.85));
            } else {
                draw::dashed(x, y, 1.0, 4.0, color.alpha(0.3));
            }
        }
    };
    for (k, &extent) in e.iter().enumerate() {
        for positive in [false, true] {
            let n = normal(k, positive);
            let visible = front(n, obb.center + n * (extent + radius));
            let quad = face(k, positive).map(|i| corners[i] + n * radius);
            for q in 0..4 {
                stroke(quad[q], quad[(q + 1) % 4], visible);
            }
        }
    }
    for (i, j, [k1, k2]) in edges() {
        let (n1, n2) = (
            normal(k1, i & (1 << k1) != 0),
            normal(k2, i & (1 << k2) != 0),
        );
        let visible = front(n1 + n2, corners[i] + (n1 + n2) * radius);
        if !visible {
            continue;
        }
        for end in [corners[i], corners[j]] {
            let arc: Vec<Vec3> = (0..=STEPS)
                .map(|s| {
                    let t = s as f32 / STEPS as f32 * std::f32::consts::FRAC_PI_2;
                    end + (n1 * t.cos() + n2 * t.sin()) * radius
                })
                .collect();
            for w in arc.windows(2) {
                stroke(w[0], w[1], true);
            }
        }
    }
}

/// A translucent square in the plane that separates the boxes, at the middle of the gap on the
/// first separating axis (when its line is drawn).
fn separating_plane(frame: &Shown<Three>, mode: &ModeState<Three>) {
    let Some(t) = frame.answer.first_separating.and_then(|k| frame.axis(k)) else {
        return;
    };
    if !frame.lines.iter().any(|l| l.index == t.index()) {
        return;
    }
    let (lo_box, hi_box) = if t.interval_a().max < t.interval_b().min {
        (t.interval_a(), t.interval_b())
    } else {
        (t.interval_b(), t.interval_a())
    };
    let s = 0.5 * (lo_box.max + hi_box.min);
    let mid = 0.5 * (mode.a.center + mode.b.center);
    let center = mid + t.axis() * (s - mid.dot(t.axis()));
    let u = t.axis().any_orthonormal_vector();
    let v = t.axis().cross(u);
    let size = 0.4 * (mode.a.half_extents.length() + mode.b.half_extents.length());
    let quad = [
        center + (u + v) * size,
        center + (u - v) * size,
        center - (u + v) * size,
        center - (u - v) * size,
    ];
    let p = &frame.projector;
    if let Some(pts) = quad
        .iter()
        .map(|q| p.project(*q))
        .collect::<Option<Vec<_>>>()
    {
        draw::polygon(&pts, theme::FIRST_SEPARATING.alpha(0.10));
        draw::outline(&pts, 1.2, theme::FIRST_SEPARATING.alpha(0.5));
    }
}

fn gizmo_handles(p: &Projector, frame: &GizmoFrame, mode: GizmoMode, active: Option<Handle>) {
    for (handle, pts) in gizmo::handles(frame, mode) {
        let k = match handle {
            Handle::Axis(k) | Handle::Plane(k) | Handle::Ring(k) => k,
        };
        let c = if active == Some(handle) {
            theme::HOT
        } else {
            theme::AXIS_XYZ[k]
        };
        let Some(screen) = pts
            .iter()
            .map(|q| p.project(*q))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        match handle {
            Handle::Axis(_) => {
                // a dark edge so that the arrow reads over boxes, shadows and labels alike
                draw::arrow(screen[0], screen[1], 6.0, 17.0, theme::PLATE);
                draw::arrow(screen[0], screen[1], 4.0, 15.0, c);
            }
            Handle::Plane(_) => {
                draw::polygon(&screen, c.alpha(0.35));
                draw::outline(&screen, 1.5, c);
            }
            Handle::Ring(_) => {
                let width = if active == Some(handle) { 3.5 } else { 2.5 };
                for w in screen.windows(2) {
                    draw::line(w[0], w[1], width, c);
                }
            }
        }
    }
    if let Some(c) = p.project(frame.center) {
        draw::dot(c, 4.0, theme::HIGHLIGHT);
    }
}
