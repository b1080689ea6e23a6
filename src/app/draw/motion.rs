//! The moving boxes' overlay, both modes: the start and end poses as faint outlines, a few poses
//! in between, every corner's path over the step, the pose at the time of impact dashed, each
//! box's velocity arrow with its handle (`centre + velocity·dt`), and advancement's current step
//! (the closest points at its time). Nothing here computes a sweep: it all comes from the frame's
//! [`MotionFrame`](crate::app::motion::MotionFrame).

use super::PendingLabel;
use crate::app::dim::{Dim, Project, Vector};
use crate::app::frame::Shown;
use crate::app::mode::ModeState;
use crate::app::motion;
use crate::app::theme::{self, Rgba};
use crate::sat::{Obb, Which};

/// A box's edges on screen.
fn outline<D: Dim>(p: &D::Projector, o: &D::Obb, width: f32, color: Rgba, dash: bool) {
    let corners = o.corner_points();
    for &(i, j) in D::Obb::edges() {
        if let Some((a, b)) = p.segment(corners[i], corners[j]) {
            if dash {
                super::dashed(a, b, width, 6.0, color);
            } else {
                super::line(a, b, width, color);
            }
        }
    }
}

/// Draws the overlay; returns the labels it wants placed.
pub(crate) fn draw<D: Dim>(frame: &Shown<D>, mode: &ModeState<D>) -> Vec<PendingLabel> {
    let Some(m) = &frame.motion else {
        return Vec::new();
    };
    let p = &frame.projector;
    let colors = [theme::A, theme::B];
    // every corner's path through the poses of the step
    let poses: Vec<&(D::Obb, D::Obb)> = std::iter::once(&m.start)
        .chain(&m.between)
        .chain(std::iter::once(&m.end))
        .collect();
    for (k, color) in colors.iter().enumerate() {
        let pick = |pair: &(D::Obb, D::Obb)| if k == 0 { pair.0 } else { pair.1 };
        let corners: Vec<Vec<D::Vec>> = poses.iter().map(|q| pick(q).corner_points()).collect();
        for c in 0..corners[0].len() {
            for w in corners.windows(2) {
                if let Some((a, b)) = p.segment(w[0][c], w[1][c]) {
                    super::line(a, b, 1.0, color.alpha(0.22));
                }
            }
        }
        for q in &m.between {
            outline::<D>(p, &pick(q), 1.0, color.alpha(0.18), false);
        }
        // the start (when the boxes are shown later) and the end, faint
        if m.time > 0.0 {
            outline::<D>(p, &pick(&m.start), 1.5, color.alpha(0.45), true);
        }
        outline::<D>(p, &pick(&m.end), 1.5, color.alpha(0.35), true);
        if let Some(toi) = &m.toi {
            if (toi.t as f32 - m.time).abs() > 1e-6 {
                outline::<D>(p, &pick(&toi.poses), 2.0, theme::HIT.alpha(0.75), true);
            }
        }
    }
    if let Some((_, Some([a, b]))) = m.step {
        if let Some((a, b)) = p.segment(a, b) {
            super::line(a, b, 2.5, theme::DISTANCE);
            super::dot(a, 3.5, theme::DISTANCE);
            super::dot(b, 3.5, theme::DISTANCE);
        }
    }
    arrows(frame, mode, m);
    Vec::new()
}

/// The line an axis's label gets while translating boxes move: when its shadows overlap during
/// the step, and whether it decides the time of impact.
pub(crate) fn interval_label<D: Dim>(frame: &Shown<D>, index: usize) -> Option<String> {
    let m = frame.motion.as_ref()?;
    let interval = m.sweep.as_ref()?.intervals.get(index)?;
    let words = motion::interval_words(interval, m.spec.dt as f64);
    let decides = m.toi.as_ref().and_then(|t| t.axis) == Some(index);
    Some(if decides {
        format!("{words}  ◀ decides")
    } else {
        words
    })
}

/// Each box's velocity arrow from its centre to its handle, the handle a knob that lights up while
/// dragged.
fn arrows<D: Dim>(frame: &Shown<D>, mode: &ModeState<D>, m: &motion::MotionFrame<D>) {
    let p = &frame.projector;
    for (which, color) in [(Which::A, theme::A), (Which::B, theme::B)] {
        let bm = motion::box_motion(&m.spec, which);
        let centre = mode.get(which).center();
        let tip = motion::handle(centre, D::Vec::from_coords(bm.velocity), m.spec.dt);
        let (Some(c), Some(t)) = (p.px(centre), p.px(tip)) else {
            continue;
        };
        let dragged = mode.velocity_drag == Some(which);
        if (t - c).length() > 4.0 {
            // outlined, so that it reads over the ghosts and the box behind it
            super::arrow(c, t, 5.0, 15.0, theme::BACKGROUND);
            super::arrow(c, t, 2.5, 12.0, color);
        }
        let r = if dragged { 8.0 } else { 6.0 };
        super::dot(t, r + 2.0, theme::BACKGROUND);
        super::dot(t, r, if dragged { theme::HOT } else { color });
    }
}
