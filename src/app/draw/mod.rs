//! Everything the window paints into the scene, and the only place that calls macroquad's draw
//! functions: primitives here (labels on a plate, dashed lines, arrows, the banner, the caption,
//! the legend, messages), the overlays both modes share in [`scene`], and each mode's own boxes,
//! grid and gizmo in [`three`] and [`two`]. Colours come from [`super::theme`].

pub(crate) mod contact;
pub(crate) mod engine;
pub(crate) mod motion;
pub(crate) mod scene;
pub(crate) mod three;
pub(crate) mod two;

use glam::Vec2;
use macroquad::prelude::{
    draw_circle, draw_line, draw_rectangle, draw_text_ex, draw_triangle, measure_text, Font,
    TextParams,
};

use super::camera::Viewport;
use super::dim::Dim;
use super::frame::Shown;
use super::mode::ModeState;
use super::settings::Settings;
use super::theme::{self, Rgba};

/// What each mode paints itself, around the overlays both share ([`scene::draw`]).
pub(crate) trait Paint: Dim {
    /// Under the shared overlays: the grid and the boxes. Returns labels to draw with the others,
    /// above every line.
    fn under(frame: &Shown<Self>, mode: &ModeState<Self>, fonts: &Fonts) -> Vec<PendingLabel>;
    /// The first-run hint: what to try first, with its keys.
    const HINT: &'static str;
    /// The first-run hint on a touch screen: what to try with a finger.
    const TOUCH_HINT: &'static str;
    /// Over the shared overlays and their labels: separating plane or line, gizmo, read-outs.
    fn over(frame: &Shown<Self>, mode: &ModeState<Self>, settings: &Settings, fonts: &Fonts);
    /// The screen rectangle of the gizmo, which labels keep clear of.
    fn gizmo_rect(
        frame: &Shown<Self>,
        mode: &ModeState<Self>,
        settings: &Settings,
    ) -> Option<(Vec2, Vec2)>;
}

/// The bounding rectangle of some pixels, grown by `margin`.
pub(crate) fn bounds(points: impl IntoIterator<Item = Vec2>, margin: f32) -> Option<(Vec2, Vec2)> {
    let (lo, hi) = points.into_iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    (lo.x <= hi.x).then(|| (lo - Vec2::splat(margin), hi + Vec2::splat(margin)))
}

/// Clears the window to the background colour.
pub(crate) fn clear() {
    macroquad::prelude::clear_background(theme::BACKGROUND.mq());
}

/// Fonts for scene labels.
pub(crate) struct Fonts {
    /// Monospace, for numbers and labels: one font (and so one glyph atlas) per size in
    /// [`TEXT_SIZES`], in that order.
    by_size: Vec<Font>,
}

impl Fonts {
    /// Loads the font bundled with egui (no files needed at run time).
    ///
    /// Every glyph the scene draws, at every size it uses, is rasterised now: a glyph first met
    /// mid-frame grows the atlas, whose old texture the frame's queued text still binds (an
    /// error WebGL reports on the browser's console). Each size gets a font, and so an atlas, of
    /// its own: macroquad 0.4.16's atlas (`text/atlas.rs`) starts a new row only when a glyph
    /// would pass the edge, but places it 2 pixels (its gap) further, so a glyph that ends one
    /// pixel short of the edge doubles the atlas, and the doubled atlas is refilled in hash-map
    /// order, where the same can happen again. With every size in one atlas (over 1,200 glyphs,
    /// dozens of row ends per refill) that cascaded to 16384 × 16384 pixels in the browser, past
    /// WebGL's largest texture. A size of its own holds 128 glyphs: at a pixel ratio of 1 a few
    /// rows of a 512-pixel atlas, and a doubling, should one come, refills a few rows.
    pub(crate) fn load() -> Self {
        let glyphs: Vec<char> = (' '..='~').chain(EXTRA_GLYPHS.chars()).collect();
        // macroquad rasterises at the size times the screen's pixel ratio (sharp on high-density
        // screens): those are the sizes to fill
        let ratio = macroquad::window::screen_dpi_scale();
        let by_size = TEXT_SIZES
            .iter()
            .map(|&size| {
                let mut font =
                    macroquad::text::load_ttf_font_from_bytes(epaint_default_fonts::HACK_REGULAR)
                        .expect("the bundled Hack font parses");
                font.set_filter(macroquad::texture::FilterMode::Linear);
                font.populate_font_cache(&glyphs, (size as f32 * ratio).ceil() as u16);
                font
            })
            .collect();
        Self { by_size }
    }

    /// The font of `size` (one of [`TEXT_SIZES`]; another size takes the nearest font's atlas,
    /// which then grows).
    pub(crate) fn of(&self, size: u16) -> &Font {
        debug_assert!(
            TEXT_SIZES.contains(&size),
            "text size {size} is not in TEXT_SIZES: its glyphs would grow the atlas mid-frame"
        );
        let k = TEXT_SIZES.partition_point(|&s| s < size);
        &self.by_size[k.min(TEXT_SIZES.len() - 1)]
    }

    /// Width in pixels of `text` at `size`.
    pub(crate) fn width(&self, text: &str, size: u16) -> f32 {
        measure_text(text, Some(self.of(size)), size, 1.0).width
    }
}

/// Every font size the scene's text uses (labels, banner, hint, captions, legend, messages).
pub(crate) const TEXT_SIZES: [u16; 10] = [11, 12, 13, 14, 15, 16, 17, 18, 20, 22];

/// The characters beyond ASCII that the scene's labels use.
const EXTRA_GLYPHS: &str = "§°±²³·¹½×Σεθρ–—…⁴⁻ℓ⇒−∞≤≥⊥√≈·‖∠Δ";

/// Where a label sits relative to its anchor point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    /// Anchor at the label's left middle.
    Left,
    /// Anchor at the label's centre.
    Center,
    /// Anchor at the label's right middle.
    Right,
}

/// A label waiting to be drawn, so that overlapping ones can be weeded out first.
#[derive(Clone, Debug)]
pub(crate) struct PendingLabel {
    /// The text.
    pub text: String,
    /// Anchor point in pixels.
    pub at: Vec2,
    /// Font size.
    pub size: u16,
    /// Colour.
    pub color: Rgba,
    /// How the text sits on the anchor.
    pub anchor: Anchor,
    /// Drawn whatever it overlaps (the focused axis); the others give way.
    pub important: bool,
}

/// The pixel rectangle (min, max) a label's plate covers.
pub(crate) fn label_rect(
    fonts: &Fonts,
    text: &str,
    at: Vec2,
    size: u16,
    anchor: Anchor,
) -> (Vec2, Vec2) {
    let w = fonts.width(text, size) + 6.0;
    let x = match anchor {
        Anchor::Left => at.x - 3.0,
        Anchor::Center => at.x - w / 2.0,
        Anchor::Right => at.x - w + 3.0,
    };
    let y = at.y - size as f32 * 0.5 - 3.0;
    (Vec2::new(x, y), Vec2::new(x + w, y + size as f32 + 6.0))
}

/// How far to move a rectangle so that it lies inside the viewport (4 pixels in from its edges).
fn nudge_inside((lo, hi): (Vec2, Vec2), vp: &Viewport) -> Vec2 {
    let (min, max) = (
        Vec2::new(vp.x + 4.0, vp.y + 4.0),
        Vec2::new(vp.x + vp.w - 4.0, vp.y + vp.h - 4.0),
    );
    (min - lo).max(Vec2::ZERO) + (max - hi).min(Vec2::ZERO)
}

/// Whether the segment `a`–`b`, thickened by `pad` pixels, meets the rectangle `(lo, hi)`
/// (sampled every few pixels: for placing labels, not for geometry).
pub(crate) fn segment_meets_rect(a: Vec2, b: Vec2, (lo, hi): (Vec2, Vec2), pad: f32) -> bool {
    let steps = ((b - a).length() / 4.0).ceil().clamp(1.0, 512.0) as usize;
    (0..=steps).any(|k| {
        let p = a.lerp(b, k as f32 / steps as f32);
        p.x > lo.x - pad && p.x < hi.x + pad && p.y > lo.y - pad && p.y < hi.y + pad
    })
}

/// Draws labels inside the viewport, important ones first; a label that would cover one already
/// drawn, or a rectangle in `keep_clear`, is left out, or moved a row or two when important.
pub(crate) fn labels_without_overlap(
    fonts: &Fonts,
    mut pending: Vec<PendingLabel>,
    keep_clear: &[(Vec2, Vec2)],
    vp: &Viewport,
) {
    pending.sort_by_key(|l| !l.important);
    let mut taken: Vec<(Vec2, Vec2)> = keep_clear.to_vec();
    for mut l in pending {
        l.at += nudge_inside(label_rect(fonts, &l.text, l.at, l.size, l.anchor), vp);
        let overlaps = |at: Vec2| {
            let (lo, hi) = label_rect(fonts, &l.text, at, l.size, l.anchor);
            taken
                .iter()
                .any(|(a, b)| lo.x < b.x && hi.x > a.x && lo.y < b.y && hi.y > a.y)
        };
        if overlaps(l.at) {
            if !l.important {
                continue;
            }
            // an important label moves to the nearest clear place, if there is one: rows down or
            // up, then as far again to either side
            let row = l.size as f32 + 8.0;
            let side = fonts.width(&l.text, l.size) + 16.0;
            // wholly inside the scene: a window beside it would cover what sticks out
            let inside = |at: Vec2| {
                let rect = label_rect(fonts, &l.text, at, l.size, l.anchor);
                nudge_inside(rect, vp) == Vec2::ZERO
            };
            let clear = (1..=8)
                .flat_map(|k| [k as f32, -(k as f32)])
                .flat_map(|k| [0.0, 1.0, -1.0].map(|s| Vec2::new(s * side, k * row)))
                .map(|offset| l.at + offset)
                .find(|&at| inside(at) && !overlaps(at));
            if let Some(at) = clear {
                l.at = at;
            }
        }
        taken.push(label_rect(fonts, &l.text, l.at, l.size, l.anchor));
        label(fonts, &l.text, l.at, l.size, l.color, l.anchor);
    }
}

/// Text on a dark plate so it reads over any background. Returns the plate's width.
pub(crate) fn label(
    fonts: &Fonts,
    text: &str,
    at: Vec2,
    size: u16,
    color: Rgba,
    anchor: Anchor,
) -> f32 {
    let dim = measure_text(text, Some(fonts.of(size)), size, 1.0);
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
        theme::PLATE.alpha(0.78).mq(),
    );
    text_at(
        fonts,
        text,
        x,
        y + dim.offset_y.min(size as f32),
        size,
        color,
    );
    dim.width + 2.0 * pad
}

fn text_at(fonts: &Fonts, text: &str, x: f32, baseline: f32, size: u16, color: Rgba) {
    draw_text_ex(
        text,
        x,
        baseline,
        TextParams {
            font: Some(fonts.of(size)),
            font_size: size,
            color: color.mq(),
            ..Default::default()
        },
    );
}

/// A straight line in pixels.
pub(crate) fn line(a: Vec2, b: Vec2, width: f32, color: Rgba) {
    draw_line(a.x, a.y, b.x, b.y, width, color.mq());
}

/// A dashed line in pixels.
pub(crate) fn dashed(a: Vec2, b: Vec2, width: f32, dash: f32, color: Rgba) {
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
pub(crate) fn arrow(a: Vec2, b: Vec2, width: f32, head: f32, color: Rgba) {
    let d = (b - a).normalize_or_zero();
    if d == Vec2::ZERO {
        return;
    }
    let n = Vec2::new(-d.y, d.x);
    let base = b - d * head;
    line(a, base, width, color);
    draw_triangle(b, base + n * head * 0.5, base - n * head * 0.5, color.mq());
}

/// A filled dot.
pub(crate) fn dot(p: Vec2, r: f32, color: Rgba) {
    draw_circle(p.x, p.y, r, color.mq());
}

/// A filled convex polygon (fan from the first vertex).
pub(crate) fn polygon(pts: &[Vec2], color: Rgba) {
    for i in 1..pts.len().saturating_sub(1) {
        draw_triangle(pts[0], pts[i], pts[i + 1], color.mq());
    }
}

/// A closed polyline.
pub(crate) fn outline(pts: &[Vec2], width: f32, color: Rgba) {
    for i in 0..pts.len() {
        line(pts[i], pts[(i + 1) % pts.len()], width, color);
    }
}

/// The verdict banner's plate and lines.
fn banner_plate(fonts: &Fonts, text: &str, vp: &Viewport, color: Rgba) -> (TextPlate, Vec<String>) {
    let size = if vp.w < 700.0 { 17 } else { 22 };
    // wrapped to the scene's width: never under the panel or off the window
    let lines = wrap(fonts, text, size, (vp.w - 48.0).max(120.0));
    let plate = TextPlate {
        at: Vec2::new(vp.x + 20.0, vp.y + 16.0),
        pad: Vec2::new(12.0, 8.0),
        size,
        fill: theme::PLATE.alpha(0.85),
        color,
    };
    (plate, lines)
}

/// The verdict banner at the top of the scene; returns the rectangle it covers.
pub(crate) fn banner(fonts: &Fonts, text: &str, vp: &Viewport, color: Rgba) -> (Vec2, Vec2) {
    let (plate, lines) = banner_plate(fonts, text, vp, color);
    let (lo, hi) = plate.draw(fonts, &lines);
    draw_rectangle(lo.x, lo.y, 5.0, hi.y - lo.y, color.mq());
    (lo, hi)
}

/// The rectangle [`banner`] covers, without drawing it.
pub(crate) fn banner_rect(fonts: &Fonts, text: &str, vp: &Viewport) -> (Vec2, Vec2) {
    let (plate, lines) = banner_plate(fonts, text, vp, theme::TEXT);
    plate.rect(fonts, &lines)
}

/// The first-run hint's plate and lines.
fn hint_plate(fonts: &Fonts, text: &str, vp: &Viewport, top: f32) -> (TextPlate, Vec<String>) {
    let size = 15;
    // narrow enough to leave the colour key at the top right its room
    let lines = wrap(fonts, text, size, (vp.w - 48.0).clamp(120.0, 400.0));
    let plate = TextPlate {
        at: Vec2::new(vp.x + 20.0, top + 12.0),
        pad: Vec2::new(8.0, 4.0),
        size,
        fill: theme::PLATE,
        color: theme::HOT,
    };
    (plate, lines)
}

/// The first-run hint under the verdict banner (whose bottom is at `top`), wrapped to the scene;
/// returns its rectangle.
pub(crate) fn hint(fonts: &Fonts, text: &str, vp: &Viewport, top: f32) -> (Vec2, Vec2) {
    let (plate, lines) = hint_plate(fonts, text, vp, top);
    plate.draw(fonts, &lines)
}

/// The rectangle [`hint`] covers, without drawing it.
pub(crate) fn hint_rect(fonts: &Fonts, text: &str, vp: &Viewport, top: f32) -> (Vec2, Vec2) {
    let (plate, lines) = hint_plate(fonts, text, vp, top);
    plate.rect(fonts, &lines)
}

/// Lines of text on a plate, the first line's top left at `at`.
struct TextPlate {
    at: Vec2,
    /// The plate's margin around the text (left and top; the same on the right).
    pad: Vec2,
    size: u16,
    fill: Rgba,
    color: Rgba,
}

impl TextPlate {
    /// The rectangle the plate covers.
    fn rect(&self, fonts: &Fonts, lines: &[String]) -> (Vec2, Vec2) {
        let (at, size) = (self.at, self.size);
        let line_h = size as f32 + 6.0;
        let width = lines
            .iter()
            .map(|l| fonts.width(l, size))
            .fold(0.0f32, f32::max);
        (
            at - self.pad,
            at + Vec2::new(width + self.pad.x, line_h * lines.len() as f32 + 2.0),
        )
    }

    /// Draws the plate and its lines; returns the rectangle it covers.
    fn draw(&self, fonts: &Fonts, lines: &[String]) -> (Vec2, Vec2) {
        let (at, size) = (self.at, self.size);
        let line_h = size as f32 + 6.0;
        let (lo, hi) = self.rect(fonts, lines);
        draw_rectangle(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, self.fill.mq());
        for (k, line) in lines.iter().enumerate() {
            let dim = measure_text(line, Some(fonts.of(size)), size, 1.0);
            let baseline = at.y + k as f32 * line_h + dim.offset_y.min(size as f32);
            text_at(fonts, line, at.x, baseline, size, self.color);
        }
        (lo, hi)
    }
}

/// Three texts at the bottom left of the scene (the step-through's title, its numbers or the
/// contact stage's caption, what happens next), each wrapped to the scene's width, the last in
/// `color`.
pub(crate) fn caption(fonts: &Fonts, texts: [&str; 3], color: Rgba, vp: &Viewport) {
    let sizes = [18u16, 16, 18];
    let max_width = (vp.w - 72.0).max(120.0);
    let lines: Vec<(String, u16, bool)> = texts
        .iter()
        .zip(sizes)
        .enumerate()
        .flat_map(|(k, (t, s))| {
            wrap(fonts, t, s, max_width)
                .into_iter()
                .map(move |l| (l, s, k == 2))
        })
        .collect();
    let width = lines
        .iter()
        .map(|(t, s, _)| fonts.width(t, *s))
        .fold(0.0, f32::max);
    let height = lines.len() as f32 * 24.0 + 16.0;
    let (left, top) = (vp.x + 24.0, vp.y + vp.h - 48.0 - height);
    draw_rectangle(
        left - 12.0,
        top,
        width + 24.0,
        height,
        theme::PLATE.alpha(0.88).mq(),
    );
    draw_rectangle(left - 12.0, top, 5.0, height, color.mq());
    for (k, (text, size, last)) in lines.iter().enumerate() {
        let c = if *last { color } else { theme::TEXT };
        text_at(fonts, text, left, top + 26.0 + 24.0 * k as f32, *size, c);
    }
}

/// The colour key: `entries` (colour, line width, words), then `extra` lines of text, on an opaque
/// plate, in one column or (shorter and wider) two or three; `place` picks the shape and the
/// top-left corner from the shapes' sizes ([`crate::app::layout::KeyShapes`]). Returns the rectangle it covers.
pub(crate) fn legend(
    fonts: &Fonts,
    place: impl FnOnce(crate::app::layout::KeyShapes) -> (Vec2, usize),
    entries: &[(Rgba, f32, &str)],
    extra: &[String],
) -> (Vec2, Vec2) {
    let size = 13u16;
    let row = 17.0;
    let entry_width = entries
        .iter()
        .map(|e| fonts.width(e.2, size))
        .fold(0.0, f32::max)
        + 44.0;
    let extra_width = extra
        .iter()
        .map(|t| fonts.width(t, size))
        .fold(0.0, f32::max)
        + 16.0;
    let shape = |columns: usize| {
        let rows = entries.len().div_ceil(columns) + extra.len();
        Vec2::new(
            (entry_width * columns as f32).max(extra_width),
            rows as f32 * row + 12.0,
        )
    };
    let (Vec2 { x, y }, columns) = place([shape(1), shape(2), shape(3)]);
    let columns = columns.clamp(1, 3);
    let Vec2 {
        x: width,
        y: height,
    } = shape(columns);
    // opaque: the grid and the boxes never run through the key's words (the axis lines are
    // drawn after it, over it, so that it never hides their shadows)
    draw_rectangle(x, y, width, height, theme::PLATE.mq());
    let per_column = entries.len().div_ceil(columns);
    for (k, (c, w, name)) in entries.iter().enumerate() {
        let (col, r) = (k / per_column, k % per_column);
        let left = x + entry_width * col as f32;
        let cy = y + 6.0 + row * (r as f32 + 0.5);
        line(
            Vec2::new(left + 8.0, cy),
            Vec2::new(left + 32.0, cy),
            *w,
            *c,
        );
        text_at(fonts, name, left + 38.0, cy + 4.5, size, theme::TEXT_DIM);
    }
    for (k, t) in extra.iter().enumerate() {
        let cy = y + 6.0 + row * ((per_column + k) as f32 + 0.5);
        text_at(fonts, t, x + 8.0, cy + 4.5, size, theme::TEXT_DIM);
    }
    (Vec2::new(x, y), Vec2::new(x + width, y + height))
}

/// Splits `text` into lines no wider than `max_width` pixels, at spaces where possible.
pub(crate) fn wrap(fonts: &Fonts, text: &str, size: u16, max_width: f32) -> Vec<String> {
    let fits = |s: &str| fonts.width(s, size) <= max_width;
    let mut lines = Vec::new();
    let mut current = String::new();
    for word in text.split(' ') {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if fits(&candidate) {
            current = candidate;
            continue;
        }
        if !current.is_empty() {
            lines.push(std::mem::take(&mut current));
        }
        // a word wider than the line (a path) is cut where it must be
        for c in word.chars() {
            current.push(c);
            if !fits(&current) && current.chars().count() > 1 {
                current.pop();
                lines.push(std::mem::take(&mut current));
                current.push(c);
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// A message for the user at the bottom of the scene, wrapped to the scene's width, on one
/// opaque plate: what it covers (the colour key, the boxes) never shows between its lines.
pub(crate) fn message(fonts: &Fonts, text: &str, viewport: &Viewport, color: Rgba) {
    let size = 16;
    let lines = wrap(fonts, text, size, (viewport.w - 48.0).max(100.0));
    let bottom = viewport.y + viewport.h - 24.0;
    let at = |k: usize| Vec2::new(viewport.x + 16.0, bottom - k as f32 * 24.0);
    let rects = (0..lines.len()).map(|k| {
        label_rect(
            fonts,
            &lines[lines.len() - 1 - k],
            at(k),
            size,
            Anchor::Left,
        )
    });
    if let Some((lo, hi)) = rects.reduce(|(lo, hi), (l, h)| (lo.min(l), hi.max(h))) {
        let plate = theme::PLATE.alpha(1.0).mq();
        draw_rectangle(lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, plate);
    }
    for (k, l) in lines.iter().rev().enumerate() {
        label(fonts, l, at(k), size, color, Anchor::Left);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport::sized(800.0, 500.0);

    #[test]
    fn a_label_hanging_off_the_left_edge_moves_right_just_enough() {
        let r = (Vec2::new(-30.0, 100.0), Vec2::new(70.0, 120.0));
        assert_eq!(nudge_inside(r, &VP), Vec2::new(34.0, 0.0));
    }

    #[test]
    fn a_label_inside_stays_and_one_below_the_bottom_moves_up() {
        let inside = (Vec2::new(10.0, 10.0), Vec2::new(60.0, 30.0));
        assert_eq!(nudge_inside(inside, &VP), Vec2::ZERO);
        let below = (Vec2::new(10.0, 490.0), Vec2::new(60.0, 510.0));
        assert_eq!(nudge_inside(below, &VP), Vec2::new(0.0, -14.0));
    }
}
