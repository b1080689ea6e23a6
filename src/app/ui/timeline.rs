//! The Timeline window: a recording's frames as a strip (each frame's verdict in its colour, a
//! white tick where the verdict, the deciding axis or the feature pair changes, a magenta mark
//! where parry disagrees, grey for a line that does not read), lanes for the contact points over
//! time (kept by id, kept by position, the construction and its flips, the drift ratio, a
//! simulated axis cache, and in a recording made in a simulation the share of its points the
//! engine itself kept) with the recording's summary, a slider, play and step buttons, and the frame shown in words. It reads
//! [`crate::app::timeline::Timeline`] and sends commands.

use egui_macroquad::egui::{self, RichText, Sense, Ui};

use super::{clicked_along, dim, WindowLayout};
use crate::app::command::{AppCommand, Command, TimelineCommand as T};
use crate::app::motion::Tunnel;
use crate::app::theme;
use crate::app::timeline::{Mark, Timeline, Tunnelling};
use crate::sat::fmt_num;
use crate::sat::lifecycle::Construction;

fn tone(m: &Mark) -> theme::Rgba {
    match (&m.pair, m.touching, m.intersect) {
        (Err(_), _, _) => theme::UNTESTED,
        (_, true, _) => theme::TOUCHING,
        (_, _, true) => theme::HIT,
        _ => theme::FIRST_SEPARATING,
    }
}

/// The Timeline window, while a recording is open: across the bottom of the scene, of a fixed
/// size (`layout`), so that its buttons stay where they are whatever the frame says; its
/// rectangle (the scene is framed above it).
/// `edited`: the scene shown is the frame with the user's edits, which the words do not describe.
pub(crate) fn window(
    ctx: &egui::Context,
    tl: Option<&Timeline>,
    edited: bool,
    layout: &WindowLayout,
    commands: &mut Vec<Command>,
) -> Option<egui::Rect> {
    let tl = tl?;
    let mut open = true;
    let size = layout.timeline;
    let shown = egui::Window::new(format!("Timeline: {}", tl.name))
        .open(&mut open)
        // at the bottom left of the scene; the scene, its message line included, stays above it
        .pivot(egui::Align2::LEFT_BOTTOM)
        .fixed_pos(layout.scene.left_bottom() + egui::vec2(10.0, -10.0))
        .fixed_size(size - egui::vec2(16.0, 40.0))
        .collapsible(true)
        .show(ctx, |ui| {
            // the controls, the strip and the slider stay where they are; the rest takes the
            // height left and scrolls when the window is too short for it
            controls(ui, tl, commands);
            strip(ui, tl, commands);
            slider(ui, tl, commands);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .min_scrolled_height(0.0)
                .show(ui, |ui| {
                    lanes(ui, tl, commands);
                    ui.label(
                        RichText::new(format!(
                            "points over time: {}; {}",
                            tl.summary.line(),
                            tl.cache.line()
                        ))
                        .color(theme::TEXT.egui()),
                    );
                    if edited {
                        ui.label(
                            RichText::new(format!(
                                "the scene shown is frame {} edited: the words below are the \
                                 frame as recorded (Undo shows it as recorded)",
                                tl.current + 1
                            ))
                            .color(theme::TOUCHING.egui()),
                        );
                    }
                    shown(ui, tl);
                    dim(
                        ui,
                        "strip: green separated · red intersecting · yellow touching · grey \
                         unreadable line · white tick: verdict, axis or contact changes · \
                         magenta: parry disagrees · cyan box: the boxes tunnel before the next frame · \
                         lanes, each against the frame before: by id / by position, the share of \
                         its points kept (green all, yellow some, red none); built on, face A blue, \
                         face B orange, edge yellow, a white tick over a frame where it flips; drift, how far a \
                         point kept by id moved over how far the boxes moved there (log scale, \
                         full = 10⁴ times, red above 10); axis cache, the frame before's axis \
                         reused (green, yellow when the fresh axis differs) or not (red); in a \
                         recording made in a simulation, the share of its points the engine \
                         itself kept from its step before (its warm start)",
                    );
                });
        });
    if !open {
        commands.push(AppCommand::Timeline(T::Close).into());
    }
    shown.map(|r| r.response.rect)
}

/// The slider across the window: a drag or a click goes to that frame.
fn slider(ui: &mut Ui, tl: &Timeline, commands: &mut Vec<Command>) {
    let mut k = tl.current;
    let last = tl.marks.len() - 1;
    ui.spacing_mut().slider_width = ui.available_width();
    let slider = ui.add(egui::Slider::new(&mut k, 0..=last).show_value(false));
    if slider.changed() {
        commands.push(AppCommand::Timeline(T::Go(k)).into());
    } else if let Some(f) = clicked_along(ui, &slider) {
        let k = (f * last as f32).round() as usize;
        commands.push(AppCommand::Timeline(T::Go(k)).into());
    }
}

fn controls(ui: &mut Ui, tl: &Timeline, commands: &mut Vec<Command>) {
    let last = tl.marks.len() - 1;
    ui.horizontal(|ui| {
        let go = |ui: &mut Ui, text: &str, hint: &str, to: usize| {
            ui.button(text)
                .on_hover_text(hint)
                .clicked()
                .then_some(Command::from(AppCommand::Timeline(T::Go(to))))
        };
        let first = go(ui, "⏮", "first frame", 0);
        let back = go(ui, "◀", "previous frame", tl.current.saturating_sub(1));
        let play = if tl.playing { "⏸ Pause" } else { "▶ Play" };
        let play = ui
            .button(play)
            .clicked()
            .then_some(Command::from(AppCommand::Timeline(T::Play(!tl.playing))));
        let next = go(ui, "▶|", "next frame", (tl.current + 1).min(last));
        let end = go(ui, "⏭", "last frame", last);
        commands.extend([first, back, play, next, end].into_iter().flatten());
        let mut fps = tl.fps;
        ui.add(
            egui::DragValue::new(&mut fps)
                .range(0.5..=60.0)
                .speed(0.2)
                .suffix(" fps"),
        );
        if fps != tl.fps {
            commands.push(AppCommand::Timeline(T::Fps(fps)).into());
        }
        ui.label(format!("frame {} of {}", tl.current + 1, tl.marks.len()));
    });
}

/// One cell per frame; a click goes there.
fn strip(ui: &mut Ui, tl: &Timeline, commands: &mut Vec<Command>) {
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), 26.0),
        Sense::click_and_drag(),
    );
    let p = ui.painter_at(rect);
    let n = tl.marks.len() as f32;
    let x = |i: usize| rect.left() + rect.width() * i as f32 / n;
    for (i, m) in tl.marks.iter().enumerate() {
        let cell = egui::Rect::from_x_y_ranges(x(i)..=x(i + 1), rect.top() + 8.0..=rect.bottom());
        p.rect_filled(cell, 0.0, tone(m).alpha(0.8).egui());
        if tl.changes(i) {
            let top = egui::pos2(x(i), rect.top() + 4.0);
            p.line_segment(
                [top, egui::pos2(x(i), rect.bottom())],
                (1.5, theme::TEXT.egui()),
            );
        }
        if tl.parry_differs(i) {
            let mark = egui::Rect::from_x_y_ranges(x(i)..=x(i + 1), rect.top()..=rect.top() + 6.0);
            p.rect_filled(mark, 0.0, theme::LEAST.egui());
        }
    }
    // tunnelling: a hollow cyan box round the frame and the next, over the ticks and as tall as
    // the strip, at least 8 points wide however many frames there are
    for i in tl.tunnelling() {
        let (left, right) = (x(i), x(i + 2).max(x(i) + 8.0));
        let cell = egui::Rect::from_x_y_ranges(left..=right, rect.top()..=rect.bottom());
        p.rect_stroke(
            cell,
            1.0,
            (2.5, theme::PROBE.egui()),
            egui::StrokeKind::Outside,
        );
    }
    let now = egui::Rect::from_x_y_ranges(
        x(tl.current) - 1.0..=x(tl.current + 1) + 1.0,
        rect.top()..=rect.bottom(),
    );
    p.rect_stroke(
        now,
        0.0,
        (2.0, theme::HIGHLIGHT.egui()),
        egui::StrokeKind::Outside,
    );
    if let Some(at) = resp.interact_pointer_pos() {
        let i = ((at.x - rect.left()) / rect.width() * n).floor().max(0.0) as usize;
        if i != tl.current {
            commands.push(AppCommand::Timeline(T::Go(i)).into());
        }
    }
}

/// The height of one lane, and the gap under it.
const LANE: f32 = 13.0;
const LANE_GAP: f32 = 2.0;

/// Where the lanes are drawn: their rectangle and frame count.
struct Lanes {
    rect: egui::Rect,
    frames: usize,
}

impl Lanes {
    /// The left edge of frame `i`'s cells.
    fn x(&self, i: usize) -> f32 {
        self.rect.left() + self.rect.width() * i as f32 / self.frames as f32
    }

    /// Frame `i`'s cell, at least `min` wide.
    fn cell(&self, i: usize, min: f32) -> std::ops::RangeInclusive<f32> {
        self.x(i)..=self.x(i + 1).max(self.x(i) + min)
    }

    /// Lane `k`'s vertical extent.
    fn row(&self, k: usize) -> std::ops::RangeInclusive<f32> {
        let top = self.rect.top() + k as f32 * (LANE + LANE_GAP);
        top..=top + LANE
    }

    /// A bar in lane `k` at frame `i`, rising `f` of the lane's height from its bottom.
    fn bar(&self, p: &egui::Painter, k: usize, i: usize, f: f32, color: theme::Rgba) {
        let bottom = *self.row(k).end();
        let top = bottom - f.clamp(0.0, 1.0) * LANE;
        p.rect_filled(
            egui::Rect::from_x_y_ranges(self.cell(i, 1.0), top..=bottom),
            0.0,
            color.egui(),
        );
    }
}

/// The lanes of the contact points over time, one row each under the strip, frame for frame:
/// the share of the frame before's points kept by id and by position, what the manifold is built
/// on (flips ticked), the drift ratio on a log scale, and the simulated axis cache. Each lane's name sits on a plate at its
/// left end; a click goes to the frame.
fn lanes(ui: &mut Ui, tl: &Timeline, commands: &mut Vec<Command>) {
    let engine_kept = tl.engine().map(|e| format!("{e} kept"));
    let mut names = vec![
        "kept by id",
        "by position",
        "built on",
        "drift",
        "axis cache",
    ];
    names.extend(engine_kept.as_deref());
    let (rect, resp) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), names.len() as f32 * (LANE + LANE_GAP)),
        Sense::click_and_drag(),
    );
    let p = ui.painter_at(rect);
    let lanes = Lanes {
        rect,
        frames: tl.marks.len(),
    };
    for k in 0..names.len() {
        p.rect_filled(
            egui::Rect::from_x_y_ranges(rect.x_range(), lanes.row(k)),
            0.0,
            theme::PLATE.egui(),
        );
    }
    for (i, m) in tl.marks.iter().enumerate() {
        frame_cells(&p, &lanes, i, m);
    }
    // the current frame, as on the strip
    p.rect_stroke(
        egui::Rect::from_x_y_ranges(
            lanes.x(tl.current) - 1.0..=lanes.x(tl.current + 1) + 1.0,
            rect.top()..=rect.bottom(),
        ),
        0.0,
        (1.5, theme::HIGHLIGHT.egui()),
        egui::StrokeKind::Outside,
    );
    // the names, each on a plate of its own so that bars never run through them
    for (k, name) in names.iter().enumerate() {
        let galley = p.layout_no_wrap(
            name.to_string(),
            egui::FontId::proportional(10.5),
            theme::TEXT.egui(),
        );
        let top = *lanes.row(k).start() + (LANE - galley.size().y) / 2.0;
        let at = egui::pos2(rect.left() + 3.0, top);
        let plate = egui::Rect::from_min_size(
            at - egui::vec2(2.0, 0.0),
            galley.size() + egui::vec2(4.0, 0.0),
        );
        p.rect_filled(plate, 2.0, theme::PANEL_FRAME.egui());
        p.galley(at, galley, theme::TEXT.egui());
    }
    if let Some(at) = resp.interact_pointer_pos() {
        let n = tl.marks.len();
        let i = ((at.x - rect.left()) / rect.width() * n as f32)
            .floor()
            .max(0.0) as usize;
        if i != tl.current && i < n {
            commands.push(AppCommand::Timeline(T::Go(i)).into());
        }
    }
}

/// The colour of a share of points kept: green all, yellow some, red none.
fn share_color(kept: usize, of: usize) -> theme::Rgba {
    if kept >= of {
        theme::FIRST_SEPARATING
    } else if kept > 0 {
        theme::TOUCHING
    } else {
        theme::HIT
    }
}

/// Frame `i`'s cells in the lanes.
fn frame_cells(p: &egui::Painter, lanes: &Lanes, i: usize, m: &Mark) {
    if let Some(e) = m.engine.as_ref().filter(|e| !e.points.is_empty()) {
        let kept = e.points.iter().filter(|q| q.persisted).count();
        let f = (kept as f32 / e.points.len() as f32).max(0.15);
        lanes.bar(p, 5, i, f, share_color(kept, e.points.len()));
    }
    if let Some(l) = &m.since {
        if l.previous > 0 {
            let share = |kept: usize| (kept as f32 / l.previous as f32).max(0.15);
            let (id, position) = (l.persisted_by_id, l.persisted_by_position);
            lanes.bar(p, 0, i, share(id), share_color(id, l.previous));
            lanes.bar(p, 1, i, share(position), share_color(position, l.previous));
        }
        if let Some(r) = l.drift_ratio() {
            let f = if r.is_infinite() {
                1.0
            } else {
                r.max(1.0).log10() / 4.0
            };
            let color = if r > 10.0 {
                theme::HIT
            } else {
                theme::TEXT_DIM
            };
            lanes.bar(p, 3, i, f.max(0.15), color);
        }
    }
    if let Some(c) = &m.cache {
        // reused and on the fresh axis: green; reused though fresh picks another: yellow, taller
        // the farther its points; not reusable: red
        let (f, color) = match (c.valid, c.same_axis) {
            (true, true) => (0.4, theme::FIRST_SEPARATING),
            (true, false) => ((c.distance * 100.0).clamp(0.4, 1.0), theme::TOUCHING),
            (false, _) => (1.0, theme::HIT),
        };
        lanes.bar(p, 4, i, f, color);
    }
    let flipped = m.since.as_ref().is_some_and(|l| l.flipped());
    // a frame built otherwise than the one before stays visible however many frames
    let min = if flipped { 6.0 } else { 1.0 };
    let row = lanes.row(2);
    if let Some(c) = m.construction {
        let color = match c {
            Construction::FaceA => theme::A,
            Construction::FaceB => theme::B,
            Construction::Edge => theme::HOT,
        };
        let cell = egui::Rect::from_x_y_ranges(lanes.cell(i, min), *row.start() + 3.0..=*row.end());
        p.rect_filled(cell, 0.0, color.egui());
    }
    if flipped {
        // a white tick over the cell, in the lane's top margin
        let tick =
            egui::Rect::from_x_y_ranges(lanes.cell(i, min), *row.start()..=*row.start() + 2.5);
        p.rect_filled(tick, 0.0, theme::TEXT.egui());
    }
}

/// The simulated axis cache on this frame, in words.
fn cache_words(c: &crate::sat::lifecycle::CacheCheck) -> String {
    let reuse = if c.valid { "reused" } else { "not reused" };
    let gap = if c.gap_now.is_finite() {
        format!("gap {} then {}", fmt_num(c.cached_gap), fmt_num(c.gap_now))
    } else {
        "no contact on it now".to_string()
    };
    let fresh = if c.same_axis {
        "fresh, the same axis".to_string()
    } else if c.distance.is_finite() {
        format!(
            "fresh, another axis; reused points up to {} from fresh ones",
            fmt_num(c.distance)
        )
    } else {
        "fresh, another axis".to_string()
    };
    format!(
        "axis cache (Box3D's, slop {}): axis {} {reuse} ({gap}); {fresh}",
        crate::sat::lifecycle::LINEAR_SLOP,
        c.axis
    )
}

/// What became of the frame before's points, in words.
fn since_words(l: &crate::sat::lifecycle::Lifecycle) -> String {
    let flip = match (l.flipped(), l.from, l.to) {
        (true, Some(f), Some(t)) => format!(" · flipped from {} to {}", f.label(), t.label()),
        _ => String::new(),
    };
    let drift = match l.drift_ratio() {
        Some(r) => format!(
            " · drift {} against {} moved (×{})",
            fmt_num(l.drift),
            fmt_num(l.boxes_moved),
            crate::sat::lifecycle::fmt_ratio(r)
        ),
        None => String::new(),
    };
    format!(
        "since the frame before: {} of {} points kept by id, {} by position; {} new, {} lost{flip}{drift}",
        l.persisted_by_id, l.previous, l.persisted_by_position, l.new, l.lost
    )
}

/// The engine's own contact in a frame recorded from a simulation, beside satbox's count.
fn engine_words(e: &crate::scene::recording::RecordedContact, satbox_points: usize) -> String {
    let ours = format!("satbox {satbox_points}");
    if e.points.is_empty() {
        return format!("{} in the simulation: no contact ({ours} points)", e.name);
    }
    let kept = e.points.iter().filter(|q| q.persisted).count();
    let deepest = e.deepest().map_or(String::new(), |d| {
        let speculative = if d > 0.0 {
            " (every point apart: kept ahead of touching, speculative)"
        } else {
            ""
        };
        format!(", deepest separation {}{speculative}", fmt_num(d))
    });
    format!(
        "{} in the simulation: {} point{} ({ours}), {kept} kept from its step before by its \
         feature ids{deepest}, normal ({})",
        e.name,
        e.points.len(),
        if e.points.len() == 1 { "" } else { "s" },
        e.normal.to_array().map(fmt_num).join(", ")
    )
}

/// The frame shown, in words.
fn shown(ui: &mut Ui, tl: &Timeline) {
    let m = &tl.marks[tl.current];
    let mut head = format!("line {}", m.line);
    if let Some(t) = m.t {
        head += &format!(" · t = {t} s");
    }
    if let Some(l) = &m.label {
        head += &format!(" · {l}");
    }
    dim(ui, head);
    if let Err(e) = &m.pair {
        ui.label(RichText::new(format!("not read: {e}")).color(theme::HIT.egui()));
        return;
    }
    ui.label(RichText::new(&m.verdict).color(tone(m).egui()).strong());
    ui.label(frame_words(m));
    if let Some(e) = &m.engine {
        let color = if e.points.len() != m.points {
            theme::TOUCHING
        } else {
            theme::ENGINE
        };
        ui.label(RichText::new(engine_words(e, m.points)).color(color.egui()));
    }
    if let Some(l) = &m.since {
        let color = if l.lost > 0 || l.flipped() || l.drift_ratio().is_some_and(|r| r > 10.0) {
            theme::TOUCHING
        } else {
            theme::TEXT_DIM
        };
        ui.label(RichText::new(since_words(l)).color(color.egui()));
    }
    if let Some(c) = &m.cache {
        dim(ui, cache_words(c));
    }
    if let Some(tunnel) = &m.tunnel {
        ui.label(RichText::new(tunnel_words(tunnel, tl.current)).color(theme::PROBE.egui()));
    }
    let tunnels: Vec<String> = tl.tunnelling().map(|i| (i + 1).to_string()).collect();
    if !tunnels.is_empty() {
        dim(
            ui,
            format!(
                "tunnelling after frame(s) {} (the cyan box; open one to see the motion to the next)",
                tunnels.join(", ")
            ),
        );
    }
    for (_, d) in &m.parry {
        ui.label(RichText::new(format!("parry: {d}")).color(theme::HIT.egui()));
    }
}

/// Why frame `k` (0-based) tunnels before the next, in words.
fn tunnel_words(tunnel: &Tunnelling, k: usize) -> String {
    let (here, next) = (k + 1, k + 2);
    let step = format!(
        "the Motion section shows the move from frame {here} to {next} over {} s",
        tunnel.spec.dt
    );
    match tunnel.kind {
        Tunnel::Missed => format!(
            "tunnelling: separated at frames {here} and {next}, yet moving from one to the other \
             the boxes touch at t = {} s: the discrete test missed the contact; {step}",
            crate::app::motion::time_text(tunnel.toi)
        ),
        Tunnel::Through { depth } => format!(
            "tunnelling: from frame {here} to {next} B's centre moves past A's middle (along the \
             direction that decided frame {here}) and ends {} deep: pushing it out at frame \
             {next} sends it on through, not back; {step}",
            fmt_num(depth)
        ),
    }
}

/// What the frame shows, each part naming the axis it is about: the deciding axis of the SAT
/// (and, intersecting, the feature pair in contact along it), then the contact points and, when
/// the manifold is built on another axis, which.
fn frame_words(m: &Mark) -> String {
    let mut parts = Vec::new();
    match (&m.axis, m.intersect) {
        (Some((i, label)), true) => parts.push(format!("least penetration: axis {i} ({label})")),
        (Some((i, label)), false) => parts.push(format!("first separating axis {i} ({label})")),
        (None, _) => {}
    }
    if let Some(f) = &m.features {
        parts.push(f.clone());
    }
    let points = format!(
        "{} contact point{}",
        m.points,
        if m.points == 1 { "" } else { "s" }
    );
    parts.push(match &m.contact_axis {
        Some((k, label, why)) => format!("{points}, built on axis {k} ({label}: {why})"),
        None if m.points > 0 => format!("{points} along that axis"),
        None => points,
    });
    parts.join(" · ")
}
