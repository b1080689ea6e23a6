//! The window. One [`App`] runs each frame as named phases:
//!
//! 1. **input**: the pointer and the keys as plain data ([`input`]);
//! 2. **edits**: every [`Command`] (keys, last frame's panel, the window's close button) is applied,
//!    then the pointer's gestures ([`mode::ModeState::pointer`]);
//! 3. **report**: the boxes' analysis, then the frame's report with the cross-check and the focus,
//!    computed once ([`frame::Shown`]);
//! 4. **ui**: the egui panel reads the report and sends commands for the next frame ([`ui`]);
//! 5. **draw**: the scene from the same report ([`draw`]), then the panel on top.
//!
//! What a frame hands to the next ([`LastFrame`]: the lines it drew, what the pointer was on in
//! the scene and the panel) is kept here, beside the modes' state, and read as the next frame's
//! input.
//!
//! 2D and 3D are one mode written once over the [`dim::Dim`] trait; the only dispatch on the mode
//! shown is in [`App::frame`].

// The window's items are the crate's own (`pub(crate)`): its docs are read with
// `cargo doc --document-private-items`, where these links resolve.
#![allow(rustdoc::private_intra_doc_links)]

pub(crate) mod analysis;
pub(crate) mod asking;
#[doc(hidden)]
pub mod bench;
pub(crate) mod camera;
pub(crate) mod command;
pub(crate) mod dim;
pub(crate) mod draw;
pub(crate) mod frame;
pub(crate) mod geom;
pub(crate) mod gizmo;
pub(crate) mod gizmo2d;
pub(crate) mod gjk;
pub(crate) mod history;
pub(crate) mod input;
pub(crate) mod layout;
pub(crate) mod library;
pub(crate) mod mode;
pub(crate) mod motion;
pub(crate) mod numbers;
pub(crate) mod platform;
pub(crate) mod settings;
pub(crate) mod source;
pub(crate) mod sphere;
pub(crate) mod theme;
pub(crate) mod three;
pub(crate) mod timeline;
pub(crate) mod two;
pub(crate) mod ui;
pub(crate) mod view;

#[cfg(test)]
mod tests;

use crate::scene::PairBox;
use std::path::PathBuf;

use glam::Vec2;
use macroquad::prelude::{
    get_frame_time, get_screen_data, get_time, is_mouse_button_down, is_quit_requested, next_frame,
    prevent_quit, screen_height, screen_width, Conf, MouseButton,
};

use camera::Viewport;
use command::{AppCommand, Command, ModeCommand, OpenCommand, SceneCommand, ShownCommand};
use dim::{Dim, Vector};
use draw::{Fonts, Paint};
use frame::{Pointing, Shown};
use input::InputFrame;
use layout::AxisLine;
use library::{Library, Loaded};
use mode::{Gestures, ModeState};
use settings::Settings;
use source::Source;
use three::Three;
use two::Two;
use ui::sphere::DirectionsPicture;
use ui::{PanelModel, UiState};

use crate::scene::Mode;

/// How the window was asked to start.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A scene to open.
    pub scene: Option<PathBuf>,
    /// A scene link to open (`--scene-url`), decoded by `crate::scene::link::decode`.
    pub scene_url: Option<String>,
    /// Render one frame to this PNG and exit.
    pub screenshot: Option<PathBuf>,
    /// Window size in pixels.
    pub size: (u32, u32),
    /// Open with the step-through at this axis.
    pub step: Option<usize>,
    /// Open a recording's timeline at this frame (1-based).
    pub frame: Option<usize>,
    /// Open with the sphere of directions shown.
    pub sphere: bool,
    /// Open with the Minkowski difference · GJK/EPA window shown.
    pub gjk: bool,
    /// Open the GJK/EPA window on its last step, the answer (it opens on GJK's first).
    pub gjk_answer: bool,
    /// Open with this engine's answer drawn in the scene and the Engines section in view.
    pub engine: Option<crate::engines::EngineId>,
}

/// Opens the window and runs until it is closed (or the screenshot is written).
/// Whether the window can open `path` as `--scene` does: a scene file, a file of `check` lines,
/// or a recording of two or more frames. The message says what is wrong with it.
pub fn check_scene(path: &std::path::Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let recording = crate::scene::recording::Recording::from_text(&text);
    if recording.good_frames().count() >= 2 {
        return Ok(());
    }
    library::read_text(path, &text)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub fn run(options: Options) {
    let conf = Conf {
        window_title: "satbox — separating axis theorem for oriented boxes".to_owned(),
        window_width: options.size.0 as i32,
        window_height: options.size.1 as i32,
        high_dpi: true,
        sample_count: 4,
        window_resizable: true,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, main_loop(options));
}

async fn main_loop(options: Options) {
    let fonts = Fonts::load();
    // egui-macroquad divides wheel deltas by 90 (a Windows notch is 120 units) while miniquad on
    // X11 reports ±1 per notch: without this a notch scrolls the panel by half a pixel
    #[cfg(target_os = "linux")]
    egui_macroquad::cfg(|ctx| ctx.options_mut(|o| o.line_scroll_speed = 40.0 * 90.0));
    let screenshot = options.screenshot.clone();
    if screenshot.is_none() {
        prevent_quit();
    }
    let mut app = App::new(&options);
    let mut frames = 0u32;
    loop {
        app.frame(&fonts);
        if app.quit && !platform::WEB {
            // the last state is written: leave now rather than wait for the window's teardown
            std::process::exit(0);
        }
        frames += 1;
        // a few frames let egui settle its layout before the picture is taken
        if let (Some(path), true) = (&screenshot, frames >= 30) {
            get_screen_data().export_png(&path.to_string_lossy());
            std::process::exit(0);
        }
        next_frame().await;
    }
}

/// The fragment of the link to the scene `mode` shows: its boxes as they start, their motion,
/// their radii and the preset they were made from (the page's address and *Copy link* both write it).
fn scene_fragment<D: Dim>(mode: &ModeState<D>) -> String {
    let (a, b) = mode.starts();
    use crate::scene::link;
    let boxes = link::encode_moving(&D::Obb::pair(a, b), mode.motion.as_ref());
    link::with_preset(
        link::with_radii(boxes, mode.radii),
        mode.source.preset.as_deref(),
    )
}

/// A message under the scene, since a time (seconds).
#[derive(Clone, Debug, PartialEq)]
struct Message {
    text: String,
    error: bool,
    since: f64,
}

/// How long a message stays, in seconds.
const MESSAGE_SECONDS: f64 = 8.0;

/// Everything but the two modes: what the frame's generic phases need beside the mode shown.
struct Shared {
    settings: Settings,
    library: Library,
    ui: UiState,
    message: Option<Message>,
    /// Commands from last frame's panel, applied in this frame's edit phase.
    queued: Vec<Command>,
    /// Smoothed and worst recent frame time, milliseconds.
    frame_ms: ui::FrameTimes,
    /// The pointer, keyboard and fingers across frames.
    input: input::InputState,
    now: f64,
    /// The status and the scene link last given to the page (the browser only).
    published: (String, String),
    /// The recording being scrubbed, if one is open.
    timeline: Option<timeline::Timeline>,
}

/// What a mode's frame hands to its next frame: the lines it drew, which the pointer picks from,
/// and what the pointer was on.
struct LastFrame<D: Dim> {
    /// The axis lines as drawn.
    lines: Vec<AxisLine<D::Vec>>,
    /// The axis under the pointer in that frame.
    hovered_axis: Option<usize>,
    /// What the pointer was on in the panel, after that frame's report.
    panel: ui::PanelPointer,
    /// What that frame computed that this one keeps if the boxes have not changed.
    kept: frame::Reusable<D>,
}

impl<D: Dim> Default for LastFrame<D> {
    fn default() -> Self {
        Self {
            lines: Vec::new(),
            hovered_axis: None,
            panel: ui::PanelPointer::default(),
            kept: frame::Reusable::default(),
        }
    }
}

impl<D: Dim> LastFrame<D> {
    /// What the user points at in this frame: the axis line the scene's pointer found (`scene`;
    /// `None` when it did not look), else the last frame's axis (the table row while the pointer
    /// was over the panel); the probe kept by a click, else the direction under the pointer.
    fn pointing(
        &self,
        scene: Option<Option<usize>>,
        pinned_probe: Option<D::Vec>,
    ) -> Pointing<D::Vec> {
        let last = if self.panel.over {
            self.panel.hovered_axis
        } else {
            self.hovered_axis
        };
        Pointing {
            hovered_axis: scene.unwrap_or(last),
            probe: pinned_probe.or(self.panel.probe.map(D::Vec::from_coords)),
        }
    }
}

/// What the mode's frame is given by the input phase.
struct FrameInput {
    /// The commands of the mode shown, in the order given.
    commands: Vec<ShownCommand>,
    /// The pointer.
    pointer: InputFrame,
    /// The keys as the window reads them, for egui.
    keys: ui::KeysNow,
    /// The scene's rectangle.
    viewport: Viewport,
}

/// The window's state across frames.
struct App {
    mode: Mode,
    three: ModeState<Three>,
    two: ModeState<Two>,
    /// What the last 3D frame handed over.
    last_three: LastFrame<Three>,
    /// What the last 2D frame handed over.
    last_two: LastFrame<Two>,
    shared: Shared,
    quit: bool,
    /// The room the windows beside the scene took when it was last framed (the sphere window's on
    /// the left, the GJK window's on the right, the timeline's at the bottom).
    sides: [f32; 3],
}

impl App {
    /// The app for `options`: the last state restored (not in screenshot mode, whose pictures must
    /// not depend on what was open last), then `--scene` and `--step` applied.
    fn new(options: &Options) -> Self {
        let screenshot = options.screenshot.is_some();
        let (w, h) = ui::first_scene_size(screen_width(), screen_height());
        let viewport = Viewport::sized(w, h);
        // the browser keeps the last state in its local storage and has no scene folder
        let data = (!screenshot && !platform::WEB).then(crate::scene::user_data_dir);
        let mut app = App::with_library(Library::new(data, !screenshot), &viewport);
        // a phone's page says so before the first touch
        app.shared.input.touch = platform::touch_screen();
        // a picture shows the scene, not the first-run hint
        app.shared.settings.hint = !screenshot;
        match app.shared.library.restore(
            &mut app.three,
            &mut app.two,
            &mut app.shared.settings,
            &viewport,
        ) {
            Ok(Some(mode)) => app.mode = mode,
            Ok(None) => {}
            Err(e) => app.say(e, true),
        }
        if let Some(path) = &options.scene {
            app.open(OpenCommand::File(path.clone()), &viewport);
        }
        // a link given on the command line, or the page's own address in the browser
        let address = platform::address().filter(|a| a.contains("satbox="));
        if let Some(link) = options.scene_url.clone().or(address) {
            app.open(OpenCommand::Link(link), &viewport);
        }
        if let (Some(k), Some(tl)) = (options.frame, app.shared.timeline.as_mut()) {
            tl.go(k.saturating_sub(1).min(tl.marks.len() - 1));
        }
        app.shared.settings.sphere |= options.sphere;
        app.shared.settings.gjk |= options.gjk || options.gjk_answer;
        if options.gjk_answer {
            app.shared.ui.gjk.step = None;
        }
        app.shared.settings.engine = options.engine.or(app.shared.settings.engine);
        // applied in the first frame, to the mode shown
        app.shared.queued.extend(
            options
                .step
                .map(|i| ModeCommand::Step(command::StepCommand::GoTo(i)).into()),
        );
        app
    }

    /// The start-up scenes of both modes with this library, nothing restored yet.
    fn with_library(library: Library, viewport: &Viewport) -> Self {
        App {
            mode: Mode::Three,
            three: ModeState::new(viewport),
            two: ModeState::new(viewport),
            last_three: LastFrame::default(),
            last_two: LastFrame::default(),
            shared: Shared {
                settings: Settings::default(),
                library,
                ui: UiState::default(),
                message: None,
                queued: Vec::new(),
                frame_ms: ui::FrameTimes::default(),
                input: input::InputState::default(),
                now: 0.0,
                published: Default::default(),
                timeline: None,
            },
            quit: false,
            sides: [0.0; 3],
        }
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.shared.message = Some(Message {
            text: text.into(),
            error,
            since: self.shared.now,
        });
    }

    /// The scene's rectangle: the window left of the panel (and of the GJK window beside it), and
    /// right of the sphere window when that sits at the left edge; above the panel when that is a
    /// sheet, and above the timeline.
    fn viewport(&self) -> Viewport {
        let flags = self.shared.ui.flags;
        let free = screen_width() - flags.panel_width;
        // the scene keeps at least 240 pixels: a window beside it that leaves less is drawn over it
        let (left, width) = ui::scene_span(free, flags.scene_left, flags.scene_right);
        let height = screen_height() - flags.panel_height - flags.scene_bottom;
        Viewport {
            x: left,
            ..Viewport::sized(width, height.max(200.0))
        }
    }

    /// One frame: input, edits, report, ui, draw.
    fn frame(&mut self, fonts: &Fonts) {
        let started = get_time();
        self.shared.now = started;
        let viewport = self.viewport();
        // 1. input
        let flags = self.shared.ui.flags;
        // a text field, or an open dialog, owns the keyboard: no letter reaches the scene
        let place = input::PointerPlace {
            over_ui: flags.pointer_over,
            scene_at: |p: Vec2| viewport.contains(p) && !ui::window_at(p),
        };
        let (input, keys) = input::gather(
            &mut self.shared.input,
            place,
            !flags.wants_keyboard && !flags.dialog_open,
        );
        // on a touch screen a finger on the panel scrolls it: labels stop being selectable text,
        // and what a finger taps is larger
        let became_touch = input.touch && !self.shared.settings.touch;
        self.shared.settings.touch = input.touch;
        // the panel in logical pixels at the screen's pixel ratio, like the scene (egui-miniquad
        // tells egui only of a ratio that changes after start)
        let ratio = macroquad::window::screen_dpi_scale();
        egui_macroquad::cfg(|ctx| {
            if (ctx.pixels_per_point() - ratio).abs() > 1e-4 {
                ctx.set_pixels_per_point(ratio);
            }
            if became_touch {
                ui::use_fingers(ctx);
            }
        });
        // 2. edits: the commands of the whole app first, the mode's in its frame
        let mut commands = std::mem::take(&mut self.shared.queued);
        // a window opened or closed beside the scene: the scene is framed again in its room
        let sides = [flags.scene_left, flags.scene_right, flags.scene_bottom];
        if sides != self.sides {
            self.sides = sides;
            commands.push(ModeCommand::ResetView.into());
        }
        commands.extend(command::from_keys(&keys));
        if let Some((name, text)) = platform::take_opened_file() {
            commands.push(AppCommand::Open(OpenCommand::Text(name, text)).into());
        }
        if is_quit_requested() {
            commands.push(AppCommand::Quit.into());
        }
        let commands: Vec<ShownCommand> = commands
            .into_iter()
            .filter_map(|c| self.apply(c, &viewport))
            .collect();
        let input = FrameInput {
            commands,
            keys: ui::KeysNow {
                ctrl: keys.ctrl,
                shift: keys.shift,
                lost_char: keys.lost_char,
                wheel: input.wheel,
            },
            pointer: input,
            viewport,
        };
        // the only dispatch on the mode shown: the rest of the frame is generic
        let drag_ended = match self.mode {
            Mode::Three => {
                self.shared
                    .frame_in(&mut self.three, &mut self.last_three, input, fonts)
            }
            Mode::Two => self
                .shared
                .frame_in(&mut self.two, &mut self.last_two, input, fonts),
        };
        self.end_frame(drag_ended, started);
    }

    /// Applies a command of the whole app now; returns a command of the mode shown, for its
    /// frame.
    fn apply(&mut self, command: Command, viewport: &Viewport) -> Option<ShownCommand> {
        match command {
            Command::App(c) => {
                self.apply_app(c, viewport);
                None
            }
            Command::Shown(c) => Some(c),
        }
    }

    /// Applies a command of the whole app.
    fn apply_app(&mut self, command: AppCommand, viewport: &Viewport) {
        match command {
            AppCommand::ToggleMode => self.set_mode(match self.mode {
                Mode::Two => Mode::Three,
                Mode::Three => Mode::Two,
            }),
            AppCommand::SetMode(m) => self.set_mode(m),
            AppCommand::Quit => {
                self.save_last_state(true);
                self.quit = true;
            }
            AppCommand::ShowOpen => {
                self.shared.library.refresh();
                self.shared.ui.windows.open.open = true;
                self.shared.ui.windows.open.focus = true;
            }
            AppCommand::Open(open) => self.open(open, viewport),
            AppCommand::ChooseFile => platform::choose_file(),
            AppCommand::ShowPaste => {
                self.shared.ui.paste.open = true;
                self.shared.ui.paste.focus = true;
            }
            AppCommand::Timeline(t) => self.scrub(t),
            // the panel shown last frame: the sheet under the scene, or the side panel
            AppCommand::TogglePanel if self.shared.ui.flags.sheet => {
                self.shared.settings.sheet_open ^= true
            }
            AppCommand::TogglePanel => self.shared.settings.panel_open ^= true,
            AppCommand::ToggleLegend => self.shared.settings.legend ^= true,
            AppCommand::ToggleSphere => self.shared.settings.sphere ^= true,
            AppCommand::ToggleGjk => self.shared.settings.gjk ^= true,
            AppCommand::Settings(s) => self.shared.settings = s,
            AppCommand::Message(text, error) => self.say(text, error),
        }
    }

    fn set_mode(&mut self, mode: Mode) {
        if mode != self.mode {
            self.three.step.stop();
            self.two.step.stop();
            self.mode = mode;
        }
    }

    /// Opens a scene file or a preset into the mode it belongs to; a bad file is reported and
    /// changes nothing.
    fn open(&mut self, command: OpenCommand, viewport: &Viewport) {
        if self.open_recording(&command) {
            return;
        }
        let lib = &self.shared.library;
        let loaded: Result<Loaded, String> = match &command {
            OpenCommand::File(path) => lib.read(path).map_err(|e| e.to_string()),
            OpenCommand::Preset(name) => lib.preset(name).ok_or(format!("no preset {name}")),
            OpenCommand::Text(name, Ok(text)) => {
                library::read_text(std::path::Path::new(name), text).map_err(|e| e.to_string())
            }
            OpenCommand::Text(name, Err(e)) => Err(format!("cannot read {name}: {e}")),
            OpenCommand::Link(link) => lib.link(link).map_err(|e| format!("the link: {e}")),
            OpenCommand::Pasted {
                description,
                pair,
                radii,
            } => {
                let scene = crate::scene::Scene::new(pair, description, serde_json::Value::Null)
                    .with_radii(*radii);
                Ok(Loaded::new(scene, *pair, None))
            }
        };
        let loaded = match loaded {
            Ok(l) => l,
            Err(e) => return self.say(e, true),
        };
        let (scene, pair, source) = (&loaded.scene, &loaded.pair, &loaded.source);
        let taken = self.three.load(scene, pair, viewport, source.clone())
            || self.two.load(scene, pair, viewport, source.clone());
        if !taken {
            return;
        }
        self.set_mode(loaded.scene.mode);
        // a timeline belongs to its recording: a scene that is none of its frames closes it
        if self
            .shared
            .timeline
            .as_ref()
            .is_some_and(|t| t.mode == loaded.scene.mode)
        {
            self.shared.timeline = None;
        }
        self.shared.ui.windows.open.open = false;
        self.shared.ui.paste.open = false;
        let what = if let OpenCommand::Preset(name) = &command {
            format!("preset {name}")
        } else if loaded.source.path.is_none() {
            loaded.scene.description.clone()
        } else {
            format!("opened {}", loaded.source.title())
        };
        // a box that came out flat from a paste is said in red, as the paste window said it
        let flat = if let OpenCommand::Pasted { pair, .. } = &command {
            crate::scene::paste::flat_boxes(pair)
        } else {
            Vec::new()
        };
        if flat.is_empty() {
            self.say(what, false);
        } else {
            self.say(format!("{what}: {}", flat.join("; ")), true);
        }
    }

    /// Opens a JSON Lines file of two or more readable cases as a timeline; returns whether it did.
    fn open_recording(&mut self, command: &OpenCommand) -> bool {
        use crate::scene::recording::Recording;
        let (name, recording) = match command {
            OpenCommand::File(path) if path.extension().is_some_and(|e| e == "jsonl") => {
                match Recording::load(path) {
                    Ok(r) => (library::file_name(path), r),
                    Err(_) => return false,
                }
            }
            OpenCommand::Text(name, Ok(text)) if name.ends_with(".jsonl") => {
                (name.clone(), Recording::from_text(text))
            }
            OpenCommand::File(_)
            | OpenCommand::Text(..)
            | OpenCommand::Preset(_)
            | OpenCommand::Link(_)
            | OpenCommand::Pasted { .. } => return false,
        };
        let params = &self.shared.settings.params;
        let timeline = match recording.mode() {
            Some(Mode::Three) => timeline::Timeline::of::<Three>(&name, &recording, params),
            Some(Mode::Two) => timeline::Timeline::of::<Two>(&name, &recording, params),
            None => None,
        };
        let Some(timeline) = timeline else {
            return false;
        };
        self.set_mode(timeline.mode);
        let (n, errors) = (timeline.marks.len(), recording.error_count());
        self.shared.timeline = Some(timeline);
        self.shared.ui.windows.open.open = false;
        // framed on the first frame, which the mode's frame puts in the scene first
        self.shared.queued.push(ModeCommand::ResetView.into());
        let unread = match errors {
            0 => String::new(),
            e => format!(", {e} not read"),
        };
        self.say(
            format!("opened {name} as a timeline: {n} frames{unread}"),
            false,
        );
        true
    }

    fn scrub(&mut self, command: command::TimelineCommand) {
        use command::TimelineCommand as T;
        let Some(tl) = &mut self.shared.timeline else {
            return;
        };
        match command {
            T::Go(i) => {
                tl.playing = false;
                tl.go(i);
            }
            T::Play(on) => tl.play(on),
            T::Fps(f) => tl.fps = f.clamp(0.5, 60.0),
            T::Close => self.shared.timeline = None,
        }
    }

    /// After the frame: the last state is written now and then (not during a drag), old messages
    /// go, and the frame time is measured.
    fn end_frame(&mut self, drag_ended: bool, started: f64) {
        if drag_ended || !is_mouse_button_down(MouseButton::Left) {
            self.save_last_state(false);
        }
        let now = get_time();
        if let Some(m) = &self.shared.message {
            if now - m.since > MESSAGE_SECONDS {
                self.shared.message = None;
            }
        }
        let ms = ((now - started) * 1000.0) as f32;
        let t = &mut self.shared.frame_ms;
        let smooth = |avg: f32, x: f32| if avg == 0.0 { x } else { avg * 0.9 + x * 0.1 };
        t.work = smooth(t.work, ms);
        t.worst = (t.worst * 0.995).max(ms);
        // the time from one frame to the next: what is seen, with the rendering and any wait
        t.interval = smooth(t.interval, get_frame_time() * 1000.0);
    }

    fn save_last_state(&mut self, force: bool) {
        let last = self.shared.library.last_state(
            self.mode,
            &self.three,
            &self.two,
            &self.shared.settings,
        );
        if let Err(e) = self
            .shared
            .library
            .save_last_state(&last, self.shared.now, force)
        {
            self.say(e, true);
        }
    }
}

impl Shared {
    fn say(&mut self, text: impl Into<String>, error: bool) {
        self.message = Some(Message {
            text: text.into(),
            error,
            since: self.now,
        });
    }

    /// The mode's frame: its commands and pointer (edits), its report, the panel, the scene; what
    /// it hands to the next frame goes to `last`. Returns whether a gizmo drag ended.
    fn frame_in<D: Gestures + Paint + DirectionsPicture>(
        &mut self,
        mode: &mut ModeState<D>,
        last: &mut LastFrame<D>,
        input: FrameInput,
        fonts: &Fonts,
    ) -> bool {
        // the recording's frame first, so that this frame's commands (a reset view) see it
        self.follow_timeline(mode, get_frame_time());
        // 2. edits
        let (drag_ended, pointing) = self.edit_in(mode, last, &input);
        // 3. report: the boxes' analysis once, read by the step-through's clock and the frame
        let analysis = mode.analysis(&self.settings);
        mode.tick(get_frame_time(), &analysis);
        let kept = std::mem::take(&mut last.kept);
        let mut frame = Shown::compute_keeping(
            mode,
            analysis,
            pointing,
            &self.settings,
            input.viewport,
            kept,
        );
        if platform::WEB {
            self.publish(mode, &frame, input.pointer.left_down);
        }
        // 4. ui
        let out = self.panel_in(mode, &frame, &input.keys);
        self.queued = out.commands;
        // 5. draw
        self.draw_in(mode, &frame, input.viewport, fonts);
        *last = LastFrame {
            kept: frame.kept(mode),
            lines: frame.lines,
            hovered_axis: frame.hovered_axis,
            panel: out.pointer,
        };
        drag_ended
    }

    /// The edit phase: the mode's commands, then the pointer's gestures (picking from the lines
    /// `last` drew). A completed edit becomes one undo step: a gizmo drag that ended, or any
    /// change while the pointer is up (a field edit commits on Enter). Returns whether a drag
    /// ended, and what the user points at.
    fn edit_in<D: Gestures>(
        &mut self,
        mode: &mut ModeState<D>,
        last: &LastFrame<D>,
        input: &FrameInput,
    ) -> (bool, Pointing<D::Vec>) {
        for c in &input.commands {
            self.apply_in(mode, c, &input.viewport);
        }
        let pointer = mode.pointer(&self.settings, &input.pointer, &input.viewport, &last.lines);
        mode.carry_edits_back();
        if pointer.drag_ended || !input.pointer.left_down {
            mode.commit();
        }
        // the first drag shows the user has found the handles: the hint has done its work
        self.settings.hint &= !pointer.drag_ended;
        let pointing = last.pointing(pointer.hovered_axis, mode.pinned_probe);
        (pointer.drag_ended, pointing)
    }

    /// The panel and its windows for this frame; returns what they produced for the next.
    fn panel_in<D: DirectionsPicture>(
        &mut self,
        mode: &ModeState<D>,
        frame: &Shown<D>,
        keys: &ui::KeysNow,
    ) -> ui::UiOut {
        let model = PanelModel {
            mode,
            frame,
            settings: &self.settings,
            library: &self.library,
            modified: mode.modified(),
            can_undo: mode.can_undo(),
            can_redo: mode.can_redo(),
            frame_ms: self.frame_ms,
            timeline: self.timeline.as_ref().filter(|t| t.mode == D::MODE),
        };
        let mut out = ui::UiOut::default();
        egui_macroquad::ui(|ctx| out = ui::show(ctx, &model, &mut self.ui, keys));
        out
    }

    /// Draws the scene, the message under it and the panel on top.
    fn draw_in<D: Paint>(
        &self,
        mode: &ModeState<D>,
        frame: &Shown<D>,
        viewport: Viewport,
        fonts: &Fonts,
    ) {
        draw::clear();
        // a frame recorded in a simulation, shown as recorded: the engine's own contact beside
        let recorded = self
            .timeline
            .as_ref()
            .filter(|t| t.mode == D::MODE && !mode.modified())
            .and_then(|t| t.marks[t.current].engine.as_ref());
        draw::scene::draw(frame, mode, &self.settings, recorded, fonts);
        if let Some(m) = &self.message {
            let color = if m.error { theme::HIT } else { theme::TEXT };
            draw::message(fonts, &m.text, &viewport, color);
        }
        egui_macroquad::draw();
    }

    /// Advances the open recording of this mode by `dt` seconds and shows its frame when it
    /// changed: a scene of its own, read from the recording (Save asks where).
    fn follow_timeline<D: Dim>(&mut self, mode: &mut ModeState<D>, dt: f32) {
        let Some(tl) = self.timeline.as_mut().filter(|t| t.mode == D::MODE) else {
            return;
        };
        tl.tick(dt);
        let Some((pair, description, tunnel)) = tl.take_frame() else {
            return;
        };
        if let Some((a, b)) = D::Obb::of_pair(&pair) {
            let file = library::file_name(std::path::Path::new(&tl.name));
            let source = Source::read_from(&file, description, pair);
            match tunnel {
                // a frame the boxes tunnel after shows the sweep to the next one
                Some(spec) => mode.show_moving(a, b, source, spec),
                None => mode.show(a, b, source),
            }
        }
    }

    /// Tells the page what is shown: the verdict in its status line (read by screen readers), and
    /// the scene's link in the address bar (not rewritten during a drag).
    fn publish<D: Dim>(&mut self, mode: &ModeState<D>, frame: &Shown<D>, dragging: bool) {
        let status = format!("{}: {}", D::MODE, frame.verdict().0);
        if status != self.published.0 {
            platform::set_status(&status);
            self.published.0 = status;
        }
        if !dragging {
            let fragment = scene_fragment(mode);
            if fragment != self.published.1 {
                platform::set_fragment(&fragment);
                self.published.1 = fragment;
            }
        }
    }

    /// Applies a command of the mode shown: of the scene it holds, or of the mode itself.
    fn apply_in<D: Dim>(
        &mut self,
        mode: &mut ModeState<D>,
        command: &ShownCommand,
        viewport: &Viewport,
    ) {
        match command {
            ShownCommand::Scene(c) => self.apply_scene(mode, c),
            ShownCommand::Mode(c) => self.apply_mode(mode, c, viewport),
        }
    }

    /// Applies a command of the scene the mode shown holds.
    fn apply_scene<D: Dim>(&mut self, mode: &mut ModeState<D>, command: &SceneCommand) {
        let source = mode.source.clone();
        match command {
            SceneCommand::Save => match &source.path {
                Some(path) if !mode.modified() && path.exists() => self.say(
                    "no changes since it was opened or saved: not rewritten",
                    false,
                ),
                Some(path) => {
                    self.write(mode, path, &source.description);
                }
                None => self.show_save_as(mode),
            },
            SceneCommand::ShowSaveAs => self.show_save_as(mode),
            SceneCommand::SaveAs { path, description } => {
                if self.write(mode, path, description) {
                    self.ui.windows.save_as.open = false;
                }
            }
            SceneCommand::CopyAsTest => {
                let name = test_name(source.stem().as_deref().unwrap_or("case"));
                let text = crate::scene::testcase::rust_test(&D::Obb::pair(mode.a, mode.b), &name);
                self.ui.clipboard = Some(text.clone());
                self.ui.windows.copy_test = Some(text);
            }
            SceneCommand::SaveRegression => self.save_regression(mode),
            SceneCommand::CopyLink => self.copy_link(mode),
            SceneCommand::ExportRepro(engine) => self.export_repro(mode, *engine),
            SceneCommand::SetGizmo(g) => self.settings.gizmo_mode = *g,
            SceneCommand::ToggleGizmoSpace => {
                use gizmo::GizmoSpace::{Local, World};
                let s = &mut self.settings.gizmo_space;
                *s = if *s == Local { World } else { Local };
            }
        }
    }

    /// Writes `engine`'s repro of the pair shown (at rest, with its radii) into a new folder
    /// `repros/ENGINE-N` of the per-user folder (the temporary folder without one), and says
    /// where or why not.
    fn export_repro<D: Dim>(&mut self, mode: &ModeState<D>, engine: crate::engines::EngineId) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let question = crate::engines::Question {
                pair: D::Obb::pair(mode.a, mode.b),
                radii: mode.radii,
                motion: None,
            };
            let root = self.library.data.clone().unwrap_or_else(std::env::temp_dir);
            let root = root.join("repros");
            let dir = (1..)
                .map(|n| root.join(format!("{}-{n}", engine.name())))
                .find(|d| !d.exists())
                .unwrap_or(root);
            match crate::engines::repro::folder::write(engine, &question, &dir, false) {
                Ok(_) => self.say(
                    format!(
                        "{}'s repro is in {} (its README.md says how to run it)",
                        engine.title(),
                        dir.display()
                    ),
                    false,
                ),
                Err(e) => self.say(format!("no repro written: {e}"), true),
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = (mode, engine);
            self.say("repros are written by satbox on the desktop", true);
        }
    }

    /// Puts the scene's link on the clipboard: in the browser the link opens this very page; else
    /// the placeholder address.
    fn copy_link<D: Dim>(&mut self, mode: &ModeState<D>) {
        let base = platform::address()
            .map(|a| format!("{}#", a.split('#').next().unwrap_or_default()))
            .unwrap_or_else(|| crate::scene::link::BASE_URL.to_string());
        // both bases end with "#"
        self.ui.clipboard = Some(format!("{base}{}", scene_fragment(mode)));
        self.say("the scene's link is on the clipboard", false);
    }

    /// Applies a command of the mode shown, and says what it answers.
    fn apply_mode<D: Dim>(
        &mut self,
        mode: &mut ModeState<D>,
        command: &ModeCommand,
        viewport: &Viewport,
    ) {
        match mode.apply(command, &self.settings, viewport) {
            Some((text, error)) => self.say(text, error),
            // a value accepted: the message of one refused before it is out of date
            None if matches!(command, ModeCommand::Edit { .. })
                && self.message.as_ref().is_some_and(|m| m.error) =>
            {
                self.message = None;
            }
            None => {}
        }
    }

    fn show_save_as<D: Dim>(&mut self, mode: &ModeState<D>) {
        let source = &mode.source;
        let edited = mode.modified();
        self.ui.windows.save_as = ui::scenes::SaveAsWindow {
            open: true,
            path: source
                .stem()
                .unwrap_or_else(|| format!("my-{}-scene", D::MODE.to_string().to_lowercase())),
            // an edited preset's description is no longer true: start from an empty one
            description: if edited && source.preset.is_some() {
                String::new()
            } else {
                source.description.clone()
            },
            confirm_replace: None,
            focus: true,
        };
    }

    fn write<D: Dim>(
        &mut self,
        mode: &mut ModeState<D>,
        path: &std::path::Path,
        description: &str,
    ) -> bool {
        match self.library.write(&mode.scene(description), path) {
            Ok(()) => {
                mode.saved(path, description);
                self.say(format!("saved {}", path.display()), false);
                true
            }
            Err(e) => {
                self.say(e.to_string(), true);
                false
            }
        }
    }

    /// Writes the pair as a scene named after the time, with the cross-check's numbers in its
    /// description: into `tests/regressions/` when satbox runs from its source checkout (where
    /// `cargo test --test regressions` replays it), else into the user's scenes folder; the
    /// browser downloads it.
    fn save_regression<D: Dim>(&mut self, mode: &ModeState<D>) {
        let p = &self.settings.params;
        let answer = mode.analysis(&self.settings).answer;
        let check = frame::cross_check::<D>(&mode.a, &mode.b, &answer, p);
        let stamp = (macroquad::miniquad::date::now() * 1000.0) as u64;
        let word = |b: bool| if b { "intersecting" } else { "separated" };
        let fast = check.fast.map_or("none (rounded)", word);
        let description = format!(
            "regression case: satbox {} / fast {fast} / reference {} (margin {:.3e})",
            word(check.answer),
            word(check.reference),
            check.margin
        );
        let name = format!("regression-{stamp}.json");
        let scene = mode.scene(&description);
        if platform::WEB {
            platform::download(&name, &scene.to_json());
            let next = "copy it into tests/regressions/ of a satbox checkout to keep it as a test";
            return self.say(format!("downloaded {name} ({next})"), false);
        }
        let checkout = option_env!("CARGO_MANIFEST_DIR")
            .map(|d| std::path::Path::new(d).join("tests").join("regressions"))
            .filter(|d| d.is_dir());
        let in_checkout = checkout.is_some();
        let Some(dir) = checkout.or_else(|| self.library.data.as_deref().map(library::scenes_dir))
        else {
            return self.say("no folder to save the case to", true);
        };
        let path = dir.join(name);
        match scene.save(&path) {
            Ok(()) => {
                self.library.refresh();
                let next = if in_checkout {
                    "`cargo test --test regressions` replays it"
                } else {
                    "listed under My scenes; copy it into tests/regressions/ of a satbox checkout to keep it as a test"
                };
                self.say(format!("saved {} ({next})", path.display()), false);
            }
            Err(e) => self.say(format!("could not save the case: {e}"), true),
        }
    }
}

/// A Rust test name from a scene's name: `satbox_` and lower-case letters, digits and `_`.
fn test_name(stem: &str) -> String {
    format!("satbox_{stem}")
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}
