//! A review as text: the decisions with their options and marks, each human seat's
//! accuracy, the win chances (a chart, or the same in words) and the swings, every line
//! within 80 columns.

use std::fmt::Write as _;

use super::{Accuracy, Considered, Decision, Mark, Outlook, Review, Situation, WinPoint};
use crate::games::{DecisionWords, counted};
use crate::odds::Method;
use crate::said;
use crate::stats::text::{WIDTH, wrap};
use crate::words::spoken;

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
        &said!(
            review_title,
            game = review.settings.game.title(),
            rules = review.settings.signature(),
            seed = review.seed.to_string(),
            status = status
        ),
    );
    let seats: Vec<String> = review
        .seats
        .iter()
        .map(|s| {
            if s.human && review.values_decisions() {
                said!(review_seat_reviewed, name = &s.name)
            } else {
                s.name.clone()
            }
        })
        .collect();
    line(&mut out, &said!(review_seats, seats = seats.join(", ")));
    for accuracy in &review.accuracy {
        decisions(&mut out, review, accuracy);
    }
    if !review.values_decisions() {
        line(&mut out, &format!("\n{}", said!(review_nothing_valued)));
    } else if review.accuracy.is_empty() {
        line(&mut out, &format!("\n{}", said!(review_no_people)));
    }
    line(
        &mut out,
        &format!(
            "\n{}",
            said!(
                review_chart_title,
                chart = review.settings.goal().chart_title(),
                method = method_note(review)
            )
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
    spoken().percent(p, 1)
}

/// A share out of 1 in percentage points, with a decimal: "12.5".
fn points(share: f64) -> String {
    spoken().decimal(100.0 * share, 1)
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
    line(
        out,
        &format!("\n{}", said!(review_decisions_of, name = name)),
    );
    let decisions = counted(all as u64, one, many);
    if accuracy.choices == 0 {
        line(out, &said!(review_no_choice, decisions = decisions));
        return;
    }
    line(
        out,
        &said!(
            review_accuracy,
            decisions = decisions,
            choices = accuracy.choices,
            percent = percent(accuracy.accuracy),
            measure = measure,
            best = accuracy.best_taken,
            inaccuracies = accuracy.inaccuracies,
            mistakes = accuracy.mistakes,
            blunders = accuracy.blunders,
            points = points(accuracy.given_away)
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
            if short {
                return said!(
                    review_forty_one_short,
                    round = *round,
                    replay = *replay,
                    roll_number = *roll_number,
                    roll = roll.to_string()
                );
            }
            let to_beat = to_beat.map_or_else(
                || said!(review_nothing_to_beat),
                |score| said!(review_to_beat, score = score.to_string()),
            );
            said!(
                review_forty_one_at,
                round = *round,
                replay = *replay,
                roll_number = *roll_number,
                roll = roll.to_string(),
                to_beat = to_beat,
                after = *still_to_roll
            )
        }
        Situation::ChaseTheAce {
            round,
            card,
            dealer,
            king_call,
        } => {
            let role = match (dealer, king_call) {
                (_, true) => "king-call",
                (true, false) => "dealer",
                (false, false) => "none",
            };
            let card = card.to_string();
            if short {
                said!(review_chase_short, round = *round, card = card, role = role)
            } else {
                said!(
                    review_chase_at,
                    round = *round,
                    name = review.name(decision.seat),
                    card = card,
                    role = role
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
            let (option, chance) = match o.outlook {
                Outlook::Die(hint) => (hint.face.to_string(), o.value),
                Outlook::Card { p_lowest } => (o.action.to_string(), p_lowest),
            };
            let role = match (index == decision.chosen, index == decision.best) {
                (true, true) => "chosen-best",
                (true, false) => "chosen",
                (false, true) => "best",
                (false, false) => "none",
            };
            said!(
                review_option,
                option = option,
                percent = percent(chance),
                role = role
            )
        })
        .collect();
    let heading = words.options_heading();
    line(
        out,
        &format!(
            "  {}",
            said!(
                review_options,
                heading = heading,
                options = options.join(", ")
            )
        ),
    );
    if decision.chosen != decision.best {
        let mark = match decision.mark {
            Some(Mark::Inaccuracy) => "inaccuracy",
            Some(Mark::Mistake) => "mistake",
            Some(Mark::Blunder) => "blunder",
            None => "none",
        };
        line(
            out,
            &format!(
                "  {}",
                said!(
                    review_cost,
                    chosen = described(decision.chosen()),
                    points = points(decision.cost),
                    best = described(decision.best()),
                    mark = mark
                )
            ),
        );
    }
}

/// An option in words: what it is and, for a die, where it leads.
fn described(option: &Considered) -> String {
    match option.outlook {
        Outlook::Die(hint) => said!(
            review_die,
            die = option.action.to_string(),
            qualify = percent(hint.p_qualify),
            mean = spoken().decimal(hint.expected_score, 1)
        ),
        Outlook::Card { .. } => option.action.to_string(),
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
        return said!(review_all_exact);
    }
    let error = self::points(
        estimated
            .iter()
            .filter_map(|p| p.std_error)
            .fold(0.0, f64::max),
    );
    if estimated.len() == points.len() {
        said!(review_all_estimated, error = error)
    } else {
        said!(
            review_some_estimated,
            estimated = estimated.len(),
            points = points.len(),
            error = error
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
        &format!(
            "  {}",
            said!(review_chart_legend, seats = legend.join(", "))
        ),
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
                "  {}",
                said!(
                    review_in_words,
                    name = &seat.name,
                    start = percent(at(first)),
                    highest = percent(at(highest)),
                    highest_at = &highest.moment,
                    lowest = percent(at(lowest)),
                    lowest_at = &lowest.moment,
                    end = percent(at(last))
                )
            ),
        );
    }
}

fn swings(out: &mut String, review: &Review) {
    if review.swings.is_empty() {
        line(out, &format!("\n{}", said!(review_no_swings)));
        return;
    }
    line(out, &format!("\n{}", said!(review_swings)));
    for swing in &review.swings {
        line(out, &format!("  {}", swing.label));
    }
}
