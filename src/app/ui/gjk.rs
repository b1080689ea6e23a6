//! The "Minkowski difference · GJK/EPA" window (key G): `A − B` drawn with the origin, the face
//! of the axis in the spotlight with the distance of its supporting plane (the axis's gap), and
//! GJK's then EPA's steps one at a time beside satbox's exact distance and SAT's depth. Hovering a
//! face names its axis, a click selects it; dragging turns the picture (3D). The data is the
//! frame's ([`crate::app::gjk::GjkFrame`]); the geometry and the words are in [`crate::app::gjk`].

use egui_macroquad::egui::{self, Color32, Pos2, RichText, Sense, Shape, Stroke, Ui};
use glam::{DVec3, Quat, Vec2};

use super::{clicked_along, dim, PanelModel, WindowLayout};
use crate::app::command::{AppCommand, Command, ModeCommand};
use crate::app::dim::{Dim, Vector};
use crate::app::gjk::{
    bounds_words, face_under, label_spot, nearest_on_spot, origin_words, outline, short_words,
    shown_step, step_title, stop_words, AxisPlane, GjkFrame, Projection, Spot, Step,
};
use crate::app::theme::{self, Rgba};
use crate::sat::fmt_num;
use crate::sat::gjk::{EpaStep, GjkStep, MinkowskiFace, SupportPoint};
use crate::sat::Report;
use crate::scene::Mode;

/// How the picture is turned and which step is shown, kept across frames.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct GjkState {
    /// The picture's rotation (3D).
    pub view: Quat,
    /// The stepper's position; `None`: the last step (the answer), whatever the pair. The window
    /// opens on GJK's first step, to be walked forward; ⏭ goes to the answer.
    pub step: Option<usize>,
}

impl Default for GjkState {
    fn default() -> Self {
        Self {
            view: Quat::from_rotation_x(0.45) * Quat::from_rotation_y(-0.6),
            step: Some(0),
        }
    }
}

/// The stepper's choice of position `k` of `steps`: the last one is kept as `None`, so that the
/// answer stays shown while the boxes move.
pub(crate) fn choose(k: usize, steps: usize) -> Option<usize> {
    (k + 1 < steps).then_some(k)
}

/// The height the lines under the picture take (the rest of the window is the picture's).
const TEXT_HEIGHT: f32 = 330.0;

/// The window, when it is open; its rectangle. `sphere` is where the sphere window is, if shown.
pub(crate) fn window<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    layout: &WindowLayout,
    sphere: Option<egui::Rect>,
    state: &mut GjkState,
    commands: &mut Vec<Command>,
) -> Option<egui::Rect> {
    let g = model.frame.gjk.as_ref()?;
    let place = layout.gjk_place(sphere);
    let mut open = true;
    // the frame's margins and border come on top of the content's width
    let width = place.width() - 16.0;
    // egui keeps a window's size: a new height is a new window (its place is fixed anyway)
    let id = egui::Id::new(("gjk-window", place.height().round() as i32));
    let shown = egui::Window::new("Minkowski difference · GJK/EPA (G)")
        .id(id)
        .open(&mut open)
        .fixed_pos(place.min)
        .min_width(width)
        .max_width(width)
        .default_height(place.height())
        .max_height(place.height())
        .resizable(false)
        .show(ctx, |ui| {
            ui.set_width(width);
            egui::ScrollArea::vertical()
                .max_height(place.height())
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    contents(ui, model, g, state, place.height(), commands)
                });
        });
    if !open {
        commands.push(AppCommand::ToggleGjk.into());
    }
    shown.map(|r| r.response.rect)
}

/// The window's contents: the words, the picture, the stepper and the step.
fn contents<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    g: &GjkFrame,
    state: &mut GjkState,
    height: f32,
    commands: &mut Vec<Command>,
) {
    origin_line(ui, model);
    if model.frame.answer.cores.is_some() {
        dim(
            ui,
            format!(
                "on the cores, as engines collide rounded shapes: the rounded boxes' distance is \
                 the cores' less rA + rB = {}",
                fmt_num(radii(model))
            ),
        );
    }
    let shown = shown_step(state.step, g.steps());
    let step = shown.and_then(|k| g.step(k));
    if let Some(axis) = picture(ui, model, g, state, step, height) {
        commands.push(ModeCommand::SelectAxis(Some(axis)).into());
    }
    focus_line(ui, model, g);
    stepper(ui, g, state, shown);
    match step {
        Some(Step::Gjk(k)) => gjk_lines(ui, model, g, k),
        Some(Step::Epa(k)) => epa_lines(ui, model, g, k),
        None => dim(ui, "no steps: GJK's first support point is its answer"),
    }
}

/// Both radii together (0 for sharp boxes): the window runs on the cores.
fn radii<D: Dim>(model: &PanelModel<D>) -> f32 {
    model.frame.answer.radius()
}

/// The exact distance between the cores (the boxes themselves when sharp).
fn core_distance<D: Dim>(model: &PanelModel<D>) -> f32 {
    let answer = &model.frame.answer;
    answer.cores.map_or(answer.distance, |c| c.distance)
}

/// Where the origin is, in words and in the verdict's colour (of the cores, for rounded boxes).
fn origin_line<D: Dim>(ui: &mut Ui, model: &PanelModel<D>) {
    let answer = &model.frame.answer;
    let (intersect, touching) = match answer.cores {
        Some(c) => (c.overlap, false),
        None => (answer.intersect, answer.touching),
    };
    let colour = match (intersect, touching) {
        (_, true) => theme::TOUCHING,
        (true, false) => theme::HIT,
        (false, false) => theme::FIRST_SEPARATING,
    };
    let text = origin_words(intersect, touching, core_distance(model));
    ui.label(RichText::new(text).strong().color(colour.egui()));
}

/// The focused axis of the main window, as a unit vector in `f64`, with its index (none when
/// nothing is in the spotlight or the axis is degenerate).
fn focus_axis<D: Dim>(model: &PanelModel<D>) -> Option<(usize, DVec3)> {
    let t = model.frame.report.axes().get(model.frame.focus?)?;
    let c = t.axis().to_coords();
    (!t.degenerate()).then(|| (t.index(), DVec3::new(c[0] as f64, c[1] as f64, c[2] as f64)))
}

/// The focused axis's face and its gap, in words.
fn focus_line<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, g: &GjkFrame) {
    let axes = model.frame.report.axes();
    let Some(i) = model.frame.focus else {
        return dim(
            ui,
            "select an axis (the table, or a face here) to see its face",
        );
    };
    let label = axes[i].kind().label();
    let Some((_, l)) = focus_axis(model) else {
        return dim(
            ui,
            format!("axis {i} ({label}) is degenerate: no face of A − B lies on it"),
        );
    };
    let (up, down) = (g.support(l), g.support(-l));
    let plane = g.axis_plane(l);
    ui.label(
        RichText::new(format!(
            "axis {i} ({label}), in yellow: h(L) = {}, h(−L) = {}",
            fmt_num(up as f32),
            fmt_num(down as f32)
        ))
        .color(theme::HOT.egui()),
    );
    dim(
        ui,
        format!(
            "gap = −min(h(L), h(−L)) = {} (the report's: {}); h is how far the supporting \
             plane lies from the origin",
            fmt_num(plane.gap() as f32),
            fmt_num(axes[i].gap())
        ),
    );
}

/// The stepper: ◀ ▶ and a slider over GJK's steps then EPA's.
fn stepper(ui: &mut Ui, g: &GjkFrame, state: &mut GjkState, shown: Option<usize>) {
    let (Some(k), n) = (shown, g.steps()) else {
        return;
    };
    let (gjk, epa) = (g.trace.gjk.len(), g.trace.epa.len());
    ui.separator();
    ui.horizontal(|ui| {
        let mut button = |ui: &mut Ui, enabled: bool, text: &str, hint: &str, to: usize| {
            if ui
                .add_enabled(enabled, egui::Button::new(text))
                .on_hover_text(hint)
                .clicked()
            {
                state.step = choose(to, n);
            }
        };
        button(ui, k > 0, "⏮", "GJK's first step", 0);
        button(ui, k > 0, "◀", "the step before", k.saturating_sub(1));
        button(ui, k + 1 < n, "▶", "the next step", k + 1);
        button(ui, k + 1 < n, "⏭", "the last step: the answer", n - 1);
        let mut at = k + 1;
        let slider = ui.add_enabled(n > 1, egui::Slider::new(&mut at, 1..=n).show_value(false));
        if slider.changed() {
            state.step = choose(at - 1, n);
        } else if let Some(f) = clicked_along(ui, &slider).filter(|_| n > 1) {
            state.step = choose((f * (n - 1) as f32).round() as usize, n);
        }
        let title = g.step(k).map_or(String::new(), |s| step_title(s, gjk, epa));
        ui.label(RichText::new(title).strong());
    });
}

/// A point as "(x, y, z)", or "(x, y)" in 2D; a coordinate within rounding of zero next to the
/// others (a millionth of the point's length) as 0.
pub(crate) fn point_words(p: DVec3, flat: bool) -> String {
    let noise = 1e-6 * p.length();
    let f = |x: f64| fmt_num(if x.abs() <= noise { 0.0 } else { x as f32 });
    if flat {
        format!("({}, {})", f(p.x), f(p.y))
    } else {
        format!("({}, {}, {})", f(p.x), f(p.y), f(p.z))
    }
}

/// The name of a simplex of `n` points.
pub(crate) fn simplex_name(n: usize) -> &'static str {
    match n {
        1 => "a point",
        2 => "a segment",
        3 => "a triangle",
        _ => "a tetrahedron",
    }
}

/// GJK's step `k`: the direction, the support point, the simplex kept, the bounds; at the last
/// step why it stopped and its distance beside satbox's.
fn gjk_lines<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, g: &GjkFrame, k: usize) {
    let flat = D::MODE == Mode::Two;
    let s: &GjkStep = &g.trace.gjk[k];
    let v = s.nearest.v;
    // before the first step there is no v yet: GJK starts from one support point
    let from = if k == 0 {
        format!(
            "from its first support point w₀ = {}, the corner of A − B furthest along the \
             centres' offset",
            point_words(s.simplex[0].point, flat)
        )
    } else {
        "from the last step's nearest point v".to_string()
    };
    dim(
        ui,
        format!(
            "search direction d (white arrow) = {}, towards the origin {from}",
            point_words(s.direction, flat)
        ),
    );
    dim(
        ui,
        format!(
            "support point w = a − b = {}, the corner of A − B furthest along d",
            point_words(s.support.point, flat)
        ),
    );
    text(
        ui,
        format!(
            "simplex {} points (cyan); keeps {}: {} nearest the origin",
            s.simplex.len(),
            s.nearest.kept.len(),
            simplex_name(s.nearest.kept.len())
        ),
        theme::PROBE,
    );
    text(
        ui,
        format!(
            "nearest point v (violet) = {}, |v| = {}",
            point_words(v, flat),
            fmt_num(v.length() as f32)
        ),
        theme::DISTANCE,
    );
    ui.label(bounds_words("distance", s.lower, s.upper));
    let upper = if k == 0 {
        "|w₀|"
    } else {
        "|v| before the step"
    };
    dim(
        ui,
        format!("lower = −d·w (no point of A − B is nearer along d); upper = {upper}"),
    );
    if k + 1 == g.trace.gjk.len() {
        gjk_end(ui, model, g);
    }
}

/// Why GJK stopped, and its answer beside satbox's.
fn gjk_end<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, g: &GjkFrame) {
    let run = &g.trace.run;
    ui.separator();
    ui.label(
        RichText::new(format!("GJK stopped: {}", stop_words(run.stopped, false)))
            .strong()
            .color(theme::TEXT.egui()),
    );
    match run.separated {
        Some((d, ..)) => {
            let exact = core_distance(model);
            text(
                ui,
                format!(
                    "GJK's distance {} · satbox's exact distance {} · differ by {}",
                    fmt_num(d as f32),
                    fmt_num(exact),
                    fmt_num((d - exact as f64).abs() as f32)
                ),
                theme::DISTANCE,
            );
            if model.frame.answer.cores.is_some() {
                let r = radii(model);
                let rounded = d as f32 - r;
                text(
                    ui,
                    if rounded > 0.0 {
                        format!(
                            "the rounded boxes: {} − {} = {} apart",
                            fmt_num(d as f32),
                            fmt_num(r),
                            fmt_num(rounded)
                        )
                    } else {
                        format!(
                            "the rounded boxes: {} − {} < 0: they overlap by {}",
                            fmt_num(d as f32),
                            fmt_num(r),
                            fmt_num(-rounded)
                        )
                    },
                    theme::TEXT,
                );
            }
        }
        None => dim(
            ui,
            "the simplex holds the origin: the boxes intersect or touch; EPA grows it next",
        ),
    }
}

/// EPA's step `k`: the polytope, its nearest facet and the bounds on the depth; at the last step
/// why it stopped, its depth beside SAT's, and parry's pick.
fn epa_lines<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, g: &GjkFrame, k: usize) {
    let s: &EpaStep = &g.trace.epa[k];
    let f = &s.facets[s.nearest];
    let reach = f.normal.dot(s.support.point);
    let kind = if D::MODE == Mode::Two {
        "edges"
    } else {
        "triangles"
    };
    dim(
        ui,
        format!(
            "polytope: {} vertices, {} facets ({kind}), inside A − B around the origin",
            s.vertices.len(),
            s.facets.len()
        ),
    );
    text(
        ui,
        format!(
            "nearest facet (magenta) at {}: the depth is at least this",
            fmt_num(f.distance as f32)
        ),
        theme::LEAST,
    );
    dim(
        ui,
        format!(
            "support point w beyond it reaches {}; the least reach so far is {}: the depth is at \
             most that",
            fmt_num(reach as f32),
            fmt_num(s.upper as f32)
        ),
    );
    ui.label(bounds_words("depth", f.distance, s.upper));
    if k + 1 == g.trace.epa.len() {
        epa_end(ui, model, g);
    }
}

/// Why EPA stopped, its depth beside SAT's, and parry's pick.
fn epa_end<D: Dim>(ui: &mut Ui, model: &PanelModel<D>, g: &GjkFrame) {
    let answer = &g.trace.answer;
    ui.separator();
    ui.label(
        RichText::new(format!("EPA stopped: {}", stop_words(answer.stopped, true)))
            .strong()
            .color(theme::TEXT.egui()),
    );
    // EPA runs on the cores: SAT's depth of the cores
    let Some(p) = model.frame.report.penetration() else {
        return dim(ui, "SAT finds no depth: the boxes only touch");
    };
    let sat = p.depth;
    dim(
        ui,
        format!("SAT's depth (axis {}): {}", p.axis_index, fmt_num(sat)),
    );
    if let Some(depth) = answer.depth {
        text(
            ui,
            format!(
                "EPA's depth {}: {}",
                fmt_num(depth as f32),
                short_words(depth, sat)
            ),
            theme::LEAST,
        );
    }
    if let Some((pick, _)) = answer.parry_pick {
        ui.label(format!(
            "parry's pick {}: {}",
            fmt_num(pick as f32),
            short_words(pick, sat)
        ));
        if answer
            .depth
            .is_some_and(|d| (d - pick).abs() > 1e-9 * (1.0 + d.abs()))
        {
            dim(
                ui,
                "parry answers with the facet whose support reach was least, at that facet's \
                 own distance: short when that facet was not the last nearest one",
            );
        }
    }
}

/// A line of text in a colour of the palette.
fn text(ui: &mut Ui, text: String, colour: Rgba) {
    ui.label(RichText::new(text).color(colour.egui()));
}

/// Pixels of a point.
fn px(v: Vec2) -> Pos2 {
    egui::pos2(v.x, v.y)
}

/// The picture's labels: each asked for beside a point, all placed at the end clear of the points
/// marked, the lines drawn and each other, beside their point where there is room, else a little
/// further with a leader line back to it. Labels asked for at one point are one label.
struct Labels {
    /// Points not to cover: the origin, the simplex's, the feet of perpendiculars.
    marks: Vec<Vec2>,
    /// Lines not to cover: the simplex's and the polytope's edges, the perpendiculars, the arrow.
    lines: Vec<(Vec2, Vec2)>,
    /// Each label: its point, text and colour.
    asked: Vec<(Vec2, String, Rgba)>,
}

/// Labels whose points are closer than this (pixels) are one label: "gap 6 = −0.3171" and
/// "depth ≥ 0.3171" at the same foot.
const SAME_POINT_PX: f32 = 3.0;

impl Labels {
    fn new() -> Self {
        Self {
            marks: Vec::new(),
            lines: Vec::new(),
            asked: Vec::new(),
        }
    }

    /// A point marked in the picture.
    fn mark(&mut self, at: Pos2) {
        self.marks.push(Vec2::new(at.x, at.y));
    }

    /// A line drawn in the picture.
    fn line(&mut self, from: Pos2, to: Pos2) {
        self.lines
            .push((Vec2::new(from.x, from.y), Vec2::new(to.x, to.y)));
    }

    /// A label beside `at` (which is marked too); at the point of an earlier label, joined to it.
    fn ask(&mut self, at: Pos2, text: impl Into<String>, colour: Rgba) {
        self.mark(at);
        let at = Vec2::new(at.x, at.y);
        let text = text.into();
        match self
            .asked
            .iter_mut()
            .find(|(p, ..)| p.distance(at) < SAME_POINT_PX)
        {
            Some((_, earlier, _)) => *earlier = format!("{earlier} · {text}"),
            None => self.asked.push((at, text, colour)),
        }
    }

    /// Places and paints the labels, in the order asked, on dark plates.
    fn paint(self, painter: &egui::Painter) {
        let clip = painter.clip_rect().shrink(2.0);
        let bounds = (
            Vec2::new(clip.left(), clip.top()),
            Vec2::new(clip.right(), clip.bottom()),
        );
        let mut placed: Vec<Spot> = Vec::new();
        for (at, text, colour) in self.asked {
            let font = egui::FontId::monospace(12.0);
            let galley = painter.layout_no_wrap(text, font, colour.egui());
            let size = Vec2::new(galley.size().x, galley.size().y) + Vec2::splat(4.0);
            let spot = label_spot(at, size, &self.marks, &placed, &self.lines, bounds);
            let end = nearest_on_spot(at, spot);
            if end.distance(at) > 10.0 {
                let leader = Stroke::new(1.0, colour.alpha(0.7).egui());
                painter.line_segment([px(at), px(end)], leader);
            }
            let rect = egui::Rect::from_min_max(px(spot.0), px(spot.1));
            painter.rect_filled(rect, 2.0, theme::PLATE.egui());
            painter.galley(rect.min + egui::vec2(2.0, 2.0), galley, Color32::WHITE);
            placed.push(spot);
        }
    }
}

/// The picture: `A − B`, the focused axis's face and plane, the step shown, the origin. Returns
/// the axis of a face clicked.
fn picture<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    g: &GjkFrame,
    state: &mut GjkState,
    step: Option<Step>,
    height: f32,
) -> Option<usize> {
    let flat = D::MODE == Mode::Two;
    // as wide as the window; as tall, room allowing (the window scrolls below 240)
    let width = ui.available_width();
    let tall = (height - TEXT_HEIGHT).clamp(240.0, width);
    let (rect, response) = ui.allocate_exact_size(egui::vec2(width, tall), Sense::click_and_drag());
    let size = width.min(tall);
    if response.dragged() && !flat {
        let d = response.drag_delta() * 0.01;
        state.view =
            (Quat::from_rotation_y(d.x) * Quat::from_rotation_x(d.y) * state.view).normalize();
    }
    let view = if flat { Quat::IDENTITY } else { state.view };
    let centre = Vec2::new(rect.center().x, rect.center().y);
    // room around it for the labels and the arrow
    let p = Projection::fit(&g.vertices, view, centre, 0.44 * size - 14.0);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, theme::PANEL_FRAME.egui());
    let mut labels = Labels::new();
    let plane = focus_axis(model).map(|(i, l)| (i, g.axis_plane(l)));
    difference(&painter, &p, g, flat, plane.and_then(|(_, q)| q.face));
    origin(&painter, &p, &mut labels);
    match step {
        Some(Step::Gjk(k)) => simplex(&painter, &p, &g.trace.gjk[k], &mut labels),
        Some(Step::Epa(k)) => polytope(&painter, &p, &g.trace.epa[k], flat, &mut labels),
        None => {}
    }
    if let Some((i, q)) = plane {
        plane_line(&painter, &p, i, &q, &mut labels);
    }
    labels.paint(&painter);
    let hovered = response
        .hover_pos()
        .and_then(|h| face_under(&p, &g.difference.faces, flat, Vec2::new(h.x, h.y)));
    let face = hovered.map(|k| &g.difference.faces[k])?;
    let label = model.frame.report.axes()[face.axis].kind().label();
    let tip = format!(
        "face on axis {} ({label}): h = {} · click to select the axis",
        face.axis,
        fmt_num(face.offset as f32)
    );
    let clicked = response.clicked();
    response.on_hover_text(tip);
    clicked.then_some(face.axis)
}

/// `A − B`: its outline as seen, lightly filled; in 3D the edges of the faces towards the viewer
/// solid and the others' dashed. The face `focus` in yellow.
fn difference(
    painter: &egui::Painter,
    p: &Projection,
    g: &GjkFrame,
    flat: bool,
    focus: Option<usize>,
) {
    let edge = Stroke::new(1.2, theme::TEXT_DIM.egui());
    let seen: Vec<Vec2> = g.vertices.iter().map(|q| p.pixel(*q)).collect();
    // opaque: the picture's translucent colours come out far stronger than their alpha
    let fill = theme::PANEL_FRAME.lighten(0.1).egui();
    painter.add(Shape::convex_polygon(
        outline(&seen).into_iter().map(px).collect(),
        fill,
        if flat { edge } else { Stroke::NONE },
    ));
    let ring = |f: &MinkowskiFace| -> Vec<Pos2> {
        let mut r: Vec<Pos2> = f.polygon.iter().map(|q| px(p.pixel(*q))).collect();
        r.push(r[0]);
        r
    };
    if !flat {
        // each edge once: solid when a face beside it faces the viewer, else dashed behind
        let back = Stroke::new(1.0, theme::TEXT_DIM.alpha(0.35).egui());
        let faces = &g.difference.faces;
        for (ends, beside) in &g.edges {
            let ends = ends.map(|q| px(p.pixel(q)));
            if beside.iter().any(|&f| p.facing(faces[f].normal)) {
                painter.line_segment(ends, edge);
            } else {
                painter.extend(Shape::dashed_line(&ends, back, 8.0, 5.0));
            }
        }
    }
    let Some(f) = focus.map(|k| &g.difference.faces[k]) else {
        return;
    };
    let near = flat || p.facing(f.normal);
    let stroke = Stroke::new(if near { 2.5 } else { 1.5 }, theme::HOT.egui());
    let mut r = ring(f);
    r.pop();
    if flat {
        painter.line_segment([r[0], r[1]], stroke);
    } else {
        let a = if near { 0.1 } else { 0.05 };
        painter.add(Shape::convex_polygon(r, theme::HOT.alpha(a).egui(), stroke));
    }
}

/// The focused axis's nearer supporting plane: the perpendicular from the origin to it, labelled
/// with the axis's gap.
fn plane_line(
    painter: &egui::Painter,
    p: &Projection,
    axis: usize,
    q: &AxisPlane,
    labels: &mut Labels,
) {
    let (o, foot) = (px(p.pixel(DVec3::ZERO)), px(p.pixel(q.normal * q.offset)));
    painter.line_segment([o, foot], Stroke::new(1.5, theme::HOT.egui()));
    labels.line(o, foot);
    painter.circle_filled(foot, 3.0, theme::HOT.egui());
    let text = format!("gap {axis} = {}", fmt_num(q.gap() as f32));
    labels.ask(foot, text, theme::HOT);
}

/// GJK's step: the simplex (the kept part bold), the support point w, the direction d from the
/// origin and the nearest point v.
fn simplex(painter: &egui::Painter, p: &Projection, s: &GjkStep, labels: &mut Labels) {
    let at = |q: &SupportPoint| px(p.pixel(q.point));
    let kept = |q: &SupportPoint| s.nearest.kept.iter().any(|k| k.point == q.point);
    let thin = Stroke::new(1.0, theme::PROBE.alpha(0.5).egui());
    let bold = Stroke::new(2.5, theme::PROBE.egui());
    let pts = &s.simplex;
    for i in 0..pts.len() {
        for j in i + 1..pts.len() {
            let both = kept(&pts[i]) && kept(&pts[j]);
            painter.line_segment([at(&pts[i]), at(&pts[j])], if both { bold } else { thin });
            labels.line(at(&pts[i]), at(&pts[j]));
        }
    }
    let k = &s.nearest.kept;
    for skip in 0..k.len() {
        let tri: Vec<Pos2> = (0..k.len())
            .filter(|&i| i != skip)
            .map(|i| at(&k[i]))
            .collect();
        if tri.len() == 3 {
            let fill = theme::PROBE.alpha(0.04).egui();
            painter.add(Shape::convex_polygon(tri, fill, Stroke::NONE));
        }
    }
    for q in pts {
        labels.mark(at(q));
        if kept(q) {
            painter.circle_filled(at(q), 4.5, theme::PROBE.egui());
        } else {
            let ring = Stroke::new(1.5, theme::PROBE.alpha(0.7).egui());
            painter.circle_stroke(at(q), 4.5, ring);
        }
    }
    let (o, v) = (px(p.pixel(DVec3::ZERO)), px(p.pixel(s.nearest.v)));
    let dashed = Stroke::new(1.5, theme::DISTANCE.egui());
    painter.extend(Shape::dashed_line(&[o, v], dashed, 5.0, 3.0));
    labels.line(o, v);
    painter.circle_filled(v, 4.0, theme::DISTANCE.egui());
    arrow(painter, p, s.direction, "d", labels);
    labels.ask(at(&s.support), "w", theme::TEXT);
    labels.ask(v, "v", theme::DISTANCE);
}

/// EPA's step: the polytope's facets, the nearest one filled, the perpendicular to it and the
/// support point beyond it.
fn polytope(painter: &egui::Painter, p: &Projection, s: &EpaStep, flat: bool, labels: &mut Labels) {
    let at = |i: usize| px(p.pixel(s.vertices[i].point));
    for (k, f) in s.facets.iter().enumerate() {
        let mut ring: Vec<Pos2> = f.vertices.iter().map(|&i| at(i)).collect();
        let near = k == s.nearest;
        if near && !flat {
            let fill = theme::LEAST.alpha(0.12).egui();
            painter.add(Shape::convex_polygon(ring.clone(), fill, Stroke::NONE));
        }
        if !flat {
            ring.push(ring[0]);
        }
        let seen = flat || p.facing(f.normal);
        let stroke = match (near, seen) {
            (true, _) => Stroke::new(2.5, theme::LEAST.egui()),
            (false, true) => Stroke::new(1.0, theme::LEAST.alpha(0.45).egui()),
            (false, false) => Stroke::new(1.0, theme::LEAST.alpha(0.12).egui()),
        };
        if near || seen {
            for w in ring.windows(2) {
                labels.line(w[0], w[1]);
            }
        }
        painter.add(Shape::line(ring, stroke));
    }
    for i in 0..s.vertices.len() {
        painter.circle_filled(at(i), 2.5, theme::LEAST.egui());
        labels.mark(at(i));
    }
    let f = &s.facets[s.nearest];
    let (o, foot) = (px(p.pixel(DVec3::ZERO)), px(p.pixel(f.normal * f.distance)));
    painter.line_segment([o, foot], Stroke::new(1.5, theme::LEAST.egui()));
    let w = px(p.pixel(s.support.point));
    let dashed = Stroke::new(1.0, theme::TEXT.alpha(0.6).egui());
    painter.extend(Shape::dashed_line(&[foot, w], dashed, 3.0, 3.0));
    labels.line(o, foot);
    labels.line(foot, w);
    painter.circle_stroke(w, 5.0, Stroke::new(1.5, theme::TEXT.egui()));
    labels.ask(
        foot,
        format!("depth ≥ {}", fmt_num(f.distance as f32)),
        theme::LEAST,
    );
    labels.ask(w, "w", theme::TEXT);
}

/// An arrow from the origin along the unit direction `d`, a fixed length in pixels.
fn arrow(painter: &egui::Painter, p: &Projection, d: DVec3, name: &str, labels: &mut Labels) {
    let o = px(p.pixel(DVec3::ZERO));
    let along = p.on_screen(d) / p.scale;
    let v = egui::vec2(along.x, along.y) * 46.0;
    painter.arrow(o, v, Stroke::new(2.0, theme::TEXT.egui()));
    labels.line(o, o + v);
    if (o + v).x.is_finite() {
        labels.ask(o + v, name, theme::TEXT);
    }
}

/// The origin: a ring with a cross, labelled.
fn origin(painter: &egui::Painter, p: &Projection, labels: &mut Labels) {
    let o = px(p.pixel(DVec3::ZERO));
    let stroke = Stroke::new(2.0, theme::TEXT.egui());
    painter.circle_stroke(o, 6.0, stroke);
    painter.line_segment([o - egui::vec2(9.0, 0.0), o + egui::vec2(9.0, 0.0)], stroke);
    painter.line_segment([o - egui::vec2(0.0, 9.0), o + egui::vec2(0.0, 9.0)], stroke);
    labels.ask(o, "origin", theme::TEXT);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_step_chosen_follows_the_answer_and_an_earlier_one_stays() {
        assert_eq!(choose(4, 5), None);
        assert_eq!(choose(3, 5), Some(3));
        assert_eq!(choose(0, 1), None);
        assert_eq!(shown_step(choose(2, 5), 3), Some(2));
    }

    #[test]
    fn points_and_simplices_are_named_for_their_dimension() {
        let p = DVec3::new(0.5, -1.25, 0.0);
        assert_eq!(point_words(p, true), "(0.5, -1.25)");
        assert_eq!(point_words(p, false), "(0.5, -1.25, 0)");
        let noisy = DVec3::new(-7.7e-8, 1.0, 1.7e-7);
        assert_eq!(point_words(noisy, false), "(0, 1, 0)");
        assert_eq!(simplex_name(2), "a segment");
        assert_eq!(simplex_name(4), "a tetrahedron");
    }
}
