//! Your stats as charts: win share by game, your last games, and a page per game with its
//! own figures. The file is not trusted: a record that breaks an invariant (more wins than
//! games) is drawn as far as it makes sense, never a panic.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{
    Bar, BarChart, BarGroup, Block, BorderType, Clear, Paragraph, Widget, Wrap,
};

use super::widgets::bold;
use crate::games::{GameId, Tally, capitalised};
use crate::said;
use crate::stats::text::{biggest_win, figure_words};
use crate::stats::{Involvement, Stats, Totals};
use crate::tui::theme::{Role, Theme};

/// The stats panel: the overview on page 0, game `page - 1`'s own page after it.
pub fn render(stats: &Stats, page: usize, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let rect = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    );
    Clear.render(rect, buf);
    let block = Block::bordered()
        .border_type(BorderType::Double)
        .title(format!(" {} ", said!(stats_title)));
    let inner = block.inner(rect);
    block.render(rect, buf);
    if stats.records.is_empty() {
        Paragraph::new(said!(stats_empty)).render(inner, buf);
        return;
    }
    match GameId::ALL.get(page.wrapping_sub(1)) {
        Some(&game) => game_page(stats, game, theme, inner, buf),
        None => overview(stats, theme, inner, buf),
    }
}

fn overview(stats: &Stats, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let [charts, lines] = Layout::vertical([Constraint::Min(8), Constraint::Length(7)]).areas(area);
    let [shares, recent] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(charts);
    let totals: Vec<(GameId, Totals)> = GameId::ALL
        .into_iter()
        .map(|game| (game, Totals::of(stats, game, Involvement::Played)))
        .collect();
    let bars: Vec<Bar> = totals
        .iter()
        .map(|(game, t)| {
            Bar::default()
                .value(t.percent())
                .text_value(whole_percent(t.percent()))
                .label(Line::from(game.game_type().short_title()))
                .style(theme.seat(game_index(*game)))
        })
        .collect();
    // A bar a game, as wide as fits them all (a short title is five letters at most).
    let room = usize::from(shares.width.saturating_sub(2));
    let games = bars.len();
    let (width, gap) = [(6, 2), (5, 1), (4, 1), (3, 1)]
        .into_iter()
        .find(|&(width, gap)| games * width + games.saturating_sub(1) * gap <= room)
        .unwrap_or((3, 1));
    BarChart::default()
        .block(Block::bordered().title(format!(" {} ", said!(stats_win_share))))
        .data(BarGroup::default().bars(&bars))
        .bar_width(width as u16)
        .bar_gap(gap as u16)
        .max(100)
        .render(shares, buf);
    // Your latest game's results, oldest first: a tall bar a win, a low one a loss.
    let latest = totals
        .iter()
        .filter(|(_, t)| !t.recent.is_empty())
        .max_by_key(|(game, _)| {
            stats
                .for_game(Some(*game))
                .map(|r| r.last_played)
                .max()
                .unwrap_or(0)
        });
    // The game's whole name where the border has room for it.
    let of = latest.map(|(game, t)| {
        let whole = said!(stats_recent_of, count = t.recent.len(), game = game.title());
        if crate::tui::columns::columns(&whole) + 4 <= usize::from(recent.width) {
            game.title()
        } else {
            game.game_type().short_title()
        }
    });
    let results = latest.map_or("", |(_, t)| t.recent.as_str());
    recent_games(results, of, theme, recent, buf);
    let mut text = vec![Line::styled(
        format!(
            "{:<24} {:>6} {:>6} {:>7} {:>8}",
            said!(stats_head_game),
            said!(stats_head_played),
            said!(stats_head_won),
            said!(stats_head_streak),
            said!(stats_head_best_win)
        ),
        bold(),
    )];
    for (game, t) in &totals {
        if t.games == 0 && t.abandoned == 0 {
            continue;
        }
        text.push(Line::from(format!(
            "{:<24} {:>6} {:>6} {:>3}/{:<3} {:>8}",
            game.title(),
            t.games,
            t.wins,
            t.current_streak,
            t.longest_streak,
            // What the figure counts is on the game's own page (`biggest_win`); Swedish
            // Aces has nothing to take at the end.
            biggest_win(*game, Involvement::Played)
                .map_or_else(|| "-".to_owned(), |_| t.biggest_pot.to_string())
        )));
    }
    Paragraph::new(text).render(lines, buf);
}

/// Results oldest first, a bar a game with a gap between (a win tall, a loss low) and its
/// letter (W or L) under it: the newest that fit, so three games are three bars, never one
/// wide block. The title says how many are drawn.
fn recent_games(results: &str, game: Option<&str>, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let inner = Block::bordered().inner(area);
    // A bar and a gap a game, the last bar needing no gap after it.
    let fit = usize::from(inner.width.saturating_add(1) / 2);
    let results: Vec<char> = results.chars().collect();
    let shown = &results[results.len().saturating_sub(fit)..];
    let count = shown.len();
    let title = if let Some(game) = game {
        said!(stats_recent_of, count = count, game = game)
    } else {
        said!(screen_stats_recent, count = count)
    };
    let title = format!(" {title} ");
    let (win, loss) = (said!(stats_win_letter), said!(stats_loss_letter));
    let bars: Vec<Bar> = shown
        .iter()
        .map(|&result| {
            let won = result == 'W';
            Bar::default()
                .value(if won { 8 } else { 1 })
                .text_value(String::new())
                .label(Line::from(if won { win.clone() } else { loss.clone() }))
                .style(if won {
                    theme.style(Role::Stake)
                } else {
                    theme.style(Role::Faint)
                })
        })
        .collect();
    BarChart::default()
        .block(Block::bordered().title(title))
        .data(BarGroup::default().bars(&bars))
        .bar_width(1)
        .bar_gap(1)
        .max(8)
        .render(area, buf);
}

/// A whole percentage (0 to 100) as the language spoken writes it.
fn whole_percent(percent: u64) -> String {
    crate::tui::columns::percent(percent as f64 / 100.0, 0, 0)
}

fn game_index(game: GameId) -> usize {
    GameId::ALL.iter().position(|&g| g == game).unwrap_or(0)
}

fn game_page(stats: &Stats, game: GameId, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let played = Totals::of(stats, game, Involvement::Played);
    let watched = Totals::of(stats, game, Involvement::Watched);
    let mut lines = vec![
        Line::styled(game.title(), bold().patch(theme.style(Role::Title))),
        Line::from(said!(
            stats_played,
            games = played.games,
            wins = played.wins,
            percent = whole_percent(played.percent()),
            lost = played.games - played.wins,
            abandoned = played.abandoned,
            auto = played.auto_played
        )),
        Line::from(
            if let Some(label) = biggest_win(game, Involvement::Played) {
                said!(
                    stats_streak_best,
                    streak = played.current_streak,
                    longest = played.longest_streak,
                    label = label,
                    best = played.biggest_pot
                )
            } else {
                said!(
                    screen_stats_streak,
                    streak = played.current_streak,
                    longest = played.longest_streak
                )
            },
        ),
    ];
    // The game's own figures in a line; one kept by value is charted below instead.
    let figures = game.game_type().stat_figures;
    let said: Vec<String> = figures
        .iter()
        .filter(|figure| figure.tally != Tally::ByValue)
        .filter_map(|figure| {
            let values = played
                .figures
                .get(figure.key)
                .map_or(&[][..], Vec::as_slice);
            figure_words(figure, values)
        })
        .collect();
    if !said.is_empty() {
        lines.push(Line::from(capitalised(&said.join(" · "))));
    }
    let by_value = figures
        .iter()
        .find(|figure| figure.tally == Tally::ByValue)
        .and_then(|figure| Some((figure, played.figures.get(figure.key)?)))
        .filter(|(_, counts)| counts.iter().any(|&n| n > 0));
    lines.push(Line::from(said!(stats_watched, count = watched.games)));
    let [words, recent, chart] = Layout::vertical([
        Constraint::Length(lines.len() as u16 + 1),
        Constraint::Length(5),
        Constraint::Min(0),
    ])
    .areas(area);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(words, buf);
    recent_games(&played.recent, None, theme, recent, buf);
    // A figure of your games kept by value (Chase the Ace's wins by lives left); else the
    // watched games' wins by seat.
    let (title, values, label): (String, &[u64], fn(usize) -> String) = match by_value {
        Some((figure, counts)) => (
            format!(" {} ", said!(stats_your_figure, figure = figure.words())),
            counts,
            |i| i.to_string(),
        ),
        None => (
            format!(
                " {} ",
                said!(
                    stats_watched_by_seat,
                    seat_zero = game.game_type().seat_zero()
                )
            ),
            &watched.wins_by_seat,
            |i| said!(stats_seat, seat = i),
        ),
    };
    if values.is_empty() || chart.height < 5 {
        return;
    }
    let bars: Vec<Bar> = values
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            Bar::default()
                .value(n)
                .label(Line::from(label(i)))
                .style(theme.seat(i))
        })
        .collect();
    BarChart::default()
        .block(Block::bordered().title(title))
        .data(BarGroup::default().bars(&bars))
        .bar_width(6)
        .bar_gap(1)
        .value_style(Style::new())
        .render(chart, buf);
}
