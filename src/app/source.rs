//! Where the scene shown in a mode came from: a file, a preset or nothing yet, its description, and
//! the boxes as they were opened or last saved (the scene is *modified* while its boxes differ).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::scene::motion::MotionSpec;
use crate::scene::{canonical, Pair};

/// Where the scene shown in a mode came from.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Source {
    /// The file Save writes to; `None` for a preset or a new scene.
    #[serde(default)]
    pub path: Option<PathBuf>,
    /// The preset it was loaded from.
    #[serde(default)]
    pub preset: Option<String>,
    /// The file it was read from when Save must not write there: a recording or a file of
    /// `check` lines, whose boxes are a scene of their own (Save asks where).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// Its description.
    #[serde(default)]
    pub description: String,
    /// In the last-state file: the boxes had changes not saved to the source.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub edited: bool,
    /// The boxes as opened or last saved: the scene is modified when they differ.
    #[serde(skip)]
    pub saved: Option<Pair>,
    /// The motion as opened or last saved (none for a scene at rest).
    #[serde(skip)]
    pub saved_motion: Option<MotionSpec>,
    /// The boxes' convex radii as opened or last saved (0: a sharp box).
    #[serde(skip)]
    pub saved_radii: [f32; 2],
}

impl Source {
    /// A scene with no file of its own, read from `origin` (a recording, a file of `check` lines)
    /// with these boxes: Save asks where, so `origin` is never written over.
    pub(crate) fn read_from(origin: &str, description: String, pair: Pair) -> Self {
        Source {
            origin: Some(origin.to_string()),
            description,
            saved: Some(pair),
            ..Source::default()
        }
    }

    /// A short name for the panel.
    pub(crate) fn title(&self) -> String {
        if let Some(p) = &self.path {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string())
        } else if let Some(p) = &self.preset {
            format!("{p} (preset)")
        } else if let Some(o) = &self.origin {
            format!("unsaved, from {o}")
        } else {
            "unsaved".into()
        }
    }

    /// Whether `now` with its `motion` and `radii` differs from the scene as opened or last saved
    /// (the boxes compared as they would be written, so a quaternion's last bit does not count). A
    /// scene never saved is modified.
    pub(crate) fn modified(
        &self,
        now: &Pair,
        motion: Option<&MotionSpec>,
        radii: [f32; 2],
    ) -> bool {
        self.saved.map(|p| canonical(&p)) != Some(canonical(now))
            || self.saved_motion.as_ref() != motion
            || self.saved_radii != radii
    }

    /// Whether `other` is the same scene as this one, perhaps edited: the same file, preset or
    /// recording's frame, with the same description.
    pub(crate) fn same_scene(&self, other: &Source) -> bool {
        (&self.path, &self.preset, &self.origin, &self.description)
            == (
                &other.path,
                &other.preset,
                &other.origin,
                &other.description,
            )
    }

    /// A file stem for names derived from the scene ("copy as test", Save as): a recording's or a
    /// `check` file's stem is a start for a new name, never the file itself (Save as adds the
    /// frame or line to it).
    pub(crate) fn stem(&self) -> Option<String> {
        let stem = |p: &std::path::Path| p.file_stem().map(|s| s.to_string_lossy().into_owned());
        self.preset
            .clone()
            .or_else(|| self.path.as_deref().and_then(stem))
            .or_else(|| {
                self.origin
                    .as_deref()
                    .map(std::path::Path::new)
                    .and_then(stem)
            })
    }
}
