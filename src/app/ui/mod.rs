//! The egui side panel and windows. Each view is a small function of a read-only [`PanelModel`]
//! that pushes [`Command`]s; none of them changes the state or draws the scene. The app applies the
//! commands in the next frame's edit phase, so the panel and the scene always show the same report;
//! what the pointer is on in the panel ([`PanelPointer`]) is the next frame's input too.

pub(crate) mod analysis;
pub(crate) mod bands;
pub(crate) mod boxes;
pub(crate) mod contact;
pub(crate) mod engines;
pub(crate) mod gjk;
pub(crate) mod motion;
pub(crate) mod paste;
pub(crate) mod scenes;
pub(crate) mod sheet;
pub(crate) mod sphere;
pub(crate) mod table;
pub(crate) mod timeline;

use egui_macroquad::egui::{self, RichText, Ui};

use super::command::{AppCommand, Command};
use super::dim::Dim;
use super::frame::Shown;
use super::library::Library;
use super::mode::ModeState;
use super::numbers;
use super::platform;
use super::settings::Settings;
use super::theme;
use crate::scene::Mode;

/// What the panel shows, read-only.
pub(crate) struct PanelModel<'a, D: Dim> {
    /// The mode shown.
    pub mode: &'a ModeState<D>,
    /// This frame's report.
    pub frame: &'a Shown<D>,
    /// Shared settings.
    pub settings: &'a Settings,
    /// Scenes.
    pub library: &'a Library,
    /// The boxes differ from the scene as opened or saved.
    pub modified: bool,
    /// Undo has something to undo.
    pub can_undo: bool,
    /// Redo has something to redo.
    pub can_redo: bool,
    /// Smoothed and worst recent frame time, milliseconds.
    pub frame_ms: FrameTimes,
    /// The recording being scrubbed, if one is open.
    pub timeline: Option<&'a super::timeline::Timeline>,
}

/// What egui wanted last frame: the scene ignores the pointer and keys it took.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct UiFlags {
    /// The pointer is over the panel or a window, or dragging in one.
    pub pointer_over: bool,
    /// A text field has the keyboard.
    pub wants_keyboard: bool,
    /// The panel's width in points (0 when collapsed).
    pub panel_width: f32,
    /// Where the scene starts on the left: the right edge of the sphere window when it sits at
    /// the window's left edge (so the scene is framed beside it, not under it), else 0.
    pub scene_left: f32,
    /// Where the scene ends on the right: the width the GJK window takes beside the panel (so the
    /// scene is framed beside it), else 0.
    pub scene_right: f32,
    /// Where the scene ends at the bottom: the height the timeline window takes (so the scene is
    /// framed above it), else 0.
    pub scene_bottom: f32,
    /// A dialog with a text field is open (Open, Save as, Paste, Copy as test): it owns the
    /// keyboard, and no letter typed reaches the scene's shortcuts.
    pub dialog_open: bool,
    /// The panel is a sheet under the scene (a narrow or portrait window: see [`is_narrow`]).
    pub sheet: bool,
    /// The sheet's height in points, its bar included (0 beside the scene).
    pub panel_height: f32,
}

/// The UI's own state across frames: its windows' text fields, and last frame's flags.
#[derive(Debug, Default)]
pub(crate) struct UiState {
    /// Open, Save as, Copy as test.
    pub windows: scenes::Windows,
    /// Paste from engine.
    pub paste: paste::PasteWindow,
    /// What egui wanted last frame.
    pub flags: UiFlags,
    /// Text to put on the clipboard in the next pass.
    pub clipboard: Option<String>,
    /// How the sphere of directions is turned.
    pub sphere: sphere::SphereState,
    /// How the GJK window's picture is turned, and its step.
    pub gjk: gjk::GjkState,
    /// egui believed Ctrl was down last frame when it was not (see [`repair_modifiers`]).
    pub stale_ctrl: bool,
    /// The window's width last frame, in points: a resize gives the panel its default share.
    pub screen_width: f32,
    /// The sheet under the scene on a narrow window: its height, and a press on its bar.
    pub sheet: sheet::SheetState,
}

/// What one pass of the UI produced, for the next frame.
#[derive(Debug, Default)]
pub(crate) struct UiOut {
    /// What the user asked for.
    pub commands: Vec<Command>,
    /// What the pointer is on in the panel and its windows.
    pub pointer: PanelPointer,
}

/// What the pointer is on in the panel and its windows at the end of a pass.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct PanelPointer {
    /// The pointer is over the panel or a window, or dragging in one.
    pub over: bool,
    /// The table row under the pointer.
    pub hovered_axis: Option<usize>,
    /// The direction under the pointer on the sphere of directions (or the plot), as `[x, y, z]`.
    pub probe: Option<[f32; 3]>,
}

/// The keys as the window itself reads them this frame: what egui is told when it has it wrong.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct KeysNow {
    /// Ctrl (or the command key) is down.
    pub ctrl: bool,
    /// Shift is down.
    pub shift: bool,
    /// A character typed without Ctrl that egui's own input dropped (the first after a Ctrl
    /// shortcut; see [`crate::app::input::KeyFrame::lost_char`]).
    pub lost_char: Option<char>,
    /// Wheel notches this frame.
    pub wheel: f32,
}

/// Points scrolled per wheel notch (as `main_loop` sets egui's `line_scroll_speed` for X11).
const SCROLL_PER_NOTCH: f32 = 40.0;

/// Puts the real modifiers back into egui's input when it believes Ctrl is still down, and the
/// character it dropped; returns whether egui's Ctrl was stale.
///
/// X11 reports the release of a modifier key with that modifier still set, and egui-miniquad
/// keeps the modifiers of the last key event: after Ctrl+Z, egui thinks Ctrl is held until the next
/// key, so the wheel over the panel zooms instead of scrolling, and the next character typed is
/// dropped (X11 sends a key's character before its key-down, and the key-down then corrects the
/// modifiers). Here the wheel becomes a scroll again, and the dropped character (which the
/// window's own keyboard log finds, event by event: see [`crate::app::input::KeyFrame`]) is typed
/// before the frame's other characters. Shortcut letters typed into a field are dropped as well
/// (see [`drop_shortcut_characters`]).
pub(crate) fn repair_modifiers(ctx: &egui::Context, keys: &KeysNow) -> bool {
    let stale = ctx.input(|i| (i.modifiers.ctrl || i.modifiers.command) && !keys.ctrl);
    let lost = keys.lost_char;
    ctx.input_mut(|i| {
        if stale {
            i.modifiers = egui::Modifiers {
                shift: keys.shift,
                ..egui::Modifiers::NONE
            };
            i.smooth_scroll_delta.y += keys.wheel * SCROLL_PER_NOTCH;
        }
        drop_shortcut_characters(&mut i.events);
        if let Some(c) = lost {
            let first_text = i
                .events
                .iter()
                .position(|e| matches!(e, egui::Event::Text(_)));
            let at = first_text.unwrap_or(i.events.len());
            i.events.insert(at, egui::Event::Text(c.to_string()));
        }
    });
    stale
}

/// Drops the letters of Ctrl shortcuts from the frame's typed text.
///
/// X11 sends a key's character before its key-down, and egui-miniquad drops a character only when
/// the *previous* key event had Ctrl. The Ctrl key's own key-down does not (X11 gives the
/// modifiers from before the press), so the first key pressed with Ctrl typed its letter into the
/// focused field before its shortcut acted: Ctrl+A in a number field made it "a", selected. A
/// character directly followed by what its key became with Ctrl held (a key-down with Ctrl,
/// Copy, Cut, or, after a "v", the pasted text) is that shortcut's. Each key typed without Ctrl is
/// followed by its own key-down without Ctrl, so typed text is never dropped.
pub(crate) fn drop_shortcut_characters(events: &mut Vec<egui::Event>) {
    let mut k = 0;
    while k + 1 < events.len() {
        let shortcut = match (&events[k], &events[k + 1]) {
            (
                egui::Event::Text(_),
                egui::Event::Key {
                    pressed: true,
                    modifiers,
                    ..
                },
            ) => modifiers.ctrl || modifiers.command,
            (egui::Event::Text(_), egui::Event::Copy | egui::Event::Cut) => true,
            (egui::Event::Text(c), egui::Event::Text(_)) => c == "v",
            _ => false,
        };
        if shortcut {
            events.remove(k);
        } else {
            k += 1;
        }
    }
}

/// The panel's width when the window opens or is resized: about a third of the window, within
/// reason (at most 55 % of it, so that the scene keeps the rest).
pub(crate) fn default_panel_width(screen_width: f32) -> f32 {
    (screen_width * 0.38)
        .clamp(340.0, 560.0)
        .min(screen_width * 0.55)
}

/// The scene's size in a window `width` × `height` points before the panel's first frame: left
/// of the panel at its default width, or above the sheet's bar on a narrow window.
pub(crate) fn first_scene_size(width: f32, height: f32) -> (f32, f32) {
    if is_narrow(egui::vec2(width, height)) {
        (width, (height - sheet::BAR_HEIGHT).max(200.0))
    } else {
        (
            (width - default_panel_width(width)).max(240.0),
            height.max(200.0),
        )
    }
}

/// The frame times the panel shows, in milliseconds, smoothed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct FrameTimes {
    /// satbox's own work in a frame: input, report, panel, drawing calls.
    pub work: f32,
    /// The worst recent work time (decays slowly).
    pub worst: f32,
    /// From one frame to the next: the rate actually shown.
    pub interval: f32,
}

/// Runs the panel and the windows for one frame.
pub(crate) fn show<D: sphere::DirectionsPicture>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    state: &mut UiState,
    keys: &KeysNow,
) -> UiOut {
    state.stale_ctrl = repair_modifiers(ctx, keys);
    let mut out = UiOut::default();
    if let Some(text) = state.clipboard.take() {
        platform::copy_text(ctx, text);
    }
    // Escape closes the dialogs (the scene's Escape is theirs while one is open)
    if state.dialog_open() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.close_dialogs();
    }
    scenes::windows(ctx, model, &mut state.windows, &mut out.commands);
    let layout = WindowLayout::of(
        ctx.screen_rect(),
        egui::vec2(state.flags.panel_width, state.flags.panel_height),
        model.timeline.is_some(),
    );
    paste::window::<D>(ctx, &layout, &mut state.paste, &mut out.commands);
    let timeline = timeline::window(
        ctx,
        model.timeline,
        model.modified,
        &layout,
        &mut out.commands,
    );
    let sphere = if model.settings.sphere {
        sphere::window(
            ctx,
            model,
            &layout,
            &mut state.sphere,
            &mut out.commands,
            &mut out.pointer.probe,
        )
    } else {
        None
    };
    let gjk = if model.settings.gjk {
        gjk::window(
            ctx,
            model,
            &layout,
            sphere,
            &mut state.gjk,
            &mut out.commands,
        )
    } else {
        None
    };
    let sheet = is_narrow(ctx.screen_rect().size());
    let (width, height) = if sheet {
        (0.0, sheet::show(ctx, model, &mut out, &mut state.sheet))
    } else if model.settings.panel_open {
        let width = side_panel(ctx, model, &mut out, &mut state.screen_width);
        (width, 0.0)
    } else {
        collapsed(ctx, &mut out.commands);
        (0.0, 0.0)
    };
    out.pointer.over = ctx.is_pointer_over_area() || ctx.is_using_pointer();
    state.flags = UiFlags {
        pointer_over: out.pointer.over,
        wants_keyboard: ctx.wants_keyboard_input(),
        panel_width: width,
        scene_left: sphere
            .filter(|r| r.left() < 48.0)
            .map_or(0.0, |r| r.right()),
        scene_right: gjk.map_or(0.0, |r| (layout.scene.right() - r.left()).max(0.0)),
        scene_bottom: timeline.map_or(0.0, |r| (layout.scene.bottom() - r.top() + 6.0).max(0.0)),
        dialog_open: state.dialog_open(),
        sheet,
        panel_height: height,
    };
    out
}

/// Below this width in points the panel is a sheet under the scene instead of beside it.
pub(crate) const NARROW_WIDTH: f32 = 700.0;

/// Whether a window of this size (points) is narrow or portrait, as a phone's: the scene takes
/// the width, and the panel is a sheet under it.
pub(crate) fn is_narrow(screen: egui::Vec2) -> bool {
    screen.x < NARROW_WIDTH || screen.y > screen.x
}

/// Whether one of egui's windows or areas (the sphere, the timeline, a dialog, a tooltip, the
/// panel's button) lies at `p` (points), as last frame drew them; the panel itself is outside the
/// scene's rectangle.
pub(crate) fn window_at(p: glam::Vec2) -> bool {
    let mut found = false;
    egui_macroquad::cfg(|ctx| {
        // the background layer is the whole screen (egui keeps an area for it): not a window
        found = ctx
            .layer_id_at(egui::pos2(p.x, p.y))
            .is_some_and(|l| l.order != egui::Order::Background);
    });
    found
}

/// Sets the panel up for fingers, once, when the pointer is first known to be one (see
/// [`Settings::touch`](crate::app::settings::Settings::touch)): its style for fingers, and taps
/// that may wobble and last longer than a mouse's click.
pub(crate) fn use_fingers(ctx: &egui::Context) {
    ctx.style_mut(style_for_fingers);
    // a finger's tap wobbles further and lasts longer than a mouse's click
    ctx.options_mut(|o| {
        o.input_options.max_click_dist = 12.0;
        o.input_options.max_click_duration = 1.5;
    });
}

/// The panel's style once a finger has touched the screen: labels are not selectable text (a
/// swipe scrolls instead of selecting, a tap on a preset opens it), and what a finger taps is
/// larger and further apart.
fn style_for_fingers(style: &mut egui::Style) {
    style.interaction.selectable_labels = false;
    style.interaction.resize_grab_radius_side = 12.0;
    style.spacing.interact_size.y = style.spacing.interact_size.y.max(30.0);
    style.spacing.button_padding = egui::vec2(10.0, 6.0);
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    style.spacing.scroll.bar_width = 12.0;
}

impl UiState {
    /// Whether a dialog with a text field is shown.
    pub(crate) fn dialog_open(&self) -> bool {
        let w = &self.windows;
        w.open.open || w.save_as.open || w.copy_test.is_some() || self.paste.open
    }

    /// Closes every dialog.
    pub(crate) fn close_dialogs(&mut self) {
        self.windows.open.open = false;
        self.windows.save_as.open = false;
        self.windows.copy_test = None;
        self.paste.open = false;
    }
}

/// Where the scene's windows go this frame, so that none covers another or runs under the panel:
/// the timeline across the bottom of the scene, the sphere of directions at the top left above it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct WindowLayout {
    /// The scene's part of the window: left of the panel.
    pub scene: egui::Rect,
    /// The timeline's width, and the height it keeps at the bottom (0 without a recording).
    pub timeline: egui::Vec2,
    /// The tallest the sphere window may be: down to the timeline, or to the bottom.
    pub sphere_height: f32,
}

/// The timeline window's height at most: controls, strip, slider, the lanes of the contact
/// points and their summary, and the words, with no scrolling on most frames.
pub(crate) const TIMELINE_HEIGHT: f32 = 400.0;
/// The share of the window's height the timeline takes at most, so that the scene above it keeps
/// more than half (at 1280 × 720: 288 points of 720; what does not fit in it scrolls).
pub(crate) const TIMELINE_SHARE: f32 = 0.4;
/// The share of the room left of the panel the GJK window takes at most, so that the scene
/// beside it keeps more than half of that room.
pub(crate) const GJK_SHARE: f32 = 0.4;
/// Where the sphere window starts, below the verdict banner.
pub(crate) const SPHERE_TOP: f32 = 90.0;
/// The GJK window's width, when the scene has room for it.
pub(crate) const GJK_WIDTH: f32 = 400.0;
/// The GJK window's least width (its title's): narrower, it goes over the sphere window.
pub(crate) const GJK_MIN_WIDTH: f32 = 340.0;

impl WindowLayout {
    /// For a window `screen` with the panel taking `panel` (last frame's): its width on the
    /// right, its height along the bottom as a sheet.
    pub(crate) fn of(screen: egui::Rect, panel: egui::Vec2, timeline: bool) -> Self {
        let scene = egui::Rect::from_min_max(
            screen.min,
            egui::pos2(
                (screen.right() - panel.x).max(screen.left() + 200.0),
                (screen.bottom() - panel.y).max(screen.top() + 200.0),
            ),
        );
        let timeline = if timeline {
            let height = (screen.height() * TIMELINE_SHARE).clamp(200.0, TIMELINE_HEIGHT);
            egui::vec2((scene.width() - 20.0).clamp(200.0, 640.0), height)
        } else {
            egui::Vec2::ZERO
        };
        // the window's title bar and margins come on top of its content's height
        let sphere_height = (scene.height() - SPHERE_TOP - timeline.y - 100.0).max(80.0);
        Self {
            scene,
            timeline,
            sphere_height,
        }
    }

    /// Where the GJK window goes: at the top right of the scene, beside the panel, as tall as the
    /// sphere window may be, and (room allowing) right of the sphere window when that is on the
    /// scene's left.
    pub(crate) fn gjk_place(&self, sphere: Option<egui::Rect>) -> egui::Rect {
        let right = self.scene.right() - 12.0;
        let free_from = sphere
            .filter(|r| r.center().x < self.scene.center().x)
            .map_or(self.scene.left() + 16.0, |r| r.right() + 8.0);
        let width = GJK_WIDTH
            .min(self.scene.width() * GJK_SHARE)
            .min(right - free_from)
            .max(GJK_MIN_WIDTH);
        egui::Rect::from_min_size(
            egui::pos2(right - width, SPHERE_TOP),
            egui::vec2(width, self.sphere_height),
        )
    }
}

/// The scene's left edge and width, from the room left of the panel (`free`) and what the windows
/// beside it take on the `left` and the `right`: the scene keeps at least 240 pixels, giving back
/// the right window's room first, then the left's (those windows are then drawn over it).
pub(crate) fn scene_span(free: f32, left: f32, right: f32) -> (f32, f32) {
    let (left, right) = if free - left - right >= 240.0 {
        (left, right)
    } else if free - left >= 240.0 {
        (left, 0.0)
    } else if free - right >= 240.0 {
        (0.0, right)
    } else {
        (0.0, 0.0)
    };
    (left, (free - left - right).max(240.0))
}

/// The button that opens the panel again.
fn collapsed(ctx: &egui::Context, commands: &mut Vec<Command>) {
    egui::Area::new(egui::Id::new("panel-collapsed"))
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-8.0, 8.0))
        .show(ctx, |ui| {
            if ui
                .button(RichText::new("◀ Panel (P)").strong())
                .on_hover_text("Show the side panel")
                .clicked()
            {
                commands.push(AppCommand::TogglePanel.into());
            }
        });
}

fn side_panel<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    out: &mut UiOut,
    last_screen: &mut f32,
) -> f32 {
    let screen = ctx.screen_rect().width();
    let id = egui::Id::new("satbox-panel");
    // when the window is resized the panel takes its default share of the new width again (egui
    // would keep the width the smaller window forced on it)
    if (screen - *last_screen).abs() > 0.5 {
        if *last_screen > 0.0 {
            ctx.data_mut(|d| d.remove::<egui::containers::panel::PanelState>(id));
        }
        *last_screen = screen;
    }
    let panel = egui::SidePanel::right(id)
        .resizable(true)
        .default_width(default_panel_width(screen))
        // the scene always keeps at least 45% of a small window
        .min_width(300.0f32.min(screen * 0.55))
        .max_width((screen * 0.55).max(200.0))
        .show(ctx, |ui| {
            // vertical only: every view fits the panel's width (wrapping, or a narrower table)
            scrolled(ui, |ui| contents(ui, model, out, true));
        });
    panel.response.rect.width()
}

/// `add` in a vertical scroll area that a drag on its background scrolls (a finger's swipe, or
/// the mouse). egui's own drag to scroll takes the pointer's jump on the frame a finger lands
/// (from where the last finger lifted) as the drag's first step, and a second swipe scrolled
/// back as far as it went; here the drag counts from its second frame.
pub(crate) fn scrolled(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .drag_to_scroll(false)
        .show(ui, |ui| {
            // before the views, so that a widget that takes drags (a slider) keeps them
            let id = ui.id().with("drag-to-scroll");
            let background = ui.interact(ui.clip_rect(), id, egui::Sense::drag());
            if background.dragged() && !background.drag_started() {
                ui.scroll_with_delta(egui::vec2(0.0, background.drag_delta().y));
            }
            add(ui)
        });
}

/// The panel's views, top to bottom; `collapse` puts the button that hides it in the header
/// (the sheet has its own bar).
pub(crate) fn contents<D: Dim>(
    ui: &mut Ui,
    model: &PanelModel<D>,
    out: &mut UiOut,
    collapse: bool,
) {
    let c = &mut out.commands;
    header(ui, D::MODE, collapse, c);
    scenes::section(ui, model, c);
    ui.separator();
    analysis::verdict(ui, model);
    // what the user sets comes before what the boxes' state makes longer or shorter (the contact
    // points, a disagreement), so that no control moves under the pointer when the boxes change:
    // the motion, always here, then the boxes and the view
    motion::section(ui, model, c);
    ui.separator();
    boxes::editors(ui, model, c);
    boxes::controls(ui, model, c);
    ui.separator();
    analysis::frame_time(ui, model.frame_ms);
    analysis::cross_check(ui, &model.frame.check, c);
    analysis::penetration(ui, model, c);
    contact::section(ui, model, c);
    bands::section(ui, model, c);
    engines::section(ui, model, c);
    ui.separator();
    out.pointer.hovered_axis = table::axis_table(ui, model, c);
    ui.separator();
    analysis::step_through(ui, model, c);
    if D::MODE == Mode::Three {
        analysis::parallel_lab(ui, model, c);
    }
}

/// The title, the mode switch and (with `collapse`) the button that hides the panel.
fn header(ui: &mut Ui, mode: Mode, collapse: bool, commands: &mut Vec<Command>) {
    ui.horizontal(|ui| {
        ui.heading("satbox");
        ui.add_space(8.0);
        for (m, text) in [(Mode::Two, "2D · 4 axes"), (Mode::Three, "3D · 15 axes")] {
            if ui
                .selectable_label(mode == m, RichText::new(text).strong())
                .clicked()
                && mode != m
            {
                commands.push(AppCommand::SetMode(m).into());
            }
        }
        ui.label(RichText::new("(M)").color(theme::TEXT_DIM.egui()));
        if !collapse {
            return;
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if ui
                .small_button("▶")
                .on_hover_text("Hide the panel (P)")
                .clicked()
            {
                commands.push(AppCommand::TogglePanel.into());
            }
        });
    });
}

/// Where along a slider's track a click landed whose press and release fell in one frame, from
/// 0 (the left end) to 1: egui's slider senses drags only, so such a click (a quick click at a low
/// frame rate) would otherwise do nothing. The track is the slider's width less its handle's radius
/// at each end, as egui lays it out.
pub(crate) fn clicked_along(ui: &Ui, slider: &egui::Response) -> Option<f32> {
    let click = ui.interact(slider.rect, slider.id.with("click"), egui::Sense::click());
    // a press held over frames is the slider's own
    let one_frame = ui.input(|i| i.pointer.any_pressed() && i.pointer.any_released());
    let at = (click.clicked() && one_frame)
        .then(|| click.interact_pointer_pos())
        .flatten()?;
    let rect = slider.rect;
    let track = rect.x_range().shrink(rect.height() / 2.5);
    Some(((at.x - track.min) / track.span().max(1.0)).clamp(0.0, 1.0))
}

/// Asks egui to lay the frame out again, before it is drawn, when two cells of one grid row (as
/// placed, left to right) overlap.
///
/// egui places a grid's columns at the widths they had on the last frame: a cell that grew wider
/// in this one (a number with more digits) printed over the next cell for a frame, and on every
/// frame while a recording played. The second layout places the columns at this one's widths.
pub(crate) fn settle_row(ui: &Ui, cells: &[egui::Rect]) {
    let overlap = cells
        .windows(2)
        .any(|pair| pair[1].left() < pair[0].right() - 0.5);
    if overlap {
        ui.ctx()
            .request_discard("a grid's column grew wider than last frame's");
    }
}

/// A dim line of explanation.
pub(crate) fn dim(ui: &mut Ui, text: impl Into<String>) {
    ui.label(RichText::new(text.into()).color(theme::TEXT_DIM.egui()));
}

/// A unit vector to four decimals (never "-0.0000": see [`crate::app::numbers`]).
pub(crate) fn vector_words<V: crate::app::dim::Vector>(v: V) -> String {
    numbers::coords(&v.coords(), |x| numbers::fixed(x, 4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gjk_window_sits_left_of_the_panel_and_right_of_the_sphere_window() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1600.0, 1000.0));
        let layout = WindowLayout::of(screen, egui::vec2(560.0, 0.0), true);
        let sphere =
            egui::Rect::from_min_size(egui::pos2(16.0, SPHERE_TOP), egui::vec2(376.0, 500.0));
        let place = layout.gjk_place(Some(sphere));
        assert!(place.right() <= 1600.0 - 560.0);
        assert!(place.left() >= sphere.right());
        assert_eq!(place.width(), GJK_WIDTH);
        // never down over the timeline
        assert!(place.bottom() <= screen.bottom() - layout.timeline.y);
        // a narrow scene: narrower, then over the sphere window rather than under the panel
        let narrow = WindowLayout::of(screen, egui::vec2(1600.0 - 700.0, 0.0), false);
        let place = narrow.gjk_place(Some(sphere));
        assert!(place.right() <= 700.0 && place.width() >= GJK_MIN_WIDTH);
    }

    /// At 1280 × 720 (the default size) and larger, with the panel at its default width: the
    /// timeline leaves the scene above it more than half the window's height, the GJK window
    /// leaves the scene beside it more than half the room left of the panel, and the sphere
    /// window's height stays on the screen. (The timeline had left a 1280 × 720 scene about 300
    /// points, its labels tangled.)
    #[test]
    fn any_one_window_leaves_the_scene_at_least_half_the_window() {
        for (w, h) in [(1280.0, 720.0), (1600.0, 1000.0), (1920.0, 1080.0)] {
            let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
            let panel = egui::vec2(default_panel_width(w), 0.0);
            let layout = WindowLayout::of(screen, panel, true);
            // the timeline's gap to the window's bottom, its frame, and the scene's margin above it
            let above = layout.scene.height() - layout.timeline.y - 18.0;
            assert!(above >= 0.5 * h, "{w}x{h}: the timeline leaves {above}");
            let free = layout.scene.width();
            let gjk = layout.gjk_place(None);
            let (_, beside) = scene_span(free, 0.0, layout.scene.right() - gjk.left());
            assert!(
                beside >= 0.5 * free,
                "{w}x{h}: the GJK window leaves {beside} of {free}"
            );
            assert!(SPHERE_TOP + layout.sphere_height <= h, "{w}x{h}");
        }
    }

    #[test]
    fn the_scene_keeps_240_pixels_giving_back_the_right_window_s_room_first() {
        assert_eq!(scene_span(1000.0, 380.0, 400.0), (380.0, 620.0));
        assert_eq!(scene_span(1100.0, 380.0, 400.0), (380.0, 320.0));
        assert_eq!(scene_span(700.0, 380.0, 400.0), (380.0, 320.0));
        assert_eq!(scene_span(500.0, 380.0, 400.0), (0.0, 500.0));
    }

    /// One egui pass whose raw input has `egui_ctrl`, with `keys` as the window reads them.
    fn pass(egui_ctrl: bool, keys: KeysNow) -> (bool, bool, Vec<egui::Event>, f32) {
        pass_with(egui_ctrl, keys, Vec::new())
    }

    /// [`pass`] with the events egui-miniquad queued this frame.
    fn pass_with(
        egui_ctrl: bool,
        keys: KeysNow,
        events: Vec<egui::Event>,
    ) -> (bool, bool, Vec<egui::Event>, f32) {
        let ctx = egui::Context::default();
        let raw = egui::RawInput {
            modifiers: if egui_ctrl {
                egui::Modifiers::CTRL
            } else {
                egui::Modifiers::NONE
            },
            events,
            ..Default::default()
        };
        let mut seen = (false, true, Vec::new(), 0.0);
        let _ = ctx.run(raw, |ctx| {
            let stale = repair_modifiers(ctx, &keys);
            let (ctrl, events, scroll) =
                ctx.input(|i| (i.modifiers.ctrl, i.events.clone(), i.smooth_scroll_delta.y));
            seen = (stale, ctrl, events, scroll);
        });
        seen
    }

    #[test]
    fn after_ctrl_is_released_the_wheel_scrolls_the_panel_again() {
        let keys = KeysNow {
            wheel: -1.0,
            ..Default::default()
        };
        let (stale, ctrl, _, scroll) = pass(true, keys);
        assert!(stale && !ctrl);
        assert_eq!(scroll, -SCROLL_PER_NOTCH);
    }

    #[test]
    fn a_character_egui_dropped_after_a_shortcut_is_typed_once() {
        // the keyboard log found that egui-miniquad dropped the "2" typed after Ctrl+A
        let keys = KeysNow {
            lost_char: Some('2'),
            ..Default::default()
        };
        let (stale, _, events, _) = pass(false, keys);
        assert!(!stale);
        assert_eq!(events, [egui::Event::Text("2".into())]);
        // nothing dropped: nothing typed
        let (_, _, events, _) = pass(false, KeysNow::default());
        assert!(events.is_empty());
    }

    fn text(t: &str) -> egui::Event {
        egui::Event::Text(t.into())
    }

    fn key(key: egui::Key, modifiers: egui::Modifiers) -> egui::Event {
        egui::Event::Key {
            key,
            pressed: true,
            modifiers,
            repeat: false,
            physical_key: None,
        }
    }

    #[test]
    fn the_lost_first_character_goes_before_the_rest_of_the_frame_s_typing() {
        // "2.6" typed in one frame after a stale one: egui-miniquad dropped the "2"
        let keys = KeysNow {
            lost_char: Some('2'),
            ..Default::default()
        };
        let none = egui::Modifiers::NONE;
        let typed = vec![
            text("."),
            key(egui::Key::Period, none),
            text("6"),
            key(egui::Key::Num6, none),
        ];
        let (_, _, events, _) = pass_with(false, keys, typed);
        let texts: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                egui::Event::Text(t) => Some(t.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(texts, ["2", ".", "6"]);
    }

    #[test]
    fn the_letter_of_a_ctrl_shortcut_is_not_typed_into_the_field() {
        let ctrl = egui::Modifiers::CTRL;
        let none = egui::Modifiers::NONE;
        // Ctrl+A: X11's "a" before the key-down that carries Ctrl
        let mut events = vec![text("a"), key(egui::Key::A, ctrl)];
        drop_shortcut_characters(&mut events);
        assert_eq!(events, [key(egui::Key::A, ctrl)]);
        // Ctrl+C and Ctrl+X become Copy and Cut; Ctrl+V the pasted text
        let mut events = vec![text("c"), egui::Event::Copy, text("x"), egui::Event::Cut];
        drop_shortcut_characters(&mut events);
        assert_eq!(events, [egui::Event::Copy, egui::Event::Cut]);
        let mut events = vec![text("v"), text("1.5")];
        drop_shortcut_characters(&mut events);
        assert_eq!(events, [text("1.5")]);
        // typing, "v" included, is kept, and a shortcut after it drops only its own letter
        let typing = vec![
            text("v"),
            key(egui::Key::V, none),
            text("a"),
            key(egui::Key::A, none),
            text("z"),
            key(egui::Key::Z, ctrl),
        ];
        let mut events = typing.clone();
        drop_shortcut_characters(&mut events);
        assert_eq!(events, [&typing[..4], &typing[5..]].concat());
    }

    #[test]
    fn while_ctrl_is_really_held_nothing_is_changed() {
        let keys = KeysNow {
            ctrl: true,
            ..Default::default()
        };
        let (stale, ctrl, events, _) = pass(true, keys);
        assert!(!stale && ctrl);
        assert!(events.is_empty());
    }
}

#[cfg(test)]
mod glyphs {
    use egui_macroquad::egui;

    /// The characters beyond ASCII inside the string literals of the panel's sources (`ui/`;
    /// the scene's labels are drawn with their own font, see `draw::EXTRA_GLYPHS`).
    fn literal_chars() -> Vec<(char, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/ui");
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            let text = std::fs::read_to_string(&p).unwrap();
            // this test's own sample of a missing glyph is not the panel's
            let text = text.replace("\"✓\"", "");
            for line in text.lines() {
                let code = line.split("//").next().unwrap_or_default();
                let mut inside = false;
                for c in code.chars() {
                    if c == '"' {
                        inside = !inside;
                    } else if inside && !c.is_ascii() {
                        out.push((c, p.display().to_string()));
                    }
                }
            }
        }
        out.sort();
        out.dedup_by_key(|(c, _)| *c);
        out
    }

    /// egui draws a character its fonts lack as an empty box: "✓" (U+2713) was one, "✔" is not.
    #[test]
    fn every_character_the_panel_writes_has_a_glyph_in_egui_s_fonts() {
        let ctx = egui::Context::default();
        let _ = ctx.run(egui::RawInput::default(), |_| {});
        let font = egui::FontId::proportional(14.0);
        let missing: Vec<(char, String)> = literal_chars()
            .into_iter()
            .filter(|(c, _)| !ctx.fonts(|f| f.has_glyphs(&font, &c.to_string())))
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
        assert!(
            !ctx.fonts(|f| f.has_glyphs(&font, "✓")),
            "the test can fail"
        );
    }
}
