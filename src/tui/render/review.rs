//! The review screen: the accuracy of each person, their decisions (or the game's biggest
//! swings), the picked one in full, and every seat's chance of winning as a chart with the
//! picked point marked.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Widget, Wrap};

use super::widgets::{self, highlight};
use crate::keymap::Keymap;
use crate::odds::Method;
use crate::review::{Considered, Decision, Outlook, Review, WinPoint};
use crate::said;
use crate::tui::columns::percent;
use crate::tui::commands;
use crate::tui::review_screen::Picked;
use crate::tui::snapshot::ReviewView;
use crate::tui::theme::{Role, Theme};
use crate::words;

pub fn render(view: &ReviewView, keymap: &Keymap, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let chart_rows = (area.height * 2 / 5).clamp(8, 18);
    let [body, footer] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
    let keys = commands::footer(commands::REVIEW, &commands::ReviewKeys, keymap);
    widgets::footer(&keys, footer, buf);
    let Some(review) = view.review else {
        let text = if view.working {
            said!(review_working)
        } else {
            said!(review_failed)
        };
        Paragraph::new(text)
            .centered()
            .wrap(Wrap { trim: true })
            .render(body, buf);
        return;
    };
    // The picked entry in full under the list, as many rows as it takes (a swing's line,
    // or a decision's options as a table), so no rows stand empty above the chart.
    // Not trimmed: the options' table is laid out in columns from the left edge.
    let detail = Paragraph::new(detail_lines(view, review)).wrap(Wrap { trim: false });
    let detail_rows = detail.line_count(area.width) as u16;
    // The title, then each person's accuracy: on its line when it fits, else a line each.
    let title = said!(screen_review_title, game = review.settings.game.title());
    let summaries = accuracy_summaries(review);
    let one_line = format!("{title} · {}", summaries.join(" · "));
    let header_lines: Vec<Line> =
        if crate::tui::columns::columns(&one_line) <= usize::from(area.width) {
            vec![Line::from(vec![
                Span::styled(title, theme.style(Role::Title).add_modifier(Modifier::BOLD)),
                Span::raw(format!(" · {}", summaries.join(" · "))),
            ])]
        } else {
            std::iter::once(Line::styled(
                title,
                theme.style(Role::Title).add_modifier(Modifier::BOLD),
            ))
            .chain(summaries.into_iter().map(Line::raw))
            .collect()
        };
    let header_text = Paragraph::new(header_lines).wrap(Wrap { trim: true });
    let header_rows = header_text.line_count(area.width) as u16;
    // The list as long as it is (from 3 rows), the chart taking what it leaves.
    let room = body
        .height
        .saturating_sub(chart_rows + detail_rows + header_rows + 1)
        .max(3);
    let list_rows = (view.listed.len() as u16 + 2).clamp(3, room);
    let [header, list, detail_area, chart, status] = Layout::vertical([
        Constraint::Length(header_rows),
        Constraint::Length(list_rows),
        Constraint::Length(detail_rows),
        Constraint::Min(chart_rows),
        Constraint::Length(1),
    ])
    .areas(body);
    header_text.render(header, buf);
    entries(view, review, theme, list, buf);
    detail.render(detail_area, buf);
    win_chart(view, review, theme, chart, buf);
    if let Some(point) = review.win_probability.get(view.point) {
        point_line(review, point, theme).render(status, buf);
    }
}

/// Each person's accuracy in a few words, or what the review shows where choices are not
/// weighed.
fn accuracy_summaries(review: &Review) -> Vec<String> {
    if review.accuracy.is_empty() {
        return vec![said!(review_chances_only)];
    }
    review
        .accuracy
        .iter()
        .map(|a| {
            let mut marks = Vec::new();
            if a.blunders > 0 {
                marks.push(said!(review_blunders, count = a.blunders));
            }
            if a.mistakes > 0 {
                marks.push(said!(review_mistakes, count = a.mistakes));
            }
            if a.inaccuracies > 0 {
                marks.push(said!(review_inaccuracies, count = a.inaccuracies));
            }
            let name = review.name(a.seat);
            let accuracy = percent(a.accuracy, 0, 0);
            if marks.is_empty() {
                said!(screen_review_accuracy, name = name, accuracy = accuracy)
            } else {
                said!(
                    review_accuracy_marks,
                    name = name,
                    accuracy = accuracy,
                    marks = marks.join(", ")
                )
            }
        })
        .collect()
}

/// The list: the decisions with a choice, or the biggest swings; the picked one
/// highlighted and kept in view.
fn entries(view: &ReviewView, review: &Review, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let title = if review.values_decisions() {
        said!(review_decisions, count = view.listed.len())
    } else {
        said!(screen_review_swings)
    };
    let title = format!(" {title} ");
    let block = Block::bordered()
        .title(title)
        .border_style(theme.style(Role::Panel));
    let inner = block.inner(area);
    block.render(area, buf);
    if view.listed.is_empty() {
        let none = if review.values_decisions() {
            said!(review_no_decisions)
        } else {
            said!(screen_review_no_swings)
        };
        Line::raw(none).render(inner, buf);
        return;
    }
    let rows = usize::from(inner.height);
    let first = view.entry.saturating_sub(rows.saturating_sub(1) / 2);
    let first = first.min(view.listed.len().saturating_sub(rows));
    for (row, (at, &index)) in view
        .listed
        .iter()
        .enumerate()
        .skip(first)
        .take(rows)
        .enumerate()
    {
        let text = if review.values_decisions() {
            decision_row(review, &review.decisions[index])
        } else {
            review.swings[index].label.clone()
        };
        let picked = at == view.entry && view.picked == Picked::Decision;
        let style = match review.decisions.get(index).and_then(|d| d.mark) {
            _ if picked => highlight(),
            Some(_) if review.values_decisions() => theme.style(Role::Error),
            _ => Style::new(),
        };
        // The pointer is where the arrows are: on the chart, the list has none.
        let marker = if picked { "▶ " } else { "  " };
        let rect = Rect::new(inner.x, inner.y + row as u16, inner.width, 1);
        // The whole entry is under the list when picked: here it ends at a word.
        let text = widgets::clipped_at_word(&text, usize::from(inner.width).saturating_sub(2));
        Line::styled(format!("{marker}{text}"), style).render(rect, buf);
    }
}

/// A decision in a row: where, what was chosen, what was best, what it cost.
fn decision_row(review: &Review, decision: &Decision) -> String {
    let place = review.situation_short(decision);
    // Several people reviewed (one keyboard): each row says whose decision it was.
    let place = if review.accuracy.len() > 1 {
        format!("{}: {place}", review.name(decision.seat))
    } else {
        place
    };
    let chosen = option_name(decision, decision.chosen);
    if decision.chosen == decision.best {
        return said!(review_row_best, place = place, chosen = chosen);
    }
    let mark = decision.mark.map_or("", |m| m.name());
    said!(
        review_row,
        place = place,
        chosen = chosen,
        best = option_name(decision, decision.best),
        cost = words::spoken().decimal(100.0 * decision.cost, 1),
        mark = mark
    )
}

/// An option by what it does: the face set down, or the card choice.
fn option_name(decision: &Decision, index: usize) -> String {
    let option = &decision.options[index];
    match option.outlook {
        Outlook::Die(hint) => said!(review_set, face = hint.face.to_string()),
        Outlook::Card { .. } => option.action.to_string(),
    }
}

/// Under the list: the picked decision, its situation and its options as a table (a row
/// per figure, the best starred, the choice underlined), or the swing at the picked point.
fn detail_lines(view: &ReviewView, review: &Review) -> Vec<Line<'static>> {
    let point_step = review.win_probability.get(view.point).map(|p| p.step);
    let swing_here = review.swings.iter().find(|s| Some(s.step) == point_step);
    if view.picked == Picked::Point
        && let Some(swing) = swing_here
    {
        return vec![Line::raw(swing.label.clone())];
    }
    let Some(&index) = view.listed.get(view.entry) else {
        return Vec::new();
    };
    if !review.values_decisions() {
        return vec![Line::raw(review.swings[index].label.clone())];
    }
    let decision = &review.decisions[index];
    let language = words::spoken();
    let tenths = |p: f64| percent(p, 1, 0);
    // The options are all of one kind: cards (kept or changed) or dice (set down).
    let cards = matches!(
        decision.options.first().map(|o| o.outlook),
        Some(Outlook::Card { .. })
    );
    let rows: Vec<(String, Figure)> = if cards {
        vec![
            (
                String::new(),
                Box::new(|o: &Considered| o.action.to_string()),
            ),
            (
                said!(review_lowest),
                Box::new(move |o: &Considered| match o.outlook {
                    Outlook::Card { p_lowest } => tenths(p_lowest),
                    Outlook::Die(_) => String::new(),
                }),
            ),
        ]
    } else {
        vec![
            (
                said!(screen_review_die),
                Box::new(|o: &Considered| match o.outlook {
                    Outlook::Die(hint) => hint.face.to_string(),
                    Outlook::Card { .. } => String::new(),
                }),
            ),
            (
                said!(review_win),
                Box::new(move |o: &Considered| tenths(o.value)),
            ),
            (
                said!(review_qualify),
                Box::new(move |o: &Considered| match o.outlook {
                    Outlook::Die(hint) => percent(hint.p_qualify, 0, 0),
                    Outlook::Card { .. } => String::new(),
                }),
            ),
            (
                said!(review_mean),
                Box::new(move |o: &Considered| match o.outlook {
                    Outlook::Die(hint) => language.decimal(hint.expected_score, 1),
                    Outlook::Card { .. } => String::new(),
                }),
            ),
        ]
    };
    let mut lines = vec![Line::raw(review.situation_line(decision))];
    for (row, (label, figure)) in rows.iter().enumerate() {
        let mut spans = vec![Span::raw(format!("{label:<8}"))];
        for (i, option) in decision.options.iter().enumerate() {
            let star = if row == 0 && i == decision.best {
                "★"
            } else {
                ""
            };
            let style = if i == decision.chosen {
                Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
            } else {
                Style::new()
            };
            spans.push(Span::styled(
                format!(" {:>9}", format!("{star}{}", figure(option))),
                style,
            ));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// One figure of an option, as a column of the options' table shows it.
type Figure = Box<dyn Fn(&Considered) -> String>;

/// Every seat's chance as a line over the game's points, the biggest swings marked with a
/// dot, the picked point a vertical line.
fn win_chart(view: &ReviewView, review: &Review, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let points = &review.win_probability;
    let series: Vec<Vec<(f64, f64)>> = review
        .seats
        .iter()
        .map(|seat| {
            points
                .iter()
                .enumerate()
                .map(|(x, p)| (x as f64, 100.0 * p.seat_win[usize::from(seat.seat)]))
                .collect()
        })
        .collect();
    let x = view.point as f64;
    let cursor = [(x, 0.0), (x, 100.0)];
    let mut datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.style(Role::Faint))
            .data(&cursor),
    ];
    // The swings, marked where they land on the line of the seat that moved.
    let swings: Vec<(f64, f64)> = review
        .swings
        .iter()
        .filter_map(|swing| {
            let x = points.iter().position(|p| p.step == swing.step)?;
            Some((
                x as f64,
                100.0 * points[x].seat_win[usize::from(swing.seat)],
            ))
        })
        .collect();
    for (seat, data) in review.seats.iter().zip(&series) {
        datasets.push(
            Dataset::default()
                .name(seat.name.clone())
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(theme.seat(usize::from(seat.seat)))
                .data(data),
        );
    }
    datasets.push(
        Dataset::default()
            .marker(Marker::Dot)
            .graph_type(GraphType::Scatter)
            .style(theme.style(Role::Banner))
            .data(&swings),
    );
    let last = points.len().saturating_sub(1).max(1) as f64;
    let estimated = points.iter().any(|p| p.method == Method::MonteCarlo);
    let title = if estimated {
        said!(review_chart_estimated)
    } else {
        said!(review_chart_exact)
    };
    let title = format!(" {title} ");
    let end_label = points.last().map_or_else(String::new, |p| {
        format!(
            "{} {}",
            review.settings.game.game_type().progress.word(),
            p.turn
        )
    });
    // The point's line below names every seat in its colour: no legend over the lines.
    Chart::new(datasets)
        .legend_position(None)
        .block(
            Block::bordered()
                .title(title)
                .border_style(theme.style(Role::Panel)),
        )
        .x_axis(
            Axis::default()
                .bounds([0.0, last])
                .labels([Line::raw(said!(review_start)), Line::raw(end_label)]),
        )
        .y_axis(
            Axis::default()
                .bounds([0.0, 100.0])
                .labels([0.0, 0.5, 1.0].map(|p| Line::raw(percent(p, 0, 0)))),
        )
        .render(area, buf);
}

/// The picked point in words: when, how it was found, every seat's chance, each name in
/// its seat's colour (the chart's legend).
fn point_line(review: &Review, point: &WinPoint, theme: &Theme) -> Line<'static> {
    let method = match (point.method, point.std_error) {
        (Method::Exact, _) => said!(review_exact),
        (Method::MonteCarlo, Some(se)) => {
            said!(review_estimated_error, error = percent(2.0 * se, 1, 0))
        }
        (Method::MonteCarlo, None) => said!(review_estimated),
    };
    let mut spans = vec![Span::raw(format!(
        "{} ({method}):",
        crate::games::capitalised(&point.moment)
    ))];
    for seat in &review.seats {
        spans.push(Span::styled(
            format!(" {}", seat.name),
            theme.seat(usize::from(seat.seat)),
        ));
        spans.push(Span::raw(format!(
            " {}",
            percent(point.seat_win[usize::from(seat.seat)], 0, 0)
        )));
    }
    Line::from(spans)
}
