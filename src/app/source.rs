//! Where the scene shown in a mode came from: a file, a preset or nothing yet, its description, and
//! the boxes as they were opened or last saved (the scene is *modified* while its boxes differ).

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

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
    /// Its description.
    #[serde(default)]
    pub description: String,
    /// In the last-state file: the boxes had changes not saved to the source.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub edited: bool,
    /// The boxes as opened or last saved: the scene is modified when they differ.
    #[serde(skip)]
    pub saved: Option<Pair>,
}

impl Source {
    /// A short name for the panel.
    pub(crate) fn title(&self) -> String {
        if let Some(p) = &self.path {
            p.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| p.display().to_string())
        } else if let Some(p) = &self.preset {
            format!("{p} (preset)")
        } else {
            "unsaved".into()
        }
    }

    /// Whether `now` differs from the boxes as opened or last saved (compared as they would be
    /// written, so a quaternion's last bit does not count). A scene never saved is modified.
    pub(crate) fn modified(&self, now: &Pair) -> bool {
        self.saved.map(|p| canonical(&p)) != Some(canonical(now))
    }

    /// A file stem for names derived from the scene ("copy as test", Save as).
    pub(crate) fn stem(&self) -> Option<String> {
        self.preset.clone().or_else(|| {
            self.path
                .as_ref()
                .and_then(|p| p.file_stem())
                .map(|s| s.to_string_lossy().into_owned())
        })
    }
}
