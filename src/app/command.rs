//! Everything a key, a button or a menu can do, as one [`Command`]: the keyboard and the panel
//! speak the same language, and the app applies commands in one place (the frame's edit phase).
//! [`from_keys`] is the whole keymap, a pure function of the keys pressed.

use std::path::PathBuf;

use macroquad::input::KeyCode;

use super::dim::{Field, Reset};
use super::gizmo::GizmoMode;
use super::input::{KeyDown, KeyFrame};
use super::settings::Settings;
use super::view::{AxisFilter, Overlays};
use crate::sat::{ManifoldParams, Which};
use crate::scene::Mode;

/// What the step-through is asked to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum StepCommand {
    /// Start at axis 0, or stop (key S).
    Toggle,
    /// Back to axis 0.
    Restart,
    /// Next axis (→).
    Next,
    /// Previous axis (←).
    Back,
    /// Play or pause (Space).
    PlayPause,
    /// Axes per second when playing.
    Speed(f32),
    /// Go on past a separating axis.
    ThroughAll(bool),
    /// Start (if need be) at this step: an axis, or past them a stage of the contact.
    GoTo(usize),
}

/// What the timeline of a recording is asked to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum TimelineCommand {
    /// Show this frame.
    Go(usize),
    /// Play or pause.
    Play(bool),
    /// Frames per second when playing.
    Fps(f32),
    /// Close the recording (the boxes shown stay).
    Close,
}

/// One thing the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
    /// Switch between 2D and 3D (M).
    ToggleMode,
    /// Show this mode.
    SetMode(Mode),
    /// Quit, keeping the last state (Ctrl+Q, the window's close button).
    Quit,
    /// Undo one edit (Ctrl+Z).
    Undo,
    /// Redo one edit (Ctrl+Shift+Z, Ctrl+Y).
    Redo,
    /// Show the Open window (Ctrl+O).
    ShowOpen,
    /// Open a scene file.
    Open(PathBuf),
    /// Open a preset by name.
    OpenPreset(String),
    /// Open the text of a file the browser handed over (dropped on the page or chosen in its
    /// picker): its name, and its text or why it could not be read.
    OpenText(String, Result<String, String>),
    /// Open a scene link (a whole URL, or the part after `#`).
    OpenLink(String),
    /// Show the browser's file picker.
    ChooseFile,
    /// Show the Paste from engine window.
    ShowPaste,
    /// Scrub the open recording.
    Timeline(TimelineCommand),
    /// Open boxes read from an engine's printout, as an unsaved scene.
    OpenPasted {
        /// The scene's description ("pasted from Unity").
        description: String,
        /// The boxes.
        pair: crate::scene::Pair,
    },
    /// Put the scene's link on the clipboard.
    CopyLink,
    /// Save to the scene's file, or ask where (Ctrl+S).
    Save,
    /// Show the Save as window (Ctrl+Shift+S).
    ShowSaveAs,
    /// Write the scene to this path with this description.
    SaveAs {
        /// Where.
        path: PathBuf,
        /// The scene's one-line description.
        description: String,
    },
    /// Put a Rust test of this case on the clipboard.
    CopyAsTest,
    /// Save this case as a regression scene.
    SaveRegression,
    /// Open or close the side panel (P).
    TogglePanel,
    /// Show or hide the colour key (H).
    ToggleLegend,
    /// Show or hide the sphere of directions (D).
    ToggleSphere,
    /// The contact manifold's margin and edge bias, for the mode shown.
    SetManifold(ManifoldParams),
    /// Keep the probe's direction when the pointer leaves the sphere (a click on it), or let go.
    PinProbe(Option<[f32; 3]>),
    /// Change the shared settings (panel controls).
    Settings(Settings),
    /// Show a message under the scene (`true`: an error).
    Message(String, bool),

    /// Select a box, or none (1, 2, a click).
    SelectBox(Option<Which>),
    /// Select an axis, or none (a table row, a line in the scene).
    SelectAxis(Option<usize>),
    /// Deselect the box and the axis (Esc).
    ClearSelection,
    /// Turn the camera to look across an axis, or the selected one (V).
    LookAlong(Option<usize>),
    /// Frame both boxes again (F, Home).
    ResetView,
    /// Cycle the axis filter (A).
    CycleFilter,
    /// Set the filter and overlays.
    SetView(AxisFilter, Overlays),
    /// Gizmo: move or turn (W, E).
    SetGizmo(GizmoMode),
    /// Gizmo: local or world axes (L).
    ToggleGizmoSpace,
    /// Step-through.
    Step(StepCommand),
    /// Push the boxes apart so that they touch.
    Resolve,
    /// Change one number of a box (the panel's fields).
    Edit {
        /// Which box.
        which: Which,
        /// Which number.
        field: Field,
        /// The new value.
        value: f64,
    },
    /// Put part of a box back.
    ResetBox(Which, Reset),
}

/// The keymap. Ctrl+letter belongs to the file and edit commands; plain letters and keys to the
/// scene.
pub(crate) fn from_keys(keys: &KeyFrame) -> Vec<Command> {
    let mut out = Vec::new();
    for &KeyDown { key, ctrl, shift } in &keys.pressed {
        let command = if ctrl {
            match key {
                KeyCode::Z if shift => Some(Command::Redo),
                KeyCode::Z => Some(Command::Undo),
                KeyCode::Y => Some(Command::Redo),
                KeyCode::S if shift => Some(Command::ShowSaveAs),
                KeyCode::S => Some(Command::Save),
                KeyCode::O => Some(Command::ShowOpen),
                KeyCode::Q => Some(Command::Quit),
                _ => None,
            }
        } else {
            plain_key(key)
        };
        out.extend(command);
    }
    out
}

fn plain_key(key: KeyCode) -> Option<Command> {
    Some(match key {
        KeyCode::M => Command::ToggleMode,
        KeyCode::W => Command::SetGizmo(GizmoMode::Translate),
        KeyCode::E => Command::SetGizmo(GizmoMode::Rotate),
        KeyCode::L => Command::ToggleGizmoSpace,
        KeyCode::F | KeyCode::Home => Command::ResetView,
        KeyCode::V => Command::LookAlong(None),
        KeyCode::Key1 => Command::SelectBox(Some(Which::A)),
        KeyCode::Key2 => Command::SelectBox(Some(Which::B)),
        KeyCode::Escape => Command::ClearSelection,
        KeyCode::A => Command::CycleFilter,
        KeyCode::S => Command::Step(StepCommand::Toggle),
        KeyCode::Right => Command::Step(StepCommand::Next),
        KeyCode::Left => Command::Step(StepCommand::Back),
        KeyCode::Space => Command::Step(StepCommand::PlayPause),
        KeyCode::P => Command::TogglePanel,
        KeyCode::H => Command::ToggleLegend,
        KeyCode::D => Command::ToggleSphere,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(pressed: &[KeyCode], ctrl: bool, shift: bool) -> KeyFrame {
        KeyFrame {
            pressed: pressed
                .iter()
                .map(|&key| KeyDown { key, ctrl, shift })
                .collect(),
            ..KeyFrame::default()
        }
    }

    #[test]
    fn a_chord_is_read_with_the_modifiers_of_its_own_key_press() {
        // Ctrl+Z then Ctrl+Shift+Z, both over before the frame reads the keys: at the frame's end
        // neither Ctrl nor Shift is held
        let fast = KeyFrame {
            pressed: vec![
                KeyDown {
                    key: KeyCode::Z,
                    ctrl: true,
                    shift: false,
                },
                KeyDown {
                    key: KeyCode::Z,
                    ctrl: true,
                    shift: true,
                },
                KeyDown::plain(KeyCode::S),
            ],
            ..KeyFrame::default()
        };
        assert_eq!(
            from_keys(&fast),
            vec![
                Command::Undo,
                Command::Redo,
                Command::Step(StepCommand::Toggle)
            ]
        );
    }

    #[test]
    fn ctrl_s_saves_and_a_plain_s_steps() {
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], true, false)),
            vec![Command::Save]
        );
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], true, true)),
            vec![Command::ShowSaveAs]
        );
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], false, false)),
            vec![Command::Step(StepCommand::Toggle)]
        );
    }

    #[test]
    fn ctrl_with_a_scene_letter_does_nothing_in_the_scene() {
        // Ctrl+M or Ctrl+A must not switch the mode or cycle the filter behind the user's back
        assert!(from_keys(&keys(&[KeyCode::M, KeyCode::A], true, false)).is_empty());
    }

    #[test]
    fn ctrl_q_quits_and_undo_redo_have_their_usual_keys() {
        let k = |key, shift| from_keys(&keys(&[key], true, shift));
        assert_eq!(k(KeyCode::Q, false), vec![Command::Quit]);
        assert_eq!(k(KeyCode::Z, false), vec![Command::Undo]);
        assert_eq!(k(KeyCode::Z, true), vec![Command::Redo]);
        assert_eq!(k(KeyCode::Y, false), vec![Command::Redo]);
    }

    #[test]
    fn v_looks_along_the_selected_axis() {
        let v = keys(&[KeyCode::V], false, false);
        assert_eq!(from_keys(&v), vec![Command::LookAlong(None)]);
    }

    #[test]
    fn p_collapses_the_panel_and_h_hides_the_legend() {
        let k = |key| from_keys(&keys(&[key], false, false));
        assert_eq!(k(KeyCode::P), vec![Command::TogglePanel]);
        assert_eq!(k(KeyCode::H), vec![Command::ToggleLegend]);
    }
}
