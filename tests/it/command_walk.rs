//! Every screen and every kind of sitting, walked: each key the footer and the help show
//! means there what its row says, and no key (of every printable one, Enter, Esc, Tab and
//! the arrows) does anything the screen does not offer. A key mapped outside the table of
//! keys (as `n` once was at a shared table, asking to abandon a game nobody abandons)
//! fails it. The walks are taken with the default keys and again with keys moved.

use crate::support::screens;

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;
use parlor::daily::DailyDeal;
use parlor::games::{GameId, Variant};
use parlor::keymap::{Action, Keymap};
use parlor::replay::Timeline;
use parlor::shared_table::Lobby;
use parlor::shared_table::{Joined, Listing, Pace, Person, TableRefusal, Tables};
use parlor::table::{GameSetup, Seat};
use parlor::tui::app::{Overlay, Screen};
use parlor::tui::commands;
use parlor::tui::intent::{Intent, Panel, TableIntent};
use parlor::tui::snapshot::{ScreenView, TableMode};
use parlor::tui::{App, key_intent};
use screens::{drawn_rows, key, setup, sitting};

/// Keys moved on every screen, none of them onto a key another action keeps there.
const MOVED: &str = r#"
[keys]
pause = "P"
auto = "A"
odds = "O"
faster = "]"
slower = "["
quit = ["Q", "f10"]
review = "V"
new = "N"
up = "pgup"
down = "pgdn"
back = "f2"
step = "f5"
toggle = "insert"
"#;

/// The parlor with its own keys, then with `MOVED`.
fn keymaps() -> [Keymap; 2] {
    [Keymap::default(), crate::keymap::keymap_of(MOVED)]
}

/// The walks' options: instant, plain, with `keymap`.
fn options(keymap: &Keymap) -> parlor::tui::Options {
    parlor::tui::Options {
        keymap: keymap.clone(),
        ..screens::options(false)
    }
}

/// The keys walked on every screen.
fn walked() -> Vec<KeyCode> {
    let mut keys: Vec<KeyCode> = (b' '..=b'~').map(|c| KeyCode::Char(c as char)).collect();
    keys.extend((1..=12).map(KeyCode::F));
    keys.extend([
        KeyCode::Insert,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
    ]);
    keys
}

/// The screen as it stands is walked: its footer drawn as its rows say, its help telling
/// every row offered, every key offered meaning what its row says and no other key
/// meaning anything.
fn check(app: &mut App, label: &str) {
    assert!(
        app.overlay.is_none(),
        "{label}: walked with an overlay open"
    );
    let walked = walked();
    let drawn = drawn_rows(app, 200, 60);
    let snapshot = app.snapshot();
    let intent_of = |code| key_intent(&snapshot, key(code));
    let (offered, footer, help) = {
        let (keys, _) = commands::of_screen(&snapshot.screen, snapshot.keymap);
        (
            keys.offered(&walked),
            keys.footer(),
            commands::help_text(&snapshot.screen, snapshot.keymap),
        )
    };
    // The footer is the screen's last line, or (a form's) its box's.
    let footer_line = drawn
        .iter()
        .rev()
        .find(|line| line.contains("  "))
        .expect("a screen");
    let shown = drawn.join("\n");
    for (key, word) in &footer {
        assert!(
            shown.contains(&format!(" {key}  {word} ")),
            "{label}: the footer does not show {key} {word}: {footer_line}"
        );
    }
    for row in &offered {
        assert!(
            help.contains(&*row.key),
            "{label}: the help misses {}",
            row.key
        );
        if row.takes_any {
            continue;
        }
        assert!(
            !row.means.is_empty() || row.footer.is_none(),
            "{label}: {} is in the footer and means nothing",
            row.key
        );
        for &(code, meant) in &row.means {
            assert_eq!(
                intent_of(code),
                Some(meant),
                "{label}: {code:?} (offered as {}) does not do what it offers",
                row.key
            );
        }
    }
    for code in walked {
        if let Some(intent) = intent_of(code) {
            assert!(
                offered
                    .iter()
                    .any(|row| row.means.contains(&(code, intent))),
                "{label}: {code:?} does {intent:?}, which is not offered here"
            );
        }
    }
    // The help overlay, where it is offered, draws every row offered.
    let help_offered = intent_of(KeyCode::Char('?')) == Some(Intent::Show(Panel::Help));
    if help_offered {
        // Opened as `?` would, without the time passing that `apply` lets in.
        app.overlay = Some(Overlay::Help { scroll: 0 });
        let shown = drawn_rows(app, 200, 60).join("\n");
        for row in &offered {
            assert!(
                shown.contains(&*row.key),
                "{label}: the help drawn misses {}",
                row.key
            );
        }
        app.overlay = None;
    }
}

fn mode(app: &App) -> Option<TableMode> {
    match &app.snapshot().screen {
        ScreenView::Table(table) => Some(table.mode),
        _ => None,
    }
}

/// One step further through the game, as its person would take it (or time passing).
fn advance(app: &mut App) {
    let now = Instant::now();
    let intent = match mode(app) {
        Some(TableMode::Deciding) => TableIntent::ActChosen,
        Some(TableMode::Held) => TableIntent::GoOn,
        Some(TableMode::Handover) => TableIntent::TakeSeat,
        Some(TableMode::Peek) => TableIntent::HideCard,
        _ => {
            app.tick(now);
            return;
        }
    };
    app.apply(Intent::Table(intent), now);
}

fn finished(app: &App) -> bool {
    let sitting = sitting(app);
    sitting.stage.finished() && mode(app) != Some(TableMode::Showing)
}

/// Walk a game at every step to its end, and its game-over panel.
fn walk_game(app: &mut App, label: &str) {
    for step in 0..5000 {
        check(app, &format!("{label} at step {step}"));
        if finished(app) {
            assert!(
                app.snapshot().screen_game_over(),
                "{label}: the game-over panel is shown"
            );
            return;
        }
        advance(app);
    }
    panic!("{label}: the game did not end");
}

trait GameOver {
    fn screen_game_over(&self) -> bool;
}

impl GameOver for parlor::tui::snapshot::Snapshot<'_> {
    fn screen_game_over(&self) -> bool {
        matches!(&self.screen, ScreenView::Table(table) if table.game_over.is_some())
    }
}

fn two_people(game: GameId, players: u8, seed: u64) -> GameSetup {
    let settings = screens::settings(game, Some(players), &[]);
    let levels = vec![game.bot_levels()[0]; usize::from(players)];
    let humans: Vec<bool> = (0..players).map(|seat| seat == 0 || seat == 2).collect();
    GameSetup {
        settings,
        seats: Seat::seated(&humans, &["Ann".to_owned(), "Bo".to_owned()], &levels),
        seed,
    }
}

/// Press the key `action` has in `app`'s keymap.
fn press_for(app: &mut App, action: Action) {
    let key = match app.options.keymap.keys(action) {
        Some(keys) => keys[0],
        None => commands::default_key(action).expect("every action is a row's"),
    };
    screens::press(app, key);
}

#[test]
fn the_menu_the_forms_and_the_review_offer_what_their_keys_do() {
    for keymap in keymaps() {
        let mut app = App::new(options(&keymap), None);
        for row in 0..parlor::tui::intent::MENU_ROWS {
            check(&mut app, &format!("menu row {row}"));
            press_for(&mut app, Action::Down);
        }
        press_for(&mut app, Action::Game(parlor::games::GameId::ALL[0]));
        assert!(matches!(app.screen, Screen::Setup(_)));
        for row in 0..12 {
            check(&mut app, &format!("setup row {row}"));
            press_for(&mut app, Action::Down);
        }
        press_for(&mut app, Action::Back);
        press_for(&mut app, Action::Settings);
        assert!(matches!(app.screen, Screen::Settings(_)));
        for row in 0..16 {
            check(&mut app, &format!("settings row {row}"));
            press_for(&mut app, Action::Down);
        }
        // A finished game's review.
        let mut app = App::new(options(&keymap), Some(setup(GameId::Lcr, None, false, 3)));
        screens::play_until(&mut app, 5000, finished);
        press_for(&mut app, Action::Review);
        assert!(matches!(app.screen, Screen::Review(_)));
        while matches!(&app.screen, Screen::Review(review) if review.working()) {
            std::thread::sleep(Duration::from_millis(5));
            app.tick(Instant::now());
        }
        check(&mut app, "review");
    }
}

/// Every kind of table played here, walked at every step under each keymap: a test each,
/// so that the runner spreads them over the cores rather than one test holding the run.
mod every_kind_of_table_played_here_offers_what_its_keys_do {
    use super::*;

    /// Walk the game `app_for` opens under each keymap.
    fn walk_each_keymap(label: &str, app_for: impl Fn(parlor::tui::Options) -> App) {
        for keymap in keymaps() {
            walk_game(&mut app_for(options(&keymap)), label);
        }
    }

    /// Walk the table `setup` opens, under each keymap.
    fn walk_table(label: &str, setup: &GameSetup) {
        walk_each_keymap(label, |options| App::new(options, Some(setup.clone())));
    }

    #[test]
    fn one_person_and_bots() {
        walk_table("one person and bots", &setup(GameId::Lcr, None, true, 4));
    }

    #[test]
    fn two_people_at_one_keyboard_hidden_cards() {
        let setup = two_people(GameId::ChaseTheAce, 4, 7);
        walk_table("two people at one keyboard, hidden cards", &setup);
    }

    #[test]
    fn a_seat_playing_itself() {
        walk_each_keymap("a seat playing itself", |options| {
            let auto = parlor::tui::Options {
                auto: true,
                ..options
            };
            App::new(auto, Some(setup(GameId::FortyOne, None, true, 5)))
        });
    }

    #[test]
    fn bots_only() {
        walk_table("bots only", &setup(GameId::SwedishAces, None, false, 6));
    }

    #[test]
    fn aces_in_the_pot() {
        walk_table(
            "aces in the pot",
            &setup(GameId::AcesInThePot, None, true, 8),
        );
    }

    #[test]
    fn the_daily_deal() {
        walk_each_keymap("the daily deal", |options| {
            let mut daily = App::new(options, None);
            daily.start_daily(DailyDeal::today(GameId::FortyOne));
            daily
        });
    }
}

#[test]
fn a_replay_offers_what_its_keys_do() {
    for keymap in keymaps() {
        let mut app = App::new(
            options(&keymap),
            Some(setup(GameId::ChaseTheAce, None, false, 9)),
        );
        screens::play_until(&mut app, 5000, finished);
        let timeline = Timeline::of(sitting(&app).table());
        app.watch_replay(timeline);
        walk_game(&mut app, "a replay");
        // Back at its start, stopped.
        press_for(&mut app, Action::ToStart);
        check(&mut app, "a replay at its start");
    }
}

/// A lobby of one table (joining it is refused).
struct OneTable;

impl Lobby for OneTable {
    fn tables(&self) -> Vec<Listing> {
        vec![Listing {
            name: "den".to_owned(),
            game: GameId::Lcr,
            people: vec!["ann".to_owned()],
            seats: 3,
            phase: parlor::shared_table::Phase::Waiting,
            watchers: 0,
        }]
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::NoSuchTable(name.to_owned()))
    }

    fn open(&self, _game: GameId, _flags: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::Full(1))
    }
}

#[test]
fn the_lobby_offers_what_its_keys_do() {
    for keymap in keymaps() {
        let mut app = App::new(options(&keymap), None).with_lobby(Box::new(OneTable));
        check(&mut app, "the lobby");
        press_for(&mut app, Action::NewTable);
        check(&mut app, "the lobby choosing a game");
    }
}

/// Wait (for real: the table's authority runs on its own thread) until `done`.
fn wait_for(app: &mut App, label: &str, done: impl Fn(&App) -> bool) {
    let until = Instant::now() + Duration::from_mins(1);
    while !done(app) {
        assert!(Instant::now() < until, "{label}: waited in vain");
        std::thread::sleep(Duration::from_millis(2));
        advance(app);
    }
}

#[test]
fn a_seat_and_a_watcher_at_a_shared_table_offer_what_their_keys_do() {
    let dir = tempfile::tempdir().expect("temp dir");
    let tables = Tables::new(2, Duration::ZERO, dir.path().to_owned());
    let settings = screens::settings(GameId::ChaseTheAce, Some(3), &[Variant::KingStops.name()]);
    let setup = GameSetup {
        settings,
        seats: Seat::seated(
            &[true, false, false],
            &["Ann".to_owned()],
            &[GameId::ChaseTheAce.bot_levels()[0]; 3],
        ),
        seed: 11,
    };
    let pace = Pace {
        delay: Some(Duration::ZERO),
        turn_time: None,
    };
    let joined = tables
        .open("den", &Person::named("ann"), &setup, pace, Box::new(|| {}))
        .expect("a table");
    let mut seat = App::new(options(&Keymap::default()), None).with_lobby(Box::new(OneTable));
    seat.sit_shared(joined);
    check(&mut seat, "a shared table waiting for its creator");
    screens::press(&mut seat, KeyCode::Enter);
    wait_for(&mut seat, "the game starts", |app| {
        sitting(app)
            .shared_seat()
            .is_some_and(|remote| remote.started)
    });
    let watching = tables
        .join("den", &Person::named("bo"), Box::new(|| {}))
        .expect("watching");
    assert_eq!(watching.seat, None, "the game started: bo watches");
    let mut watcher = App::new(options(&Keymap::default()), None).with_lobby(Box::new(OneTable));
    watcher.sit_shared(watching);
    let mut step = 0;
    while !(finished(&seat) && finished(&watcher)) {
        step += 1;
        assert!(step < 20_000, "the shared game never ended");
        check(&mut seat, &format!("a seat at a shared table, step {step}"));
        check(
            &mut watcher,
            &format!("a watcher at a shared table, step {step}"),
        );
        std::thread::sleep(Duration::from_micros(300));
        advance(&mut seat);
        advance(&mut watcher);
    }
    check(&mut seat, "a shared table's game over, seated");
    check(&mut watcher, "a shared table's game over, watching");
    tables.close();
}
