//! The lobby: the server's tables, one a line, or the games a new table may be.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::widgets::{self, highlight};
use crate::games::GameId;
use crate::keymap::Keymap;
use crate::said;
use crate::shared_table::Listing;
use crate::tui::commands;
use crate::tui::snapshot::LobbyView;
use crate::tui::theme::{Role, Theme};

/// The first row of the list, below the title, the line under it and the column heads.
const LIST_TOP: u16 = 5;

pub fn render(lobby: &LobbyView, keymap: &Keymap, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let line_at = |y: u16| Rect::new(area.x, area.y + y, area.width, 1);
    Line::from(Span::styled(
        format!("  {}", said!(lobby_title)),
        theme.style(Role::Title).add_modifier(Modifier::BOLD),
    ))
    .render(line_at(1), buf);
    let [_, foot] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let room = foot.y.saturating_sub(area.y + LIST_TOP);
    if let Some(game) = lobby.choosing {
        Line::from(format!("  {}", said!(lobby_new_table))).render(line_at(3), buf);
        for (i, candidate) in GameId::ALL.iter().enumerate().take(usize::from(room)) {
            let text = format!("{} {}", marker(i == game), candidate.title());
            row(&text, i == game, line_at(LIST_TOP + i as u16), buf);
        }
    } else {
        if lobby.tables.is_empty() {
            Line::from(format!("  {}", said!(lobby_no_tables))).render(line_at(3), buf);
        } else {
            Line::from(format!("  {}", said!(lobby_enter))).render(line_at(3), buf);
            let heads = [
                said!(lobby_head_table),
                said!(lobby_head_game),
                said!(lobby_head_seats),
                said!(lobby_head_state),
                said!(lobby_head_watching),
                said!(lobby_head_players),
            ];
            let head = columns("  ", heads.each_ref().map(String::as_str));
            Line::from(Span::styled(head, theme.style(Role::Note))).render(line_at(4), buf);
        }
        // The picked table stays in view on a short screen.
        let first = lobby
            .selected
            .saturating_sub(usize::from(room).saturating_sub(1));
        let shown = lobby
            .tables
            .iter()
            .enumerate()
            .skip(first)
            .take(usize::from(room));
        for (y, (i, table)) in (LIST_TOP..).zip(shown) {
            let picked = i == lobby.selected;
            row(&listing_line(table, picked), picked, line_at(y), buf);
        }
    }
    let keys = commands::footer(commands::LOBBY, &commands::LobbyKeys::of(lobby), keymap);
    widgets::footer(&keys, foot, buf);
}

fn marker(picked: bool) -> &'static str {
    if picked { "  ▶" } else { "   " }
}

fn row(text: &str, picked: bool, at: Rect, buf: &mut Buffer) {
    let style = if picked { highlight() } else { Style::new() };
    Line::from(Span::styled(text.to_owned(), style)).render(at, buf);
}

/// A table's line: name, game, seats taken of all, state, watchers, and who sits there.
fn listing_line(table: &Listing, picked: bool) -> String {
    let lead = if picked { " ▶" } else { "  " };
    columns(
        lead,
        [
            &table.name,
            game_title(table.game),
            &format!("{}/{}", table.people.len(), table.seats),
            &table.phase.said(),
            &table.watchers.to_string(),
            &table
                .people
                .iter()
                .map(|name| crate::games::said_name(name))
                .collect::<Vec<_>>()
                .join(", "),
        ],
    )
}

/// A game's title where its column has room for it, else its short title.
fn game_title(game: GameId) -> &'static str {
    let title = game.title();
    if crate::tui::columns::columns(title) <= GAME_COLUMN {
        title
    } else {
        game.game_type().short_title()
    }
}

/// The game column's width.
const GAME_COLUMN: usize = 15;

/// The list's columns, the heads' and each table's alike.
fn columns(lead: &str, [name, game, seats, state, watching, people]: [&str; 6]) -> String {
    format!("{lead}{name:<14} {game:<15} {seats:<5} {state:<8} {watching:>8}  {people}")
}
