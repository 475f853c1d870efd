//! Panels over any screen: help, the rules, your stats, and questions before leaving.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::widgets::Panel;
use crate::tui::intent::Confirm;
use crate::tui::snapshot::OverlayView;
use crate::tui::theme::Theme;

pub fn render(overlay: &OverlayView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    match overlay {
        OverlayView::Help { text, scroll } => text_panel(
            " Help (↑↓ scroll, any other key closes) ",
            text,
            *scroll,
            area,
            buf,
        ),
        OverlayView::Rules { game, scroll } => text_panel(
            " Rules (↑↓ scroll, any other key closes) ",
            game.game_type().rules(),
            *scroll,
            area,
            buf,
        ),
        OverlayView::Stats { stats, page } => super::stats::render(stats, *page, theme, area, buf),
        OverlayView::Confirm(question) => {
            let (title, text) = match question {
                Confirm::Quit => (" Quit? ", "Quit the parlor? This game counts as abandoned."),
                Confirm::Leave => (
                    " Leave this game? ",
                    "Back to the menu? This game counts as abandoned.",
                ),
                Confirm::LeaveShared => (
                    " Leave the table? ",
                    "Back to the tables? A bot plays your seat until you join again.",
                ),
                Confirm::QuitShared => (
                    " Quit? ",
                    "Leave the parlor? A bot plays your seat until you join again.",
                ),
                Confirm::LeaveLobby => (" Leave? ", "Leave the parlor?"),
                Confirm::NewGame => (
                    " New game? ",
                    "Deal a new game? This one counts as abandoned.",
                ),
            };
            let text = format!("{text}\n\ny yes    any other key: keep playing");
            text_panel(title, &text, 0, area, buf);
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
