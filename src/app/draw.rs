//! Drawing primitives shared by the 3D and 2D scenes: the palette, labels on a backing plate,
//! dashed lines, arrows. Only `draw*` files call macroquad's draw functions.

use glam::Vec2;
use macroquad::prelude::{
    draw_circle, draw_line, draw_rectangle, draw_text_ex, draw_triangle, measure_text, Color, Font,
    TextParams,
};

use crate::sat::AxisTest;

/// The palette: box A blue, box B orange, verdict colours.
pub mod palette {
    use macroquad::prelude::Color;

    /// Box A.
    pub const A: Color = Color::new(0.27, 0.55, 1.0, 1.0);
    /// Box B.
    pub const B: Color = Color::new(1.0, 0.58, 0.16, 1.0);
    /// Window background.
    pub const BACKGROUND: Color = Color::new(0.105, 0.113, 0.135, 1.0);
    /// Grid lines.
    pub const GRID: Color = Color::new(0.24, 0.26, 0.30, 1.0);
    /// The first separating axis.
    pub const FIRST_SEPARATING: Color = Color::new(0.25, 0.95, 0.45, 1.0);
    /// Other separating axes.
    pub const SEPARATING: Color = Color::new(0.55, 0.78, 0.58, 0.85);
    /// Axes whose shadows overlap.
    pub const OVERLAPPING: Color = Color::new(0.62, 0.64, 0.70, 0.55);
    /// The axis of least penetration.
    pub const LEAST_PENETRATION: Color = Color::new(1.0, 0.30, 0.75, 1.0);
    /// Overlap of two shadows.
    pub const OVERLAP: Color = Color::new(1.0, 0.25, 0.25, 0.55);
    /// Text.
    pub const TEXT: Color = Color::new(0.92, 0.93, 0.95, 1.0);
    /// Dim text.
    pub const TEXT_DIM: Color = Color::new(0.65, 0.67, 0.72, 1.0);
    /// Highlight (hover, selection).
    pub const HIGHLIGHT: Color = Color::new(1.0, 1.0, 1.0, 0.9);
    /// Intersecting verdict.
    pub const HIT: Color = Color::new(0.95, 0.27, 0.30, 1.0);

    /// `c` with alpha `a`.
    pub fn with_alpha(c: Color, a: f32) -> Color {
        Color::new(c.r, c.g, c.b, a)
    }
}

/// How an axis is shown: its colour and line width.
pub fn axis_style<V>(t: &AxisTest<V>, first: Option<usize>, least: Option<usize>) -> (Color, f32) {
    if first == Some(t.index) {
        (palette::FIRST_SEPARATING, 4.0)
    } else if t.is_separating() {
        (palette::SEPARATING, 2.2)
    } else if least == Some(t.index) {
        (palette::LEAST_PENETRATION, 3.5)
    } else {
        (palette::OVERLAPPING, 1.5)
    }
}

/// Fonts for scene labels.
pub struct Fonts {
    /// Monospace, for numbers and labels.
    pub mono: Font,
}

impl Fonts {
    /// Loads the fonts bundled with egui (no files needed at run time).
    pub fn load() -> Self {
        let mut mono =
            macroquad::text::load_ttf_font_from_bytes(epaint_default_fonts::HACK_REGULAR)
                .expect("the bundled Hack font parses");
        mono.set_filter(macroquad::texture::FilterMode::Linear);
        Self { mono }
    }
}

/// Where a label sits relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// Anchor at the label's left middle.
    Left,
    /// Anchor at the label's centre.
    Center,
    /// Anchor at the label's right middle.
    Right,
}

/// A label waiting to be drawn, so that overlapping ones can be weeded out first.
#[derive(Clone, Debug)]
pub struct PendingLabel {
    /// The text.
    pub text: String,
    /// Anchor point in pixels.
    pub at: Vec2,
    /// Font size.
    pub size: u16,
    /// Colour.
    pub color: Color,
    /// How the text sits on the anchor.
    pub anchor: Anchor,
    /// Drawn whatever it overlaps (the focused axis); the others give way.
    pub important: bool,
}

/// The pixel rectangle (min, max) a label's plate covers.
pub fn label_rect(fonts: &Fonts, text: &str, at: Vec2, size: u16, anchor: Anchor) -> (Vec2, Vec2) {
    let w = measure_text(text, Some(&fonts.mono), size, 1.0).width + 6.0;
    let x = match anchor {
        Anchor::Left => at.x - 3.0,
        Anchor::Center => at.x - w / 2.0,
        Anchor::Right => at.x - w + 3.0,
    };
    let y = at.y - size as f32 * 0.5 - 3.0;
    (Vec2::new(x, y), Vec2::new(x + w, y + size as f32 + 6.0))
}

/// Draws labels, important ones first; a label that would cover one already drawn is left out.
pub fn labels_without_overlap(fonts: &Fonts, mut pending: Vec<PendingLabel>) {
    pending.sort_by_key(|l| !l.important);
    let mut taken: Vec<(Vec2, Vec2)> = Vec::new();
    for l in pending {
        let (lo, hi) = label_rect(fonts, &l.text, l.at, l.size, l.anchor);
        let overlaps = taken
            .iter()
            .any(|(a, b)| lo.x < b.x && hi.x > a.x && lo.y < b.y && hi.y > a.y);
        if overlaps && !l.important {
            continue;
        }
        taken.push((lo, hi));
        label(fonts, &l.text, l.at, l.size, l.color, l.anchor);
    }
}

/// Text on a dark plate so it reads over any background. Returns the plate's width.
pub fn label(fonts: &Fonts, text: &str, at: Vec2, size: u16, color: Color, anchor: Anchor) -> f32 {
    let dim = measure_text(text, Some(&fonts.mono), size, 1.0);
    let pad = 3.0;
    let x = match anchor {
        Anchor::Left => at.x,
        Anchor::Center => at.x - dim.width / 2.0,
        Anchor::Right => at.x - dim.width,
    };
    let y = at.y - size as f32 * 0.5;
    draw_rectangle(
        x - pad,
        y - pad,
        dim.width + 2.0 * pad,
        size as f32 + 2.0 * pad,
        Color::new(0.06, 0.065, 0.08, 0.78),
    );
    draw_text_ex(
        text,
        x,
        y + dim.offset_y.min(size as f32),
        TextParams {
            font: Some(&fonts.mono),
            font_size: size,
            color,
            ..Default::default()
        },
    );
    dim.width + 2.0 * pad
}

/// A straight line in pixels.
pub fn line(a: Vec2, b: Vec2, width: f32, color: Color) {
    draw_line(a.x, a.y, b.x, b.y, width, color);
}

/// A dashed line in pixels.
pub fn dashed(a: Vec2, b: Vec2, width: f32, dash: f32, color: Color) {
    let len = a.distance(b);
    if !(len >= 1e-3 && len.is_finite()) {
        return;
    }
    // at most ~2000 dashes: a segment clipped at the near plane can be millions of pixels long
    let dash = dash.max(len / 4000.0);
    let dir = (b - a) / len;
    let mut s = 0.0;
    while s < len {
        let e = (s + dash).min(len);
        line(a + dir * s, a + dir * e, width, color);
        s += 2.0 * dash;
    }
}

/// An arrow from `a` to `b` with a head of `head` pixels.
pub fn arrow(a: Vec2, b: Vec2, width: f32, head: f32, color: Color) {
    let d = (b - a).normalize_or_zero();
    if d == Vec2::ZERO {
        return;
    }
    let n = Vec2::new(-d.y, d.x);
    let base = b - d * head;
    line(a, base, width, color);
    draw_triangle(b, base + n * head * 0.5, base - n * head * 0.5, color);
}

/// A filled dot.
pub fn dot(p: Vec2, r: f32, color: Color) {
    draw_circle(p.x, p.y, r, color);
}

/// A filled convex polygon (fan from the first vertex).
pub fn polygon(pts: &[Vec2], color: Color) {
    for i in 1..pts.len().saturating_sub(1) {
        draw_triangle(pts[0], pts[i], pts[i + 1], color);
    }
}

/// The verdict banner at the top of the scene.
pub fn banner(fonts: &Fonts, text: &str, at: Vec2, separated: bool) {
    let color = if separated {
        palette::FIRST_SEPARATING
    } else {
        palette::HIT
    };
    let size = 22;
    let dim = measure_text(text, Some(&fonts.mono), size, 1.0);
    draw_rectangle(
        at.x - 12.0,
        at.y - 8.0,
        dim.width + 24.0,
        size as f32 + 16.0,
        Color::new(0.05, 0.05, 0.07, 0.85),
    );
    draw_rectangle(at.x - 12.0, at.y - 8.0, 5.0, size as f32 + 16.0, color);
    draw_text_ex(
        text,
        at.x,
        at.y + dim.offset_y.min(size as f32),
        TextParams {
            font: Some(&fonts.mono),
            font_size: size,
            color,
            ..Default::default()
        },
    );
}

/// Two lines at the bottom of the scene while stepping through the axes: the axis under test with
/// its numbers, and what the test does next.
pub fn step_caption(
    fonts: &Fonts,
    title: &str,
    numbers: &str,
    verdict: &str,
    color: Color,
    left: f32,
    bottom: f32,
) {
    let sizes = [18u16, 16, 18];
    let lines = [title, numbers, verdict];
    let width = lines
        .iter()
        .zip(sizes)
        .map(|(t, s)| measure_text(t, Some(&fonts.mono), s, 1.0).width)
        .fold(0.0, f32::max);
    let height = 3.0 * 24.0 + 16.0;
    let top = bottom - height;
    draw_rectangle(
        left - 12.0,
        top,
        width + 24.0,
        height,
        Color::new(0.05, 0.05, 0.07, 0.88),
    );
    draw_rectangle(left - 12.0, top, 5.0, height, color);
    for (k, (text, size)) in lines.iter().zip(sizes).enumerate() {
        let c = if k == 2 { color } else { palette::TEXT };
        draw_text_ex(
            text,
            left,
            top + 26.0 + 24.0 * k as f32,
            TextParams {
                font: Some(&fonts.mono),
                font_size: size,
                color: c,
                ..Default::default()
            },
        );
    }
}

/// A key to the scene's colours, anchored at its top-right corner; `extra` lines follow.
pub fn legend(fonts: &Fonts, top_right: Vec2, extra: &[String]) {
    let entries: [(Color, f32, &str); 7] = [
        (palette::A, 4.0, "A's shadow"),
        (palette::B, 4.0, "B's shadow"),
        (palette::OVERLAP, 4.0, "shadows overlap"),
        (palette::FIRST_SEPARATING, 4.0, "first separating axis"),
        (palette::SEPARATING, 2.2, "other separating axis"),
        (palette::OVERLAPPING, 1.5, "overlapping axis"),
        (palette::LEAST_PENETRATION, 3.5, "least penetration"),
    ];
    let size = 13u16;
    let row = 17.0;
    let width = entries
        .iter()
        .map(|e| e.2.to_string())
        .chain(extra.iter().cloned())
        .map(|t| measure_text(&t, Some(&fonts.mono), size, 1.0).width)
        .fold(0.0, f32::max)
        + 44.0;
    let rows = entries.len() + extra.len();
    let height = rows as f32 * row + 12.0;
    let (x, y) = (top_right.x - width, top_right.y);
    draw_rectangle(x, y, width, height, Color::new(0.05, 0.05, 0.07, 0.8));
    let text = |t: &str, tx: f32, ty: f32, c: Color| {
        draw_text_ex(
            t,
            tx,
            ty,
            TextParams {
                font: Some(&fonts.mono),
                font_size: size,
                color: c,
                ..Default::default()
            },
        )
    };
    for (k, (c, w, name)) in entries.iter().enumerate() {
        let cy = y + 6.0 + row * (k as f32 + 0.5);
        line(Vec2::new(x + 8.0, cy), Vec2::new(x + 32.0, cy), *w, *c);
        text(name, x + 38.0, cy + 4.5, palette::TEXT_DIM);
    }
    for (k, t) in extra.iter().enumerate() {
        let cy = y + 6.0 + row * ((entries.len() + k) as f32 + 0.5);
        text(t, x + 8.0, cy + 4.5, palette::TEXT_DIM);
    }
}

/// Splits `text` into lines no wider than `max_width` pixels, at spaces where possible.
pub fn wrap(fonts: &Fonts, text: &str, size: u16, max_width: f32) -> Vec<String> {
    let width = |s: &str| measure_text(s, Some(&fonts.mono), size, 1.0).width;
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if width(&candidate) <= max_width || current.is_empty() {
            current = candidate;
        } else {
            lines.push(std::mem::take(&mut current));
            current = word.to_string();
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A message for the user at the bottom of the scene, wrapped to the scene's width.
pub fn message(fonts: &Fonts, text: &str, viewport: &super::camera::Viewport, color: Color) {
    let size = 16;
    let lines = wrap(fonts, text, size, (viewport.w - 48.0).max(100.0));
    let bottom = viewport.y + viewport.h - 24.0;
    for (k, l) in lines.iter().rev().enumerate() {
        label(
            fonts,
            l,
            Vec2::new(viewport.x + 16.0, bottom - k as f32 * 24.0),
            size,
            color,
            Anchor::Left,
        );
    }
}
