//! Every screen of the parlor in each language it speaks: the menu, each game's setup, the
//! settings, help and rules, each game's table mid-game and at its end, the odds, the
//! review, the stats, the daily deal. A word drawn that is not among the language's
//! messages and rules fails it: English left in code on a Swedish screen, or a word cut
//! where a frame ran out of room (at 80x24 as at 120x40).

use crate::support::screens::{self, options, play_until, press, setup, sitting, wait_for_review};
use crate::support::vocabulary::{foreign_words, table_words};

use crossterm::event::KeyCode;
use parlor::games::GameId;
use parlor::shared_table::{Joined, Listing, Lobby, Phase, TableRefusal};
use parlor::tui::App;
use parlor::words::{self, Language};

fn check(app: &mut App, language: Language, what: &str) {
    // The made-up server's table and people are names, no language's words.
    let mut names = table_words(app);
    names.push("den".to_owned());
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screens::text(&screens::screen(app, width, height));
        let foreign = foreign_words(&text, language, &names);
        assert!(
            foreign.is_empty(),
            "{what} at {width}x{height}, in {language}: words not the language's {foreign:?}\n{text}"
        );
    }
}

fn the_screens_away_from_a_table(language: Language) {
    words::speak(language);
    let mut app = App::new(options(false), None);
    check(&mut app, language, "the menu");
    press(&mut app, KeyCode::Char('?'));
    check(&mut app, language, "the menu's help");
    press(&mut app, KeyCode::Esc);
    for (at, game) in GameId::ALL.into_iter().enumerate() {
        let key = char::from_digit(at as u32 + 1, 10).expect("a digit");
        press(&mut app, KeyCode::Char(key));
        check(&mut app, language, &format!("the setup of {game}"));
        press(&mut app, KeyCode::Char('?'));
        check(
            &mut app,
            language,
            &format!("help over the setup of {game}"),
        );
        press(&mut app, KeyCode::Esc);
        press(&mut app, KeyCode::Esc);
    }
    press(&mut app, KeyCode::Char('c'));
    check(&mut app, language, "the settings");
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('s'));
    check(&mut app, language, "the stats");
    press(&mut app, KeyCode::Esc);
}

fn each_games_table(language: Language) {
    words::speak(language);
    for game in GameId::ALL {
        let mut app = App::new(options(false), Some(setup(game, None, false, 3)));
        play_until(&mut app, 20_000, |a| {
            sitting(a).table().history().len() > 12 && sitting(a).stage.caught_up()
        });
        check(&mut app, language, &format!("{game} mid-game"));
        press(&mut app, KeyCode::Char('o'));
        check(&mut app, language, &format!("{game}'s odds"));
        press(&mut app, KeyCode::Char('o'));
        press(&mut app, KeyCode::Char('?'));
        check(&mut app, language, &format!("help at {game}'s table"));
        press(&mut app, KeyCode::Esc);
        press(&mut app, KeyCode::Char('r'));
        check(&mut app, language, &format!("{game}'s rules"));
        press(&mut app, KeyCode::Esc);
        play_until(&mut app, 200_000, |a| {
            sitting(a).is_over() && sitting(a).stage.caught_up()
        });
        check(&mut app, language, &format!("{game} at its end"));
        press(&mut app, KeyCode::Char('v'));
        wait_for_review(&mut app);
        check(&mut app, language, &format!("{game}'s review"));
    }
}

/// A server of one table, under way, that refuses whatever is asked of it.
struct OneTable;

impl Lobby for OneTable {
    fn tables(&self) -> Vec<Listing> {
        vec![Listing {
            name: "den".to_owned(),
            game: GameId::ChaseTheAce,
            people: vec!["Ann".to_owned(), "Bo".to_owned()],
            seats: 4,
            phase: Phase::Playing,
            watchers: 1,
        }]
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::NoSuchTable(name.to_owned()))
    }

    fn open(&self, _game: GameId, _flags: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::Full(1))
    }
}

fn the_lobby_and_the_daily_deal(language: Language) {
    words::speak(language);
    let mut lobby = App::new(options(false), None).with_lobby(Box::new(OneTable));
    check(&mut lobby, language, "the lobby");
    press(&mut lobby, KeyCode::Char('?'));
    check(&mut lobby, language, "the lobby's help");
    press(&mut lobby, KeyCode::Esc);
    press(&mut lobby, KeyCode::Enter);
    check(&mut lobby, language, "a refusal in the lobby");
    for game in [GameId::FortyOne, GameId::ChaseTheAce] {
        let mut app = App::new(options(false), None);
        let day: parlor::daily::Day = "2026-12-08".parse().expect("a date");
        app.start_daily(parlor::daily::DailyDeal { game, day });
        check(&mut app, language, &format!("the daily deal of {game}"));
        play_until(&mut app, 200_000, |a| {
            sitting(a).is_over() && sitting(a).stage.caught_up() || !sitting(a).offered().is_empty()
        });
        check(
            &mut app,
            language,
            &format!("the daily deal of {game}, your turn"),
        );
    }
}

#[test]
fn the_lobby_and_the_daily_deal_in_english() {
    the_lobby_and_the_daily_deal(Language::English);
}

#[test]
fn the_lobby_and_the_daily_deal_in_swedish() {
    the_lobby_and_the_daily_deal(Language::Swedish);
}

#[test]
fn the_screens_away_from_a_table_in_english() {
    the_screens_away_from_a_table(Language::English);
}

#[test]
fn the_screens_away_from_a_table_in_swedish() {
    the_screens_away_from_a_table(Language::Swedish);
}

#[test]
fn each_games_table_in_english() {
    each_games_table(Language::English);
}

#[test]
fn each_games_table_in_swedish() {
    each_games_table(Language::Swedish);
}
