//! The stats screen after real games: a bar for every game in "Your last games", and the
//! seats named as `parlor stats` names them.

use crate::support::screens;

use crossterm::event::KeyCode;
use parlor::games::GameId;
use parlor::tui::{App, Options};
use screens::{options, play_until, press, rows, screen, setup, sitting};

/// The stats of three games of `game` played through the full screen (your seat playing
/// itself), in the order played, with your results.
fn three_games(game: GameId) -> (parlor::stats::Stats, String) {
    let mut app = App::new(
        Options {
            auto: true,
            ..options(true)
        },
        None,
    );
    for seed in 0..3 {
        app.start(setup(game, None, true, seed));
        play_until(&mut app, 200_000, |a| sitting(a).is_over());
        app.leave_table();
    }
    let records: Vec<_> = app.recorder.stats.for_game(Some(game)).collect();
    assert_eq!(records.len(), 1, "{game}: one record: {records:?}");
    let results = records[0].recent.clone();
    assert_eq!(results.len(), 3, "{game}: three results: {results}");
    (app.recorder.stats.clone(), results)
}

/// The box titled `title` on screen: its rows inside the border.
fn boxed(rows: &[String], title: &str) -> Vec<String> {
    let top = rows
        .iter()
        .position(|row| row.contains(title))
        .unwrap_or_else(|| panic!("no box titled {title:?}:\n{}", rows.join("\n")));
    let chars = |row: &String| row.chars().collect::<Vec<char>>();
    let top_row = chars(&rows[top]);
    let at = rows[top][..rows[top].find(title).expect("found")]
        .chars()
        .count();
    let left = top_row[..at]
        .iter()
        .rposition(|&c| c == '┌')
        .expect("a corner");
    let right = left
        + top_row[left..]
            .iter()
            .position(|&c| c == '┐')
            .expect("a corner");
    rows[top + 1..]
        .iter()
        .map(chars)
        .take_while(|row| row[left] != '└')
        .map(|row| row[left + 1..right].iter().collect())
        .collect()
}

/// The bars drawn in a box of results: the letters under them, and the columns of the
/// bars' feet.
fn bars(inside: &[String]) -> (String, usize) {
    let [.., feet, labels] = inside else {
        panic!("too small: {inside:?}");
    };
    let feet = feet.chars().filter(|&c| c != ' ').count();
    (labels.split_whitespace().collect::<String>(), feet)
}

#[test]
fn the_last_games_chart_draws_a_bar_for_every_game() {
    for game in [GameId::SwedishAces, GameId::AcesInThePot, GameId::FortyOne] {
        let (stats, results) = three_games(game);
        let mut app = App::new(options(true), None);
        app.recorder.stats = stats;
        press(&mut app, KeyCode::Char('s'));
        for (width, height) in [(80, 24), (120, 40)] {
            let shown = rows(&screen(&mut app, width, height));
            let inside = boxed(&shown, "Your last");
            assert_eq!(
                bars(&inside),
                (results.clone(), 3),
                "{game} {width}x{height}"
            );
            assert!(shown.iter().any(|row| row.contains("Your last 3 games of")));
        }
        // The game's own page.
        let page = 1 + GameId::ALL.iter().position(|&g| g == game).expect("a game");
        for _ in 0..page {
            press(&mut app, KeyCode::Right);
        }
        let shown = rows(&screen(&mut app, 80, 24));
        let inside = boxed(&shown, "Your last");
        assert_eq!(bars(&inside), (results.clone(), 3), "{game}'s page");
    }
}

#[test]
fn the_chart_shows_the_newest_games_that_fit() {
    let (mut stats, _) = three_games(GameId::Lcr);
    let results = "WL".repeat(25);
    stats.records[0].recent.clone_from(&results);
    let mut app = App::new(options(true), None);
    app.recorder.stats = stats;
    press(&mut app, KeyCode::Char('s'));
    let shown = rows(&screen(&mut app, 80, 24));
    let title = shown
        .iter()
        .find_map(|row| {
            let at = row.find("Your last ")?;
            row[at..].split_whitespace().nth(2)?.parse::<usize>().ok()
        })
        .expect("a count in the title");
    let (letters, feet) = bars(&boxed(&shown, "Your last"));
    assert!((10..50).contains(&title), "{title}");
    assert_eq!(letters, results[50 - title..], "the newest {title}");
    assert_eq!(feet, title);
}

#[test]
fn the_wins_by_seat_chart_names_seat_zero_as_parlor_stats_does() {
    let mut app = App::new(
        Options {
            auto: true,
            ..options(true)
        },
        None,
    );
    for game in [GameId::SwedishAces, GameId::ChaseTheAce, GameId::Lcr] {
        app.start(setup(game, None, false, 1));
        play_until(&mut app, 200_000, |a| sitting(a).is_over());
        app.leave_table();
    }
    let stats = app.recorder.stats.clone();
    let mut app = App::new(options(true), None);
    app.recorder.stats = stats;
    press(&mut app, KeyCode::Char('s'));
    for (page, game) in GameId::ALL.into_iter().enumerate() {
        press(&mut app, KeyCode::Right);
        if ![GameId::SwedishAces, GameId::ChaseTheAce, GameId::Lcr].contains(&game) {
            continue;
        }
        let shown = rows(&screen(&mut app, 80, 24)).join("\n");
        let said = format!("wins by seat ({})", game.game_type().seat_zero());
        assert!(
            shown.contains(&said),
            "page {page}, {game}: {said}\n{shown}"
        );
    }
}
