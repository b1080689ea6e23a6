//! parry's answer in the scene, beside satbox's own: its contact normal as an arrow of its depth
//! from its point on A, its two contact points and its manifold's points as hollow markers (white
//! when parry agrees with satbox, red when the panel lists a disagreement).

use glam::Vec2;

use super::{Anchor, PendingLabel};
use crate::app::dim::{Dim, Project, Vector};
use crate::app::frame::Frame;
use crate::app::theme;
use crate::sat::fmt_num;

/// A point parry gave as a plain list of coordinates.
fn point<V: Vector>(c: &[f32]) -> V {
    V::from_coords([
        c.first().copied().unwrap_or(0.0),
        c.get(1).copied().unwrap_or(0.0),
        c.get(2).copied().unwrap_or(0.0),
    ])
}

/// A hollow diamond on a dark plate.
fn diamond(at: Vec2, r: f32, color: theme::Rgba) {
    let corners = [
        at + Vec2::new(0.0, -r),
        at + Vec2::new(r, 0.0),
        at + Vec2::new(0.0, r),
        at + Vec2::new(-r, 0.0),
    ];
    super::outline(&corners, 4.5, theme::PLATE);
    super::outline(&corners, 2.0, color);
}

/// Draws parry's answer; returns its label.
pub(crate) fn draw<D: Dim>(frame: &Frame<D>) -> Vec<PendingLabel> {
    let p = &frame.projector;
    let beside = &frame.parry;
    let color = if beside.disagreements.is_empty() {
        theme::PARRY
    } else {
        theme::HIT
    };
    let mut label_at = None;
    if let Some(m) = &beside.answer.manifold {
        for q in &m.points {
            if let Some(at) = p.px(point::<D::Vec>(&q.point)) {
                diamond(at, 9.0, color);
                label_at.get_or_insert(at + Vec2::new(12.0, 12.0));
            }
        }
    }
    let mut text = "parry".to_string();
    if let Some(c) = &beside.answer.contact {
        let (a, b) = (point::<D::Vec>(&c.point_a), point::<D::Vec>(&c.point_b));
        let n = point::<D::Vec>(&c.normal);
        if let Some((x, y)) = p.segment(a, a + n * c.depth) {
            super::arrow(x, y, 2.0, 9.0, color);
        }
        for at in [a, b].into_iter().filter_map(|v| p.px(v)) {
            diamond(at, 5.0, color);
            label_at.get_or_insert(at + Vec2::new(10.0, 12.0));
        }
        text = format!("parry depth {}", fmt_num(c.depth));
    }
    let Some(at) = label_at else {
        return Vec::new();
    };
    vec![PendingLabel {
        text,
        at,
        size: 12,
        color,
        anchor: Anchor::Left,
        important: !beside.disagreements.is_empty(),
    }]
}
