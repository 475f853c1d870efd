//! Drawing a [`Snapshot`]: one module per screen, shared widgets in `widgets`. Nothing here
//! sees the app, so drawing cannot change it.

mod form;
mod lobby;
mod menu;
mod overlays;
mod review;
mod stats;
mod table;
mod widgets;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use super::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use super::snapshot::{ScreenView, Snapshot};
use crate::said;

impl Widget for &Snapshot<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if layout::too_small(area) {
            render_too_small(area, buf);
            return;
        }
        let theme = &self.theme;
        let keymap = self.keymap;
        match &self.screen {
            ScreenView::Menu { selected } => menu::render(*selected, keymap, theme, area, buf),
            ScreenView::Lobby(view) => lobby::render(view, keymap, theme, area, buf),
            ScreenView::Form(form) => form::render(form, keymap, theme, area, buf),
            ScreenView::Table(table) => table::render(table, theme, self.ascii, area, buf),
            ScreenView::Review(review) => review::render(review, keymap, theme, area, buf),
        }
        if let Some(notice) = self.notice {
            widgets::notice(notice, theme, area, buf);
        }
        if let Some(overlay) = &self.overlay {
            overlays::render(overlay, theme, area, buf);
        }
        if self.ascii {
            to_ascii(buf);
        }
    }
}

/// Every symbol on screen as the ASCII character closest in meaning, one column for one, so
/// the layout stands: for terminals and fonts without box drawing, suits or pips.
fn to_ascii(buf: &mut Buffer) {
    for cell in &mut buf.content {
        let Some(c) = cell.symbol().chars().next() else {
            continue;
        };
        if !c.is_ascii() {
            let mut plain = [0; 4];
            cell.set_symbol(ascii_for(c).encode_utf8(&mut plain));
        }
    }
}

fn ascii_for(c: char) -> char {
    match c {
        // The middle dot separates (dice read 1-4-4), so it is not LCR's dot face.
        '─' | '━' | '═' | '—' | '♡' | '▱' | '·' => '-',
        '│' | '┃' | '║' => '|',
        '╭' | '╮' | '╰' | '╯' | '┌' | '┐' | '└' | '┘' | '┏' | '┓' | '┗' | '┛' | '╔' | '╗' | '╚'
        | '╝' | '├' | '┤' | '┬' | '┴' | '┼' | '✓' | '✧' | '±' => '+',
        '●' => 'o',
        // The chart's dots too.
        '○' | '◇' | '•' | '…' | '░' | '\u{2801}'..='\u{28ff}' => '.',
        '◆' | '✦' | '★' => '*',
        '\u{2800}' => ' ',
        '♥' => 'h',
        '♦' => 'd',
        '♣' => 'c',
        '♠' => 's',
        '▒' | '█' | '▰' => '#',
        '▶' | '→' => '>',
        '◀' | '←' => '<',
        '▲' | '↑' => '^',
        '▼' | '↓' => 'v',
        '▁' => '_',
        _ => '?',
    }
}

fn render_too_small(area: Rect, buf: &mut Buffer) {
    let text = said!(
        too_small,
        width = MIN_WIDTH,
        height = MIN_HEIGHT,
        now_width = area.width,
        now_height = area.height
    );
    let height = 3.min(area.height);
    let rect = Rect::new(
        area.x,
        area.y + area.height.saturating_sub(height) / 2,
        area.width,
        height,
    );
    Paragraph::new(text)
        .alignment(Alignment::Center)
        .wrap(Wrap { trim: true })
        .render(rect, buf);
}
