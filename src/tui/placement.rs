//! Where the pieces of one table snapshot go on screen. Drawing and clicks both use this,
//! so a click lands on exactly what was drawn.

use ratatui::layout::{Margin, Rect};

use super::layout::{self, CARD_HEIGHT, DiceLayout, MOST_CHOICE_ROWS, TableRegions, Wrapped};
use super::snapshot::{Bar, TableView};
use crate::games::present::CardsShown;

/// Room kept at the ends of the choices row for the "more" markers when choices page.
const MORE_MARKER: u16 = 7;

pub struct TablePlacement {
    pub regions: TableRegions,
    /// Each seat's box, by seat number.
    pub seats: Vec<Rect>,
    pub centre: CentrePlacement,
    /// Each choice's button, when it is on the shown page of choices.
    pub choices: Vec<Option<Rect>>,
    pub more_before: bool,
    pub more_after: bool,
}

/// The centre of the table, top to bottom.
pub struct CentrePlacement {
    /// The table top drawn around the centre, where there is room for it.
    pub felt: Option<Rect>,
    pub pot: Rect,
    pub banner: Rect,
    /// The dice and how they are laid out (boxes relative to the rectangle).
    pub dice: Option<(Rect, DiceLayout)>,
    pub caption: Option<Rect>,
    /// The cards' caption line and the cards below it.
    pub cards: Option<CardsPlacement>,
    pub tracker: Rect,
}

/// Cards in the centre: a caption, and below it one card drawn large or lines of text.
pub struct CardsPlacement {
    pub caption: Rect,
    pub body: Rect,
    pub large: bool,
}

/// The width of a choice's button: `[ label ]`.
pub fn button_width(label: &str) -> u16 {
    crate::tui::columns::width_of(label) + 4
}

fn wrap_choices(table: &TableView, width: u16) -> Option<Wrapped> {
    let Bar::Choices { items, selected } = &table.bar else {
        return None;
    };
    let widths: Vec<u16> = items.iter().map(|c| button_width(&c.label)).collect();
    let wrapped = layout::wrap_items(&widths, width, MOST_CHOICE_ROWS, *selected);
    if wrapped.more_before || wrapped.more_after {
        let narrower = width.saturating_sub(2 * MORE_MARKER);
        return Some(layout::wrap_items(
            &widths,
            narrower,
            MOST_CHOICE_ROWS,
            *selected,
        ));
    }
    Some(wrapped)
}

/// The dice in the centre: in the air, or landed.
fn dice_count(table: &TableView) -> Option<usize> {
    table.scene.rolling.map(|r| r.dice).or_else(|| {
        table
            .scene
            .centre
            .roll
            .as_ref()
            .map(|(_, faces)| faces.len())
    })
}

/// Lines the centre needs for the scene, with the dice as text.
fn centre_rows(table: &TableView, width: u16) -> u16 {
    let centre = &table.scene.centre;
    let dice = dice_count(table);
    let dice_rows = dice.map_or(0, |n| DiceLayout::for_roll(n, width, 0).height() + 1);
    let card_rows = centre
        .cards
        .as_ref()
        .map_or(0, |cards| 1 + card_lines(cards, table, width, false));
    2 + dice_rows + card_rows + table.scene.tracker.len() as u16
}

/// A showdown card as text: `Ana 7♣`.
pub fn card_cell(name: &str, card: crate::games::Card) -> String {
    format!("{name} {card}")
}

/// Cells of the cards shown, wrapped in `width`.
pub fn card_cells(cards: &[(u8, crate::games::Card)], table: &TableView, width: u16) -> Wrapped {
    let widths: Vec<u16> = cards
        .iter()
        .map(|&(seat, card)| {
            card_cell(&table.seats[usize::from(seat)].name, card)
                .chars()
                .count() as u16
                + 2
        })
        .collect();
    layout::wrap_items(&widths, width, u16::MAX, 0)
}

/// Lines the cards take: a large card where there is `room` for one, else text.
fn card_lines(shown: &CardsShown, table: &TableView, width: u16, room: bool) -> u16 {
    if shown.large && room {
        CARD_HEIGHT
    } else {
        card_cells(&shown.cards, table, width).lines
    }
}

pub fn place(table: &TableView, area: Rect) -> TablePlacement {
    let players = table.seats.len();
    let bar_width = area.width.saturating_sub(2);
    let wrapped = wrap_choices(table, bar_width);
    let bar_rows = wrapped.as_ref().map_or(1, |w| w.lines.max(1));
    // The centre's width, known before the height: the table's width less the side seats.
    let table_width = if area.width >= 120 {
        area.width - (area.width / 3).clamp(40, 64)
    } else {
        area.width
    };
    let probe = layout::centre_rect(Rect::new(0, 0, table_width, 40), players);
    let needed = layout::table_rows(players, centre_rows(table, probe.width));
    let regions = layout::table_regions(area, bar_rows, needed);
    let places = layout::seat_rects(regions.table, players);
    let seats = (0..players)
        .map(|seat| places[(seat + players - usize::from(table.bottom)) % players])
        .collect();
    let centre = place_centre(table, layout::centre_rect(regions.table, players));
    let (mut choices, mut more_before, mut more_after) = (Vec::new(), false, false);
    if let Some(wrapped) = wrapped {
        let inset = if wrapped.more_before || wrapped.more_after {
            MORE_MARKER
        } else {
            0
        };
        let Bar::Choices { items, .. } = &table.bar else {
            unreachable!("choices were wrapped")
        };
        choices = wrapped
            .places
            .iter()
            .zip(items)
            .map(|(place, choice)| {
                place.map(|(line, x)| {
                    Rect::new(
                        regions.bar.x + 1 + inset + x,
                        regions.bar.y + line,
                        button_width(&choice.label),
                        1,
                    )
                })
            })
            .collect();
        more_before = wrapped.more_before;
        more_after = wrapped.more_after;
    }
    TablePlacement {
        regions,
        seats,
        centre,
        choices,
        more_before,
        more_after,
    }
}

/// How a scene's centre fits an area: its dice, whether a card is drawn large, and the
/// lines it all takes.
struct Fit {
    dice: Option<DiceLayout>,
    large_card: bool,
    used: u16,
}

impl Fit {
    fn of(table: &TableView, area: Rect) -> Fit {
        let centre = &table.scene.centre;
        let dice = dice_count(table);
        let fixed = centre_rows(table, area.width);
        let spare = area.height.saturating_sub(fixed);
        let text_rows = |n: usize| DiceLayout::for_roll(n, area.width, 0).height();
        // Drawn dice when the centre has the room (they need more lines than text).
        let dice_layout = dice.map(|n| DiceLayout::for_roll(n, area.width, spare + text_rows(n)));
        let dice_extra = dice_layout.as_ref().map_or(0, |d| {
            d.height().saturating_sub(text_rows(dice.unwrap_or(0)))
        });
        // A card drawn large where the centre has the lines for it, else as text.
        let large_card = spare.saturating_sub(dice_extra) >= CARD_HEIGHT - 1;
        let card_extra = centre
            .cards
            .as_ref()
            .filter(|c| c.large && large_card)
            .map_or(0, |_| CARD_HEIGHT - 1);
        Fit {
            dice: dice_layout,
            large_card,
            used: fixed + dice_extra + card_extra,
        }
    }

    fn drawn_dice(&self) -> bool {
        matches!(self.dice, Some(DiceLayout::Boxes(_)))
    }
}

fn place_centre(table: &TableView, centre: Rect) -> CentrePlacement {
    let bare = Fit::of(table, centre);
    let inner = centre.inner(Margin::new(1, 1));
    let within = Fit::of(table, inner);
    // A table top around the centre when its border costs nothing the centre would show:
    // the same drawn dice and card, and a line to spare above and below.
    let felted = centre.width >= 30
        && within.used + 2 <= inner.height
        && within.drawn_dice() == bare.drawn_dice()
        && within.large_card == bare.large_card;
    let (area, fit) = if felted {
        (inner, within)
    } else {
        (centre, bare)
    };
    let felt = felted.then_some(centre);
    let line = |y: u16| Rect::new(area.x, y, area.width, 1);
    let centre = &table.scene.centre;
    let Fit {
        dice: dice_layout,
        large_card,
        used,
    } = fit;
    let mut y = area.y + area.height.saturating_sub(used) / 2;
    let pot = line(y);
    let banner = line(y + 1);
    y += 2;
    let dice = dice_layout.map(|layout| {
        let rect = Rect::new(area.x, y, area.width, layout.height());
        y += layout.height();
        (rect, layout)
    });
    let caption = dice.as_ref().map(|_| {
        y += 1;
        line(y - 1)
    });
    let cards = centre.cards.as_ref().map(|cards| {
        let caption = line(y);
        let rows = card_lines(cards, table, area.width, large_card);
        let body = Rect::new(area.x, y + 1, area.width, rows);
        y += 1 + rows;
        CardsPlacement {
            caption,
            body,
            large: cards.large && large_card,
        }
    });
    let tracker = Rect::new(
        area.x,
        y,
        area.width,
        (table.scene.tracker.len() as u16).min(area.bottom().saturating_sub(y)),
    );
    CentrePlacement {
        felt,
        pot,
        banner,
        dice,
        caption,
        cards,
        tracker,
    }
}
