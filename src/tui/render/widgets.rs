//! Pieces every screen draws: text that fits, the footer of keys, a seat's box, a die, a
//! card.

use std::borrow::Cow;
use unicode_width::UnicodeWidthChar;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Widget};

use crate::games::Card;
use crate::games::present::{CardFace, DieFace, HoldingKind, Label};
use crate::tui::commands::word;
use crate::tui::layout;
use crate::tui::snapshot::{Notice, SeatView};
use crate::tui::theme::{Role, Theme};
use crate::words::id;

/// The selection: reversed and bold, so it shows without colour.
pub fn highlight() -> Style {
    Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
}

pub fn bold() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

pub use crate::tui::columns::{columns, width_of};

/// `text` broken into lines of at most `width` columns, at spaces where it can be.
pub fn wrap_text(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_owned();
        loop {
            let used = columns(&line);
            let needed = columns(&word) + usize::from(used > 0);
            if used + needed <= width {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than a line is broken where the line ends (after at least one
            // character, should a wide one not fit a line of one column).
            let mut taken = 0;
            let head: String = word
                .chars()
                .enumerate()
                .take_while(|&(i, c)| {
                    taken += c.width().unwrap_or(0);
                    i == 0 || taken <= width
                })
                .map(|(_, c)| c)
                .collect();
            word = word.chars().skip(head.chars().count()).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` in one line of at most `width` columns: whole, or ended at a word with "…".
pub fn clipped_at_word(text: &str, width: usize) -> String {
    if columns(text) <= width {
        return text.to_owned();
    }
    let room = u16::try_from(width.saturating_sub(1)).unwrap_or(u16::MAX);
    let head = wrap_text(text, room).swap_remove(0);
    format!("{}…", head.trim_end())
}

/// `text` wrapped in `width` columns, the lines after the first indented by two.
pub fn wrap_hanging(text: &str, width: u16) -> Vec<String> {
    let mut lines = wrap_text(text, width);
    if lines.len() > 1 {
        let head = lines[0].chars().count();
        let rest: String = text.chars().skip(head).collect();
        lines.truncate(1);
        lines.extend(
            wrap_text(rest.trim_start(), width.saturating_sub(2))
                .into_iter()
                .map(|line| format!("  {line}")),
        );
    }
    lines
}

/// A label centred on one line, in the longest form that fits (none if neither does).
pub fn centred_label(label: &Label, style: Style, area: Rect, buf: &mut Buffer) {
    if let Some(text) = label.fitting(usize::from(area.width)) {
        Line::from(Span::styled(text.to_owned(), style))
            .centered()
            .render(area, buf);
    }
}

/// Keys and what they do, as many as fit, most important first; `?` is always among them
/// when given.
pub fn footer(keys: &[(Cow<str>, String)], area: Rect, buf: &mut Buffer) {
    let cell = |key: &str, what: &str| width_of(key) + width_of(what) + 4;
    // The ways back and out and the help first, whatever keys they were moved to; then
    // the rest in their order, as many as fit.
    let ways_out = [
        &id::footer_quit,
        &id::footer_help,
        &id::footer_back,
        &id::footer_menu,
        &id::footer_tables,
    ]
    .map(word);
    let essential = |what: &str| ways_out.iter().any(|way| way == what);
    let mut room = area.width;
    let mut fits = vec![false; keys.len()];
    for pass_essentials in [true, false] {
        for (at, (key, what)) in keys.iter().enumerate() {
            if essential(what) == pass_essentials && cell(key, what) <= room {
                room -= cell(key, what);
                fits[at] = true;
            }
        }
    }
    let mut spans = Vec::new();
    for (key, what) in keys
        .iter()
        .zip(&fits)
        .filter(|(_, fit)| **fit)
        .map(|(k, _)| k)
    {
        let (key, what) = (key.as_ref(), what.as_str());
        spans.push(Span::styled(
            format!(" {key} "),
            Style::new().add_modifier(Modifier::REVERSED),
        ));
        spans.push(Span::raw(format!(" {what} ")));
    }
    Line::from(spans).render(area, buf);
}

/// A notice on its own line, readable without colour.
/// A notice for the player over the top of the screen, every word of it (it goes at the
/// next key).
pub fn notice(notice: &Notice, theme: &Theme, screen: Rect, buf: &mut Buffer) {
    // A problem is marked `!` and drawn as one; news that all went well is not.
    let (mark, style) = match notice {
        Notice::Problem(_) => ("!", theme.style(Role::Error).add_modifier(Modifier::BOLD)),
        Notice::Done(_) => ("✓", theme.style(Role::Title)),
    };
    // A problem holds the next key (see `keys::intent`): say so.
    let more = match notice {
        Notice::Problem(_) => format!(" ({})", crate::said!(key_any)),
        Notice::Done(_) => String::new(),
    };
    // A bar of its own lines over the top of the screen, without a border: a notice of one
    // line covers the header alone, never the seat under it.
    let bar = style.add_modifier(Modifier::REVERSED);
    let lines: Vec<Line> = wrap_text(
        &format!("{mark} {}{more}", notice.text()),
        screen.width.saturating_sub(2),
    )
    .into_iter()
    .map(|line| {
        Line::styled(
            format!(
                " {line:<width$} ",
                width = usize::from(screen.width.saturating_sub(2))
            ),
            bar,
        )
    })
    .collect();
    let height = (lines.len() as u16).min(screen.height);
    let rect = Rect::new(screen.x, screen.y, screen.width, height);
    Clear.render(rect, buf);
    Paragraph::new(lines).render(rect, buf);
}

/// Labels joined by `·` in their full forms, or (`short`) by spaces in their short forms.
fn joined_labels(labels: &[Label], short: bool) -> String {
    if short {
        let forms: Vec<&str> = labels.iter().map(|l| l.short.as_str()).collect();
        return forms.join(" ");
    }
    let forms: Vec<&str> = labels.iter().map(|l| l.full.as_str()).collect();
    forms.join(" · ")
}

/// The labels' full forms fit in `width`.
pub fn labels_fit(labels: &[Label], width: u16) -> bool {
    width_of(&joined_labels(labels, false)) <= width
}

/// As many of the labels, from the first, as fit in `width` whole: a label that does not
/// fit is left out, never cut (its words would be cut, in a longer language most often).
fn labels_fitting(labels: &[Label], short: bool, width: u16) -> String {
    (0..=labels.len())
        .rev()
        .map(|shown| joined_labels(&labels[..shown], short))
        .find(|text| width_of(text) <= width)
        .unwrap_or_default()
}

/// A seat's box: its name on the border, what it holds, its card, and its status (in its
/// labels' short forms when `short`).
/// With `ascii`, lives are counted in words: their hearts would read as the letter of the
/// suit, `hhh 3`.
pub fn seat_box(
    seat: &SeatView,
    short: bool,
    theme: &Theme,
    ascii: bool,
    rect: Rect,
    buf: &mut Buffer,
) {
    let info = &seat.info;
    let marker = if info.to_act { "▶ " } else { "" };
    // People get a filled diamond, a seat a choice points at an arrow: both readable
    // without colour.
    let title = format!(
        "{marker}{}{}{}",
        if seat.human { "◆ " } else { "" },
        seat.name,
        if seat.target { " ◀" } else { "" }
    );
    let border = if seat.target {
        theme.style(Role::Target).add_modifier(Modifier::BOLD)
    } else if info.to_act {
        theme.style(Role::ToAct).add_modifier(Modifier::BOLD)
    } else if info.out {
        theme.style(Role::Faint)
    } else {
        theme.seat(usize::from(seat.seat))
    };
    let status = labels_fitting(&info.status, short, rect.width.saturating_sub(2));
    let tall = rect.height >= 4;
    let mut block = Block::bordered()
        .border_type(if info.to_act || seat.target {
            BorderType::Thick
        } else {
            BorderType::Rounded
        })
        .border_style(border)
        .title(title);
    if !tall && !status.is_empty() {
        block = block.title_bottom(Line::from(status.clone()).right_aligned());
    }
    let inner = block.inner(rect);
    block.render(rect, buf);
    let card = match info.card {
        Some(CardFace::Down) => " [▒▒]".to_owned(),
        Some(CardFace::Up(card)) => format!(" [{card}]"),
        None => String::new(),
    };
    let holding = match info.holding.kind {
        HoldingKind::Lives { .. } if ascii => info.holding.words(),
        _ => info.holding.text(),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(holding, theme.style(Role::Stake)),
        Span::raw(card),
    ])];
    if tall {
        lines.push(Line::from(status));
    }
    Paragraph::new(lines).render(inner, buf);
}

/// Pip rows of each face in a 3x3 grid.
fn pips(face: u8) -> [&'static str; 3] {
    match face {
        1 => ["   ", " ● ", "   "],
        2 => ["●  ", "   ", "  ●"],
        3 => ["●  ", " ● ", "  ●"],
        4 => ["● ●", "   ", "● ●"],
        5 => ["● ●", " ● ", "● ●"],
        _ => ["● ●", "● ●", "● ●"],
    }
}

/// A die's face in its box, the pips spread over the box's inner width (3 or 5 columns).
pub fn die(face: DieFace, style: Style, rect: Rect, buf: &mut Buffer) {
    let wide = rect.width > 5;
    let spread = |row: &str| -> String {
        if wide {
            row.chars()
                .enumerate()
                .flat_map(|(i, c)| if i < 2 { vec![c, ' '] } else { vec![c] })
                .collect()
        } else {
            row.to_owned()
        }
    };
    let rows = match face {
        DieFace::Pips(p) => pips(p).map(spread),
        DieFace::Letter(l) => [spread("   "), spread(&format!(" {l} ")), spread("   ")],
        DieFace::Number(n) => [spread("   "), spread(&format!("{n:^3}")), spread("   ")],
    };
    let block = Block::bordered()
        .border_type(BorderType::Rounded)
        .border_style(style);
    let inner = block.inner(rect);
    block.render(rect, buf);
    Paragraph::new(rows.join("\n"))
        .style(style)
        .render(inner, buf);
}

/// A die on one line, for when boxes do not fit: `[5]`, `[L]`.
pub fn die_text(face: DieFace) -> String {
    match face {
        DieFace::Pips(p) => format!("[{p}]"),
        DieFace::Letter(l) => format!("[{l}]"),
        DieFace::Number(n) => format!("[{n}]"),
    }
}

pub fn card_style(card: Card, theme: &Theme) -> Style {
    if matches!(card.suit(), 1 | 2) {
        theme.style(Role::RedSuit)
    } else {
        Style::new()
    }
}

/// A drawn card: its rank in the corners, its suit in the middle.
pub fn card(card: Card, theme: &Theme, rect: Rect, buf: &mut Buffer) {
    let style = card_style(card, theme);
    let rank = card.rank_name();
    let inner_width = usize::from(rect.width.saturating_sub(2));
    let rows = [
        format!("{rank:<inner_width$}"),
        format!("{:^inner_width$}", card.suit_symbol()),
        format!("{rank:>inner_width$}"),
    ];
    Paragraph::new(rows.join("\n"))
        .style(style)
        .block(Block::bordered().border_type(BorderType::Rounded))
        .render(rect, buf);
}

/// A panel over the screen: `lines` wrapped to fit, in a double border titled `title`,
/// sized to its text and centred; `scroll` lines scrolled off its top.
pub struct Panel<'a> {
    pub title: &'a str,
    pub lines: Vec<String>,
    pub scroll: u16,
    pub centred_text: bool,
    pub border: Style,
}

impl Panel<'_> {
    pub fn render(self, area: Rect, buf: &mut Buffer) {
        let most = area.width.saturating_sub(6);
        let text: Vec<String> = self.lines.iter().flat_map(|l| wrap_text(l, most)).collect();
        let width = text
            .iter()
            .map(|l| width_of(l))
            .max()
            .unwrap_or(20)
            .max(width_of(self.title))
            + 4;
        let height = (text.len() as u16 + 2).min(area.height.saturating_sub(2));
        let rect = layout::centred(area, width, height);
        let scroll = self
            .scroll
            .min((text.len() as u16 + 2).saturating_sub(height));
        Clear.render(rect, buf);
        let paragraph = Paragraph::new(text.join("\n")).scroll((scroll, 0));
        let paragraph = if self.centred_text {
            paragraph.alignment(Alignment::Center)
        } else {
            paragraph
        };
        paragraph
            .block(
                Block::bordered()
                    .border_type(BorderType::Double)
                    .title(self.title)
                    .border_style(self.border),
            )
            .render(rect, buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wide text wraps and clips by the columns it takes: no line wider than asked, a word
    /// wider than a line broken between its characters, never inside one.
    #[test]
    fn wide_text_wraps_and_clips_by_its_columns() {
        let lines = wrap_text("五人五人五 Åsa Zoë", 4);
        assert_eq!(lines, ["五人", "五人", "五", "Åsa", "Zoë"]);
        assert!(lines.iter().all(|line| columns(line) <= 4), "{lines:?}");
        // A line of one column still takes a wide character rather than none.
        assert_eq!(wrap_text("五", 1), ["五"]);
        let clipped = clipped_at_word("Jörg and 五人 play", 12);
        assert_eq!(clipped, "Jörg and…");
        assert!(columns(&clipped) <= 12);
        assert_eq!(clipped_at_word("五人五人", 8), "五人五人");
    }
}
