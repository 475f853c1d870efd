//! The table screen: header, seats around the centre, log, odds, choices and keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

use super::widgets::{self, bold, centred_label, highlight, width_of};
use crate::games::present::CardsShown;
use crate::games::present::{DieFace, Label, Moment};
use crate::said;
use crate::stage::Rolling;
use crate::tui::layout::{self, DIE_TEXT_WIDTH, DiceLayout};
use crate::tui::placement::{self, CardsPlacement, CentrePlacement, TablePlacement};
use crate::tui::snapshot::{Bar, HeaderPart, TableView};
use crate::tui::theme::{Role, Theme};

mod odds;

/// `ascii`: the screen is to be read in ASCII (see `render::to_ascii`).
pub fn render(table: &TableView, theme: &Theme, ascii: bool, area: Rect, buf: &mut Buffer) {
    let placement = placement::place(table, area);
    let regions = placement.regions;
    header(&table.header, theme, regions.header, buf);
    if let Some(name) = &table.handover {
        handover(name, theme, regions.table.union(regions.log), buf);
    } else {
        // Every seat's status in one form: the same state reads the same on every seat.
        let short = table
            .seats
            .iter()
            .zip(&placement.seats)
            .any(|(seat, rect)| {
                !widgets::labels_fit(&seat.info.status, rect.width.saturating_sub(2))
            });
        for (seat, rect) in table.seats.iter().zip(&placement.seats) {
            widgets::seat_box(seat, short, theme, ascii, *rect, buf);
        }
        centre(table, &placement.centre, theme, buf);
        match &table.odds {
            Some(panel) => {
                let (log_rect, odds_rect) =
                    layout::log_and_odds(regions.log, odds::rows_wanted(panel), odds::WIDTH);
                log(table, theme, log_rect, buf);
                odds::render(panel, odds_rect, buf);
            }
            None => log(table, theme, regions.log, buf),
        }
        if let Some(lines) = &table.game_over {
            // Over the table, and over the log too when the table is too short for it.
            // The panel keeps a row clear above and below (see `widgets::Panel`).
            let fits = lines.len() + 4 <= usize::from(regions.table.height);
            let area = if fits {
                regions.table
            } else {
                regions.table.union(regions.log)
            };
            game_over(lines, theme, area, buf);
        }
    }
    bar(table, &placement, theme, buf);
    widgets::footer(&table.footer, regions.footer, buf);
}

/// The header's parts, shortened (then dropped) least important first until they fit.
fn header(parts: &[HeaderPart], theme: &Theme, area: Rect, buf: &mut Buffer) {
    let mut forms: Vec<Option<&str>> = parts.iter().map(|p| Some(p.text.full.as_str())).collect();
    let width = |forms: &[Option<&str>]| -> u16 {
        let shown: Vec<&str> = forms.iter().flatten().copied().collect();
        shown.iter().map(|t| width_of(t)).sum::<u16>()
            + 3 * shown.len().saturating_sub(1) as u16
            + 2
    };
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| parts[i].priority);
    for &i in &order {
        if width(&forms) <= area.width {
            break;
        }
        forms[i] = Some(parts[i].text.short.as_str());
    }
    for &i in &order {
        if width(&forms) <= area.width {
            break;
        }
        forms[i] = None;
    }
    let mut spans = vec![Span::raw(" ")];
    for (part, form) in parts.iter().zip(forms) {
        let Some(text) = form else { continue };
        if spans.len() > 1 {
            spans.push(Span::raw(" · "));
        }
        let style = if part.bold {
            theme.style(Role::Title).add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        spans.push(Span::styled(text.to_owned(), style));
    }
    Line::from(spans).render(area, buf);
}

fn centre(table: &TableView, place: &CentrePlacement, theme: &Theme, buf: &mut Buffer) {
    if let Some(felt) = place.felt {
        Block::bordered()
            .border_type(BorderType::Rounded)
            .border_style(theme.style(Role::Felt).add_modifier(Modifier::DIM))
            .render(felt, buf);
    }
    let scene = &table.scene;
    let centre = &scene.centre;
    centred_label(
        &Label::same(format!("{}: {}", centre.pot_label, centre.pot)),
        theme.style(Role::Stake).add_modifier(Modifier::BOLD),
        place.pot,
        buf,
    );
    if let Some(banner) = &scene.banner {
        let mut text = banner.text.clone();
        if banner.moment == Moment::Win {
            // A small celebration: sparks that twinkle while the win is shown.
            let spark = ["✦ ✧", "✧ ✦"][(table.frame % 2) as usize];
            text.full = format!("{spark} {} {spark}", text.full);
        }
        centred_label(
            &text,
            theme.style(Role::Banner).add_modifier(Modifier::BOLD),
            place.banner,
            buf,
        );
    }
    if let (Some((rect, layout)), Some(caption)) = (&place.dice, place.caption) {
        let (faces, roller, tumbling): (Vec<DieFace>, Option<u8>, bool) =
            match (scene.rolling, &centre.roll) {
                (Some(rolling), _) => (
                    (0..rolling.dice)
                        .map(|i| tumble_face(rolling, table.frame, i))
                        .collect(),
                    Some(rolling.seat),
                    true,
                ),
                (None, Some((seat, faces))) => (faces.clone(), Some(*seat), false),
                (None, None) => (Vec::new(), None, false),
            };
        let style = if tumbling {
            theme.style(Role::Faint)
        } else {
            Style::new()
        };
        dice(&faces, layout, *rect, style, buf);
        let (who, name) = roller.map_or(("one", ""), |seat| {
            let seat = &table.seats[usize::from(seat)];
            (
                if seat.spoken_to { "you" } else { "one" },
                seat.name.as_str(),
            )
        });
        let caption_text = if tumbling {
            said!(table_rolling, who = who, name = name)
        } else {
            said!(table_rolled, who = who, name = name)
        };
        centred_label(&Label::same(caption_text), Style::new(), caption, buf);
    }
    if let (Some(shown), Some(cards)) = (&centre.cards, &place.cards) {
        centre_cards(table, shown, cards, theme, buf);
    }
    for (i, line) in scene.tracker.iter().enumerate() {
        let y = place.tracker.y + i as u16;
        if y < place.tracker.bottom() {
            centred_label(
                line,
                theme.style(Role::Tracker),
                Rect::new(place.tracker.x, y, place.tracker.width, 1),
                buf,
            );
        }
    }
}

/// Cards in the centre: your card (or the cut) drawn large, or whose card is what.
fn centre_cards(
    table: &TableView,
    shown: &CardsShown,
    cards: &CardsPlacement,
    theme: &Theme,
    buf: &mut Buffer,
) {
    let name = |seat: u8| table.seats[usize::from(seat)].name.as_str();
    let body = cards.body;
    centred_label(&shown.caption, bold(), cards.caption, buf);
    if let (true, [(_, card)]) = (cards.large, shown.cards.as_slice()) {
        let rect = layout::centred(body, layout::CARD_WIDTH, layout::CARD_HEIGHT);
        widgets::card(*card, theme, rect, buf);
        return;
    }
    let wrapped = placement::card_cells(&shown.cards, table, body.width);
    let mut lines: Vec<Vec<Span>> = vec![Vec::new(); usize::from(wrapped.lines)];
    for (&(seat, card), place) in shown.cards.iter().zip(&wrapped.places) {
        let Some((line, _)) = place else { continue };
        let cell = format!(" {} ", placement::card_cell(name(seat), card));
        let style = if shown.lowest == Some(card.rank()) {
            highlight()
        } else {
            widgets::card_style(card, theme)
        };
        let spans = &mut lines[usize::from(*line)];
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(cell, style));
    }
    let lines: Vec<Line> = lines
        .into_iter()
        .map(|s| Line::from(s).centered())
        .collect();
    Paragraph::new(lines).render(body, buf);
}

fn dice(faces: &[DieFace], layout: &DiceLayout, rect: Rect, style: Style, buf: &mut Buffer) {
    match layout {
        DiceLayout::Boxes(boxes) => {
            for (face, b) in faces.iter().zip(boxes) {
                let at = Rect::new(rect.x + b.x, rect.y + b.y, b.width, b.height);
                widgets::die(*face, style, at, buf);
            }
        }
        DiceLayout::Text { per_line, .. } => {
            for (i, chunk) in faces.chunks(*per_line).enumerate() {
                let text: Vec<String> = chunk.iter().map(|&f| widgets::die_text(f)).collect();
                let line = Rect::new(rect.x, rect.y + i as u16, rect.width, 1);
                let text = text.join(" ");
                debug_assert!(width_of(&text) <= rect.width.max(DIE_TEXT_WIDTH));
                Line::from(Span::styled(text, style))
                    .centered()
                    .render(line, buf);
            }
        }
    }
}

/// A face to show while the dice tumble: it changes every frame, without touching the
/// game's RNG (a replay must not depend on the animation).
fn tumble_face(rolling: Rolling, frame: u64, index: usize) -> DieFace {
    let sides = u64::from(rolling.sides.max(1));
    let spin = ((frame.wrapping_mul(7) + index as u64 * 3) % sides) as u8 + 1;
    if rolling.letters {
        DieFace::Letter(["L", "C", "R", "•", "•", "•"][usize::from(spin - 1).min(5)])
    } else if rolling.sides > 6 {
        DieFace::Number(spin)
    } else {
        DieFace::Pips(spin)
    }
}

fn log(table: &TableView, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let inner_width = area.width.saturating_sub(2);
    let rows = usize::from(area.height.saturating_sub(2));
    // Wrap only as far back as the window reaches; each line in its seat's colour.
    let mut wrapped: Vec<Line> = Vec::new();
    if table.log.is_empty() {
        // Nothing has happened yet: what the game is about, and where the keys are.
        wrapped.extend(
            widgets::wrap_text(&table.opening_hint, inner_width)
                .into_iter()
                .map(|line| Line::styled(line, theme.style(Role::Note))),
        );
    }
    let wanted = rows + table.log_scroll;
    for line in table.log.iter().rev() {
        let style = line
            .seat
            .map_or_else(Style::new, |seat| theme.seat(usize::from(seat)));
        let parts = widgets::wrap_hanging(&line.text, inner_width)
            .into_iter()
            .map(|part| Line::from(Span::styled(part, style)));
        wrapped.splice(0..0, parts);
        if wrapped.len() >= wanted {
            break;
        }
    }
    let scroll = table.log_scroll.min(wrapped.len().saturating_sub(rows));
    let end = wrapped.len() - scroll;
    let start = end.saturating_sub(rows);
    let title = if scroll > 0 {
        format!(" {} ", said!(table_log_scrolled, scroll = scroll))
    } else {
        format!(" {} ", said!(table_log))
    };
    Paragraph::new(wrapped.drain(start..end).collect::<Vec<_>>())
        .block(Block::bordered().title(title))
        .render(area, buf);
}

fn bar(table: &TableView, placement: &TablePlacement, theme: &Theme, buf: &mut Buffer) {
    let area = placement.regions.bar;
    match &table.bar {
        Bar::Status(text) => {
            Line::from(format!(" {text}")).render(Rect::new(area.x, area.y, area.width, 1), buf);
        }
        Bar::Choices { items, selected } => {
            for (i, (choice, rect)) in items.iter().zip(&placement.choices).enumerate() {
                let Some(rect) = rect else { continue };
                let style = if i == *selected {
                    highlight()
                } else {
                    theme.style(Role::Choice)
                };
                Span::styled(format!("[ {} ]", choice.label), style).render(*rect, buf);
            }
            if placement.more_before {
                Span::raw(format!(" ◀ {}", said!(form_more)))
                    .render(Rect::new(area.x, area.y, 7, 1), buf);
            }
            if placement.more_after {
                let y = area.bottom().saturating_sub(1);
                Span::raw(format!("{} ▶ ", said!(form_more)))
                    .render(Rect::new(area.right().saturating_sub(7), y, 7, 1), buf);
            }
        }
    }
}

fn panel(lines: &[String], title: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
    widgets::Panel {
        title,
        lines: lines.to_vec(),
        scroll: 0,
        centred_text: true,
        border: theme.style(Role::Panel),
    }
    .render(area, buf);
}

fn game_over(lines: &[String], theme: &Theme, area: Rect, buf: &mut Buffer) {
    panel(
        lines,
        &format!(" {} ", said!(game_over_title)),
        theme,
        area,
        buf,
    );
}

/// People sharing a screen pass the keyboard: the table stays covered until the next one
/// says they have it.
fn handover(name: &str, theme: &Theme, area: Rect, buf: &mut Buffer) {
    Clear.render(area, buf);
    let lines = [
        said!(handover_pass, name = name),
        String::new(),
        said!(handover_press_enter, name = name),
    ];
    panel(
        &lines,
        &format!(" {} ", said!(handover_title)),
        theme,
        area,
        buf,
    );
}
