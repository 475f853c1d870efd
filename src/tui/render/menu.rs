//! The menu: the five games, one a line, today's deal and the settings.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::widgets::{self, highlight, width_of, wrap_text};
use crate::keymap::Keymap;
use crate::said;
use crate::tui::intent::{MENU_ROWS, MenuIntent};
use crate::tui::theme::{Role, Theme};
use crate::tui::{commands, layout};

/// The title column of a menu line: "▶ 1  " and the longest title.
const TITLE_WIDTH: usize = 24;

pub fn render(selected: usize, keymap: &Keymap, theme: &Theme, area: Rect, buf: &mut Buffer) {
    Line::from(Span::styled(
        "  parlor",
        theme.style(Role::Title).add_modifier(Modifier::BOLD),
    ))
    .render(Rect::new(area.x, area.y + 1, area.width, 1), buf);
    Line::from(format!("  {}", said!(menu_intro)))
        .render(Rect::new(area.x, area.y + 2, area.width, 1), buf);
    let rows = layout::menu_rows(area, MENU_ROWS);
    for (i, row) in rows.into_iter().enumerate() {
        let marker = if i == selected { "▶" } else { " " };
        let (head, tagline) = match MenuIntent::of_row(i) {
            MenuIntent::Open(game) => (
                format!("{marker} {}  {:<TITLE_WIDTH$} ", i + 1, game.title()),
                game.tagline().to_owned(),
            ),
            MenuIntent::Daily => (
                format!("{marker} d  {:<TITLE_WIDTH$} ", said!(menu_daily)),
                said!(menu_daily_tagline),
            ),
            _ => (
                format!("{marker} c  {:<TITLE_WIDTH$} ", said!(menu_settings)),
                said!(menu_settings_tagline),
            ),
        };
        let style = if i == selected {
            highlight()
        } else {
            Style::new()
        };
        // The tagline fits its line, or shows under the highlighted row in full.
        let room = row.width.saturating_sub(width_of(&head));
        let text = if width_of(&tagline) <= room {
            format!("{head}{tagline}")
        } else {
            head
        };
        Line::from(Span::styled(text, style)).render(row, buf);
        if i == selected && width_of(&tagline) > room {
            let below = Rect::new(row.x + 6, row.y + 1, row.width.saturating_sub(6), 1);
            let tagline = wrap_text(&tagline, below.width).join(" ");
            Line::from(Span::styled(tagline, theme.style(Role::Note))).render(below, buf);
        }
    }
    let [_, foot] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let keys = commands::footer(commands::MENU, &commands::MenuKeys(selected), keymap);
    widgets::footer(&keys, foot, buf);
}
