//! A guest's parlor on the full screen: the app drawn by ratatui into their terminal (an
//! SSH channel or xterm.js), at their window's size, from the first frame to the close.

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::mpsc::SyncSender;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crossterm::event::EnableMouseCapture;
use crossterm::execute;
use crossterm::terminal::EnterAlternateScreen;
use ratatui::Terminal;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use super::lobby::{GuestLobby, waker};
use super::opening::Start;
use super::screen::Screen;
use super::tty::{Ending, GuestTty, Window};
use crate::config::Config;
use crate::host::command::Opening;
use crate::host::house::ToGuest;
use crate::stats::{Recorder, Store};
use crate::tui::{self, App};

/// The guest's parlor, from the first frame to the channel's close.
pub(super) fn run(
    start: Start,
    data_dir: PathBuf,
    backend: GuestBackend,
    mut tty: GuestTty,
    news: SyncSender<ToGuest>,
) {
    let recorder =
        Recorder::on(Store::new(data_dir)).calling_the_dir(&crate::said!(guest_dir_called));
    let tables = &tty.host.tables;
    let wake = waker(&news);
    let news_again = news.clone();
    // The lobby is drawn again when its tables change, and only then.
    let _looking = matches!(start.opening, Opening::Lobby).then(|| tables.look(waker(&news)));
    let lobby = matches!(start.opening, Opening::Lobby).then(|| GuestLobby {
        host: Arc::clone(&tty.host),
        person: start.person.clone(),
        news,
        only: None,
    });
    let (setup, shared) = match start.opening {
        Opening::Lobby => (None, None),
        Opening::Table(setup) => (Some(setup), None),
        Opening::OpenShared { table, setup, pace } => (
            None,
            Some(tables.open(&table, &start.person, &setup, pace, wake)),
        ),
        Opening::JoinShared(table) => {
            // Invited to this table alone: once they are no longer at it (their place at it
            // let go, and with it this waker), their parlor ends, before the menu could
            // seat them at a table of their own.
            let wake = match &start.only {
                Some(only) => {
                    let left = LeftTable {
                        table: only.clone(),
                        flag: Arc::clone(&tty.left_their_table),
                        news: news_again.clone(),
                    };
                    Box::new(move || {
                        let _held = &left;
                        wake();
                    }) as Box<dyn Fn() + Send>
                }
                None => wake,
            };
            (None, Some(tables.join(&table, &start.person, wake)))
        }
    };
    let shared = match shared.transpose() {
        Ok(shared) => shared,
        Err(refused) => return tty.screen.end(&format!("parlor: {refused}"), 2),
    };
    let config = Config {
        name: start.person.name,
        ..Config::default()
    };
    let mut app = App::new(start.options, setup)
        .with_recorder(recorder)
        .with_config(config, None);
    if let Some(lobby) = lobby {
        app = app.with_lobby(Box::new(lobby));
    }
    if let Some(joined) = shared {
        app.sit_shared(joined);
    }
    let mut terminal = match Terminal::new(backend) {
        Ok(terminal) => terminal,
        Err(e) => {
            let said = crate::said!(screen_failed, why = e.to_string());
            return tty.screen.end(&said, 1);
        }
    };
    let mouse = app.options.mouse;
    let opened = execute!(terminal.backend_mut(), EnterAlternateScreen).and_then(|()| {
        if mouse {
            execute!(terminal.backend_mut(), EnableMouseCapture)
        } else {
            Ok(())
        }
    });
    let result = opened.and_then(|()| tui::run_loop(&mut terminal, &mut app, &mut tty));
    // What the table said as the parlor closed (why it ended) is heard before leaving.
    app.tick(Instant::now());
    // Leaving midway abandons the game, and it still counts.
    app.leave_table();
    let ending = tty.ending();
    if matches!(ending, Some(Ending::Gone)) {
        return;
    }
    let _ = terminal.show_cursor();
    tty.screen.give_back();
    let mut farewell: Vec<String> = app
        .notices_shown
        .iter()
        .map(|notice| format!("parlor: {notice}"))
        .collect();
    let status = match (result, ending) {
        (Err(e), _) => {
            let said = crate::said!(screen_failed, why = e.to_string());
            farewell.push(format!("parlor: {said}"));
            1
        }
        (Ok(()), ending) => {
            farewell.extend(ending.and_then(|ending| ending.farewell()));
            0
        }
    };
    tty.screen.end(&farewell.join("\r\n"), status);
}

/// Held by the waker of the one table a guest was invited to: dropped when their place at
/// it goes (they left, were sent away, or it closed), it says so and wakes their parlor.
struct LeftTable {
    table: String,
    flag: Arc<Mutex<Option<String>>>,
    news: SyncSender<ToGuest>,
}

impl Drop for LeftTable {
    fn drop(&mut self) {
        *self.flag.lock().unwrap_or_else(PoisonError::into_inner) = Some(self.table.clone());
        let _ = self.news.try_send(ToGuest::Wake);
    }
}

/// crossterm's backend writing into the guest's screen, with the guest's window size instead of
/// the host's terminal's.
pub(super) struct GuestBackend {
    crossterm: CrosstermBackend<Screen>,
    window: Window,
}

impl GuestBackend {
    pub(super) fn new(screen: Screen, window: Window) -> GuestBackend {
        GuestBackend {
            crossterm: CrosstermBackend::new(screen),
            window,
        }
    }
}

impl Write for GuestBackend {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.crossterm.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        Write::flush(&mut self.crossterm)
    }
}

impl Backend for GuestBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.crossterm.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.crossterm.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.crossterm.show_cursor()
    }

    /// Asked only for an inline viewport, which the parlor does not use; crossterm would
    /// ask the host's terminal.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(Position::ORIGIN)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.crossterm.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.crossterm.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.crossterm.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        Ok(self.window.get())
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.crossterm)
    }
}
