//! The sphere of directions (3D) and the plot of `s(θ)` over a full turn (2D), in a window of
//! their own: `s(n)` over every direction, the candidate axes on it, and the two facts that make
//! the candidates enough, with numbers. Hovering a direction probes it (the scene shows both
//! shadows on it); a click keeps the probe; dragging turns the sphere.

use egui_macroquad::egui::{self, Color32, Pos2, Rect, RichText, Sense, Shape, Stroke, Ui};
use glam::{Quat, Vec2, Vec3};

use super::{dim, PanelModel, WindowLayout, SPHERE_TOP};
use crate::app::command::{AppCommand, Command, ModeCommand};
use crate::app::dim::{Dim, Vector};
use crate::app::frame::Directions;
use crate::app::sphere::{colour, from_disc, gauss_arcs, on_disc, zero_contour, SphereMesh};
use crate::app::theme;
use crate::app::three::{sphere_mesh, Three};
use crate::app::two::Two;
use crate::sat::fmt_num;
use crate::sat::{AxisTest, Obb, Report};

/// How the sphere is turned, kept across frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct SphereState {
    /// The sphere's rotation in the picture.
    pub view: Quat,
}

impl Default for SphereState {
    fn default() -> Self {
        Self {
            view: Quat::from_rotation_x(0.45) * Quat::from_rotation_y(-0.6),
        }
    }
}

/// What the picture reports: the direction under the pointer, and a click on it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Pointed {
    /// The direction under the pointer.
    pub hovered: Option<[f32; 3]>,
    /// The picture was clicked (not dragged).
    pub clicked: bool,
}

/// Each mode's picture of `s` over all directions.
pub(crate) trait DirectionsPicture: Dim {
    /// The window's title.
    const TITLE: &'static str;
    /// Paints the picture; returns what the pointer did on it.
    /// `height` is the most the picture may take: what the window's height leaves under the
    /// facts.
    fn picture(
        ui: &mut Ui,
        model: &PanelModel<Self>,
        dirs: &Directions<Self::Vec>,
        state: &mut SphereState,
        height: f32,
    ) -> Pointed;
}

/// The window, when it is open; its rectangle.
pub(crate) fn window<D: DirectionsPicture>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    layout: &WindowLayout,
    state: &mut SphereState,
    commands: &mut Vec<Command>,
    probe: &mut Option<[f32; 3]>,
) -> Option<egui::Rect> {
    let dirs = model.frame.directions.as_ref()?;
    let mut open = true;
    // the picture takes what the facts under it leave (as tall as they were last frame)
    let facts_id = egui::Id::new("sphere-facts-height");
    let facts_height = ctx
        .data(|d| d.get_temp::<f32>(facts_id))
        .unwrap_or(FACTS_HEIGHT);
    let room = layout.sphere_height - facts_height;
    let shown = egui::Window::new(D::TITLE)
        .open(&mut open)
        .default_width(360.0)
        .default_pos(egui::pos2(16.0, SPHERE_TOP))
        // never down over the timeline, nor past the window's bottom; tall enough for the
        // largest picture and the facts (a window of a height kept from an earlier frame cut
        // the facts' last line)
        .min_height(layout.sphere_height.min(PICTURE_MAX + facts_height + 16.0))
        .max_height(layout.sphere_height)
        .vscroll(true)
        .show(ctx, |ui| {
            let pointed = D::picture(ui, model, dirs, state, room);
            *probe = pointed.hovered;
            if pointed.clicked {
                let pinned = model.mode.pinned_probe.is_some();
                let pin = if pinned { None } else { pointed.hovered };
                commands.push(ModeCommand::PinProbe(pin).into());
            }
            let top = ui.cursor().top();
            facts(ui, model, dirs);
            let height = ui.cursor().top() - top;
            if (height - facts_height).abs() > 0.5 {
                ctx.data_mut(|d| d.insert_temp(facts_id, height));
                ctx.request_repaint();
            }
        });
    if !open {
        commands.push(AppCommand::ToggleSphere.into());
    }
    shown.map(|r| r.response.rect)
}

/// The largest the sphere's picture gets (the plot of directions is shorter).
const PICTURE_MAX: f32 = 360.0;

/// The height the facts under the picture take before they are first measured (the rest of
/// the window is the picture's).
const FACTS_HEIGHT: f32 = 200.0;

/// The two facts, with this pair's numbers.
fn facts<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, dirs: &Directions<D::Vec>) {
    let answer = &model.frame.answer;
    let tol = model.frame.check.band as f32 * 10.0;
    match (answer.depth, answer.axis) {
        (Some(depth), Some(k)) => {
            let least = -dirs.max.1;
            let label = D::Obb::axis_kind(k).label();
            ui.label(RichText::new("Intersecting: the least overlap is at a candidate").strong());
            dim(
                ui,
                format!(
                    "least overlap over all directions, −max s(n): {}",
                    fmt_num(least)
                ),
            );
            dim(
                ui,
                format!("satbox's depth, on axis {k} ({label}): {}", fmt_num(depth)),
            );
            let ok = (least - depth).abs() <= tol.max(1e-4 * (1.0 + depth));
            let (text, color) = if ok {
                (
                    "equal: no direction overlaps less than the best candidate",
                    theme::FIRST_SEPARATING,
                )
            } else {
                (
                    "different: the sampled minimum has not converged here",
                    theme::HIT,
                )
            };
            ui.label(RichText::new(text).color(color.egui()));
        }
        _ if answer.cores.is_some() => rounded_facts(ui, model, dirs.max.1, tol),
        _ => separated_facts(ui, model, dirs.max.1, tol),
    }
    dim(
        ui,
        "s(n) = |T·n| − ra(n) − rb(n); green separates, red overlaps, the line is s = 0",
    );
}

/// The candidate axes as they test the boxes as given (each shadow grown by its box's radius),
/// not degenerate, largest gap first among equals the lowest index.
fn best_candidate<D: Dim>(
    model: &PanelModel<D>,
    separating_only: bool,
) -> Option<AxisTest<D::Vec>> {
    (0..model.frame.report.axes().len())
        .filter_map(|k| model.frame.axis(k))
        .filter(|t| !t.degenerate() && (!separating_only || t.is_separating()))
        // the first of equal gaps, as the verdict names it
        .min_by(|x, y| y.gap().total_cmp(&x.gap()))
}

/// Rounded boxes whose cores are apart: the true distance (or depth) from the cores' distance,
/// the sphere's largest rounded gap `s(n) − rA − rB`, and how far the best candidate's grown gap
/// falls short of it.
fn rounded_facts<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, largest: f32, tol: f32) {
    let answer = &model.frame.answer;
    let truth = answer.separation();
    let head = match answer.depth {
        Some(d) => format!("Rounded boxes, intersecting: depth {}", fmt_num(d)),
        None => format!(
            "Rounded boxes, separated: distance {}",
            fmt_num(answer.distance)
        ),
    };
    ui.label(RichText::new(head).strong());
    ui.label(
        RichText::new(format!(
            "largest s(n) sampled: {} (s(n): the cores' less rA + rB)",
            fmt_num(largest)
        ))
        .color(theme::DISTANCE.egui()),
    );
    let Some(t) = best_candidate(model, false) else {
        return;
    };
    dim(
        ui,
        format!(
            "best candidate, axis {} ({}): {}",
            t.index(),
            t.kind().label(),
            fmt_num(t.gap())
        ),
    );
    let short = truth - t.gap();
    let (text, color) = if short <= tol.max(1e-4) {
        (
            "the best candidate gives it here".to_string(),
            theme::FIRST_SEPARATING,
        )
    } else {
        (
            format!(
                "short by {}: the cores' closest features meet along no candidate; rounded \
                 boxes need the cores' distance (GJK)",
                fmt_num(short)
            ),
            theme::TOUCHING,
        )
    };
    ui.label(RichText::new(text).color(color.egui()));
}

/// Separated boxes: the exact distance, the sphere's largest `s(n)` and the best candidate gap.
fn separated_facts<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, largest: f32, tol: f32) {
    let distance = model.frame.answer.distance;
    let best = best_candidate(model, true);
    let along_candidate = best.is_some_and(|t| distance - t.gap() <= tol.max(1e-4));
    let head = if along_candidate {
        "Separated: a candidate separates, and here its gap is the distance"
    } else {
        "Separated: a candidate separates, but its gap is not the distance"
    };
    ui.label(RichText::new(head).strong());
    ui.label(
        RichText::new(format!(
            "distance between the boxes: {} (between the closest points, drawn in the scene)",
            fmt_num(distance)
        ))
        .color(theme::DISTANCE.egui()),
    );
    dim(
        ui,
        format!(
            "largest s(n) over the sampled directions: {} (never above the distance)",
            fmt_num(largest)
        ),
    );
    let Some(t) = best else { return };
    dim(
        ui,
        format!(
            "best candidate gap, axis {} ({}): {}",
            t.index(),
            t.kind().label(),
            fmt_num(t.gap())
        ),
    );
    let text = if along_candidate {
        format!(
            "the distance is along axis {} ({}): the closest features are a face and a corner, \
             or two edges whose cross product is that axis",
            t.index(),
            t.kind().label()
        )
    } else {
        format!(
            "the distance is along no candidate: it exceeds axis {}'s gap by {}; the closest \
             features are not a face and a corner, nor two edges whose cross product is a candidate",
            t.index(),
            fmt_num(distance - t.gap())
        )
    };
    dim(ui, text);
}

/// Pixel of a point of the unit disc in `rect`.
fn disc_px(rect: Rect, p: Vec2) -> Pos2 {
    let r = 0.5 * rect.width().min(rect.height()) - 6.0;
    let c = rect.center();
    egui::pos2(c.x + p.x * r, c.y + p.y * r)
}

fn color32(c: [u8; 3]) -> Color32 {
    Color32::from_rgb(c[0], c[1], c[2])
}

impl DirectionsPicture for Three {
    const TITLE: &'static str = "Sphere of directions (D)";

    fn picture(
        ui: &mut Ui,
        model: &PanelModel<Self>,
        dirs: &Directions<Vec3>,
        state: &mut SphereState,
        height: f32,
    ) -> Pointed {
        let size = ui.available_width().min(height).clamp(140.0, PICTURE_MAX);
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(size, size), Sense::click_and_drag());
        if response.dragged() {
            let d = response.drag_delta() * 0.01;
            state.view =
                (Quat::from_rotation_y(d.x) * Quat::from_rotation_x(d.y) * state.view).normalize();
        }
        let painter = ui.painter_at(rect);
        let view = state.view;
        let mesh = sphere_mesh();
        painter.add(Shape::mesh(shaded_sphere(mesh, &dirs.values, view, rect)));
        let near_line = |a: Vec3, b: Vec3, stroke: Stroke| {
            let ((p, pa), (q, qb)) = (on_disc(view, a), on_disc(view, b));
            if pa && qb {
                painter.line_segment([disc_px(rect, p), disc_px(rect, q)], stroke);
            }
        };
        for [a, b] in zero_contour(mesh, &dirs.values) {
            near_line(a, b, Stroke::new(2.0, Color32::from_rgb(30, 30, 34)));
        }
        for (obb, color) in [(&model.mode.a, theme::A), (&model.mode.b, theme::B)] {
            for arc in gauss_arcs(obb.axes(), 24) {
                for w in arc.windows(2) {
                    near_line(w[0], w[1], Stroke::new(1.6, color.alpha(0.85).egui()));
                }
            }
        }
        candidates(&painter, model, |n| {
            let (p, near) = on_disc(view, n);
            near.then(|| disc_px(rect, p))
        });
        // the largest s(n): exactly along the closest points when the boxes are apart
        let extreme = model.frame.closest_direction().unwrap_or(dirs.max.0);
        for n in [extreme, -extreme] {
            let (p, near) = on_disc(view, n);
            if near {
                star(&painter, disc_px(rect, p));
            }
        }
        let hovered = response.hover_pos().and_then(|pos| {
            let r = 0.5 * rect.width().min(rect.height()) - 6.0;
            let p = Vec2::new(pos.x - rect.center().x, pos.y - rect.center().y) / r;
            from_disc(view, p)
        });
        if let Some(n) = model.frame.probe.map(|p| p.dir) {
            let (p, near) = on_disc(view, n);
            let p = if near { p } else { -p };
            painter.circle_stroke(disc_px(rect, p), 6.0, Stroke::new(2.5, theme::PROBE.egui()));
        }
        Pointed {
            hovered: hovered.map(|n| n.to_array()),
            clicked: response.clicked(),
        }
    }
}

/// The near half of the sphere, each vertex coloured by `s` there (separate scales on each side
/// of 0, so that a thin separating region still reads green).
fn shaded_sphere(mesh: &SphereMesh, values: &[f32], view: Quat, rect: Rect) -> egui::Mesh {
    let (neg, pos) = values
        .iter()
        .fold((0.0f32, 0.0f32), |(n, p), v| (n.max(-v), p.max(*v)));
    let mut shape = egui::Mesh::default();
    for (n, v) in mesh.dirs.iter().zip(values) {
        let (p, _) = on_disc(view, *n);
        let scale = if *v < 0.0 { neg } else { pos };
        shape.colored_vertex(disc_px(rect, p), color32(colour(*v, scale)));
    }
    for t in &mesh.tris {
        let centre = t.iter().fold(Vec3::ZERO, |c, &i| c + mesh.dirs[i as usize]);
        if on_disc(view, centre).1 {
            shape.add_triangle(t[0], t[1], t[2]);
        }
    }
    shape
}

/// The candidate axes (and their antipodes) as labelled dots: the first separating one ringed in
/// green, the least-penetration one in magenta. Degenerate axes have no direction to show.
fn candidates<D: Dim>(
    painter: &egui::Painter,
    model: &PanelModel<D>,
    place: impl Fn(D::Vec) -> Option<Pos2>,
) {
    let (first, least) = model.frame.first_and_least();
    for t in model.frame.report.axes().iter().filter(|t| !t.degenerate()) {
        for n in [t.axis(), -t.axis()] {
            let Some(p) = place(n) else { continue };
            let ring = if first == Some(t.index()) {
                Some(theme::FIRST_SEPARATING)
            } else if least == Some(t.index()) {
                Some(theme::LEAST)
            } else {
                None
            };
            painter.circle_filled(p, 3.5, Color32::from_rgb(25, 25, 30));
            if let Some(c) = ring {
                painter.circle_stroke(p, 7.0, Stroke::new(2.5, c.egui()));
            }
            painter.text(
                p + egui::vec2(6.0, -6.0),
                egui::Align2::LEFT_BOTTOM,
                t.index().to_string(),
                egui::FontId::monospace(12.0),
                Color32::from_rgb(20, 20, 24),
            );
        }
    }
}

/// The extreme of `s`: a small star.
fn star(painter: &egui::Painter, p: Pos2) {
    let stroke = Stroke::new(2.0, Color32::from_rgb(20, 20, 24));
    for k in 0..4 {
        let a = k as f32 * std::f32::consts::FRAC_PI_4;
        let d = egui::vec2(a.cos(), a.sin()) * 7.0;
        painter.line_segment([p - d, p + d], stroke);
    }
}

/// The axes of the 2D plot: degrees across, `s` up.
struct Plot {
    rect: Rect,
    lo: f32,
    hi: f32,
}

impl Plot {
    fn x(&self, deg: f32) -> f32 {
        self.rect.left() + deg / 360.0 * self.rect.width()
    }
    fn y(&self, s: f32) -> f32 {
        self.rect.bottom() - (s - self.lo) / (self.hi - self.lo) * self.rect.height()
    }
    /// The angle of a direction in degrees, 0 to 360.
    fn deg(n: Vec2) -> f32 {
        n.y.atan2(n.x).to_degrees().rem_euclid(360.0)
    }
    fn vertical(&self, painter: &egui::Painter, deg: f32, stroke: Stroke) {
        let x = self.x(deg);
        painter.line_segment(
            [
                egui::pos2(x, self.rect.top()),
                egui::pos2(x, self.rect.bottom()),
            ],
            stroke,
        );
    }
}

/// The curve of `s(θ)`, green where it separates and red where it overlaps, over the line s = 0.
fn plot_curve(painter: &egui::Painter, plot: &Plot, values: &[f32]) {
    let rect = plot.rect;
    painter.line_segment(
        [
            egui::pos2(rect.left(), plot.y(0.0)),
            egui::pos2(rect.right(), plot.y(0.0)),
        ],
        Stroke::new(1.0, theme::TEXT_DIM.egui()),
    );
    let samples = Two::direction_samples();
    for k in 0..samples.len() {
        let j = (k + 1) % samples.len();
        let d1 = if j == 0 { 360.0 } else { Plot::deg(samples[j]) };
        let (s0, s1) = (values[k], values[j]);
        let c = if 0.5 * (s0 + s1) > 0.0 {
            theme::FIRST_SEPARATING
        } else {
            theme::HIT
        };
        let (p, q) = (
            egui::pos2(plot.x(Plot::deg(samples[k])), plot.y(s0)),
            egui::pos2(plot.x(d1), plot.y(s1)),
        );
        painter.line_segment([p, q], Stroke::new(2.0, c.egui()));
    }
    let label = |text: &str, at: Pos2, align| {
        painter.text(
            at,
            align,
            text,
            egui::FontId::monospace(11.0),
            theme::TEXT_DIM.egui(),
        );
    };
    label("0°", rect.left_bottom(), egui::Align2::LEFT_BOTTOM);
    label("360°", rect.right_bottom(), egui::Align2::RIGHT_BOTTOM);
    // beside the zero line, below it when it runs along the top
    let zero = plot.y(0.0);
    let (at, align) = if zero < rect.top() + 16.0 {
        (
            egui::pos2(rect.right() - 2.0, zero + 2.0),
            egui::Align2::RIGHT_TOP,
        )
    } else {
        (
            egui::pos2(rect.right() - 2.0, zero - 2.0),
            egui::Align2::RIGHT_BOTTOM,
        )
    };
    label("s = 0", at, align);
}

/// Each candidate axis and its opposite as a labelled vertical line.
fn plot_candidates(painter: &egui::Painter, plot: &Plot, model: &PanelModel<Two>) {
    let (first, least) = model.frame.first_and_least();
    for t in model.frame.report.axes() {
        let c = match t.index() {
            i if Some(i) == first => theme::FIRST_SEPARATING,
            i if Some(i) == least => theme::LEAST,
            _ => theme::TEXT_DIM,
        };
        for n in [t.axis(), -t.axis()] {
            let deg = Plot::deg(n);
            plot.vertical(painter, deg, Stroke::new(1.0, c.alpha(0.7).egui()));
            painter.text(
                egui::pos2(plot.x(deg) + 3.0, plot.rect.top() + 2.0),
                egui::Align2::LEFT_TOP,
                t.index().to_string(),
                egui::FontId::monospace(11.0),
                c.egui(),
            );
        }
    }
}

impl DirectionsPicture for Two {
    const TITLE: &'static str = "s(θ) over all directions (D)";

    fn picture(
        ui: &mut Ui,
        model: &PanelModel<Self>,
        dirs: &Directions<Vec2>,
        _state: &mut SphereState,
        height: f32,
    ) -> Pointed {
        let width = ui.available_width().clamp(260.0, 420.0);
        let plot_h = height.clamp(100.0, 180.0);
        let (rect, response) = ui.allocate_exact_size(egui::vec2(width, plot_h), Sense::click());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 3.0, theme::PANEL_FRAME.egui());
        let (lo, hi) = dirs
            .values
            .iter()
            .fold((0.0f32, 0.0f32), |(l, h), v| (l.min(*v), h.max(*v)));
        let pad = 0.08 * (hi - lo).max(1e-6);
        let plot = Plot {
            rect,
            lo: lo - pad,
            hi: hi + pad,
        };
        plot_curve(&painter, &plot, &dirs.values);
        plot_candidates(&painter, &plot, model);
        let distance = model.frame.answer.distance;
        let (n, s) = model
            .frame
            .closest_direction()
            .map_or(dirs.max, |n| (n, distance));
        for n in [n, -n] {
            star(&painter, egui::pos2(plot.x(Plot::deg(n)), plot.y(s)));
        }
        if let Some(n) = model.frame.probe.map(|p| p.dir) {
            plot.vertical(
                &painter,
                Plot::deg(n),
                Stroke::new(2.0, theme::PROBE.egui()),
            );
        }
        let hovered = response
            .hover_pos()
            .map(|p| Vec2::from_angle(((p.x - rect.left()) / rect.width() * 360.0).to_radians()));
        Pointed {
            hovered: hovered.map(|n| n.to_coords()),
            clicked: response.clicked(),
        }
    }
}
