//! The full screen in Swedish at 80x24: the menu, a game's setup, the settings, the help
//! and a table mid-game and over, each drawn on a thread that speaks Swedish (each test
//! runs on a thread of its own). The settings screen's language row switches the screen's
//! language as it saves.

use crate::support::screens;

use crossterm::event::KeyCode;
use parlor::config::{Config, LanguageChoice};
use parlor::games::GameId;
use parlor::tui::App;
use parlor::tui::app::Screen;
use parlor::words::{self, Language};
use screens::{options, play_until, press, screen, sitting, table_waiting_for_you, text};

/// No word of the English chrome left on a Swedish screen.
fn no_english(shown: &str) {
    for english in [
        " help ",
        " quit ",
        " back ",
        " Settings",
        "Pick a game",
        "Help (",
        "new game",
        " Log ",
        "Game over",
        " menu ",
        " row ",
        " change ",
        "Space",
        " speed ",
    ] {
        assert!(!shown.contains(english), "{english:?} in:\n{shown}");
    }
}

#[test]
fn the_menu_and_a_setup_in_swedish() {
    words::speak(Language::Swedish);
    let mut app = App::new(options(true), None);
    let menu = text(&screen(&mut app, 80, 24));
    assert!(menu.contains("Välj ett spel"), "{menu}");
    assert!(menu.contains("Dagens giv"), "{menu}");
    assert!(menu.contains("avsluta"), "{menu}");
    no_english(&menu);
    insta::assert_snapshot!("swedish_menu", menu);
    press(&mut app, KeyCode::Char('4'));
    let setup = text(&screen(&mut app, 80, 24));
    assert!(setup.contains("nytt parti"), "{setup}");
    assert!(setup.contains("Spelare"), "{setup}");
    no_english(&setup);
    insta::assert_snapshot!("swedish_setup", setup);
    press(&mut app, KeyCode::Char('?'));
    let help = text(&screen(&mut app, 80, 24));
    assert!(help.contains("Hjälp"), "{help}");
    assert!(help.contains("Mellanslag"), "{help}");
    insta::assert_snapshot!("swedish_setup_help", help);
}

#[test]
fn the_settings_in_swedish_and_the_language_switched_by_saving() {
    words::speak(Language::Swedish);
    let dir = tempfile::tempdir().expect("temp dir");
    let config = Config {
        language: LanguageChoice::Chosen(Language::Swedish),
        ..Config::default()
    };
    let mut app = App::new(options(true), None).with_config(config, Some(dir.path().to_path_buf()));
    press(&mut app, KeyCode::Char('c'));
    let settings = text(&screen(&mut app, 80, 24));
    assert!(settings.contains("Språk"), "{settings}");
    assert!(settings.contains("◀ Svenska ▶"), "{settings}");
    assert!(
        settings.contains("0,7 s per drag"),
        "decimal comma: {settings}"
    );
    no_english(&settings);
    insta::assert_snapshot!("swedish_settings", settings);
    // Svenska, then auto, then English: saved, the screen speaks English at once.
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Menu { .. }));
    assert_eq!(words::spoken(), Language::English);
    assert_eq!(
        app.config.language,
        LanguageChoice::Chosen(Language::English)
    );
    let menu = text(&screen(&mut app, 80, 24));
    assert!(menu.contains("Pick a game"), "{menu}");
    assert!(menu.contains("settings saved to"), "{menu}");
}

#[test]
fn a_language_fixed_by_the_command_line_stays_when_the_settings_save_another() {
    words::speak(Language::Swedish);
    let dir = tempfile::tempdir().expect("temp dir");
    let mut app = App::new(options(true), None)
        .with_config(Config::default(), Some(dir.path().to_path_buf()));
    app.options.pinned.language = true;
    press(&mut app, KeyCode::Char('c'));
    let settings = text(&screen(&mut app, 80, 24));
    assert!(settings.contains("--lang valde"), "{settings}");
    press(&mut app, KeyCode::Right); // auto -> English
    press(&mut app, KeyCode::Enter);
    assert_eq!(
        app.config.language,
        LanguageChoice::Chosen(Language::English)
    );
    assert_eq!(
        words::spoken(),
        Language::Swedish,
        "--lang holds for this run"
    );
}

#[test]
fn a_table_its_help_and_its_end_in_swedish() {
    words::speak(Language::Swedish);
    let mut app = table_waiting_for_you(GameId::Lcr, 4);
    let table = text(&screen(&mut app, 80, 24));
    assert!(table.contains("Logg"), "{table}");
    assert!(table.contains("fart"), "{table}");
    no_english(&table);
    insta::assert_snapshot!("swedish_table", table);
    press(&mut app, KeyCode::Char('?'));
    let help = text(&screen(&mut app, 80, 24));
    assert!(help.contains("I andra skeden av partiet:"), "{help}");
    no_english(&help);
    insta::assert_snapshot!("swedish_table_help", help);
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('a'));
    play_until(&mut app, 20_000, |a| sitting(a).stage.finished());
    let over = text(&screen(&mut app, 80, 24));
    assert!(over.contains("Frö: 4"), "{over}");
    assert!(over.contains("nytt parti"), "{over}");
    no_english(&over);
    insta::assert_snapshot!("swedish_game_over", over);
}
