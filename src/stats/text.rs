//! `parlor stats` as text: one block per record, every figure in words, every line within
//! the width of a terminal, whatever the file holds (long rules, huge counters, wide
//! characters).

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::records::{DailyRecord, Involvement, Record};
use crate::games::{GameId, StatFigure, Tally, counted};
use crate::said;
use crate::words::spoken;

/// A game's own figure in words, "best turn: 21 points", "wins by lives left: 2 with 1
/// life"; `None` while it has no value.
pub fn figure_words(figure: &StatFigure, values: &[u64]) -> Option<String> {
    let value = |n: u64| match figure.unit() {
        Some((one, many)) => counted(n, one, many),
        None => n.to_string(),
    };
    let said = match figure.tally {
        Tally::Best | Tally::Sum => value(*values.first()?),
        Tally::ByValue => {
            let counts: Vec<String> = values
                .iter()
                .enumerate()
                .filter(|&(_, &count)| count > 0)
                .map(|(at, &count)| {
                    said!(
                        stats_figure_by_value,
                        count = count.to_string(),
                        value = value(at as u64)
                    )
                })
                .collect();
            if counts.is_empty() {
                return None;
            }
            counts.join(", ")
        }
    };
    Some(said!(stats_figure, figure = figure.words(), value = said))
}

/// The width `parlor stats` fits: a terminal's smallest usual width.
pub const WIDTH: usize = 80;

/// The records as text, a block each, separated by blank lines.
pub fn describe<'a>(records: impl IntoIterator<Item = &'a Record>) -> String {
    let blocks: Vec<String> = records
        .into_iter()
        .map(|record| {
            lines(record)
                .iter()
                .flat_map(|line| wrap(line, WIDTH))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    blocks.join("\n\n")
}

/// The daily deals, a block per game, like [`describe`].
pub fn describe_daily<'a>(records: impl IntoIterator<Item = &'a DailyRecord>) -> String {
    let blocks: Vec<String> = records
        .into_iter()
        .map(|d| {
            let mut lines = vec![
                said!(stats_daily_title, game = d.game.title()),
                format!(
                    "  {}",
                    said!(
                        stats_daily_days,
                        days_n = d.days,
                        days = d.days.to_string(),
                        streak_n = d.streak,
                        streak = d.streak.to_string(),
                        longest = d.longest_streak.to_string()
                    )
                ),
            ];
            if let Some(day) = d.last_day {
                lines.push(format!(
                    "  {}",
                    said!(stats_daily_last, day = day.to_string())
                ));
            }
            if let Some(line) = &d.best_line {
                lines.push(format!("  {}", said!(stats_daily_best, line = line)));
            }
            lines
                .iter()
                .flat_map(|line| wrap(line, WIDTH))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    blocks.join("\n\n")
}

/// The words for a record's biggest win (`Record::biggest_pot`), where the game has one
/// thing to take at the end: what the figure counts, for you (played) or any winner.
pub fn biggest_win(game: GameId, kind: Involvement) -> Option<&'static str> {
    let (yours, anyone) = game.game_type().biggest_win()?;
    Some(if kind == Involvement::Played {
        yours
    } else {
        anyone
    })
}

/// One record's lines, before wrapping: the first unindented, the rest indented.
fn lines(r: &Record) -> Vec<String> {
    let kind = match r.kind {
        Involvement::Played => "played",
        Involvement::Watched => "watched",
    };
    let mut lines = vec![
        said!(stats_record_title, kind = kind, game = r.game.title()),
        format!("  {}", said!(stats_rules, rules = rules_in_words(r))),
    ];
    let mut tally = vec![said!(
        stats_games_finished,
        n = r.games,
        count = r.games.to_string()
    )];
    if r.kind == Involvement::Played {
        tally.push(said!(
            stats_wins,
            n = r.wins,
            count = r.wins.to_string(),
            percent = spoken().decimal(r.win_percent(), 1)
        ));
        tally.push(said!(
            stats_losses,
            n = r.losses,
            count = r.losses.to_string()
        ));
    }
    tally.push(said!(
        stats_abandoned,
        n = r.abandoned,
        count = r.abandoned.to_string()
    ));
    if r.auto_played > 0 {
        tally.push(said!(
            stats_auto_played,
            n = r.auto_played,
            count = r.auto_played.to_string()
        ));
    }
    lines.push(format!("  {}", tally.join(", ")));
    let mut more = Vec::new();
    if r.kind == Involvement::Played && r.games > 0 {
        more.push(said!(
            stats_streak,
            now = r.current_streak.to_string(),
            best = r.longest_streak.to_string()
        ));
    }
    if let Some(label) = biggest_win(r.game, r.kind)
        && r.biggest_pot > 0
    {
        more.push(said!(
            stats_biggest_win,
            label = label,
            count = r.biggest_pot.to_string()
        ));
    }
    if !more.is_empty() {
        lines.push(format!("  {}", more.join("; ")));
    }
    lines.extend(extras(r).into_iter().map(|line| format!("  {line}")));
    lines
}

/// The game's own figures, and the seats or the latest results.
fn extras(r: &Record) -> Vec<String> {
    let mut extras = Vec::new();
    if r.kind == Involvement::Watched {
        if r.wins_by_seat.iter().any(|&wins| wins > 0) {
            let seats: Vec<String> = r.wins_by_seat.iter().map(u64::to_string).collect();
            extras.push(said!(
                stats_wins_by_seat,
                seat_zero = r.game.game_type().seat_zero(),
                wins = seats.join(", ")
            ));
        }
        return extras;
    }
    let figures: Vec<String> = r
        .game
        .game_type()
        .stat_figures
        .iter()
        .filter_map(|figure| {
            figure_words(
                figure,
                r.figures.get(figure.key).map_or(&[][..], Vec::as_slice),
            )
        })
        .collect();
    if !figures.is_empty() {
        extras.push(figures.join("; "));
    }
    if !r.recent.is_empty() {
        extras.push(said!(
            stats_recent,
            count = r.recent.len(),
            results = &r.recent
        ));
    }
    extras
}

/// `line` in lines of at most `width` columns, broken between words, never at a no-break
/// space (a word wider than a line is broken where it must). Lines after the first keep the first's indent, and two
/// more spaces.
pub fn wrap(line: &str, width: usize) -> Vec<String> {
    let indent = line.len() - line.trim_start().len();
    let hanging = " ".repeat((indent + 2).min(width / 2));
    let mut lines = Vec::new();
    let mut current = line[..indent].to_owned();
    // A no-break space holds its words together ("41,7 %").
    let words = line
        .split(|c: char| c.is_whitespace() && c != '\u{a0}')
        .filter(|word| !word.is_empty());
    for (index, word) in words.enumerate() {
        if index > 0 {
            if current.width() + 1 + word.width() > width {
                lines.push(std::mem::replace(&mut current, hanging.clone()));
            } else {
                current.push(' ');
            }
        }
        for c in word.chars() {
            let only_indent = current.trim_start().is_empty();
            if !only_indent && current.width() + c.width().unwrap_or(0) > width {
                lines.push(std::mem::replace(&mut current, hanging.clone()));
            }
            current.push(c);
        }
    }
    lines.push(current);
    lines
}

/// A record's rules in words ("3 players, 3 lives each"), as the table said them; as kept
/// (`players=3 lives=3`) where they are no rules of today's (an older file's).
fn rules_in_words(r: &Record) -> String {
    crate::games::Settings::from_signature(r.game, &r.rules).map_or_else(
        || r.rules.clone(),
        |s| crate::games::present::settings_line(&s),
    )
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn wrap_breaks_between_words_with_a_hanging_indent() {
        assert_eq!(
            wrap("  one two three four", 10),
            ["  one two", "    three", "    four"]
        );
        assert_eq!(wrap("short", 10), ["short"]);
        assert_eq!(wrap("one 41,7\u{a0}%", 8), ["one", "  41,7\u{a0}%"]);
    }

    #[test]
    fn wrap_breaks_a_word_wider_than_the_line_and_counts_wide_characters() {
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "  ef", "  gh", "  ij"]);
        assert_eq!(wrap("五人五人", 5), ["五人", "  五", "  人"]);
    }
}
