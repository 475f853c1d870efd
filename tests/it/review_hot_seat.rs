//! The review of a game two people played at one keyboard: at 80 columns its header says
//! each person's accuracy whole, each row says whose decision it was, and the list's
//! pointer is only ever where the arrows are (Enter replays from what it points at).

use crate::support::screens;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use parlor::games::{BotLevel, GameId};
use parlor::replay::Timeline;
use parlor::table::{Progress, Seat, Table};
use parlor::tui::App;
use parlor::tui::app::Screen;
use screens::{options, press, screen, settings, sitting, text};

/// Forty-One played to its end by Ann (seat 0) and Bo (seat 2) against a bot, each person
/// setting down the lowest face: decisions to review, some costly.
fn two_people_played() -> Table {
    let settings = settings(GameId::FortyOne, Some(3), &[]);
    let seats = Seat::seated(
        &[true, false, true],
        &["Ann".to_owned(), "Bo".to_owned()],
        &[BotLevel::Expert; 3],
    );
    let mut table = Table::new(settings, seats, 5);
    loop {
        match table.advance() {
            Progress::Over => return table,
            Progress::WaitingFor(_) => {
                let lowest = table.game().legal_actions().as_slice()[0];
                table.act(lowest).expect("legal");
            }
            Progress::Stepped(_) => {}
        }
    }
}

fn reviewed() -> App {
    let mut app = App::new(options(false), None);
    app.watch_replay(Timeline::of(&two_people_played()));
    press(&mut app, KeyCode::Char('v'));
    let start = Instant::now();
    while matches!(&app.screen, Screen::Review(r) if r.working()) {
        assert!(start.elapsed() < Duration::from_mins(2), "no review");
        std::thread::sleep(Duration::from_millis(10));
        app.tick(Instant::now());
    }
    app
}

#[test]
fn at_80_columns_the_header_says_each_person_whole_and_rows_say_whose() {
    let mut app = reviewed();
    let shown = text(&screen(&mut app, 80, 24));
    for name in ["Ann", "Bo"] {
        let line = shown
            .lines()
            .find(|l| l.contains(&format!("{name}: accuracy ")))
            .unwrap_or_else(|| panic!("{name}'s accuracy is not said whole:\n{shown}"));
        assert!(line.contains('%'), "{line}");
    }
    let rows: Vec<&str> = shown.lines().filter(|l| l.contains("set ")).collect();
    assert!(!rows.is_empty(), "{shown}");
    assert!(
        rows.iter()
            .all(|r| r.contains("Ann: ") || r.contains("Bo: ")),
        "every row says whose decision: {rows:?}"
    );
}

#[test]
fn the_list_points_only_where_the_arrows_are_and_enter_replays_what_it_points_at() {
    let mut app = reviewed();
    // Opened on the chart (its biggest swing): the list points at nothing.
    let shown = text(&screen(&mut app, 80, 24));
    assert!(
        !shown.contains('▶'),
        "a pointer the arrows are not at:\n{shown}"
    );
    press(&mut app, KeyCode::Down);
    let Screen::Review(review) = &app.screen else {
        panic!("the review")
    };
    let pointed = review.moment().expect("a decision picked");
    let shown = text(&screen(&mut app, 80, 24));
    assert_eq!(shown.matches('▶').count(), 1, "{shown}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(sitting(&app).table().history().len(), pointed);
}
