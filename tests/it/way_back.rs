//! The way between screens: Esc goes back to the screen a screen was opened from, from
//! every screen, and `q` leaves the parlor as a normal exit (only Ctrl-C is an interrupt).

use crate::support::screens;

use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use parlor::games::GameId;
use parlor::tui::app::Screen;
use parlor::tui::{App, handle};
use screens::{options, play_until, press, sitting, wait_for_review};

fn kind(app: &App) -> &'static str {
    screens::screen_kind(&app.screen)
}

/// A watched game of Forty-One (one round: its review is quick) played to its end, opened
/// as `parlor play` opens it.
fn finished_game() -> App {
    let one_round = parlor::games::Settings::new(
        GameId::FortyOne,
        &parlor::games::SettingsRequest {
            players: Some(3),
            rounds: Some(1),
            ..parlor::games::SettingsRequest::default()
        },
    )
    .expect("settings");
    let mut app = App::new(options(false), Some(screens::setup_of(one_round, false, 7)));
    play_until(&mut app, 20_000, |a| {
        sitting(a).is_over() && sitting(a).stage.caught_up()
    });
    app
}

#[test]
fn esc_goes_back_one_screen_from_every_screen_and_leaves_from_the_first() {
    let mut app = App::new(options(false), None);
    // Menu -> setup -> Esc: the menu, its cursor where it was.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(kind(&app), "setup");
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu { selected: 1 }));
    // Menu -> settings -> Esc: the menu.
    press(&mut app, KeyCode::Char('c'));
    assert_eq!(kind(&app), "settings");
    press(&mut app, KeyCode::Esc);
    assert_eq!(kind(&app), "menu");
    // The menu is the first screen: Esc leaves, as a normal exit.
    press(&mut app, KeyCode::Esc);
    assert!(
        app.quit && !app.interrupted,
        "Esc at the menu leaves with 0"
    );
}

#[test]
fn a_replay_opened_from_a_review_goes_back_to_the_review_then_the_game() {
    let mut app = finished_game();
    press(&mut app, KeyCode::Char('v'));
    wait_for_review(&mut app);
    assert_eq!(kind(&app), "review");
    // Enter: the replay, over the review.
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(kind(&app), "table");
    assert!(sitting(&app).replay().is_some(), "the replay viewer");
    // Esc: back to the review, not out of the parlor.
    press(&mut app, KeyCode::Esc);
    assert!(!app.quit, "Esc in a replay from a review closed the parlor");
    assert_eq!(kind(&app), "review");
    // Esc: the finished game's own table, not the replay.
    press(&mut app, KeyCode::Esc);
    assert_eq!(kind(&app), "table");
    assert!(sitting(&app).replay().is_none() && sitting(&app).is_over());
    // Esc: the menu the table was opened over; Esc again leaves.
    press(&mut app, KeyCode::Esc);
    assert_eq!(kind(&app), "menu");
    press(&mut app, KeyCode::Esc);
    assert!(app.quit && !app.interrupted);
}

#[test]
fn q_leaves_normally_from_the_menu_a_form_the_review_and_a_replay() {
    let q = |app: &mut App| press(app, KeyCode::Char('q'));
    let mut menu = App::new(options(false), None);
    q(&mut menu);
    let mut form = App::new(options(false), None);
    press(&mut form, KeyCode::Char('1'));
    assert_eq!(kind(&form), "setup");
    q(&mut form);
    let mut review = finished_game();
    press(&mut review, KeyCode::Char('v'));
    wait_for_review(&mut review);
    q(&mut review);
    let mut replay = finished_game();
    press(&mut replay, KeyCode::Char('v'));
    wait_for_review(&mut replay);
    press(&mut replay, KeyCode::Enter);
    assert!(sitting(&replay).replay().is_some());
    q(&mut replay);
    for (app, on) in [
        (menu, "menu"),
        (form, "setup"),
        (review, "review"),
        (replay, "replay"),
    ] {
        assert!(app.quit, "q at the {on} leaves");
        assert!(!app.interrupted, "q at the {on} leaves as a normal exit");
    }
    // Ctrl-C is the interrupt.
    let mut app = App::new(options(false), None);
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    handle(&mut app, &Event::Key(ctrl_c), Instant::now());
    assert!(app.quit && app.interrupted);
}
