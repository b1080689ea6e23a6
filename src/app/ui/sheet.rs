//! The panel as a sheet under the scene, for narrow and portrait windows (phones): the scene
//! keeps the whole width, and a bar along the bottom, always on screen and as tall as a finger,
//! opens and closes the sheet with a tap and sets its height with a drag. The panel's views
//! scroll inside it.

use egui_macroquad::egui::{self, Sense};

use super::{contents, PanelModel, UiOut};
use crate::app::command::AppCommand;
use crate::app::dim::Dim;
use crate::app::theme;

/// The bar's height in points: a finger's width (touch guidelines ask for 44).
pub(crate) const BAR_HEIGHT: f32 = 44.0;
/// The least height the scene keeps above an open sheet, in points.
pub(crate) const SCENE_KEEPS: f32 = 220.0;
/// The open sheet's height before its bar is first dragged: this share of the window.
const DEFAULT_SHARE: f32 = 0.5;

/// The open sheet's height in a window `screen_height` points tall, as last dragged to
/// (`wanted`, 0 for the default): the bar and some of the panel at least, and the scene keeps
/// [`SCENE_KEEPS`] points.
pub(crate) fn open_height(screen_height: f32, wanted: f32) -> f32 {
    let wanted = if wanted > 0.0 {
        wanted
    } else {
        screen_height * DEFAULT_SHARE
    };
    let most = (screen_height - SCENE_KEEPS).max(BAR_HEIGHT * 3.0);
    wanted.clamp(BAR_HEIGHT * 3.0, most)
}

/// The sheet's state across frames: the height its bar was last dragged to, and where a finger
/// or the mouse went down on the bar.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct SheetState {
    /// The open sheet's height in points, as its bar was last dragged (0: the default).
    pub height: f32,
    /// Where the pointer went down on the bar, while it is held.
    pressed_at: Option<egui::Pos2>,
    /// The pointer moved off its spot since: a drag, not a tap.
    moved: bool,
}

/// How far a finger may wander on the bar and still tap it, in points.
const TAP_SLOP: f32 = 10.0;

/// Shows the sheet (open or only its bar, as the settings say); returns the height it takes.
pub(crate) fn show<D: Dim>(
    ctx: &egui::Context,
    model: &PanelModel<D>,
    out: &mut UiOut,
    state: &mut SheetState,
) -> f32 {
    let screen = ctx.screen_rect();
    let open = model.settings.sheet_open;
    let shown = if open {
        open_height(screen.height(), state.height)
    } else {
        BAR_HEIGHT
    };
    let frame =
        egui::Frame::side_top_panel(&ctx.style()).inner_margin(egui::Margin::symmetric(8, 0));
    let panel = egui::TopBottomPanel::bottom("satbox-sheet")
        .resizable(false)
        .exact_height(shown)
        .frame(frame)
        .show(ctx, |ui| {
            bar(ui, open, state, out);
            if open {
                super::scrolled(ui, |ui| contents(ui, model, out, false));
            }
        });
    panel.response.rect.height()
}

/// The sheet's bar: a grip and what a tap does. A tap (however long) opens or closes the sheet;
/// a drag sets the open sheet's height, and a drag up opens it.
fn bar(ui: &mut egui::Ui, open: bool, state: &mut SheetState, out: &mut UiOut) {
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(ui.available_width(), BAR_HEIGHT),
        Sense::click_and_drag(),
    );
    let screen = ui.ctx().screen_rect();
    let pointer = ui.ctx().input(|i| i.pointer.interact_pos());
    if response.is_pointer_button_down_on() {
        let at = *state
            .pressed_at
            .get_or_insert(pointer.unwrap_or(rect.center()));
        if let Some(p) = pointer {
            state.moved |= p.distance(at) > TAP_SLOP;
            if state.moved {
                // the bar follows the finger: the sheet reaches from there to the bottom
                state.height =
                    open_height(screen.height(), screen.bottom() - p.y + BAR_HEIGHT * 0.5);
                if !open && p.y < at.y {
                    out.commands.push(AppCommand::TogglePanel.into());
                }
            }
        }
    } else if state.pressed_at.take().is_some() {
        if !std::mem::take(&mut state.moved) {
            // let go where it went down: a tap
            out.commands.push(AppCommand::TogglePanel.into());
        }
    } else if response.clicked() {
        // a click whose press and release fell in one frame
        out.commands.push(AppCommand::TogglePanel.into());
    }
    draw_bar(
        ui,
        rect,
        open,
        response.hovered() || state.pressed_at.is_some(),
    );
}

/// The grip, an arrow and the words of the bar.
fn draw_bar(ui: &egui::Ui, rect: egui::Rect, open: bool, lit: bool) {
    let painter = ui.painter_at(rect);
    let grip = egui::Rect::from_center_size(
        egui::pos2(rect.center().x, rect.top() + 7.0),
        egui::vec2(44.0, 4.0),
    );
    painter.rect_filled(grip, 2.0, theme::TEXT_DIM.egui());
    let words = if open {
        "Hide the panel"
    } else {
        "Panel: scenes, steps, axes, contacts"
    };
    let colour = if lit {
        ui.visuals().strong_text_color()
    } else {
        ui.visuals().text_color()
    };
    let font = egui::FontId::proportional(16.0);
    let text = ui.painter().layout_no_wrap(words.into(), font, colour);
    let middle = rect.center() + egui::vec2(0.0, 4.0);
    let arrow_w = 12.0;
    let left = middle.x - (text.size().x + arrow_w + 8.0) * 0.5;
    // a triangle pointing where a tap takes the sheet: down to close, up to open
    let (tip, base) = if open { (5.0, -5.0) } else { (-5.0, 5.0) };
    let cx = left + arrow_w * 0.5;
    painter.add(egui::Shape::convex_polygon(
        vec![
            egui::pos2(cx - arrow_w * 0.5, middle.y + base),
            egui::pos2(cx + arrow_w * 0.5, middle.y + base),
            egui::pos2(cx, middle.y + tip),
        ],
        colour,
        egui::Stroke::NONE,
    ));
    painter.galley(
        egui::pos2(left + arrow_w + 8.0, middle.y - text.size().y * 0.5),
        text,
        colour,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_open_sheet_on_a_phone_takes_half_the_screen_and_leaves_the_scene_its_share() {
        // 844 points tall: half, then never more than leaves the scene its 220 points
        assert_eq!(open_height(844.0, 0.0), 422.0);
        assert_eq!(open_height(844.0, 800.0), 844.0 - SCENE_KEEPS);
        // dragged down to almost nothing: the bar and some of the panel stay
        assert_eq!(open_height(844.0, 10.0), BAR_HEIGHT * 3.0);
        // a window too short for both: the sheet keeps its least height
        assert_eq!(open_height(300.0, 0.0), BAR_HEIGHT * 3.0);
    }
}
