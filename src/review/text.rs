//! A review as text: the decisions with their options and marks, each human seat's
//! accuracy, the win chances (a chart, or the same in words) and the swings, every line
//! within 80 columns.

use std::fmt::Write as _;

use super::{Accuracy, Considered, Decision, Mark, Outlook, Review, Situation, WinPoint};
use crate::games::{DecisionWords, counted};
use crate::odds::Method;
use crate::stats::text::{WIDTH, wrap};

/// Rows of the chart above its axis: 0% to 100% in steps of 10.
const CHART_ROWS: usize = 11;
/// Columns of the chart, one point each: 80 less the axis labels.
const CHART_COLUMNS: usize = 72;

/// The review as text, with the chart of the win chances or (`chart` false) the same
/// figures in words.
pub(super) fn describe(review: &Review, chart: bool) -> String {
    let mut out = String::new();
    let status = if review.finished {
        "finished"
    } else {
        "abandoned"
    };
    line(
        &mut out,
        &format!(
            "{} review: {}, seed {}, {status}",
            review.settings.game.title(),
            review.settings.signature(),
            review.seed
        ),
    );
    let seats: Vec<String> = review
        .seats
        .iter()
        .map(|s| {
            if s.human && review.values_decisions() {
                format!("{} (reviewed)", s.name)
            } else {
                s.name.clone()
            }
        })
        .collect();
    line(&mut out, &format!("Seats: {}", seats.join(", ")));
    for accuracy in &review.accuracy {
        decisions(&mut out, review, accuracy);
    }
    if !review.values_decisions() {
        line(
            &mut out,
            "\nNo choice in this game is valued (it has none, or few that matter): the review \
             values Forty-One's dice and Chase the Ace's cards, where choices change who wins.",
        );
    } else if review.accuracy.is_empty() {
        line(
            &mut out,
            "\nNobody at this table was a person: there are no decisions to review.",
        );
    }
    line(
        &mut out,
        &format!(
            "\n{} through the game ({}):",
            review.settings.goal().chart_title(),
            method_note(review)
        ),
    );
    if chart {
        draw_chart(&mut out, review);
    } else {
        in_words(&mut out, review);
    }
    swings(&mut out, review);
    out
}

/// `text` wrapped to the width, then a new line.
fn line(out: &mut String, text: &str) {
    for wrapped in text.split('\n').flat_map(|l| wrap(l, WIDTH)) {
        out.push_str(&wrapped);
        out.push('\n');
    }
}

fn percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

/// A seat's accuracy and its decisions that had a choice.
fn decisions(out: &mut String, review: &Review, accuracy: &Accuracy) {
    let name = review.name(accuracy.seat);
    let all = review
        .decisions
        .iter()
        .filter(|d| d.seat == accuracy.seat)
        .count();
    let Some(words) = review.settings.game.game_type().decisions.as_ref() else {
        return;
    };
    let (measure, one, many) = (words.measure(), words.one(), words.many());
    line(out, &format!("\nDecisions of {name}"));
    if accuracy.choices == 0 {
        line(
            out,
            &format!("{}, none with a choice.", counted(all as u64, one, many)),
        );
        return;
    }
    line(
        out,
        &format!(
            "{}, {} with a choice. Accuracy {}: the {measure} the choices kept, over what \
             the best choices would have kept. {} best, {}, {}, {}; {:.1} points given \
             away in all.",
            counted(all as u64, one, many),
            accuracy.choices,
            percent(accuracy.accuracy),
            accuracy.best_taken,
            counted(accuracy.inaccuracies as u64, "inaccuracy", "inaccuracies"),
            counted(accuracy.mistakes as u64, "mistake", "mistakes"),
            counted(accuracy.blunders as u64, "blunder", "blunders"),
            100.0 * accuracy.given_away
        ),
    );
    for decision in review
        .decisions
        .iter()
        .filter(|d| d.seat == accuracy.seat && d.has_choice())
    {
        one_decision(out, review, words, decision);
    }
}

/// Where a decision was taken, in a line, or (`short`) in a few words for a list: "R3 roll
/// 2  3·1·5·5·5", "R2 4♣ dealer".
pub(super) fn situation(review: &Review, decision: &Decision, short: bool) -> String {
    match &decision.situation {
        Situation::FortyOne {
            round,
            replay,
            roll_number,
            roll,
            to_beat,
            still_to_roll,
            ..
        } => {
            // A round tied for chips is played again under its number: which play.
            let (replay_short, replay_long) = match replay {
                0 => (String::new(), String::new()),
                1 => ("r".to_owned(), " (replayed after a tie)".to_owned()),
                n => (format!("r{n}"), format!(" (replay {n} after ties)")),
            };
            if short {
                return format!("R{round}{replay_short} roll {roll_number}  {roll}");
            }
            let to_beat =
                to_beat.map_or_else(|| "nothing to beat".to_owned(), |s| format!("{s} to beat"));
            format!(
                "Round {round}{replay_long}, roll {roll_number} of 6: {roll}; {to_beat}, {} after",
                counted(*still_to_roll as u64, "player", "players")
            )
        }
        Situation::ChaseTheAce {
            round,
            card,
            dealer,
            king_call,
        } => {
            let role = match (dealer, king_call, short) {
                (_, true, false) => ", a King call (someone else is about to decide)",
                (_, true, true) => " King call",
                (true, false, false) => ", the dealer",
                (true, false, true) => " dealer",
                (false, false, _) => "",
            };
            if short {
                format!("R{round} {card}{role}")
            } else {
                format!(
                    "Round {round}: {} held {card}{role}",
                    review.name(decision.seat)
                )
            }
        }
    }
}

fn one_decision(out: &mut String, review: &Review, words: &DecisionWords, decision: &Decision) {
    line(out, &format!("\n{}", situation(review, decision, false)));
    let options: Vec<String> = decision
        .options
        .iter()
        .enumerate()
        .map(|(index, o)| {
            let option = match o.outlook {
                Outlook::Die(hint) => format!("{} {}", hint.face, percent(o.value)),
                Outlook::Card { p_lowest } => format!("{} {}", o.action, percent(p_lowest)),
            };
            let role = match (index == decision.chosen, index == decision.best) {
                (true, true) => " (chosen, the best)",
                (true, false) => " (chosen)",
                (false, true) => " (the best)",
                (false, false) => "",
            };
            format!("{option}{role}")
        })
        .collect();
    let heading = words.options_heading();
    line(out, &format!("  {heading}: {}", options.join(", ")));
    if decision.chosen != decision.best {
        let mark = decision
            .mark
            .map_or_else(String::new, |m| format!(": {}", article(m)));
        line(
            out,
            &format!(
                "  {}: {:.1} points given away against {}{mark}",
                described(decision.chosen()),
                100.0 * decision.cost,
                described(decision.best())
            ),
        );
    }
}

/// An option in words: what it is and, for a die, where it leads.
fn described(option: &Considered) -> String {
    match option.outlook {
        Outlook::Die(hint) => format!(
            "{} (qualify {}, mean {:.1})",
            option.action,
            percent(hint.p_qualify),
            hint.expected_score
        ),
        Outlook::Card { .. } => option.action.to_string(),
    }
}

fn article(mark: Mark) -> String {
    match mark {
        Mark::Inaccuracy => "an inaccuracy".to_owned(),
        other => format!("a {}", other.name()),
    }
}

/// How the points were found, in a sentence.
fn method_note(review: &Review) -> String {
    let points = &review.win_probability;
    let estimated: Vec<&WinPoint> = points
        .iter()
        .filter(|p| p.method == Method::MonteCarlo)
        .collect();
    if estimated.is_empty() {
        return "every point exact".to_owned();
    }
    let error = estimated
        .iter()
        .filter_map(|p| p.std_error)
        .fold(0.0, f64::max);
    let how = format!(
        "estimated, standard error up to {:.1} points",
        100.0 * error
    );
    if estimated.len() == points.len() {
        format!("every point {how}")
    } else {
        format!(
            "{} of {} points {how}; the rest exact",
            estimated.len(),
            points.len()
        )
    }
}

/// One letter per seat: the names' initials when they differ, else the seat numbers.
fn seat_letters(review: &Review) -> Vec<char> {
    let initials: Vec<char> = review
        .seats
        .iter()
        .map(|s| {
            s.name
                .chars()
                .find(char::is_ascii_alphanumeric)
                .map_or('?', |c| c.to_ascii_uppercase())
        })
        .collect();
    let distinct = initials
        .iter()
        .enumerate()
        .all(|(i, c)| !initials[..i].contains(c) && *c != '?');
    if distinct {
        initials
    } else {
        (0..review.seats.len())
            .map(|seat| char::from_digit(seat as u32, 10).unwrap_or('?'))
            .collect()
    }
}

/// The win chances as a chart: the points spread evenly over its columns (a point repeated
/// where there are fewer, skipped where there are more), a row per 10 points, each seat
/// its letter, `*` where several meet; `~` under the estimated points.
fn draw_chart(out: &mut String, review: &Review) {
    let points = &review.win_probability;
    let game = review.settings.game;
    let columns: Vec<&WinPoint> = (0..CHART_COLUMNS)
        .map(|c| &points[c * (points.len() - 1) / (CHART_COLUMNS - 1)])
        .collect();
    let letters = seat_letters(review);
    let mut grid = vec![vec![' '; columns.len()]; CHART_ROWS];
    for (x, point) in columns.iter().enumerate() {
        for (seat, &p) in point.seat_win.iter().enumerate() {
            let row = CHART_ROWS - 1 - (p.clamp(0.0, 1.0) * 10.0).round() as usize;
            let cell = &mut grid[row][x];
            *cell = if *cell == ' ' { letters[seat] } else { '*' };
        }
    }
    for (row, cells) in grid.iter().enumerate() {
        let label = match row {
            0 => "100%",
            5 => " 50%",
            10 => "  0%",
            _ => "",
        };
        let _ = writeln!(out, "{label:>4} |{}", cells.iter().collect::<String>());
    }
    let axis: String = columns
        .iter()
        .map(|p| {
            if p.method == Method::MonteCarlo {
                '~'
            } else {
                '-'
            }
        })
        .collect();
    let _ = writeln!(out, "     +{axis}");
    if let (Some(first), Some(last)) = (columns.first(), columns.last()) {
        let unit = game.game_type().progress.word();
        let left = format!("{unit} {}", first.turn);
        let right = format!("{unit} {}", last.turn);
        let gap = columns
            .len()
            .saturating_sub(left.len() + right.len())
            .max(1);
        let _ = writeln!(out, "      {left}{}{right}", " ".repeat(gap));
    }
    let legend: Vec<String> = review
        .seats
        .iter()
        .zip(&letters)
        .map(|(s, letter)| format!("{letter} {}", s.name))
        .collect();
    line(
        out,
        &format!("  {}; * several seats at once", legend.join(", ")),
    );
}

/// The win chances in words: each seat at the start, at its highest and lowest, and at
/// the end.
fn in_words(out: &mut String, review: &Review) {
    let points = &review.win_probability;
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        return;
    };
    for seat in &review.seats {
        let s = usize::from(seat.seat);
        let at = |p: &WinPoint| p.seat_win[s];
        let highest = points
            .iter()
            .max_by(|a, b| at(a).total_cmp(&at(b)))
            .expect("a series has points");
        let lowest = points
            .iter()
            .min_by(|a, b| at(a).total_cmp(&at(b)))
            .expect("a series has points");
        line(
            out,
            &format!(
                "  {}: {} at the start, {} at the highest ({}), {} at the lowest ({}), {} at \
                 the end",
                seat.name,
                percent(at(first)),
                percent(at(highest)),
                highest.moment,
                percent(at(lowest)),
                lowest.moment,
                percent(at(last))
            ),
        );
    }
}

fn swings(out: &mut String, review: &Review) {
    if review.swings.is_empty() {
        line(out, "\nNo big swings.");
        return;
    }
    line(out, "\nBiggest swings:");
    for swing in &review.swings {
        line(out, &format!("  {}", swing.label));
    }
}
