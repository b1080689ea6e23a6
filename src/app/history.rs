//! Undo and redo over the boxes: a list of snapshots of both modes' boxes, one per completed edit
//! (a whole gizmo drag or a whole panel drag is one step). Pure data; the app decides when an edit
//! is complete and calls [`History::commit`].

use super::mode::ModeState;
use super::three::Three;
use super::two::Two;
use crate::sat::{Obb2, Obb3};
use crate::scene::Mode;

/// The boxes of both modes at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Snapshot {
    /// 3D boxes A and B.
    pub three: (Obb3, Obb3),
    /// 2D boxes A and B.
    pub two: (Obb2, Obb2),
}

impl Snapshot {
    /// The boxes of both modes.
    pub(crate) fn of(three: &ModeState<Three>, two: &ModeState<Two>) -> Self {
        Self {
            three: three.boxes(),
            two: two.boxes(),
        }
    }

    /// Puts these boxes back; returns the mode whose boxes changed, if any, so that the app can
    /// switch to it and the undo is seen.
    pub(crate) fn restore(
        &self,
        three: &mut ModeState<Three>,
        two: &mut ModeState<Two>,
    ) -> Option<Mode> {
        let before = Snapshot::of(three, two);
        three.set_boxes(self.three);
        two.set_boxes(self.two);
        if before.three != self.three {
            Some(Mode::Three)
        } else if before.two != self.two {
            Some(Mode::Two)
        } else {
            None
        }
    }
}

/// Snapshots behind and ahead of the current one.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct History {
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    current: Snapshot,
    limit: usize,
}

impl History {
    /// Steps kept by default.
    pub(crate) const DEFAULT_LIMIT: usize = 500;

    /// A history whose present is `current`, with nothing to undo.
    pub(crate) fn new(current: Snapshot) -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            current,
            limit: Self::DEFAULT_LIMIT,
        }
    }

    /// The same with at most `limit` undo steps (the oldest are forgotten).
    #[cfg(test)]
    pub(crate) fn with_limit(current: Snapshot, limit: usize) -> Self {
        Self {
            limit: limit.max(1),
            ..Self::new(current)
        }
    }

    /// The snapshot undo and redo move away from.
    pub(crate) fn current(&self) -> &Snapshot {
        &self.current
    }

    /// Records a completed edit: `now` becomes the present and the old present one undo step.
    /// Nothing happens when `now` equals the present (a click that changed nothing). Returns
    /// whether a step was recorded. A new edit clears the redo list.
    pub(crate) fn commit(&mut self, now: Snapshot) -> bool {
        if now == self.current {
            return false;
        }
        self.undo.push(std::mem::replace(&mut self.current, now));
        if self.undo.len() > self.limit {
            self.undo.remove(0);
        }
        self.redo.clear();
        true
    }

    /// Steps back. `now` is the state as shown: an edit not yet committed is committed first, so
    /// that it can be redone. Returns the snapshot to show, or `None` when there is nothing to undo.
    pub(crate) fn undo(&mut self, now: Snapshot) -> Option<Snapshot> {
        self.commit(now);
        let prev = self.undo.pop()?;
        self.redo.push(std::mem::replace(&mut self.current, prev));
        Some(prev)
    }

    /// Steps forward again; `None` when there is nothing to redo (or `now` holds a new edit, which
    /// is committed and clears the redo list).
    pub(crate) fn redo(&mut self, now: Snapshot) -> Option<Snapshot> {
        self.commit(now);
        let next = self.redo.pop()?;
        self.undo.push(std::mem::replace(&mut self.current, next));
        Some(next)
    }

    /// Number of steps that can be undone.
    pub(crate) fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// Number of steps that can be redone.
    pub(crate) fn redo_len(&self) -> usize {
        self.redo.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::camera::Viewport;
    use glam::{Vec2, Vec3};

    const VP: Viewport = Viewport::sized(1200.0, 800.0);

    fn modes() -> (ModeState<Three>, ModeState<Two>) {
        (ModeState::new(&VP), ModeState::new(&VP))
    }

    fn snap(x: f32) -> Snapshot {
        let (three, two) = modes();
        let s = Snapshot::of(&three, &two);
        Snapshot {
            three: (
                Obb3 {
                    center: Vec3::new(x, 0.0, 0.0),
                    ..s.three.0
                },
                s.three.1,
            ),
            ..s
        }
    }

    #[test]
    fn undo_and_redo_walk_the_committed_steps() {
        let mut h = History::new(snap(0.0));
        assert!(h.commit(snap(1.0)));
        assert!(h.commit(snap(2.0)));
        assert_eq!(h.undo(snap(2.0)), Some(snap(1.0)));
        assert_eq!(h.undo(snap(1.0)), Some(snap(0.0)));
        assert_eq!(h.undo(snap(0.0)), None);
        assert_eq!(h.redo(snap(0.0)), Some(snap(1.0)));
        assert_eq!(h.redo(snap(1.0)), Some(snap(2.0)));
        assert_eq!(h.redo(snap(2.0)), None);
        assert_eq!(h.current(), &snap(2.0));
    }

    #[test]
    fn committing_an_unchanged_snapshot_records_nothing() {
        let mut h = History::new(snap(0.0));
        assert!(!h.commit(snap(0.0)));
        assert_eq!(h.undo_len(), 0);
    }

    #[test]
    fn a_whole_drag_is_one_step_when_committed_once_at_its_end() {
        // frames of a drag change the boxes without committing; the end commits once
        let mut h = History::new(snap(0.0));
        let mut shown = snap(0.0);
        for k in 1..=30 {
            shown = snap(k as f32 * 0.1);
        }
        h.commit(shown);
        assert_eq!(h.undo_len(), 1);
        assert_eq!(h.undo(shown), Some(snap(0.0)));
    }

    #[test]
    fn undo_with_an_uncommitted_edit_keeps_that_edit_redoable() {
        let mut h = History::new(snap(0.0));
        h.commit(snap(1.0));
        assert_eq!(h.undo(snap(5.0)), Some(snap(1.0)));
        assert_eq!(h.redo(snap(1.0)), Some(snap(5.0)));
    }

    #[test]
    fn a_new_edit_after_undo_clears_redo() {
        let mut h = History::new(snap(0.0));
        h.commit(snap(1.0));
        h.undo(snap(1.0));
        assert_eq!(h.redo_len(), 1);
        h.commit(snap(7.0));
        assert_eq!(h.redo_len(), 0);
        assert_eq!(h.redo(snap(7.0)), None);
        assert_eq!(h.undo(snap(7.0)), Some(snap(0.0)));
    }

    #[test]
    fn the_oldest_steps_fall_off_beyond_the_limit() {
        let mut h = History::with_limit(snap(0.0), 3);
        for k in 1..=5 {
            h.commit(snap(k as f32));
        }
        assert_eq!(h.undo_len(), 3);
        let mut last = None;
        while let Some(s) = h.undo(*h.current()) {
            last = Some(s);
        }
        assert_eq!(last, Some(snap(2.0)));
    }

    #[test]
    fn restoring_switches_to_the_mode_whose_boxes_changed() {
        let (mut three, mut two) = modes();
        let mut s = Snapshot::of(&three, &two);
        s.two.1.center = Vec2::new(9.0, 9.0);
        assert_eq!(s.restore(&mut three, &mut two), Some(Mode::Two));
        assert_eq!(two.b.center, Vec2::new(9.0, 9.0));
        assert_eq!(s.restore(&mut three, &mut two), None);
    }
}
