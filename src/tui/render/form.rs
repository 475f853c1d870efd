//! A form (a game's setup, the settings): a row per setting, the highlighted row's
//! explanation, and any error.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Paragraph, Widget};

use super::widgets::{self, highlight, wrap_text};
use crate::keymap::Keymap;
use crate::said;
use crate::tui::commands;
use crate::tui::layout::{self, SETUP_LABEL_WIDTH};
use crate::tui::snapshot::{FormValue, FormView};
use crate::tui::theme::{Role, Theme};

pub fn render(setup: &FormView, keymap: &Keymap, theme: &Theme, area: Rect, buf: &mut Buffer) {
    Block::bordered()
        .title(setup.title.clone())
        .border_type(BorderType::Rounded)
        .render(area, buf);
    let regions = layout::setup_regions(area, setup.rows.len(), setup.selected);
    let visible = usize::from(regions.rows.height);
    let lines: Vec<Line> = setup
        .rows
        .iter()
        .enumerate()
        .skip(regions.first)
        .take(visible)
        .map(|(i, line)| {
            let text = format!(
                " {:<width$} {}",
                line.label,
                value_text(&line.value),
                width = usize::from(SETUP_LABEL_WIDTH)
            );
            let style = if i == setup.selected {
                highlight()
            } else {
                Style::new()
            };
            Line::from(Span::styled(text, style))
        })
        .collect();
    Paragraph::new(lines).render(regions.rows, buf);
    // Rows above or below the window: say so at the border.
    if regions.first > 0 {
        Line::from(format!(" ▲ {} ", said!(form_more)))
            .right_aligned()
            .render(
                Rect::new(area.x, area.y, area.width.saturating_sub(2), 1),
                buf,
            );
    }
    if regions.first + visible < setup.rows.len() {
        Line::from(format!(" ▼ {} ", said!(form_more)))
            .right_aligned()
            .render(
                Rect::new(
                    area.x,
                    regions.rows.bottom(),
                    area.width.saturating_sub(2),
                    1,
                ),
                buf,
            );
    }
    let mut notes = Vec::new();
    if let Some(note) = &setup.note {
        notes.extend(
            wrap_text(note, regions.notes.width.saturating_sub(2))
                .into_iter()
                .take(2)
                .map(|l| Line::from(Span::styled(format!(" {l}"), theme.style(Role::Note)))),
        );
    }
    if let Some(error) = setup.error {
        notes.push(Line::from(Span::styled(
            format!(" {error}"),
            theme.style(Role::Error).add_modifier(Modifier::BOLD),
        )));
    }
    let notes_area = Rect {
        y: regions.notes.y + 1,
        height: regions.notes.height.saturating_sub(1),
        ..regions.notes
    };
    Paragraph::new(notes).render(notes_area, buf);
    let keys = commands::footer(commands::FORM, &commands::FormKeys::of(setup), keymap);
    widgets::footer(&keys, regions.footer, buf);
}

/// A setup row's value as drawn; the mouse reads the same text's columns.
fn value_text(value: &FormValue) -> String {
    match value {
        FormValue::Stepper(text) | FormValue::Text(text) | FormValue::Button(text) => text.clone(),
        FormValue::Check { on, text } => {
            let mark = if *on { "[x]" } else { "[ ]" };
            if text.is_empty() {
                mark.to_owned()
            } else {
                format!("{mark} {text}")
            }
        }
        FormValue::Seats { humans, cursor } => {
            let (you, bot) = (said!(form_seat_you), said!(form_seat_bot));
            humans
                .iter()
                .enumerate()
                .map(|(s, &h)| {
                    // Three columns each, as the mouse reads the seats.
                    let mark = if h { &you } else { &bot };
                    let mark = format!("{mark:<3}");
                    if Some(s) == *cursor {
                        format!("[{mark}]")
                    } else {
                        format!(" {mark} ")
                    }
                })
                .collect()
        }
    }
}
