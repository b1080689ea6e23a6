//! The overlays both modes share, drawn once over [`Dim`]: every axis line with both shadows, the
//! projection lines and the centre distance, the push-out, the legend, the verdict banner and the
//! step-through caption. The mode's own grid, boxes and gizmo come from [`Paint`]. Nothing here computes SAT numbers: every interval, gap and verdict comes
//! from the frame's report.

use glam::Vec2;

use super::{Anchor, Fonts, Paint, PendingLabel};
use crate::app::analysis::StepVerdict;
use crate::app::dim::{Dim, Project, Vector};
use crate::app::frame::{drawn_segments, Shown};
use crate::app::layout::{key_places, least_covered, AxisLine, Shadows, PROBE};
use crate::app::mode::ModeState;
use crate::app::numbers;
use crate::app::settings::Settings;
use crate::app::theme::{self, Rgba};
use crate::sat::bands::Bands;
use crate::sat::{fmt_num, AxisTest};
use crate::sat::{Obb, Report};

/// How an axis is shown: its colour and line width.
pub(crate) fn axis_style<V>(
    t: &AxisTest<V>,
    first: Option<usize>,
    least: Option<usize>,
) -> (Rgba, f32) {
    if first == Some(t.index()) {
        (theme::FIRST_SEPARATING, 4.0)
    } else if t.is_separating() {
        (theme::SEPARATING, 2.2)
    } else if least == Some(t.index()) {
        (theme::LEAST, 3.5)
    } else {
        (theme::OVERLAPPING, 1.5)
    }
}

/// Draws the whole scene of a mode for this frame.
pub(crate) fn draw<D: Paint>(
    frame: &Shown<D>,
    mode: &ModeState<D>,
    settings: &Settings,
    recorded: Option<&crate::scene::recording::RecordedContact>,
    fonts: &Fonts,
) {
    let ov = mode.view.overlays;
    let vp = frame.viewport;
    let (verdict, _, intersect) = frame.verdict();
    // the hint under the banner: the motion's summary, or the first-run hint (a scene shorter
    // than 450, as above a phone's open sheet, keeps its room for the boxes)
    let hint = match &frame.motion {
        Some(m) => Some(m.summary()),
        None if settings.hint && vp.h >= 450.0 => Some(
            if settings.touch {
                D::TOUCH_HINT
            } else {
                D::HINT
            }
            .to_string(),
        ),
        None => None,
    };
    let mut labels = D::under(frame, mode, fonts);
    // the key goes where it hides the least of the lines, and under them: a line that runs
    // through it anyway keeps its shadows in sight (the key's words are plain on its plate)
    // (the key needs room: in a scene smaller than 640 × 480 it would hide what it explains)
    let key = (settings.legend && vp.w >= 640.0 && vp.h >= 480.0).then(|| {
        let banner = super::banner_rect(fonts, &verdict, &vp);
        let left_top = match &hint {
            Some(h) => super::hint_rect(fonts, h, &vp, banner.1.y).1.y,
            None => banner.1.y,
        };
        legend(frame, mode, fonts, left_top)
    });
    labels.extend(super::motion::draw(frame, mode));
    if ov.axes {
        for line in &frame.lines {
            labels.extend(axis_line(frame, mode, line));
        }
    }
    if ov.push_out {
        labels.extend(push_out(frame, mode));
    }
    if ov.distance {
        labels.extend(closest_points(frame, mode));
    }
    if ov.contact {
        labels.extend(super::contact::draw(frame, mode));
    }
    if let Some(engine) = settings.engine {
        labels.extend(super::engine::draw_picked(frame, engine));
    }
    if let Some(r) = recorded {
        labels.extend(super::engine::draw_recorded(frame, r));
    }
    let color = if frame.touching() {
        theme::TOUCHING
    } else if intersect {
        theme::HIT
    } else {
        theme::FIRST_SEPARATING
    };
    let mut clear = vec![super::banner(fonts, &verdict, &vp, color)];
    if let Some(h) = &hint {
        clear.push(super::hint(fonts, h, &vp, clear[0].1.y));
    }
    // the gizmo is drawn last, over every label, and labels keep clear of it
    clear.extend(D::gizmo_rect(frame, mode, settings));
    clear.extend(key);
    if ov.labels {
        super::labels_without_overlap(fonts, labels, &clear, &vp);
    }
    D::over(frame, mode, settings, fonts);
    if let Some(w) = &frame.step {
        let color = match w.tone {
            StepVerdict::Separates => theme::FIRST_SEPARATING,
            StepVerdict::Intersects => theme::HIT,
            StepVerdict::Neutral => theme::TEXT_DIM,
        };
        super::caption(fonts, [&w.title, &w.numbers, &w.verdict], color, &vp);
    }
}

/// The colour key, with the degenerate axes that have no line, where it hides the least of the
/// scene's lines and their shadows (top right, else bottom right, else left, in one column or
/// more; `left_top` is where the banner and the hint end); returns its rectangle.
fn legend<D: Dim>(
    frame: &Shown<D>,
    mode: &ModeState<D>,
    fonts: &Fonts,
    left_top: f32,
) -> (Vec2, Vec2) {
    let mut entries = vec![
        (theme::A, 4.0, "A's shadow"),
        (theme::B, 4.0, "B's shadow"),
        (theme::OVERLAP, 4.0, "shadows overlap"),
        (theme::FIRST_SEPARATING, 4.0, "first separating axis"),
        (theme::SEPARATING, 2.2, "other separating axis"),
        (theme::OVERLAPPING, 1.5, "overlapping axis"),
        (theme::LEAST, 3.5, "least penetration"),
    ];
    if frame.bands.is_some() {
        entries.push((theme::SPECULATIVE, 3.0, "engine: speculative band"));
        entries.push((theme::TOUCHING, 3.0, "engine: slop band"));
    }
    let degenerate: Vec<String> = frame
        .report
        .axes()
        .iter()
        .filter(|t| t.degenerate())
        .map(|t| t.index().to_string())
        .collect();
    let mut extra = Vec::new();
    if !degenerate.is_empty() {
        extra.push(format!(
            "parallel edges, not drawn: {}",
            degenerate.join(", ")
        ));
        extra.push("(degenerate: cannot separate)".to_string());
    }
    extra.push("H hides this key · P the panel".to_string());
    let place = |shapes| {
        let places = key_places(&frame.viewport, shapes, left_top);
        let rects: Vec<_> = places.iter().map(|p| p.rect).collect();
        let drawn = drawn_segments(frame, (&mode.a, &mode.b));
        let chosen = places[least_covered(&rects, &drawn)];
        (chosen.rect.0, chosen.columns)
    };
    super::legend(fonts, place, &entries, &extra)
}

/// The on-screen geometry of one placed axis line.
struct OnScreen<'a, V> {
    line: &'a AxisLine<V>,
    projector: &'a dyn Project<V>,
    /// Unit pixel direction perpendicular to the line, pointing away from the boxes.
    out: Vec2,
}

impl<V: Vector> OnScreen<'_, V> {
    /// Pixels per unit of axis coordinate along the line here.
    fn px_per_unit(&self) -> f32 {
        match (self.at(self.line.lo, 0.0), self.at(self.line.hi, 0.0)) {
            (Some(a), Some(b)) => a.distance(b) / (self.line.hi - self.line.lo).abs().max(1e-12),
            _ => 0.0,
        }
    }

    /// The pixel of axis coordinate `s`, moved `off` pixels away from the boxes.
    fn at(&self, s: f32, off: f32) -> Option<Vec2> {
        self.projector
            .px(self.line.point(s))
            .map(|q| q + self.out * off)
    }

    /// A bar along the line from `lo` to `hi`, `off` pixels out.
    fn bar(&self, lo: f32, hi: f32, off: f32, width: f32, color: Rgba) {
        if let (Some(x), Some(y)) = (self.at(lo, off), self.at(hi, off)) {
            super::line(x, y, width, color);
        }
    }
}

/// Draws one placed line (an axis or the probe) with its shadows; returns its labels, drawn
/// later with the others so that labels never pile up.
fn axis_line<D: Dim>(
    frame: &Shown<D>,
    mode: &ModeState<D>,
    line: &AxisLine<D::Vec>,
) -> Vec<PendingLabel> {
    let p = &frame.projector;
    let Some(t) = frame.shadows(line.index) else {
        return Vec::new();
    };
    let probe = line.index == PROBE;
    let (first, least) = frame.first_and_least();
    let axis = (!probe).then(|| frame.axis(line.index)).flatten();
    let (color, width) = match &axis {
        Some(axis) => axis_style(axis, first, least),
        None => (theme::PROBE, 3.0),
    };
    let Some((a, b)) = p.segment(line.point(line.lo), line.point(line.hi)) else {
        return Vec::new();
    };
    let focus = frame.focus == Some(line.index) || probe;
    if frame.hovered_axis == Some(line.index) || mode.view.selected_axis == Some(line.index) {
        super::line(a, b, width + 7.0, theme::HIGHLIGHT.alpha(0.3));
    }
    if probe {
        super::dashed(a, b, width, 8.0, color);
    } else {
        super::line(a, b, width, color);
    }
    let dir = (b - a).normalize_or_zero();
    super::arrow(b - dir * 2.0, b + dir * 10.0, width, 9.0 + width, color);
    // which way is "away from the boxes" on screen
    let mid = 0.5 * (line.lo + line.hi);
    let mut out = dir.perp();
    if let (Some(m), Some(s)) = (p.px(line.point(mid)), p.px(line.point(mid) + line.side)) {
        if (s - m).dot(out) < 0.0 {
            out = -out;
        }
    }
    let on = OnScreen {
        line,
        projector: p,
        out,
    };
    let bw = if focus { 6.0 } else { 4.5 };
    shadows(&on, &t, bw);
    let mut magnified = Vec::new();
    if let (Some(b), true) = (&frame.bands, focus && !probe) {
        magnified = engine_bands(&on, &t, &b.bands, bw);
    }
    if D::DETAIL_ON_ALL_AXES || focus {
        centre_distance(&on, &t, bw, focus);
    }
    let ov = mode.view.overlays;
    if ov.projection_lines && (D::DETAIL_ON_ALL_AXES || focus) {
        projection_lines(&on, &t, focus);
    }
    if !ov.labels && !probe {
        return magnified;
    }
    let mut text = match &axis {
        Some(axis) => axis_label::<D>(axis, focus),
        None => probe_label(&t),
    };
    if !probe && (focus || D::FULL_LABELS) {
        text.extend(super::motion::interval_label(frame, line.index));
    }
    let least = least == Some(t.index);
    let c = if t.separating || focus || least {
        color.alpha(1.0)
    } else {
        theme::TEXT_DIM
    };
    magnified.extend(place_labels(&on, &t, text, c, focus, bw));
    magnified
}

/// Both shadows side by side, A on the boxes' side and B outside, the overlap as a red band over
/// both or the gap as a green one, with ticks at the ends and the projected centres.
fn shadows<V: Vector>(on: &OnScreen<V>, t: &Shadows<V>, bw: f32) {
    let (ia, ib) = (t.interval_a, t.interval_b);
    let (ov_lo, ov_hi) = (ia.min.max(ib.min), ia.max.min(ib.max));
    if ov_lo > ov_hi {
        on.bar(
            ov_hi,
            ov_lo,
            0.0,
            bw * 2.2,
            theme::FIRST_SEPARATING.alpha(0.4),
        );
    }
    on.bar(ia.min, ia.max, -bw * 0.7, bw, theme::A);
    on.bar(ib.min, ib.max, bw * 0.7, bw, theme::B);
    if ov_lo <= ov_hi {
        on.bar(ov_lo, ov_hi, 0.0, bw * 3.0, theme::OVERLAP);
    }
    for (s, off, c) in [
        (ia.min, -bw * 0.7, theme::A),
        (ia.max, -bw * 0.7, theme::A),
        (ib.min, bw * 0.7, theme::B),
        (ib.max, bw * 0.7, theme::B),
    ] {
        if let Some(q) = on.at(s, off) {
            super::line(q - on.out * (bw * 0.9), q + on.out * (bw * 0.9), 1.5, c);
        }
    }
    for (s, off, c) in [
        (ia.center(), -bw * 0.7, theme::A),
        (ib.center(), bw * 0.7, theme::B),
    ] {
        if let Some(q) = on.at(s, off) {
            super::dot(q, bw * 0.7, c.lighten(0.4));
        }
    }
}

/// An engine's bands at the touching point of the axis in focus. On the line itself, beyond B's
/// shadow and measured from the end of A's shadow that faces B: the speculative band (from
/// `active` to `detect`) and the slop (below `active`), with a tick where the engine starts to
/// push. Since they are usually a few hundredths wide, a magnifier beside the line draws the same
/// stretch enlarged: A's shadow ending at the middle, B's starting at the gap, both bands, and
/// their names.
fn engine_bands<V: Vector>(
    on: &OnScreen<V>,
    t: &Shadows<V>,
    bands: &Bands,
    bw: f32,
) -> Vec<PendingLabel> {
    let towards_b = t.interval_b.center() >= t.interval_a.center();
    let (end, near_b) = if towards_b {
        (t.interval_a.max, t.interval_b.min)
    } else {
        (t.interval_a.min, t.interval_b.max)
    };
    let at = |gap: f32| if towards_b { end + gap } else { end - gap };
    let off = bw * 2.4;
    if bands.detect > bands.active {
        on.bar(
            at(bands.active),
            at(bands.detect),
            off,
            bw * 0.9,
            theme::SPECULATIVE,
        );
    }
    if bands.slop > 0.0 {
        on.bar(
            at(bands.active - bands.slop),
            at(bands.active),
            off,
            bw * 0.9,
            theme::TOUCHING,
        );
    }
    let Some(q) = on.at(at(bands.active), off) else {
        return Vec::new();
    };
    super::line(q - on.out * bw, q + on.out * bw, 1.5, theme::TEXT);
    let gap = if towards_b {
        near_b - end
    } else {
        end - near_b
    };
    magnifier(q + on.out * (bw + 2.0), on, bands, gap)
}

/// The magnifier of [`engine_bands`], hung below `from` (the tick on the line): A's shadow ending
/// at its middle, B's from `gap`, both bands and their numbers, enlarged to fit.
fn magnifier<V: Vector>(
    from: Vec2,
    on: &OnScreen<V>,
    bands: &Bands,
    gap: f32,
) -> Vec<PendingLabel> {
    // the magnifier: the gap, both bands and a margin, across MAG_HALF pixels each side
    const MAG_HALF: f32 = 90.0;
    let reach = [bands.detect, bands.active - bands.slop, bands.active, gap]
        .iter()
        .fold(0.0f32, |m, x| m.max(x.abs()));
    let scale = MAG_HALF / (1.3 * reach).max(1e-6);
    let middle = from + on.out * 90.0;
    let (lo, hi) = (
        middle - Vec2::new(MAG_HALF + 8.0, 26.0),
        middle + Vec2::new(MAG_HALF + 8.0, 30.0),
    );
    super::polygon(
        &[lo, Vec2::new(hi.x, lo.y), hi, Vec2::new(lo.x, hi.y)],
        theme::PLATE,
    );
    super::line(from, middle - Vec2::Y * 26.0, 1.0, theme::TEXT_DIM);
    let x = |g: f32| middle.x + (g * scale).clamp(-MAG_HALF, MAG_HALF);
    let y = middle.y;
    super::line(
        Vec2::new(x(-2.0 * reach), y - 6.0),
        Vec2::new(x(0.0), y - 6.0),
        5.0,
        theme::A,
    );
    super::line(
        Vec2::new(x(gap), y + 6.0),
        Vec2::new(x(2.0 * reach), y + 6.0),
        5.0,
        theme::B,
    );
    if bands.detect > bands.active {
        super::line(
            Vec2::new(x(bands.active), y + 16.0),
            Vec2::new(x(bands.detect), y + 16.0),
            5.0,
            theme::SPECULATIVE,
        );
    }
    if bands.slop > 0.0 {
        super::line(
            Vec2::new(x(bands.active - bands.slop), y + 16.0),
            Vec2::new(x(bands.active), y + 16.0),
            5.0,
            theme::TOUCHING,
        );
    }
    super::line(
        Vec2::new(x(bands.active), y - 12.0),
        Vec2::new(x(bands.active), y + 20.0),
        1.5,
        theme::TEXT,
    );
    let label = |text: String, at: Vec2, color: Rgba, anchor: Anchor| PendingLabel {
        text,
        at,
        size: 12,
        color,
        anchor,
        important: true,
    };
    vec![
        label(
            format!(
                "{} · ×{:.0}",
                bands.profile.title(),
                scale / on.px_per_unit().max(1e-6)
            ),
            Vec2::new(lo.x + 4.0, lo.y + 9.0),
            theme::TEXT,
            Anchor::Left,
        ),
        label(
            format!("gap {}", fmt_num(gap)),
            Vec2::new(hi.x - 4.0, lo.y + 9.0),
            theme::B,
            Anchor::Right,
        ),
        label(
            format!(
                "detect {} · slop {}",
                fmt_num(bands.detect),
                fmt_num(bands.slop)
            ),
            Vec2::new(middle.x, hi.y - 5.0),
            theme::SPECULATIVE,
            Anchor::Center,
        ),
    ]
}

/// The centre distance `|T·L|` as a bracket on the boxes' side of the line.
fn centre_distance<V: Vector>(on: &OnScreen<V>, t: &Shadows<V>, bw: f32, focus: bool) {
    let off = -(bw * 0.7 + 12.0);
    let (Some(x), Some(y)) = (
        on.at(t.interval_a.center(), off),
        on.at(t.interval_b.center(), off),
    ) else {
        return;
    };
    let c = if focus {
        theme::TEXT
    } else {
        theme::TEXT_DIM.alpha(0.7)
    };
    super::line(x, y, 1.2, c);
    super::line(x - on.out * 4.0, x + on.out * 4.0, 1.2, c);
    super::line(y - on.out * 4.0, y + on.out * 4.0, 1.2, c);
}

/// Dashed lines from each box's extreme corners to its shadow's ends, at right angles to the line.
fn projection_lines<V: Vector>(on: &OnScreen<V>, t: &Shadows<V>, focus: bool) {
    let ends = [
        t.interval_a.min,
        t.interval_a.max,
        t.interval_b.min,
        t.interval_b.max,
    ];
    let alpha = if focus { 0.6 } else { 0.22 };
    for (k, (support, s)) in on.line.support.iter().zip(ends).enumerate() {
        let c = if k < 2 { theme::A } else { theme::B };
        if let Some((x, y)) = on.projector.segment(*support, on.line.point(s)) {
            super::dashed(x, y, 1.0, if focus { 5.0 } else { 3.0 }, c.alpha(alpha));
        }
    }
}

/// An axis's name and verdict; the focused axis adds `|T·L|`, `ra` and `rb` on a second line.
fn axis_label<D: Dim>(t: &AxisTest<D::Vec>, focus: bool) -> Vec<String> {
    let (verdict, value) = if t.is_separating() {
        ("gap", t.gap())
    } else {
        ("overlap", t.overlap())
    };
    let mut text = vec![if focus || D::FULL_LABELS {
        format!(
            "{} {}  {verdict} {}",
            t.index(),
            t.kind().label(),
            fmt_num(value)
        )
    } else {
        t.index().to_string()
    }];
    if focus {
        text.push(format!(
            "|T·L| {}  ra {}  rb {}",
            fmt_num(t.distance()),
            fmt_num(t.ra()),
            fmt_num(t.rb())
        ));
    }
    text
}

/// The probe's words: its direction and its separation.
fn probe_label<V: Vector>(t: &Shadows<V>) -> Vec<String> {
    let n = numbers::coords(&t.dir.coords(), |x| numbers::fixed(x, 3));
    vec![
        format!("probe n = {n}"),
        format!("s(n) = |T·n| − ra − rb = {}", fmt_num(t.gap)),
    ]
}

/// Labels beside the middle of a line, away from the boxes, stacked away from the line.
fn place_labels<V: Vector>(
    on: &OnScreen<V>,
    t: &Shadows<V>,
    text: Vec<String>,
    color: Rgba,
    focus: bool,
    bw: f32,
) -> Vec<PendingLabel> {
    let mid =
        0.5 * (t.interval_a.min.min(t.interval_b.min) + t.interval_a.max.max(t.interval_b.max));
    let clear = bw * 1.2 + 14.0;
    let Some(mut at) = on.at(mid, clear) else {
        return Vec::new();
    };
    let anchor = if on.out.x > 0.4 {
        Anchor::Left
    } else if on.out.x < -0.4 {
        Anchor::Right
    } else {
        at += on.out * 6.0;
        Anchor::Center
    };
    let step = if on.out.y >= 0.0 { 20.0 } else { -20.0 };
    text.into_iter()
        .enumerate()
        .map(|(k, text)| PendingLabel {
            at: at + Vec2::new(0.0, step * k as f32),
            size: if k == 0 && focus { 15 } else { 13 },
            color: if k == 0 { color } else { theme::TEXT },
            anchor,
            important: focus,
            text,
        })
        .collect()
}

/// Separated boxes: the segment between their closest points, labelled with the true distance
/// beside the best candidate gap (which is only a lower bound of it).
fn closest_points<D: Dim>(frame: &Shown<D>, mode: &ModeState<D>) -> Option<PendingLabel> {
    let [p, q] = frame.answer.closest_points?;
    if frame.touching() {
        return None;
    }
    let (a, b) = frame.projector.segment(p, q)?;
    super::dashed(a, b, 2.0, 5.0, theme::DISTANCE);
    super::dot(a, 4.0, theme::DISTANCE);
    super::dot(b, 4.0, theme::DISTANCE);
    if !mode.view.overlays.labels {
        return None;
    }
    // the best candidate's gap, each shadow grown by its box's radius (with rounded boxes it can
    // be short of the distance, even below 0)
    let best = (0..frame.report.axes().len())
        .filter_map(|k| frame.axis(k))
        .filter(|t| !t.degenerate())
        .map(|t| t.gap())
        .fold(f32::MIN, f32::max);
    let d = (b - a).normalize_or(Vec2::X);
    let side = if d.perp().y <= 0.0 {
        d.perp()
    } else {
        -d.perp()
    };
    Some(PendingLabel {
        text: format!(
            "distance {} (best gap {})",
            fmt_num(frame.answer.distance),
            fmt_num(best)
        ),
        at: (a + b) * 0.5 + side * 14.0,
        size: 13,
        color: theme::DISTANCE,
        anchor: Anchor::Center,
        important: true,
    })
}

/// The push-out vector from the deepest contact point, and B's outline where the push would
/// leave it: moving B by `depth · normal` (the answer's) makes the boxes touch. Nothing when they
/// only touch.
fn push_out<D: Dim>(frame: &Shown<D>, mode: &ModeState<D>) -> Option<PendingLabel> {
    let (depth, normal) = frame.answer.depth.zip(frame.answer.normal)?;
    if frame.touching() {
        return None;
    }
    let p = &frame.projector;
    let moved = D::Obb::moved(&mode.b, normal * depth);
    let ghost = D::Obb::corner_points(&moved);
    for &(i, j) in D::Obb::edges() {
        if let Some((x, y)) = p.segment(ghost[i], ghost[j]) {
            super::dashed(x, y, 1.4, 6.0, theme::B.alpha(0.6));
        }
    }
    // from the deepest contact point, where the push acts (B's centre carries the gizmo)
    let start = frame
        .contact
        .manifold
        .as_ref()
        .and_then(|m| m.deepest())
        .map_or(D::Obb::center(&mode.b), |q| q.point);
    let (from, to) = (p.px(start)?, p.px(start + normal * depth)?);
    let d = (to - from).normalize_or(Vec2::X);
    let to = if from.distance(to) < 26.0 {
        from + d * 26.0
    } else {
        to
    };
    super::arrow(from, to, 3.5, 14.0, theme::LEAST);
    // beside the arrow, not past its tip: the tip often points at a handle
    let side = if d.perp().x >= 0.0 {
        d.perp()
    } else {
        -d.perp()
    };
    Some(PendingLabel {
        text: format!("push-out {}", fmt_num(depth)),
        at: (from + to) * 0.5 + side * 16.0,
        size: 14,
        color: theme::LEAST,
        anchor: if side.x > 0.3 {
            Anchor::Left
        } else {
            Anchor::Center
        },
        important: true,
    })
}
