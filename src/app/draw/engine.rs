//! Other engines' answers in the scene, beside satbox's own. The engine picked in the Engines
//! section: its contact points as hollow squares and its normal as an arrow of its depth from its
//! deepest point (cyan, red when it disagrees). A recording's frame made in a simulation: the engine's own points of that step
//! as hollow squares too, with their count and how many the engine kept from its step before.

use glam::Vec2;

use super::{Anchor, PendingLabel};
use crate::app::dim::{Dim, Project, Vector};
use crate::app::frame::Shown;
use crate::app::theme;
use crate::sat::fmt_num;

/// A hollow square on a dark plate.
fn square(at: Vec2, r: f32, color: theme::Rgba) {
    let corners = [
        at + Vec2::new(-r, -r),
        at + Vec2::new(r, -r),
        at + Vec2::new(r, r),
        at + Vec2::new(-r, r),
    ];
    super::outline(&corners, 4.5, theme::PLATE);
    super::outline(&corners, 2.0, color);
}

/// Draws the answer of the engine picked in the Engines section; returns its label.
pub(crate) fn draw_picked<D: Dim>(
    frame: &Shown<D>,
    engine: crate::engines::EngineId,
) -> Vec<PendingLabel> {
    let p = &frame.projector;
    let Some(asked) = frame.engines.iter().find(|r| r.engine == engine) else {
        return Vec::new();
    };
    let Some(answer) = asked.answer() else {
        return Vec::new();
    };
    let wrong = asked
        .comparison
        .as_ref()
        .is_some_and(|c| !c.disagreements.is_empty());
    let color = if wrong { theme::HIT } else { theme::ENGINE };
    let at3 = |v: glam::Vec3| D::Vec::from_coords(v.to_array());
    let mut label_at = None;
    for q in &answer.points {
        if let Some(at) = p.px(at3(q.point)) {
            square(at, 7.0, color);
            label_at.get_or_insert(at + Vec2::new(12.0, -14.0));
        }
    }
    let deepest = answer
        .points
        .iter()
        .min_by(|x, y| x.separation.total_cmp(&y.separation));
    if let (Some(q), Some(n), Some(depth)) = (deepest, answer.normal, answer.depth) {
        let from = at3(q.point);
        if let Some((x, y)) = p.segment(from, from + at3(n) * depth) {
            super::arrow(x, y, 2.0, 9.0, color);
        }
    }
    let Some(at) = label_at else {
        return Vec::new();
    };
    let text = match answer.depth {
        Some(d) => format!("{} depth {}", engine.title(), fmt_num(d)),
        None => engine.title().to_string(),
    };
    vec![PendingLabel {
        text,
        at,
        size: 12,
        color,
        anchor: Anchor::Left,
        important: wrong,
    }]
}

/// Draws the contact an engine built in a simulation for the timeline's frame shown; returns its
/// label.
pub(crate) fn draw_recorded<D: Dim>(
    frame: &Shown<D>,
    recorded: &crate::scene::recording::RecordedContact,
) -> Vec<PendingLabel> {
    let p = &frame.projector;
    let at3 = |v: glam::Vec3| D::Vec::from_coords(v.to_array());
    let mut label_at: Option<Vec2> = None;
    for q in &recorded.points {
        if let Some(at) = p.px(at3(q.point)) {
            square(at, 7.0, theme::ENGINE);
            // the label beside the rightmost point, clear of satbox's own labels at the points
            if label_at.is_none_or(|l| at.x + 12.0 > l.x) {
                label_at = Some(at + Vec2::new(12.0, 10.0));
            }
        }
    }
    let Some(at) = label_at else {
        return Vec::new();
    };
    let n = recorded.points.len();
    let kept = recorded.points.iter().filter(|q| q.persisted).count();
    vec![PendingLabel {
        text: format!(
            "{}: {n} point{}, {kept} kept",
            recorded.name,
            if n == 1 { "" } else { "s" }
        ),
        at,
        size: 12,
        color: theme::ENGINE,
        anchor: Anchor::Left,
        important: true,
    }]
}
