//! The odds panel: every seat's chance, how it was found, and the hint for your decision.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::games::Goal;
use crate::odds::Hint;
use crate::said;
use crate::tui::columns::percent;
use crate::tui::odds_panel::Solved;
use crate::tui::snapshot::OddsView;

/// The panel's width where it stands beside the log.
pub const WIDTH: u16 = 40;
/// A bar's length at full chance.
const BAR: usize = 12;
/// Names are cut to this many letters to keep the bars in a column.
const NAME: usize = 6;

/// Lines the panel would like: a heading, a bar per seat, and the hint.
pub fn rows_wanted(panel: &OddsView) -> u16 {
    let hint = match panel.solved.map(|s| &s.hint) {
        Some(Hint::Dice(hints)) => hints.len() + 1,
        Some(Hint::Chase(_)) => 2,
        Some(Hint::None) | None => 0,
    };
    (1 + panel.names.len() + hint) as u16
}

pub fn render(panel: &OddsView, area: Rect, buf: &mut Buffer) {
    let rows = usize::from(area.height.saturating_sub(2));
    let width = usize::from(area.width.saturating_sub(2));
    let lines = match panel.solved {
        Some(solved) => solved_lines(solved, &panel.names, panel.goal, (width, rows)),
        None => working_lines(&panel.names, rows),
    };
    // How the figures were found goes on the border, so the heading can say what they are.
    let key = panel.hide_key.as_str();
    let title = if let Some(odds) = panel.solved.map(|s| &s.odds) {
        if let Some(se) = odds.std_error {
            said!(
                odds_title_estimated,
                method = odds.method.name(),
                error = percent(se, 1, 0),
                key = key
            )
        } else {
            said!(odds_title_found, method = odds.method.name(), key = key)
        }
    } else {
        said!(odds_title, key = key)
    };
    let title = format!(" {title} ");
    Paragraph::new(lines)
        .block(Block::bordered().title(title))
        .render(area, buf);
}

fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .map_or("?", String::as_str)
        .chars()
        .take(NAME)
        .collect()
}

/// Until the figures for this position arrive: the rows they will fill, marked as pending,
/// so nothing from an earlier position is shown as this one's.
fn working_lines(names: &[String], rows: usize) -> Vec<Line<'static>> {
    let mut lines = vec![Line::from(said!(odds_working))];
    if names.len() < rows {
        lines.extend((0..names.len()).map(|s| Line::from(format!("{:<NAME$}  …", name(names, s)))));
    }
    lines
}

/// Within `rows` lines of `width`: a bar per seat when they fit, else the seats packed
/// three to a line; the hint in full when it fits, else on one line. Every figure says what
/// it is a chance of: the game (Forty-One: the match), or (a die's) the round.
fn solved_lines(
    solved: &Solved,
    names: &[String],
    goal: Goal,
    (width, rows): (usize, usize),
) -> Vec<Line<'static>> {
    let odds = &solved.odds;
    let what = goal.chance_words();
    // Shared wins (a match ending in a tie) count for every sharer.
    let heading = if odds.seat_win.iter().sum::<f64>() > 1.005 {
        said!(odds_heading_shared, what = what)
    } else {
        said!(odds_heading, what = what)
    };
    let hint_rows = match &solved.hint {
        Hint::Dice(hints) => hints.len() + 1,
        Hint::Chase(_) => 2,
        Hint::None => 0,
    };
    let packed = odds.seat_win.len().div_ceil(3);
    // The heading goes first when lines are short: every seat's figure matters more.
    let mut lines = if packed + hint_rows.min(1) < rows {
        vec![Line::from(heading)]
    } else {
        Vec::new()
    };
    if lines.len() + odds.seat_win.len() + hint_rows.min(1) <= rows {
        for (seat, &p) in odds.seat_win.iter().enumerate() {
            let filled = (p.clamp(0.0, 1.0) * BAR as f64).round() as usize;
            lines.push(Line::from(format!(
                "{:<NAME$} {}{} {}",
                name(names, seat),
                "█".repeat(filled),
                "░".repeat(BAR - filled),
                percent(p, 1, 5)
            )));
        }
    } else {
        for (line, seats) in odds.seat_win.chunks(3).enumerate() {
            let text: Vec<String> = seats
                .iter()
                .enumerate()
                .map(|(i, &p)| format!("{:<5}{}", name(names, line * 3 + i), percent(p, 0, 4)))
                .collect();
            lines.push(Line::from(text.join("  ")));
        }
    }
    let roomy = lines.len() + hint_rows <= rows;
    match &solved.hint {
        Hint::Dice(hints) if roomy => {
            lines.push(Line::from(said!(odds_dice_heading)));
            let language = crate::words::spoken();
            for h in hints {
                let mark = if h.is_best_of(hints) { " ◀" } else { "" };
                lines.push(Line::from(format!(
                    " {}: {} {:>5} {} {}{mark}",
                    h.face,
                    percent(h.p_qualify, 0, 3),
                    language.decimal(h.expected_score, 1),
                    percent(h.p_beat, 0, 3),
                    percent(h.p_win, 0, 3)
                )));
            }
        }
        Hint::Dice(hints) => {
            // One line: each face by its chance to win the round, best first, as many whole
            // as fit.
            let mut by_win = hints.clone();
            by_win.sort_by(|a, b| b.p_win.total_cmp(&a.p_win));
            let mut line = said!(odds_dice_short);
            for (i, h) in by_win.iter().enumerate() {
                let item = format!(" {} {}", h.face, percent(h.p_win, 0, 0));
                let more = if i + 1 < by_win.len() { 2 } else { 0 };
                if crate::tui::columns::columns(&line) + crate::tui::columns::columns(&item) + more
                    > width
                {
                    line.push_str(" …");
                    break;
                }
                line.push_str(&item);
            }
            lines.push(Line::from(line));
        }
        // Lower is better: each line says these are chances of ending lowest.
        Hint::Chase(h) if roomy => {
            lines.push(Line::from(said!(odds_chase_heading)));
            lines.push(Line::from(format!(
                " {}",
                said!(
                    odds_chase,
                    keep = percent(h.keep, 0, 0),
                    change = percent(h.change, 0, 0)
                )
            )));
        }
        Hint::Chase(h) => lines.push(Line::from(said!(
            odds_chase_short,
            keep = percent(h.keep, 0, 0),
            change = percent(h.change, 0, 0)
        ))),
        Hint::None => {}
    }
    lines
}
