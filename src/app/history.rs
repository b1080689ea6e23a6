//! Undo and redo: a list of snapshots, one per completed edit (a whole gizmo drag or a whole panel
//! drag is one step). Each mode keeps its own (its boxes and where its scene came from), so Ctrl+Z
//! in 3D undoes 3D edits only. Pure data; the mode decides when an edit is complete and calls
//! [`History::commit`].

/// Snapshots behind and ahead of the current one.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
    current: T,
    limit: usize,
}

impl<T: Clone + PartialEq> History<T> {
    /// Steps kept by default.
    pub(crate) const DEFAULT_LIMIT: usize = 500;

    /// A history whose present is `current`, with nothing to undo.
    pub(crate) fn new(current: T) -> Self {
        Self {
            undo: Vec::new(),
            redo: Vec::new(),
            current,
            limit: Self::DEFAULT_LIMIT,
        }
    }

    /// The same with at most `limit` undo steps (the oldest are forgotten).
    #[cfg(test)]
    pub(crate) fn with_limit(current: T, limit: usize) -> Self {
        Self {
            limit: limit.max(1),
            ..Self::new(current)
        }
    }

    /// The snapshot undo and redo move away from.
    #[cfg(test)]
    pub(crate) fn current(&self) -> &T {
        &self.current
    }

    /// Changes every snapshot, behind, ahead and present, without making a step (a save changes
    /// where the scene is kept, which is not an edit to undo).
    pub(crate) fn amend_all(&mut self, mut change: impl FnMut(&mut T)) {
        self.undo
            .iter_mut()
            .chain(self.redo.iter_mut())
            .chain(std::iter::once(&mut self.current))
            .for_each(&mut change);
    }

    /// Records a completed edit: `now` becomes the present and the old present one undo step.
    /// When `now` equals the present (a click that changed nothing) no step is recorded, but
    /// `now` replaces the present: what equality leaves out (the time and view a mode's step
    /// carries) stays current. Returns whether a step was recorded. A new edit clears the redo
    /// list.
    pub(crate) fn commit(&mut self, now: T) -> bool {
        if now == self.current {
            self.current = now;
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
    pub(crate) fn undo(&mut self, now: T) -> Option<T> {
        self.commit(now);
        let prev = self.undo.pop()?;
        self.redo
            .push(std::mem::replace(&mut self.current, prev.clone()));
        Some(prev)
    }

    /// Steps forward again; `None` when there is nothing to redo (or `now` holds a new edit, which
    /// is committed and clears the redo list).
    pub(crate) fn redo(&mut self, now: T) -> Option<T> {
        self.commit(now);
        let next = self.redo.pop()?;
        self.undo
            .push(std::mem::replace(&mut self.current, next.clone()));
        Some(next)
    }

    /// Whether there is a step to undo, given the state as shown (an uncommitted edit counts).
    pub(crate) fn can_undo(&self, now: &T) -> bool {
        !self.undo.is_empty() || &self.current != now
    }

    /// Number of steps that can be undone.
    #[cfg(test)]
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

    /// A snapshot: where box A's centre was.
    fn snap(x: f32) -> f32 {
        x
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
        assert!(!h.can_undo(&snap(0.0)));
        assert!(h.can_undo(&snap(0.5)), "an uncommitted edit can be undone");
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
    fn amending_changes_every_snapshot_and_makes_no_step() {
        let mut h = History::new(snap(0.0));
        h.commit(snap(1.0));
        h.amend_all(|s| *s += 10.0);
        assert_eq!(h.undo_len(), 1);
        assert_eq!(h.current(), &snap(11.0));
        assert_eq!(h.undo(snap(11.0)), Some(snap(10.0)));
    }
}
