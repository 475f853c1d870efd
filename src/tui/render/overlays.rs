//! Panels over any screen: help, the rules, your stats, and questions before leaving.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::widgets::Panel;
use crate::said;
use crate::tui::intent::Confirm;
use crate::tui::snapshot::OverlayView;
use crate::tui::theme::Theme;

pub fn render(overlay: &OverlayView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    match overlay {
        OverlayView::Help { text, scroll } => text_panel(
            &format!(" {} ", said!(overlay_help_title)),
            text,
            *scroll,
            area,
            buf,
        ),
        OverlayView::Rules { game, scroll } => text_panel(
            &format!(" {} ", said!(overlay_rules_title)),
            game.game_type().rules(),
            *scroll,
            area,
            buf,
        ),
        OverlayView::Stats { stats, page } => super::stats::render(stats, *page, theme, area, buf),
        OverlayView::Confirm(question) => {
            let (title, text) = match question {
                Confirm::Quit => (said!(confirm_quit_title), said!(confirm_quit)),
                Confirm::Leave => (said!(confirm_leave_title), said!(confirm_leave)),
                Confirm::LeaveShared => (
                    said!(confirm_leave_shared_title),
                    said!(confirm_leave_shared),
                ),
                Confirm::QuitShared => (said!(confirm_quit_title), said!(confirm_quit_shared)),
                Confirm::LeaveLobby => {
                    (said!(confirm_leave_lobby_title), said!(confirm_leave_lobby))
                }
                Confirm::NewGame => (said!(confirm_new_game_title), said!(confirm_new_game)),
            };
            let text = format!("{text}\n\n{}", said!(confirm_keys));
            text_panel(&format!(" {title} "), &text, 0, area, buf);
        }
    }
}

/// A bordered panel of text in the middle of the screen, wrapped to fit, scrolled by
/// `scroll` lines.
fn text_panel(title: &str, text: &str, scroll: u16, area: Rect, buf: &mut Buffer) {
    Panel {
        title,
        lines: text.lines().map(str::to_owned).collect(),
        scroll,
        centred_text: false,
        border: ratatui::style::Style::new(),
    }
    .render(area, buf);
}
