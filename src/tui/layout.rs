//! Where everything sits on screen. Drawing and mouse clicks both read these rectangles,
//! so a click lands on exactly what was drawn there.

use ratatui::layout::{Constraint, Layout, Margin, Position, Rect};

use super::app::{App, Screen, SetupForm, SetupRow};
use crate::games::{Action, GameId, View};
use crate::present;

/// The smallest terminal the table is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// A seat's box.
pub const SEAT_WIDTH: u16 = 18;
pub const SEAT_HEIGHT: u16 = 3;
/// Width of the log beside the table on wide screens.
const SIDE_LOG_WIDTH: u16 = 44;
/// A drawn die: a rounded box around three rows of pips.
pub const DIE_WIDTH: u16 = 5;
pub const DIE_HEIGHT: u16 = 5;

pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// The regions of the table screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRegions {
    pub header: Rect,
    pub table: Rect,
    pub log: Rect,
    pub action_bar: Rect,
    pub footer: Rect,
}

pub fn table_regions(area: Rect) -> TableRegions {
    let [header, body, action_bar, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let (table, log) = if area.width >= 120 {
        let [table, log] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(SIDE_LOG_WIDTH)])
                .areas(body);
        (table, log)
    } else {
        let log_height = (body.height / 3).clamp(6, 12);
        let [table, log] =
            Layout::vertical([Constraint::Min(0), Constraint::Length(log_height)]).areas(body);
        (table, log)
    };
    TableRegions {
        header,
        table,
        log,
        action_bar,
        footer,
    }
}

/// Split the log's region to make room for the odds panel: beside the log when the log
/// runs along the bottom, above it when the log is a column at the side.
pub fn log_and_odds(log: Rect, odds_lines: u16) -> (Rect, Rect) {
    if log.width > SIDE_LOG_WIDTH {
        let [log, odds] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(SIDE_LOG_WIDTH)]).areas(log);
        (log, odds)
    } else {
        let height = (odds_lines + 2).min(log.height / 2);
        let [odds, log] =
            Layout::vertical([Constraint::Length(height), Constraint::Min(0)]).areas(log);
        (log, odds)
    }
}

/// Seats per side of the table (bottom, left, top, right) for `players` seats: seat 0 sits
/// at the bottom and the seats go clockwise (bottom, left, top, right), so a seat's left
/// neighbour, where dice travel, is on its left on screen.
fn sides(players: usize) -> [usize; 4] {
    match players {
        0..=2 => [1, 0, players.saturating_sub(1), 0],
        3 => [1, 1, 0, 1],
        4 => [1, 1, 1, 1],
        5 => [1, 1, 2, 1],
        6 => [1, 1, 3, 1],
        7 => [1, 2, 2, 2],
        8 => [1, 2, 3, 2],
        9 => [1, 2, 4, 2],
        _ => [3, 2, 3, 2],
    }
}

/// `count` boxes of `size` spread evenly along `length` from `start`.
fn spread(start: u16, length: u16, size: u16, count: usize) -> Vec<u16> {
    let count16 = count as u16;
    if count == 0 {
        return Vec::new();
    }
    let gap = length.saturating_sub(size * count16) / (count16 + 1);
    let used = size * count16 + gap * (count16 - 1);
    let first = start + length.saturating_sub(used) / 2;
    (0..count16).map(|i| first + i * (size + gap)).collect()
}

/// Each seat's box in the table area, by seat number.
pub fn seat_rects(table: Rect, players: usize) -> Vec<Rect> {
    let [bottom, left, top, right] = sides(players);
    let (w, h) = (SEAT_WIDTH.min(table.width / 4), SEAT_HEIGHT);
    let inner_top = table.y + h;
    let inner_height = table.height.saturating_sub(2 * h);
    let bottom_y = table.bottom().saturating_sub(h);
    let right_x = table.right().saturating_sub(w);
    let mut rects = Vec::with_capacity(players);
    let bottom_xs = spread(table.x, table.width, w, bottom);
    // Bottom: the middle box is seat 0; with three, the box to its left is seat 1.
    let middle = bottom / 2;
    rects.push(Rect::new(bottom_xs[middle], bottom_y, w, h));
    if bottom == 3 {
        rects.push(Rect::new(bottom_xs[0], bottom_y, w, h));
    }
    for y in spread(inner_top, inner_height, h, left).into_iter().rev() {
        rects.push(Rect::new(table.x, y, w, h));
    }
    for x in spread(table.x, table.width, w, top) {
        rects.push(Rect::new(x, table.y, w, h));
    }
    for y in spread(inner_top, inner_height, h, right) {
        rects.push(Rect::new(right_x, y, w, h));
    }
    if bottom == 3 {
        rects.push(Rect::new(bottom_xs[2], bottom_y, w, h));
    }
    rects
}

/// The middle of the table, inside the ring of seats.
pub fn centre_rect(table: Rect, players: usize) -> Rect {
    let [_, left, _, right] = sides(players);
    let side = |n: usize| if n > 0 { SEAT_WIDTH + 1 } else { 1 };
    let x = table.x + side(left);
    let width = table.width.saturating_sub(side(left) + side(right));
    Rect::new(
        x,
        table.y + SEAT_HEIGHT,
        width,
        table.height.saturating_sub(2 * SEAT_HEIGHT),
    )
}

/// Where each die of the shown roll is drawn, or `None` when they do not fit as boxes (then
/// they are drawn as one line of numbers).
pub fn dice_rects(centre: Rect, dice: usize) -> Option<Vec<Rect>> {
    let width = DIE_WIDTH * dice as u16 + (dice as u16).saturating_sub(1);
    // Boxes need room for the pot above and the caption and a four-line tracker below.
    if dice == 0 || width > centre.width || centre.height < DIE_HEIGHT + 6 {
        return None;
    }
    let x = centre.x + (centre.width - width) / 2;
    Some(
        (0..dice as u16)
            .map(|i| Rect::new(x + i * (DIE_WIDTH + 1), centre.y + 1, DIE_WIDTH, DIE_HEIGHT))
            .collect(),
    )
}

/// The clickable buttons of the action bar, one per offered action.
pub fn action_buttons(app: &App, bar: Rect) -> Vec<(Rect, Action, String)> {
    let Some(table) = &app.table else {
        return Vec::new();
    };
    let view = table.game().view(app.viewer());
    let names = table.names();
    let mut x = bar.x + 1;
    let mut buttons = Vec::new();
    for action in app.offered() {
        let label = format!("[ {} ]", present::action_label(&view, action, &names));
        let width = label.chars().count() as u16;
        if x + width > bar.right() {
            break;
        }
        buttons.push((Rect::new(x, bar.y, width, 1), action, label));
        x += width + 1;
    }
    buttons
}

/// The menu's rows: one per game.
pub fn menu_rows(area: Rect) -> Vec<Rect> {
    let top = area.y + 4;
    (0..GameId::ALL.len() as u16)
        .map(|i| Rect::new(area.x + 2, top + i * 2, area.width.saturating_sub(4), 1))
        .filter(|r| r.bottom() <= area.bottom())
        .collect()
}

/// A setup row is drawn as a space, its label padded to this width, a space, its value.
pub const SETUP_LABEL_WIDTH: u16 = 26;
/// A seat on the setup form's seats row: "[You]" or " bot ".
const SETUP_SEAT_WIDTH: u16 = 5;

/// What a click at `at` means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    Action(Action),
    MenuItem(usize),
    /// A row of the setup form, and what on it.
    Setup(usize, SetupPart),
}

/// Where on a setup row a click landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupPart {
    /// The label or blank space: the row is chosen, nothing changes.
    Row,
    /// The ◀ of a value.
    Less,
    /// The ▶ of a value.
    More,
    /// One seat on the seats row: it flips between you and a bot.
    Seat(usize),
    /// A check box, or the start button.
    Press,
}

pub fn hit(app: &App, area: Rect, at: Position) -> Option<Hit> {
    if too_small(area) {
        return None;
    }
    match app.screen {
        Screen::Menu { .. } => menu_rows(area)
            .iter()
            .position(|r| r.contains(at))
            .map(Hit::MenuItem),
        Screen::Setup(ref form) => setup_hit(form, area, at),
        Screen::Table => table_hit(app, area, at),
    }
}

/// Where the setup form's rows go, one line each: inside its border.
pub fn setup_rows(area: Rect) -> Rect {
    area.inner(Margin::new(1, 1))
}

fn setup_hit(form: &SetupForm, area: Rect, at: Position) -> Option<Hit> {
    let inner = setup_rows(area);
    if !inner.contains(at) {
        return None;
    }
    let index = usize::from(at.y - inner.y);
    let row = *form.rows().get(index)?;
    let (_, value) = super::draw::setup_row_text(form, index, row);
    let width = value.chars().count() as u16;
    let part = match at.x.checked_sub(inner.x + SETUP_LABEL_WIDTH + 2) {
        Some(column) if column < width => match row {
            SetupRow::Players | SetupRow::Amount(_) | SetupRow::Level if column < 2 => {
                SetupPart::Less
            }
            SetupRow::Players | SetupRow::Amount(_) | SetupRow::Level if column + 2 >= width => {
                SetupPart::More
            }
            SetupRow::Seats => SetupPart::Seat(usize::from(column / SETUP_SEAT_WIDTH)),
            SetupRow::Stakes | SetupRow::Variant(_) | SetupRow::Animation | SetupRow::Start => {
                SetupPart::Press
            }
            _ => SetupPart::Row,
        },
        _ => SetupPart::Row,
    };
    Some(Hit::Setup(index, part))
}

fn table_hit(app: &App, area: Rect, at: Position) -> Option<Hit> {
    let regions = table_regions(area);
    let offered = app.offered();
    if let Some((_, action, _)) = action_buttons(app, regions.action_bar)
        .into_iter()
        .find(|(r, _, _)| r.contains(at))
    {
        return Some(Hit::Action(action));
    }
    let table = app.table.as_ref()?;
    let players = usize::from(table.game().players());
    // A seat clicked while choosing a target (a travelling three, a wild).
    if let Some(seat) = seat_rects(regions.table, players)
        .iter()
        .position(|r| r.contains(at))
    {
        let seat = seat as u8;
        return offered
            .iter()
            .find(|a| matches!(a, Action::GiveThree(s) | Action::TakeChip(s) if *s == seat))
            .map(|&a| Hit::Action(a));
    }
    // A die clicked in Forty-One sets it down.
    let View::FortyOne(game) = table.game().view(None) else {
        return None;
    };
    let roll = game.roll()?;
    let rects = dice_rects(centre_rect(regions.table, players), roll.len())?;
    let face = rects
        .iter()
        .position(|r| r.contains(at))
        .map(|i| roll.face(i))?;
    offered
        .contains(&Action::SetDown(face))
        .then_some(Hit::Action(Action::SetDown(face)))
}
