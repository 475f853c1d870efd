//! The lobby of a shared parlor, drawn and driven from a made-up server's tables.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use parlor::games::GameId;
use parlor::shared_table::Lobby;
use parlor::shared_table::{Joined, Listing, Phase, TableRefusal};
use parlor::tui::app::Screen;
use parlor::tui::theme::Theme;
use parlor::tui::{App, Options, handle};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Two tables, and a record of what the guest asked for (the server refuses it all).
struct Server {
    asked: Rc<RefCell<Vec<String>>>,
}

impl Lobby for Server {
    fn tables(&self) -> Vec<Listing> {
        vec![
            Listing {
                name: "den".to_owned(),
                game: GameId::Lcr,
                people: vec!["ann".to_owned(), "kit".to_owned()],
                seats: 3,
                phase: Phase::Waiting,
                watchers: 0,
            },
            Listing {
                name: "hall".to_owned(),
                game: GameId::ChaseTheAce,
                people: vec!["hal".to_owned(), "ivy (bot)".to_owned()],
                seats: 4,
                phase: Phase::Playing,
                watchers: 2,
            },
        ]
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        self.asked.borrow_mut().push(format!("join {name}"));
        Err(TableRefusal::NoSuchTable(name.to_owned()))
    }

    fn open(&self, game: GameId, _flags: &str) -> Result<Joined, TableRefusal> {
        self.asked
            .borrow_mut()
            .push(format!("open {}", game.name()));
        Err(TableRefusal::Full(1))
    }
}

fn lobby() -> (App, Rc<RefCell<Vec<String>>>) {
    let asked = Rc::new(RefCell::new(Vec::new()));
    let options = Options {
        theme: Theme::plain(),
        ..Options::default()
    };
    let server = Server {
        asked: Rc::clone(&asked),
    };
    (App::new(options, None).with_lobby(Box::new(server)), asked)
}

fn press(app: &mut App, code: KeyCode) {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    handle(app, &Event::Key(key), Instant::now());
}

fn screen(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(&app.snapshot(), frame.area()))
        .expect("draw");
    terminal.backend().to_string()
}

#[test]
fn the_lobby_lists_the_tables_and_enter_joins_the_picked_one() {
    let (mut app, asked) = lobby();
    insta::assert_snapshot!("lobby", screen(&app));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(*asked.borrow(), ["join hall"]);
    assert!(screen(&app).contains("there is no table hall on this server"));
}

#[test]
fn the_lobby_in_swedish() {
    parlor::words::speak(parlor::words::Language::Swedish);
    let (mut app, _) = lobby();
    let tables = screen(&app);
    assert!(tables.contains("borden på den här servern"), "{tables}");
    assert!(tables.contains("nytt bord"), "{tables}");
    insta::assert_snapshot!("lobby_swedish", tables);
    press(&mut app, KeyCode::Char('n'));
    let new = screen(&app);
    assert!(new.contains("Ett nytt bord"), "{new}");
    assert!(new.contains("tillbaka"), "{new}");
}

/// A guest whose terminal did not say their language turns the lobby to theirs with l,
/// and back.
#[test]
fn l_turns_the_lobby_to_the_next_language() {
    parlor::words::speak(parlor::words::Language::English);
    let (mut app, _) = lobby();
    assert!(screen(&app).contains("tables on this server"));
    press(&mut app, KeyCode::Char('l'));
    assert_eq!(parlor::words::spoken(), parlor::words::Language::Swedish);
    assert!(screen(&app).contains("borden på den här servern"));
    press(&mut app, KeyCode::Char('?'));
    assert!(screen(&app).contains("språket"), "{}", screen(&app));
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('l'));
    assert_eq!(parlor::words::spoken(), parlor::words::Language::English);
    assert!(screen(&app).contains("tables on this server"));
}

#[test]
fn n_chooses_a_game_for_a_new_table_and_m_opens_the_menu() {
    let (mut app, asked) = lobby();
    press(&mut app, KeyCode::Char('n'));
    // Up from the first game: the last.
    press(&mut app, KeyCode::Up);
    insta::assert_snapshot!("lobby_new_table", screen(&app));
    press(&mut app, KeyCode::Enter);
    let last = GameId::ALL[GameId::ALL.len() - 1];
    assert_eq!(*asked.borrow(), [format!("open {last}")]);
    // Refused: back to the tables, saying why.
    assert!(screen(&app).contains("its most"));
    // The refusal told over the lobby takes the next key, and only puts itself away.
    press(&mut app, KeyCode::Char('m'));
    assert!(matches!(app.screen, Screen::Lobby(_)));
    assert!(app.notice.is_none());
    press(&mut app, KeyCode::Char('m'));
    assert!(matches!(app.screen, Screen::Menu { .. }));
    // The menu was opened from the lobby: Esc goes back to it, not out of the parlor.
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Lobby(_)));
    assert!(!app.quit);
}

/// A lobby whose tables are whatever the test puts in `now`.
struct Changing {
    now: Rc<RefCell<Vec<Listing>>>,
}

impl Lobby for Changing {
    fn tables(&self) -> Vec<Listing> {
        self.now.borrow().clone()
    }

    fn join(&self, name: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::NoSuchTable(name.to_owned()))
    }

    fn open(&self, _game: GameId, _flags: &str) -> Result<Joined, TableRefusal> {
        Err(TableRefusal::Full(1))
    }
}

/// An idle lobby is not drawn again: time passing says the screen changed only when the
/// tables did (200 guests idle in a host's lobby cost nothing but the look).
#[test]
fn an_idle_lobby_is_drawn_again_only_when_its_tables_change() {
    let now = Rc::new(RefCell::new(Vec::new()));
    let mut app = App::new(Options::default(), None).with_lobby(Box::new(Changing {
        now: Rc::clone(&now),
    }));
    assert!(!app.tick(Instant::now()), "nothing changed");
    assert!(!app.tick(Instant::now()), "still nothing");
    now.borrow_mut().push(Listing {
        name: "den".to_owned(),
        game: GameId::Lcr,
        people: vec!["ann".to_owned()],
        seats: 3,
        phase: Phase::Waiting,
        watchers: 0,
    });
    assert!(app.tick(Instant::now()), "a table opened");
    assert!(screen(&app).contains("den"));
    assert!(!app.tick(Instant::now()), "and nothing since");
    now.borrow_mut()[0].watchers = 1;
    assert!(app.tick(Instant::now()), "someone came to watch");
}
