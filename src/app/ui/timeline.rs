//! The Timeline window: a recording's frames as a strip (each frame's verdict in its colour, a
//! white tick where the verdict, the deciding axis or the feature pair changes, a magenta mark
//! where parry disagrees, grey for a line that does not read), a slider, play and step buttons, and the
//! frame shown in words. It reads [`crate::app::timeline::Timeline`] and sends commands.

use egui_macroquad::egui::{self, RichText, Sense, Ui};

use super::{dim, WindowLayout};
use crate::app::command::{AppCommand, Command, TimelineCommand as T};
use crate::app::theme;
use crate::app::timeline::{Mark, Timeline};

fn tone(m: &Mark) -> theme::Rgba {
    match (&m.pair, m.touching, m.intersect) {
        (Err(_), _, _) => theme::UNTESTED,
        (_, true, _) => theme::TOUCHING,
        (_, _, true) => theme::HIT,
        _ => theme::FIRST_SEPARATING,
    }
}

/// The Timeline window, while a recording is open: across the bottom of the scene, of a fixed
/// size (`layout`), so that its buttons stay where they are whatever the frame says.
pub(crate) fn window(
    ctx: &egui::Context,
    tl: Option<&Timeline>,
    layout: &WindowLayout,
    commands: &mut Vec<Command>,
) {
    let Some(tl) = tl else {
        return;
    };
    let mut open = true;
    let size = layout.timeline;
    egui::Window::new(format!("Timeline: {}", tl.name))
        .open(&mut open)
        // above the scene's message line
        .anchor(egui::Align2::LEFT_BOTTOM, [10.0, -44.0])
        .fixed_size(size - egui::vec2(16.0, 40.0))
        .collapsible(true)
        .show(ctx, |ui| {
            controls(ui, tl, commands);
            strip(ui, tl, commands);
            let mut k = tl.current;
            ui.spacing_mut().slider_width = ui.available_width();
            let slider = egui::Slider::new(&mut k, 0..=tl.marks.len() - 1).show_value(false);
            if ui.add(slider).changed() {
                commands.push(AppCommand::Timeline(T::Go(k)).into());
            }
            // the words take the height left, scrolling when a frame says more
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    shown(ui, tl);
                    dim(
                        ui,
                        "strip: green separated · red intersecting · yellow touching · grey \
                         unreadable line · white tick: verdict, axis or contact changes · \
                         magenta: parry disagrees · cyan box: the boxes tunnel before the next frame",
                    );
                });
        });
    if !open {
        commands.push(AppCommand::Timeline(T::Close).into());
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
        if m.tunnel.is_some() {
            // tunnelling: a hollow cyan box round the frame, taller than the strip
            let cell = egui::Rect::from_x_y_ranges(
                x(i)..=x(i + 1).max(x(i) + 3.0),
                rect.top()..=rect.bottom(),
            );
            p.rect_stroke(
                cell,
                0.0,
                (2.0, theme::PROBE.egui()),
                egui::StrokeKind::Outside,
            );
        }
        if tl.parry_differs(i) {
            let mark = egui::Rect::from_x_y_ranges(x(i)..=x(i + 1), rect.top()..=rect.top() + 6.0);
            p.rect_filled(mark, 0.0, theme::LEAST.egui());
        }
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
    if let Some((spec, toi)) = &m.tunnel {
        ui.label(
            RichText::new(format!(
                "tunnelling: separated here and at the next frame, yet moving straight between them \
                 the boxes touch at t = {toi:.4} s of {} s: the step shows the sweep (Motion section)",
                spec.dt
            ))
            .color(theme::PROBE.egui()),
        );
    }
    let tunnels: Vec<String> = tl.tunnelling().map(|i| (i + 1).to_string()).collect();
    if !tunnels.is_empty() {
        dim(
            ui,
            format!("tunnelling after frame(s) {}", tunnels.join(", ")),
        );
    }
    for (_, d) in &m.parry {
        ui.label(RichText::new(format!("parry: {d}")).color(theme::HIT.egui()));
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
