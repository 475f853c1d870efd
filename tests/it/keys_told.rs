//! The keys as the table tells them: the help lists the keys of every moment of a game
//! (not only of the moment it was opened in), the footer keeps the way out and the help
//! whatever keys they were moved to, and a problem told over the screen takes the next
//! key without it doing anything else.

use crate::keymap::keymap_of;
use crate::support::screens::{drawn_rows, options, play_until, press, setup, sitting};

use crossterm::event::KeyCode;
use parlor::games::GameId;
use parlor::tui::App;
use parlor::tui::snapshot::{Notice, ScreenView, TableMode};

/// The help's text, opened at `app`'s table as it stands.
fn help_at(app: &mut App) -> String {
    press(app, KeyCode::Char('?'));
    let text = drawn_rows(app, 120, 60).join("\n");
    press(app, KeyCode::Esc);
    text
}

fn mode(app: &App) -> TableMode {
    match app.snapshot().screen {
        ScreenView::Table(table) => table.mode,
        _ => panic!("not at a table"),
    }
}

#[test]
fn the_help_opened_while_the_bots_move_tells_the_keys_of_your_turn_too() {
    // A paused table of bots and you, the bots to move next.
    let mut app = App::new(options(false), Some(setup(GameId::Lcr, Some(4), true, 12)));
    play_until(&mut app, 5_000, |a| {
        sitting(a).human_to_decide().is_some() && sitting(a).stage.caught_up()
    });
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('p'));
    play_until(&mut app, 200, |a| mode(a) == TableMode::Waiting);
    assert_eq!(mode(&app), TableMode::Waiting);
    let help = help_at(&mut app);
    for key in ["Space/Enter   roll, throw", "← →", ".             one move"] {
        assert!(help.contains(key), "the help lacks {key:?}:\n{help}");
    }
}

#[test]
fn the_footer_keeps_quit_and_help_when_quit_is_moved_to_two_keys() {
    let mut app = App::new(
        parlor::tui::Options {
            keymap: keymap_of("[keys]\nquit = [\"q\", \"f10\"]\n"),
            ..options(false)
        },
        Some(setup(GameId::Lcr, Some(4), true, 12)),
    );
    for (width, height) in [(80, 24), (120, 40)] {
        let rows = drawn_rows(&mut app, width, height);
        let footer = rows.last().expect("a footer");
        assert!(footer.contains("q/F10  quit"), "{width}: {footer}");
        assert!(footer.contains("?  help"), "{width}: {footer}");
    }
}

#[test]
fn a_problem_told_over_the_screen_takes_the_next_key_and_nothing_else() {
    let mut app = App::new(options(false), Some(setup(GameId::Lcr, Some(4), true, 12)));
    play_until(&mut app, 5_000, |a| {
        sitting(a).human_to_decide().is_some() && sitting(a).stage.caught_up()
    });
    let untold = drawn_rows(&mut app, 80, 24);
    app.notice = Some(Notice::Problem(
        "config.toml line 3: [keys] pause: no key".to_owned(),
    ));
    let told = drawn_rows(&mut app, 80, 24);
    assert!(told[0].contains("(any key)"), "{told:?}");
    // A notice of one line covers the header alone: the seats under it stay in view.
    assert_eq!(
        told[1..],
        untold[1..],
        "the notice covers more than the header"
    );
    let before = sitting(&app).table().history().len();
    press(&mut app, KeyCode::Enter);
    assert!(app.notice.is_none(), "the key put the notice away");
    assert_eq!(
        sitting(&app).table().history().len(),
        before,
        "the key that put the notice away rolled too"
    );
    press(&mut app, KeyCode::Enter);
    assert!(sitting(&app).table().history().len() > before);
}

/// At a shared table the others play on and your turn's clock runs: `p` is not offered
/// there (it paused your view alone, and your seat's bot took your turn unseen).
#[test]
fn a_shared_table_offers_no_pause() {
    use parlor::shared_table::{Pace, Person, Tables};
    use std::time::Duration;
    let guests = tempfile::tempdir().expect("temp dir");
    let tables = Tables::new(2, Duration::ZERO, guests.path().to_owned());
    let joined = tables
        .open(
            "den",
            &Person::named("ann"),
            &setup(GameId::Lcr, Some(3), true, 4),
            Pace {
                delay: Some(Duration::ZERO),
                turn_time: Some(Duration::from_secs(45)),
            },
            Box::new(|| {}),
        )
        .expect("opened");
    let mut app = App::new(options(false), None);
    app.sit_shared(joined);
    assert!(!sitting(&app).offers().pause);
    for (width, height) in [(80, 24), (120, 40)] {
        let footer = drawn_rows(&mut app, width, height).join("\n");
        assert!(!footer.contains(" pause "), "{footer}");
    }
    press(&mut app, KeyCode::Char('p'));
    assert!(!sitting(&app).paused(), "p paused a shared table's view");
    let help = help_at(&mut app);
    assert!(!help.contains("pause the bots"), "{help}");
    tables.close();
}
