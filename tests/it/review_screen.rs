//! The daily deal and the review at the full screen: a daily Forty-One played with a
//! blunder on purpose, its game-over panel, its review (the blunder marked, the chart,
//! Enter opening the replay where the choice was made), a second attempt that is practice,
//! and an LCR game's chart.

use crate::support::screens;

use std::time::Instant;

use crossterm::event::KeyCode;
use parlor::daily::DailyDeal;
use parlor::games::{Action, GameId};
use parlor::review::Mark;
use parlor::tui::App;
use parlor::tui::app::Screen;
use screens::{
    deciding, options, play_until, press, screen, setup, sitting, text, wait_for_review,
};

fn deal() -> DailyDeal {
    DailyDeal {
        game: GameId::FortyOne,
        day: "2026-12-01".parse().expect("a date"),
    }
}

/// The daily deal played to the end, the person always setting down the lowest face: far
/// from the best (a 1 is needed once, the lowest face is rarely worth keeping after).
fn daily_played_low(app: &mut App) {
    app.start_daily(deal());
    play_until(app, 20_000, |a| {
        sitting(a).is_over() && sitting(a).stage.caught_up() || deciding(a)
    });
    while !sitting(app).is_over() {
        if deciding(app) {
            let lowest = sitting(app)
                .offered()
                .into_iter()
                .min_by_key(|action| match action {
                    Action::SetDown(face) => *face,
                    _ => u8::MAX,
                })
                .expect("a choice");
            sitting_act(app, lowest);
        }
        play_until(app, 20_000, |a| {
            sitting(a).is_over() && sitting(a).stage.caught_up() || deciding(a)
        });
    }
}

fn sitting_act(app: &mut App, action: Action) {
    app.sitting
        .as_mut()
        .expect("a table")
        .act(action, Instant::now());
    app.tick(Instant::now());
}

#[test]
fn a_daily_deal_with_a_blunder_its_panel_its_review_and_practice_after() {
    let mut app = App::new(options(true), None);
    daily_played_low(&mut app);
    play_until(&mut app, 100, |a| sitting(a).stage.caught_up());

    // The panel: the result against the expert's, the accuracy, the line to share.
    let shared = app.to_copy.clone().expect("the line to share is copied");
    assert!(
        shared.starts_with("parlor daily forty-one 2026-12-01: "),
        "{shared}"
    );
    assert_eq!(
        app.to_print,
        vec![shared.clone()],
        "printed when the parlor closes"
    );
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = text(&screen(&mut app, width, height));
        assert!(shown.contains(&shared), "{width}x{height}: {shown}");
        assert!(
            shown.contains("the expert on your dice"),
            "{width}x{height}: {shown}"
        );
        assert!(
            shown.contains("Your accuracy:"),
            "{width}x{height}: {shown}"
        );
        assert!(
            shown.contains("Daily streak: 1 day"),
            "{width}x{height}: {shown}"
        );
        assert!(shown.contains("v review"), "{width}x{height}: {shown}");
    }
    insta::assert_snapshot!("daily_game_over_80x24", text(&screen(&mut app, 80, 24)));
    let record = app
        .recorder
        .stats
        .daily_counted(GameId::FortyOne, deal().day)
        .expect("the day's attempt counted");
    assert_eq!((record.streak, record.days), (1, 1));

    // The review: the blunders marked, the chart, the accuracy of the panel.
    press(&mut app, KeyCode::Char('v'));
    wait_for_review(&mut app);
    let Screen::Review(review_screen) = &app.screen else {
        panic!("v opens the review")
    };
    let review = review_screen.review.as_ref().expect("worked out");
    let accuracy = review.accuracy[0].accuracy;
    assert!(
        shared.contains(&format!("{:.0}%", 100.0 * accuracy)),
        "the panel's accuracy is the review's: {shared} against {accuracy}"
    );
    let blunder = review
        .decisions
        .iter()
        .position(|d| d.mark == Some(Mark::Blunder))
        .expect("setting down the lowest face blunders somewhere");
    let blunder_step = review.decisions[blunder].step;
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = text(&screen(&mut app, width, height));
        assert!(shown.contains("blunder"), "{width}x{height}: {shown}");
        assert!(
            shown.contains("Chance of winning"),
            "{width}x{height}: {shown}"
        );
        assert!(shown.contains("Enter"), "{width}x{height}: {shown}");
    }
    insta::assert_snapshot!("review_forty_one_120x40", text(&screen(&mut app, 120, 40)));

    replay_from_decision(&mut app, blunder, blunder_step);

    // Again today: practice, and said so; the streak and the day's result stand.
    app.start_daily(deal());
    daily_played_low(&mut app);
    play_until(&mut app, 100, |a| sitting(a).stage.caught_up());
    let shown = text(&screen(&mut app, 80, 24));
    assert!(
        shown.contains("Practice: today's deal counted already"),
        "{shown}"
    );
    assert!(
        shown.contains(&shared),
        "the counted line is shown: {shown}"
    );
    let record = app
        .recorder
        .stats
        .daily_counted(GameId::FortyOne, deal().day)
        .expect("counted");
    assert_eq!((record.streak, record.days), (1, 1));
}

/// Up to the list's top, down to decision `index` (counted among all), Enter: the replay
/// opens where it was chosen, at `step`.
fn replay_from_decision(app: &mut App, index: usize, step: usize) {
    let listed_before = {
        let Screen::Review(s) = &app.screen else {
            unreachable!()
        };
        let review = s.review.as_ref().expect("worked out");
        review.decisions[..index]
            .iter()
            .filter(|d| d.has_choice())
            .count()
    };
    for _ in 0..200 {
        press(app, KeyCode::Up);
    }
    for _ in 0..listed_before {
        press(app, KeyCode::Down);
    }
    let shown = text(&screen(app, 80, 24));
    assert!(shown.contains("▶ R"), "{shown}");
    press(app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Table));
    let replay = sitting(app);
    assert!(replay.replay().is_some(), "the replay viewer");
    assert_eq!(replay.table().history().len(), step);
}

#[test]
fn an_lcr_review_charts_the_exact_chances() {
    let mut app = App::new(options(true), Some(setup(GameId::Lcr, None, false, 3)));
    play_until(&mut app, 20_000, |a| {
        sitting(a).is_over() && sitting(a).stage.caught_up()
    });
    press(&mut app, KeyCode::Char('v'));
    wait_for_review(&mut app);
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = text(&screen(&mut app, width, height));
        assert!(
            shown.contains("Chance of winning (exact)"),
            "{width}x{height}: {shown}"
        );
        assert!(
            shown.contains("Biggest swings"),
            "{width}x{height}: {shown}"
        );
    }
    insta::assert_snapshot!("review_lcr_80x24", text(&screen(&mut app, 80, 24)));
    // Esc goes back to the game-over table.
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Table));
    assert!(sitting(&app).is_over());
}

/// The menu's row after the games, or `d`, sits you at today's Forty-One deal.
#[test]
fn the_menu_deals_today_s_deal() {
    // Today's deal is the row after the games.
    let down_past_the_games: Vec<KeyCode> = std::iter::repeat_n(KeyCode::Down, GameId::ALL.len())
        .chain([KeyCode::Enter])
        .collect();
    for keys in [&down_past_the_games[..], &[KeyCode::Char('d')]] {
        let mut app = App::new(options(true), None);
        let shown = text(&screen(&mut app, 80, 24));
        assert!(shown.contains("Today's deal"), "{shown}");
        for &key in keys {
            press(&mut app, key);
        }
        let deal = sitting(&app).daily().expect("a daily table").deal;
        assert_eq!(deal, DailyDeal::today(GameId::FortyOne));
        let shown = text(&screen(&mut app, 80, 24));
        assert!(
            shown.contains(&format!("daily deal {}", deal.day)),
            "{shown}"
        );
    }
}

#[test]
fn a_picked_swing_shows_where_it_landed_in_whole_words_and_help_tells_the_review_keys() {
    let mut app = App::new(
        options(true),
        Some(setup(GameId::AcesInThePot, None, false, 11)),
    );
    play_until(&mut app, 20_000, |a| {
        sitting(a).is_over() && sitting(a).stage.caught_up()
    });
    press(&mut app, KeyCode::Char('v'));
    wait_for_review(&mut app);
    let Screen::Review(review_screen) = &app.screen else {
        panic!("the review")
    };
    let review = review_screen.review.clone().expect("worked out");
    assert!(review.swings.len() >= 3, "{:?}", review.swings);
    // The game ends in a finale, whose throws are one turn: each is named by its throw.
    let finale: Vec<&str> = review
        .swings
        .iter()
        .map(|s| s.label.as_str())
        .filter(|label| label.contains("throw safe") || label.contains("the pot of"))
        .collect();
    assert!(!finale.is_empty(), "{:?}", review.swings);
    for label in &finale {
        assert!(label.contains("at the finale's throw "), "{label}");
    }
    // The screen opens on the biggest swing's point: up to the first entry.
    for _ in 0..=review.swings.len() {
        press(&mut app, KeyCode::Up);
    }
    for (entry, swing) in review.swings.iter().enumerate() {
        if entry > 0 {
            press(&mut app, KeyCode::Down);
        }
        let Screen::Review(picked) = &app.screen else {
            panic!("the review")
        };
        assert_eq!(picked.entry, entry);
        // The chart's point is the one after the move: its chances moved by the swing.
        let point = &review.win_probability[picked.point];
        assert_eq!(point.step, swing.step, "{}", swing.label);
        let shown = text(&screen(&mut app, 80, 24));
        // Every row of the list fits, whole or ended at a word with "…"; the picked one is
        // under the list in full.
        for row in shown.lines().filter(|l| l.starts_with('│')) {
            let inner = row.trim_matches('│');
            if !inner.trim_end().ends_with('…') {
                continue;
            }
            let words = inner
                .trim()
                .trim_start_matches('▶')
                .trim()
                .trim_end_matches('…');
            let label = review
                .swings
                .iter()
                .find(|s| s.label.starts_with(words))
                .unwrap_or_else(|| panic!("{row} is no swing's start:\n{shown}"));
            let next = label.label[words.len()..].chars().next();
            assert_eq!(next, Some(' '), "{row} cut mid-word:\n{shown}");
        }
        let detail: String = shown.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(detail.contains(&swing.label), "{}:\n{shown}", swing.label);
    }
    press(&mut app, KeyCode::Char('?'));
    let help = text(&screen(&mut app, 80, 24));
    assert!(
        help.contains("replay the game from the picked moment"),
        "{help}"
    );
    assert!(!help.contains("roll, throw"), "the table's keys: {help}");
}
