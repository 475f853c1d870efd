//! Helpers the full-screen tests share: a table set up, played to the moment wanted, and
//! drawn into ratatui's `TestBackend`.

use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use parlor::games::{GameId, Settings, SettingsRequest};
use parlor::table::GameSetup;
use parlor::tui::intent::{Intent, TableIntent};
use parlor::tui::sitting::Sitting;
use parlor::tui::{App, Options, handle};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// Instant bots, no motion: every beat passes at the next tick.
pub fn options(color: bool) -> Options {
    Options {
        speed_ms: 0,
        auto: false,
        reduced_motion: true,
        theme: if color {
            parlor::tui::theme::Theme::dark()
        } else {
            parlor::tui::theme::Theme::plain()
        },
        ..Options::default()
    }
}

pub fn settings(game: GameId, players: Option<u8>, variants: &[&str]) -> Settings {
    Settings::new(
        game,
        &SettingsRequest {
            players,
            variants: variants.iter().map(|&v| v.to_owned()).collect(),
            ..SettingsRequest::default()
        },
    )
    .expect("valid settings")
}

pub fn setup_of(settings: Settings, human: bool, seed: u64) -> GameSetup {
    let levels = vec![settings.game.bot_levels()[0]; usize::from(settings.players)];
    GameSetup {
        settings,
        seats: crate::support::seats(&levels, human),
        seed,
    }
}

pub fn setup(game: GameId, players: Option<u8>, human: bool, seed: u64) -> GameSetup {
    setup_of(settings(game, players, &[]), human, seed)
}

/// The kind of screen `screen` is, in a word, for what a test expects and says.
pub fn screen_kind(screen: &parlor::tui::app::Screen) -> &'static str {
    use parlor::tui::app::Screen;
    match screen {
        Screen::Menu { .. } => "menu",
        Screen::Setup(_) => "setup",
        Screen::Settings(_) => "settings",
        Screen::Lobby(_) => "lobby",
        Screen::Table => "table",
        Screen::Review(_) => "review",
    }
}

pub fn sitting(app: &App) -> &Sitting {
    app.sitting.as_ref().expect("a table")
}

pub fn sitting_mut(app: &mut App) -> &mut Sitting {
    app.sitting.as_mut().expect("a table")
}

/// A person must choose, and the table shows the choices.
pub fn deciding(app: &App) -> bool {
    !sitting(app).offered().is_empty()
}

/// Let time pass (instantly) until `done` holds, at most `limit` ticks; a round's end held
/// for a key is gone on from.
pub fn play_until(app: &mut App, limit: usize, done: impl Fn(&App) -> bool) {
    for _ in 0..limit {
        if done(app) {
            return;
        }
        if sitting(app).stage.held() {
            app.apply(Intent::Table(TableIntent::GoOn), Instant::now());
        }
        app.tick(Instant::now());
    }
    assert!(
        done(app),
        "the state wanted was not reached in {limit} ticks"
    );
}

/// The review being worked out on its thread, waited for (two minutes at most).
pub fn wait_for_review(app: &mut App) {
    let start = Instant::now();
    while matches!(&app.screen, parlor::tui::app::Screen::Review(r) if r.working()) {
        assert!(start.elapsed() < Duration::from_mins(2), "no review");
        std::thread::sleep(Duration::from_millis(10));
        app.tick(Instant::now());
    }
}

/// A table at the first moment the person at seat 0 must choose.
pub fn table_waiting_for_you(game: GameId, seed: u64) -> App {
    let mut app = App::new(options(true), Some(setup(game, None, true, seed)));
    play_until(&mut app, 500, deciding);
    app
}

pub fn screen(app: &mut App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    let frame = terminal
        .draw(|frame| frame.render_widget(&app.snapshot(), frame.area()))
        .expect("draw");
    app.area = frame.area;
    terminal
}

/// The screen's rows as plain strings, drawn into a bare buffer: what [`screen`] draws,
/// for a test that reads thousands of screens and none as a terminal (no backend, no diff).
pub fn drawn_rows(app: &mut App, width: u16, height: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buffer = Buffer::empty(area);
    (&app.snapshot()).render(area, &mut buffer);
    app.area = area;
    buffer_rows(&buffer)
}

pub fn text(terminal: &Terminal<TestBackend>) -> String {
    terminal.backend().to_string()
}

/// The screen's rows as plain strings.
pub fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    buffer_rows(terminal.backend().buffer())
}

fn buffer_rows(buffer: &Buffer) -> Vec<String> {
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
        })
        .collect()
}

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Press a key as the terminal would send it.
pub fn press(app: &mut App, code: KeyCode) {
    handle(app, &Event::Key(key(code)), Instant::now());
}

pub fn press_times(app: &mut App, code: KeyCode, times: usize) {
    for _ in 0..times {
        press(app, code);
    }
}
