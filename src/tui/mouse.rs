//! What a click means: the snapshot's own placement says what was drawn where.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::intent::{
    FormIntent, FormPress, Intent, MENU_ROWS, MenuIntent, ReviewIntent, TableIntent,
};
use super::layout::{self, DiceLayout, SETUP_SEAT_WIDTH};
use super::placement;
use super::snapshot::{Bar, FormValue, FormView, ScreenView, Snapshot, TableMode, TableView};
use crate::games::Action;
use crate::games::present::DieFace;

/// The intent of a mouse event on a screen of `area`; `None` for one that means nothing.
pub fn intent(snapshot: &Snapshot, area: Rect, mouse: MouseEvent) -> Option<Intent> {
    let review = matches!(snapshot.screen, ScreenView::Review(_));
    match mouse.kind {
        MouseEventKind::ScrollUp if review => Some(Intent::Review(ReviewIntent::Entry(-1))),
        MouseEventKind::ScrollDown if review => Some(Intent::Review(ReviewIntent::Entry(1))),
        MouseEventKind::ScrollUp => Some(Intent::Table(TableIntent::ScrollLog(3))),
        MouseEventKind::ScrollDown => Some(Intent::Table(TableIntent::ScrollLog(-3))),
        MouseEventKind::Down(MouseButton::Left) if snapshot.overlay.is_some() => {
            Some(Intent::Close)
        }
        MouseEventKind::Down(MouseButton::Left) if !layout::too_small(area) => {
            let at = Position::new(mouse.column, mouse.row);
            match &snapshot.screen {
                ScreenView::Menu { .. } => layout::menu_rows(area, MENU_ROWS)
                    .iter()
                    .position(|r| r.contains(at))
                    .map(|row| Intent::Menu(MenuIntent::of_row(row))),
                ScreenView::Form(form) => form_click(form, area, at),
                ScreenView::Table(table) => table_click(table, area, at),
                ScreenView::Lobby(_) | ScreenView::Review(_) => None,
            }
        }
        _ => None,
    }
}

/// A click on a form: ◀ and ▶ change a value, a seat flips, a box or the start
/// button is pressed; anywhere else on a row chooses the row.
fn form_click(setup: &FormView, area: Rect, at: Position) -> Option<Intent> {
    let regions = layout::setup_regions(area, setup.rows.len(), setup.selected);
    let index = layout::setup_row_at(&regions, at)?;
    let line = setup.rows.get(index)?;
    let press = layout::setup_value_column(&regions, at).and_then(|column| match &line.value {
        FormValue::Stepper(text) => {
            let width = crate::tui::columns::width_of(text);
            if column < 2 {
                Some(FormPress::Less)
            } else if column < width && column + 2 >= width {
                Some(FormPress::More)
            } else {
                None
            }
        }
        FormValue::Seats { humans, .. } => {
            let seat = usize::from(column / SETUP_SEAT_WIDTH);
            (seat < humans.len()).then_some(FormPress::Seat(seat))
        }
        FormValue::Check { .. } if column < 3 => Some(FormPress::Toggle),
        FormValue::Button(text) if column < crate::tui::columns::width_of(text) => {
            Some(FormPress::Start)
        }
        _ => None,
    });
    Some(Intent::Form(FormIntent::Click { row: index, press }))
}

fn table_click(table: &TableView, area: Rect, at: Position) -> Option<Intent> {
    let placement = placement::place(table, area);
    let Bar::Choices { items, .. } = &table.bar else {
        return (table.mode == TableMode::Held).then_some(Intent::Table(TableIntent::GoOn));
    };
    let act = |action: Action| Some(Intent::Table(TableIntent::Act(action)));
    if let Some(i) = placement
        .choices
        .iter()
        .position(|r| r.is_some_and(|r| r.contains(at)))
    {
        return act(items[i].action);
    }
    let offered: Vec<Action> = items.iter().map(|c| c.action).collect();
    // A seat clicked while choosing a target (a travelling three, a wild, an exchange).
    if let Some(seat) = placement.seats.iter().position(|r| r.contains(at)) {
        let seat = seat as u8;
        return offered
            .iter()
            .find(|a| matches!(a, Action::GiveThree(s) | Action::TakeChip(s) if *s == seat))
            .and_then(|&a| act(a));
    }
    // A die clicked sets it down (Forty-One).
    let (rect, DiceLayout::Boxes(boxes)) = placement.centre.dice.as_ref()? else {
        return None;
    };
    let (_, faces) = table.scene.centre.roll.as_ref()?;
    let die = boxes
        .iter()
        .position(|b| Rect::new(rect.x + b.x, rect.y + b.y, b.width, b.height).contains(at))?;
    let DieFace::Pips(face) = faces[die] else {
        return None;
    };
    offered
        .contains(&Action::SetDown(face))
        .then(|| act(Action::SetDown(face)))
        .flatten()
}
