//! The window: one file per concern. `state` holds what is shown, `camera` and `gizmo` are the
//! pure maths of viewing and dragging, `mode3d`/`mode2d` turn pointer input into edits,
//! `draw*` paint the scene from the sat report, `panel` is the egui side panel.

pub mod analysis;
pub mod analysis_panel;
pub mod axes3d;
pub mod camera;
pub mod draw;
pub mod draw2d;
pub mod draw3d;
pub mod gizmo;
pub mod gizmo2d;
pub mod history;
pub mod input;
pub mod mode2d;
pub mod mode3d;
pub mod panel;
pub mod scenes;
pub mod state;

use std::path::PathBuf;

use glam::Vec2;
use macroquad::prelude::*;

use camera::Viewport;
use input::InputFrame;
use state::{AppState, Transient};

use crate::scene::{Mode, Pair, Scene};

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
}

/// Opens the window and runs until it is closed (or the screenshot is written).
pub fn run(options: Options) {
    let conf = Conf {
        window_title: "satbox — separating axis theorem for oriented boxes".to_owned(),
        window_width: options.size.0 as i32,
        window_height: options.size.1 as i32,
        high_dpi: false,
        sample_count: 4,
        window_resizable: true,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, main_loop(options));
}

/// Applies a loaded scene to the state: its boxes, mode and view.
pub fn apply_scene(state: &mut AppState, scene: &Scene, pair: &Pair) {
    let view: state::View = serde_json::from_value(scene.view.clone()).unwrap_or_default();
    match pair {
        Pair::Three(a, b) => {
            state.three.a = *a;
            state.three.b = *b;
            state.three.view = state::View {
                selected_box: state.three.view.selected_box,
                ..view
            };
            // a scene without a camera (a hand-written preset) is framed
            if scene.view.get("camera3").is_none() {
                state.three.view.camera3 = state::framing_camera(a, b);
            }
        }
        Pair::Two(a, b) => {
            state.two.a = *a;
            state.two.b = *b;
            state.two.view = state::View {
                selected_box: state.two.view.selected_box,
                ..view
            };
            if scene.view.get("camera2").is_none() {
                // the scene area the window will have, with the panel at its default width
                let viewport = Viewport {
                    x: 0.0,
                    y: 0.0,
                    w: (screen_width() - panel::DEFAULT_WIDTH).max(240.0),
                    h: screen_height().max(200.0),
                };
                state.two.view.camera2 = state::framing_camera2(a, b, &viewport);
            }
        }
    }
    state.mode = scene.mode;
}

/// Keyboard shortcuts; ignored while egui has the keyboard (typing in a field).
fn shortcuts(state: &mut AppState, actions: &mut panel::PanelActions) {
    // Ctrl+letter belongs to the scene menu (save, open, undo): plain letters only here
    let ctrl = is_key_down(KeyCode::LeftControl)
        || is_key_down(KeyCode::RightControl)
        || is_key_down(KeyCode::LeftSuper)
        || is_key_down(KeyCode::RightSuper);
    if ctrl {
        return;
    }
    if is_key_pressed(KeyCode::M) {
        state.mode = match state.mode {
            Mode::Two => Mode::Three,
            Mode::Three => Mode::Two,
        };
    }
    if is_key_pressed(KeyCode::W) {
        state.gizmo_mode = gizmo::GizmoMode::Translate;
    }
    if is_key_pressed(KeyCode::E) {
        state.gizmo_mode = gizmo::GizmoMode::Rotate;
    }
    if is_key_pressed(KeyCode::L) {
        state.gizmo_space = match state.gizmo_space {
            gizmo::GizmoSpace::Local => gizmo::GizmoSpace::World,
            gizmo::GizmoSpace::World => gizmo::GizmoSpace::Local,
        };
    }
    if is_key_pressed(KeyCode::F) || is_key_pressed(KeyCode::Home) {
        actions.reset_view = true;
    }
    if is_key_pressed(KeyCode::V) {
        actions.look_along = state.view().selected_axis;
    }
    if is_key_pressed(KeyCode::Key1) {
        state.view_mut().selected_box = Some(state::SelectedBox::A);
    }
    if is_key_pressed(KeyCode::Key2) {
        state.view_mut().selected_box = Some(state::SelectedBox::B);
    }
    if is_key_pressed(KeyCode::Escape) {
        state.view_mut().selected_box = None;
        state.view_mut().selected_axis = None;
    }
    let step = &mut actions.analysis;
    step.step_toggle |= is_key_pressed(KeyCode::S);
    step.step_next |= is_key_pressed(KeyCode::Right);
    step.step_back |= is_key_pressed(KeyCode::Left);
    step.step_play |= is_key_pressed(KeyCode::Space);
    if is_key_pressed(KeyCode::A) {
        let v = state.view_mut();
        v.filter = match v.filter {
            state::AxisFilter::All => state::AxisFilter::Separating,
            state::AxisFilter::Separating => state::AxisFilter::Selected,
            state::AxisFilter::Selected => state::AxisFilter::All,
        };
    }
}

/// Turns the 3D camera so that axis `index` runs left to right across the screen and the view
/// looks perpendicular to it: the boxes' silhouettes then span exactly their shadows on the axis.
/// For an edge axis the view looks along A's edge, so both edges and the separating plane show
/// edge-on.
pub fn look_along(state: &mut AppState, index: usize) {
    let report = state.report3();
    let t = &report.axes[index];
    if t.degenerate {
        return;
    }
    let cam = &mut state.three.view.camera3;
    let forward = match t.kind {
        crate::sat::AxisKind::Edge(i, _) => state.three.a.axes()[i],
        _ => {
            let f = cam.forward();
            let f = f - t.axis * f.dot(t.axis);
            if f.length_squared() > 1e-4 {
                f.normalize()
            } else {
                t.axis.any_orthonormal_vector()
            }
        }
    };
    let mid = 0.5 * (state.three.a.center + state.three.b.center);
    cam.target = mid.to_array();
    cam.look(forward, t.axis);
}

fn gather_input(pointer_in_scene: bool, last_mouse: Vec2) -> InputFrame {
    let (mx, my) = mouse_position();
    let mouse = Vec2::new(mx, my);
    let wheel = mouse_wheel().1;
    InputFrame {
        mouse,
        mouse_delta: mouse - last_mouse,
        left_pressed: is_mouse_button_pressed(MouseButton::Left),
        left_down: is_mouse_button_down(MouseButton::Left),
        left_released: is_mouse_button_released(MouseButton::Left),
        pan_down: is_mouse_button_down(MouseButton::Right)
            || is_mouse_button_down(MouseButton::Middle),
        wheel: wheel.signum() * (wheel.abs() > 0.0) as i32 as f32,
        shift: is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift),
        ctrl: is_key_down(KeyCode::LeftControl) || is_key_down(KeyCode::RightControl),
        pointer_in_scene,
    }
}

async fn main_loop(options: Options) {
    let fonts = draw::Fonts::load();
    let mut state = AppState::default();
    let mut transient = Transient::default();
    // the last state is restored first (not in screenshot mode, whose pictures must not depend on
    // what was last open), then `--scene` replaces its mode's boxes
    let mut scenes = scenes::ScenesUi::new(&state, options.screenshot.is_none());
    scenes.restore_last_state(&mut state, &mut transient);
    if options.screenshot.is_none() {
        prevent_quit();
    }
    if let Some(path) = &options.scene {
        match Scene::load(path) {
            Ok((scene, pair)) => {
                apply_scene(&mut state, &scene, &pair);
                scenes.opened_at_start(&state, &scene, path);
            }
            Err(e) => {
                if options.screenshot.is_some() {
                    eprintln!("satbox: {e}");
                    std::process::exit(2);
                }
                transient.message = Some((e.to_string(), true));
            }
        }
    }
    if let Some(axis) = options.step {
        state.step.start();
        let count = match state.mode {
            Mode::Three => crate::sat::dim3::AXIS_COUNT,
            Mode::Two => crate::sat::dim2::AXIS_COUNT,
        };
        state.step.current = axis.min(count - 1);
    }
    // egui-macroquad divides wheel deltas by 90 (a Windows notch is 120 units) while miniquad on
    // X11 reports ±1 per notch: without this a notch scrolls the panel by half a pixel
    #[cfg(target_os = "linux")]
    egui_macroquad::cfg(|ctx| ctx.options_mut(|o| o.line_scroll_speed = 40.0 * 90.0));
    let mut it3 = mode3d::Interaction3::default();
    let mut it2 = mode2d::Interaction2::default();
    let mut last_mouse = Vec2::from(mouse_position());
    let mut last_mode = state.mode;
    let mut last_in_scene = false;
    let mut valid = state::ValidBoxes::of(&state);
    let mut shown_message: Option<(String, bool)> = None;
    let mut message_age = 0.0f32;
    let mut frames = 0u32;
    loop {
        let frame_start = std::time::Instant::now();
        // the scene's hover of the last frame reaches the panel's table; over the panel, the
        // table sets its own
        if !last_in_scene {
            transient.hovered_axis = None;
        }
        let mut actions = panel::PanelActions::default();
        let mut panel_width = 0.0;
        let mut egui_pointer = false;
        let mut egui_keyboard = false;
        egui_macroquad::ui(|ctx| {
            let (a, w) = panel::show(ctx, &mut state, &mut transient, &mut scenes);
            actions = a;
            panel_width = w;
            egui_pointer = ctx.is_pointer_over_area() || ctx.is_using_pointer();
            egui_keyboard = ctx.wants_keyboard_input();
        });
        // never smaller than 240 × 200, so that label placement always has room (a window
        // shrunk further just crops the scene)
        let viewport = Viewport {
            x: 0.0,
            y: 0.0,
            w: (screen_width() - panel_width).max(240.0),
            h: screen_height().max(200.0),
        };
        if !egui_keyboard {
            shortcuts(&mut state, &mut actions);
            scenes.shortcuts(&mut state, &mut transient);
        }
        let mut input = gather_input(false, last_mouse);
        input.pointer_in_scene = !egui_pointer && viewport.contains(input.mouse);
        last_in_scene = input.pointer_in_scene;
        last_mouse = input.mouse;
        if actions.reset_view {
            match state.mode {
                Mode::Three => {
                    state.three.view.camera3 = state::framing_camera(&state.three.a, &state.three.b)
                }
                Mode::Two => {
                    state.two.view.camera2 =
                        state::framing_camera2(&state.two.a, &state.two.b, &viewport);
                }
            }
        }
        if let (Some(i), Mode::Three) = (actions.look_along, state.mode) {
            look_along(&mut state, i);
        }

        if let Some(refused) = panel::take_refusal() {
            transient.message = Some((refused, true));
        }
        if let Some(problem) = state::keep_valid(&mut state, &mut valid) {
            transient.message = Some((problem, true));
        }
        if state.mode != last_mode {
            state.step.stop();
            last_mode = state.mode;
        }
        analyse(
            &mut state,
            &mut transient,
            &actions.analysis,
            get_frame_time(),
        );

        clear_background(draw::palette::BACKGROUND);
        let mut drag_ended = false;
        match state.mode {
            Mode::Three => {
                drag_ended = frame3(
                    &mut state,
                    &mut transient,
                    &mut it3,
                    &input,
                    &viewport,
                    &fonts,
                )
            }
            Mode::Two => mode2d::frame2(
                &mut state,
                &mut transient,
                &mut it2,
                &input,
                &viewport,
                &fonts,
            ),
        }
        if state.step.active {
            let words = match state.mode {
                Mode::Three => analysis::step_words(&state.step, &state.report3()),
                Mode::Two => analysis::step_words(&state.step, &state.report2()),
            };
            let color = match words.3 {
                analysis::StepVerdict::Separates => draw::palette::FIRST_SEPARATING,
                analysis::StepVerdict::Intersects => draw::palette::HIT,
                analysis::StepVerdict::Neutral => draw::palette::TEXT_DIM,
            };
            draw::step_caption(
                &fonts,
                &words.0,
                &words.1,
                &words.2,
                color,
                24.0,
                viewport.h - 48.0,
            );
        }
        // a message stays 8 seconds after it last changed
        if transient.message.as_ref().map(|m| &m.0) != shown_message.as_ref().map(|m| &m.0) {
            shown_message = transient.message.clone();
            message_age = 0.0;
        }
        message_age += get_frame_time();
        if message_age > 8.0 {
            transient.message = None;
        }
        if let Some((msg, is_error)) = &transient.message {
            let color = if *is_error {
                draw::palette::HIT
            } else {
                draw::palette::TEXT
            };
            draw::message(&fonts, msg, &viewport, color);
        }
        egui_macroquad::draw();
        scenes.end_frame(
            &state,
            &mut transient,
            drag_ended,
            actions.edited,
            is_mouse_button_down(MouseButton::Left),
        );
        if is_quit_requested() {
            scenes.save_last_state(&state, &mut transient);
            break;
        }

        frames += 1;
        if let Some(path) = &options.screenshot {
            // a few frames let egui settle its layout before the picture is taken
            if frames >= 30 {
                get_screen_data().export_png(&path.to_string_lossy());
                std::process::exit(0);
            }
        }
        let ms = frame_start.elapsed().as_secs_f32() * 1000.0;
        transient.frame_ms = if transient.frame_ms == 0.0 {
            ms
        } else {
            transient.frame_ms * 0.9 + ms * 0.1
        };
        transient.frame_ms_max = (transient.frame_ms_max * 0.995).max(ms);
        next_frame().await;
    }
}

/// The reasoning tools, once a frame: Resolve and regression saving from the panel, the
/// step-through clock, and the live cross-check of the three tests.
fn analyse(
    state: &mut AppState,
    transient: &mut Transient,
    asked: &analysis_panel::AnalysisActions,
    dt: f32,
) {
    let mode = state.resolve_mode;
    let (count, separating): (usize, Vec<bool>) = match state.mode {
        Mode::Three => (
            15,
            state
                .report3()
                .axes
                .iter()
                .map(|t| t.is_separating())
                .collect(),
        ),
        Mode::Two => (
            4,
            state
                .report2()
                .axes
                .iter()
                .map(|t| t.is_separating())
                .collect(),
        ),
    };
    let step = &mut state.step;
    if asked.step_toggle {
        if step.active {
            step.stop();
        } else {
            step.start();
        }
    }
    if step.active {
        if asked.step_next {
            step.step(|i| separating[i], count);
        }
        if asked.step_back {
            step.back();
        }
        if asked.step_play {
            step.playing = !step.playing;
        }
    }
    match state.mode {
        Mode::Three => {
            let report = state.report3();
            if let (true, Some(pen)) = (asked.resolve, report.penetration) {
                analysis::resolve3(&mut state.three.a, &mut state.three.b, &pen, mode);
            }
            let separating = |i: usize| report.axes[i].is_separating();
            state.step.tick(dt, separating, report.axes.len());
            transient.cross_check = Some(analysis::cross_check3(
                &state.three.a,
                &state.three.b,
                &state.params,
            ));
        }
        Mode::Two => {
            let report = state.report2();
            if let (true, Some(pen)) = (asked.resolve, report.penetration) {
                analysis::resolve2(&mut state.two.a, &mut state.two.b, &pen, mode);
            }
            let separating = |i: usize| report.axes[i].is_separating();
            state.step.tick(dt, separating, report.axes.len());
            transient.cross_check = Some(analysis::cross_check2(
                &state.two.a,
                &state.two.b,
                &state.params,
            ));
        }
    }
    if asked.save_regression {
        transient.message = Some(match save_regression(state) {
            Ok(path) => (format!("Saved this case to {}", path.display()), false),
            Err(e) => (format!("Could not save the case: {e}"), true),
        });
    }
}

/// Writes the current pair as a scene named after the time, in the user's scenes folder, with the
/// cross-check's numbers in its description.
fn save_regression(state: &AppState) -> Result<PathBuf, crate::scene::SceneError> {
    let (pair, check) = match state.mode {
        Mode::Three => (
            Pair::Three(state.three.a, state.three.b),
            analysis::cross_check3(&state.three.a, &state.three.b, &state.params),
        ),
        Mode::Two => (
            Pair::Two(state.two.a, state.two.b),
            analysis::cross_check2(&state.two.a, &state.two.b, &state.params),
        ),
    };
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    let description = format!(
        "regression case: fast {} / report {} / reference {} (margin {:.3e})",
        check.fast, check.report, check.reference, check.margin
    );
    let view = serde_json::to_value(state.view()).unwrap_or_default();
    let path = crate::scene::user_scenes_dir().join(format!("regression-{stamp}.json"));
    Scene::new(&pair, description, view).save(&path)?;
    Ok(path)
}

/// The axis in the 3D spotlight: the axis under test while stepping, else hovered, selected,
/// first separating or least penetration.
fn focus3(state: &AppState, transient: &Transient, report: &crate::sat::Report3) -> Option<usize> {
    if state.step.active {
        Some(state.step.current)
    } else {
        draw3d::focus_axis(state.three.view.selected_axis, transient, report)
    }
}

/// The axis placed nearest the boxes: like [`focus3`] but never the hovered one, so that lines do
/// not move under the pointer (which would change what is hovered, frame after frame).
fn anchor3(state: &AppState, report: &crate::sat::Report3) -> Option<usize> {
    focus3(state, &Transient::default(), report)
}

/// One frame of the 3D mode: input, then the scene drawn from a fresh report. Returns `true`
/// when a gizmo drag ended (one undo step).
fn frame3(
    state: &mut AppState,
    transient: &mut Transient,
    it: &mut mode3d::Interaction3,
    input: &InputFrame,
    viewport: &Viewport,
    fonts: &draw::Fonts,
) -> bool {
    let layout = |state: &AppState, report: &crate::sat::Report3| {
        let view = &state.three.view;
        let cam = &view.camera3;
        let (filter, selected) = (view.filter, view.selected_axis);
        let step = state.step;
        axes3d::layout(
            report,
            &state.three.a,
            &state.three.b,
            cam.forward(),
            cam.basis().1,
            anchor3(state, report),
            |i| {
                if step.active {
                    step.tested(i)
                } else {
                    filter.shows(i, report.axes[i].is_separating(), selected)
                }
            },
        )
    };
    let report = state.report3();
    let lines = layout(state, &report);
    let drag_ended = mode3d::update(state, transient, it, input, viewport, &lines);
    // the boxes or camera may have moved: measure again before drawing
    let report = state.report3();
    let lines = if state.three.view.overlays.axes {
        layout(state, &report)
    } else {
        Vec::new()
    };
    let gizmo = mode3d::gizmo_frame(state, viewport)
        .map(|(_, f)| (f, it.drag.map(|d| d.handle).or(it.hovered_handle)));
    let scene = draw3d::Scene3 {
        state,
        report: &report,
        transient,
        projector: state.three.view.camera3.projector(*viewport),
        lines: &lines,
        gizmo,
        focus: focus3(state, transient, &report),
    };
    draw3d::draw(&scene, fonts);
    draw::banner(
        fonts,
        &report.verdict(),
        Vec2::new(20.0, 16.0),
        !report.intersect,
    );
    drag_ended
}
