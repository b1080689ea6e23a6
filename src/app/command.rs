//! Everything a key, a button or a menu can do, as one [`Command`]: the keyboard and the panel
//! speak the same language. A command says who applies it (the app, the scene shown, the mode
//! shown), and each of them matches its own commands in one place. [`from_keys`] is the whole
//! keymap, a pure function of the keys pressed.

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

/// One thing the user asked for, by who applies it. The frame's edit phase applies the whole
/// app's commands first, then the mode shown's, each in the order given.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Command {
    /// A command of the whole app ([`AppCommand`]).
    App(AppCommand),
    /// A command of the mode shown ([`ShownCommand`]), applied in its frame.
    Shown(ShownCommand),
}

/// A command of the whole app: the mode shown, files, windows and settings.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum AppCommand {
    /// Switch between 2D and 3D (M).
    ToggleMode,
    /// Show this mode.
    SetMode(Mode),
    /// Quit, keeping the last state (Ctrl+Q, the window's close button).
    Quit,
    /// Show the Open window (Ctrl+O).
    ShowOpen,
    /// Open a scene, into the mode it belongs to.
    Open(OpenCommand),
    /// Show the browser's file picker.
    ChooseFile,
    /// Show the Paste from engine window.
    ShowPaste,
    /// Scrub the open recording.
    Timeline(TimelineCommand),
    /// Open or close the panel (P): the side panel, or the sheet under the scene on a narrow
    /// window.
    TogglePanel,
    /// Show or hide the colour key (H).
    ToggleLegend,
    /// Show or hide the sphere of directions (D).
    ToggleSphere,
    /// Show or hide the Minkowski difference · GJK/EPA window (G).
    ToggleGjk,
    /// Change the shared settings (panel controls).
    Settings(Settings),
    /// Show a message under the scene (`true`: an error).
    Message(String, bool),
}

/// Where a scene to open comes from.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum OpenCommand {
    /// A scene file (or a recording, or a file of `check` lines).
    File(PathBuf),
    /// A preset, by name.
    Preset(String),
    /// The text of a file the browser handed over (dropped on the page or chosen in its picker):
    /// its name, and its text or why it could not be read.
    Text(String, Result<String, String>),
    /// A scene link (a whole URL, or the part after `#`).
    Link(String),
    /// Boxes read from an engine's printout, as an unsaved scene.
    Pasted {
        /// The scene's description ("pasted from Unity").
        description: String,
        /// The boxes.
        pair: crate::scene::Pair,
        /// Each box's convex radius (Jolt's printout carries one).
        radii: [f32; 2],
    },
}

/// A command of the mode shown: of the scene it holds, or of the mode itself.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ShownCommand {
    /// Saving and copying the scene, and the gizmo ([`SceneCommand`]).
    Scene(SceneCommand),
    /// The mode's boxes, view, selection and step-through ([`ModeCommand`]).
    Mode(ModeCommand),
}

/// A command about the scene the mode shown holds: saving it, copying it, and the gizmo.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum SceneCommand {
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
    /// Put the scene's link on the clipboard.
    CopyLink,
    /// Write this engine's repro of the pair shown into a new folder, and say where (the
    /// Engines section's row; the desktop only).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    ExportRepro(crate::engines::EngineId),
    /// Gizmo: move or turn (W, E).
    SetGizmo(GizmoMode),
    /// Gizmo: local or world axes (L).
    ToggleGizmoSpace,
}

/// A command about the mode shown itself: its boxes, view, selection and step-through.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ModeCommand {
    /// Undo one edit (Ctrl+Z).
    Undo,
    /// Redo one edit (Ctrl+Shift+Z, Ctrl+Y).
    Redo,
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
    /// The contact manifold's margin and edge bias, for the mode shown.
    SetManifold(ManifoldParams),
    /// A box's convex radius (the panel's radius field): the box becomes its core grown by it.
    SetRadius(Which, f64),
    /// The engine whose tolerance bands are shown, with its bands (or none).
    SetProfile(Option<crate::sat::bands::Bands>),
    /// Keep the probe's direction when the pointer leaves the sphere (a click on it), or let go.
    PinProbe(Option<[f32; 3]>),
    /// Put part of a box back.
    ResetBox(Which, Reset),
    /// Give the boxes a motion (a default one turns the Motion section on), or none.
    SetMotion(Option<crate::scene::motion::MotionSpec>),
    /// Change one number of the motion (the Motion section's fields).
    EditMotion(super::motion::MotionField, f64),
    /// Show the boxes at this time of the step (the time slider).
    SetTime(f32),
}

impl From<AppCommand> for Command {
    fn from(command: AppCommand) -> Self {
        Command::App(command)
    }
}

impl From<SceneCommand> for Command {
    fn from(command: SceneCommand) -> Self {
        Command::Shown(ShownCommand::Scene(command))
    }
}

impl From<ModeCommand> for Command {
    fn from(command: ModeCommand) -> Self {
        Command::Shown(ShownCommand::Mode(command))
    }
}

/// The keymap. Ctrl+letter belongs to the file and edit commands; plain letters and keys to the
/// scene.
pub(crate) fn from_keys(keys: &KeyFrame) -> Vec<Command> {
    let mut out = Vec::new();
    for &KeyDown { key, ctrl, shift } in &keys.pressed {
        let command = if ctrl {
            ctrl_key(key, shift)
        } else {
            plain_key(key)
        };
        out.extend(command);
    }
    out
}

/// What `key` does with Ctrl held (and Shift, when `shift`).
fn ctrl_key(key: KeyCode, shift: bool) -> Option<Command> {
    Some(match key {
        KeyCode::Z if shift => ModeCommand::Redo.into(),
        KeyCode::Z => ModeCommand::Undo.into(),
        KeyCode::Y => ModeCommand::Redo.into(),
        KeyCode::S if shift => SceneCommand::ShowSaveAs.into(),
        KeyCode::S => SceneCommand::Save.into(),
        KeyCode::O => AppCommand::ShowOpen.into(),
        KeyCode::Q => AppCommand::Quit.into(),
        _ => return None,
    })
}

/// What `key` does on its own.
fn plain_key(key: KeyCode) -> Option<Command> {
    Some(match key {
        KeyCode::M => AppCommand::ToggleMode.into(),
        KeyCode::W => SceneCommand::SetGizmo(GizmoMode::Translate).into(),
        KeyCode::E => SceneCommand::SetGizmo(GizmoMode::Rotate).into(),
        KeyCode::L => SceneCommand::ToggleGizmoSpace.into(),
        KeyCode::F | KeyCode::Home => ModeCommand::ResetView.into(),
        KeyCode::V => ModeCommand::LookAlong(None).into(),
        KeyCode::Key1 => ModeCommand::SelectBox(Some(Which::A)).into(),
        KeyCode::Key2 => ModeCommand::SelectBox(Some(Which::B)).into(),
        KeyCode::Escape => ModeCommand::ClearSelection.into(),
        KeyCode::A => ModeCommand::CycleFilter.into(),
        KeyCode::S => ModeCommand::Step(StepCommand::Toggle).into(),
        KeyCode::Right => ModeCommand::Step(StepCommand::Next).into(),
        KeyCode::Left => ModeCommand::Step(StepCommand::Back).into(),
        KeyCode::Space => ModeCommand::Step(StepCommand::PlayPause).into(),
        KeyCode::P => AppCommand::TogglePanel.into(),
        KeyCode::H => AppCommand::ToggleLegend.into(),
        KeyCode::D => AppCommand::ToggleSphere.into(),
        KeyCode::G => AppCommand::ToggleGjk.into(),
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
                Command::from(ModeCommand::Undo),
                ModeCommand::Redo.into(),
                ModeCommand::Step(StepCommand::Toggle).into()
            ]
        );
    }

    #[test]
    fn ctrl_s_saves_and_a_plain_s_steps() {
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], true, false)),
            vec![Command::from(SceneCommand::Save)]
        );
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], true, true)),
            vec![Command::from(SceneCommand::ShowSaveAs)]
        );
        assert_eq!(
            from_keys(&keys(&[KeyCode::S], false, false)),
            vec![Command::from(ModeCommand::Step(StepCommand::Toggle))]
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
        assert_eq!(k(KeyCode::Q, false), vec![Command::from(AppCommand::Quit)]);
        assert_eq!(k(KeyCode::Z, false), vec![Command::from(ModeCommand::Undo)]);
        assert_eq!(k(KeyCode::Z, true), vec![Command::from(ModeCommand::Redo)]);
        assert_eq!(k(KeyCode::Y, false), vec![Command::from(ModeCommand::Redo)]);
    }

    #[test]
    fn v_looks_along_the_selected_axis() {
        let v = keys(&[KeyCode::V], false, false);
        assert_eq!(
            from_keys(&v),
            vec![Command::from(ModeCommand::LookAlong(None))]
        );
    }

    #[test]
    fn p_collapses_the_panel_and_h_hides_the_legend() {
        let k = |key| from_keys(&keys(&[key], false, false));
        assert_eq!(k(KeyCode::P), vec![Command::from(AppCommand::TogglePanel)]);
        assert_eq!(k(KeyCode::H), vec![Command::from(AppCommand::ToggleLegend)]);
    }

    #[test]
    fn d_shows_the_sphere_and_g_the_gjk_window() {
        let k = |key| from_keys(&keys(&[key], false, false));
        assert_eq!(k(KeyCode::D), vec![Command::from(AppCommand::ToggleSphere)]);
        assert_eq!(k(KeyCode::G), vec![Command::from(AppCommand::ToggleGjk)]);
        // Ctrl+G is nothing
        assert!(from_keys(&keys(&[KeyCode::G], true, false)).is_empty());
    }
}
