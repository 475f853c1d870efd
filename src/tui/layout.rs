//! Where everything sits on screen: pure geometry from sizes and counts. Drawing and mouse
//! clicks both read these rectangles, so a click lands on exactly what was drawn there.

use ratatui::layout::{Constraint, Layout, Margin, Position, Rect};

/// The smallest terminal the parlor is drawn in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// A drawn die: a rounded box around three rows of pips; wider where there is room, so
/// it looks square.
pub const DIE_WIDTH: u16 = 5;
pub const LARGE_DIE_WIDTH: u16 = 7;
pub const DIE_HEIGHT: u16 = 5;
/// A die on one line: `[5]`, `[L]`, and a space.
pub const DIE_TEXT_WIDTH: u16 = 4;
/// A drawn card.
pub const CARD_WIDTH: u16 = 7;
pub const CARD_HEIGHT: u16 = 5;
/// Rows the choices may wrap onto before they scroll.
pub const MOST_CHOICE_ROWS: u16 = 3;

pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// `width` x `height` in the middle of `area` (clipped to it).
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

/// The regions of the table screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRegions {
    pub header: Rect,
    pub table: Rect,
    pub log: Rect,
    pub bar: Rect,
    pub footer: Rect,
}

/// The table screen: a header line, the table with the log beside it (wide screens) or
/// below it, the choices (`bar_rows` lines) and the keys. `table_rows` is what the table
/// needs; on a narrow screen the log takes the rest.
pub fn table_regions(area: Rect, bar_rows: u16, table_rows: u16) -> TableRegions {
    let [header, body, bar, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(bar_rows),
        Constraint::Length(1),
    ])
    .areas(area);
    let (table, log) = if area.width >= 120 {
        let log_width = (area.width / 3).clamp(40, 64);
        let [table, log] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(log_width)]).areas(body);
        // A table no taller than it needs to look like one, in the middle of its column.
        let height = (table_rows + 12).max(body.height * 2 / 3).min(body.height);
        let [_, table, _] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(height),
            Constraint::Fill(1),
        ])
        .areas(table);
        (table, log)
    } else {
        let most = body.height.saturating_sub(5);
        let table_height = table_rows.max(body.height * 3 / 5).min(most);
        let [table, log] =
            Layout::vertical([Constraint::Length(table_height), Constraint::Min(0)]).areas(body);
        (table, log)
    };
    TableRegions {
        header,
        table,
        log,
        bar,
        footer,
    }
}

/// Split the log's region to make room for the odds panel (`odds_rows` lines inside its
/// border): beside the log when the log runs along the bottom, above it when the log is a
/// column at the side.
pub fn log_and_odds(log: Rect, odds_rows: u16, odds_width: u16) -> (Rect, Rect) {
    if log.width >= 2 * odds_width {
        let [log, odds] =
            Layout::horizontal([Constraint::Min(0), Constraint::Length(odds_width)]).areas(log);
        (log, odds)
    } else {
        let height = (odds_rows + 2).min(log.height.saturating_sub(4));
        let [odds, log] =
            Layout::vertical([Constraint::Length(height), Constraint::Min(0)]).areas(log);
        (log, odds)
    }
}

/// Seats per side of the table (bottom, left, top, right) for `players` seats: the seats
/// go clockwise from the bottom, so a seat's left neighbour, where dice travel, is on its
/// left on screen.
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

/// The size of a seat's box at this table: wider on a roomy table, and a line taller when
/// there is height for the status on a line of its own.
pub fn seat_size(table: Rect, players: usize) -> (u16, u16) {
    let [bottom, _, top, _] = sides(players);
    let across = bottom.max(top).max(3) as u16;
    let width = (table.width / (across + 1)).clamp(18, 26);
    let height = if table.height >= 22 { 4 } else { 3 };
    (width, height)
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

/// Each place's box around the table, clockwise from the middle of the bottom edge: place
/// 0 is whoever sits nearest the player.
pub fn seat_rects(table: Rect, players: usize) -> Vec<Rect> {
    let [bottom, left, top, right] = sides(players);
    let (w, h) = seat_size(table, players);
    // With nobody across the table, the sides use its whole height above the bottom row.
    let top_rows = if top > 0 { h } else { 0 };
    let inner_top = table.y + top_rows;
    let inner_height = table.height.saturating_sub(top_rows + h);
    let bottom_y = table.bottom().saturating_sub(h);
    let right_x = table.right().saturating_sub(w);
    let mut rects = Vec::with_capacity(players);
    let bottom_xs = spread(table.x, table.width, w, bottom);
    // Bottom: the middle box is place 0; with three, the box to its left is place 1.
    rects.push(Rect::new(bottom_xs[bottom / 2], bottom_y, w, h));
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
    let [_, left, top, right] = sides(players);
    let (w, h) = seat_size(table, players);
    let side = |n: usize| if n > 0 { w + 1 } else { 1 };
    let x = table.x + side(left);
    let width = table.width.saturating_sub(side(left) + side(right));
    let top_rows = if top > 0 { h } else { 0 };
    Rect::new(
        x,
        table.y + top_rows,
        width,
        table.height.saturating_sub(top_rows + h),
    )
}

/// The rows a table needs around a centre of `centre_rows` for `players` seats.
pub fn table_rows(players: usize, centre_rows: u16) -> u16 {
    let [_, left, _, right] = sides(players);
    let side_rows = 3 * left.max(right) as u16;
    2 * 3 + centre_rows.max(side_rows)
}

/// How the dice of a roll are laid out in `width` columns with `rows` lines to spare.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceLayout {
    /// Drawn dice, row after row: each die's box relative to the dice's top-left corner.
    Boxes(Vec<Rect>),
    /// `[5]` or `[L]` on as many lines as it takes, this many dice a line.
    Text { per_line: usize, lines: u16 },
}

impl DiceLayout {
    pub fn for_roll(dice: usize, width: u16, rows: u16) -> DiceLayout {
        let dice16 = dice.max(1) as u16;
        // Large dice in one row where they fit, else small ones in up to two rows.
        let large = dice16 * (LARGE_DIE_WIDTH + 1) <= width + 1;
        let die_width = if large { LARGE_DIE_WIDTH } else { DIE_WIDTH };
        let per_row = ((width + 1) / (die_width + 1)).max(1);
        let box_rows = dice16.div_ceil(per_row);
        if box_rows * DIE_HEIGHT <= rows && box_rows <= 2 {
            let boxes = (0..dice16)
                .map(|i| {
                    let row = i / per_row;
                    let in_row = dice16.min(per_row * (row + 1)) - per_row * row;
                    let row_width = in_row * (die_width + 1) - 1;
                    let x = (width - row_width) / 2 + (i % per_row) * (die_width + 1);
                    Rect::new(x, row * DIE_HEIGHT, die_width, DIE_HEIGHT)
                })
                .collect();
            return DiceLayout::Boxes(boxes);
        }
        let per_line = ((width + 1) / DIE_TEXT_WIDTH).max(1);
        DiceLayout::Text {
            per_line: usize::from(per_line),
            lines: dice16.div_ceil(per_line),
        }
    }

    pub fn height(&self) -> u16 {
        match self {
            DiceLayout::Boxes(boxes) => boxes.iter().map(|b| b.bottom()).max().unwrap_or(0),
            DiceLayout::Text { lines, .. } => *lines,
        }
    }
}

/// Items of `widths` laid out left to right in `width` columns, wrapping onto new lines,
/// each item's place as (line, column). Lines past `most_lines` are paged: the page that
/// holds `keep` is returned, with whether lines come before and after it.
pub struct Wrapped {
    pub places: Vec<Option<(u16, u16)>>,
    pub lines: u16,
    pub more_before: bool,
    pub more_after: bool,
}

pub fn wrap_items(widths: &[u16], width: u16, most_lines: u16, keep: usize) -> Wrapped {
    let mut line = 0u16;
    let mut x = 0u16;
    let mut all = Vec::with_capacity(widths.len());
    for &w in widths {
        if x > 0 && x + w > width {
            line += 1;
            x = 0;
        }
        all.push((line, x));
        x += w + 1;
    }
    let total = if widths.is_empty() { 0 } else { line + 1 };
    let most = most_lines.max(1);
    let page = all.get(keep).map_or(0, |&(line, _)| line / most);
    let first = page * most;
    let places = all
        .iter()
        .map(|&(line, x)| (line >= first && line < first + most).then(|| (line - first, x)))
        .collect();
    Wrapped {
        places,
        lines: total.min(most),
        more_before: page > 0,
        more_after: first + most < total,
    }
}

/// The menu's rows: one per game.
pub fn menu_rows(area: Rect, games: usize) -> Vec<Rect> {
    let top = area.y + 4;
    (0..games as u16)
        .map(|i| Rect::new(area.x + 2, top + i * 2, area.width.saturating_sub(4), 1))
        .filter(|r| r.bottom() <= area.bottom())
        .collect()
}

/// A setup row is drawn as a space, its label padded to this width, a space, its value.
pub const SETUP_LABEL_WIDTH: u16 = 24;
/// A seat on the setup form's seats row: "[You]" or " bot ".
pub const SETUP_SEAT_WIDTH: u16 = 5;
/// Lines under the setup rows: a blank, the row's explanation (two lines), the error.
const SETUP_NOTES: u16 = 4;

/// The setup form: its rows' region (one line each, scrolled to show `selected`), the
/// first row shown, and the region for notes below the rows.
pub struct SetupRegions {
    pub rows: Rect,
    pub first: usize,
    pub notes: Rect,
    pub footer: Rect,
}

pub fn setup_regions(area: Rect, rows: usize, selected: usize) -> SetupRegions {
    let inner = area.inner(Margin::new(1, 1));
    let [body, footer] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(inner);
    // The rows, then their notes right below them; rows past the room scroll.
    let room = body.height.saturating_sub(SETUP_NOTES);
    let shown = (rows as u16).min(room);
    let [rows_area, notes, _] = Layout::vertical([
        Constraint::Length(shown),
        Constraint::Length(SETUP_NOTES),
        Constraint::Min(0),
    ])
    .areas(body);
    let visible = usize::from(shown).max(1);
    let first = selected
        .saturating_sub(visible - 1)
        .min(rows.saturating_sub(visible));
    SetupRegions {
        rows: rows_area,
        first,
        notes,
        footer,
    }
}

/// The row of the setup form at `at`, if any.
pub fn setup_row_at(regions: &SetupRegions, at: Position) -> Option<usize> {
    regions
        .rows
        .contains(at)
        .then(|| regions.first + usize::from(at.y - regions.rows.y))
}

/// The column of a setup row's value, where `at` falls in it.
pub fn setup_value_column(regions: &SetupRegions, at: Position) -> Option<u16> {
    at.x.checked_sub(regions.rows.x + SETUP_LABEL_WIDTH + 2)
}
